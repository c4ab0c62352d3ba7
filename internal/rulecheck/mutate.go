package rulecheck

import "testing"

// Mutations counts, table by table, the one-cell changes (mutants) a chart test catches: each
// mutant changes one cell, the check runs, the cell is put back. A mutant no check catches
// fails the test: a chart cell a wrong value of which nothing would notice.
type Mutations struct {
	t             testing.TB
	tables        []string // in the order first tried
	caught, total map[string]int
}

// NewMutations starts counting mutants for t.
func NewMutations(t testing.TB) *Mutations {
	return &Mutations{t: t, caught: map[string]int{}, total: map[string]int{}}
}

// Try makes one mutant of table (what names it): mutate, then check (the disagreements it
// finds with the chart), then restore.
func (m *Mutations) Try(table, what string, check func() []string, mutate, restore func()) {
	m.t.Helper()
	mutate()
	bad := check()
	restore()
	if m.total[table] == 0 {
		m.tables = append(m.tables, table)
	}
	m.total[table]++
	if len(bad) > 0 {
		m.caught[table]++
	} else {
		m.t.Errorf("%s: mutation %s caught by no check", table, what)
	}
}

// Total is how many mutants of table were tried.
func (m *Mutations) Total(table string) int { return m.total[table] }

// Report logs caught of total for each table.
func (m *Mutations) Report() {
	m.t.Helper()
	for _, table := range m.tables {
		m.t.Logf("%s: %d of %d mutations caught", table, m.caught[table], m.total[table])
	}
}
