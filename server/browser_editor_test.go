package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// TestBrowserEditor draws a small ASL map in the editor (GET /edit) by clicks and drags only:
// woods and grain hexes, brush by dragging, a level painted alone, mud, a road and a wall by
// clicking their hexsides (with an undo and a redo), a tank found by typing part of its
// listing's name and turned by dragging its front, a squad from the fixed picker; exports the scenario file and checks that
// asl/aslfile reads it and that it plays (as `umpire play` would) with a Start and a move along
// the road; imports it back and exports it again, the same text; and starts a game from the
// editor, whose state has the tank and the wall. It leaves editor.png in the test's artifact
// directory.
func TestBrowserEditor(t *testing.T) {
	editorOnBackends(t, "/edit", "editor-failed.png", 90*time.Second, func(t *testing.T, c *client, b *tab) {
		b.poll("the map drawn", `document.querySelector('#emap .hex[data-hex="2E5"]') !== null`)

		editorDraw(t, b)
		text := b.eval(`document.getElementById('yaml').value`)
		for _, want := range []string{"boards: [\"2\"]", "2C3: woods", "2C4: {terrain: woods, level: 1}", "2D3: grain", "2H7: brush", "2H8: brush", "conditions: mud", "roads: [2E5-2F5]", "walls: [2G3-2G4]", "vehicle: PzKpfw IVH", "at: \"2E5\"", "vca: 2E6-2F5", "{id: S1, side: Russian, infantry: {name: \"4-6-7\"}, at: 2C3, vca: 2D3-2D2}"} {
			if !strings.Contains(text, want) {
				t.Errorf("the export lacks %q:\n%s", want, text)
			}
		}
		editorPlays(t, text)

		// Import the export, export again: the same text.
		b.do("importing the export", chromedp.Click(chromedp.CSS(`#import`)))
		b.poll("the import done", `document.getElementById('status').textContent.startsWith('Imported')`)
		b.do("exporting again", chromedp.Click(chromedp.CSS(`#export`)))
		if again := b.eval(`document.getElementById('yaml').value`); again != text {
			t.Errorf("export, import, export differs:\n%s\nthen\n%s", text, again)
		}

		// Start a game from the editor: its links, and its state holds what was drawn.
		b.do("starting a game", chromedp.Click(chromedp.CSS(`#start`)))
		b.poll("the game's links", `document.querySelector('#links a[data-role="referee"]') !== null`)
		link := b.eval(`new URL(document.querySelector('#links a[data-role="referee"]').href).pathname + new URL(document.querySelector('#links a[data-role="referee"]').href).search`)
		id, tok, _ := strings.Cut(strings.TrimPrefix(link, "/play/"), "?k=")
		var st stateView
		if code := c.do("GET", "/api/games/"+id, tok, nil, &st); code != http.StatusOK {
			t.Fatalf("the game started from the editor: %d", code)
		}
		if got := unitHex(st, "T1"); got != "2E5" {
			t.Errorf("the started game has T1 in %q, want 2E5", got)
		}
		wall := false
		for _, o := range st.Map.Obstacles {
			wall = wall || o.Kind == "wall" && o.A+"-"+o.B == "2G3-2G4"
		}
		if !wall {
			t.Errorf("the started game has no wall 2G3-2G4: %+v", st.Map.Obstacles)
		}
		b.screenshot("editor.png")
	})
}

// openEditor opens an editor page (url: the server's /edit, or /edit/lw for the table editor)
// in a new tab and waits until it is ready.
func openEditor(t *testing.T, ctx context.Context, exe, url, failShot string) *tab {
	t.Helper()
	b := newTab(t, ctx, exe, failShot)
	b.do("opening "+url, chromedp.Navigate(url))
	b.poll("the editor ready", `document.body.dataset.ready === '1'`)
	return b
}

// editorOnBackends opens the editor page at path (/edit, or /edit/lw for the table editor) on a
// fresh server over each store (backends) and runs test with its client and the page's tab,
// all within timeout; failShot is the tab's screenshot if the test fails. It is skipped where
// there is no Chromium.
func editorOnBackends(t *testing.T, path, failShot string, timeout time.Duration, test func(t *testing.T, c *client, b *tab)) {
	exe := chromiumFor(t)
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		test(t, c, openEditor(t, ctx, exe, c.base+path, failShot))
	})
}

