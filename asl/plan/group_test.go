package plan

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

func loadScenario(t *testing.T, text string) *aslfile.Scenario {
	t.Helper()
	s, err := aslfile.Load("test.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// replayRoute plays the route's lines through the referee, as `umpire play` would, and
// returns each Impulse's cost and the chance all members stay Mobile.
func replayRoute(t *testing.T, g *asl.Game, r *GroupRoute) ([]asl.MP, float64) {
	t.Helper()
	c := g.Clone()
	var costs []asl.MP
	p := 1.0
	for _, line := range r.Lines(g) {
		l, err := c.ParseLine(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		var res asl.LineResult
		if err := c.Play(&l, dice.Lowest{}, &res); err != nil {
			t.Fatalf("%q refused: %v", line, err)
		}
		costs = append(costs, res.Impulse.Cost)
		p *= impulseMobile(&res.Impulse)
	}
	return costs, p
}

// checkRoute plays the route through the referee: each Impulse must cost what the route says
// and the whole what it says, at its chance; with mp > 0 it must also cost mp in impulses
// Impulses.
func checkRoute(t *testing.T, g *asl.Game, r *GroupRoute, mp asl.MP, impulses int) {
	t.Helper()
	costs, p := replayRoute(t, g, r)
	var sum asl.MP
	for i, c := range costs {
		if c != r.Costs[i] {
			t.Errorf("Impulse %d costs %s in play, %s in the route", i+1, c, r.Costs[i])
		}
		sum += c
	}
	if sum != r.MP || p != r.P {
		t.Errorf("route says %s MP p %v, play gives %s p %v", r.MP, r.P, sum, p)
	}
	if mp > 0 && (r.MP != mp || len(r.Impulses) != impulses) {
		t.Errorf("%s MP in %d Impulses, want %s in %d:\n%s", r.MP, len(r.Impulses), mp, impulses, strings.Join(r.Lines(g), "\n"))
	}
	t.Logf("%s MP p %.4f, %d expanded\n%s", r.MP, r.P, r.Expanded, strings.Join(r.Lines(g), "\n"))
}

// routeCase is a destination and, when mp > 0, the cost and number of Impulses the rules give.
type routeCase struct {
	dest     string
	mp       asl.MP
	impulses int
}

// routeCases plans group 0 of the scenario to each destination with find and checks each
// route through the referee (checkRoute).
func routeCases(t *testing.T, text string, find func(*asl.Game, int, hex.Hex, GroupOptions) (*GroupRoute, error), cases []routeCase) {
	g := loadScenario(t, text).Game
	for _, tc := range cases {
		t.Run(tc.dest, func(t *testing.T) {
			dest, err := g.Map.Layout.Parse(tc.dest)
			if err != nil {
				t.Fatal(err)
			}
			r, err := find(g, 0, dest, GroupOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkRoute(t, g, r, tc.mp, tc.impulses)
		})
	}
}

const convoyMap = `
ruleset: asl
map:
  boards: ["5"]
  terrain: {5AA5: woods, 5AA4: woods}
units:
  - {id: H1, side: German, vehicle: {name: SPW 251/1, mp: 12, class: halftrack}, at: Y6, vca: Z5-Z6, motion: true}
  - {id: H2, side: German, vehicle: {name: SPW 251/1, mp: 12, class: halftrack}, at: X6, vca: Y6-Y7, motion: true}
  - {id: H3, side: German, vehicle: {name: SPW 251/1, mp: 12, class: halftrack}, at: W7, vca: X6-X7, motion: true}
groups:
  - {id: C1, kind: convoy, members: [H1, H2, H3]}
`

// TestConvoyRoute: the lead goes to the hex, the others follow it hex by hex, in Impulses
// the referee accepts at the costs the route states; the E11.2 costs (Open Ground 1 +1 for
// a Convoy) make a straight run 2 MP per Impulse.
func TestConvoyRoute(t *testing.T) {
	routeCases(t, convoyMap, ConvoyRoute, []routeCase{
		{"AA6", asl.Whole(4), 2}, // straight on: Z6, AA6 at 1 +1 [Convoy] each
		{"Y5", asl.Whole(3), 2},  // one hexspine (1 MP), then into Y5 (2 MP)
		{"BB6", asl.Whole(6), 3}, // three hexes straight on
		{"Z4", asl.Whole(5), 3},  // a hexspine, then Z5 and Z4
		{"W5", 0, 0},             // back past the followers: they must turn too
	})
}

const platoonMap = `
ruleset: asl
map:
  boards: ["3"]
  terrain: {3O3: woods, 3O4: woods}
units:
  - {id: A, side: Russian, vehicle: {name: T-26 M33, mp: 12, class: tank, radio: false}, at: M3, vca: N2-N3, motion: true}
  - {id: B, side: Russian, vehicle: {name: T-26 M33, mp: 12, class: tank, radio: false}, at: M4, vca: N3-N4, motion: true}
  - {id: C, side: Russian, vehicle: {name: T-26 M33, mp: 12, class: tank, radio: false}, at: M5, vca: N4-N5, motion: true}
groups:
  - {id: P1, kind: platoon, members: [A, B, C]}
`

// TestPlatoonRoute: the platoon gets one AFV into the hex, in formation after every Impulse
// (the referee refuses any that is not), at the least MP.
func TestPlatoonRoute(t *testing.T) {
	routeCases(t, platoonMap, PlatoonRoute, []routeCase{
		{"N4", asl.Whole(1), 1}, // B's hex ahead: one Impulse, 1 MP (Open Ground)
		{"P5", asl.Whole(3), 3}, // C runs down the open side, the others keep up
		{"P3", 0, 0},            // behind the woods of O3/O4: legal and costed as played
	})
}

// TestGroupRouteRefusals: a route is asked of the right kind of group, to a hex on the map; a
// hex out of reach says so; the game searched is not changed.
func TestGroupRouteRefusals(t *testing.T) {
	s := loadScenario(t, convoyMap)
	g := s.Game
	before := g.Clone()
	lay := g.Map.Layout
	z6, _ := lay.Parse("Z6")
	if _, err := PlatoonRoute(g, 0, z6, GroupOptions{}); err == nil {
		t.Error("PlatoonRoute accepted a Convoy")
	}
	if _, err := ConvoyRoute(g, 5, z6, GroupOptions{}); err == nil {
		t.Error("ConvoyRoute accepted a missing group")
	}
	if _, err := ConvoyRoute(g, 0, hex.Hex{X: -4, Y: 2}, GroupOptions{}); err == nil {
		t.Error("ConvoyRoute accepted a hex off the map")
	}
	far, _ := lay.Parse("GG1")
	if _, err := ConvoyRoute(g, 0, far, GroupOptions{Limit: 50}); !errors.Is(err, ErrNoRoute) {
		t.Errorf("a hex out of reach within 50 situations: %v, want ErrNoRoute", err)
	}
	if !reflect.DeepEqual(g.Units, before.Units) || !reflect.DeepEqual(g.Groups, before.Groups) {
		t.Error("the search changed the game")
	}
}
