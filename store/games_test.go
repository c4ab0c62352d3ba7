package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/umpire-referee/umpire/game"
)

// TestGamesListed: the list of games gives each game's record (no token digests), its number
// of steps and when it last changed (its last step's saving, else its creation), the last
// changed first, on a database of its own of each kind.
func TestGamesListed(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			s, err := Open(context.Background(), freshDatabase(t, kind))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			if got, err := s.Games(ctx); err != nil || len(got) != 0 {
				t.Fatalf("an empty store lists %+v, %v", got, err)
			}
			hour := time.Hour.Nanoseconds()
			now := time.Now().UnixNano()
			made := func(id string, created int64) Game {
				g := Game{ID: id, Name: "game " + id, Scenario: []byte("ruleset: lhy\n# " + id + "\n"),
					Tokens: map[string][]byte{"referee": {1}}, Created: created}
				if err := s.Create(ctx, g); err != nil {
					t.Fatal(err)
				}
				return g
			}
			old := made("old", now-3*hour)       // no steps: changed when made
			played := made("played", now-4*hour) // made first, played now
			recent := made("recent", now-1*hour) // no steps, made after old
			before := time.Now().UnixNano()
			if err := s.AppendAll(ctx, played.ID, []game.Entry{{N: 1, Line: "a"}, {N: 2, Line: "b"}}); err != nil {
				t.Fatal(err)
			}
			after := time.Now().UnixNano()
			got, err := s.Games(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 3 {
				t.Fatalf("listed %d games, want 3: %+v", len(got), got)
			}
			if c := got[0].Changed; c < before || c > after {
				t.Errorf("the played game changed at %d, want its last step's saving, between %d and %d", c, before, after)
			}
			got[0].Changed = 0
			want := []Listed{
				{ID: played.ID, Name: played.Name, Scenario: played.Scenario, Created: played.Created, Steps: 2},
				{ID: recent.ID, Name: recent.Name, Scenario: recent.Scenario, Created: recent.Created, Changed: recent.Created},
				{ID: old.ID, Name: old.Name, Scenario: old.Scenario, Created: old.Created, Changed: old.Created},
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("listed\n %+v\nwant\n %+v", got, want)
			}
		})
	}
}

// TestReplaceTokens: a game's token digests are replaced all together when the caller knows
// the current ones; with stale ones (replaced meanwhile) it is ErrConflict and nothing changes;
// an unknown game is ErrNotFound. Tokens reads the digests alone.
func TestReplaceTokens(t *testing.T) {
	stores(t, func(t *testing.T, open func() Store) {
		s := open()
		defer s.Close()
		ctx := context.Background()
		g := newGame(t, s)
		fresh := map[string][]byte{"German": {9, 9}, "spectator": {8}}
		if got, err := s.Tokens(ctx, g.ID); err != nil || !reflect.DeepEqual(got, g.Tokens) {
			t.Fatalf("tokens %v, %v; want %v", got, err, g.Tokens)
		}
		cases := []struct {
			name     string
			id       string
			was, now map[string][]byte
			want     error
			after    map[string][]byte
		}{
			{"current digests", g.ID, g.Tokens, fresh, nil, fresh},
			{"stale digests", g.ID, g.Tokens, map[string][]byte{"German": {7}, "spectator": {7}}, ErrConflict, fresh},
			{"a role missing", g.ID, map[string][]byte{"German": {9, 9}}, g.Tokens, ErrConflict, fresh},
			{"no such game", "no-such-game", g.Tokens, fresh, ErrNotFound, fresh},
		}
		for _, c := range cases {
			err := s.ReplaceTokens(ctx, c.id, c.was, c.now)
			if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
			if got, err := s.Tokens(ctx, g.ID); err != nil || !reflect.DeepEqual(got, c.after) {
				t.Errorf("%s: the game's digests are then %v, %v; want %v", c.name, got, err, c.after)
			}
		}
		rec, err := s.Game(ctx, g.ID)
		if want := (Game{ID: g.ID, Name: g.Name, Scenario: g.Scenario, Tokens: fresh, Created: g.Created}); err != nil || !reflect.DeepEqual(rec, want) {
			t.Errorf("the game reads %+v, %v; want %+v (only its digests new)", rec, err, want)
		}
		if _, err := s.Tokens(ctx, "no-such-game"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the tokens of an unknown game: %v, want ErrNotFound", err)
		}
	})
}
