package server

import (
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"
)

// examples are the built-in demo scenarios by ruleset, with the file name each is known by:
// the demo games `umpire serve` makes at start, and what the start page's "Use this example" fills in.
var examples = map[string]struct {
	file string
	data []byte
}{
	"asl":          {"demo.yaml", demoScenario},
	"lhy":          {"demo-lhy.yaml", demoLHYScenario},
	"lightningwar": {"demo-lw.yaml", demoLWScenario},
}

// example is GET /api/examples/{ruleset}: the ruleset's built-in demo scenario, the file as it
// is (YAML), for a newcomer to create a game from at once. No token: it is no game's.
func (s *Server) example(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("ruleset")
	ex, ok := examples[name]
	if !ok {
		known := make([]string, 0, len(examples))
		for k := range examples {
			known = append(known, k)
		}
		slices.Sort(known)
		if len(name) > 64 { // cut short, on a character's edge
			cut := 64
			for cut > 0 && !utf8.RuneStart(name[cut]) {
				cut--
			}
			name = name[:cut] + "…"
		}
		fail(w, http.StatusNotFound, "no example scenario for ruleset %q: the examples are %s (GET /api/examples/NAME)", name, strings.Join(known, ", "))
		return
	}
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", `inline; filename="`+ex.file+`"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(ex.data)
}
