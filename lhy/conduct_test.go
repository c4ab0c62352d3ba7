package lhy

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// verbFixture is a game in which unit X, in good order, may take the verb's step line (after
// the steps before, played with dice), and the dice the line itself rolls.
type verbFixture struct {
	g      func() *Game
	before []string
	prep   []int // the dice of the steps before
	line   string
	dice   []int
}

// verbFixtures: one per verb of the table States.
func verbFixtures() map[Verb]verbFixture {
	mk := func() *Game { return &Game{Map: NewMap(12, 10), Turn: 1} }
	// X fires on, or goes into, the German squad E in C5.
	attacker := func() *Game {
		g := mk()
		u(g, "X", "US", Squad, "C6", 6)
		u(g, "Y", "US", Squad, "C6", 6)
		u(g, "E", German, Squad, "C5", 5)
		return g
	}
	// X (9) defends C5 against A (3) and the halftrack H: -3, d10 1 makes -2, row <=-2: the
	// defender may Advance and attempt a Vehicle Destruction.
	winner := func() *Game {
		g := mk()
		u(g, "X", "US", Squad, "C5", 9)
		u(g, "A", German, Squad, "C6", 3)
		u(g, "H", German, HT, "C6", 0, av(1, -1))
		return g
	}
	// X (3) defends C5 against A (9): +3, d10 5 makes 8, row 6-9: X takes a Casualty, passes its
	// Cohesion Check (d10 1) and must retreat 2-4 hexes.
	loser := func() *Game {
		g := mk()
		u(g, "X", "US", Squad, "C5", 3)
		u(g, "A", German, Squad, "C6", 9)
		return g
	}
	alone := func() *Game {
		g := mk()
		u(g, "X", "US", Squad, "C5", 6)
		return g
	}
	return map[Verb]verbFixture{
		VerbFire:      {g: attacker, line: "fire C5: sa +1 by X", dice: []int{1}},
		VerbAssault:   {g: attacker, line: "assault C5 X", dice: []int{5, 5, 5, 5, 5}},
		VerbReinforce: {g: attacker, before: []string{"declare C5 Y"}, line: "reinforce C5 X"},
		VerbAdvance:   {g: winner, before: []string{"assault C5 A H"}, prep: []int{1}, line: "advance X C4"},
		VerbVDA:       {g: winner, before: []string{"assault C5 A H"}, prep: []int{1}, line: "vda X H", dice: []int{1}},
		VerbRecover:   {g: alone, line: "recover X", dice: []int{1}},
		VerbWithdraw:  {g: alone, line: "withdraw X C4"},
		VerbRetreat:   {g: loser, before: []string{"assault C5 A"}, prep: []int{5, 1}, line: "retreat X C4 C3"},
	}
}

// putIn puts unit x in state s.
func putIn(x *Unit, s UnitState) {
	switch s {
	case Disrupted:
		x.Disrupted = true
	case Regrouping:
		x.Regrouping = true
	case Shocked:
		x.Shocked = true
	case FPState:
		x.Kind, x.Steps, x.Full = FP, 1, 1
	}
}

// TestStateTable: every (state x verb) cell, played through the verb's own step: a unit in a
// state the rules bar from the verb is refused under the rule line the cell names, and the
// refusal changes nothing; a unit the state leaves free takes the step. The expectations are
// the rule texts': 14.0 (not Disrupted, Regrouping or Shocked), 14.3.2 (an undisrupted unit),
// the Regrouping line of 14.3 (only small arms at an adjacent hex, Recover or Withdraw),
// 13.3.5 (Shocked: only Recover), 14.3.3 (a Shocked AFV or an FP that loses is eliminated),
// rules-notes 2.3 (Advance: only a unit eligible for an Assault; an FP never moves) and 2.5
// (Recovery is a Disrupted unit's roll).
func TestStateTable(t *testing.T) {
	for _, b := range stateTableMismatches() {
		t.Error(b)
	}
}

