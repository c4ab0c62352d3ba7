// Package server is umpire's game server: the HTTP/JSON API of docs/api.md, live updates over
// Server-Sent Events, and the browser UI (web/, embedded in the binary).
//
// A game is its scenario file plus its log of accepted steps with their dice (package game);
// the server keeps the log in a [store.Store] and the live state in memory, rebuilt by replaying
// the log whenever it is not there. A step is on disk before the server answers that it was
// accepted. Every step carries the number it expects to take, and the store's unique key on it
// means two conflicting steps cannot both land: the loser gets 409 and the current state.
//
// Access is by secret token: one per side, one for a referee (every side, for one person at a
// table) and one read-only for spectators, each 128 random bits, kept only as SHA-256 digests and
// compared in constant time. A token opens only its own game.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"net/http"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/store"
)

// Roles that are not sides.
const (
	Referee   = rules.Referee
	Spectator = rules.Spectator
)

// Config is how a Server runs.
type Config struct {
	// Store keeps the games. Required.
	Store store.Store
	// Shared: other server processes write to the same store (PostgreSQL behind a load
	// balancer). Their steps reach this server's event streams as they commit when the store
	// tells of commits (PostgreSQL), and by polling the store otherwise; see shared.go.
	Shared bool
	// Dice gives the dice for a game's new steps; nil rolls fresh dice for each game, seeded
	// from crypto/rand. (The scenario's own seed and dice serve only its own moves.)
	Dice func(gameID string) dice.Source
	// Limits cap what one request may ask of the server: a scenario's or saved map's size
	// (Body), its lines, boards, hexes, units, groups and moves, and a step's notation (Line).
	// A field left zero is its default (rules.DefaultLimits); docs/api.md says how each is
	// answered.
	Limits rules.Limits
	// MaxScenario is Limits.Body, as it was set before there were Limits: when given and
	// Limits.Body is not, it is the Body limit. New sets it to the Body limit in force.
	MaxScenario int64
	// WriteTimeout bounds the writing of one answer (and of each event of an event stream):
	// a client that does not read is cut off (0: 10 s).
	WriteTimeout time.Duration
	// ReadTimeout bounds the reading of one request, body included, and IdleTimeout how long
	// a kept-alive connection waits for the next (0: 30 s and 2 min). HTTPServer sets them.
	ReadTimeout, IdleTimeout time.Duration
	// SSEBuffer is how many events a slow event stream may fall behind before it is dropped
	// (it reconnects and catches up from the log; 0: 64).
	SSEBuffer int
	// IdleEvict: a game nobody has asked for this long and with no event stream open leaves
	// memory; the next request loads it back from the store (0: 10 min; negative: never).
	IdleEvict time.Duration
	// MaxMaps is the most maps the store may hold: a new one past it (POST /api/maps, or a
	// copy) is refused 422 naming the limit (0: DefaultMaxMaps).
	MaxMaps int
	// Rate limits each client address's requests (nil: no limits, for local play and tests).
	Rate *RateLimits
	// CacheLimit is the most bytes of answers (planner routes, reach views, compiled graphs)
	// one game keeps to answer again (0: its ruleset's default); CacheTotal the most all games
	// together keep (0: DefaultCacheTotal). See memory.go.
	CacheLimit, CacheTotal int64
	// MemoryLimit is a ceiling on the memory the Go runtime holds (0: none): nearing it the
	// server forgets kept answers, then sends idle games out of memory, then answers new
	// expensive work 503 with Retry-After (memory.go). `umpire serve --memory-limit` sets it
	// and the garbage collector's soft limit together.
	MemoryLimit int64
	// WorkShare is the part of the machine's cores all expensive work together may take over
	// time, past a burst (0: DefaultWorkShare; a share that would keep every slot busy, a half
	// on two cores or more: not metered, only the slots bound it). See workshare.go.
	WorkShare float64
	// Logf reports server errors; nil is silent.
	Logf func(format string, args ...any)
}

