package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newcomerScreens are the screens TestBrowserNewcomer walks a newcomer's path on: a desktop
// window used by mouse, an upright tablet and a phone used by touch.
var newcomerScreens = []struct {
	name  string
	w, h  int64
	touch bool
}{
	{"desktop", 1400, 900, false},
	{"tablet", 768, 1024, true},
	{"phone", phoneW, phoneH, true},
}

// newcomer is one walk of TestBrowserNewcomer: the tab, the screen it is, and the server's
// client for checking what the page did through the API.
type newcomer struct {
	*tab
	c      *client
	screen string
	w      int64
	touch  bool
	shots  int
}

// press presses the element sel as the screen's player would: a tap, or a mouse click, at its
// middle (which nothing may cover).
func (n *newcomer) press(sel string) {
	n.t.Helper()
	p := n.inReach(sel)
	if n.touch {
		n.tap(p)
		return
	}
	n.do("clicking "+sel, chromedp.MouseClickXY(p[0], p[1]))
}

// pressFor presses the element sel until the JavaScript expression done holds: a page that
// redraws the element as the live event of the last step comes in (its steps greyed while
// they reload) may take a press as a player's finger on a greyed button, which does nothing,
// and the player presses again. At most three presses, each given 3 s to take effect.
func (n *newcomer) pressFor(what, sel, done string) {
	n.t.Helper()
	for try := 0; try < 3; try++ {
		n.poll(what+": "+sel+" ready", `(`+done+`) || document.querySelector(`+jsString(sel)+`) !== null && !document.querySelector('#unit-box.stale')`)
		if n.eval(`String(!!(`+done+`))`) == "true" {
			return // the last press took effect late
		}
		n.press(sel)
		if n.waitFor(done, 3*time.Second) {
			return
		}
	}
	n.poll(what, done) // fails the test, with a screenshot
}

// waitFor reports whether the JavaScript expression js holds within d.
func (n *newcomer) waitFor(js string, d time.Duration) bool {
	n.t.Helper()
	_, err := chromedp.Run(n.ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(d)))
	return err == nil
}

// pressAt presses the page point p.
func (n *newcomer) pressAt(what string, p [2]float64) {
	n.t.Helper()
	if n.touch {
		n.tap(p)
		return
	}
	n.do(what, chromedp.MouseClickXY(p[0], p[1]))
}

// shot saves what the page shows as newcomer-SCREEN-N-what.png, N counting the path's stages,
// after checking that the page does not scroll sideways on a touch screen.
func (n *newcomer) shot(what string) {
	n.t.Helper()
	n.shots++
	if n.touch {
		time.Sleep(400 * time.Millisecond) // the tap's highlight fades
		if why := n.eval(sidewaysOf(n.w)); why != "" {
			n.t.Errorf("%s, %s: %s", n.screen, what, why)
		}
	}
	n.screenshot(fmt.Sprintf("newcomer-%s-%02d-%s.png", n.screen, n.shots, what))
}

// link is the game and token of a game link the page shows (its href: /play/ID?k=TOKEN).
func (n *newcomer) link(sel string) (id, token, path string) {
	n.t.Helper()
	href := n.eval(`document.querySelector(` + jsString(sel) + `).href`)
	u, err := url.Parse(href)
	if err != nil || !strings.HasPrefix(u.Path, "/play/") || u.Query().Get("k") == "" {
		n.t.Fatalf("%s links to %q, not a game link", sel, href)
	}
	return strings.TrimPrefix(u.Path, "/play/"), u.Query().Get("k"), u.Path + "?" + u.RawQuery
}