// stateTableMismatches plays every (state x verb) cell of TestStateTable and returns every
// disagreement with the rule texts, one line each (TestMutationCharts reads it too).
func stateTableMismatches() (bad []string) {
	badf := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	ok := ""
	want := map[UnitState][NumVerbs]string{
		GoodOrder:  {VerbFire: ok, VerbAssault: ok, VerbReinforce: ok, VerbAdvance: ok, VerbVDA: ok, VerbRecover: "rules-notes 2.5", VerbWithdraw: ok, VerbRetreat: ok},
		Disrupted:  {VerbFire: "rules-notes 2.3", VerbAssault: "14.0", VerbReinforce: "14.0", VerbAdvance: "rules-notes 2.3", VerbVDA: "14.3.2", VerbRecover: ok, VerbWithdraw: ok, VerbRetreat: ok},
		Regrouping: {VerbFire: ok, VerbAssault: "14.0", VerbReinforce: "14.0", VerbAdvance: "rules-notes 2.3", VerbVDA: "14.3", VerbRecover: ok, VerbWithdraw: ok, VerbRetreat: ok},
		Shocked:    {VerbFire: "13.3.5", VerbAssault: "14.0", VerbReinforce: "14.0", VerbAdvance: "rules-notes 2.3", VerbVDA: "13.3.5", VerbRecover: ok, VerbWithdraw: "13.3.5", VerbRetreat: "14.3.3"},
		// An FP in good order: nothing to recover from.
		FPState: {VerbFire: ok, VerbAssault: "rules-notes 2.3", VerbReinforce: "rules-notes 2.3", VerbAdvance: "rules-notes 2.3", VerbVDA: ok, VerbRecover: "rules-notes 2.5", VerbWithdraw: "rules-notes 2.3", VerbRetreat: "14.3.3"},
	}
	fx := verbFixtures()
	for s := range NumStates {
		for v := range NumVerbs {
			f, found := fx[v]
			if !found {
				badf("no fixture for verb %s", v)
				continue
			}
			g := f.g()
			src := &dice.Script{Values: f.prep}
			for _, l := range f.before {
				if _, err := g.Apply(l, src); err != nil {
					badf("%s, %s: the step before, %s: %v", s, v, l, err)
				}
			}
			x, _ := g.Unit("X")
			putIn(&g.Units[x], s)
			before := g.Clone()
			_, err := g.Apply(f.line, &dice.Script{Values: f.dice})
			rule := want[s][v]
			if rule == ok {
				if err != nil {
					badf("%s, %s: %s refused: %v", s, v, f.line, err)
				}
				continue
			}
			// A cell that allows leaves the refusal to another state the unit is in: an FP in
			// good order has nothing to recover from.
			by := s
			if States[s][v].Leave == Allowed {
				by = GoodOrder
			}
			r, isRefusal := err.(*Refusal)
			switch {
			case !isRefusal:
				badf("%s, %s: %s: %v, want a refusal under %s", s, v, f.line, err, rule)
				continue
			case r.Rule != rule:
				badf("%s, %s: %s refused under %s (%s), want %s", s, v, f.line, r.Rule, r.Msg, rule)
			case r.Rule != States[by][v].Rule:
				badf("%s, %s: refused under %s, but the table's cell names %s", s, v, r.Rule, States[by][v].Rule)
			case !strings.Contains(r.Msg, "X is "+by.String()):
				badf("%s, %s: refusal %q does not name the state", s, v, r.Msg)
			}
			if !reflect.DeepEqual(before, g) {
				badf("%s, %s: refused, but the game changed", s, v)
			}
		}
	}
	return bad
}

// TestRegroupingFiresOnlyAdjacent: the one cell that depends on the hex: a Regrouping firer two
// hexes away is refused (14.3), and nothing changes.
func TestRegroupingFiresOnlyAdjacent(t *testing.T) {
	g := &Game{Map: NewMap(12, 10), Turn: 1}
	u(g, "X", "US", Squad, "C7", 6, func(x *Unit) { x.Regrouping = true })
	u(g, "E", German, Squad, "C5", 5)
	before := g.Clone()
	_, err := g.Apply("fire C5: sa +1 by X", &dice.Script{Values: []int{1}})
	if r, ok := err.(*Refusal); !ok || r.Rule != "14.3" || !strings.Contains(r.Msg, "X is Regrouping: it fires small arms only at an adjacent hex") {
		t.Errorf("%v, want a 14.3 refusal", err)
	}
	if !reflect.DeepEqual(before, g) {
		t.Error("refused, but the game changed")
	}
}

// TestStateTableComplete: every cell names its rule line, and every cell that bars says why.
func TestStateTableComplete(t *testing.T) {
	for s := range NumStates {
		for v := range NumVerbs {
			c := States[s][v]
			if c.Rule == "" {
				t.Errorf("%s, %s: no rule line", s, v)
			}
			if c.Leave != Allowed && c.Why == "" {
				t.Errorf("%s, %s: bars with no reason", s, v)
			}
		}
	}
}

// stateBars says which unit a step taken on before acted as its state forbids (States), or "".
// TestInvariantsLHY holds every step of its random games to it too.
func stateBars(before *Game, a Action) string {
	idx, v, at, ok := actors(a)
	if !ok {
		return ""
	}
	for _, i := range idx {
		x := &before.Units[i]
		for s := range NumStates {
			c := States[s][v]
			if s.Holds(x) && (c.Leave == Barred || c.Leave == AdjacentOnly && !x.At.Adjacent(at)) {
				return fmt.Sprintf("%s is %s (%s: %s)", x.ID, s, c.Rule, c.Why)
			}
		}
	}
	return ""
}

