package server

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// hexAcross is JavaScript that answers the least on-screen size of the map's hexes on view,
// from flat side to flat side (the hexes are flat-topped: their height), in pixels.
const hexAcross = `String(Math.min(...[...document.querySelectorAll('#g-terrain .hex')].map((el) => el.getBoundingClientRect().height)))`

// lastColumnOnView is JavaScript that says whether the hex farthest right on the map lies wholly
// within the drawing's window.
const lastColumnOnView = `(() => {
  const hexes = [...document.querySelectorAll('#g-terrain .hex')];
  const far = hexes.reduce((a, h) => (h.getBBox().x > a.getBBox().x ? h : a));
  const b = far.getBoundingClientRect(), s = document.getElementById('map').getBoundingClientRect();
  return b.left >= s.left - 0.5 && b.right <= s.right + 0.5 && b.top >= s.top - 0.5 && b.bottom <= s.bottom + 0.5;
})()`

// twoBoards is a scenario on two ASL boards side by side, a tank on each.
const twoBoards = `name: two boards
ruleset: asl
map:
  boards: ["2", "3"]
units:
  - {id: PzIV, side: German, vehicle: PzKpfw IVH, at: 2J4, vca: 2K4-2K5}
  - {id: T26A, side: Russian, vehicle: T-26 M33, at: 3S3, vca: 3R2-3R3}
`

// TestBrowserReadableMap opens a two-board ASL map (boards 2 and 3, a tank on each) in a 1400x900
// and a 1024x768 window: at Fit its hexes are at least 28 px across, flat side to flat side (the
// whole map would make them about 17), showing the phasing side's tank; the last column of board 3 is reached by dragging the
// map; zooming out (a few times) makes the whole map narrower than its window (the overview); and Fit (the key 0) brings the readable size back.
func TestBrowserReadableMap(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cr := c.create([]byte(twoBoards))
	b := newTab(t, ctx, exe, "readable-failed.png")
	for _, size := range desktopSizes {
		at := fmt.Sprintf("%dx%d", size[0], size[1])
		b.do("opening two boards at "+at, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(c.base+cr.Links[Referee]))
		b.poll(at+": the map", `document.querySelector('#g-units .unit .mpleft') !== null`)
		across := func() float64 {
			v, err := strconv.ParseFloat(b.eval(hexAcross), 64)
			if err != nil {
				t.Fatalf("%s: a hex's size: %v", at, err)
			}
			return v
		}
		if a := across(); a < 28 {
			b.screenshot("readable-" + at + ".png")
			t.Errorf("%s: at Fit the hexes are %.1f px across, want at least 28", at, a)
		}
		if size[0] == 1400 {
			b.screenshot("readable-two-boards.png")
		}
		// Fit shows the phasing side's tank.
		if on := b.eval(`(() => { const r = document.querySelector('#g-units .unit[data-unit="PzIV"]').getBoundingClientRect(), s = document.getElementById('map').getBoundingClientRect();
			return String(r.left >= s.left && r.right <= s.right && r.top >= s.top && r.bottom <= s.bottom); })()`); on != "true" {
			t.Errorf("%s: at Fit the phasing side's tank PzIV is not on view", at)
		}
		// Drag the map leftwards until board 3's last column shows.
		reached := false
		for i := 0; i < 12 && !reached; i++ {
			reached = b.eval(`String(`+lastColumnOnView+`)`) == "true"
			if !reached {
				x, y := float64(size[0])/3, float64(size[1])/2
				b.do(at+": dragging the map", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x+200, y, chromedp.ButtonLeft),
					chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x+100, y, chromedp.ButtonLeft),
					chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y, chromedp.ButtonLeft),
					chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft))
			}
		}
		if !reached {
			t.Errorf("%s: twelve drags do not bring board 3's last column on view", at)
		}
		// Zooming out shows it all (the overview); Fit brings back the readable size.
		narrower := `String(document.getElementById('g-terrain').getBoundingClientRect().width <= document.getElementById('map').getBoundingClientRect().width)`
		for i := 0; i < 8 && b.eval(narrower) != "true"; i++ {
			b.do(at+": zooming out", chromedp.Click(chromedp.CSS(`#zoom-out`)))
		}
		if b.eval(narrower) != "true" {
			t.Errorf("%s: zoomed out eight times, the map is still wider than its window", at)
		}
		b.do(at+": Fit", chromedp.KeyEvent("0"))
		if a := across(); a < 28 {
			t.Errorf("%s: after Fit (0) the hexes are %.1f px across, want at least 28", at, a)
		}
	}
}

// TestBrowserEditorFitsPane opens the map editor with two boards (2 and 3) in a 1400x900 and a
// 1024x768 window: the map fits its pane's width (the last column of board 3 is on view and the
// pane does not scroll sideways), and the page does not scroll sideways.
func TestBrowserEditorFitsPane(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "editor-fits-failed.png")
	for _, size := range desktopSizes {
		at := fmt.Sprintf("the editor at %dx%d", size[0], size[1])
		b.do("opening "+at, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(c.base+"/edit"), chromedp.WaitVisible(chromedp.CSS(`#emap .hex`)))
		b.do(at+": two boards", chromedp.SetValue(chromedp.CSS(`#boards`), "2,3"), chromedp.Click(chromedp.CSS(`#apply-boards`)))
		b.poll(at+": board 3 drawn", `document.querySelector('#emap .hex[data-hex="3GG5"]') !== null`)
		why := b.eval(`(() => {
  const pane = document.querySelector('.ed-map'), p = pane.getBoundingClientRect();
  const far = document.querySelector('#emap .hex[data-hex="3GG5"]').getBoundingClientRect();
  const out = [];
  if (pane.scrollWidth > pane.clientWidth + 1) out.push('the pane scrolls sideways (' + pane.scrollWidth + ' px in ' + pane.clientWidth + ')');
  if (far.right > p.right + 0.5 || far.left < p.left - 0.5) out.push('3GG5 lies outside the pane (' + Math.round(far.left) + '..' + Math.round(far.right) + ' in ' + Math.round(p.left) + '..' + Math.round(p.right) + ')');
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push('the page scrolls sideways');
  return out.join('; ');
})()`)
		if why != "" {
			b.screenshot(fmt.Sprintf("editor-fits-%d.png", size[0]))
			t.Errorf("%s: %s", at, why)
		}
	}
}
