package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/store"
)

// legendGaps is JavaScript that names the classes of the marks drawn on the map (every element
// of the terrain, overlay, feature, label and selection layers) that no legend line names in
// its data-class, leaving out those given (the hex itself, modifiers); "" if none.
const legendGaps = `((skip) => {
  const drawn = new Set();
  for (const el of document.querySelectorAll('#g-terrain *, #g-reach *, #g-features *, #g-ids *, #g-sel *'))
    for (const c of el.classList) if (!skip.includes(c)) drawn.add(c);
  const missing = [...drawn].filter((c) => !document.querySelector('#legend [data-class~="' + CSS.escape(c) + '"]'));
  return drawn.size ? missing.sort().join(' ') : 'nothing drawn';
})`

// labelsOverCounters is JavaScript that names (up to 5) the map's labels (#g-ids text: hex ids,
// levels, area names; and the marks written as text, #g-features text: IP, wrecks) whose box
// overlaps a counter's (its body, badges and marks, not the ring shown when selected);
// counters may overlap each other (a stack). "" if none.
const labelsOverCounters = `(() => {
  const r = (el) => el.getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const parts = [];
  for (const u of document.querySelectorAll('#g-units .unit'))
    for (const c of u.children) if (c.tagName !== 'title' && !c.classList.contains('ring')) parts.push([u.dataset.unit, r(c)]);
  const out = [];
  for (const l of document.querySelectorAll('#g-ids text, #g-features text'))
    for (const [id, b] of parts) if (meet(r(l), b)) { out.push(l.textContent + ' under ' + id); break; }
  return out.slice(0, 5).join('; ');
})()`

// lhyCrowded has four units in a hill hex with an Improved Position: its level, its IP mark and
// its hex id must all stay clear of the counters.
const lhyCrowded = `name: crowded
ruleset: lhy
map:
  size: [6, 6]
  hexes:
    C3: {terrain: rural, level: 2, ip: true}
units:
  - {id: GE1, nationality: GE, kind: squad, at: C3, cohesion: 6}
  - {id: GE2, nationality: GE, kind: squad, at: C3, cohesion: 6, concealed: true}
  - {id: GEL, nationality: GE, kind: leader, at: C3, cohesion: 8}
  - {id: GE3, nationality: GE, kind: mg, at: C3, cohesion: 6}
  - {id: US1, nationality: US, kind: squad, at: D4, cohesion: 7}
moves: []
`

// legendPages are the demo games TestBrowserLegend opens, what to do on each page so that its
// overlays are drawn too, and the classes that need no legend line of their own.
type legendPage struct {
	name  string
	demo  func(*Server, context.Context) (*Created, error)
	drawn string            // what only the ruleset module draws
	click []string          // what to click (a counter, a button) so that overlays are drawn
	then  string            // what the clicks draw
	skip  []string          // the hex itself and modifiers of a class that has its line
	must  map[string]string // legend lines that must be there: class -> words they hold
}

var legendPages = []legendPage{
	{"asl", (*Server).Demo, `document.querySelector('#g-units .unit .mpleft') !== null`,
		[]string{`#g-units .unit.side-0`}, `document.querySelector('#g-reach polygon.reach') !== null && document.querySelector('#g-sel .vca') !== null`,
		[]string{"hex", "elev", "can-enter"},
		map[string]string{"e-1": "level 1 hill", "lvl": "level 1", "hexid": "hex id"}},
	{"lhy", (*Server).DemoLHY, `document.querySelector('#g-units .unit.lhy circle.pip') !== null`,
		[]string{`#g-units .unit[data-unit="GE1"]`, `#unit-actions .lhy-aim[data-mode="assault"]`},
		`document.querySelector('#g-sel .sel-hex') !== null && document.querySelector('#g-reach .target-hex') !== null && document.querySelector('#g-reach .assault-arrow') !== null`,
		[]string{"hex", "elev"},
		map[string]string{"e-1": "level 1 hill", "lvl": "level 1", "wall": "wall", "hedge": "hedgerow", "ip": "Improved Position",
			"t-rural-building": "rural building", "t-woods": "woods", "hexid": "hex id"}},
	{"lhy crowded", func(s *Server, ctx context.Context) (*Created, error) {
		return s.Create(ctx, "crowded.yaml", []byte(lhyCrowded))
	},
		`document.querySelectorAll('#g-units .unit.lhy').length === 5`,
		nil, `true`, []string{"hex", "elev"},
		map[string]string{"ip": "Improved Position", "lvl": "level 2"}},
	{"lightningwar", (*Server).DemoLW, `document.querySelector('#g-features rect.lw-edge') !== null && document.querySelector('#g-units .lw-det') !== null`,
		[]string{`#g-units .lw-det.own`}, `document.querySelector('#g-units .lw-det.selected') !== null`,
		[]string{"sel", "six", "y"},
		map[string]string{"lw-label": "area name", "lw-choke": "choke point", "lw-slope": "slope", "lw-track": "track"}},
}

// TestBrowserLegend opens each demo game's page as the referee, clicks a counter so that the
// selection and its overlays are drawn, and checks that every class the map draws has its line
// in the legend (the lines each demo must show among them: hill levels, LHY's terrain, walls,
// hedgerows and IP marks) and that no map label lies under a counter.
func TestBrowserLegend(t *testing.T) {
	exe := chromiumFor(t)
	for _, p := range legendPages {
		t.Run(p.name, func(t *testing.T) {
			// What the page draws does not hang on the store: SQLite alone.
			st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			srv := New(Config{Store: st, Shared: true, Dice: func(string) dice.Source { return dice.NewSeeded(7) }, Logf: t.Logf})
			t.Cleanup(func() { srv.Close() })
			legendTest(t, exe, p, srv)
		})
	}
}

// legendTest opens page p's demo on srv and checks its legend and labels.
func legendTest(t *testing.T, exe string, p legendPage, srv *Server) {
	c, cr, ctx := browserDemo(t, srv, p.demo)
	b := newTab(t, ctx, exe, "legend-"+p.name+"-failed.png")
	b.do("opening the referee's page", chromedp.Navigate(c.base+cr.Links[Referee]))
	b.poll("the "+p.name+" map", p.drawn)
	for _, sel := range p.click {
		b.do("clicking "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
	}
	b.poll("what the clicks draw", p.then)
	b.screenshot("legend-" + p.name + ".png")
	skip, _ := json.Marshal(p.skip)
	if gaps := b.eval(legendGaps + "(" + string(skip) + ")"); gaps != "" {
		t.Errorf("%s: the map draws classes the legend does not name: %s", p.name, gaps)
	}
	for class, words := range p.must {
		got := b.eval(`(document.querySelector('#legend [data-class~="` + class + `"]') || {textContent: ''}).textContent`)
		if !strings.Contains(got, words) {
			t.Errorf("%s: the legend line of %s reads %q, want it to say %q", p.name, class, got, words)
		}
	}
	if clash := b.eval(labelsOverCounters); clash != "" {
		b.screenshot("legend-" + p.name + "-labels.png")
		t.Errorf("%s: map labels under counters: %s", p.name, clash)
	}
	if clash := b.eval(labelClash); clash != "" {
		t.Errorf("%s: %s", p.name, clash)
	}
}