// TestBrowserNewcomer walks a newcomer's first path through umpire, on a desktop (mouse), an
// upright tablet and a phone (touch), pressing what a player presses: the new-game page; "Use
// this example" and Create; the German's link; the tank selected on the map and moved a hex by
// pressing it there, then a step into woods whose Bog Check's exact odds show before anything
// is sent, and Roll; back on the new-game page, the game listed as opened; the map editor, a
// hex painted woods and a tank found by name and placed; Start a game, and that game's page.
// Each stage is checked through the API (the move made, the odds the API's, the editor's game
// holding what was drawn), no stage scrolls a touch screen sideways, and each leaves a
// screenshot, newcomer-SCREEN-N-STAGE.png, in the test's artifact directory (and in
// $UMPIRE_SCREENSHOTS, if set: the README's and the guides' pictures are these).
func TestBrowserNewcomer(t *testing.T) {
	exe := chromiumFor(t)
	for _, sc := range newcomerScreens {
		t.Run(sc.name, func(t *testing.T) {
			srv := sqliteServer(t, Config{})
			c := serveTest(t, srv)
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			var b *tab
			if sc.touch {
				b = newTouchTab(t, ctx, exe, "newcomer-"+sc.name+"-failed.png", sc.w, sc.h)
			} else {
				b = newTab(t, ctx, exe, "newcomer-"+sc.name+"-failed.png")
				b.do("a desktop window", chromedp.EmulateViewport(sc.w, sc.h))
			}
			n := &newcomer{tab: b, c: c, screen: sc.name, w: sc.w, touch: sc.touch}
			newcomerEditor(n, newcomerGame(n))
		})
	}
}

