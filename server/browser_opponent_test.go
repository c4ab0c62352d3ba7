package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOpponent starts games against umpire from the pages: on the new-game page, the
// ASL example with "umpire plays German" makes a game in which umpire plays the German MPh at
// once; the referee's page shows each of its steps with its reason, the Russian's page the
// same steps without them, and both say in their header that umpire plays the German. In the
// map editor, Start with umpire playing the German does the same for the map drawn there.
func TestBrowserOpponent(t *testing.T) {
	exe := chromiumFor(t)
	srv := sqliteServer(t, Config{})
	c := serveTest(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "opponent-failed.png")
	b.do("opening the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#use-example`)))
	b.do("the ASL example", chromedp.Click(chromedp.CSS(`#use-example`)))
	b.poll("the example filled in", `document.getElementById('scenario').value.includes('PzIV')`)
	b.do("umpire plays the German", chromedp.SendKeys(chromedp.CSS(`#opponent-side`), "German"), chromedp.Click(chromedp.CSS(`#create`)))
	b.poll("the game's links", `document.querySelector('#links a[data-role="referee"]') !== null`)
	ref := b.eval(`document.querySelector('#links a[data-role="referee"]').getAttribute('href')`)
	rus := b.eval(`document.querySelector('#links a[data-role="Russian"]').getAttribute('href')`)
	b.do("the referee's page", chromedp.Navigate(ref))
	b.poll("umpire's steps with their reasons, the turn passed", `document.querySelectorAll('#log li .reason').length > 0 && document.getElementById('log').textContent.includes('a new MPh of Russian begins')`)
	if r := b.eval(`document.querySelector('#log li .reason').textContent`); !strings.HasPrefix(r, "umpire: ") || !strings.Contains(r, "ends its MPh") {
		t.Errorf("umpire's first reason reads %q", r)
	}
	if label := b.eval(`(() => { const el = document.getElementById('opponent'); return getComputedStyle(el).display === 'none' ? 'hidden' : el.textContent; })()`); label != "umpire plays German, boldness 0.5" {
		t.Errorf("the referee's header says %q, want umpire plays German, boldness 0.5", label)
	}
	b.screenshot("opponent-referee.png")
	b.do("the Russian's page", chromedp.Navigate(rus))
	b.poll("the Russian's log", `document.getElementById('log').textContent.includes('a new MPh of Russian begins')`)
	if label := b.eval(`document.getElementById('opponent').textContent`); label != "umpire plays German, boldness 0.5" {
		t.Errorf("the Russian's header says %q, want umpire plays German, boldness 0.5", label)
	}
	if n := b.eval(`String(document.querySelectorAll('#log li .reason').length)`); n != "0" {
		t.Errorf("the Russian's page shows %s of umpire's reasons", n)
	}

	b.do("the map editor", chromedp.Navigate(c.base+"/edit"))
	b.poll("the editor ready", `document.body.dataset.ready === '1' && document.querySelector('#emap .hex[data-hex="2E5"]') !== null`)
	b.do("searching the listings", chromedp.SendKeys(chromedp.CSS(`#listing-q`), "PzKpfw IV"))
	pick := `#listing-results button.pick[data-name="PzKpfw IVH"]`
	b.poll("the listing found", `document.querySelector('`+pick+`') !== null`)
	b.do("picking PzKpfw IVH", chromedp.Click(chromedp.CSS(pick)))
	editorClick(t, b, "placing T1", "2E5", "2E5", 0)
	b.poll("T1 placed", `document.querySelector('#emap .unit[data-unit="T1"]') !== null`)
	b.do("umpire plays the German; Start", chromedp.SendKeys(chromedp.CSS(`#opponent-side`), "German"), chromedp.Click(chromedp.CSS(`#start`)))
	b.poll("the editor's game links", `document.querySelector('#links a[data-role="referee"]') !== null`)
	id, tok, _ := (&newcomer{tab: b}).link(`#links a[data-role="referee"]`)
	deadline := time.Now().Add(15 * time.Second)
	for {
		var lg logEntries
		if code := c.do("GET", "/api/games/"+id+"/log", tok, nil, &lg); code == http.StatusOK && len(lg.Entries) > 0 {
			if lg.Entries[0].Line != "T1 end" || lg.Entries[0].Reason == "" {
				t.Errorf("the editor's game begins %+v, want umpire's T1 end with its reason", lg.Entries[0])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("umpire took no step in the game started from the editor")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
