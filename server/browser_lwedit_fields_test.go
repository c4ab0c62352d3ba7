package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/lightningwar/lwfile"
)

// TestBrowserLWEditorFields sets, by clicks in the table editor, the fields TestBrowserLWEditor
// leaves alone: an area's own factor and cover, a detachment's kind and revealed, an order's pace, reserve and text; removes the area from
// the list of what is drawn and undoes that; copies and deletes a saved table; checks the export holds them, that
// lightningwar/lwfile reads it, and that import then export gives the same text.
func TestBrowserLWEditorFields(t *testing.T) {
	editorOnBackends(t, "/edit/lw", "lwedit-fields-failed.png", 90*time.Second, func(t *testing.T, c *client, b *tab) {

		b.do("a broken area of factor 6 that is cover", chromedp.Click(chromedp.CSS(`input[name="tool"][value="area"]`)),
			chromedp.SetValue(chromedp.CSS(`#kind`), "broken"), chromedp.SetValue(chromedp.CSS(`#a-factor`), "6"), chromedp.Click(chromedp.CSS(`#a-cover`)))
		for _, p := range [][2]float64{{2, 2}, {6, 2}, {6, 6}, {2, 6}} {
			lwEditClick(b, p[0], p[1])
		}
		b.do("finishing the area", chromedp.Click(chromedp.CSS(`#finish`)))
		b.poll("the area's label", `[...document.querySelectorAll('#lwmap .lw-factor')].some((e) => e.textContent === 'broken 1: broken: factor 6, cover')`)

		b.do("removing the area", chromedp.Click(chromedp.CSS(`#drawn-list button.del[data-kind="terrain"][data-id="broken 1"]`)))
		b.poll("the area removed", `document.querySelector('#lwmap .lw-area') === null && document.querySelector('#drawn-list li') === null`)
		b.do("undo", chromedp.Click(chromedp.CSS(`#undo`)))
		b.poll("the area back", `document.querySelector('#lwmap .lw-area') !== null && document.getElementById('drawn-list').textContent.includes('broken 1')`)

		b.do("adding 1Pl and T1, a leader on foot", chromedp.Click(chromedp.CSS(`#add-formation`)), chromedp.SetValue(chromedp.CSS(`#u-type`), "infantry"),
			chromedp.Click(chromedp.CSS(`#u-leader`)), chromedp.Click(chromedp.CSS(`#add-unit`)))
		b.do("a revealed recon detachment", chromedp.Click(chromedp.CSS(`input[name="tool"][value="det"]`)),
			chromedp.SetValue(chromedp.CSS(`#d-kind`), "recon"), chromedp.Click(chromedp.CSS(`#d-revealed`)))
		lwEditClick(b, 20, 10)
		b.poll("A placed", `document.querySelectorAll('#lwmap .lw-det').length === 1 && document.getElementById('det-list').textContent.includes('recon revealed')`)

		b.do("an order to run on reserve with a text", chromedp.Click(chromedp.CSS(`input[name="tool"][value="order"]`)),
			chromedp.SetValue(chromedp.CSS(`#o-to`), "A"), chromedp.SetValue(chromedp.CSS(`#o-pace`), "run"),
			chromedp.Click(chromedp.CSS(`#o-reserve`)), chromedp.SetValue(chromedp.CSS(`#o-text`), "take the crest"))
		lwEditClick(b, 30, 10)
		b.do("finishing the order", chromedp.Click(chromedp.CSS(`#finish`)))
		b.poll("the order listed", `document.getElementById('order-list').textContent.includes('run reserve: “take the crest”')`)

		text := lwEditExport(t, b, "{id: broken 1, ground: broken, factor: 6, cover: true, area: [[2, 2], [6, 2], [6, 6], [2, 6]]}",
			"{id: A, units: [T1], at: [20, 10], facing: 90, kind: recon, revealed: true}", "{id: T1, formation: 1Pl, type: infantry, leader: true}", "{to: A, path: [[30, 10]], pace: run, reserve: true, text: take the crest}")
		b.do("importing the export", chromedp.Click(chromedp.CSS(`#import`)))
		b.poll("the import done", `document.getElementById('status').textContent.startsWith('Imported')`)
		b.do("exporting again", chromedp.Click(chromedp.CSS(`#export`)))
		if again := b.eval(`document.getElementById('yaml').value`); again != text {
			t.Errorf("export, import, export differs:\n%s\nthen\n%s", text, again)
		}
		lwEditCopyDelete(b)
	})
}

// lwEditCopyDelete saves the table, copies it from the saved list (the copy's edit token kept)
// and deletes the copy with that token.
func lwEditCopyDelete(b *tab) {
	b.t.Helper()
	li := func(name string) string { return `#maps li[data-map="` + name + `"]` }
	b.do("saving the table", chromedp.SetValue(chromedp.CSS(`#map-name`), "hill"), chromedp.Click(chromedp.CSS(`#save-map`)))
	b.poll("the table listed", `document.querySelector('`+li("hill")+`') !== null`)
	b.do("copying it", chromedp.SetValue(chromedp.CSS(`#map-name`), "hill 2"), chromedp.Click(chromedp.CSS(li("hill")+` button.copy-map`)))
	b.poll("the copy listed as ours", `document.getElementById('status').textContent.startsWith('Copied hill to hill 2') &&
		(document.querySelector('`+li("hill 2")+`')?.textContent ?? '').includes('yours') && localStorage.getItem('umpire.map-token.hill 2') !== null`)
	b.do("deleting the copy", chromedp.Click(chromedp.CSS(li("hill 2")+` button.delete-map`)))
	b.poll("the copy gone, the table kept", `document.getElementById('status').textContent.startsWith('Deleted hill 2') &&
		document.querySelector('`+li("hill 2")+`') === null && document.querySelector('`+li("hill")+`') !== null`)
}

// lwEditExport exports the scenario, checks it holds each of want and that lightningwar/lwfile
// reads it, and answers it.
func lwEditExport(t *testing.T, b *tab, want ...string) string {
	t.Helper()
	b.do("exporting", chromedp.Click(chromedp.CSS(`#export`)))
	text := b.eval(`document.getElementById('yaml').value`)
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the export lacks %q:\n%s", w, text)
		}
	}
	if _, err := lwfile.LoadLightningWar("lwedit.yaml", []byte(text)); err != nil {
		t.Fatalf("lwfile does not read the export: %v\n%s", err, text)
	}
	return text
}