// newcomerGame walks the path from the new-game page to a move with its odds; it answers the
// game's id.
func newcomerGame(n *newcomer) string {
	t, c := n.t, n.c
	n.do("opening the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#use-example`)))
	n.shot("index")
	n.press(`#use-example`)
	n.poll("the ASL demo filled in", `document.getElementById('scenario').value.includes('ruleset: asl') || document.getElementById('scenario').value.includes('PzIV')`)
	n.press(`#create`)
	n.poll("the game's links", `!document.getElementById('result').hidden && document.querySelector('#links a[data-role="German"]') !== null`)
	n.shot("example")
	id, refToken, _ := n.link(`#links a[data-role="referee"]`)
	_, _, german := n.link(`#links a[data-role="German"]`)
	cr := &Created{ID: id, Tokens: map[string]string{Referee: refToken}}

	n.do("following the German's link", chromedp.Navigate(c.base+german))
	counter := `#g-units .unit[data-unit="PzIV"]`
	n.poll("the ASL map and PzIV", `document.querySelector('`+counter+`') !== null && document.getElementById('role').textContent !== ''`)
	n.shot("game")
	if n.touch {
		n.pinchOpen(counter)
	}
	n.press(counter)
	n.poll("PzIV selected, its steps shown", `document.querySelector('#g-units .unit.selected[data-unit="PzIV"]') !== null && document.querySelector('#unit-steps button.step[data-hex="2K5"]') !== null && !document.querySelector('#unit-box.stale')`)
	n.pressFor("step 1 in the log", `#g-terrain polygon.hex[data-hex="2K5"]`, `document.querySelector('#log li[data-n="1"]') !== null`)
	if h := unitHex(c.state(*cr, Referee), "PzIV"); h != "2K5" {
		t.Fatalf("after pressing 2K5 PzIV is in %q", h)
	}
	n.pressFor("step 2 in the log", `#unit-steps button.step[data-hex="2L5"][data-verb="enter"]`, `document.querySelector('#log li[data-n="2"]') !== null`)
	n.shot("moved")

	_, line, o := bogStep(t, c, cr)
	bog := fmt.Sprintf(`#unit-steps button.step[data-line=%q]`, line)
	n.pressFor("the odds before the roll", bog, `document.getElementById('roll-confirm').open && document.querySelector('#roll-confirm .outcomes li') !== null`)
	oddsShown(t, n.eval(`document.getElementById('roll-confirm').textContent`), line, o)
	n.shot("odds")
	if got := c.state(*cr, Referee).N; got != 2 {
		t.Fatalf("with the odds shown the game has %d steps, want 2: the step was sent before its roll was confirmed", got)
	}
	n.press(`#roll-confirm-ok`)
	n.poll("step 3 in the log", `document.querySelector('#log li[data-n="3"]') !== null`)
	var lg struct {
		Entries []struct {
			Line string `json:"line"`
		} `json:"entries"`
	}
	if code := c.do("GET", "/api/games/"+id+"/log", refToken, nil, &lg); code != http.StatusOK || len(lg.Entries) != 3 || lg.Entries[2].Line != line {
		t.Fatalf("after Roll the log is %d %+v; want step 3 %q", code, lg, line)
	}
	n.shot("rolled")
	return id
}

// newcomerEditor walks on from the game's page (the game id): back to the
// new-game page, which lists the game as opened, into the map editor, and a game started there.
func newcomerEditor(n *newcomer, id string) {
	t, c := n.t, n.c
	n.press(`header#top h1 a`)
	n.do("the new-game page loading", chromedp.WaitVisible(chromedp.CSS(`#opened-title`)))
	n.poll("the new-game page, the game listed", `document.querySelector('#opened-list tr[data-id="`+id+`"][data-role="German"]') !== null`)
	n.shot("opened")
	n.press(`a[href="/edit"]`)
	n.do("the editor loading", chromedp.WaitVisible(chromedp.CSS(`#emap`)))
	n.poll("the editor ready", `document.body.dataset.ready === '1' && document.querySelector('#emap .hex[data-hex="2C3"]') !== null`)

	// The map takes the pane's whole width (on a narrow screen, the screen's), its first board
	// whole: a narrow screen puts the tools under it, not beside it.
	if why := n.eval(`(() => { const m = document.getElementById('emap').getBoundingClientRect(), p = document.querySelector('.ed-map').getBoundingClientRect();
		const w = Math.min(innerWidth, document.documentElement.clientWidth);
		if (p.width < (innerWidth <= 900 ? 0.95 * w : 0.6 * w)) return 'the map pane is ' + Math.round(p.width) + ' px wide in a ' + w + ' px window';
		if (m.width < p.width - 20 || m.left < p.left - 1 || m.right > p.right + 1) return 'the map ' + JSON.stringify(m) + ' does not fill its pane ' + JSON.stringify(p);
		return ''; })()`); why != "" {
		n.shot("editor-squeezed")
		t.Errorf("%s: %s", n.screen, why)
	}
	n.do("choosing woods", chromedp.SetValue(chromedp.CSS(`#terrain`), "woods"))
	n.pressAt("painting 2C3", editorPoint(t, n.tab, "2C3", "2C3", 0))
	n.poll("2C3 painted woods", `document.querySelector('#emap .hex[data-hex="2C3"]').dataset.terrain === 'woods'`)
	n.press(`#listing-q`)
	n.do("searching the listings", chromedp.SendKeys(chromedp.CSS(`#listing-q`), "PzKpfw IV"))
	pick := `#listing-results button.pick[data-name="PzKpfw IVH"]`
	n.poll("the listing found", `document.querySelector('`+pick+`') !== null`)
	n.press(pick)
	n.pressAt("placing T1", editorPoint(t, n.tab, "2E5", "2E5", 0))
	n.poll("T1 placed", `document.querySelector('#emap .unit[data-unit="T1"]') !== null`)
	n.eval(`(scrollTo(0, 0), '')`)
	n.shot("editor")

	n.press(`#start`)
	n.poll("the editor's game links", `document.querySelector('#links a[data-role="German"]') !== null`)
	n.shot("editor-started")
	gid, tok, path := n.link(`#links a[data-role="referee"]`)
	if gid == id {
		t.Fatalf("the editor's Start gave the example's game %s", id)
	}
	var st stateView
	if code := c.do("GET", "/api/games/"+gid, tok, nil, &st); code != http.StatusOK {
		t.Fatalf("the game started from the editor: %d", code)
	}
	if h := unitHex(st, "T1"); h != "2E5" {
		t.Errorf("the editor's game has T1 in %q, want 2E5", h)
	}
	woods := false
	for _, h := range st.Map.Hexes {
		woods = woods || h.ID == "2C3" && strings.EqualFold(h.Terrain, "woods")
	}
	if !woods {
		t.Errorf("the editor's game has no woods in 2C3")
	}
	n.do("following the editor's game's referee link", chromedp.Navigate(c.base+path))
	n.poll("T1 on the editor's game's map", `document.querySelector('#g-units .unit[data-unit="T1"]') !== null`)
	n.shot("editor-game")
}
