package lightningwar

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// viewGame: two sides on a 48" x 24" table with a bridge (a choke point) at 24,12. The
// Germans have a tank platoon (PZA) and a rifle squad (GRS); the Russians a tank (RTK) and a
// hidden scout squad (RSC) in reserve by the bridge.
func viewGame(t *testing.T) *Game {
	t.Helper()
	g := NewGame(&Table{Width: metres(48), Height: metres(24),
		Roads:  []Road{{ID: "road", Line: Polyline{Inch(0, 12), Inch(48, 12)}, HalfWidth: RoadHalfWidth}},
		Chokes: []Choke{{ID: "bridge", Area: Polygon{Inch(23, 11), Inch(25, 11), Inch(25, 13), Inch(23, 13)}}}})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.AddFormation(Formation{ID: "GBN", Side: "German", Initiative: MediumInitiative}))
	must(g.AddFormation(Formation{ID: "GPL", Parent: "GBN"}))
	must(g.AddFormation(Formation{ID: "RBN", Side: "Russian", Initiative: Low}))
	must(g.AddUnit(Unit{ID: "GT1", Formation: "GPL", Type: Vehicle, Tracked: true, Size: Medium, RoadMPH: 24, CrossMPH: 12}))
	must(g.AddUnit(Unit{ID: "GS1", Formation: "GBN", Type: Infantry}))
	must(g.AddUnit(Unit{ID: "RT1", Formation: "RBN", Type: Vehicle, Tracked: true, Size: Medium, RoadMPH: 20, CrossMPH: 10}))
	must(g.AddUnit(Unit{ID: "RS1", Formation: "RBN", Type: Infantry}))
	must(g.AddUnit(Unit{ID: "RRES", Formation: "RBN", Type: Infantry})) // in no detachment
	must(g.AddDetachment(Detachment{ID: "PZA", Units: []string{"GT1"}, Pos: Inch(10, 12)}))
	must(g.AddDetachment(Detachment{ID: "GRS", Units: []string{"GS1"}, Pos: Inch(5, 5)}))
	must(g.AddDetachment(Detachment{ID: "RTK", Units: []string{"RT1"}, Pos: Inch(40, 20)}))
	must(g.AddDetachment(Detachment{ID: "RSC", Units: []string{"RS1"}, Pos: Inch(24, 12)}))
	return g
}

func viewPlay(t *testing.T, g *Game, line string) (*StepSight, *Report) {
	t.Helper()
	a, err := Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Sight(a)
	rep, err := g.Do(a, dice.Lowest{})
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	s.After(g)
	return s, rep
}

func viewDetIDs(g *Game) []string {
	var out []string
	for _, d := range g.Dets {
		out = append(out, d.ID)
	}
	return out
}

func viewUnitIDs(g *Game) []string {
	var out []string
	for _, u := range g.Units {
		out = append(out, u.ID)
	}
	return out
}

