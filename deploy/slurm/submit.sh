#!/bin/bash
# Queues the study's job array, then the merge to run once every task of
# the array has succeeded.
set -euo pipefail
cd "$(dirname "$0")"
export STUDY=${STUDY:-$PWD/studies/strix}
array=$(sbatch --parsable --export=ALL study.sbatch)
sbatch --dependency=afterok:"${array}" --export=ALL merge.sbatch
