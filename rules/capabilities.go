package rules

import (
	"context"
	"io"
	"net/url"
)

// The optional capabilities. A Game or Ruleset offers one by implementing it; whoever needs
// one asserts for it and, if it is not there, says so ([Lacks]).

// UnitSteps is a Game that lists the steps one of its units may take next, each tried on a
// copy (GET /api/games/{id}/units/{unit}/steps). An unknown unit is a *NotFound.
type UnitSteps interface {
	UnitSteps(unit string, n int) (any, error)
}

// Reacher is a Game that shades every place a unit can still reach this phase, with its cost
// and risk (GET /api/games/{id}/units/{unit}/reach). maxRisk is the greatest chance of
// failure accepted (0: any).
type Reacher interface {
	Reach(unit string, maxRisk float64) (any, error)
}

// Pather is a Game that finds a unit's cheapest way to a place this phase, each step with
// its cost and the checks it calls for (GET /api/games/{id}/units/{unit}/path?to=). facing
// asks to arrive facing that way ("" any); maxRisk is the greatest chance of failure accepted
// (0: any). An unknown unit is a *NotFound.
type Pather interface {
	Path(unit, to, facing string, maxRisk float64) (any, error)
}

// Oddser is a Game that gives the exact odds of every outcome of a step before its roll (GET
// /api/games/{id}/odds?line=), n steps into the game. The work may be long: it stops when ctx
// is done. Notation it cannot read is a *BadLine; a step the referee would refuse a *Refusal.
type Oddser interface {
	Odds(ctx context.Context, line string, n int) (any, error)
}

// Measurer is a Game with a ruler (GET /api/games/{id}/measure?from=&to=[&det=]): the length of
// the straight line between two points of its table, what it crosses, and, for a piece the
// role may know of (det), how long that piece would take to cover it. It answers as role
// knows the game. Points it cannot read, or off the table, are a *BadLine; a piece role may
// not know of is a *NotFound, worded as for one that does not exist.
type Measurer interface {
	Measure(role, from, to, det string) (any, error)
}

// BadLine is notation a ruleset cannot read.
type BadLine struct{ Err error }

func (e *BadLine) Error() string { return e.Err.Error() }
func (e *BadLine) Unwrap() error { return e.Err }

// Gatekeeper is a Game whose sides may not know everything (hidden movement): it decides
// itself whether role may submit a, so that the answer tells a side nothing it may not know.
// It returns nil, or a *Denial.
type Gatekeeper interface {
	MayPlay(role string, a Action) *Denial
}

// Denial is a step a role may not submit. Refusal set: answer it as the referee's refusal
// would be answered (the same for a name that does not exist as for one the role may not
// know); unset: the role may not play it at all (Msg says why).
type Denial struct {
	Msg     string
	Refusal *Refusal
}

// RoleHasher is a Game that shows each role the hash of the game as that role knows it (so
// that a side cannot watch the whole state's hash change when the enemy moves).
type RoleHasher interface {
	HashFor(role string, full [32]byte) string
}

// Packer is a Game whose step reports can be kept as bytes. A server holds every step's report
// of every game in memory, to answer for the log; a long game's reports, kept as they are,
// are thousands of small objects that the garbage collector must trace on every cycle, and the
// time it spends doing so is the tail of every other request's latency. Packed, a report is a
// run of bytes the collector never looks inside.
//
// PackReport appends r, whole, to buf (an error leaves the report to be kept as it is);
// UnpackReport reads back what one PackReport wrote, as a report that StepView, Text and JSON
// give exactly as they gave the original. The packed form is for memory only, never stored: a
// ruleset may change it at will.
type Packer interface {
	PackReport(buf []byte, r *Report) ([]byte, error)
	UnpackReport(b []byte) (*Report, error)
}

// Previewer is a Game that has something to say before a step's roll (Last Hundred Yards: its
// exact odds). `umpire play` asks it for each step it names in WantPreview; check for the
// steps its expectations need.
type Previewer interface {
	Preview(a Action) any
	// WantPreview says whether play shows the preview before step a.
	WantPreview(a Action) bool
}

