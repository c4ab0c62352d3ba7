package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/lightningwar/lwfile"
)

// TestBrowserLWEditor draws a Lightning War table in the table editor (GET /edit/lw) by clicks
// only: a wood on a gentle slope (the readout under the mouse gives their factor, 3 + 1), a road along the table and a stream it crosses (a bridge, which the page lists),
// a choke point marked on the bridge, a German tank platoon with an order along the road across
// the bridge a German column of two tanks on 2" x 1" bases (drawn where the game stands them) and a Russian
// rifle stand far away; exports the scenario file and checks that
// lightningwar/lwfile reads it; imports it and exports it again, the same text; starts a game
// from the page, plays the Movement Phase through the API and checks the tank is past the
// stream. It then saves the table, reloads the page, opens the table from the saved list and
// checks the table's part of the export is the same. It leaves lwedit.png in the test's
// artifact directory.
func TestBrowserLWEditor(t *testing.T) {
	editorOnBackends(t, "/edit/lw", "lwedit-failed.png", 90*time.Second, func(t *testing.T, c *client, b *tab) {

		lwEditDraw(t, b)
		b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
		text := b.eval(`document.getElementById('yaml').value`)
		for _, want := range []string{"table: {width: 48, height: 32}", "{id: woods 1, ground: woods, area: [[30, 20], [40, 20], [40, 28], [30, 28]]}",
			"{id: gentle slope 1, slope: gentle, area: [[28, 16], [42, 16], [42, 29], [28, 29]]}", "{id: road 1, line: [[2, 10], [46, 10]], width: 0.5}", "{id: stream 1, line: [[20, 2], [20, 30]]}",
			"{id: bridge 1, area: [[19, 9], [21, 9], [21, 11], [19, 11]]}", "{id: A, units: [T1], at: [12, 10], facing: 90}",
			"{to: A, path: [[34, 10]]}", "{id: B, units: [T2, T3], at: [8, 24], facing: 45, formation: column}", "{id: T2, formation: 1Pl, type: tank, tracked: true, size: medium, road: 24, xc: 12, base: [2, 1]}", "{id: T1, formation: 1Pl, type: tank, tracked: true, size: medium, road: 24, xc: 12}"} {
			if !strings.Contains(text, want) {
				t.Errorf("the export lacks %q:\n%s", want, text)
			}
		}
		if _, err := lwfile.LoadLightningWar("lwedit.yaml", []byte(text)); err != nil {
			t.Fatalf("lwfile does not read the export: %v\n%s", err, text)
		}
		b.do("importing the export", chromedp.Click(chromedp.CSS(`#import`)))
		b.poll("the import done", `document.getElementById('status').textContent.startsWith('Imported')`)
		b.do("exporting again", chromedp.Click(chromedp.CSS(`#export`)))
		if again := b.eval(`document.getElementById('yaml').value`); again != text {
			t.Errorf("export, import, export differs:\n%s\nthen\n%s", text, again)
		}
		lwEditPlays(t, c, b)
		b.eval(`document.querySelector('.ed-side').scrollTop = 0, ''`) // the tools and the bridge in the picture
		b.screenshot("lwedit.png")
		lwEditSaved(t, b, text)
	})
}

// lwEditPoint is where the editor's table at (x, y) inches is on the screen.
func lwEditPoint(b *tab, x, y float64) [2]float64 {
	b.t.Helper()
	xy := b.eval(fmt.Sprintf(`(() => { const svg = document.getElementById('lwmap'); const h = svg.viewBox.baseVal.height / 12;
		const pt = svg.createSVGPoint(); pt.x = %v * 12; pt.y = (h - %v) * 12; const q = pt.matrixTransform(svg.getScreenCTM()); return q.x + ',' + q.y; })()`, x, y))
	var p [2]float64
	if _, err := fmt.Sscanf(xy, "%g,%g", &p[0], &p[1]); err != nil {
		b.t.Fatalf("%v,%v: %q: %v", x, y, xy, err)
	}
	return p
}

// lwEditClick clicks the editor's table at (x, y) inches.
func lwEditClick(b *tab, x, y float64) {
	b.t.Helper()
	p := lwEditPoint(b, x, y)
	b.do(fmt.Sprintf("clicking the table at %v,%v", x, y), chromedp.MouseClickXY(p[0], p[1]))
}

// lwEditHover moves the mouse over the table at (x, y) and waits for the readout of the
// place's movement factor to say want.
func lwEditHover(b *tab, x, y float64, want string) {
	b.t.Helper()
	p := lwEditPoint(b, x, y)
	b.do(fmt.Sprintf("hovering at %v,%v", x, y), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p[0], p[1]))
	b.poll(fmt.Sprintf("the readout at %v,%v saying %q", x, y, want), fmt.Sprintf(`document.getElementById('here').textContent === %q`, want))
}

