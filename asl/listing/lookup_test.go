package listing

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// findBefore is Find as it was before Lookup (issue 32), kept here so the tests can tell that
// every name that resolved then resolves to the same listings now.
func findBefore(group, name, typ, piece string) []*Listing {
	want := plain(name)
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

// namesInFiles are the listing names the repository's scenarios and docs write (vehicle: NAME
// and listing: NAME).
func namesInFiles(t *testing.T) []string {
	t.Helper()
	re := regexp.MustCompile(`(?:vehicle|listing): *([^{\[#,}\n"][^,}\n#]*)`)
	seen := map[string]bool{}
	var out []string
	walk := func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".yml")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			if n := strings.TrimSpace(m[1]); n != "" && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
		return nil
	}
	for _, root := range []string{"../../testdata", "../../docs", "../../README.md", "../../server", "../../cmd"} {
		filepath.WalkDir(root, walk)
	}
	if len(out) < 5 {
		t.Fatalf("found only %d names in the repository's files: %v", len(out), out)
	}
	return out
}

// TestLookupKeepsTodaysAnswers: every name that Find resolved before Lookup (every listing's
// full name, in its case, lower case and upper case; the names the repository's files use)
// resolves to the same listings, in every nationality and with the type given or not.
func TestLookupKeepsTodaysAnswers(t *testing.T) {
	names := map[string][]string{} // by group: a name resolves only in a group that lists it
	inFiles := namesInFiles(t)
	for _, g := range Groups {
		names[g] = slices.Clone(inFiles)
	}
	for _, l := range Listings {
		n := l.FullName()
		names[l.Group] = append(names[l.Group], n, strings.ToLower(n), strings.ToUpper(n))
	}
	checked := 0
	for _, g := range Groups {
		for _, n := range names[g] {
			for _, typ := range []string{"", "MT", "ht", "LT"} {
				before := findBefore(g, n, typ, "")
				if len(before) == 0 {
					continue
				}
				checked++
				if got := Lookup(Query{Name: n, Group: g, Type: typ}).Named; !slices.Equal(got, before) {
					t.Errorf("%s %q type %q: resolved to %s, now to %s", g, n, typ, show(before), show(got))
				}
			}
		}
	}
	if checked < 2000 {
		t.Errorf("only %d names resolved before", checked)
	}
}

func show(ls []*Listing) string {
	var s []string
	for _, l := range ls {
		s = append(s, l.Group+" "+l.FullName()+" ("+l.Type+")")
	}
	return "[" + strings.Join(s, "; ") + "]"
}

// TestLookupEveryListing: each listing is found alone by its name with its nationality and type
// (with its piece where two rows share all three), and among the candidates by its name alone,
// in any case and punctuation.
func TestLookupEveryListing(t *testing.T) {
	for i := range Listings {
		l := &Listings[i]
		got := Lookup(Query{Name: l.FullName(), Group: l.Group, Type: l.Type}).Named
		if len(got) != 1 {
			if !slices.Contains(got, l) {
				t.Errorf("%s %q (%s): %s", l.Group, l.FullName(), l.Type, show(got))
			}
			got = Lookup(Query{Name: l.FullName(), Group: l.Group, Type: l.Type, Piece: l.Piece}).Named
		}
		if len(got) != 1 || got[0] != l {
			t.Errorf("%s %q (%s, piece %s): %s", l.Group, l.FullName(), l.Type, l.Piece, show(got))
		}
		for _, n := range []string{l.FullName(), strings.ToUpper(l.FullName()), Key(l.FullName())} {
			if got := Lookup(Query{Name: n}).Named; !slices.Contains(got, l) {
				t.Errorf("%q alone: %s lacks %s %s", n, show(got), l.Group, l.FullName())
			}
		}
	}
}

