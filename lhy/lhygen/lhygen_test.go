package lhygen_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/lhy/lhygen"
	"github.com/umpire-referee/umpire/lhy/ruleset"
)

// TestScenarioReproducible: a seed and a size give the same bytes every time; another seed
// gives another scenario; every scenario loads without a warning and has no moves or dice.
func TestScenarioReproducible(t *testing.T) {
	for n := range 40 {
		size := lhygen.SizeOf(uint8(n))
		a, b := lhygen.Scenario(uint64(n), size), lhygen.Scenario(uint64(n), size)
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two scenarios from one seed differ", n)
		}
		if bytes.Equal(a, lhygen.Scenario(uint64(n)+100, size)) {
			t.Errorf("seed %d: seed %d gives the same scenario", n, n+100)
		}
		s, err := lhyfile.LoadLHY("gen.yaml", a)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", n, err, a)
		}
		if len(s.Warnings) > 0 || len(s.Moves) > 0 || len(s.Dice) > 0 {
			t.Errorf("seed %d: warnings %v, %d moves, %d dice", n, s.Warnings, len(s.Moves), len(s.Dice))
		}
	}
}

// seen is a set of the names of what a coverage test met.
type seen map[string]bool

// lacks is what of want s has not met.
func (s seen) lacks(want []string) []string {
	var out []string
	for _, w := range want {
		if !s[w] {
			out = append(out, w)
		}
	}
	return out
}

// TestScenarioCoverage: over 50 seeds, the scenarios hold every terrain LHY knows, hills up
// and down, Improved Positions and mortar impact hexes, every hexside feature, every kind of
// unit, the nationalities the rules tell apart, units in every state (good order, Disrupted,
// Regrouping, Shocked, Heroic, Concealed, in Motion, Out of Command, reduced, Riders and
// Passengers, FPs, an AFV through hedgerows into a sunken road, having assaulted and advanced,
// eliminated, a combat unit by override), at night and by day, before and after 9/43, later
// turns, and every reading answered the other way.
func TestScenarioCoverage(t *testing.T) {
	got := seen{}
	for n := range 50 {
		s, err := lhyfile.LoadLHY("gen.yaml", lhygen.Scenario(uint64(n), lhygen.SizeOf(uint8(n))))
		if err != nil {
			t.Fatal(err)
		}
		g := s.Game
		for _, info := range g.Map.Hexes {
			got["terrain "+info.Terrain.String()] = true
			got["level up"] = got["level up"] || info.Level > 0
			got["level down"] = got["level down"] || info.Level < 0
			got["ip"] = got["ip"] || info.IP
			got["impact"] = got["impact"] || info.Impact
		}
		for _, f := range g.Map.Sides {
			for bit, name := range map[lhy.Hexside]string{lhy.Wall: "wall", lhy.Hedgerow: "hedgerow", lhy.RiverSide: "river", lhy.Blocked: "blocked"} {
				if f&bit != 0 {
					got["hexside "+name] = true
				}
			}
		}
		for i := range g.Units {
			u := &g.Units[i]
			got["kind "+u.Kind.String()] = true
			got["nation "+string(u.Nation)] = true
			for name, on := range map[string]bool{
				"good order": !u.Disrupted && !u.Regrouping && !u.Shocked, "Disrupted": u.Disrupted,
				"Regrouping": u.Regrouping, "Shocked": u.Shocked, "Heroic": u.Heroic, "Concealed": u.Concealed,
				"Motion": u.Motion, "Out of Command": u.OutOfCommand, "reduced": u.Reduced(),
				"Rider": u.Rider != "" && !u.Passenger, "Passenger": u.Passenger, "FP": u.Kind == lhy.FP,
				"Disrupted FP": u.Kind == lhy.FP && u.Disrupted, "Rider in a state": u.Rider != "" && (u.Disrupted || u.Regrouping),
				"sunken via hedgerow": u.SunkenViaHedgerow, "assaulted": u.Assaulted, "advanced": u.Advanced,
				"eliminated": u.Eliminated, "combat override": u.Combat != u.Kind.CombatByDefault(),
				"ATV": u.ATV >= 0, "AEV": u.AEV >= 0, "company": u.Company != "", "platoon": u.Platoon != "",
			} {
				got["state "+name] = got["state "+name] || on
			}
		}
		got[fmt.Sprintf("night %t", g.Night)] = true
		got[fmt.Sprintf("after 9/43 %t", g.Date.After9_43())] = true
		got["date unknown"] = got["date unknown"] || g.Date == 0
		got["later turn"] = got["later turn"] || g.Turn > 1
		for r := range lhy.NumReadings {
			if !g.Readings.Default(r) {
				got["reading "+lhy.Readings[r].Key] = true
			}
		}
	}
	want := []string{"level up", "level down", "ip", "impact", "hexside wall", "hexside hedgerow", "hexside river",
		"hexside blocked", "nation GE", "nation US", "nation UK", "nation RU", "nation JP", "night true", "night false",
		"after 9/43 true", "after 9/43 false", "date unknown", "later turn"}
	for t := lhy.Open + 1; t <= lhy.Impassable; t++ {
		want = append(want, "terrain "+t.String())
	}
	for _, k := range lhy.Kinds() {
		want = append(want, "kind "+k.String())
	}
	for _, s := range []string{"good order", "Disrupted", "Regrouping", "Shocked", "Heroic", "Concealed", "Motion",
		"Out of Command", "reduced", "Rider", "Passenger", "FP", "Disrupted FP", "Rider in a state", "sunken via hedgerow",
		"assaulted", "advanced", "eliminated", "combat override", "ATV", "AEV", "company", "platoon"} {
		want = append(want, "state "+s)
	}
	for _, k := range lhy.ReadingKeys() {
		want = append(want, "reading "+k)
	}
	if l := got.lacks(want); len(l) > 0 {
		t.Errorf("50 scenarios lack: %s", strings.Join(l, "; "))
	}
}

