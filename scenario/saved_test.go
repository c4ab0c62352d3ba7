package scenario

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzInline: inlining a saved map never panics, and when it succeeds on a file that is YAML,
// the result is YAML whose key holds the saved map, and every other line kept its number.
func FuzzInline(f *testing.F) {
	f.Add("name: x\nmap: {saved: b2}\nunits: []\n", "boards: [\"2\"]\nterrain: {2M5: woods}\n", true)
	f.Add("name: x\nmap:\n  saved: b2\n# a comment\nunits:\n  - {id: A}\n", "boards: [\"2\"]\n", true)
	f.Add("ruleset: lightningwar\ntable: {saved: t}\ntoe: []\n", "table: {width: 24, height: 12}\nroads: [{id: r, line: [[0, 6], [24, 6]]}]\n", false)
	f.Add("ruleset: lightningwar\ntoe: []\ntable:\n  saved: t", "{\"table\": {\"width\": 24}}", false)
	f.Add("map: {saved: x}\n---\nmap: 2\n", "a: |\n  text\n  more\n", true)
	f.Fuzz(func(t *testing.T, file, saved string, wrap bool) {
		key := "map"
		if !wrap {
			key = "table"
		}
		_, canon, err := NewReader("m").Canonical([]byte(saved), key)
		if err != nil {
			return
		}
		out, err := Inline("f", []byte(file), key, wrap, nil, func(string) ([]byte, error) { return canon, nil })
		if err != nil || string(out) == file {
			return
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(out, &doc); err != nil {
			t.Fatalf("not YAML after inlining: %v\n%s", err, out)
		}
		in, got := strings.Split(strings.TrimSuffix(file, "\n"), "\n"), strings.Split(string(out), "\n")
		for i, l := range in {
			if i < len(got) && got[i] != l && got[i] != "" {
				t.Fatalf("line %d was %q, now %q", i+1, l, got[i])
			}
		}
	})
}
