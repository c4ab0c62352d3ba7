package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/rules"
)

// findChromium is the browser the page test drives: Debian's chromium (what CI installs), or
// one on PATH. "" if there is none.
func findChromium() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromiumFor is the browser a page test drives (findChromium). Without one the test skips,
// or fails under CI=true (package needs): scripts/test installs Debian's chromium.
func chromiumFor(t *testing.T) string {
	t.Helper()
	exe := findChromium()
	if exe == "" {
		needs.Missing(t, "no Chromium found (/usr/bin/chromium, or chromium / google-chrome on PATH): the browser test needs one (scripts/test installs Debian's chromium)")
	}
	return exe
}

// tab is one headless Chromium tab for a page test: a fresh profile, a laptop-sized window;
// the page's uncaught exceptions fail the test, and a failed action leaves a screenshot.
type tab struct {
	t        *testing.T
	ctx      context.Context
	failShot string
}

// newTab starts the browser exe and opens a tab, closed when the test ends.
func newTab(t *testing.T, ctx context.Context, exe, failShot string) *tab {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1366, 768),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(bctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", exe, err)
	}
	var mu sync.Mutex
	var thrown []string
	if err := chromedp.Listen(bctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			msg := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
			mu.Lock()
			thrown = append(thrown, msg)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // runs before the tab closes
		mu.Lock()
		defer mu.Unlock()
		for _, m := range thrown {
			t.Errorf("the page threw: %s", m)
		}
	})
	return &tab{t: t, ctx: bctx, failShot: failShot}
}

// screenshot saves what the page shows in the test's artifact directory (and in
// $UMPIRE_SCREENSHOTS, if set).
func (b *tab) screenshot(name string) {
	buf, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Errorf("screenshot: %v", err)
		return
	}
	path := filepath.Join(b.t.ArtifactDir(), name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		b.t.Error(err)
		return
	}
	b.t.Logf("screenshot: %s", path)
	if dir := os.Getenv("UMPIRE_SCREENSHOTS"); dir != "" { // for the README: docs/screenshots
		if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
			b.t.Error(err)
		}
	}
}