// TestAs: a side's copy of the game keeps its own detachments, units and TO&E whole and of the
// enemy only the revealed detachment's id, side, units' types and where it was seen; the
// public's only the revealed; the referee's everything.
func TestAs(t *testing.T) {
	g := viewGame(t)
	viewPlay(t, g, "order PZA path 20,12 30,12: take the bridge")
	viewPlay(t, g, "order RTK path 40,10: hold the ridge")
	viewPlay(t, g, "reveal RTK")

	ge := g.As(SideView("German"))
	if got := viewDetIDs(ge); !reflect.DeepEqual(got, []string{"PZA", "GRS", "RTK"}) {
		t.Errorf("the German sees %v", got)
	}
	if got := viewUnitIDs(ge); !reflect.DeepEqual(got, []string{"GT1", "GS1", "RTK#1"}) {
		t.Errorf("the German knows units %v", got)
	}
	if ge.Unit("RS1") != nil || ge.Unit("RRES") != nil || ge.Unit("RT1") != nil || ge.Formations["RBN"] != nil || ge.Formations["GPL"] == nil {
		t.Errorf("the German's copy keeps hidden units or the enemy's TO&E")
	}
	pza := ge.Det("PZA")
	if len(pza.Pending) != 1 || pza.Pending[0].Text != "take the bridge" || pza.Pending[0].N != 0 {
		t.Errorf("the German's own orders: %+v", pza.Pending)
	}
	if g.Det("PZA").Pending[0].N == 0 || g.orders == 0 {
		t.Error("As changed the game (or the game numbers no orders)")
	}
	rtk := ge.Det("RTK")
	if rtk.Pending != nil || rtk.Order != nil || rtk.Route != nil || rtk.Track != nil || rtk.Pos != g.Det("RTK").Seen || !rtk.Revealed ||
		!reflect.DeepEqual(rtk.Units, []string{"RTK#1"}) {
		t.Errorf("the revealed enemy shows more than is public: %+v", rtk)
	}
	if u := ge.Unit("RTK#1"); u == nil || *u != (Unit{ID: "RTK#1", Type: Vehicle}) {
		t.Errorf("a revealed enemy unit: %+v (its type, under a placeholder)", u)
	}
	if ge.orders != 0 {
		t.Error("the German's copy counts every order of the game")
	}

	pub := g.As(PublicView)
	if got := viewDetIDs(pub); !reflect.DeepEqual(got, []string{"RTK"}) || len(pub.Formations) != 0 || !reflect.DeepEqual(viewUnitIDs(pub), []string{"RTK#1"}) {
		t.Errorf("the public sees %v, units %v, formations %v", got, viewUnitIDs(pub), pub.Formations)
	}
	if ref := g.As(RefereeView); !reflect.DeepEqual(ref, g.Clone()) {
		t.Error("the referee's copy is not the whole game")
	}

	hidden := g.HiddenFrom(SideView("German"))
	for _, id := range []string{"RSC", "RS1", "RRES", "RT1"} {
		if !hidden[id] {
			t.Errorf("%s is not hidden from the German", id)
		}
	}
	for _, id := range []string{"RTK", "PZA", "GT1"} {
		if hidden[id] {
			t.Errorf("%s is hidden from the German", id)
		}
	}
	if len(g.HiddenFrom(RefereeView)) != 0 {
		t.Error("something is hidden from the referee")
	}
	for _, c := range []struct {
		v    Viewer
		id   string
		want bool
	}{{SideView("German"), "PZA", true}, {SideView("German"), "RTK", true}, {SideView("German"), "RSC", false},
		{SideView("German"), "RS1", false}, {SideView("German"), "RT1", false}, {SideView("German"), "GBN", true},
		{SideView("German"), "RBN", false}, {SideView("German"), "nothing", false}, {PublicView, "PZA", false},
		{PublicView, "RTK", true}, {RefereeView, "RRES", true}, {RefereeView, "nothing", false}} {
		if got := g.Knows(c.v, c.id); got != c.want {
			t.Errorf("%+v knows %s: %v, want %v", c.v, c.id, got, c.want)
		}
	}
}

