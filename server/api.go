package server

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/lhy"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/scenario"
	"github.com/umpire-referee/umpire/store"
)

//go:embed web
var webFiles embed.FS

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("POST /api/games", s.create)
	m.HandleFunc("GET /api/games/{id}", s.withGame(s.state))
	m.HandleFunc("GET /api/games/{id}/log", s.withGame(s.log))
	m.HandleFunc("GET /api/games/{id}/replay", s.withGame(s.replay))
	m.HandleFunc("GET /api/games/{id}/units/{unit}/steps", s.withGame(s.steps))
	m.HandleFunc("GET /api/games/{id}/units/{unit}/reach", s.withGame(s.reach))
	m.HandleFunc("POST /api/games/{id}/steps", s.submit)
	m.HandleFunc("GET /api/games/{id}/odds", s.odds)
	m.HandleFunc("GET /api/games/{id}/events", s.events)
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
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(web)))
	s.mux = m
}

// apiError is every error answer's body.
type apiError struct {
	Error  string     `json:"error"`
	Rule   string     `json:"rule,omitempty"`
	N      int        `json:"n,omitempty"`
	Report any        `json:"report,omitempty"` // scenario.StepOut (ASL), lhyReport or lwReport
	State  *stateView `json:"state,omitempty"`
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
		defer l.mu.Unlock()
		if s.cfg.Shared {
			if err := s.catchUp(r.Context(), l); err != nil {
				s.cfg.Logf("game %s catch-up: %v", l.rec.ID, err)
			}
		}
		h(w, r, l, role)
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
		s.cfg.Logf("game %s: %v", id, err)
		// Not the error itself: it may quote the log's steps, and no token has been checked
		// yet (a Lightning War side may not read the other's). The server's log has it.
		fail(w, http.StatusInternalServerError, "game %s cannot be loaded (the server's log says why)", id)
		return nil, "", false
	}
	role, ok := authorize(r, &l.rec)
	if !ok {
		l.mu.Unlock()
		fail(w, http.StatusForbidden, "this link does not open game %s: give one of its tokens as \"Authorization: Bearer TOKEN\" or ?k=TOKEN", id)
		return nil, "", false
	}
	return l, role, true
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxScenario)
	data, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		fail(w, http.StatusRequestEntityTooLarge, "the scenario is over %d bytes", tooBig.Limit)
		return
	}
	if err != nil {
		fail(w, http.StatusBadRequest, "reading the scenario: %v", err)
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
	if errors.As(err, &bad) {
		fail(w, http.StatusBadRequest, "%v", bad.Err)
		return
	}
	if err != nil {
		s.cfg.Logf("create: %v", err)
		fail(w, http.StatusInternalServerError, "the game could not be saved: %v", err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request, l *live, role string) {
	writeJSON(w, http.StatusOK, view(l, l.g, role, len(l.g.Log), true))
}

func (s *Server) log(w http.ResponseWriter, r *http.Request, l *live, role string) {
	out := struct {
		N       int         `json:"n"`
		Entries []entryView `json:"entries"`
	}{N: len(l.g.Log), Entries: []entryView{}}
	for n := 1; n <= len(l.g.Log); n++ {
		out.Entries = append(out.Entries, entryOf(l, n, role))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) replay(w http.ResponseWriter, r *http.Request, l *live, role string) {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil || n < 0 || n > len(l.g.Log) {
		fail(w, http.StatusBadRequest, "replay?n=K: K is a step number from 0 (the setup) to %d", len(l.g.Log))
		return
	}
	g, err := game.Replay(l.rec.Name, l.rec.Scenario, l.g.Log, n)
	if err != nil {
		s.cfg.Logf("game %s replay: %v", l.rec.ID, err)
		if l.g.Ruleset() == game.LightningWar && role != Referee {
			fail(w, http.StatusInternalServerError, "replay failed (the server's log says why)") // it may quote hidden steps
			return
		}
		fail(w, http.StatusInternalServerError, "replay: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, view(l, g, role, n, true))
}

// unitOf finds the path's unit (ASL games: an LHY or Lightning War game's units have no
// movement steps).
func unitOf(w http.ResponseWriter, r *http.Request, g *game.Game) (int, bool) {
	st := g.State()
	switch g.Ruleset() {
	case game.LHY:
		fail(w, http.StatusBadRequest, "this is a Last Hundred Yards game: its units have no movement steps or reach here (see the state's steps and after, and /odds)")
		return 0, false
	case game.LightningWar:
		fail(w, http.StatusBadRequest, "this is a Lightning War game: its detachments move by written orders (order D path x,y ...), played in the Movement Phase; see the state's steps")
		return 0, false
	}
	id := r.PathValue("unit")
	i, ok := st.Unit(id)
	if !ok {
		fail(w, http.StatusNotFound, "no unit %q in this game", id)
	}
	return i, ok
}

type stepOption struct {
	Line      string  `json:"line"`
	Verb      string  `json:"verb"`
	Hex       string  `json:"hex,omitempty"`
	MP        float64 `json:"mp"`
	Breakdown string  `json:"breakdown"`
	Dice      bool    `json:"dice"`
}

// steps lists the unit's next steps the referee accepts now, each tried on a copy of the game.
func (s *Server) steps(w http.ResponseWriter, r *http.Request, l *live, role string) {
	i, ok := unitOf(w, r, l.g)
	if !ok {
		return
	}
	st := l.g.State()
	u := &st.Units[i]
	out := struct {
		Unit       string       `json:"unit"`
		Left       float64      `json:"left"`
		Steps      []stepOption `json:"steps"`
		Candidates []string     `json:"candidates"`
	}{Unit: u.ID, Left: (u.Allowance - u.Spent).Float(), Steps: []stepOption{}, Candidates: []string{}}
	acts := st.Candidates(i, nil)
	// Delay, ESB and the end of its MPh are not moves; offer them too.
	extra := []string{"delay 1", "end"}
	if u.V != nil {
		for n := asl.Whole(1); n <= asl.ESBLimit(u.V); n += asl.Whole(1) {
			extra = append(extra, "esb "+n.String())
		}
	}
	for _, x := range extra {
		if a, err := st.ParseStep(u.ID + " " + x); err == nil {
			acts = append(acts, a)
		}
	}
	lay := st.Map.Layout
	for _, a := range acts {
		line := st.Describe(a)
		out.Candidates = append(out.Candidates, line)
		c := st.Clone()
		rec := &dice.Recorder{Src: dice.Lowest{}}
		var res asl.Result
		if err := c.Step(a, rec, &res); err != nil {
			continue
		}
		so := scenario.ReportStep(c, len(l.g.Log)+1, a, &res)
		opt := stepOption{Line: line, Verb: a.Verb.String(), MP: so.MP, Breakdown: so.Breakdown, Dice: len(rec.Rolls) > 0}
		switch a.Verb {
		case asl.VerbEnter, asl.VerbReverse, asl.VerbMinimum, asl.VerbBypass, asl.VerbReverseBypass:
			opt.Hex = lay.Name(c.Units[i].Pos.Hex)
		}
		out.Steps = append(out.Steps, opt)
	}
	writeJSON(w, http.StatusOK, out)
}

type reachHex struct {
	Hex   string  `json:"hex"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	MP    float64 `json:"mp"`
	P     float64 `json:"p"`
	Risky bool    `json:"risky"`
	Stop  bool    `json:"stop"`
}

// reach shades every hex the unit can still reach this MPh (the planner's Reach).
func (s *Server) reach(w http.ResponseWriter, r *http.Request, l *live, role string) {
	i, ok := unitOf(w, r, l.g)
	if !ok {
		return
	}
	st := l.g.State()
	maxRisk := 0.0
	if q := r.URL.Query().Get("max_risk"); q != "" {
		v, err := strconv.ParseFloat(q, 64)
		if err != nil || v < 0 || v > 1 {
			fail(w, http.StatusBadRequest, "max_risk is a chance from 0 to 1")
			return
		}
		if v < 1 {
			maxRisk = v
		}
	}
	u := &st.Units[i]
	out := struct {
		Unit  string     `json:"unit"`
		Left  float64    `json:"left"`
		Hexes []reachHex `json:"hexes"`
	}{Unit: u.ID, Left: (u.Allowance - u.Spent).Float(), Hexes: []reachHex{}}
	res, err := plan.Reach(st, i, plan.Options{MaxRisk: maxRisk})
	if err == nil {
		lay := st.Map.Layout
		for h, hr := range res.Hexes() {
			x, y := h.Centre()
			out.Hexes = append(out.Hexes, reachHex{Hex: lay.Name(h), X: round(x), Y: round(y),
				MP: (hr.MP - u.Spent).Float(), P: round(hr.P*1e4) / 1e4, Risky: hr.Risky, Stop: hr.Stop})
		}
		sort.Slice(out.Hexes, func(a, b int) bool {
			if out.Hexes[a].MP != out.Hexes[b].MP {
				return out.Hexes[a].MP < out.Hexes[b].MP
			}
			return out.Hexes[a].Hex < out.Hexes[b].Hex
		})
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
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		fail(w, http.StatusBadRequest, "the body is {\"n\": STEP, \"line\": \"NOTATION\"}: %v", err)
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
	defer l.mu.Unlock()
	if role == Spectator {
		fail(w, http.StatusForbidden, "a spectator's link cannot move anything")
		return
	}
	if body.N != len(l.g.Log)+1 && s.cfg.Shared {
		if err := s.catchUp(r.Context(), l); err != nil {
			s.cfg.Logf("game %s catch-up: %v", l.rec.ID, err)
		}
	}
	if body.N != len(l.g.Log)+1 {
		v := view(l, l.g, role, len(l.g.Log), false)
		writeJSON(w, http.StatusConflict, apiError{Error: fmt.Sprintf("step %d: the game is at step %d, so the next step is %d (someone moved first; here is the current state)", body.N, len(l.g.Log), len(l.g.Log)+1), N: len(l.g.Log), State: &v})
		return
	}
	if st := l.g.LightningWar(); st != nil {
		// Hidden movement: a side's token plays its own detachments' steps, and a refusal
		// tells it nothing it may not know (lwMayPlay).
		a, err := lw.Parse(body.Line)
		if err != nil {
			fail(w, http.StatusBadRequest, "%v", err)
			return
		}
		if code, rule, msg := lwMayPlay(st, role, a); code != 0 {
			if code == http.StatusForbidden {
				fail(w, code, "%s", msg)
				return
			}
			v := view(l, l.g, role, len(l.g.Log), false)
			rep := lwReport{Step: len(l.g.Log) + 1, Action: body.Line, Verb: a.Verb, Events: []lwEventView{}, Moves: []lwMoveView{}, Order: []string{}, Rules: []string{rule}, Dice: []string{},
				Error: &lhyRefusalJ{Rule: rule, Message: msg}}
			writeJSON(w, code, apiError{Error: msg, Rule: rule, N: len(l.g.Log), State: &v, Report: rep})
			return
		}
	} else {
		movers, refOnly, known, err := stepSides(l.g, body.Line)
		if err != nil {
			fail(w, http.StatusBadRequest, "%v", err)
			return
		}
		if refOnly && role != Referee {
			fail(w, http.StatusForbidden, "the %s link may not play %q: only the referee may", role, body.Line)
			return
		}
		if !known || !refOnly && !allowed(role, movers) {
			fail(w, http.StatusForbidden, "the %s link may not play %q: it moves %v", role, body.Line, movers)
			return
		}
	}
	// What the role may not know, to keep out of a Lightning War refusal's message.
	var hidden map[string]bool
	if st := l.g.LightningWar(); st != nil {
		hidden = st.HiddenFrom(viewer(role))
	}
	step, err := l.g.Apply(body.Line, l.src)
	if err != nil { // refused: nothing changed, l.hash stands
		v := view(l, l.g, role, len(l.g.Log), false)
		ae := apiError{Error: lw.Redact(err.Error(), hidden), State: &v, N: len(l.g.Log)}
		var ref *asl.Refusal
		var lref *lhy.Refusal
		var wref *lw.Refusal
		switch {
		case errors.As(err, &ref):
			ae.Rule, ae.Error = ref.Rule, ref.Msg
		case errors.As(err, &lref):
			ae.Rule, ae.Error = lref.Rule, lref.Msg
		case errors.As(err, &wref):
			ae.Rule, ae.Error = wref.Rule, lw.Redact(wref.Msg, hidden)
		}
		switch l.g.Ruleset() {
		case game.LightningWar:
			verb := ""
			if f := strings.Fields(body.Line); len(f) > 0 {
				verb = strings.ToLower(f[0])
			}
			rules := []string{}
			if ae.Rule != "" {
				rules = append(rules, ae.Rule)
			}
			ae.Report = lwReport{Step: len(l.g.Log) + 1, Action: body.Line, Verb: verb, Events: []lwEventView{}, Moves: []lwMoveView{}, Order: []string{}, Rules: rules, Dice: []string{},
				Error: &lhyRefusalJ{Rule: ae.Rule, Message: ae.Error}}
		case game.LHY:
			rep, _ := lhyReportOf(len(l.g.Log)+1, body.Line, nil)
			rep.Error = &lhyRefusalJ{Rule: ae.Rule, Message: ae.Error}
			ae.Report = rep
		default:
			so := step.ASL
			if so.Error == nil && ae.Rule != "" {
				so.Error = &scenario.ErrorOut{Rule: ae.Rule, Message: ae.Error}
			}
			ae.Report = &so
		}
		writeJSON(w, http.StatusUnprocessableEntity, ae)
		return
	}
	e := l.g.Log[len(l.g.Log)-1]
	if err := s.cfg.Store.Append(context.WithoutCancel(r.Context()), l.rec.ID, e); err != nil {
		// The step is in memory but not on disk: this copy of the game is void.
		l.broken = true
		s.evict(l)
		if errors.Is(err, store.ErrConflict) {
			l.mu.Unlock()
			fresh, ferr := s.lock(r.Context(), l.rec.ID)
			l.mu.Lock() // for the deferred Unlock
			if ferr == nil {
				v := view(fresh, fresh.g, role, len(fresh.g.Log), false)
				fresh.mu.Unlock()
				writeJSON(w, http.StatusConflict, apiError{Error: fmt.Sprintf("step %d was taken by another server first; here is the current state", e.N), N: v.N, State: &v})
				return
			}
		}
		s.cfg.Logf("game %s step %d: %v", l.rec.ID, e.N, err)
		fail(w, http.StatusServiceUnavailable, "the step could not be saved, so it was not played: %v", err)
		return
	}
	l.reports = append(l.reports, step)
	l.hash = l.g.Hash()
	l.publish(e.N)
	rep, text := reportOf(e.N, e.Line, step)
	if l.g.Ruleset() == game.LightningWar {
		e, rep, text = lwStepOf(e.N, e, step, role)
	}
	out := struct {
		Entry  game.Entry `json:"entry"`
		Report any        `json:"report"`
		Text   string     `json:"text"`
		State  stateView  `json:"state"`
	}{Entry: e, Report: rep, Text: text, State: view(l, l.g, role, len(l.g.Log), false)}
	writeJSON(w, http.StatusCreated, out)
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

// stepSides is the sides a line of the game's notation moves (see lineSides and
// lhyLineSides); refereeOnly: only the referee may play it; known is false if the line names
// nothing this game has (no link may play it). An error is unreadable notation.
func stepSides(g *game.Game, line string) (movers []string, refereeOnly, known bool, err error) {
	if st := g.LHY(); st != nil {
		a, err := lhy.Parse(st, line)
		if err != nil {
			return nil, false, false, err
		}
		movers, refereeOnly = lhyLineSides(st, sides(g), a)
		return movers, refereeOnly, true, nil
	}
	st := g.State()
	pl, err := st.ParseLine(line)
	if err != nil {
		return nil, false, false, err
	}
	movers, known = lineSides(st, &pl)
	return movers, false, known, nil
}

// lineSides is the sides whose units a line moves; "*" means any side may play it (an outside
// event such as an OBA attack, or a LOS check). ok is false if the line names nothing this game
// has (the referee will say what).
func lineSides(st *asl.Game, l *asl.Line) ([]string, bool) {
	var out []string
	add := func(s string) {
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	unit := func(i int) {
		if i >= 0 && i < len(st.Units) {
			add(st.Units[i].Side)
		}
	}
	group := func(id string) bool {
		k, ok := st.Group(id)
		if !ok {
			return false
		}
		for _, m := range st.Groups[k].Members {
			unit(m)
		}
		return true
	}
	switch l.Kind {
	case asl.LineUnit:
		switch {
		case l.GroupID != "":
			group(l.GroupID)
		case l.Action.Verb == asl.VerbAttack:
			// An attack on a unit is made by its enemies.
			target := st.Units[l.Action.Unit].Side
			for i := range st.Units {
				if st.Units[i].Side != target {
					add(st.Units[i].Side)
				}
			}
			if len(out) == 0 {
				add("*")
			}
		default:
			unit(l.Action.Unit)
		}
	case asl.LineImpulse:
		group(l.GroupID)
	case asl.LineGroup:
		if l.GroupID != "" {
			group(l.GroupID)
		}
		if l.OtherID != "" {
			group(l.OtherID)
		}
		if l.Unit >= 0 {
			unit(l.Unit)
		}
		for _, i := range l.Units {
			unit(i)
		}
	case asl.LineMPh:
		add(l.Side)
	case asl.LineStray:
		unit(l.Action.Unit)
	default: // OBA, aircraft, LOS
		add("*")
	}
	return out, len(out) > 0
}

// events streams the game's accepted steps as Server-Sent Events.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	l, role, ok := s.open(w, r)
	if !ok {
		return
	}
	ch := make(chan []byte, 64)
	l.subs[ch] = role
	n := len(l.g.Log)
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.subs, ch)
		l.mu.Unlock()
	}()
	fl, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "event: hello\ndata: {\"n\":%d}\n\n", n)
	if fl != nil {
		fl.Flush()
	}
	poll := time.NewTicker(2 * time.Second)
	defer poll.Stop()
	idle := 0
	for {
		select {
		case msg, open := <-ch:
			if !open {
				return // fell behind or the game was reloaded: the page reconnects
			}
			fmt.Fprintf(w, "event: step\ndata: %s\n\n", msg)
			idle = 0
		case <-poll.C:
			if s.cfg.Shared {
				l.mu.Lock()
				if !l.broken {
					s.catchUp(r.Context(), l)
				}
				l.mu.Unlock()
			}
			if idle++; idle%10 == 0 {
				fmt.Fprint(w, ": keep-alive\n\n")
			}
		case <-r.Context().Done():
			return
		}
		if fl != nil {
			fl.Flush()
		}
	}
}
