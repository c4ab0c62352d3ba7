package ruleset

import (
	"errors"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// TestPathAgreesWithReach: the path to a hex costs what reach shades it for, with the same
// chance, and its steps replayed through the referee spend exactly that.
func TestPathAgreesWithReach(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	rv, err := g.Reach(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	hexes := rv.(ReachView).Hexes
	if len(hexes) < 20 {
		t.Fatalf("reach shades only %d hexes", len(hexes))
	}
	for _, h := range []ReachHex{hexes[1], hexes[len(hexes)/2], hexes[len(hexes)-1]} {
		pv, err := g.Path(id, h.Hex, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		p := pv.(PathView)
		if !p.Reachable || p.MP != h.MP || p.P != h.P {
			t.Errorf("path to %s: reachable %v, %v MP, p %v; reach shades %v MP, p %v", h.Hex, p.Reachable, p.MP, p.P, h.MP, h.P)
		}
		// Replayed on a copy, the steps spend what the path says.
		c := g.Clone().(*Game)
		var spent float64
		for _, so := range p.Steps {
			a, err := c.Parse(so.Unit + " " + so.Action)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Do(a, 0, dice.Lowest{}); err != nil {
				t.Fatalf("step %q of the path to %s: %v", so.Action, h.Hex, err)
			}
			spent += so.MP
		}
		if spent != p.MP {
			t.Errorf("path to %s: steps spend %v MP, the path says %v", h.Hex, spent, p.MP)
		}
	}
}

// TestPathQuestions: unreachable, unknown and badly written places.
func TestPathQuestions(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	pv, err := g.Path(id, "2GG10", "", 0)
	if err != nil || pv.(PathView).Reachable || len(pv.(PathView).Steps) != 0 {
		t.Errorf("a hex past its MP: %+v %v", pv, err)
	}
	var nf *rules.NotFound
	if _, err := g.Path("NOSUCH", "2K4", "", 0); !errors.As(err, &nf) {
		t.Errorf("an unknown unit: %v", err)
	}
	if _, err := g.Path(id, "ZZ99", "", 0); err == nil {
		t.Error("a hex that is not one was accepted")
	}
	if _, err := g.Path(id, "2K4", "A1-B1", 0); err == nil {
		t.Error("a VCA that is not one of the hex was accepted")
	}
}

// TestPlansForgetOnStep: reach is answered from the cache until a step changes the game.
func TestPlansForgetOnStep(t *testing.T) {
	g, id := reachGames(nil)["demo"]()
	first, _ := g.Reach(id, 0)
	again, _ := g.Reach(id, 0)
	if len(first.(ReachView).Hexes) != len(again.(ReachView).Hexes) {
		t.Fatal("the same question answered differently")
	}
	a, err := g.Parse(id + " start")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Do(a, 1, dice.Lowest{}); err != nil {
		t.Fatal(err)
	}
	after, _ := g.Reach(id, 0)
	if after.(ReachView).Left != first.(ReachView).Left-1 {
		t.Errorf("after a Start the reach still has %v MP left (was %v)", after.(ReachView).Left, first.(ReachView).Left)
	}
	for _, h := range after.(ReachView).Hexes {
		if h.MP > after.(ReachView).Left {
			t.Errorf("%s shaded for %v MP, more than the %v left: a stale answer", h.Hex, h.MP, after.(ReachView).Left)
		}
	}
}
