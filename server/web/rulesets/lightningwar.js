// umpire game page, ruleset module: Lightning War (ruleset "lightningwar"). A Lightning War
// game is a tabletop in inches (1" = 50 m), x right and y up from the lower-left corner; the
// SVG's y runs down, so every point is drawn at (x, H - y). The state holds only what this link
// may see (docs/api.md, "Lightning War games"): its own detachments whole (with their ordered
// path, dashed, and their track, solid) and the enemy's the referee revealed, where they were
// seen. This module owns the table (ground, slopes, streams, roads, choke points, the inch
// grid), the detachments, their paths, the detachment panel and the order builder (a side
// selects one of its detachments, clicks points on the table to build its path, picks the pace,
// types the order's text and sends `order D path x,y ... [pace]: text`), the referee's
// Movement Phase buttons with the odds of each before it is played (odds.js), reveal and hide,
// and fire report (#lw-box), and the log entries. The ruler is its own module (lightningwar/ruler.js):
// while it is on, clicks on the table place its ends instead of waypoints.

import { $, esc } from '../util.js';
import { G, setStatus, setHTML, isLive, mayMove, spectator, sideColour } from '../state.js';
import { setViewBox, toMap } from '../zoom.js';
import { renderUnitsAndSelection, select } from '../render.js';
import { submit, noSteps } from '../game.js';
import { showOdds } from '../odds.js';
import { rulerSetup, rulerOn, rulerClick, rulerRender } from './lightningwar/ruler.js';

const LWP = 12; // SVG pixels per inch
const GROUND = { open: '#efe6c8', broken: '#d8c79a', woods: '#7fa860', 'built-up': '#b09a84', marsh: '#a8c8b0' };
const LWD = { det: null, points: [], pace: 'walk', text: '', from: '', reserve: false }; // the order being built
const LWF = { target: '', by: '', from: '', spot: false, units: '' }; // the referee's fire report
let table = null; // the table drawn
let nameBoxes = []; // the boxes of the areas' and choke points' names on the table drawn
let tableKey = '';
const lwH = () => (table ? table.height : 0);
const lx = (x) => (x * LWP).toFixed(1);
const ly = (y) => ((lwH() - y) * LWP).toFixed(1);
const lpts = (ps) => (ps || []).map(([x, y]) => lx(x) + ',' + ly(y)).join(' ');
const inch = (v) => String(Math.round(v * 100) / 100);
const lwPoint = ([x, y]) => `${inch(x)},${inch(y)}`;
const lwDet = (id) => ((G.view && G.view.dets) || []).find((d) => d.id === id);
// mayOrder: this link may give orders to the detachment now.
const mayOrder = (d) => !!d && d.own && mayMove(d.side);

// ---------------------------------------------------------------- the table

// drawTable draws the table (only when it differs from the one drawn): the ground, slopes
// hatched, streams, roads, choke points, an inch grid with every 6" marked.
function drawTable(t) {
  if (!t) return; // answers to a step leave the table out: keep the one drawn
  const key = JSON.stringify(t);
  if (key === tableKey) return;
  tableKey = key;
  table = t;
  nameBoxes = [];
  const W = t.width * LWP, H = t.height * LWP;
  let ground = `<rect class="lw-ground lw-open" x="0" y="0" width="${W}" height="${H}" fill="${GROUND.open}"><title>Open ground (factor 1)</title></rect>`;
  let labels = '';
  for (const f of t.features || []) {
    const what = [f.ground_name ? `${f.ground_name} (factor ${f.factor})` : '', f.slope_name ? `${f.slope_name} (+${f.modifier})` : '',
      f.cover ? 'cover' : ''].filter(Boolean).join(', ');
    if (f.ground) {
      ground += `<polygon class="lw-ground lw-feature" data-ground="${esc(f.ground)}" points="${lpts(f.area)}" fill="${GROUND[f.ground] || '#ddd'}">` +
        `<title>${esc(f.id)}: ${esc(what)}</title></polygon>`;
    }
    if (f.slope) {
      ground += `<polygon class="lw-ground lw-slope ${esc(f.slope)}" points="${lpts(f.area)}" fill="url(#lw-${f.slope === 'steep' ? 'steep' : 'gentle'})">` +
        `<title>${esc(f.id)}: ${esc(what)}</title></polygon>`;
    }
    const cx = f.area.reduce((a, p) => a + p[0], 0) / f.area.length, cy = f.area.reduce((a, p) => a + p[1], 0) / f.area.length;
    labels += `<text class="lw-label" x="${lx(cx)}" y="${ly(cy)}">${esc(f.id)}</text>`;
    nameBoxes.push(nameBox(f.id, +lx(cx), +ly(cy)));
  }
  const [over, chokeLabels] = tableLines(t);
  labels += chokeLabels;
  let grid = '';
  for (let x = 1; x < t.width; x++) grid += `<line class="lw-grid${x % 6 ? '' : ' six'}" x1="${lx(x)}" y1="0" x2="${lx(x)}" y2="${H}"/>`;
  for (let y = 1; y < t.height; y++) grid += `<line class="lw-grid${y % 6 ? '' : ' six'}" x1="0" y1="${ly(y)}" x2="${W}" y2="${ly(y)}"/>`;
  for (let x = 0; x <= t.width; x += 6) labels += `<text class="lw-axis" x="${lx(x)}" y="${(H + 11).toFixed(1)}">${x}"</text>`;
  for (let y = 0; y <= t.height; y += 6) labels += `<text class="lw-axis y" x="-4" y="${(+ly(y) + 3).toFixed(1)}">${y}"</text>`;
  // Roads, streams and choke points lie under the detachments' paths (#g-reach).
  $('#g-terrain').innerHTML = ground + grid + over;
  $('#g-features').innerHTML = `<rect class="lw-edge" x="0" y="0" width="${W}" height="${H}"/>`;
  $('#g-ids').innerHTML = labels;
  // Room around the table for the axes (the legend lies under the map, not on it).
  const fit = { x: -3 * LWP, y: -1.5 * LWP, w: W + 4.5 * LWP, h: H + 3.5 * LWP };
  const first = !G.fit;
  G.fit = fit;
  if (first) setViewBox(fit);
}

