package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestYAMLMistakes: `umpire check` and `umpire play` of a file with a YAML mistake (of each
// ruleset) say the file, the line of the mistake and how to mend it, and exit 1.
func TestYAMLMistakes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, doc, want string }{
		{"asl.yaml", "name: broken\nmap: {boards: [\"2\"]}\nunits:\n  - id: T\n    side: German\n  vehicle: {mp: 10, class: tank}\n    at: 2M3\nmoves: []\n",
			"asl.yaml:6: not valid YAML: `vehicle:` is indented 2 spaces less than the other keys of this unit (`id:` on line 4): indent it to line up with them"},
		{"lhy.yaml", "ruleset: lhy\nmap: {size: [5, 5]}\nunits:\n  - {id: U1, side: US, kind: squad, cohesion: 5, at: C5\nmoves: []\n",
			"lhy.yaml:4: not valid YAML: the mapping opened by `{` is not closed on this line: end it with `}`"},
		{"lw.yaml", "ruleset: lightningwar\ntable:\n  width: 24\n\theight: 12\n",
			"lw.yaml:4: not valid YAML: a tab indents this line, and YAML indents with spaces only: indent it with 2 spaces, to line up with `width:` on line 3"},
		{"quote.yaml", "name: \"Hill 621\nunits: []\n",
			"quote.yaml:1: not valid YAML: the value `\"Hill 621` opens a quote that this line does not close: end it with `\"`"},
	} {
		f := filepath.Join(dir, c.name)
		if err := os.WriteFile(f, []byte(c.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		want := filepath.Join(dir, c.want)
		code, out, _ := runCmd("check", f)
		if code != 1 || !strings.Contains(out, want+"\n") || !strings.Contains(out, "0 passed, 1 failed") {
			t.Errorf("check %s: exit %d:\n%s\nwant %s", c.name, code, out, want)
		}
		code, out, errs := runCmd("play", f)
		if code != 1 || !strings.Contains(out+errs, want+"\n") {
			t.Errorf("play %s: exit %d:\n%s%s\nwant %s", c.name, code, out, errs, want)
		}
	}
}
