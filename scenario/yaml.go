package scenario

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
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

// reader walks a YAML document, collecting warnings and failing with a positioned Error.
type reader struct {
	file     string
	warnings []string
}

func (r *reader) errf(n *yaml.Node, field, format string, args ...any) *Error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{File: r.file, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// kv is one key of a mapping with its value node.
type kv struct {
	key string
	k   *yaml.Node
	v   *yaml.Node
}

// fields reads a mapping, warning about keys not in known (known nil: any key).
func (r *reader) fields(n *yaml.Node, field string, known ...string) ([]kv, error) {
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		return nil, r.errf(n, field, "expected a mapping (key: value lines), found %s", kindName(n))
	}
	var out []kv
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		if seen[key] {
			return nil, r.errf(k, join(field, key), "appears twice")
		}
		seen[key] = true
		if len(known) > 0 && !contains(known, key) {
			sorted := append([]string(nil), known...)
			sort.Strings(sorted)
			r.warnings = append(r.warnings, fmt.Sprintf("%s:%d: %s: unknown field, ignored (known here: %s)", r.file, k.Line, join(field, key), strings.Join(sorted, ", ")))
			continue
		}
		out = append(out, kv{key, k, v})
	}
	return out, nil
}

func deref(n *yaml.Node) *yaml.Node {
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

func kindName(n *yaml.Node) string {
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

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (r *reader) str(n *yaml.Node, field string) (string, error) {
	n = deref(n)
	if n.Kind != yaml.ScalarNode {
		return "", r.errf(n, field, "expected a single value, found %s", kindName(n))
	}
	return n.Value, nil
}

func (r *reader) integer(n *yaml.Node, field string, lo, hi int) (int, error) {
	s, err := r.str(n, field)
	if err != nil {
		return 0, err
	}
	v, perr := strconv.Atoi(strings.TrimSpace(s))
	if perr != nil || v < lo || v > hi {
		return 0, r.errf(n, field, "expected a whole number %d..%d, found %q", lo, hi, s)
	}
	return v, nil
}

func (r *reader) boolean(n *yaml.Node, field string) (bool, error) {
	s, err := r.str(n, field)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "on", "y":
		return true, nil
	case "false", "no", "off", "n", "":
		return false, nil
	}
	return false, r.errf(n, field, "expected true or false, found %q", s)
}

func (r *reader) list(n *yaml.Node, field string) ([]*yaml.Node, error) {
	n = deref(n)
	switch n.Kind {
	case yaml.SequenceNode:
		return n.Content, nil
	case yaml.ScalarNode:
		if n.Tag == "!!null" || n.Value == "" {
			return nil, nil
		}
	}
	return nil, r.errf(n, field, "expected a list ([a, b] or lines starting with -), found %s", kindName(n))
}

func (r *reader) strList(n *yaml.Node, field string) ([]string, []*yaml.Node, error) {
	items, err := r.list(n, field)
	if err != nil {
		return nil, nil, err
	}
	var out []string
	for _, it := range items {
		s, err := r.str(it, field)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, s)
	}
	return out, items, nil
}

// document reads a scenario file's YAML: its size checked, a syntax error placed on its line.
func (r *reader) document(data []byte) (*yaml.Node, error) {
	if len(data) > MaxSize {
		return nil, r.errf(nil, "", "the file is %d bytes; a scenario may be at most %d", len(data), MaxSize)
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		fmt.Sscanf(msg, "line %d:", &line)
		return nil, &Error{File: r.file, Line: line, Msg: "not valid YAML: " + msg}
	}
	return &doc, nil
}

// header is what every ruleset's file begins with: its name, seed and dice script.
type header struct {
	name    string
	seed    uint64
	hasSeed bool
	dice    []int
}

// readHeader reads a file's top-level fields (warning about any not in known) and its
// name, ruleset (which must be want), seed, and dice (each 1..diceMax).
func (r *reader) readHeader(root *yaml.Node, want string, diceMax int, known []string) (map[string]kv, header, error) {
	var h header
	top, err := r.fields(root, "", known...)
	if err != nil {
		return nil, h, err
	}
	get := map[string]kv{}
	for _, f := range top {
		get[f.key] = f
	}
	if f, ok := get["name"]; ok {
		if h.name, err = r.str(f.v, "name"); err != nil {
			return nil, h, err
		}
	}
	if f, ok := get["ruleset"]; ok {
		rs, err := r.str(f.v, "ruleset")
		if err != nil {
			return nil, h, err
		}
		if !strings.EqualFold(strings.TrimSpace(rs), want) {
			return nil, h, r.errf(f.v, "ruleset", "this reader plays ruleset: %s, not %q", want, rs)
		}
	}
	if f, ok := get["seed"]; ok {
		v, err := r.integer(f.v, "seed", 0, 1<<62)
		if err != nil {
			return nil, h, err
		}
		h.seed, h.hasSeed = uint64(v), true
	}
	if f, ok := get["dice"]; ok {
		items, err := r.list(f.v, "dice")
		if err != nil {
			return nil, h, err
		}
		for _, it := range items {
			v, err := r.integer(it, "dice", 1, diceMax)
			if err != nil {
				return nil, h, err
			}
			h.dice = append(h.dice, v)
		}
	}
	return get, h, nil
}

// readMoves reads a `moves:` list, each line checked by parse. A line with a colon left
// unquoted ("- fire E5: sa +1") is a YAML mapping: it is read back as the line.
func (r *reader) readMoves(n *yaml.Node, parse func(string) error) ([]Move, error) {
	items, err := r.list(n, "moves")
	if err != nil {
		return nil, err
	}
	var out []Move
	for _, it := range items {
		if n := deref(it); n.Kind == yaml.MappingNode && len(n.Content) == 2 && deref(n.Content[1]).Kind == yaml.ScalarNode {
			it = &yaml.Node{Kind: yaml.ScalarNode, Value: n.Content[0].Value + ": " + deref(n.Content[1]).Value, Line: n.Line}
		}
		text, err := r.str(it, "moves")
		if err != nil {
			return nil, err
		}
		if perr := parse(text); perr != nil {
			return nil, r.errf(it, "moves", "%v", perr)
		}
		out = append(out, Move{Text: text, Line: deref(it).Line})
	}
	return out, nil
}

// unexpectedRefusals fails each refused step that no expectation says should be refused
// (`step N: {error: ...}`). step gives the i-th played step's number, line, text and error.
func unexpectedRefusals(exps []Expectation, n int, step func(i int) (num, line int, action string, err error), fail func(line int, format string, args ...any)) {
	expected := map[int]bool{}
	for _, e := range exps {
		for _, f := range e.Fields {
			if e.Step > 0 && f.Key == "error" {
				expected[e.Step] = true
			}
		}
	}
	for i := range n {
		if num, line, action, err := step(i); err != nil && !expected[num] {
			fail(line, "step %d (%s) was refused: %v", num, action, err)
		}
	}
}