// nameBox is the box (SVG pixels, with a margin) of an area's name drawn centred at (x, y) on
// its baseline, in the 8px type of .lw-label.
function nameBox(name, x, y) {
  const w = String(name).length * 8 * 0.62 + 4;
  return { x1: x - w / 2, x2: x + w / 2, y1: y - 8, y2: y + 3 };
}
const boxesMeet = (a, b) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

// Where a detachment's marker may stand, from its point, in SVG pixels: on it, else set apart
// (above first, as a printed map puts a counter's label), farther and farther.
const MARKER_SPOTS = [[0, 0]];
for (const d of [22, 34, 48, 64]) for (const [ux, uy] of [[0, -1], [0, 1], [1, 0], [-1, 0], [1, -1], [-1, -1], [1, 1], [-1, 1]]) MARKER_SPOTS.push([ux * d * 1.4, uy * d]);

// markerSpot is where the marker (box: its extent around its centre) of a detachment at (x, y)
// stands: the first spot whose box meets no area's name.
function markerSpot(x, y, box) {
  for (const [dx, dy] of MARKER_SPOTS) {
    const b = { x1: x + dx + box.x1, x2: x + dx + box.x2, y1: y + dy + box.y1, y2: y + dy + box.y2 };
    if (!nameBoxes.some((n) => boxesMeet(n, b))) return [dx, dy];
  }
  return [0, 0];
}

// tableLines: the streams, roads and choke points, and the choke points' labels.
function tableLines(t) {
  let over = '', labels = '';
  for (const s of t.streams || []) {
    over += `<polyline class="lw-stream" points="${lpts(s.line)}"><title>${esc(s.id)} (stream)</title></polyline>`;
  }
  for (const r of t.roads || []) {
    over += `<polyline class="lw-road" points="${lpts(r.line)}" stroke-width="${Math.max(3, r.width * LWP).toFixed(1)}"><title>${esc(r.id)} (road)</title></polyline>`;
  }
  for (const c of t.chokes || []) {
    over += `<polygon class="lw-choke" points="${lpts(c.area)}"><title>${esc(c.id)}: a choke point (models may not pass through each other)</title></polygon>`;
    const top = Math.max(...c.area.map((p) => p[1])), cx = c.area.reduce((a, p) => a + p[0], 0) / c.area.length;
    labels += `<text class="lw-label choke" x="${lx(cx)}" y="${ly(top + 0.4)}">${esc(c.id)}</text>`;
    nameBoxes.push(nameBox(c.id, +lx(cx), +ly(top + 0.4)));
  }
  return [over, labels];
}

// lwFootprint draws a detachment's models' bases (rules-notes 3.6) as the state gives them, in
// inches: its own where they stand, an enemy's where it was seen.
function lwFootprint(d, col) {
  const n = (d.bases || []).length;
  if (!n) return '';
  const what = `${d.id}: ${n} base${n > 1 ? 's' : ''}` + (d.own ? `, ${d.in_column ? 'in column (passing a choke point)' : d.formation || 'line'}` +
    (d.frontage ? `, frontage ${inch(d.frontage)}"` : '') : ', as seen');
  return `<g class="lw-footprint${d.own ? ' own' : ' enemy'}" data-det="${esc(d.id)}" style="color:${col}"><title>${esc(what)}</title>` +
    d.bases.map((b) => `<polygon class="lw-base" points="${lpts(b)}"/>`).join('') + '</g>';
}

