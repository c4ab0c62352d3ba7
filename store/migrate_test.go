package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-referee/umpire/game"
	"github.com/umpire-referee/umpire/internal/needs"
	"github.com/umpire-referee/umpire/internal/pgtest"
)

// kinds are the two stores' names, as the migration tests run on each.
var kinds = []string{"sqlite", "postgres"}

// freshDatabase gives the address of a new, empty database of the kind: a SQLite file in the
// test's directory, or a schema of the test's own on the PostgreSQL of PostgresEnv (skipping
// without it).
func freshDatabase(t *testing.T, kind string) string {
	if kind == "sqlite" {
		return filepath.Join(t.TempDir(), "games.db")
	}
	url := os.Getenv(PostgresEnv)
	if url == "" {
		needs.Missing(t, "%s is not set: no PostgreSQL server to test against (scripts/test starts one)", PostgresEnv)
	}
	return pgtest.Isolated(t, url)
}

// rawDatabase opens the database at addr without the store: no schema made, nothing migrated.
func rawDatabase(t *testing.T, kind, addr string) *sql.DB {
	driver := map[string]string{"sqlite": "sqlite", "postgres": "pgx"}[kind]
	db, err := sql.Open(driver, addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// appliedVersions are the versions recorded in the database's schema table, in order.
func appliedVersions(t *testing.T, db *sql.DB) []int {
	rows, err := db.Query(`SELECT version FROM ` + schemaTable + ` ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// allVersions is 1 ... latest: each migration applied once.
func allVersions() []int {
	var out []int
	for v := 1; v <= latest(); v++ {
		out = append(out, v)
	}
	return out
}

// openTogether opens n stores on addr at the same instant, released together from a barrier as
// servers started at once by a deployment would be. It fails the test for each that did not
// open, and closes those that did when the test ends.
func openTogether(t *testing.T, addr string, n int) []Store {
	stores := make([]Store, n)
	errs := make([]error, n)
	barrier := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-barrier
			stores[i], errs[i] = Open(context.Background(), addr)
		}()
	}
	close(barrier)
	wg.Wait()
	for i, s := range stores {
		if errs[i] != nil {
			t.Errorf("server %d did not start: %v", i, errs[i])
			continue
		}
		t.Cleanup(func() { s.Close() })
	}
	return stores
}

// playTogether has every store create a game, then read every store's game.
func playTogether(t *testing.T, stores []Store) {
	var ids []string
	for _, s := range stores {
		ids = append(ids, newGame(t, s).ID)
	}
	for i, s := range stores {
		for _, id := range ids {
			if _, err := s.Game(context.Background(), id); err != nil {
				t.Errorf("server %d reads game %s: %v", i, id, err)
			}
		}
	}
}

// TestServersStartTogether: four servers open one fresh database at the same instant; every
// one starts, each migration is recorded once, and every store then creates a game and reads
// all four. Without the advisory lock around the migration, concurrent CREATE TABLEs on
// PostgreSQL fail all but one ("duplicate key value violates unique constraint
// pg_type_typname_nsp_index"). A few rounds, each on a database of its own, make a lucky
// ordering unlikely.
func TestServersStartTogether(t *testing.T) {
	const servers, rounds = 4, 3
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			for round := range rounds {
				addr := freshDatabase(t, kind)
				stores := openTogether(t, addr, servers)
				if t.Failed() {
					t.Fatalf("round %d", round)
				}
				if got := appliedVersions(t, rawDatabase(t, kind, addr)); !reflect.DeepEqual(got, allVersions()) {
					t.Errorf("round %d: versions recorded %v, want %v", round, got, allVersions())
				}
				playTogether(t, stores)
			}
		})
	}
}

// TestServersUpgradeTogether: a rolling upgrade. A server of the older umpire runs on a
// database at its version; four servers of a newer umpire (one more migration, which adds a
// table) start at that instant on it. Every one starts, the new migration runs once (it is a
// plain CREATE TABLE: run twice, it fails), the older server still running keeps creating and
// reading games beside them, and an older server started now is refused. Without BEGIN
// IMMEDIATE, SQLite's newer servers all read version 1 and then cannot all write ("database is
// locked"); without the advisory lock, PostgreSQL's run the migration twice. The test swaps the
// package's migrations, so no test may run in parallel with it.
func TestServersUpgradeTogether(t *testing.T) {
	const servers, rounds = 4, 3
	older := migrations
	t.Cleanup(func() { migrations = older })
	for _, c := range []struct{ name, kind, params string }{
		{"sqlite", "sqlite", ""},
		{"postgres", "postgres", ""},
		// A database whose transactions default to REPEATABLE READ: the migration's transaction
		// must not read the version from a snapshot taken before it had the lock.
		{"postgres/repeatable read", "postgres", "&default_transaction_isolation=repeatable%20read"},
	} {
		kind := c.kind
		t.Run(c.name, func(t *testing.T) {
			for round := range rounds {
				migrations = older
				addr := freshDatabase(t, kind) + c.params
				old, err := Open(context.Background(), addr)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { old.Close() })
				migrations = append(older[:len(older):len(older)], func(_, int64Type string) []string {
					return []string{`CREATE TABLE upgrade_test (at ` + int64Type + ` NOT NULL)`}
				})
				stores := openTogether(t, addr, servers)
				if t.Failed() {
					t.Fatalf("round %d", round)
				}
				if got := appliedVersions(t, rawDatabase(t, kind, addr)); !reflect.DeepEqual(got, allVersions()) {
					t.Errorf("round %d: versions recorded %v, want %v", round, got, allVersions())
				}
				playTogether(t, append(stores, old))
				migrations = older
				if s, err := Open(context.Background(), addr); !errors.Is(err, ErrSchemaTooNew) {
					if err == nil {
						s.Close()
					}
					t.Errorf("round %d: an older server started after the upgrade: %v, want ErrSchemaTooNew", round, err)
				}
			}
		})
	}
}

// beforeVersions is the schema exactly as umpire made it before it kept schema versions
// (store/sql.go's CREATE statements then), in each dialect: a database made by that umpire.
var beforeVersions = map[string][]string{}

func init() {
	for kind, types := range map[string][2]string{"sqlite": {"BLOB", "INTEGER"}, "postgres": {"BYTEA", "BIGINT"}} {
		b, i := types[0], types[1]
		beforeVersions[kind] = []string{
			`CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, name TEXT NOT NULL, scenario ` + b +
				` NOT NULL, tokens TEXT NOT NULL, created ` + i + ` NOT NULL)`,
			`CREATE TABLE IF NOT EXISTS steps (game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL,
				line TEXT NOT NULL, rolls TEXT NOT NULL, PRIMARY KEY (game, n))`,
			`CREATE TABLE IF NOT EXISTS maps (name TEXT PRIMARY KEY, ruleset TEXT NOT NULL, data ` + b +
				` NOT NULL, summary TEXT NOT NULL, token ` + b + ` NOT NULL, updated ` + i + ` NOT NULL)`,
		}
	}
}

// TestUpgradeFromBeforeVersions: a database made before schema versions, holding a game with
// two steps and a map, is recognised when a store opens it: its versions are recorded (each
// once, also after opening it again) and the game, its steps and the map read back unchanged.
func TestUpgradeFromBeforeVersions(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			addr := freshDatabase(t, kind)
			db := rawDatabase(t, kind, addr)
			for _, q := range beforeVersions[kind] {
				if _, err := db.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			g := Game{ID: "old-game", Name: "from before versions", Scenario: []byte("ruleset: asl\n"),
				Tokens: map[string][]byte{"German": {0xab, 0xcd}}, Created: 1700000000000000000}
			steps := []game.Entry{{N: 1, Line: "T1 start"}, {N: 2, Line: "T1 enter 2N4"}}
			m := Map{Name: "old-map", Ruleset: "asl", Data: []byte("boards: [2]\n"), Summary: "board 2",
				Token: []byte{1, 2}, Updated: 1700000000000000001}
			for _, q := range []struct {
				sql  string
				args []any
			}{
				{`INSERT INTO games VALUES ($1, $2, $3, $4, $5)`, []any{g.ID, g.Name, g.Scenario, `{"German":"abcd"}`, g.Created}},
				{`INSERT INTO steps VALUES ($1, 1, $2, '')`, []any{g.ID, steps[0].Line}},
				{`INSERT INTO steps VALUES ($1, 2, $2, '')`, []any{g.ID, steps[1].Line}},
				{`INSERT INTO maps VALUES ($1, $2, $3, $4, $5, $6)`, []any{m.Name, m.Ruleset, m.Data, m.Summary, m.Token, m.Updated}},
			} {
				if _, err := db.Exec(q.sql, q.args...); err != nil {
					t.Fatal(err)
				}
			}
			for range 2 {
				s, err := Open(context.Background(), addr)
				if err != nil {
					t.Fatal(err)
				}
				if got := appliedVersions(t, db); !reflect.DeepEqual(got, allVersions()) {
					t.Errorf("versions recorded %v, want %v", got, allVersions())
				}
				ctx := context.Background()
				if got, err := s.Game(ctx, g.ID); err != nil || !reflect.DeepEqual(got, g) {
					t.Errorf("the old game reads %+v, %v; want %+v", got, err, g)
				}
				if got, err := s.Entries(ctx, g.ID, 0); err != nil || !reflect.DeepEqual(got, steps) {
					t.Errorf("the old game's steps read %+v, %v; want %+v", got, err, steps)
				}
				if got, err := s.Map(ctx, m.Name); err != nil || !reflect.DeepEqual(got, m) {
					t.Errorf("the old map reads %+v, %v; want %+v", got, err, m)
				}
				// Its steps were saved before their times were kept: it last changed when made.
				want := []Listed{{ID: g.ID, Name: g.Name, Scenario: g.Scenario, Created: g.Created, Steps: 2, Changed: g.Created}}
				if got, err := s.Games(ctx); err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("the list of games %+v, %v; want %+v", got, err, want)
				}
				s.Close()
			}
		})
	}
}

// TestNewerSchemaRefused: a database a newer umpire migrated (a version above latest recorded)
// is refused with ErrSchemaTooNew, a message naming both versions and saying to upgrade, and
// is left as it was: its versions and its game.
func TestNewerSchemaRefused(t *testing.T) {
	for _, kind := range kinds {
		for _, ahead := range []int{1, 7} {
			t.Run(fmt.Sprintf("%s/%d ahead", kind, ahead), func(t *testing.T) {
				addr := freshDatabase(t, kind)
				s, err := Open(context.Background(), addr)
				if err != nil {
					t.Fatal(err)
				}
				g := newGame(t, s)
				s.Close()
				db := rawDatabase(t, kind, addr)
				newer := latest() + ahead
				if _, err := db.Exec(`INSERT INTO `+schemaTable+` (version, applied) VALUES ($1, 0)`, newer); err != nil {
					t.Fatal(err)
				}
				before := appliedVersions(t, db)
				s, err = Open(context.Background(), addr)
				if err == nil {
					s.Close()
					t.Fatalf("a database at version %d opened with an umpire that knows %d", newer, latest())
				}
				msg := err.Error()
				for _, want := range []string{fmt.Sprintf("schema version %d", newer), fmt.Sprintf("up to %d", latest()), "upgrade this umpire"} {
					if !strings.Contains(msg, want) {
						t.Errorf("the refusal %q does not say %q", msg, want)
					}
				}
				if !errors.Is(err, ErrSchemaTooNew) {
					t.Errorf("the refusal %v is not ErrSchemaTooNew", err)
				}
				if got := appliedVersions(t, db); !reflect.DeepEqual(got, before) {
					t.Errorf("the refusal changed the versions from %v to %v", before, got)
				}
				var name string
				if err := db.QueryRow(`SELECT name FROM games WHERE id = $1`, g.ID).Scan(&name); err != nil || name != g.Name {
					t.Errorf("the game after the refusal: %q, %v", name, err)
				}
			})
		}
	}
}

// TestForeignTablesRefused: a database whose table games is some other program's (other
// columns) is not taken for a database from before versions: the store refuses it, saying
// which table and what to do, and records no version.
func TestForeignTablesRefused(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			addr := freshDatabase(t, kind)
			db := rawDatabase(t, kind, addr)
			if _, err := db.Exec(`CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT)`); err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), addr)
			if err == nil {
				s.Close()
				t.Fatal("a database with another program's games table opened")
			}
			for _, want := range []string{"table games that is not umpire's", "a database (or, on PostgreSQL, a schema) of its own"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the refusal %q does not say %q", err, want)
				}
			}
			var n int
			if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil {
				t.Errorf("the foreign table after the refusal: %v", err)
			}
			if _, err := db.Exec(`SELECT version FROM ` + schemaTable); err == nil {
				t.Errorf("the refusal left a table %s behind", schemaTable)
			}
		})
	}
}

// TestRecordedDatabaseUpgraded: a copy of testdata/recorded/games.db, made before schema
// versions, opens at the newest version with every game and step it held, and the file
// itself is not touched.
func TestRecordedDatabaseUpgraded(t *testing.T) {
	orig := filepath.Join("..", "testdata", "recorded", "games.db")
	data, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	addr := filepath.Join(t.TempDir(), "games.db")
	if err := os.WriteFile(addr, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db := rawDatabase(t, "sqlite", addr)
	var ids []string
	rows, err := db.Query(`SELECT id FROM games ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	var steps int
	if err := db.QueryRow(`SELECT count(*) FROM steps`).Scan(&steps); err != nil {
		t.Fatal(err)
	}
	if len(ids) < 12 || steps == 0 {
		t.Fatalf("the recorded database holds %d games and %d steps", len(ids), steps)
	}
	s, err := Open(context.Background(), addr)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := appliedVersions(t, db); !reflect.DeepEqual(got, allVersions()) {
		t.Errorf("versions recorded %v, want %v", got, allVersions())
	}
	read := 0
	for _, id := range ids {
		if _, err := s.Game(context.Background(), id); err != nil {
			t.Errorf("game %s: %v", id, err)
		}
		es, err := s.Entries(context.Background(), id, 0)
		if err != nil {
			t.Errorf("steps of %s: %v", id, err)
		}
		read += len(es)
	}
	if read != steps {
		t.Errorf("%d steps read back, the database held %d", read, steps)
	}
	if now, err := os.ReadFile(orig); err != nil || !bytes.Equal(now, data) {
		t.Errorf("the recorded database itself changed (%v)", err)
	}
}

// TestTellSteps: a StepsChannel payload tells each of its steps, in order, unless this store
// handle committed them; what is not a step is passed over.
func TestTellSteps(t *testing.T) {
	for _, c := range []struct {
		payload string
		want    []string
	}{
		{"other g1 5", []string{"g1 5"}},
		{"other g1 5 g2 7 g1 6", []string{"g1 5", "g2 7", "g1 6"}},
		{"me g1 5 g2 7", nil},
		{"other g1 five g2 7", []string{"g2 7"}},
		{"other g1", nil},
		{"", nil},
		{"other g1 5 g2", []string{"g1 5"}},
	} {
		var got []string
		tellSteps(c.payload, "me", func(game string, n int) { got = append(got, fmt.Sprintf("%s %d", game, n)) })
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q told %v, want %v", c.payload, got, c.want)
		}
	}
}
