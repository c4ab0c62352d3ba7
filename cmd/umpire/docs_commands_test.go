package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The manual's commands are shown as a terminal shows them: a line `$ umpire ...` and what it
// printed. TestDocCommands runs every such line of README.md and docs/*.md with the umpire
// binary built from this repository and compares its output with the lines that follow it,
// once what varies from run to run (ports, game ids, link tokens, paths, times, seeds) is
// replaced by a placeholder on both sides. A line `...` in the shown output stands for lines
// left out: the comparison skips to the next shown line, or, at the end, stops there.
// Synopsis lines (`umpire reach FILE UNIT [--svg OUT]`) are not run.

// docCommand is one `$ ` line of a page and the output shown after it in its code block.
type docCommand struct {
	page string
	line int
	cmd  string
	want []string
}

// docCommands returns the `$ ` lines of a Markdown page's fenced code blocks, each with the
// lines after it up to the next `$ ` line or the block's end.
func docCommands(page string, data []byte) []docCommand {
	var out []docCommand
	inBlock, inCommand := false, false // inCommand: a $ line of this block came before
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			inBlock, inCommand = !inBlock, false
		case inBlock && strings.HasPrefix(trimmed, "$ "):
			out = append(out, docCommand{page: page, line: i + 1, cmd: strings.TrimPrefix(trimmed, "$ ")})
			inCommand = true
		case inCommand:
			last := &out[len(out)-1]
			last.want = append(last.want, strings.TrimRight(line, " \t"))
		}
	}
	return out
}

// placeholderWord is a synopsis's stand-in for an argument: FILE, UNIT, X1,Y1.
var placeholderWord = regexp.MustCompile(`^[A-Z][A-Z0-9_]+([,.][A-Z0-9_]+)*$`)

// isSynopsis: a command line that shows a form rather than a command ([optional] parts or
// CAPITAL placeholders) is not run.
func isSynopsis(cmd string) bool {
	if strings.ContainsAny(cmd, "[]") {
		return true
	}
	return slices.ContainsFunc(strings.Fields(cmd), placeholderWord.MatchString)
}

// commandArgs turns a shown command into umpire's arguments: the comment after " #" is dropped,
// and `umpire` or `go run ./cmd/umpire` stands for the binary. ok is false for any other program.
func commandArgs(cmd string) (args []string, ok bool) {
	if i := strings.Index(cmd, " #"); i >= 0 {
		cmd = cmd[:i]
	}
	f := strings.Fields(cmd)
	switch {
	case len(f) >= 1 && f[0] == "umpire":
		return f[1:], true
	case len(f) >= 3 && f[0] == "go" && f[1] == "run" && f[2] == "./cmd/umpire":
		return f[3:], true
	}
	return nil, false
}

