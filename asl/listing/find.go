package listing

import (
	"strings"
)

// Groups are the listing files' names, which a scenario gives as a nationality.
var Groups = []string{"allied", "american", "axis", "british", "chinese", "common", "communist", "finnish", "french",
	"german", "italian", "japanese", "russian", "un"}

// Find is every listing of group (a nationality) named name (its full name, with the
// variant), of type code typ and VASL counter piece where those are given. A name that matches
// no listing exactly matches regardless of case.
func Find(group, name, typ, piece string) []*Listing {
	want := plain(name) // names compare without HTML and runs of spaces (rules-notes 1.7)
	var exact, folded []*Listing
	for i := range Listings {
		l := &Listings[i]
		if l.Group != group || typ != "" && l.Type != typ || piece != "" && l.Piece != piece {
			continue
		}
		switch full := l.FullName(); {
		case full == want:
			exact = append(exact, l)
		case strings.EqualFold(full, want):
			folded = append(folded, l)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return folded
}

// Search is the listings whose full name holds every word of query (any case), of group when
// it is given, in table order; at most limit of them (limit <= 0: all).
func Search(query, group string, limit int) []*Listing {
	words := strings.Fields(strings.ToLower(plain(query)))
	var out []*Listing
	for i := range Listings {
		l := &Listings[i]
		if group != "" && l.Group != group {
			continue
		}
		name := strings.ToLower(l.FullName() + " " + l.Type)
		all := true
		for _, w := range words {
			all = all && strings.Contains(name, w)
		}
		if all {
			out = append(out, l)
			if limit > 0 && len(out) == limit {
				break
			}
		}
	}
	return out
}
