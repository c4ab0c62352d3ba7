package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The golden files under testdata/golden record what `umpire play`, `play --json` and `check`
// printed for every scenario file in the repository before the ruleset contract (issue 17):
// the refactor must leave them byte-identical. A change of rules may regenerate them with
//
//	go test ./cmd/umpire -run TestGolden -update
//
// and its note then says what changed and why.
var update = flag.Bool("update", false, "rewrite testdata/golden from today's output")

// unseeded is the line play prints for a file with no seed: its number is fresh each run.
var unseeded = regexp.MustCompile(`\(dice seed \d+: add ` + "`seed: \\d+`" + ` to replay these rolls\)`)

// goldenScenarios is every scenario file in the repository, relative to its root.
func goldenScenarios(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"testdata", "server", "cmd/umpire/demo"} {
		filepath.WalkDir(filepath.Join("..", "..", dir), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "golden" {
				return filepath.SkipDir
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	if len(files) < 600 {
		t.Fatalf("found only %d scenario files", len(files))
	}
	return files
}

// goldenOf is what the three commands print for file, in one text.
func goldenOf(file string) string {
	var b strings.Builder
	for _, args := range [][]string{{"play", file}, {"play", "--json", file}, {"check", file}} {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		fmt.Fprintf(&b, "=== umpire %s (exit %d)\n", strings.Join(args[:len(args)-1], " "), code)
		b.WriteString(unseeded.ReplaceAllString(out.String(), "(dice seed SEED: add `seed: SEED` to replay these rolls)"))
		if errb.Len() > 0 {
			b.WriteString("=== stderr\n")
			b.WriteString(errb.String())
		}
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, f := range goldenScenarios(t) {
		rel, _ := filepath.Rel(root, f)
		want := filepath.Join(root, "testdata", "golden", rel+".golden")
		got := goldenOf(f)
		// The file's path appears in check's messages: record it as the repository names it.
		got = strings.ReplaceAll(got, f, rel)
		if *update {
			os.MkdirAll(filepath.Dir(want), 0o755)
			if err := os.WriteFile(want, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, err := os.ReadFile(want)
		if err != nil {
			t.Errorf("%s: no golden file (go test ./cmd/umpire -run TestGolden -update): %v", rel, err)
			continue
		}
		if string(b) != got {
			t.Errorf("%s: output differs from %s:\n%s", rel, want, firstDiff(string(b), got))
		}
	}
}

// firstDiff shows the first line where want and got part.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, a, b)
		}
	}
	return "(same lines)"
}
