// umpire map editor, model: the scenario being drawn, as plain data (so undo can keep copies),
// and the blank grid of its boards from the server (GET /api/rulesets/asl/grid).
//
// M.doc is what the YAML export writes: {name, seed, rows, hexes: {id: {terrain, level,
// bridge, ford}}, sides: {roads: ["A-B", ...], walls: [...], ...}, wrecks: {id: n},
// conditions ("" is dry), grain ("" is in season), units, groups, phasing (the side chosen; ""
// is the side the reader infers: phasing.js), top: the file's other top-level fields kept from
// an import (dice, notes ...), moves, expect}. Hexes not named are Open Ground, level 0.

// SIDE_LISTS are the map's hexside lists in the order the export writes them; novbm and
// bypass_wrecks name their obstacle hex first, the others are the same either way round.
export const SIDE_LISTS = ['roads', 'paths', 'walls', 'hedges', 'bocage', 'cliffs', 'roadblocks', 'abrupt', 'trailbreaks', 'novbm', 'bypass_wrecks'];
export const ORDERED_SIDES = new Set(['novbm', 'bypass_wrecks']);

export function emptyDoc() {
  const sides = {};
  for (const k of SIDE_LISTS) sides[k] = [];
  return { name: 'editor map', seed: 1, rows: [['2']], hexes: {}, sides, wrecks: {}, conditions: '', grain: '', units: [], groups: [], phasing: '', top: {}, moves: [], expect: [] };
}

export const M = {
  doc: emptyDoc(),
  grid: null, // {bounds, hexes: [{id, x, y, n: [6 ids]}], byId: Map, order: Map id -> index}
  gridKey: '',
};

// loadGrid fetches the blank grid of doc.rows when it is not the one loaded.
export async function loadGrid() {
  const key = M.doc.rows.map((r) => r.join(',')).join('/');
  if (key === M.gridKey && M.grid) return;
  const res = await fetch('/api/rulesets/asl/grid?rows=' + encodeURIComponent(key));
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  M.grid = { bounds: data.bounds, hexes: data.hexes, byId: new Map(data.hexes.map((h) => [h.id, h])), order: new Map(data.hexes.map((h, i) => [h.id, i])) };
  M.gridKey = key;
}

// hexId is the map's id for a hex written as a scenario may write it: "M4" on a one-board map
// is "2M4". "" when the map has no such hex.
export function hexId(s) {
  s = String(s || '').trim().toUpperCase();
  if (M.grid.byId.has(s)) return s;
  const boards = M.doc.rows.flat();
  if (boards.length === 1 && M.grid.byId.has(boards[0] + s)) return boards[0] + s;
  return '';
}

// hexAt is the hex whose centre is nearest (x, y) in hex radii, or null off the map.
export function hexAt(x, y) {
  let best = null, bd = 1.1;
  for (const h of M.grid.hexes) {
    const d = Math.hypot(h.x - x, h.y - y);
    if (d < bd) { bd = d; best = h; }
  }
  return best;
}

// sideAt is the hexside of hex h nearest (x, y): s = 0..5, hexside s joining the corners at
// 60s and 60(s+1) degrees (counter-clockwise on paper, y down).
export function sideAt(h, x, y) {
  let a = Math.atan2(-(y - h.y), x - h.x) * 180 / Math.PI;
  if (a < 0) a += 360;
  return Math.floor(a / 60) % 6;
}

// sideKey writes the hexside between a and b for list: the obstacle hex first for novbm and
// bypass_wrecks, else the hex first in the grid's order.
export function sideKey(list, a, b) {
  if (!ORDERED_SIDES.has(list) && M.grid.order.get(b) < M.grid.order.get(a)) [a, b] = [b, a];
  return a + '-' + b;
}

// vcaOf is the VCA of a unit in hex id whose front is the hexspine at corner k (60k degrees):
// the two hexes it points between, "" when one is off the map.
export function vcaOf(id, k) {
  const h = M.grid.byId.get(id);
  if (!h) return '';
  const a = h.n[(k + 5) % 6], b = h.n[k % 6];
  return a && b ? a + '-' + b : '';
}

// cornerOf is the corner k a VCA "A-B" of a unit in hex id points at, or -1.
export function cornerOf(id, vca) {
  for (let k = 0; k < 6; k++) {
    const v = vcaOf(id, k);
    if (!v) continue;
    const [a, b] = v.split('-');
    const [p, q] = String(vca || '').split('-').map(hexId);
    if ((p === a && q === b) || (p === b && q === a)) return k;
  }
  return -1;
}

// hexData is hex id's terrain and facts (Open Ground, level 0 when not named).
export function hexData(id) {
  return M.doc.hexes[id] || { terrain: 'open', level: 0, bridge: '', ford: false };
}