// lwEditDraw draws the table, the TO&E, the detachments and the order by clicks.
func lwEditDraw(t *testing.T, b *tab) {
	t.Helper()
	draw := func(tool, kind string, pts ...[2]float64) {
		t.Helper()
		b.do("choosing "+tool, chromedp.Click(chromedp.CSS(`input[name="tool"][value="`+tool+`"]`)))
		if kind != "" {
			b.do("choosing "+kind, chromedp.SetValue(chromedp.CSS(`#kind`), kind))
		}
		for _, p := range pts {
			lwEditClick(b, p[0], p[1])
		}
		b.do("finishing the "+tool, chromedp.Click(chromedp.CSS(`#finish`)))
	}
	draw("area", "woods", [2]float64{30, 20}, [2]float64{40, 20}, [2]float64{40, 28}, [2]float64{30, 28})
	b.poll("the wood drawn with its factor", `[...document.querySelectorAll('#lwmap .lw-factor')].some((e) => e.textContent === 'woods 1: woods: factor 3')`)
	draw("area", "gentle", [2]float64{28, 16}, [2]float64{42, 16}, [2]float64{42, 29}, [2]float64{28, 29})
	draw("road", "", [2]float64{2, 10}, [2]float64{46, 10})
	draw("stream", "", [2]float64{20, 2}, [2]float64{20, 30})
	b.poll("the bridge shown", `document.querySelector('#lwmap .lw-bridge[data-x="20"][data-y="10"]') !== null && document.getElementById('bridges').textContent.includes('bridge: road 1 over stream 1')`)
	lwEditHover(b, 35, 24, `35, 24": woods (3) + gentle slope (+1) = factor 4`)
	lwEditHover(b, 25, 10, `25, 10": on road 1 (1): factor 1`)
	lwEditHover(b, 5, 25, `5, 25": open (1): factor 1`)
	b.do("marking a choke point on the bridge", chromedp.Click(chromedp.CSS(`#bridges button.mark-choke`)))
	b.poll("the choke point drawn", `document.querySelector('#lwmap .lw-choke') !== null`)
	b.do("undo", chromedp.Click(chromedp.CSS(`#undo`)))
	b.poll("the choke point undone", `document.querySelector('#lwmap .lw-choke') === null`)
	b.do("redo", chromedp.Click(chromedp.CSS(`#redo`)))
	b.poll("the choke point redone", `document.querySelector('#lwmap .lw-choke') !== null`)

	// The TO&E: the German platoon (the form's defaults) and a Russian one.
	b.do("adding 1Pl", chromedp.Click(chromedp.CSS(`#add-formation`)))
	b.do("adding 2Pl", chromedp.SetValue(chromedp.CSS(`#f-id`), "2Pl"), chromedp.SetValue(chromedp.CSS(`#f-side`), "Russian"),
		chromedp.SetValue(chromedp.CSS(`#f-init`), "low"), chromedp.Click(chromedp.CSS(`#add-formation`)))
	b.do("adding T1", chromedp.Click(chromedp.CSS(`#add-unit`)))
	b.do("adding R1", chromedp.SetValue(chromedp.CSS(`#u-id`), "R1"), chromedp.SetValue(chromedp.CSS(`#u-formation`), "2Pl"),
		chromedp.SetValue(chromedp.CSS(`#u-type`), "infantry"), chromedp.Click(chromedp.CSS(`#add-unit`)))
	for _, id := range []string{"T2", "T3"} {
		b.do("adding "+id, chromedp.SetValue(chromedp.CSS(`#u-id`), id), chromedp.SetValue(chromedp.CSS(`#u-formation`), "1Pl"),
			chromedp.SetValue(chromedp.CSS(`#u-type`), "tank"), chromedp.SetValue(chromedp.CSS(`#u-base`), "2x1"), chromedp.Click(chromedp.CSS(`#add-unit`)))
	}
	b.poll("four units listed", `document.querySelectorAll('#lw-unit-list li').length === 4`)
	b.do("choosing to place", chromedp.Click(chromedp.CSS(`input[name="tool"][value="det"]`)))
	lwEditClick(b, 12, 10)
	b.do("detachment E", chromedp.SetValue(chromedp.CSS(`#d-id`), "E"), chromedp.SetValue(chromedp.CSS(`#d-units`), "R1"), chromedp.SetValue(chromedp.CSS(`#d-facing`), "270"))
	lwEditClick(b, 44, 30)
	b.do("detachment B", chromedp.SetValue(chromedp.CSS(`#d-id`), "B"), chromedp.SetValue(chromedp.CSS(`#d-units`), "T2, T3"),
		chromedp.SetValue(chromedp.CSS(`#d-facing`), "45"), chromedp.SetValue(chromedp.CSS(`#d-form`), "column"))
	lwEditClick(b, 8, 24)
	b.poll("the three detachments drawn", `document.querySelectorAll('#lwmap .lw-det').length === 3`)
	b.do("choosing the order's detachment", chromedp.SetValue(chromedp.CSS(`#o-to`), "A"))
	draw("order", "", [2]float64{34, 10})
	b.poll("the order drawn", `document.querySelector('#lwmap .lw-order[data-to="A"]') !== null`)
}

