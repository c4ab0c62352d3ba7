package lhy

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// oddsByEnumeration is the test oracle for Odds: the step played on a copy of the game along
// every path of its dice (a Cohesion Check as pass or fail, a pick as each candidate), equal
// outcomes added up in the order they are met, then sorted most likely first.
func (g *Game) oddsByEnumeration(a Action) (*Odds, error) {
	return enumerate(context.Background(), false, g.runner(a), nil)
}

// oddsDiff says how two distributions differ ("" if they are the same): their outcomes, in
// order, with their facts and exact chances (as the API prints them), the chance of each fact,
// and the dice paths.
func oddsDiff(got, want *Odds) string {
	var b strings.Builder
	if got.Paths != want.Paths {
		fmt.Fprintf(&b, "paths %d, want %d\n", got.Paths, want.Paths)
	}
	if len(got.Outcomes) != len(want.Outcomes) {
		fmt.Fprintf(&b, "%d outcomes, want %d\n", len(got.Outcomes), len(want.Outcomes))
	}
	for i := range min(len(got.Outcomes), len(want.Outcomes)) {
		x, y := got.Outcomes[i], want.Outcomes[i]
		if strings.Join(x.Keys, "\n") != strings.Join(y.Keys, "\n") || x.P.RatString() != y.P.RatString() {
			fmt.Fprintf(&b, "outcome %d: %s %q, want %s %q\n", i, x.P.RatString(), x.Keys, y.P.RatString(), y.Keys)
			break
		}
	}
	if len(got.Marginal) != len(want.Marginal) {
		fmt.Fprintf(&b, "%d facts, want %d\n", len(got.Marginal), len(want.Marginal))
	}
	for k, p := range want.Marginal {
		if q, ok := got.Marginal[k]; !ok || q.RatString() != p.RatString() {
			fmt.Fprintf(&b, "fact %q: %v, want %s\n", k, q, p.RatString())
		}
	}
	return b.String()
}

// checkAgainstOracle works out the odds of line on g both ways and fails t if they differ (a
// refusal must be the same refusal).
func checkAgainstOracle(t *testing.T, name string, g *Game, line string) {
	t.Helper()
	a, err := Parse(g, line)
	if err != nil {
		return
	}
	want, werr := g.oddsByEnumeration(a)
	got, gerr := g.OddsOf(a)
	switch {
	case werr != nil && strings.Contains(werr.Error(), "too many to enumerate"):
		return // beyond the oracle
	case werr != nil || gerr != nil:
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Errorf("%s: %s: error %v, oracle %v", name, line, gerr, werr)
		}
		return
	}
	if d := oddsDiff(got, want); d != "" {
		t.Errorf("%s: %s:\n%s", name, line, d)
	}
}

// TestOddsMatchEnumeration: on every step of the test games, the odds are the enumeration's,
// outcome by outcome, in the same order.
func TestOddsMatchEnumeration(t *testing.T) {
	for _, tc := range testGames() {
		for _, step := range tc.steps {
			checkAgainstOracle(t, tc.name, tc.g, step)
		}
	}
}

// TestReducedRat: a fraction set in place is the big.Rat big.NewRat makes of it.
func TestReducedRat(t *testing.T) {
	for _, c := range [][2]int64{{1, 10}, {3, 1}, {21, 125}, {1, 1}, {7, 9_000_000_000_000_000}} {
		got, want := reduced(c[0], c[1]), big.NewRat(c[0], c[1])
		if got.Cmp(want) != 0 || got.RatString() != want.RatString() || !got.Denom().IsInt64() || got.Denom().Int64() != c[1] {
			t.Errorf("%d/%d: %s, want %s", c[0], c[1], got.RatString(), want.RatString())
		}
	}
	if z := (chance{}).rat(); z.Sign() != 0 || z.RatString() != "0" {
		t.Errorf("zero chance: %s", z.RatString())
	}
}

// TestOddsBeyondInt64: eighteen small-arms markers on the plain game's C4 make chances over
// 10^20, past an int64: the odds go on with big fractions and stay exact. GE2 (Cohesion 6) is
// the target: it is unharmed when the highest roll is 6 or less, (6/10)^18; above 6 it is hit
// and GE1 and GEL check Cohesion (2 dice paths each), so there are 6^18 + 4(10^18 - 6^18) paths.
func TestOddsBeyondInt64(t *testing.T) {
	g := testGames()[0].g
	line := "fire C4: sa +0" + strings.Repeat(", sa +0", 17)
	o, err := g.Odds(line)
	if err != nil {
		t.Fatal(err)
	}
	if o.Total().Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("the outcomes add up to %s", o.Total().RatString())
	}
	pow := func(a, b int64) *big.Int { return new(big.Int).Exp(big.NewInt(a), big.NewInt(b), nil) }
	unharmed := new(big.Rat).SetFrac(pow(6, 18), pow(10, 18))
	if p := o.Marginal["no effect on GE2"]; p == nil || p.Cmp(unharmed) != 0 {
		t.Errorf("no effect on GE2: %v, want %s", p, unharmed.RatString())
	}
	paths := new(big.Int).Sub(pow(10, 18), pow(6, 18))
	paths.Mul(paths, big.NewInt(4)).Add(paths, pow(6, 18))
	if !paths.IsInt64() || int64(o.Paths) != paths.Int64() {
		t.Errorf("paths %d, want %s", o.Paths, paths)
	}
	for i := 1; i < len(o.Outcomes); i++ {
		if o.Outcomes[i].P.Cmp(o.Outcomes[i-1].P) > 0 {
			t.Fatalf("outcome %d is likelier than outcome %d", i, i-1)
		}
	}
}

// TestChanceArithmetic: past an int64, chances go on as big fractions, exactly.
func TestChanceArithmetic(t *testing.T) {
	tiny := chance{p: dice.Prob{Num: 1, Den: 1_000_000_000_000}}
	sq := tiny.times(tiny)
	if sq.big == nil || sq.rat().Cmp(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(24), nil))) != 0 {
		t.Fatalf("1e-12 squared: %v", sq.rat())
	}
	sum := sq.plus(tiny)
	want := new(big.Rat).Add(sq.rat(), tiny.rat())
	if sum.rat().Cmp(want) != 0 || sum.cmp(tiny) <= 0 || tiny.cmp(sum) >= 0 || sum.cmp(sum) != 0 {
		t.Errorf("1e-24 + 1e-12: %v", sum.rat())
	}
	if z := (chance{}).plus(sq); z.rat().Cmp(sq.rat()) != 0 || (chance{}).times(sq).rat().Sign() != 0 {
		t.Error("zero chance")
	}
}
