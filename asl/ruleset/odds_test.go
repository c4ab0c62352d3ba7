package ruleset

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/rules"
)

// gameAt is the game of a scenario file after its first k moves, played with the file's dice,
// and the file.
func gameAt(t testing.TB, file string, k int) (*Game, *rules.File) {
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
	return g.(*Game), sc.File()
}

// oddsOf asks g for the odds of line (k steps played) and checks that it did not change g.
func oddsOf(t *testing.T, g *Game, line string, k int) (*rules.OddsView, error) {
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

// Each roll of ASL vehicle movement, weighed before it is made: the chance of each result is
// the rules' own, worked out here from each file's facts.
func TestOddsOfEachRoll(t *testing.T) {
	const td = "../../testdata/"
	type roll struct {
		who, what string
		made      string            // the chance the step makes the roll
		results   map[string]string // result -> its chance when made
	}
	for _, tc := range []struct {
		name, file string
		k          int // moves played first
		line       string
		rolls      []roll
		outcomes   int
	}{
		{"Bog Check +4: D2.33 EX's Original DR 8..12 bogs", td + "d2/2.33-ex-enter-building.yaml", 3, "TIGER enter J2",
			[]roll{{"TIGER", "Bog Check (entering Building)", "1", map[string]string{"Bogged": "5/12", "not bogged": "7/12"}}}, 2},
		{"Mechanical Reliability: DR 12", td + "d2/2.51-mechanical-reliability.yaml", 0, "T1 start",
			[]roll{{"T1", "Mechanical Reliability", "1", map[string]string{"Immobilized: mechanical breakdown": "1/36", "no breakdown": "35/36"}}}, 2},
		// +2 for 2 MP sought (FRD), +2 German maker: Final DR >= 12 on DR 8..12.
		{"ESB for 2 MP", td + "d2/2.5-esb.yaml", 0, "T1 esb 2",
			[]roll{{"T1", "ESB", "1", map[string]string{"Immobilized": "5/12", "gains 2 MP": "7/12"}}}, 2},
		// A spent 3 MP in D's LOS: dr 1..3 succeeds.
		{"Motion attempt", td + "d2/2.401-motion-attempt.yaml", 4, "motion-attempt D",
			[]roll{{"D", "Motion attempt", "1", map[string]string{"succeeds": "1/2", "fails": "1/2"}}}, 2},
		// A success is a Start: the red-MP T-34 then rolls Mechanical Reliability, half the time.
		{"Motion attempt, then Mechanical Reliability", td + "d2/2.401-mechanical-breakdown.yaml", 4, "motion-attempt D vca C6-D5",
			[]roll{{"D", "Motion attempt", "1", map[string]string{"succeeds": "1/2", "fails": "1/2"}},
				{"D", "Mechanical Reliability", "1/2", map[string]string{"Immobilized: mechanical breakdown": "1/36", "no breakdown": "35/36"}}}, 3},
		// Morale 7: DR 2..7 passes.
		{"NTC", td + "d14/14.23-lone-ntc-pass-stopped.yaml", 0, "T start",
			[]roll{{"T", "NTC", "1", map[string]string{"passed": "7/12", "failed": "5/12"}}}, 2},
		{"Bog removal: dr 1-4 frees", td + "d8/8.3-unbog-freed.yaml", 0, "T1 unbog",
			[]roll{{"T1", "Bog removal", "1", map[string]string{"freed": "2/3", "still Bogged": "1/3"}}}, 2},
		// Stalls on DR 10..12 (1/6), and then a Delay DR: each total its own result.
		{"Stall and its Delay DR", td + "d14/14.21-stall-delay.yaml", 1, "P1 start",
			[]roll{{"P1", "Platoon Stall", "1", map[string]string{"stalled: the whole platoon is Stopped": "1/6", "no stall": "5/6"}},
				{"P1", "Delay DR", "1/6", map[string]string{"DR 2: MP added to the Impulse (Start MP + Delay DR)": "1/36", "DR 7: MP added to the Impulse (Start MP + Delay DR)": "1/6"}}}, 12},
		// A bogs on DR 10..12 (+2), B on DR 9..12 (+3); both: each rolls a dr, the highest bogs.
		{"Platoon Bog Check and Random Selection", td + "d14/14.21-bog-random-selection.yaml", 0, "P1: A enter N3, B enter N4",
			[]roll{{"P1", "Platoon Bog Check", "1", map[string]string{"none bogged": "13/18", "would bog: B (failed: B crossing a hedge)": "1/9", "would bog: A, B (failed: A crossing a hedge, B crossing a hedge)": "1/6"}},
				{"P1", "Random Selection (Bog)", "1/6", map[string]string{"dr 1: A": "1/6", "dr 6: A": "1/6"}},
				{"P1", "Random Selection (Bog)", "1/6", map[string]string{"dr 1: B": "1/6", "dr 6: B": "1/6"}}}, 2 + 36},
		{"no roll", td + "d8/8.3-unbog-freed.yaml", 2, "T1 enter N4", nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := gameAt(t, tc.file, tc.k)
			o, err := oddsOf(t, g, tc.line, tc.k)
			if err != nil {
				t.Fatal(err)
			}
			if len(o.Rolls) != len(tc.rolls) && tc.rolls != nil {
				t.Errorf("%d rolls, want %d: %+v", len(o.Rolls), len(tc.rolls), o.Rolls)
			}
			for i, want := range tc.rolls {
				if i >= len(o.Rolls) {
					break
				}
				got := o.Rolls[i]
				if got.Who != want.who || got.For != want.what || got.Exact != want.made {
					t.Errorf("roll %d: %s %s made %s, want %s %s made %s", i+1, got.Who, got.For, got.Exact, want.who, want.what, want.made)
				}
				by := map[string]string{}
				for _, r := range got.Results {
					by[r.Result] = r.Exact
				}
				for r, p := range want.results {
					if by[r] != p {
						t.Errorf("%s %s: %q %s, want %s (all: %v)", got.Who, got.For, r, by[r], p, by)
					}
				}
			}
			if tc.rolls == nil && (len(o.Rolls) != 0 || len(o.Facts) != 0) {
				t.Errorf("a step with no roll: %+v", o)
			}
			if len(o.Outcomes) != tc.outcomes {
				t.Errorf("%d outcomes, want %d", len(o.Outcomes), tc.outcomes)
			}
		})
	}
}

