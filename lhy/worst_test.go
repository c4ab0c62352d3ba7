package lhy

import (
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
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

	// Two vehicles that may both be Destroyed, said in either order as the markers come: a
	// Carrier in Motion, an AFV carrying a leader, an MG on foot (found by TestInvariantsLHY,
	// whose comparison added up nothing: an outcome said in two orders must count once).
	two := mk()
	u(two, "T1", Russian, Carrier, "C5", 0, av(1, 0), motion)
	u(two, "T2", Russian, AFV, "C5", 5, av(2, 1))
	u(two, "L1", Russian, Leader, "C5", 7, rides("T2"))
	u(two, "M1", Russian, MG, "C5", 7)
	two.Map.Hexes[Hex{X: 2, Y: 5}] = HexInfo{IP: true}

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
		{"two vehicles Destroyed", two, "C5", []string{"mortar +5 mv 2", "at T1 +1 atv 1", "at T2 +0 enfilade"}},
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
// another order, but never with another chance. Outcomes whose facts differ only in their
// order (two vehicles Destroyed, said in either order) are one, their chances added.
func byFacts(o *Odds) map[string]string {
	sum := map[string]*big.Rat{}
	for _, x := range o.Outcomes {
		k := slices.Clone(x.Keys)
		slices.Sort(k)
		key := strings.Join(k, "; ")
		if sum[key] == nil {
			sum[key] = new(big.Rat)
		}
		sum[key].Add(sum[key], x.P)
	}
	out := make(map[string]string, len(sum))
	for k, p := range sum {
		out[k] = p.RatString()
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

// resultFacts counts the facts of keys that give unit id a result of fire: Destroyed, Shocked,
// eliminated, a Casualty, Disrupted, Regrouping, its Concealment lost, or no effect (a "no
// effect on" fact may name several units).
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
		for _, r := range []string{" Destroyed", " Shocked", " Disrupted", " Casualty", " eliminated", " Regrouping", " loses Concealment"} {
			if k == id+r {
				n++
			}
		}
	}
	return n
}

// twoResults names the first unit of g that keys give two results, or "".
func twoResults(g *Game, keys []string) string {
	for i := range g.Units {
		if resultFacts(keys, g.Units[i].ID) > 1 {
			return g.Units[i].ID
		}
	}
	return ""
}

// assaultClash names the first unit of g whose facts in rep are no single Assault result, and
// why, or "". An Assault's result is its row, whose columns apply together (14.3; see
// docs/lhy-scenarios.md, "An Assault is one roll read on one row"): a loser may lose its
// Concealment, take a Casualty, Disrupt and fail its check, all as parts of one result. What
// no row gives a unit is "no effect" beside a result, a Disruption, Regrouping or Shock twice,
// anything once it is eliminated or Destroyed, more than one Urban Assault Casualty (14.3.1),
// or more steps lost to the row than its one Casualty column and its failed Cohesion Checks
// (each failure costing a Disrupted unit, or a Japanese or Russian one, a step) can take.
func assaultClash(g *Game, rep *Report) (string, string) {
	results := []string{" Destroyed", " Shocked", " Disrupted", " Casualty", " eliminated", " Regrouping", " loses Concealment"}
	for i := range g.Units {
		id := g.Units[i].ID
		seen := map[string]int{}
		gone, noEffect, hit := false, false, false
		lost, urban, fails := 0, 0, 0
		for _, e := range rep.Events {
			k := e.Key
			if rest, ok := strings.CutPrefix(k, "no effect on "); ok && slices.Contains(strings.Split(rest, ", "), id) {
				noEffect = true
				continue
			}
			if k == id+" fails Cohesion Check" {
				fails++
			}
			for _, r := range results {
				if k != id+r {
					continue
				}
				if gone {
					return id, fmt.Sprintf("%q after it was removed", k)
				}
				hit = true
				seen[r]++
				if (r == " Disrupted" || r == " Regrouping" || r == " Shocked") && seen[r] > 1 {
					return id, fmt.Sprintf("%q twice", k)
				}
				gone = r == " Destroyed" || r == " eliminated"
				if r == " Casualty" || gone {
					if e.Rule == "14.3.1" {
						urban++
					} else {
						lost++
					}
				}
			}
		}
		switch {
		case noEffect && hit:
			return id, "\"no effect\" beside a result"
		case urban > 1:
			return id, fmt.Sprintf("%d Urban Assault Casualties", urban)
		case lost > 1+fails:
			return id, fmt.Sprintf("%d steps lost to the row with %d Cohesion Checks failed", lost, fails)
		}
	}
	return "", ""
}

// footGames are fires where small arms or a mortar and Collateral Damage may both reach a unit
// on foot or a Rider, in open terrain without an IP (13.3.7).
func footGames() []struct {
	name string
	g    *Game
	line string
} {
	mk := func() *Game { return &Game{Map: NewMap(12, 10), Turn: 1} }
	open := mk() // U1 told "no effect" by small arms, then Disrupted by Collateral Damage
	u(open, "V1", "US", Truck, "C5", 0, av(0, -1))
	u(open, "U1", "US", Squad, "C5", 6)
	rider := mk() // R1 hit by small arms as a Rider, then Disrupted again as V1's Rider
	u(rider, "V1", "US", Truck, "C5", 0, av(0, -1))
	u(rider, "R1", "US", Squad, "C5", 6, rides("V1"))
	u(rider, "U1", "US", Section, "C5", 4)
	gun := mk() // GG selected by small arms, then Destroyed by Collateral Damage
	u(gun, "V1", German, Truck, "C5", 0, av(0, -1))
	u(gun, "GG", German, TowedGun, "C5", 5)
	jr := mk() // Japanese: a Casualty from small arms, Regrouping from Collateral Damage
	u(jr, "V1", Japanese, Truck, "C5", 0, av(0, -1))
	u(jr, "J1", Japanese, Squad, "C5", 6, concealed)
	u(jr, "J2", Japanese, Squad, "C5", 5, rides("V1"))
	fp := mk() // a Fighting Position in the open beside a truck
	u(fp, "V1", "US", Truck, "C5", 0, av(0, -1))
	u(fp, "F1", "US", FP, "C5", 5, av(2, -1))
	mortar := mk() // a mortar's natural 10 Destroys the truck: Collateral Damage in the open
	u(mortar, "V1", "US", Truck, "C5", 0, av(0, -1))
	u(mortar, "U1", "US", Squad, "C5", 5, concealed)
	u(mortar, "U2", "US", Squad, "C5", 4)
	return []struct {
		name string
		g    *Game
		line string
	}{
		{"open terrain after no effect", open, "fire C5: sa +0, at V1 +2 atv 1"},
		{"a Rider hit twice", rider, "fire C5: sa +3, at V1 +2 atv 1"},
		{"a Towed Gun", gun, "fire C5: sa +2, at V1 +3 atv 1"},
		{"Japanese", jr, "fire C5: sa +1, at V1 +3 atv 2"},
		{"a Fighting Position", fp, "fire C5: sa +1, at F1 +0, at V1 +3 atv 1"},
		{"a mortar's natural 10", mortar, "fire C5: mortar +0 mv 2, sa +0"},
	}
}

// TestOneResultPerUnit: no outcome of a fire, in the odds or in play, gives any unit two
// results (rules-notes 2.4: each unit suffers only its single most detrimental result, and
// Collateral Damage comes once, at the end of the fire): not a vehicle ("T1 Shocked; T1
// Destroyed"), not a Fighting Position ("F1 Disrupted; F1 Destroyed"), not a unit on foot ("no
// effect on U1; U1 Disrupted", "U1 loses Concealment; U1 Disrupted"), not a Rider ("R1
// Disrupted; R1 Casualty"). Tried on the anti-tank games in every order of their markers, on
// the fires of the test games and of footGames, and on random fires of random scenes.
func TestOneResultPerUnit(t *testing.T) {
	check := func(name, line string, g *Game, oracle bool) {
		t.Helper()
		o, err := g.Odds(line)
		if err != nil {
			return
		}
		if o.Total().Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: %s: outcomes sum to %s", name, line, o.Total().RatString())
		}
		for _, x := range o.Outcomes {
			if id := twoResults(g, x.Keys); id != "" {
				t.Errorf("%s: %s: outcome %q (%s) gives %s two results", name, line, x.Keys, x.P.RatString(), id)
			}
		}
		if oracle {
			checkAgainstOracle(t, name, g, line)
		}
	}
	for _, c := range antiTankGames() {
		for _, order := range permutations(c.markers) {
			check(c.name, "fire "+c.hex+": "+strings.Join(order, ", "), c.g, false)
		}
	}
	for _, tc := range testGames() {
		for _, step := range tc.steps {
			if strings.HasPrefix(step, "fire") {
				check(tc.name, step, tc.g, false)
			}
		}
	}
	for _, c := range footGames() {
		check(c.name, c.line, c.g, true)
	}
	// Random scenes and fires (the fuzzer's), played with random dice as well.
	games := testGames()
	rng := rand.New(rand.NewPCG(13, 29))
	src := dice.NewSeeded(13)
	tried := 0
	for range 400 {
		base := rng.IntN(len(games))
		g := games[base].g.Clone()
		m := *g.Map
		m.Hexes = maps.Clone(g.Map.Hexes)
		g.Map = &m
		scene := make([]byte, 4+rng.IntN(12))
		for i := range scene {
			scene[i] = byte(rng.IntN(256))
		}
		c := &fuzzBytes{b: scene}
		c.changeScene(g)
		line := c.step(g)
		a, err := Parse(g, line)
		if err != nil || a.Verb != "fire" || len(g.In(a.Hex)) > 7 {
			continue
		}
		if o, err := g.OddsOf(a); err != nil || o.Paths > 20000 {
			continue
		}
		tried++
		name := fmt.Sprintf("%s %v", games[base].name, scene)
		check(name, line, g, false)
		for range 5 {
			p := g.Clone()
			rep, err := p.Apply(line, src)
			if err != nil {
				break
			}
			if id := twoResults(p, rep.Keys()); id != "" {
				t.Errorf("%s: %s played: facts %q give %s two results", name, line, rep.Keys(), id)
			}
		}
	}
	if tried < 100 {
		t.Errorf("only %d random fires tried", tried)
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

// TestFootUnitOneResult: played with scripted dice, a unit on foot or a Rider that small arms and
// Collateral Damage both reach suffers, and is told, only the more detrimental of the two
// (rules-notes 2.4): a second Disruption in the same fire is no Casualty, and a "no effect" is
// not said of a unit Collateral Damage then Disrupts.
func TestFootUnitOneResult(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(g *Game)
		line  string
		dice  []int
		want  []string
		not   []string
		id    string
		state func(x *Unit) bool // the unit id after the fire
	}{
		{"no effect, then Disrupted in the open", func(g *Game) {
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
			u(g, "U1", "US", Squad, "C5", 6)
		}, "fire C5: sa +0, at V1 +2 atv 1", []int{3, 5},
			[]string{"V1 Destroyed", "Collateral Damage", "U1 Disrupted"}, []string{"no effect on U1"},
			"U1", func(x *Unit) bool { return x.Disrupted && x.Steps == 2 }},
		{"a Rider Disrupted by small arms, Disrupted again by Collateral Damage", func(g *Game) {
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
			u(g, "R1", "US", Squad, "C5", 6, rides("V1"))
			u(g, "U1", "US", Section, "C5", 4)
		}, "fire C5: sa +3, at V1 +2 atv 1", []int{5, 5, 2, 3},
			[]string{"V1 Destroyed", "R1 Disrupted", "R1 passes Cohesion Check", "U1 Disrupted"}, []string{"R1 Casualty"},
			"R1", func(x *Unit) bool { return x.Disrupted && x.Steps == 2 && x.Rider == "" }},
		{"a Casualty by small arms, then the open-terrain Disruption", func(g *Game) {
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
			u(g, "U1", "US", Squad, "C5", 4)
		}, "fire C5: mortar +0 mv 2", []int{10},
			[]string{"V1 Destroyed", "U1 Casualty"}, []string{"U1 Disrupted"},
			"U1", func(x *Unit) bool { return !x.Disrupted && x.Steps == 1 }},
		{"a Towed Gun Disrupted by small arms, Destroyed by Collateral Damage", func(g *Game) {
			u(g, "V1", German, Truck, "C5", 0, av(0, -1))
			u(g, "GG", German, TowedGun, "C5", 5)
		}, "fire C5: sa +2, at V1 +3 atv 1", []int{6, 5},
			[]string{"V1 Destroyed", "GG Destroyed"}, []string{"GG Disrupted"},
			"GG", func(x *Unit) bool { return x.Eliminated }},
		{"Concealment lost and Disrupted: one line", func(g *Game) {
			u(g, "U1", "US", Squad, "C5", 4, concealed)
		}, "fire C5: sa +1", []int{5},
			[]string{"U1 Disrupted"}, []string{"U1 loses Concealment"},
			"U1", func(x *Unit) bool { return x.Disrupted && !x.Concealed }},
	} {
		g := &Game{Map: NewMap(12, 10), Turn: 1}
		c.setup(g)
		rep, err := g.Apply(c.line, &dice.Script{Values: c.dice})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		keys := rep.Keys()
		for _, w := range c.want {
			if !slices.Contains(keys, w) {
				t.Errorf("%s: facts %q, want %q", c.name, keys, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(keys, w) {
				t.Errorf("%s: facts %q, not %q", c.name, keys, w)
			}
		}
		if id := twoResults(g, keys); id != "" {
			t.Errorf("%s: facts %q give %s two results", c.name, keys, id)
		}
		if i, _ := g.Unit(c.id); !c.state(&g.Units[i]) {
			t.Errorf("%s: %s is %s after the fire", c.name, c.id, g.Units[i].Status())
		}
	}
}
