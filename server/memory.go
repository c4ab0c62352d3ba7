package server

import (
	"net/http"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/umpire-referee/umpire/rules"
)

// The memory budget. What the server keeps beyond its games' states is answers it can make
// again: the planner's routes, reach views and compiled graphs of each game (rules.Cacher). They
// are bounded three ways:
//
//   - per game, by bytes (Config.CacheLimit): the game forgets its least recently used answers
//     to make room, and an answer bigger than the limit is given and not kept;
//   - per server (Config.CacheTotal): after a request that made its game keep more, when the
//     games' answers together pass it, the games used least recently forget theirs first;
//   - by the process's memory (Config.MemoryLimit, `umpire serve --memory-limit`). The
//     garbage collector's soft limit, set to the same, keeps what the runtime holds under it;
//     the server watches what it needs, read from the runtime (runtime/metrics: the heap the
//     last collection found live, and what the runtime holds outside the heap; liveMemory):
//     past 70% of the limit every game forgets its answers; past 80% the games no
//     request is using and no event stream watches leave memory, least recently used first
//     (they load back from the store when asked for); past 90% new expensive work (odds,
//     reach, path, replay, measure, creating a game) is answered 503 with Retry-After until
//     memory falls back.
//
// Expensive work also runs in a bounded number of slots at once (one per two cores, at least
// one), so that many clients asking at the same moment cannot each hold a planner's working
// memory together, and the players' steps always have a core a planner is not using; and a request that leaves the runtime holding much more than before (a planner run
// on a big map is 100 MB of garbage) has that memory given back to the system at once.

// Default budgets.
const (
	// DefaultCacheTotal is the most bytes of kept answers all games together hold.
	DefaultCacheTotal = 256 << 20
	// workWait bounds how long an expensive request waits for a free slot.
	workWait = 10 * time.Second
	// retryAfter is the Retry-After, in seconds, of an answer refused for memory or a slot.
	retryAfter = 5
)

// memWatchEvery is how often a server with a memory limit reads the runtime's memory.
var memWatchEvery = 100 * time.Millisecond

// Pressure levels, as fractions of Config.MemoryLimit.
const (
	shedAt   = 0.70
	evictAt  = 0.80
	refuseAt = 0.90
)

// memory is the server's memory budget at work.
type memory struct {
	slots chan struct{} // one token per expensive request running
	tight atomic.Bool   // over refuseAt: new expensive work is refused
	// giving: a collection that gives memory back to the system is due or running; gaveAt
	// is when the last one ended (Unix nanoseconds).
	giving atomic.Bool
	gaveAt atomic.Int64
	// read gives the process's memory as the budget counts it (runtime/metrics; tests
	// replace it).
	read func() uint64
	// share meters all expensive work together (workshare.go).
	share *workShare
}

func newMemory(share float64) *memory {
	return &memory{slots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)), read: liveMemory, share: newWorkShare(share)}
}

// heldMemory is the memory the Go runtime holds from the system less what it has given back:
// what the garbage collector's own memory limit counts, and about the resident size.
func heldMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// liveMemory is the memory the process needs: the heap the last collection found live, and
// everything the runtime holds outside the heap. It is what the pressure levels read: the
// garbage between collections is not pressure (at GOGC=400 the heap grows to five times what
// is live, and with a memory limit to the limit, by design), and the collector's soft limit
// takes care of it.
func liveMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/released:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(s)
	v := func(i int) uint64 { return s[i].Value.Uint64() }
	heap := v(2) + v(3) + v(4) + v(5)
	return v(1) + v(0) - min(heap, v(0))
}

