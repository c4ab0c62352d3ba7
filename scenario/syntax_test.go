package scenario

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestSyntaxErrorPointsAtTheMistake: each common mistake in a small broken file is placed at
// its own line, with the hint that says how to mend it (not the YAML reader's line, which is
// often a list's first line well above it).
func TestSyntaxErrorPointsAtTheMistake(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		line      int
		hint      string
	}{
		{"an under-indented key", "name: x\nunits:\n  - id: T\n    at: 2M3\n  side: German\nmoves: []\n", 5,
			"`side:` is indented 2 spaces less than the other keys of this unit (`id:` on line 3): indent it to line up with them"},
		{"a key 1 space short, in a later unit", "name: x\nunits:\n  - id: T\n    side: German\n  - id: U\n    side: German\n    vehicle:\n      mp: 12\n   at: 2M3\nmoves: []\n", 9,
			"`at:` is indented 1 space less than the other keys of this unit (`id:` on line 5): indent it to line up with them"},
		{"an under-indented key of map:", "map:\n    boards: [\"2\"]\n  terrain: {2M4: woods}\n", 3,
			"`terrain:` is indented 2 spaces less than the other keys of `map:` (`boards:` on line 2): indent it to line up with them"},
		{"an under-indented list item", "name: x\nunits:\n  - id: T\n- id: U\n", 4,
			"`- id: U` is indented 2 spaces less than the other items of `units:` (line 3): indent it to line up with them"},
		{"an over-indented key of a unit", "name: x\nunits:\n  - id: T\n      side: German\n    at: 2M3\n", 4,
			"`side:` is indented 2 spaces more than the key above it (`id:` on line 3): indent it to line up with `id:`"},
		{"an over-indented top-level key", "name: x\n  seed: 3\nunits: []\n", 2,
			"`seed:` is indented 2 spaces more than the key above it (`name:` on line 1): indent it to line up with `name:`"},
		{"an over-indented key after a list", "map:\n  boards: [\"2\"]\n    terrain: {}\nunits: []\n", 3,
			"`terrain:` is indented 2 spaces more than the key above it (`boards:` on line 2): indent it to line up with `boards:`"},
		{"a tab among a unit's keys", "name: x\nunits:\n  - id: T\n\tside: German\n", 4,
			"a tab indents this line, and YAML indents with spaces only: indent it with 4 spaces, to line up with `id:` on line 3"},
		{"a tab under map:", "name: x\nmap:\n\tboards: [\"2\"]\n", 3,
			"a tab indents this line, and YAML indents with spaces only: indent it with 2 spaces, under `map:` on line 2"},
		{"a missing colon", "name: x\nunits:\n  - id: T\n    side German\n    at: 2M3\n", 4,
			"`side German` lacks the colon after its key: write `side: German`"},
		{"a missing colon at the top", "name: x\nseed 3\nunits: []\n", 2,
			"`seed 3` lacks the colon after its key: write `seed: 3`"},
		{"a missing space after the colon", "name: x\nunits:\n  - id: T\n    side:German\n    at: 2M3\n", 4,
			"`side:German` lacks the space after its colon: write `side: German`"},
		{"a missing space at the top", "name: x\nseed:3\nunits: []\n", 2,
			"`seed:3` lacks the space after its colon: write `seed: 3`"},
		{"an unclosed double quote", "name: \"Hill 621\nunits:\n  - id: T\n", 1,
			"the value `\"Hill 621` opens a quote that this line does not close: end it with `\"`"},
		{"an unclosed single quote", "name: x\nunits:\n  - id: 'T\n    side: German\n  - id: U\n", 3,
			"the value `'T` opens a quote that this line does not close: end it with `'`"},
		{"an unclosed quote in brackets", "units:\n  - {id: \"T, side: German}\n", 2,
			"the value `\"T` opens a quote that this line does not close: end it with `\"`"},
		{"an unclosed bracket", "name: x\nmap:\n  boards: [\"2\", \"3\"\nunits: []\n", 3,
			"the list opened by `[` is not closed on this line: end it with `]`"},
		{"an unclosed brace", "name: x\nunits:\n  - {id: T, side: German\n  - {id: U}\n", 3,
			"the mapping opened by `{` is not closed on this line: end it with `}`"},
		{"an unclosed bracket at the end", "name: x\nmap:\n  boards: [\"2\", \"3\"\n", 3,
			"the list opened by `[` is not closed on this line: end it with `]`"},
		{"JSON without its last brace", "{\"name\": \"x\",\n \"units\": [\n  {\"id\": \"T\"}\n ]\n", 4,
			"the mapping opened by `{` on line 1 is not closed: end it with `}` on this line"},
		{"JSON without a brace inside", "{\"name\": \"x\",\n \"units\": [\n  {\"id\": \"T\"\n ]}\n", 4,
			"the mapping opened by `{` on line 3 is not closed before this `]`: close it with `}` first"},
		{"the wrong bracket", "map:\n  boards: [\"2\", \"3\"}\n", 2,
			"`}` here closes the list opened by `[` on this line: write `]`"},
		{"a bracket too many", "map:\n  boards: [\"2\", \"3\"]]\n", 2,
			"`]` here closes nothing: every list and mapping before it is closed already: remove it"},
		{"a colon in a value", "name: Hill: 621\nunits: []\n", 1,
			"the value `Hill: 621` holds `: `, which YAML reads as the start of another key: quote it, `name: \"Hill: 621\"`"},
		{"a colon in a move", "moves:\n  - T enter M2\n  - fire E5: sa: +1\n", 3,
			"the item `fire E5: sa: +1` holds `: `, which YAML reads as the start of another key: quote it, `- \"fire E5: sa: +1\"`"},
		{"after free text that looks wrong", "notes: |\n  a: b\n  \"quote\n  [x\n  done\ndescription: a long\n  sentence - on two lines\nunits:\n  - id: T\n  side: G\n", 10,
			"`side:` is indented 2 spaces less than the other keys of this unit (`id:` on line 9): indent it to line up with them"},
		{"a key among a list's items", "units:\n  - {id: T}\n  - {id: U}\n  moves: []\n", 4,
			"`moves:` is indented 2 spaces more than the key above it (`units:` on line 1): indent it to line up with `units:`"},
		{"a key meant under the key above", "name: x\nmap:\nboards: [\"2\"]\n  terrain: {}\n", 3,
			"`boards:` stands at the column of `map:` above it (line 2), which so has no value: indent it under `map:`, to line up with `terrain:` on line 4"},
		{"a first key short of the keys below", "map:\n boards: [\"2\"]\n  terrain: {}\n  levels: {}\n", 2,
			"`boards:` is indented 1 space less than the keys below it (`terrain:` on line 3): indent it to line up with them"},
		{"a first item past the items below", "units:\n    - {id: T}\n  - {id: U}\n  - {id: V}\n", 2,
			"`- {id: T}` is indented 2 spaces more than the items below it (`- {id: U}` on line 3): indent it to line up with them"},
		{"an item among the keys of the item above", "expect:\n- step 1: {mp: 1}\n  - step 2: {mp: 2}\n", 3,
			"`- step 2: {mp: 2}` is indented 2 spaces more than the item above it (`- step 1: {mp: 1}` on line 2): indent it to line up with `- step 1: {mp: 1}`"},
		{"a missing colon before a bracket", "expect:\n  - step 1 {event: \"Gap\"}\n", 2,
			"`step 1 {event: \"Gap\"}` lacks the colon after its key: write `step 1: {event: \"Gap\"}`"},
		{"a missing space before a bracket", "expect:\n  - step 1:{event: \"Gap\"}\n", 2,
			"`step 1:{event: \"Gap\"}` lacks the space after its colon: write `step 1: {event: \"Gap\"}`"},
		{"a list item's missing space", "units:\n  - id:T\n    side: German\n", 2,
			"`id:T` lacks the space after its colon: write `id: T`"},
		{"a list item's missing colon", "units:\n  - id T\n    side: German\n", 2,
			"`id T` lacks the colon after its key: write `id: T`"},
		{"a quote inside a quoted value", "moves:\n  - \"P1: \"A enter Z4\"\n", 2,
			"text follows the quote that closes `\"P1: \"`: a quote inside a quoted value is written `\\\"`"},
		{"a first line without its colon", "# a comment\nname D2.11 EX\nruleset: asl\nseed: 1\nmap: {boards: [\"2\"]}\n", 2,
			"`name D2.11 EX` lacks the colon after its key: write `name: D2.11 EX`"},
		{"CRLF line ends", "name: x\r\nunits:\r\n  - id: T\r\n  side: G\r\n", 4,
			"`side:` is indented 2 spaces less than the other keys of this unit (`id:` on line 3)"},
		{"the first of two mistakes", "name: x\nunits:\n  - id: T\n  side: G\n  - id: U\n    at: [2M3\n", 4,
			"`side:` is indented 2 spaces less"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if readable(strings.Split(c.doc, "\n")) {
				t.Fatalf("the broken file reads:\n%s", c.doc)
			}
			_, err := Decode("f.yaml", []byte(c.doc))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%v (%T), want a *scenario.Error", err, err)
			}
			want := fmt.Sprintf("f.yaml:%d: not valid YAML: %s", c.line, c.hint)
			if !strings.HasPrefix(e.Error(), want) {
				t.Errorf("got  %s\nwant %s", e, want)
			}
		})
	}
}

