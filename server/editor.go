package server

// The map editor's page (GET /edit, web/edit.html and web/editor/) and the one thing it asks of
// the server beside the ASL ruleset's legend, grid and vehicles routes: reading a YAML file.

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// editorParse is POST /api/editor/parse: the body, a YAML (or JSON) document, answered as JSON,
// so the editor can import a scenario file without a YAML reader of its own. Mapping keys keep
// their text ("2M4"); a document that is not YAML is 400 with the line of the mistake and a hint
// (scenario.Decode, as a scenario file is read), as is one with a control character where a
// scenario may not hold one (rules.CheckText).
// With ?check=RULESET the answer is {"document": ..., "problems": [...]}: the ruleset's checks
// of what the editor takes without a word (rules.ImportChecker: ASL's vehicle names), each a
// line-numbered message ("line 4: units.T1.vehicle: ...").
func (s *Server) editorParse(w http.ResponseWriter, r *http.Request) {
	var checker rules.ImportChecker
	if name := r.URL.Query().Get("check"); name != "" {
		rs, ok := rules.Lookup(name)
		if !ok {
			fail(w, http.StatusBadRequest, "check=%.40q is no ruleset (%s)", name, rulesetNames())
			return
		}
		if checker, ok = rs.(rules.ImportChecker); !ok {
			fail(w, http.StatusBadRequest, "the %s ruleset has no import checks: leave check= out", name)
			return
		}
	}
	data, ok := s.readFile(w, r, "the file")
	if !ok {
		return
	}
	doc, err := scenario.Decode("", data)
	if err == nil {
		err = scenario.NewReader("").CheckText(doc)
	}
	if err != nil {
		fail(w, http.StatusBadRequest, "%s", atLine(err))
		return
	}
	if bad := nonFinite(doc); bad != nil {
		fail(w, http.StatusBadRequest, "line %d: %q is not a finite number: JSON has no NaN or infinity, and no scenario takes one", bad.Line, bad.Value)
		return
	}
	var answer any = nodeValue(doc)
	if checker != nil {
		problems := []string{}
		for _, err := range checker.CheckImport("", data) {
			problems = append(problems, "line "+strings.TrimPrefix(err.Error(), ":"))
		}
		answer = map[string]any{"document": answer, "problems": problems}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err := json.NewEncoder(w).Encode(answer); err != nil {
		s.cfg.Logf("editor parse: %v", err)
	}
}

// rulesetNames are the rulesets this server plays, for an error.
func rulesetNames() string {
	var names []string
	for _, rs := range rules.All() {
		names = append(names, rs.Name())
	}
	return strings.Join(names, ", ")
}

// atLine is a positioned error of a file without a name (*scenario.Error): "line 5: ...".
func atLine(err error) string {
	if e, ok := err.(*scenario.Error); ok && e.Line > 0 {
		return "line " + strings.TrimPrefix(e.Error(), ":")
	}
	return strings.TrimPrefix(err.Error(), ": ")
}

// readFile reads a request's body, a file of at most MaxScenario bytes; on failure it has
// answered 413 (too big) or 400, naming the file as what.
func (s *Server) readFile(w http.ResponseWriter, r *http.Request, what string) ([]byte, bool) {
	if declaredTooBig(w, r, what, s.cfg.MaxScenario, rules.LimitBody) {
		return nil, false
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxScenario)
	data, err := io.ReadAll(r.Body)
	var big *http.MaxBytesError
	if errors.As(err, &big) {
		tooBig(w, what, big.Limit, rules.LimitBody)
		return nil, false
	}
	if err != nil {
		fail(w, http.StatusBadRequest, "reading %s: %v", what, err)
		return nil, false
	}
	return data, true
}

// orderedMap is a YAML mapping written as a JSON object with its keys in the file's order (the
// editor's export keeps the order it reads).
type orderedMap struct {
	keys []string
	vals []any
}

// MarshalJSON writes the mapping's keys in order.
func (m orderedMap) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, k := range m.keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		vb, err := json.Marshal(m.vals[i])
		if err != nil {
			return nil, err
		}
		buf = append(append(append(buf, kb...), ':'), vb...)
	}
	return append(buf, '}'), nil
}

// nodeValue is a YAML node as JSON writes it: mappings in the file's order. Keys keep their text; a scalar is a string
// unless it is plainly a boolean, null or number, and one that reads as a number only by its
// exponent (a hex id such as 2E5) stays the text it is, as the scenario reader takes it.
func nodeValue(n *yaml.Node) any {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return nodeValue(n.Content[0])
	case yaml.AliasNode:
		return nodeValue(n.Alias)
	case yaml.MappingNode:
		m := orderedMap{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m.keys = append(m.keys, n.Content[i].Value)
			m.vals = append(m.vals, nodeValue(n.Content[i+1]))
		}
		return m
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			l = append(l, nodeValue(c))
		}
		return l
	}
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool", "!!int", "!!float":
		var v any
		if n.Decode(&v) == nil && (n.ShortTag() != "!!float" || !strings.ContainsAny(n.Value, "eE")) {
			return v
		}
	}
	return n.Value
}
