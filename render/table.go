package render

import (
	"fmt"
	"io"
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

// Table writes a Lightning War table as an SVG document: the terrain (grounds coloured, slopes
// hatched and labelled), roads, streams and choke points; each detachment's track (solid,
// from where it set up) and the path it is ordered along (dashed); and where each stands now:
// its models' bases (rules-notes 3.6), and a label at its point.
// side, when not empty, draws only that side's detachments and the others the referee has
// revealed, where they were seen.
func Table(w io.Writer, g *lw.Game, side, title string) error {
	t := g.Table
	W, H := t.Width/lw.MetresPerInch, t.Height/lw.MetresPerInch
	pt := func(p lw.Point) string {
		x, y := p.Inches()
		return fmt.Sprintf("%.1f,%.1f", x*tablePx, (H-y)*tablePx)
	}
	poly := func(ps []lw.Point) string {
		var b strings.Builder
		for i, p := range ps {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(pt(p))
		}
		return b.String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n",
		W*tablePx, H*tablePx+20, W*tablePx, H*tablePx+20)
	fmt.Fprintf(&b, "<title>%s</title>\n", escape(title))
	b.WriteString(`<defs><pattern id="slope" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#6b5a3a" stroke-width="1" opacity="0.5"/></pattern>` +
		`<pattern id="steep" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="#6b5a3a" stroke-width="1.5" opacity="0.6"/></pattern></defs>` + "\n")
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%.1f" height="%.1f" fill="%s" stroke="#555"/>`+"\n", W*tablePx, H*tablePx, groundFill[lw.Open])
	for _, f := range t.Features {
		if f.HasGround {
			fmt.Fprintf(&b, `<polygon class="ground" points="%s" fill="%s" stroke="#6a6a4a" stroke-width="0.8"><title>%s: %s</title></polygon>`+"\n",
				poly(f.Area), groundFill[f.Ground], escape(f.ID), lw.MovementChart[f.Ground].Name)
		}
		if f.HasSlope && f.Slope != lw.Flat {
			fill := "url(#slope)"
			if f.Slope == lw.Steep {
				fill = "url(#steep)"
			}
			fmt.Fprintf(&b, `<polygon class="slope" points="%s" fill="%s" stroke="#6b5a3a" stroke-dasharray="3 2"><title>%s: %s</title></polygon>`+"\n",
				poly(f.Area), fill, escape(f.ID), lw.SlopeChart[f.Slope].Name)
		}
	}
	for _, s := range t.Streams {
		fmt.Fprintf(&b, `<polyline class="stream" points="%s" fill="none" stroke="#5a9ad0" stroke-width="3"><title>%s</title></polyline>`+"\n", poly(s.Line), escape(s.ID))
	}
	for _, r := range t.Roads {
		fmt.Fprintf(&b, `<polyline class="road" points="%s" fill="none" stroke="#8a7a6a" stroke-width="%.1f" stroke-linecap="round" stroke-linejoin="round"><title>%s</title></polyline>`+"\n",
			poly(r.Line), 2*r.HalfWidth/lw.MetresPerInch*tablePx, escape(r.ID))
	}
	for _, c := range t.Chokes {
		fmt.Fprintf(&b, `<polygon class="choke" points="%s" fill="none" stroke="#222" stroke-width="1.5" stroke-dasharray="2 2"><title>choke point %s</title></polygon>`+"\n", poly(c.Area), escape(c.ID))
	}
	colour := func(s string) string {
		for i, x := range g.Sides {
			if x == s {
				return sideColour[i%len(sideColour)]
			}
		}
		return "#444"
	}
	for _, d := range g.Dets {
		own := side == "" || d.Side == side
		if !own && !d.Revealed {
			continue
		}
		c := colour(d.Side)
		at := d.Pos
		if own {
			if len(d.Route) > 1 {
				fmt.Fprintf(&b, `<polyline class="ordered" points="%s" fill="none" stroke="%s" stroke-width="1.5" stroke-dasharray="6 4" opacity="0.8"><title>%s: ordered path</title></polyline>`+"\n",
					poly(d.Route), c, escape(d.ID))
			}
			if len(d.Track) > 1 {
				fmt.Fprintf(&b, `<polyline class="track" points="%s" fill="none" stroke="%s" stroke-width="2.5"><title>%s: where it went</title></polyline>`+"\n",
					poly(d.Track), c, escape(d.ID))
			}
		} else {
			at = d.Seen
		}
		bases := g.Footprint(d)
		if !own {
			bases = g.SeenFootprint(d)
		}
		fmt.Fprintf(&b, `<g class="footprint" data-for="%s" fill="%s" fill-opacity="0.35" stroke="%s" stroke-width="1">`, escape(d.ID), c, c)
		for _, base := range bases {
			fmt.Fprintf(&b, `<polygon class="base" points="%s"/>`, poly(base[:]))
		}
		b.WriteString("</g>\n")
		x, y := at.Inches()
		fmt.Fprintf(&b, `<g class="det" data-id="%s"><rect x="%.1f" y="%.1f" width="14" height="10" fill="%s" stroke="#000"/><text x="%.1f" y="%.1f" font-size="10" fill="#000">%s</text><title>%s (%s) at %v</title></g>`+"\n",
			escape(d.ID), x*tablePx-7, (H-y)*tablePx-5, c, x*tablePx+9, (H-y)*tablePx+4, escape(d.ID), escape(d.ID), escape(d.Side), at)
	}
	fmt.Fprintf(&b, `<text x="4" y="%.1f" font-size="11">%s — turn %d; 1 square = 6" (300 m); solid: where it went, dashed: its orders</text>`+"\n",
		H*tablePx+14, escape(title), g.Turn)
	for x := 6.0; x < W; x += 6 {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="0" x2="%.1f" y2="%.1f" stroke="#000" stroke-opacity="0.08"/>`, x*tablePx, x*tablePx, H*tablePx)
	}
	for y := 6.0; y < H; y += 6 {
		fmt.Fprintf(&b, `<line x1="0" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#000" stroke-opacity="0.08"/>`, (H-y)*tablePx, W*tablePx, (H-y)*tablePx)
	}
	b.WriteString("\n</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
