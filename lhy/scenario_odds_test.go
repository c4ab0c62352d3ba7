package lhy_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
)

// TestOddsMatchEnumerationOnScenarios: before every step of every LHY scenario file (played as
// the file plays it: its dice, then its seed), the odds of the step equal the enumeration of
// every combination of its dice: the same outcomes in the same order with the same exact
// chances, the same facts, the same number of dice paths, or the same refusal.
func TestOddsMatchEnumerationOnScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "lhy", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "server", "demo-lhy.yaml"))
	if len(files) < 150 {
		t.Fatalf("found only %d LHY scenario files", len(files))
	}
	steps := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := lhyfile.LoadLHY(f, data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g := s.Game
		src := &dice.Script{Values: s.Dice, Then: dice.NewSeeded(s.Seed)}
		for n, mv := range s.Moves {
			a, err := lhy.Parse(g, mv.Text)
			if err != nil {
				break // play stops at a line it cannot read
			}
			name := fmt.Sprintf("%s step %d (%s)", filepath.Base(f), n+1, mv.Text)
			want, werr := lhy.OddsByEnumeration(g, a)
			got, gerr := g.OddsOf(a)
			steps++
			switch {
			case werr != nil || gerr != nil:
				if fmt.Sprint(werr) != fmt.Sprint(gerr) {
					t.Errorf("%s: error %v, enumeration %v", name, gerr, werr)
				}
			default:
				if d := lhy.OddsDiff(got, want); d != "" {
					t.Errorf("%s:\n%s", name, strings.TrimSpace(d))
				}
				// No result of a fire or an Assault is silent (issue 20).
				for _, x := range got.Outcomes {
					if len(x.Keys) == 0 && (a.Verb == "fire" || a.Verb == "assault" || a.Verb == "resolve") {
						t.Errorf("%s: an outcome of chance %s says nothing", name, x.P.RatString())
					}
				}
			}
			if _, err := g.Do(a, src); err != nil {
				break // play stops at a refused step
			}
		}
	}
	t.Logf("%d steps of %d files weighed both ways", steps, len(files))
	if steps < 300 {
		t.Errorf("only %d steps weighed", steps)
	}
}