// TestLookupCommonNames: every listing is found by each of its common names in its nationality,
// except where the common name is another listing's own name (its own comes first): those are
// counted and shown.
func TestLookupCommonNames(t *testing.T) {
	shadowed, with := 0, 0
	for i := range Listings {
		l := &Listings[i]
		names := CommonNames(l)
		if len(names) > 0 {
			with++
		}
		for _, c := range names {
			got := Lookup(Query{Name: c, Group: l.Group}).Named
			if slices.Contains(got, l) {
				continue
			}
			if own := ownName(l.Group, c); own != nil {
				shadowed++
				t.Logf("%s %q: %q is %s's own name", l.Group, l.FullName(), c, own.FullName())
				continue
			}
			t.Errorf("%s %q: its common name %q finds %s", l.Group, l.FullName(), c, show(got))
		}
	}
	if with < 500 {
		t.Errorf("only %d listings have a common name", with)
	}
	if shadowed > 10 { // today: Tetrarch, Humber, M5A1, SdKfz 7, M4A3E8, M4A3E8 Dozer
		t.Errorf("%d common names are other listings' own names", shadowed)
	}
}

// ownName is the listing of group whose full name (or its key) is name.
func ownName(group, name string) *Listing {
	for i := range Listings {
		if l := &Listings[i]; l.Group == group && Key(l.FullName()) == Key(name) {
			return l
		}
	}
	return nil
}

// TestKeyCollisions: two listings of one nationality whose full names differ but share a key
// would be told apart only by their exact spelling. There are none; a change of the data that
// makes one shows here.
func TestKeyCollisions(t *testing.T) {
	byKey := map[string]string{}
	for _, l := range Listings {
		k := l.Group + " " + Key(l.FullName())
		if other, ok := byKey[k]; ok && other != l.FullName() {
			t.Errorf("%s: %q and %q share the key %q", l.Group, other, l.FullName(), Key(l.FullName()))
		}
		byKey[k] = l.FullName()
	}
	if Key("T-34/76") == Key("T-34 M40") || Key("T-34/76") == Key("T-34/85") {
		t.Error("T-34/76 reads as another listing's name")
	}
}

