package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserStreamReconnects: the game page catches up after its event stream ends. A step
// that cannot be saved ends the stream (the game leaves the server's memory); a step played
// before the page is back shows in its log, as the new stream's hello tells it to reload. Then
// the store goes down (nothing saves, no game loads): the stream ends, and the page's
// reconnection is answered 500, after which EventSource never tries again by itself; once the
// store is back the page connects again on its own and shows the step played meanwhile.
func TestBrowserStreamReconnects(t *testing.T) {
	exe := chromiumFor(t)
	s, f := faultyServer(t, Config{})
	c := serveTest(t, s)
	cr := c.create(demoScenario)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "stream-failed.png")
	b.do("opening the referee's page", chromedp.Navigate(c.base+cr.Links[Referee]))
	live := `document.getElementById('conn').textContent === '● live'`
	b.poll("the page's stream open", live+` && document.querySelector('#log li') !== null`)

	f.failAppend.Store(true)
	if code, a := c.submit(cr, "German", 1, "PzIV start"); code != http.StatusServiceUnavailable {
		t.Fatalf("a step the store cannot save: %d %+v", code, a)
	}
	f.failAppend.Store(false)
	c.mustStep(cr, "German", 1, "PzIV start")
	b.poll("step 1 in the page's log, after its stream ended", `document.querySelector('#log li[data-n="1"]') !== null`)
	b.poll("the page's stream open again", live)

	f.down.Store(true)
	if code, a := c.submit(cr, "German", 2, "PzIV enter 2K4"); code != http.StatusServiceUnavailable {
		t.Fatalf("a step while the store is down: %d %+v", code, a)
	}
	b.poll("the page's reconnection refused", `document.getElementById('conn').textContent === '○ reconnecting'`)
	deadline := time.Now().Add(15 * time.Second)
	for f.refused.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if f.refused.Load() == 0 {
		t.Fatal("the page did not try to reconnect while the store was down")
	}
	time.Sleep(200 * time.Millisecond) // the refusal reaches the page
	f.down.Store(false)
	c.mustStep(cr, "German", 2, "PzIV enter 2K4")
	b.poll("step 2 in the page's log, after its reconnection was refused", `document.querySelector('#log li[data-n="2"]') !== null`)
	b.poll("the page's stream open again", live)
}
