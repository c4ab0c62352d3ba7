// Package rulecheck helps the tests that hold each ruleset's rule list to the shared spec (the
// seeds and rules-notes.md in ../shared, beside the repository) and to the code that cites
// from it. A clean checkout may not have the spec: Dir says so, and the tests skip.
package rulecheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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

// Literals are the string constants of the Go package in dir (its test files left out) that
// match: each value, with where it first stands ("move.go:833"). A rule a step cites is written
// as such a constant, so a test can hold every one of them to the rule list, whether or not a
// golden or a random game reaches the line that cites it.
func Literals(dir string, match func(string) bool) (map[string]string, error) {
	fset, files, err := parsePackage(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && match(s) {
				if _, seen := out[s]; !seen {
					p := fset.Position(lit.Pos())
					out[s] = fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
				}
			}
			return true
		})
	}
	return out, nil
}

// Consts are the string constants of the Go package in dir (its test files left out) whose
// names begin with prefix: name, value. Lightning War names its rule labels so (RuleOrders).
func Consts(dir, prefix string) (map[string]string, error) {
	_, files, err := parsePackage(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !strings.HasPrefix(id.Name, prefix) || i >= len(vs.Values) {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil {
							out[id.Name] = s
						}
					}
				}
			}
		}
	}
	return out, nil
}

// parsePackage parses the Go files of the package in dir, its test files left out.
func parsePackage(dir string) (*token.FileSet, []*ast.File, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, f)
	}
	return fset, files, nil
}
