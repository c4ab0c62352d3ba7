package server

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

//go:embed web
var webFiles embed.FS

func (s *Server) routes() {
	// Each route's rate class and caps: routes.go. Every expensive one runs as heavy work
	// (memory.go), and so does creating a game.
	m := newRouteMux(s.heavy)
	m.HandleFunc("POST /api/games", s.heavy(s.create))
	m.HandleFunc("GET /api/games/{id}", s.withGame(s.state))
	m.HandleFunc("GET /api/games/{id}/log", s.withGame(s.log))
	m.HandleFunc("GET /api/games/{id}/replay", s.withGame(s.replay))
	m.HandleFunc("GET /api/games/{id}/units/{unit}/steps", s.withGame(s.steps))
	m.HandleFunc("GET /api/games/{id}/units/{unit}/reach", s.withGame(s.reach))
	m.HandleFunc("GET /api/games/{id}/units/{unit}/path", s.withGame(s.path))
	m.HandleFunc("POST /api/games/{id}/steps", s.submit)
	m.HandleFunc("GET /api/games/{id}/odds", s.odds)
	m.HandleFunc("GET /api/games/{id}/measure", s.withGame(s.measure))
	m.HandleFunc("GET /api/games/{id}/events", s.events)
	m.HandleFunc("GET /api/rulesets", s.rulesets)
	m.HandleFunc("GET /api/examples/{ruleset}", s.example)
	m.HandleFunc("POST /api/maps", s.createMap)
	m.HandleFunc("GET /api/maps", s.listMaps)
	m.HandleFunc("GET /api/maps/{name}", s.getMap)
	m.HandleFunc("PUT /api/maps/{name}", s.putMap)
	m.HandleFunc("DELETE /api/maps/{name}", s.deleteMap)
	m.HandleFunc("POST /api/maps/{name}/copy", s.copyMap)
	s.rulesetRoutes(m)
	web, _ := fs.Sub(webFiles, "web")
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Referrer-Policy", "no-referrer") // the page's URL carries its token
			http.ServeFileFS(w, r, web, name)
		}
	}
	m.HandleFunc("GET /{$}", page("start.html"))
	m.HandleFunc("GET /play/{id}", page("play.html"))
	m.HandleFunc("GET /edit", page("edit.html"))
	m.HandleFunc("GET /edit/lw", page("lwedit.html"))
	m.HandleFunc("POST /api/editor/parse", s.editorParse)
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(web)))
	s.mux = m
}

