package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserStartSyntaxError: on the new-game page, a pasted file with a YAML mistake is
// refused with the line of the mistake and the hint on the status line, and no game is made;
// the file mended, Create makes the game and shows its links.
func TestBrowserStartSyntaxError(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "start-syntax-failed.png")
	b.do("opening the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#scenario`)))
	for _, bs := range brokenScenarios {
		b.do("pasting a file with "+bs.name, chromedp.SetValue(chromedp.CSS(`#scenario`), bs.doc), chromedp.Click(chromedp.CSS(`#create`)))
		want := "scenario.yaml:" + itoa(bs.line) + ": not valid YAML: " + bs.hint
		b.poll("the status line for "+bs.name, `document.getElementById('status').textContent.includes(`+jsString(want)+`)`)
		if cls := b.eval(`document.getElementById('status').className`); cls != "err" {
			t.Errorf("%s: the status line is %q, want err", bs.name, cls)
		}
		if bs.name == brokenScenarios[0].name {
			b.screenshot("start-syntax.png")
		}
	}
	s.mu.Lock()
	games := len(s.games)
	s.mu.Unlock()
	if games != 0 {
		t.Errorf("%d games after refused files, want none", games)
	}
	mended := strings.Replace(brokenScenarios[0].doc, "\n  vehicle:", "\n    vehicle:", 1)
	b.do("pasting the mended file", chromedp.SetValue(chromedp.CSS(`#scenario`), mended), chromedp.Click(chromedp.CSS(`#create`)))
	b.poll("the game's links", `!document.getElementById('result').hidden && document.querySelectorAll('#links tr').length > 0`)
	b.screenshot("start-mended.png")
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "`", "\\`", "$", `\$`)
	return "`" + r.Replace(s) + "`"
}

// TestBrowserStartExample: on the new-game page, Create with nothing pasted says what to do
// (and makes no game, and no browser's "fill out this field"); "Use this example" fills in each
// ruleset's demo, which Create makes a game of.
func TestBrowserStartExample(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := newTab(t, ctx, exe, "start-example-failed.png")
	b.do("opening the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#use-example`)))
	b.do("creating with nothing pasted", chromedp.Click(chromedp.CSS(`#create`)))
	b.poll("the status line's advice", `document.getElementById('status').textContent.includes('Use this example')`)
	if n := gameCount(s); n != 0 {
		t.Errorf("%d games after Create with nothing pasted, want none", n)
	}
	for i, rs := range []struct{ ruleset, file string }{{"asl", "demo.yaml"}, {"lhy", "demo-lhy.yaml"}, {"lightningwar", "demo-lw.yaml"}} {
		b.do("choosing the "+rs.ruleset+" example", chromedp.SetValue(chromedp.CSS(`#example-ruleset`), rs.ruleset), chromedp.Click(chromedp.CSS(`#use-example`)))
		b.poll("the "+rs.ruleset+" demo filled in", `document.getElementById('scenario').value === `+jsString(string(examples[rs.ruleset].data)))
		if name := b.eval(`document.getElementById('name').value`); name != rs.file {
			t.Errorf("%s: the file is named %q in error messages, want %s", rs.ruleset, name, rs.file)
		}
		if i == 0 {
			b.screenshot("start-example.png")
		}
		b.do("creating the "+rs.ruleset+" game", chromedp.Click(chromedp.CSS(`#create`)))
		b.poll("the "+rs.ruleset+" game's links", `!document.getElementById('result').hidden && document.querySelector('#links a[data-role="referee"]') !== null && document.getElementById('status').className === 'ok'`)
		if n := gameCount(s); n != i+1 {
			t.Errorf("after the %s example: %d games, want %d", rs.ruleset, n, i+1)
		}
	}
}

// TestBrowserStartOpenedGames: the new-game page lists the game links this browser has opened,
// the last first, with the game's name, the link's role and the link itself (which opens the
// game); Forget takes one off the list; a list spoilt by hand shows as none, never an error.
func TestBrowserStartOpenedGames(t *testing.T) {
	exe := chromiumFor(t)
	s := sqliteServer(t, Config{})
	c := serveTest(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	demo, err := s.Demo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lw, err := s.DemoLW(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b := newTab(t, ctx, exe, "start-opened-failed.png")
	b.do("opening the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#opened-none`)))
	if rows := b.eval(`String(document.querySelectorAll('#opened-list tr').length)`); rows != "0" {
		t.Errorf("a fresh browser lists %s games", rows)
	}
	opened := []struct {
		cr   *Created
		role string
	}{{demo, Referee}, {lw, "German"}, {demo, "Russian"}}
	for _, o := range opened {
		b.do("opening "+o.cr.Name+" as "+o.role, chromedp.Navigate(c.base+o.cr.Links[o.role]))
		b.poll("the game loaded", `document.getElementById('game-name').textContent === `+jsString(o.cr.Name)+` && localStorage.getItem('umpire.opened') !== null && localStorage.getItem('umpire.opened').includes(`+jsString(o.cr.Links[o.role])+`)`)
	}
	b.do("back to the new-game page", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#opened-table`)))
	b.screenshot("start-opened.png")
	listed := func() string {
		return b.eval(`[...document.querySelectorAll('#opened-list tr')].map((tr) => tr.querySelector('a').textContent + ' | ' + tr.dataset.role + ' | ' + tr.querySelector('a').getAttribute('href')).join('\n')`)
	}
	var want []string
	for i := len(opened) - 1; i >= 0; i-- {
		want = append(want, opened[i].cr.Name+" | "+opened[i].role+" | "+opened[i].cr.Links[opened[i].role])
	}
	if got := listed(); got != strings.Join(want, "\n") {
		t.Errorf("the page lists\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	b.do("forgetting the Lightning War link", chromedp.Click(chromedp.CSS(`#opened-list tr[data-id="`+lw.ID+`"] button.forget`)))
	want = append(want[:1], want[2:]...)
	if got := listed(); got != strings.Join(want, "\n") {
		t.Errorf("after Forget, the page lists\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	b.do("following the referee's link", chromedp.Click(chromedp.CSS(`#opened-list tr[data-role="referee"] a`)),
		chromedp.WaitVisible(chromedp.CSS(`#map-pane`)))
	b.poll("the referee's page", `location.pathname + location.search === `+jsString(demo.Links[Referee])+` && document.getElementById('game-name').textContent === `+jsString(demo.Name))
	for _, spoilt := range []string{`{`, `{"a": 1}`, `[null, 3, {"id": 1}, {"id": "x", "role": "r", "link": "https://evil.example/"}]`} {
		b.do("spoiling the list", chromedp.Navigate(c.base+"/"), chromedp.WaitVisible(chromedp.CSS(`#create`)))
		b.eval(`localStorage.setItem('umpire.opened', ` + jsString(spoilt) + `), ''`)
		b.do("reloading the new-game page", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#opened-none`)))
		if rows := b.eval(`String(document.querySelectorAll('#opened-list tr').length)`); rows != "0" {
			t.Errorf("the list %s shows %s games, want none", spoilt, rows)
		}
	}
}

// gameCount is how many games the server holds.
func gameCount(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}
