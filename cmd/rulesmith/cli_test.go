package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulesmith/core"
	"rulesmith/variants"
)

// End-to-end tests of the command line: each calls run as main does and
// compares what it prints with a golden file under testdata/cli (go test
// -update rewrites them). Game records live in testdata/records; file names
// in the output are written relative to that directory (the records
// directory prefix is removed, as badvariants_test.go does for
// testdata/bad-variants).

const (
	cliDir     = "../../testdata/cli"
	recordsDir = "../../testdata/records"
)

// cliResult is what one run of the command printed and returned.
type cliResult struct {
	stdout, stderr string
	code           int
}

// rulesmith runs the command line with args; a panic fails the test.
func rulesmith(t *testing.T, args ...string) (r cliResult) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("rulesmith %s: panic: %v\n%s", strings.Join(args, " "), p, debug.Stack())
			}
		}()
		r.code = run(args, &stdout, &stderr)
	}()
	r.stdout, r.stderr = stdout.String(), stderr.String()
	return r
}

// recordPath is the path of a record given relative to testdata/records
// with forward slashes.
func recordPath(name string) string {
	return filepath.Join(recordsDir, filepath.FromSlash(name))
}

// relRecords rewrites the record paths in s relative to testdata/records.
func relRecords(s string) string {
	prefix := filepath.Clean(recordsDir) + string(filepath.Separator)
	if filepath.Separator != '/' {
		// keep goldens the same everywhere: illegal\x.txt -> illegal/x.txt
		re := regexp.MustCompile(regexp.QuoteMeta(prefix) + `[^\s:]+`)
		s = re.ReplaceAllStringFunc(s, filepath.ToSlash)
		prefix = filepath.ToSlash(prefix)
	}
	return strings.ReplaceAll(s, prefix, "")
}

// checkGolden compares got with testdata/cli/NAME, or writes it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(cliDir, filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// lines splits output into its lines (none for empty output).
func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// fileName turns a variant name into a golden file name part.
func fileName(variant string) string { return strings.ReplaceAll(variant, "/", "-") }

// embedded returns the names `rulesmith list` prints.
func embedded(t *testing.T) []string {
	t.Helper()
	r := rulesmith(t, "list")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("list: exit %d, stderr %q", r.code, r.stderr)
	}
	names := lines(r.stdout)
	if len(names) < 4 {
		t.Fatalf("list printed %d variants, want at least 4:\n%s", len(names), r.stdout)
	}
	return names
}

// recordHeader matches a record's first line, which names its variant.
var recordHeader = regexp.MustCompile(`^# ([a-z0-9/_-]+): \S`)

// recordVariant reads the variant a record is for from its header comment.
func recordVariant(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	m := recordHeader.FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("%s: first line %q does not name the variant (# VARIANT: ...)", path, first)
	}
	return m[1]
}

// recordMoves returns the move lines of a record.
func recordMoves(t *testing.T, path string) []core.RecordLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ls, err := core.ReadRecord(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return ls
}

// recordPlies counts the plies of a record: its lines less those that are
// only a chance outcome (a card dealt: not a ply, readings A.10), as the
// engine replays them.
func recordPlies(t *testing.T, variant, path string) int {
	t.Helper()
	g, err := core.Load(variant, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(g, g.NewState())
	n := 0
	for _, l := range recordMoves(t, path) {
		if !g.AtChance(h.State) || strings.Contains(l.Text, ":") {
			n++
		}
		if err := g.Replay(h, []core.RecordLine{l}); err != nil {
			return n // the replay test reports it
		}
	}
	return n
}

func TestCLIList(t *testing.T) {
	names := embedded(t)
	if !sort.StringsAreSorted(names) {
		t.Errorf("list is not sorted: %q", names)
	}
	checkGolden(t, "list.golden", strings.Join(names, "\n")+"\n")
}

func TestCLIValidateEmbedded(t *testing.T) {
	var all strings.Builder
	for _, name := range embedded(t) {
		r := rulesmith(t, "validate", name)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("validate %s: exit %d, stderr:\n%s", name, r.code, r.stderr)
		}
		if !strings.HasPrefix(r.stdout, "ok: "+name+" (") || len(lines(r.stdout)) != 1 {
			t.Errorf("validate %s printed %q, want one line \"ok: %s (...)\"", name, r.stdout, name)
		}
		all.WriteString(r.stdout)
	}
	checkGolden(t, "validate.golden", all.String())
}

