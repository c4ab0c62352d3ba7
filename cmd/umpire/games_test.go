package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
	"github.com/umpire-referee/umpire/server"
	"github.com/umpire-referee/umpire/store"
)

// storeOf is a new, empty store of the kind: a SQLite file in the test's directory, or a
// PostgreSQL schema of the test's own (skipped without UMPIRE_TEST_POSTGRES). It gives the
// store's address as --db takes it.
func storeOf(t *testing.T, kind string) string {
	if kind == "sqlite" {
		return filepath.Join(t.TempDir(), "games.db")
	}
	url := os.Getenv("UMPIRE_TEST_POSTGRES")
	if url == "" {
		needs.Missing(t, "UMPIRE_TEST_POSTGRES is not set: no PostgreSQL server to test against (scripts/test starts one)")
	}
	return pgtest.Isolated(t, url)
}

// withStore runs f on the store at db, closed after.
func withStore(t *testing.T, db string, f func(st store.Store)) {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f(st)
}

// scenarioFile is a scenario of the repository's.
func scenarioFile(t *testing.T, path string) []byte {
	data, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestGamesList: `umpire games` lists a store's games in aligned columns, the last changed
// first (a game played now before games made earlier; games without steps by their making),
// with each one's ruleset as its scenario names it; an empty store says so. Both stores.
func TestGamesList(t *testing.T) {
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			db := storeOf(t, kind)
			withStore(t, db, func(st store.Store) {})
			code, out, errs := runCmd("games", "--db", db)
			if want := "no games in " + where(db) + " yet"; code != 0 || !strings.HasPrefix(out, want) {
				t.Errorf("an empty store: exit %d, %q %q; want %q", code, out, errs, want)
			}
			day := time.Date(2026, 11, 30, 20, 15, 0, 0, time.UTC)
			withStore(t, db, func(st store.Store) {
				for i, g := range []struct{ id, name, file string }{
					{"aslGame", "Board 2 at dusk", "cmd/umpire/demo/demo.yaml"},
					{"lhyGame", "The farm", "server/demo-lhy.yaml"},
					{"lwGame", "Mill Brook", "server/demo-lw.yaml"},
				} {
					rec := store.Game{ID: g.id, Name: g.name, Scenario: scenarioFile(t, g.file),
						Tokens: map[string][]byte{server.Referee: {1}}, Created: day.Add(time.Duration(i) * time.Hour).UnixNano()}
					if err := st.Create(context.Background(), rec); err != nil {
						t.Fatal(err)
					}
				}
				if err := st.AppendAll(context.Background(), "aslGame", []game.Entry{{N: 1, Line: "a"}, {N: 2, Line: "b"}}); err != nil {
					t.Fatal(err)
				}
			})
			code, out, errs = runCmd("games", "--db", db)
			want := regexp.MustCompile(`^ID       NAME             RULESET        STEPS  LAST CHANGE \(UTC\)
aslGame  Board 2 at dusk  ASL            2      ` + time.Now().UTC().Format("2006-01-02") + ` \d\d:\d\d:\d\d
lwGame   Mill Brook       Lightning War  0      2026-11-30 22:15:00
lhyGame  The farm         LHY            0      2026-11-30 21:15:00
3 games in ` + regexp.QuoteMeta(where(db)) + `\. New links for one \(its old links stop working\): umpire games --new-links ID
$`)
			if code != 0 || errs != "" || !want.MatchString(out) {
				t.Errorf("exit %d, stderr %q, listed:\n%s\nwant:\n%s", code, errs, out, want)
			}
		})
	}
}

// TestGamesNewLinks: `umpire games --new-links ID` prints a link per role (the referee first,
// each side, the spectator last) after --base or serve's default address, and the store then
// holds each new token's digest; the refusals (an unknown game, a bad --base, an argument, a
// misspelt flag, a store that is not there) say what is wrong and change no game's links.
func TestGamesNewLinks(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	var lw *server.Created
	withStore(t, db, func(st store.Store) {
		var err error
		lw, err = server.New(server.Config{Store: st}).DemoLW(context.Background())
		if err != nil {
			t.Fatal(err)
		}
	})
	digests := func() map[string][]byte {
		var toks map[string][]byte
		withStore(t, db, func(st store.Store) {
			var err error
			if toks, err = st.Tokens(context.Background(), lw.ID); err != nil {
				t.Fatal(err)
			}
		})
		return toks
	}
	missing := filepath.Join(t.TempDir(), "typo.db")
	cases := []struct {
		name   string
		args   []string
		code   int
		base   string // the links' address; "" for a refusal
		stderr string
	}{
		{"serve's default address", []string{"--new-links", lw.ID}, 0, "http://127.0.0.1:8080", ""},
		{"--base", []string{"--new-links", lw.ID, "--base", "https://umpire.example.org/"}, 0, "https://umpire.example.org", ""},
		{"an unknown game", []string{"--new-links", "nope"}, 1, "", `no game "nope" in this store: ` + "`umpire games`" + ` lists its games and their ids`},
		{"a base that is no address", []string{"--new-links", lw.ID, "--base", "umpire.example.org"}, 2, "", `--base "umpire.example.org" is not a server's address: give it as umpire serve printed it, http://HOST:PORT`},
		{"an argument", []string{lw.ID}, 2, "", `umpire games takes flags only, not "` + lw.ID + `" (new links for a game: --new-links ID)`},
		{"a misspelt flag", []string{"--new-link", lw.ID}, 2, "", "umpire games: unknown flag --new-link\numpire games: did you mean --new-links?"},
		{"no such store", []string{"--new-links", lw.ID, "--db", missing}, 1, "", "--db " + missing + ": no such store"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := digests()
			args := append([]string{"games", "--db", db}, c.args...)
			code, out, errs := runCmd(args...)
			if code != c.code || !strings.Contains(errs, c.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d, %q", code, errs, c.code, c.stderr)
			}
			after := digests()
			if c.base == "" {
				if out != "" || !bytesMapEqual(before, after) {
					t.Errorf("a refusal printed %q and changed the links from %x to %x", out, before, after)
				}
				if _, err := os.Stat(missing); err == nil {
					t.Errorf("a store that was not there was made: %s", missing)
				}
				return
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if want := `new links for game "` + lw.Name + `" (Lightning War, ` + lw.ID + `): the old links no longer open it`; lines[0] != want {
				t.Errorf("first line %q, want %q", lines[0], want)
			}
			roles := []string{server.Referee, "German", "Russian", server.Spectator}
			if len(lines) != len(roles)+2 || !strings.Contains(lines[len(lines)-1], "--base URL") {
				t.Fatalf("printed:\n%s", out)
			}
			for i, role := range roles {
				f := strings.Fields(lines[i+1])
				prefix := c.base + "/play/" + lw.ID + "?k="
				if len(f) != 2 || f[0] != role || !strings.HasPrefix(f[1], prefix) {
					t.Errorf("line %q, want %s %sTOKEN", lines[i+1], role, prefix)
					continue
				}
				sum := sha256.Sum256([]byte(strings.TrimPrefix(f[1], prefix)))
				if !bytes.Equal(after[role], sum[:]) || bytes.Equal(before[role], sum[:]) {
					t.Errorf("%s's new link is not the one the store now holds", role)
				}
			}
		})
	}
}

// bytesMapEqual: a and b hold the same bytes under the same keys.
func bytesMapEqual(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !bytes.Equal(b[k], v) {
			return false
		}
	}
	return true
}