// What varies from one run to the next, replaced by a placeholder before lines are compared.
var (
	loopbackURL = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`)
	linkToken   = regexp.MustCompile(`\?k=[A-Za-z0-9_-]+`)
	clockTime   = regexp.MustCompile(`\b[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\b`)
	storePath   = regexp.MustCompile(`\S*/games\.db\b`)
	diceSeed    = regexp.MustCompile(`\b(seed:? )[0-9]+`)
	idRun       = regexp.MustCompile(`[A-Za-z0-9_-]+`) // a game id is such a run of 12 (not \b: an id may end in -)
)

// gameIDs are the 12-character ids in s: mixed case, digits or - and _, unlike any word.
func gameIDs(s string) []string {
	var ids []string
	for _, w := range idRun.FindAllString(s, -1) {
		if len(w) == 12 && (strings.ContainsAny(w, "0123456789-_") || strings.ToLower(w[1:]) != w[1:]) {
			ids = append(ids, w)
		}
	}
	return ids
}

// normalize replaces what varies in a line of output and closes up runs of spaces.
func normalize(s string) string {
	s = loopbackURL.ReplaceAllString(s, "http://127.0.0.1:PORT")
	s = linkToken.ReplaceAllString(s, "?k=TOKEN")
	s = clockTime.ReplaceAllString(s, "TIME")
	s = storePath.ReplaceAllString(s, "PATH")
	s = diceSeed.ReplaceAllString(s, "${1}SEED")
	for _, id := range gameIDs(s) {
		s = strings.ReplaceAll(s, id, "ID")
	}
	return strings.Join(strings.Fields(s), " ")
}

// compareOutput compares the shown lines with what the command printed; "" if they agree,
// else what differs. ids learns, line by line, which id of the page stands for which id of the
// run, so that a later command naming a game shown earlier names the real one.
func compareOutput(want, got []string, ids map[string]string) string {
	j := 0
	for i := 0; i < len(want); i++ {
		if strings.TrimSpace(want[i]) == "..." {
			if i == len(want)-1 {
				return ""
			}
			for j < len(got) && normalize(got[j]) != normalize(want[i+1]) {
				j++
			}
			continue
		}
		if j >= len(got) {
			return fmt.Sprintf("the output ends before the shown line %q", want[i])
		}
		if normalize(want[i]) != normalize(got[j]) {
			return fmt.Sprintf("shown:   %s\nprinted: %s", want[i], got[j])
		}
		w, g := gameIDs(want[i]), gameIDs(got[j])
		for k := range min(len(w), len(g)) {
			ids[w[k]] = g[k]
		}
		j++
	}
	if j < len(got) {
		return fmt.Sprintf("it printed more than is shown, from: %s (end the shown output with ... if that is meant)", got[j])
	}
	return ""
}

// docWorld is where the manual's commands run: a directory that holds the repository's files
// (its top-level entries linked in) and a home of its own, so the default store is new.
type docWorld struct {
	bin, dir string
	env      []string
	ids      map[string]string
}

func newDocWorld(t *testing.T) *docWorld {
	t.Helper()
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "umpire")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := filepath.Join(tmp, "work")
	home := filepath.Join(tmp, "home")
	for _, d := range []string{dir, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_DATA_HOME=")
	})
	env = append(env, "HOME="+home, "XDG_DATA_HOME=")
	return &docWorld{bin: bin, dir: dir, env: env, ids: map[string]string{}}
}

// run runs umpire with args and returns its standard output as lines. A server (serve) is
// given a free port unless the line names one, read until it has printed as many lines as the
// page shows, and then interrupted.
func (w *docWorld) run(args []string, shown int) ([]string, string, error) {
	for i, a := range args {
		if real, ok := w.ids[a]; ok {
			args[i] = real
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	serving := len(args) > 0 && args[0] == "serve"
	if serving && !slices.Contains(args, "--addr") {
		args = append(args, "--addr", "127.0.0.1:0")
	}
	cmd := exec.CommandContext(ctx, w.bin, args...)
	cmd.Dir, cmd.Env = w.dir, w.env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if !serving {
		out, err := cmd.Output()
		return splitLines(string(out)), stderr.String(), err
	}
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	var lines []string
	sc := bufio.NewScanner(pipe)
	for len(lines) < shown && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	_ = cmd.Process.Signal(os.Interrupt)
	go func() { _, _ = io.Copy(io.Discard, pipe) }() // what it prints while stopping
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
	return lines, stderr.String(), nil
}

func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// TestDocCommands runs the `$ ` lines of README.md, then of docs/*.md in name order, in one
// world, as a reader who started with the README's tour would: its `umpire serve` made the
// demo games that `umpire games` in docs/server.md lists.
func TestDocCommands(t *testing.T) {
	var cmds []docCommand
	for _, page := range manualPages(t) { // README.md first
		cmds = append(cmds, docCommands(page.name, page.data)...)
	}
	w := newDocWorld(t)
	ran := 0
	for _, c := range cmds {
		if isSynopsis(c.cmd) {
			continue
		}
		args, ok := commandArgs(c.cmd)
		if !ok {
			t.Errorf("%s:%d: `$ %s` is not an umpire command: the manual's $ lines are commands this test runs", c.page, c.line, c.cmd)
			continue
		}
		got, stderr, err := w.run(args, len(c.want))
		ran++
		if err != nil && len(c.want) == 0 {
			t.Errorf("%s:%d: `$ %s`: %v\n%s", c.page, c.line, c.cmd, err, stderr)
			continue
		}
		if msg := compareOutput(c.want, got, w.ids); msg != "" {
			t.Errorf("%s:%d: `$ %s` prints something else than the page shows:\n%s\n(stderr: %s)", c.page, c.line, c.cmd, msg, strings.TrimSpace(stderr))
		}
	}
	if ran == 0 {
		t.Fatal("no $ line found in README.md or docs/: is the finder broken?")
	}
	t.Logf("%d commands of the manual run", ran)
}

// TestDocCommandParts: what is run, what is a synopsis, what varies and how "..." reads.
func TestDocCommandParts(t *testing.T) {
	synopses := []struct {
		cmd  string
		want bool
	}{
		{"umpire reach FILE UNIT [--svg OUT]", true},
		{"umpire lw measure FILE X1,Y1 X2,Y2", true},
		{"umpire play testdata/x.yaml --svg table.svg", false},
		{"umpire lw measure f.yaml 5,10 15,10 --det A", false},
	}
	for _, c := range synopses {
		if got := isSynopsis(c.cmd); got != c.want {
			t.Errorf("isSynopsis(%q) = %v, want %v", c.cmd, got, c.want)
		}
	}
	if args, ok := commandArgs("go run ./cmd/umpire play   # the demo"); !ok || !slices.Equal(args, []string{"play"}) {
		t.Errorf("commandArgs(go run ...) = %v, %v", args, ok)
	}
	if _, ok := commandArgs("createdb umpire_test"); ok {
		t.Error("commandArgs took a command that is not umpire's")
	}
	compares := []struct {
		name      string
		want, got []string
		agree     bool
	}{
		{"same", []string{"a", "b"}, []string{"a", "b"}, true},
		{"spaces close up", []string{"a    b"}, []string{"a  b"}, true},
		{"what varies", []string{"  referee    http://127.0.0.1:8080/play/Kf6jxJt3T5Ti?k=zSciyzJ9L1B2uLIhAX83cg"},
			[]string{"  referee    http://127.0.0.1:41234/play/0ICrsqBOZpQE?k=RDqelzSX2h72bKX6rHdvxA"}, true},
		{"a word of twelve letters is no id", []string{"Breakthrough"}, []string{"Counterpunch"}, false},
		{"an id may end in - or _", []string{"  US  http://127.0.0.1:8080/play/FQRR-er4UftS?k=KyWI9vGsL1EWEC-13ufaI-"},
			[]string{"  US  http://127.0.0.1:80/play/mRw28fuySSu-?k=wJNivhhOi7O8C0rlXX6lX_"}, true},
		{"... skips to the next shown line", []string{"a", "...", "d"}, []string{"a", "b", "c", "d"}, true},
		{"... at the end stops", []string{"a", "..."}, []string{"a", "b"}, true},
		{"a line differs", []string{"a", "b"}, []string{"a", "c"}, false},
		{"more printed than shown", []string{"a"}, []string{"a", "b"}, false},
		{"less printed than shown", []string{"a", "b"}, []string{"a"}, false},
	}
	for _, c := range compares {
		if msg := compareOutput(c.want, c.got, map[string]string{}); (msg == "") != c.agree {
			t.Errorf("%s: compareOutput = %q, want agreement %v", c.name, msg, c.agree)
		}
	}
	ids := map[string]string{}
	compareOutput([]string{"fqX6jQxoBMrY  umpire demo"}, []string{"bZuaUoRX9wno  umpire demo"}, ids)
	if ids["fqX6jQxoBMrY"] != "bZuaUoRX9wno" {
		t.Errorf("the page's id is not mapped to the run's: %v", ids)
	}
}

// TestDocCommandsFound: $ lines are found only in code blocks, each with the lines after it in
// its own block.
func TestDocCommandsFound(t *testing.T) {
	page := "$ not in a block\n```\nfirst line, no command\n$ umpire a\nout a\n$ umpire b\n```\nafter\n```\n$ umpire c\n```\n"
	got := docCommands("p.md", []byte(page))
	want := []docCommand{
		{page: "p.md", line: 4, cmd: "umpire a", want: []string{"out a"}},
		{page: "p.md", line: 6, cmd: "umpire b"},
		{page: "p.md", line: 10, cmd: "umpire c"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("docCommands =\n%v\nwant\n%v", got, want)
	}
}
