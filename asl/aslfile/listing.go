package aslfile

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/listing"
	"github.com/umpire-referee/umpire/scenario"
)

// A unit's vehicle taken from the Chapter H listings (scenario-format.md, "vehicle listings";
// rules-notes 1.7): `vehicle: PzKpfw IVH`, or `vehicle: {listing: M3A1, nationality: american,
// type: ht, piece: ..., mp: ...}` where the other fields override the listing's.

// listingFields are the keys that pick a listing; the rest of vehicleFields override it.
var listingFields = []string{"listing", "nationality", "type", "piece"}

// readListed reads a vehicle named by its listing; n is the vehicle: node (a name, or a
// mapping with listing:), side the unit's side (the nationality when it names a listing file).
func (r *reader) readListed(n *yaml.Node, field, side string) (*asl.Vehicle, error) {
	name, nat, typ, piece, at := "", "", "", "", n
	var fs []scenario.KV
	if scenario.Deref(n).Kind == yaml.ScalarNode {
		name = scenario.Deref(n).Value
	} else {
		var err error
		if fs, err = r.Fields(n, field, append(append([]string(nil), listingFields...), vehicleFields...)...); err != nil {
			return nil, err
		}
		for _, f := range fs {
			var err error
			switch f.Key {
			case "listing":
				name, err = r.Str(f.V, field+".listing")
				at = f.V
			case "nationality":
				nat, err = r.Str(f.V, field+".nationality")
			case "type":
				typ, err = r.Str(f.V, field+".type")
			case "piece":
				piece, err = r.Str(f.V, field+".piece")
			}
			if err != nil {
				return nil, err
			}
		}
	}
	l, err := r.pickListing(at, field, name, nat, typ, piece, side)
	if err != nil {
		return nil, err
	}
	c, ok := l.Movement.Class()
	if !ok || l.MP == 0 {
		return nil, r.Errf(at, field, "%s (%s %s) has no movement listing umpire can move (%s)", l.FullName(), l.Group, l.Type, l.Movement)
	}
	v := asl.NewVehicle(l.FullName(), c, l.MP)
	v.RedMP, v.Radio, v.GroundPressure, v.AFV = l.RedMP, !l.Radioless, l.GroundPressure, l.AFV
	v.TruckType, v.Amphibious = l.TruckType, l.AmphibiousMP > 0
	// The listing says who built it (rules-notes 1.7 "Maker"); a maker: beside it overrides.
	m, why, ok := l.Maker()
	if !ok {
		return nil, r.Errf(at, field, "%s (%s) has no maker: rules-notes 1.7 gives none for the %s listing", l.FullName(), l.Type, l.Group)
	}
	v.SetMaker(m, why)
	return r.vehicleFacts(fs, field, v)
}

// pickListing finds the one listing a unit names: by nationality (given, or the unit's side
// when it is a listing file's name), name, type and piece.
func (r *reader) pickListing(at *yaml.Node, field, name, nat, typ, piece, side string) (*listing.Listing, error) {
	l, msg := PickListing(name, nat, typ, piece, side)
	if l == nil {
		return nil, r.Errf(at, field, "%s", msg)
	}
	return l, nil
}

// PickListing is the one listing a unit's vehicle: names (listing.Lookup), of nationality nat,
// or the unit's side when nat is "" and the side is a listing file's name; of type typ and
// piece where given. Without one, it is nil and msg says why and what to write: the closest
// listings, or those the name names to choose from.
func PickListing(name, nat, typ, piece, side string) (l *listing.Listing, msg string) {
	if strings.TrimSpace(name) == "" {
		return nil, "name the listing: vehicle: PzKpfw IVH, or vehicle: {listing: PzKpfw IVH, ...}"
	}
	if nat == "" {
		nat = strings.ToLower(strings.TrimSpace(side))
		if !slices.Contains(listing.Groups, nat) {
			return nil, fmt.Sprintf("the side %q is no listing nationality: give nationality: (one of %s)", side, strings.Join(listing.Groups, ", "))
		}
	}
	nat = strings.ToLower(strings.TrimSpace(nat))
	if !slices.Contains(listing.Groups, nat) {
		return nil, fmt.Sprintf("no nationality %q (the listings' are %s)", nat, strings.Join(listing.Groups, ", "))
	}
	q := listing.Query{Name: name, Group: nat, Type: typ, Piece: piece}
	found := listing.Lookup(q)
	switch named := found.Named; {
	case len(named) == 1:
		return named[0], ""
	case len(named) == 0:
		return nil, fmt.Sprintf("no %s listing %q%s; the closest: %s", nat, name, typeAndPiece(typ, piece), strings.Join(closest(q, found), ", "))
	case sameName(named):
		return nil, fmt.Sprintf("%q names %d %s listings: %s; pick one with type: or piece:", name, len(named), nat, choices(named, true))
	default:
		return nil, fmt.Sprintf("%q names %d %s listings: %s; write the one you mean (vehicle: %s)", name, len(named), nat, choices(named, false), named[0].FullName())
	}
}

