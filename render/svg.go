// Package render draws an ASL map as SVG: terrain, elevation, roads, walls and hedges, wrecks,
// the units, and optionally a shading of hexes (a vehicle's reach: least MP, risk). It writes
// to an io.Writer and keeps no state.
package render

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
)

// Shade is what to show over one hex.
type Shade struct {
	MP       asl.MP  // least MP to reach it
	Max      asl.MP  // the MP the colour scale runs to
	Risky    bool    // reachable only at some risk (no way there is certain)
	P        float64 // best chance of arriving Mobile at the least MP
	Selected bool    // the unit's own hex
}

const scale = 24.0 // pixels per hex radius

func corner(x, y float64, k int) (float64, float64) {
	a := math.Pi / 3 * float64(k)
	return x + math.Cos(a), y + math.Sin(a)
}

func px(v float64) string { return fmt.Sprintf("%.1f", v*scale) }

// Map writes the map of g as an SVG document, with shade (may be nil) over the hexes it names.
func Map(w io.Writer, g *asl.Game, shade map[hex.Hex]Shade, title string) error {
	lay := g.Map.Layout
	var hexes []hex.Hex
	maxX, maxY := 0.0, 0.0
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if !lay.Contains(h) {
				continue
			}
			hexes = append(hexes, h)
			cx, cy := h.Centre()
			maxX, maxY = math.Max(maxX, cx), math.Max(maxY, cy)
		}
	}
	var b strings.Builder
	legend := MapLegend(g.Map)
	legendH := legendHeight(len(legend))
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" font-family="sans-serif">`+"\n",
		px(-1.2), px(-2), px(math.Max(maxX+2.4, 14)), px(maxY+3.2+legendH))
	fmt.Fprintf(&b, "<title>%s</title>\n", escape(title))
	b.WriteString("<style>" + styleSheet(LevelEntries(g.Map)) + "</style>\n")
	b.WriteString(`<defs><pattern id="risk" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="6" fill="#c0392b" fill-opacity="0.45"/></pattern></defs>` + "\n")
	// Terrain and elevation.
	for _, h := range hexes {
		d := g.Map.At(h)
		cx, cy := h.Centre()
		fmt.Fprintf(&b, `<polygon class="%s" points="%s" stroke="#8a8270" stroke-width="0.6"><title>%s: %s, level %d</title></polygon>`+"\n",
			TerrainClass(d.Terrain), points(cx, cy), lay.Name(h), asl.TerrainChart[d.Terrain].Name, d.Level)
		if d.Level != 0 {
			fmt.Fprintf(&b, `<polygon class="%s" points="%s" stroke="none"/>`+"\n", LevelClass(int(d.Level)), points(cx, cy))
		}
	}
	drawSides(&b, g.Map, hexes)
	drawMarkers(&b, g.Map, hexes)
	// Shading.
	keys := make([]hex.Hex, 0, len(shade))
	for h := range shade {
		keys = append(keys, h)
	}
	sort.Slice(keys, func(i, j int) bool { return lessHex(keys[i], keys[j]) })
	for _, h := range keys {
		sh := shade[h]
		cx, cy := h.Centre()
		frac := 0.0
		if sh.Max > 0 {
			frac = math.Min(1, float64(sh.MP)/float64(sh.Max))
		}
		fill := fmt.Sprintf("hsl(%d,70%%,45%%)", int(120*(1-frac)))
		fmt.Fprintf(&b, `<polygon points="%s" fill="%s" fill-opacity="0.45" stroke="none"><title>%s: %s MP, Mobile %.1f%%</title></polygon>`+"\n", points(cx, cy), fill, lay.Name(h), sh.MP, 100*sh.P)
		if sh.Risky {
			fmt.Fprintf(&b, `<polygon points="%s" fill="url(#risk)" stroke="#c0392b" stroke-width="1.2" stroke-dasharray="3,2"/>`+"\n", points(cx, cy))
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="10" text-anchor="middle" fill="#111">%s</text>`+"\n", px(cx), px(cy+0.15), sh.MP)
	}
	// Hex ids, levels and units.
	for _, h := range hexes {
		cx, cy := h.Centre()
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="6" text-anchor="middle" fill="#6a6250">%s</text>`+"\n", px(cx), px(cy-0.62), lay.Name(h))
		if l := g.Map.At(h).Level; l != 0 {
			fmt.Fprintf(&b, `<text class="%s" x="%s" y="%s"><title>level %d</title>%d</text>`+"\n", LevelLabel, px(cx+0.8), px(cy+0.1), l, l)
		}
	}
	for i := range g.Units {
		u := &g.Units[i]
		if u.Pos.Offboard || u.Destroyed {
			continue
		}
		cx, cy := u.Pos.Hex.Centre()
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" rx="3" fill="#2c3e50" fill-opacity="0.85"><title>%s (%s)</title></rect>`+"\n",
			px(cx-0.42), px(cy+0.2), px(0.84), px(0.42), escape(u.ID), escape(u.Side))
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="8" text-anchor="middle" fill="#fff">%s</text>`+"\n", px(cx), px(cy+0.5), escape(u.ID))
	}
	drawLegend(&b, legend, maxY+3.2)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// drawSides draws every hexside feature once: roads and paths from centre to centre, the others
// along the hexside.
func drawSides(b *strings.Builder, m *asl.Map, hexes []hex.Hex) {
	lay := m.Layout
	for _, h := range hexes {
		cx, cy := h.Centre()
		for s := hex.Side(0); s < 6; s++ {
			n := h.Neighbor(s)
			nx, ny := n.Centre()
			if !lay.Contains(n) {
				if m.Road(h, s) { // a road that runs off the board: drawn to the board's edge
					fmt.Fprintf(b, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke-linecap="round"><title>road %s to the board's edge</title></line>`+"\n",
						sideClass("road"), px(cx), px(cy), px((cx+nx)/2), px((cy+ny)/2), lay.Name(h))
				}
				continue
			}
			if !lessHex(h, n) {
				continue
			}
			for _, k := range SideKinds(m, h, s) {
				x1, y1, x2, y2 := cx, cy, nx, ny
				if k != "road" && k != "path" {
					x1, y1 = sideCorner(cx, cy, s, 0)
					x2, y2 = sideCorner(cx, cy, s, 1)
				}
				fmt.Fprintf(b, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke-linecap="round"><title>%s %s</title></line>`+"\n",
					sideClass(k), px(x1), px(y1), px(x2), px(y2), k, lay.HexsideName(h, s))
			}
		}
	}
}

// drawMarkers draws bridges, wrecks, SMOKE and Blaze.
func drawMarkers(b *strings.Builder, m *asl.Map, hexes []hex.Hex) {
	for _, h := range hexes {
		d := m.At(h)
		cx, cy := h.Centre()
		if d.Bridge != asl.NoBridge {
			fmt.Fprintf(b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s"><title>%s</title></rect>`+"\n",
				BridgeClass(d.Bridge), px(cx-0.55), px(cy-0.18), px(1.1), px(0.36), asl.BridgeChart[d.Bridge].Name)
		}
		if d.Wrecks > 0 || d.WrecksBelow > 0 {
			fmt.Fprintf(b, `<text class="m-wreck" x="%s" y="%s" font-size="14" text-anchor="middle">✕</text>`+"\n", px(cx+0.45), px(cy-0.3))
		}
		if d.Smoke {
			fmt.Fprintf(b, `<circle class="m-smoke" cx="%s" cy="%s" r="%s"/>`+"\n", px(cx-0.45), px(cy-0.3), px(0.18))
		}
		if d.Blaze {
			fmt.Fprintf(b, `<circle class="m-blaze" cx="%s" cy="%s" r="%s"/>`+"\n", px(cx-0.45), px(cy+0.3), px(0.15))
		}
	}
}

