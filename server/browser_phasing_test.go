package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserSaysWhoseMPhItIs: on the game page (the demo, German's MPh, opened with the
// Russian link) a Russian tank selected shows, under its facts, a line saying that it is the
// German MPh and how to begin Russian's, with a button that plays `mph Russian`; the German
// tank shows no such line. The button plays the step: then the Russian tank's line is gone and
// the German tank's says it is the Russian MPh, its button disabled (this link may not move
// German).
func TestBrowserSaysWhoseMPhItIs(t *testing.T) {
	exe := chromiumFor(t)
	c := serveTest(t, New(Config{Store: openStore(t)}))
	cr := c.create(demoScenario)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "phasing-failed.png")
	b.do("opening the Russian link", chromedp.Navigate(c.base+cr.Links["Russian"]))
	b.poll("the unit buttons", `document.querySelector('#unit-list .unit-btn[data-unit="T26A"]') !== null`)
	// selected selects unit id and waits until its steps (and so its note, if any) are shown.
	selected := func(id string) {
		t.Helper()
		// A click in the page, not chromedp.Click: the list may be drawn again between finding
		// the button and clicking it ("Could not find node with given id" under load).
		b.do("selecting "+id, chromedp.Evaluate[chromedp.Void](`document.querySelector('#unit-list .unit-btn[data-unit="`+id+`"]').click()`))
		b.poll(id+"'s steps loaded", `document.querySelector('#unit-details h2') !== null && document.querySelector('#unit-details h2').textContent.startsWith('`+id+` ') &&
			document.querySelector('#unit-steps p.small') !== null && !document.querySelector('#unit-box.stale')`)
	}
	note := `(document.querySelector('#unit-details .phase-note') || {textContent: ''}).textContent`
	// shows checks the note under the selected unit: visible, with these words, its button
	// enabled or not; or no note at all when words is nil.
	shows := func(id string, words []string, enabled bool) {
		t.Helper()
		got := b.eval(note)
		if words == nil {
			if got != "" {
				t.Errorf("%s, a phasing unit, shows a note: %q", id, got)
			}
			return
		}
		for _, w := range words {
			if !strings.Contains(got, w) {
				t.Errorf("%s's note reads %q: want %q in it", id, got, w)
			}
		}
		if h := b.eval(`String(document.querySelector('#unit-details .phase-note').getBoundingClientRect().height)`); h == "0" {
			t.Errorf("%s's note is not visible", id)
		}
		if got := b.eval(`String(!document.querySelector('#unit-details .phase-note button.mph').disabled)`); got != map[bool]string{true: "true", false: "false"}[enabled] {
			t.Errorf("%s's note's button enabled: %s, want %v", id, got, enabled)
		}
	}
	selected("T26A")
	b.poll("T26A's note", note+` !== ''`)
	shows("T26A", []string{"T26A belongs to Russian and it is the German MPh: only the phasing side moves (D2.1).",
		"To move Russian, begin its MPh: play the step mph Russian, or start the game from a scenario file with phasing: Russian.", "Begin Russian's MPh"}, true)
	b.screenshot("phasing-note.png")
	selected("PzIV")
	shows("PzIV", nil, false)

	selected("T26A")
	b.poll("T26A's note", note+` !== ''`)
	b.do("beginning Russian's MPh", chromedp.Evaluate[chromedp.Void](`document.querySelector('#unit-details .phase-note button.mph').click()`))
	b.poll("the Russian MPh", `document.getElementById('phasing').textContent === 'MPh: Russian'`)
	if st := c.state(cr, Referee); st.Phasing != "Russian" || st.N != 1 {
		t.Fatalf("after the button: phasing %q after %d steps, want Russian after 1", st.Phasing, st.N)
	}
	b.poll("T26A's note gone", note+` === '' && !document.querySelector('#unit-box.stale')`)
	selected("PzIV")
	b.poll("PzIV's note", note+` !== ''`)
	shows("PzIV", []string{"PzIV belongs to German and it is the Russian MPh", "mph German", "phasing: German"}, false)
}
