// umpire game page, shell: the hex map the ASL and LHY modules share: terrain, elevation,
// roads, walls and hedges, wrecks and hex ids (drawMap), the hexes' tooltips, counters spread
// in a hex (drawHexUnits), the selected unit's hex, panning to a hex, and selecting a unit on
// the map. Coordinates are in hex radii (docs/api.md); S pixels to a radius.

import { $, esc, fmtMP, S } from './util.js';
import { G, setStatus, unitOf } from './state.js';
import { setViewBox, fit as fitMap } from './zoom.js';
import { renderUnitsAndSelection } from './render.js';

// Terrain fills: the colours of render/svg.go (close to the boards' printing), by name.
const TERRAIN = {
  'open ground': '#efe6c8', shellholes: '#cfc6a8', brush: '#c9d49a', grain: '#f2de8a',
  orchard: '#d5e6b0', woods: '#7fa860', building: '#b09a84', rubble: '#9c948c',
  stream: '#9cc8e8', gully: '#c8a878', marsh: '#a8c8b0',
  // Last Hundred Yards terrain.
  'urban building': '#a8927e', 'rural building': '#c4ab8c', jungle: '#5f9a58', river: '#8fbfe6',
  'sunken road': '#c2a473', hut: '#cdb592', impassable: '#6b6b6b',
};

export const n1 = (v) => (Math.round(v * S * 10) / 10).toString(); // radii -> px, one decimal

// The corners of the flat-topped hex of radius 1 at (x, y): corner k at 60k degrees,
// counter-clockwise on paper (y grows down).
export function corner(x, y, k) {
  const a = Math.PI / 3 * k;
  return [x + Math.cos(a), y - Math.sin(a)];
}
export function hexPoints(x, y) {
  const p = [];
  for (let k = 0; k < 6; k++) {
    const [cx, cy] = corner(x, y, k);
    p.push(n1(cx) + ',' + n1(cy));
  }
  return p.join(' ');
}
// terrainFill is a hex's colour: its legend entry's (ASL maps send a legend with a class per
// hex), else by terrain name.
function terrainFill(name, cls) {
  const e = cls && G.legend && G.legend.get(cls);
  if (e && e.fill) return e.fill;
  const k = String(name || '').toLowerCase().replace(/[_-]/g, ' ').trim();
  return TERRAIN[k] || TERRAIN[k.replace(/\s+/g, '')] || (k === 'open' ? TERRAIN['open ground'] : '#e6dfcc');
}

// terrainClass is the class a hex is drawn with: its legend class (ASL maps send one per hex),
// else "t-" and its terrain's name (LHY).
const terrainClass = (h) => h.class || 't-' + String(h.terrain || 'open').toLowerCase().replace(/[^a-z0-9]+/g, '-');
// levelClass is the class of the tint over a hex of level l (not 0), as render.LevelClass:
// "e-2", "e-m1".
const levelClass = (l) => (l < 0 ? 'e-m' + -l : 'e-' + l);
// levelTint is its colour, as render's: brown, darker per level up; blue, darker per level down.
function levelTint(l) {
  return `rgba(${l > 0 ? '139,90,43' : '29,53,87'},${Math.min(0.6, 0.12 * Math.abs(l)).toFixed(2)})`;
}

// The other classes an ASL legend entry's marks are drawn with on this page: the web map names
// its features by kind too (a wreck is "wreck m-wreck").
function alsoDrawnAs(cls) {
  if (/^b-/.test(cls)) return ['bridge'];
  const m = { 's-road': 'road', 's-hedge': 'hedge', 's-wall': 'wall', 's-roadblock': 'roadblock',
    'm-wreck': 'wreck', 'm-smoke': 'smoke', 'm-blaze': 'blaze' }[cls];
  return m ? [m] : /^s-/.test(cls) ? ['side'] : [];
}

// Swatches: a terrain colour, a line (hexsides), a mark.
const fillSw = (fill) => `<span class="sw" style="background:${esc(fill)}"></span>`;
const lineSw = (stroke, dash) => `<span class="sw line-sw" style="border-top:3px ${dash ? 'dashed' : 'solid'} ${esc(stroke)}"></span>`;
const levelSw = (tint, l) => `<span class="sw lvl-sw" style="background:linear-gradient(${esc(tint)},${esc(tint)}),${TERRAIN['open ground']}">${esc(l)}</span>`;
// The lines an LHY map's legend has for its hexsides and marks, by class.
const LHY_MARKS = {
  wall: [lineSw('#555'), 'wall'], hedge: [lineSw('#2e6b2e'), 'hedgerow'], riverside: [lineSw('#1e6fb8'), 'river hexside'],
  blocked: [lineSw('#111'), 'blocked hexside'], ip: ['<span class="sw mark-sw ip-sw">IP</span>', 'Improved Position'],
  impact: ['<span class="sw impact-sw"></span>', 'mortar impact hex'],
};

