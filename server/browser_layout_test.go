package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// desktopSizes are the desktop windows the layout tests open the pages in: a laptop's and a
// small screen's.
var desktopSizes = [][2]int64{{1400, 900}, {1024, 768}}

// notCovered is JavaScript that takes a list of [what, CSS selector, scroll] and names each
// control not wholly seen: as the page shows it, or (scroll) brought into view as a player
// scrolls a panel to it, it must lie within
// the window and within every box that clips it (a scrolling panel), show all its own content
// (no scrolling inside it), and be the element found at its centre and at each of its corners
// (2 px in): nothing drawn over it. "" if every control shows whole; a missing control is named.
// The panels are scrolled back where they stood.
const notCovered = `((controls) => {
  const out = [];
  // Where every panel stands now, to put back after: a check scrolls none.
  const stand = [...document.querySelectorAll('*')].filter((e) => e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth).map((e) => [e, e.scrollTop, e.scrollLeft]);
  for (const [what, sel, scroll] of controls) {
    const els = [...document.querySelectorAll(sel)];
    if (!els.length) { out.push(what + ': not on the page (' + sel + ')'); continue; }
    for (const el of els) {
      if (scroll) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const b = el.getBoundingClientRect();
      const name = what + (els.length > 1 ? ' ' + JSON.stringify(el.textContent.trim().slice(0, 20)) : '');
      if (b.width < 1 || b.height < 1) { out.push(name + ': not shown'); continue; }
      if (b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5) {
        out.push(name + ': outside the window ' + JSON.stringify(b)); continue;
      }
      let clipped = '';
      for (let a = el.parentElement; a && a !== document.documentElement && !clipped; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        const top = r.top + a.clientTop, left = r.left + a.clientLeft;
        if (b.top < top - 0.5 || b.left < left - 0.5 || b.bottom > top + a.clientHeight + 0.5 || b.right > left + a.clientWidth + 0.5)
          clipped = name + ': cut by ' + (a.id ? '#' + a.id : a.tagName.toLowerCase() + '.' + a.className) + ' (' + Math.round(b.top) + '..' + Math.round(b.bottom) + ' in ' + Math.round(top) + '..' + Math.round(top + a.clientHeight) + ')';
      }
      if (clipped) { out.push(clipped); continue; }
      if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible' && el.clientHeight > 0) {
        out.push(name + ': its content is cut (' + el.scrollHeight + ' px in ' + el.clientHeight + ')'); continue;
      }
      const pts = [[(b.left + b.right) / 2, (b.top + b.bottom) / 2], [b.left + 2, b.top + 2], [b.right - 2, b.top + 2], [b.left + 2, b.bottom - 2], [b.right - 2, b.bottom - 2]];
      for (const [x, y] of pts) {
        const at = document.elementFromPoint(x, y);
        if (at && !el.contains(at)) {
          out.push(name + ': covered at ' + Math.round(x) + ',' + Math.round(y) + ' by ' + (at.id ? '#' + at.id : at.tagName.toLowerCase() + '.' + at.className));
          break;
        }
      }
    }
  }
  for (const [e, top, left] of stand) { e.scrollTop = top; e.scrollLeft = left; }
  return out.join('; ');
})`

// control is one of the controls notCovered checks: what it is, its CSS selector, and whether a
// player would scroll its panel to it (else it must show as the page stands).
type control struct {
	what, sel string
	scroll    bool
}

