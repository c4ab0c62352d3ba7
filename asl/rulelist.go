package asl

// Rule is one rule a step of this package may cite: its id exactly as a report, a refusal or a
// roll writes it, and what it is about, in this project's words.
type Rule struct {
	ID, Title string
}

// RuleList is every rule a step may cite, as a cost term, a roll, an event or a refusal: the
// sections of the seeds D2, D14 and E11; the rules they and rules-notes refer to (A2.5, A4, A6,
// C10.1, D5.2, the D8 Bog rules); the chapter A and C rules outside the seeds that a Column's
// advance and an outside attack apply (A4.1, A4.7, A7, A7.302, A7.8, A10, C); and three names
// that are no rule number: TC (the Terrain Chart, rules-notes 1.2), scenario (what a scenario
// file must define) and notation (a line that cannot be read). A read-only table: the ruleset
// serves a copy.
//
// A citation outside the list is a fault: the tests hold every golden's citations, and every
// report of the random games, to it, and check every id against the seeds and rules-notes
// when the shared spec is present.
var RuleList = []Rule{
	{"A2.5", "Off-board hexes: entering the map"},
	{"A4", "Infantry movement"},
	{"A4.1", "Infantry MF: one adjacent hex at a time"},
	{"A4.7", "Advance Phase: Infantry and Cavalry advance one hex"},
	{"A6", "Line of sight"},
	{"A7", "Fire attack results: a unit eliminated"},
	{"A7.302", "Casualty reduction"},
	{"A7.8", "Pinned units"},
	{"A10", "Morale: a unit breaks"},
	{"C", "Fire attacks (chapter C): an attack without effect"},
	{"C10.1", "Towing"},
	{"D2.1", "Vehicular movement: the MP allotment and who may move"},
	{"D2.11", "VCA changes"},
	{"D2.12", "Starting"},
	{"D2.13", "Stopping"},
	{"D2.14", "Wrecks and vehicles in the hex entered"},
	{"D2.15", "Minimum Move"},
	{"D2.16", "Road rate"},
	{"D2.17", "Delay"},
	{"D2.2", "Reverse movement"},
	{"D2.21", "Reverse: MP cost"},
	{"D2.22", "Reverse: restrictions"},
	{"D2.23", "Reverse: Start and Stop"},
	{"D2.24", "Reverse: Motion"},
	{"D2.3", "Vehicular Bypass Movement"},
	{"D2.31", "Bypass: restrictions"},
	{"D2.321", "Bypass: TCA"},
	{"D2.33", "Bypass: VCA changes"},
	{"D2.4", "Motion status"},
	{"D2.401", "Motion attempt by a DEFENDING vehicle"},
	{"D2.5", "Excessive Speed Breakdown"},
	{"D2.51", "Mechanical Reliability (red MP)"},
	{"D2.6", "Enemy AFV in the hex"},
	{"D2.7", "ALL-MP entries: Start, Stop and towing MP outside them"},
	{"D5.2", "Buttoned up or Crew Exposed"},
	{"D8.2", "Bog Check"},
	{"D8.3", "Bog removal"},
	{"D14.2", "Radioless platoon movement"},
	{"D14.21", "Platoon movement: adjacency, LOS, moving together"},
	{"D14.211", "Platoon Motion attempt"},
	{"D14.212", "Platoon entering from off board"},
	{"D14.22", "Platoon Gaps"},
	{"D14.23", "A radioless AFV moving alone"},
	{"D14.3", "Impulse movement"},
	{"D14.31", "Impulses: members move and pay together"},
	{"D14.33", "Armored Assault"},
	{"D14.331", "Armored Assault: breaking off"},
	{"D14.333", "Armored Assault by a platoon"},
	{"E11.1", "Convoy composition"},
	{"E11.2", "Convoy movement"},
	{"E11.21", "Convoy Gaps"},
	{"E11.22", "Convoy Reverse movement"},
	{"E11.23", "Convoy entering a vehicle or wreck Location"},
	{"E11.24", "Convoy Motion status"},
	{"E11.25", "Non-Convoy movement"},
	{"E11.251", "Leaving a Convoy"},
	{"E11.252", "A radioless AFV in a Convoy"},
	{"E11.253", "Recall of a Convoy vehicle"},
	{"E11.255", "MP spent leaving a Convoy"},
	{"E11.26", "Combining Convoys"},
	{"E11.4", "Convoy hindrance to LOS"},
	{"E11.5", "Columns"},
	{"E11.52", "Column movement"},
	{"E11.521", "Column terrain limits"},
	{"E11.522", "Column Detection"},
	{"E11.523", "Combining Columns"},
	{"E11.53", "Column Disbandment"},
	{"E11.531", "Disbandment in the MPh"},
	{"E11.532", "Disbandment in other phases"},
	{"E11.533", "OBA and aerial attacks on a Column"},
	{"E11.535", "Wagons in a Column"},
	{"E11.536", "A pinned Column unit"},
	{"E11.54", "Column concealment"},
	{"E11.6", "Straying at night"},
	{"E11.7", "Partial entry from off board"},
	{"TC", "Terrain Chart: entry costs and Bog terrain (rules-notes 1.2)"},
	{"notation", "A line that cannot be read as a step"},
	{"scenario", "Something the scenario does not define (a side, a unit, a group)"},
}
