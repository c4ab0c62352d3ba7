package ruleset

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwfile"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

const lwRich = `name: rich
ruleset: lightningwar
seed: 5
dice: [12, 1]
table: {width: 60, height: 40}
terrain:
  - {id: wood, ground: woods, area: [[20, 0], [30, 0], [30, 20], [20, 20]]}
  - {id: hill, slope: gentle, area: [[25, 5], [45, 5], [45, 30], [25, 30]]}
  - {id: bog, ground: marsh, factor: 5, area: [[40, 30], [50, 30], [50, 38]]}
roads: [{id: r, line: [[0, 10], [60, 10]], width: 0.5}]
streams: [{id: brook, line: [[35, 0], [35, 40]]}]
chokes: [{id: bridge, area: [[34, 9], [36, 9], [36, 11], [34, 11]]}]
toe:
  - {id: Bn, side: German, initiative: high}
  - {id: 1Coy, parent: Bn}
  - {id: R, side: Russian, initiative: low}
units:
  - {id: T1, formation: 1Coy, type: vehicle, tracked: true, size: medium, road: 24, xc: 12, mire: +1, mg: 2, carries: 1}
  - {id: S1, formation: 1Coy, type: infantry, initiative: low, aboard: T1}
  - {id: K1, formation: 1Coy, type: cavalry}
  - {id: RS, formation: R, type: infantry}
  - {id: RG, formation: R, type: gun, base: [1.5, 2]}
  - {id: RT, formation: R, type: tank, tracked: true, size: medium, xc: 10}
detachments:
  - {id: A, units: [T1, S1], at: [5, 10], facing: 90}
  - {id: C, units: [K1], at: [5, 30], kind: recon, formation: column}
  - {id: X, units: [RS, RG], at: [55, 35], revealed: true, formation: [[0, 1], [0, -1.5]]}
  - {id: Y, units: [RT], at: [58, 5]}
orders:
  - {to: A, path: [[50, 10]], text: "to the bridge and over"}
  - {to: C, goal: [40, 35], text: "reconnoitre the bog", pace: gallop}
moves:
  - movement 1/2
  - movement 2/2
  - route C path 40,30 gallop
  - place Y 58,6 facing 270 column
  - morale X 8 holds
expect:
  - A: {at: [17, 10], initiative: Medium, regular: true}
  - C: {initiative: High}
  - S1: {aboard: T1}
  - step 1: {events: [A moves 6"]}
  - X: {formation: drawn, frontage: 1.5}
  - Y: {at: [58, 6], facing: 270, formation: column}
  - step 5: {event: "X checks morale: 8 holds"}
`

func TestLoadLightningWar(t *testing.T) {
	s, err := lwfile.LoadLightningWar("rich.yaml", []byte(lwRich))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) > 0 {
		t.Fatal(s.Warnings)
	}
	g := s.Game
	if len(g.Table.Features) != 3 || len(g.Table.Roads) != 1 || len(g.Table.Streams) != 1 || len(g.Table.Chokes) != 1 {
		t.Fatalf("table: %+v", g.Table)
	}
	if g.Table.Features[2].Factor != 5 || g.Unit("T1").MireMod != 1 || g.Unit("S1").In != "T1" || !g.Unit("K1").Mounted {
		t.Fatal("fields were not read")
	}
	if u := g.Unit("RG"); u.Type != lw.Gun || u.BaseW != lw.Inch(1.5, 0).X || u.BaseD != lw.Inch(2, 0).X || !g.Unit("RT").IsTank() || g.Unit("T1").IsTank() {
		t.Fatalf("bases and kinds were not read: %+v", u)
	}
	if x := g.Det("X"); x.Form != lw.FormDrawn || len(x.Offsets) != 2 || x.Offsets[1] != lw.Inch(0, -1.5) || g.Det("C").Form != lw.FormColumn {
		t.Fatalf("formations were not read: %+v", x)
	}
	if d := g.Det("A"); len(d.Pending) != 1 || d.Pending[0].Text != "to the bridge and over" {
		t.Fatalf("A's orders: %+v", d.Pending)
	}
	sc, err := Ruleset{}.Load("rich.yaml", []byte(lwRich), rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	gg, out := rules.Play(sc, nil, nil)
	if fails := sc.Check(gg, out.Steps); len(fails) > 0 {
		t.Fatal(fails)
	}
}

