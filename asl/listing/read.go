package listing

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Problem is a row or cell Read could not read as rules-notes 1.7 says, at its row of a file.
type Problem struct {
	Group string
	Row   int // from 1, as a spreadsheet numbers it (the header is row 1)
	Msg   string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s_vehicles.csv row %d: %s", p.Group, p.Row, p.Msg)
}

// movementOf is the movement class of each type code (rules-notes 1.7); tracked codes also
// take a `v` suffix or an `a` (amphibious) prefix.
var movementOf = map[string]Movement{
	"Tt": FullyTracked, "LT": FullyTracked, "MT": FullyTracked, "HT": FullyTracked, "TD": FullyTracked,
	"AG": FullyTracked, "SPA": FullyTracked, "SPAA": FullyTracked, "APC": FullyTracked, "PC": FullyTracked,
	"AATt": FullyTracked, "AAMT": FullyTracked, "AG/TD": FullyTracked, "TD/AA": FullyTracked, "HTt": FullyTracked,
	"ht": Halftrack, "AAht": Halftrack, "SPAht": Halftrack, "TDht": Halftrack, "htMC": Halftrack,
	"AC": ArmoredCar, "AAAC": ArmoredCar, "AC/TD": ArmoredCar,
	"tr": Truck, "atr": Truck, "AAtr": Truck, "SPAtr": Truck, "SC": Truck, "TDtr": Truck, "trv": Truck,
	"mc": Motorcycle, "TDmc": Motorcycle,
	"AS":    Aerosan,
	"AAh-d": Wagon,
}

// typeMovement is a type code's class, with the tracked codes' `v` and `a` forms.
func typeMovement(code string) (Movement, bool) {
	if m, ok := movementOf[code]; ok {
		return m, true
	}
	base := strings.TrimPrefix(strings.TrimSuffix(code, "v"), "a")
	if m, ok := movementOf[base]; ok && m == FullyTracked {
		return m, true
	}
	return NoMovement, false
}

var (
	struck    = regexp.MustCompile(`<span style="text-decoration:line-through">.*?</span>`)
	tags      = regexp.MustCompile(`<[^>]*>`)
	sups      = regexp.MustCompile(`<sup>.*?</sup>`)
	spaces    = regexp.MustCompile(`\s+`)
	italic    = regexp.MustCompile(`<i>(.*?)</i>`)
	leadingMP = regexp.MustCompile(`^(\d+)`)
)

