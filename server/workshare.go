package server

import (
	"net/http"
	"runtime"
	"sync"
	"time"
)

// The work share. Expensive work runs in few slots at once (memory.go), and each client
// address pays for its own by the rate limits (RateLimits.Work); but many addresses together,
// each within its limits, can keep every slot busy all evening, and a busy slot is a core the
// players' steps do not have. The work share meters all expensive work together against a
// part of the machine's cores (Config.WorkShare, a quarter by default): work done is a debt,
// paid back at that part of a second per second; while the debt is over a burst (two seconds
// of work, so that one big planner run on an idle server starts at once), new expensive work
// waits for it to fall, or, when the wait would pass the slot's, is answered 503 with
// Retry-After at once.

// DefaultWorkShare is the part of the machine's cores expensive work may take over time.
const DefaultWorkShare = 0.25

// workBurst is the expensive work that may run on a server that has done none lately.
const workBurst = 2 * time.Second

// workShare is the debt of expensive work done, paid back at rate seconds a second.
type workShare struct {
	rate  float64 // seconds of work paid back per second; 0: not metered
	burst time.Duration
	mu    sync.Mutex
	debt  time.Duration // work done and not yet paid back
	at    time.Time     // when debt was last brought up to date
}

// newWorkShare meters work against share of GOMAXPROCS cores (0: DefaultWorkShare; a share
// that leaves a slot always free to run is no meter at all).
func newWorkShare(share float64) *workShare {
	if share <= 0 {
		share = DefaultWorkShare
	}
	rate := share * float64(runtime.GOMAXPROCS(0))
	if rate >= float64(max(1, runtime.GOMAXPROCS(0)/2)) { // the slots bound it already
		rate = 0
	}
	return &workShare{rate: rate, burst: workBurst}
}

// wait is how long new work must wait, from now, for the debt to fall to the burst.
func (w *workShare) wait(now time.Time) time.Duration {
	if w.rate == 0 {
		return 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.settle(now)
	if w.debt <= w.burst {
		return 0
	}
	return time.Duration(float64(w.debt-w.burst) / w.rate)
}

// charge adds work d, done by now.
func (w *workShare) charge(now time.Time, d time.Duration) {
	if w.rate == 0 {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.settle(now)
	w.debt += d
}

// settle pays back the debt for the time since it was last brought up to date. The caller
// holds w.mu.
func (w *workShare) settle(now time.Time) {
	if !w.at.IsZero() && now.After(w.at) {
		w.debt = max(0, w.debt-time.Duration(float64(now.Sub(w.at))*w.rate))
	}
	if now.After(w.at) {
		w.at = now
	}
}

// waitShare waits, holding a slot, until the work share lets expensive work start; when that
// would be after deadline it answers 503 with Retry-After at once, and false, as it does when
// the client leaves.
func (s *Server) waitShare(w http.ResponseWriter, r *http.Request, deadline time.Time) bool {
	now := time.Now()
	d := s.mem.share.wait(now)
	if d == 0 {
		return true
	}
	if now.Add(d).After(deadline) {
		busy(w, "the server has given expensive requests all the time it gives them for now: try again in a few seconds")
		return false
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}