// TestLookupNames: names players write, and what each resolves to (all of them when several).
func TestLookupNames(t *testing.T) {
	for _, c := range []struct {
		name, group string
		want        []string // "group:full name"; nil: none named
	}{
		{"T34", "russian", []string{"russian:T-34 M40", "russian:T-34 M41", "russian:T-34 M43"}},
		{"T-34", "russian", []string{"russian:T-34 M40", "russian:T-34 M41", "russian:T-34 M43"}},
		{"T-34/76", "russian", []string{"russian:T-34 M40", "russian:T-34 M41", "russian:T-34 M43"}},
		{"t-34/85", "russian", []string{"russian:T-34/85"}},
		{"T3485", "russian", []string{"russian:T-34/85"}},
		{"T26", "russian", []string{"russian:T-26 M33", "russian:T-26 M37/39", "russian:T-26 M31", "russian:T-26 M32"}},
		{"t26 m33", "russian", []string{"russian:T-26 M33"}},
		{"kv1", "russian", []string{"russian:KV-1 M39/40", "russian:KV-1 M41", "russian:KV-1 M42"}},
		{"KV1E", "russian", []string{"russian:KV-1E"}},
		{"kv-2", "russian", []string{"russian:KV-2"}},
		{"JS-2", "russian", []string{"russian:IS-2"}},
		{"IS2", "russian", []string{"russian:IS-2"}},
		{"SU 152", "russian", []string{"russian:SU-152"}},
		{"zis5", "russian", []string{"russian:ZIS-5"}},
		{"BT-7", "russian", []string{"russian:BT-7 M37"}},
		{"Komsomolets", "russian", []string{"russian:Komsomolet"}},
		{"panther", "german", []string{"german:PzKpfw VD", "german:PzKpfw VG"}},
		{"Panther", "axis", []string{"axis:PzKpfw VG(g)"}},
		{"Jagdpanther", "german", []string{"german:JgdPz V"}},
		{"Tiger", "german", []string{"german:PzKpfw VIE", "german:PzKpfw VIE (L)"}},
		{"tiger I", "german", []string{"german:PzKpfw VIE", "german:PzKpfw VIE (L)"}},
		{"King Tiger", "german", []string{"german:PzKpfw VIB"}},
		{"Königstiger", "german", []string{"german:PzKpfw VIB"}},
		{"Tiger II", "german", []string{"german:PzKpfw VIB"}},
		{"Jagdtiger", "german", []string{"german:JgdPz VI"}},
		{"hetzer", "german", []string{"german:JgdPz 38(t)"}},
		{"Elefant", "german", []string{"german:PzJg Tiger"}},
		{"Ferdinand", "german", []string{"german:PzJg Tiger"}},
		{"Nashorn", "german", []string{"german:PzJg III/IV"}},
		{"Wespe", "german", []string{"german:PzA II"}},
		{"Hummel", "german", []string{"german:PzA III/IV"}},
		{"Puma", "german", []string{"german:PSW 234/2"}},
		{"Luchs", "german", []string{"german:PzKpfw IIL"}},
		{"Brummbär", "german", []string{"german:StuPz IV"}},
		{"Kübelwagen", "german", []string{"german:Kfz 1"}},
		{"Opel Blitz", "german", []string{"german:Opel 6700 (Blitz)"}},
		{"PzKpfw-IVH", "german", []string{"german:PzKpfw IVH"}},
		{"pzkpfw ivh", "german", []string{"german:PzKpfw IVH"}},
		{"Pz IVH", "german", []string{"german:PzKpfw IVH"}},
		{"PzIVH", "german", []string{"german:PzKpfw IVH"}},
		{"Panzer IVH", "german", []string{"german:PzKpfw IVH"}},
		{"Pz IV", "german", []string{"german:PzKpfw IVA", "german:PzKpfw IVC", "german:PzKpfw IVD", "german:PzKpfw IVE",
			"german:PzKpfw IVF1", "german:PzKpfw IVF2", "german:PzKpfw IVH", "german:PzKpfw IVJ"}},
		{"Panzer III", "german", []string{"german:PzKpfw IIID", "german:PzKpfw IIIF", "german:PzKpfw IIIG", "german:PzKpfw IIIH",
			"german:PzKpfw IIIJ", "german:PzKpfw IIIL", "german:PzKpfw IIIN"}},
		{"Pzkw IIIJ", "german", []string{"german:PzKpfw IIIJ"}},
		{"Pz 38t", "german", []string{"german:PzKpfw 38(t)A", "german:PzKpfw 38(t)E"}},
		{"PzKpfw 38tA", "german", []string{"german:PzKpfw 38(t)A"}},
		{"StuG III", "german", []string{"german:StuG IIIB", "german:StuG IIIG", "german:StuG IIIG (L)"}},
		{"stug-iiig", "german", []string{"german:StuG IIIG"}},
		{"sdkfz 251", "german", []string{"german:SPW 251/1", "german:SPW 251/sMG", "german:SPW 251/2", "german:SPW 251/9",
			"german:SPW 251/10", "german:SPW 251/16", "german:SPW 251/21", "german:SPW 251/22"}},
		{"SdKfz 251/1", "german", []string{"german:SPW 251/1"}},
		{"Sd.Kfz. 251/1", "german", []string{"german:SPW 251/1"}},
		{"SdKfz 222", "german", []string{"german:PSW 222"}},
		{"SdKfz 7", "german", []string{"german:SdKfz 7"}},
		{"Marder", "german", []string{"german:Marder I", "german:Marder II", "german:Marder III(t)H", "german:Marder III(t)M"}},
		{"Sherman", "american", []string{"american:M4", "american:M4A1", "american:M4A2", "american:M4A2 (L)", "american:M4A3",
			"american:M4A3(75)W", "american:M4A3E2", "american:M4A3E2 (L)", "american:M4A1(76)W", "american:M4A3(76)W",
			"american:M4(105)", "american:M4A3(105)", "american:Sherman Crab"}},
		{"M4A3(76)W", "american", []string{"american:M4A3(76)W"}},
		{"M4A3 76 W", "american", []string{"american:M4A3(76)W"}},
		{"Jumbo", "american", []string{"american:M4A3E2", "american:M4A3E2 (L)"}},
		{"Stuart", "american", []string{"american:M3", "american:M3A1", "american:M5A1"}},
		{"Lee", "american", []string{"american:M3"}},
		{"Chaffee", "american", []string{"american:M24"}},
		{"Hellcat", "american", []string{"american:M18 GMC"}},
		{"Greyhound", "american", []string{"american:M8"}},
		{"Priest", "american", []string{"american:M7 HMC"}},
		{"Grant", "british", []string{"british:Grant(a)"}},
		{"Firefly", "british", []string{"british:Sherman IIC(a)", "british:Sherman VC(a)"}},
		{"Sherman II", "british", []string{"british:Sherman II(a)"}},
		{"Churchill", "british", []string{"british:Churchill I", "british:Churchill IV", "british:Churchill V", "british:Churchill VI",
			"british:Churchill VII", "british:Churchill VIII"}},
		{"Cromwell", "british", []string{"british:Cromwell IV", "british:Cromwell VI", "british:Cromwell VII", "british:Cromwell VIII"}},
		{"Stuart V", "british", []string{"british:Stuart V(a)"}},
		{"Chi-Ha", "japanese", []string{"japanese:Type 97A CHI-HA", "japanese:Type 97B CHI-HA"}},
		{"Ha-Go", "japanese", []string{"japanese:Type 95 HA-GO"}},
		{"Semovente 75/18", "italian", []string{"italian:SMV M40 75/18", "italian:SMV M41 75/18", "italian:SMV M42 75/18"}},
		{"M13/40", "italian", []string{"italian:M13/40"}},
		{"Toldi", "axis", []string{"axis:38M Toldi I", "axis:38M Toldi IIA"}},
		{"Zrinyi", "axis", []string{"axis:43M Zrinyi II"}},
		{"T-34/76", "finnish", nil},
		{"Panther", "russian", nil},
		{"xyzzy", "", nil},
	} {
		var got []string
		for _, l := range Lookup(Query{Name: c.name, Group: c.group}).Named {
			got = append(got, l.Group+":"+l.FullName())
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %q: %q, want %q", c.group, c.name, got, c.want)
		}
	}
}

