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

// terrainFill is the colour of each terrain, close to the boards' printing.
var terrainFill = map[asl.Terrain]string{
	asl.OpenGround: "#efe6c8", asl.Shellholes: "#cfc6a8", asl.Brush: "#c9d49a", asl.Grain: "#f2de8a",
	asl.Orchard: "#d5e6b0", asl.Woods: "#7fa860", asl.Building: "#b09a84", asl.Rubble: "#9c948c",
	asl.Stream: "#9cc8e8", asl.Gully: "#c8a878", asl.Marsh: "#a8c8b0",
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
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" font-family="sans-serif">`+"\n",
		px(-1.2), px(-2), px(maxX+2.4), px(maxY+3.2))
	fmt.Fprintf(&b, "<title>%s</title>\n", escape(title))
	b.WriteString(`<defs><pattern id="risk" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="6" fill="#c0392b" fill-opacity="0.45"/></pattern></defs>` + "\n")
	// Terrain and elevation.
	for _, h := range hexes {
		d := g.Map.At(h)
		cx, cy := h.Centre()
		fill := terrainFill[d.Terrain]
		stroke := "#8a8270"
		fmt.Fprintf(&b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="0.6"><title>%s: %s, level %d</title></polygon>`+"\n",
			points(cx, cy), fill, stroke, lay.Name(h), asl.TerrainChart[d.Terrain].Name, d.Level)
		if d.Level > 0 {
			fmt.Fprintf(&b, `<polygon points="%s" fill="#8b5a2b" fill-opacity="%.2f" stroke="none"/>`+"\n", points(cx, cy), 0.12*float64(d.Level))
		}
	}
	// Roads, walls and hedges along hexsides; wrecks.
	for _, h := range hexes {
		cx, cy := h.Centre()
		for s := hex.Side(0); s < 6; s++ {
			n := h.Neighbor(s)
			if !lay.Contains(n) || !lessHex(h, n) {
				continue
			}
			nx, ny := n.Centre()
			if g.Map.Road(h, s) {
				fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#6b5b45" stroke-width="4" stroke-linecap="round"/>`+"\n", px(cx), px(cy), px(nx), px(ny))
			}
			if ob := g.Map.Obstacle(h, s); ob != asl.NoObstacle {
				// The hexside joins corners s and s+1 of h (corner k at angle -60k: y grows down).
				x1, y1 := sideCorner(cx, cy, s, 0)
				x2, y2 := sideCorner(cx, cy, s, 1)
				col := "#555"
				if ob == asl.Hedge {
					col = "#2e6b2e"
				}
				fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="3"/>`+"\n", px(x1), px(y1), px(x2), px(y2), col)
			}
		}
		if d := g.Map.At(h); d.Wrecks > 0 {
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="14" fill="#333" text-anchor="middle">✕</text>`+"\n", px(cx+0.45), px(cy-0.3))
		}
	}
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
	// Hex ids and units.
	for _, h := range hexes {
		cx, cy := h.Centre()
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="6" text-anchor="middle" fill="#6a6250">%s</text>`+"\n", px(cx), px(cy-0.62), lay.Name(h))
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
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
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