// heavy runs h as expensive work: refused 503 with Retry-After while memory is tight, and run
// in one of the server's slots within the work share. A request refused anyway is refused
// before any of that (refusedCheaply). (A request that made its game keep more has every
// game's answers brought back within CacheTotal before it is answered: withGame.)
func (s *Server) heavy(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.refusedCheaply(w, r) {
			return
		}
		if s.cfg.MemoryLimit > 0 && s.mem.tight.Load() {
			s.relieve() // it may have fallen since the last look
			if s.mem.tight.Load() {
				busy(w, "the server is short of memory now: try again in a few seconds")
				return
			}
		}
		deadline := time.Now().Add(workWait)
		timer := time.NewTimer(workWait)
		defer timer.Stop()
		select {
		case s.mem.slots <- struct{}{}:
		case <-timer.C:
			busy(w, "the server is busy with other expensive requests: try again in a few seconds")
			return
		case <-r.Context().Done():
			return
		}
		defer func() { <-s.mem.slots }()
		if !s.waitShare(w, r, deadline) {
			return
		}
		before, start := heldMemory(), time.Now()
		h(&dueAfterWork{ResponseWriter: w, timeout: s.cfg.WriteTimeout}, r)
		took := time.Since(start)
		s.mem.share.charge(time.Now(), took)
		if worked, ok := r.Context().Value(workKey{}).(*time.Duration); ok {
			*worked += took // the rate limits charge it (RateLimits.Work)
		}
		if heldMemory() > before+giveBackAfter {
			s.giveBack()
		}
	}
}

// refusedCheaply answers, and reports, an expensive request that would be refused before any
// work: a body declared over the server's cap (413), a game that does not exist (404), a
// token that does not open the game (403). Its handler makes the same checks again; here they
// keep a request that needs no turn at expensive work from waiting for one, or being shed 503
// while the server is busy.
func (s *Server) refusedCheaply(w http.ResponseWriter, r *http.Request) bool {
	if declaredTooBig(w, r, "the request", int64(s.cfg.Limits.Body), rules.LimitBody) {
		return true
	}
	if r.PathValue("id") == "" || !strings.Contains(r.Pattern, " /api/games/{id}") {
		return false
	}
	l, _, ok := s.open(w, r)
	if ok {
		l.mu.Unlock()
	}
	return !ok
}

// giveBackAfter is how much a request may leave the runtime holding before the server
// collects and gives the memory back to the system at once, rather than keeping it for the
// next (the collector, at GOGC=400, would let the heap grow to five times what is live).
const giveBackAfter = 32 << 20

// giveBackEvery is the least time between two collections that give memory back: each is a
// whole collection, and under load many requests grow the heap.
var giveBackEvery = 5 * time.Second

// giveBack collects and returns freed memory to the system, in the background: at once, or,
// within giveBackEvery of the last, when that has passed. One is due at a time; it gives back
// what every request before it left.
func (s *Server) giveBack() {
	if !s.mem.giving.CompareAndSwap(false, true) {
		return // one is due: it gives back this request's too
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.mem.giving.Store(false)
		if wait := time.Until(time.Unix(0, s.mem.gaveAt.Load()).Add(giveBackEvery)); wait > 0 {
			select {
			case <-time.After(wait):
			case <-s.stop:
				return
			}
		}
		debug.FreeOSMemory()
		s.mem.gaveAt.Store(time.Now().UnixNano())
	}()
}

// workKey is the request's context key of the time its heavy work took (a *time.Duration),
// when the rate limits count it.
type workKey struct{}

// busy answers 503 with Retry-After.
func busy(w http.ResponseWriter, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	fail(w, http.StatusServiceUnavailable, "%s", msg)
}

// cacher is l's game as a rules.Cacher, nil if its ruleset keeps no answers.
func cacher(l *live) rules.Cacher {
	c, _ := l.g.Rules().(rules.Cacher)
	return c
}

// limitCache sets a game's own budget, as it comes into memory.
func (s *Server) limitCache(l *live) {
	if c := cacher(l); c != nil {
		c.SetCacheLimit(s.cfg.CacheLimit)
	}
}

// byUse is the games in memory, least recently used first.
func (s *Server) byUse() []*live {
	all := s.inMemory()
	used := make(map[*live]int64, len(all)) // read once: requests go on meanwhile
	for _, l := range all {
		used[l] = l.used.Load()
	}
	sort.SliceStable(all, func(i, j int) bool { return used[all[i]] < used[all[j]] })
	return all
}

