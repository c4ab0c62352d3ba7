package lhy

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestReadingsTable: every reading has a key in kebab case, a rule, both answers and a reason;
// the keys are unique and parse back (any case); a set's default and other answers are
// independent bits.
func TestReadingsTable(t *testing.T) {
	seen := map[string]bool{}
	for r := range NumReadings {
		row := Readings[r]
		if row.Key == "" || row.Key != strings.ToLower(row.Key) || strings.ContainsAny(row.Key, " _") {
			t.Errorf("reading %d: key %q is not kebab case", r, row.Key)
		}
		if row.Rule == "" || row.Default == "" || row.Other == "" || row.Why == "" {
			t.Errorf("%s: a field is empty: %+v", row.Key, row)
		}
		if seen[row.Key] {
			t.Errorf("%s: twice", row.Key)
		}
		seen[row.Key] = true
		if got, err := ParseReading(strings.ToUpper(row.Key)); err != nil || got != r {
			t.Errorf("ParseReading(%q) = %v, %v", row.Key, got, err)
		}
		var s ReadingSet
		if !s.Default(r) || s.With(r, true).Default(r) || !s.With(r, true).With(r, false).Default(r) {
			t.Errorf("%s: the set does not keep its answer", row.Key)
		}
		for o := range NumReadings {
			if o != r && !s.With(r, true).Default(o) {
				t.Errorf("%s: answering it changes %s", row.Key, Readings[o].Key)
			}
		}
	}
	if _, err := ParseReading("leader-loss"); err == nil || !strings.Contains(err.Error(), "leader-loss-roll-only") {
		t.Errorf("an unknown key: %v, want an error listing the keys", err)
	}
	for v, other := range map[string]bool{"yes": false, "True": false, "no": true, "false": true} {
		if got, err := ParseReadingValue(v); err != nil || got != other {
			t.Errorf("ParseReadingValue(%q) = %v, %v", v, got, err)
		}
	}
	if _, err := ParseReadingValue("maybe"); err == nil {
		t.Error("maybe is not an answer")
	}
}

// TestReadingsDocumented: docs/lhy-scenarios.md lists every reading in its Readings table, by
// key and rule.
func TestReadingsDocumented(t *testing.T) {
	data, err := os.ReadFile("../docs/lhy-scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for r := range NumReadings {
		row := Readings[r]
		if !strings.Contains(doc, "| `"+row.Key+"` | "+row.Rule+" |") {
			t.Errorf("docs/lhy-scenarios.md has no Readings row for %s (%s)", row.Key, row.Rule)
		}
	}
}

