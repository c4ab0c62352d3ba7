package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The manual's examples are scenario files a reader copies: each must pass `umpire check` as
// printed. A fenced yaml block is a whole scenario when it has a top-level ruleset: line; the
// other blocks are fragments (a groups: section, a few moves) and are not run.

// docExample is one fenced yaml block of a page: the page, the line its fence opens on, and its text.
type docExample struct {
	page string
	line int
	text string
}

// topRuleset finds a top-level ruleset: key, the mark of a whole scenario file.
var topRuleset = regexp.MustCompile(`(?m)^ruleset:`)

// yamlBlocks returns the fenced ```yaml blocks of a Markdown page, whole scenarios only.
func yamlBlocks(page string, data []byte) []docExample {
	var out []docExample
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```yaml" {
			continue
		}
		start := i + 1
		j := start
		for j < len(lines) && strings.TrimSpace(lines[j]) != "```" {
			j++
		}
		text := strings.Join(lines[start:j], "\n") + "\n"
		if topRuleset.MatchString(text) {
			out = append(out, docExample{page: page, line: i + 1, text: text})
		}
		i = j
	}
	return out
}

// checkExample runs one example through `umpire check`'s code path (checkFile) from a file in
// dir, and fails the test with check's output unless every expectation held and there was no
// warning.
func checkExample(t *testing.T, dir string, ex docExample) {
	t.Helper()
	file := filepath.Join(dir, fmt.Sprintf("%s-%d.yaml", strings.TrimSuffix(filepath.Base(ex.page), ".md"), ex.line))
	if err := os.WriteFile(file, []byte(ex.text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ok := checkFile(file, nil, &out)
	if !ok {
		t.Errorf("%s:%d: the example fails umpire check:\n%s", ex.page, ex.line, out.String())
		return
	}
	_, sc, err := load(file, nil)
	if err != nil {
		t.Fatalf("%s:%d: %v", ex.page, ex.line, err)
	}
	for _, w := range sc.File().Warnings {
		t.Errorf("%s:%d: the example passes with a warning: %s", ex.page, ex.line, w)
	}
}

// manualPage is a page of the manual: README.md or a page of docs/, by its path in the
// repository, and what it holds.
type manualPage struct {
	name string // "README.md", "docs/api.md"
	data []byte
}

// manualPages are README.md, then docs/*.md in name order.
func manualPages(t *testing.T) []manualPage {
	t.Helper()
	paths, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []manualPage
	for _, path := range append([]string{"../../README.md"}, paths...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, manualPage{strings.TrimPrefix(path, "../../"), data})
	}
	return out
}

// TestDocExamples runs every whole scenario of docs/*.md and README.md through umpire check.
func TestDocExamples(t *testing.T) {
	dir := t.TempDir()
	n := 0
	perPage := map[string]int{}
	for _, page := range manualPages(t) {
		for _, ex := range yamlBlocks(page.name, page.data) {
			checkExample(t, dir, ex)
			n++
			perPage[ex.page]++
		}
	}
	// The ASL format's page is made of examples: if none was found, the finder is broken.
	if perPage["docs/asl-scenarios.md"] < 5 {
		t.Errorf("docs/asl-scenarios.md: found %d whole examples, want at least 5 (is the fence still ```yaml and the key ruleset:?)", perPage["docs/asl-scenarios.md"])
	}
	t.Logf("%d examples checked: %v", n, perPage)
}

// sharedSpec is the scenario format's contract beside the repository (../shared); it is not
// part of the repository, so on a machine without it the test says so and skips.
const sharedSpec = "../../../shared/spec/scenario-format.md"

// TestSharedSpecExamples runs the contract's own examples unchanged: the project may add to
// the format, never break what the contract shows.
func TestSharedSpecExamples(t *testing.T) {
	data, err := os.ReadFile(sharedSpec)
	if os.IsNotExist(err) {
		t.Skipf("%s is not here (it lives beside the repository, not in it): the contract's examples are not checked on this machine", sharedSpec)
	}
	if err != nil {
		t.Fatal(err)
	}
	exs := yamlBlocks("shared/spec/scenario-format.md", data)
	if len(exs) == 0 {
		t.Fatalf("%s: no whole scenario found among its yaml blocks", sharedSpec)
	}
	dir := t.TempDir()
	for _, ex := range exs {
		checkExample(t, dir, ex)
	}
}

// TestYAMLBlocks: the finder keeps whole scenarios, skips fragments, and gives the fence's line.
func TestYAMLBlocks(t *testing.T) {
	page := "text\n```yaml\nname: a\nruleset: asl\n```\n\n```yaml\ngroups:\n  - {id: P1}\n```\n```\nruleset: not yaml fenced\n```\n"
	got := yamlBlocks("p.md", []byte(page))
	if len(got) != 1 || got[0].line != 2 || got[0].text != "name: a\nruleset: asl\n" {
		t.Fatalf("yamlBlocks = %+v, want one block at line 2", got)
	}
}

// TestHelpPointsIntoDocs: `umpire help` sends a reader to the manual in the repository's docs/,
// and every page it names is there; nothing points outside the repository.
func TestHelpPointsIntoDocs(t *testing.T) {
	code, out, _ := runCmd("help")
	if code != 0 {
		t.Fatalf("umpire help: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "shared/") {
		t.Errorf("umpire help points outside the repository (shared/):\n%s", out)
	}
	pages := regexp.MustCompile(`[a-z-]+-scenarios\.md`).FindAllString(out, -1)
	if !strings.Contains(out, "docs/") || len(pages) < 3 {
		t.Fatalf("umpire help names %d scenario pages in docs/, want the three rulesets':\n%s", len(pages), out)
	}
	for _, p := range pages {
		if _, err := os.Stat(filepath.Join("../../docs", p)); err != nil {
			t.Errorf("umpire help names docs/%s, which is not there: %v", p, err)
		}
	}
	// Every page of docs/ a command's help names is there (serve's names the API's).
	_, serve, _ := runCmd("help", "serve")
	named := regexp.MustCompile(`docs/[a-z-]+\.md`).FindAllString(out+serve, -1)
	if !slices.Contains(named, "docs/api.md") {
		t.Errorf("umpire help serve does not name docs/api.md:\n%s", serve)
	}
	for _, p := range named {
		if _, err := os.Stat(filepath.Join("../..", p)); err != nil {
			t.Errorf("umpire help names %s, which is not there: %v", p, err)
		}
	}
	if strings.Contains(serve, "server/API.md") {
		t.Errorf("umpire help serve names server/API.md, which moved to docs/api.md")
	}
}

// issueNumber finds a sentence that speaks of the project's issue tracker by number ("issue 19",
// "issues 20 and 22", "issue #33"): the manual is read by people who never see the tracker.
// (A numbered note of rules-notes, "1.5 #12", is a reference a reader can follow.)
var issueNumber = regexp.MustCompile(`(?i)\bissues?\s+#?[0-9]+`)

// TestDocsSpeakOfNoIssueNumbers: README.md and docs/*.md never refer to issue numbers.
func TestDocsSpeakOfNoIssueNumbers(t *testing.T) {
	for _, page := range manualPages(t) {
		for i, line := range strings.Split(string(page.data), "\n") {
			if m := issueNumber.FindString(line); m != "" {
				t.Errorf("%s:%d: speaks of %q: say what it means instead\n\t%s", page.name, i+1, strings.TrimSpace(m), line)
			}
		}
	}
}

// TestReadmeSetUp: the README's two set-up commands stay as they are, and CI runs the second:
// .ci/run runs scripts/test, which runs go test ./....
func TestReadmeSetUp(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := "```\ngo run ./cmd/umpire serve         # the main job: the game server and web UI, with demo games\n" +
		"./scripts/test                    # every test: go test ./..., with PostgreSQL and Chromium if it can\n```\n"
	if !strings.Contains(string(readme), block) {
		t.Errorf("README.md lacks its two set-up commands, exactly:\n%s", block)
	}
	if n := strings.Count(string(readme), "\n"); n >= 250 {
		t.Errorf("README.md has %d lines: the front page stays under 250, the rest belongs in docs/", n)
	}
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^exec \./scripts/test\b`).Match(ci) {
		t.Errorf(".ci/run no longer runs ./scripts/test, the README's test command:\n%s", ci)
	}
	script, err := os.ReadFile("../../scripts/test")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), "go test") || !strings.Contains(string(script), "./...") {
		t.Errorf("scripts/test no longer runs go test ./..., as the README says")
	}
}

// mdLink finds a Markdown link or image's target: [text](target) or ![alt](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks: every link of README.md and docs/*.md to a file of the repository names one that
// is there (pages moved into docs/ must not leave links behind).
func TestDocLinks(t *testing.T) {
	for _, page := range manualPages(t) {
		for i, line := range strings.Split(string(page.data), "\n") {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target, _, _ := strings.Cut(m[1], "#")
				if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				if _, err := os.Stat(filepath.Join("../..", filepath.Dir(page.name), target)); err != nil {
					t.Errorf("%s:%d: a link to %s, which is not there", page.name, i+1, m[1])
				}
			}
		}
	}
}
