// umpire Lightning War table editor, model: the scenario being drawn, as plain data in the
// scenario file's own shape (docs/lightningwar-scenarios.md), so the export writes it as it is
// and undo keeps whole copies; and the Movement Chart's factors (rules-notes 3.3) it shows.
//
// L.doc: {name, seed, table: {width, height}, terrain: [{id, ground | slope, factor, cover, area}], roads:
// [{id, line, width}], streams: [{id, line}], chokes: [{id, area}], toe, units, detachments,
// orders, first (the side that moves first; "" until one is chosen: first.js), moves, top: an
// imported file's other top-level fields}. L.draft holds the corners
// (or waypoints) clicked so far for the tool in hand.

export function emptyDoc() {
  return { name: 'editor table', seed: 1, table: { width: 48, height: 32 }, terrain: [], roads: [], streams: [], chokes: [], toe: [], units: [], detachments: [], orders: [], first: '', moves: [], top: {} };
}

export const L = { doc: emptyDoc(), draft: [] };

// GROUND is the Movement Chart's factor of each ground; SLOPE a slope's modifier.
export const GROUND = { open: 1, broken: 2, woods: 3, 'built-up': 3, marsh: 4 };
export const SLOPE = { gentle: 1, steep: 2 };

// factorText says what an area costs to move through: "woods: factor 3", "gentle slope: +1".
export function factorText(t) {
  const parts = [];
  if (t.ground) parts.push(t.ground + ': factor ' + (t.factor ?? GROUND[t.ground] ?? '?'));
  if (t.slope) parts.push(t.slope + ' slope: +' + (SLOPE[t.slope] ?? '?'));
  if (t.cover) parts.push('cover');
  return parts.join(', ');
}

// pointText is the Movement Chart's factor at a place (groundAt's answer): "woods (3) + gentle
// slope (+1) = 4"; a road's 1 replaces the ground's factor and a slope still adds.
export function pointText(g) {
  const f = g.factor ?? GROUND[g.ground];
  const base = g.road ? ['on ' + g.road + ' (1)', 1] : [g.ground + ' (' + f + ')', f];
  if (!g.slope) return base[0] + ': factor ' + base[1];
  return base[0] + ' + ' + g.slope + ' slope (+' + SLOPE[g.slope] + ') = factor ' + (base[1] + SLOPE[g.slope]);
}

const past = [], future = [];

// change records the document as it is, then runs fn to change it.
export function change(fn) {
  past.push(JSON.stringify(L.doc));
  if (past.length > 200) past.shift();
  future.length = 0;
  fn(L.doc);
}

// undo and redo put back the document before (after) the last change; false if there is none.
export function undo() {
  if (!past.length) return false;
  future.push(JSON.stringify(L.doc));
  L.doc = JSON.parse(past.pop());
  return true;
}
export function redo() {
  if (!future.length) return false;
  past.push(JSON.stringify(L.doc));
  L.doc = JSON.parse(future.pop());
  return true;
}
export const canUndo = () => past.length > 0;
export const canRedo = () => future.length > 0;

// nextId is the first "base N" no item of list uses.
export function nextId(list, base) {
  const used = new Set(list.map((x) => String(x.id)));
  for (let n = 1; ; n++) if (!used.has(base + ' ' + n)) return base + ' ' + n;
}
