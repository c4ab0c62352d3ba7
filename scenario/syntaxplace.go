package scenario

import (
	"fmt"
	"sort"
	"strings"
)

// place finds the block line i (shape sh, at column col) belongs to, noting a key or item
// indented more or less than its block's; it gives the column the line is read at from then on
// (the corrected one, for a mistaken line).
func (l *linter) place(i, col int, sh shape) int {
	var empty *pendingValue // a key above, at this line's column, left without a value
	if p := l.pending; p != nil {
		l.pending = nil
		if col > p.col || (col == p.col && sh.dash && !p.item) {
			l.push(block{col: col, seq: sh.dash, owner: p.owner, item: p.item && !sh.dash, opened: true})
			l.note(i, sh.label())
			return col
		}
		if col == p.col && !p.item {
			empty = p
		}
	}
	defer func() { l.top0().empty = empty }()
	if len(l.stack) == 0 {
		l.push(block{col: col, seq: sh.dash})
		l.note(i, sh.label())
		return col
	}
	var inner *block
	for len(l.stack) > 1 && l.top0().col > col {
		b := l.pop()
		inner = &b
	}
	top := *l.top0()
	switch {
	case top.col == col && top.seq == sh.dash: // the next key or item
	case top.col == col && top.seq && len(l.stack) > 1 && l.stack[len(l.stack)-2].col == col:
		l.pop() // a key's list written at the key's own column ends with the next key
	case top.col > col && top.seq == sh.dash: // left of the whole document
		l.under(i, col, sh, top)
		col = top.col
	case top.col > col: // left of the whole document, and not like its first line
	case top.col == col:
		if inner != nil && inner.seq == sh.dash {
			l.under(i, col, sh, *inner)
			l.push(*inner)
			col = inner.col
		} else if below := len(l.stack) - 2; inner == nil && top.seq != sh.dash && below >= 0 && l.stack[below].seq == sh.dash {
			// a key among the items of its neighbour's list, or an item among the keys of the item above
			l.first(i, col, sh, l.stack[below])
			l.over(i, col, sh, l.stack[below])
			l.pop()
			col = l.top0().col
		}
	case inner != nil: // between two blocks: the nearer is meant
		col = l.between(i, col, sh, top, *inner)
	case top.seq == sh.dash:
		l.first(i, col, sh, top)
		l.over(i, col, sh, top)
		col = top.col
	}
	l.note(i, sh.label())
	return col
}

// between notes line i, at a column between its block's (top) and the block it left (inner):
// indented less than inner's keys, or more than top's, the nearer first. It gives the column
// the line is read at.
func (l *linter) between(i, col int, sh shape, top, inner block) int {
	under, over := inner.seq == sh.dash, top.seq == sh.dash
	if under && (!over || inner.col-col <= col-top.col) {
		l.under(i, col, sh, inner)
		if over {
			l.over(i, col, sh, top)
		}
		l.push(inner)
		return inner.col
	}
	if over {
		l.over(i, col, sh, top)
		return top.col
	}
	return col
}

// first notes, before line i indented more than the key above it in b, the line above
// instead when the lines below side with line i: a key right after a key at its column left
// without a value (`map:` then `boards:`, then `  terrain:`) was meant under that key; the first
// key of a block (` boards:` then `  terrain:`, `  units:`) was meant at its neighbours' column.
func (l *linter) first(i, col int, sh shape, b block) {
	switch {
	case b.empty != nil && !b.seq && !sh.dash:
		l.add(b.lastLine, fmt.Sprintf("%s stands at the column of %s above it (line %d), which so has no value: indent it under %s, to line up with %s on line %d",
			b.last, b.empty.label, b.empty.line+1, b.empty.label, sh.label(), i+1), reindent(b.lastLine, col))
	case b.opened && b.firstLine == b.lastLine && b.seq == sh.dash && l.below(i, col, sh.dash):
		l.add(b.lastLine, fmt.Sprintf("%s is indented %s less than the %s below it (%s on line %d): indent it to line up with them",
			b.last, spaces(col-b.col), b.what()+"s", sh.label(), i+1), reindent(b.lastLine, col))
	}
}

// under notes line i, indented less than the keys or items of b; before it, b's only line
// when the line below line i sides with it (b's first line was indented too far).
func (l *linter) under(i, col int, sh shape, b block) {
	if b.opened && b.firstLine == b.lastLine && l.below(i, col, sh.dash) {
		l.add(b.lastLine, fmt.Sprintf("%s is indented %s more than the %s below it (%s on line %d): indent it to line up with them",
			b.last, spaces(b.col-col), b.what()+"s", sh.label(), i+1), reindent(b.lastLine, col))
	}
	l.add(i, fmt.Sprintf("%s is indented %s less than %s: indent it to line up with them",
		sh.label(), spaces(b.col-col), b.others()), reindent(i, b.col))
}

// over notes line i, indented more than the key or item above it in b.
func (l *linter) over(i, col int, sh shape, b block) {
	l.add(i, fmt.Sprintf("%s is indented %s more than the %s above it (%s on line %d): indent it to line up with %s",
		sh.label(), spaces(col-b.col), b.what(), b.last, b.lastLine+1, b.last), reindent(i, b.col))
}

// what a block holds: "key" or "item".
func (b block) what() string {
	if b.seq {
		return "item"
	}
	return "key"
}

