package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLongLog: the game page shows every step of a log longer than one page of the API
// (1,000 steps): it reads the log by pages, following next. Then a step played through the API
// joins the end of it.
func TestBrowserLongLog(t *testing.T) {
	const steps = 2345
	exe := chromiumFor(t)
	c := serveTest(t, sqliteServer(t, Config{}))
	cr := c.create(lhyTurns(steps))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "long-log-failed.png")
	b.do("opening the referee's page", chromedp.Navigate(c.base+cr.Links[Referee]))
	shown := `Array.from(document.querySelectorAll('#log li[data-n]'), (li) => +li.dataset.n)`
	every := func(n int) string {
		return fmt.Sprintf(`((ns) => ns.length === %d && ns.every((k, i) => k === i + 1))(%s)`, n, shown)
	}
	b.poll(fmt.Sprintf("all %d steps in the page's log", steps), every(steps))
	c.mustStep(cr, Referee, steps+1, "turn")
	b.poll(fmt.Sprintf("step %d at the end of the page's log", steps+1), every(steps+1))
}