// plain is a cell's text without HTML, struck-out text, note marks (†, and the superscript
// after one), curly quotes and runs of spaces.
func plain(s string) string {
	s = struck.ReplaceAllString(s, "")
	if i := strings.Index(s, "†"); i >= 0 {
		s = s[:i] + sups.ReplaceAllString(s[i:], "")
	}
	s = tags.ReplaceAllString(s, "")
	s = strings.NewReplacer("†", "", "“", "", "”", "", "&amp;", "&").Replace(s)
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// overrides reads VASL's overrides cell: key=value pairs split by |, and bare words.
func overrides(cell string) map[string]string {
	out := map[string]string{}
	for _, p := range strings.Split(cell, "|") {
		if p == "" {
			continue
		}
		k, v, _ := strings.Cut(p, "=")
		out[k] = v
	}
	return out
}

// Read reads one file's records (the header row first) as listings, in file order. group
// names the file ("german" for german_vehicles.csv). Rows marked ignore or announce are
// skipped; a row whose type or cells cannot be read is skipped and reported. Rows that repeat
// a listing with the same movement facts are one listing.
func Read(group string, records [][]string) ([]Listing, []Problem) {
	if len(records) == 0 {
		return nil, []Problem{{group, 0, "no header row"}}
	}
	col := map[string]int{}
	for i, k := range records[0] {
		col[k] = i
	}
	for _, k := range []string{"name", "radioless", "size", "af", "ot", "cs", "mp", "gp", "notes", "piece", "overrides"} {
		if _, ok := col[k]; !ok {
			return nil, []Problem{{group, 1, fmt.Sprintf("no %q column", k)}}
		}
	}
	var out []Listing
	var problems []Problem
	for i, rec := range records[1:] {
		cell := func(k string) string {
			if j := col[k]; j < len(rec) {
				return rec[j]
			}
			return ""
		}
		ov := overrides(cell("overrides"))
		if _, ok := ov["ignore"]; ok {
			continue
		}
		if _, ok := ov["announce"]; ok {
			continue
		}
		l, msgs := readRow(group, cell, ov)
		for _, m := range msgs {
			problems = append(problems, Problem{group, i + 2, m})
		}
		if l == nil {
			continue
		}
		if !repeats(out, l) {
			out = append(out, *l)
		}
	}
	return out, problems
}

// repeats: l is a row already read (same listing, same movement facts).
func repeats(out []Listing, l *Listing) bool {
	for k := range out {
		o := out[k]
		o.Piece, o.Notes = l.Piece, l.Notes
		if o == *l {
			return true
		}
	}
	return false
}

// readRow reads one row; nil if it is no listing, and what could not be read.
func readRow(group string, cell func(string) string, ov map[string]string) (*Listing, []string) {
	var msgs []string
	l := &Listing{Group: group, Nat: ov["nat"], Piece: cell("piece"), Size: plain(cell("size")), AF: plain(cell("af")),
		CS: plain(cell("cs")), Notes: strings.Trim(plain(cell("notes")), ", ")}
	name := cell("name")
	if n, ok := ov["name"]; ok && n != "" {
		name = n
	}
	if m := italic.FindStringSubmatchIndex(name); m != nil {
		l.Name, l.Type, l.Variant = plain(name[:m[0]]), plain(name[m[2]:m[3]]), plain(name[m[1]:])
	} else {
		l.Name = plain(name)
	}
	if l.Name == "" {
		return nil, []string{"no name"}
	}
	l.Movement, msgs = readMovement(l, ov)
	msgs = append(msgs, readMP(l, cell("mp"), ov)...)
	if l.MP == 0 || l.Movement == NoMovement {
		// No movement listing (no MP, mt=none, an unknown type): no movement facts either.
		l.Movement, l.MP, l.RedMP, l.TruckType, l.AmphibiousMP = NoMovement, 0, false, false, 0
	}
	l.Radioless = strings.HasPrefix(strings.TrimSpace(cell("radioless")), "•")
	l.OpenTopped = strings.HasPrefix(strings.TrimSpace(cell("ot")), "•")
	gp := plain(cell("gp"))
	if g, ok := ov["gp"]; ok {
		gp = plain(g)
	}
	switch gp {
	case "L":
		l.GroundPressure = -1
	case "H":
		l.GroundPressure = 1
	case "", "N":
	default:
		msgs = append(msgs, fmt.Sprintf("%s: ground pressure %q read as normal", l.Name, gp))
	}
	switch {
	case strings.HasPrefix(l.AF, "★"):
		l.AFV = false
	case l.AF != "":
		l.AFV = true
	default:
		l.AFV = l.Movement == FullyTracked || l.Movement == Halftrack || l.Movement == ArmoredCar
	}
	return l, msgs
}

// readMovement is the row's class: the type code's, unless an mt= override says otherwise
// (mt=none: no movement listing).
func readMovement(l *Listing, ov map[string]string) (Movement, []string) {
	if mt, ok := ov["mt"]; ok {
		if mt == "none" {
			return NoMovement, nil
		}
		if m, ok := typeMovement(mt); ok {
			return m, nil
		}
		return NoMovement, []string{fmt.Sprintf("%s: unknown mt=%q", l.Name, mt)}
	}
	switch {
	case l.Type == "None" && strings.HasPrefix(l.Name, "Horse"):
		return Cavalry, nil
	case l.Type == "None" && (l.Name == "Wagon" || l.Name == "Sledge"):
		return Wagon, nil
	case l.Type == "None" || l.Type == "":
		return NoMovement, nil
	}
	if m, ok := typeMovement(l.Type); ok {
		return m, nil
	}
	return NoMovement, []string{fmt.Sprintf("%s: unknown type code %q", l.Name, l.Type)}
}

// readMP reads the MP cell (after an mp= override that is a number): red when bold, the
// leading number, then a superscript (t: truck type; digits: the amphibious MP; s: skis), and
// nothing after a note mark.
func readMP(l *Listing, cell string, ov map[string]string) []string {
	if v, ok := ov["mp"]; ok {
		v = strings.TrimPrefix(v, "[*]")
		switch {
		case v == "RFNM":
			return nil
		case leadingMP.MatchString(plain(v)):
			cell = v
		}
	}
	l.RedMP = strings.Contains(cell, "<b>")
	s := strings.NewReplacer("<b>", "", "</b>", "").Replace(cell)
	if i := strings.Index(s, "†"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	m := leadingMP.FindString(s)
	if m == "" {
		return nil // no movement listing
	}
	l.MP, _ = strconv.Atoi(m)
	rest := s[len(m):]
	if sup, ok := strings.CutPrefix(rest, "<sup>"); ok {
		sup, _, _ = strings.Cut(sup, "</sup>")
		switch {
		case strings.HasSuffix(sup, "t"):
			l.TruckType = true
			l.AmphibiousMP, _ = strconv.Atoi(strings.TrimSuffix(sup, "t"))
		case sup == "s":
			l.Movement = Aerosan
		default:
			n, err := strconv.Atoi(sup)
			if err != nil {
				return []string{fmt.Sprintf("%s: MP superscript %q", l.Name, sup)}
			}
			l.AmphibiousMP = n
		}
	}
	if l.TruckType && l.Movement != ArmoredCar {
		// Truck-type MP make a vehicle move as a truck; an armored car keeps its class (it
		// reverses at x2 and stays an AFV) and pays the Truck column through TruckType
		// (rules-notes 1.2).
		l.Movement = Truck
	}
	return nil
}

// ReadCSV is Read of one file's bytes, decoded as CSV (fields hold commas, quotes and HTML).
func ReadCSV(group string, data []byte) ([]Listing, []Problem, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	records, err := r.ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("%s_vehicles.csv: %v", group, err)
	}
	ls, ps := Read(group, records)
	return ls, ps, nil
}