// others says who a block's keys or items are: "the other keys of this unit (`id:` on line
// 10)", "the other items of `units:` (line 3)".
func (b block) others() string {
	if b.seq {
		owner := "the list"
		if b.owner != "" {
			owner = "`" + b.owner + ":`"
		}
		return fmt.Sprintf("the other items of %s (line %d)", owner, b.firstLine+1)
	}
	ref := fmt.Sprintf("(%s on line %d)", b.first, b.firstLine+1)
	switch {
	case b.item && b.owner != "":
		return "the other keys of " + itemName(b.owner) + " " + ref
	case b.owner != "":
		return "the other keys of `" + b.owner + ":` " + ref
	}
	return "the other top-level keys " + ref
}

// itemName is an item of the list under key owner: "this unit" for units, else "this item of
// `owner:`".
func itemName(owner string) string {
	if len(owner) > 3 && strings.HasSuffix(owner, "s") && !strings.HasSuffix(owner, "ss") && !strings.ContainsAny(owner, " :`") {
		return "this " + strings.TrimSuffix(owner, "s")
	}
	return "this item of `" + owner + ":`"
}

// tabbed notes line i, indented (lead) with a tab: indent it with spaces to the column of a
// block open there (or past the key above it), the nearest to the tab read as two spaces.
// It gives that column.
func (l *linter) tabbed(i int, lead string) int {
	type spot struct {
		col   int
		where string
	}
	var spots []spot
	if p := l.pending; p != nil {
		spots = append(spots, spot{p.col + 2, fmt.Sprintf("under %s on line %d", p.label, p.line+1)})
	}
	for k := len(l.stack) - 1; k >= 0; k-- {
		b := l.stack[k]
		spots = append(spots, spot{b.col, fmt.Sprintf("to line up with %s on line %d", b.last, b.lastLine+1)})
	}
	if len(spots) == 0 {
		spots = append(spots, spot{0, "at the start of the line"})
	}
	tabs := strings.Count(lead, "\t")
	want := 2*tabs + len(lead) - tabs
	dist := func(c int) int { return max(c-want, want-c) }
	sort.SliceStable(spots, func(a, b int) bool { return dist(spots[a].col) < dist(spots[b].col) })
	for k, s := range spots {
		if k > 1 || (k == 1 && s.col == spots[0].col) {
			break
		}
		how := "indent it with " + spaces(s.col)
		if s.col == 0 {
			how = "remove it"
		}
		l.add(i, "a tab indents this line, and YAML indents with spaces only: "+how+", "+s.where, reindent(i, s.col))
	}
	return spots[0].col
}

// keyless notes line i, a line of a mapping that is not `key: value` (its text c begins at
// s[off]): its colon or the space after it is missing. A list item is only missing its space
// (`- id:T`), or its colon when the line below holds its mapping's next key.
func (l *linter) keyless(i int, s string, off int, c string, item bool) {
	if c == "" || strings.ContainsRune("[{\"'|>&!*?#%@`", rune(c[0])) {
		return
	}
	if k := strings.Index(c, " #"); k >= 0 {
		c = strings.TrimSpace(c[:k])
	}
	if j := strings.IndexByte(c, ':'); j > 0 && j+1 < len(c) && keyWord(c[:j]) && !strings.HasPrefix(c[j+1:], "//") {
		l.add(i, fmt.Sprintf("`%s` lacks the space after its colon: write `%s: %s`", short(c), c[:j], short(c[j+1:])), func(lines []string) {
			lines[i] = s[:off+j+1] + " " + s[off+j+1:]
		})
		return
	}
	if item && !l.below(i, off, false) {
		return
	}
	word, rest, _ := strings.Cut(c, " ")
	fixed := word + ": " + strings.TrimSpace(rest)
	if rest == "" {
		fixed = word + ":"
	}
	l.add(i, fmt.Sprintf("`%s` lacks the colon after its key: write `%s`", short(c), short(fixed)), func(lines []string) {
		lines[i] = s[:off] + fixed
	})
}

// below: the next line of the file after line i (past blank lines and comments) is at column
// col, a list item if dash, else `key: value`.
func (l *linter) below(i, col int, dash bool) bool {
	for _, s := range l.lines[i+1:] {
		content := strings.TrimLeft(s, " ")
		if content == "" || content[0] == '#' {
			continue
		}
		sh := readShape(content)
		return len(s)-len(content) == col && sh.dash == dash && (dash || sh.key != "")
	}
	return false
}

// bracketKey notes line i whose key (sh.key) holds a bracket: `step 17 {mp: 1}` is the key
// "step 17 {mp" to YAML, where `step 17: {mp: 1}` was meant (the colon, or the space after
// it, is missing before the bracket).
func (l *linter) bracketKey(i int, s string, lead int, sh shape) {
	c := sh.text[sh.at:]
	b := strings.IndexAny(c, "{[")
	before := strings.TrimRight(c[:b], " ")
	off := lead + sh.at
	if strings.HasSuffix(before, ":") {
		l.add(i, fmt.Sprintf("`%s` lacks the space after its colon: write `%s %s`", short(c), before, short(c[b:])), func(lines []string) {
			lines[i] = s[:off+b] + " " + s[off+b:]
		})
		return
	}
	l.add(i, fmt.Sprintf("`%s` lacks the colon after its key: write `%s: %s`", short(c), before, short(c[b:])), func(lines []string) {
		lines[i] = s[:off+len(before)] + ": " + s[off+b:]
	})
}

// keyWord: k reads as a key a player writes (letters, digits, spaces, _ . -).
func keyWord(k string) bool {
	for _, r := range k {
		if !(r == ' ' || r == '_' || r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127) {
			return false
		}
	}
	return k[0] != ' ' && k[0] != '-'
}