// lwDrawDets draws each detachment this link may see: its models' bases, and over them a
// marker at its point, its own filled in its side's colour with a wedge toward its facing, an
// enemy's the referee revealed hollow, where it was seen.
function lwDrawDets() {
  if (!table) return;
  let out = '', bases = '', lead = '';
  for (const d of (G.view && G.view.dets) || []) {
    const col = sideColour(d.side), sel = d.id === G.sel;
    bases += lwFootprint(d, col);
    const w = 30, h = 17, fs = 8.5;
    const units = d.own ? d.units.map((u) => u.id + (u.name ? ` (${u.name})` : ` (${u.type})`)).join(', ') : lwTypes(d.units);
    const tip = d.own ? `${d.id} (${d.side}): ${units}; at ${inch(d.x)},${inch(d.y)}` + (d.order && d.order.text ? `; order: ${d.order.text}` : '') +
      (d.revealed ? '; revealed to the enemy' : '')
      : `${d.id} (${d.side}, revealed by the referee): ${units}; last seen at ${inch(d.x)},${inch(d.y)}`;
    let wedge = '';
    if (d.own && d.facing !== undefined) {
      const a = d.facing * Math.PI / 180, dx = Math.sin(a), dy = -Math.cos(a);
      const r0 = Math.max(w, h) / 2 * 0.8, r1 = r0 + 7, wd = 4;
      wedge = `<path class="front" d="M${(dx * r1).toFixed(1)},${(dy * r1).toFixed(1)} L${(dx * r0 - dy * wd).toFixed(1)},${(dy * r0 + dx * wd).toFixed(1)} ` +
        `L${(dx * r0 + dy * wd).toFixed(1)},${(dy * r0 - dx * wd).toFixed(1)}Z" fill="${col}"/>`;
    }
    // The marker's extent: its ring, its wedge, "seen" under an enemy's.
    const tipX = wedge ? Math.sin(d.facing * Math.PI / 180) * (Math.max(w, h) / 2 * 0.8 + 7) : 0;
    const tipY = wedge ? -Math.cos(d.facing * Math.PI / 180) * (Math.max(w, h) / 2 * 0.8 + 7) : 0;
    const box = { x1: Math.min(-w / 2 - 3, tipX - 4), x2: Math.max(w / 2 + 3, tipX + 4), y1: Math.min(-h / 2 - 3, tipY - 4), y2: Math.max(h / 2 + 3 + (d.own ? 0 : 9), tipY + 4) };
    const px = +lx(d.x), py = +ly(d.y);
    const [dx, dy] = markerSpot(px, py, box);
    if (dx || dy) { // set apart from an area's name: a line leads to its point
      lead += `<line class="lw-leader" x1="${px}" y1="${py}" x2="${(px + dx).toFixed(1)}" y2="${(py + dy).toFixed(1)}" style="stroke:${col}"/>` +
        `<circle class="lw-pin" cx="${px}" cy="${py}" r="2.5" style="fill:${col}"/>`;
    }
    out += `<g class="unit lw-det${d.own ? ' own' : ' enemy'}${sel ? ' selected' : ''}" data-unit="${esc(d.id)}" data-x="${d.x}" data-y="${d.y}" ` +
      `tabindex="0" role="button" style="color:${col}" aria-label="${esc(tip)}" aria-pressed="${sel}" transform="translate(${(px + dx).toFixed(1)},${(py + dy).toFixed(1)})"><title>${esc(tip)}</title>` + wedge +
      `<rect class="ring" x="${-w / 2 - 3}" y="${-h / 2 - 3}" width="${w + 6}" height="${h + 6}" rx="4"/>` +
      `<rect class="body" x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="2" fill="${d.own ? col : '#fff'}" stroke="${col}"/>` +
      `<text class="uid" y="${(fs * 0.35).toFixed(1)}" font-size="${fs}">${esc(d.id)}</text>` +
      (d.own && d.revealed ? `<g class="badge" transform="translate(${w / 2},${-h / 2})"><rect x="-5" y="-5" width="10" height="10" rx="2" fill="#e65100"/>` +
        '<text y="3" font-size="7">R</text><title>Revealed: the enemy saw it</title></g>' : '') +
      (!d.own ? `<text class="seen" y="${h / 2 + 8}" font-size="6.5">seen</text>` : '') + '</g>';
  }
  $('#g-units').innerHTML = bases + lead + out;
}

// lwDrawPaths draws each own detachment's track (solid: where it has been) and the rest of its
// ordered path (dashed), and the paths of orders on their way (dotted).
function lwDrawPaths() {
  let out = '';
  for (const d of (G.view && G.view.dets) || []) {
    if (!d.own) continue;
    const col = sideColour(d.side), sel = d.id === G.sel ? ' sel' : '';
    if (d.track && d.track.length > 1) out += `<polyline class="lw-track${sel}" points="${lpts(d.track)}" stroke="${col}"/>`;
    if (d.ahead && d.ahead.length > 1) out += `<polyline class="lw-ahead${sel}" points="${lpts(d.ahead)}" stroke="${col}"/>`;
    if (d.order && d.order.goal) out += `<circle class="lw-goal" cx="${lx(d.order.goal[0])}" cy="${ly(d.order.goal[1])}" r="5" stroke="${col}"/>`;
    for (const o of d.pending || []) {
      if (o.path && o.path.length) out += `<polyline class="lw-pending${sel}" points="${lpts([[d.x, d.y], ...o.path])}" stroke="${col}"/>`;
    }
  }
  $('#g-reach').innerHTML = out;
  lwLegend();
}

// lwDrawDraft draws the path being built for the selected detachment: numbered waypoints.
function lwDrawDraft() {
  const d = lwDet(G.sel);
  let out = '';
  if (d && LWD.det === d.id && LWD.points.length) {
    out += `<polyline class="lw-draft" points="${lpts([[d.x, d.y], ...LWD.points])}"/>`;
    LWD.points.forEach((p, i) => {
      out += `<circle class="lw-wp" cx="${lx(p[0])}" cy="${ly(p[1])}" r="6"/><text class="lw-wpn" x="${lx(p[0])}" y="${(+ly(p[1]) + 3).toFixed(1)}">${i + 1}</text>`;
    });
  }
  $('#g-sel').innerHTML = out;
}

