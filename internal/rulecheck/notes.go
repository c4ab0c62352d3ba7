package rulecheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The chart tests read a part of rules-notes.md (a section, or one table of it) from the
// shared spec when it is beside the repository, and else from a verbatim copy the package
// keeps in its testdata; CheckCopy keeps the copy from drifting.

// NotesSection is section n ("2") of a rules-notes document: from its "## n. " heading down to
// the next section's heading, or to the end ("" when there is no such section).
func NotesSection(doc, n string) string {
	i := strings.Index(doc, "\n## "+n+". ")
	if i < 0 {
		return ""
	}
	s := doc[i+1:]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j+1]
	}
	return s
}

// Cells splits a markdown table row ("| a | b |") into its cells, trimmed.
func Cells(row string) []string {
	f := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// NotesOrCopy is part of rules-notes.md, cut from the shared spec's file by part when the spec
// is beside the repository, else the text of copy (a path in the package's testdata), and
// where it was read.
func NotesOrCopy(t testing.TB, part func(doc string) string, copy string) (text, from string) {
	t.Helper()
	if dir := Dir(); dir != "" {
		if doc, err := Read(dir, "rules-notes.md"); err == nil {
			return part(doc), filepath.Join(dir, "rules-notes.md")
		}
	}
	b, err := os.ReadFile(copy)
	if err != nil {
		t.Fatalf("no shared spec beside the repository, and no copy %s: %v", copy, err)
	}
	return string(b), copy
}

// CheckCopy fails t when copy is not part of rules-notes.md as the shared spec has it now;
// without the spec it skips, saying that only the copy is checked.
func CheckCopy(t testing.TB, part func(doc string) string, copy string) {
	t.Helper()
	dir := Dir()
	if dir == "" {
		t.Skip("the shared spec is not beside this repository: only the copy is checked")
	}
	doc, err := Read(dir, "rules-notes.md")
	if err != nil {
		t.Fatal(err)
	}
	c, err := os.ReadFile(copy)
	if err != nil {
		t.Fatal(err)
	}
	if string(c) != part(doc) {
		t.Errorf("%s differs from rules-notes.md: copy it again", copy)
	}
}

// NotesAndCopy is every text a chart test compares with: part of the shared spec's
// rules-notes.md when it is beside the repository, and the copy (what a checkout without the
// spec reads), by where each was read.
func NotesAndCopy(t testing.TB, part func(doc string) string, copy string) map[string]string {
	t.Helper()
	text, from := NotesOrCopy(t, part, copy)
	out := map[string]string{from: text}
	if from != copy {
		b, err := os.ReadFile(copy)
		if err != nil {
			t.Fatal(err)
		}
		out[copy] = string(b)
	}
	return out
}

// CheckCells compares a chart with every text of its section NotesAndCopy gives (the shared
// rules-notes, and the copy in testdata): mismatches reads one text and says what disagrees
// and how many cells of each table it compared; each table must have had every one of its
// cells compared (want), so a row the reading skipped is a failure too.
func CheckCells(t *testing.T, part func(doc string) string, copy string, mismatches func(text string) (bad []string, cells map[string]int), want map[string]int) {
	t.Helper()
	for src, text := range NotesAndCopy(t, part, copy) {
		t.Run(src, func(t *testing.T) {
			bad, cells := mismatches(text)
			for _, b := range bad {
				t.Error(b)
			}
			t.Logf("read from %s: cells compared %v", src, cells)
			for table, n := range want {
				if cells[table] != n {
					t.Errorf("compared %d %s cells, want every one of %d", cells[table], table, n)
				}
			}
		})
	}
}