// TestSyntaxErrorReaderWords: a mistake the hint-finder does not know is the YAML reader's own
// words at its line, followed by what they usually mean; an empty file says so.
func TestSyntaxErrorReaderWords(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"name: x\nunits: *nowhere\n", "f.yaml: not valid YAML: unknown anchor 'nowhere' referenced: an alias (*name) names no anchor (&name) written above it"},
		{"a: {b: [1, 2}}\n", "f.yaml:1: not valid YAML: `}` here closes the list opened by `[` on this line: write `]`"},
		{"name: x\nside: \"German\" tank\n", "f.yaml:1: not valid YAML: did not find expected key: a line below it is indented like a key of the mapping that begins here"},
		{"name: x\nside: @German\n", "f.yaml:2: not valid YAML: found character that cannot start any token: a tab, or a character such as @ or `"},
		{"", "f.yaml: not valid YAML: the file holds no YAML document: it is empty, or only comments"},
		{"# only a comment\n", "f.yaml: not valid YAML: the file holds no YAML document: it is empty, or only comments"},
	} {
		_, err := Decode("f.yaml", []byte(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v\nwant %s...", c.doc, err, c.want)
		}
	}
}

// TestSyntaxErrorBounded: the hint-finder reads a large file a few times at most: a mistake at
// the end of a file of thousands of units, or of thousands of top-level keys each with a line
// that looks wrong, is found in about the time of a few readings of the file.
func TestSyntaxErrorBounded(t *testing.T) {
	var units, keys strings.Builder
	units.WriteString("name: big\nunits:\n")
	for i := 0; units.Len() < 200<<10; i++ {
		fmt.Fprintf(&units, "  - id: T%d\n    side: German\n    at: 2M3\n", i)
	}
	units.WriteString("  - id: Z\n  side: German\n")
	for i := 0; keys.Len() < 200<<10; i++ {
		fmt.Fprintf(&keys, "k%d: v\n  - x\n", i) // a plain value going on: a line that looks wrong
	}
	keys.WriteString("z: [\"2\"\n")
	for _, c := range []struct {
		name string
		doc  string
		hint string
	}{
		{"units", units.String(), "`side:` is indented 2 spaces less"},
		{"keys", keys.String(), "the list opened by `[` is not closed"},
	} {
		start := time.Now()
		_, err := Decode("f.yaml", []byte(c.doc))
		took := time.Since(start)
		line := strings.Count(c.doc, "\n")
		if want := fmt.Sprintf("f.yaml:%d: not valid YAML: %s", line, c.hint); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %s...", c.name, err, want)
		}
		start = time.Now()
		readable(strings.Split(c.doc, "\n"))
		once := time.Since(start)
		if took > 12*once+100*time.Millisecond {
			t.Errorf("%s: the hint took %v, one reading of the file %v", c.name, took, once)
		}
	}
}

