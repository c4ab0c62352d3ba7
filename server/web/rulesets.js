// umpire game page, shell: the ruleset registry. A game's state names its ruleset ("asl",
// "lhy", "lightningwar"; none is ASL, the API's default) and the page's UI for it is the
// module rulesets/NAME.js, loaded when the first state comes (it may import helpers of its own
// from rulesets/NAME/). Adding a ruleset to the page is adding that one module.
//
// A ruleset module's default export is an object the shell calls (G.view is the state shown,
// G.live the live one; see state.js):
//
//   name, bodyClass      the state's ruleset; a class for <body> ('' for none), style.css keys on it
//   placeholder          the notation box's example line
//   setup()              once, before the first drawing: listen on the module's own controls
//   drawBoard(view)      the map or table (view.map, view.table; a step's answer has neither)
//   drawUnits()          the units on it
//   drawSelection()      the selected unit's marks (#g-sel)
//   drawOverlay()        what lies over the map for the selection (#g-reach), and the legend
//   header(view)         {text, colour, title} of the header's chip (the phase or turn)
//   roleText(live)       the role chip's words for a side's or the referee's link
//   renderUnitList()     the unit buttons (#unit-list)
//   renderUnitPanel()    the selected unit's details, actions and steps (#unit-box)
//   renderPhase()        the phase buttons (#mph-buttons)
//   renderPanels()       the module's own boxes (hidden in play.html until it shows them)
//   select(id, announce) select a unit (null: none)
//   selectable()         the units n/p go through, in order
//   clickMap(ev)         a click on the map
//   load()               after the state is (re)loaded: fetch what the selection needs
//   stepDone(body, line) a step the page sent was accepted (201): say so
//   logEntry(e)          one log entry as an <li>
//   ready()              the status line once the game is loaded

const loaded = new Map(); // name -> the promise of its module

// rulesetFor is the promise of the module for the ruleset name.
export function rulesetFor(name) {
  const key = name || 'asl';
  if (!/^[a-z][a-z0-9]*$/.test(key)) return Promise.reject(new Error(`no ruleset called "${key}"`));
  if (!loaded.has(key)) loaded.set(key, import(`./rulesets/${key}.js`).then((m) => m.default));
  return loaded.get(key);
}
