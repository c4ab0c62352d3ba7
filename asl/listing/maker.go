package listing

import (
	"strings"

	"github.com/umpire-referee/umpire/asl"
)

// The maker of a listed vehicle (D2.5: an ESB DR takes the manufacturer's nationality DRM, not
// the crew's), read from the listing as rules-notes 1.7 "Maker" says: every row of the chinese
// file is "all Chinese"; otherwise an origin mark in the name gives the nation that built it;
// a name without one was built by its file's nation, but for a few rows the note names.

// fileMakers is the maker of an unmarked name by its file: the listing files' nations, and
// Others for the files that gather several (rules-notes 1.7).
var fileMakers = map[string]asl.Maker{
	"american": asl.MakerUS, "un": asl.MakerUS,
	"russian": asl.MakerRussian, "communist": asl.MakerRussian,
	"british": asl.MakerBritish, "german": asl.MakerGerman,
	"french": asl.MakerFrench, "italian": asl.MakerItalian,
	"japanese": asl.MakerOthers, "axis": asl.MakerOthers, "allied": asl.MakerOthers,
	"finnish": asl.MakerOthers, "common": asl.MakerOthers,
	"chinese": asl.MakerChinese,
}

// MakerExceptions are the unmarked rows whose maker is not their file's (rules-notes 1.7): in
// un, the Centaur, Centurion and Carrier rows are British; in axis, the LT vz rows are Czech
// and the Vickers rows British. A row is known by the start of its name.
var MakerExceptions = []struct {
	Group, Prefix string
	Maker         asl.Maker
}{
	{"un", "Centaur", asl.MakerBritish},
	{"un", "Centurion", asl.MakerBritish},
	{"un", "Carrier", asl.MakerBritish},
	{"un", "Oxford Carrier", asl.MakerBritish},
	{"un", "Ox. Car.", asl.MakerBritish},
	{"un", "IP Carrier", asl.MakerBritish},
	{"axis", "LT vz ", asl.MakerCzech},
	{"axis", "Vickers ", asl.MakerBritish},
}

// Maker is the nation that built the listed vehicle and why, as its ESB line names it: "(t)"
// for a mark, "un listing" for its file, "un listing: Centurion" for a named exception,
// "chinese listing (all Chinese)". ok is false for a file the rule does not know.
func (l *Listing) Maker() (m asl.Maker, why string, ok bool) {
	if l.Group == "chinese" {
		return asl.MakerChinese, "chinese listing (all Chinese)", true
	}
	if m, mark := Mark(l.Name); mark != "" {
		return m, mark, true
	}
	for _, x := range MakerExceptions {
		if x.Group == l.Group && strings.HasPrefix(l.Name, x.Prefix) {
			return x.Maker, l.Group + " listing: " + strings.TrimSpace(x.Prefix), true
		}
	}
	m, ok = fileMakers[l.Group]
	return m, l.Group + " listing", ok
}

// Mark is the origin mark a vehicle's name carries, "(t)" in `PzKpfw 38(t)A`, and the maker
// it names; mark is "" when the name carries none.
func Mark(name string) (m asl.Maker, mark string) {
	for _, x := range asl.MakerMarks {
		if strings.Contains(name, x.Mark) {
			return x.Maker, x.Mark
		}
	}
	return asl.MakerOthers, ""
}