// setBoards sets the editor's boards ("2,3/4,5") and waits until hex is drawn.
func setBoards(b *tab, boards, hex string) {
	b.t.Helper()
	b.do("boards "+boards, chromedp.SetValue(chromedp.CSS(`#boards`), boards), chromedp.Click(chromedp.CSS(`#apply-boards`)))
	b.poll(hex+" drawn", `document.querySelector('#emap .hex[data-hex="`+hex+`"]') !== null`)
}

// editorDraw draws the map and places the tank by clicks, then exports.
func editorDraw(t *testing.T, b *tab) {
	t.Helper()
	click := func(what, a, bb string, f float64) { t.Helper(); editorClick(t, b, what, a, bb, f) }
	paint := func(terrain, hex string) {
		t.Helper()
		b.do("choosing "+terrain, chromedp.Click(chromedp.CSS(`input[name="tool"][value="terrain"]`)), chromedp.SetValue(chromedp.CSS(`#terrain`), terrain))
		click("painting "+hex, hex, hex, 0)
		b.poll(hex+" painted "+terrain, fmt.Sprintf(`document.querySelector('#emap .hex[data-hex="%s"]').dataset.terrain === %q`, hex, terrain))
	}
	paint("woods", "2C3")
	paint("woods", "2C4")
	paint("grain", "2D3")
	// Painting by dragging: brush from 2H7 down into 2H8.
	b.do("choosing brush", chromedp.SetValue(chromedp.CSS(`#terrain`), "brush"))
	p, q := editorPoint(t, b, "2H7", "2H7", 0), editorPoint(t, b, "2H8", "2H8", 0)
	b.do("dragging brush over 2H7 and 2H8", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, p[0], p[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, q[0], q[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, q[0], q[1], chromedp.ButtonLeft))
	b.poll("2H7 and 2H8 brush", `document.querySelector('#emap .hex[data-hex="2H7"]').dataset.terrain === 'brush' && document.querySelector('#emap .hex[data-hex="2H8"]').dataset.terrain === 'brush'`)
	side := func(feature, a, bb string) {
		t.Helper()
		b.do("choosing "+feature, chromedp.Click(chromedp.CSS(`input[name="tool"][value="hexside"]`)), chromedp.SetValue(chromedp.CSS(`#side-feature`), feature))
		click("clicking hexside "+a+"-"+bb, a, bb, 0.42)
		b.poll(feature+" "+a+"-"+bb+" drawn", fmt.Sprintf(`document.querySelector('#emap line.%s[data-side="%s-%s"]') !== null`, feature, a, bb))
	}
	side("roads", "2E5", "2F5")
	side("walls", "2G3", "2G4")
	b.do("undo", chromedp.Click(chromedp.CSS(`#undo`)))
	b.poll("the wall undone", `document.querySelector('#emap line.walls') === null`)
	b.do("redo", chromedp.Click(chromedp.CSS(`#redo`)))
	b.poll("the wall redone", `document.querySelector('#emap line.walls[data-side="2G3-2G4"]') !== null`)

	// The tank: type part of the listing's name, pick it, face lower right, click its hex.
	b.do("searching the listings", chromedp.SendKeys(chromedp.CSS(`#listing-q`), "PzKpfw IV"))
	pick := `#listing-results button.pick[data-name="PzKpfw IVH"]`
	b.poll("the listing found", `document.querySelector('`+pick+`') !== null`)
	if shown := b.eval(`document.querySelector('` + pick + `').parentElement.textContent`); !strings.Contains(shown, "german") || !strings.Contains(shown, "MP") {
		t.Errorf("the listing reads %q: want its nationality, type and MP", shown)
	}
	b.do("picking PzKpfw IVH", chromedp.Click(chromedp.CSS(pick)), chromedp.SetValue(chromedp.CSS(`#unit-front`), "0"))
	click("placing T1", "2E5", "2E5", 0)
	b.poll("T1 placed", `document.querySelector('#emap .unit[data-unit="T1"]') !== null`)
	// Face it lower right by dragging from its hex toward the hexspine between 2E6 and 2F5.
	b.do("the facing tool", chromedp.Click(chromedp.CSS(`input[name="tool"][value="face"]`)))
	from := editorPoint(t, b, "2E5", "2E5", 0)
	to := editorPoint(t, b, "2E5", "2E6", 0.5)
	to2 := editorPoint(t, b, "2E5", "2F5", 0.5)
	tx, ty := (to[0]+to2[0])/2, (to[1]+to2[1])/2
	b.do("dragging T1's front", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from[0], from[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, tx, ty, chromedp.ButtonLeft), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, tx, ty, chromedp.ButtonLeft))
	b.poll("T1 faces lower right", `document.getElementById('unit-status').textContent.includes('2E6-2F5')`)
	// A squad from the fixed picker, in the woods.
	b.do("an Infantry squad", chromedp.Click(chromedp.CSS(`input[name="tool"][value="unit"]`)), chromedp.SetValue(chromedp.CSS(`#unit-kind`), "infantry"),
		chromedp.SetValue(chromedp.CSS(`#unit-id`), "S1"), chromedp.SetValue(chromedp.CSS(`#unit-side`), "Russian"))
	click("placing S1", "2C3", "2C3", 0)
	b.poll("S1 placed", `document.querySelector('#emap .unit[data-unit="S1"]') !== null`)
	// Mud, and a level painted on the woods without changing them.
	b.do("mud", chromedp.SetValue(chromedp.CSS(`#conditions`), "mud"), chromedp.Evaluate[chromedp.Void](`document.getElementById('conditions').dispatchEvent(new Event('change'))`))
	b.do("the level tool", chromedp.Click(chromedp.CSS(`input[name="tool"][value="level"]`)), chromedp.SetValue(chromedp.CSS(`#level`), "1"))
	click("raising 2C4", "2C4", "2C4", 0)
	b.poll("2C4 level 1, still woods", `document.querySelector('#emap .hex[data-hex="2C4"] title').textContent === '2C4: Woods, level 1'`)
	b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
	b.poll("the export", `document.getElementById('yaml').value.includes('units:')`)
}

