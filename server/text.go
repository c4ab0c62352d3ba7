package server

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sort"

	"github.com/umpire-referee/umpire/rules"
)

// This file is the server's side of two rules for every request: the one rule on the
// characters of text (rules.CheckText), asked of everything a request names before any store
// sees it; and answers of 5xx that never carry a store's own words (failed).

// queryKinds are the kinds of text (rules.Text) of the query parameters that are not plain
// values: a new game's name and a step's notation (odds?line=).
var queryKinds = map[string]rules.Text{"name": rules.TextName, "line": rules.TextNotation}

// plainRequest checks the request's path and each query parameter, name and value, against
// the one rule on text (rules.CheckText): a control character or text not in UTF-8 is
// refused 400, naming where it is, before any handler (or store) sees the request. It
// reports whether the request may go on; if not, it has answered.
func plainRequest(w http.ResponseWriter, r *http.Request) bool {
	if err := rules.CheckText(rules.TextValue, r.URL.Path); err != nil {
		fail(w, http.StatusBadRequest, "the path %q: %v", r.URL.Path, err)
		return false
	}
	q := r.URL.Query()
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same request is always answered about the same parameter
	for _, k := range keys {
		if err := rules.CheckText(rules.TextValue, k); err != nil {
			fail(w, http.StatusBadRequest, "the query parameter named %q: %v", k, err)
			return false
		}
		kind, ok := queryKinds[k]
		if !ok {
			kind = rules.TextValue
		}
		for _, v := range q[k] {
			if err := rules.CheckText(kind, v); err != nil {
				fail(w, http.StatusBadRequest, "the query parameter %s=%q: %v", k, v, err)
				return false
			}
		}
	}
	return true
}

// plainLine checks a step's line of notation against the one rule on text (rules.CheckText):
// refused 400, naming the line, before the game is loaded. It reports whether the line may
// be played; if not, it has answered.
func plainLine(w http.ResponseWriter, line string) bool {
	if err := rules.CheckText(rules.TextNotation, line); err != nil {
		fail(w, http.StatusBadRequest, "line: the step %q: %v", line, err)
		return false
	}
	return true
}

// failed answers code (500 or 503) for err, an error the client may not read: a store's
// (whose words may be the database's own: "SQLSTATE 22021", "terminating connection due to
// administrator command") or one that may quote steps the token's role may not see. The
// server's log gets err under a short random id, and the answer says what failed, as what
// and args format it, with that id: "the step could not be saved (error id 1f2e3d4c: the
// server's log has it)". Every 5xx built from such an error is answered here.
func (s *Server) failed(w http.ResponseWriter, code int, err error, what string, args ...any) {
	fail(w, code, "%s", s.logged(err, what, args...))
}

// logged writes err to the server's log under a short random id and gives what (formatted
// with args) followed by the id, for an answer: the client learns what failed and the id to
// ask the server's keeper about, never err's own words.
func (s *Server) logged(err error, what string, args ...any) string {
	var b [4]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	msg := fmt.Sprintf(what, args...)
	s.cfg.Logf("error %s: %s: %v", id, msg, err)
	return fmt.Sprintf("%s (error id %s: the server's log has it)", msg, id)
}
