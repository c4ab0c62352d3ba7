package scenario

import (
	"fmt"
	"sort"
	"strings"
)

// linter reads a YAML file's lines as a player writes them: keys and list items in block
// style, each block at its own indentation, values plain, quoted, in brackets (flow style) or
// in a block scalar (| or >). It notes each line that looks like one of the common mistakes
// ([mistake]) and reads on as though it had been corrected.
type linter struct {
	lines []string
	found []mistake
	// top holds the lines that begin a top-level key or item (block style, at the start of the
	// line): the parts of the file, each read alone (see findMistake).
	top   []bool
	stack []block
	// pending is the key (or bare "- ") the line before ended with: its value may be the block
	// the next line opens.
	pending *pendingValue
	// scalarCol >= 0: lines indented past it continue a block scalar.
	scalarCol int
	// plainCol >= 0: lines indented past it, without a key, continue a plain value.
	plainCol int
	flow     flow
	started  bool // a line of the document has been read
	loose    bool // the last line at the start of the line was no key nor list item
}

// block is a mapping or a list in block style: its column, what holds it, its first and last
// key or item.
type block struct {
	col       int
	seq       bool
	owner     string // the key it is the value of ("units"); "" at the top
	item      bool   // a mapping that is an item of a list
	first     string // its first key or item as written (`id:`), and its line
	firstLine int
	last      string
	lastLine  int
	opened    bool          // opened by the key (or bare dash) above it
	empty     *pendingValue // the key at its column its last key came right after, left without a value
}

// pendingValue is a key whose value is not on its line, or a bare "- ": the block it opens
// must be indented past col (a key's list may also stand at the key's own column).
type pendingValue struct {
	col   int
	owner string
	item  bool
	label string // the key (`map:`) or `-`, and its line
	line  int
}

// flow is an open list or mapping in brackets: the brackets still open, the block column it
// stands in (its lines must be indented past it; -1 for a whole document in brackets), and the
// last line it has reached.
type flow struct {
	open []bracket
	col  int
	last int
}

// bracket is an open [ or {: which, and where.
type bracket struct {
	ch        byte
	line, col int
}

// shape is a line of block style, as its text after the indentation reads: a list item (dash)
// whose content begins at offset at, a key, and the offset of the value (after the key's colon,
// or of the whole content).
type shape struct {
	dash bool
	at   int
	key  string
	val  int
	text string
}

func newLinter(lines []string) *linter {
	return &linter{lines: lines, top: make([]bool, len(lines)), scalarCol: -1, plainCol: -1}
}

// run reads every line of the file's first document, then sorts what it found by line.
func (l *linter) run() {
	for i, s := range l.lines {
		if i == 0 {
			s = strings.TrimPrefix(s, "\ufeff")
		}
		if !l.line(i, s) {
			break
		}
	}
	if len(l.flow.open) > 0 {
		l.unclosed()
	}
	sort.SliceStable(l.found, func(a, b int) bool { return l.found[a].line < l.found[b].line })
}

// line reads line i (s); false at the end of the first document.
func (l *linter) line(i int, s string) bool {
	content := strings.TrimLeft(s, " \t")
	lead := len(s) - len(content)
	if l.scalarCol >= 0 {
		if content == "" || lead > l.scalarCol {
			return true
		}
		l.scalarCol = -1
	}
	if content == "" || content[0] == '#' {
		return true
	}
	if lead == 0 && (marker(content, "---") || marker(content, "...") || content[0] == '%') {
		return !l.started
	}
	l.started = true
	if len(l.flow.open) > 0 {
		if lead > l.flow.col || content[0] == ']' || content[0] == '}' {
			l.flow.last = i
			l.scanFlow(i, s, lead)
			return true
		}
		l.unclosed()
	}
	l.block(i, s, lead, content)
	return true
}

// marker: s is the document marker m (--- or ...), alone or followed by a space.
func marker(s, m string) bool {
	return s == m || strings.HasPrefix(s, m+" ") || strings.HasPrefix(s, m+"\t")
}

