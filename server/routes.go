package server

// The route table: every route the server answers, the server's own and each
// ruleset's (rules.Router), with what one request costs under the rate limits and what bounds
// its answer. The guard counts a request under its route's class; docs/api.md's table of endpoints
// gives the same class and caps, and TestRouteTable holds the two together.

import (
	"net/http"
	"strings"

	"github.com/umpire-referee/umpire/rules"
)

// cost is what a route may ask of the server: the rate class its requests are counted under,
// the limits that bound it, by name (rules.LimitBoards, ..., LimitMaps), and in words what
// else bounds it, or why nothing need ("none: a fixed answer"). A route has caps or a bound.
type cost struct {
	class class
	caps  []string
	bound string
}

// The caps of a scenario file, and of a saved map.
var (
	scenarioCaps = []string{rules.LimitBody, rules.LimitLine, rules.LimitBoards, rules.LimitHexes, rules.LimitUnits, rules.LimitGroups, rules.LimitMoves}
	mapCaps      = []string{rules.LimitBody, rules.LimitLine, rules.LimitBoards, rules.LimitHexes}
)

// serverRoutes is the cost of each of the server's own routes (routes, in api.go), by its
// pattern. A route registered without an entry here is counted as an expensive read, and
// TestRouteTable fails on it.
var serverRoutes = map[string]cost{
	"POST /api/games":                        {classCreate, scenarioCaps, ""},
	"GET /api/games/{id}":                    {classOther, nil, "the game's own size, capped when it was made"},
	"GET /api/games/{id}/log":                {classOther, nil, "at most 1,000 steps a page (limit)"},
	"GET /api/games/{id}/replay":             {classExpensive, nil, "n at most the log's length: the log replayed to step n"},
	"GET /api/games/{id}/units/{unit}/steps": {classOther, nil, "one unit's next steps in the game"},
	"GET /api/games/{id}/units/{unit}/reach": {classExpensive, nil, "one unit's reach over the game's map, capped when it was made"},
	"GET /api/games/{id}/units/{unit}/path":  {classExpensive, nil, "one unit's way over the game's map, capped when it was made"},
	"POST /api/games/{id}/steps":             {classSteps, []string{rules.LimitLine}, ""},
	"GET /api/games/{id}/odds":               {classExpensive, []string{rules.LimitLine}, "one enumeration running per two cores; it stops when the client goes"},
	"GET /api/games/{id}/measure":            {classExpensive, nil, "one straight line over the game's table"},
	"GET /api/games/{id}/events":             {classStream, nil, "16 streams open per client; --sse-buffer events behind, then closed"},
	"GET /api/rulesets":                      {classOther, nil, "none: a fixed answer (the rulesets built in)"},
	"GET /api/examples/{ruleset}":            {classOther, nil, "none: a fixed answer (the demos built in)"},
	"POST /api/maps":                         {classCreate, []string{rules.LimitBody, rules.LimitLine, rules.LimitBoards, rules.LimitHexes, LimitMaps}, ""},
	"GET /api/maps":                          {classOther, []string{LimitMaps}, "one line a saved map"},
	"GET /api/maps/{name}":                   {classOther, nil, "one saved map, capped when it was saved"},
	"PUT /api/maps/{name}":                   {classCreate, mapCaps, ""},
	"DELETE /api/maps/{name}":                {classCreate, nil, "none: an empty answer"},
	"POST /api/maps/{name}/copy":             {classCreate, []string{rules.LimitBody, LimitMaps}, ""},
	"GET /{$}":                               {classOther, nil, "none: a fixed page"},
	"GET /play/{id}":                         {classOther, nil, "none: a fixed page"},
	"GET /edit":                              {classOther, nil, "none: a fixed page"},
	"GET /edit/lw":                           {classOther, nil, "none: a fixed page"},
	"POST /api/editor/parse":                 {classExpensive, []string{rules.LimitBody}, ""},
	"GET /static/":                           {classOther, nil, "none: the files built in"},
}

// String is the class's name, as docs/api.md's table of endpoints gives it.
func (c class) String() string {
	switch c {
	case classCreate:
		return "create"
	case classSteps:
		return "steps"
	case classExpensive:
		return "expensive"
	case classStream:
		return "stream"
	}
	return "other"
}

// capFlag is the flag that sets the limit named name ("--max-boards").
func capFlag(name string) string {
	if name == LimitMaps {
		return "--max-maps"
	}
	return rules.Flags[name]
}