// Server serves games. Make it with New.
type Server struct {
	cfg   Config
	mux   *routeMux
	mu    sync.Mutex
	games map[string]*live
	// oddsSlots holds one token per LHY odds enumeration running (see enumerate).
	oddsSlots chan struct{}
	rate      *limiter // nil: no rate limits
	stop      chan struct{}
	closeOnce sync.Once
	wg        sync.WaitGroup
	sharing   *sharing       // a Shared server's listener (shared.go); nil if none
	mem       *memory        // the memory budget at work (memory.go)
	oppWG     sync.WaitGroup // the opponent drivers running (opponent.go)
}

// live is a game in memory: its record, its state and its steps' reports.
type live struct {
	mu      sync.Mutex
	rec     store.Game
	g       *game.Game
	reports *reportLog // reports.at(i) is step i+1's
	src     dice.Source
	subs    map[chan []byte]string // each event stream's role
	hash    [32]byte               // g.Hash(), kept current
	// broken: this copy has left memory (Server.drop, the only place that sets it): the
	// memory may no longer match the store (a step played but not saved), its streams are
	// closed, and a request that finds it loads the game again.
	broken bool
	// offRecord says why the stored log no longer replays (a rules change since it was
	// played): the game stands at the last step that did and is read-only.
	offRecord string
	// used is when a request last locked the game, in Unix nanoseconds (idle eviction, and
	// which games forget first under the memory budget); read without the game's lock.
	used atomic.Int64
	// tokensRead is when rec.Tokens was last read from the store (links.go: new links issued
	// to a game in memory).
	tokensRead time.Time
	// oppRunning: the game's opponent driver runs (opponent.go).
	oppRunning bool
}

// New makes a server over cfg.Store. A Shared server over a store that tells of commits
// ([store.Notifier]) listens for them until [Server.Close].
func New(cfg Config) *Server {
	cfg.Limits = limits(cfg)
	cfg.MaxScenario = int64(cfg.Limits.Body)
	cfg.WriteTimeout = orDefault(cfg.WriteTimeout, 10*time.Second)
	cfg.ReadTimeout = orDefault(cfg.ReadTimeout, 30*time.Second)
	cfg.IdleTimeout = orDefault(cfg.IdleTimeout, 2*time.Minute)
	cfg.IdleEvict = orDefault(cfg.IdleEvict, 10*time.Minute)
	if cfg.SSEBuffer <= 0 {
		cfg.SSEBuffer = 64
	}
	if cfg.MaxMaps <= 0 {
		cfg.MaxMaps = DefaultMaxMaps
	}
	if cfg.CacheTotal <= 0 {
		cfg.CacheTotal = DefaultCacheTotal
	}
	if cfg.Dice == nil {
		cfg.Dice = func(string) dice.Source {
			var b [8]byte
			rand.Read(b[:])
			return dice.NewSeeded(binary.LittleEndian.Uint64(b[:]))
		}
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	s := &Server{cfg: cfg, games: map[string]*live{}, oddsSlots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)),
		stop: make(chan struct{}), mem: newMemory(cfg.WorkShare)}
	if cfg.Rate != nil {
		s.rate = newLimiter(*cfg.Rate)
	}
	s.routes()
	if cfg.IdleEvict > 0 {
		s.wg.Add(1)
		go s.evictIdle()
	}
	if cfg.MemoryLimit > 0 {
		s.wg.Add(1)
		go s.watchMemory()
	}
	s.listen()
	return s
}

// Close stops the server's background work: idle eviction, and the listener of a Shared
// server whose store tells of commits (shared.go). It does not close the store, nor end open
// requests (the http.Server's Shutdown does). Call it before closing the store; calling it
// again does nothing.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { close(s.stop) })
	if sh := s.sharing; sh != nil {
		sh.stop()
		<-sh.done
		sh.catching.Wait()
	}
	s.wg.Wait()
	s.oppWG.Wait()
	return nil
}

// Handler is the server's HTTP handler: the API and pages, behind the rate limits (when
// configured) and a write deadline per answer.
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

//go:embed demo.yaml
var demoScenario []byte

// Created is what creating a game returns: its id and, for each role, its token and the path
// of its page.
type Created struct {
	ID      string            `json:"id"`
	Name    string            `json:"name"`
	Ruleset string            `json:"ruleset"`
	N       int               `json:"n"`
	Sides   []string          `json:"sides"`
	Tokens  map[string]string `json:"tokens"`
	Links   map[string]string `json:"links"`
}