// TestStepView: each step as each viewer may see it.
func TestStepView(t *testing.T) {
	g := viewGame(t)
	ge, ru := SideView("German"), SideView("Russian")
	all := []Viewer{RefereeView, ge, ru, PublicView}

	// A German order: the Germans' (and the referee's) alone.
	line := "order PZA path 20,12 30,12: take the bridge"
	s, rep := viewPlay(t, g, line)
	if s.Private != "German" {
		t.Errorf("an order's record is private to %q", s.Private)
	}
	for _, v := range all {
		sv := v.Step(line, s, rep)
		want := v.Referee || v.Side == "German"
		if sv.Hidden == want || want && (sv.Line != line || len(sv.Events) != 1) || !want && (sv.Line != "" || sv.Events != nil) {
			t.Errorf("%+v sees the German order as %+v", v, sv)
		}
	}
	// The German is told it as his own order; the referee reads whose it is.
	for _, c := range []struct {
		v    Viewer
		want string
	}{{ge, "you order PZA on turn 1; it takes effect this turn"}, {RefereeView, "German orders PZA on turn 1; it takes effect this turn"}} {
		if sv := c.v.Step(line, s, rep); len(sv.Events) != 1 || sv.Events[0].Text != c.want {
			t.Errorf("%+v is told of the German order %+v, want %q", c.v, sv.Events, c.want)
		}
	}
	// The referee's forced move of a Russian detachment is the Russians'.
	line = "forced RTK path 40,23"
	s, rep = viewPlay(t, g, line)
	if sv := ge.Step(line, s, rep); !sv.Hidden || s.Private != "Russian" {
		t.Errorf("the German sees a Russian forced move: %+v", sv)
	}
	if sv := ru.Step(line, s, rep); sv.Hidden || sv.Line != line || !sv.Dice {
		t.Errorf("the Russian sees his forced move as %+v", sv)
	}

	// A Movement Phase in halves naming a Russian detachment: the German sees the line without
	// it, his own moves, events and place in the order; no dice.
	line = "movement 1/2 PZA RSC"
	s, rep = viewPlay(t, g, line)
	sv := ge.Step(line, s, rep)
	if sv.Hidden || sv.Line != "movement 1/2 PZA" || sv.Dice {
		t.Errorf("the German sees %q (hidden %v, dice %v)", sv.Line, sv.Hidden, sv.Dice)
	}
	for _, e := range sv.Events {
		if e.Side != "" && e.Side != "German" || strings.Contains(e.Text, "RSC") || strings.Contains(e.Text, "RTK") {
			t.Errorf("the German sees the event %+v", e)
		}
	}
	if len(sv.Moves) != 1 || sv.Moves[0].Det != "PZA" {
		t.Errorf("the German sees the moves %+v", sv.Moves)
	}
	for _, o := range sv.Order {
		if !strings.HasSuffix(o, ": PZA") && !strings.HasSuffix(o, ": GRS") {
			t.Errorf("the German sees %q in the movement order", o)
		}
	}
	if len(sv.Order) != 2 {
		t.Errorf("the German's movement order: %v", sv.Order)
	}
	full := RefereeView.Step(line, s, rep)
	if !full.Dice || len(full.Order) != 4 || len(full.Events) != len(rep.Events) {
		t.Errorf("the referee sees %+v", full)
	}
	if pub := PublicView.Step(line, s, rep); pub.Line != "movement 1/2" || len(pub.Moves) != 0 || len(pub.Order) != 0 {
		t.Errorf("the public sees %+v", pub)
	}
	// PZA (a tank at 10,12 on the road, 24 MPH: 12" a turn, 6" a half) ends the turn at
	// 22,12. The Russian scouts hold the bridge (23-25"), their 1" base from 23.5 to 24.5: next
	// turn PZA's base comes within 1/2" of theirs at once, at 22.5,12, and stops in contact
	// (rules-notes 3.6): both are revealed, and every side is told.
	viewPlay(t, g, "movement 2/2")
	if p := g.Det("PZA").Pos; !samePoint(p, Inch(22, 12)) {
		t.Errorf("PZA at %v, want 22,12", p)
	}
	line = "movement"
	s, rep = viewPlay(t, g, line)
	if p := g.Det("PZA").Pos; !samePoint(p, Inch(22.5, 12)) {
		t.Errorf("PZA at %v, want 22.5,12 (in contact with the scouts on the bridge)", p)
	}
	for _, v := range all {
		sv = v.Step(line, s, rep)
		if !slices.ContainsFunc(sv.Events, func(e Event) bool {
			return e.Rule == RuleContact && strings.Contains(e.Text, "PZA stops in contact with RSC")
		}) {
			t.Errorf("%+v is not told of the contact: %+v (referee: %s)", v, sv.Events, rep.Text())
		}
	}
	if !g.Det("RSC").Revealed || !g.Det("PZA").Revealed {
		t.Error("contact did not reveal both")
	}
	viewPlay(t, g, "hide RSC")

	// Fire on the hidden scouts by the German tank: the Russians see it; the Germans do not,
	// until the scouts are revealed.
	line = "fired RSC by PZA"
	s, rep = viewPlay(t, g, line)
	if sv := ru.Step(line, s, rep); sv.Hidden || len(sv.Events) != 1 || !strings.Contains(sv.Events[0].Text, "PZA") {
		t.Errorf("the Russian sees the fire report as %+v", sv)
	}
	if sv := ge.Step(line, s, rep); !sv.Hidden || sv.Events != nil {
		t.Errorf("the German sees fire on a detachment he cannot see: %+v", sv)
	}
	if !g.Det("PZA").Revealed {
		t.Error("the firer was not revealed")
	}
	line = "reveal RSC"
	s, rep = viewPlay(t, g, line)
	for _, v := range all {
		if sv := v.Step(line, s, rep); sv.Hidden || sv.Line != line || len(sv.Events) != 1 {
			t.Errorf("%+v sees the reveal as %+v", v, sv)
		}
	}
	line = "fired RSC by PZA"
	s, rep = viewPlay(t, g, line)
	if sv := ge.Step(line, s, rep); sv.Hidden || len(sv.Events) != 1 {
		t.Errorf("the German does not see fire on the revealed RSC: %+v", sv)
	}
	// A fire report naming the Russian units hit: the German does not know their ids.
	line = "fired RSC units RS1 by PZA"
	s, rep = viewPlay(t, g, line)
	if sv := ge.Step(line, s, rep); !sv.Hidden {
		t.Errorf("the German sees a report naming the Russian's units: %+v", sv)
	}
	if sv := ru.Step(line, s, rep); sv.Hidden || len(sv.Events) != 1 || !strings.Contains(sv.Events[0].Text, "RS1") {
		t.Errorf("the Russian's fire report: %+v", sv)
	}
	// The Russian's discretionary action is his own.
	line = "halt RSC"
	s, rep = viewPlay(t, g, line)
	if sv := ge.Step(line, s, rep); !sv.Hidden {
		t.Errorf("the German sees the Russian halt: %+v", sv)
	}
	if sv := ru.Step(line, s, rep); sv.Hidden || len(sv.Events) != 1 {
		t.Errorf("the Russian's halt: %+v", sv)
	}
	// Unreadable lines and missing records show nothing.
	if sv := ge.Step("nonsense", s, rep); !sv.Hidden {
		t.Error("an unreadable line is shown")
	}
	if sv := ge.Step("reveal RSC", nil, rep); !sv.Hidden {
		t.Error("a step without its record is shown")
	}
}