// lwLegend says what every mark of the table means; each line names in data-class the classes
// its marks are drawn with.
function lwLegend() {
  const line = (cls, sw, name) => `<span data-class="${cls}">${sw} ${name}</span>`;
  $('#legend').innerHTML = Object.entries(GROUND).map(([k, c]) =>
    line(k === 'open' ? 'lw-ground lw-open' : 'lw-ground lw-feature', `<span class="sw" style="background:${c}"></span>`, esc(k))).join('') +
    line('lw-slope gentle', '<span class="sw lw-gentle-sw"></span>', 'gentle slope') + line('lw-slope steep', '<span class="sw lw-steep-sw"></span>', 'steep') +
    line('lw-road', '<span class="ln road-ln"></span>', 'road') + line('lw-stream', '<span class="ln stream-ln"></span>', 'stream') +
    line('lw-choke choke', '<span class="sw choke-sw"></span>', 'choke point (name in bold)') +
    line('lw-label', '<span class="sw mark-sw lw-label-sw">Hill</span>', 'area name') +
    line('lw-track', '<span class="ln track-ln"></span>', 'track') + line('lw-ahead', '<span class="ln ahead-ln"></span>', 'ordered path') +
    line('lw-goal', '<span class="sw lw-goal-sw"></span>', 'end of the orders') + line('lw-pending', '<span class="ln pending-ln"></span>', 'order on its way') +
    line('lw-draft lw-wp lw-wpn', '<span class="ln draft-ln"></span>', 'new path, its waypoints numbered') +
    line('lw-footprint lw-base', '<span class="sw lw-base-sw"></span>', 'the models\' bases') +
    line('lw-leader lw-pin', '<span class="ln leader-ln"></span>', 'a marker set apart from a name: the line leads to its point') +
    line('lw-edge', '<span class="sw lw-edge-sw"></span>', 'table edge') +
    line('lw-grid lw-axis', '<span class="sw lw-grid-sw"></span>', 'grid 1", marked every 6" (300 m)');
}

// ---------------------------------------------------------------- selecting and building orders

// lwSelect selects a detachment (null: none).
function lwSelect(id, announce) {
  if (G.sel === id) return;
  G.sel = id;
  const d = lwDet(id);
  if (LWD.det !== id) lwDraftReset(id);
  renderUnitsAndSelection();
  if (d && announce) {
    setStatus(`Selected <strong>${esc(d.id)}</strong> (${esc(d.side)})` + (mayOrder(d) && isLive() ?
      ': click points on the table to build its path, then send the order.' : d.own ? '.' : ', revealed by the referee: last seen here.'));
  }
}

function lwDraftReset(id) {
  LWD.det = id === undefined ? LWD.det : id;
  LWD.points = []; LWD.text = ''; LWD.pace = 'walk'; LWD.from = ''; LWD.reserve = false;
  lwDrawDraft();
  if (id === undefined) lwDetPanel();
}

// lwClick: a click on a detachment selects it; a click on the table adds a waypoint to the
// selected detachment's new path (Shift-click adds one over a detachment).
function lwClick(ev) {
  const c = ev.target.closest('.lw-det');
  if (c && rulerOn()) { rulerClick(+c.dataset.x, +c.dataset.y); return; } // the ruler from a detachment
  if (c && !ev.shiftKey) { select(c.dataset.unit); return; }
  const f = ev.target.closest('.lw-footprint');
  if (f && !ev.shiftKey) { select(f.dataset.det); return; }
  if (!table) return;
  const [px, py] = toMap(ev);
  const x = px / LWP, y = lwH() - py / LWP;
  if (x < 0 || y < 0 || x > table.width || y > table.height) return;
  if (rulerOn()) { rulerClick(Math.round(x * 4) / 4, Math.round(y * 4) / 4); return; } // snapped to the quarter inch
  const d = lwDet(G.sel);
  if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> to give orders.', 'warn'); return; }
  if (!mayOrder(d)) {
    setStatus(d ? `This link may not give orders to ${esc(d.id)}.` : 'Select one of your detachments first, then click the table to build its path.', 'warn');
    return;
  }
  lwAddPoint(x, y);
}

function lwAddPoint(x, y, snap = true) {
  const t = table;
  // A click snaps to the quarter inch (12.5 m); a typed point is taken as typed.
  if (snap) { x = Math.round(x * 4) / 4; y = Math.round(y * 4) / 4; }
  x = Math.min(t.width, Math.max(0, x));
  y = Math.min(t.height, Math.max(0, y));
  LWD.det = G.sel;
  LWD.points.push([x, y]);
  lwDrawDraft();
  lwDetPanel();
  setStatus(`Waypoint ${LWD.points.length} of ${esc(G.sel)}'s path: ${esc(lwPoint([x, y]))}.`);
}

// lwLine composes the order being built.
function lwLine() {
  if (!LWD.det) return '';
  let s = `order ${LWD.det}`;
  if (LWD.from) s += ` from ${LWD.from}`;
  if (LWD.points.length) s += ' path ' + LWD.points.map(lwPoint).join(' ');
  if (LWD.pace !== 'walk') s += ' ' + LWD.pace;
  if (LWD.reserve) s += ' reserve';
  const text = LWD.text.replace(/\s+/g, ' ').trim();
  if (text) s += ': ' + text;
  return LWD.points.length || text ? s : '';
}
function lwRouteLine() {
  if (!LWD.det || !LWD.points.length) return '';
  return `route ${LWD.det} path ${LWD.points.map(lwPoint).join(' ')}` + (LWD.pace !== 'walk' ? ' ' + LWD.pace : '');
}