//go:embed demo-lhy.yaml
var demoLHYScenario []byte

//go:embed demo-lw.yaml
var demoLWScenario []byte

// Demo creates a new game of the built-in demo scenario.
func (s *Server) Demo(ctx context.Context) (*Created, error) {
	return s.Create(ctx, "demo.yaml", demoScenario)
}

// DemoLHY creates a new game of the built-in Last Hundred Yards demo scenario.
func (s *Server) DemoLHY(ctx context.Context) (*Created, error) {
	return s.Create(ctx, "demo-lhy.yaml", demoLHYScenario)
}

// DemoLW creates a new game of the built-in Lightning War demo scenario.
func (s *Server) DemoLW(ctx context.Context) (*Created, error) {
	return s.Create(ctx, "demo-lw.yaml", demoLWScenario)
}

// Create starts a game from a scenario file (name is for error messages), playing the file's
// own moves as its first steps, and saves it. A scenario error is a *BadScenario; one over
// the server's Limits wraps a *rules.LimitError, found before the game is made; any other
// error is the store's (saving the game, or reading a saved map it names).
//
// A reference to a saved map (`map: {saved: NAME}`, `table: {saved: NAME}`) is replaced by a
// copy of the map as the store holds it now: the game keeps its own copy, and later changes to
// the saved map do not reach it.
func (s *Server) Create(ctx context.Context, name string, data []byte) (*Created, error) {
	var lost error // the store's failure to read a saved map: no fault of the scenario's
	data, err := rules.Inline(name, data, s.savedMaps(ctx, &lost))
	if lost != nil {
		return nil, lost
	}
	if err != nil {
		return nil, &BadScenario{err}
	}
	g, reports, err := game.CreateLimited(name, data, s.cfg.Dice(""), s.loadLimits())
	if err != nil {
		return nil, &BadScenario{err}
	}
	if g.Opponent() != nil {
		if err := rules.CannotPlay(g.Ruleset(), g.Rules()); err != nil {
			return nil, &BadScenario{fmt.Errorf("%s: opponent: %w", name, err)}
		}
	}
	rec := store.Game{ID: newToken(9), Name: g.Name, Scenario: g.Scenario,
		Tokens: map[string][]byte{}, Created: time.Now().UnixNano()}
	if rec.Name == "" {
		rec.Name = name
	}
	c := &Created{ID: rec.ID, Name: rec.Name, Ruleset: g.Ruleset().Name(), N: len(g.Log), Sides: g.Rules().Sides(), Tokens: map[string]string{}, Links: map[string]string{}}
	for _, side := range c.Sides {
		if side == Referee || side == Spectator {
			return nil, &BadScenario{fmt.Errorf("%s: a side may not be called %q: that is the name of a role", name, side)}
		}
	}
	for _, role := range append(append([]string(nil), c.Sides...), Referee, Spectator) {
		tok, digest := mintToken()
		rec.Tokens[role] = digest
		c.Tokens[role] = tok
		c.Links[role] = "/play/" + rec.ID + "?k=" + tok
	}
	if err := s.cfg.Store.Create(ctx, rec); err != nil {
		return nil, err
	}
	if err := s.cfg.Store.AppendAll(ctx, rec.ID, g.Log); err != nil {
		return nil, err
	}
	l := &live{rec: rec, g: g, reports: newReportLog(g.Rules()), src: s.cfg.Dice(rec.ID), subs: map[chan []byte]string{}, tokensRead: time.Now()}
	l.used.Store(time.Now().UnixNano())
	s.limitCache(l)
	for _, r := range reports {
		l.reports.add(r)
	}
	l.hash = g.Hash()
	s.mu.Lock()
	s.games[rec.ID] = l
	s.mu.Unlock()
	l.mu.Lock()
	s.kickOpponent(l) // umpire's side may move first
	l.mu.Unlock()
	return c, nil
}

// BadScenario is a scenario file the loader refused; its message carries file:line.
type BadScenario struct{ Err error }

func (e *BadScenario) Error() string { return e.Err.Error() }
func (e *BadScenario) Unwrap() error { return e.Err }

