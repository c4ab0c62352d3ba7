package server

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserObjectives: the play page lists the scenario's objectives, each side's points and
// each objective with its score and what it found, and follows the game live: after T1 leaves
// the map across the east edge (steps sent through the API) the German has 5 points. A game
// without objectives shows no objectives box.
func TestBrowserObjectives(t *testing.T) {
	exe := chromiumFor(t)
	data, err := os.ReadFile("../testdata/objectives/exit-edge-points.yaml")
	if err != nil {
		t.Fatal(err)
	}
	noMoves, _, _ := strings.Cut(string(data), "moves:")
	srv := sqliteServer(t, Config{})
	c := serveTest(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cr := c.create([]byte(noMoves))
	b := newTab(t, ctx, exe, "objectives-failed.png")
	b.do("opening the Russian's link", chromedp.Navigate(c.base+cr.Links["Russian"]))
	side := func(s string) string {
		return b.eval(`(document.querySelector('#objectives li.objective-side[data-side="` + s + `"]') || {textContent: ''}).textContent`)
	}
	b.poll("the objectives", `!document.getElementById('objectives-box').hidden && document.querySelectorAll('#objectives li.objective').length === 2`)
	if got := side("German"); !strings.Contains(got, "German: 0 of 7 points") || !strings.Contains(got, "0/7 exit its units off the east edge (2 a unit, T1 5)") {
		t.Errorf("before any step the German's objectives read %q", got)
	}
	if got := side("Russian"); !strings.Contains(got, "Russian: 1 of 1 points") || !strings.Contains(got, "Mobile R1") {
		t.Errorf("the Russian's objectives read %q", got)
	}
	for i, line := range []string{"T1 start", "T1 enter 2GG5", "T1 exit"} {
		c.mustStep(cr, "German", i+1, line)
	}
	b.poll("German 5 points, live", `(document.querySelector('#objectives li.objective-side[data-side="German"] .points') || {}).textContent === '5'`)
	if got := side("German"); !strings.Contains(got, "T1 exited from 2GG5 (5); not T2") {
		t.Errorf("after T1's exit the German's objectives read %q", got)
	}
	b.screenshot("objectives.png")
	plain, err := srv.Demo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b.do("opening the demo", chromedp.Navigate(c.base+plain.Links[Referee]))
	b.poll("the demo drawn", playScreens[0].drawn)
	if hidden := b.eval(`String(document.getElementById('objectives-box').hidden)`); hidden != "true" {
		t.Error("a game without objectives shows an objectives box")
	}
}
