package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// retreatsHidden is JavaScript that names the retreat choices of the After panel (the list
// of paths and its Retreat button) not wholly on view: outside the window, or scrolled out of
// the controls panel; "" if all show (and there is at least one).
const retreatsHidden = `(() => {
  const els = [...document.querySelectorAll('#lhy-after select[data-retreat], #lhy-after select[data-retreat] + button.step')];
  if (!els.length) return 'no retreat choices';
  const c = document.getElementById('controls').getBoundingClientRect();
  return els.filter((el) => {
    const b = el.getBoundingClientRect();
    return b.width === 0 || b.top < Math.max(0, c.top) || b.left < 0 || b.bottom > Math.min(window.innerHeight, c.bottom) || b.right > window.innerWidth;
  }).map((el) => el.outerHTML.slice(0, 60)).join('; ');
})()`

// TestBrowserLHY plays an Assault through the game page of a Last Hundred Yards game in
// headless Chromium: it opens the referee's link, picks the German squad's hex as the target
// from the squad's own panel, drops and takes back one attacker with the keyboard, waits for
// the odds bar (checked against the API's odds), presses Roll with the keyboard and confirms
// the roll (Enter on the confirmation that shows the exact odds), and checks
// that the log shows the step with the row the API reports and that the result panel shows the
// roll. The loser must retreat: the After panel's choices show without scrolling (at the
// default window size), and it retreats by their button. Then it aims an anti-tank fire at the
// AFV: the page must show the fire's odds as the API gives them (a refusal fails the test),
// and once rolled the fire must be the next step in the log, accepted, with every one of its
// results in the result panel. It waits for what
// only the LHY module draws: its counters (with their steps as pips), then the Assault button
// of the squad's panel and the odds bar. It leaves screenshots in the test's artifact directory
// (go test -artifacts keeps them).
func TestBrowserLHY(t *testing.T) {
	exe := chromiumFor(t)
	backends(t, func(t *testing.T, open func() *Server) {
		c := serveTest(t, open())
		cr := c.create([]byte(lhyDemoScenario))
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()

		b := newTab(t, ctx, exe, "lhy-failed.png")
		screenshot, do, eval, poll := b.screenshot, b.do, b.eval, b.poll

		// Open the page; the German squad's panel aims the Assault at its hex.
		do("opening the referee's page", chromedp.Navigate(c.base+cr.Links[Referee]))
		b.rulesetDrawn("lhy", "the LHY counters", `document.body.classList.contains('lhy') && document.querySelector('#g-units .unit.lhy[data-unit="GE1"] circle.pip') !== null`)
		do("selecting GE1",
			chromedp.WaitVisible(chromedp.CSS(`#g-units .unit[data-unit="GE1"]`)),
			chromedp.Click(chromedp.CSS(`#g-units .unit[data-unit="GE1"]`)),
			chromedp.WaitVisible(chromedp.CSS(`#unit-actions .lhy-aim[data-mode="assault"]`)),
			chromedp.Click(chromedp.CSS(`#unit-actions .lhy-aim[data-mode="assault"]`)),
		)
		poll("the attackers next to C4 ticked", `['US1','US2','USL'].every((id) => (document.querySelector('#lhy-form input[data-att="' + id + '"]') || {}).checked)`)
		// The keyboard: untick USL (Space), see the line change, tick it again.
		do("unticking USL with the keyboard",
			chromedp.Focus(chromedp.CSS(`#lhy-form input[data-att="USL"]`)),
			chromedp.KeyEvent(" "))
		poll("the line without USL", `document.getElementById('lhy-line').textContent === 'assault C4 US1 US2'`)
		do("ticking USL again",
			chromedp.Focus(chromedp.CSS(`#lhy-form input[data-att="USL"]`)),
			chromedp.KeyEvent(" "))
		const line = "assault C4 US1 US2 USL"
		poll("the line with USL", fmt.Sprintf(`document.getElementById('lhy-line').textContent === %q`, line))
		poll("the odds bar", `document.querySelectorAll('#lhy-odds .odds-bar .seg').length > 0 && document.getElementById('lhy-odds').textContent.includes('%')`)

		// The bar shows the rows the API gives, with their percentages.
		code, o, _ := c.odds(cr, Referee, line)
		if code != http.StatusOK {
			t.Fatalf("odds: %d", code)
		}
		var want []string
		for _, r := range o.Rows {
			if r.P > 0 {
				want = append(want, fmt.Sprintf("row %s %.0f%%", r.Row, 100*r.P))
			}
		}
		got := eval(`document.querySelector('#lhy-odds .odds-bar').getAttribute('aria-label')`)
		if got != strings.Join(want, ", ") {
			t.Errorf("the odds bar reads %q, the API says %q", got, strings.Join(want, ", "))
		}
		if terms := eval(`document.getElementById('lhy-odds').textContent`); !strings.Contains(terms, "Cohesion 7 vs 6") || !strings.Contains(terms, "-2") {
			t.Errorf("the DRM terms before the roll: %q", terms)
		}
		screenshot("lhy-odds.png")

		// Roll, with the keyboard.
		do("pressing Roll", chromedp.Focus(chromedp.CSS(`#lhy-roll`)), chromedp.KeyEvent(kb.Enter))
		poll("the confirmation with the exact odds", `document.getElementById('roll-confirm').open && document.getElementById('roll-confirm').textContent.includes('row ')`)
		do("confirming the roll", chromedp.KeyEvent(kb.Enter))
		poll("step 1 in the log", `document.querySelector('#log li[data-n="1"]') !== null`)
		var lg struct {
			Entries []struct {
				Line   string    `json:"line"`
				Report lhyReport `json:"report"`
			} `json:"entries"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Referee], nil, &lg); code != 200 || len(lg.Entries) != 1 {
			t.Fatalf("log: %d %+v", code, lg)
		}
		rep := lg.Entries[0].Report
		if lg.Entries[0].Line != line || rep.Row == "" {
			t.Fatalf("step 1 is %q with row %q", lg.Entries[0].Line, rep.Row)
		}
		shown := eval(`document.querySelector('#log li[data-n="1"]').textContent`)
		if !strings.Contains(shown, "row "+rep.Row) || !strings.Contains(shown, line) || !strings.Contains(shown, rep.Breakdown) {
			t.Errorf("the log shows step 1 as %q; want %q, row %s and %q", shown, line, rep.Row, rep.Breakdown)
		}
		result := eval(`document.getElementById('lhy-result').textContent`)
		if !strings.Contains(result, fmt.Sprintf("d10 %d", rep.Roll)) || !strings.Contains(result, "row "+rep.Row) || !strings.Contains(result, "14.3") {
			t.Errorf("the result panel shows %q; want d10 %d, row %s and the rules", result, rep.Roll, rep.Row)
		}
		poll("the After panel", `document.getElementById('lhy-after').textContent.includes('After the Assault on C4')`)
		screenshot("lhy-result.png")
		if hidden := eval(retreatsHidden); hidden != "" {
			t.Errorf("the retreat choices are not on view at the default window size: %s", hidden)
		}

		// The losers that must retreat do so by the After panel's buttons.
		n := 1
		for eval(`(document.querySelector('#lhy-after select[data-retreat]') || {dataset: {}}).dataset.retreat || ''`) != "" && n < 5 {
			retreat := eval(`document.querySelector('#lhy-after select[data-retreat] + button.step').dataset.line`)
			do("retreating", chromedp.Click(chromedp.CSS(`#lhy-after select[data-retreat] + button.step`)))
			n++
			poll(fmt.Sprintf("step %d in the log", n), fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]') !== null`, n))
			if v := c.lhyState(cr, Referee, ""); v.N != n {
				t.Errorf("after %q the game has %d steps, want %d", retreat, v.N, n)
			}
		}
		screenshot("lhy.png")

		// Fire: an anti-tank marker on the AFV; the likeliest results show before the roll.
		do("aiming fire at E5", chromedp.Click(chromedp.CSS(`#lhy-form input[name="lhy-mode"][value="fire"]`)))
		eval(`(() => { const s = document.getElementById('lhy-target'); s.value = 'E5'; s.dispatchEvent(new Event('change', {bubbles: true})); return ''; })()`)
		eval(`(() => { const s = document.querySelector('#lhy-form select[data-mk="0"][data-f="kind"]'); s.value = 'at'; s.dispatchEvent(new Event('change', {bubbles: true})); return ''; })()`)
		eval(`(() => { const s = document.querySelector('#lhy-form select[data-mk="0"][data-f="who"]'); s.value = 'T1'; s.dispatchEvent(new Event('change', {bubbles: true})); return ''; })()`)
		const fireLine = "fire E5: at T1 +1"
		poll("the fire line", fmt.Sprintf(`document.getElementById('lhy-line').textContent === %q`, fireLine))
		poll("the fire odds", `document.querySelector('#lhy-odds .facts-odds') !== null || document.querySelector('#lhy-odds .refused') !== null`)
		fire := eval(`document.getElementById('lhy-odds').textContent`)
		// The fire is legal here: a refusal (the .refused box) is a failure, not an answer.
		if eval(`document.querySelector('#lhy-odds .refused') === null ? '' : 'refused'`) != "" {
			t.Fatalf("the page refuses the fire %q: %q", fireLine, fire)
		}
		code, fo, fe := c.odds(cr, Referee, fireLine)
		if code != http.StatusOK {
			t.Fatalf("the API's odds of %q: %d %+v", fireLine, code, fe)
		}
		var destroyed string
		for _, f := range fo.Facts {
			if f.Fact == "T1 Destroyed" {
				destroyed = fmt.Sprintf("%.0f%% T1 Destroyed", 100*f.P)
			}
		}
		if destroyed == "" || !strings.Contains(fire, destroyed) {
			t.Errorf("the fire's odds show %q; want %q, as the API's odds %+v", fire, destroyed, fo.Facts)
		}
		screenshot("lhy-fire.png")

		// Roll the fire: the referee accepts it as the next step and the result panel shows it.
		do("rolling the fire", chromedp.Focus(chromedp.CSS(`#lhy-roll`)), chromedp.KeyEvent(kb.Enter))
		poll("the fire's confirmation", `document.getElementById('roll-confirm').open`)
		do("confirming the fire", chromedp.KeyEvent(kb.Enter))
		n++
		poll(fmt.Sprintf("the fire as step %d in the log", n), fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]') !== null`, n))
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Referee], nil, &lg); code != 200 || len(lg.Entries) != n {
			t.Fatalf("log after the fire: %d, %d entries, want %d", code, len(lg.Entries), n)
		}
		fr := lg.Entries[n-1]
		if fr.Line != fireLine || fr.Report.Error != nil || fr.Report.Verb != "fire" || len(fr.Report.Dice) == 0 || len(fr.Report.Events) == 0 {
			t.Fatalf("step %d is %q: %+v; want the fire accepted, with its d10 and its result", n, fr.Line, fr.Report)
		}
		result = eval(`document.getElementById('lhy-result').textContent`)
		if !strings.Contains(result, fmt.Sprintf("Result of step %d", n)) || !strings.Contains(result, fireLine) {
			t.Errorf("the result panel shows %q; want step %d, %q", result, n, fireLine)
		}
		for _, e := range fr.Report.Events {
			if !strings.Contains(result, e.Text) {
				t.Errorf("the result panel shows %q; it lacks the fire's result %q", result, e.Text)
			}
		}
		screenshot("lhy-fire-result.png")
	})
}
