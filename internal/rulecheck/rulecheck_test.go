package rulecheck

import (
	"os"
	"path/filepath"
	"testing"
)

func TestNotes(t *testing.T) {
	text := "# Title\n\nintro\n\n## 1. ASL (seeds)\n\none\n\n### 1.2 Terrain Chart: entry costs\n\nrows\n\n#### 1.2.1 Deep\n\ndeep\n\n### 3.6 Frontage [default]\nContact: no base\n"
	got := Notes(text)
	for n, want := range map[string]string{
		"1":     "ASL (seeds)\n\none\n\n",
		"1.2":   "Terrain Chart: entry costs\n\nrows\n\n",
		"1.2.1": "Deep\n\ndeep\n\n",
		"3.6":   "Frontage [default]\nContact: no base\n",
	} {
		if got[n] != want {
			t.Errorf("section %s: %q, want %q", n, got[n], want)
		}
	}
	if len(got) != 4 {
		t.Errorf("%d sections, want 4: %q", len(got), got)
	}
}

func TestContains(t *testing.T) {
	for _, c := range []struct {
		text, phrase string
		want         bool
	}{
		{"The Continue codeword can make them", "continue codeword", true},
		{"may move through\n  each other", "move through each other", true},
		{"Vehicle Miring Table", "Miring: escape", false},
		{"overrun known enemy", "Overruns", false},
	} {
		if got := Contains(c.text, c.phrase); got != c.want {
			t.Errorf("Contains(%q, %q) = %v", c.text, c.phrase, got)
		}
	}
}

func TestLiteralsAndConsts(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\nconst (\n\tRuleA = \"Overrun\"\n\tRuleB, Other = \"Frontage (rules-notes 3.6)\", \"x\"\n\tn = 3\n)\n\n// \"D2.99\" in a comment is no constant.\nfunc f() error { return refuse(\"D2.11\", `E11.52`) }\n"
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte("package x\nvar _ = \"D2.12\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lits, err := Literals(dir, func(s string) bool { return len(s) > 0 && (s[0] == 'D' || s[0] == 'E') })
	if err != nil {
		t.Fatal(err)
	}
	if len(lits) != 2 || lits["D2.11"] != "x.go:10" || lits["E11.52"] != "x.go:10" {
		t.Errorf("Literals = %q, want D2.11 and E11.52 at x.go:10 (not the comment's, not the test file's)", lits)
	}
	consts, err := Consts(dir, "Rule")
	if err != nil {
		t.Fatal(err)
	}
	if len(consts) != 2 || consts["RuleA"] != "Overrun" || consts["RuleB"] != "Frontage (rules-notes 3.6)" {
		t.Errorf("Consts = %q", consts)
	}
}

// TestDir: the spec is found beside the module root from any directory below it, and not at
// all when the module has none beside it (the tests then skip).
func TestDir(t *testing.T) {
	top := t.TempDir()
	mod := filepath.Join(top, "repo")
	pkg := filepath.Join(mod, "asl", "ruleset")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkg)
	if d := Dir(); d != "" {
		t.Errorf("no spec beside the module, yet Dir = %q", d)
	}
	shared := filepath.Join(top, "shared")
	if err := os.MkdirAll(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	if d := Dir(); d != "" {
		t.Errorf("a shared directory without rules-notes.md, yet Dir = %q", d)
	}
	if err := os.WriteFile(filepath.Join(shared, "rules-notes.md"), []byte("# notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := Dir(); filepath.Clean(d) != shared {
		t.Errorf("Dir = %q, want %q", d, shared)
	}
}
