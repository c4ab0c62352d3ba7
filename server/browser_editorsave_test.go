package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/rules"
)

const savedMapName = "village test"

// TestBrowserEditorSaved is issue 21's Done-when for saved maps: in the editor, by clicks, a
// small map (woods, a Bog risk, next to a road) and a tank facing the woods; the map saved under
// a name (and saved again, with the token this browser kept; a bad name shows the server's error); the page reloaded and the map
// opened from the list, identical (its export is the first export's map); a game started from
// the saved map; the play page of the tank's side, through its link, moving into the woods: the
// confirmation shows the exact chance of bogging, as the API's odds give it, before the roll;
// Roll, and the step is logged. Then Copy, and Delete without the token (refused) and with it.
func TestBrowserEditorSaved(t *testing.T) {
	editorOnBackends(t, "/edit", "editor-saved-failed.png", 120*time.Second, func(t *testing.T, c *client, b *tab) {
		b.poll("the map drawn", `document.querySelector('#emap .hex[data-hex="2E5"]') !== null`)
		b.do("woods", chromedp.Click(chromedp.CSS(`input[name="tool"][value="terrain"]`)), chromedp.SetValue(chromedp.CSS(`#terrain`), "woods"))
		editorClick(t, b, "painting 2E4", "2E4", "2E4", 0)
		b.poll("2E4 woods", `document.querySelector('#emap .hex[data-hex="2E4"]').dataset.terrain === 'woods'`)
		b.do("roads", chromedp.Click(chromedp.CSS(`input[name="tool"][value="hexside"]`)), chromedp.SetValue(chromedp.CSS(`#side-feature`), "roads"))
		editorClick(t, b, "the road 2E5-2F5", "2E5", "2F5", 0.42)
		b.poll("the road drawn", `document.querySelector('#emap line.roads[data-side="2E5-2F5"]') !== null`)
		placeTankFacingWoods(t, b)
		b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
		first := b.eval(`document.getElementById('yaml').value`)

		saveMap(b, savedMapName, "Saved as")
		saveMap(b, savedMapName, "Saved again") // this browser has its token: PUT
		saveMap(b, "-bad name", "Not saved")    // the server's error, shown
		if s := b.eval(`document.getElementById('status').textContent`); !strings.Contains(s, "name: a map's name is") {
			t.Errorf("saving under a bad name reads %q; want the server's error", s)
		}
		var got struct {
			Map string `json:"map"`
		}
		if code := c.do("GET", "/api/maps/"+url.PathEscape(savedMapName), "", nil, &got); code != http.StatusOK || !strings.Contains(got.Map, `"2E4": woods`) {
			t.Fatalf("the saved map: %d %q", code, got.Map)
		}

		// Reload, open it from the list: the same map.
		b.do("reloading", chromedp.Reload())
		b.poll("the editor ready", `document.body.dataset.ready === '1'`)
		openSaved(b, savedMapName)
		b.do("exporting the opened map", chromedp.Click(chromedp.CSS(`#export`)))
		again := b.eval(`document.getElementById('yaml').value`)
		if mapPart(again) != mapPart(first) || !strings.Contains(again, "units:\nmoves: []") {
			t.Errorf("the opened map differs from the saved one:\n%s\nthen\n%s", first, again)
		}
		placeTankFacingWoods(t, b)
		b.do("exporting with the tank", chromedp.Click(chromedp.CSS(`#export`)))
		if again := b.eval(`document.getElementById('yaml').value`); again != first {
			t.Errorf("the opened map with the tank differs from the first export:\n%s\nthen\n%s", first, again)
		}
		b.do("showing the saved maps", chromedp.ScrollIntoView(chromedp.CSS(`#save-form`)))
		b.screenshot("editor-saved.png")
		b.do("starting a game", chromedp.Click(chromedp.CSS(`#start`)))
		b.poll("the game's links", `document.querySelector('#links a[data-role="German"]') !== null`)
		if sent := b.eval(`document.getElementById('yaml').value`); !strings.Contains(sent, "map: {saved: village test}") {
			t.Errorf("the game was not started from the saved map:\n%s", sent)
		}
		link := b.eval(`(() => { const u = new URL(document.querySelector('#links a[data-role="German"]').href); return u.pathname + u.search; })()`)
		playBogFromLink(t, c, b, link)
		copyAndDelete(t, c, b)
	})
}

// mapPart is an export's map: lines.
func mapPart(text string) string {
	_, after, _ := strings.Cut(text, "\nmap:\n")
	m, _, _ := strings.Cut(after, "\nunits:")
	return m
}

