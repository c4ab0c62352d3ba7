package main

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/rules"
)

// TestEveryRulesetListsItsRules: every ruleset umpire plays lists the rules its reports may
// cite (rules.RuleLister), and no list is empty.
func TestEveryRulesetListsItsRules(t *testing.T) {
	for _, rs := range rules.All() {
		rl, ok := rs.(rules.RuleLister)
		if !ok {
			t.Errorf("%s lists no rules (rules.RuleLister)", rs.Name())
			continue
		}
		if len(rl.RuleList()) == 0 {
			t.Errorf("%s lists no rules", rs.Name())
		}
	}
}

// TestGoldenCitationsListed: every rule cited in a golden file's `umpire play --json` (a step's
// rules, a refusal's rule, a roll's, a DRM term's: rules.JSONCitations) is in the rule list of
// the ruleset its scenario file names. A citation of a rule the ruleset does not list fails
// here, naming the golden and the step.
func TestGoldenCitationsListed(t *testing.T) {
	root := filepath.Join("..", "..")
	goldens := filepath.Join(root, "testdata", "golden")
	var files []string
	err := filepath.WalkDir(goldens, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".golden") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	cited := map[string]map[string]int{} // ruleset, rule: how many times
	for _, g := range files {
		rel, _ := filepath.Rel(goldens, g)
		scenario := filepath.Join(root, strings.TrimSuffix(rel, ".golden"))
		data, err := os.ReadFile(scenario)
		if err != nil {
			t.Errorf("%s: its scenario file: %v", g, err)
			continue
		}
		name, _ := rules.Named(data)
		rs, ok := rules.Lookup(name)
		if !ok {
			t.Errorf("%s: unknown ruleset %q", scenario, name)
			continue
		}
		rl, ok := rs.(rules.RuleLister)
		if !ok {
			t.Errorf("%s: %s lists no rules", g, name)
			continue
		}
		listed := rules.Listed(rl.RuleList())
		if cited[name] == nil {
			cited[name] = map[string]int{}
		}
		for _, line := range jsonSteps(t, g) {
			ids, err := rules.JSONCitations([]byte(line))
			if err != nil {
				t.Errorf("%s: %v: %s", g, err, line)
				continue
			}
			for _, id := range ids {
				cited[name][id]++
				if !listed(id) {
					t.Errorf("%s: %q is not in the %s rule list: %s", g, id, name, line)
				}
			}
		}
	}
	// The goldens cite every ruleset's rules by the hundred: a parse that found none read
	// nothing.
	for _, name := range []string{"asl", "lhy", "lightningwar"} {
		if len(cited[name]) < 10 {
			t.Errorf("only %d distinct %s rules cited in %d goldens: the goldens were misread", len(cited[name]), name, len(files))
		}
	}
}

// jsonSteps are the step objects of a golden file's `umpire play --json` sections.
func jsonSteps(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "=== ") {
			in = strings.HasPrefix(line, "=== umpire play --json ")
			continue
		}
		if in && strings.HasPrefix(line, "{") {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return out
}

// TestRulesCommand: `umpire rules [RULESET]` prints each listed rule, id and title, of one
// ruleset or of every one; an unknown ruleset or a second one is a usage error.
func TestRulesCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want []string // lines or parts of lines on stdout, or the error on stderr
	}{
		{[]string{"rules", "lhy"}, 0, []string{"Last Hundred Yards (ruleset: lhy): ", "\n  14.3.3  ", "Retreat\n"}},
		{[]string{"rules", "ASL"}, 0, []string{"ASL (ruleset: asl): ", "\n  D2.11     VCA changes\n", "\n  TC        "}},
		{[]string{"rules"}, 0, []string{"ASL (ruleset: asl)", "\n\nLast Hundred Yards (ruleset: lhy)", "\n\nLightning War (ruleset: lightningwar)", "  Contact [default]  "}},
		{[]string{"rules", "chess"}, 2, []string{`unknown ruleset "chess" (asl, lhy, lightningwar)`}},
		{[]string{"rules", "asl", "lhy"}, 2, []string{"name one ruleset"}},
		{[]string{"rules", "--json"}, 2, []string{"unknown flag --json"}},
	} {
		code, out, errs := runCmd(c.args...)
		if code != c.code {
			t.Errorf("umpire %s: exit %d, want %d (%s)", strings.Join(c.args, " "), code, c.code, errs)
		}
		text := out
		if c.code != 0 {
			text = errs
			if out != "" {
				t.Errorf("umpire %s printed on stdout: %s", strings.Join(c.args, " "), out)
			}
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("umpire %s: no %q in\n%s", strings.Join(c.args, " "), w, text)
			}
		}
	}
	// Every listed rule is a line of `umpire rules`.
	_, out, _ := runCmd("rules")
	for _, rs := range rules.All() {
		for _, r := range rs.(rules.RuleLister).RuleList() {
			if !strings.Contains(out, "  "+r.ID+" ") || !strings.Contains(out, "  "+r.Title+"\n") {
				t.Errorf("umpire rules does not print %s %q", r.ID, r.Title)
			}
		}
	}
}