// ---------------------------------------------------------------- the side panel

function lwDetList() {
  const ds = (G.view && G.view.dets) || [];
  $('#units-title').textContent = 'Detachments';
  setHTML($('#unit-list'), ds.map((d) =>
    `<button type="button" class="unit-btn${d.id === G.sel ? ' selected' : ''}${d.own ? '' : ' enemy'}" data-unit="${esc(d.id)}" ` +
    `aria-pressed="${d.id === G.sel}" style="--side:${sideColour(d.side)}" title="${esc(`${d.id} (${d.side})${d.own ? '' : ': revealed by the referee'}`)}">` +
    `${esc(d.id)} <span class="ub">${d.own ? esc(d.band || '') : 'seen'}</span></button>`).join('') ||
    '<p class="hint">No detachment this link may see.</p>');
}

// lwTypes counts units by type: "2 × vehicle, 1 × infantry".
function lwTypes(units) {
  const n = new Map();
  for (const u of units || []) n.set(u.type, (n.get(u.type) || 0) + 1);
  return [...n].map(([t, k]) => `${k} × ${t}`).join(', ');
}

function lwOrderWords(o) {
  if (!o) return '';
  const bits = [];
  if (o.kind !== 'written') bits.push(o.kind);
  if (o.text) bits.push(`“${o.text}”`);
  if (o.path && o.path.length) bits.push('path ' + o.path.map(lwPoint).join(' → '));
  if (o.goal) bits.push('goal ' + lwPoint(o.goal));
  if (o.pace && o.pace !== 'walk') bits.push(o.pace);
  if (o.reserve) bits.push('Reserve Movement');
  bits.push(`written turn ${o.turn}` + (o.from ? ` by ${o.from}` : ''));
  return bits.join('; ');
}

// lwDetPanel shows the selected detachment: all of it if this link's own, else what the
// referee revealed; the one-click steps it may take; and the order builder.
function lwDetPanel() {
  const d = lwDet(G.sel);
  const box = $('#unit-details');
  if (!d) {
    box.innerHTML = '<p class="hint">Select a detachment: click it on the table, a button above, or press <kbd>n</kbd>.</p>';
    setHTML($('#unit-actions'), ''); setHTML($('#unit-steps'), '');
    return;
  }
  const col = sideColour(d.side);
  box.innerHTML = `<h2><span class="swatch" style="background:${col}"></span>${esc(d.id)} <span class="small">${esc(d.side)}` +
    (d.own ? ` · ${esc(d.kind)} · Initiative ${esc(d.initiative)} (moves in the ${esc(d.band)} band)` : ' · revealed by the referee') + '</span></h2><dl class="facts">' +
    (d.own ? ownFacts(d) : `<dt>Seen at</dt><dd>${esc(lwPoint([d.x, d.y]))} (where it was when revealed)</dd>` +
      `<dt>Units</dt><dd>${esc(lwTypes(d.units))} <span class="small">(their types: what the models show)</span></dd></dl>`);
  const live = isLive(), can = live && mayMove(d.side);
  let act = '';
  for (const s of ((G.live && G.live.steps) || []).filter((x) => x.det === d.id)) {
    act += `<button type="button" class="step lw-act" data-line="${esc(s.line)}" data-verb="${esc(s.verb)}"${can ? '' : ' disabled'} title="${esc(s.line)}">${esc(s.label)}</button>`;
  }
  if (G.live && G.live.role === 'referee') {
    const v = d.revealed ? 'hide' : 'reveal';
    act += `<button type="button" class="step lw-act" data-line="${esc(v + ' ' + d.id)}" data-verb="${v}"${live ? '' : ' disabled'} ` +
      `title="${v === 'reveal' ? 'Show it to the other side where it stands now' : 'Take it off the other side\'s table'}">${v === 'reveal' ? 'Reveal to the enemy' : 'Hide from the enemy'}</button>`;
  }
  setHTML($('#unit-actions'), act);
  setHTML($('#unit-steps'), mayOrder(d) ? lwBuilder(d, live) : '');
}

