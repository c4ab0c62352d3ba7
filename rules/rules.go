// Package rules is the contract between umpire's game systems and everything else, in the
// spirit of database/sql/driver: the server, the store, package game and the command line know
// this package, never a game. A ruleset (ASL, Last Hundred Yards, Lightning War, or one of your
// own) implements it in an adapter package that imports its rules core and this package and
// registers itself when imported:
//
//	import _ "github.com/umpire-referee/umpire/lhy/ruleset"
//
// A ruleset reads a scenario file ([Ruleset.Load]) into a [Scenario]: the file's header (its
// name, seed, dice script and own moves, [File]), a [Game] at its setup, and its expect: block
// ([Scenario.Check]). A Game parses a line of its notation into an [Action] once
// ([Game.Parse]), says which sides an action moves ([Game.Movers]), does it with dice
// ([Game.Do]) giving one [Report] (a refused step's report carries one [Refusal] and changes
// nothing), shows itself to a role with hidden information removed ([Game.View],
// [Game.StepView]) and digests its state for replay checks ([Game.Hash]).
//
// Everything else a ruleset may offer is a small optional interface, found by type assertion
// as io.WriterTo is: [UnitSteps] and [Reacher] (a unit's next steps and reach), [Oddser] (exact
// odds before a roll), [Gatekeeper] (who may submit what, where sides may not know everything),
// [RoleHasher], [Drawer] (an SVG of the table), [Previewer] (something to say before a step's
// roll, such as its odds), [Catalog] (counters by name), [Commander] (command-line
// subcommands), [Router] (read-only API routes under /api/rulesets/{name}/) and [Mapper] (maps
// saved apart from scenarios under a name, which a scenario refers to: `map: {saved: NAME}`). Whoever asks
// for one a ruleset lacks says so plainly (see [Lacks]).
//
// The text a player gives (an id, a name, a step's line, a file's values) passes one rule on its
// characters wherever it comes in, [CheckText]: the scenario readers ask it of every value, the
// server of every path, query parameter and step.
package rules

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/refusal"
)

// Roles that are not sides.
const (
	Referee   = "referee"   // plays every side: one person at a table, or the game master
	Spectator = "spectator" // reads what is public, plays nothing
)

// Ruleset is one game system.
type Ruleset interface {
	// Name is the word a scenario file gives as `ruleset:` ("asl"), lower case.
	Name() string
	// Title is the system's name for people ("Last Hundred Yards").
	Title() string
	// Load reads a scenario file (file names it in messages) under lim: each cap is checked
	// as the part it bounds is read, before what that part names is made (a layout's hexes,
	// its units, its moves), and a file over one is a *LimitError. Another mistake in it is an
	// error that says where (a *scenario.Error: file:line: field: what).
	Load(file string, data []byte, lim Limits) (Scenario, error)
}

// Move is one of a scenario file's own moves: the line of notation and where it stands.
type Move struct {
	Text string
	Line int // in the file
	// Action is the line as the ruleset read it when it loaded the file, against the setup
	// (nil: read it when it is played).
	Action Action
}

// File is what every scenario file holds besides its ruleset's own sections.
type File struct {
	Name    string
	Seed    uint64
	HasSeed bool
	Dice    []int  // the scripted dice, used before the seed's
	Moves   []Move // the file's own moves, each already read as notation
	// Warnings are fields the reader did not know and ignored.
	Warnings []string
	// StrictWarnings: `check` fails a file with warnings (a misspelt expectation would
	// otherwise pass unchecked).
	StrictWarnings bool
	// Expects is how many entries the file's expect: block holds.
	Expects int
	// Opponent is the side umpire plays, if the file names one (`opponent:`).
	Opponent *Opponent
}

// Failure is an expectation that did not hold, at its line in the file.
type Failure struct {
	Line int
	Msg  string
}

// Scenario is a scenario file as read.
type Scenario interface {
	// File is the file's header and own moves.
	File() *File
	// Setup is a new game at the scenario's setup; each call gives a fresh one.
	Setup() Game
	// Check compares the file's expect: block with g, the game after the file's moves, and
	// the reports of those moves (the last one refused if play stopped there).
	Check(g Game, steps []*Report) []Failure
}

// Action is a line of a ruleset's notation, parsed by its Game. Only that Game reads it.
type Action interface {
	// Line is the notation as written.
	Line() string
}