// CheckPreviews is a Scenario whose expectations need previews of some steps (n from 1).
type CheckPreviews interface {
	PreviewFor(n int) bool
}

// Drawer is a Game that draws its table or map as SVG (`umpire play --svg`).
type Drawer interface {
	DrawSVG(w io.Writer, title string) error
}

// Catalog is a Ruleset that knows counters by name (ASL's vehicle listings).
type Catalog interface {
	// Search lists the entries q.Text names and then those whose names hold every word of it
	// (ASL: listing.Lookup), of q.Nationality when it is given, at most q.Limit of them (0: all).
	Search(q CatalogQuery) ([]CatalogEntry, error)
}

// ImportChecker is a Ruleset that checks a file an editor imports for what the editor would
// otherwise take without a word (ASL: vehicle names that name no listing, or several).
type ImportChecker interface {
	// CheckImport are the problems of data, a scenario file; each error says its line
	// (file:line: field: why), file being the name given.
	CheckImport(file string, data []byte) []error
}

// CatalogQuery is what a catalog is asked.
type CatalogQuery struct {
	Text        string
	Nationality string
	Limit       int
}

// CatalogEntry is one counter of a catalog: how a scenario names it, and its facts.
type CatalogEntry struct {
	Name  string `json:"name"`
	Facts any    `json:"facts,omitempty"`
}

// Command is a command-line subcommand a ruleset contributes (`umpire reach`), with the help
// `umpire help NAME` and `umpire NAME --help` print: how to call it, what it does, its flags
// and examples that run on files of the repository.
type Command struct {
	Name string
	// Synopsis is how to call it: "umpire reach FILE UNIT [--esb] [--json]".
	Synopsis string
	// Summary says what it does in a line or two, for the list `umpire help` prints.
	Summary string
	// About says more on its own help page: what it reads, what it prints (may be empty).
	About    string
	Flags    []Flag
	Examples []Example
	// Run runs it with the arguments after its name; it returns the exit status: 0, 1 when
	// what it was asked failed, 2 for a usage error (an unknown flag, a missing argument).
	Run func(args []string, stdout, stderr io.Writer) int
}

// Flag is one flag of a command, as its help lists it.
type Flag struct {
	Name string // "--vca"
	Arg  string // what follows it, "A-B"; empty for a switch
	Text string
}

// Example is a command line of a command's help and what it shows.
type Example struct {
	Line string // "umpire path testdata/examples/d2.33-bypass-k2.yaml Tiger 1J2"
	Text string
}

// Commander is a Ruleset with subcommands of its own.
type Commander interface {
	Commands() []Command
}

// Route is a read-only API route a ruleset serves, under /api/rulesets/{name}/: a GET whose
// query parameters the ruleset reads and whose answer the server writes, as JSON. As with
// database/sql and a driver, the ruleset gives the answer and the server does the rest: it
// counts the request under the route's rate class, gives Answer the server's limits, and
// answers the errors Answer returns as it answers its own:
//
//   - a *[LimitError] (the request asks for more than a cap of lim): 422, naming the limit,
//     its value and its flag (413 for the body's size);
//   - a *[NotFound]: 404;
//   - any other error: 400, its message saying what is wrong and how to ask instead.
//
// An answer that grows with what the query asks must check the caps it reads (Caps) before it
// allocates what they count: the boards of an arrangement before the arrangement is laid out,
// its hexes before any is listed.
type Route struct {
	Path string // after the prefix: "terrain" answers /api/rulesets/asl/terrain
	// Query names the query parameters Answer reads ("rows"; none for a fixed answer).
	Query []string
	// Class is what one request costs the server, as its rate limits count it. A route
	// without one is counted as Expensive (and the server's route-table test fails on it).
	Class RateClass
	// Caps names the Limits that bound the answer, by their names (LimitBoards, LimitHexes):
	// Answer refuses a request over one of them with a *LimitError.
	Caps []string
	// Bound says in words what else bounds the answer, or why nothing need: "at most 200
	// listings (limit)", "none: a fixed answer". A route needs Caps or Bound; the server's
	// route table (docs/api.md) gives both.
	Bound string
	// Answer is the route's answer to query under lim, the server's limits (every field set).
	// It may take long only while ctx lives.
	Answer func(ctx context.Context, query url.Values, lim Limits) (any, error)
	// Check, when set, makes at once the refusals Answer would make before any work: a
	// parameter missing or malformed, a cap passed (a *LimitError). The server runs it before
	// an expensive request waits for its turn, so that a request refused anyway is refused
	// at once, never held or shed as work. Answer makes the same refusals without it.
	Check func(query url.Values, lim Limits) error
}