// openings are the records of unfinished games, one per embedded variant.
var openings = map[string]string{
	"dvonn":                               "dvonn-stacking.txt",
	"mancala/egyptian":                    "mancala-egyptian-opening.txt",
	"mancala/ethiopian":                   "mancala-ethiopian-opening.txt",
	"mancala/nigerian":                    "mancala-nigerian-opening.txt",
	"strix/advanced":                      "strix-advanced-opening.txt",
	"strix/simple":                        "strix-simple-opening.txt",
	"strix/standard":                      "strix-standard-opening.txt",
	"strix/first-edition":                 "strix-first-edition-opening.txt",
	"strix/two-player":                    "strix-two-player-opening.txt",
	"traditional/fanorona":                "traditional-fanorona-opening.txt",
	"traditional/four-field-kono":         "traditional-four-field-kono-opening.txt",
	"traditional/fox-and-geese":           "traditional-fox-and-geese-opening.txt",
	"traditional/mu-torere":               "traditional-mu-torere-opening.txt",
	"traditional/tac-tix":                 "traditional-tac-tix-opening.txt",
	"traditional/nine-mens-morris":        "traditional-nine-mens-morris-opening.txt",
	"traditional/hnefatafl":               "traditional-hnefatafl-opening.txt",
	"traditional/chess-tic-tac-toe":       "traditional-chess-tic-tac-toe-opening.txt",
	"traditional/latrunculi":              "traditional-latrunculi-opening.txt",
	"traditional/latrunculi-kings-second": "traditional-latrunculi-kings-second-opening.txt",
	"traditional/surakarta":               "traditional-surakarta-opening.txt",
	"traditional/xiangqi":                 "traditional-xiangqi-opening.txt",
	"traditional/chinese-checkers":        "traditional-chinese-checkers-opening.txt",
	"traditional/ring-game":               "traditional-ring-game-opening.txt",
	"traditional/ring-game-neutral":       "traditional-ring-game-neutral-opening.txt",
	"traditional/pachisi":                 "traditional-pachisi-opening.txt",
	"traditional/cribbage":                "traditional-cribbage-opening.txt",
	"traditional/three-player-chess":      "traditional-three-player-chess-opening.txt",
}

// seatCount returns the number of seats of an embedded variant.
func seatCount(t *testing.T, name string) int {
	t.Helper()
	g, err := core.Load(name, core.WithFS(variants.FS()))
	if err != nil {
		t.Fatal(err)
	}
	return g.NumSeats()
}

func TestCLIMoves(t *testing.T) {
	for _, name := range embedded(t) {
		t.Run(name, func(t *testing.T) {
			check := func(golden string, args ...string) []string {
				t.Helper()
				r := rulesmith(t, args...)
				if r.code != 0 || r.stderr != "" {
					t.Fatalf("%s: exit %d, stderr:\n%s", strings.Join(args, " "), r.code, r.stderr)
				}
				ms := lines(r.stdout)
				if len(ms) == 0 {
					t.Errorf("%s: no moves", strings.Join(args, " "))
				}
				if !sort.StringsAreSorted(ms) {
					t.Errorf("%s: moves not sorted:\n%s", strings.Join(args, " "), r.stdout)
				}
				for i := 1; i < len(ms); i++ {
					if ms[i] == ms[i-1] {
						t.Errorf("%s: move %q listed twice", strings.Join(args, " "), ms[i])
					}
				}
				checkGolden(t, golden, r.stdout)
				return ms
			}
			start := check("moves/"+fileName(name)+".golden", "moves", name)
			// perft 1 counts the same moves (a variant with chance starts at a
			// throw: moves lists the outcomes, and perft is chance perft, which
			// counts throws and decisions; core checks it against its models)
			if g, err := core.Load(name, core.WithFS(variants.FS())); err != nil || !g.HasChance() {
				if r := rulesmith(t, "perft", name, "1"); r.stdout != fmt.Sprintf("depth 1: %d\n", len(start)) {
					t.Errorf("perft %s 1 = %q, but moves lists %d", name, r.stdout, len(start))
				}
			}
			rec, ok := openings[name]
			if !ok {
				t.Fatalf("no opening record for %s", name)
			}
			if v := recordVariant(t, recordPath(rec)); v != name {
				t.Fatalf("%s is a record of %s, not %s", rec, v, name)
			}
			check("moves/"+strings.TrimSuffix(rec, ".txt")+".golden", "moves", name, "--record", recordPath(rec))
			// flags may come before the variant
			r1 := rulesmith(t, "moves", "--record", recordPath(rec), name)
			r2 := rulesmith(t, "moves", name, "--record", recordPath(rec))
			if r1 != r2 {
				t.Errorf("moves --record FILE %s and moves %s --record FILE differ", name, name)
			}
		})
	}
}