// FuzzSyntaxError: no document makes the hint-finder panic; a document that does not read is
// an *Error at a line of the file (or none), said in words beyond the reader's.
func FuzzSyntaxError(f *testing.F) {
	for _, s := range []string{
		"name: x\nunits:\n  - id: T\n    at: 2M3\n  side: German\n",
		"name: x\n  seed: 3\n", "a:\n\tb: 1\n", "seed:3\n", "seed 3\nb: 1\n", "name: \"x\n", "a: [1, {b: 2\n",
		"{\"a\": [1, 2}\n", "a: [1]]\n", "- a\n  - b: c\n", "a: |\n  x\n b: [\n", "---\na: b\n---\n c: [\n",
		"a: &x [1\nb: *x\n", "- - - a\n - b\n", "? a\n: b\n  c\n", "a: 'it''s\nb: \"\\\"\n", "\ufeffa: b\n  c: d\n",
		"a:\n  - b\n  c: d\n", "a: {b: 'c\n", "-\n  -\n a: b\n", "a: b: c: d\n", "- x: y\n  - z\n", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if len(doc) > 4096 {
			return
		}
		_, err := Decode("f.yaml", []byte(doc))
		if err == nil {
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%v (%T), want a *scenario.Error", err, err)
		}
		if n := strings.Count(doc, "\n") + strings.Count(doc, "\r") + 1; e.Line < 0 || e.Line > n { // YAML ends a line at \r too
			t.Fatalf("line %d of a file of %d lines: %v", e.Line, n, e)
		}
		if !strings.HasPrefix(e.Msg, "not valid YAML: ") || !strings.Contains(e.Msg[len("not valid YAML: "):], ": ") {
			t.Fatalf("%q: a message without a hint: %v", doc, e)
		}
	})
}

