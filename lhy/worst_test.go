package lhy

import (
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// antiTankGames are fires on vehicles with several markers each (rules-notes 2.4, amended: per
// vehicle the single most detrimental result of its markers' rolls, each roll judged alone).
func antiTankGames() []struct {
	name    string
	g       *Game
	hex     string
	markers []string
} {
	mk := func() *Game { return &Game{Map: NewMap(12, 10), Turn: 1} }

	// T1 (AV 8): "at T1 -4" Shocks only on a natural 10 (FFAR 6 = 8-2); "at T1 +1" Destroys on
	// 8-10, Shocks on 7 and does nothing on 3-6, FFARs above the first marker's 6.
	shock := mk()
	u(shock, "T1", German, AFV, "C5", 0, av(8, -1))

	// A mortar's natural 10 Shocks one of the AFVs, which anti-tank fire may also Shock or
	// Destroy; a kill by an ATV 2 firer brings Collateral Damage (by an MG, the Towed Gun lives).
	mortar := mk()
	u(mortar, "T1", German, AFV, "C5", 0, av(5, -1))
	u(mortar, "T2", German, AFV, "C5", 0, av(4, -1))
	u(mortar, "GS", German, Squad, "C5", 6)
	u(mortar, "GG", German, TowedGun, "C5", 5)

	// Destroyed without Collateral Damage (no ATV) or with it (ATV 2, by an MG or not).
	kill := mk()
	u(kill, "T1", German, AFV, "C5", 0, av(5, -1))
	u(kill, "GG", German, TowedGun, "C5", 5)

	// Riders: an MDRM selects none, a mortar's natural 10 unloads them all, Collateral Damage
	// acts on those of a Destroyed vehicle.
	riders := mk()
	u(riders, "T1", German, AFV, "C5", 0, av(4, -1))
	u(riders, "V1", German, Truck, "C5", 0, av(0, -1))
	u(riders, "R1", German, Squad, "C5", 5, rides("T1"))
	u(riders, "R2", German, Section, "C5", 4, rides("V1"))

	// A Fighting Position under small arms and anti-tank fire at once: Disrupted by the one,
	// Destroyed by the other, it suffers only the worse.
	fp := mk()
	u(fp, "F1", "US", FP, "C5", 5, av(2, -1))
	u(fp, "U1", "US", Squad, "C5", 4)

	return []struct {
		name    string
		g       *Game
		hex     string
		markers []string
	}{
		{"natural 10 kept over a higher FFAR", shock, "C5", []string{"at T1 -4", "at T1 +1"}},
		{"mortar and anti-tank", mortar, "C5", []string{"mortar +0 mv 2", "at T1 +0", "at T1 -3", "at T2 +1"}},
		{"mortar, small arms and anti-tank", mortar, "C5", []string{"sa +1", "mortar +1 mv 3", "at T1 +1 atv 2"}},
		{"kills with and without Collateral Damage", kill, "C5", []string{"at T1 +3", "at T1 +1 atv 2 mg", "at T1 +0 atv 2"}},
		{"riders", riders, "C5", []string{"mortar +0 mv 2", "at T1 +1 atv 2", "at V1 -2"}},
		{"fighting position", fp, "C5", []string{"sa +2", "at F1 +0", "mortar -1"}},
	}
}

// permutations is every order of xs.
func permutations(xs []string) [][]string {
	if len(xs) <= 1 {
		return [][]string{slices.Clone(xs)}
	}
	var out [][]string
	for i := range xs {
		rest := append(append([]string(nil), xs[:i]...), xs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]string{xs[i]}, p...))
		}
	}
	return out
}

// byFacts is a distribution keyed by each outcome's facts, sorted: the stages of a fire follow
// the vehicles in the order their markers are written, so the facts of an outcome may come in
// another order, but never with another chance.
func byFacts(o *Odds) map[string]string {
	out := map[string]string{}
	for _, x := range o.Outcomes {
		k := slices.Clone(x.Keys)
		slices.Sort(k)
		out[strings.Join(k, "; ")] = x.P.RatString()
	}
	return out
}

// TestAntiTankOddsWhateverOrder (metamorphic): the odds of a fire are the same, outcome by
// outcome and fact by fact, whatever order its markers are written in; they sum to exactly 1
// and equal the enumeration over every die.
func TestAntiTankOddsWhateverOrder(t *testing.T) {
	for _, c := range antiTankGames() {
		var first map[string]string
		var firstLine string
		orders := permutations(c.markers)
		for n, order := range orders {
			line := "fire " + c.hex + ": " + strings.Join(order, ", ")
			o, err := c.g.Odds(line)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, line, err)
			}
			if o.Total().Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("%s: %s: outcomes sum to %s", c.name, line, o.Total().RatString())
			}
			if n == 0 || n == len(orders)-1 { // the enumeration is slow: as written, and reversed
				checkAgainstOracle(t, c.name, c.g, line)
			}
			got := byFacts(o)
			if first == nil {
				first, firstLine = got, line
				continue
			}
			if !reflect.DeepEqual(got, first) {
				t.Errorf("%s: the order of the markers changes the odds:\n%s: %v\n%s: %v", c.name, firstLine, first, line, got)
			}
		}
	}
}

// resultFacts are the facts of keys that give a unit a result of fire: Destroyed, Shocked,
// Disrupted, a Casualty, eliminated, or no effect; each names the units it is about.
func resultFacts(keys []string, id string) int {
	n := 0
	for _, k := range keys {
		if rest, ok := strings.CutPrefix(k, "no effect on "); ok {
			for _, w := range strings.Split(rest, ", ") {
				if w == id {
					n++
				}
			}
			continue
		}
		for _, r := range []string{" Destroyed", " Shocked", " Disrupted", " Casualty", " eliminated"} {
			if k == id+r {
				n++
			}
		}
	}
	return n
}

