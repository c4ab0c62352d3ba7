package render

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
)

// groundFill is the colour of each Lightning War ground.
var groundFill = map[lw.Ground]string{
	lw.Open: "#efe6c8", lw.Broken: "#d8c79a", lw.Woods: "#7fa860", lw.BuiltUp: "#b09a84", lw.Marsh: "#a8c8b0",
}

// sideColour gives each side a colour in the order the game lists them.
var sideColour = []string{"#3b5b9a", "#a0302a", "#3a7a3a", "#8a6a20"}

const tablePx = 12.0 // pixels per inch

// tableDefs are the hatchings of slopes.
const tableDefs = `<defs><pattern id="slope" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#6b5a3a" stroke-width="1" opacity="0.5"/></pattern>` +
	`<pattern id="steep" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="#6b5a3a" stroke-width="1.5" opacity="0.6"/></pattern></defs>`

// tableStyle is how each class of the table's marks is drawn (the legend's swatches too).
const tableStyle = `.ground{stroke:#6a6a4a;stroke-width:0.8}.slope{stroke:#6b5a3a;stroke-dasharray:3 2}` +
	`.stream{fill:none;stroke:#5a9ad0;stroke-width:3}.road{fill:none;stroke:#8a7a6a;stroke-linecap:round;stroke-linejoin:round}` +
	`.choke{fill:none;stroke:#222;stroke-width:1.5;stroke-dasharray:2 2}.grid{stroke:#000;stroke-opacity:0.08}` +
	`.edge{fill:none;stroke:#555}.ordered{fill:none;stroke-width:1.5;stroke-dasharray:6 4;opacity:0.8}.track{fill:none;stroke-width:2.5}` +
	`.footprint{fill-opacity:0.35;stroke-width:1}.leader{stroke-width:1;stroke-dasharray:2 2}` +
	`.name{font-size:9px;font-style:italic;fill:#3d3524;text-anchor:middle}.choke-name{font-style:normal;font-weight:700;fill:#111}` +
	`.caption{font-size:11px}.legend text{font-size:9px;fill:#222}`

// tableDrawing is a Lightning War table being drawn: its height in inches (SVG's y runs down
// from the table's top edge), the boxes of the names drawn on it, and the legend lines of what
// it drew, by class, in the order first drawn.
type tableDrawing struct {
	b      strings.Builder
	w, h   float64
	names  []box
	legend []tableEntry
	seen   map[string]bool
}

// tableEntry is a legend line: the classes its marks are drawn with, its swatch (SVG drawn in a
// 16x10 box at the origin) and its words.
type tableEntry struct{ class, swatch, name string }

// box is a rectangle in SVG pixels.
type box struct{ x1, y1, x2, y2 float64 }

func (a box) meets(b box) bool { return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2 }

func (t *tableDrawing) pt(p lw.Point) (float64, float64) {
	x, y := p.Inches()
	return x * tablePx, (t.h - y) * tablePx
}

func (t *tableDrawing) poly(ps []lw.Point) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		x, y := t.pt(p)
		fmt.Fprintf(&b, "%.1f,%.1f", x, y)
	}
	return b.String()
}

// note adds a legend line for class, once.
func (t *tableDrawing) note(class, swatch, name string) {
	if !t.seen[class] {
		t.seen[class] = true
		t.legend = append(t.legend, tableEntry{class, swatch, name})
	}
}