// After the last move of a finished game there are no moves, and stderr
// says the game is over.
func TestCLIMovesGameOver(t *testing.T) {
	r := rulesmith(t, "moves", "mancala/egyptian", "--record", recordPath("mancala-egyptian.txt"))
	if r.code != 0 || r.stdout != "" || !strings.HasPrefix(r.stderr, "rulesmith moves: the game is over (") {
		t.Errorf("moves after the end: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// -h, --help and help print the list of commands on stdout and succeed;
// it names every command of the table.
func TestCLIHelp(t *testing.T) {
	for _, arg := range []string{"-h", "--help", "-help", "help"} {
		r := rulesmith(t, arg)
		if r.code != 0 || r.stdout != usage() || r.stderr != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, r.code, r.stdout, r.stderr)
		}
	}
	u := usage()
	for _, c := range commands {
		if !strings.Contains(u, "\n  "+c.name+" ") {
			t.Errorf("rulesmith help does not list %s:\n%s", c.name, u)
		}
	}
}

// Every command answers --help, -h and `help COMMAND` on stdout with its
// synopsis and one line per flag, and refuses flags it does not take.
func TestCLICommandHelp(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			want := c.usage(true)
			for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
				r := rulesmith(t, args...)
				if r.code != 0 || r.stdout != want || r.stderr != "" {
					t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 0 and:\n%s", args, r.code, r.stdout, r.stderr, want)
				}
			}
			if !strings.HasPrefix(want, "usage: rulesmith "+c.name) {
				t.Errorf("help of %s starts %q", c.name, want)
			}
			names, _ := c.flagNames()
			for _, name := range names {
				if _, ok := flagDefs[name]; !ok {
					t.Fatalf("%s names flag %q, which flagDefs does not declare", c.name, name)
				}
				if !strings.Contains(want, "\n  "+flagText(name)+" ") {
					t.Errorf("help of %s has no line for --%s:\n%s", c.name, name, want)
				}
			}
			for name := range flagDefs {
				if slices.Contains(names, name) {
					continue
				}
				r := rulesmith(t, c.name, "--"+name+"=1")
				if r.code != 2 || !strings.HasPrefix(r.stderr, "flag provided but not defined: -"+name+"\n") {
					t.Errorf("%s --%s=1: exit %d, stderr %q; want the flag refused", c.name, name, r.code, r.stderr)
				}
			}
		})
	}
	r := rulesmith(t, "help", "frobnicate")
	if r.code != 2 || !strings.HasPrefix(r.stderr, `rulesmith help: unknown command "frobnicate"`+"\n") {
		t.Errorf("help frobnicate: exit %d, stderr %q", r.code, r.stderr)
	}
}

