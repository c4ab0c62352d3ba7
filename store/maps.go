package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Map is a saved map: an ASL map: or a Lightning War table, kept under a name so scenarios can
// refer to it (`map: {saved: NAME}`, `table: {saved: NAME}`) and be started from it.
type Map struct {
	// Name is the map's key, unique in the store (the server checks its spelling).
	Name string
	// Ruleset is the ruleset whose scenario files hold this map ("asl", "lightningwar").
	Ruleset string
	// Data is the map as YAML: exactly what the scenario file's fields hold.
	Data []byte
	// Summary is a short description for lists ("boards 2, 3"; "72 x 48 in").
	Summary string
	// Token is the SHA-256 of the map's edit token: overwriting or deleting needs the token.
	Token []byte
	// Updated is when it was last saved, in Unix nanoseconds.
	Updated int64
}

// ErrMapNotFound is a map name the store does not hold; errors.Is(ErrMapNotFound, ErrNotFound)
// holds too.
var ErrMapNotFound error = noMap{}

type noMap struct{}

func (noMap) Error() string        { return "no such map" }
func (noMap) Is(target error) bool { return target == ErrNotFound }

// mapSchema is the maps table, with the dialect's types for bytes and 64-bit integers.
func mapSchema(bytesType, int64Type string) string {
	return `CREATE TABLE IF NOT EXISTS maps (
			name TEXT PRIMARY KEY,
			ruleset TEXT NOT NULL,
			data ` + bytesType + ` NOT NULL,
			summary TEXT NOT NULL,
			token ` + bytesType + ` NOT NULL,
			updated ` + int64Type + ` NOT NULL)`
}

// CreateMap saves a new map. A name already taken is ErrConflict.
func (s *sqlStore) CreateMap(ctx context.Context, m Map) error {
	res, err := s.write.ExecContext(ctx,
		`INSERT INTO maps (name, ruleset, data, summary, token, updated) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
		m.Name, m.Ruleset, m.Data, m.Summary, m.Token, m.Updated)
	if err != nil {
		return fmt.Errorf("store: create map %q: %w", m.Name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: map %q: %w", m.Name, ErrConflict)
	}
	return nil
}

// UpdateMap replaces a map's ruleset, data, summary and time, if its token digest is still
// m.Token; otherwise (no such map, or deleted and saved again meanwhile) ErrMapNotFound.
func (s *sqlStore) UpdateMap(ctx context.Context, m Map) error {
	res, err := s.write.ExecContext(ctx,
		`UPDATE maps SET ruleset = $1, data = $2, summary = $3, updated = $4 WHERE name = $5 AND token = $6`,
		m.Ruleset, m.Data, m.Summary, m.Updated, m.Name, m.Token)
	if err != nil {
		return fmt.Errorf("store: update map %q: %w", m.Name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: map %q: %w", m.Name, ErrMapNotFound)
	}
	return nil
}

// DeleteMap deletes a map if its token digest is token; otherwise ErrMapNotFound.
func (s *sqlStore) DeleteMap(ctx context.Context, name string, token []byte) error {
	res, err := s.write.ExecContext(ctx, `DELETE FROM maps WHERE name = $1 AND token = $2`, name, token)
	if err != nil {
		return fmt.Errorf("store: delete map %q: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: map %q: %w", name, ErrMapNotFound)
	}
	return nil
}

// Map reads a saved map; ErrMapNotFound if there is none.
func (s *sqlStore) Map(ctx context.Context, name string) (Map, error) {
	m := Map{Name: name}
	err := s.read.QueryRowContext(ctx, `SELECT ruleset, data, summary, token, updated FROM maps WHERE name = $1`, name).
		Scan(&m.Ruleset, &m.Data, &m.Summary, &m.Token, &m.Updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Map{}, fmt.Errorf("store: map %q: %w", name, ErrMapNotFound)
	}
	if err != nil {
		return Map{}, fmt.Errorf("store: map %q: %w", name, err)
	}
	return m, nil
}

// MapCount is how many maps are saved.
func (s *sqlStore) MapCount(ctx context.Context) (int, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM maps`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: maps: %w", err)
	}
	return n, nil
}

// Maps lists the saved maps by name, without their data or token digests.
func (s *sqlStore) Maps(ctx context.Context) ([]Map, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT name, ruleset, summary, updated FROM maps ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: maps: %w", err)
	}
	defer rows.Close()
	out := []Map{}
	for rows.Next() {
		var m Map
		if err := rows.Scan(&m.Name, &m.Ruleset, &m.Summary, &m.Updated); err != nil {
			return nil, fmt.Errorf("store: maps: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: maps: %w", err)
	}
	return out, nil
}
