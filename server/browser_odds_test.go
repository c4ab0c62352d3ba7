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

	"github.com/umpire-referee/umpire/rules"
)

// bogStep finds, through the API, a legal move of the ASL demo that makes a Bog Check: the unit,
// its line, and the referee's odds of it.
func bogStep(t *testing.T, c *client, cr *Created) (unit, line string, odds rules.OddsView) {
	t.Helper()
	st := c.state(*cr, Referee)
	for _, u := range st.Units {
		if u.Side != st.Phasing || u.Ended || u.State == "Destroyed" {
			continue
		}
		var list struct {
			Steps []struct {
				Line string `json:"line"`
				Verb string `json:"verb"`
				Hex  string `json:"hex"`
				Dice bool   `json:"dice"`
			} `json:"steps"`
		}
		if c.do("GET", "/api/games/"+cr.ID+"/units/"+url.PathEscape(u.ID)+"/steps", cr.Tokens[Referee], nil, &list) != http.StatusOK {
			continue
		}
		for _, s := range list.Steps {
			if s.Verb != "enter" || !s.Dice || s.Hex == "" {
				continue
			}
			var o rules.OddsView
			if c.do("GET", "/api/games/"+cr.ID+"/odds?line="+url.QueryEscape(s.Line), cr.Tokens[Referee], nil, &o) != http.StatusOK {
				continue
			}
			for _, r := range o.Rolls {
				if strings.HasPrefix(r.For, "Bog Check") {
					return u.ID, s.Line, o
				}
			}
		}
	}
	t.Fatal("the ASL demo has no legal move with a Bog Check")
	return
}

// TestBrowserConfirmRoll moves the ASL demo's tank up to the woods (through the API), then into
// a woods hex, a Bog risk, by pressing its step: the page shows the exact chance of each outcome (as the API's odds give them, fractions
// and percentages) before anything is sent; Cancel sends nothing; Roll sends the step.
func TestBrowserConfirmRoll(t *testing.T) {
	exe := chromiumFor(t)
	backends(t, func(t *testing.T, open func() *Server) { confirmRollTest(t, exe, open()) })
}

func confirmRollTest(t *testing.T, exe string, srv *Server) {
	c := serveTest(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cr, err := srv.Demo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The German tank drives up to the woods (steps that roll nothing).
	c.mustStep(*cr, Referee, 1, "PzIV enter 2K5")
	c.mustStep(*cr, Referee, 2, "PzIV enter 2L5")
	unit, line, o := bogStep(t, c, cr)
	n := c.state(*cr, Referee).N

	b := newTab(t, ctx, exe, "confirm-failed.png")
	counter := fmt.Sprintf(`#g-units .unit[data-unit=%q]`, unit)
	target := fmt.Sprintf(`#unit-steps button.step[data-line=%q]`, line) // the hex has a Bypass too: its button
	b.do("opening the referee's page and selecting "+unit,
		chromedp.Navigate(c.base+cr.Links[Referee]),
		chromedp.WaitVisible(chromedp.CSS(counter)),
		chromedp.Click(chromedp.CSS(counter)))
	b.poll("the legal steps of "+unit, fmt.Sprintf(`document.querySelector('#unit-steps button.step[data-line=%q]') !== null && !document.querySelector('#unit-box.stale')`, line))

	// Clicking the hex shows the odds first; Cancel sends nothing.
	b.do("pressing "+line, chromedp.Click(chromedp.CSS(target)))
	b.poll("the odds before the roll", `document.getElementById('roll-confirm').open && document.querySelector('#roll-confirm .outcomes li') !== null`)
	oddsShown(t, b.eval(`document.getElementById('roll-confirm').textContent`), line, o)
	b.screenshot("confirm-roll.png")
	b.do("cancelling", chromedp.Click(chromedp.CSS(`#roll-confirm-cancel`)))
	b.poll("the confirmation closed", `!document.getElementById('roll-confirm').open && document.getElementById('status').textContent.includes('Cancelled')`)
	if got := c.state(*cr, Referee).N; got != n {
		t.Fatalf("after Cancel the game has %d steps, want %d: something was sent", got, n)
	}

	// Again, and Roll: the step is sent.
	b.do("pressing "+line+" again", chromedp.Click(chromedp.CSS(target)))
	b.poll("the odds before the roll", `document.getElementById('roll-confirm').open`)
	b.do("rolling", chromedp.Click(chromedp.CSS(`#roll-confirm-ok`)))
	b.poll("the step in the log", fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]') !== null`, n+1))
	var lg struct {
		Entries []struct {
			Line string `json:"line"`
		} `json:"entries"`
	}
	if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Referee], nil, &lg); code != http.StatusOK || len(lg.Entries) != n+1 || lg.Entries[n].Line != line {
		t.Fatalf("after Roll the log is %d %+v; want step %d %q", code, lg, n+1, line)
	}
}
