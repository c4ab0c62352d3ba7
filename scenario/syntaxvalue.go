package scenario

import (
	"fmt"
	"strings"
)

// value reads what line i (shape sh, read at column col, lead bytes of indentation in s) holds
// after its key or dash: nothing (the next line may open its block), a block scalar, a list or
// mapping in brackets, a quoted value, or a plain one.
func (l *linter) value(i int, s string, lead, col int, sh shape) {
	own := col // the column of the lines that may continue its value
	if sh.key != "" {
		own = col + sh.at
	}
	if sh.dash && sh.key != "" {
		l.push(block{col: own, owner: l.top0().owner, item: true})
		l.note(i, "`"+sh.key+":`")
	}
	at := lead + sh.val
	v := s[at:]
	for len(v) > 0 && (v[0] == '&' || v[0] == '!') { // an anchor or a tag before the value
		k := strings.IndexAny(v, " \t")
		if k < 0 {
			return
		}
		n := len(v[k:]) - len(strings.TrimLeft(v[k:], " \t"))
		at, v = at+k+n, v[k+n:]
	}
	switch {
	case v == "" || v[0] == '#':
		if sh.key != "" {
			l.pending = &pendingValue{col: own, owner: sh.key, label: "`" + sh.key + ":`", line: i}
		} else if sh.dash {
			l.pending = &pendingValue{col: col, owner: l.top0().owner, item: true, label: "`-`", line: i}
		}
	case v[0] == '|' || v[0] == '>':
		l.scalarCol = own
	case v[0] == '[' || v[0] == '{':
		l.flow = flow{col: own, last: i}
		if sh.key == "" && !sh.dash && len(l.stack) == 1 && l.stack[0].firstLine == i {
			l.flow.col = -1 // the whole document in brackets, as JSON writes it
		}
		l.scanFlow(i, s, at)
	case v[0] == '"' || v[0] == '\'':
		if n := closeQuote(v); n < 0 {
			l.openQuote(i, s, at, len(strings.TrimRight(s, " \t")))
		} else if rest := strings.TrimSpace(v[n:]); rest != "" && rest[0] != '#' && rest[0] != ':' {
			l.quoteInside(i, s, at, at+n-1)
		}
	default:
		l.plainCol = own
		if sh.key != "" {
			l.colonInValue(i, s, lead, at, sh)
		}
	}
}

// openQuote notes line i, where the quote at s[at] opens a value the line does not close: the
// correction closes it at end.
func (l *linter) openQuote(i int, s string, at, end int) {
	q := s[at : at+1]
	l.add(i, fmt.Sprintf("the value `%s` opens a quote that this line does not close: end it with `%s`", short(s[at:end]), q), func(lines []string) {
		lines[i] = s[:end] + q + s[end:]
	})
}

// quoteInside notes line i, where the quote at s[q] closes the quoted value opened at s[at]
// and text follows it: a quote meant inside the value is written \" (or ” inside single
// quotes).
func (l *linter) quoteInside(i int, s string, at, q int) {
	inside := `\"`
	if s[q] == '\'' {
		inside = "''"
	}
	l.add(i, fmt.Sprintf("text follows the quote that closes `%s`: a quote inside a quoted value is written `%s`", short(s[at:q+1]), inside),
		func(lines []string) { lines[i] = s[:q] + inside + s[q+1:] })
}

// colonInValue notes line i whose plain value (at s[at]) holds ": ", which YAML reads as the
// start of a second key: quote the value (a list item whole, as a move is written).
func (l *linter) colonInValue(i int, s string, lead, at int, sh shape) {
	v := s[at:]
	if k := strings.Index(v, " #"); k >= 0 {
		v = v[:k]
	}
	v = strings.TrimRight(v, " \t")
	if !strings.Contains(v, ": ") && !strings.HasSuffix(v, ":") {
		return
	}
	from := at
	if sh.dash {
		from = lead + sh.at
	}
	whole := s[from : at+len(v)]
	quoted := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(whole) + `"`
	what, prefix := "value `"+short(v)+"`", "`"+sh.key+": "
	if sh.dash {
		what, prefix = "item `"+short(whole)+"`", "`- "
	}
	l.add(i, fmt.Sprintf("the %s holds `: `, which YAML reads as the start of another key: quote it, %s%s`", what, prefix, short(quoted)), func(lines []string) {
		lines[i] = s[:from] + quoted + s[at+len(v):]
	})
}