// newToken is n random bytes, base64url without padding.
func newToken(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// mintToken is a new edit or role token and the digest the store keeps of it (never the token
// itself).
func mintToken() (tok string, digest []byte) {
	tok = newToken(16)
	sum := sha256.Sum256([]byte(tok))
	return tok, sum[:]
}

// bearer is the token of the request's Authorization header, "" without one. The scheme is
// matched in any case (RFC 9110: "bearer" is "Bearer").
func bearer(r *http.Request) string {
	scheme, tok, _ := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(tok)
}

// load returns the game, from memory or rebuilt from the store. ErrNotFound if there is none.
func (s *Server) load(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	l := s.games[id]
	s.mu.Unlock()
	if l != nil {
		return l, nil
	}
	rec, err := s.cfg.Store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	entries, err := s.cfg.Store.Entries(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	g, err := game.Open(rec.Name, rec.Scenario)
	if err != nil {
		return nil, fmt.Errorf("game %s: its scenario no longer loads: %w", id, err)
	}
	l = &live{rec: rec, g: g, reports: newReportLog(g.Rules()), src: s.cfg.Dice(id), subs: map[chan []byte]string{}, tokensRead: time.Now()}
	l.used.Store(time.Now().UnixNano())
	s.limitCache(l)
	for _, e := range entries {
		so, err := g.ApplyEntry(e)
		if err != nil {
			// Kept read-only where it stands, with the log up to here; the server's log says
			// exactly what failed (the message may quote a step some roles may not read).
			s.cfg.Logf("game %s: %v", id, err)
			l.offRecord = fmt.Sprintf("off the record at step %d: the rules no longer take the game's log from there (the rules have changed since it was played); it is shown as it stood after step %d and can no longer be played", e.N, e.N-1)
			break
		}
		l.reports.add(so)
	}
	l.hash = g.Hash()
	s.mu.Lock()
	defer s.mu.Unlock()
	if other := s.games[id]; other != nil { // loaded meanwhile by another request
		return other, nil
	}
	s.games[id] = l
	return l, nil
}

// lock loads the game and locks it, reloading it if it broke.
func (s *Server) lock(ctx context.Context, id string) (*live, error) {
	for {
		l, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		l.mu.Lock()
		if !l.broken {
			l.used.Store(time.Now().UnixNano())
			s.kickOpponent(l) // loaded when it was umpire's turn: it moves now
			return l, nil
		}
		s.drop(l, whyReloading) // dropped when it broke; this makes sure
		l.mu.Unlock()
	}
}

// catchUp plays the steps other servers saved since this one last looked (Shared stores), and
// tells subscribers. A step that does not replay here drops the game from memory (its streams
// reconnect to a copy loaded afresh). The caller holds l.mu.
func (s *Server) catchUp(ctx context.Context, l *live) error {
	if l.offRecord != "" {
		return nil // read-only where its log stops replaying
	}
	entries, err := s.cfg.Store.Entries(ctx, l.rec.ID, len(l.g.Log))
	if err != nil && ctx.Err() != nil {
		return nil // the client left: nothing to tell the server's log
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		so, err := l.g.ApplyEntry(e)
		if err != nil {
			s.drop(l, whyCatchUp)
			return err
		}
		l.reports.add(so)
		l.hash = l.g.Hash()
		l.publish(len(l.g.Log))
	}
	return nil
}

// authorize finds the role of the request's token in the game: the Bearer token, or ?k=. It
// compares the token's digest with every role's digest in constant time, never stopping at a
// match, so the time taken tells nothing of which role (if any) it is.
func authorize(r *http.Request, rec *store.Game) (string, bool) {
	tok := r.URL.Query().Get("k")
	if b := bearer(r); b != "" {
		tok = b
	}
	if tok == "" {
		return "", false
	}
	sum := sha256.Sum256([]byte(tok))
	roles := make([]string, 0, len(rec.Tokens))
	for role := range rec.Tokens {
		roles = append(roles, role)
	}
	sort.Strings(roles)
	found := ""
	for _, role := range roles {
		if subtle.ConstantTimeCompare(sum[:], rec.Tokens[role]) == 1 {
			found = role
		}
	}
	return found, found != ""
}

// mayMove lists the sides a role may move.
func mayMove(role string, all []string) []string {
	switch role {
	case Referee:
		return all
	case Spectator:
		return []string{}
	}
	return []string{role}
}