// mapLegend is what every colour, line and mark of map means, only what it holds: ASL's legend
// as the server sends it (render.Legend), an LHY map's terrain made here from its hexes; then
// the levels, LHY's hexsides and marks, and the hex ids. Each line is {cls: the classes its
// marks are drawn with, sw: its swatch, name, tag}.
function mapLegend(map) {
  const out = [], levels = new Set();
  for (const h of map.hexes) if (h.level) levels.add(h.level);
  if (map.legend) {
    for (const e of map.legend) {
      out.push({ cls: [e.class, ...alsoDrawnAs(e.class)].join(' '), sw: e.stroke ? lineSw(e.stroke, e.dash) : fillSw(e.fill), name: e.name, tag: e.tag });
    }
  } else {
    const terrain = new Map();
    for (const h of map.hexes) terrain.set(terrainClass(h), h);
    for (const [cls, h] of terrain) out.push({ cls, sw: fillSw(terrainFill(h.terrain)), name: String(h.terrain).toLowerCase() });
  }
  // The levels, lowest first, as render.LevelEntries names them.
  for (const l of [...levels].sort((a, b) => a - b)) {
    out.push({ cls: `${levelClass(l)} lvl`, sw: levelSw(levelTint(l), l),
      name: l > 0 ? `level ${l} hill (${l} in the hex)` : `level ${l}, below the ground (${l} in the hex)` });
  }
  const marks = new Set((map.hexsides || []).map((o) => sideKind(o.kind)));
  for (const h of map.hexes) {
    if (h.ip) marks.add('ip');
    if (h.impact) marks.add('impact');
  }
  for (const k of Object.keys(LHY_MARKS)) if (marks.has(k)) out.push({ cls: k, sw: LHY_MARKS[k][0], name: LHY_MARKS[k][1] });
  out.push({ cls: 'hexid', sw: '<span class="sw mark-sw hexid-sw">A1</span>', name: 'hex id' });
  return out;
}

// mapLegendHTML is the map's legend (mapLegend) as the page shows it, the chart's default
// rows marked as such.
export function mapLegendHTML() {
  const es = G.mapLegend || [];
  if (!es.length) return '';
  return '<div class="terrain-legend">' + es.map((e) => {
    const tag = e.tag === 'default' ? ' <span class="small" title="rules-notes 1.2: the project\'s choice">(default)</span>' : '';
    return `<span data-class="${esc(e.cls)}">${e.sw} ${esc(e.name)}${tag}</span>`;
  }).join(' ') + '</div>';
}

// sideKind is the class an LHY hexside feature is drawn with.
const sideKind = (kind) => ({ hedgerow: 'hedge', river: 'riverside', blocked: 'blocked' }[kind] || 'wall');

// onMap: the unit stands in a hex of the map.
export const onMap = (u) => u.hex && !u.eliminated && u.state !== 'Offboard' && u.state !== 'Exited' && G.hexes.has(u.hex);

