package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Bucket is one token-bucket rate: Rate requests a second on average, up to Burst at once.
type Bucket struct {
	Rate  float64
	Burst int
}

// RateLimits are the limits on each client address's requests (issue 22). A client is the
// connection's address, or, when that is one of TrustedProxies, the nearest address in
// X-Forwarded-For that is not; an IPv6 client is its /64, which one machine usually holds
// whole. Past a limit the answer is 429 with Retry-After.
type RateLimits struct {
	Create    Bucket // POST /api/games, and writing saved maps
	Steps     Bucket // POST .../steps
	Expensive Bucket // odds, reach, path, replay, measure, the editor's parse
	Other     Bucket // everything else: states, logs, pages, static files
	// Concurrent bounds the expensive reads one client may have running at once, Streams the
	// event streams it may hold open.
	Concurrent, Streams int
	// Work is the work one expensive token pays for: a request whose work (once it has its
	// slot: memory.go) took longer costs one more token per Work of it, so a client's share
	// of the server's cores is bounded, not only its count of requests (0: no charge for
	// work).
	Work time.Duration
	// TrustedProxies are the addresses of the proxies in front of the server whose
	// X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// Clients bounds how many clients' buckets are kept; past it the idlest are forgotten.
	Clients int
}

// DefaultRateLimits are generous for a person at a table and tight for a script: a game
// created every 6 s (10 at once), 20 steps a second, 10 expensive reads a second (4 at
// once; each 20 ms of work past the first costs one more), 50 other requests a second, 16
// event streams.
func DefaultRateLimits() RateLimits {
	return RateLimits{
		Create:     Bucket{Rate: 1.0 / 6, Burst: 10},
		Steps:      Bucket{Rate: 20, Burst: 40},
		Expensive:  Bucket{Rate: 10, Burst: 20},
		Other:      Bucket{Rate: 50, Burst: 200},
		Concurrent: 4,
		Streams:    16,
		Work:       20 * time.Millisecond,
		Clients:    100_000,
	}
}

// ParseProxies reads a comma-separated list of CIDR prefixes (or single addresses).
func ParseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %v", f, err)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %v", f, err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// class is what a request costs the server: its route's (the route table, routes.go).
type class uint8

const (
	classOther class = iota
	classCreate
	classSteps
	classExpensive
	classStream
)

// classNames name each class in a 429's message.
var classNames = [...]string{"requests", "games created", "steps", "expensive reads (odds, reach, path, replay, measure, the map grid...)", "event streams"}

// charge takes from cl's expensive bucket a token for each Work of worked past the first,
// which the admitting token paid. The bucket may go below zero, down to a minute of its rate:
// the client waits until its work is paid for. The caller holds l.mu.
func (l *limiter) charge(cl *visitor, worked time.Duration) {
	if l.cfg.Work <= 0 || worked <= l.cfg.Work {
		return
	}
	extra := math.Ceil(float64(worked)/float64(l.cfg.Work)) - 1
	floor := -60 * l.cfg.Expensive.Rate
	cl.tokens[classExpensive] = math.Max(floor, cl.tokens[classExpensive]-extra)
}

// limiter keeps each client's buckets and running counts.
type limiter struct {
	cfg     RateLimits
	mu      sync.Mutex
	clients map[netip.Prefix]*visitor
	now     func() time.Time
}

type visitor struct {
	tokens  [4]float64 // by class: other, create, steps, expensive
	last    time.Time
	running int // expensive reads
	streams int
}

func newLimiter(cfg RateLimits) *limiter {
	if cfg.Clients <= 0 {
		cfg.Clients = 100_000
	}
	return &limiter{cfg: cfg, clients: map[netip.Prefix]*visitor{}, now: time.Now}
}

func (l *limiter) bucket(c class) Bucket {
	switch c {
	case classCreate:
		return l.cfg.Create
	case classSteps:
		return l.cfg.Steps
	case classExpensive:
		return l.cfg.Expensive
	}
	return l.cfg.Other
}