// TestSyntaxErrorMutations breaks each line of a few rulebook examples (one of each ruleset) in
// each of the common ways, in turn, and counts how often the hint names that very line. A
// mistake may be two-sided (a key indented less than the one above it, or that one more than
// it): the indentation kinds need not all be found, the others nearly all.
func TestSyntaxErrorMutations(t *testing.T) {
	files := []string{"../testdata/examples/d14.212-t26-platoon.yaml", "../testdata/examples/d14.33-armored-assault.yaml",
		"../cmd/umpire/demo/demo.yaml", "../testdata/lhy/10.5.2.2-range-heroic-3-hexes.yaml", "../testdata/lightningwar/bands-in-halves.yaml"}
	mutations := []struct {
		name   string
		least  float64 // the share of the broken files whose hint names the broken line
		mutate func(string) (string, bool)
	}{
		{"under-indent 2", 0.75, func(l string) (string, bool) { return strings.CutPrefix(l, "  ") }},
		{"under-indent 1", 0.75, func(l string) (string, bool) { return strings.CutPrefix(l, " ") }},
		{"over-indent 2", 0.75, func(l string) (string, bool) { return "  " + l, true }},
		{"a tab", 1, func(l string) (string, bool) {
			rest, ok := strings.CutPrefix(l, "  ")
			return "\t" + strings.TrimLeft(rest, " "), ok
		}},
		{"no colon", 0.95, func(l string) (string, bool) { return strings.Replace(l, ": ", " ", 1), strings.Contains(l, ": ") }},
		{"no space", 0.95, func(l string) (string, bool) { return strings.Replace(l, ": ", ":", 1), strings.Contains(l, ": ") }},
		{"an open quote", 0.9, func(l string) (string, bool) {
			i := strings.Index(l, ": ")
			if i < 0 || i+2 == len(l) || strings.ContainsRune(`"[{|>'`, rune(l[i+2])) {
				return l, false
			}
			return l[:i+2] + `"` + l[i+2:], true
		}},
		{"an open bracket", 1, func(l string) (string, bool) {
			return strings.TrimRight(l, "]}"), strings.HasSuffix(l, "]") || strings.HasSuffix(l, "}")
		}},
	}
	for _, m := range mutations {
		broken, found := 0, 0
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			for i, l := range lines {
				if s := strings.TrimSpace(l); s == "" || s[0] == '#' {
					continue
				}
				b, ok := m.mutate(l)
				if !ok {
					continue
				}
				mutated := append([]string(nil), lines...)
				mutated[i] = b
				if readable(mutated) {
					continue
				}
				broken++
				if mk, ok := findMistake([]byte(strings.Join(mutated, "\n"))); ok && mk.line == i {
					found++
				}
			}
		}
		if share := float64(found) / float64(broken); broken == 0 || share < m.least {
			t.Errorf("%s: the hint names the broken line in %d of %d files, want %.0f%% at least", m.name, found, broken, 100*m.least)
		} else {
			t.Logf("%s: %d of %d", m.name, found, broken)
		}
	}
}
