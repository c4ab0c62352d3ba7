package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/rules"
)

// This file is how the server reads what a request gives it: the caps on a scenario's size
// and content (Config.Limits, the --max-* flags), and the API's JSON bodies, read strictly.

// limits is cfg.Limits with each field not given set to its default (rules.DefaultLimits), and
// MaxScenario, when given, as the Body limit.
func limits(cfg Config) rules.Limits {
	lim, def := cfg.Limits, rules.DefaultLimits()
	if lim.Body == 0 && cfg.MaxScenario > 0 {
		lim.Body = int(min(cfg.MaxScenario, math.MaxInt32))
	}
	for _, f := range []struct{ v, d *int }{{&lim.Body, &def.Body}, {&lim.Line, &def.Line}, {&lim.Boards, &def.Boards},
		{&lim.Hexes, &def.Hexes}, {&lim.Units, &def.Units}, {&lim.Groups, &def.Groups}, {&lim.Moves, &def.Moves}} {
		if *f.v <= 0 {
			*f.v = *f.d
		}
	}
	return lim
}

// loadLimits are the limits a scenario is loaded under: the server's, but for its size, which
// readFile has checked on the request's body; a saved map inlined since may add to it (up to
// umpire's ceiling, rules.MaxFileSize).
func (s *Server) loadLimits() rules.Limits {
	lim := s.cfg.Limits
	lim.Body = 0
	return lim
}

// overLimit answers err if it is over one of the limits (a *rules.LimitError): 413 for the
// body's size, 422 for the other caps; it reports whether it answered.
func overLimit(w http.ResponseWriter, err error) bool {
	var le *rules.LimitError
	if !errors.As(err, &le) || le == nil {
		return false
	}
	code := http.StatusUnprocessableEntity
	if le.Name == rules.LimitBody {
		code = http.StatusRequestEntityTooLarge
	}
	writeJSON(w, code, limitError{apiError: apiError{Error: le.Error()}, Limit: le.Name, Max: le.Max})
	return true
}

// limitError is the answer to a request over a limit: the message, the limit's name and value.
type limitError struct {
	apiError
	Limit string `json:"limit"`
	Max   int    `json:"max"`
}

// stepBodyMax is the most bytes a step's body may hold: room for a line of notation at the
// Line limit, each byte escaped in JSON, and at least 16 KiB.
func stepBodyMax(lim rules.Limits) int64 { return max(16<<10, 6*int64(lim.Line)+1024) }

// tooBig answers a request body over max bytes (413), naming the limit (rules.LimitBody, or
// rules.LimitLine for a step's body) and the flag that sets it.
func tooBig(w http.ResponseWriter, what string, max int64, limit string) {
	msg := fmt.Sprintf("%s is over %d bytes, the most this server takes (set by %s)", what, max, rules.Flags[limit])
	writeJSON(w, http.StatusRequestEntityTooLarge, limitError{apiError: apiError{Error: msg}, Limit: limit, Max: int(max)})
}

// declaredTooBig answers 413 at once to a request whose declared Content-Length is over max,
// before reading any of its body, and closes the connection after the answer: a client that
// declares gigabytes and sends nothing would otherwise hold the connection until the read
// timeout. It reports whether it answered.
func declaredTooBig(w http.ResponseWriter, r *http.Request, what string, max int64, limit string) bool {
	if r.ContentLength <= max {
		return false
	}
	w.Header().Set("Connection", "close")
	tooBig(w, what, max, limit)
	return true
}

// readJSON reads a request's JSON body of at most max bytes (set by the limit named limit)
// into v, strictly: a field v does not have, or anything after the one JSON value, is refused
// (400), as is a body over max (413). shape is the body as docs/api.md writes it, for the message.
// On failure it has answered.
func readJSON(w http.ResponseWriter, r *http.Request, max int64, limit string, v any, shape string) bool {
	if declaredTooBig(w, r, "the request", max, limit) {
		return false
	}
	r.Body = http.MaxBytesReader(w, r.Body, max)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("something follows the JSON object: send one object and nothing after it")
			var big *http.MaxBytesError
			if errors.As(terr, &big) {
				err = terr
			}
		}
	}
	var big *http.MaxBytesError
	switch {
	case errors.As(err, &big):
		tooBig(w, "the request", big.Limit, limit)
		return false
	case err != nil:
		fail(w, http.StatusBadRequest, "the body is %s: %v", shape, err)
		return false
	}
	return true
}

// aheadOf answers a step numbered n when the game is at step at (n is not at+1), 409 with the
// current state: a step below the next was overtaken (someone moved first); one beyond it
// cannot be played yet (the log has no gap). next is the number the step should take.
func aheadOf(w http.ResponseWriter, n, at int, state any) {
	msg := fmt.Sprintf("step %d: the game is at step %d, so the next step is %d (someone moved first; here is the current state)", n, at, at+1)
	if n > at+1 {
		msg = fmt.Sprintf("step %d: the game is at step %d, so the next step is %d: a step's n is the state's n + 1, and no step may be sent before the ones between", n, at, at+1)
	}
	writeJSON(w, http.StatusConflict, struct {
		apiError
		Next int `json:"next"`
	}{apiError{Error: msg, N: at, State: state}, at + 1})
}

// nonFinite is the first scalar of a YAML document that reads as a number but is not a finite
// one (.nan, .inf, 1e999), or nil: JSON has no such numbers, and no scenario takes them.
func nonFinite(n *yaml.Node) *yaml.Node {
	if n == nil || n.Kind == yaml.AliasNode {
		return nil
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!float" {
		var v float64
		if n.Decode(&v) != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return n
		}
	}
	for _, c := range n.Content {
		if bad := nonFinite(c); bad != nil {
			return bad
		}
	}
	return nil
}
