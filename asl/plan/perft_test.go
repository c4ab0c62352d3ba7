package plan

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
)

var update = flag.Bool("update", false, "rewrite testdata/perft/counts.txt from the planner")

const countsFile = "../../testdata/perft/counts.txt"

// perftCase is a situation whose reach is counted: a rulebook example's map and mover at the
// start of its MPh, or a generated map.
type perftCase struct {
	name string
	game *asl.Game
	unit int
}

func perftCases(t testing.TB) []perftCase {
	var cs []perftCase
	files, _ := filepath.Glob("../../testdata/examples/d2*.yaml")
	more, _ := filepath.Glob("../../testdata/perft/*.yaml") // maps made for the count
	files = append(files, more...)
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := aslfile.Load(f, data)
		if err != nil {
			t.Fatal(err)
		}
		unit := -1
		for _, mv := range s.Moves {
			if mv.Parsed.Kind == asl.LineUnit && mv.Action.Verb != asl.VerbAttack && mv.Action.Verb != asl.VerbMotionAttempt && mv.Action.Verb != asl.VerbTCA {
				unit = mv.Action.Unit
				break
			}
		}
		if unit < 0 {
			continue
		}
		cs = append(cs, perftCase{filepath.Base(f) + " " + s.Game.Units[unit].ID, s.Game, unit})
	}
	for _, seed := range []uint64{101, 202, 303} {
		cs = append(cs, perftCase{fmt.Sprintf("generated-%d V", seed), randomGame(seed, 10), 0})
	}
	return cs
}

func readCounts(t *testing.T) map[string]int {
	f, err := os.Open(countsFile)
	if err != nil {
		t.Fatalf("%v (make it with go test ./asl/plan -run Perft -update)", err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndex(line, " ")
		n, err := strconv.Atoi(line[i+1:])
		if err != nil {
			t.Fatalf("%s: bad line %q", countsFile, line)
		}
		out[line[:i]] = n
	}
	return out
}

// TestPerft checks the number of distinct Places (hex, VCA or Bypass position, Motion,
// direction) each mover can reach with its whole allotment against testdata/perft/counts.txt,
// and that a brute-force enumeration of step sequences reaches exactly the same Places.
func TestPerft(t *testing.T) {
	cases := perftCases(t)
	if *update {
		var b strings.Builder
		b.WriteString("# Perft: distinct Places (hex, VCA/Bypass position, Motion, direction) each mover\n# reaches with its whole allotment, from the start of its MPh (asl/plan TestPerft).\n# Rewrite with: go test ./asl/plan -run Perft -update\n")
		for _, c := range cases {
			r, err := Reach(c.game, c.unit, Options{})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %d\n", c.name, r.Places())
		}
		if err := os.WriteFile(countsFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readCounts(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Reach(c.game, c.unit, Options{})
			if err != nil {
				t.Fatal(err)
			}
			w, ok := want[c.name]
			if !ok {
				t.Fatalf("no recorded count (run with -update)")
			}
			if got := r.Places(); got != w {
				t.Errorf("%d Places, recorded %d (divide with umpire reach --divide to find the step)", got, w)
			}
			if testing.Short() {
				return
			}
			places := map[Place]bool{}
			for s := range Brute(c.game, c.unit, false) {
				places[PlaceOf(s)] = true
			}
			if len(places) != r.Places() {
				t.Errorf("brute force reaches %d Places, the planner %d", len(places), r.Places())
			}
		})
	}
}
