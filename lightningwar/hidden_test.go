package lightningwar

import (
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// Known means known where it stands [Overrun]: a revealed squad that has since moved unseen
// is not a known position where it now stands, and the tank stops in contact with it; its
// side's enemy still sees it where it was seen.
func TestOverrunOnlyWhereKnown(t *testing.T) {
	cases := []struct {
		name    string
		steps   []string // before the tank's move, with E revealed at 8,14 and ordered to 8,10
		overrun bool
		at      Point // where the tank's point ends
	}{
		{"seen where it stands", []string{"place E 8,10", "reveal E"}, true, Inch(8, 10)},
		{"moved unseen since seen", []string{"movement", "movement"}, false, Inch(6.5, 10)},
		{"moved, then seen again", []string{"movement", "movement", "reveal E"}, true, Inch(8, 10)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			addDet(t, g, "A", Inch(2, 10), Unit{ID: "T1", Type: Vehicle, Tracked: true, Size: Medium, CrossMPH: 12, MG: 2})
			addDet(t, g, "E", Inch(8, 14), Unit{ID: "R1", Formation: "RCoy", Type: Infantry})
			play(t, g, nil, "reveal E", "order E path 8,10")
			play(t, g, nil, c.steps...)
			if c.name == "moved unseen since seen" {
				// its enemy's view shows it where it was seen, not where it is
				if e := g.As(SideView("German")).Det("E"); e == nil || !near(e.Pos, Inch(8, 14)) {
					t.Fatalf("the Germans see E at %v, want where it was seen, 8,14", e)
				}
			}
			rep := play(t, g, &dice.Script{}, "order A path 30,10", "movement")
			if got := hasEvent(rep, "A overruns E"); got != c.overrun {
				t.Errorf("overrun: %v, want %v\n%s", got, c.overrun, rep.Text())
			}
			if !c.overrun && !hasEvent(rep, "A stops in contact with E") {
				t.Errorf("no contact\n%s", rep.Text())
			}
			if a := g.Det("A"); !near(a.Pos, c.at) {
				t.Errorf("A at %v, want %v", a.Pos, c.at)
			}
		})
	}
}