// drawMap draws terrain, elevation, roads, walls and hedges, wrecks and hex ids: only when
// the map differs from the one drawn. The first map drawn opens fitted to the window (Fit).
export function drawMap(map) {
  if (!map) return; // answers to a step leave the map out: keep the one drawn
  const key = JSON.stringify(map);
  if (key === G.mapKey) return;
  G.mapKey = key;
  G.hexes = new Map(map.hexes.map((h) => [h.id, h]));
  G.legend = new Map((map.legend || []).map((e) => [e.class, e]));
  let t = '', over = '', feat = '', ids = '';
  for (const h of map.hexes) {
    t += `<polygon class="hex ${esc(terrainClass(h))}" data-hex="${esc(h.id)}" points="${hexPoints(h.x, h.y)}" fill="${terrainFill(h.terrain, h.class)}">` +
      `<title>${esc(hexTitle(h))}</title></polygon>`;
    if (h.level) { // darker per level up (brown), bluish per level down; the level written in the hex
      over += `<polygon class="elev ${levelClass(h.level)}" points="${hexPoints(h.x, h.y)}" fill="${levelTint(h.level)}"/>`;
      ids += `<text class="lvl" x="${n1(h.x + 0.8)}" y="${n1(h.y + 0.1)}">${esc(h.level)}</text>`;
    }
    feat += hexFeatures(h);
    ids += `<text class="hexid" x="${n1(h.x)}" y="${n1(h.y - 0.62)}">${esc(h.id)}</text>`;
  }
  feat += sideFeatures(map);
  G.mapLegend = mapLegend(map);
  $('#g-terrain').innerHTML = t + over;
  $('#g-features').innerHTML = feat;
  $('#g-ids').innerHTML = ids;
  G.hexEls = new Map([...document.querySelectorAll('#g-terrain .hex')].map((el) => [el.dataset.hex, el]));
  const first = !G.fit;
  G.fit = { // the whole map
    x: map.min_x * S, y: map.min_y * S,
    w: (map.max_x - map.min_x) * S, h: (map.max_y - map.min_y) * S,
  };
  if (first) fitMap(); // the map opens at Fit: whole, or readable (zoom.js)
}

// hexFeatures: a hex's wrecks, smoke, blaze, Improved Position and mortar impact.
function hexFeatures(h) {
  let feat = '';
  if (h.bridge) {
    const e = G.legend && G.legend.get('b-' + h.bridge.replace(/ /g, '-'));
    feat += `<rect class="bridge b-${esc(h.bridge.replace(/ /g, '-'))}" x="${n1(h.x - 0.55)}" y="${n1(h.y - 0.18)}" width="${n1(1.1)}" height="${n1(0.36)}" fill="${e ? e.fill : '#8a8a8a'}"><title>${esc(h.bridge)}</title></rect>`;
  }
  if (h.wrecks > 0) {
    feat += `<text class="wreck m-wreck" x="${n1(h.x + 0.45)}" y="${n1(h.y - 0.22)}">✕${h.wrecks > 1 ? h.wrecks : ''}</text>`;
  }
  if (h.smoke) feat += `<circle class="smoke m-smoke" cx="${n1(h.x - 0.45)}" cy="${n1(h.y - 0.3)}" r="${n1(0.18)}"/>`;
  if (h.blaze) feat += `<path class="blaze m-blaze" d="M${n1(h.x - 0.62)},${n1(h.y + 0.05)} l${n1(0.16)},${n1(-0.34)} l${n1(0.16)},${n1(0.34)}z"/>`;
  if (h.ip) feat += `<text class="ip" x="${n1(h.x - 0.47)}" y="${n1(h.y - 0.42)}">IP</text>`;
  if (h.impact) feat += `<circle class="impact" cx="${n1(h.x)}" cy="${n1(h.y)}" r="${n1(0.8)}"/>`;
  return feat;
}

// sideFeatures: the hexsides (LHY), roads and obstacles (ASL).
function sideFeatures(map) {
  let feat = '';
  for (const o of map.hexsides || []) { // LHY: walls, hedgerows, rivers, blocked hexsides
    const kind = sideKind(o.kind);
    feat += `<line class="${kind}" x1="${n1(o.x1)}" y1="${n1(o.y1)}" x2="${n1(o.x2)}" y2="${n1(o.y2)}"><title>${esc(o.kind)} ${esc(o.a)}-${esc(o.b)}</title></line>`;
  }
  for (const r of map.roads || []) {
    feat += `<line class="road s-road" x1="${n1(r.x1)}" y1="${n1(r.y1)}" x2="${n1(r.x2)}" y2="${n1(r.y2)}"/>`;
  }
  for (const o of map.obstacles || []) {
    const kind = /hedge/i.test(o.kind) ? 'hedge' : /roadblock/i.test(o.kind) ? 'roadblock' : /wall/i.test(o.kind) ? 'wall' : 'side';
    const e = G.legend && G.legend.get('s-' + o.kind);
    const style = e ? ` stroke="${e.stroke}" stroke-width="3"${e.dash ? ` stroke-dasharray="${e.dash}"` : ''}` : '';
    feat += `<line class="${kind} s-${esc(o.kind)}"${style} x1="${n1(o.x1)}" y1="${n1(o.y1)}" x2="${n1(o.x2)}" y2="${n1(o.y2)}"><title>${esc(e ? e.name : o.kind)} ${esc(o.a)}-${esc(o.b)}</title></line>`;
  }
  return feat;
}