// Table writes a Lightning War table as an SVG document: the terrain (grounds coloured, slopes
// hatched), roads, streams and choke points, each area's and choke point's name; each
// detachment's track (solid, from where it set up) and the path it is ordered along (dashed);
// where each stands now: its models' bases (rules-notes 3.6), and a label at its point, set
// apart from the names (a line leads to its point) as a printed map does; and under the table a
// legend of every mark drawn.
// side, when not empty, draws only that side's detachments and the others the referee has
// revealed, where they were seen.
func Table(w io.Writer, g *lw.Game, side, title string) error {
	W, H := g.Table.Width/lw.MetresPerInch, g.Table.Height/lw.MetresPerInch
	t := &tableDrawing{w: W, h: H, seen: map[string]bool{}}
	var body strings.Builder
	t.terrain(g.Table, W)
	body.WriteString(t.b.String())
	t.b.Reset()
	t.names = t.nameBoxes(g.Table)
	t.dets(g, side)
	dets := t.b.String()
	t.b.Reset()
	t.writeNames(g.Table)
	names := t.b.String()

	cols := max(1, int(W*tablePx/200))
	rows := (len(t.legend) + cols - 1) / cols
	height := H*tablePx + 24 + float64(rows)*14 + 6
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n",
		W*tablePx, height, W*tablePx, height)
	fmt.Fprintf(&b, "<title>%s</title>\n<style>%s</style>\n%s\n", escape(title), tableStyle, tableDefs)
	b.WriteString(body.String())
	b.WriteString(dets)
	b.WriteString(names)
	caption := fmt.Sprintf(`<text class="caption" x="4" y="%.1f">%s — turn %d; grid 6" (300 m)</text>`, H*tablePx+14, escape(title), g.Turn)
	t.writeLegend(&b, caption, H*tablePx+24, cols, W*tablePx/float64(cols))
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// terrain draws the ground, slopes, streams, roads, choke points and the 6" grid.
func (t *tableDrawing) terrain(tb *lw.Table, W float64) {
	b := &t.b
	sw := func(class, fill string) string {
		return fmt.Sprintf(`<rect class="%s" width="16" height="10" fill="%s"/>`, class, fill)
	}
	fmt.Fprintf(b, `<rect class="ground ground-open" x="0" y="0" width="%.1f" height="%.1f" fill="%s"/>`+"\n", W*tablePx, t.h*tablePx, groundFill[lw.Open])
	t.note("ground-open", sw("ground ground-open", groundFill[lw.Open]), lw.MovementChart[lw.Open].Name)
	for _, f := range tb.Features {
		if f.HasGround {
			class := "ground-" + groundKey(f.Ground)
			fmt.Fprintf(b, `<polygon class="ground %s" points="%s" fill="%s"><title>%s: %s</title></polygon>`+"\n",
				class, t.poly(f.Area), groundFill[f.Ground], escape(f.ID), lw.MovementChart[f.Ground].Name)
			t.note(class, sw("ground "+class, groundFill[f.Ground]), lw.MovementChart[f.Ground].Name)
		}
		if f.HasSlope && f.Slope != lw.Flat {
			fill, class := "url(#slope)", "slope-gentle"
			if f.Slope == lw.Steep {
				fill, class = "url(#steep)", "slope-steep"
			}
			fmt.Fprintf(b, `<polygon class="slope %s" points="%s" fill="%s"><title>%s: %s</title></polygon>`+"\n",
				class, t.poly(f.Area), fill, escape(f.ID), lw.SlopeChart[f.Slope].Name)
			t.note(class, sw("slope "+class, fill), strings.ToLower(lw.SlopeChart[f.Slope].Name))
		}
	}
	line := func(class string) string {
		return fmt.Sprintf(`<line class="%s" x1="0" y1="5" x2="16" y2="5"/>`, class)
	}
	for _, s := range tb.Streams {
		fmt.Fprintf(b, `<polyline class="stream" points="%s"><title>%s</title></polyline>`+"\n", t.poly(s.Line), escape(s.ID))
		t.note("stream", line("stream"), "stream")
	}
	for _, r := range tb.Roads {
		fmt.Fprintf(b, `<polyline class="road" points="%s" stroke-width="%.1f"><title>%s</title></polyline>`+"\n",
			t.poly(r.Line), 2*r.HalfWidth/lw.MetresPerInch*tablePx, escape(r.ID))
		t.note("road", `<line class="road" x1="0" y1="5" x2="16" y2="5" stroke-width="4"/>`, "road")
	}
	for _, c := range tb.Chokes {
		fmt.Fprintf(b, `<polygon class="choke" points="%s"><title>choke point %s</title></polygon>`+"\n", t.poly(c.Area), escape(c.ID))
		t.note("choke", `<rect class="choke" width="16" height="10"/>`, "choke point (its name in bold)")
	}
	for x := 6.0; x < W; x += 6 {
		fmt.Fprintf(b, `<line class="grid" x1="%.1f" y1="0" x2="%.1f" y2="%.1f"/>`, x*tablePx, x*tablePx, t.h*tablePx)
	}
	for y := 6.0; y < t.h; y += 6 {
		fmt.Fprintf(b, `<line class="grid" x1="0" y1="%.1f" x2="%.1f" y2="%.1f"/>`, (t.h-y)*tablePx, W*tablePx, (t.h-y)*tablePx)
	}
	t.note("grid", `<rect width="16" height="10" fill="none" stroke="#000" stroke-opacity="0.3"/><line class="grid" x1="8" y1="0" x2="8" y2="10" stroke-opacity="0.3"/>`, `grid, every 6" (300 m)`)
	fmt.Fprintf(b, "\n"+`<rect class="edge" x="0" y="0" width="%.1f" height="%.1f"/>`+"\n", W*tablePx, t.h*tablePx)
	t.note("edge", `<rect class="edge" width="16" height="10"/>`, "table edge")
}