// facts are results the random games must reach: every row of the Assault Results table but
// the rarest (row 14, a natural 10 at +4: TestMoverCoverage asks only that the odds of the
// Assaults played give it a chance), the resolutions without a roll, every result a unit may suffer, Collateral Damage, an IP left by
// a destroyed Fighting Position, and the outcomes of the steps after an Assault.
var facts = []string{"row 10-13", "row 6-9", "row 2-5", "row -1..1", "row <=-2", "immediate", "Casualty",
	"Disrupted", "Regrouping", "Shocked", "Destroyed", "eliminated", "loses Concealment", "no effect on", "unloads",
	"passes Cohesion Check", "fails Cohesion Check", "Collateral Damage", "IP in", "must retreat", "retreats", "advances",
	"survives", "does not recover", "recovers", "withdraws", "no longer Regrouping", "new turn"}

// TestMoverCoverage: over 40 games of 120 lines, the Mover plays every verb (a Retreat along a
// path and one that eliminates, Assaults declared, reinforced and resolved later), fire
// markers of every kind and option (small arms on a named nationality and by named firers,
// mortar with and without an MFA MV, anti-tank with an ATV, by an MG, enfiladed), Assaults
// from named hexes and with Envelopment, reaches every fact of facts, and plays Assaults whose
// odds give every row of the Assault Results table a chance; most lines are taken, and some
// are refused or unread.
func TestMoverCoverage(t *testing.T) {
	got := seen{}
	taken, refused, unread := 0, 0, 0
	for n := range 40 {
		g, err := game.Open("gen.yaml", lhygen.Scenario(uint64(n), lhygen.SizeOf(uint8(n))))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 1))
		src := dice.NewSeeded(uint64(n))
		for range 120 {
			line := lhygen.Next(g.Rules(), r)
			st := g.Rules().(*ruleset.Game).G
			pa, perr := lhy.Parse(st, line)
			a, err := g.Parse(line)
			if err != nil || perr != nil {
				unread++
				continue
			}
			if pa.Verb == "assault" || pa.Verb == "resolve" {
				if o, err := st.OddsOf(pa); err == nil {
					for k, p := range o.Marginal {
						if strings.HasPrefix(k, "row ") && p.Sign() > 0 {
							got["odds "+k] = true
						}
					}
				}
			}
			rep, err := g.Do(line, a, src)
			if err != nil {
				refused++
				continue
			}
			taken++
			for _, k := range ruleset.StepReport(rep).Keys() {
				for _, f := range facts {
					if strings.Contains(k, f) {
						got["fact "+f] = true
					}
				}
			}
			got["verb "+pa.Verb] = true
			got["retreat eliminated"] = got["retreat eliminated"] || pa.NoPath
			got["retreat path"] = got["retreat path"] || pa.Verb == "retreat" && len(pa.Path) > 0
			got["envelopment"] = got["envelopment"] || pa.Envelopment
			got["@FROM"] = got["@FROM"] || slices.Contains(pa.FromSet, true)
			for _, m := range pa.Markers {
				got[m.Kind.String()] = true
				got["sa nation"] = got["sa nation"] || strings.Contains(line, "sa "+string(m.Nation))
				got["sa by"] = got["sa by"] || len(m.By) > 0
				got["mortar mv"] = got["mortar mv"] || m.MV > 0
				got["mortar without mv"] = got["mortar without mv"] || m.Kind == lhy.MDRM && m.MV == 0
				got["at atv"] = got["at atv"] || m.ATV >= 0 && m.Kind == lhy.ATDRM
				got["at mg"] = got["at mg"] || m.MG
				got["at enfilade"] = got["at enfilade"] || m.Enfilad
			}
			got[fmt.Sprintf("%d markers", len(pa.Markers))] = true
		}
	}
	want := []string{"retreat eliminated", "retreat path", "envelopment", "@FROM", "SADRM", "MDRM", "ATDRM", "sa nation",
		"sa by", "mortar mv", "mortar without mv", "at atv", "at mg", "at enfilade", "1 markers", "4 markers"}
	for _, v := range []string{"assault", "declare", "reinforce", "resolve", "fire", "vda", "retreat", "advance", "recover", "withdraw", "turn"} {
		want = append(want, "verb "+v)
	}
	for _, f := range facts {
		want = append(want, "fact "+f)
	}
	for _, row := range []string{"14", "10-13", "6-9", "2-5", "-1..1", "<=-2"} {
		want = append(want, "odds row "+row)
	}
	if l := got.lacks(want); len(l) > 0 {
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		t.Errorf("40 games lack: %s (seen: %s)", strings.Join(l, "; "), strings.Join(keys, "; "))
	}
	all := taken + refused + unread
	t.Logf("%d lines: %d taken, %d refused, %d unread", all, taken, refused, unread)
	if taken < all*2/3 || refused+unread < all/20 {
		t.Errorf("%d lines: %d taken, %d refused, %d unread: want most taken, some not", all, taken, refused, unread)
	}
}
