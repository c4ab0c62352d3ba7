// Package specref reads the shared spec (the seeds and rules-notes.md in ../shared, beside the
// repository) for the tests that hold each ruleset's rule list to it. A clean checkout may not
// have the spec: Dir says so, and the tests skip.
package specref

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Dir is the shared spec's directory: "shared" beside the module root (the directory holding
// go.mod above the working directory), or "" when there is none.
func Dir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			shared := filepath.Join(d, "..", "shared")
			if _, err := os.Stat(filepath.Join(shared, "rules-notes.md")); err != nil {
				return ""
			}
			return shared
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Read is the text of a file of the shared spec dir ("seeds/asl-D2-vehicular-movement.txt").
func Read(dir, name string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	return string(b), err
}

// noteHeading is a numbered heading of rules-notes.md: "## 2. Last Hundred Yards", "### 3.6
// Frontage and choke points".
var noteHeading = regexp.MustCompile(`(?m)^#{2,4} (\d+(?:\.\d+)*)\.? (.*)$`)

// Notes is rules-notes.md by numbered section: "3.6" holds its heading and its text, down to
// the next numbered heading.
func Notes(text string) map[string]string {
	out := map[string]string{}
	at := noteHeading.FindAllStringSubmatchIndex(text, -1)
	for i, m := range at {
		end := len(text)
		if i+1 < len(at) {
			end = at[i+1][0]
		}
		out[text[m[2]:m[3]]] = text[m[4]:end]
	}
	return out
}

// Contains is whether text holds phrase, ignoring case and runs of spaces.
func Contains(text, phrase string) bool {
	norm := func(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }
	return strings.Contains(norm(text), norm(phrase))
}