// ownFacts: what this link knows of its own detachment: where it is, its units, its orders,
// fire on it, what it does this turn.
function ownFacts(d) {
  let h = `<dt>At</dt><dd>${esc(lwPoint([d.x, d.y]))}, facing ${esc(Math.round(d.facing || 0))}°` +
    (d.moved ? ` · moved ${esc(inch(d.moved))}" this turn${d.moving_firer ? ' (moving firer)' : ''}` : '') + '</dd>' +
    `<dt>Units</dt><dd>${d.units.map((u) => `${esc(u.id)} <span class="small">${esc([u.name, u.type, u.tracked ? 'tracked' : '', u.size,
      u.xc_mph ? `${u.road_mph}/${u.xc_mph} MPH` : '', u.mired ? 'MIRED' : '', u.aboard ? 'aboard ' + u.aboard : '', u.mounted ? 'mounted' : ''].filter(Boolean).join(', '))}</span>`).join('<br>')}</dd>` +
    `<dt>Formation</dt><dd>${esc(d.in_column ? 'column, passing a choke point' : d.formation || 'line')} · frontage ${esc(inch(d.frontage || 0))}" · ` +
      `${(d.bases || []).length} base${(d.bases || []).length === 1 ? '' : 's'}</dd>` +
    `<dt>Initiative</dt><dd>${esc(d.initiative_count)}${d.regular === false ? ' (Irregular)' : ''}</dd>` +
    `<dt>Orders</dt><dd>${d.order ? esc(lwOrderWords(d.order)) : '<span class="small">none</span>'}</dd>`;
  for (const o of d.pending || []) h += `<dt>On the way</dt><dd>arrives turn ${esc(o.effective)}: ${esc(lwOrderWords(o))}</dd>`;
  if (d.previous) h += `<dt>Continue</dt><dd>would resume: ${esc(lwOrderWords(d.previous))}</dd>`;
  for (const f of d.fired || []) {
    h += `<dt>Fired on</dt><dd>turn ${esc(f.turn)}${f.by ? ' by ' + esc(f.by) : ''}${f.from ? ' from ' + esc(lwPoint(f.from)) : ''}` +
      `${f.spotting ? ' (spotting round)' : ''}${f.units ? ' — ' + esc(f.units.join(', ')) : ''}</dd>`;
  }
  if (d.act) h += `<dt>This turn</dt><dd>${d.act.cover ? 'moves to cover' + (d.act.to ? ' at ' + esc(lwPoint(d.act.to)) : '') : 'halts'}${d.act.fire_at ? ', fires at ' + esc(d.act.fire_at) : ''}</dd>`;
  if (d.rejoin) h += `<dt>Rejoin</dt><dd>trying to rejoin ${esc(d.rejoin)}</dd>`;
  return h + `<dt>Enemy</dt><dd>${d.revealed ? `<strong>revealed</strong>: seen at ${esc(lwPoint(d.seen || [d.x, d.y]))}` : 'not revealed'}</dd></dl>`;
}

// lwBuilder is the order form: the waypoints clicked (or typed), the pace, the sender, the
// order's text, and the line it will send.
function lwBuilder(d, live) {
  const dis = live ? '' : ' disabled';
  const forms = ((G.live && G.live.formations) || []).filter((f) => f.side === d.side);
  let h = `<h3>New order for ${esc(d.id)}</h3>` +
    '<p class="hint">Click points on the table to build the path (inches from the lower-left corner), or type one.</p>' +
    '<ol class="lw-points">' + LWD.points.map((p, i) =>
    `<li>${esc(lwPoint(p))} <button type="button" class="small lw-rm" data-i="${i}" aria-label="Remove waypoint ${i + 1}"${dis}>✕</button></li>`).join('') + '</ol>' +
    `<div class="row"><label for="lw-pt">Point</label><input type="text" id="lw-pt" size="9" placeholder="x,y"${dis}>` +
    `<button type="button" id="lw-pt-add"${dis}>Add</button><button type="button" id="lw-undo"${dis || (LWD.points.length ? '' : ' disabled')}>Undo</button>` +
    `<button type="button" id="lw-clear"${dis || (LWD.points.length || LWD.text ? '' : ' disabled')}>Clear</button></div>` +
    `<div class="row"><label for="lw-pace">Pace</label><select id="lw-pace"${dis}>` +
    ['walk', 'run', 'gallop'].map((p) => `<option${LWD.pace === p ? ' selected' : ''}>${p}</option>`).join('') + '</select>' +
    `<label for="lw-from">From</label><select id="lw-from"${dis}><option value="">(takes effect now)</option>` +
    forms.map((f) => `<option value="${esc(f.id)}"${LWD.from === f.id ? ' selected' : ''}>${esc(f.id)}${f.name ? ' ' + esc(f.name) : ''}</option>`).join('') + '</select>' +
    `<label><input type="checkbox" id="lw-reserve"${LWD.reserve ? ' checked' : ''}${dis}> reserve</label></div>` +
    `<div class="row"><label for="lw-text">Order</label><input type="text" id="lw-text" value="${esc(LWD.text)}" placeholder="what the order says" maxlength="300"${dis}></div>` +
    `<div class="row"><code id="lw-line" aria-live="polite">${esc(lwLine() || '…')}</code>` +
    `<button type="button" id="lw-send" class="roll"${live && lwLine() ? '' : ' disabled'}>Send order</button>`;
  // a recon or FO detachment may be routed under the written order it follows, or one that
  // takes effect this turn (routed before the phase hands it over)
  const due = (d.pending || []).some((o) => o.kind === 'written' && o.effective <= G.view.turn);
  if (d.kind && d.kind !== 'normal' && (d.order && d.order.kind === 'written' || due)) {
    h += `<button type="button" id="lw-route"${live && lwRouteLine() ? '' : ' disabled'} title="Reconnaissance and FO detachments may change their route within their orders">Send as route</button>`;
  }
  return h + '</div>';
}

function lwUpdateLine() {
  const l = $('#lw-line');
  if (l) l.textContent = lwLine() || '…';
  const b = $('#lw-send');
  if (b) b.disabled = !isLive() || !lwLine();
  const r = $('#lw-route');
  if (r) r.disabled = !isLive() || !lwRouteLine();
}

// ---------------------------------------------------------------- the Movement Phase box

