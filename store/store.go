// Package store keeps saved games: for each game its scenario file, the digests of its access
// tokens, and its log of accepted steps with their dice. It also keeps saved maps ([Map]),
// each under a name with the digest of its edit token. State is never stored; a game is
// rebuilt by replaying its log through the rules core (package game).
//
// Two stores share one implementation over database/sql: SQLite in one file (the default, a
// pure-Go driver, nothing to install) and PostgreSQL (several servers sharing games). [Open]
// picks by the address.
//
// Append is durable before it returns: the step is committed to disk (SQLite in WAL mode with
// synchronous=FULL; PostgreSQL's own commit). Concurrent Appends are group-committed: one
// writer takes every Append that is waiting, writes them in one transaction and answers them
// all, so one disk flush serves many steps. The key (game, n) is unique, so of two Appends of
// the same step number only one lands; the other gets [ErrConflict].
//
// Several servers may share one PostgreSQL database. A batch inserts its steps sorted by game
// and number, so two servers' batches take their locks in the same order; a serialization
// failure or deadlock all the same is tried again, and a batch that still fails is committed
// step by step, so that no step fails for another's sake. Each committed step is announced on
// [StepsChannel], and the PostgreSQL store is a [Notifier]: a server learns of the steps
// another one accepted as they commit.
//
// The schema is versioned: [Open] applies the migrations the database lacks, each once, in one
// transaction that one opener at a time holds (a PostgreSQL advisory lock; SQLite's BEGIN
// IMMEDIATE), so any number of servers may start at once on one database. A database from
// before versions is taken as version 1; one at a newer version than this package knows is
// refused with [ErrSchemaTooNew].
package store

import (
	"context"
	"errors"
	"strings"

	"github.com/umpire-referee/umpire/game"
)

// Game is a saved game's record.
type Game struct {
	ID       string
	Name     string
	Scenario []byte
	// Tokens maps each role ("German", "referee", "spectator") to the SHA-256 of its token.
	Tokens map[string][]byte
	// Created, in Unix nanoseconds.
	Created int64
}

// Store keeps games. Every method is safe for concurrent use.
type Store interface {
	// Create saves a new game with no steps. An existing id is ErrConflict.
	Create(ctx context.Context, g Game) error
	// Game reads a game's record; ErrNotFound if there is none.
	Game(ctx context.Context, id string) (Game, error)
	// Append saves one accepted step; it returns once the step is durable. A step number that
	// is already taken is ErrConflict; a game that does not exist is ErrNotFound.
	Append(ctx context.Context, id string, e game.Entry) error
	// AppendAll saves a game's steps (a new game's own moves) as Append does each, sharing
	// commits; it returns once all are durable, or the first error.
	AppendAll(ctx context.Context, id string, es []game.Entry) error
	// Entries reads the game's steps numbered above after, in order.
	Entries(ctx context.Context, id string, after int) ([]game.Entry, error)
	// Games lists every stored game, the last changed first: its record without the token
	// digests, its number of steps and when it last changed.
	Games(ctx context.Context) ([]Listed, error)
	// Tokens reads the digests of a game's tokens alone; ErrNotFound if there is none.
	Tokens(ctx context.Context, id string) (map[string][]byte, error)
	// ReplaceTokens gives a game the token digests now in place of was, all roles in one
	// statement (its old links stop working as the new ones start). ErrConflict if its digests
	// are no longer was; ErrNotFound if there is no such game.
	ReplaceTokens(ctx context.Context, id string, was, now map[string][]byte) error
	// CreateMap saves a new map; a name already taken is ErrConflict.
	CreateMap(ctx context.Context, m Map) error
	// UpdateMap overwrites a map whose token digest is m.Token (else ErrMapNotFound).
	UpdateMap(ctx context.Context, m Map) error
	// DeleteMap deletes a map whose token digest is token (else ErrMapNotFound).
	DeleteMap(ctx context.Context, name string, token []byte) error
	// Map reads a saved map; ErrMapNotFound if there is none.
	Map(ctx context.Context, name string) (Map, error)
	// Maps lists the saved maps by name, without their data or token digests.
	Maps(ctx context.Context) ([]Map, error)
	// MapCount is how many maps are saved.
	MapCount(ctx context.Context) (int, error)
	// Close stops the writer and closes the database.
	Close() error
}

// Errors.
var (
	ErrNotFound = errors.New("no such game")
	ErrConflict = errors.New("already taken")
	ErrClosed   = errors.New("store: closed")
)

// Open opens the store at addr: a postgres:// or postgresql:// URL is PostgreSQL; anything
// else is the path of a SQLite file (created if absent, with its directory).
func Open(ctx context.Context, addr string) (Store, error) {
	if strings.HasPrefix(addr, "postgres://") || strings.HasPrefix(addr, "postgresql://") {
		return openPostgres(ctx, addr)
	}
	return openSQLite(ctx, addr)
}