// groundKey is a ground's name in a class: "built-up".
func groundKey(g lw.Ground) string {
	return strings.Trim(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, strings.ToLower(lw.MovementChart[g].Name)), "-")
}

// nameBoxes are where the areas' and choke points' names are written: each area's at the
// centre of its corners, each choke point's over it.
func (t *tableDrawing) nameBoxes(tb *lw.Table) []box {
	var bs []box
	for _, f := range tb.Features {
		x, y := t.namePoint(f.Area, false)
		bs = append(bs, textBox(f.ID, x, y, 9))
	}
	for _, c := range tb.Chokes {
		x, y := t.namePoint(c.Area, true)
		bs = append(bs, textBox(c.ID, x, y, 9))
	}
	return bs
}

// namePoint is where the name of an area is written: the centre of its corners, or (above) just
// over its top.
func (t *tableDrawing) namePoint(area lw.Polygon, above bool) (float64, float64) {
	var cx, cy float64
	top := math.Inf(1)
	for _, p := range area {
		x, y := t.pt(p)
		cx, cy, top = cx+x, cy+y, math.Min(top, y)
	}
	cx, cy = cx/float64(len(area)), cy/float64(len(area))
	if above {
		return cx, top - 4
	}
	return cx, cy
}

// textBox is the box of text of size px written centred on (x, y) as its baseline, with a margin.
func textBox(s string, x, y, px float64) box {
	w := float64(len([]rune(s)))*px*0.62 + 4
	return box{x - w/2, y - px, x + w/2, y + 3}
}

// writeNames writes the names of the areas and choke points.
func (t *tableDrawing) writeNames(tb *lw.Table) {
	for _, f := range tb.Features {
		x, y := t.namePoint(f.Area, false)
		fmt.Fprintf(&t.b, `<text class="name" x="%.1f" y="%.1f">%s</text>`+"\n", x, y, escape(f.ID))
		t.note("name", `<text class="name" x="8" y="9">Aa</text>`, "area name")
	}
	for _, c := range tb.Chokes {
		x, y := t.namePoint(c.Area, true)
		fmt.Fprintf(&t.b, `<text class="name choke-name" x="%.1f" y="%.1f">%s</text>`+"\n", x, y, escape(c.ID))
		t.note("choke-name", `<text class="name choke-name" x="8" y="9">Aa</text>`, "choke point's name")
	}
}

// labelSpots are where a detachment's label may stand, from its point, in pixels: on it, else
// set apart (above first), farther and farther.
var labelSpots = func() [][2]float64 {
	spots := [][2]float64{{0, 0}}
	for _, d := range []float64{16, 26, 38, 52} {
		for _, u := range [][2]float64{{0, -1}, {0, 1}, {1, 0}, {-1, 0}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}} {
			spots = append(spots, [2]float64{u[0] * d * 1.5, u[1] * d})
		}
	}
	return spots
}()

