// Package pgtest gives tests and benchmarks a PostgreSQL schema of their own.
package pgtest

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Isolated creates a fresh schema in the PostgreSQL database at url, dropped when tb ends,
// and gives the URL that uses it: each test starts from empty tables, and a benchmark's
// thousands of rows neither stay behind nor slow the next run (a table that only grows has
// ever more for autovacuum to do, in the middle of later runs).
func Isolated(tb testing.TB, url string) string {
	db, err := sql.Open("pgx", url)
	if err != nil {
		tb.Fatal(err)
	}
	schema := fmt.Sprintf("test_%d_%d", time.Now().UnixNano(), rand.Uint32())
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		db.Exec("DROP SCHEMA " + schema + " CASCADE")
		db.Close()
	})
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "search_path=" + schema
}