// The docs' command lists are generated from the command table: README.md's
// list of commands and docs/metrics.md's synopsis of compare. go test
// -update rewrites them; a list that drifts fails.
func TestGeneratedCommandDocs(t *testing.T) {
	for _, c := range []struct{ path, name, want string }{
		{"../../README.md", "commands", readmeCommands()},
		{"../../docs/metrics.md", "compare synopsis", "```\n" + lookup("compare").synopsis() + "\nrulesmith compare --merge DIR... --out DIR\n```\n"},
	} {
		begin := "<!-- " + c.name + ": generated from cmd/rulesmith/table.go by go test ./cmd/rulesmith -update -->\n"
		end := "<!-- end of " + c.name + " -->\n"
		data, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(data)
		i, j := strings.Index(doc, begin), strings.Index(doc, end)
		if i < 0 || j < i {
			t.Errorf("%s: no %q ... %q section", c.path, begin, end)
			continue
		}
		if got := doc[i+len(begin) : j]; got != c.want {
			if *update {
				if err := os.WriteFile(c.path, []byte(doc[:i+len(begin)]+c.want+doc[j:]), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s: the %s differ from the command table (go test ./cmd/rulesmith -update rewrites them):\ngot:\n%s\nwant:\n%s", c.path, c.name, got, c.want)
		}
	}
}

// gameRecords are the complete random games, one per shipped variant, and
// the unfinished ones; each names its variant in its first line.
var gameRecords = []string{
	"dvonn.txt",
	"traditional-pachisi.txt",
	"traditional-pachisi-opening.txt",
	"traditional-cribbage.txt",
	"traditional-cribbage-opening.txt",
	"mancala-egyptian.txt",
	"mancala-ethiopian.txt",
	"mancala-nigerian.txt",
	"dvonn-stacking.txt",
	"mancala-egyptian-opening.txt",
	"mancala-ethiopian-opening.txt",
	"mancala-nigerian-opening.txt",
	"strix-standard.txt",
	"strix-standard-opening.txt",
	"strix-simple-opening.txt",
	"strix-advanced-opening.txt",
	"strix-first-edition-opening.txt",
	"strix-two-player-opening.txt",
	"traditional-four-field-kono-opening.txt",
	"traditional-fanorona-opening.txt",
	"traditional-mu-torere-opening.txt",
	"traditional-tac-tix-opening.txt",
	"traditional-nine-mens-morris-opening.txt",
	"traditional-xiangqi.txt",
	"traditional-xiangqi-mate.txt",
	"traditional-xiangqi-stalemate.txt",
	"traditional-xiangqi-opening.txt",
	"traditional-fox-and-geese.txt",
	"traditional-fox-and-geese-geese-win.txt",
	"traditional-fox-and-geese-opening.txt",
	"traditional-hnefatafl.txt",
	"traditional-hnefatafl-escape.txt",
	"traditional-hnefatafl-opening.txt",
	"traditional-chess-tic-tac-toe-opening.txt",
	"traditional-latrunculi.txt",
	"traditional-latrunculi-light.txt",
	"traditional-latrunculi-opening.txt",
	"traditional-latrunculi-kings-second.txt",
	"traditional-latrunculi-kings-second-opening.txt",
	"traditional-surakarta.txt",
	"traditional-surakarta-south-wins.txt",
	"traditional-surakarta-opening.txt",
	"traditional-chinese-checkers.txt",
	"traditional-chinese-checkers-opening.txt",
	"traditional-ring-game.txt",
	"traditional-ring-game-opening.txt",
	"traditional-ring-game-neutral.txt",
	"traditional-ring-game-neutral-opening.txt",
	"traditional-three-player-chess.txt",
	"traditional-three-player-chess-opening.txt",
}

func TestCLIReplay(t *testing.T) {
	// every record in the directory is listed (and so tested)
	files, _ := filepath.Glob(filepath.Join(recordsDir, "*.txt"))
	if len(files) != len(gameRecords) {
		t.Errorf("%s holds %d records, gameRecords lists %d", recordsDir, len(files), len(gameRecords))
	}
	for _, rec := range gameRecords {
		t.Run(strings.TrimSuffix(rec, ".txt"), func(t *testing.T) {
			path := recordPath(rec)
			variant := recordVariant(t, path)
			plies := recordPlies(t, variant, path)
			complete := !strings.Contains(rec, "-opening") && rec != "dvonn-stacking.txt"

			r := rulesmith(t, "replay", variant, path)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("replay: exit %d, stderr:\n%s", r.code, r.stderr)
			}
			if !strings.Contains(r.stdout, fmt.Sprintf("\nply %d, phase ", plies)) {
				t.Errorf("replay does not report ply %d:\n%s", plies, r.stdout)
			}
			ls := lines(r.stdout)
			last := ls[len(ls)-1]
			if complete == strings.HasPrefix(last, "result: ongoing") {
				t.Errorf("complete game %v, but the last line is %q", complete, last)
			}
			checkGolden(t, "replay/"+strings.TrimSuffix(rec, ".txt")+".golden", r.stdout)

			rj := rulesmith(t, "replay", variant, path, "--json")
			if rj.code != 0 || rj.stderr != "" {
				t.Fatalf("replay --json: exit %d, stderr:\n%s", rj.code, rj.stderr)
			}
			var pos struct {
				Variant string          `json:"variant"`
				Ply     *int            `json:"ply"`
				ToMove  *string         `json:"to_move"`
				Phase   string          `json:"phase"`
				Scores  map[string]int  `json:"scores"`
				Result  *string         `json:"result"`
				Winner  string          `json:"winner"`
				Board   json.RawMessage `json:"board"`
			}
			if err := json.Unmarshal([]byte(rj.stdout), &pos); err != nil {
				t.Fatalf("replay --json: %v\n%s", err, rj.stdout)
			}
			switch {
			case pos.Ply == nil || pos.ToMove == nil || pos.Result == nil || pos.Scores == nil:
				t.Errorf("replay --json lacks ply, to_move, result or scores:\n%s", rj.stdout)
			case pos.Variant != variant:
				t.Errorf("variant %q, want %q", pos.Variant, variant)
			case *pos.Ply != plies:
				t.Errorf("ply %d, want %d", *pos.Ply, plies)
			case len(pos.Scores) != seatCount(t, variant):
				t.Errorf("scores %v, want one per seat", pos.Scores)
			case complete && (*pos.Result == "ongoing" || *pos.ToMove != ""):
				t.Errorf("finished game: result %q, to_move %q", *pos.Result, *pos.ToMove)
			case !complete && (*pos.Result != "ongoing" || *pos.ToMove == "" || pos.Winner != ""):
				t.Errorf("unfinished game: result %q, to_move %q, winner %q", *pos.Result, *pos.ToMove, pos.Winner)
			case complete && *pos.Result != "draw" && *pos.Result != pos.Winner+" wins":
				t.Errorf("result %q, winner %q", *pos.Result, pos.Winner)
			}
			// the text and JSON agree on the scores and the result
			for seat, v := range pos.Scores {
				if !strings.Contains(r.stdout, fmt.Sprintf("\nscore %s: %d\n", seat, v)) {
					t.Errorf("JSON score %s: %d is not in the text output", seat, v)
				}
			}
			if complete && last != "result: "+*pos.Result {
				t.Errorf("text %q, JSON result %q", last, *pos.Result)
			}
			checkGolden(t, "replay/"+strings.TrimSuffix(rec, ".txt")+".json.golden", rj.stdout)
		})
	}
}

// illegalRecords end in a move the engine must refuse; each names its
// variant in its first line and is in testdata/records/illegal.
var illegalRecords = []string{
	"egyptian-empty-bowl",     // mancala: the bowl is empty
	"egyptian-no-such-bowl",   // mancala: bowl 7
	"egyptian-garbage",        // not a move at all
	"egyptian-after-end",      // a move after the game is over
	"ethiopian-one-stone",     // Ethiopian: a bowl with one stone
	"ethiopian-no-direction",  // Ethiopian: no cw/ccw
	"nigerian-pass",           // no passing in mancala
	"dvonn-onto-empty",        // DVONN: a move onto an empty space
	"dvonn-pass",              // DVONN: pass while a move exists
	"dvonn-occupied",          // DVONN: placing on an occupied space
	"dvonn-move-in-placement", // DVONN: a move during the placement phase
	"dvonn-wrong-distance",    // DVONN: a stack moves its height
	"dvonn-neutral-stack",     // DVONN: a stack topped by a DVONN piece
	"dvonn-garbage",           // not a move at all
}

// illegalLine is the whole of stderr for a refused move.
var illegalLine = regexp.MustCompile(`^illegal/([a-z-]+)\.txt:([0-9]+): illegal move "[^"]+": \S.*\n$`)

func TestCLIIllegalMove(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(recordsDir, "illegal", "*.txt"))
	if len(files) != len(illegalRecords) {
		t.Errorf("%s/illegal holds %d records, illegalRecords lists %d", recordsDir, len(files), len(illegalRecords))
	}
	for _, name := range illegalRecords {
		t.Run(name, func(t *testing.T) {
			path := recordPath("illegal/" + name + ".txt")
			variant := recordVariant(t, path)
			moves := recordMoves(t, path)
			first := ""
			for i, args := range [][]string{
				{"replay", variant, path},
				{"replay", variant, path, "--json"},
				{"moves", variant, "--record", path},
				{"perft", variant, "1", "--record", path},
			} {
				r := rulesmith(t, args...)
				if r.code != 1 || r.stdout != "" {
					t.Errorf("%s: exit %d, stdout %q; want exit 1 and nothing on stdout", args[0], r.code, r.stdout)
				}
				got := relRecords(r.stderr)
				m := illegalLine.FindStringSubmatch(got)
				if m == nil {
					t.Errorf("%s: stderr is not FILE:LINE: illegal move \"...\": reason:\n%s", args[0], got)
					continue
				}
				// the refused move is the record's last
				if want := fmt.Sprint(moves[len(moves)-1].Line); m[2] != want {
					t.Errorf("%s: refused line %s, want %s (the last move)", args[0], m[2], want)
				}
				// every command refuses the record in the same words
				if i == 0 {
					first = got
					checkGolden(t, "illegal/"+name+".golden", got)
				} else if got != first {
					t.Errorf("%s: stderr %q, but replay printed %q", args[0], got, first)
				}
			}
		})
	}
}