const legendPerColumn = 8

func legendHeight(n int) float64 {
	if n == 0 {
		return 0
	}
	return 0.9*float64(min(n, legendPerColumn)) + 1
}

// drawLegend writes the legend below the map (from y, in radii): a swatch drawn with each
// entry's class, its name, and "default" where the chart row is the project's choice.
func drawLegend(b *strings.Builder, es []Entry, y float64) {
	if len(es) == 0 {
		return
	}
	b.WriteString(`<g class="legend">` + "\n")
	for i, e := range es {
		x := -0.8 + 7*float64(i/legendPerColumn)
		ly := y + 0.9*float64(i%legendPerColumn)
		switch e.Kind {
		case "hexside":
			fmt.Fprintf(b, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s"/>`, e.Class, px(x), px(ly), px(x+0.8), px(ly))
		case "marker":
			fmt.Fprintf(b, `<circle class="%s" cx="%s" cy="%s" r="%s"/>`, e.Class, px(x+0.4), px(ly), px(0.25))
		case "level": // the tint over open ground, with the number each such hex carries
			fmt.Fprintf(b, `<rect class="t-open" x="%s" y="%s" width="%s" height="%s" stroke="#8a8270"/>`, px(x), px(ly-0.3), px(0.8), px(0.6))
			fmt.Fprintf(b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s"/>`, e.Class, px(x), px(ly-0.3), px(0.8), px(0.6))
			fmt.Fprintf(b, `<text class="%s" x="%s" y="%s">%s</text>`, LevelLabel, px(x+0.4), px(ly+0.12), levelText(e.Class))
		default:
			fmt.Fprintf(b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s" stroke="#8a8270"/>`, e.Class, px(x), px(ly-0.3), px(0.8), px(0.6))
		}
		name := e.Name
		if e.Tag == "default" {
			name += " (default)"
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="9" fill="#222">%s</text>`+"\n", px(x+1), px(ly+0.15), escape(name))
	}
	b.WriteString("</g>\n")
}

// levelText is the level a level class stands for, as the hexes show it: "e-m1" is "-1".
func levelText(class string) string {
	l := strings.TrimPrefix(class, "e-")
	if rest, ok := strings.CutPrefix(l, "m"); ok {
		return "-" + rest
	}
	return l
}

// sideCorner is one end (k = 0, 1) of hexside s of the hex centred at (x, y): side s faces the
// direction 30+60s degrees above the x axis (side 0 upper-right ... 5 lower-right).
func sideCorner(x, y float64, s hex.Side, k int) (float64, float64) {
	a := math.Pi / 3 * float64(int(s)+k) // corners at 0, 60, ... degrees, counter-clockwise
	return x + math.Cos(a), y - math.Sin(a)
}

func points(x, y float64) string {
	var b strings.Builder
	for k := 0; k < 6; k++ {
		cx, cy := corner(x, y, k)
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(px(cx) + "," + px(cy))
	}
	return b.String()
}

func lessHex(a, b hex.Hex) bool { return a.X < b.X || a.X == b.X && a.Y < b.Y }

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