// sameName: the listings share one full name (type: or piece: tells them apart).
func sameName(ls []*listing.Listing) bool {
	for _, l := range ls {
		if l.FullName() != ls[0].FullName() {
			return false
		}
	}
	return true
}

// choices lists listings for a player to choose: each name with its type, MP (and piece).
func choices(ls []*listing.Listing, piece bool) string {
	var which []string
	for _, l := range ls {
		if piece {
			which = append(which, fmt.Sprintf("%s (type: %s, piece: %s, %d MP)", l.FullName(), l.Type, l.Piece, l.MP))
		} else {
			which = append(which, fmt.Sprintf("%s (%s, %d MP)", l.FullName(), l.Type, l.MP))
		}
	}
	return strings.Join(which, "; ")
}

func typeAndPiece(typ, piece string) string {
	s := ""
	if typ != "" {
		s += " of type " + typ
	}
	if piece != "" {
		s += " with piece " + piece
	}
	return s
}

// closest is the three listings a name that names none most likely meant (listing.Lookup's
// answer): those whose names hold its words, else the nearest by shared words, prefixes and
// edit distance; each with its type.
func closest(q listing.Query, found listing.Result) []string {
	near := found.Containing
	if len(near) < 3 {
		for _, l := range listing.Closest(q, 3) {
			if !slices.Contains(near, l) {
				near = append(near, l)
			}
		}
	}
	var out []string
	for i := 0; i < len(near) && i < 3; i++ {
		out = append(out, near[i].FullName()+" ("+near[i].Type+")")
	}
	return out
}

// CheckVehicles are the problems of the vehicle names in a scenario file's units: each unit
// whose vehicle: names a listing (a name, or a mapping with listing:) that names no listing or
// several, as the reader would report it (file:line: units.ID.vehicle: why and what to write).
// The map editor's Import asks it, so a file it takes says at once which names to fix; the rest
// of the file is not checked (a YAML error is one problem). It stops at maxVehicleProblems
// problems, and looks at no more than maxVehicleChecks vehicles: a name that names nothing is
// measured against every listing.
func CheckVehicles(file string, data []byte) []error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return []error{fmt.Errorf("%s: %v", file, err)}
	}
	units := mapValue(scenario.Deref(&doc), "units")
	if units == nil || units.Kind != yaml.SequenceNode {
		return nil
	}
	var out []error
	checked := 0
	for i, u := range units.Content {
		if u = scenario.Deref(u); u.Kind != yaml.MappingNode {
			continue
		}
		v := mapValue(u, "vehicle")
		if v == nil {
			continue
		}
		if checked++; checked > maxVehicleChecks || len(out) == maxVehicleProblems {
			break
		}
		id := fmt.Sprintf("[%d]", i+1)
		if n := mapValue(u, "id"); n != nil && n.Kind == yaml.ScalarNode {
			id = "." + n.Value
		}
		side := ""
		if n := mapValue(u, "side"); n != nil && n.Kind == yaml.ScalarNode {
			side = n.Value
		}
		name, at := "", v
		var nat, typ, piece string
		switch v.Kind {
		case yaml.ScalarNode:
			name = v.Value
		case yaml.MappingNode:
			at = mapValue(v, "listing")
			if at == nil || at.Kind != yaml.ScalarNode {
				continue // a vehicle of its own facts ({name: ..., mp: ...})
			}
			name, nat, typ, piece = at.Value, scalarOf(v, "nationality"), scalarOf(v, "type"), scalarOf(v, "piece")
		default:
			continue
		}
		if _, msg := PickListing(name, nat, typ, piece, side); msg != "" {
			out = append(out, &scenario.Error{File: file, Line: at.Line, Field: "units" + id + ".vehicle", Msg: msg})
		}
	}
	return out
}

// Bounds of CheckVehicles: the vehicles it looks at, the problems it reports.
const (
	maxVehicleChecks   = 1000
	maxVehicleProblems = 20
)

// mapValue is the value of key in mapping n (aliases followed), or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return scenario.Deref(n.Content[i+1])
		}
	}
	return nil
}

// scalarOf is the text of key in mapping n when it is a scalar, else "".
func scalarOf(n *yaml.Node, key string) string {
	if v := mapValue(n, key); v != nil && v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return ""
}