// scanFlow reads line i of a list or mapping in brackets from s[from], following its brackets
// and quoted values to the end of the line (or of the flow and what follows it on the line).
func (l *linter) scanFlow(i int, s string, from int) {
	f := &l.flow
	token := true // a quote here opens a quoted value
	closed := false
	for j := from; j < len(s); j++ {
		c := s[j]
		comment := c == '#' && (j == 0 || s[j-1] == ' ' || s[j-1] == '\t')
		if closed && len(f.open) == 0 { // the flow is closed: only a stray closing bracket matters
			if comment {
				return
			}
			if c == ']' || c == '}' {
				l.extra(i, s, j)
			}
			continue
		}
		switch {
		case comment:
			return
		case (c == '"' || c == '\'') && token:
			if n := closeQuote(s[j:]); n > 0 {
				j += n - 1
			} else {
				end := len(strings.TrimRight(s, " \t"))
				if k := strings.IndexAny(s[j+1:], ",]}"); k >= 0 {
					end = j + 1 + k
				}
				l.openQuote(i, s, j, end)
				j = end - 1
			}
			token = false
		case c == '[' || c == '{':
			f.open = append(f.open, bracket{ch: c, line: i, col: j})
			token = true
		case c == ']' || c == '}':
			l.closeFlow(i, s, j)
			closed = true
			token = false
		case c == ',' || c == ':':
			token = true
		case c == ' ' || c == '\t':
		default:
			token = false
		}
	}
}

// closeFlow reads the closing bracket s[j] on line i: it closes the innermost open bracket,
// or it is the wrong bracket (a missing one before it, or the wrong one written: where an
// outer bracket matches it, either may be meant), or there is nothing to close.
func (l *linter) closeFlow(i int, s string, j int) {
	f := &l.flow
	c := s[j]
	if len(f.open) == 0 {
		l.extra(i, s, j)
		return
	}
	open := opener(c)
	top := f.open[len(f.open)-1]
	if top.ch == open {
		f.open = f.open[:len(f.open)-1]
		return
	}
	want := string(closer(top.ch))
	deeper := -1
	for k := len(f.open) - 2; k >= 0; k-- {
		if f.open[k].ch == open {
			deeper = k
			break
		}
	}
	if deeper < 0 {
		l.add(i, fmt.Sprintf("`%c` here closes the %s opened by `%c` %s: write `%s`", c, kindOf(top.ch), top.ch, l.onLine(top.line, i), want),
			func(lines []string) { lines[i] = s[:j] + want + s[j+1:] })
		f.open = f.open[:len(f.open)-1]
		return
	}
	l.add(i, fmt.Sprintf("the %s opened by `%c` %s is not closed before this `%c`: close it with `%s` first", kindOf(top.ch), top.ch, l.onLine(top.line, i), c, want),
		func(lines []string) { lines[i] = s[:j] + want + s[j:] })
	l.add(i, fmt.Sprintf("`%c` here closes the %s opened by `%c` %s: write `%s`", c, kindOf(top.ch), top.ch, l.onLine(top.line, i), want),
		func(lines []string) { lines[i] = s[:j] + want + s[j+1:] })
	f.open = f.open[:deeper]
}

// extra notes the closing bracket s[j] on line i that closes nothing.
func (l *linter) extra(i int, s string, j int) {
	l.add(i, fmt.Sprintf("`%c` here closes nothing: every list and mapping before it is closed already: remove it", s[j]),
		func(lines []string) { lines[i] = s[:j] + s[j+1:] })
}

// unclosed notes the list or mapping in brackets that the file leaves open (a line indented no
// further than its key, or the end of the file): the correction closes every open bracket at
// the end of its last line.
func (l *linter) unclosed() {
	f := &l.flow
	last := f.last
	s := l.lines[last]
	end := len(strings.TrimRight(s[:commentAt(s)], " \t"))
	var closers strings.Builder
	for k := len(f.open) - 1; k >= 0; k-- {
		closers.WriteByte(closer(f.open[k].ch))
	}
	in := f.open[len(f.open)-1]
	hint := fmt.Sprintf("the %s opened by `%c` %s is not closed: end it with `%s` on this line", kindOf(in.ch), in.ch, l.onLine(in.line, last), closers.String())
	if in.line == last {
		hint = fmt.Sprintf("the %s opened by `%c` is not closed on this line: end it with `%s`", kindOf(in.ch), in.ch, closers.String())
	}
	add := closers.String()
	l.add(last, hint, func(lines []string) { lines[last] = s[:end] + add + s[end:] })
	f.open = nil
}

// commentAt is where a comment begins on line s (len(s) if none): a # after a space, outside
// double quotes.
func commentAt(s string) int {
	quoted := false
	for j := 0; j < len(s); j++ {
		switch {
		case quoted && s[j] == '\\':
			j++
		case s[j] == '"':
			quoted = !quoted
		case !quoted && s[j] == '#' && (j == 0 || s[j-1] == ' ' || s[j-1] == '\t'):
			return j
		}
	}
	return len(s)
}

// onLine says where a bracket was opened, seen from line i: "on this line", "on line 3".
func (l *linter) onLine(line, i int) string {
	if line == i {
		return "on this line"
	}
	return fmt.Sprintf("on line %d", line+1)
}

func kindOf(open byte) string {
	if open == '[' {
		return "list"
	}
	return "mapping"
}

func opener(c byte) byte {
	if c == ']' {
		return '['
	}
	return '{'
}

func closer(c byte) byte {
	if c == '[' {
		return ']'
	}
	return '}'
}
