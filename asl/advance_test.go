package asl_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// columnCase is a German Column K1 on board 3 (and any other units) playing lines; the last
// line may be refused citing rule, and a refused line must leave the game exactly as it was.
type columnCase struct {
	name  string
	map_  string   // the map's lines besides boards, e.g. "terrain: {M2: woods}"
	units []string // unit lines, lead first; K1 is every German unit listed before "-"
	lines []string
	rule  string            // the last line's refusal, or ""
	at    map[string]string // where units stand at the end
	event string            // an event the last line reports
}

// columnUnits is the usual Column: S1 (lead) in 3M3, S2 in 3M4, S3 in 3M5.
var columnUnits = []string{"S1 M3", "S2 M4", "S3 M5"}

func (c columnCase) game(t *testing.T) *asl.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("name: test\nruleset: asl\nseed: 1\nphasing: German\nmap:\n  boards: [\"3\"]\n")
	if c.map_ != "" {
		b.WriteString("  " + c.map_ + "\n")
	}
	b.WriteString("units:\n")
	var column []string
	inColumn := true
	for _, u := range c.units {
		if u == "-" {
			inColumn = false
			continue
		}
		f := strings.Fields(u)
		side, extra := "German", ""
		for _, x := range f[2:] {
			switch x {
			case "russian":
				side = "Russian"
			default:
				extra += ", " + x + ": true"
			}
		}
		b.WriteString("  - {id: " + f[0] + ", side: " + side + ", infantry: {name: 4-6-7}, at: " + f[1] + extra + "}\n")
		if inColumn {
			column = append(column, f[0])
		}
	}
	b.WriteString("groups:\n  - {id: K1, kind: column, members: [" + strings.Join(column, ", ") + "]}\n")
	s, err := aslfile.Load(c.name, []byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return s.Game
}

func runColumnCases(t *testing.T, cases []columnCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			var r asl.LineResult
			for k, line := range c.lines {
				l, err := g.ParseLine(line)
				if err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				before := rules.Hash(g)
				err = g.Play(&l, dice.Lowest{}, &r)
				if k < len(c.lines)-1 || c.rule == "" {
					if err != nil {
						t.Fatalf("%q: %v", line, err)
					}
					continue
				}
				var ref *asl.Refusal
				if !errors.As(err, &ref) {
					t.Fatalf("%q: want a refusal citing %s, got %v", line, c.rule, err)
				}
				if ref.Rule != c.rule {
					t.Errorf("%q: refusal cites %s (%s), want %s", line, ref.Rule, ref.Msg, c.rule)
				}
				if rules.Hash(g) != before {
					t.Errorf("%q was refused but changed the game", line)
				}
			}
			if c.event != "" {
				found := false
				for _, e := range append(r.Step.Events(), r.Impulse.Events()...) {
					found = found || strings.Contains(e.Text, c.event)
				}
				for _, m := range r.Impulse.Members {
					for _, e := range m.Result.Events() {
						found = found || strings.Contains(e.Text, c.event)
					}
				}
				if !found {
					t.Errorf("no event of the last line says %q (%v)", c.event, r.Step.Events())
				}
			}
			for id, want := range c.at {
				i, _ := g.Unit(id)
				if got := g.Map.Layout.Name(g.Units[i].Pos.Hex); got != "3"+want {
					t.Errorf("%s is in %s, want 3%s", id, got, want)
				}
			}
		})
	}
}

