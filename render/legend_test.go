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
