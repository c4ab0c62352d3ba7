package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// SavedKey is the key of a saved-map reference: `map: {saved: NAME}`.
const SavedKey = "saved"

// NoStore refuses a saved-map reference that reached a scenario reader unresolved (field is
// "map" or "table"): nil if n is not one. Umpire play and check resolve it with --store; the
// server always does.
func (r *Reader) NoStore(n *yaml.Node, field string) error {
	n = Deref(n)
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == SavedKey {
			return r.Errf(n, field, "{saved: %s} needs --store DSN: the map is saved in a store (umpire play --store DSN, umpire check --store DSN, or a game created on the server)", n.Content[i+1].Value)
		}
	}
	return nil
}

// Canonical is a YAML mapping written again in one style, whether it came as YAML or as JSON,
// as saved maps are kept: a two-space indent; mappings in block style, except one of scalars
// nested two deep or in a list ({terrain: open, level: 1}); lists of scalars or of lists in flow
// style ([2I4-2J4, 2J4-2K4], [[0, 6], [24, 6]]); strings quoted only where YAML needs it. A
// document that is not one mapping is an error at its line.
func (r *Reader) Canonical(data []byte, field string) (*yaml.Node, []byte, error) {
	doc, err := r.Document(data)
	if err != nil {
		return nil, nil, err
	}
	root := Deref(doc)
	if root.Kind != yaml.MappingNode {
		return nil, nil, r.Errf(root, field, "expected a mapping (key: value lines), found %s", KindName(root))
	}
	restyle(root, 0, false)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, nil, r.Errf(root, field, "cannot be written back as YAML: %v", err)
	}
	enc.Close()
	return root, b.Bytes(), nil
}

// restyle sets n's style as Canonical writes it; depth is its depth below the root, inList
// whether it is an item of a list. It says whether n holds a mapping.
func restyle(n *yaml.Node, depth int, inList bool) bool {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!str" || n.Tag == "" {
			n.Style &^= yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle
		}
		return false
	case yaml.SequenceNode:
		maps := false
		for _, c := range n.Content {
			maps = restyle(c, depth+1, true) || maps
		}
		n.Style = yaml.FlowStyle
		if maps {
			n.Style = 0
		}
		return maps
	case yaml.MappingNode:
		maps := false
		for _, c := range n.Content {
			maps = restyle(c, depth+1, false) || maps
		}
		n.Style = 0
		if !maps && (inList || depth >= 2) {
			n.Style = yaml.FlowStyle
		}
		return true
	}
	return false
}

// Inline replaces the reference `key: {saved: NAME}` at the top of a scenario file with the
// map saved(NAME) gives (canonical YAML, as [Reader.Canonical] writes it). wrap: the map is
// the value of key (ASL's map:); otherwise its keys are the file's own top-level keys
// (Lightning War's table, terrain, roads, ...), and own lists those that may then not also be
// written in the file. The reference's lines are left blank and the map is appended at the
// end, so every other line keeps its number and a positioned error still points at it.
//
// A file without a reference, or one the reader will refuse anyway (not YAML, not a mapping),
// comes back as it is.
func Inline(file string, data []byte, key string, wrap bool, own []string, saved func(string) ([]byte, error)) ([]byte, error) {
	r := NewReader(file)
	doc, err := r.document(data, false)
	if err != nil {
		return data, nil
	}
	root := Deref(doc)
	if root.Kind != yaml.MappingNode {
		return data, nil
	}
	at, nameNode := -1, (*yaml.Node)(nil)
	for i := 0; i+1 < len(root.Content); i += 2 {
		v := root.Content[i+1]
		if root.Content[i].Value != key || v.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			if v.Content[j].Value == SavedKey {
				at, nameNode = i, v.Content[j+1]
			}
		}
	}
	if at < 0 {
		return data, nil
	}
	ref := root.Content[at+1]
	if len(ref.Content) != 2 {
		return nil, r.Errf(ref, key, "a saved map is referred to by {saved: NAME} alone; draw the rest in the saved map")
	}
	name := strings.TrimSpace(nameNode.Value)
	if nameNode.Kind != yaml.ScalarNode || name == "" {
		return nil, r.Errf(nameNode, key+"."+SavedKey, "give the saved map's name")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i]; Contains(own, k.Value) {
			return nil, r.Errf(k, k.Value, "the saved map %q brings its own %s; write it there, or draw the table here instead of {saved: %s}", name, k.Value, name)
		}
	}
	if root.Style&yaml.FlowStyle != 0 || root.Content[at].Column != 1 {
		return nil, r.Errf(ref, key, "a file that refers to a saved map is written in block style, its keys at the start of their lines")
	}
	if n := documents(data); n > 1 {
		return nil, r.Errf(ref, key, "a file that refers to a saved map holds one YAML document, not %d (no --- between documents)", n)
	}
	text, err := saved(name)
	if err != nil {
		return nil, r.Errf(nameNode, key+"."+SavedKey, "%v", err)
	}
	out := splice(data, root, at, key, name, wrap, text)
	if err := yaml.Unmarshal(out, new(yaml.Node)); err != nil {
		return nil, r.Errf(nameNode, key+"."+SavedKey, "the saved map %q cannot be written into this file (%v): draw the map here instead", name, err)
	}
	return out, nil
}

