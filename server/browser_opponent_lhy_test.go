package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOpponentLHY starts a Last Hundred Yards game against umpire from the new-game
// page: a scenario pasted in with "umpire plays GE", whose squad stands next to the American
// squad in the hex it must clear this turn. umpire makes the Assault at once; GE's page shows
// it with its reason and says umpire plays GE, the American's page shows the step without it.
func TestBrowserOpponentLHY(t *testing.T) {
	exe := chromiumFor(t)
	c := serveTest(t, sqliteServer(t, Config{}))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "opponent-lhy-failed.png")
	js, _ := json.Marshal(lhyAssaultScenario)
	b.do("opening the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#scenario`)))
	b.eval(`(() => { const s = document.getElementById('scenario'); s.value = ` + string(js) + `; s.dispatchEvent(new Event('input', {bubbles: true})); return ''; })()`)
	b.do("umpire plays GE", chromedp.SendKeys(chromedp.CSS(`#opponent-side`), "GE"), chromedp.Click(chromedp.CSS(`#create`)))
	b.poll("the game's links", `document.querySelector('#links a[data-role="GE"]') !== null`)
	ge := b.eval(`document.querySelector('#links a[data-role="GE"]').getAttribute('href')`)
	us := b.eval(`document.querySelector('#links a[data-role="US"]').getAttribute('href')`)
	b.do("GE's page", chromedp.Navigate(ge))
	b.poll("umpire's Assault with its reason", `document.querySelectorAll('#log li .reason').length > 0`)
	if r := b.eval(`document.querySelector('#log li .reason').textContent`); !strings.Contains(r, "A1 assault C5") || !strings.Contains(r, "to beat the enemy there") {
		t.Errorf("umpire's reason reads %q", r)
	}
	if label := b.eval(`document.getElementById('opponent').textContent`); label != "umpire plays GE, boldness 0.5" {
		t.Errorf("GE's header says %q", label)
	}
	b.screenshot("opponent-lhy.png")
	b.do("the American's page", chromedp.Navigate(us))
	b.poll("the American's log", `document.getElementById('log').textContent.includes('assault C5 A1')`)
	if n := b.eval(`String(document.querySelectorAll('#log li .reason').length)`); n != "0" {
		t.Errorf("the American's page shows %s of umpire's reasons", n)
	}
}
