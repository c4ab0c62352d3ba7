package listing

import (
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/umpire-referee/umpire/scenario"
)

// Looking a vehicle up by the name a player writes (issue 32). One lookup serves the scenario
// reader (`vehicle: Panther`), `umpire vehicles`, the catalog route and so the map editor's
// picker, and the editor's Import.
//
// A name is tried in three ways, and the first that names any listing decides:
//
//  1. as [Find] has always read it: the full name (name and variant) exactly, else in any case.
//     A name that resolved before resolves to the same listings now;
//  2. by its [Key]: case, spaces, hyphens, slashes and dots ignored (T34, t-34/85, PzKpfw-IVH,
//     kv1s, sdkfz 10/4);
//  3. by a common name: one derived from the listing's name by the rules of [CommonNames], or
//     a nickname of the short hand-kept table [Nicknames].
//
// A lookup that names one listing takes it; several are listed for the player to choose. A name
// that names none gets the listings whose keys hold every word of it (the old word search,
// punctuation ignored), and failing those the closest, ranked by shared words, then shared
// prefixes, then edit distance.

// Query is what a lookup is asked: the name a player wrote, and the nationality (a listing
// file's name, [Groups]), type code and VASL piece when they are known ("" for any).
type Query struct {
	Name, Group, Type, Piece string
}

// Result is a lookup's answer.
type Result struct {
	// Named are the listings the name names, in table order: one is the answer; several are the
	// player's choice.
	Named []*Listing
	// Containing are the other listings whose keys hold the key of every word of the name,
	// best first (shared words, then shared prefixes), in table order among equals.
	Containing []*Listing
}