// A line that does not parse is a BadLine; a step the referee refuses is its refusal; neither
// changes the game.
func TestOddsRefusals(t *testing.T) {
	g, _ := gameAt(t, "../../testdata/d2/2.5-esb.yaml", 0)
	for _, tc := range []struct {
		line string
		rule string // "" for a BadLine
	}{
		{"T1 fly", ""},
		{"T1 enter", ""},
		{"NOSUCH start", "scenario"},
		{"T1 esb 9", "D2.5"},
		{"T1 unbog", "D8.3"},
	} {
		_, err := oddsOf(t, g, tc.line, 0)
		var bad *rules.BadLine
		var ref *rules.Refusal
		switch {
		case tc.rule == "" && !errors.As(err, &bad):
			t.Errorf("%s: %v, want a BadLine", tc.line, err)
		case tc.rule != "" && (!errors.As(err, &ref) || ref.Rule != tc.rule):
			t.Errorf("%s: %v, want a %s refusal", tc.line, err, tc.rule)
		}
	}
}

// Every step of every ASL file, weighed before it is played: its outcomes add up to 1, each
// roll's results too, the referee's own chance of each check is among them, the result the
// file's dice gave is one of them, and the game is unchanged.
func TestOddsOfEveryFileStep(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/*.yaml")
	files = append(files, "../../server/demo.yaml")
	one := big.NewRat(1, 1)
	weighed := 0
	for _, file := range files {
		data, _ := os.ReadFile(file)
		if name, _ := rules.Named(data); name != "asl" {
			continue
		}
		sc, err := Ruleset{}.Load(file, data, rules.Limits{})
		if err != nil {
			continue // a file of load errors
		}
		g, f := sc.Setup().(*Game), sc.File()
		src, _ := rules.Dice(f)
		for i, mv := range f.Moves {
			o, oerr := oddsOf(t, g, mv.Text, i)
			a, err := g.Parse(mv.Text)
			if err != nil {
				break
			}
			rep, err := g.Do(a, i+1, src)
			var ref *rules.Refusal
			if err != nil {
				if errors.As(err, &ref) && !errors.As(oerr, &ref) {
					t.Errorf("%s step %d: refused (%v) but the odds say %v", file, i+1, err, oerr)
				}
				break
			}
			if oerr != nil {
				t.Errorf("%s step %d: played, but the odds say %v", file, i+1, oerr)
				break
			}
			weighed++
			checkOdds(t, file, i+1, o, one)
			for _, r := range reportedRolls((*aslfile.StepOut)(rep.Detail.(*Step))) {
				if !hasFact(o, r.Fact()) {
					t.Errorf("%s step %d: played %q, not among the odds' facts %v", file, i+1, r.Fact(), o.Facts)
				}
			}
		}
	}
	if weighed < 500 {
		t.Errorf("only %d steps weighed", weighed)
	}
}

// checkOdds checks that o's outcomes add up to 1, and each roll's results, and that the
// referee's chance of each check is a result's (or all but one's).
func checkOdds(t *testing.T, file string, n int, o *rules.OddsView, one *big.Rat) {
	t.Helper()
	sum := new(big.Rat)
	for _, x := range o.Outcomes {
		p, _ := new(big.Rat).SetString(x.Exact)
		sum.Add(sum, p)
	}
	if sum.Cmp(one) != 0 {
		t.Errorf("%s step %d: the outcomes add up to %v", file, n, sum)
	}
	for _, r := range o.Rolls {
		sum := new(big.Rat)
		odds := false
		for _, x := range r.Results {
			p, _ := new(big.Rat).SetString(x.Exact)
			sum.Add(sum, p)
			if r.Odds != "" {
				q, _ := new(big.Rat).SetString(r.Odds)
				odds = odds || p.Cmp(q) == 0 || new(big.Rat).Sub(one, p).Cmp(q) == 0
			}
		}
		if sum.Cmp(one) != 0 {
			t.Errorf("%s step %d: %s %s's results add up to %v", file, n, r.Who, r.For, sum)
		}
		if r.Odds != "" && !odds {
			t.Errorf("%s step %d: %s %s: the referee's chance %s is no result's: %+v", file, n, r.Who, r.For, r.Odds, r.Results)
		}
	}
}

func hasFact(o *rules.OddsView, f string) bool {
	for _, x := range o.Facts {
		if x.Fact == f {
			return true
		}
	}
	return false
}

// reportedRolls is every roll a step's report holds, as the odds name them (each with the unit
// or group that made it): the report, worked out apart from the odds, must agree with them.
func reportedRolls(so *aslfile.StepOut) []rules.RollSeen {
	own := len(so.Dice)
	for _, m := range so.Members {
		own -= len(m.Dice)
	}
	var out []rules.RollSeen
	add := func(who string, rs []aslfile.RollOut) {
		for _, r := range rs {
			res := r.Result
			if r.Odds == "" {
				res = fmt.Sprintf("%s %d: %s", r.Kind, r.Final, r.Result)
			}
			out = append(out, rules.RollSeen{Who: who, For: r.For, Result: res})
		}
	}
	for _, m := range so.Members {
		add(m.Unit, m.Dice)
	}
	add(so.Unit, so.Dice[:own])
	return out
}
