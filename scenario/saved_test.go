package scenario

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzInline: inlining a saved map never panics, and when it succeeds on a file that is YAML,
// the result is YAML whose key holds the saved map (read back from the parsed document, value
// for value), and every other line kept its number.
func FuzzInline(f *testing.F) {
	f.Add("name: x\nmap: {saved: b2}\nunits: []\n", "boards: [\"2\"]\nterrain: {2M5: woods}\n", true)
	f.Add("name: x\nmap:\n  saved: b2\n# a comment\nunits:\n  - {id: A}\n", "boards: [\"2\"]\n", true)
	f.Add("ruleset: lightningwar\ntable: {saved: t}\ntoe: []\n", "table: {width: 24, height: 12}\nroads: [{id: r, line: [[0, 6], [24, 6]]}]\n", false)
	f.Add("ruleset: lightningwar\ntoe: []\ntable:\n  saved: t", "{\"table\": {\"width\": 24}}", false)
	f.Add("map: {saved: x}\n---\nmap: 2\n", "a: |\n  text\n  more\n", true)
	f.Add("0 : 0\ntable:\n saved: 0", "{}", false) // an empty saved table once made a file that was not YAML
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
		if err := holdsSaved(&doc, canon, key, wrap); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		in, got := strings.Split(strings.TrimSuffix(file, "\n"), "\n"), strings.Split(string(out), "\n")
		for i, l := range in {
			if i < len(got) && got[i] != l && got[i] != "" {
				t.Fatalf("line %d was %q, now %q", i+1, l, got[i])
			}
		}
	})
}

// holdsSaved checks the parsed document of an inlined file against the saved map it was given
// (canonical YAML): when wrap, the last top-level key named key holds the whole map; otherwise
// each of the map's top-level keys is a top-level key of the file (its last) with the map's
// value. The values are compared decoded, so a style the inlining changes does not matter.
func holdsSaved(doc *yaml.Node, canon []byte, key string, wrap bool) error {
	var saved yaml.Node
	if err := yaml.Unmarshal(canon, &saved); err != nil {
		return fmt.Errorf("the saved map does not read back: %v", err)
	}
	root, m := Deref(doc), Deref(&saved)
	last := func(k string) *yaml.Node {
		var v *yaml.Node
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == k {
				v = root.Content[i+1]
			}
		}
		return v
	}
	same := func(where string, got, want *yaml.Node) error {
		var g, w any
		if err := want.Decode(&w); err != nil {
			return nil // a saved map with a duplicate key: the reader refuses it, not Inline
		}
		if got == nil {
			return fmt.Errorf("%s: missing after inlining", where)
		}
		if err := got.Decode(&g); err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		if !reflect.DeepEqual(g, w) {
			return fmt.Errorf("%s is %#v, the saved map has %#v", where, g, w)
		}
		return nil
	}
	if wrap {
		return same(key, last(key), m)
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if err := same(m.Content[i].Value, last(m.Content[i].Value), m.Content[i+1]); err != nil {
			return err
		}
	}
	return nil
}