// lwPhaseButtons: the referee's Movement Phase buttons, and the movement order this link may
// see.
function lwPhaseButtons() {
  const st = G.view, live = isLive();
  let h = '';
  if (G.live.role === 'referee') {
    h += '<span class="lbl">Movement Phase:</span>' + ((G.live.steps || []).filter((s) => s.verb === 'movement').map((s) =>
      `<button type="button" class="step lw-phase" data-line="${esc(s.line)}"${live ? '' : ' disabled'} title="${esc(s.line)}">${esc(s.label)}</button>`).join('') ||
      '<span class="small">none to play</span>');
  } else if (!spectator()) {
    h += '<span class="small">The referee plays the Movement Phase; your orders take effect when it begins.</span>';
  }
  const order = (st && st.order) || [];
  if (order.length) {
    h += `<div class="lw-order" title="Forced moves, discretionary actions, then Low, Medium and High Initiative; sides alternate in a band">` +
      `<span class="lbl">Movement order this turn:</span> ${order.map((o) => `<span class="chipband">${esc(o)}</span>`).join(' → ')}</div>`;
  }
  setHTML($('#lw-phase'), h);
  setHTML($('#mph-buttons'), '');
  const box = $('#lw-odds');
  if (box.dataset.line && !(live && document.querySelector(`#lw-phase button.lw-phase[data-line="${CSS.escape(box.dataset.line)}"]`))) showOdds(box, '');
}

// renderLW shows the Movement Phase box (the referee's buttons, the movement order) and the
// referee's fire report form.
function renderLW() {
  $('#lw-box').hidden = false;
  $('#lw-keys').hidden = false;
  rulerRender();
  const on = G.live.role === 'referee';
  $('#lw-fired-box').hidden = !on;
  if (!on) return;
  const ds = (G.view && G.view.dets) || [];
  const live = isLive(), dis = live ? '' : ' disabled';
  if (!ds.some((d) => d.id === LWF.target)) LWF.target = '';
  const t = ds.find((d) => d.id === LWF.target);
  const firers = ds.filter((d) => t && d.side !== t.side);
  if (!firers.some((d) => d.id === LWF.by)) LWF.by = '';
  const opt = (list, v, none) => `<option value="">${none}</option>` + list.map((d) => `<option value="${esc(d.id)}"${d.id === v ? ' selected' : ''}>${esc(d.id)} (${esc(d.side)})</option>`).join('');
  const line = lwFiredLine();
  setHTML($('#lw-fired'), `<div class="row"><label for="lw-ft">Fired upon</label><select id="lw-ft"${dis}>${opt(ds, LWF.target, '—')}</select>` +
    `<label for="lw-fb">by</label><select id="lw-fb"${dis}>${opt(firers, LWF.by, '(artillery, aircraft…)')}</select></div>` +
    `<div class="row"><label for="lw-ff">or from</label><input type="text" id="lw-ff" size="9" placeholder="x,y" value="${esc(LWF.from)}"${dis}>` +
    `<label><input type="checkbox" id="lw-fs"${LWF.spot ? ' checked' : ''}${dis}> a spotting round there</label></div>` +
    `<div class="row"><label for="lw-fu">units</label><input type="text" id="lw-fu" size="14" placeholder="all (or U1,U2)" value="${esc(LWF.units)}"${dis}></div>` +
    `<div class="row"><code id="lw-fired-line">${esc(line || '…')}</code><button type="button" id="lw-fired-send"${live && line ? '' : ' disabled'}>Report fire</button></div>`);
}

function lwFiredLine() {
  if (!LWF.target) return '';
  let s = `fired ${LWF.target}`;
  const units = LWF.units.replace(/\s+/g, '');
  if (units) s += ` units ${units}`;
  if (LWF.by) return s + ` by ${LWF.by}`;
  const p = LWF.from.replace(/\s+/g, '');
  if (!/^-?[\d.]+,-?[\d.]+$/.test(p)) return '';
  return s + (LWF.spot ? ' spotting ' : ' from ') + p;
}

// ---------------------------------------------------------------- steps and the log

function stepDone(b, line) {
  const rep = b.report || {};
  const evs = (rep.events || []).map((e) => e.text);
  setStatus(`Step ${esc(b.entry && b.entry.n)}: <code>${esc(line)}</code>` +
    (evs.length ? ' — ' + esc(evs.slice(-3).join(' · ')) : ''), 'ok');
  if (/^(order|route)\b/.test(line)) lwDraftReset();
}

function lwLogEntry(e) {
  const r = e.report || {};
  if (e.hidden) {
    return `<li data-n="${esc(e.n)}" class="hidden-step"><div class="head"><span class="num">${esc(e.n)}</span> ` +
      '<span class="small">another side’s step (hidden from this link)</span></div></li>';
  }
  let s = `<li data-n="${esc(e.n)}" title="${esc(e.text || '')}"><div class="head"><span class="num">${esc(e.n)}</span> <code class="line">${esc(e.line)}</code></div>`;
  if (r.order && r.order.length) s += `<div class="bd lw-order">movement order: ${r.order.map(esc).join(' → ')}</div>`;
  if (r.events && r.events.length) {
    s += '<ul class="events lw-events">' + r.events.map((ev) => `<li>${esc(ev.text)}` +
      (ev.rule ? ` <span class="rule">${esc(ev.rule)}</span>` : '') +
      (ev.side && G.live && G.live.role !== ev.side ? ` <span class="only" title="Only ${esc(ev.side)} is told of this">${esc(ev.side)} only</span>` : '') + '</li>').join('') + '</ul>';
  }
  if (r.dice && r.dice.length) s += `<ul class="dice">${r.dice.map((d) => `<li><span class="dice-mark">${esc(d.split(' ')[0])}</span> ${esc(d)}</li>`).join('')}</ul>`;
  return s + '</li>';
}

