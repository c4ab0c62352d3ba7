// Package scenario is what every ruleset's scenario reader shares: a YAML walker that places
// each mistake on its file, line and field ([Error]), warns of fields it does not know, and
// reads the header every scenario file begins with (name, ruleset, seed, dice: [Header]) and
// its moves. The rulesets' own sections are read by their own packages (asl/aslfile,
// lhy/lhyfile, lightningwar/lwfile) with a [Reader].
package scenario

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/rules"
)

// Error is a problem in a scenario file, at a line, in a field.
type Error struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (e *Error) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc += ":" + strconv.Itoa(e.Line)
	}
	if e.Field != "" {
		return loc + ": " + e.Field + ": " + e.Msg
	}
	return loc + ": " + e.Msg
}

// Reader walks a YAML document, collecting warnings and failing with a positioned Error.
type Reader struct {
	File     string
	Warnings []string
	// Limits are the caps the file is read under (see [Reader.Cap]); zero fields are
	// umpire's ceilings (rules.Ceiling).
	Limits rules.Limits
	// Subject is what the file is, for a limit's message: "the scenario" unless set ("the
	// map" for a saved map).
	Subject string
	// Prose are the fields (paths, a.b) of free text besides the top-level [FreeText] ones,
	// which may hold tabs and line breaks (see [Reader.CheckText]): Lightning War's
	// orders.text.
	Prose []string
}

// NewReader reads the file named file (the name its errors give).
func NewReader(file string) *Reader { return &Reader{File: file} }

func (r *Reader) Errf(n *yaml.Node, field, format string, args ...any) *Error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{File: r.File, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// KV is one key of a mapping: its name, its key node and its value node.
type KV struct {
	Key string
	K   *yaml.Node
	V   *yaml.Node
}

// fields reads a mapping, warning about keys not in known (known nil: any key).
func (r *Reader) Fields(n *yaml.Node, field string, known ...string) ([]KV, error) {
	n = Deref(n)
	if n.Kind != yaml.MappingNode {
		return nil, r.Errf(n, field, "expected a mapping (key: value lines), found %s", KindName(n))
	}
	var out []KV
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		if seen[key] {
			return nil, r.Errf(k, Join(field, key), "appears twice")
		}
		seen[key] = true
		if len(known) > 0 && !Contains(known, key) {
			sorted := append([]string(nil), known...)
			sort.Strings(sorted)
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s:%d: %s: unknown field, ignored (known here: %s)", r.File, k.Line, Join(field, key), strings.Join(sorted, ", ")))
			continue
		}
		out = append(out, KV{key, k, v})
	}
	return out, nil
}

// Deref follows aliases and documents to the node they stand for (an empty node for nil).
func Deref(n *yaml.Node) *yaml.Node {
	for n != nil && (n.Kind == yaml.AliasNode || n.Kind == yaml.DocumentNode) {
		if n.Kind == yaml.AliasNode {
			n = n.Alias
		} else if len(n.Content) > 0 {
			n = n.Content[0]
		} else {
			return &yaml.Node{}
		}
	}
	if n == nil {
		return &yaml.Node{}
	}
	return n
}

// KindName says what a node is, for messages ("a mapping", "a list", "\"x\"").
func KindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return fmt.Sprintf("%q", n.Value)
	}
	return "nothing"
}

// Join is a field path: a.b.
func Join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// Contains: x is one of xs.
func Contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (r *Reader) Str(n *yaml.Node, field string) (string, error) {
	n = Deref(n)
	if n.Kind != yaml.ScalarNode {
		return "", r.Errf(n, field, "expected a single value, found %s", KindName(n))
	}
	return n.Value, nil
}

func (r *Reader) Integer(n *yaml.Node, field string, lo, hi int) (int, error) {
	s, err := r.Str(n, field)
	if err != nil {
		return 0, err
	}
	v, perr := strconv.Atoi(strings.TrimSpace(s))
	if perr != nil || v < lo || v > hi {
		return 0, r.Errf(n, field, "expected a whole number %d..%d, found %q", lo, hi, s)
	}
	return v, nil
}

