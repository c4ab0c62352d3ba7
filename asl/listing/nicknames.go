package listing

import "strings"

// Nickname is a name players use that the listing names do not hold: the vehicles' service
// names and their crews' names for them.
type Nickname struct {
	Names    []string // as players write them (any case; spaces, hyphens, slashes, dots ignored)
	Listings []string // the listings' names without an origin mark, each "name" or "name|type"
	Source   string   // where the fact comes from, in the project's words
}

// Nicknames is the short hand-kept table of names no rule of [CommonNames] derives. A nickname
// names its listings in every nationality's file (a captured Panther is still a Panther).
var Nicknames = []Nickname{
	{[]string{"Panther"}, []string{"PzKpfw VD", "PzKpfw VG"},
		"the Panzerkampfwagen V (the listings' PzKpfw V) was named Panther; ASL lists the Ausf D and G"},
	{[]string{"Panther D", "Panther Ausf D"}, []string{"PzKpfw VD"}, "the Panther's first model was the Ausf D"},
	{[]string{"Panther G", "Panther Ausf G"}, []string{"PzKpfw VG"}, "the Panther's last model in service was the Ausf G"},
	{[]string{"Jagdpanther"}, []string{"JgdPz V"}, "the Jagdpanzer V, on the Panther's chassis"},
	{[]string{"Tiger", "Tiger I", "Tiger E"}, []string{"PzKpfw VIE", "PzKpfw VIE (L)"},
		"the Panzerkampfwagen VI Ausf E was the Tiger (I)"},
	{[]string{"King Tiger", "Kingtiger", "Tiger II", "Tiger B", "Königstiger", "Koenigstiger", "Royal Tiger"}, []string{"PzKpfw VIB"},
		"the Panzerkampfwagen VI Ausf B was the Tiger II, the Königstiger (King Tiger)"},
	{[]string{"Jagdtiger"}, []string{"JgdPz VI"}, "the Jagdpanzer VI, on the Tiger II's chassis"},
	{[]string{"Elefant", "Elephant", "Ferdinand"}, []string{"PzJg Tiger"},
		"the Panzerjäger Tiger (P) was first named Ferdinand, then Elefant"},
	{[]string{"Hetzer"}, []string{"JgdPz 38(t)"}, "the Jagdpanzer 38(t) was called Hetzer"},
	{[]string{"Nashorn", "Hornisse"}, []string{"PzJg III/IV"}, "the Panzerjäger III/IV was the Hornisse, later the Nashorn"},
	{[]string{"Wespe"}, []string{"PzA II"}, "the Panzerartillerie II (leFH 18 on the PzKpfw II) was the Wespe"},
	{[]string{"Hummel"}, []string{"PzA III/IV"}, "the Panzerartillerie III/IV (sFH 18 on the III/IV chassis) was the Hummel"},
	{[]string{"Grille"}, []string{"sIG 38(t)M"}, "the 15cm sIG 33 on the 38(t) Ausf M was the Grille"},
	{[]string{"Brummbär", "Brummbaer"}, []string{"StuPz IV"}, "the Sturmpanzer IV was called Brummbär by the Allies"},
	{[]string{"Puma"}, []string{"PSW 234/2"}, "the SdKfz 234/2 (PSW 234/2) was the Puma"},
	{[]string{"Luchs"}, []string{"PzKpfw IIL"}, "the Panzerkampfwagen II Ausf L was the Luchs"},
	{[]string{"Wirbelwind"}, []string{"FlaKPz IV/20"}, "the Flakpanzer IV with the 2cm Flakvierling was the Wirbelwind"},
	{[]string{"Ostwind"}, []string{"FlaKPz IV/37"}, "the Flakpanzer IV with the 3.7cm FlaK was the Ostwind"},
	{[]string{"Möbelwagen", "Moebelwagen"}, []string{"37 FlaK/Pz IV"}, "the 3.7cm FlaK on the PzKpfw IV with fold-down sides was the Möbelwagen"},
	{[]string{"Kübelwagen", "Kuebelwagen", "Kubelwagen"}, []string{"Kfz 1"}, "the Volkswagen Kübelwagen was the Kfz 1"},
	{[]string{"Schwimmwagen"}, []string{"Kfz 1/20"}, "the amphibious Volkswagen Schwimmwagen was the Kfz 1/20 (its listing is amphibious)"},
	{[]string{"Opel Blitz"}, []string{"Opel 6700 (Blitz)"}, "the listing's own name: Opel 6700 (Blitz)"},
	{[]string{"Sherman"}, []string{"M4", "M4A1", "M4A2", "M4A2 (L)", "M4A3", "M4A3(75)W", "M4A3E2", "M4A3E2 (L)",
		"M4A1(76)W", "M4A3(76)W", "M4(105)", "M4A3(105)", "M4/76", "M4A4"},
		"the U.S. Medium Tank M4 and its models were the Sherman (the British and Russian files name theirs Sherman)"},
	{[]string{"Jumbo"}, []string{"M4A3E2", "M4A3E2 (L)"}, "the assault tank M4A3E2 was the Jumbo"},
	{[]string{"Firefly"}, []string{"Sherman VC", "Sherman IIC"}, "a British Sherman with the 17-pounder, marked C, was a Firefly"},
	{[]string{"Stuart", "Honey"}, []string{"M3|LT", "M3A1|LT", "M3A3", "M5A1|LT"},
		"the U.S. Light Tanks M3 and M5 were the Stuart to the British, who called the first ones Honey"},
	{[]string{"Lee"}, []string{"M3|MT"}, "the U.S. Medium Tank M3 was the Lee (the Grant with a British turret)"},
	{[]string{"Chaffee"}, []string{"M24"}, "the U.S. Light Tank M24 was the Chaffee"},
	{[]string{"Pershing"}, []string{"M26"}, "the U.S. Heavy Tank M26 was the Pershing"},
	{[]string{"Wolverine"}, []string{"M10 GMC"}, "the British called the M10 GMC Wolverine"},
	{[]string{"Hellcat"}, []string{"M18 GMC"}, "the M18 GMC was the Hellcat"},
	{[]string{"Jackson", "Slugger"}, []string{"M36 GMC", "M36B1 GMC", "M36B2 GMC"}, "the M36 GMC was the Jackson, also called Slugger"},
	{[]string{"Greyhound"}, []string{"M8|AC"}, "the British called the M8 armored car Greyhound"},
	{[]string{"Priest"}, []string{"M7 HMC"}, "the British called the M7 HMC Priest"},
	{[]string{"T-34/76", "T-34-76"}, []string{"T-34 M40", "T-34 M41", "T-34 M43"},
		"the T-34 with the 76mm gun, as against the T-34/85; ASL lists its 1940, 1941 and 1943 models"},
	{[]string{"JS-2"}, []string{"IS-2"}, "JS is the older (German) spelling of IS, Iosif Stalin's initials"},
	{[]string{"JS-2m"}, []string{"IS-2m"}, "JS is the older spelling of IS"},
	{[]string{"JS-3"}, []string{"IS-3"}, "JS is the older spelling of IS"},
	{[]string{"JSU-122"}, []string{"ISU-122"}, "JS is the older spelling of IS"},
	{[]string{"JSU-152"}, []string{"ISU-152"}, "JS is the older spelling of IS"},
	{[]string{"Komsomolets"}, []string{"Komsomolet"}, "the usual spelling of the T-20 Komsomolets tractor"},
	{[]string{"Bren Carrier", "Universal Carrier"}, []string{"Carrier A", "Carrier B", "Carrier C"},
		"the British Universal (Bren) Carrier; ASL's Carrier A, B and C are its listings"},
}

// nicknamesOf are the nicknames whose listings include l.
func nicknamesOf(l *Listing) []string {
	bare := Key(originMark.ReplaceAllString(l.Name, ""))
	var out []string
	for _, n := range Nicknames {
		for _, t := range n.Listings {
			name, typ, _ := strings.Cut(t, "|")
			if Key(name) == bare && (typ == "" || typ == l.Type) {
				out = append(out, n.Names...)
				break
			}
		}
	}
	return out
}
