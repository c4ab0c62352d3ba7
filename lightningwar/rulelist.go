package lightningwar

// Rule is one rule a step of this package may cite: its id exactly as a report, a refusal or a
// check writes it (the Rule labels: the seed has no section numbers), and what it is about,
// in this project's words.
type Rule struct {
	ID, Title string
}

// RuleNotation labels a line that cannot be read as a step (an unknown verb).
const RuleNotation = "notation"

// RuleList is every rule a step may cite, as an event, a check or a refusal: the Rule labels,
// which name the seed's topics and the rules-notes sections that restore what it lost. A
// read-only table: the ruleset serves a copy.
//
// A citation outside the list is a fault: the tests hold every golden's citations, and every
// report of the random games, to it, and check every label against the seed's and
// rules-notes' words when the shared spec is present.
var RuleList = []Rule{
	{RuleDetachment, "Detachments: joining, breaking off, naming"},
	{RuleOrder, "The order of movement: forced moves, discretionary actions, then the Initiative bands"},
	{RuleOrders, "Written orders: who may order whom, and the turn they arrive"},
	{RuleRecon, "Reconnaissance and FO detachments choose their route within their orders"},
	{RuleDiscretion, "Discretionary actions under fire: halt, fire back or make for cover"},
	{RuleContinue, "Continue: one word that restores the previous orders"},
	{RuleChart, "Movement chart: speed over terrain factor plus slope"},
	{RuleRoad, "Road speed, for a turn wholly on road"},
	{RuleRun, "Infantry running, never two turns running"},
	{RuleGallop, "Cavalry galloping, only where the factor is 1"},
	{RuleThrough, "Models pass through each other, except at choke points"},
	{RuleMount, "Mounting and dismounting infantry"},
	{RuleMiring, "Vehicle miring roll"},
	{RuleEscape, "Escaping the mire"},
	{RuleTow, "Towing a mired vehicle free"},
	{RuleOverrun, "Vehicles overrunning known infantry"},
	{RulePivot, "Free pivots and small adjustments"},
	{RuleSplit, "A Movement Phase played in halves or quarters"},
	{RuleContact, "Contact: no base may close on an enemy base within contact range (a default)"},
	{RuleReserve, "Reserve Movement in Phase 3"},
	{RuleMorale, "The referee's morale result, an outside event"},
	{RuleFrontage, "Frontage and choke points: bases, formations, passing in column"},
	{RuleNotation, "A line that cannot be read as a step"},
}