func (r *Reader) Boolean(n *yaml.Node, field string) (bool, error) {
	s, err := r.Str(n, field)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "on", "y":
		return true, nil
	case "false", "no", "off", "n", "":
		return false, nil
	}
	return false, r.Errf(n, field, "expected true or false, found %q", s)
}

func (r *Reader) List(n *yaml.Node, field string) ([]*yaml.Node, error) {
	n = Deref(n)
	switch n.Kind {
	case yaml.SequenceNode:
		return n.Content, nil
	case yaml.ScalarNode:
		if n.Tag == "!!null" || n.Value == "" {
			return nil, nil
		}
	}
	return nil, r.Errf(n, field, "expected a list ([a, b] or lines starting with -), found %s", KindName(n))
}

func (r *Reader) StrList(n *yaml.Node, field string) ([]string, []*yaml.Node, error) {
	items, err := r.List(n, field)
	if err != nil {
		return nil, nil, err
	}
	var out []string
	for _, it := range items {
		s, err := r.Str(it, field)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, s)
	}
	return out, items, nil
}

// Document reads a scenario file's YAML: its size checked against the Body limit before it is
// read, a syntax error placed at the line of the mistake with a hint (see [Decode]), and each of its values (see [Reader.CheckLines])
// checked against the Line limit.
func (r *Reader) Document(data []byte) (*yaml.Node, error) {
	return r.document(data, true)
}

// document is Document; a syntax error is the YAML reader's own, unexplained, unless explain
// ([Inline] leaves a file that does not read to the scenario reader, which explains it).
func (r *Reader) document(data []byte, explain bool) (*yaml.Node, error) {
	if err := r.Cap(nil, "", rules.LimitBody, len(data), "%s is %d bytes", r.TheFile(), len(data)); err != nil {
		return nil, err
	}
	doc := new(yaml.Node)
	if err := decodeYAML(data, doc); err != nil {
		if explain {
			err = SyntaxError(r.File, data, err)
		}
		return nil, err
	}
	if err := r.CheckLines(doc); err != nil {
		return nil, err
	}
	if err := r.CheckText(doc); err != nil {
		return nil, err
	}
	return doc, nil
}

// FreeText are the top-level fields of prose (a scenario's notes, description and source),
// which the Line limit leaves alone: only the Body limit bounds them.
var FreeText = []string{"notes", "description", "source"}

// CheckLines checks every key and value of a document against the Line limit, save the
// top-level [FreeText] fields: a move's notation, an id, a hex's name are each one line, and a
// JSON scenario may be all on one physical line. An alias is not followed (its anchor is
// checked where it stands).
func (r *Reader) CheckLines(doc *yaml.Node) error {
	max, _ := r.Limits.Max(rules.LimitLine)
	var walk func(n *yaml.Node, top bool) error
	walk = func(n *yaml.Node, top bool) error {
		if n == nil || n.Kind == yaml.AliasNode {
			return nil
		}
		if len(n.Value) > max {
			return r.Cap(n, "", rules.LimitLine, len(n.Value), "a line of %d bytes", len(n.Value))
		}
		for i, c := range n.Content {
			if top && i%2 == 1 && Contains(FreeText, n.Content[i-1].Value) {
				continue
			}
			if err := walk(c, false); err != nil {
				return err
			}
		}
		return nil
	}
	root := doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	return walk(root, root.Kind == yaml.MappingNode)
}