// Game is a game being played: the live state of one ruleset's game.
type Game interface {
	// Sides lists the sides, in the scenario's order.
	Sides() []string
	// Parse reads a line of notation. An error is notation the ruleset cannot read; a line
	// it reads but would refuse parses.
	Parse(line string) (Action, error)
	// Movers is the sides whose forces a moves ("*": any side may play it, such as an event
	// from outside the map); refereeOnly: only the referee may submit it; known is false if
	// it names nothing this game has.
	Movers(a Action) (sides []string, refereeOnly, known bool)
	// Do plays a with dice from src and numbers its report n. The report is never nil: if
	// the step is refused, it says so (Report.Refusal), err is that refusal or the error that
	// stopped it (a dice script run dry), and the game is as it was.
	Do(a Action, n int, src dice.Source) (*Report, error)
	// Unread is the report of step n, a line that could not be read as notation (err says
	// why), as this ruleset reports a refusal.
	Unread(n int, line string, err error) *Report
	// Hash digests the whole state: a replay reaches the live state exactly when the hashes
	// agree.
	Hash() [32]byte
	// Clone is an independent copy.
	Clone() Game
	// View is the state as role may know it, for the API: a value that marshals to one JSON
	// object holding head's fields and the ruleset's own. The map (or table) is left out
	// unless withMap.
	View(head Head, withMap bool) any
	// StepView is a step (its report and logged rolls) as role may see it. A Game that is not
	// a [Gatekeeper] shows every role the same: the server makes one view for all of them.
	StepView(rep *Report, rolls []dice.Roll, role string) StepView
	// Summary is what `umpire play` prints after the steps: each force's state.
	Summary() []string
}

// Head is what every ruleset's state view begins with: the game, the token's role, and where
// in the log the state stands. Its JSON keys are the API's (docs/api.md).
type Head struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Ruleset string   `json:"ruleset"`
	Role    string   `json:"role"`
	MayMove []string `json:"may_move"`
	Sides   []string `json:"sides"`
	N       int      `json:"n"`
	At      int      `json:"at"`
	Hash    string   `json:"hash"`
	// OffRecord says why a stored game no longer replays past step N (a rules change): it
	// stands there, read-only.
	OffRecord string `json:"off_record,omitempty"`
	// Opponent is the side umpire plays in the game and at what boldness (the scenario's
	// opponent:), nil when it plays none; the same for every role.
	Opponent *Opponent `json:"opponent,omitempty"`
}

// StepView is a logged step as one role may see it.
type StepView struct {
	Line   string      // the line as the role may read it ("" when hidden)
	Rolls  []dice.Roll // the rolls the role may see
	Report any         // the report, as the API gives it
	Text   string      // the report as `umpire play` prints it
	Hidden bool        // another side's step, of which the role may know only that it was played
	// Refusal is the refusal as the role may read it (nil if the step was taken).
	Refusal *Refusal
}

// Report is what one step did, or why it was refused: the one shape every ruleset's step
// takes through play, play --json, check, the API and the page.
type Report struct {
	Step    int      // its number in the game, from 1
	Line    int      // its line in the scenario file, when it came from one
	Action  string   // the line as written
	Rules   []string // the rules it applied, in order
	Refusal *Refusal // why it was refused; nil if taken
	// Preview is what the ruleset said before the roll ([Previewer]), if it was asked.
	Preview any
	// Detail is the ruleset's own account of the step.
	Detail Detail
}

// Detail is a ruleset's own account of a step, which it prints.
type Detail interface {
	// Text is the step as `umpire play` prints it.
	Text(r *Report) string
	// JSON is the step's object in `umpire play --json` (its keys are fixed per ruleset by
	// the scenario format).
	JSON(r *Report) any
}

// Refusal is a step the referee would not take: the rule, why, and where in a scenario file
// the step stands when it came from one. A refused step changes nothing. It is the one refusal
// of package refusal, which the rules cores give as it is.
type Refusal = refusal.Refusal

// Unsupported is a question put to a ruleset that does not answer it; Error says so in words.
type Unsupported struct {
	Ruleset string // its title
	What    string // what was asked ("odds", "a unit's reach")
}

func (e *Unsupported) Error() string {
	return fmt.Sprintf("%s games do not offer %s", e.Ruleset, e.What)
}

// Lacks is the error for asking rs for what it does not offer.
func Lacks(rs Ruleset, what string) error { return &Unsupported{Ruleset: rs.Title(), What: what} }

var (
	mu       sync.RWMutex
	registry = map[string]Ruleset{}
)

// Register makes a ruleset available by its name. It panics if the name is taken, as
// database/sql's Register does: two adapters claiming one name is a build mistake.
func Register(rs Ruleset) {
	mu.Lock()
	defer mu.Unlock()
	name := strings.ToLower(rs.Name())
	if _, dup := registry[name]; dup {
		panic("rules: Register called twice for ruleset " + name)
	}
	registry[name] = rs
}

// Lookup finds a registered ruleset by name (any case).
func Lookup(name string) (Ruleset, bool) {
	mu.RLock()
	defer mu.RUnlock()
	rs, ok := registry[strings.ToLower(strings.TrimSpace(name))]
	return rs, ok
}

// All lists the registered rulesets by name.
func All() []Ruleset {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Ruleset, 0, len(registry))
	for _, rs := range registry {
		out = append(out, rs)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// Names lists the registered rulesets' names, for messages.
func Names() string {
	var names []string
	for _, rs := range All() {
		names = append(names, rs.Name())
	}
	return strings.Join(names, ", ")
}
