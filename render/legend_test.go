package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
)

// everything is a map holding every Terrain Chart row, every hexside feature, every bridge and
// every marker, one per hex along board 2's first columns.
func everything(t *testing.T) *asl.Map {
	t.Helper()
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	i := 0
	next := func() hex.Hex {
		h := hex.Hex{X: int16(i / 9), Y: int16(1 + i%9)}
		i++
		if !lay.Contains(h) {
			t.Fatalf("hex %v is off the board", h)
		}
		return h
	}
	for tr := range asl.NumTerrain {
		m.At(next()).Terrain = asl.Terrain(tr)
	}
	for b := asl.StoneBridge; b <= asl.FootBridge; b++ {
		h := next()
		m.At(h).Terrain = asl.Stream
		m.At(h).Bridge = b
	}
	h := next()
	m.At(h).Wrecks, m.At(h).Smoke, m.At(h).Blaze = 1, true, true
	for k, set := range []func(hex.Hex, hex.Side){
		func(h hex.Hex, s hex.Side) { m.SetRoad(h, s, false) }, m.SetPath, m.SetHedge, m.SetWall, m.SetBocage,
		m.SetCliff, m.SetRoadblock, m.SetAbrupt, m.SetTrailbreak,
	} {
		set(hex.Hex{X: 20, Y: int16(1 + k)}, 0)
	}
	return m
}

// TestLegendCoversTheChart: every row and feature of the chart has its own legend entry and its
// own class, and the SVG of a map holding them all draws each with that class and lists it.
func TestLegendCoversTheChart(t *testing.T) {
	full := FullLegend()
	want := asl.NumTerrain + 9 + 4 + 3
	if len(full) != want {
		t.Errorf("the legend has %d entries, want %d (rows, hexside features, bridges, markers)", len(full), want)
	}
	seen := map[string]bool{}
	for _, e := range full {
		if seen[e.Class] {
			t.Errorf("class %s is used by two entries", e.Class)
		}
		seen[e.Class] = true
		if e.Fill == "" && e.Stroke == "" || e.Name == "" {
			t.Errorf("entry %+v has no colour or name", e)
		}
	}
	m := everything(t)
	if got := Legend(m); len(got) != len(full) {
		t.Errorf("the map holds every feature, but its legend has %d of %d entries", len(got), len(full))
	}
	g := asl.NewGame(m, nil, "German")
	var b bytes.Buffer
	if err := Map(&b, g, nil, "every row"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	body, legend, ok := strings.Cut(svg, `<g class="legend">`)
	if !ok {
		t.Fatal("no legend in the SVG")
	}
	for _, e := range full {
		drawn := regexp.MustCompile(`class="` + regexp.QuoteMeta(e.Class) + `"`)
		if !drawn.MatchString(body) {
			t.Errorf("the map does not draw anything with class %s (%s)", e.Class, e.Name)
		}
		if !drawn.MatchString(legend) || !strings.Contains(legend, escape(e.Name)) {
			t.Errorf("the legend has no %s swatch named %q", e.Class, e.Name)
		}
		if !strings.Contains(svg, "."+e.Class+"{") {
			t.Errorf("the style sheet does not style %s", e.Class)
		}
	}
	if !strings.Contains(legend, "Ford (default)") {
		t.Error("a default row (ford) is not marked as such in the legend")
	}
}

// TestLevelsLabelledAndInTheLegend: a map with hills of levels 1 and 2 and a hex at level -1
// tints each such hex with its level's class, writes its level in it, and has a legend line per
// level (lowest first) that draws the tint and the number; level 0 has none. Every class the
// map draws has its legend line.
func TestLevelsLabelledAndInTheLegend(t *testing.T) {
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	levels := map[string]int8{"M4": 1, "M5": 1, "N4": 2, "K2": -1}
	for id, l := range levels {
		h, err := lay.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		m.At(h).Level = l
	}
	var got []string
	for _, e := range MapLegend(m) {
		if e.Kind == "level" {
			got = append(got, e.Class+" "+e.Name)
		}
	}
	want := []string{"e-m1 level -1, below the ground (-1 in the hex)", "e-1 level 1 hill (1 in the hex)", "e-2 level 2 hill (2 in the hex)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the level lines of the legend are\n%q\nwant\n%q", got, want)
	}
	var b bytes.Buffer
	if err := Map(&b, asl.NewGame(m, nil, "German"), nil, "hills"); err != nil {
		t.Fatal(err)
	}
	body, legend, ok := strings.Cut(b.String(), `<g class="legend">`)
	if !ok {
		t.Fatal("no legend in the SVG")
	}
	for _, c := range []struct {
		class, label string
		hexes        int
	}{{"e-1", "1", 2}, {"e-2", "2", 1}, {"e-m1", "-1", 1}} {
		if n := strings.Count(body, `<polygon class="`+c.class+`"`); n != c.hexes {
			t.Errorf("%d hexes tinted %s, want %d", n, c.class, c.hexes)
		}
		if n := strings.Count(body, `<title>level `+c.label+`</title>`+c.label+`</text>`); n != c.hexes {
			t.Errorf("%d hexes carry the level number %s, want %d", n, c.label, c.hexes)
		}
		if !strings.Contains(legend, `class="`+c.class+`"`) || !strings.Contains(legend, `class="lvl" x=`) ||
			!regexp.MustCompile(`class="lvl"[^>]*>`+regexp.QuoteMeta(c.label)+`</text>`).MatchString(legend) {
			t.Errorf("the legend does not draw level %s (tint %s and its number)", c.label, c.class)
		}
		if !strings.Contains(b.String(), "."+c.class+"{fill:rgba(") {
			t.Errorf("the style sheet does not tint %s", c.class)
		}
	}
	if n := strings.Count(body, `class="lvl"`); n != 4 {
		t.Errorf("%d level numbers on the map, want 4 (none at level 0)", n)
	}
	for _, cls := range regexp.MustCompile(`class="([^"]+)"`).FindAllStringSubmatch(body, -1) {
		if !strings.Contains(legend, `class="`+cls[1]+`"`) {
			t.Errorf("the map draws class %s and the legend has no line for it", cls[1])
		}
	}
}