// TestReadingsDecide: each reading, played by default and then the other way on the same
// situation and dice, gives the result its row describes, and the step's text names the reading
// ([default: KEY] or [reading: KEY: no]) where it decided something. The texts of the other
// answer never claim the default, and the default's never the other.
func TestReadingsDecide(t *testing.T) {
	for _, c := range []struct {
		r       Reading
		setup   func(g *Game)
		line    string
		dice    []int
		def     []string // facts by default
		other   []string // facts under the other reading
		notDef  []string // facts the default must not give
		notOthr []string // facts the other reading must not give
	}{
		{LeaderLossRollOnly, func(g *Game) {
			u(g, "A1", German, Squad, "C6", 7)
			u(g, "U1", "US", Squad, "C5", 4)
			u(g, "L2", "US", Leader, "C5", 7)
		}, "assault C5 A1", []int{5, 3},
			[]string{"U1 Casualty", "L2 must retreat"}, []string{"U1 Casualty", "L2 eliminated"},
			[]string{"L2 eliminated"}, []string{"L2 must retreat"}},
		{UrbanAssaultStacks, func(g *Game) {
			u(g, "A1", German, Squad, "C6", 7)
			u(g, "U1", "US", Squad, "C5", 5)
			u(g, "U2", "US", Squad, "C5", 4)
			g.Map.Hexes[Hex{X: 2, Y: 5}] = HexInfo{Terrain: UrbanBuilding}
		}, "assault C5 A1", []int{7, 3},
			[]string{"U1 eliminated", "U2 Casualty"}, []string{"U1 Casualty", "U1 must retreat", "U2 Casualty"},
			nil, []string{"U1 eliminated"}},
		{FireCheckUndisruptedOnly, func(g *Game) {
			u(g, "U1", "US", Squad, "C5", 5)
			u(g, "U2", "US", Squad, "C5", 6, disrupted)
		}, "fire C5: sa +2", []int{5, 8},
			[]string{"U1 Disrupted"}, []string{"U1 Disrupted", "U2 fails Cohesion Check", "U2 Casualty"},
			[]string{"U2 fails Cohesion Check"}, nil},
		{MotionLowersAV, func(g *Game) {
			u(g, "T1", "US", AFV, "C5", 0, av(5, -1), motion)
		}, "fire C5: at T1 +0", []int{4},
			[]string{"T1 Shocked"}, []string{"no effect on T1"}, nil, []string{"T1 Shocked"}},
		{OpenTerrainCDPerVehicle, func(g *Game) {
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
			u(g, "V2", "US", Truck, "C5", 0, av(0, -1))
			u(g, "U1", "US", Squad, "C5", 5)
			u(g, "U2", "US", Squad, "C5", 4)
		}, "fire C5: at V1 +2 atv 1, at V2 +2 atv 1", []int{5, 6, 1},
			[]string{"U1 Disrupted", "U2 Disrupted"}, []string{"U1 Disrupted"}, nil, []string{"U2 Disrupted"}},
		{AttackLimitRefused, func(g *Game) {
			u(g, "A1", German, Squad, "C6", 6)
			u(g, "A2", German, Squad, "C6", 5)
			u(g, "A3", German, Section, "C6", 8)
			u(g, "U1", "US", Squad, "C5", 5)
		}, "assault C5 A1 A2 A3", []int{8, 4},
			nil, []string{"row 6-9", "U1 Casualty"}, nil, nil},
	} {
		key := Readings[c.r].Key
		for _, other := range []bool{false, true} {
			g := &Game{Map: NewMap(12, 10), Turn: 1}
			c.setup(g)
			g.Readings = g.Readings.With(c.r, other)
			before := g.Clone()
			rep, err := g.Apply(c.line, &dice.Script{Values: c.dice})
			want, not, tag, wrong := c.def, c.notDef, "[default: "+key+"]", "[reading: "+key+": no]"
			if other {
				want, not, tag, wrong = c.other, c.notOthr, wrong, tag
			}
			if c.r == AttackLimitRefused && !other {
				// The default refuses, citing the rule and the reading, and changes nothing.
				r, ok := err.(*Refusal)
				if !ok || r.Rule != "14.0" || !strings.Contains(r.Msg, tag) {
					t.Errorf("%s: got %v, want a 14.0 refusal naming %s", key, err, tag)
				}
				if !reflect.DeepEqual(before, g) {
					t.Errorf("%s: refused, but the game changed", key)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s (other %v): %v", key, other, err)
				continue
			}
			keys := strings.Join(rep.Keys(), "; ")
			for _, k := range want {
				if !hasKey(rep, k) {
					t.Errorf("%s (other %v): no %q in %s", key, other, k, keys)
				}
			}
			for _, k := range not {
				if hasKey(rep, k) {
					t.Errorf("%s (other %v): %q in %s", key, other, k, keys)
				}
			}
			var text strings.Builder
			for _, e := range rep.Events {
				text.WriteString(e.Text + "\n")
			}
			if !strings.Contains(text.String(), tag) || strings.Contains(text.String(), wrong) {
				t.Errorf("%s (other %v): the texts should name %s and not %s:\n%s", key, other, tag, wrong, text.String())
			}
		}
	}
}

func hasKey(rep *Report, k string) bool {
	for _, x := range rep.Keys() {
		if x == k {
			return true
		}
	}
	return false
}

// TestReadingsOddsAgree: under every reading answered the other way, the odds of the test
// games' steps are still the enumeration's.
func TestReadingsOddsAgree(t *testing.T) {
	for _, tc := range testGames() {
		if tc.big {
			continue
		}
		g := tc.g.Clone()
		for r := range NumReadings {
			g.Readings = g.Readings.With(r, true)
		}
		for _, step := range tc.steps {
			checkAgainstOracle(t, tc.name+" (every other reading)", g, step)
		}
	}
}
