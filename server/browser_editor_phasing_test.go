package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/asl/aslfile"
)

// TestBrowserEditorPhasing: the ASL map editor's phasing side. With no units it has nothing
// to choose; with a German and a Russian squad placed it offers both, takes the first unit's
// side as the reader would, and exports it as phasing:; Russian chosen is exported and read
// by asl/aslfile as the phasing side, and an undo puts German back. Import reads a file's
// phasing: into the chooser (written once on export, the same text again); a file with moves
// and no phasing: is left for the reader to infer from its moves ("as the first move shows",
// and no phasing: exported).
func TestBrowserEditorPhasing(t *testing.T) {
	exe := chromiumFor(t)
	c := serveTest(t, New(Config{Store: openStore(t)}))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := openEditor(t, ctx, exe, c.base+"/edit", "editor-phasing-failed.png")
	b.poll("the map drawn", `document.querySelector('#emap .hex[data-hex="2E5"]') !== null`)
	chooser := func() string {
		return b.eval(`(() => { const s = document.getElementById('phasing-side');
			return [s.disabled ? 'disabled' : 'enabled', s.value, ...[...s.options].map((o) => o.value + '=' + o.textContent)].join('|'); })()`)
	}
	exported := func() string {
		t.Helper()
		b.do("exporting", chromedp.Evaluate[chromedp.Void](`document.getElementById('yaml').value = ''`), chromedp.Click(chromedp.CSS(`#export`)))
		return b.eval(`document.getElementById('yaml').value`)
	}
	if got := chooser(); got != "disabled||=(no units yet)" {
		t.Errorf("with no units the chooser reads %q", got)
	}
	if text := exported(); strings.Contains(text, "phasing:") {
		t.Errorf("with no units the export names a phasing side:\n%s", text)
	}
	place := func(id, side, hex string) {
		t.Helper()
		b.do("a squad "+id, chromedp.Click(chromedp.CSS(`input[name="tool"][value="unit"]`)), chromedp.SetValue(chromedp.CSS(`#unit-kind`), "infantry"),
			chromedp.SetValue(chromedp.CSS(`#unit-id`), id), chromedp.SetValue(chromedp.CSS(`#unit-side`), side))
		editorClick(t, b, "placing "+id, hex, hex, 0)
		b.poll(id+" placed", `document.querySelector('#emap .unit[data-unit="`+id+`"]') !== null`)
	}
	place("G1", "German", "2C3")
	place("R1", "Russian", "2E5")
	if got := chooser(); got != "enabled|German|German=German|Russian=Russian" {
		t.Errorf("with a German and a Russian squad the chooser reads %q, want German (the first unit's side) of German and Russian", got)
	}
	phasingOf := func(text string) string {
		t.Helper()
		s, err := aslfile.Load("editor.yaml", []byte(text))
		if err != nil {
			t.Fatalf("aslfile does not read the export: %v\n%s", err, text)
		}
		return s.Game.Phasing
	}
	if text := exported(); !strings.Contains(text, "\nphasing: German\nmoves: []\n") || phasingOf(text) != "German" {
		t.Errorf("the export does not make German the phasing side:\n%s", text)
	}
	b.do("choosing Russian", chromedp.SetValue(chromedp.CSS(`#phasing-side`), "Russian")) // SetValue sends the change event
	text := exported()
	if !strings.Contains(text, "\nphasing: Russian\n") || phasingOf(text) != "Russian" {
		t.Errorf("Russian chosen, the export does not make it the phasing side:\n%s", text)
	}
	b.do("undo", chromedp.Click(chromedp.CSS(`#undo`)))
	b.poll("German again after an undo", `document.getElementById('phasing-side').value === 'German'`)

	// Import: the file's phasing (Russian, the second side) into the chooser, written once.
	importText := func(what, text string) {
		t.Helper()
		b.do("importing "+what, chromedp.SetValue(chromedp.CSS(`#yaml`), text),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = ''`), chromedp.Click(chromedp.CSS(`#import`)))
		b.poll(what+" imported", `document.getElementById('status').textContent.startsWith('Imported')`)
	}
	importText("Russian chosen", text)
	if got := chooser(); !strings.HasPrefix(got, "enabled|Russian|") {
		t.Errorf("a file with phasing: Russian imported, the chooser reads %q", got)
	}
	if again := exported(); again != text {
		t.Errorf("export, import, export differs:\n%s\nthen\n%s", text, again)
	}
	// A file with moves and no phasing: the reader infers it from them (R1's move: Russian).
	withMoves := strings.Replace(strings.Replace(text, "phasing: Russian\n", "", 1), "moves: []", "moves:\n  - R1 enter E4", 1)
	importText("moves without phasing", withMoves)
	if got := chooser(); got != "enabled||=as the first move shows|German=German|Russian=Russian" {
		t.Errorf("a file with moves and no phasing imported, the chooser reads %q", got)
	}
	if again := exported(); strings.Contains(again, "phasing:") || phasingOf(again) != "Russian" {
		t.Errorf("a file with moves and no phasing: exported with a phasing side, or not Russian's MPh:\n%s", again)
	}
}
