package lightningwar

import (
	"strings"
	"testing"
)

// Reconnaissance and FO orders: the player may route the detachment within its general order
// from the turn that order takes effect (set-up orders included), between the parts and bands
// of the phase; an order naming only a goal moves it straight toward the goal; one naming
// neither path nor goal leaves it waiting for a route, which the referee is told.
func TestReconOrders(t *testing.T) {
	for _, c := range []struct {
		name   string
		kind   Kind
		lines  []string // the last is refused under refuse, when it is set
		refuse string
		at     Point  // where R ends
		event  string // in the events of the last step played
	}{
		{"routed before turn 1 under a set-up order", Recon, []string{"order R goal 30,20 : look", "route R path 5,15", "movement"}, "", Inch(5, 7), "R receives its order of turn 1: look"},
		{"a goal alone: straight toward it", Recon, []string{"order R goal 5,15", "movement"}, "", Inch(5, 7), "its goal 5,15: it heads straight for it"},
		{"a goal alone, FO", FO, []string{"order R goal 9,5", "movement"}, "", Inch(7, 5), "R moves 2\""},
		{"no path nor goal: waits, told", Recon, []string{"order R : look", "movement"}, "", Inch(5, 5), "it waits where it is for its player's route"},
		{"at its route's end: waits, told", Recon, []string{"order R path 6,5", "movement", "movement"}, "", Inch(6, 5), "is at the end of its route"},
		{"a normal detachment with no path is told too", Normal, []string{"order R : hold", "movement"}, "", Inch(5, 5), "R has orders (\"hold\") but no path to follow: it stays where it is"},
		{"a normal detachment may not be routed", Normal, []string{"order R : look", "route R path 5,15"}, RuleRecon, Inch(5, 5), ""},
		{"no orders, no route", Recon, []string{"route R path 5,15"}, RuleRecon, Inch(5, 5), ""},
		{"orders not arrived yet", Recon, []string{"order R from Coy : look", "route R path 5,15"}, RuleRecon, Inch(5, 5), ""},
		{"routed on the turn they arrive", Recon, []string{"order R from Coy : look", "movement", "route R path 5,15", "movement"}, "", Inch(5, 7), "R moves 2\""},
		{"the route replaces a goal", Recon, []string{"order R goal 30,5 : look", "movement", "route R path 7,15", "movement"}, "", Inch(7, 7), "R moves 2\""},
		{"between halves", Recon, []string{"order R path 30,5", "movement 1/2", "route R path 6,15", "movement 2/2"}, "", Inch(6, 6), "R moves 1\""},
		{"route off the table", Recon, []string{"order R : look", "route R path 500,5"}, RuleOrders, Inch(5, 5), ""},
		{"a gallop without cavalry", Recon, []string{"order R : look", "route R path 9,5 gallop"}, RuleGallop, Inch(5, 5), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			addDet(t, g, "R", Inch(5, 5), Unit{ID: "S1", Type: Infantry}, Unit{ID: "S2", Type: Infantry})
			g.Det("R").Kind = c.kind
			n := len(c.lines)
			if c.refuse != "" {
				n--
			}
			var last *Report
			if n > 0 {
				last = play(t, g, nil, c.lines[:n]...)
			}
			if c.refuse != "" {
				refused(t, g, c.lines[n], c.refuse)
			}
			if r := g.Det("R"); !near(r.Pos, c.at) {
				t.Errorf("R at %v, want %v", r.Pos, c.at)
			}
			if c.event != "" && (last == nil || !strings.Contains(last.Text(), c.event)) {
				t.Errorf("no event with %q:\n%s", c.event, last.Text())
			}
		})
	}
}