// routeMux is the server's http.ServeMux, knowing the cost of each pattern it serves. The
// handler of every expensive route runs through expensive (the server's heavy: memory.go).
type routeMux struct {
	*http.ServeMux
	expensive func(http.HandlerFunc) http.HandlerFunc
	costs     map[string]cost
	patterns  []string // in the order registered
	// rulesets are the rulesets' routes, by pattern, as each ruleset declared it.
	rulesets map[string]rules.Route
}

func newRouteMux(expensive func(http.HandlerFunc) http.HandlerFunc) *routeMux {
	return &routeMux{ServeMux: http.NewServeMux(), expensive: expensive, costs: map[string]cost{}, rulesets: map[string]rules.Route{}}
}

// Handle serves pattern with h, at the cost serverRoutes gives the pattern.
func (m *routeMux) Handle(pattern string, h http.Handler) {
	c, ok := serverRoutes[pattern]
	if !ok {
		c = cost{class: classExpensive} // the safe side, until the table says
	}
	m.handle(pattern, c, h, nil)
}

// HandleFunc serves pattern with h, at the cost serverRoutes gives the pattern.
func (m *routeMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// handle serves pattern with h at cost c: an expensive route's h runs as expensive work, and
// pre, when given, first: it answers (and returns true) a request refused before any work, so
// that a request refused anyway never waits for a turn at expensive work.
func (m *routeMux) handle(pattern string, c cost, h http.Handler, pre func(http.ResponseWriter, *http.Request) bool) {
	if c.class == classExpensive && m.expensive != nil {
		h = m.expensive(h.ServeHTTP)
	}
	if pre != nil {
		work := h
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !pre(w, r) {
				work.ServeHTTP(w, r)
			}
		})
	}
	m.ServeMux.Handle(pattern, h)
	m.costs[pattern] = c
	m.patterns = append(m.patterns, pattern)
}

// checkRoute is a ruleset route's Check as a cheap refusal (nil for a route without one): a
// limit passed is answered as every limit is (422), any other error 400.
func (s *Server) checkRoute(route rules.Route) func(http.ResponseWriter, *http.Request) bool {
	if route.Check == nil {
		return nil
	}
	return func(w http.ResponseWriter, r *http.Request) bool {
		err := route.Check(r.URL.Query(), s.cfg.Limits)
		if err == nil {
			return false
		}
		if !overLimit(w, err) {
			fail(w, http.StatusBadRequest, "%v", err)
		}
		return true
	}
}

// classOf is the rate class of r: its route's, or classOther for a request no route takes
// (answered 404 or 405).
func (m *routeMux) classOf(r *http.Request) class {
	_, pattern := m.Handler(r)
	if c, ok := m.costs[pattern]; ok {
		return c.class
	}
	return classOther
}

// rulesetPattern is the pattern of a ruleset's route: GET /api/rulesets/{name}/{path}.
func rulesetPattern(ruleset, path string) string {
	return "GET /api/rulesets/" + ruleset + "/" + strings.TrimPrefix(path, "/")
}

// rulesetRoutes serves every ruleset's own routes (rules.Router), each at the class and caps
// it declares; a route that declares no class is counted as an expensive read.
func (s *Server) rulesetRoutes(m *routeMux) {
	for _, rs := range rules.All() {
		rt, ok := rs.(rules.Router)
		if !ok {
			continue
		}
		for _, route := range rt.Routes() {
			c := cost{class: classExpensive, caps: route.Caps, bound: route.Bound}
			if route.Class == rules.Cheap {
				c.class = classOther
			}
			p := rulesetPattern(rs.Name(), route.Path)
			m.handle(p, c, s.answerRoute(rs.Name(), route), s.checkRoute(route))
			m.rulesets[p] = route
		}
	}
}

// answerRoute answers a ruleset's route: its Answer to the query under the server's limits,
// as JSON. A *rules.LimitError is answered as every limit is (422, naming it), a
// *rules.NotFound 404, any other error 400.
func (s *Server) answerRoute(ruleset string, route rules.Route) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if route.Answer == nil {
			fail(w, http.StatusNotImplemented, "the %s ruleset's route %s has no answer", ruleset, route.Path)
			return
		}
		out, err := route.Answer(r.Context(), r.URL.Query(), s.cfg.Limits)
		if overLimit(w, err) {
			return
		}
		answer(w, out, err)
	}
}
