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
