package ruleset

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/rules"
)

// hiddenBase is a game of hidden movement to vary. The Germans (squad G) saw the Russian
// armoured cars X (V1, V2, wheeled medium: mire on 10+) at 30,10, revealed at set-up; the
// Russians' squad H has not been seen. Unseen, X drives east across the brook at x = 33: with
// the base dice V1 mires there and breaks off as a part of its own, and V2 drives on. Each
// variant changes only what the Germans have not seen.
const hiddenBase = `name: hidden
ruleset: lightningwar
table: {width: 72, height: 48}
streams: [{id: brook, line: [[33, 0], [33, 48]]}]
toe:
  - {id: GPl, side: German, initiative: medium}
  - {id: RPl, side: Russian, initiative: medium}
units:
  - {id: GS1, formation: GPl, type: infantry}
  - {id: V1, formation: RPl, type: car, wheeled: true, size: medium, xc: 12}
  - {id: V2, formation: RPl, type: car, wheeled: true, size: medium, xc: 12}
  - {id: RS1, formation: RPl, type: infantry}
detachments:
  - {id: G, units: [GS1], at: [5, 10]}
  - {id: X, units: [V1, V2], at: [30, 10], revealed: true}
  - {id: H, units: [RS1], at: [60, 40]}
orders:
  - {to: G, path: [[5, 30]]}
`

// TestHiddenMetamorphic: what a side has not seen does not change what it is shown. For each
// variant of hiddenBase, the same steps are played as in the base game, and the Germans' and
// the spectators' state (View) and every step (StepView) must be the same, byte for byte.
func TestHiddenMetamorphic(t *testing.T) {
	steps := []string{"order X path 60,10", "movement", "movement", "order H path 60,30", "movement"}
	base := []int{10, 6, 3, 4} // V1 mires at the brook, V2 does not; then V1 stays mired twice
	variants := []struct {
		name  string
		edit  func(string) string
		steps []string // "" : the base's
		dice  []int
	}{
		{"the mired part does not break off (other dice)", nil, nil, []int{6, 6}},
		{"both cars mire", nil, nil, []int{10, 10, 3, 4, 5, 2}},
		{"the cars drive elsewhere unseen", nil, []string{"order X path 40,40", "movement", "movement", "order H path 60,30", "movement"}, nil},
		{"the unseen cars' units renamed", func(s string) string {
			return strings.NewReplacer("V1", "Q7", "V2", "Q8").Replace(s)
		}, nil, nil},
		{"the unseen squad removed", func(s string) string {
			s = strings.Replace(s, "  - {id: H, units: [RS1], at: [60, 40]}\n", "", 1)
			return strings.Replace(s, "  - {id: RS1, formation: RPl, type: infantry}\n", "", 1)
		}, []string{"order X path 60,10", "movement", "movement", "order X path 60,12", "movement"}, nil},
		{"an unseen detachment added, the unseen squad renamed", func(s string) string {
			s = strings.NewReplacer("id: H,", "id: HQ,", "RS1", "ZZ9").Replace(s)
			s = strings.Replace(s, "units:\n", "units:\n  - {id: RK, formation: RPl, type: tank, tracked: true, size: heavy, xc: 8}\n", 1)
			return strings.Replace(s, "detachments:\n", "detachments:\n  - {id: K, units: [RK], at: [66, 20]}\n", 1)
		}, []string{"order X path 60,10", "movement", "movement", "order HQ path 60,30", "movement"}, nil},
		{"an unseen tank added, mired, rolling to escape (other dice)", func(s string) string {
			s = strings.Replace(s, "units:\n", "units:\n  - {id: RK, formation: RPl, type: tank, tracked: true, size: heavy, xc: 8, mired: true}\n", 1)
			s = strings.Replace(s, "detachments:\n", "detachments:\n  - {id: K, units: [RK], at: [66, 20]}\n", 1)
			return s + "  - {to: K, path: [[66, 40]]}\n"
		}, nil, []int{}},
		{"the seen cars placed elsewhere unseen, in column", nil, []string{"order X path 60,10", "movement", "movement", "place X 40,20 facing 90 column", "movement"}, nil},
		{"the seen cars split unseen", nil, []string{"order X path 60,10", "movement", "movement", "split X V2 as X9", "movement"}, []int{6, 6}},
	}
	roles := []string{"German", rules.Spectator}
	want := hiddenViews(t, hiddenBase, steps, base, roles)
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			file, st, d := hiddenBase, steps, base
			if v.edit != nil {
				file = v.edit(file)
			}
			if v.steps != nil {
				st = v.steps
			}
			if v.dice != nil {
				d = v.dice
			}
			got := hiddenViews(t, file, st, d, roles)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s\n got: %s\nwant: %s", hiddenWhat(i, len(roles)), got[i], want[i])
				}
			}
		})
	}
}

