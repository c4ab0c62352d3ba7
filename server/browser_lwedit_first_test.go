package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/lightningwar/lwfile"
)

// TestBrowserLWEditorFirst: the table editor's side that moves first (the scenario file's
// first:). With no formations it has nothing to choose; with a German platoon, a Russian one
// and a company under the German platoon it offers German and Russian, takes German (the
// first side named in the TO&E, the format's default) and exports it as first:; Russian
// chosen is exported and read by lightningwar/lwfile as the side that moves first, and an
// undo puts German back. Import reads a file's first: into the chooser, the same text again.
func TestBrowserLWEditorFirst(t *testing.T) {
	exe := chromiumFor(t)
	c := serveTest(t, New(Config{Store: openStore(t)}))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := openEditor(t, ctx, exe, c.base+"/edit/lw", "lwedit-first-failed.png")
	chooser := func() string {
		return b.eval(`(() => { const s = document.getElementById('first-side');
			return [s.disabled ? 'disabled' : 'enabled', s.value, ...[...s.options].map((o) => o.value + '=' + o.textContent)].join('|'); })()`)
	}
	exported := func() string {
		t.Helper()
		b.do("exporting", chromedp.Evaluate[chromedp.Void](`document.getElementById('yaml').value = ''`), chromedp.Click(chromedp.CSS(`#export`)))
		return b.eval(`document.getElementById('yaml').value`)
	}
	if got := chooser(); got != "disabled||=(no sides yet)" {
		t.Errorf("with no formations the chooser reads %q", got)
	}
	if text := exported(); strings.Contains(text, "first:") {
		t.Errorf("with no formations the export names a side that moves first:\n%s", text)
	}
	b.do("adding 1Pl (German), 2Pl (Russian) and 1Co under 1Pl", chromedp.Click(chromedp.CSS(`#add-formation`)),
		chromedp.SetValue(chromedp.CSS(`#f-id`), "2Pl"), chromedp.SetValue(chromedp.CSS(`#f-side`), "Russian"), chromedp.Click(chromedp.CSS(`#add-formation`)),
		chromedp.SetValue(chromedp.CSS(`#f-id`), "1Co"), chromedp.SetValue(chromedp.CSS(`#f-parent`), "1Pl"), chromedp.Click(chromedp.CSS(`#add-formation`)),
		chromedp.Click(chromedp.CSS(`#add-unit`)), chromedp.Click(chromedp.CSS(`input[name="tool"][value="det"]`)))
	lwEditClick(b, 20, 10)
	b.poll("A placed", `document.querySelectorAll('#lwmap .lw-det').length === 1`)
	if got := chooser(); got != "enabled|German|German=German|Russian=Russian" {
		t.Errorf("with a German and a Russian platoon the chooser reads %q, want German (the first side named) of German and Russian", got)
	}
	firstOf := func(text string) string {
		t.Helper()
		s, err := lwfile.LoadLightningWar("lwedit.yaml", []byte(text))
		if err != nil {
			t.Fatalf("lwfile does not read the export: %v\n%s", err, text)
		}
		return s.Game.First
	}
	if text := exported(); !strings.Contains(text, "\nfirst: German\n") || firstOf(text) != "German" {
		t.Errorf("the export does not have German move first:\n%s", text)
	}
	b.do("choosing Russian", chromedp.SetValue(chromedp.CSS(`#first-side`), "Russian")) // SetValue sends the change event
	text := exported()
	if !strings.Contains(text, "\nfirst: Russian\n") || firstOf(text) != "Russian" {
		t.Errorf("Russian chosen, the export does not have it move first:\n%s", text)
	}
	b.do("undo", chromedp.Click(chromedp.CSS(`#undo`)))
	b.poll("German again after an undo", `document.getElementById('first-side').value === 'German'`)

	b.do("importing the Russian export", chromedp.SetValue(chromedp.CSS(`#yaml`), text),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = ''`), chromedp.Click(chromedp.CSS(`#import`)))
	b.poll("imported", `document.getElementById('status').textContent.startsWith('Imported')`)
	if got := chooser(); !strings.HasPrefix(got, "enabled|Russian|") {
		t.Errorf("a file with first: Russian imported, the chooser reads %q", got)
	}
	if again := exported(); again != text {
		t.Errorf("export, import, export differs:\n%s\nthen\n%s", text, again)
	}
}