// block reads a line of block style (lead bytes of indentation before content).
func (l *linter) block(i int, s string, lead int, content string) {
	col := lead
	if strings.ContainsRune(s[:lead], '\t') {
		col = l.tabbed(i, s[:lead])
	}
	sh := readShape(content)
	if l.plainCol >= 0 && col > l.plainCol && sh.key == "" && !sh.dash {
		return // the plain value of the line above goes on
	}
	l.plainCol = -1
	col = l.place(i, col, sh)
	if lead == 0 { // a part begins here, unless a line at the start of its own that is no key goes on into it
		l.top[i] = l.stack[0].seq == sh.dash && (sh.key != "" || sh.dash) && !l.loose
		l.loose = sh.key == "" && !sh.dash
	}
	switch {
	case sh.key == "" && !sh.dash && !l.top0().seq:
		l.keyless(i, s, lead, sh.text, false)
	case sh.key == "" && sh.dash:
		l.keyless(i, s, lead+sh.at, sh.text[sh.at:], true)
	case strings.ContainsAny(sh.key, "{["):
		l.bracketKey(i, s, lead, sh)
	}
	l.value(i, s, lead, col, sh)
}

func (l *linter) top0() *block {
	if len(l.stack) == 0 {
		return &block{col: -1}
	}
	return &l.stack[len(l.stack)-1]
}

func (l *linter) push(b block) { l.stack = append(l.stack, b) }

func (l *linter) pop() block {
	b := l.stack[len(l.stack)-1]
	l.stack = l.stack[:len(l.stack)-1]
	return b
}

// note records line i, named label, as the newest key or item of the innermost block.
func (l *linter) note(i int, label string) {
	b := l.top0()
	if b.first == "" {
		b.first, b.firstLine = label, i
	}
	b.last, b.lastLine = label, i
}

// readShape reads the text of a line of block style after its indentation.
func readShape(content string) shape {
	sh := shape{text: content}
	if content == "-" || strings.HasPrefix(content, "- ") || strings.HasPrefix(content, "-\t") {
		sh.dash = true
		sh.at = len(content) - len(strings.TrimLeft(content[1:], " \t"))
	}
	sh.val = sh.at
	if k, v, ok := keyOf(content[sh.at:]); ok {
		sh.key, sh.val = k, sh.at+v
	}
	return sh
}

// keyOf reads a `key: value` text: the key and the offset of its value; false if r is not one.
func keyOf(r string) (string, int, bool) {
	if r == "" {
		return "", 0, false
	}
	j := 0
	switch r[0] {
	case '"', '\'':
		n := closeQuote(r)
		if n < 0 {
			return "", 0, false
		}
		for j = n; j < len(r) && r[j] == ' '; j++ {
		}
		if j >= len(r) || r[j] != ':' || (j+1 < len(r) && r[j+1] != ' ' && r[j+1] != '\t') {
			return "", 0, false
		}
	case '[', '{', '#', '|', '>', '&', '!', '*', '?':
		return "", 0, false
	default:
		for ; j < len(r); j++ {
			if r[j] == ':' && (j+1 == len(r) || r[j+1] == ' ' || r[j+1] == '\t') {
				break
			}
			if r[j] == '#' && j > 0 && (r[j-1] == ' ' || r[j-1] == '\t') {
				return "", 0, false
			}
		}
		if j == len(r) {
			return "", 0, false
		}
	}
	key := strings.Trim(strings.TrimSpace(r[:j]), `"'`)
	if key == "" {
		return "", 0, false
	}
	v := j + 1
	for v < len(r) && (r[v] == ' ' || r[v] == '\t') {
		v++
	}
	return key, v, true
}

// closeQuote is the offset just past the quote that closes the one r begins with; -1 if the
// line does not close it. A double-quoted value escapes with a backslash, a single-quoted one
// writes its quote twice.
func closeQuote(r string) int {
	q := r[0]
	for j := 1; j < len(r); j++ {
		switch {
		case q == '"' && r[j] == '\\':
			j++
		case r[j] == q && q == '\'' && j+1 < len(r) && r[j+1] == '\'':
			j++
		case r[j] == q:
			return j + 1
		}
	}
	return -1
}

// label is how a hint names the line: its key (`side:`) or its item (`- id: U`).
func (sh shape) label() string {
	switch {
	case sh.key != "" && !sh.dash:
		return "`" + sh.key + ":`"
	case sh.dash:
		return "`" + short(sh.text) + "`"
	}
	return "`" + short(sh.text) + "`"
}

// short is a line's text cut for a message.
func short(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 32 {
		return string(r[:31]) + "…"
	}
	return s
}

// spaces says a number of spaces.
func spaces(n int) string {
	if n == 1 {
		return "1 space"
	}
	return fmt.Sprintf("%d spaces", n)
}

// reindent is the correction that indents line i by col spaces.
func reindent(i, col int) func([]string) {
	return func(lines []string) {
		lines[i] = strings.Repeat(" ", col) + strings.TrimLeft(lines[i], " \t")
	}
}

func (l *linter) add(i int, hint string, correct func([]string)) {
	l.found = append(l.found, mistake{line: i, hint: hint, correct: correct})
}