// hiddenWhat names the i-th view hiddenViews gives.
func hiddenWhat(i, roles int) string {
	return fmt.Sprintf("after step %d, view %d", i/(2*roles)+1, i%(2*roles))
}

// hiddenViews plays the file's game with the steps and dice, and gives after each step each
// role's state and the step as that role is shown it, as JSON.
func hiddenViews(t *testing.T, file string, steps []string, values []int, roles []string) []string {
	t.Helper()
	sc, err := Ruleset{}.Load("hidden.yaml", []byte(file), rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	g := sc.Setup().(*Game)
	src := &dice.Script{Values: values, Then: dice.Lowest{}}
	var out []string
	js := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for i, line := range steps {
		a, err := g.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		r, err := g.Do(a, i+1, src)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, role := range roles {
			out = append(out, js(g.View(rules.Head{Role: role}, true)),
				js(g.StepView(r, r.Detail.(*detail).rep.Rolls, role)))
		}
	}
	return out
}

// TestHiddenMergeMetamorphic: a revealed detachment that joins another unseen is still shown
// where and as it was seen, as if it had not: the Germans' and the spectators' views are those
// of a game where the Russians did something else unseen (a pivot).
func TestHiddenMergeMetamorphic(t *testing.T) {
	roles := []string{"German", rules.Spectator}
	// H has a second squad, which breaks off (H/8) after X/9 and is revealed too: X/9, which
	// joins X unseen, is still listed before it
	file := strings.NewReplacer("units: [RS1]", "units: [RS1, RS2]",
		"  - {id: RS1, formation: RPl, type: infantry}\n", "  - {id: RS1, formation: RPl, type: infantry}\n  - {id: RS2, formation: RPl, type: infantry}\n").Replace(hiddenBase)
	before := []string{"split X V2 as X/9", "split H RS2 as H/8", "reveal X/9", "reveal H/8"}
	stay := hiddenViews(t, file, append(before[:4:4], "pivot X 90", "movement"), nil, roles)
	joined := hiddenViews(t, file, append(before[:4:4], "join X/9 into X", "movement"), nil, roles)
	if !strings.Contains(stay[len(stay)-4], `"id":"X/9"`) || !strings.Contains(stay[len(stay)-4], `"id":"H/8"`) {
		t.Fatalf("the German does not see both parts: %s", stay[len(stay)-4])
	}
	for i := range stay {
		if stay[i] != joined[i] {
			t.Fatalf("%s\n got: %s\nwant: %s", hiddenWhat(i, len(roles)), joined[i], stay[i])
		}
	}
}

// TestLegacyPartNameOnlyForTheReferee: a part's old name (X/V1: the detachment and the unit)
// still names it in the referee's lines, but a side's player is refused it as a name it does
// not know, the same way as a name that names nothing.
func TestLegacyPartNameOnlyForTheReferee(t *testing.T) {
	sc, err := Ruleset{}.Load("hidden.yaml", []byte(hiddenBase), rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	g := sc.Setup().(*Game)
	for i, line := range []string{"order X path 60,10", "movement"} {
		a, _ := g.Parse(line)
		if _, err := g.Do(a, i+1, &dice.Script{Values: []int{10, 6}}); err != nil {
			t.Fatal(err)
		}
	}
	if p := g.G.DetOf("V1"); p == nil || p.ID != "X/2" {
		t.Fatalf("V1's part: %+v", p)
	}
	deny := func(role, line string) string {
		a, err := g.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if d := g.MayPlay(role, a); d != nil {
			return strings.ReplaceAll(fmt.Sprintf("%v %v", d.Msg, d.Refusal), "X/NONE", "X/V1")
		}
		return ""
	}
	for _, role := range []string{"Russian", "German"} {
		if got, none := deny(role, "pivot X/V1 90"), deny(role, "pivot X/NONE 90"); got == "" || got != none {
			t.Errorf("%s plays the old name: %q, a name of nothing: %q", role, got, none)
		}
	}
	if deny(rules.Referee, "pivot X/V1 90") != "" {
		t.Error("the referee may not play the old name")
	}
	a, _ := g.Parse("pivot X/V1 90")
	if _, err := g.Do(a, 3, nil); err != nil || g.G.Det("X/2").Facing != 90 {
		t.Errorf("the referee's pivot X/V1: %v", err)
	}
}
