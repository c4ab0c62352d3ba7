package ruleset

import (
	"context"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// lwGameAt is the game of a Lightning War file after its first k moves, played with the file's
// dice.
func lwGameAt(t testing.TB, file string, k int) *Game {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Ruleset{}.Load(file, data, rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.PlayFirst(sc, k)
	if err != nil {
		t.Fatalf("%s %v", file, err)
	}
	return g.(*Game)
}

// lwOdds asks g for the odds of line (k steps played) and checks that it did not change g.
func lwOdds(t *testing.T, g *Game, line string, k int) (*rules.OddsView, error) {
	t.Helper()
	before := g.Hash()
	o, err := g.Odds(context.Background(), line, k)
	if g.Hash() != before {
		t.Fatalf("%s: the odds changed the game", line)
	}
	if err != nil {
		return nil, err
	}
	return o.(*rules.OddsView), nil
}

// The Movement Phase's rolls weighed before they are made: the Vehicle Miring Table's 2d6 (with
// the vehicle's own modifier) and the escape from the mire on a 1 on 1d6, each chance worked out
// here from the files' facts.
func TestOddsOfMiringAndEscape(t *testing.T) {
	const td = "../../testdata/lightningwar/"
	type roll struct {
		who, what, made string
		results         map[string]string
	}
	for _, tc := range []struct {
		name, file string
		k          int
		line       string
		rolls      []roll
		outcomes   int
	}{
		// Wheeled medium trucks crossing a stream mire on 10+: V1 (+1) on 2d6 9..12, V2 (-1) on 11..12.
		{"miring with the vehicle's own modifier", td + "mire-vehicle-modifier.yaml", 0, "movement",
			[]roll{{"V1", "Miring (crossing a stream)", "1", map[string]string{"mires": "5/18", "does not mire": "13/18"}},
				{"V2", "Miring (crossing a stream)", "1", map[string]string{"mires": "1/12", "does not mire": "11/12"}}}, 4},
		// Two wheeled medium cars cross together: each mires on 10+ (1/6); one that mires breaks off.
		{"two vehicles of one detachment", td + "mire-one-of-two-breaks-off.yaml", 0, "movement",
			[]roll{{"V1", "Miring (crossing a stream)", "1", map[string]string{"mires": "1/6", "does not mire": "5/6"}},
				{"V2", "Miring (crossing a stream)", "1", map[string]string{"mires": "1/6", "does not mire": "5/6"}}}, 4},
		// V1 mired on the first turn: it escapes on a 1 on 1d6.
		{"escape from the mire", td + "mire-escape-on-a-1.yaml", 1, "movement",
			[]roll{{"V1", "Escape", "1", map[string]string{"escapes": "1/6", "stays mired": "5/6"}}}, 2},
		// The truck on Reserve Movement crosses the brook in Phase 3: wheeled small, 10+ (1/6).
		{"Phase 3's miring check", td + "reserve-phase-3-checks-miring.yaml", 0, "movement",
			[]roll{{"L1", "Miring (crossing a stream)", "1", map[string]string{"mires": "1/6", "does not mire": "5/6"}}}, 2},
		{"no roll", td + "mire-escape-on-a-1.yaml", 0, "reveal A", nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := lwGameAt(t, tc.file, tc.k)
			o, err := lwOdds(t, g, tc.line, tc.k)
			if err != nil {
				t.Fatal(err)
			}
			if len(o.Rolls) != len(tc.rolls) {
				t.Fatalf("%d rolls, want %d: %+v", len(o.Rolls), len(tc.rolls), o.Rolls)
			}
			for i, want := range tc.rolls {
				got := o.Rolls[i]
				if got.Who != want.who || got.For != want.what || got.Exact != want.made {
					t.Errorf("roll %d: %s %s made %s, want %s %s made %s", i+1, got.Who, got.For, got.Exact, want.who, want.what, want.made)
				}
				for _, r := range got.Results {
					if want.results[r.Result] != r.Exact {
						t.Errorf("%s %s: %q %s, want %s", got.Who, got.For, r.Result, r.Exact, want.results[r.Result])
					}
				}
			}
			if len(o.Outcomes) != tc.outcomes {
				t.Errorf("%d outcomes, want %d: %+v", len(o.Outcomes), tc.outcomes, o.Outcomes)
			}
		})
	}
}

// A line that does not parse is a BadLine; a step the referee refuses, its refusal.
func TestOddsRefusalsLightningWar(t *testing.T) {
	g := lwGameAt(t, "../../testdata/lightningwar/mire-escape-on-a-1.yaml", 0)
	if _, err := lwOdds(t, g, "fly A", 0); !errors.As(err, new(*rules.BadLine)) {
		t.Errorf("fly A: %v, want a BadLine", err)
	}
	if _, err := lwOdds(t, g, "halt NOSUCH", 0); !errors.As(err, new(*rules.Refusal)) {
		t.Errorf("halt NOSUCH: %v, want a refusal", err)
	}
}

// Every step of every Lightning War file, weighed before it is played: the outcomes add up to
// 1, each check's chance is the referee's own, the results the file's dice gave are among
// them, and the game is unchanged.
func TestOddsOfEveryLightningWarStep(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/lightningwar/*.yaml")
	files = append(files, "../../server/demo-lw.yaml")
	one := big.NewRat(1, 1)
	weighed := 0
	for _, file := range files {
		data, _ := os.ReadFile(file)
		sc, err := Ruleset{}.Load(file, data, rules.Limits{})
		if err != nil {
			continue
		}
		g, f := sc.Setup().(*Game), sc.File()
		src, _ := rules.Dice(f)
		for i, mv := range f.Moves {
			o, oerr := lwOdds(t, g, mv.Text, i)
			a, err := g.Parse(mv.Text)
			if err != nil {
				break
			}
			rep, err := g.Do(a, i+1, src)
			if err != nil {
				if errors.As(err, new(*rules.Refusal)) && !errors.As(oerr, new(*rules.Refusal)) {
					t.Errorf("%s step %d: refused (%v) but the odds say %v", file, i+1, err, oerr)
				}
				break
			}
			if oerr != nil {
				t.Errorf("%s step %d: played, but the odds say %v", file, i+1, oerr)
				break
			}
			weighed++
			sum := new(big.Rat)
			for _, x := range o.Outcomes {
				p, _ := new(big.Rat).SetString(x.Exact)
				sum.Add(sum, p)
			}
			if sum.Cmp(one) != 0 {
				t.Errorf("%s step %d: the outcomes add up to %v", file, i+1, sum)
			}
			for _, r := range o.Rolls {
				for _, x := range r.Results {
					if (x.Result == "mires" || x.Result == "escapes") && x.Exact != r.Odds {
						t.Errorf("%s step %d: %s %s %s %s, the referee says %s", file, i+1, r.Who, r.For, x.Result, x.Exact, r.Odds)
					}
				}
			}
			facts := map[string]bool{}
			for _, x := range o.Facts {
				facts[x.Fact] = true
			}
			for _, s := range checksSeen(rep.Detail.(*detail).rep.Checks) {
				if !facts[s.Fact()] {
					t.Errorf("%s step %d: played %q, not among the odds' facts", file, i+1, s.Fact())
				}
			}
		}
	}
	if weighed < 100 {
		t.Errorf("only %d steps weighed", weighed)
	}
}
