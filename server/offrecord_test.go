package server

import (
	"context"
	"time"

	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
)

// TestOffRecord: a stored game whose log the rules no longer take (as after a rules change)
// opens read-only where its log stops replaying, says so, and keeps the log up to there
// readable; a step is refused with the same message.
func TestOffRecord(t *testing.T) {
	backends(t, func(t *testing.T, open func() *Server) {
		s := open()
		c := serveTest(t, s)
		cr := c.create(demoScenario)
		c.mustStep(cr, "German", 1, "PzIV start")
		c.mustStep(cr, "German", 2, "PzIV enter 2K4")
		// Step 3 as the rules of some other day took it: today's referee refuses it.
		bad := game.Entry{N: 3, Line: "PzIV enter 2A1", Rolls: []dice.Roll{{Kind: dice.DR, Total: 7}}}
		if err := s.cfg.Store.Append(context.Background(), cr.ID, bad); err != nil {
			t.Fatal(err)
		}
		c2 := serveTest(t, open()) // a server that has not seen the game: it replays the log
		var v struct {
			N         int    `json:"n"`
			OffRecord string `json:"off_record"`
			Units     []struct {
				ID  string `json:"id"`
				Hex string `json:"hex"`
			} `json:"units"`
		}
		if code := c2.do("GET", "/api/games/"+cr.ID, cr.Tokens["German"], nil, &v); code != http.StatusOK ||
			!strings.HasPrefix(v.OffRecord, "off the record at step 3: ") || v.N != 2 || v.Units[0].Hex != "2K4" {
			t.Fatalf("state: %d %+v", code, v)
		}
		var log struct {
			N       int `json:"n"`
			Entries []struct {
				Line string `json:"line"`
			} `json:"entries"`
		}
		if code := c2.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Spectator], nil, &log); code != http.StatusOK ||
			log.N != 2 || len(log.Entries) != 2 || log.Entries[1].Line != "PzIV enter 2K4" {
			t.Errorf("log: %d %+v", code, log)
		}
		var r struct {
			Error string `json:"error"`
		}
		if code := c2.do("GET", "/api/games/"+cr.ID+"/replay?n=1", cr.Tokens[Referee], nil, &r); code != http.StatusOK {
			t.Errorf("replay to step 1: %d %+v", code, r)
		}
		code, a := c2.submit(cr, "German", 3, "PzIV enter 2L4")
		if code != http.StatusConflict || !strings.Contains(a.Error, "read-only: off the record at step 3") {
			t.Errorf("a step on a game off the record: %d %q", code, a.Error)
		}
		// The page says so, and offers the German link nothing to play.
		exe := chromiumFor(t)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		b := newTab(t, ctx, exe, "off-record-failed.png")
		b.do("opening the German page", chromedp.Navigate(c2.base+cr.Links["German"]))
		b.poll("the read-only chip", `(document.querySelector('#role.off-record') || {}).textContent?.includes('off the record at step 3') && document.body.classList.contains('spectating')`)
	})
}