func TestRedact(t *testing.T) {
	hidden := map[string]bool{"RSC": true, "A/T1.2": true, "A": true}
	for in, want := range map[string]string{
		"PZA stops at bridge: RSC is there.":    "PZA stops at bridge: (unseen) is there.",
		"RSCX and XRSC and RSC/1 stay":          "RSCX and XRSC and RSC/1 stay",
		"A/T1.2 waits; A/T1 goes; A moves":      "(unseen) waits; A/T1 goes; (unseen) moves",
		"near A.":                               "near (unseen).",
		`6" ÷ 2 [Broken Ground] = 3"; (RSC)`:    `6" ÷ 2 [Broken Ground] = 3"; ((unseen))`,
		"a detachment joins another within 1\"": "a detachment joins another within 1\"",
	} {
		if got := Redact(in, hidden); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
	if Redact("RSC", nil) != "RSC" {
		t.Error("nothing hidden, yet redacted")
	}
}

func TestNames(t *testing.T) {
	for line, want := range map[string][]string{
		"order PZA from GPL path 1,1: go": {"PZA", "GPL"},
		"halt PZA fire RTK part GT1 as X": {"PZA", "RTK", "GT1"},
		"tow GT1 by RT1":                  {"GT1", "RT1"},
		"movement 1/2 PZA RSC":            {"PZA", "RSC"},
		"fired PZA units GT1 by RTK":      {"PZA", "RTK", "GT1"},
	} {
		a, err := Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Names(); !slices.Equal(got, want) {
			t.Errorf("%s names %v, want %v", line, got, want)
		}
	}
}
