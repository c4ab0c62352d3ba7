package rules_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// Minimal scenarios of each ruleset, line by line, with ID where a unit's (detachment's) id
// goes, as the texts below write it.
const (
	aslText = "name: NAME\nmap: {boards: [\"1\"]}\nunits:\n  - {id: ID, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 1C2, vca: 1C3-1D2}\nmoves: [MOVE]\nnotes: NOTES\n"
	lhyText = "ruleset: lhy\nname: NAME\nunits:\n  - {id: ID, nationality: US, kind: squad, at: B2}\nmoves: [MOVE]\nnotes: NOTES\n"
	lwText  = "ruleset: lightningwar\nname: NAME\ntable: {width: 24, height: 12}\ntoe: [{id: P, side: A, initiative: high}]\nunits: [{id: U, formation: P, type: infantry}]\n" +
		"detachments:\n  - {id: ID, units: [U], at: [1, 1]}\norders: [{to: ID, path: [[10, 10]], text: TEXT}]\nmoves: [MOVE]\nnotes: NOTES\n"
)

// TestScenarioText: every ruleset's reader asks the one rule (rules.CheckText) of every key
// and value it reads: a control character in an id, a name or a move, written as a YAML
// escape or a JSON one, is refused at its line, naming the field and the character; tab and
// line breaks are kept in free text (notes, a Lightning War order's text), NUL nowhere.
func TestScenarioText(t *testing.T) {
	files := map[string]string{"asl": aslText, "lhy": lhyText, "lightningwar": lwText}
	moves := map[string]string{"asl": "ID start", "lhy": "turn", "lightningwar": "movement"}
	for _, tc := range []struct {
		name         string
		id, nm, move string // "" leaves the file's own
		notes, text  string
		want         string // "" accepted; else in the error, after the file's name
	}{
		{name: "plain", want: ""},
		{name: "NUL in an id (YAML)", id: `"T\0"`, want: `.id: "T\x00": a control character (U+0000, NUL) is not allowed in an id`},
		{name: "NUL in an id (JSON)", id: `"T\u0000"`, want: `.id: "T\x00": a control character (U+0000, NUL) is not allowed in an id`},
		{name: "U+0001 in an id", id: `"T\x01"`, want: `(U+0001) is not allowed in an id`},
		{name: "U+001F in an id", id: `"T\x1f"`, want: `(U+001F) is not allowed in an id`},
		{name: "DEL in an id", id: `"T\x7f"`, want: `(U+007F) is not allowed in an id`},
		{name: "tab in an id", id: `"T\t1"`, want: `(U+0009, a tab or line break) is not allowed in an id`},
		{name: "NUL in the name", nm: `"a\0b"`, want: `name: "a\x00b": a control character (U+0000, NUL) is not allowed in a name`},
		{name: "newline in the name", nm: `"a\nb"`, want: `(U+000A, a tab or line break) is not allowed in a name`},
		{name: "NUL in a move", move: `"turn\0"`, want: `moves: "turn\x00": a control character (U+0000, NUL) is not allowed in a step's notation`},
		{name: "tab in a move", move: `"turn\t"`, want: `(U+0009, a tab or line break) is not allowed in a step's notation`},
		{name: "tab and newlines in notes", notes: `"one\ttwo\nthree\r\n"`, want: ""},
		{name: "NUL in notes", notes: `"one\0two"`, want: `notes: "one\x00two": a control character (U+0000, NUL) is not allowed anywhere, even in free text`},
		{name: "U+0001 in notes", notes: `"one\x01two"`, want: `(U+0001) is not allowed in free text: only tab and line breaks are`},
		{name: "NUL in a key", notes: `{"a\0": 1}`, want: `notes: the key "a\x00": a control character (U+0000, NUL) is not allowed in a value`},
	} {
		for _, rs := range []string{"asl", "lhy", "lightningwar"} {
			t.Run(tc.name+"/"+rs, func(t *testing.T) {
				id, nm, move, notes := "T1", "game", moves[rs], "none"
				if tc.id != "" {
					id = tc.id
				}
				if tc.nm != "" {
					nm = tc.nm
				}
				if tc.move != "" {
					move = tc.move
				}
				if tc.notes != "" {
					notes = tc.notes
				}
				move = strings.ReplaceAll(move, "ID", "T1")
				text := strings.NewReplacer("ID", id, "NAME", nm, "MOVE", move, "NOTES", notes, "TEXT", "go").Replace(files[rs])
				_, _, err := rules.Load("s.yaml", []byte(text))
				checkText(t, text, err, tc.want)
				for _, v := range []string{tc.id, tc.nm, tc.move, tc.notes} { // the error's line is the value's
					if at := strings.Index(text, v); v != "" && tc.want != "" && err != nil {
						if line := fmt.Sprintf("s.yaml:%d: ", 1+strings.Count(text[:at], "\n")); !strings.HasPrefix(err.Error(), line) {
							t.Errorf("%v: not at %s", err, line)
						}
					}
				}
			})
		}
	}
}

// TestOrderText: a Lightning War order's text is free text: a tab and line breaks are kept,
// NUL and the other control characters are not.
func TestOrderText(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`"hold the bridge"`, ""},
		{`"hold\tthe bridge\nuntil relieved"`, ""},
		{"|\n      hold the bridge\n      until relieved", ""},
		{`"hold\0"`, `:8: orders.text: "hold\x00": a control character (U+0000, NUL) is not allowed anywhere, even in free text`},
		{`"hold\x1b[31m"`, `(U+001B) is not allowed in free text`},
	} {
		text := strings.NewReplacer("ID", "D", "NAME", "game", "MOVE", "movement", "NOTES", "none", "TEXT", tc.text).Replace(lwText)
		if strings.HasPrefix(tc.text, "|") { // a block scalar cannot stand in a flow mapping
			text = strings.Replace(text, "orders: [{to: D, path: [[10, 10]], text: "+tc.text+"}]", "orders:\n  - to: D\n    path: [[10, 10]]\n    text: "+tc.text, 1)
		}
		_, _, err := rules.Load("s.yaml", []byte(text))
		checkText(t, text, err, tc.want)
	}
}

// TestMapText: a saved map is read under the same rule (rules.ReadMap), with its line.
func TestMapText(t *testing.T) {
	for _, tc := range []struct{ ruleset, data, want string }{
		{"asl", "boards: [\"1\"]\n", ""},
		{"asl", "boards: [\"1\"]\nterrain: {\"1C2\\0\": woods}\n", `m.yaml:2: terrain: the key "1C2\x00": a control character (U+0000, NUL)`},
		{"asl", `{"boards": ["1\u0000"]}`, `m.yaml:1: boards: "1\x00": a control character (U+0000, NUL) is not allowed in a value`},
		{"lightningwar", "table: {width: 24, height: 12}\n", ""},
		{"lightningwar", "table: {width: 24, height: \"12\\x01\"}\n", `m.yaml:1: table.height: "12\x01": a control character (U+0001) is not allowed in a value`},
	} {
		_, err := rules.ReadMap(tc.ruleset, "m.yaml", []byte(tc.data), rules.Limits{})
		checkText(t, tc.data, err, tc.want)
	}
}

// checkText: err is nil when want is "", else a *scenario.Error whose message holds want.
func checkText(t *testing.T, text string, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("refused:\n%s\n%v", text, err)
		}
		return
	}
	var se *scenario.Error
	if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v (%T), want a scenario error saying %q, for:\n%s", err, err, want, text)
	}
}
