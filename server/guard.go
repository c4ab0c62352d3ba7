package server

import (
	"context"
	"net/http"
	"os"
	"runtime/debug"
	"time"
)

// orDefault is d, or def when d is 0.
func orDefault(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

// HTTPServer is an http.Server for the server's handler with its timeouts: headers within
// 10 s, a whole request within ReadTimeout, an idle kept-alive connection closed after
// IdleTimeout. Each answer's writing is bounded by WriteTimeout in the handler itself (an
// event stream renews it per event, so the http.Server's own WriteTimeout is left unset).
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: min(10*time.Second, s.cfg.ReadTimeout),
		ReadTimeout:       s.cfg.ReadTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
	}
}

// guard puts every request behind the rate limits (when configured), gives its answer a
// write deadline (a client that stops reading is cut off, not waited for) and refuses one
// whose path or query holds a control character (plainRequest).
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.rate != nil {
			release, ok := s.rate.admit(w, r, s.mux.classOf(r))
			if !ok {
				return
			}
			worked := new(time.Duration) // what heavy work the request did: the limiter charges it
			r = r.WithContext(context.WithValue(r.Context(), workKey{}, worked))
			defer func() { release(*worked) }()
		}
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		if !plainRequest(w, r) {
			return
		}
		next.ServeHTTP(w, r)
	})
}

// evictIdle runs until Close: every so often it drops from memory the games that no request
// has locked for IdleEvict and that have no event stream open. They load back from the store
// on their next request, as after a restart.
func (s *Server) evictIdle() {
	every := min(s.cfg.IdleEvict/4, time.Minute)
	s.every(max(every, 10*time.Millisecond), func() { s.evictOlder(time.Now().Add(-s.cfg.IdleEvict)) })
}

// evictOlder drops the games last used before cutoff that no event stream watches. It
// returns how many it dropped.
func (s *Server) evictOlder(cutoff time.Time) int {
	n := 0
	for _, l := range s.inMemory() {
		l.mu.Lock()
		if len(l.subs) == 0 && !l.broken && l.used.Load() < cutoff.UnixNano() {
			s.drop(l, whyIdle)
			n++
		}
		l.mu.Unlock()
	}
	return n
}

// GCPercent is the garbage collector's target `umpire serve` runs with unless GOGC is set: a
// heap may grow to five times what is live before a collection, not twice. A server's live
// heap is its games in memory (idle ones leave it), and under load the collections were most
// of a step's p99 (BenchmarkLoad at 2,000 steps a second: 18-23 ms at Go's default of 100,
// 8-11 ms at 400).
const GCPercent = 400

// TuneGC sets the collector's target to GCPercent, unless the GOGC environment variable says
// otherwise; restore puts back what it replaced. A soft memory limit (GOMEMLIMIT, or
// `umpire serve --memory-limit`) makes the collector work sooner when memory runs short.
func TuneGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(GCPercent)
	return func() { debug.SetGCPercent(old) }
}