// TestColumnAdvance: in the APh a Column advances as one multi-hex stack by an Impulse, its lead
// into the hex named and each stack behind into the hex the one ahead of it left (E11.5,
// E11.52); an advance is made in its side's APh, one hex an APh (A4.7); a Column unit neither
// advances alone (E11.52) nor routs (E11.53).
func TestColumnAdvance(t *testing.T) {
	runColumnCases(t, []columnCase{
		{name: "three units, each into the hex the one ahead left", units: columnUnits,
			lines: []string{"aph German", "K1 advance M2"}, at: map[string]string{"S1": "M2", "S2": "M3", "S3": "M4"}},
		{name: "a stack at the head advances together", units: []string{"S1 M3", "S2 M3", "S3 M4", "S4 M5"},
			lines: []string{"aph German", "K1 advance L2"}, at: map[string]string{"S1": "L2", "S2": "L2", "S3": "M3", "S4": "M4"}},
		{name: "after its MPh, in the same Player Turn", units: columnUnits,
			lines: []string{"K1: S1 enter M2, S2 enter M3, S3 enter M4", "aph German", "K1 advance L2"},
			at:    map[string]string{"S1": "L2", "S2": "M2", "S3": "M3"}},
		{name: "a unit off board enters the edge hex the one ahead left (E11.7)", units: []string{"S1 A5", "S2 offboard", "S3 offboard"},
			lines: []string{"aph German", "K1 advance B5"}, at: map[string]string{"S1": "B5", "S2": "A5"}},
		{name: "outside an APh", units: columnUnits, lines: []string{"K1 advance M2"}, rule: "A4.7",
			at: map[string]string{"S1": "M3", "S2": "M4", "S3": "M5"}},
		{name: "in the other side's APh", units: []string{"S1 M3", "S2 M4", "-", "R9 G5 russian"}, lines: []string{"aph Russian", "K1 advance M2"}, rule: "A4.7"},
		{name: "twice in one APh", units: columnUnits, lines: []string{"aph German", "K1 advance M2", "K1 advance M1"}, rule: "A4.7",
			at: map[string]string{"S1": "M2", "S2": "M3", "S3": "M4"}},
		{name: "a new APh is a new Player Turn", units: columnUnits, lines: []string{"aph German", "K1 advance M2", "aph German", "K1 advance M1"},
			at: map[string]string{"S1": "M1", "S2": "M2", "S3": "M3"}},
		{name: "not adjacent to the lead", units: columnUnits, lines: []string{"aph German", "K1 advance M1"}, rule: "A4.7"},
		{name: "into the Column's own hex", units: columnUnits, lines: []string{"aph German", "K1 advance M4"}, rule: "E11.5"},
		{name: "Detection once the Column has advanced (E11.522)", units: []string{"S1 M3", "S2 M4", "-", "R9 M2 russian hidden"},
			lines: []string{"aph German", "K1 advance M2"}, at: map[string]string{"S1": "M3", "S2": "M3"}, event: "Detection: R9 is revealed in 3M2"},
		{name: "a pinned unit holds the Column", units: []string{"S1 M3", "S2 M4 pinned"}, lines: []string{"aph German", "K1 advance M2"}, rule: "A7.8"},
		{name: "a Column unit alone", units: columnUnits, lines: []string{"aph German", "advance S1 M2"}, rule: "E11.52"},
		{name: "a Column unit routs", units: columnUnits, lines: []string{"rout S3 M6"}, rule: "E11.53"},
		{name: "a unit of a Disbanded Column routs", units: columnUnits, lines: []string{"attack S3 broken", "rout S3 M6"},
			at: map[string]string{"S3": "M6"}},
		{name: "an MPh Impulse in the APh", units: columnUnits, lines: []string{"aph German", "K1: S1 enter M2, S2 enter M3, S3 enter M4"}, rule: "A4.7"},
		{name: "an MPh group step in the APh", units: columnUnits, lines: []string{"aph German", "K1 end"}, rule: "A4.7"},
		{name: "a unit's MF in the APh", units: []string{"S1 M3", "S2 M4", "-", "S9 G5"}, lines: []string{"aph German", "S9 enter G4"}, rule: "A4.7"},
		{name: "a lone squad advances one hex an APh", units: []string{"S1 M3", "S2 M4", "-", "S9 G5"},
			lines: []string{"aph German", "advance S9 G4", "advance S9 G3"}, rule: "A4.7", at: map[string]string{"S9": "G4"}},
		{name: "a DEFENDER does not advance", units: []string{"S1 M3", "S2 M4", "-", "R9 G5 russian"},
			lines: []string{"aph German", "advance R9 G4"}, rule: "A4.7"},
	})
}

