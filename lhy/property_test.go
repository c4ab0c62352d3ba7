package lhy

import (
	"fmt"
	"maps"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// u builds a unit for tests: id, side/nation, kind, hex, Cohesion, and options.
func u(g *Game, id string, n Nation, k Kind, at string, coh int, opts ...func(*Unit)) {
	h, err := g.Map.Parse(at)
	if err != nil {
		panic(err)
	}
	x := NewUnit(id, string(n), n, k, h)
	x.Cohesion = int8(coh)
	for _, o := range opts {
		o(&x)
	}
	g.Units = append(g.Units, x)
}

func concealed(x *Unit) { x.Concealed = true }
func disrupted(x *Unit) { x.Disrupted = true }
func heroic(x *Unit)    { x.Heroic = true }
func motion(x *Unit)    { x.Motion = true }
func company(c string) func(*Unit) {
	return func(x *Unit) { x.Company = c }
}
func platoon(p string) func(*Unit) {
	return func(x *Unit) { x.Platoon = p }
}
func av(a, atv int) func(*Unit) {
	return func(x *Unit) { x.AV, x.ATV = int8(a), int8(atv) }
}
func rides(v string) func(*Unit) {
	return func(x *Unit) { x.Rider = v }
}

// testGames are situations whose every step the property tests enumerate.
func testGames() []struct {
	name  string
	g     *Game
	steps []string
	big   bool
} {
	mk := func() *Game { return &Game{Map: NewMap(20, 10), Turn: 1} }

	plain := mk()
	u(plain, "US1", "US", Squad, "C5", 7, company("A"))
	u(plain, "US2", "US", Squad, "D4", 6, company("B"))
	u(plain, "USL", "US", Leader, "D4", 8)
	u(plain, "GE1", German, Squad, "C4", 6, concealed)
	u(plain, "GE2", German, Squad, "C4", 6)
	u(plain, "GEL", German, Leader, "C4", 8)
	plain.Map.Hexes[Hex{X: 2, Y: 4}] = HexInfo{Terrain: RuralBuilding, Level: 1}

	urban := mk()
	u(urban, "R1", Russian, Squad, "C5", 6)
	u(urban, "R2", Russian, Squad, "C5", 6)
	u(urban, "J1", Japanese, Squad, "C4", 6)
	u(urban, "J2", Japanese, Squad, "C4", 6)
	urban.Map.Hexes[Hex{X: 2, Y: 4}] = HexInfo{Terrain: UrbanBuilding}

	armour := mk()
	u(armour, "T1", German, AFV, "E5", 0, av(3, 2))
	u(armour, "TR", German, Truck, "E5", 0, av(0, -1))
	u(armour, "GR", German, Squad, "E5", 6, rides("T1"))
	u(armour, "GR2", German, Section, "E5", 5, rides("TR"))
	u(armour, "GG", German, TowedGun, "E5", 5)
	u(armour, "GF", German, Squad, "E5", 7)
	u(armour, "US1", "US", Squad, "E6", 7)

	armourSmall := mk()
	u(armourSmall, "T1", German, AFV, "E5", 0, av(3, 2))
	u(armourSmall, "GR", German, Squad, "E5", 6, rides("T1"))
	u(armourSmall, "GG", German, TowedGun, "E5", 5)
	u(armourSmall, "US1", "US", Squad, "E6", 7)

	ties := mk()
	u(ties, "A", German, Squad, "C4", 6)
	u(ties, "B", German, Squad, "C4", 6)
	u(ties, "C", German, Squad, "C4", 6)
	u(ties, "X", "US", Squad, "C5", 6)

	return []struct {
		name  string
		g     *Game
		steps []string
		big   bool
	}{
		{"plain", plain, []string{"assault C4 US1 US2 USL", "fire C4: sa +1", "fire C4: sa GE +2, mortar +1 mv 2"}, false},
		{"urban", urban, []string{"assault C4 R1 R2", "fire C4: sa +3"}, false},
		{"armour", armour, []string{"fire E5: at T1 +1 atv 1, at TR +2 atv 1, sa +1", "fire E5: mortar +2 mv 2, at T1 +3 mg atv 2", "assault E5 US1"}, true},
		{"armour-small", armourSmall, []string{"fire E5: at T1 +3 atv 1", "fire E5: mortar +2 mv 2", "assault E5 US1"}, false},
		{"ties", ties, []string{"fire C4: sa +2", "assault C4 X"}, false},
	}
}

// TestOddsSumToOne: the chances of a step's outcomes add up to exactly 1, and every fact's
// chance is at most 1. (TestInvariantsLHY holds every step of its random games to the same.)
func TestOddsSumToOne(t *testing.T) {
	for _, tc := range testGames() {
		for _, step := range tc.steps {
			o, err := tc.g.Odds(step)
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.name, step, err)
			}
			if msg := oddsSane(o); msg != "" {
				t.Errorf("%s: %s: %s", tc.name, step, msg)
			}
		}
	}
}

// oddsSane says what is wrong with a distribution ("" if nothing): its outcomes must sum to
// exactly 1, each outcome and each fact have a chance above 0 and at most 1.
func oddsSane(o *Odds) string {
	one := big.NewRat(1, 1)
	if o.Total().Cmp(one) != 0 {
		return fmt.Sprintf("outcomes sum to %s", o.Total().RatString())
	}
	for _, x := range o.Outcomes {
		if x.P.Sign() <= 0 || x.P.Cmp(one) > 0 {
			return fmt.Sprintf("outcome %q has chance %s", x.Keys, x.P.RatString())
		}
	}
	for _, k := range slices.Sorted(maps.Keys(o.Marginal)) {
		if p := o.Marginal[k]; p.Sign() <= 0 || p.Cmp(one) > 0 {
			return fmt.Sprintf("%q has chance %s", k, p.RatString())
		}
	}
	return ""
}

