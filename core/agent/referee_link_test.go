package agent_test

// the tests load variants with a [fouls] table: link the referee
import _ "rulesmith/core/referee"
