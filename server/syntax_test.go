package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// brokenScenarios are scenario files with one common YAML mistake each, the line it is on and
// the hint the answer gives: a new game refuses them, and so does the map editor's import.
var brokenScenarios = []struct {
	name, doc string
	line      int
	hint      string
}{
	{"an under-indented key", "name: broken\nmap: {boards: [\"2\"]}\nunits:\n  - id: T\n    side: German\n  vehicle: {mp: 10, class: tank}\n    at: 2M3\nmoves: []\n", 6,
		"`vehicle:` is indented 2 spaces less than the other keys of this unit (`id:` on line 4): indent it to line up with them"},
	{"a tab", "name: broken\nmap:\n\tboards: [\"2\"]\nunits: []\n", 3,
		"a tab indents this line, and YAML indents with spaces only: indent it with 2 spaces, under `map:` on line 2"},
	{"an unclosed bracket", "ruleset: lhy\nmap: {size: [5, 5}\nunits: []\n", 2,
		"the list opened by `[` on this line is not closed before this `}`: close it with `]` first"},
	{"a missing space after the colon", "ruleset: lightningwar\ntable:\n  width:24\n  height: 12\n", 3,
		"`width:24` lacks the space after its colon: write `width: 24`"},
}

// TestCreateSyntaxError: a scenario file with a YAML mistake is 400 with the file's name, the
// line of the mistake and the hint; no game is made.
func TestCreateSyntaxError(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	for _, c := range brokenScenarios {
		w := call(s, "POST", "/api/games?name=mine.yaml", "", []byte(c.doc))
		var ans inputAnswer
		json.Unmarshal(w.Body.Bytes(), &ans)
		if want := "mine.yaml:" + itoa(c.line) + ": not valid YAML: " + c.hint; w.Code != http.StatusBadRequest || ans.Error != want {
			t.Errorf("%s: %d %q\nwant 400 %q", c.name, w.Code, ans.Error, want)
		}
	}
	s.mu.Lock()
	games := len(s.games)
	s.mu.Unlock()
	if games != 0 {
		t.Errorf("%d games after refused creates, want none", games)
	}
}

// TestEditorParseSyntaxError: the map editor's import reads a file as a game does: a YAML
// mistake is 400 with its line and hint ("line 6: not valid YAML: ...").
func TestEditorParseSyntaxError(t *testing.T) {
	s := inputServer(t, rules.Limits{})
	for _, c := range brokenScenarios {
		w := call(s, "POST", "/api/editor/parse", "", []byte(c.doc))
		var ans inputAnswer
		json.Unmarshal(w.Body.Bytes(), &ans)
		if want := "line " + itoa(c.line) + ": not valid YAML: " + c.hint; w.Code != http.StatusBadRequest || ans.Error != want {
			t.Errorf("%s: %d %q\nwant 400 %q", c.name, w.Code, ans.Error, want)
		}
	}
	w := call(s, "POST", "/api/editor/parse", "", []byte("# nothing\n"))
	if !strings.Contains(w.Body.String(), "not valid YAML: the file holds no YAML document") || w.Code != http.StatusBadRequest {
		t.Errorf("an empty file: %d %s", w.Code, w.Body.String())
	}
}
