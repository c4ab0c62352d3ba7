package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// playScreens are the three demo games whose play screen TestBrowserPlayScreen checks: how to
// create one, what only its ruleset module draws, and the element the whole map lies in.
var playScreens = []struct {
	name   string
	demo   func(*Server, context.Context) (*Created, error)
	drawn  string
	board  string
	legend string // what the legend must show
}{
	{"asl", (*Server).Demo, `document.querySelector('#g-units .unit .mpleft') !== null`, `#g-terrain`,
		`document.querySelectorAll('#legend .terrain-legend [data-class]').length > 3`},
	{"lhy", (*Server).DemoLHY, `document.querySelector('#g-units .unit.lhy circle.pip') !== null`, `#g-terrain`,
		`document.querySelector('#legend .badges .pipsw') !== null`},
	{"lightningwar", (*Server).DemoLW, `document.querySelector('#g-features rect.lw-edge') !== null && document.querySelector('#g-units .lw-det') !== null`, `#g-features rect.lw-edge`,
		`document.querySelector('#legend .choke-sw') !== null`},
}

// labelClash is JavaScript that names (up to 5) the hex labels (#g-ids text) on view that
// overlap each other, or that the zoom controls or the legend cover; "" if none.
const labelClash = `(() => {
  const r = (el) => el.getBoundingClientRect();
  const svg = r(document.getElementById('map'));
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  // What shows of a label: the part within the drawing (the SVG clips the rest).
  const clip = (b) => ({ left: Math.max(b.left, svg.left), right: Math.min(b.right, svg.right), top: Math.max(b.top, svg.top), bottom: Math.min(b.bottom, svg.bottom) });
  const labels = [...document.querySelectorAll('#g-ids text')].map((el) => ({ t: el.textContent, b: clip(r(el)) })).filter((l) => meet(l.b, l.b));
  const out = [];
  const covers = [['the zoom controls', document.getElementById('map-tools')], ['the legend', document.getElementById('legend')]];
  for (const l of labels) for (const [what, el] of covers) if (!el.hidden && meet(l.b, r(el))) out.push(what + ' cover ' + l.t);
  for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++)
    if (meet(labels[i].b, labels[j].b)) out.push(labels[i].t + ' overlaps ' + labels[j].t);
  return labels.length ? out.slice(0, 5).join('; ') : 'no labels on view';
})()`

// mapFitted is JavaScript that says how the whole map fails to fit the drawing's window ("" if it
// fits: all of it on view, filling the window's width or height).
const mapFitted = `((sel) => {
  const m = document.querySelector(sel).getBoundingClientRect(), s = document.getElementById('map').getBoundingClientRect();
  if (m.left < s.left - 1 || m.top < s.top - 1 || m.right > s.right + 1 || m.bottom > s.bottom + 1)
    return 'the map ' + JSON.stringify(m) + ' is not all within the window ' + JSON.stringify(s);
  if (m.width < 0.85 * s.width && m.height < 0.85 * s.height) return 'the map ' + JSON.stringify(m) + ' is small in the window ' + JSON.stringify(s);
  return '';
})`

// TestBrowserPlayScreen opens each demo game's play screen (ASL, LHY, Lightning War) as the
// referee: the map opens fitted to the window, the legend is shown (and the key g hides and
// shows it), and at three zoom levels (fitted, zoomed in, zoomed out) no hex label overlaps
// another and neither the zoom controls nor the legend cover one. It saves a screenshot of each
// play screen (play-NAME.png; also in $UMPIRE_SCREENSHOTS, if set, for the README).
func TestBrowserPlayScreen(t *testing.T) {
	exe := chromiumFor(t)
	for _, g := range playScreens {
		t.Run(g.name, func(t *testing.T) {
			backends(t, func(t *testing.T, open func() *Server) { playScreenTest(t, exe, g.name, open()) })
		})
	}
}

func playScreenTest(t *testing.T, exe, name string, srv *Server) {
	for _, g := range playScreens {
		if g.name != name {
			continue
		}
		{
			c := serveTest(t, srv)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cr, err := g.demo(srv, ctx)
			if err != nil {
				t.Fatal(err)
			}
			b := newTab(t, ctx, exe, "play-"+g.name+"-failed.png")
			b.do("opening the referee's page", chromedp.Navigate(c.base+cr.Links[Referee]))
			b.poll("the "+g.name+" map", g.drawn)
			b.poll("the legend", g.legend)
			if why := b.eval(mapFitted + `('` + g.board + `')`); why != "" {
				t.Errorf("the map does not open fitted to the window: %s", why)
			}
			b.do("hiding the legend", chromedp.KeyEvent("g"))
			b.poll("the legend hidden", `document.getElementById('legend').hidden`)
			b.do("showing the legend", chromedp.KeyEvent("g"))
			b.poll("the legend shown", `!document.getElementById('legend').hidden && document.getElementById('legend').offsetHeight > 0`)
			b.screenshot("play-" + g.name + ".png")
			zooms := []struct {
				name    string
				actions []chromedp.Action[chromedp.Void]
			}{
				{"fitted", nil},
				{"zoomed in", []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(`#zoom-in`)), chromedp.Click(chromedp.CSS(`#zoom-in`))}},
				{"zoomed out", []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(`#zoom-fit`)), chromedp.Click(chromedp.CSS(`#zoom-out`))}},
			}
			for _, z := range zooms {
				if len(z.actions) > 0 {
					b.do(z.name, z.actions...)
				}
				if clash := b.eval(labelClash); clash != "" {
					b.screenshot("play-" + g.name + "-" + strings.ReplaceAll(z.name, " ", "-") + ".png")
					t.Errorf("%s, %s: %s", g.name, z.name, clash)
				}
			}
		}
	}
}