// lwEditPlays starts a game from the page, plays the Movement Phase through the API and checks
// that A crossed the bridge: its point past the stream (x 20).
func lwEditPlays(t *testing.T, c *client, b *tab) {
	t.Helper()
	b.do("starting a game", chromedp.Click(chromedp.CSS(`#start`)))
	b.poll("the game's links", `document.querySelector('#links a[data-role="referee"]') !== null`)
	link := b.eval(`(() => { const u = new URL(document.querySelector('#links a[data-role="referee"]').href); return u.pathname + u.search; })()`)
	id, tok, _ := strings.Cut(strings.TrimPrefix(link, "/play/"), "?k=")
	cr := Created{ID: id, Tokens: map[string]string{Referee: tok}}
	c.mustStep(cr, Referee, 1, "movement")
	var st struct {
		Dets []struct {
			lwRefDet
			Bases [][4][2]float64 `json:"bases"`
		} `json:"dets"`
	}
	if code := c.do("GET", "/api/games/"+id, tok, nil, &st); code != http.StatusOK {
		t.Fatalf("the game started from the editor: %d", code)
	}
	// B's bases, two 2" x 1" tanks in column faced 45, are drawn where the referee stands them.
	var drawn [][4][2]float64
	js := b.eval(`(() => { const h = document.getElementById('lwmap').viewBox.baseVal.height / 12;
		return JSON.stringify([...document.querySelectorAll('#lwmap .lw-det[data-id="B"] polygon')].map((p) => p.getAttribute('points').split(' ')
			.map((xy) => { const [x, y] = xy.split(',').map(Number); return [x / 12, h - y / 12]; }))); })()`)
	if err := json.Unmarshal([]byte(js), &drawn); err != nil {
		t.Fatalf("B's bases drawn: %q: %v", js, err)
	}
	if len(drawn) != 2 {
		t.Errorf("B is drawn on %d bases, want 2", len(drawn))
	}
	for _, d := range st.Dets {
		if d.ID == "B" && !sameBases(drawn, d.Bases) {
			t.Errorf("B's bases are drawn at %v, the game stands them at %v", drawn, d.Bases)
		}
	}
	for _, d := range st.Dets {
		if d.ID == "A" && (d.X <= 20.5 || d.Y != 10) {
			t.Errorf("after the Movement Phase A stands at %v,%v: not across the bridge (x 20)", d.X, d.Y)
		}
		if d.ID == "A" {
			return
		}
	}
	t.Errorf("the game has no detachment A: %+v", st.Dets)
}

// sameBases says whether two lists of bases have the same corners in the same order, to the
// drawing's precision (1/10 px, 1/120").
func sameBases(a, b [][4][2]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		for k := range a[i] {
			if math.Abs(a[i][k][0]-b[i][k][0]) > 0.01 || math.Abs(a[i][k][1]-b[i][k][1]) > 0.01 {
				return false
			}
		}
	}
	return true
}

// lwEditSaved saves the table, reloads the page, opens the table from the saved list and
// checks the export's table part is the one saved; then imports a file naming the saved table
// (table: {saved: NAME}) and checks it exports as the file the table was drawn in.
func lwEditSaved(t *testing.T, b *tab, text string) {
	t.Helper()
	b.do("saving the table", chromedp.SetValue(chromedp.CSS(`#map-name`), "mill brook"), chromedp.Click(chromedp.CSS(`#save-map`)))
	b.poll("the table saved", `document.getElementById('status').textContent.startsWith('Table saved')`)
	b.do("saving it again", chromedp.Click(chromedp.CSS(`#save-map`)))
	b.poll("the table overwritten (its token kept)", `document.getElementById('status').textContent.startsWith('Table overwritten')`)
	b.do("reloading", chromedp.Reload())
	b.poll("the editor ready again", `document.body.dataset.ready === '1' && document.querySelector('#maps button.open-map[data-name="mill brook"]') !== null`)
	b.do("opening the saved table", chromedp.Click(chromedp.CSS(`#maps button.open-map[data-name="mill brook"]`)))
	b.poll("the table opened", `document.getElementById('status').textContent.startsWith('Opened')`)
	b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
	tablePart := func(s string) string {
		_, rest, _ := strings.Cut(s, "table:")
		before, _, _ := strings.Cut(rest, "\nmoves:")
		before, _, _ = strings.Cut(before, "\ntoe:")
		return before
	}
	if got, want := tablePart(b.eval(`document.getElementById('yaml').value`)), tablePart(text); got != want || !strings.Contains(want, "bridge 1") {
		t.Errorf("the saved table re-exports as\n%s\nnot\n%s", got, want)
	}

	// A file naming the saved table imports with the table drawn in: its export is the first.
	ref := strings.Replace(text, "table:"+tablePart(text), "table: {saved: mill brook}", 1)
	b.do("importing a file naming the saved table", chromedp.SetValue(chromedp.CSS(`#yaml`), ref), chromedp.Click(chromedp.CSS(`#import`)))
	b.poll("the saved table drawn in", `document.getElementById('status').textContent.includes('The saved table mill brook is drawn in')`)
	b.do("exporting it", chromedp.Click(chromedp.CSS(`#export`)))
	if got := b.eval(`document.getElementById('yaml').value`); got != text {
		t.Errorf("the file naming the saved table exports as\n%s\nnot\n%s", got, text)
	}
}
