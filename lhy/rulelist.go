package lhy

// Rule is one rule a step of this package may cite: its id exactly as a report, a refusal or a
// DRM term writes it, and what it is about, in this project's words.
type Rule struct {
	ID, Title string
}

// RuleList is every rule a step may cite, as an event, a DRM term or a refusal (the state table
// [States] cites from it too): the sections of the Assault and fire player aid (the seed),
// the rules it places without printing their numbers, rules-notes' readings and defaults as
// "rules-notes N.N", and the Withdrawal, impact hex and Recovery rules the seed's Regrouping
// and fire lines name. A read-only table: the ruleset serves a copy.
//
// A citation outside the list is a fault: the tests hold every golden's citations, and every
// report of the random games, to it, and check every id against the seed and rules-notes
// when the shared spec is present.
var RuleList = []Rule{
	{"4.3.1.1", "Loss of Concealment under fire"},
	{"10.3.1", "Withdrawal: one to four hexes"},
	{"10.5.2.2", "Assault range"},
	{"11.4.7", "Mortar impact hex: not entered by a Withdrawal"},
	{"12.1", "Recovery roll and its DRM"},
	{"13.1", "Small-arms and mortar fire"},
	{"13.1.3", "Fire: which unit is hit"},
	{"13.1.4", "Fire: -1 beside the platoon leader"},
	{"13.1.5", "Fire: Disruption or a Casualty"},
	{"13.1.6", "Fire: Riders unload, Cohesion checks"},
	{"13.1.7", "Mortar natural 10: unloading and a vehicle hit"},
	{"13.3", "Anti-tank fire"},
	{"13.3.5", "Shocked vehicles"},
	{"13.3.6", "Destroyed vehicles and Fighting Positions"},
	{"13.3.7", "Collateral Damage"},
	{"14.0", "Assault: eligibility, DRM and resolution without a roll"},
	{"14.3", "Assault Results: Advance and Regrouping"},
	{"14.3.1", "Urban Assault"},
	{"14.3.2", "Vehicle Destruction Attempt"},
	{"14.3.3", "Retreat"},
	{"rules-notes 2.3", "Assault Results as this project reads them (Advance, the states' limits)"},
	{"rules-notes 2.5", "Recovery and the other values the procedures read"},
}
