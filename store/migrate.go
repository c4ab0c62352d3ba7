package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The schema is versioned. Each migration brings a database from one version to the next;
// version 1 is the tables as they were before versions were kept, so a database made then
// (games, steps, maps and no version recorded) is at version 1 once its version is written.
//
// A migration only adds (a table, an index, a column with a default) and never renames or drops
// what an older umpire reads: a server still running the older umpire keeps working on the
// migrated database. An older umpire that starts on it refuses to (ErrSchemaTooNew).
//
// Every server applies the migrations it lacks when it opens the store, all in one transaction
// with the version rows: on PostgreSQL under an advisory lock (migrationLock), on SQLite as a
// BEGIN IMMEDIATE transaction, so servers that start at once on one database take turns and
// each migration runs once.

// schemaTable holds one row per schema version applied to the database: the version and when,
// in Unix nanoseconds. The database's version is the highest.
const schemaTable = "umpire_schema"

// migrationLock is the key of the PostgreSQL advisory lock that servers take, for the length of
// the transaction, to read the schema version and migrate: one server at a time per database.
// ("umpire" in ASCII.)
const migrationLock int64 = 0x756d70697265

// ErrSchemaTooNew is a database whose schema version is newer than this umpire knows: a newer
// umpire migrated it. Upgrade umpire.
var ErrSchemaTooNew = errors.New("the database's schema is newer than this umpire knows")

// migrations are the schema's versions in order: migrations[i] brings a database from version
// i to i+1, given the dialect's types for bytes and 64-bit integers. Each statement of
// version 1 says IF NOT EXISTS, so on a database from before versions it keeps the tables there
// (and their rows) and adds only what is missing.
var migrations = []func(bytesType, int64Type string) []string{
	schema,      // 1: games, their steps, saved maps
	stepTimes,   // 2: when each step was saved
	stepReasons, // 3: why the practice opponent took a step
}

// stepTimes is version 2: each step's time of saving (steps.at, Unix nanoseconds), so a list
// of the games can say when each last changed (Store.Games). Steps saved before it, or by an
// older umpire still running beside a newer one, have 0: their game's last change is then
// taken as its creation.
func stepTimes(_, int64Type string) []string {
	return []string{`ALTER TABLE steps ADD COLUMN at ` + int64Type + ` NOT NULL DEFAULT 0`}
}

// stepReasons is version 3: the reason the practice opponent gave for a step it took
// (steps.reason; ” for a player's step, and for every step saved before it).
func stepReasons(_, _ string) []string {
	return []string{`ALTER TABLE steps ADD COLUMN reason TEXT NOT NULL DEFAULT ''`}
}

// latest is the newest schema version this umpire knows: a database it opens is brought to it.
func latest() int { return len(migrations) }

// querier is a transaction: a *sql.Tx (PostgreSQL) or the *sql.Conn in a BEGIN IMMEDIATE
// (SQLite).
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// migrate brings the database to latest, applying each migration it lacks once, in one
// transaction with the rows that record them, which it holds alone among umpire servers (see
// begin). A database at a newer version is refused with ErrSchemaTooNew and left as it was.
func migrate(ctx context.Context, d dialect, db *sql.DB) error {
	tx, end, err := begin(ctx, d, db)
	if err != nil {
		return fmt.Errorf("store: %s: begin migrating: %w", d.name, err)
	}
	err = migrateIn(ctx, d, tx)
	if e := end(err == nil); err == nil && e != nil {
		err = fmt.Errorf("store: %s: commit the migration: %w", d.name, e)
	}
	return err
}

// begin opens the migration's transaction and takes its lock: on PostgreSQL the advisory lock
// migrationLock, held until the transaction ends; on SQLite the database's write lock, which
// BEGIN IMMEDIATE takes at once (waiting out another writer for the busy timeout) instead of
// at the first write, when two readers could no longer both go on. end commits (true) or rolls
// back (false), and releases the connection.
func begin(ctx context.Context, d dialect, db *sql.DB) (querier, func(commit bool) error, error) {
	if d.name == postgresDialect.name {
		// READ COMMITTED whatever the database's default: each statement sees what committed
		// before it, so the version read after the lock is the one the last holder left (a
		// REPEATABLE READ snapshot would date from the lock's statement, before the wait).
		tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
		if err != nil {
			return nil, nil, err
		}
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			tx.Rollback()
			return nil, nil, err
		}
		return tx, func(commit bool) error {
			if commit {
				return tx.Commit()
			}
			return tx.Rollback()
		}, nil
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		conn.Close()
		return nil, nil, err
	}
	return conn, func(commit bool) error {
		defer conn.Close()
		if !commit {
			_, err := conn.ExecContext(context.Background(), `ROLLBACK`)
			return err
		}
		_, err := conn.ExecContext(context.Background(), `COMMIT`)
		if err != nil {
			conn.ExecContext(context.Background(), `ROLLBACK`)
		}
		return err
	}, nil
}

// migrateIn does migrate's work inside its transaction tx.
func migrateIn(ctx context.Context, d dialect, tx querier) error {
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+schemaTable+` (
			version INTEGER PRIMARY KEY,
			applied `+d.int64Type+` NOT NULL)`); err != nil {
		return fmt.Errorf("store: %s: the schema version table: %w", d.name, err)
	}
	var version int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM `+schemaTable).Scan(&version); err != nil {
		return fmt.Errorf("store: %s: read the schema version: %w", d.name, err)
	}
	if version > latest() {
		return fmt.Errorf("store: %s: %w: the database is at schema version %d, this umpire knows versions up to %d; "+
			"a newer umpire has migrated it: upgrade this umpire (every server sharing the database) to that one or later",
			d.name, ErrSchemaTooNew, version, latest())
	}
	for v := version + 1; v <= latest(); v++ {
		for _, q := range migrations[v-1](d.bytesType, d.int64Type) {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("store: %s: schema version %d: %w", d.name, v, err)
			}
		}
		if v == 1 {
			if err := checkVersion1(ctx, d, tx); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO `+schemaTable+` (version, applied) VALUES ($1, $2)`,
			v, time.Now().UnixNano()); err != nil {
			return fmt.Errorf("store: %s: record schema version %d: %w", d.name, v, err)
		}
	}
	return nil
}

// version1Columns are the columns of version 1's tables, which every later version keeps.
var version1Columns = []struct{ table, columns string }{
	{"games", "id, name, scenario, tokens, created"},
	{"steps", "game, n, line, rolls"},
	{"maps", "name, ruleset, data, summary, token, updated"},
}

// checkVersion1 makes sure the tables version 1 kept, if they were there before (a database
// from before versions, or tables of some other program's), have version 1's columns, before
// the database is called version 1.
func checkVersion1(ctx context.Context, d dialect, tx querier) error {
	for _, t := range version1Columns {
		if _, err := tx.ExecContext(ctx, `SELECT `+t.columns+` FROM `+t.table+` WHERE 1 = 0`); err != nil {
			return fmt.Errorf("store: %s: the database has a table %s that is not umpire's (its columns should be %s): %w; "+
				"give umpire a database (or, on PostgreSQL, a schema) of its own", d.name, t.table, t.columns, err)
		}
	}
	return nil
}
