package rules

import (
	"fmt"
	"github.com/umpire-referee/umpire/words"
	"strings"
)

// Mapper is a Ruleset whose map can be saved apart from any scenario, under a name, and
// referred to from a scenario file (ASL: `map: {saved: NAME}`; Lightning War:
// `table: {saved: NAME}`). A saved map is exactly what the scenario file's own fields hold
// (ASL: the map: object; Lightning War: table, terrain, roads, streams and chokes), so it
// round-trips: inlined, it reads as if it had been written there.
type Mapper interface {
	// ReadMap reads a saved map as the ruleset's scenario reader reads the same fields: a
	// mistake is an error that says where (a *scenario.Error: file:line: field: what). It
	// gives the map back as canonical YAML (what the store keeps) and a summary for lists.
	// A map over one of lim's caps is a *LimitError, as in a scenario.
	ReadMap(file string, data []byte, lim Limits) (MapInfo, error)
	// Inline gives the scenario file data with its saved-map reference replaced by the map
	// saved gives for its name (canonical YAML, as ReadMap gave it). A file without a
	// reference comes back as it is; so does one when saved is nil, and the ruleset's Load
	// then refuses the reference, at its line, as needing a store.
	Inline(file string, data []byte, saved func(name string) ([]byte, error)) ([]byte, error)
}

// MapInfo is a saved map as its ruleset read it.
type MapInfo struct {
	YAML     []byte   // the map, canonical (block style, two-space indent)
	Summary  string   // for lists: "boards 2, 3"; "72 x 48 in"
	Warnings []string // fields the reader did not know and ignored
}

// SavedMaps looks up a saved map by name: its ruleset and its canonical YAML.
type SavedMaps func(name string) (ruleset string, data []byte, err error)

// ReadMap reads a map saved for the ruleset named ruleset under lim (see [Mapper.ReadMap]). A
// ruleset without saved maps says so ([Lacks]).
func ReadMap(ruleset, file string, data []byte, lim Limits) (MapInfo, error) {
	rs, ok := Lookup(ruleset)
	if !ok {
		return MapInfo{}, fmt.Errorf("unknown ruleset %q (%s)", ruleset, Names())
	}
	m, ok := rs.(Mapper)
	if !ok {
		return MapInfo{}, Lacks(rs, "saved maps")
	}
	if e := lim.Check(LimitBody, len(data), fmt.Sprintf("the map is %d bytes", len(data))); e != nil {
		e.Where = file
		return MapInfo{}, e
	}
	return m.ReadMap(file, data, lim)
}

// Inline replaces a scenario file's saved-map reference with the map saved gives (see
// [Mapper.Inline]), checking that the map was saved for the scenario's ruleset. saved nil, a
// ruleset without saved maps or a file without a reference: data comes back as it is.
func Inline(file string, data []byte, saved SavedMaps) ([]byte, error) {
	name, _ := Named(data)
	rs, ok := Lookup(name)
	if !ok || saved == nil {
		return data, nil
	}
	m, ok := rs.(Mapper)
	if !ok {
		return data, nil
	}
	return m.Inline(file, data, func(mapName string) ([]byte, error) {
		ruleset, text, err := saved(mapName)
		if err != nil {
			return nil, err
		}
		if !strings.EqualFold(ruleset, rs.Name()) {
			other := ruleset
			if o, ok := Lookup(ruleset); ok {
				other = o.Title()
			}
			return nil, fmt.Errorf("saved map %q is %s map, and this is %s scenario", mapName, words.A(other), words.A(rs.Title()))
		}
		return text, nil
	})
}