// placeTankFacingWoods places PzKpfw IVH T1 (German, in Motion) in 2E5 facing upper right, its
// VCA 2E4-2F5: the woods in front.
func placeTankFacingWoods(t *testing.T, b *tab) {
	t.Helper()
	b.do("the unit tool", chromedp.Click(chromedp.CSS(`input[name="tool"][value="unit"]`)), chromedp.SetValue(chromedp.CSS(`#unit-kind`), "listing"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('unit-kind').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.CSS(`#unit-id`), "T1"), chromedp.SetValue(chromedp.CSS(`#unit-side`), "German"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('listing-q').value = ''`), chromedp.SendKeys(chromedp.CSS(`#listing-q`), "PzKpfw IV"))
	pick := `#listing-results button.pick[data-name="PzKpfw IVH"]`
	b.poll("the listing found", `document.querySelector('`+pick+`') !== null`)
	b.do("picking PzKpfw IVH", chromedp.Click(chromedp.CSS(pick)), chromedp.SetValue(chromedp.CSS(`#unit-front`), "1"))
	b.do("in Motion", chromedp.Evaluate[chromedp.Void](`document.getElementById('unit-motion').checked || document.getElementById('unit-motion').click()`))
	editorClick(t, b, "placing T1", "2E5", "2E5", 0)
	b.poll("T1 placed", `document.querySelector('#emap .unit[data-unit="T1"]') !== null`)
}

// saveMap saves the editor's map as name and waits for the status to begin with want.
func saveMap(b *tab, name, want string) {
	b.t.Helper()
	b.do("saving as "+name, chromedp.SetValue(chromedp.CSS(`#map-name`), name), chromedp.Click(chromedp.CSS(`#save-map`)))
	b.poll(want, fmt.Sprintf(`document.getElementById('status').textContent.startsWith(%q)`, want))
}

// savedButton is the selector of a saved map's button (open, copy, delete) in the list.
func savedButton(name, act string) string {
	return fmt.Sprintf(`#saved-list li[data-map=%q] button[data-act=%q]`, name, act)
}

// openSaved opens a saved map from the editor's list.
func openSaved(b *tab, name string) {
	b.t.Helper()
	b.poll(name+" listed", fmt.Sprintf(`document.querySelector('%s') !== null`, savedButton(name, "open")))
	b.do("opening "+name, chromedp.Click(chromedp.CSS(savedButton(name, "open"))))
	b.poll(name+" opened", fmt.Sprintf(`document.getElementById('status').textContent.startsWith('Opened %s')`, name))
}

// playBogFromLink opens the play page at link (a side's) and moves T1 into the woods 2E4: the
// confirmation shows the API's odds of the Bog Check before the roll; Roll logs the step.
func playBogFromLink(t *testing.T, c *client, b *tab, link string) {
	t.Helper()
	id, tok, _ := strings.Cut(strings.TrimPrefix(link, "/play/"), "?k=")
	var list struct {
		Steps []struct {
			Line string `json:"line"`
			Hex  string `json:"hex"`
			Dice bool   `json:"dice"`
		} `json:"steps"`
	}
	if code := c.do("GET", "/api/games/"+id+"/units/T1/steps", tok, nil, &list); code != http.StatusOK {
		t.Fatalf("T1's steps: %d", code)
	}
	line := ""
	for _, s := range list.Steps {
		if s.Hex == "2E4" && s.Dice {
			line = s.Line
		}
	}
	var o rules.OddsView
	if line == "" || c.do("GET", "/api/games/"+id+"/odds?line="+url.QueryEscape(line), tok, nil, &o) != http.StatusOK {
		t.Fatalf("no step of T1 into the woods 2E4 rolls dice (%q): %+v", line, list.Steps)
	}
	bog := false
	for _, r := range o.Rolls {
		bog = bog || strings.HasPrefix(r.For, "Bog Check")
	}
	if !bog {
		t.Fatalf("%q makes no Bog Check: %+v", line, o.Rolls)
	}
	b.do("opening the German page", chromedp.Navigate(c.base+link), chromedp.WaitVisible(chromedp.CSS(`#g-units .unit[data-unit="T1"]`)),
		chromedp.Click(chromedp.CSS(`#g-units .unit[data-unit="T1"]`)))
	target := fmt.Sprintf(`#unit-steps button.step[data-line=%q]`, line)
	b.poll("T1's steps", fmt.Sprintf(`document.querySelector('%s') !== null && !document.querySelector('#unit-box.stale')`, target))
	b.do("pressing "+line, chromedp.Click(chromedp.CSS(target)))
	b.poll("the odds before the roll", `document.getElementById('roll-confirm').open && document.querySelector('#roll-confirm .outcomes li') !== null`)
	oddsShown(t, b.eval(`document.getElementById('roll-confirm').textContent`), line, o)
	if n := b.eval(`String(document.querySelectorAll('#log li[data-n]').length)`); n != "0" {
		t.Fatalf("before the roll the log has %s steps", n)
	}
	b.do("rolling", chromedp.Click(chromedp.CSS(`#roll-confirm-ok`)))
	b.poll("the step in the log", `document.querySelector('#log li[data-n="1"]') !== null`)
	var lg struct {
		Entries []struct {
			Line string `json:"line"`
		} `json:"entries"`
	}
	if code := c.do("GET", "/api/games/"+id+"/log", tok, nil, &lg); code != http.StatusOK || len(lg.Entries) != 1 || lg.Entries[0].Line != line {
		t.Fatalf("after Roll the log is %d %+v; want %q", code, lg, line)
	}
}

// oddsShown checks that the confirmation's text holds the line, each outcome's chance and each
// roll's results, as the API's odds o give them.
func oddsShown(t *testing.T, shown, line string, o rules.OddsView) {
	t.Helper()
	if !strings.Contains(shown, line) {
		t.Errorf("the confirmation reads %q; want the line %q", shown, line)
	}
	for _, x := range o.Outcomes {
		if want := fmt.Sprintf("%s %.1f%%", x.Exact, 100*x.P); !strings.Contains(shown, want) {
			t.Errorf("the confirmation reads %q; want it to hold the outcome's chance %q", shown, want)
		}
	}
	for _, r := range o.Rolls {
		for _, x := range r.Results {
			if want := fmt.Sprintf("%s %s %.1f%%", x.Result, x.Exact, 100*x.P); !strings.Contains(shown, want) {
				t.Errorf("the confirmation reads %q; want it to hold %q", shown, want)
			}
		}
	}
}

// copyAndDelete, in the editor: the saved map copied under a new name (this browser keeps the
// copy's token); saving over the original without its token refused with the clear message;
// deleting the copy without its token refused, with it done.
func copyAndDelete(t *testing.T, c *client, b *tab) {
	t.Helper()
	const cp = "village copy"
	b.do("back to the editor", chromedp.Navigate(c.base+"/edit"))
	b.poll("the editor ready", `document.body.dataset.ready === '1'`)
	b.poll("the list", fmt.Sprintf(`document.querySelector('%s') !== null`, savedButton(savedMapName, "copy")))
	b.do("copying", chromedp.SetValue(chromedp.CSS(`#map-name`), cp), chromedp.Click(chromedp.CSS(savedButton(savedMapName, "copy"))))
	b.poll("copied", `document.getElementById('status').textContent.startsWith('Copied')`)
	b.poll("the copy listed", fmt.Sprintf(`document.querySelector('%s') !== null`, savedButton(cp, "delete")))
	if code := c.do("GET", "/api/maps/"+url.PathEscape(cp), "", nil, nil); code != http.StatusOK {
		t.Fatalf("the copy: %d", code)
	}

	// Without the tokens (another browser's maps): refused, and said so.
	b.eval(`window.kept = {a: localStorage.getItem('umpire.map-token.village test'), b: localStorage.getItem('umpire.map-token.village copy')};
		localStorage.clear(); 'ok'`)
	saveMap(b, savedMapName, "Not saved")
	if s := b.eval(`document.getElementById('status').textContent`); !strings.Contains(s, "saved by someone else: save a copy under a new name") {
		t.Errorf("saving over another's map reads %q", s)
	}
	b.do("deleting without the token", chromedp.Click(chromedp.CSS(savedButton(cp, "delete"))))
	b.poll("refused", `document.getElementById('status').textContent.startsWith('Not deleted')`)
	if code := c.do("GET", "/api/maps/"+url.PathEscape(cp), "", nil, nil); code != http.StatusOK {
		t.Fatalf("the copy after a delete without its token: %d", code)
	}
	b.eval(`localStorage.setItem('umpire.map-token.village copy', window.kept.b); 'ok'`)
	b.do("deleting with the token", chromedp.Click(chromedp.CSS(savedButton(cp, "delete"))))
	b.poll("deleted", `document.getElementById('status').textContent.startsWith('Deleted')`)
	b.poll("the copy gone from the list", fmt.Sprintf(`document.querySelector('%s') === null`, savedButton(cp, "delete")))
	if code := c.do("GET", "/api/maps/"+url.PathEscape(cp), "", nil, nil); code != http.StatusNotFound {
		t.Errorf("the copy after Delete: %d, want 404", code)
	}
}
