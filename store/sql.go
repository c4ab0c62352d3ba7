package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver, pure Go

	"github.com/umpire-referee/umpire/game"
)

// dialect is what differs between the two databases: the name, and the types for bytes and
// 64-bit integers.
type dialect struct {
	name                 string
	bytesType, int64Type string
}

// schema is version 1 of the schema (migrate.go): the tables (games, their steps, saved maps),
// with the dialect's types for bytes and 64-bit integers.
func schema(bytesType, int64Type string) []string {
	return []string{
		`CREATE TABLE IF NOT EXISTS games (
			id TEXT PRIMARY KEY,
			name TEXT NOT NULL,
			scenario ` + bytesType + ` NOT NULL,
			tokens TEXT NOT NULL,
			created ` + int64Type + ` NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS steps (
			game TEXT NOT NULL REFERENCES games(id),
			n INTEGER NOT NULL,
			line TEXT NOT NULL,
			rolls TEXT NOT NULL,
			PRIMARY KEY (game, n))`,
		mapSchema(bytesType, int64Type),
	}
}

// The statements use $1, $2 ... which both databases read as positional parameters.
var (
	sqliteDialect   = dialect{name: "sqlite", bytesType: "BLOB", int64Type: "INTEGER"}
	postgresDialect = dialect{name: "postgres", bytesType: "BYTEA", int64Type: "BIGINT"}
)

// sqlStore is a Store over database/sql: reads on a pool, writes through the group committer.
type sqlStore struct {
	d      dialect
	read   *sql.DB
	write  *sql.DB // SQLite: one connection, the only writer; PostgreSQL: the same pool as read
	reqs   chan *appendReq
	stop   chan struct{}
	done   chan struct{}
	mu     sync.RWMutex // held for reading while handing a step over; Close takes it
	closed bool
	origin string // this handle's random name in its notifications (notify.go)
	// insert is SQLite's statement that adds a step, prepared once on the writing connection
	// (parsing it took a fifth of a commit's CPU); nil for PostgreSQL, which adds a batch in one
	// statement of its own.
	insert *sql.Stmt
}

type appendReq struct {
	ctx  context.Context
	game string
	e    game.Entry
	errc chan error
}

// maxBatch bounds one group commit.
const maxBatch = 256