// dets draws each detachment this drawing shows: its track and orders (its own side's), its
// models' bases, and its label (a marker and its id) set apart from the names if need be.
func (t *tableDrawing) dets(g *lw.Game, side string) {
	colour := func(s string) string {
		for i, x := range g.Sides {
			if x == s {
				return sideColour[i%len(sideColour)]
			}
		}
		return "#444"
	}
	b := &t.b
	for _, d := range g.Dets {
		own := side == "" || d.Side == side
		if !own && !d.Revealed {
			continue
		}
		c := colour(d.Side)
		at := d.Pos
		if own {
			if len(d.Route) > 1 {
				fmt.Fprintf(b, `<polyline class="ordered" points="%s" stroke="%s"><title>%s: ordered path</title></polyline>`+"\n", t.poly(d.Route), c, escape(d.ID))
				t.note("ordered", `<line class="ordered" x1="0" y1="5" x2="16" y2="5" stroke="#444"/>`, "ordered path")
			}
			if len(d.Track) > 1 {
				fmt.Fprintf(b, `<polyline class="track" points="%s" stroke="%s"><title>%s: where it went</title></polyline>`+"\n", t.poly(d.Track), c, escape(d.ID))
				t.note("track", `<line class="track" x1="0" y1="5" x2="16" y2="5" stroke="#444"/>`, "where it went")
			}
		} else {
			at = d.Seen
		}
		bases := g.Footprint(d)
		if !own {
			bases = g.SeenFootprint(d)
		}
		fmt.Fprintf(b, `<g class="footprint" data-for="%s" fill="%s" stroke="%s">`, escape(d.ID), c, c)
		for _, base := range bases {
			fmt.Fprintf(b, `<polygon class="base" points="%s"/>`, t.poly(base[:]))
		}
		b.WriteString("</g>\n")
		t.note("footprint base", `<g class="footprint" fill="#444" stroke="#444"><rect class="base" x="3" width="10" height="10"/></g>`, "the models' bases")
		t.label(d, at, c)
	}
}

// label draws detachment d's label (a marker in its side's colour c and its id) at its point at,
// or set apart from the names with a line leading to the point.
func (t *tableDrawing) label(d *lw.Detachment, at lw.Point, c string) {
	x, y := t.pt(at)
	idW := float64(len([]rune(d.ID)))*10*0.62 + 2
	ext := box{-7, -6, 9 + idW, 6} // the marker and its id, around the point
	dx, dy := 0.0, 0.0             // at its point, if no spot is clear
	for _, s := range labelSpots {
		bx := box{x + s[0] + ext.x1, y + s[1] + ext.y1, x + s[0] + ext.x2, y + s[1] + ext.y2}
		within := bx.x1 >= 0 && bx.y1 >= 0 && bx.x2 <= t.w*tablePx && bx.y2 <= t.h*tablePx
		if within && !slices.ContainsFunc(t.names, bx.meets) {
			dx, dy = s[0], s[1]
			break
		}
	}
	if dx != 0 || dy != 0 {
		fmt.Fprintf(&t.b, `<line class="leader" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`, x, y, x+dx, y+dy, c)
		t.note("leader", `<line class="leader" x1="0" y1="5" x2="16" y2="5" stroke="#444"/>`, "label set apart: a line to its point")
	}
	x, y = x+dx, y+dy
	fmt.Fprintf(&t.b, `<g class="det" data-id="%s"><rect x="%.1f" y="%.1f" width="14" height="10" fill="%s" stroke="#000"/><text x="%.1f" y="%.1f" font-size="10" fill="#000">%s</text><title>%s (%s) at %v</title></g>`+"\n",
		escape(d.ID), x-7, y-5, c, x+9, y+4, escape(d.ID), escape(d.ID), escape(d.Side), at)
	t.note("det", `<rect class="det" x="1" width="14" height="10" fill="#888" stroke="#000"/>`, "a detachment and its id")
}

// writeLegend writes the legend under the table: its caption, then its lines from y down, in
// cols columns of width colW.
func (t *tableDrawing) writeLegend(b *strings.Builder, caption string, y float64, cols int, colW float64) {
	b.WriteString(`<g class="legend">` + "\n" + caption + "\n")
	rows := (len(t.legend) + cols - 1) / cols
	for i, e := range t.legend {
		x, ly := 4+colW*float64(i/rows), y+14*float64(i%rows)
		fmt.Fprintf(b, `<g transform="translate(%.1f,%.1f)">%s<text x="20" y="9">%s</text></g>`+"\n", x, ly, e.swatch, escape(e.name))
	}
	b.WriteString("</g>\n")
}
