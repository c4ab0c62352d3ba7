package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// LogPageMax is the most steps one answer of GET /api/games/{id}/log carries: a longer log is
// read in pages (?from=N&limit=M), each answer naming the next page's from.
const LogPageMax = 1000

// logPage is one answer of the log: the game's step count, the steps from..from+limit-1 that
// it has, and Next, the from of the page after (0, and left out, when this page ends the log).
type logPage struct {
	N       int         `json:"n"`
	Entries []entryView `json:"entries"`
	Next    int         `json:"next,omitempty"`
}

// log answers a page of the game's log, each step as role may see it (entryOf: the same
// filter whatever the page).
func (s *Server) log(w http.ResponseWriter, r *http.Request, l *live, role string) {
	from, limit, msg := logRange(r.URL.Query())
	if msg != "" {
		fail(w, http.StatusBadRequest, "%s", msg)
		return
	}
	n := len(l.g.Log)
	out := logPage{N: n, Entries: []entryView{}}
	if from > n {
		writeJSON(w, http.StatusOK, out) // past the end: no steps, and no next page
		return
	}
	last := min(n, from-1+limit) // from <= n, so no overflow
	for k := from; k <= last; k++ {
		ev, err := entryOf(l, k, role)
		if err != nil {
			s.failed(w, http.StatusInternalServerError, err, "game %s: step %d of the log could not be read back", l.rec.ID, k)
			return
		}
		out.Entries = append(out.Entries, ev)
	}
	if last < n {
		out.Next = last + 1
	}
	writeJSON(w, http.StatusOK, out)
}

// logRange reads a log page's parameters: from, the number of its first step (from 1; 1 when
// not given), and limit, how many steps at most (1 to LogPageMax; LogPageMax when not given).
// msg says what is wrong with them, "" when nothing is.
func logRange(q url.Values) (from, limit int, msg string) {
	from, limit = 1, LogPageMax
	if v := q.Get("from"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 {
			return 0, 0, fmt.Sprintf("from is the number of the first step to give, counted from 1 as the log counts steps (?from=1001&limit=1000); %.40q is not one", v)
		}
		from = k
	}
	if v := q.Get("limit"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 {
			return 0, 0, fmt.Sprintf("limit is how many steps to give, from 1 to %d; %q is not one", LogPageMax, v)
		}
		if k > LogPageMax {
			return 0, 0, fmt.Sprintf("limit is at most %d steps a page, not %d: read a longer log in pages, each answer's next is the from of the page after", LogPageMax, k)
		}
		limit = k
	}
	return from, limit, ""
}