// actors are the units a step names as acting, with the verb each takes and the hex it aims at.
func actors(a Action) (idx []int, v Verb, at Hex, ok bool) {
	switch a.Verb {
	case "fire":
		for _, m := range a.Markers {
			idx = append(idx, m.By...)
		}
		return idx, VerbFire, a.Hex, true
	case "assault", "declare":
		return a.Units, VerbAssault, a.Hex, true
	case "reinforce":
		return a.Units, VerbReinforce, a.Hex, true
	case "advance":
		return []int{a.Unit}, VerbAdvance, a.Hex, true
	case "vda":
		return []int{a.Unit}, VerbVDA, at, true
	case "recover":
		return []int{a.Unit}, VerbRecover, at, true
	case "withdraw":
		return []int{a.Unit}, VerbWithdraw, at, true
	case "retreat":
		return []int{a.Unit}, VerbRetreat, at, true
	}
	return nil, 0, at, false
}

// TestGateInvariant: over random sequences of steps on games whose units are in every state,
// no step the referee accepts has a unit act as its state forbids (States): every verb passes
// its actors through the one gate. A refused step changes nothing.
func TestGateInvariant(t *testing.T) {
	mk := func() *Game {
		g := &Game{Map: NewMap(12, 10), Turn: 1}
		u(g, "A1", German, Squad, "C6", 6)
		u(g, "A2", German, Squad, "D5", 5, disrupted)
		u(g, "A3", Japanese, Squad, "C7", 7, func(x *Unit) { x.Regrouping = true })
		u(g, "A4", German, AFV, "B6", 0, av(3, 2), func(x *Unit) { x.Shocked = true })
		u(g, "A5", German, FP, "D6", 5, av(2, -1))
		u(g, "A6", German, HT, "C6", 0, av(1, -1))
		u(g, "A7", German, AFV, "D6", 0, av(3, 2))
		u(g, "D1", "US", Squad, "C5", 9)
		u(g, "D2", "US", Squad, "C5", 4, func(x *Unit) { x.Regrouping = true })
		u(g, "D3", "US", AFV, "C5", 0, av(4, 1), func(x *Unit) { x.Shocked = true })
		u(g, "D4", "US", FP, "C5", 6, av(2, -1))
		u(g, "D5", "US", Squad, "C4", 6, disrupted)
		c5, _ := g.Map.Parse("C5")
		g.Map.Hexes[c5] = HexInfo{Terrain: RuralBuilding}
		return g
	}
	ids := []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "D1", "D2", "D3", "D4", "D5"}
	hexes := []string{"C4", "C5", "C6", "C7", "D5", "D6", "B6", "C3", "C2", "C1", "B4", "B5"}
	rng := rand.New(rand.NewPCG(29, 9))
	src := dice.NewSeeded(29)
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	line := func() string {
		switch rng.IntN(10) {
		case 0:
			return "assault " + pick(hexes) + " " + pick(ids)
		case 1:
			return "assault C5 A1 " + pick(ids)
		case 2:
			return "fire " + pick(hexes) + ": sa +1 by " + pick(ids)
		case 3:
			return "advance " + pick(ids) + " " + pick(hexes)
		case 4:
			return "vda " + pick(ids) + " " + pick(ids)
		case 5:
			return "recover " + pick(ids)
		case 6:
			return "withdraw " + pick(ids) + " " + pick(hexes)
		case 7:
			return "retreat " + pick(ids) + " " + pick(hexes) + " " + pick(hexes)
		case 8:
			return "advance " + pick(ids[7:]) + " " + pick([]string{"C4", "B4", "B5", "D4", "D5"})
		}
		return "declare C5 A1"
	}
	accepted := 0
	for game := range 200 {
		g := mk()
		if game%2 == 0 {
			// Cohesion 6 vs 9: -3, Rural bldg -1, Regrouping D2 +1; d10 1 makes -2, row <=-2: the
			// defenders in C5 may Advance and attempt a Vehicle Destruction on A7.
			if _, err := g.Apply("assault C5 A1 A7", &dice.Script{Values: []int{1}, Then: src}); err != nil {
				t.Fatal(err)
			}
		}
		for range 12 {
			l := line()
			before := g.Clone()
			a, err := Parse(before, l)
			if err != nil {
				continue
			}
			_, err = g.Apply(l, src)
			if err != nil {
				if !reflect.DeepEqual(before, g) {
					t.Fatalf("game %d: %q refused (%v), but the game changed", game, l, err)
				}
				continue
			}
			accepted++
			if msg := stateBars(before, a); msg != "" {
				t.Errorf("game %d: %q accepted, but %s", game, l, msg)
			}
		}
	}
	if accepted < 100 {
		t.Errorf("only %d steps accepted: the invariant was hardly tried", accepted)
	}
}