// TestClosest: suggestions rank by shared words and prefixes before edit distance; the
// catalog's words match without punctuation.
func TestClosest(t *testing.T) {
	for _, c := range []struct {
		name, group string
		want        []string // the first suggestions, in order
	}{
		{"Panther Z", "german", []string{"PzKpfw VD", "PzKpfw VG"}},         // shares "panther"; by edit distance: PzA II, PzJg I
		{"Crusader IV", "british", []string{"Crusader I", "Crusader I CS"}}, // by edit distance: Cromwell IV first
		{"Cromwel", "british", []string{"Cromwell IV", "Cromwell VI", "Cromwell VII"}},
	} {
		var got []string
		for _, l := range Closest(Query{Name: c.name, Group: c.group}, len(c.want)) {
			got = append(got, l.FullName())
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %q: %q, want %q", c.group, c.name, got, c.want)
		}
	}
	var got []string
	for _, l := range Lookup(Query{Name: "SU 76", Group: "russian"}).Containing {
		got = append(got, l.FullName())
	}
	if !slices.Equal(got, []string{"SU-76M", "SU-76i(g)"}) {
		t.Errorf("SU 76 contained in %q", got)
	}
	if r := Lookup(Query{Name: "", Group: "un"}); len(r.Named) != 0 || len(r.Containing) != 59 {
		t.Errorf("no name: %d named, %d listed, want every un listing", len(r.Named), len(r.Containing))
	}
}