// TestColumnTerrain: one predicate says where a Column unit may go (E11.521), moving in the MPh
// or advancing in the APh: no woods or building Location except across a road or path hexside,
// for the lead and every unit behind it; a Factory (the rule's exception) and rubble (not a
// building Location, rules-notes 1.5 #14) may be entered.
func TestColumnTerrain(t *testing.T) {
	mph := "K1: S1 enter M2, S2 enter M3"
	aph := []string{"aph German", "K1 advance M2"}
	var cases []columnCase
	for _, tc := range []struct {
		name, map_, rule, event string
	}{
		{"woods across an open hexside", "terrain: {M2: woods}", "E11.521", ""},
		{"woods across a road hexside", "terrain: {M2: woods}\n  roads: [M3-M2]", "", ""},
		{"woods across a path hexside", "terrain: {M2: woods}\n  paths: [M3-M2]", "", ""},
		{"a stone building across an open hexside", "terrain: {M2: building}", "E11.521", ""},
		{"a wooden building across an open hexside", "terrain: {M2: wooden building}", "E11.521", ""},
		{"a building across a road hexside", "terrain: {M2: building}\n  roads: [M3-M2]", "", ""},
		{"a Factory across an open hexside", "terrain: {M2: factory}", "", ""},
		{"rubble across an open hexside", "terrain: {M2: rubble}", "", "rules-notes 1.5 #14"},
		{"wooden rubble across an open hexside", "terrain: {M2: wooden rubble}", "", "rules-notes 1.5 #14"},
		{"brush", "terrain: {M2: brush}", "", ""},
	} {
		at := map[string]string{"S1": "M2", "S2": "M3"}
		if tc.rule != "" {
			at = map[string]string{"S1": "M3", "S2": "M4"}
		}
		m := tc.map_
		cases = append(cases,
			columnCase{name: "MPh: " + tc.name, map_: m, units: []string{"S1 M3", "S2 M4"}, lines: []string{mph}, rule: tc.rule, at: at, event: tc.event},
			columnCase{name: "APh: " + tc.name, map_: m, units: []string{"S1 M3", "S2 M4"}, lines: aph, rule: tc.rule, at: at, event: tc.event})
	}
	// A unit behind the lead is a Column unit too: S1 stands in the woods of M2 (set up there);
	// S2 follows it in from M3 only across a road hexside.
	for _, tc := range []struct{ name, map_, rule string }{
		{"a follower into woods across an open hexside", "terrain: {M2: woods}", "E11.521"},
		{"a follower into woods across a road hexside", "terrain: {M2: woods}\n  roads: [M3-M2]", ""},
	} {
		cases = append(cases,
			columnCase{name: "MPh: " + tc.name, map_: tc.map_, units: []string{"S1 M2", "S2 M3"}, lines: []string{"K1: S1 enter M1, S2 enter M2"}, rule: tc.rule},
			columnCase{name: "APh: " + tc.name, map_: tc.map_, units: []string{"S1 M2", "S2 M3"}, lines: []string{"aph German", "K1 advance M1"}, rule: tc.rule})
	}
	runColumnCases(t, cases)
}

// TestColumnDisbandsAsEachUnitAdvances: outside the MPh, Disbandment is checked as each unit
// advances (E11.532). The lead's advance out of the woods' shadow into 3L5 gives it LOS to the
// Known Russian R1 in 3M9: the Column Disbands before the units behind advance; they stay, and,
// no longer a Column, may each advance on their own (A4.7). It is not the Column's MPh, so no
// MPh ends (E11.531), and an ATTACKER Column is not pinned (E11.536).
func TestColumnDisbandsAsEachUnitAdvances(t *testing.T) {
	base := columnCase{map_: "terrain: {M7: woods}", units: []string{"S1 M5", "S2 M4", "S3 M3", "-", "R1 M9 russian"}}
	c := base
	c.name, c.lines = "the lead's advance", []string{"aph German", "K1 advance L5"}
	c.at, c.event = map[string]string{"S1": "L5", "S2": "M4", "S3": "M3"}, "S1 has LOS to Known enemy R1"
	runColumnCases(t, []columnCase{c})
	g := base.game(t)
	var r asl.LineResult
	for _, line := range []string{"aph German", "K1 advance L5", "advance S2 M5"} {
		l, err := g.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(&l, dice.Lowest{}, &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for _, e := range r.Step.Events() {
			if e.Rule == "E11.531" || e.Rule == "E11.536" {
				t.Errorf("%q: %s: %s", line, e.Rule, e.Text)
			}
		}
	}
	for _, id := range []string{"S1", "S2", "S3"} {
		if u := &g.Units[mustUnit(t, g, id)]; u.Column != 0 || u.Pinned {
			t.Errorf("%s: Column %d, pinned %v; want free and unpinned", id, u.Column, u.Pinned)
		}
	}
}

func mustUnit(t *testing.T, g *asl.Game, id string) int {
	t.Helper()
	i, ok := g.Unit(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return i
}
