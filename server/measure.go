package server

import (
	"net/http"

	"github.com/umpire-referee/umpire/rules"
)

// maxMeasureParam bounds each of the ruler's parameters (a point is a few characters; a
// detachment's id is a short name).
const maxMeasureParam = 64

// measure is the ruler (rules.Measurer): GET /api/games/{id}/measure?from=X,Y&to=X,Y[&det=D],
// answered as the token's role knows the game. A side may name only its own detachments and
// those the referee revealed; any other name is a 404 worded as for one that does not exist.
func (s *Server) measure(w http.ResponseWriter, r *http.Request, l *live, role string) {
	me, ok := l.g.Rules().(rules.Measurer)
	if !ok {
		fail(w, http.StatusBadRequest, "%v", rules.Lacks(l.g.Ruleset(), "a ruler (measure)"))
		return
	}
	q := r.URL.Query()
	from, to, det := q.Get("from"), q.Get("to"), q.Get("det")
	switch {
	case from == "" || to == "":
		fail(w, http.StatusBadRequest, "give the line's two ends: ?from=X,Y&to=X,Y (inches from the table's lower-left corner)")
		return
	case len(from) > maxMeasureParam || len(to) > maxMeasureParam || len(det) > maxMeasureParam:
		fail(w, http.StatusBadRequest, "from, to and det are at most %d characters each", maxMeasureParam)
		return
	}
	out, err := me.Measure(role, from, to, det)
	answer(w, out, err)
}