// do runs page actions; on failure it saves what the page showed and stops the test.
func (b *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.screenshot(b.failShot)
		status, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById('status').textContent`))
		b.t.Fatalf("%s: %v (status line: %q)", what, err, status)
	}
}

// eval is the value of a JavaScript expression on the page.
func (b *tab) eval(js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// evalAsync is the value a JavaScript expression's promise resolves to.
func (b *tab) evalAsync(js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// poll waits (up to 15 s) until a JavaScript expression is true on the page. An expression that
// throws stops the test at once with the error (a rejected poll would otherwise hang until the
// test's deadline).
func (b *tab) poll(what, js string) {
	b.t.Helper()
	guarded := `(() => { try { return (` + js + `); } catch (e) { window.__umpirePollThrew = String(e); return true; } })()`
	b.do(what, chromedp.Poll[chromedp.Void](guarded, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(15*time.Second)))
	if threw := b.eval(`(() => { const e = window.__umpirePollThrew || ''; window.__umpirePollThrew = ''; return e; })()`); threw != "" {
		b.screenshot(b.failShot)
		b.t.Fatalf("%s: the test's expression threw: %s", what, threw)
	}
}

// rulesetDrawn waits until the page shows what only the ruleset module rulesets/NAME.js draws
// (the JavaScript expression drawn, described by what), and checks that the page loaded that
// module and no other ruleset's (only its own helpers, under rulesets/NAME/): the shell found
// it by the state's ruleset.
func (b *tab) rulesetDrawn(name, what, drawn string) {
	b.t.Helper()
	b.poll(what+" (drawn by rulesets/"+name+".js)", drawn)
	got := b.eval(`performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
		.filter((p) => p.startsWith('/static/rulesets/') && !p.startsWith('/static/rulesets/` + name + `/')).sort().join(' ')`)
	if want := "/static/rulesets/" + name + ".js"; got != want {
		b.t.Errorf("the page loaded the ruleset modules %q, want only %s (and its helpers under rulesets/%s/)", got, want, name)
	}
}

// TestBrowser plays one step through the game page in headless Chromium: it opens the demo
// game's referee link, selects a tank by clicking its counter, clicks a hex one of its legal
// `enter` steps goes to (after Start if it needs one), and checks that the log panel shows the
// step with the cost breakdown the API reports and that the counter moved. It waits for what
// only the ASL module draws: the counters' MP left, then the selected tank's VCA and its reach
// shaded on the map. It leaves a screenshot in the test's artifact directory (go test
// -artifacts keeps it).
func TestBrowser(t *testing.T) {
	exe := chromiumFor(t)
	backends(t, func(t *testing.T, open func() *Server) {
		srv := open()
		c := serveTest(t, srv)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cr, err := srv.Demo(ctx)
		if err != nil {
			t.Fatal(err)
		}
		st := c.state(*cr, Referee)
		tank := ""
		for _, u := range st.Units {
			if u.Class == "tank" && u.Side == st.Phasing && !u.Ended && u.State != "Destroyed" {
				tank = u.ID
				break
			}
		}
		if tank == "" {
			t.Fatalf("the demo has no tank of the phasing side %s", st.Phasing)
		}

		b := newTab(t, ctx, exe, "failed.png")
		screenshot, do, eval := b.screenshot, b.do, b.eval
		// stepsShown waits until the selected unit's legal steps are on the panel (not stale).
		stepsShown := func() {
			t.Helper()
			do("waiting for the legal steps", chromedp.Poll[chromedp.Void](
				`document.querySelector('#unit-steps h3') !== null && !document.querySelector('#unit-box.stale')`,
				chromedp.WithPollingInterval(50*time.Millisecond)))
		}
		// logShows waits until the log panel lists step n.
		logShows := func(n int) {
			t.Helper()
			do(fmt.Sprintf("waiting for step %d in the log", n), chromedp.Poll[chromedp.Void](
				fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]') !== null`, n),
				chromedp.WithPollingInterval(50*time.Millisecond)))
		}

		counter := fmt.Sprintf(`#g-units .unit[data-unit=%q]`, tank)
		do("opening the referee's page and selecting "+tank,
			chromedp.Navigate(c.base+cr.Links[Referee]),
			chromedp.WaitVisible(chromedp.CSS(counter)),
			chromedp.Click(chromedp.CSS(counter)),
		)
		b.rulesetDrawn("asl", "the counters' MP left", `document.querySelector('#g-units .unit .mpleft') !== null`)
		stepsShown()
		b.poll("the VCA and reach of "+tank, `document.querySelector('#g-sel polyline.vca') !== null && document.querySelector('#g-reach polygon.reach') !== null`)
		// Pointing at ESB, a step that rolls, shows its odds as the API gives them.
		esb := `#unit-actions button.step[data-verb="esb"]`
		esbLine := eval(`document.querySelector('` + esb + `').dataset.line`)
		do("pointing at ESB", chromedp.Focus(chromedp.CSS(esb)))
		b.poll("the odds of "+esbLine, `(document.querySelector('#step-odds h3') || {textContent: ''}).textContent.includes('`+esbLine+`') && document.querySelector('#step-odds .roll-odds') !== null`)
		var o rules.OddsView
		if code := c.do("GET", "/api/games/"+cr.ID+"/odds?line="+url.QueryEscape(esbLine), cr.Tokens[Referee], nil, &o); code != http.StatusOK || len(o.Rolls) != 1 {
			t.Fatalf("odds of %s: %d %+v", esbLine, code, o)
		}
		shown := eval(`document.getElementById('step-odds').textContent`)
		for _, r := range o.Rolls[0].Results {
			if want := fmt.Sprintf("%s %.1f%%", r.Result, 100*r.P); !strings.Contains(shown, want) {
				t.Errorf("the odds panel reads %q; want it to hold %q", shown, want)
			}
		}
		n := st.N
		// A legal step into a hex; if there is none, the tank needs a Start first.
		firstEnter := `(() => { const b = document.querySelector('#unit-steps button.step[data-verb="enter"][data-hex]'); return b ? b.dataset.hex : ''; })()`
		hex := eval(firstEnter)
		if hex == "" {
			do("starting "+tank, chromedp.Click(chromedp.CSS(`#unit-actions button.step[data-verb="start"]`)))
			n++
			logShows(n)
			stepsShown()
			hex = eval(firstEnter)
			if hex == "" {
				screenshot("failed.png")
				t.Fatalf("%s has no legal enter step after Start", tank)
			}
		}
		line := eval(fmt.Sprintf(`document.querySelector('#unit-steps button.step[data-verb="enter"][data-hex=%q]').dataset.line`, hex))

		// Move: click the hex.
		do("clicking hex "+hex, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#g-terrain polygon.hex[data-hex=%q]`, hex))))
		n++
		logShows(n)

		// The log panel shows the step as the API reports it.
		var lg struct {
			N       int `json:"n"`
			Entries []struct {
				N      int    `json:"n"`
				Line   string `json:"line"`
				Report struct {
					Breakdown string `json:"breakdown"`
				} `json:"report"`
			} `json:"entries"`
		}
		if code := c.do("GET", "/api/games/"+cr.ID+"/log", cr.Tokens[Referee], nil, &lg); code != http.StatusOK {
			t.Fatalf("log: %d", code)
		}
		if len(lg.Entries) != n {
			t.Fatalf("the log has %d steps, want %d", len(lg.Entries), n)
		}
		e := lg.Entries[n-1]
		if e.Line != line {
			t.Errorf("step %d is %q, want the clicked %q", n, e.Line, line)
		}
		if e.Report.Breakdown == "" {
			t.Fatalf("step %d has no breakdown in the API's log", n)
		}
		shown = eval(fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]').textContent`, n))
		if !strings.Contains(shown, e.Report.Breakdown) || !strings.Contains(shown, "MP") || !strings.Contains(shown, line) {
			t.Errorf("the log panel shows step %d as %q; want it to hold %q and its breakdown %q (in MP)", n, shown, line, e.Report.Breakdown)
		}
		// The counter moved to the hex.
		do("waiting for the counter in "+hex, chromedp.Poll[chromedp.Void](
			fmt.Sprintf(`(document.querySelector(%q) || {dataset: {}}).dataset.hex === %q`, counter, hex),
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
		if got := c.state(*cr, Referee); got.N != n || unitHex(got, tank) != hex {
			t.Errorf("the API has %s in %s after %d steps, want %s after %d", tank, unitHex(got, tank), got.N, hex, n)
		}
		stepsShown() // the page settles: its next steps loaded
		screenshot("browser.png")
	})
}

func unitHex(v stateView, id string) string {
	for _, u := range v.Units {
		if u.ID == id {
			return u.Hex
		}
	}
	return ""
}

// browserDemo serves srv to a browser test and makes a game on it by demo (a demo maker, such as
// (*Server).Demo): the client, the game's links, and a context for the browser that ends with
// the test (a minute at most).
func browserDemo(t *testing.T, srv *Server, demo func(*Server, context.Context) (*Created, error)) (*client, *Created, context.Context) {
	t.Helper()
	c := serveTest(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	cr, err := demo(srv, ctx)
	if err != nil {
		t.Fatal(err)
	}
	return c, cr, ctx
}
