package server

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLW plays a Lightning War demo game through its pages in headless Chromium: the
// German player selects his rifle platoon and builds its order by clicking two points on the
// table, picks the pace and types the order; the referee (in a second browser) plays the
// Movement Phase by its button; the German's page shows the platoon moved where the API says,
// and never any Russian detachment until the referee reveals one, which then appears (where it
// was seen, its units by type) while the other stays hidden. It waits for what only the
// Lightning War module draws: the table's features and roads, the detachments, their ordered
// paths. Each side and the referee then use the ruler: two clicks on the table measure the line
// (inches, metres, the ground's factor), and a detachment the link sees gives its time; the
// German's list offers only his own and the revealed, and the server answers his asking for the
// unrevealed Russian rifles exactly as for a name nobody has. Screenshots of each page are left
// in the test's artifact directory (go test -artifacts keeps them).
func TestBrowserLW(t *testing.T) {
	exe := chromiumFor(t)
	backends(t, func(t *testing.T, open func() *Server) {
		srv := open()
		c := serveTest(t, srv)
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cr, err := srv.DemoLW(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// What the German may not see until it is revealed: the Russians' ids, units, orders.
		russian := []string{"Tanks", "Rifles", "T34a", "Rif1", "Hold the edge", "Advance down the road", "2nd Rifle Battalion"}
		noRussians := func(b *tab, what string, except ...string) {
			t.Helper()
			html := b.eval(`document.body.innerHTML`)
			for _, s := range russian {
				skip := false
				for _, e := range except {
					skip = skip || s == e
				}
				if !skip && strings.Contains(html, s) {
					b.screenshot("lw-failed.png")
					t.Errorf("%s: the German's page shows %q", what, s)
				}
			}
		}

		ge := newTab(t, ctx, exe, "lw-failed.png")
		ge.do("opening the German's page",
			chromedp.Navigate(c.base+cr.Links["German"]),
			chromedp.WaitVisible(chromedp.CSS(`#g-units .lw-det[data-unit="Schutz"]`)))
		ge.rulesetDrawn("lightningwar", "the table drawn", `document.querySelectorAll('#g-terrain .lw-feature').length >= 4 && document.querySelectorAll('#g-terrain .lw-road').length >= 1`)
		if n := ge.eval(`String(document.querySelectorAll('#g-units .lw-det').length)`); n != "3" {
			t.Errorf("the German's page shows %s detachments, want his 3", n)
		}
		noRussians(ge, "at the start")
		lwFootprintsDrawn(t, ge)
		// The German's own orders are on his table: PzZug's ordered path (dashed) is drawn.
		ge.poll("the ordered paths", `document.querySelectorAll('#g-reach .lw-pending').length === 3`)

		const text = "Dig in at the copse edge"
		lwOrderByClicks(t, c, cr, ge, text)

		// The referee plays the Movement Phase from his page.
		ref := newTab(t, ctx, exe, "lw-failed.png")
		ref.do("opening the referee's page",
			chromedp.Navigate(c.base+cr.Links[Referee]),
			chromedp.WaitVisible(chromedp.CSS(`#g-units .lw-det[data-unit="Rifles"]`)))
		if n := ref.eval(`String(document.querySelectorAll('#g-units .lw-det').length)`); n != "5" {
			t.Errorf("the referee's page shows %s detachments, want 5", n)
		}
		// The referee sees the German's step 1, and its order text.
		ref.poll("the German's order in the referee's log", `(document.querySelector('#log li[data-n="1"]') || {textContent: ''}).textContent.includes('`+text+`')`)
		if got := ref.eval(`document.querySelector('#log li[data-n="1"]').textContent`); !strings.Contains(got, "German orders Schutz on turn 1") {
			t.Errorf("the referee's log shows the German's order as %q; want \"German orders Schutz on turn 1 ...\"", got)
		}
		ref.screenshot("lw-referee-before.png")
		// Before playing it, the referee sees its odds: the Movement Phase's miring checks, if any.
		// (the pointer, as an event: this tab is in the background, where focus events do not fire)
		ref.eval(`document.querySelector('#lw-phase button.lw-phase[data-line="movement"]').dispatchEvent(new PointerEvent('pointerover', {bubbles: true})), ''`)
		ref.poll("the odds of the Movement Phase", `(document.querySelector('#lw-odds h3') || {textContent: ''}).textContent.includes('movement') && !document.querySelector('#lw-odds .hint')`)
		if s := ref.eval(`document.getElementById('lw-odds').textContent`); !strings.Contains(s, "No roll") && !strings.Contains(s, "Miring") && !strings.Contains(s, "Escape") {
			t.Errorf("the referee's odds of the Movement Phase read %q", s)
		}
		ref.do("playing the Movement Phase", chromedp.Click(chromedp.CSS(`#lw-phase button.lw-phase[data-line="movement"]`)))
		ref.poll("step 2 in the referee's log", `document.querySelector('#log li[data-n="2"]') !== null`)
		if s := ref.eval(`document.querySelector('#log li[data-n="2"]').textContent`); !strings.Contains(s, "movement order") || !strings.Contains(s, "Movement Chart") || !strings.Contains(s, "Rifles") {
			t.Errorf("the referee's log shows the Movement Phase as %q", s)
		}

		// The German's page follows (live updates): Schutz has moved where the API says, along
		// its new path (running: it receives the order first, as the latest supersedes).
		var gv lwStateView
		var schutz lwDetView
		c.do("GET", "/api/games/"+cr.ID, cr.Tokens["German"], nil, &gv)
		for _, d := range gv.Dets {
			if d.ID == "Schutz" {
				schutz = d
			}
		}
		if len(schutz.Track) != 2 || schutz.Order == nil || schutz.Order.Text != text {
			t.Fatalf("after the phase Schutz is %+v", schutz)
		}
		ge.poll("Schutz moved on the German's page", fmt.Sprintf(
			`(() => { const g = document.querySelector('#g-units .lw-det[data-unit="Schutz"]'); return g && g.dataset.x === %q && g.dataset.y === %q; })()`,
			strconv.FormatFloat(schutz.X, 'f', -1, 64), strconv.FormatFloat(schutz.Y, 'f', -1, 64)))
		ge.poll("step 2 in the German's log", `document.querySelector('#log li[data-n="2"]') !== null`)
		ge.poll("Schutz's track drawn", `document.querySelectorAll('#g-reach .lw-track').length >= 3`)
		if s := ge.eval(`document.querySelector('#log li[data-n="2"]').textContent`); !strings.Contains(s, "Schutz moves") || !strings.Contains(s, "running") {
			t.Errorf("the German's log shows the Movement Phase as %q", s)
		}
		noRussians(ge, "after the Movement Phase")
		ge.screenshot("lw-german-moved.png")

		// The referee reveals the Russian tanks: the German sees them (where they were seen),
		// and still not the rifles.
		ref.do("selecting Tanks", chromedp.Click(chromedp.CSS(`#g-units .lw-det[data-unit="Tanks"]`)))
		ref.poll("the reveal button", `document.querySelector('#unit-actions button.lw-act[data-verb="reveal"]') !== null`)
		ref.do("revealing Tanks", chromedp.Click(chromedp.CSS(`#unit-actions button.lw-act[data-verb="reveal"]`)))
		ref.poll("step 3 in the referee's log", `document.querySelector('#log li[data-n="3"]') !== null`)
		ge.poll("Tanks on the German's page", `document.querySelector('#g-units .lw-det.enemy[data-unit="Tanks"]') !== null`)
		ge.poll("the revealed Tanks' bases, where they were seen", `document.querySelectorAll('#g-units .lw-footprint.enemy[data-det="Tanks"] .lw-base').length === 2 && `+
			`document.querySelectorAll('#g-units .lw-footprint.enemy').length === 1`)
		noRussians(ge, "after the reveal", "Tanks")
		ge.do("selecting the revealed Tanks", chromedp.Click(chromedp.CSS(`#g-units .lw-det[data-unit="Tanks"]`)))
		ge.poll("the revealed detachment's panel", `document.getElementById('unit-details').textContent.includes('revealed by the referee')`)
		if s := ge.eval(`document.getElementById('unit-details').textContent`); !strings.Contains(s, "35,23") || !strings.Contains(s, "2 × vehicle") || strings.Contains(s, "Hold") {
			t.Errorf("the German's panel for Tanks: %q", s)
		}
		if ge.eval(`String(document.getElementById('lw-send') === null && document.getElementById('unit-actions').children.length === 0)`) != "true" {
			t.Error("the German may act for the Russian tanks")
		}
		ge.screenshot("lw-german-revealed.png")
		lwRuler(t, cr, ge, ref, noRussians)

		// The spectator sees what both sides know: the revealed tanks, nothing else.
		sp := newTab(t, ctx, exe, "lw-failed.png")
		sp.do("opening the spectator's page",
			chromedp.Navigate(c.base+cr.Links[Spectator]),
			chromedp.WaitVisible(chromedp.CSS(`#g-units .lw-det[data-unit="Tanks"]`)))
		if n := sp.eval(`String(document.querySelectorAll('#g-units .lw-det').length)`); n != "1" {
			t.Errorf("the spectator's page shows %s detachments, want the revealed 1", n)
		}
		if n := sp.eval(`String(document.querySelectorAll('#g-units .lw-footprint .lw-base').length)`); n != "2" {
			t.Errorf("the spectator's page draws %s bases, want the revealed tanks' 2", n)
		}
		for _, s := range []string{"PzZug", "Schutz", "Rifles", "T34a", "PzA1", text} {
			if strings.Contains(sp.eval(`document.body.innerHTML`), s) {
				t.Errorf("the spectator's page shows %q", s)
			}
		}
		sp.screenshot("lw-spectator.png")

		ref.do("selecting PzZug", chromedp.Click(chromedp.CSS(`#g-units .lw-det[data-unit="PzZug"]`)))
		ref.poll("the referee's order form", `document.getElementById('lw-send') !== null`)
		ref.screenshot("lw-referee.png")

		var lg struct {
			Entries []entryView `json:"entries"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens["German"], nil, &lg); code != http.StatusOK || len(lg.Entries) != 3 {
			t.Fatalf("the German's log: %d, %d entries", code, len(lg.Entries))
		}
	})
}

// clickTable clicks the Lightning War demo's table at p, in inches (the SVG draws 12 px an
// inch, y down from the 32" table's top).
func (b *tab) clickTable(p [2]float64) {
	b.t.Helper()
	xy := b.eval(fmt.Sprintf(`(() => { const svg = document.getElementById('map'); const pt = svg.createSVGPoint();
		pt.x = %v * 12; pt.y = (32 - %v) * 12; const q = pt.matrixTransform(svg.getScreenCTM()); return q.x + ',' + q.y; })()`, p[0], p[1]))
	f := strings.Split(xy, ",")
	x, _ := strconv.ParseFloat(f[0], 64)
	y, _ := strconv.ParseFloat(f[1], 64)
	b.do(fmt.Sprintf("clicking the table at %v", p), chromedp.MouseClickXY(x, y))
}

// lwRuler uses the ruler on the German's page (after the referee revealed the Russian tanks)
// and on the referee's: two clicks measure the line, a detachment the link sees gives its
// time; the German is offered only his own and the revealed, and the server answers his asking
// for the hidden rifles as for a name nobody has.
func lwRuler(t *testing.T, cr *Created, ge, ref *tab, noRussians func(b *tab, what string, except ...string)) {
	// The German's ruler: 10,30 to 16,30 is 6" (300 m) of open ground, factor 1. Schutz,
	// ordered to run but having run last turn, walks 2" and then runs 4": 2 turns.
	ge.do("turning the ruler on", chromedp.Click(chromedp.CSS(`#lw-ruler-on`)))
	ge.poll("the ruler on", `document.getElementById('lw-ruler-on').getAttribute('aria-pressed') === 'true'`)
	ge.clickTable([2]float64{10, 30})
	ge.clickTable([2]float64{16, 30})
	ge.poll("the German's measurement", `(document.getElementById('lw-ruler-out').textContent || '').includes('6" (300 m)')`)
	if s := ge.eval(`document.getElementById('lw-ruler-out').textContent`); !strings.Contains(s, "of Open: factor 1 [Open]") {
		t.Errorf("the German's ruler reads %q", s)
	}
	if n := ge.eval(`String(document.querySelectorAll('#g-ruler .lw-ruler-line').length)`); n != "1" {
		t.Errorf("the ruler's line is drawn %s times", n)
	}
	opts := ge.eval(`[...document.querySelectorAll('#lw-ruler-det option')].map((o) => o.value).join(',')`)
	if opts != ",PzZug,Schutz,Aufkl,Tanks" {
		t.Errorf("the German's ruler offers %q", opts)
	}
	pick := func(b *tab, det, want string) {
		t.Helper()
		b.do("timing "+det,
			chromedp.SetValue(chromedp.CSS(`#lw-ruler-det`), det),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('lw-ruler-det').dispatchEvent(new Event('change', {bubbles: true}))`))
		b.poll(det+"'s time", `(document.querySelector('#lw-ruler-out .lw-ruler-time') || {textContent: ''}).textContent.includes(`+strconv.Quote(want)+`)`)
	}
	pick(ge, "Schutz", "Schutz: 2 turns, about 2 min")
	pick(ge, "Tanks", "its speed is not known")
	noRussians(ge, "with the ruler", "Tanks")
	ge.screenshot("lw-german-ruler.png")
	// The server, not the page, keeps the rifles hidden: asked for them, it answers as for a
	// name nobody has.
	ask := func(det string) string {
		return ge.evalAsync(`(async () => { const r = await fetch('/api/games/` + cr.ID + `/measure?from=1,1&to=2,2&det=` + det + `',
			{headers: {Authorization: 'Bearer ` + cr.Tokens["German"] + `'}}); return r.status + ' ' + (await r.json()).error; })()`)
	}
	if r, n := ask("Rifles"), ask("Nobody"); !strings.HasPrefix(r, "404 ") || strings.ReplaceAll(r, "Rifles", "X") != strings.ReplaceAll(n, "Nobody", "X") {
		t.Errorf("the German's page asking the ruler for Rifles: %q; for Nobody: %q", r, n)
	}
	ge.do("turning the ruler off", chromedp.Click(chromedp.CSS(`#lw-ruler-on`)))
	ge.poll("the ruler off", `document.querySelectorAll('#g-ruler *').length === 0 && document.getElementById('lw-ruler-out').textContent === ''`)

	// The referee's ruler times the Russian rifles (walking 2" a turn): 6" in 3 turns.
	ref.do("the referee's ruler", chromedp.Click(chromedp.CSS(`#lw-ruler-on`)))
	ref.clickTable([2]float64{10, 30})
	ref.clickTable([2]float64{16, 30})
	ref.poll("the referee's measurement", `(document.getElementById('lw-ruler-out').textContent || '').includes('6" (300 m)')`)
	pick(ref, "Rifles", "Rifles: 3 turns, about 3 min")
	ref.screenshot("lw-referee-ruler.png")
	ref.do("the referee's ruler off", chromedp.Click(chromedp.CSS(`#lw-ruler-on`)))
}

// lwOrderByClicks builds an order on the German's page: he selects Schutz, clicks two points on
// the table (away from any detachment), picks the run pace and types text; the line built
// holds the points clicked; sent, it is step 1 of his log (as his own order: "you order ...")
// and on its way to Schutz.
func lwOrderByClicks(t *testing.T, c *client, cr *Created, ge *tab, text string) {
	// Select Schutz and click two points on the table (away from any detachment).
	ge.do("selecting Schutz", chromedp.Click(chromedp.CSS(`#g-units .lw-det[data-unit="Schutz"]`)))
	ge.poll("the order form", `document.getElementById('lw-send') !== null`)
	want := [][2]float64{{9, 24}, {15, 26}}
	for i, p := range want {
		ge.clickTable(p)
		ge.poll(fmt.Sprintf("waypoint %d", i+1), fmt.Sprintf(`document.querySelectorAll('.lw-points li').length === %d && document.querySelectorAll('#g-sel .lw-wp').length === %d`, i+1, i+1))
	}
	ge.do("choosing the pace and typing the order",
		chromedp.SetValue(chromedp.CSS(`#lw-pace`), "run"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lw-pace').dispatchEvent(new Event('change', {bubbles: true}))`),
		chromedp.SendKeys(chromedp.CSS(`#lw-text`), text))
	ge.poll("the line", `document.getElementById('lw-line').textContent.endsWith(' run: `+text+`')`)
	line := ge.eval(`document.getElementById('lw-line').textContent`)
	// The clicked points, in inches from the lower-left corner (to a tenth).
	pts := strings.Fields(strings.TrimPrefix(strings.Split(line, " run:")[0], "order Schutz path "))
	if len(pts) != 2 {
		t.Fatalf("the order built is %q", line)
	}
	for i, p := range pts {
		xy := strings.Split(p, ",")
		x, _ := strconv.ParseFloat(xy[0], 64)
		y, _ := strconv.ParseFloat(xy[1], 64)
		if math.Abs(x-want[i][0]) > 0.15 || math.Abs(y-want[i][1]) > 0.15 {
			t.Errorf("waypoint %d is %s, clicked at %v", i+1, p, want[i])
		}
	}
	ge.screenshot("lw-german-order.png")
	ge.do("sending the order", chromedp.Click(chromedp.CSS(`#lw-send`)))
	ge.poll("step 1 in the German's log", `document.querySelector('#log li[data-n="1"]') !== null`)
	if got := ge.eval(`document.querySelector('#log li[data-n="1"] .line').textContent`); got != line {
		t.Errorf("the log shows step 1 as %q, sent %q", got, line)
	}
	// His own order is logged as his, not as the referee's.
	if got := ge.eval(`document.querySelector('#log li[data-n="1"]').textContent`); !strings.Contains(got, "you order Schutz on turn 1") || strings.Contains(got, "referee") {
		t.Errorf("the German's log shows his order as %q; want \"you order Schutz on turn 1 ...\"", got)
	}
	var gv lwStateView
	c.do("GET", "/api/games/"+cr.ID, cr.Tokens["German"], nil, &gv)
	var schutz lwDetView
	for _, d := range gv.Dets {
		if d.ID == "Schutz" {
			schutz = d
		}
	}
	if len(schutz.Pending) != 2 || schutz.Pending[1].Text != text || schutz.Pending[1].Pace != "run" || len(schutz.Pending[1].Path) != 2 {
		t.Fatalf("Schutz's orders on the way: %+v", schutz.Pending)
	}
}

// lwFootprintsDrawn checks the German's page of the demo at its start: each of his detachments
// stands on its models' bases (rules-notes 3.6), PzZug's two tanks, Schutz's three squads,
// Aufkl's car, each drawn where the API puts it; the Russians' are nowhere.
func lwFootprintsDrawn(t *testing.T, ge *tab) {
	t.Helper()
	ge.poll("the German's footprints", `document.querySelectorAll('#g-units .lw-footprint').length === 3 && `+
		`document.querySelectorAll('#g-units .lw-footprint[data-det="PzZug"] .lw-base').length === 2 && `+
		`document.querySelectorAll('#g-units .lw-footprint[data-det="Schutz"] .lw-base').length === 3 && `+
		`document.querySelectorAll('#g-units .lw-footprint[data-det="Aufkl"] .lw-base').length === 1`)
	if n := ge.eval(`String(document.querySelectorAll('#g-units .lw-footprint.enemy').length)`); n != "0" {
		t.Errorf("the German's page draws %s enemy footprints before any is revealed", n)
	}
	// Schutz's middle squad stands at its point, faced east: its base's corners, from its rear
	// left, are 4.5,19.5, 4.5,18.5, 5.5,18.5, 5.5,19.5 (12 px an inch, y down the 32" table).
	if pts := ge.eval(`document.querySelectorAll('#g-units .lw-footprint[data-det="Schutz"] .lw-base')[1].getAttribute('points')`); pts != "54.0,150.0 54.0,162.0 66.0,162.0 66.0,150.0" {
		t.Errorf("Schutz's middle base is drawn at %q", pts)
	}
}
