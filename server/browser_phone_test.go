package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The phone the phone tests hold: a screen 390 by 844 CSS pixels, upright, used by touch.
const phoneW, phoneH = 390, 844

// newPhoneTab opens a tab (newTab) that Chromium makes a phone: its screen phoneW by phoneH, a
// mobile browser's viewport (the page may zoom and scroll as on a phone), touch events.
func newPhoneTab(t *testing.T, ctx context.Context, exe, failShot string) *tab {
	b := newTab(t, ctx, exe, failShot)
	b.do("making the tab a phone", chromedp.EmulateViewport(phoneW, phoneH,
		chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	return b
}

// sideways is JavaScript that says how the page is wider than the phone's screen ("" if it is
// not): the document's width, the layout viewport's (a phone widens it to the widest content)
// and up to 5 elements that reach past the screen's right edge.
var sideways = fmt.Sprintf(`(() => {
  const w = %d, de = document.documentElement;
  if (de.scrollWidth <= w && innerWidth <= w && visualViewport.scale === 1) return '';
  const wide = [...document.querySelectorAll('body *')].filter((e) => !e.closest('svg') && e.getClientRects().length &&
    e.getBoundingClientRect().right > w + 0.5).slice(0, 5)
    .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' (to ' + Math.round(e.getBoundingClientRect().right) + ' px)');
  return 'the document is ' + de.scrollWidth + ' px wide, the viewport ' + innerWidth + ' px at scale ' + visualViewport.scale + '; too wide: ' + wide.join(', ');
})()`, phoneW)

// shownOnPhone is JavaScript that names the parts of the game page (after sel, a CSS selector
// list) that a phone does not show: no height, beyond the screen's sides, or cut (its content
// taller than its box: on a phone the page scrolls, not the panels); "" if all show.
const shownOnPhone = `((sel) => [...document.querySelectorAll(sel)].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.height < 1 || r.width < 1 || r.left < -0.5 || r.right > innerWidth + 0.5 ||
    (e.id === 'controls' && e.scrollHeight > e.clientHeight + 1);
}).map((e) => '#' + e.id + ' ' + JSON.stringify(e.getBoundingClientRect())).join('; '))`

// touch sends one touch event: kind is touchStart or touchMove with the fingers at pts (client
// pixels; finger i is id i), or touchEnd.
func (b *tab) touch(kind input.DispatchTouchEventType, pts ...[2]float64) {
	b.t.Helper()
	var tp []*input.TouchPoint
	for i, p := range pts {
		id := float64(i)
		tp = append(tp, &input.TouchPoint{X: p[0], Y: p[1], ID: &id})
	}
	b.do(fmt.Sprintf("touch %s at %v", kind, pts), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: kind, TouchPoints: tp})
		return err
	}))
}

// tap touches the screen at p and lifts the finger.
func (b *tab) tap(p [2]float64) {
	b.t.Helper()
	b.touch(input.DispatchTouchEventTypeTouchStart, p)
	b.touch(input.DispatchTouchEventTypeTouchEnd)
}

// tapEl taps the middle of the element sel (a CSS selector), scrolled into view first.
func (b *tab) tapEl(sel string) {
	b.t.Helper()
	b.eval(fmt.Sprintf(`(document.querySelector(%q).scrollIntoView({block: 'center'}), '')`, sel))
	b.tap(b.centre(sel))
}

// centre is the middle of the element sel on the screen, in client pixels.
func (b *tab) centre(sel string) [2]float64 {
	b.t.Helper()
	var p [2]float64
	xy := b.eval(fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return (r.left + r.width / 2) + ' ' + (r.top + r.height / 2); })()`, sel))
	if _, err := fmt.Sscan(xy, &p[0], &p[1]); err != nil {
		b.t.Fatalf("the middle of %s: %q: %v", sel, xy, err)
	}
	return p
}

// drag moves fingers from their points at from to those at to in steps moves, then lifts them:
// one finger pans, two pinch.
func (b *tab) drag(from, to [][2]float64, steps int) {
	b.t.Helper()
	b.touch(input.DispatchTouchEventTypeTouchStart, from...)
	for s := 1; s <= steps; s++ {
		k := float64(s) / float64(steps)
		pts := make([][2]float64, len(from))
		for i := range from {
			pts[i] = [2]float64{from[i][0] + k*(to[i][0]-from[i][0]), from[i][1] + k*(to[i][1]-from[i][1])}
		}
		b.touch(input.DispatchTouchEventTypeTouchMove, pts...)
	}
	b.touch(input.DispatchTouchEventTypeTouchEnd)
}

// TestBrowserPhoneLinks opens each demo game (ASL, LHY, Lightning War) on a phone, by the
// referee's link and by each side's: the page draws the game, shows its header, map, status
// line, controls and log within the screen's width, and the page never scrolls sideways,
// neither at the top nor scrolled down to the log.
func TestBrowserPhoneLinks(t *testing.T) {
	exe := chromiumFor(t)
	for _, g := range playScreens {
		t.Run(g.name, func(t *testing.T) {
			srv := sqliteServer(t, Config{})
			c := serveTest(t, srv)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cr, err := g.demo(srv, ctx)
			if err != nil {
				t.Fatal(err)
			}
			b := newPhoneTab(t, ctx, exe, "phone-"+g.name+"-failed.png")
			for _, role := range append([]string{Referee}, cr.Sides...) {
				b.do("opening the "+role+"'s link", chromedp.Navigate(c.base+cr.Links[role]))
				b.poll("the "+g.name+" map", g.drawn)
				b.poll("the "+role+"'s role", `document.getElementById('role').textContent !== ''`)
				if why := b.eval(sideways); why != "" {
					b.screenshot("phone-" + g.name + "-" + role + "-sideways.png")
					t.Errorf("%s's link: %s", role, why)
				}
				if hidden := b.eval(shownOnPhone + `('#top, #map, #map-tools, #status, #controls, #log-box')`); hidden != "" {
					b.screenshot("phone-" + g.name + "-" + role + "-hidden.png")
					t.Errorf("%s's link: the phone does not show %s", role, hidden)
				}
				b.screenshot("phone-" + g.name + "-" + role + ".png")
				b.eval(`(document.getElementById('log-box').scrollIntoView(), '')`)
				if why := b.eval(sideways); why != "" {
					t.Errorf("%s's link, scrolled down to the log: %s", role, why)
				}
			}
		})
	}
}