// jsControls is controls as notCovered's argument.
func jsControls(controls []control) string {
	var parts []string
	for _, c := range controls {
		parts = append(parts, fmt.Sprintf("[%s, %s, %v]", jsString(c.what), jsString(c.sel), c.scroll))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Statuses as long as a refusal with its rule and the line refused: twoLines is two lines in the
// side panel (440 px wide at every desktop size), longStatus five.
const (
	twoLines   = `Refused (D2.1): PzIV may not enter 2Q4: it costs 4 MP and PzIV has 3 MP left.`
	longStatus = `Refused (D2.1): PzIV may not enter 2Q4: it costs 4 MP and PzIV has 3 MP left; ` +
		`the cheapest way there is 2K4, 2L4 (see its reach). Nothing changed: PzIV enter 2Q4 ` +
		`(and more lines still, as a refusal quoting a long line may be)`
)

// setStatus is JavaScript that shows text on the status line as the page shows a refusal, and
// answers how many lines it takes.
func setStatus(text string) string {
	return `(() => { const el = document.getElementById('status'); el.className = 'err'; el.innerHTML = '<strong>' + ` + jsString(text) + ` + '</strong>';
  const r = document.createRange(); r.selectNodeContents(el);
  return String(new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size); })()`
}

// unitButtons is JavaScript that answers where the unit buttons are on the screen.
const unitButtons = `JSON.stringify([...document.querySelectorAll('#unit-list button')].map((b) => { const r = b.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; }))`

// TestBrowserPlayLayout opens the referee's page of each demo game (ASL, LHY, Lightning War) in
// a 1400x900 and a 1024x768 window, selects a unit, and checks that the status line, every unit
// button and the Log's heading show whole, neither cut by their panel nor covered by another
// part of the page, with the page's own status and with a status of two lines and of five; that
// a status of two lines moves no unit button; and that the Keys help, opened (?), shows whole
// without scrolling, above the Log.
func TestBrowserPlayLayout(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "layout-play-failed.png")
	controls := jsControls([]control{
		{"the status line", `#status`, false},
		{"unit button", `#unit-list button`, false},
		{"the Log's heading", `#log-box h2`, false},
	})
	keys := jsControls([]control{{"the Keys help", `#keys`, false}, {"the Log's heading", `#log-box h2`, false}})
	for _, g := range playScreens {
		cr, err := g.demo(s, ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range desktopSizes {
			at := fmt.Sprintf("%s at %dx%d", g.name, size[0], size[1])
			b.do("opening "+at, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(c.base+cr.Links[Referee]))
			b.poll(at+": the map", g.drawn)
			b.do(at+": selecting a unit", chromedp.Click(chromedp.CSS(`#unit-list button`)))
			b.poll(at+": the selection", `document.querySelector('#unit-list button.selected') !== null && document.getElementById('status').textContent.startsWith('Selected')`)
			if why := b.eval(notCovered + `(` + controls + `)`); why != "" {
				b.screenshot(fmt.Sprintf("layout-%s-%d.png", g.name, size[0]))
				t.Errorf("%s: %s", at, why)
			}
			before := b.eval(unitButtons)
			if lines := b.eval(setStatus(twoLines)); lines != "2" {
				t.Fatalf("%s: the status of two lines takes %s", at, lines)
			}
			if after := b.eval(unitButtons); after != before {
				b.screenshot(fmt.Sprintf("layout-%s-%d-two-lines.png", g.name, size[0]))
				t.Errorf("%s: a status of two lines moves the unit buttons from %s to %s", at, before, after)
			}
			b.eval(setStatus(longStatus))
			if why := b.eval(notCovered + `(` + controls + `)`); why != "" {
				b.screenshot(fmt.Sprintf("layout-%s-%d-long-status.png", g.name, size[0]))
				t.Errorf("%s, a status of five lines: %s", at, why)
			}
			b.do(at+": opening the keys' help", chromedp.KeyEvent("?"))
			b.poll(at+": the keys' help", `document.getElementById('keys').open`)
			if why := b.eval(notCovered + `(` + keys + `)`); why != "" {
				b.screenshot(fmt.Sprintf("layout-%s-%d-keys.png", g.name, size[0]))
				t.Errorf("%s, the keys' help open: %s", at, why)
			}
		}
	}
}

// TestBrowserEditorLayout opens the map editor with two boards in a 1400x900 and a 1024x768
// window, and checks that its status line shows whole (not cut in half) with a short and a
// long message, and that the boards field and its button are not covered.
func TestBrowserEditorLayout(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "layout-editor-failed.png")
	controls := jsControls([]control{
		{"the status line", `#status`, false},
		{"the boards field", `#boards`, false},
		{"Set boards", `#apply-boards`, false},
		{"Undo", `#undo`, false},
	})
	for _, size := range desktopSizes {
		at := fmt.Sprintf("the editor at %dx%d", size[0], size[1])
		b.do("opening "+at, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(c.base+"/edit"), chromedp.WaitVisible(chromedp.CSS(`#emap .hex`)))
		b.do(at+": two boards", chromedp.SetValue(chromedp.CSS(`#boards`), "2,3"), chromedp.Click(chromedp.CSS(`#apply-boards`)))
		b.poll(at+": the status", `document.getElementById('status').textContent.includes('Boards: 2 3')`)
		if why := b.eval(notCovered + `(` + controls + `)`); why != "" {
			b.screenshot(fmt.Sprintf("layout-editor-%d.png", size[0]))
			t.Errorf("%s: %s", at, why)
		}
		b.eval(setStatus(longStatus))
		if why := b.eval(notCovered + `(` + controls + `)`); why != "" {
			b.screenshot(fmt.Sprintf("layout-editor-%d-long-status.png", size[0]))
			t.Errorf("%s, a long status: %s", at, why)
		}
	}
}