// RateClass is what one request of a route costs the server, as its rate limits count it
// (docs/api.md, "Rate limits").
type RateClass uint8

// The rate classes of a ruleset's routes. The zero RateClass is no class at all.
const (
	// Cheap: a small answer, or one read from what is already made (a fixed chart); counted
	// among the server's other requests.
	Cheap RateClass = iota + 1
	// Expensive: an answer whose work or size grows with what the query asks, up to its caps
	// (a map laid out); counted among the expensive reads (odds, reach, path), of
	// which a client may have only a few running at once.
	Expensive
)

// String is the class's name, as docs/api.md's route table writes it.
func (c RateClass) String() string {
	switch c {
	case Cheap:
		return "other"
	case Expensive:
		return "expensive"
	}
	return "unset"
}

// Router is a Ruleset with API routes of its own.
type Router interface {
	Routes() []Route
}

// NotFound is a name (a unit, a detachment) the game does not have.
type NotFound struct{ What string }

func (e *NotFound) Error() string { return e.What }

// Capabilities names what a ruleset offers beyond the contract, for people and for
// GET /api/rulesets: the Ruleset's own, and, given one of its games (g may be nil), the
// Game's.
func Capabilities(rs Ruleset, g Game) []string {
	out := []string{}
	for _, c := range []struct {
		has  bool
		name string
	}{
		{is[Catalog](rs), "catalog"}, {is[Commander](rs), "commands"}, {is[Router](rs), "routes"}, {is[Mapper](rs), "saved maps"},
		{is[UnitSteps](g), "unit steps"}, {is[Reacher](g), "reach"}, {is[Pather](g), "path"}, {is[Oddser](g), "odds"},
		{is[Gatekeeper](g), "hidden information"}, {is[Drawer](g), "svg"}, {is[Previewer](g), "preview"},
		{is[Measurer](g), "measure"},
	} {
		if c.has {
			out = append(out, c.name)
		}
	}
	return out
}

// is says whether v offers capability T.
func is[T any](v any) bool {
	_, ok := v.(T)
	return ok
}

// Rule is one rule a ruleset's reports cite: its id exactly as a report cites it ("D2.14",
// "13.3.7", "TC") and what it is about, in the project's own words.
type Rule struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// RuleLister is a Ruleset that lists every rule its reports may cite (a step's rules, a
// refusal's rule, a roll's rule). A citation outside the list is a fault the invariant tests
// look for.
type RuleLister interface {
	RuleList() []Rule
}

// Cacher is a Game that keeps answers it can make again (the planner's routes, reach views,
// compiled graphs), so that a second question is a lookup. What it keeps is bounded by bytes:
// the server sets each game's limit and, short of memory, asks games to forget.
type Cacher interface {
	// CacheBytes is about how many bytes the kept answers hold now.
	CacheBytes() int64
	// SetCacheLimit keeps at most max bytes from now on (0: the ruleset's default),
	// forgetting the least recently used answers until they fit.
	SetCacheLimit(max int64)
	// ShedCache forgets the least recently used answers until at most keep bytes remain.
	ShedCache(keep int64)
}