// documents counts the YAML documents of data (what does not read counts as one more).
func documents(data []byte) int {
	d := yaml.NewDecoder(bytes.NewReader(data))
	for n := 0; ; n++ {
		var v yaml.Node
		if err := d.Decode(&v); err != nil {
			if !errors.Is(err, io.EOF) {
				n++
			}
			return n
		}
	}
}

// splice blanks the lines of root's key at (from its key to the next key) and appends text,
// after a comment that says where it came from.
func splice(data []byte, root *yaml.Node, at int, key, name string, wrap bool, text []byte) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	end := len(lines)
	if at+2 < len(root.Content) {
		end = root.Content[at+2].Line - 1
	}
	for l := root.Content[at].Line; l <= end && l <= len(lines); l++ {
		lines[l-1] = "\n"
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
	}
	if s := b.String(); s != "" && !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "# %s: {saved: %s}, copied from the store\n", key, strconv.Quote(name))
	empty := strings.TrimSpace(string(text)) == "{}" // a map with no keys, as YAML writes it
	switch {
	case !wrap && empty: // nothing to add
	case !wrap:
		b.Write(text)
	case empty:
		b.WriteString(key + ": {}\n")
	default:
		b.WriteString(key + ":\n")
		for _, l := range strings.SplitAfter(string(text), "\n") {
			if l != "" {
				b.WriteString("  " + l)
			}
		}
	}
	if !bytes.HasSuffix(text, []byte("\n")) {
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// Split is the reverse of [Inline]: it takes a scenario file's map out of it (the value of key
// when wrap; otherwise key and the own keys, as top-level keys of the map) and gives the map
// and the file with `key: {saved: name}` in its place, both written again as YAML. A test
// makes a saved map of a scenario with it; an editor could, to save the map of a file.
func Split(data []byte, key string, wrap bool, own []string, name string) (saved, file []byte, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, err
	}
	root := Deref(&doc)
	if root.Kind != yaml.MappingNode {
		return nil, nil, &Error{Msg: "a scenario is a mapping"}
	}
	m := &yaml.Node{Kind: yaml.MappingNode}
	rest := &yaml.Node{Kind: yaml.MappingNode}
	ref := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
		{Kind: yaml.ScalarNode, Value: SavedKey}, {Kind: yaml.ScalarNode, Value: name}}}
	placed := false
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch {
		case k.Value == key && wrap:
			m = v
		case k.Value == key || Contains(own, k.Value):
			m.Content = append(m.Content, k, v)
		default:
			rest.Content = append(rest.Content, k, v)
			continue
		}
		if !placed {
			rest.Content = append(rest.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, ref)
			placed = true
		}
	}
	m.Style &^= yaml.FlowStyle
	if saved, err = yaml.Marshal(m); err != nil {
		return nil, nil, err
	}
	file, err = yaml.Marshal(rest)
	return saved, file, err
}