// editorPoint is the page point at fraction f of the way from hex a's centre to hex b's on the
// editor's map.
func editorPoint(t *testing.T, b *tab, a, bb string, f float64) [2]float64 {
	t.Helper()
	xy := b.eval(fmt.Sprintf(`(() => { const el = (id) => document.querySelector('#emap .hex[data-hex="' + id + '"]');
		el(%q).scrollIntoView({block: 'nearest', inline: 'nearest'});
		const c = (id) => { const r = el(id).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
		const p = c(%q), q = c(%q); return (p[0] + (q[0] - p[0]) * %g) + ',' + (p[1] + (q[1] - p[1]) * %g); })()`, a, a, bb, f, f))
	var p [2]float64
	if _, err := fmt.Sscanf(xy, "%g,%g", &p[0], &p[1]); err != nil {
		t.Fatalf("%s-%s: %q: %v", a, bb, xy, err)
	}
	return p
}

// editorClick clicks the editor's map at fraction f of the way from hex a's centre to hex b's.
func editorClick(t *testing.T, b *tab, what, a, bb string, f float64) {
	t.Helper()
	p := editorPoint(t, b, a, bb, f)
	b.do(what, chromedp.MouseClickXY(p[0], p[1]))
}

// editorPlays checks that the exported text loads with asl/aslfile and that it plays, with a
// Start and a move along the road, as `umpire play` plays a file.
func editorPlays(t *testing.T, text string) {
	t.Helper()
	if _, err := aslfile.Load("editor.yaml", []byte(text)); err != nil {
		t.Fatalf("aslfile does not read the export: %v\n%s", err, text)
	}
	withMoves := strings.Replace(text, "moves: []", "moves:\n  - T1 start\n  - T1 enter F5", 1)
	_, sc, err := rules.Load("editor.yaml", []byte(withMoves))
	if err != nil {
		t.Fatal(err)
	}
	if w := sc.File().Warnings; len(w) > 0 {
		t.Errorf("the export loads with warnings: %v", w)
	}
	_, played := rules.Play(sc, nil, nil)
	if played.Stopped || len(played.Steps) != 2 {
		t.Errorf("the export does not play its moves: stopped %v after %d steps", played.Stopped, len(played.Steps))
	}
}