// apiError is every error answer's body.
type apiError struct {
	Error  string `json:"error"`
	Rule   string `json:"rule,omitempty"`
	N      int    `json:"n,omitempty"`
	Report any    `json:"report,omitempty"` // the refused step's report, as the ruleset gives it
	State  any    `json:"state,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// withGame loads the game and checks the token before h runs; h reads the game under its lock.
func (s *Server) withGame(h func(w http.ResponseWriter, r *http.Request, l *live, role string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		l, role, ok := s.open(w, r)
		if !ok {
			return
		}
		b := newHeld()
		c := cacher(l)
		var kept int64
		func() {
			defer l.mu.Unlock()
			if s.cfg.Shared {
				if err := s.catchUp(r.Context(), l); err != nil {
					s.cfg.Logf("game %s catch-up: %v", l.rec.ID, err)
				}
			}
			if c != nil {
				kept = c.CacheBytes()
			}
			h(b, r, l, role)
		}()
		if c != nil && c.CacheBytes() > kept {
			s.keepCacheTotal() // the answer is sent with every game's within the total
		}
		b.sendTo(w) // the game is free before a byte goes to the client
	}
}

// open loads and locks the request's game and authorizes its token; on failure it has
// answered and returns false.
func (s *Server) open(w http.ResponseWriter, r *http.Request) (*live, string, bool) {
	id := r.PathValue("id")
	l, err := s.lock(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, "no game %q", id)
		return nil, "", false
	}
	if err != nil {
		// Not the error itself: it may quote the log's steps, and no token has been checked
		// yet (a Lightning War side may not read the other's). The server's log has it.
		s.failed(w, http.StatusInternalServerError, err, "game %s cannot be loaded", id)
		return nil, "", false
	}
	s.recheckTokens(r.Context(), l) // new links may have been issued (umpire games --new-links)
	role, ok := authorize(r, &l.rec)
	if !ok {
		l.mu.Unlock()
		fail(w, http.StatusForbidden, "this link does not open game %s: give one of its tokens as \"Authorization: Bearer TOKEN\" or ?k=TOKEN", id)
		return nil, "", false
	}
	return l, role, true
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	data, ok := s.readFile(w, r, "the scenario")
	if !ok {
		return
	}
	if len(data) == 0 {
		fail(w, http.StatusBadRequest, "no scenario: send the scenario file (YAML or JSON) as the body")
		return
	}
	name := r.URL.Query().Get("name")
	if name == "" {
		name = "scenario"
	}
	c, err := s.Create(r.Context(), name, data)
	var bad *BadScenario
	if overLimit(w, err) {
		return
	}
	if errors.As(err, &bad) {
		fail(w, http.StatusBadRequest, "%v", bad.Err)
		return
	}
	if err != nil {
		s.failed(w, http.StatusInternalServerError, err, "the game could not be created")
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request, l *live, role string) {
	writeJSON(w, http.StatusOK, view(l, l.g, role, len(l.g.Log), true))
}

func (s *Server) replay(w http.ResponseWriter, r *http.Request, l *live, role string) {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil || n < 0 || n > len(l.g.Log) {
		fail(w, http.StatusBadRequest, "replay?n=K: K is a step number from 0 (the setup) to %d", len(l.g.Log))
		return
	}
	g, err := game.Replay(l.rec.Name, l.rec.Scenario, l.g.Log, n)
	if err != nil {
		s.failed(w, http.StatusInternalServerError, err, "game %s: the replay to step %d failed", l.rec.ID, n)
		return
	}
	writeJSON(w, http.StatusOK, view(l, g, role, n, true))
}

// steps lists a unit's next steps the referee accepts now (rules.UnitSteps).
func (s *Server) steps(w http.ResponseWriter, r *http.Request, l *live, role string) {
	us, ok := l.g.Rules().(rules.UnitSteps)
	if !ok {
		fail(w, http.StatusBadRequest, "%v", rules.Lacks(l.g.Ruleset(), "a unit's next steps (units/{unit}/steps): see the state's steps"))
		return
	}
	out, err := us.UnitSteps(r.PathValue("unit"), len(l.g.Log))
	answer(w, out, err)
}

// reach shades every place a unit can still reach this phase (rules.Reacher).
func (s *Server) reach(w http.ResponseWriter, r *http.Request, l *live, role string) {
	re, ok := l.g.Rules().(rules.Reacher)
	if !ok {
		fail(w, http.StatusBadRequest, "%v", rules.Lacks(l.g.Ruleset(), "a unit's reach (units/{unit}/reach)"))
		return
	}
	maxRisk, ok := maxRiskOf(w, r)
	if !ok {
		return
	}
	out, err := re.Reach(r.PathValue("unit"), maxRisk)
	answer(w, out, err)
}

// RiskStep is the grain of max_risk: a chance asked for is taken to the nearest multiple of
// it (a ceiling above 0 to at least one step), so a client varying it cannot make the server
// plan and keep an answer for every float.
const RiskStep = 0.001

// maxRiskOf reads the max_risk parameter: a chance from 0 to 1 (1 and 0: no ceiling), taken to
// the nearest RiskStep, or a 400 answer.
func maxRiskOf(w http.ResponseWriter, r *http.Request) (float64, bool) {
	q := r.URL.Query().Get("max_risk")
	if q == "" {
		return 0, true
	}
	v, err := strconv.ParseFloat(q, 64)
	if err != nil || !(v >= 0 && v <= 1) { // NaN is neither
		fail(w, http.StatusBadRequest, "max_risk is a chance from 0 to 1")
		return 0, false
	}
	return normalRisk(v), true
}

// normalRisk is a ceiling v from 0 to 1 as the planner is asked it: 0 for none (1 is none
// too), otherwise the nearest multiple of RiskStep, at least one step.
func normalRisk(v float64) float64 {
	if v <= 0 || v >= 1 {
		return 0
	}
	steps := math.Round(v / RiskStep)
	if steps >= 1/RiskStep {
		return 0
	}
	return max(steps, 1) * RiskStep
}

// path finds a unit's cheapest way to a hex (rules.Pather): ?to=HEX[&vca=A-B][&max_risk=P].
func (s *Server) path(w http.ResponseWriter, r *http.Request, l *live, role string) {
	pa, ok := l.g.Rules().(rules.Pather)
	if !ok {
		fail(w, http.StatusBadRequest, "%v", rules.Lacks(l.g.Ruleset(), "a unit's path (units/{unit}/path)"))
		return
	}
	to := r.URL.Query().Get("to")
	if to == "" {
		fail(w, http.StatusBadRequest, "name the place to go: ?to=HEX")
		return
	}
	maxRisk, ok := maxRiskOf(w, r)
	if !ok {
		return
	}
	out, err := pa.Path(r.PathValue("unit"), to, r.URL.Query().Get("vca"), maxRisk)
	answer(w, out, err)
}

// answer writes a capability's answer: 404 for a name the game lacks.
func answer(w http.ResponseWriter, out any, err error) {
	var nf *rules.NotFound
	switch {
	case errors.As(err, &nf):
		fail(w, http.StatusNotFound, "%s", nf.What)
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
	default:
		writeJSON(w, http.StatusOK, out)
	}
}

// rulesets lists the rulesets this server plays and what each offers.
func (s *Server) rulesets(w http.ResponseWriter, r *http.Request) {
	type rulesetView struct {
		Name         string   `json:"name"`
		Title        string   `json:"title"`
		Capabilities []string `json:"capabilities"`
		Routes       []string `json:"routes"`
	}
	out := []rulesetView{}
	for _, rs := range rules.All() {
		v := rulesetView{Name: rs.Name(), Title: rs.Title(), Capabilities: rules.Capabilities(rs, nil), Routes: []string{}}
		if rt, ok := rs.(rules.Router); ok {
			for _, route := range rt.Routes() {
				v.Routes = append(v.Routes, "/api/rulesets/"+rs.Name()+"/"+strings.TrimPrefix(route.Path, "/"))
			}
		}
		out = append(out, v)
	}
	writeJSON(w, http.StatusOK, out)
}

// submit plays one step: checked against the expected step number, the token's side and the
// referee; saved before it is acknowledged.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	var body struct {
		N    int    `json:"n"`
		Line string `json:"line"`
	}
	if !readJSON(w, r, stepBodyMax(s.cfg.Limits), rules.LimitLine, &body, `{"n": STEP, "line": "NOTATION"}`) {
		return
	}
	if overLimit(w, s.cfg.Limits.Check(rules.LimitLine, len(body.Line), fmt.Sprintf("the step's notation is %d bytes", len(body.Line)))) || !plainLine(w, body.Line) {
		return
	}
	if body.N < 1 || body.Line == "" {
		fail(w, http.StatusBadRequest, "the body is {\"n\": STEP, \"line\": \"NOTATION\"}, n the number the step will take (the state's n + 1)")
		return
	}
	l, role, ok := s.open(w, r)
	if !ok {
		return
	}
	b := newHeld()
	func() {
		defer l.mu.Unlock()
		s.play(b, r, l, role, body.N, body.Line)
	}()
	b.sendTo(w) // the game is free before a byte goes to the client
}

// play is submit's work on the locked game: the step numbered n, written as line.
func (s *Server) play(w http.ResponseWriter, r *http.Request, l *live, role string, n int, line string) {
	s.playAs(w, r, l, role, n, line, "")
}

// playAs is play with the reason the practice opponent gave for the step ("" for a player's):
// it is logged and saved with the step (opponent.go).
func (s *Server) playAs(w http.ResponseWriter, r *http.Request, l *live, role string, n int, line, reason string) {
	if role == Spectator {
		fail(w, http.StatusForbidden, "a spectator's link cannot move anything")
		return
	}
	if n != len(l.g.Log)+1 && s.cfg.Shared {
		if err := s.catchUp(r.Context(), l); err != nil {
			s.cfg.Logf("game %s catch-up: %v", l.rec.ID, err)
		}
	}
	if n != len(l.g.Log)+1 {
		v := view(l, l.g, role, len(l.g.Log), false)
		aheadOf(w, n, len(l.g.Log), &v)
		return
	}
	if l.offRecord != "" {
		v := view(l, l.g, role, len(l.g.Log), false)
		writeJSON(w, http.StatusConflict, apiError{Error: "this game is read-only: " + l.offRecord, N: len(l.g.Log), State: v})
		return
	}
	a, err := l.g.Parse(line)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if code, msg, refused := mayPlay(l.g.Rules(), role, a, line); code != 0 && !(code == http.StatusForbidden && givesTurn(l, role, a)) {
		if refused == nil {
			fail(w, code, "%s", msg)
			return
		}
		s.refused(w, l, role, l.g.Rules().Unread(len(l.g.Log)+1, line, refused))
		return
	}
	rep, err := l.g.Do(line, a, l.src)
	if err != nil { // refused: nothing changed, l.hash stands
		s.refused(w, l, role, rep)
		return
	}
	l.g.Log[len(l.g.Log)-1].Reason = reason
	e := l.g.Log[len(l.g.Log)-1]
	if err := s.cfg.Store.Append(context.WithoutCancel(r.Context()), l.rec.ID, e); err != nil {
		// The step is in memory but not on disk: this copy of the game is void, and its
		// streams reconnect to the copy the store has.
		s.drop(l, dropWhy(err))
		if errors.Is(err, store.ErrConflict) {
			l.mu.Unlock()
			fresh, ferr := s.lock(r.Context(), l.rec.ID)
			l.mu.Lock() // for the deferred Unlock
			if ferr == nil {
				v, n := view(fresh, fresh.g, role, len(fresh.g.Log), false), len(fresh.g.Log)
				fresh.mu.Unlock()
				writeJSON(w, http.StatusConflict, apiError{Error: fmt.Sprintf("step %d was taken by another server first; here is the current state", e.N), N: n, State: v})
				return
			}
		}
		s.failed(w, http.StatusServiceUnavailable, err, "game %s: step %d could not be saved, so it was not played", l.rec.ID, e.N)
		return
	}
	l.reports.add(rep)
	l.hash = l.g.Hash()
	l.publish(e.N)
	s.kickOpponent(l)
	sv := l.g.Rules().StepView(rep, e.Rolls, role)
	out := struct {
		Entry  game.Entry `json:"entry"`
		Report any        `json:"report"`
		Text   string     `json:"text"`
		State  any        `json:"state"`
	}{Entry: game.Entry{N: e.N, Line: sv.Line, Rolls: sv.Rolls}, Report: sv.Report, Text: sv.Text, State: view(l, l.g, role, len(l.g.Log), false)}
	writeJSON(w, http.StatusCreated, out)
}

// refused answers a refused step (422): the refusal as role may read it, its report, and the
// state (which it did not change).
func (s *Server) refused(w http.ResponseWriter, l *live, role string, rep *rules.Report) {
	sv := l.g.Rules().StepView(rep, nil, role)
	ae := apiError{N: len(l.g.Log), State: view(l, l.g, role, len(l.g.Log), false), Report: sv.Report}
	if sv.Refusal != nil {
		ae.Rule, ae.Error = sv.Refusal.Rule, sv.Refusal.Msg
	}
	writeJSON(w, http.StatusUnprocessableEntity, ae)
}

// mayPlay says whether role may submit a (line): 0, or the status and message of the answer;
// refused, when set, is to be answered as the referee's refusal would be (a ruleset with
// hidden information answers a side's step naming what it may not know exactly as one naming
// nothing at all).
func mayPlay(g rules.Game, role string, a rules.Action, line string) (code int, msg string, refused *rules.Refusal) {
	if gk, ok := g.(rules.Gatekeeper); ok {
		if d := gk.MayPlay(role, a); d != nil {
			if d.Refusal != nil {
				return http.StatusUnprocessableEntity, d.Refusal.Msg, d.Refusal
			}
			return http.StatusForbidden, d.Msg, nil
		}
		return 0, "", nil
	}
	movers, refOnly, known := g.Movers(a)
	if refOnly && role != Referee {
		return http.StatusForbidden, fmt.Sprintf("the %s link may not play %q: only the referee may", role, line), nil
	}
	if !known || !refOnly && !allowed(role, movers) {
		return http.StatusForbidden, fmt.Sprintf("the %s link may not play %q: it moves %v", role, line, movers), nil
	}
	return 0, "", nil
}

// allowed: role may move every side in movers.
func allowed(role string, movers []string) bool {
	if role == Referee {
		return true
	}
	if role == Spectator {
		return false
	}
	for _, m := range movers {
		if m != role && m != "*" {
			return false
		}
	}
	return true
}

// events streams the game's accepted steps as Server-Sent Events.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	l, role, ok := s.open(w, r)
	if !ok {
		return
	}
	ch := make(chan []byte, s.cfg.SSEBuffer) // full, the stream is dropped (publish)
	l.subs[ch] = role
	n := len(l.g.Log)
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.subs, ch)
		l.mu.Unlock()
	}()
	fl, _ := w.(http.Flusher)
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{}) // a stream outlives the request's read timeout
	// Each write has WriteTimeout to go out: a reader that stops reading is cut off.
	deadline := func() { rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout)) }
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "event: hello\ndata: {\"n\":%d}\n\n", n)
	if fl != nil {
		fl.Flush()
	}
	poll := time.NewTicker(streamTick)
	defer poll.Stop()
	idle, tick := 0, 0 // ticks since the last event, and in all
	for {
		select {
		case msg, open := <-ch:
			if !open {
				return // fell behind or the game was reloaded: the page reconnects
			}
			deadline()
			if _, err := fmt.Fprintf(w, "event: step\ndata: %s\n\n", msg); err != nil {
				return
			}
			idle = 0
		case <-poll.C:
			// Its own look at the store goes by the stream's ticks, not by its idle ones:
			// those start again at every step, and a game played every few seconds had each
			// of its streams ask the store at every tick.
			if tick++; s.cfg.Shared && s.pollDue(tick) {
				l.mu.Lock()
				if !l.broken {
					s.catchUp(r.Context(), l)
				}
				l.mu.Unlock()
			}
			if idle++; idle%10 == 0 {
				// A stream opened with a link since replaced ends even if nobody plays.
				l.mu.Lock()
				if !l.broken {
					s.recheckTokens(r.Context(), l)
				}
				l.mu.Unlock()
				deadline()
				if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
					return
				}
			}
		case <-r.Context().Done():
			return
		}
		if fl != nil {
			fl.Flush()
		}
	}
}