// TestEveryScriptedRollReproducesOdds: resolving a step with every possible sequence of
// scripted d10s (in play, through dice.Script) gives, outcome by outcome, exactly the
// distribution Odds computed, and each scripted play gives the outcome the enumeration
// recorded for its dice.
func TestEveryScriptedRollReproducesOdds(t *testing.T) {
	for _, tc := range testGames() {
		for _, step := range tc.steps {
			smart, err := tc.g.Odds(step)
			if err != nil {
				t.Fatal(err)
			}
			a, err := Parse(tc.g, step)
			if err != nil {
				t.Fatal(err)
			}
			played := map[string]*big.Rat{}
			n := 0
			// Every face of every die where the step has few enough dice; a Cohesion
			// Check's faces grouped into pass and fail where it has many.
			classes := tc.big
			brute, err := tc.g.EveryRoll(a, classes, func(faces []int, keys []string) {
				n++
				g := tc.g.Clone()
				src := &dice.Script{Values: faces}
				rep, err := g.Do(a, src)
				if err != nil {
					t.Fatalf("%s: %s with dice %v: %v", tc.name, step, faces, err)
				}
				if src.Remaining() != 0 {
					t.Fatalf("%s: %s with dice %v: %d left unrolled", tc.name, step, faces, src.Remaining())
				}
				if !reflect.DeepEqual(rep.Keys(), keys) {
					t.Fatalf("%s: %s with dice %v:\nplay %q\nenum %q", tc.name, step, faces, rep.Keys(), keys)
				}
				k := strings.Join(keys, "\n")
				if played[k] == nil {
					played[k] = new(big.Rat)
				}
				// A path's chance: 1/10 per die, a pick among n counts 1/n, a grouped
				// Cohesion Check the share of faces that pass or fail.
				played[k].Add(played[k], pathChance(tc.g, a, faces, classes))
			})
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Fatalf("%s: %s: no dice paths", tc.name, step)
			}
			for _, o := range smart.Outcomes {
				k := strings.Join(o.Keys, "\n")
				if played[k] == nil || played[k].Cmp(o.P) != 0 {
					t.Errorf("%s: %s: outcome %q: odds %s, scripted play %v", tc.name, step, o.Keys, o.P.RatString(), played[k])
				}
			}
			if len(played) != len(smart.Outcomes) {
				t.Errorf("%s: %s: scripted play gave %d outcomes, odds %d", tc.name, step, len(played), len(smart.Outcomes))
			}
			if len(brute.Outcomes) != len(smart.Outcomes) {
				t.Errorf("%s: %s: brute %d outcomes, odds %d", tc.name, step, len(brute.Outcomes), len(smart.Outcomes))
			}
		}
	}
}

// pathChance replays faces through a recording roller to learn which were picks among n.
func pathChance(g *Game, a Action, faces []int, classes bool) *big.Rat {
	c := g.Clone()
	r := &chanceRoller{faces: faces, p: big.NewRat(1, 1), classes: classes}
	if _, err := c.do(a, r); err != nil {
		panic(err)
	}
	return r.p
}

type chanceRoller struct {
	faces   []int
	i       int
	p       *big.Rat
	classes bool
}

func (r *chanceRoller) d10(string) (int, error) {
	f := r.faces[r.i]
	r.i++
	r.p.Mul(r.p, big.NewRat(1, 10))
	return f, nil
}

func (r *chanceRoller) check(w string, target int) (int, bool, error) {
	if !r.classes {
		f, _ := r.d10(w)
		return f, f <= target, nil
	}
	t := max(0, min(10, target))
	if t == 0 || t == 10 {
		return 0, t == 10, nil // no die: the result is certain
	}
	f := r.faces[r.i]
	r.i++
	if f <= t {
		r.p.Mul(r.p, big.NewRat(int64(t), 10))
	} else {
		r.p.Mul(r.p, big.NewRat(int64(10-t), 10))
	}
	return f, f <= t, nil
}

func (r *chanceRoller) pick(_ string, n int) (int, error) {
	if n <= 1 {
		return 0, nil
	}
	f := r.faces[r.i]
	r.i++
	r.p.Mul(r.p, big.NewRat(1, int64(n)))
	return f - 1, nil
}

// TestRefusalChangesNothing: a refused step leaves the game exactly as it was.
func TestRefusalChangesNothing(t *testing.T) {
	for _, tc := range testGames() {
		for _, bad := range []struct{ line, rule string }{
			{"assault C4 GE1", "14.0"},
			{"vda US1 T1", "14.3.2"},
			{"retreat GE1 C3 C2", "14.3.3"},
			{"advance US1 C4", "14.3"},
			{"resolve C4", "14.0"},
		} {
			before := tc.g.Clone()
			_, err := tc.g.Apply(bad.line, &dice.Script{Values: []int{5, 5, 5, 5, 5}})
			if err == nil {
				continue // not every line is refusable in every game
			}
			if r, ok := err.(*Refusal); ok && r.Rule != bad.rule {
				t.Errorf("%s: %s: refused under %s, want %s", tc.name, bad.line, r.Rule, bad.rule)
			}
			if !reflect.DeepEqual(before, tc.g) {
				t.Errorf("%s: %s: refused but the game changed", tc.name, bad.line)
			}
		}
	}
}