func TestCLIPerft(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"dvonn", []string{"dvonn", "3"}},
		{"mancala-egyptian", []string{"mancala/egyptian", "5"}},
		{"mancala-ethiopian", []string{"mancala/ethiopian", "4"}},
		{"mancala-nigerian", []string{"mancala/nigerian", "5"}},
		{"dvonn-stacking", []string{"dvonn", "3", "--record", recordPath("dvonn-stacking.txt")}},
		{"mancala-egyptian-opening", []string{"--record", recordPath("mancala-egyptian-opening.txt"), "mancala/egyptian", "4"}},
		{"mancala-ethiopian-opening", []string{"mancala/ethiopian", "--record", recordPath("mancala-ethiopian-opening.txt"), "3"}},
		{"mancala-egyptian-end", []string{"mancala/egyptian", "2", "--record", recordPath("mancala-egyptian.txt")}},
		// chance perft: CP and E (readings 7.9), from the start and after a throw
		{"test-dice-race", []string{"../../testdata/variants/dice-race.toml", "3"}},
		{"test-dice-race-thrown", []string{"../../testdata/variants/dice-race.toml", "2", "--record", "../../testdata/chance/dice-race-throw.txt"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			r := rulesmith(t, append([]string{"perft"}, c.args...)...)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
			}
			checkGolden(t, "perft/"+c.golden+".golden", r.stdout)
		})
	}
}