// TestOneResultPerVehicle: no outcome of a fire, in the odds or in play, gives a vehicle or a
// Fighting Position (a unit anti-tank markers go on) two results (not "T1 Shocked; T1
// Destroyed", "T1 Shocked; no effect on T1", "F1 Disrupted; F1 Destroyed"), whatever the order
// of the markers.
func TestOneResultPerVehicle(t *testing.T) {
	check := func(name, line string, g *Game) {
		o, err := g.Odds(line)
		if err != nil {
			t.Fatalf("%s: %s: %v", name, line, err)
		}
		for _, x := range o.Outcomes {
			for i := range g.Units {
				if v := &g.Units[i]; (v.Vehicular() || v.HasAV()) && resultFacts(x.Keys, v.ID) > 1 {
					t.Errorf("%s: %s: outcome %q (%s) gives %s two results", name, line, x.Keys, x.P.RatString(), v.ID)
				}
			}
		}
	}
	for _, c := range antiTankGames() {
		for _, order := range permutations(c.markers) {
			check(c.name, "fire "+c.hex+": "+strings.Join(order, ", "), c.g)
		}
	}
	for _, tc := range testGames() {
		for _, step := range tc.steps {
			if strings.HasPrefix(step, "fire") {
				check(tc.name, step, tc.g)
			}
		}
	}
}

// TestPlayKeepsTheWorstResult: played with scripted dice, each vehicle suffers the most
// detrimental result of its markers' rolls, each judged alone, in either order of the markers
// (rules-notes 2.4): a natural 10 that Shocks over a higher FFAR that does nothing; a kill that
// brings Collateral Damage over one that does not; a kill over a mortar's Shock, said once.
func TestPlayKeepsTheWorstResult(t *testing.T) {
	for _, c := range []struct {
		name   string
		setup  func(g *Game)
		orders [][2]string // the same two markers, in both orders
		faces  [2]int      // the faces of the first order's markers, in that order
		want   []string
		not    []string
	}{
		{"a natural 10's Shock over a higher FFAR that does nothing", func(g *Game) {
			u(g, "T1", German, AFV, "C5", 0, av(8, -1))
		}, [][2]string{{"at T1 -4", "at T1 +1"}}, [2]int{10, 6}, []string{"T1 Shocked"}, []string{"no effect on T1"}},
		{"a kill with Collateral Damage over a higher FFAR's kill without", func(g *Game) {
			u(g, "T1", German, AFV, "C5", 0, av(5, -1))
			u(g, "GG", German, TowedGun, "C5", 5)
		}, [][2]string{{"at T1 +5", "at T1 +0 atv 2"}}, [2]int{9, 6}, []string{"T1 Destroyed", "Collateral Damage", "GG Destroyed"}, nil},
		{"anti-tank kill over a mortar's Shock", func(g *Game) {
			u(g, "T1", German, AFV, "C5", 0, av(5, -1))
		}, [][2]string{{"mortar +0 mv 2", "at T1 +0"}}, [2]int{10, 9}, []string{"T1 Destroyed"}, []string{"T1 Shocked"}},
		{"a Fighting Position Destroyed by anti-tank fire is not Disrupted by small arms too", func(g *Game) {
			u(g, "T1", "US", FP, "C5", 5, av(2, -1))
		}, [][2]string{{"sa +2", "at T1 +0"}}, [2]int{6, 5}, []string{"T1 Destroyed", "IP in C5"}, []string{"T1 Disrupted"}},
		{"a Fighting Position Disrupted by small arms, anti-tank fire doing nothing", func(g *Game) {
			u(g, "T1", "US", FP, "C5", 5, av(2, -1))
		}, [][2]string{{"sa +2", "at T1 +0"}}, [2]int{6, 1}, []string{"T1 Disrupted"}, []string{"no effect on T1"}},
		{"a mortar's Shock over anti-tank fire that does nothing, said once", func(g *Game) {
			u(g, "T1", German, AFV, "C5", 0, av(5, -1))
		}, [][2]string{{"mortar +0 mv 2", "at T1 +0"}}, [2]int{10, 4}, []string{"T1 Shocked"}, []string{"no effect on T1"}},
	} {
		for _, o := range c.orders {
			for swap, ms := range [][2]string{o, {o[1], o[0]}} {
				faces := []int{c.faces[0], c.faces[1]}
				if swap == 1 {
					faces = []int{c.faces[1], c.faces[0]}
				}
				g := &Game{Map: NewMap(12, 10), Turn: 1}
				c.setup(g)
				line := "fire C5: " + ms[0] + ", " + ms[1]
				rep, err := g.Apply(line, &dice.Script{Values: faces})
				if err != nil {
					t.Fatalf("%s: %s: %v", c.name, line, err)
				}
				keys := rep.Keys()
				for _, w := range c.want {
					if !slices.Contains(keys, w) {
						t.Errorf("%s: %s with %v: facts %q, want %q", c.name, line, faces, keys, w)
					}
				}
				for _, w := range c.not {
					if slices.Contains(keys, w) {
						t.Errorf("%s: %s with %v: facts %q, not %q", c.name, line, faces, keys, w)
					}
				}
				if n := resultFacts(keys, "T1"); n != 1 {
					t.Errorf("%s: %s with %v: facts %q give T1 %d results", c.name, line, faces, keys, n)
				}
			}
		}
	}
}
