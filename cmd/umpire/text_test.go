package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestControlCharacters: umpire check and umpire play refuse a scenario whose unit id holds a
// control character, as the server does (rules.CheckText, asked by every scenario reader):
// exit 1 (as for any file that does not load), the file, line and field named.
func TestControlCharacters(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, id, char string }{
		{"nul.yaml", `"T\0"`, "U+0000"},
		{"json.yaml", `"T\u0000"`, "U+0000"},
		{"esc.yaml", `"T\x1b"`, "U+001B"},
	} {
		f := filepath.Join(dir, tc.name)
		os.WriteFile(f, []byte("name: control\nmap: {boards: [\"2\"]}\nunits:\n  - {id: "+tc.id+", side: German, vehicle: {mp: 10, class: tank}, at: 2M3, vca: L2-M2}\nmoves: []\n"), 0o644)
		want := f + `:4: units.id: "T\x` + strings.ToLower(tc.char[len("U+00"):]) + `": a control character (` + tc.char
		for _, cmd := range []string{"check", "play"} {
			code, out, errOut := runCmd(cmd, f)
			if code != 1 || !strings.Contains(out+errOut, want) || !strings.Contains(out+errOut, "is not allowed in an id") {
				t.Errorf("umpire %s %s: exit %d, want 1 and %q:\n%s%s", cmd, tc.name, code, want, out, errOut)
			}
		}
	}
}