func openSQLite(ctx context.Context, path string) (Store, error) {
	if path == "" {
		return nil, errors.New("store: no SQLite file named")
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	// WAL with synchronous=FULL: a commit is on disk when it returns. busy_timeout lets the
	// reading pool wait out the writer instead of failing.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)"
	write, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	write.SetMaxOpenConns(1)
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	read.SetMaxOpenConns(4)
	if err := firstConnection(ctx, write); err != nil {
		write.Close()
		read.Close()
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	s, err := start(ctx, sqliteDialect, read, write)
	if err != nil {
		return nil, err // not a nil *sqlStore in a non-nil Store
	}
	if s.insert, err = write.PrepareContext(ctx, sqliteInsert); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	return s, nil
}

func openPostgres(ctx context.Context, addr string) (Store, error) {
	db, err := sql.Open("pgx", addr)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db.SetMaxOpenConns(16)
	s, err := start(ctx, postgresDialect, db, db)
	if err != nil {
		return nil, err
	}
	return &pgStore{sqlStore: s, addr: addr}, nil
}

// start checks that the database answers, brings its schema to the newest version (migrate) and
// starts the committer. On an error it closes both pools.
func start(ctx context.Context, d dialect, read, write *sql.DB) (*sqlStore, error) {
	closeAll := func() {
		write.Close()
		if read != write {
			read.Close()
		}
	}
	if err := write.PingContext(ctx); err != nil {
		closeAll()
		return nil, fmt.Errorf("store: %s: %w", d.name, err)
	}
	if err := migrate(ctx, d, write); err != nil {
		closeAll()
		return nil, err
	}
	s := &sqlStore{d: d, read: read, write: write,
		reqs: make(chan *appendReq, maxBatch), stop: make(chan struct{}), done: make(chan struct{}),
		origin: strconv.FormatUint(rand.Uint64(), 36)}
	go s.committer()
	return s, nil
}

func (s *sqlStore) Create(ctx context.Context, g Game) error {
	_, err := s.write.ExecContext(ctx,
		`INSERT INTO games (id, name, scenario, tokens, created) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
		g.ID, g.Name, g.Scenario, encodeTokens(g.Tokens), g.Created)
	if err != nil {
		return fmt.Errorf("store: create %s: %w", g.ID, err)
	}
	// ON CONFLICT DO NOTHING: tell a taken id apart by reading it back.
	got, err := s.Game(ctx, g.ID)
	if err != nil {
		return err
	}
	if got.Created != g.Created || got.Name != g.Name || string(got.Scenario) != string(g.Scenario) {
		return fmt.Errorf("store: game %s: %w", g.ID, ErrConflict)
	}
	return nil
}

func (s *sqlStore) Game(ctx context.Context, id string) (Game, error) {
	g := Game{ID: id}
	var toks string
	err := s.read.QueryRowContext(ctx, `SELECT name, scenario, tokens, created FROM games WHERE id = $1`, id).
		Scan(&g.Name, &g.Scenario, &toks, &g.Created)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	if g.Tokens, err = decodeTokens(id, toks); err != nil {
		return Game{}, err
	}
	return g, nil
}

func (s *sqlStore) Entries(ctx context.Context, id string, after int) ([]game.Entry, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT n, line, rolls, reason FROM steps WHERE game = $1 AND n > $2 ORDER BY n`, id, after)
	if err != nil {
		return nil, fmt.Errorf("store: steps of %s: %w", id, err)
	}
	defer rows.Close()
	var out []game.Entry
	for rows.Next() {
		var e game.Entry
		var rolls string
		if err := rows.Scan(&e.N, &e.Line, &rolls, &e.Reason); err != nil {
			return nil, fmt.Errorf("store: steps of %s: %w", id, err)
		}
		if rolls != "" {
			if err := json.Unmarshal([]byte(rolls), &e.Rolls); err != nil {
				return nil, fmt.Errorf("store: step %d of %s: %w", e.N, id, err)
			}
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: steps of %s: %w", id, err)
	}
	return out, nil
}

// Append hands the step to the committer and waits for its answer.
func (s *sqlStore) Append(ctx context.Context, id string, e game.Entry) error {
	r := &appendReq{ctx: ctx, game: id, e: e, errc: make(chan error, 1)}
	if err := s.send(ctx, r); err != nil {
		return err
	}
	// Once handed over, wait for the committer's answer even if ctx ends: the step may land.
	return <-r.errc
}

// AppendAll hands all the steps to the committer at once, so they share its commits (a few
// hundred a transaction) instead of taking one each, and waits for every answer.
func (s *sqlStore) AppendAll(ctx context.Context, id string, es []game.Entry) error {
	reqs := make([]*appendReq, 0, len(es))
	var err error
	for _, e := range es {
		r := &appendReq{ctx: ctx, game: id, e: e, errc: make(chan error, 1)}
		if err = s.send(ctx, r); err != nil {
			break
		}
		reqs = append(reqs, r)
	}
	for _, r := range reqs { // every step handed over is answered, landed or not
		if e := <-r.errc; err == nil {
			err = e
		}
	}
	return err
}

// send hands one step to the committer, unless the store is closed or ctx ends first.
func (s *sqlStore) send(ctx context.Context, r *appendReq) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	select {
	case s.reqs <- r:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// committer is the one writer: it takes every waiting Append, writes them in one transaction
// and answers each once the commit has returned.
func (s *sqlStore) committer() {
	defer close(s.done)
	batch := make([]*appendReq, 0, maxBatch)
	for {
		batch = batch[:0]
		select {
		case r := <-s.reqs:
			batch = append(batch, r)
		case <-s.stop:
			// Answer what is already queued, then stop.
			for {
				select {
				case r := <-s.reqs:
					batch = append(batch, r)
				default:
					if len(batch) > 0 {
						s.commit(batch)
					}
					return
				}
			}
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-s.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

// commit writes one batch. Its steps are inserted sorted by game and number, so two servers'
// batches on one PostgreSQL take their row locks in the same order. A step number already taken
// (in the database or earlier in the batch) fails alone with ErrConflict. A serialization
// failure or deadlock (another server's transaction in the way) rolls the batch back and tries
// it again a few times after a short random pause; if it still fails, or fails otherwise (a step
// of a game that does not exist), each step is committed in a transaction of its own, so one
// step's failure is that step's alone.
func (s *sqlStore) commit(batch []*appendReq) {
	live := batch[:0:0]
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.errc <- err
			continue
		}
		live = append(live, r)
	}
	if len(live) == 0 {
		return
	}
	sort.SliceStable(live, func(i, j int) bool {
		if live[i].game != live[j].game {
			return live[i].game < live[j].game
		}
		return live[i].e.N < live[j].e.N
	})
	errs, err := s.retried(live)
	if err == nil {
		for i, r := range live {
			r.errc <- errs[i]
		}
		return
	}
	if len(live) == 1 {
		live[0].errc <- appendError(live[0], err)
		return
	}
	for _, r := range live {
		one := []*appendReq{r}
		errs, err := s.retried(one)
		if err != nil {
			r.errc <- appendError(r, err)
			continue
		}
		r.errc <- errs[0]
	}
}

// retries is how many times a batch is tried again after a serialization failure or deadlock.
const retries = 4

// retried writes the batch in one transaction, trying again after a serialization failure or
// deadlock, with a random pause that doubles each time (1 ms, 2 ms, 4 ms, 8 ms at most, on
// average). It returns each step's own error (nil or ErrConflict), or the last error that
// failed the transaction.
func (s *sqlStore) retried(batch []*appendReq) ([]error, error) {
	for try := 0; ; try++ {
		errs, err := s.write1(batch)
		if err == nil || !retryable(err) || try == retries {
			return errs, err
		}
		pause := time.Duration(1<<try) * time.Millisecond
		time.Sleep(pause/2 + rand.N(pause))
	}
}

// write1 writes the batch in one transaction (rolled back if anything fails). It returns each
// step's own error: nil, or ErrConflict for a step number already taken, in the database or
// earlier in the batch (which is sorted, so such steps are next to each other).
func (s *sqlStore) write1(batch []*appendReq) ([]error, error) {
	errs := make([]error, len(batch))
	rolls := make([]string, len(batch))
	for i, r := range batch {
		if i > 0 && r.game == batch[i-1].game && r.e.N == batch[i-1].e.N {
			errs[i] = conflict(r)
			continue
		}
		if len(r.e.Rolls) > 0 {
			b, _ := json.Marshal(r.e.Rolls)
			rolls[i] = string(b)
		}
	}
	at := time.Now().UnixNano() // the batch's steps are saved together: one time for all
	if s.d.name == postgresDialect.name {
		return errs, s.insertPostgres(batch, rolls, errs, at)
	}
	ctx := context.Background()
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()                   // after Commit, a no-op
	stmt := tx.StmtContext(ctx, s.insert) // already prepared on the one writing connection
	defer stmt.Close()
	for i, r := range batch {
		if errs[i] != nil {
			continue
		}
		res, err := stmt.ExecContext(ctx, r.game, r.e.N, r.e.Line, rolls[i], at, r.e.Reason)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			errs[i] = conflict(r)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return errs, nil
}

// sqliteInsert adds one step to SQLite, with the time it is saved, unless its number is taken.
const sqliteInsert = `INSERT INTO steps (game, n, line, rolls, at, reason) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`

// insertPostgres writes the batch's steps not yet failed in errs, saved at the time at, in one
// statement, its own transaction: one round trip for the whole batch. The statement also notifies StepsChannel,
// once, of every step it added ("ORIGIN GAME N GAME N ..."), delivered to the listeners only
// if, and once, it commits: PostgreSQL queues each notification under a lock every notifying
// commit takes, and one a step kept two servers' commits waiting on each other. A step it did
// not add (its number was taken) gets ErrConflict in errs.
func (s *sqlStore) insertPostgres(batch []*appendReq, rolls []string, errs []error, at int64) error {
	var games, lines, rs, why []string
	var ns []int64
	for i, r := range batch {
		if errs[i] == nil {
			games, ns, lines, rs, why = append(games, r.game), append(ns, int64(r.e.N)), append(lines, r.e.Line), append(rs, rolls[i]), append(why, r.e.Reason)
		}
	}
	const q = `WITH added AS (
		INSERT INTO steps (game, n, line, rolls, reason, at)
		SELECT u.*, $6::bigint FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $7::text[]) AS u
		ON CONFLICT DO NOTHING RETURNING game, n)
	, told AS (
		SELECT pg_notify('` + StepsChannel + `', $5 || string_agg(' ' || game || ' ' || n, '')) FROM added
		HAVING count(*) > 0)
	SELECT game, n FROM added LEFT JOIN told ON true`
	rows, err := s.write.QueryContext(context.Background(), q, games, ns, lines, rs, s.origin, at, why)
	if err != nil {
		return err
	}
	defer rows.Close()
	type key struct {
		game string
		n    int
	}
	added := map[key]bool{}
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.game, &k.n); err != nil {
			return err
		}
		added[k] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i, r := range batch {
		if errs[i] == nil && !added[key{r.game, r.e.N}] {
			errs[i] = conflict(r)
		}
	}
	return nil
}

// conflict is the answer to an Append whose step number was taken.
func conflict(r *appendReq) error {
	return fmt.Errorf("store: game %s step %d: %w", r.game, r.e.N, ErrConflict)
}

// appendError is the answer to an Append whose transaction failed with err.
func appendError(r *appendReq, err error) error {
	if isForeignKey(err) {
		return fmt.Errorf("store: game %s: %w", r.game, ErrNotFound)
	}
	return fmt.Errorf("store: append %s step %d: %w", r.game, r.e.N, err)
}

// retryable: err is a PostgreSQL serialization failure (40001) or deadlock (40P01), which a
// transaction tried again may well not meet.
func retryable(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "40001" || pg.Code == "40P01")
}

// isForeignKey: the step names a game that is not there.
func isForeignKey(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23503"
	}
	type coder interface{ Code() int }
	var c coder
	if errors.As(err, &c) {
		return c.Code() == 787 // SQLITE_CONSTRAINT_FOREIGNKEY
	}
	return false
}

// sqliteOpenWait bounds how long a SQLite file's first connection is tried again while
// another process holds it busy (the busy timeout's ten seconds).
const sqliteOpenWait = 10 * time.Second

// firstConnection opens db's first connection, trying again while the file is busy: several
// servers starting at once on a new file each switch it to WAL as they connect, and SQLite
// answers that switch SQLITE_BUSY at once, without waiting out the busy timeout.
func firstConnection(ctx context.Context, db *sql.DB) error {
	deadline := time.Now().Add(sqliteOpenWait)
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		err := db.PingContext(ctx)
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// isBusy: err is SQLite's SQLITE_BUSY (5), in any of its extended forms.
func isBusy(err error) bool {
	type coder interface{ Code() int }
	var c coder
	return errors.As(err, &c) && c.Code()&0xff == 5
}

func (s *sqlStore) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.stop)
	}
	s.mu.Unlock()
	<-s.done
	if s.insert != nil {
		s.insert.Close()
	}
	err := s.write.Close()
	if s.read != s.write {
		if e := s.read.Close(); err == nil {
			err = e
		}
	}
	return err
}
