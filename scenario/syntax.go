package scenario

// A YAML syntax error, said where the mistake is. The YAML reader stops where it can go no
// further, which is often well past the mistake, and blames the line where the list or mapping
// it was reading began: an under-indented key in the third unit is "line 2: did not find
// expected '-' indicator" at `units:`. Decode reads the file's lines again as a player writes
// them (keys, lists, indentation, quotes, brackets), notes each line that looks like one of the
// common mistakes, and keeps the first whose correction makes its part of the file readable.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Decode reads the first YAML document of data, the text of the file named file: a scenario
// file or a map, whoever reads it (the rulesets' readers, saved maps, the map editor's import).
// A syntax error comes back as an *Error at the line of the mistake, with a hint in players'
// words (see [SyntaxError]).
func Decode(file string, data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := decodeYAML(data, &doc); err != nil {
		return nil, SyntaxError(file, data, err)
	}
	return &doc, nil
}

// decodeYAML is the YAML reader's own reading of data's first document; a panic in it is an
// error.
func decodeYAML(data []byte, doc *yaml.Node) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("cannot read this YAML: %v", p)
		}
	}()
	return yaml.NewDecoder(bytes.NewReader(data)).Decode(doc)
}

// SyntaxError is the error that decoding data (the file named file) gave, err, said where the
// mistake is: "f.yaml:5: not valid YAML: `side:` is indented 2 spaces less than the other keys
// of this unit (`id:` on line 3): indent it to line up with them". The mistakes it recognises
// are an over- or under-indented key or list item, a tab used to indent, a key without its
// colon or without a space after it, a value holding ": ", a quote left open or closed in the
// middle of a value, and a list or mapping whose bracket is not closed (or closed by the wrong
// bracket, or closed twice). A mistake it cannot place is the YAML reader's own words at the
// reader's line, followed by what they usually mean.
func SyntaxError(file string, data []byte, err error) *Error {
	if errors.Is(err, io.EOF) {
		return &Error{File: file, Msg: "not valid YAML: the file holds no YAML document: it is empty, or only comments"}
	}
	if c, ok := findMistake(data); ok {
		return &Error{File: file, Line: c.line + 1, Msg: "not valid YAML: " + c.hint}
	}
	text := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if _, serr := fmt.Sscanf(text, "line %d:", &line); serr == nil {
		text = strings.TrimSpace(text[strings.Index(text, ":")+1:])
	}
	words := readerWords(text)
	if line > 0 && words == readerDefault {
		words = "look at this line and the lines just above it: " + words
	}
	return &Error{File: file, Line: line, Msg: "not valid YAML: " + text + ": " + words}
}

// readerWords says what the YAML reader's message usually means in a scenario file.
func readerWords(text string) string {
	for _, w := range []struct{ says, means string }{
		{"expected '-' indicator", "a line below it is indented like an item of the list that begins here but does not start with `- `: line it up with the keys above it"},
		{"did not find expected key", "a line below it is indented like a key of the mapping that begins here but is not `key: value`, or a list or mapping in brackets is not closed"},
		{"mapping values are not allowed", "a `key:` where none can stand: a key indented under a key that has a value on its line, or a value holding `: ` (quote such a value)"},
		{"could not find expected ':'", "a line among `key: value` lines lacks its colon, or the space after it"},
		{"unexpected end of stream", "the file ends inside a quoted value or an open [ or {: close it"},
		{"cannot start any token", "a tab, or a character such as @ or ` where a value begins: indent with spaces, and quote such a value"},
		{"tab character", "YAML indents with spaces only: replace the tab with spaces"},
		{"unknown anchor", "an alias (*name) names no anchor (&name) written above it"},
		{"expected ',' or", "a list [ or mapping { that begins here is not closed, or lacks a comma between two of its items"},
	} {
		if strings.Contains(text, w.says) {
			return w.means
		}
	}
	return readerDefault
}

// readerDefault is what a YAML file asks of every line.
const readerDefault = "a key is written `key: value`, lines nested under a key are indented with spaces, and quotes and brackets are closed"

// mistake is a line that looks like a common mistake: its index in the file's lines, the hint
// that says so, and the correction the hint proposes (made on a copy of the lines).
type mistake struct {
	line    int
	hint    string
	correct func(lines []string)
}

// maxTrials bounds the corrections tried on the part of the file that fails, each a reading of
// that part, and trialBytes the bytes they read together (beyond the first): a file full of
// strange lines costs a few readings of it, not one per line.
const (
	maxTrials  = 8
	trialBytes = 64 << 10
)

// findMistake is the first line of data that looks like a common mistake and whose correction
// makes its part of the file readable. A part is the lines of one top-level key, which reads
// alone as well as in the file: the first part that does not read is found by halving (or the
// first two that do not read together), and the mistakes noted in it are tried in turn (a
// correction elsewhere cannot mend it).
func findMistake(data []byte) (mistake, bool) {
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	l := newLinter(lines)
	l.run()
	if len(l.found) == 0 {
		return mistake{}, false
	}
	starts := []int{0} // the first line of each part, and the end of the file
	for i := 1; i < len(lines); i++ {
		if l.top[i] {
			starts = append(starts, i)
		}
	}
	starts = append(starts, len(lines))
	lo, hi := 0, len(starts)-1 // the parts lo..hi-1 do not read together
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if readable(lines[starts[lo]:starts[mid]]) {
			lo = mid
		} else {
			hi = mid
		}
	}
	from, to := starts[lo], starts[hi]
	if readable(lines[from:to]) { // it fails only after the part before it (a key that is not one)
		if lo == 0 || readable(lines[starts[lo-1]:to]) {
			return mistake{}, false
		}
		from = starts[lo-1]
	}
	size, read, trials := len(strings.Join(lines[from:to], "\n")), 0, 0
	for _, m := range l.found {
		if m.line < from || m.line >= to {
			continue
		}
		if trials == maxTrials || (read > 0 && read+3*size > trialBytes && read+3*size > 2*len(data)) {
			break
		}
		read, trials = read+3*size, trials+1
		if mends(lines, m, from, to) {
			return m, true
		}
	}
	return mistake{}, false
}

// mends: the correction of m makes the lines from..to-1 (a part that does not read) read: the
// part up to m's line, if that does not read without it (so a later mistake cannot stand in
// the way), or else the whole part.
func mends(lines []string, m mistake, from, to int) bool {
	fixed := append([]string(nil), lines...) // a correction names its line in the file
	m.correct(fixed)
	if !readable(lines[from : m.line+1]) {
		return readable(fixed[from : m.line+1])
	}
	return readable(fixed[from:to])
}

// readable: the lines read as YAML.
func readable(lines []string) bool {
	var doc yaml.Node
	err := decodeYAML([]byte(strings.Join(lines, "\n")+"\n"), &doc)
	return err == nil || errors.Is(err, io.EOF)
}