// CheckText checks every key and value of a document against umpire's one rule on the
// characters of text (rules.CheckText): no control character, and text in UTF-8. The
// top-level [FreeText] fields and the fields r.Prose names are free text, which may hold tabs
// and line breaks; a move is notation; a field called id is an id and one called name a name;
// anything else (a key, a hex, a word) is a value. The error is placed at the node's line and
// names its field: "s.yaml:4: units.id: \"T\\x00\": a control character (U+0000, NUL) is not
// allowed in an id". An alias is not followed (its anchor is checked where it stands).
func (r *Reader) CheckText(doc *yaml.Node) error {
	var walk func(n *yaml.Node, field string) error
	walk = func(n *yaml.Node, field string) error {
		if n == nil || n.Kind == yaml.AliasNode {
			return nil
		}
		if n.Kind == yaml.ScalarNode {
			if err := rules.CheckText(r.textKind(field), n.Value); err != nil {
				return r.Errf(n, field, "%q: %v", n.Value, err)
			}
		}
		if n.Kind != yaml.MappingNode {
			for _, c := range n.Content {
				if err := walk(c, field); err != nil {
					return err
				}
			}
			return nil
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if err := rules.CheckText(rules.TextValue, k.Value); err != nil {
				return r.Errf(k, field, "the key %q: %v", k.Value, err)
			}
			if err := walk(n.Content[i+1], Join(field, k.Value)); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(doc, "")
}

// textKind is the kind of text (rules.Text) of a value in the field at path field (a.b.c).
func (r *Reader) textKind(field string) rules.Text {
	top, _, _ := strings.Cut(field, ".")
	last := field[strings.LastIndex(field, ".")+1:]
	switch {
	case field == top && Contains(FreeText, top), Contains(r.Prose, field):
		return rules.TextFree
	case top == "moves":
		return rules.TextNotation
	case last == "id":
		return rules.TextID
	case last == "name":
		return rules.TextName
	}
	return rules.TextValue
}

// TheFile is what the file is, for messages: Subject, or "the scenario".
func (r *Reader) TheFile() string {
	if r.Subject != "" {
		return r.Subject
	}
	return "the scenario"
}

// Cap is nil if got is within the limit named name (rules.LimitBoards, ...) of r.Limits, else
// the *rules.LimitError that says so, placed at n (nil: the whole file) and field. what, a
// format given args, says what the file asked for: "%s names %d boards" with r.TheFile() and
// 40 reads "the scenario names 40 boards".
func (r *Reader) Cap(n *yaml.Node, field, name string, got int, what string, args ...any) error {
	e := r.Limits.Check(name, got, fmt.Sprintf(what, args...))
	if e == nil {
		return nil
	}
	e.Where = r.Errf(n, field, "").Error()
	e.Where = strings.TrimSuffix(e.Where, ": ")
	return e
}

// CapList is Cap for a list: the list at n (field) may hold at most the limit named name of
// items, each called noun ("%s names 600 units").
func (r *Reader) CapList(n *yaml.Node, field, name, noun string) error {
	items := Deref(n)
	if items.Kind != yaml.SequenceNode {
		return nil
	}
	return r.Cap(n, field, name, len(items.Content), "%s names %d %s", r.TheFile(), len(items.Content), noun)
}

// Header is what every ruleset's file begins with: its name, seed and dice script.
type Header struct {
	Name    string
	Seed    uint64
	HasSeed bool
	Dice    []int
}

// readHeader reads a file's top-level fields (warning about any not in known) and its
// name, ruleset (which must be want), seed, and dice (each 1..diceMax).
func (r *Reader) ReadHeader(root *yaml.Node, want string, diceMax int, known []string) (map[string]KV, Header, error) {
	var h Header
	top, err := r.Fields(root, "", known...)
	if err != nil {
		return nil, h, err
	}
	get := map[string]KV{}
	for _, f := range top {
		get[f.Key] = f
	}
	if f, ok := get["name"]; ok {
		if h.Name, err = r.Str(f.V, "name"); err != nil {
			return nil, h, err
		}
	}
	if f, ok := get["ruleset"]; ok {
		rs, err := r.Str(f.V, "ruleset")
		if err != nil {
			return nil, h, err
		}
		if !strings.EqualFold(strings.TrimSpace(rs), want) {
			return nil, h, r.Errf(f.V, "ruleset", "this reader plays ruleset: %s, not %q", want, rs)
		}
	}
	if f, ok := get["seed"]; ok {
		v, err := r.Integer(f.V, "seed", 0, 1<<62)
		if err != nil {
			return nil, h, err
		}
		h.Seed, h.HasSeed = uint64(v), true
	}
	if f, ok := get["dice"]; ok {
		items, err := r.List(f.V, "dice")
		if err != nil {
			return nil, h, err
		}
		for _, it := range items {
			v, err := r.Integer(it, "dice", 1, diceMax)
			if err != nil {
				return nil, h, err
			}
			h.Dice = append(h.Dice, v)
		}
	}
	return get, h, nil
}

// ReadOpponent reads a file's `opponent: {side: SIDE, boldness: B}` (or `opponent: SIDE`): the
// side umpire plays, one of sides, at boldness B from 0 to 1 (default rules.DefaultBoldness).
func (r *Reader) ReadOpponent(n *yaml.Node, sides []string) (*rules.Opponent, error) {
	op := &rules.Opponent{Boldness: rules.DefaultBoldness}
	v := Deref(n)
	sideNode := v
	if v.Kind == yaml.MappingNode {
		fs, err := r.Fields(v, "opponent", "side", "boldness")
		if err != nil {
			return nil, err
		}
		sideNode = nil
		for _, f := range fs {
			switch f.Key {
			case "side":
				sideNode = f.V
			case "boldness":
				s, err := r.Str(f.V, "opponent.boldness")
				if err != nil {
					return nil, err
				}
				b, perr := strconv.ParseFloat(strings.TrimSpace(s), 64)
				if perr != nil || b < 0 || b > 1 || b != b {
					return nil, r.Errf(f.V, "opponent.boldness", "expected a number from 0 (cautious) to 1 (bold), found %q", s)
				}
				op.Boldness = b
			}
		}
		if sideNode == nil {
			return nil, r.Errf(v, "opponent.side", "missing: the side umpire plays (%s)", strings.Join(sides, ", "))
		}
	}
	side, err := r.Str(sideNode, "opponent.side")
	if err != nil {
		return nil, err
	}
	if !Contains(sides, side) {
		return nil, r.Errf(sideNode, "opponent.side", "%q is not a side of this scenario (%s)", side, strings.Join(sides, ", "))
	}
	op.Side = side
	return op, nil
}

// Begin reads a scenario file's YAML and its header (see ReadHeader): the document's root, its
// top-level fields by name, and the header.
func (r *Reader) Begin(data []byte, want string, diceMax int, known []string) (*yaml.Node, map[string]KV, Header, error) {
	doc, err := r.Document(data)
	if err != nil {
		return nil, nil, Header{}, err
	}
	root := Deref(doc)
	get, h, err := r.ReadHeader(root, want, diceMax, known)
	return root, get, h, err
}

// ReadMoves reads a `moves:` list, each line checked by parse. A line with a colon left
// unquoted ("- fire E5: sa +1") is a YAML mapping: it is read back as the line.
func (r *Reader) ReadMoves(n *yaml.Node, parse func(string) error) ([]rules.Move, error) {
	if err := r.CapList(n, "moves", rules.LimitMoves, "moves"); err != nil {
		return nil, err
	}
	items, err := r.List(n, "moves")
	if err != nil {
		return nil, err
	}
	var out []rules.Move
	for _, it := range items {
		if n := Deref(it); n.Kind == yaml.MappingNode && len(n.Content) == 2 && Deref(n.Content[1]).Kind == yaml.ScalarNode {
			it = &yaml.Node{Kind: yaml.ScalarNode, Value: n.Content[0].Value + ": " + Deref(n.Content[1]).Value, Line: n.Line}
		}
		text, err := r.Str(it, "moves")
		if err != nil {
			return nil, err
		}
		if err := r.Cap(it, "moves", rules.LimitLine, len(text), "a move of %d bytes", len(text)); err != nil {
			return nil, err
		}
		if perr := parse(text); perr != nil {
			return nil, r.Errf(it, "moves", "%v", perr)
		}
		out = append(out, rules.Move{Text: text, Line: Deref(it).Line})
	}
	return out, nil
}

// Played is a played step as a check reads it: its number, its line in the file, its text and
// the error that refused it (nil if taken).
type Played interface {
	Played() (num, line int, action string, err error)
}

// Failures collects the expectations of a file that did not hold.
type Failures []rules.Failure

// Fail records one at a line of the file.
func (f *Failures) Fail(line int, format string, args ...any) {
	*f = append(*f, rules.Failure{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// StartCheck begins a check of a file's expectations: a failure for each refused step that no
// expectation says should be refused (`step N: {error: ...}`).
func StartCheck[S Played](exps []Expectation, steps []S) *Failures {
	expected := map[int]bool{}
	for _, e := range exps {
		for _, f := range e.Fields {
			if e.Step > 0 && f.Key == "error" {
				expected[e.Step] = true
			}
		}
	}
	fails := &Failures{}
	for _, st := range steps {
		if num, line, action, err := st.Played(); err != nil && !expected[num] {
			fails.Fail(line, "step %d (%s) was refused: %v", num, action, err)
		}
	}
	return fails
}

// Expectation is one entry of a scenario's expect block: a unit's, a step's or a group's.
type Expectation struct {
	Line  int
	Unit  string // a unit (detachment) expectation, or
	Step  int    // a step expectation (1-based), or
	Group string // a group expectation, or
	// Objectives: each side's points over the scenario's objectives (`objectives: {German: 5}`),
	// its Fields keyed by side.
	Objectives bool
	Fields     []ExpField
}

// ObjectivesKey is the expect: key of each side's points over the scenario's objectives.
const ObjectivesKey = "objectives"

// ClassifyObjectives is how a ruleset's classify reads the expect: key "objectives" (sides: the
// scenario's sides, the fields it may check); ok is false for any other key.
func ClassifyObjectives(f KV, e *Expectation, sides []string) ([]string, bool) {
	if f.Key != ObjectivesKey {
		return nil, false
	}
	e.Objectives = true
	return sides, true
}

// CheckObjectives compares each `objectives:` expectation of exps with game g's objectives
// (rules.Objectiver): each side's points.
func CheckObjectives(exps []Expectation, g rules.Game) []rules.Failure {
	var fails []rules.Failure
	for _, e := range exps {
		if !e.Objectives {
			continue
		}
		for _, f := range e.Fields {
			line := f.Line
			fail := func(format string, args ...any) {
				fails = append(fails, rules.Failure{Line: line, Msg: fmt.Sprintf(format, args...)})
			}
			n, err := strconv.Atoi(strings.TrimSpace(f.Value))
			if err != nil {
				fail("objectives: %s: expected a number of points, found %q", f.Key, f.Value)
				continue
			}
			rules.CheckObjectives(map[string]int{f.Key: n}, g.Sides(), rules.ObjectivesOf(g), fail)
		}
	}
	return fails
}

// ExpField is one checked field.
type ExpField struct {
	Key   string
	Value string
	Line  int
}

// SameValue compares an expected scalar with what was found: numbers as numbers ("+1" is 1),
// true/false and yes/no alike, words without regard to case.
func SameValue(want, got string) bool {
	w, g := strings.TrimSpace(want), strings.TrimSpace(got)
	if a, err := strconv.Atoi(strings.TrimPrefix(w, "+")); err == nil {
		b, err := strconv.Atoi(strings.TrimPrefix(g, "+"))
		return err == nil && a == b
	}
	norm := func(s string) string {
		switch strings.ToLower(s) {
		case "yes", "y", "on", "true":
			return "true"
		case "no", "n", "off", "false":
			return "false"
		}
		return strings.ToLower(s)
	}
	return norm(w) == norm(g)
}

// Recover turns a panic while a file is read into a positioned error; a reader defers it
// first thing (`defer scenario.Recover(file, &err)`), so that a malformed document gives an
// error, never a crash.
func Recover(file string, err *error) {
	if p := recover(); p != nil {
		*err = &Error{File: file, Msg: fmt.Sprintf("cannot read this scenario: %v", p)}
	}
}

// ReadEnd reads what every file ends with: its moves (each checked by parse) and its expect:
// block (read by expect, given the number of moves), either of which may be absent.
func (r *Reader) ReadEnd(get map[string]KV, parse func(string) error, expect func(n *yaml.Node, nMoves int) ([]Expectation, error)) (moves []rules.Move, exps []Expectation, err error) {
	if f, ok := get["moves"]; ok {
		if moves, err = r.ReadMoves(f.V, parse); err != nil {
			return nil, nil, err
		}
	}
	if f, ok := get["expect"]; ok {
		if exps, err = expect(f.V, len(moves)); err != nil {
			return nil, nil, err
		}
	}
	return moves, exps, nil
}

// ReadExpect reads an expect: block, a list of mappings from what is checked (a unit, "step
// N", ...) to the fields checked there. classify fills in what a key names (e.Unit, e.Step or
// e.Group) and returns the fields it may check; a list value is joined with sep. special, if
// not nil, reads a field's value itself when it says so (a mapping such as LHY's odds).
func (r *Reader) ReadExpect(n *yaml.Node, sep string, classify func(f KV, e *Expectation) ([]string, error),
	special func(e *Expectation, v KV, field string) (bool, error)) ([]Expectation, error) {
	items, err := r.List(n, "expect")
	if err != nil {
		return nil, err
	}
	var out []Expectation
	for _, it := range items {
		fs, err := r.Fields(it, "expect")
		if err != nil {
			return nil, err
		}
		for _, f := range fs {
			e := Expectation{Line: f.K.Line}
			known, err := classify(f, &e)
			if err != nil {
				return nil, err
			}
			vs, err := r.Fields(f.V, "expect."+f.Key, known...)
			if err != nil {
				return nil, err
			}
			for _, v := range vs {
				field := "expect." + f.Key + "." + v.Key
				if special != nil {
					if done, err := special(&e, v, field); done || err != nil {
						if err != nil {
							return nil, err
						}
						continue
					}
				}
				val := ""
				if Deref(v.V).Kind == yaml.SequenceNode {
					items, _, err := r.StrList(v.V, field)
					if err != nil {
						return nil, err
					}
					val = strings.Join(items, sep)
				} else if val, err = r.Str(v.V, field); err != nil {
					return nil, err
				}
				e.Fields = append(e.Fields, ExpField{Key: v.Key, Value: val, Line: v.K.Line})
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// ExpectStep reads an expect: key "step N" (N from 1 to the number of moves).
func (r *Reader) ExpectStep(f KV, nMoves int) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(f.Key, "step")))
	if err != nil || v < 1 {
		return 0, r.Errf(f.K, "expect", "%q: write step N with N counted from 1", f.Key)
	}
	if v > nMoves {
		return 0, r.Errf(f.K, "expect", "%q: the scenario has %d moves", f.Key, nMoves)
	}
	return v, nil
}

// Choose reads one of a few words, compared as fold writes them, and gives its value; any
// other word is an error, said as bad says it (a format given the word as %q).
func Choose[T any](r *Reader, n *yaml.Node, field string, fold func(string) string, words map[string]T, bad string) (T, error) {
	var zero T
	s, err := r.Str(n, field)
	if err != nil {
		return zero, err
	}
	if v, ok := words[fold(s)]; ok {
		return v, nil
	}
	return zero, r.Errf(n, field, bad, s)
}
