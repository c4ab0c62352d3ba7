package store

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Listed is one game in the list of the stored games ([Store.Games]): its record without the
// token digests, how many steps it has and when it last changed.
type Listed struct {
	ID       string
	Name     string
	Scenario []byte // the scenario file, for what only it says (its ruleset)
	Created  int64  // Unix nanoseconds
	Steps    int
	// Changed is when its last step was saved, or its creation if it has none (or if its steps
	// were saved before the store kept their times), in Unix nanoseconds.
	Changed int64
}

// Games lists every stored game, the last changed first (then by id).
func (s *sqlStore) Games(ctx context.Context) ([]Listed, error) {
	const q = `SELECT g.id, g.name, g.scenario, g.created, COALESCE(st.steps, 0), COALESCE(st.at, 0)
		FROM games g LEFT JOIN (SELECT game, count(*) AS steps, max(at) AS at FROM steps GROUP BY game) st
		ON st.game = g.id`
	rows, err := s.read.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("store: the list of games: %w", err)
	}
	defer rows.Close()
	var out []Listed
	for rows.Next() {
		var g Listed
		var at int64
		if err := rows.Scan(&g.ID, &g.Name, &g.Scenario, &g.Created, &g.Steps, &at); err != nil {
			return nil, fmt.Errorf("store: the list of games: %w", err)
		}
		g.Changed = max(g.Created, at)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: the list of games: %w", err)
	}
	sortListed(out)
	return out, nil
}

// sortListed puts the last changed first, games changed at the same instant by id.
func sortListed(gs []Listed) {
	slices.SortFunc(gs, func(a, b Listed) int {
		if c := cmp.Compare(b.Changed, a.Changed); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// Tokens reads the digests of a game's tokens alone (a server checking that its copy is
// current); ErrNotFound if there is no such game.
func (s *sqlStore) Tokens(ctx context.Context, id string) (map[string][]byte, error) {
	raw, err := s.rawTokens(ctx, id)
	if err != nil {
		return nil, err
	}
	return decodeTokens(id, raw)
}

// ReplaceTokens gives the game the token digests now in place of was, all at once, in one
// statement: its old tokens stop opening it as its new ones start to. If its digests are no
// longer was (they were replaced meanwhile), nothing changes and the answer is ErrConflict;
// ErrNotFound if there is no such game.
func (s *sqlStore) ReplaceTokens(ctx context.Context, id string, was, now map[string][]byte) error {
	raw, err := s.rawTokens(ctx, id)
	if err != nil {
		return err
	}
	had, err := decodeTokens(id, raw)
	if err != nil {
		return err
	}
	if !SameTokens(had, was) {
		return fmt.Errorf("store: game %s: its links were replaced meanwhile: %w", id, ErrConflict)
	}
	// The stored text itself is the condition: a replacement committed since it was read
	// changed it, and this one then changes nothing.
	res, err := s.write.ExecContext(ctx, `UPDATE games SET tokens = $1 WHERE id = $2 AND tokens = $3`,
		encodeTokens(now), id, raw)
	if err != nil {
		return fmt.Errorf("store: game %s: replace its tokens: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: game %s: its links were replaced meanwhile: %w", id, ErrConflict)
	}
	return nil
}

// rawTokens is the games row's tokens column as stored.
func (s *sqlStore) rawTokens(ctx context.Context, id string) (string, error) {
	var raw string
	err := s.read.QueryRowContext(ctx, `SELECT tokens FROM games WHERE id = $1`, id).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("store: game %s: %w", id, err)
	}
	return raw, nil
}

// encodeTokens is the tokens column: a JSON object of each role's digest in hex.
func encodeTokens(toks map[string][]byte) string {
	m := make(map[string]string, len(toks))
	for role, h := range toks {
		m[role] = fmt.Sprintf("%x", h)
	}
	b, _ := json.Marshal(m) // a map's keys in order: the same digests, the same text
	return string(b)
}

// decodeTokens reads the tokens column of game id.
func decodeTokens(id, raw string) (map[string][]byte, error) {
	var m map[string]string
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, fmt.Errorf("store: game %s tokens: %w", id, err)
	}
	toks := make(map[string][]byte, len(m))
	for role, h := range m {
		var b []byte
		if _, err := fmt.Sscanf(h, "%x", &b); err != nil {
			return nil, fmt.Errorf("store: game %s token %s: %w", id, role, err)
		}
		toks[role] = b
	}
	return toks, nil
}

// SameTokens: a and b (a game's token digests by role) give every role the same digest.
func SameTokens(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for role, h := range a {
		if g, ok := b[role]; !ok || !bytes.Equal(g, h) {
			return false
		}
	}
	return true
}