// The README's Kalah(4,3) counts.
func TestCLIPerftSet(t *testing.T) {
	want := "depth 1: 4\ndepth 2: 15\ndepth 3: 50\n"
	for _, args := range [][]string{
		{"perft", "mancala/egyptian", "3", "--set", "pits=4", "--set", "seeds=3"},
		{"perft", "--set", "seeds=3", "mancala/egyptian", "--set", "pits=4", "3"},
		{"perft", "../../testdata/house-rules/kalah-4-3.toml", "3"},
	} {
		r := rulesmith(t, args...)
		if r.code != 0 || r.stdout != want || r.stderr != "" {
			t.Errorf("%s: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", strings.Join(args, " "), r.code, r.stdout, want, r.stderr)
		}
	}
}

// Errors that stop a command before it prints anything: exit status and
// stderr, all in one golden file.
func TestCLIErrors(t *testing.T) {
	var all strings.Builder
	for _, c := range []struct {
		code int
		args []string
	}{
		{1, []string{"perft", "mancala/egyptian", "3", "--set", "pit=4"}},
		{1, []string{"moves", "dvonn", "--set", "rows=3"}},
		{1, []string{"perft", "mancala/egyptian", "3", "--set", "pits"}},
		{1, []string{"validate", "nosuch"}},
		// [param_limits]: the values the readings allow, refused at the flag
		{1, []string{"validate", "traditional/cribbage", "--set", "target=0"}},
		{1, []string{"play", "traditional/cribbage", "--set", "target=0"}},
		{1, []string{"perft", "traditional/pachisi", "1", "--set", "players=5"}},
		{1, []string{"validate", "traditional/ring-game", "--set", "players=4"}},
		{1, []string{"validate", "traditional/ring-game-neutral", "--set", "players=3"}},
		{2, []string{"perft", "dvonn", "0"}},
		{2, []string{"perft", "dvonn", "65"}},
		{2, []string{"perft", "dvonn", "three"}},
		{2, []string{"perft", "dvonn", "2.5"}},
		{2, []string{"playout", "dvonn", "-n", "0"}},
	} {
		r := rulesmith(t, c.args...)
		if r.code != c.code || r.stdout != "" || len(lines(r.stderr)) != 1 {
			t.Errorf("%s: exit %d (want %d), stdout %q, stderr:\n%s", strings.Join(c.args, " "), r.code, c.code, r.stdout, r.stderr)
		}
		fmt.Fprintf(&all, "$ rulesmith %s\n%s[exit %d]\n", strings.Join(c.args, " "), r.stderr, r.code)
	}
	if !strings.Contains(all.String(), `(did you mean "pits"?)`) {
		t.Errorf("no did-you-mean for --set pit=4:\n%s", all.String())
	}
	checkGolden(t, "errors.golden", all.String())
}

// Usage errors exit 2 with a one-line message and then the usage on
// stderr: the command's own usage, or the list of commands when there is
// no (known) command.
func TestCLIUsage(t *testing.T) {
	var all strings.Builder
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"list", "extra"},
		{"validate"},
		{"validate", "dvonn", "mancala/egyptian"},
		{"validate", "dvonn", "--compile-time", "-1s"},
		{"validate", "dvonn", "--compile-memory", "0"},
		{"validate", "dvonn", "--compile-memory", "99999999999999"},
		{"moves"},
		{"replay", "dvonn"},
		{"replay", "dvonn", "a.txt", "b.txt"},
		{"perft", "dvonn"},
		{"playout"},
		{"validate", "dvonn", "--bogus"},
		{"playout", "dvonn", "-n", "many"},
		{"moves", "dvonn", "--record"},
		{"moves", "dvonn", "--json"},
		{"analyze", "dvonn"},
		{"compare", "dvonn"},
		{"compare", "--merge", "--out", "dir"},
		{"help", "list", "show"},
	} {
		u := usage()
		if len(args) > 0 && lookup(args[0]) != nil {
			u = lookup(args[0]).usage(false)
		}
		r := rulesmith(t, args...)
		if r.code != 2 || r.stdout != "" || !strings.HasSuffix(r.stderr, u) {
			t.Errorf("%q: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and the usage on stderr", args, r.code, r.stdout, r.stderr)
		}
		msg := strings.TrimSuffix(r.stderr, u)
		if len(args) > 0 && len(lines(msg)) != 1 {
			t.Errorf("%q: want one line before the usage, got:\n%s", args, msg)
		}
		fmt.Fprintf(&all, "$ %s\n%s", strings.Join(append([]string{"rulesmith"}, args...), " "), msg)
	}
	checkGolden(t, "usage.golden", all.String())
}

