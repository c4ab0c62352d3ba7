package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLHYScenarios checks every Last Hundred Yards scenario in testdata/lhy (one per rule case of
// 13.x and 14.x). Files in testdata/lhy/pending disagree with the program and are not run.
func TestLHYScenarios(t *testing.T) {
	files, err := filepath.Glob("../../testdata/lhy/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 60 {
		t.Fatalf("found %d LHY scenarios in testdata/lhy, want at least 60", len(files))
	}
	code, out, errs := runCmd(append([]string{"check"}, files...)...)
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), " 0 failed") {
		t.Errorf("umpire check testdata/lhy/*.yaml: exit %d\n%s%s", code, out, errs)
	}
}