// cacheTotal is the bytes of answers the games in memory keep.
func (s *Server) cacheTotal() int64 {
	var n int64
	for _, l := range s.inMemory() {
		if c := cacher(l); c != nil {
			n += c.CacheBytes()
		}
	}
	return n
}

// keepCacheTotal makes the games used least recently forget their answers until all games'
// answers together are within CacheTotal.
func (s *Server) keepCacheTotal() {
	over := s.cacheTotal() - s.cfg.CacheTotal
	if over <= 0 {
		return
	}
	for _, l := range s.byUse() {
		c := cacher(l)
		if c == nil {
			continue
		}
		b := c.CacheBytes()
		c.ShedCache(max(0, b-over))
		over -= b - c.CacheBytes()
		if over <= 0 {
			return
		}
	}
}

// watchMemory runs until Close on a server with a MemoryLimit, relieving memory as it fills.
func (s *Server) watchMemory() { s.every(memWatchEvery, s.relieve) }

// every runs f every d until Close. The caller has counted it in s.wg.
func (s *Server) every(d time.Duration, f func()) {
	defer s.wg.Done()
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			f()
		}
	}
}

// inMemory is the games in memory now.
func (s *Server) inMemory() []*live {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := make([]*live, 0, len(s.games))
	for _, l := range s.games {
		all = append(all, l)
	}
	return all
}

// relieve reads the memory in use and does what its level calls for: shed every game's
// answers, then send idle games out of memory, then refuse new expensive work. Each measure
// is followed by a collection that returns what it freed to the system, so the next reading
// sees it.
func (s *Server) relieve() {
	limit := float64(s.cfg.MemoryLimit)
	used := func() float64 { return float64(s.mem.read()) }
	if used() >= shedAt*limit {
		shed := false
		for _, l := range s.byUse() {
			if c := cacher(l); c != nil && c.CacheBytes() > 0 {
				c.ShedCache(0)
				shed = true
			}
		}
		if shed { // only then: a collection for nothing, every tick, would be a storm of them
			debug.FreeOSMemory()
		}
	}
	if used() >= evictAt*limit {
		s.evictForMemory(func() bool { return used() < shedAt*limit })
	}
	s.mem.tight.Store(used() >= refuseAt*limit)
}

// evictForMemory sends the games no request holds and no event stream watches out of memory,
// least recently used first, until enough is true or none is left; it collects after every
// few so that enough can see what was freed.
func (s *Server) evictForMemory(enough func() bool) {
	n := 0
	for _, l := range s.byUse() {
		if !l.mu.TryLock() {
			continue // a request is using it
		}
		if len(l.subs) == 0 && !l.broken {
			s.drop(l, whyMemory) // a request that found it just before loads it again
			n++
		}
		l.mu.Unlock()
		if n > 0 && n%16 == 0 {
			debug.FreeOSMemory()
			if enough() {
				return
			}
		}
	}
	if n > 0 {
		debug.FreeOSMemory()
	}
}

// dueAfterWork gives an expensive request's answer the whole WriteTimeout from when it starts
// to be written, not from when the request came: the work before it (waiting for a slot, a
// planner run on a big map) is bounded by the slots, not by the client's write deadline.
type dueAfterWork struct {
	http.ResponseWriter
	timeout time.Duration
	started bool
}

func (d *dueAfterWork) start() {
	if !d.started {
		d.started = true
		http.NewResponseController(d.ResponseWriter).SetWriteDeadline(time.Now().Add(d.timeout))
	}
}

func (d *dueAfterWork) WriteHeader(code int) {
	d.start()
	d.ResponseWriter.WriteHeader(code)
}

func (d *dueAfterWork) Write(p []byte) (int, error) {
	d.start()
	return d.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection.
func (d *dueAfterWork) Unwrap() http.ResponseWriter { return d.ResponseWriter }