// admit takes the token of the request's class c, or answers 429 and returns false. release,
// called when the request is done, frees its place among the client's running requests.
func (l *limiter) admit(w http.ResponseWriter, r *http.Request, c class) (release func(worked time.Duration), ok bool) {
	who := l.clientOf(r)
	l.mu.Lock()
	cl := l.visitor(who)
	// An event stream is counted while open; it takes a token of the Other class to open.
	tc := c
	if c == classStream {
		tc = classOther
	}
	b := l.bucket(tc)
	now := l.now()
	for i := range cl.tokens {
		bi := l.bucket(class(i))
		cl.tokens[i] = math.Min(float64(bi.Burst), cl.tokens[i]+now.Sub(cl.last).Seconds()*bi.Rate)
	}
	cl.last = now
	var wait float64
	switch {
	case cl.tokens[tc] < 1:
		wait = (1 - cl.tokens[tc]) / b.Rate
	case c == classExpensive && l.cfg.Concurrent > 0 && cl.running >= l.cfg.Concurrent:
		wait = 1
	case c == classStream && l.cfg.Streams > 0 && cl.streams >= l.cfg.Streams:
		wait = 5
	}
	if wait > 0 {
		l.mu.Unlock()
		secs := int(math.Ceil(math.Min(wait, 3600)))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		fail(w, http.StatusTooManyRequests, "too many %s from %s: try again in %d s (the server's rate limits; docs/api.md)", classNames[c], who, secs)
		return nil, false
	}
	cl.tokens[tc]--
	switch c {
	case classExpensive:
		cl.running++
	case classStream:
		cl.streams++
	}
	l.mu.Unlock()
	return func(worked time.Duration) {
		l.mu.Lock()
		switch c {
		case classExpensive:
			cl.running--
			l.charge(cl, worked)
		case classStream:
			cl.streams--
		}
		l.mu.Unlock()
	}, true
}

// visitor finds or makes the client's entry. The caller holds l.mu. When too many clients are
// kept, the idle ones (full buckets, nothing running) are forgotten first, then any.
func (l *limiter) visitor(who netip.Prefix) *visitor {
	if cl := l.clients[who]; cl != nil {
		return cl
	}
	if len(l.clients) >= l.cfg.Clients {
		l.forget()
	}
	cl := &visitor{last: l.now()}
	for i := range cl.tokens {
		cl.tokens[i] = float64(l.bucket(class(i)).Burst)
	}
	l.clients[who] = cl
	return cl
}

// forget drops clients until a tenth of the room is free: those idle for a minute first.
func (l *limiter) forget() {
	target := l.cfg.Clients - l.cfg.Clients/10 - 1
	old := l.now().Add(-time.Minute)
	for k, cl := range l.clients {
		if len(l.clients) <= target {
			return
		}
		if cl.running == 0 && cl.streams == 0 && cl.last.Before(old) {
			delete(l.clients, k)
		}
	}
	for k, cl := range l.clients {
		if len(l.clients) <= target {
			return
		}
		if cl.running == 0 && cl.streams == 0 {
			delete(l.clients, k)
		}
	}
}

// clientOf is the request's client: the connection's address, or from a trusted proxy the
// X-Forwarded-For address nearest to the server that is not itself a trusted proxy.
func (l *limiter) clientOf(r *http.Request) netip.Prefix {
	addr := remoteAddr(r.RemoteAddr)
	if l.trusted(addr) {
		hops := r.Header.Values("X-Forwarded-For")
		var all []string
		for _, h := range hops {
			all = append(all, strings.Split(h, ",")...)
		}
		for i := len(all) - 1; i >= 0; i-- {
			a, err := netip.ParseAddr(strings.TrimSpace(all[i]))
			if err != nil {
				break // a hop we cannot read: the last good one stands
			}
			addr = a.Unmap().WithZone("")
			if !l.trusted(addr) {
				break
			}
		}
	}
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p
	}
	return netip.PrefixFrom(addr, addr.BitLen())
}

func (l *limiter) trusted(a netip.Addr) bool {
	for _, p := range l.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// remoteAddr reads a connection's host:port (the zero address, one client, if unreadable).
func remoteAddr(s string) netip.Addr {
	host, _, err := net.SplitHostPort(s)
	if err != nil {
		host = s
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.IPv4Unspecified()
	}
	return a.Unmap().WithZone("") // a zone names the server's interface, not the client
}