// TestBrowserEditorConvoyGap builds the situation of testdata/examples/e11.21-convoy-gap.yaml
// in the editor by clicks only (board 5, the road along row 5, three trucks by their facts and
// five SPW 251/1 by their listing, all facing right in Motion, the Convoy lead first), exports
// it, and checks the export with that example's moves and expectations as `umpire check` does.
func TestBrowserEditorConvoyGap(t *testing.T) {
	example, err := os.ReadFile("../testdata/examples/e11.21-convoy-gap.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, script, ok := strings.Cut(string(example), "\nmoves:\n")
	if !ok {
		t.Fatal("the example has no moves:")
	}
	editorOnBackends(t, "/edit", "editor-convoy-failed.png", 90*time.Second, func(t *testing.T, c *client, b *tab) {
		setBoards(b, "5", "5B5")
		b.do("the hexside tool", chromedp.Click(chromedp.CSS(`input[name="tool"][value="hexside"]`)), chromedp.SetValue(chromedp.CSS(`#side-feature`), "roads"))
		cols := "BCDEFGHIJKLMNOP"
		for i := 1; i < len(cols); i++ {
			a, bb := "5"+cols[i-1:i]+"5", "5"+cols[i:i+1]+"5"
			editorClick(t, b, "the road "+a+"-"+bb, a, bb, 0.42)
		}
		b.poll("the road drawn", `document.querySelectorAll('#emap line.roads').length === 14`)
		b.do("the trucks' facts", chromedp.SetValue(chromedp.CSS(`#unit-kind`), "facts"), chromedp.SetValue(chromedp.CSS(`#foot-name`), "Opel Blitz"),
			chromedp.SetValue(chromedp.CSS(`#veh-class`), "truck"), chromedp.SetValue(chromedp.CSS(`#wagon-mp`), "16"),
			chromedp.SetValue(chromedp.CSS(`#unit-front`), "0"), chromedp.Click(chromedp.CSS(`#unit-motion`)),
			chromedp.Click(chromedp.CSS(`input[name="tool"][value="unit"]`)), chromedp.SetValue(chromedp.CSS(`#unit-id`), "T1"))
		place := func(id, hex string) {
			t.Helper()
			editorClick(t, b, "placing "+id, hex, hex, 0)
			b.poll(id+" placed", `document.querySelector('#emap .unit[data-unit="`+id+`"]') !== null`)
		}
		place("T1", "5J5")
		place("T2", "5I5")
		place("T3", "5H5")
		b.do("searching SPW 251/1", chromedp.SendKeys(chromedp.CSS(`#listing-q`), "SPW 251/1"))
		pick := `#listing-results button.pick[data-name="SPW 251/1"]`
		b.poll("the listing found", `document.querySelector('`+pick+`') !== null`)
		b.do("picking SPW 251/1", chromedp.Click(chromedp.CSS(pick)), chromedp.SetValue(chromedp.CSS(`#unit-id`), "H1"))
		for i, hex := range []string{"5G5", "5F5", "5E5", "5D5", "5C5"} {
			place(fmt.Sprintf("H%d", i+1), hex)
		}
		b.do("forming the Convoy", chromedp.SetValue(chromedp.CSS(`#group-id`), "C1"), chromedp.SetValue(chromedp.CSS(`#group-kind`), "convoy"),
			chromedp.SetValue(chromedp.CSS(`#group-members`), "T1, T2, T3, H1, H2, H3, H4, H5"), chromedp.Click(chromedp.CSS(`#form-group`)))
		b.poll("the Convoy formed", `document.querySelector('#group-list li') !== null`)
		b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
		b.poll("the export", `document.getElementById('yaml').value.includes('groups:')`)
		text := b.eval(`document.getElementById('yaml').value`)
		full := strings.Replace(text, "moves: []\n", "moves:\n"+script, 1)
		_, sc, err := rules.Load("editor-e11.21.yaml", []byte(full))
		if err != nil {
			t.Fatalf("the export with the example's moves does not load: %v\n%s", err, full)
		}
		if w := sc.File().Warnings; len(w) > 0 {
			t.Errorf("warnings: %v", w)
		}
		if n := len(sc.File().Moves); n != 12 {
			t.Fatalf("the export with the example's moves has %d moves, want the example's 12", n)
		}
		if err := os.WriteFile(filepath.Join(t.ArtifactDir(), "editor-e11.21.yaml"), []byte(full), 0o644); err != nil {
			t.Error(err)
		}
		for _, f := range rules.Check(sc) {
			t.Errorf("expectation failed: %+v", f)
		}
		b.screenshot("editor-convoy.png")
	})
}

// TestBrowserEditorVehicleNames (issue 32): the editor's Import says which vehicle names name no
// listing or several, at their lines, and still draws the file; the picker finds a listing by
// the names players write (a nickname, a designation without its punctuation) and offers the
// closest when nothing matches.
func TestBrowserEditorVehicleNames(t *testing.T) {
	exe := chromiumFor(t)
	c := serveTest(t, New(Config{Store: openStore(t)}))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := openEditor(t, ctx, exe, c.base+"/edit", "editor-names-failed.png")
	b.poll("the map drawn", `document.querySelector('#emap .hex[data-hex="2E5"]') !== null`)
	file := "name: names\nruleset: asl\nmap: {boards: [\"2\"]}\nunits:\n" +
		"  - {id: T1, side: German, vehicle: hetzer, at: 2E5, vca: 2E6-2F5}\n" +
		"  - {id: T2, side: German, vehicle: Panther, at: 2E6, vca: 2E7-2F6}\n" +
		"  - {id: T3, side: Russian, vehicle: {listing: T-34/85 M44}, at: 2E7, vca: 2E8-2F7}\nmoves: []\n"
	b.do("importing", chromedp.SetValue(chromedp.CSS(`#yaml`), file),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = ''`), chromedp.Click(chromedp.CSS(`#import`)))
	b.poll("imported", `document.getElementById('status').textContent.startsWith('Imported')`)
	st := b.eval(`document.getElementById('status').textContent`)
	for _, want := range []string{`To fix before Start:`, `line 6: units.T2.vehicle: "Panther" names 2 german listings: PzKpfw VD (MT, 15 MP); PzKpfw VG (MT, 15 MP)`,
		`line 7: units.T3.vehicle: no russian listing "T-34/85 M44"; the closest: T-34/85 (MT)`} {
		if !strings.Contains(st, want) {
			t.Errorf("the import's status lacks %q:\n%s", want, st)
		}
	}
	if strings.Contains(st, "T1") || b.eval(`document.getElementById('status').className`) != "warn" {
		t.Errorf("status %q (class %s): hetzer names one listing, and the problems are a warning", st, b.eval(`document.getElementById('status').className`))
	}
	if n := b.eval(`String(document.querySelectorAll('#emap .unit').length)`); n != "3" {
		t.Errorf("%s units drawn, want the file's 3", n)
	}
	for _, c := range []struct{ typed, pick string }{{"panther", "PzKpfw VD"}, {"kv1", "KV-1 M41"}, {"sdkfz 251", "SPW 251/1"}, {"PzKpfw-IVH", "PzKpfw IVH"}} {
		b.do("searching "+c.typed, chromedp.Evaluate[chromedp.Void](`document.getElementById('listing-q').value = ''`), chromedp.SendKeys(chromedp.CSS(`#listing-q`), c.typed))
		b.poll(c.typed+" finds "+c.pick, `document.querySelector('#listing-results button.pick[data-name="`+c.pick+`"]') !== null`)
	}
	b.do("searching Panther Z", chromedp.Evaluate[chromedp.Void](`document.getElementById('listing-q').value = ''`), chromedp.SendKeys(chromedp.CSS(`#listing-q`), "Panther Z"))
	b.poll("the closest offered", `document.getElementById('listing-results').textContent.includes('the closest:') && document.querySelector('#listing-results button.pick[data-name="PzKpfw VG"]') !== null`)
}

// TestBrowserEditorExamples imports each ASL example of testdata/examples into the editor and
// exports it: the editor must take every example whole (it says what it leaves out, such as
// SMOKE or LOS overrides; an example it leaves anything out of, or rejects, fails the test:
// the examples are what the README shows, so the editor must draw them all). The export passes
// `umpire check` as the example does, plays step for step the same reports, and imports and
// exports again to the same text.
func TestBrowserEditorExamples(t *testing.T) {
	exe := chromiumFor(t)
	files, err := filepath.Glob("../testdata/examples/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	srv := New(Config{Store: openStore(t)})
	c := serveTest(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	b := openEditor(t, ctx, exe, c.base+"/edit", "editor-examples-failed.png")
	// roundTrip imports text and exports it; "" and the editor's status when the editor
	// rejects it or leaves part of it out.
	roundTrip := func(name, text string) (string, string) {
		t.Helper()
		b.do("importing "+name, chromedp.SetValue(chromedp.CSS(`#yaml`), text),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = ''`), chromedp.Click(chromedp.CSS(`#import`)))
		b.poll(name+" imported", `document.getElementById('status').textContent !== ''`)
		if st := b.eval(`document.getElementById('status').textContent`); !strings.HasPrefix(st, "Imported") || strings.Contains(st, "Left out") || strings.Contains(st, "To fix") {
			return "", st
		}
		b.do("exporting "+name, chromedp.Click(chromedp.CSS(`#export`)))
		return b.eval(`document.getElementById('yaml').value`), ""
	}
	taken := 0
	for _, f := range files {
		name := filepath.Base(f)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, st := roundTrip(name, string(data))
		if out == "" {
			t.Errorf("%s: the editor does not take the example whole: %s", name, st)
			continue
		}
		taken++
		if again, st := roundTrip(name+" (exported)", out); again != out {
			if again == "" {
				t.Errorf("%s: the editor does not take its own export whole: %s", name, st)
			} else {
				t.Errorf("%s: export, import, export differs:\n%s\nthen\n%s", name, out, again)
			}
		}
		sameReports(t, name, data, []byte(out))
	}
	t.Logf("%d of %d examples taken whole by the editor", taken, len(files))
	smoke := "name: smoke\nruleset: asl\nmap:\n  boards: [\"2\"]\n  smoke: [2A1]\nunits:\n  - {id: T1, side: German, vehicle: PzKpfw IVH, at: 2B2, vca: B1-C1}\nmoves: []\n"
	if out, _ := roundTrip("a file with SMOKE", smoke); out != "" {
		t.Error("the editor took a file with SMOKE (which it does not draw) without saying it leaves it out")
	}
	if taken != len(files) {
		t.Errorf("the editor takes only %d of %d examples whole", taken, len(files))
	}
}

// sameReports checks that the editor's export of an example passes its expectations and plays
// every step with the same report as the example.
func sameReports(t *testing.T, name string, orig, export []byte) {
	t.Helper()
	_, so, err := rules.Load(name, orig)
	if err != nil {
		t.Fatal(err)
	}
	_, se, err := rules.Load(name, export)
	if err != nil {
		t.Errorf("%s: the export does not load: %v\n%s", name, err, export)
		return
	}
	for _, f := range rules.Check(se) {
		t.Errorf("%s: the export fails %+v", name, f)
	}
	_, po := rules.Play(so, nil, nil)
	_, pe := rules.Play(se, nil, nil)
	if len(po.Steps) != len(pe.Steps) {
		t.Errorf("%s: the export plays %d steps, the example %d", name, len(pe.Steps), len(po.Steps))
		return
	}
	for i := range po.Steps {
		if a, b := po.Steps[i].Detail.Text(po.Steps[i]), pe.Steps[i].Detail.Text(pe.Steps[i]); a != b {
			t.Errorf("%s step %d: the export reports %q, the example %q", name, i+1, b, a)
		}
	}
}

// openStore is a SQLite store in the test's directory.
func openStore(t *testing.T) store.Store {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestBrowserEditorFeatures uses the controls the other editor tests do not: two rows of
// boards, a stone bridge carrying a road over a stream, a ford, a hexside too narrow for VBM, a
// Bypass wreck, two wrecks in a hex, a leader, Cavalry and a wagon on the second board, and
// removing a unit (then undoing it). The export is what aslfile reads, and imports and exports
// again to the same text.
func TestBrowserEditorFeatures(t *testing.T) {
	exe := chromiumFor(t)
	c := serveTest(t, New(Config{Store: openStore(t)}))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b := openEditor(t, ctx, exe, c.base+"/edit", "editor-features-failed.png")
	setBoards(b, "2/3", "3C3")
	hexTool := func(terrain, bridge string, ford bool, hex string) {
		t.Helper()
		b.do("painting "+hex, chromedp.Click(chromedp.CSS(`input[name="tool"][value="terrain"]`)), chromedp.SetValue(chromedp.CSS(`#terrain`), terrain),
			chromedp.SetValue(chromedp.CSS(`#bridge`), bridge), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('ford').checked = %v`, ford)))
		editorClick(t, b, "painting "+hex, hex, hex, 0)
		b.poll(hex+" painted", fmt.Sprintf(`document.querySelector('#emap .hex[data-hex="%s"]').dataset.terrain === %q`, hex, terrain))
	}
	hexTool("stream", "stone", false, "2C3")
	hexTool("deep stream", "", true, "2F3")
	hexTool("woods", "", false, "2H3")
	side := func(feature, a, bb string) {
		t.Helper()
		b.do("choosing "+feature, chromedp.Click(chromedp.CSS(`input[name="tool"][value="hexside"]`)), chromedp.SetValue(chromedp.CSS(`#side-feature`), feature))
		editorClick(t, b, feature+" "+a+"-"+bb, a, bb, 0.42)
		b.poll(feature+" drawn", fmt.Sprintf(`document.querySelector('#emap line.%s[data-side="%s-%s"]') !== null`, feature, a, bb))
	}
	side("roads", "2C2", "2C3")
	side("roads", "2C3", "2C4")
	side("novbm", "2H3", "2H4")
	side("bypass_wrecks", "2H3", "2I3")
	b.do("two wrecks", chromedp.Click(chromedp.CSS(`input[name="tool"][value="wreck"]`)), chromedp.SetValue(chromedp.CSS(`#wreck-count`), "2"))
	editorClick(t, b, "wrecks in 2J5", "2J5", "2J5", 0)
	b.poll("the wrecks", `document.querySelector('#emap .wreck[data-wreck="2J5"]') !== null`)
	place := func(kind, id, side, hex string) {
		t.Helper()
		b.do("a "+kind, chromedp.Click(chromedp.CSS(`input[name="tool"][value="unit"]`)), chromedp.SetValue(chromedp.CSS(`#unit-kind`), kind),
			chromedp.SetValue(chromedp.CSS(`#unit-id`), id), chromedp.SetValue(chromedp.CSS(`#unit-side`), side), chromedp.Evaluate[chromedp.Void](`document.getElementById('foot-name').value = ''`))
		editorClick(t, b, "placing "+id, hex, hex, 0)
		b.poll(id+" placed", `document.querySelector('#emap .unit[data-unit="`+id+`"]') !== null`)
	}
	place("leader", "L1", "German", "3C3")
	place("cavalry", "K1", "Russian", "3E3")
	place("wagon", "W1", "Russian", "3G3")
	b.do("removing W1", chromedp.Click(chromedp.CSS(`#unit-list button[aria-label="remove W1"]`)))
	b.poll("W1 removed", `document.querySelector('#emap .unit[data-unit="W1"]') === null`)
	b.do("undo", chromedp.Click(chromedp.CSS(`#undo`)))
	b.poll("W1 back", `document.querySelector('#emap .unit[data-unit="W1"]') !== null`)
	b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
	text := b.eval(`document.getElementById('yaml').value`)
	for _, want := range []string{`rows: [["2"], ["3"]]`, "2C3: {terrain: stream, bridge: stone}", "2F3: {terrain: deep stream, ford: true}",
		"roads: [2C2-2C3, 2C3-2C4]", "novbm: [2H3-2H4]", "bypass_wrecks: [2H3-2I3]", "wrecks: {2J5: 2}",
		`infantry: {name: "8-1", leader: true}`, `cavalry: {name: "4-4-7"}`, "vehicle: {name: wagon, class: wagon, mp: 8}"} {
		if !strings.Contains(text, want) {
			t.Errorf("the export lacks %q:\n%s", want, text)
		}
	}
	if _, err := aslfile.Load("editor.yaml", []byte(text)); err != nil {
		t.Errorf("aslfile does not read the export: %v\n%s", err, text)
	}
	b.do("importing", chromedp.Click(chromedp.CSS(`#import`)))
	b.poll("imported", `document.getElementById('status').textContent.startsWith('Imported')`)
	b.do("exporting again", chromedp.Click(chromedp.CSS(`#export`)))
	if again := b.eval(`document.getElementById('yaml').value`); again != text {
		t.Errorf("export, import, export differs:\n%s\nthen\n%s", text, again)
	}
}
