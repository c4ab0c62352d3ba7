package lhy

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestAssaultDRMLines: each DRM line of 14.0 appears, with its value, exactly when its
// condition holds; the roll is scripted so the resolution itself runs too.
func TestAssaultDRMLines(t *testing.T) {
	type setup func(g *Game)
	at := func(g *Game, h string, info HexInfo) {
		x, _ := g.Map.Parse(h)
		g.Map.Hexes[x] = info
	}
	base := func(g *Game) {
		u(g, "A1", "US", Squad, "C5", 6, company("A"), platoon("1"))
		u(g, "D1", German, Squad, "C4", 6)
	}
	for _, c := range []struct {
		name  string
		setup setup
		line  string
		want  string // the breakdown
	}{
		{"none", base, "assault C4 A1", "+0 [Cohesion 6 vs 6] = +0"},
		{"cohesion clamp", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 9)
			u(g, "D1", German, Squad, "C4", 4)
		}, "assault C4 A1", "+3 [Cohesion 9 vs 4, clamped from +5] = +3"},
		{"no combat defender", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 9)
			u(g, "D1", German, Leader, "C4", 4)
			u(g, "D2", German, Leader, "C4", 5)
		}, "assault C4 A1", "no DRM = +0"},
		{"urban", func(g *Game) { base(g); at(g, "C4", HexInfo{Terrain: UrbanBuilding}) }, "assault C4 A1", "-2 [Urban bldg]"},
		{"uphill", func(g *Game) { base(g); at(g, "C4", HexInfo{Level: 1}) }, "assault C4 A1", "-1 [up Hill]"},
		{"concealed", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 6)
			u(g, "D1", German, Squad, "C4", 6, concealed)
		}, "assault C4 A1", "-1 [Concealed]"},
		{"IP", func(g *Game) { base(g); at(g, "C4", HexInfo{IP: true}) }, "assault C4 A1", "-1 [IP]"},
		{"rural", func(g *Game) { base(g); at(g, "C4", HexInfo{Terrain: RuralBuilding}) }, "assault C4 A1", "-1 [Rural bldg]"},
		{"wall", func(g *Game) {
			base(g)
			a, _ := g.Map.Parse("C5")
			b, _ := g.Map.Parse("C4")
			g.Map.SetSide(a, b, Wall)
		}, "assault C4 A1", "-1 [Wall]"},
		{"fragmented", func(g *Game) {
			base(g)
			u(g, "A2", "US", Squad, "D4", 6, company("B"))
		}, "assault C4 A1 A2", "-1 [Fragmented Assault]"},
		{"attacker in motion", func(g *Game) {
			base(g)
			u(g, "T", "US", AFV, "D4", 6, av(3, 1), motion)
		}, "assault C4 A1 T", "-1 [attacking vehicle in Motion]"},
		{"defender in motion", func(g *Game) {
			base(g)
			u(g, "DT", German, AFV, "C4", 6, av(3, 1), motion)
		}, "assault C4 A1", "+1 [defending vehicle in Motion]"},
		{"regrouping", func(g *Game) {
			base(g)
			u(g, "D2", Russian, Squad, "C4", 5, func(x *Unit) { x.Regrouping = true; x.Side = string(German) })
		}, "assault C4 A1", "+1 [Regrouping]"},
		{"heroic vs FP", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 6, heroic)
			u(g, "FP1", German, FP, "C4", 6)
		}, "assault C4 A1", "+1 [Heroic vs FP]"},
		{"envelopment", func(g *Game) {
			base(g)
			u(g, "A2", "US", Squad, "D4", 6, company("A"))
		}, "assault C4 A1 A2 envelopment", "+2 [Envelopment]"},
		{"LATW and FT vs urban", func(g *Game) {
			base(g)
			at(g, "C4", HexInfo{Terrain: UrbanBuilding})
			u(g, "L", "US", LATW, "C5", 0, platoon("1"))
			u(g, "F", "US", FT, "C5", 0, platoon("1"))
		}, "assault C4 A1 L F", "+1 [LATW] +2 [FT]"},
		{"net clamp", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 9, heroic)
			u(g, "A2", "US", Squad, "D4", 6)
			u(g, "FP1", German, FP, "C4", 5)
			u(g, "D1", Russian, Squad, "C4", 5, func(x *Unit) { x.Regrouping = true; x.Side = string(German) })
		}, "assault C4 A1 A2 envelopment", "= +7, clamped to +4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := &Game{Map: NewMap(20, 10), Turn: 1}
			c.setup(g)
			rep, err := g.Apply(c.line, &dice.Script{Values: []int{5, 5, 5, 5, 5, 5, 5, 5}, Then: dice.NewSeeded(1)})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(rep.Breakdown, c.want) {
				t.Errorf("breakdown %q, want it to contain %q", rep.Breakdown, c.want)
			}
			if rep.Final != 5+rep.Net || rep.Net < -4 || rep.Net > 4 {
				t.Errorf("final %d with net %+d from a 5", rep.Final, rep.Net)
			}
		})
	}
}

func TestAssaultRefusals(t *testing.T) {
	for _, c := range []struct {
		name, line, rule, msg string
		setup                 func(g *Game)
	}{
		{"disrupted", "assault C4 A1", "14.0", "Disrupted", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 6, disrupted)
			u(g, "D1", German, Squad, "C4", 6)
		}},
		{"too far", "assault C4 A1", "10.5.2.2", "at most 2", func(g *Game) {
			u(g, "A1", "US", Squad, "C7", 6)
			u(g, "D1", German, Squad, "C4", 6)
		}},
		{"five steps", "assault C4 A1 A2 A3", "14.0", "4 non-vehicular combat steps", func(g *Game) {
			u(g, "A1", "US", Squad, "C5", 6)
			u(g, "A2", "US", Squad, "C5", 6)
			u(g, "A3", "US", Section, "D4", 6)
			u(g, "D1", German, Squad, "C4", 6)
		}},
		{"leader alone", "assault C4 L", "14.0", "only with a combat unit", func(g *Game) {
			u(g, "L", "US", Leader, "C5", 8)
			u(g, "D1", German, Squad, "C4", 6)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := &Game{Map: NewMap(20, 10), Turn: 1}
			c.setup(g)
			before := snapshot(g)
			_, err := g.Apply(c.line, dice.NewSeeded(1))
			r, ok := err.(*Refusal)
			if !ok || r.Rule != c.rule || !strings.Contains(r.Msg, c.msg) {
				t.Fatalf("got %v, want a refusal under %s saying %q", err, c.rule, c.msg)
			}
			if !sameGame(before, g) {
				t.Error("the refusal changed the game")
			}
		})
	}
}
