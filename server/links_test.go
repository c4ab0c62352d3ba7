package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/store"
)

// roleOf is the role the server gives a token for game id: its state's role, "" when the
// link is refused (403, with the refusal's message checked).
func roleOf(t *testing.T, s *Server, id, token string) string {
	t.Helper()
	w := call(s, "GET", "/api/games/"+id, token, nil)
	if w.Code == http.StatusForbidden {
		if !strings.Contains(w.Body.String(), "this link does not open game "+id) {
			t.Errorf("a refused link answers %s", w.Body.String())
		}
		return ""
	}
	var v struct {
		Role string `json:"role"`
	}
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &v) != nil {
		t.Fatalf("GET the game: %d %s", w.Code, w.Body.String())
	}
	return v.Role
}

// TestNewLinks: new links for a game (as `umpire games --new-links` issues them) give every
// role a new token: on the server that has the game in memory, and on one started afresh on
// the store, each new link opens the game as its role and no old one opens it; an event stream
// opened with an old link ends. An unknown game is store.ErrNotFound and changes nothing.
func TestNewLinks(t *testing.T) {
	defer func(old time.Duration) { tokenRecheck = old }(tokenRecheck)
	tokenRecheck = 0 // every request reads the digests again (the default: every 5 s)
	ctx := context.Background()
	st := openStore(t)
	s := New(Config{Store: st, Logf: t.Logf})
	old, err := s.Demo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	stream, err := http.Get(hs.URL + "/api/games/" + old.ID + "/events?k=" + old.Tokens[Spectator])
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	events := bufio.NewReader(stream.Body)
	if line, _ := events.ReadString('\n'); line != "event: hello\n" {
		t.Fatalf("the stream began %q", line)
	}

	fresh, err := NewLinks(ctx, st, old.ID)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.ID != old.ID || fresh.Name != old.Name || fresh.Ruleset != old.Ruleset || fresh.N != old.N || !reflect.DeepEqual(fresh.Sides, old.Sides) {
		t.Errorf("new links for %+v, want those of %+v", fresh, old)
	}
	roles := func(m map[string]string) []string {
		var out []string
		for r := range m {
			out = append(out, r)
		}
		sort.Strings(out)
		return out
	}
	if !reflect.DeepEqual(roles(fresh.Links), roles(old.Links)) {
		t.Fatalf("new links for the roles %v, want %v", roles(fresh.Links), roles(old.Links))
	}
	for _, srv := range []struct {
		name string
		s    *Server
	}{{"the running server", s}, {"a server started afresh", New(Config{Store: st})}} {
		for role := range old.Tokens {
			if got := roleOf(t, srv.s, old.ID, old.Tokens[role]); got != "" {
				t.Errorf("%s: the old %s link still opens the game as %s", srv.name, role, got)
			}
			if got := roleOf(t, srv.s, old.ID, fresh.Tokens[role]); got != role {
				t.Errorf("%s: the new %s link opens the game as %q", srv.name, role, got)
			}
			if !strings.HasSuffix(fresh.Links[role], "?k="+fresh.Tokens[role]) || fresh.Tokens[role] == old.Tokens[role] {
				t.Errorf("%s's new link %s (old token %s)", role, fresh.Links[role], old.Tokens[role])
			}
		}
	}
	ended := make(chan error, 1)
	go func() {
		for {
			if _, err := events.ReadString('\n'); err != nil {
				ended <- err
				return
			}
		}
	}()
	select {
	case <-ended:
	case <-time.After(streamBound):
		t.Error("the event stream opened with an old link is still open")
	}

	if _, err := NewLinks(ctx, st, "no-such-game"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("new links for an unknown game: %v, want ErrNotFound", err)
	}
	if got := roleOf(t, s, old.ID, fresh.Tokens[Referee]); got != Referee {
		t.Errorf("after the refused new links, the referee's link opens the game as %q", got)
	}
}

// TestNewLinksEndIdleStreams: an event stream opened with a link since replaced ends at its
// keep-alive even if no request comes for the game.
func TestNewLinksEndIdleStreams(t *testing.T) {
	defer func(old, tick time.Duration) { tokenRecheck, streamTick = old, tick }(tokenRecheck, streamTick)
	tokenRecheck, streamTick = 0, 10*time.Millisecond // a keep-alive every 100 ms
	st := openStore(t)
	s := New(Config{Store: st, Logf: t.Logf})
	c, err := s.Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	stream, err := http.Get(hs.URL + "/api/games/" + c.ID + "/events?k=" + c.Tokens["German"])
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if _, err := NewLinks(context.Background(), st, c.ID); err != nil {
		t.Fatal(err)
	}
	ended := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(stream.Body)
		ended <- b
	}()
	select {
	case b := <-ended:
		if !strings.HasPrefix(string(b), "event: hello") {
			t.Errorf("the stream said %q", b)
		}
	case <-time.After(streamBound):
		t.Error("an idle event stream opened with an old link is still open")
	}
}

// FuzzTokensAfterNewLinks: after a game's links were replaced, any token given for it (an old
// one, a new one, one altered, anything) opens it only if it is one of the new tokens, as its
// role; every other is a 403 with JSON (a 400 for text no token may hold, as a control
// character), never a panic or a 5xx.
func FuzzTokensAfterNewLinks(f *testing.F) {
	defer func(old time.Duration) { tokenRecheck = old }(tokenRecheck)
	tokenRecheck = 0
	s := fuzzServer(f)
	old, err := s.Demo(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	fresh, err := NewLinks(context.Background(), s.cfg.Store, old.ID)
	if err != nil {
		f.Fatal(err)
	}
	roleOfToken := map[string]string{}
	for role, tok := range fresh.Tokens {
		roleOfToken[tok] = role
		f.Add(tok)
		f.Add(old.Tokens[role])
		f.Add(tok[:len(tok)-1])
		f.Add(tok + "=")
	}
	f.Add("")
	f.Add("\x00")
	f.Add(strings.Repeat("k", 5000))
	f.Fuzz(func(t *testing.T, tok string) {
		w := call(s, "GET", "/api/games/"+old.ID+"?k="+url.QueryEscape(tok), "", nil)
		var v struct {
			Role  string `json:"role"`
			Error string `json:"error"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
			t.Fatalf("%d: not JSON: %.200q", w.Code, w.Body.Bytes())
		}
		role, isNew := roleOfToken[tok]
		switch {
		case isNew && (w.Code != http.StatusOK || v.Role != role):
			t.Fatalf("the new %s token: %d %+v", role, w.Code, v)
		case !isNew && (w.Code != http.StatusForbidden && w.Code != http.StatusBadRequest || v.Error == ""):
			t.Fatalf("token %.40q opened the game: %d %+v", tok, w.Code, v)
		}
	})
}