// ---------------------------------------------------------------- controls

function setup() {
  setupBuilder($('#unit-steps'));
  setupFired($('#lw-fired'));
  rulerSetup($('#lw-box'), lx, ly);
  // The referee sees the odds of a Movement Phase step (its miring checks) before playing it.
  for (const ev of ['pointerover', 'focusin']) {
    $('#lw-phase').addEventListener(ev, (e) => {
      const b = e.target.closest('button.lw-phase');
      if (b && !b.disabled) showOdds($('#lw-odds'), b.dataset.line);
    });
  }
}

// setupBuilder listens on the order builder: waypoints typed, removed, undone, cleared; the
// pace, sender, reserve and text rewrite the line; Send order and Send as route submit it.
function setupBuilder(steps) {
  steps.addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b || b.disabled) return;
    if (b.classList.contains('lw-rm')) { LWD.points.splice(+b.dataset.i, 1); lwDrawDraft(); lwDetPanel(); return; }
    switch (b.id) {
      case 'lw-pt-add': {
        const m = /^\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*$/.exec($('#lw-pt').value);
        if (!m) { setStatus('Type a point as x,y in inches, e.g. 12,16.5.', 'warn'); return; }
        lwAddPoint(+m[1], +m[2], false);
        const inp = $('#lw-pt'); if (inp) inp.focus();
        return;
      }
      case 'lw-undo': LWD.points.pop(); lwDrawDraft(); lwDetPanel(); return;
      case 'lw-clear': lwDraftReset(); return;
      case 'lw-send': submit(lwLine()); return;
      case 'lw-route': submit(lwRouteLine()); return;
    }
  });
  steps.addEventListener('input', (ev) => {
    const t = ev.target;
    if (t.id === 'lw-text') LWD.text = t.value;
    else if (t.id === 'lw-pace') LWD.pace = t.value;
    else if (t.id === 'lw-from') LWD.from = t.value;
    else if (t.id === 'lw-reserve') LWD.reserve = t.checked;
    else return;
    lwUpdateLine();
  });
  steps.addEventListener('change', (ev) => {
    const t = ev.target;
    if (t.id === 'lw-reserve') { LWD.reserve = t.checked; lwUpdateLine(); }
    if (t.id === 'lw-pace') { LWD.pace = t.value; lwUpdateLine(); }
    if (t.id === 'lw-from') { LWD.from = t.value; lwUpdateLine(); }
  });
  steps.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter') return;
    if (ev.target.id === 'lw-pt') { ev.preventDefault(); $('#lw-pt-add').click(); }
    if (ev.target.id === 'lw-text' && lwLine()) { ev.preventDefault(); $('#lw-send').click(); }
  });
}

// setupFired listens on the referee's fire report: its fields rewrite the line; Report fire
// submits it.
function setupFired(fired) {
  const fin = (ev) => {
    const t = ev.target;
    const f = { 'lw-ft': 'target', 'lw-fb': 'by', 'lw-ff': 'from', 'lw-fu': 'units' }[t.id];
    if (f) LWF[f] = t.value;
    else if (t.id === 'lw-fs') LWF.spot = t.checked;
    else return;
    if (t.tagName === 'SELECT' || t.type === 'checkbox') { renderLW(); return; }
    const l = $('#lw-fired-line'); if (l) l.textContent = lwFiredLine() || '…';
    const b = $('#lw-fired-send'); if (b) b.disabled = !isLive() || !lwFiredLine();
  };
  fired.addEventListener('input', fin);
  fired.addEventListener('change', fin);
  fired.addEventListener('click', async (ev) => {
    const b = ev.target.closest('#lw-fired-send');
    if (b && !b.disabled && await submit(lwFiredLine())) { LWF.by = ''; LWF.from = ''; LWF.units = ''; LWF.spot = false; renderLW(); }
  });
}

export default {
  name: 'lightningwar',
  bodyClass: 'lw',
  placeholder: 'order A path 10,12 20,12 run: take the bridge · halt A · continue A · movement',
  setup,
  drawBoard: (st) => drawTable(st.table),
  drawUnits: lwDrawDets,
  drawSelection: lwDrawDraft,
  drawOverlay: lwDrawPaths,
  header: (v) => ({
    text: `Turn ${v.turn}${v.parts > 1 ? ` · part ${v.part}/${v.parts} played` : ''} · ${v.first} first`,
    colour: sideColour(v.first),
    title: 'Lightning War: the turn, and the side that moves first in each band of its Movement Phase',
  }),
  roleText: (st) => (st.role === 'referee' ? 'Referee: sees and moves every side' :
    `You are ${(st.may_move || []).join(', ')}: you see your own and what the referee reveals`),
  renderUnitList: lwDetList,
  renderUnitPanel: lwDetPanel,
  renderPhase: lwPhaseButtons,
  renderPanels: renderLW,
  select: lwSelect,
  selectable: () => (G.view && G.view.dets) || [],
  clickMap: lwClick,
  load: noSteps,
  stepDone,
  logEntry: lwLogEntry,
  ready: () => (G.live.role === 'spectator' ? 'Ready. You watch what every side knows: the detachments the referee revealed.' :
    'Ready. Select a detachment (click it or press <kbd>n</kbd>); click the table to build its path.'),
};
