package rules_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"

	_ "github.com/umpire-referee/umpire/asl/ruleset"
	_ "github.com/umpire-referee/umpire/lhy/ruleset"
	_ "github.com/umpire-referee/umpire/lightningwar/ruleset"
)

// scenarioFiles are every scenario under the repository's testdata (rulebook examples and
// per-rule scenarios) and the built-in demo.
func scenarioFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	filepath.WalkDir("../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") && !strings.Contains(p, "/golden/") {
			files = append(files, p)
		}
		return nil
	})
	files = append(files, "../cmd/umpire/demo/demo.yaml")
	if len(files) < 600 {
		t.Fatalf("found only %d scenario files", len(files))
	}
	return files
}

// Every scenario file passes `umpire check`: each rulebook example with its own numbers, each
// ruleset's file through the one contract.
func TestScenarioFiles(t *testing.T) {
	for _, f := range scenarioFiles(t) {
		t.Run(strings.TrimPrefix(f, "../"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, sc, err := rules.Load(f, data)
			if err != nil {
				t.Fatal(err)
			}
			if sc.File().Expects == 0 {
				t.Fatal("a scenario under testdata must say what it expects")
			}
			for _, w := range sc.File().Warnings {
				t.Errorf("warning: %s", w)
			}
			sc.File().HasSeed = true
			for _, fl := range rules.Check(sc) {
				t.Errorf("%s:%d: %s", f, fl.Line, fl.Msg)
			}
		})
	}
}