func TestLoadLightningWarErrors(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{"[[20, 0], [30, 0], [30, 20], [20, 20]]", "[[20, 0], [30, 20], [30, 0], [20, 20]]", ":7: terrain.area: wood: the polygon crosses itself"},
		{"[[40, 30], [50, 30], [50, 38]]", "[[40, 30], [50, 30], [50, 30]]", ":9: terrain.area: bog: corners 2 and 3 are the same point"},
		{"[[40, 30], [50, 30], [50, 38]]", "[[40, 30], [45, 30], [50, 30]]", ":9: terrain.area: bog: edges 1 and 3 fold back"},
		{"line: [[0, 10], [60, 10]]", "line: [[0, 10]]", ":10: roads: r: a line needs at least 2 points"},
		{"ground: woods", "ground: jungle", ":7: terrain.ground: unknown ground"},
		{"size: medium, ", "", ":18: units: T1: a vehicle needs its size"},
		{"at: [5, 10]", "at: [500, 10]", ":25: detachments: detachment A is at 500,10, off the table"},
		{"initiative: high}", "initiative: heroic}", ":14: toe.initiative: unknown Initiative"},
		{"{to: A, path: [[50, 10]]", "{to: A, path: [[500, 10]]", ":30: orders: Written orders (rules-notes 3.5): the path point 500,10 is off the table"},
		{"table: {width: 60", "table: {width: -1", ":5: table.width: expected inches"},
		{"base: [1.5, 2]", "base: [1.5]", ":22: units.base: a base is [width, depth] in inches"},
		{"base: [1.5, 2]", "base: [0, 2]", ":22: units.base: expected inches between 0.1 and 24"},
		{"formation: column}", "formation: wedge}", ":26: detachments.formation: unknown formation \"wedge\""},
		{"formation: [[0, 1], [0, -1.5]]", "formation: [[0, 1]]", ":27: detachments.formation: X: a drawn formation gives one offset per base; it has 2 bases (RS, RG), the formation 1 offsets"},
		{"type: gun", "type: mortar", ":22: units.type: unknown unit type \"mortar\""},
	} {
		data := strings.Replace(lwRich, c.old, c.new, 1)
		_, err := Ruleset{}.Load("x.yaml", []byte(data), rules.Limits{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: got %v, want %q", c.old, c.new, err, c.want)
		}
	}
}

func lwSeedFiles() [][]byte {
	out := [][]byte{[]byte(lwRich)}
	files, _ := filepath.Glob("../../testdata/lightningwar/*.yaml")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// FuzzLoadLightningWar: any file — self-crossing or degenerate polygons, broken lines, bad
// numbers — gives a scenario or a positioned *scenario.Error, never a panic; a loaded file plays and
// checks, and the same file and seed play the same game.
func FuzzLoadLightningWar(f *testing.F) {
	seeds := lwSeedFiles()
	if len(seeds) < 100 {
		f.Fatalf("only %d seed files", len(seeds))
	}
	for _, b := range seeds {
		f.Add(b)
		for k := 1; k < 4; k++ {
			f.Add(b[:len(b)*k/4])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Ruleset{}.Load("fuzz.yaml", data, rules.Limits{})
		if err != nil {
			var e *scenario.Error
			if !errors.As(err, &e) || e.File != "fuzz.yaml" || e.Msg == "" {
				t.Fatalf("LoadLightningWar returned %T %v, not a positioned *scenario.Error", err, err)
			}
			if strings.HasPrefix(e.Msg, "cannot read this scenario: ") {
				t.Fatalf("LoadLightningWar panicked (recovered): %s", e.Msg)
			}
			return
		}
		s.File().HasSeed = true
		g, out := rules.Play(s, nil, func(r *rules.Report) { _, _ = r.Detail.Text(r), r.Detail.JSON(r) })
		s.Check(g, out.Steps)
		_ = g.Summary()
		s2, err := Ruleset{}.Load("fuzz.yaml", bytes.Clone(data), rules.Limits{})
		if err != nil {
			t.Fatalf("second load: %v", err)
		}
		s2.File().HasSeed = true
		g2, _ := rules.Play(s2, nil, nil)
		if !reflect.DeepEqual(g.(*Game).G.Dets, g2.(*Game).G.Dets) {
			t.Fatal("two plays of the same file and seed differ")
		}
	})
}
