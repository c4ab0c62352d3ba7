package server

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
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
	return newTouchTab(t, ctx, exe, failShot, phoneW, phoneH)
}

// newTouchTab opens a tab (newTab) that Chromium makes a touch screen w by h held upright (a
// phone's or a tablet's): a mobile browser's viewport, touch events.
func newTouchTab(t *testing.T, ctx context.Context, exe, failShot string, w, h int64) *tab {
	b := newTab(t, ctx, exe, failShot)
	b.do(fmt.Sprintf("making the tab a %dx%d touch screen", w, h), chromedp.EmulateViewport(w, h,
		chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	return b
}

// sidewaysOf is JavaScript that says how the page is wider than a touch screen w px wide ("" if it
// is not): the document's width, the layout viewport's (a phone widens it to the widest content)
// and up to 5 elements that reach past the screen's right edge.
func sidewaysOf(w int64) string {
	return fmt.Sprintf(`(() => {
  const w = %d, de = document.documentElement;
  if (de.scrollWidth <= w && innerWidth <= w && visualViewport.scale === 1) return '';
  const wide = [...document.querySelectorAll('body *')].filter((e) => !e.closest('svg') && e.getClientRects().length &&
    e.getBoundingClientRect().right > w + 0.5).slice(0, 5)
    .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' (to ' + Math.round(e.getBoundingClientRect().right) + ' px)');
  return 'the document is ' + de.scrollWidth + ' px wide, the viewport ' + innerWidth + ' px at scale ' + visualViewport.scale + '; too wide: ' + wide.join(', ');
})()`, w)
}

// sideways is sidewaysOf the phone's screen.
var sideways = sidewaysOf(phoneW)

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
	b.tap(b.inReach(sel))
}

// inReach scrolls the element sel (a CSS selector) into view and answers its middle, failing the
// test if something else shows there (a finger or a mouse there would press that instead).
func (b *tab) inReach(sel string) [2]float64 {
	b.t.Helper()
	b.eval(fmt.Sprintf(`(document.querySelector(%q).scrollIntoView({block: 'center'}), '')`, sel))
	// Where it stands once the page has settled (a panel drawn again moves it): the same
	// middle twice, 100 ms apart.
	p := b.centre(sel)
	for i := 0; i < 20; i++ {
		time.Sleep(100 * time.Millisecond)
		q := b.centre(sel)
		if q == p {
			break
		}
		p = q
	}
	if hit := b.eval(fmt.Sprintf(`(() => { const e = document.elementFromPoint(%v, %v), want = document.querySelector(%q);
		return e && (want.contains(e) || e.contains(want)) ? '' : (e ? e.outerHTML.slice(0, 80) : 'nothing'); })()`, p[0], p[1], sel)); hit != "" {
		b.screenshot(b.failShot)
		b.t.Fatalf("pressing %s: its middle %v shows %s", sel, p, hit)
	}
	return p
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
			c, cr, ctx := browserDemo(t, srv, g.demo)
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

// mapAt is JavaScript that gives the map point (in the SVG's pixels) under the client point
// x, y, and the view's width, as "X Y W".
const mapAt = `((x, y) => { const svg = document.getElementById('map'), pt = svg.createSVGPoint(); pt.x = x; pt.y = y;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse()); return p.x + ' ' + p.y + ' ' + svg.viewBox.baseVal.width; })`

// mapPoint is the map point under client point p and the view's width.
func (b *tab) mapPoint(p [2]float64) (x, y, w float64) {
	b.t.Helper()
	s := b.eval(fmt.Sprintf(mapAt+`(%v, %v)`, p[0], p[1]))
	if _, err := fmt.Sscan(s, &x, &y, &w); err != nil {
		b.t.Fatalf("the map point at %v: %q: %v", p, s, err)
	}
	return x, y, w
}

// TestBrowserPhoneMap pans and zooms each demo's map (ASL, LHY, Lightning War) by touch on a
// phone: two fingers spreading apart zoom in (the view a third as wide as the fingers end three
// times as far apart) about the point between them, which stays under them; one finger
// dragging pans (the map point under it follows it); two fingers closing zoom out again. The
// page itself neither zooms, nor scrolls (down or sideways), and no gesture is taken for a tap:
// nothing is selected.
func TestBrowserPhoneMap(t *testing.T) {
	exe := chromiumFor(t)
	for _, g := range playScreens {
		t.Run(g.name, func(t *testing.T) {
			srv := sqliteServer(t, Config{})
			c, cr, ctx := browserDemo(t, srv, g.demo)
			b := newPhoneTab(t, ctx, exe, "phone-map-"+g.name+"-failed.png")
			b.do("opening the referee's link", chromedp.Navigate(c.base+cr.Links[Referee]))
			b.poll("the "+g.name+" map", g.drawn)
			near := func(what string, got, want, tol float64) {
				t.Helper()
				if math.Abs(got-want) > tol {
					b.screenshot("phone-map-" + g.name + "-failed.png")
					t.Errorf("%s: %.1f, want %.1f (within %.1f)", what, got, want, tol)
				}
			}
			pageStill := func(after string) {
				t.Helper()
				if s := b.eval(`[scrollX, scrollY, visualViewport.scale, visualViewport.offsetLeft, visualViewport.offsetTop].join(' ')`); s != "0 0 1 0 0" {
					t.Errorf("after %s the page has moved: scroll, zoom and offsets %s, want 0 0 1 0 0", after, s)
				}
				if why := b.eval(sideways); why != "" {
					t.Errorf("after %s: %s", after, why)
				}
				if sel := b.eval(`String(document.querySelectorAll('#g-units .selected, #g-sel *').length)`); sel != "0" {
					t.Errorf("after %s %s things are selected or drawn as selected: the gesture was taken for a tap", after, sel)
				}
			}
			m := b.centre("#map")
			x0, y0, w0 := b.mapPoint(m)

			// Spread two fingers: 80 px apart to 240 px.
			b.drag([][2]float64{{m[0] - 40, m[1]}, {m[0] + 40, m[1]}}, [][2]float64{{m[0] - 120, m[1]}, {m[0] + 120, m[1]}}, 8)
			x, y, w := b.mapPoint(m)
			near("the view's width after spreading two fingers three times as far apart", w, w0/3, w0/100)
			near("the map x between the fingers", x, x0, w0/100)
			near("the map y between the fingers", y, y0, w0/100)
			pageStill("a pinch")

			// Drag one finger 100 px left and 60 px up: the map point under it follows it.
			from, to := [2]float64{m[0] + 50, m[1] + 30}, [2]float64{m[0] - 50, m[1] - 30}
			fx, fy, _ := b.mapPoint(from)
			b.drag([][2]float64{from}, [][2]float64{to}, 6)
			tx, ty, tw := b.mapPoint(to)
			near("the view's width after a pan", tw, w, w0/100)
			near("the map x under the finger", tx, fx, w0/100)
			near("the map y under the finger", ty, fy, w0/100)
			pageStill("a pan")

			// Close two fingers: 240 px apart to 120 px.
			b.drag([][2]float64{{m[0] - 120, m[1]}, {m[0] + 120, m[1]}}, [][2]float64{{m[0] - 60, m[1]}, {m[0] + 60, m[1]}}, 8)
			_, _, w = b.mapPoint(m)
			near("the view's width after closing two fingers to half as far apart", w, 2*tw, w0/100)
			pageStill("a pinch closing")
			b.screenshot("phone-map-" + g.name + ".png")
		})
	}
}

// TestBrowserMouseDrag drags the ASL demo's map with the mouse on a desktop (zoom.js serves the
// mouse and fingers alike): the map point under the pointer follows it, and the click that ends
// the drag selects nothing.
func TestBrowserMouseDrag(t *testing.T) {
	exe := chromiumFor(t)
	srv := sqliteServer(t, Config{})
	c, cr, ctx := browserDemo(t, srv, (*Server).Demo)
	b := newTab(t, ctx, exe, "mouse-drag-failed.png")
	b.do("opening the referee's page", chromedp.Navigate(c.base+cr.Links[Referee]))
	b.poll("the ASL map", playScreens[0].drawn)
	b.do("zooming in", chromedp.Click(chromedp.CSS(`#zoom-in`)), chromedp.Click(chromedp.CSS(`#zoom-in`)))
	m := b.centre("#map")
	from, to := [2]float64{m[0] + 60, m[1] + 40}, [2]float64{m[0] - 60, m[1] - 40}
	fx, fy, fw := b.mapPoint(from)
	b.do("dragging the map", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from[0], from[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, m[0], m[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, to[0], to[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to[0], to[1], chromedp.ButtonLeft))
	tx, ty, tw := b.mapPoint(to)
	if math.Abs(tx-fx) > fw/100 || math.Abs(ty-fy) > fw/100 || tw != fw {
		t.Errorf("after the drag the pointer is over %.1f,%.1f (view %.1f wide), want %.1f,%.1f (view %.1f wide)", tx, ty, tw, fx, fy, fw)
	}
	if sel := b.eval(`String(document.querySelectorAll('#g-units .selected, #g-sel *').length)`); sel != "0" {
		t.Errorf("the drag selected %s things: its click was taken", sel)
	}
}

// pinchOpen spreads two fingers about the element sel's middle, from 40 to 160 px apart: the map
// zooms in four times about it, as a player does to make a counter big enough for a finger.
func (b *tab) pinchOpen(sel string) {
	b.t.Helper()
	p := b.centre(sel)
	b.drag([][2]float64{{p[0] - 20, p[1]}, {p[0] + 20, p[1]}}, [][2]float64{{p[0] - 80, p[1]}, {p[0] + 80, p[1]}}, 6)
}

// noSideways fails the test if the page is wider than the phone, after what.
func (b *tab) noSideways(what string) {
	b.t.Helper()
	if why := b.eval(sideways); why != "" {
		b.t.Errorf("after %s: %s", what, why)
	}
}

// TestBrowserPhoneASL plays the ASL demo by touch on a phone: the German player zooms in on his
// tank with two fingers, taps the tank to select it and taps a hex of its reach to move there;
// then taps the step into woods that makes a Bog Check: the odds (as the API gives them) show
// before anything is sent, and tapping Roll sends the step. The page never scrolls sideways.
func TestBrowserPhoneASL(t *testing.T) {
	exe := chromiumFor(t)
	srv := sqliteServer(t, Config{})
	c, cr, ctx := browserDemo(t, srv, (*Server).Demo)
	c.mustStep(*cr, Referee, 1, "PzIV enter 2K5") // up to the woods
	b := newPhoneTab(t, ctx, exe, "phone-asl-failed.png")
	counter := `#g-units .unit[data-unit="PzIV"]`
	b.do("opening the German's link", chromedp.Navigate(c.base+cr.Links["German"]), chromedp.WaitVisible(chromedp.CSS(counter)))
	b.pinchOpen(counter)
	b.tapEl(counter)
	b.poll("PzIV selected, its steps shown", `document.querySelector('#g-units .unit.selected[data-unit="PzIV"]') !== null && document.querySelector('#unit-steps button.step[data-hex="2L5"]') !== null && !document.querySelector('#unit-box.stale')`)
	b.noSideways("selecting PzIV")
	b.tapEl(`#g-terrain polygon.hex[data-hex="2L5"]`)
	b.poll("step 2 in the log", `document.querySelector('#log li[data-n="2"]') !== null`)
	if h := unitHex(c.state(*cr, Referee), "PzIV"); h != "2L5" {
		t.Fatalf("after tapping 2L5 PzIV is in %q", h)
	}
	b.screenshot("phone-asl-moved.png")

	_, line, o := bogStep(t, c, cr)
	step := fmt.Sprintf(`#unit-steps button.step[data-line=%q]`, line)
	b.poll("the steps from 2L5", `document.querySelector('`+step+`') !== null && !document.querySelector('#unit-box.stale')`)
	b.tapEl(step)
	b.poll("the odds before the roll", `document.getElementById('roll-confirm').open && document.querySelector('#roll-confirm .outcomes li') !== null`)
	oddsShown(t, b.eval(`document.getElementById('roll-confirm').textContent`), line, o)
	if hidden := b.eval(shownOnPhone + `('#roll-confirm, #roll-confirm-ok, #roll-confirm-cancel')`); hidden != "" {
		t.Errorf("the phone does not show the confirmation whole: %s", hidden)
	}
	b.screenshot("phone-asl-odds.png")
	if n := c.state(*cr, Referee).N; n != 2 {
		t.Fatalf("with the odds shown the game has %d steps, want 2: the step was sent before its roll was confirmed", n)
	}
	b.tapEl(`#roll-confirm-ok`)
	b.poll("step 3 in the log", `document.querySelector('#log li[data-n="3"]') !== null`)
	var lg struct {
		Entries []struct {
			Line string `json:"line"`
		} `json:"entries"`
	}
	if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Referee], nil, &lg); code != http.StatusOK || len(lg.Entries) != 3 || lg.Entries[2].Line != line {
		t.Fatalf("after tapping Roll the log is %d %+v; want step 3 %q", code, lg, line)
	}
	b.noSideways("the roll")
}

// TestBrowserPhoneLHY plays an Assault of the LHY demo by touch on a phone: the referee taps the
// German squad, taps its panel's Assault button, sees the odds bar (the API's rows), taps Roll
// and, its exact odds shown, Roll again; then taps the After panel's retreat buttons: the losers
// move back. The page never scrolls sideways.
func TestBrowserPhoneLHY(t *testing.T) {
	exe := chromiumFor(t)
	srv := sqliteServer(t, Config{})
	c := serveTest(t, srv)
	cr := c.create([]byte(lhyDemoScenario))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	before := c.lhyState(cr, Referee, "")
	b := newPhoneTab(t, ctx, exe, "phone-lhy-failed.png")
	counter := `#g-units .unit[data-unit="GE1"]`
	b.do("opening the referee's link", chromedp.Navigate(c.base+cr.Links[Referee]), chromedp.WaitVisible(chromedp.CSS(counter)))
	b.pinchOpen(counter)
	b.tapEl(counter)
	b.poll("GE1's Assault button", `document.querySelector('#unit-actions .lhy-aim[data-mode="assault"]') !== null`)
	b.tapEl(`#unit-actions .lhy-aim[data-mode="assault"]`)
	const line = "assault C4 US1 US2 USL"
	b.poll("the line", fmt.Sprintf(`document.getElementById('lhy-line').textContent === %q`, line))
	b.poll("the odds bar", `document.querySelectorAll('#lhy-odds .odds-bar .seg').length > 0`)
	code, o, _ := c.odds(cr, Referee, line)
	if code != http.StatusOK {
		t.Fatalf("odds: %d", code)
	}
	var want []string
	for _, r := range o.Rows {
		if r.P > 0 {
			want = append(want, fmt.Sprintf("row %s %.0f%%", r.Row, 100*r.P))
		}
	}
	if got := b.eval(`document.querySelector('#lhy-odds .odds-bar').getAttribute('aria-label')`); got != strings.Join(want, ", ") {
		t.Errorf("the odds bar reads %q, the API says %q", got, strings.Join(want, ", "))
	}
	b.noSideways("aiming the Assault")
	b.screenshot("phone-lhy-odds.png")
	b.tapEl(`#lhy-roll`)
	b.poll("the confirmation with the exact odds", `document.getElementById('roll-confirm').open && document.getElementById('roll-confirm').textContent.includes('row ')`)
	if n := c.lhyState(cr, Referee, "").N; n != 0 {
		t.Fatalf("with the odds shown the game has %d steps, want none", n)
	}
	b.tapEl(`#roll-confirm-ok`)
	b.poll("step 1 in the log", `document.querySelector('#log li[data-n="1"]') !== null`)
	b.poll("the After panel", `document.getElementById('lhy-after').textContent.includes('After the Assault on C4') && !document.body.classList.contains('busy')`)
	for n := 1; b.eval(`document.querySelector('#lhy-after select[data-retreat] + button.step') ? 'yes' : ''`) != "" && n < 5; n++ {
		b.tapEl(`#lhy-after select[data-retreat] + button.step`)
		b.poll(fmt.Sprintf("step %d in the log", n+1), fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]') !== null`, n+1))
	}
	after := c.lhyState(cr, Referee, "")
	var moved []string
	for _, u := range before.Units {
		if h := lhyUnit(after, u.ID).Hex; h != u.Hex {
			moved = append(moved, u.ID+" "+u.Hex+"→"+h)
		}
	}
	if after.N < 2 || len(moved) == 0 {
		t.Errorf("after the Assault by touch the game has %d steps and moved %v; want the Assault and a retreat", after.N, moved)
	}
	b.noSideways("the Assault")
	b.screenshot("phone-lhy-after.png")
}

// TestBrowserPhoneLW writes an order in the Lightning War demo by touch on a phone: the German
// taps his rifle platoon, taps two points of the table for its path (the points in the line
// are those tapped, to a tenth of an inch), picks the pace, types the order and taps Send: the
// order is step 1 of the game, on its way to the platoon. The page never scrolls sideways.
func TestBrowserPhoneLW(t *testing.T) {
	exe := chromiumFor(t)
	srv := sqliteServer(t, Config{})
	c, cr, ctx := browserDemo(t, srv, (*Server).DemoLW)
	b := newPhoneTab(t, ctx, exe, "phone-lw-failed.png")
	counter := `#g-units .lw-det[data-unit="Schutz"]`
	b.do("opening the German's link", chromedp.Navigate(c.base+cr.Links["German"]), chromedp.WaitVisible(chromedp.CSS(counter)))
	b.pinchOpen(counter)
	b.tapEl(counter)
	b.poll("the order form", `document.getElementById('lw-send') !== null`)
	want := [][2]float64{{8, 21}, {10, 22.5}}
	for i, p := range want {
		b.eval(`(document.getElementById('map').scrollIntoView({block: 'center'}), '')`)
		xy := b.eval(fmt.Sprintf(`(() => { const svg = document.getElementById('map'); const pt = svg.createSVGPoint();
			pt.x = %v * 12; pt.y = (32 - %v) * 12; const q = pt.matrixTransform(svg.getScreenCTM()); return q.x + ' ' + q.y; })()`, p[0], p[1]))
		var q [2]float64
		if _, err := fmt.Sscan(xy, &q[0], &q[1]); err != nil {
			t.Fatalf("the table's point %v: %q", p, xy)
		}
		b.tap(q)
		b.poll(fmt.Sprintf("waypoint %d", i+1), fmt.Sprintf(`document.querySelectorAll('.lw-points li').length === %d`, i+1))
	}
	const text = "Dig in at the copse edge"
	b.do("choosing the pace", chromedp.SetValue(chromedp.CSS(`#lw-pace`), "run"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lw-pace').dispatchEvent(new Event('change', {bubbles: true}))`))
	b.tapEl(`#lw-text`)
	b.poll("the order's text box focused by the tap", `document.activeElement === document.getElementById('lw-text')`)
	b.do("typing the order", chromedp.SendKeys(chromedp.CSS(`#lw-text`), text))
	b.poll("the line", `document.getElementById('lw-line').textContent.endsWith(' run: `+text+`')`)
	line := b.eval(`document.getElementById('lw-line').textContent`)
	pts := strings.Fields(strings.TrimPrefix(strings.Split(line, " run:")[0], "order Schutz path "))
	if len(pts) != len(want) {
		t.Fatalf("the order built is %q", line)
	}
	for i, p := range pts {
		var x, y float64
		if _, err := fmt.Sscanf(p, "%g,%g", &x, &y); err != nil || math.Abs(x-want[i][0]) > 0.15 || math.Abs(y-want[i][1]) > 0.15 {
			t.Errorf("waypoint %d is %s, tapped at %v", i+1, p, want[i])
		}
	}
	b.noSideways("writing the order")
	b.screenshot("phone-lw-order.png")
	b.tapEl(`#lw-send`)
	b.poll("step 1 in the log", `document.querySelector('#log li[data-n="1"]') !== null`)
	var lg struct {
		Entries []struct {
			Line string `json:"line"`
		} `json:"entries"`
	}
	if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["German"], nil, &lg); code != http.StatusOK || len(lg.Entries) != 1 || lg.Entries[0].Line != line {
		t.Fatalf("after tapping Send the German's log is %d %+v; want step 1 %q", code, lg, line)
	}
	b.noSideways("sending the order")
}