// Records that cannot be read: a clear one-line error, exit 1, no panic.
func TestCLIBadRecordFile(t *testing.T) {
	dir := t.TempDir()
	rel := func(s string) string { return strings.ReplaceAll(s, dir+string(filepath.Separator), "") }

	// a file that does not exist
	missing := recordPath("no-such-record.txt")
	for _, args := range [][]string{
		{"replay", "dvonn", missing},
		{"moves", "dvonn", "--record", missing},
		{"perft", "dvonn", "1", "--record", missing},
	} {
		r := rulesmith(t, args...)
		if r.code != 1 || r.stdout != "" || len(lines(r.stderr)) != 1 ||
			!strings.HasPrefix(r.stderr, "rulesmith: ") || !strings.Contains(r.stderr, missing) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), r.code, r.stdout, r.stderr)
		}
	}

	// binary garbage with no newline: one line longer than the reader takes
	rng := rand.New(rand.NewPCG(1, 2))
	bin := make([]byte, 0, 100_000)
	for len(bin) < cap(bin) {
		if b := byte(rng.Uint32()); b != '\n' && b != '\r' {
			bin = append(bin, b)
		}
	}
	// a legal move, then a 70,000-character line
	long := "3\n" + strings.Repeat("x", 70_000) + "\n1\n"
	// a short line of binary
	short := "\x00\x01\xff\xfe\x7f\n"
	var all strings.Builder
	for _, f := range []struct{ name, data, variant string }{
		{"binary.txt", string(bin), "dvonn"},
		{"long-line.txt", long, "mancala/egyptian"},
		{"short-binary.txt", short, "dvonn"},
	} {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, []byte(f.data), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"replay", f.variant, path},
			{"moves", f.variant, "--record", path},
		} {
			r := rulesmith(t, args...)
			if r.code != 1 || r.stdout != "" || len(lines(r.stderr)) != 1 || !strings.HasPrefix(r.stderr, path+":") {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", args[0], f.name, r.code, r.stdout, r.stderr)
			}
			fmt.Fprintf(&all, "$ rulesmith %s\n%s", strings.Join(args, " "), r.stderr)
		}
	}

	// a directory
	r := rulesmith(t, "replay", "dvonn", dir)
	if r.code != 1 || r.stdout != "" || len(lines(r.stderr)) != 1 {
		t.Errorf("replay of a directory: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	checkGolden(t, "bad-record-files.golden", rel(all.String()))
}

// playoutText runs playout and returns its output without the speed line.
func playoutText(t *testing.T, args ...string) string {
	t.Helper()
	r := rulesmith(t, append([]string{"playout"}, args...)...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("playout %s: exit %d, stderr:\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	var keep []string
	speed := 0
	for _, l := range lines(r.stdout) {
		if strings.HasPrefix(l, "playouts/second: ") {
			speed++
			continue
		}
		keep = append(keep, l)
	}
	if speed != 1 {
		t.Errorf("playout %s: %d playouts/second lines:\n%s", strings.Join(args, " "), speed, r.stdout)
	}
	return strings.Join(keep, "\n") + "\n"
}

type playoutOut struct {
	Variant    string         `json:"variant"`
	Games      *int           `json:"games"`
	Seed       uint64         `json:"seed"`
	MeanLength *float64       `json:"mean_length"`
	Wins       map[string]int `json:"wins"`
	Draws      *int           `json:"draws"`
	Timeouts   int            `json:"timeouts"`
}

func playoutJSONOut(t *testing.T, args ...string) playoutOut {
	t.Helper()
	r := rulesmith(t, append([]string{"playout", "--json"}, args...)...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("playout --json %s: exit %d, stderr:\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	var out playoutOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("playout --json: %v\n%s", err, r.stdout)
	}
	if out.Games == nil || out.MeanLength == nil || out.Wins == nil || out.Draws == nil {
		t.Fatalf("playout --json lacks games, wins, draws or mean_length:\n%s", r.stdout)
	}
	return out
}

func TestCLIPlayout(t *testing.T) {
	for _, name := range embedded(t) {
		t.Run(name, func(t *testing.T) {
			a := playoutText(t, name, "-n", "50", "--seed", "7")
			b := playoutText(t, "--seed", "7", name, "-n", "50")
			if a != b {
				t.Errorf("same seed, different games:\n%s\n%s", a, b)
			}
			if !strings.HasPrefix(a, "variant: "+name+"\ngames: 50 (seed 7)\n") {
				t.Errorf("unexpected output:\n%s", a)
			}
			j := playoutJSONOut(t, name, "-n", "50", "--seed", "7")
			total := j.Timeouts + *j.Draws
			for _, w := range j.Wins {
				total += w
			}
			if *j.Games != 50 || j.Seed != 7 || j.Variant != name || total != 50 || len(j.Wins) != seatCount(t, name) || *j.MeanLength <= 0 {
				t.Errorf("playout --json: %+v (wins+draws+timeouts = %d)", j, total)
			}
			// the text and JSON report the same games
			if !strings.Contains(a, fmt.Sprintf("\nmean length: %.2f plies\n", *j.MeanLength)) {
				t.Errorf("JSON mean length %.2f is not in the text:\n%s", *j.MeanLength, a)
			}
			for seat, w := range j.Wins {
				if !strings.Contains(a, fmt.Sprintf("\nwins %s: %d\n", seat, w)) {
					t.Errorf("JSON wins %s: %d is not in the text:\n%s", seat, w, a)
				}
			}
			// other seeds, other games (unless every random game reaches the
			// ply limit, as random Chinese checkers does: then both agree)
			k := playoutJSONOut(t, name, "-n", "50", "--seed", "8")
			if j.Timeouts < 50 && *k.MeanLength == *j.MeanLength && fmt.Sprint(k.Wins) == fmt.Sprint(j.Wins) && *k.Draws == *j.Draws {
				t.Errorf("seeds 7 and 8 give the same results: %+v", j)
			}
		})
	}
}

// replay reads "resign P" with a round's notice and "draw agreed"
// (first-edition STRIX Rules 20, 22): the notice shows as "resigning"
// until the seat's last move, then the seat is out of play; Yellow and
// Green then agree a two-way draw, 4 points each (Rule 23).
func TestCLIReplayNoticeAndAgreedDraw(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	write := func(text string) {
		if err := os.WriteFile(rec, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("resign b\nbO-b72\n")
	r := rulesmith(t, "replay", "strix/first-edition", rec)
	if r.code != 0 || !strings.Contains(r.stdout, "\nresigning: b (1 more move)\n") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	rj := rulesmith(t, "replay", "strix/first-edition", rec, "--json")
	if !strings.Contains(rj.stdout, `"resigning": {`) {
		t.Fatalf("--json:\n%s", rj.stdout)
	}
	write("resign b\nbO-b72\nyO-y72\ngO-g72\nbO-b71\nyO-y71\ngO-g71\ndraw agreed\n")
	r = rulesmith(t, "replay", "strix/first-edition", rec)
	for _, want := range []string{"\nout of play: b\n", "\nscore b: 0\nscore y: 4\nscore g: 4\n", "\nresult: draw\n"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Fatalf("want %q; exit %d, stdout:\n%s\nstderr: %s", want, r.code, r.stdout, r.stderr)
		}
	}
}

// Inputs that are not files one can read: each refused in one line that
// names the path once (it was "spec: D: D: not a regular file" and "stat
// F: no such file"), with the reason; a file in another encoding at its
// line and column.
func TestCLIUnreadableInputs(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "dir.toml")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	latin1 := filepath.Join(dir, "latin1.toml")
	if err := os.WriteFile(latin1, []byte("name = \"caf\xe9\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked.txt")
	if err := os.WriteFile(locked, []byte("1\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	cases := []struct {
		args       []string
		path, want string
	}{
		{[]string{"validate", sub}, sub, ": not a regular file (a directory)"},
		{[]string{"perft", sub, "1"}, sub, ": not a regular file (a directory)"},
		{[]string{"replay", "mancala/egyptian", sub}, sub, ": not a regular file (a directory)"},
		{[]string{"replay", "mancala/egyptian", missing}, missing, ": no such file or directory"},
		{[]string{"moves", "mancala/egyptian", "--record", missing}, missing, ": no such file or directory"},
		{[]string{"validate", latin1}, latin1, ":1:9: toml: invalid UTF-8 byte: 0xe9"},
	}
	if os.Geteuid() != 0 { // root reads a file of mode 000
		cases = append(cases, struct {
			args       []string
			path, want string
		}{[]string{"replay", "mancala/egyptian", locked}, locked, ": permission denied"})
	}
	for _, c := range cases {
		r := rulesmith(t, c.args...)
		if r.code != 1 || r.stdout != "" || len(lines(r.stderr)) != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line and exit 1", c.args, r.code, r.stdout, r.stderr)
			continue
		}
		if !strings.Contains(r.stderr, c.path+c.want) || strings.Count(r.stderr, c.path) != 1 {
			t.Errorf("%v: %q, want the path once, then %q", c.args, r.stderr, c.want)
		}
	}
}

// show and the loading commands answer a name without its family, or
// misspelt, with the embedded name it may mean (show said "no such file or
// directory").
func TestCLIUnknownVariantName(t *testing.T) {
	for _, args := range [][]string{{"show", "cribbage"}, {"validate", "cribbage"}, {"show", "traditional/cribage"}} {
		r := rulesmith(t, args...)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, `(did you mean "traditional/cribbage"?)`) {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", args, r.code, r.stdout, r.stderr)
		}
	}
}