// Key is a name as a lookup compares it: lower case, without spaces, hyphens, slashes and dots.
// "T-34/85", "t34 85" and "T3485" share the key "t3485"; "PzKpfw-IVH" and "pzkpfw ivh" the
// key "pzkpfwivh". Parentheses stay ("38(t)" is not "38t"): an origin mark is part of a name.
func Key(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(plain(name)) {
		switch r {
		case ' ', '\t', '-', '/', '.', '\u00a0':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Lookup finds the listings q names (see the comment above Query for the order).
func Lookup(q Query) Result {
	var named []*Listing
	if strings.TrimSpace(q.Name) != "" {
		named = lookupNamed(q)
	}
	return Result{Named: named, Containing: containing(q, named)}
}

// lookupNamed is the first of the three ways that names any listing.
func lookupNamed(q Query) []*Listing {
	if q.Group == "" {
		var out []*Listing
		for _, g := range Groups {
			out = append(out, Find(g, q.Name, q.Type, q.Piece)...)
		}
		if len(out) > 0 { // in table order: the table is file by file, as Groups
			return out
		}
	} else if found := Find(q.Group, q.Name, q.Type, q.Piece); len(found) > 0 {
		return found
	}
	key := Key(q.Name)
	var byKey, byCommon []*Listing
	idx := index()
	for i := range Listings {
		l := &Listings[i]
		if !q.fits(l) {
			continue
		}
		if idx.full[i] == key {
			byKey = append(byKey, l)
		}
	}
	if len(byKey) > 0 {
		return byKey
	}
	for _, i := range idx.common[key] {
		if l := &Listings[i]; q.fits(l) {
			byCommon = append(byCommon, l)
		}
	}
	return byCommon
}

// fits: l is of q's group, type and piece where q gives them.
func (q Query) fits(l *Listing) bool {
	return (q.Group == "" || l.Group == q.Group) && (q.Type == "" || l.Type == q.Type) && (q.Piece == "" || l.Piece == q.Piece)
}

// words are a name's words, each as its key: "T-34 M40" is ["t", "34", "m40"]; "SdKfz 251/1" is
// ["sdkfz", "251", "1"].
func words(name string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(plain(name)), func(r rune) bool {
		return r == ' ' || r == '-' || r == '/' || r == '.' || r == '\t' || r == ','
	}) {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// containing is every listing fitting q (its name, type and nationality) whose key holds every
// word of q.Name, except those named; best first. An empty name holds every listing, in
// table order.
func containing(q Query, named []*Listing) []*Listing {
	ws := words(q.Name)
	skip := map[*Listing]bool{}
	for _, l := range named {
		skip[l] = true
	}
	idx := index()
	type hit struct {
		l           *Listing
		shared, pre int
	}
	var hits []hit
	for i := range Listings {
		l := &Listings[i]
		if skip[l] || !q.fits(l) {
			continue
		}
		if !holdsAll(idx.full[i]+strings.ToLower(l.Type), ws) {
			continue
		}
		s, p := likeness(ws, idx.words[i])
		hits = append(hits, hit{l, s, p})
	}
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.shared != b.shared {
			return a.shared > b.shared
		}
		return a.pre > b.pre
	})
	out := make([]*Listing, len(hits))
	for i, h := range hits {
		out[i] = h.l
	}
	return out
}

func holdsAll(key string, ws []string) bool {
	for _, w := range ws {
		if !strings.Contains(key, w) {
			return false
		}
	}
	return true
}

// likeness is how many of the words ws are words of a name (shared), and how many more begin
// one of its words or are begun by one (pre).
func likeness(ws, name []string) (shared, pre int) {
	for _, w := range ws {
		best := 0
		for _, n := range name {
			switch {
			case w == n:
				best = 2
			case best == 0 && (strings.HasPrefix(n, w) || strings.HasPrefix(w, n)):
				best = 1
			}
		}
		switch best {
		case 2:
			shared++
		case 1:
			pre++
		}
	}
	return shared, pre
}

// Closest is the n listings fitting q (its nationality, type and piece; not its name) nearest
// the name q.Name, for a name that names none: ranked by the words they share with it (the
// words of their names and common names: "Panther Z" shares "panther" with the PzKpfw V
// listings), then by the words one begins of the other, then by the edit distance of their keys (and of a common
// name's key, when nearer), then in table order.
func Closest(q Query, n int) []*Listing {
	ws, key := words(q.Name), Key(q.Name)
	if r := []rune(key); len(r) > maxCompared {
		key = string(r[:maxCompared]) // no listing name is near so long a text: keep the distances cheap
	}
	idx := index()
	type near struct {
		l           *Listing
		shared, pre int
		d           int
	}
	var all []near
	for i := range Listings {
		l := &Listings[i]
		if !q.fits(l) {
			continue
		}
		s, p := likeness(ws, idx.words[i])
		d := scenario.Distance(key, idx.full[i])
		for _, c := range idx.names[i] {
			d = min(d, scenario.Distance(key, c))
		}
		all = append(all, near{l, s, p, d})
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.shared != b.shared {
			return a.shared > b.shared
		}
		if a.pre != b.pre {
			return a.pre > b.pre
		}
		return a.d < b.d
	})
	var out []*Listing
	for i := 0; i < len(all) && i < n; i++ {
		out = append(out, all[i].l)
	}
	return out
}

// maxCompared bounds the runes of a name Closest measures edit distances with (the longest
// listing key has 34 runes).
const maxCompared = 40

// lookupIndex is what a lookup compares, computed once: each listing's full-name key, the
// words of its full name and common names, its common names' keys; and the listings of each
// common name's key.
type lookupIndex struct {
	full   []string
	words  [][]string
	names  [][]string
	common map[string][]int
}

var (
	indexOnce sync.Once
	theIndex  lookupIndex
)

func index() *lookupIndex {
	indexOnce.Do(func() {
		x := lookupIndex{full: make([]string, len(Listings)), words: make([][]string, len(Listings)),
			names: make([][]string, len(Listings)), common: map[string][]int{}}
		for i := range Listings {
			l := &Listings[i]
			x.full[i], x.words[i] = Key(l.FullName()), words(l.FullName())
			for _, c := range CommonNames(l) {
				k := Key(c)
				x.names[i] = append(x.names[i], k)
				x.words[i] = append(x.words[i], words(c)...)
				if n := x.common[k]; len(n) == 0 || n[len(n)-1] != i {
					x.common[k] = append(n, i)
				}
			}
		}
		theIndex = x
	})
	return &theIndex
}

var (
	originMark = regexp.MustCompile(`\((a|b|f|g|i|r|s)\)$`) // who built it (Maker); not (t), part of "38(t)"
	modelYear  = regexp.MustCompile(`^M\d\d(/\d\d)?(\(L\))?$`)
	ausf       = regexp.MustCompile(`^([IVX]+|\d\d\(t\))[A-HJ-UWYZ][0-9]?$`)
	hungarian  = regexp.MustCompile(`^\d\dM$`)
	subNumber  = regexp.MustCompile(`^(\d+)/\w+$`)
	letters    = regexp.MustCompile(`^[A-Za-z]{4,}$`)
)

// CommonNames are the names besides its own that l answers to, derived from its name by these
// rules and then each followed by l's variant (so a common name names the plain listing, and
// "Pz IVH w/ Opt AAMG" its variant):
//
//   - the name without its origin mark: Lee(a) is "Lee", KV-1E(r) "KV-1E";
//   - each name below also without its parentheses: M4A3(76)W is "M4A376W", PzKpfw 38(t)A
//     "PzKpfw 38tA" (the key keeps them, so the plain name is never confused with another's);
//   - the prefixes players use for a German or Italian designation: PzKpfw as "Pz", "Panzer"
//     or "PzKw"; SPW (Schützenpanzerwagen) and PSW (Panzerspähwagen) as "SdKfz", the listings
//     keeping the Sonderkraftfahrzeug number (SPW 251/1 is "SdKfz 251/1"); SMV as "Semovente";
//   - the family without the Ausführung letter of a PzKpfw or StuG and without an (L): PzKpfw
//     IVH is "PzKpfw IV" (and "Pz IV", "Panzer IV"), StuG IIIG (L) "StuG III", PzKpfw 38(t)A
//     "Pz 38(t)" and "Pz 38t";
//   - the family without a SdKfz, SPW or PSW sub-number: SPW 251/1 is "SPW 251" and "SdKfz 251";
//   - the family without a model year (M and two digits, not the first word): T-34 M40 is
//     "T-34", KV-1 M39/40 "KV-1", T-28 M34(L) "T-28", SMV M40 75/18 "Semovente 75/18";
//   - a Hungarian name without its model number: 38M Toldi I is "Toldi I";
//   - a Japanese name's own name after its Type number: Type 97A CHI-HA is "CHI-HA";
//   - the first word of a name of more words, when it is a word of four letters or more: every
//     Churchill, Cromwell, Marder, Sherman or Stuart is "Churchill", "Cromwell", ...;
//   - a nickname of [Nicknames] whose listings include it.
//
// A family or first-word name usually names several listings: the player is shown them all.
// A listing's own full name (or its key) always comes first: "Sherman II" is the Sherman II(a),
// though the Sherman IIA(a) would make it a family.
func CommonNames(l *Listing) []string {
	seen := map[string]bool{Key(l.Name): true}
	var out []string
	add := func(s string) {
		for _, s := range []string{s, strings.NewReplacer("(", "", ")", "").Replace(s)} {
			if k := Key(s); k != "" && !seen[k] {
				seen[k] = true
				out = append(out, s)
			}
		}
	}
	bare := strings.TrimSpace(originMark.ReplaceAllString(l.Name, ""))
	forms := []string{bare}
	if f := strings.Fields(bare); len(f) > 1 {
		for _, p := range prefixSynonyms[f[0]] {
			forms = append(forms, p+" "+strings.Join(f[1:], " "))
		}
	}
	for _, f := range forms {
		add(f)
		for _, fam := range families(f) {
			add(fam)
		}
	}
	for _, n := range nicknamesOf(l) {
		add(n)
	}
	if l.Variant == "" {
		return out
	}
	for i := range out {
		out[i] += " " + l.Variant
	}
	return out
}

// prefixSynonyms are the other ways players write a designation's first word.
var prefixSynonyms = map[string][]string{
	"PzKpfw": {"Pz", "Panzer", "PzKw"},
	"SPW":    {"SdKfz"},
	"PSW":    {"SdKfz"},
	"SMV":    {"Semovente"},
}

// families are the family names of one form of a name (CommonNames's rules).
func families(name string) []string {
	f := strings.Fields(name)
	var out []string
	if len(f) < 2 {
		return nil
	}
	first := f[0]
	switch {
	case first == "PzKpfw" || first == "Pz" || first == "Panzer" || first == "PzKw" || first == "StuG":
		if m := ausf.FindStringSubmatch(strings.TrimSuffix(f[1], "(L)")); m != nil {
			out = append(out, first+" "+m[1])
		}
	case first == "SdKfz" || first == "SPW" || first == "PSW":
		if m := subNumber.FindStringSubmatch(f[1]); m != nil {
			out = append(out, first+" "+m[1])
		} else if len(f) > 2 && f[2] != "(L)" { // PSW 231 (8 rad); not PSW 222 (L)
			out = append(out, first+" "+f[1])
		}
	case hungarian.MatchString(first):
		out = append(out, strings.Join(f[1:], " "))
		if len(f) > 2 {
			out = append(out, f[1])
		}
	case first == "Type" && len(f) > 2:
		out = append(out, strings.Join(f[2:], " "))
	}
	for i := 1; i < len(f); i++ {
		if modelYear.MatchString(f[i]) {
			out = append(out, strings.Join(append(append([]string(nil), f[:i]...), f[i+1:]...), " "))
		}
	}
	if letters.MatchString(first) && first != "Type" && first != "Generic" && first != "PzKpfw" && first != "Panzer" {
		out = append(out, first)
	}
	return out
}