// hexTitle is hex h's tooltip: its terrain and features, its reach r (if any) and the legal
// steps a click on it takes.
export function hexTitle(h, r, steps = []) {
  let s = `${h.id}: ${h.terrain}, level ${h.level}`;
  if (h.bridge) s += ', ' + h.bridge;
  if (h.ip) s += ', Improved Position';
  if (h.impact) s += ', mortar impact hex';
  if (h.wrecks) s += `, ${h.wrecks} wreck${h.wrecks > 1 ? 's' : ''}`;
  if (h.smoke) s += ', smoke';
  if (h.blaze) s += ', blaze';
  if (r) {
    s += `\nreach: ${fmtMP(r.mp)} MP, Mobile ${(100 * r.p).toFixed(1)}%` + (r.risky ? ', risky' : '') +
      (r.stop === false ? ', cannot Stop there' : '');
  }
  if (steps.length) s += '\nclick: ' + steps.map((x) => x.line).join(' | ');
  return s;
}

// The units, drawn as counters; several in one hex are spread out.
const SPREAD = {
  1: [0.78, [[0, 0.1]]],
  2: [0.58, [[-0.32, 0.12], [0.32, 0.12]]],
  3: [0.5, [[-0.3, -0.05], [0.3, -0.05], [0, 0.5]]],
  4: [0.48, [[-0.28, -0.08], [0.28, -0.08], [-0.28, 0.45], [0.28, 0.45]]],
};
function spread(k) {
  if (SPREAD[k]) return SPREAD[k];
  const pos = [];
  for (let i = 0; i < k; i++) pos.push([-0.55 + 1.1 * i / (k - 1), i % 2 ? 0.45 : -0.05]);
  return [0.42, pos];
}

// drawHexUnits draws the units on the map, each by counter(u, h, cx, cy, size): its counter of
// side size (radii) centred at (cx, cy) in hex h. The keyboard focus stays on its counter.
export function drawHexUnits(counter) {
  const st = G.view;
  const byHex = new Map();
  for (const u of st.units || []) {
    if (!onMap(u)) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  let out = '';
  for (const [hid, us] of byHex) {
    const h = G.hexes.get(hid);
    const [size, pos] = spread(us.length);
    us.forEach((u, i) => { out += counter(u, h, h.x + pos[i][0], h.y + pos[i][1], size); });
  }
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#g-units .unit');
  const refocus = focused ? focused.dataset.unit : null;
  $('#g-units').innerHTML = out;
  if (refocus) {
    const el = document.querySelector(`#g-units .unit[data-unit="${CSS.escape(refocus)}"]`);
    if (el) el.focus();
  }
}

// drawHexSelection outlines the selected unit's hex, and adds marks(u, h) (such as the VCA).
export function drawHexSelection(marks) {
  const u = unitOf(G.view, G.sel);
  let out = '';
  if (u && onMap(u)) {
    const h = G.hexes.get(u.hex);
    out += `<polygon class="sel-hex" points="${hexPoints(h.x, h.y)}"/>`;
    if (marks) out += marks(u, h);
  }
  $('#g-sel').innerHTML = out;
}

// showHex pans the view, if need be, so that hex hid is well inside it.
function showHex(hid) {
  const h = G.hexes.get(hid), vb = G.vb;
  if (!h || !vb) return;
  const x = h.x * S, y = h.y * S, m = 1.5 * S;
  if (x > vb.x + m && x < vb.x + vb.w - m && y > vb.y + m && y < vb.y + vb.h - m) return;
  setViewBox({ ...vb, x: x - vb.w / 2, y: y - vb.h / 2 });
}

// selectOnMap selects unit id (null: none) and pans to it; announce names it and its state,
// in words(u). It returns the unit, or false if it was selected already.
export function selectOnMap(id, announce, words) {
  if (G.sel === id) return false;
  G.sel = id;
  G.steps = null; G.reach = null;
  renderUnitsAndSelection();
  const u = unitOf(G.view, id);
  if (u) showHex(u.hex);
  if (u && announce) setStatus(`Selected <strong>${esc(u.id)}</strong> ${esc(u.name || '')} in ${esc(u.hex || 'no hex')}: ${esc(words(u))}.`);
  return u;
}

// mapUnits are the units n/p go through: those on the map, neither destroyed nor eliminated.
export const mapUnits = () => (G.view && G.view.units || []).filter((u) => onMap(u) && u.state !== 'Destroyed' && !u.eliminated);
