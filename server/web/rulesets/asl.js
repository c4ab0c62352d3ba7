// umpire game page, ruleset module: ASL vehicle movement (ruleset "asl", the default). It owns
// the vehicle counters (VCA wedge, state badge, MP left), the selected unit's VCA, its legal
// steps and reach (GET .../steps and .../reach) shaded on the map, the step buttons and action
// bar (Start, Stop, End, Delay, ESB), a click on a hex moving there, the Impulse box of
// platoons and Convoys, the New MPh buttons, the odds of a step that rolls (pointed at or
// focused, and of the Impulse being built: odds.js), and the log entries with their MP,
// breakdowns and dice. The hex map itself is the shell's (hexmap.js).

import { $, esc, fmtMP, S } from '../util.js';
import { G, api, setStatus, setHTML, isLive, mayMove, unitOf, sideIndex, sideColour } from '../state.js';
import { n1, corner, hexPoints, hexTitle, drawMap, drawHexUnits, drawHexSelection, selectOnMap, mapUnits, onMap, mapLegendHTML } from '../hexmap.js';
import { renderSelection } from '../render.js';
import { submit } from '../game.js';
import { showOdds } from '../odds.js';

// A unit's state as a badge: short text, colour, and words for the tooltip.
const BADGE = {
  Stopped: ['S', '#5f5f5f'], Moving: ['Mv', '#2e7d32'], Motion: ['Mo', '#1f6fb2'],
  Bogged: ['Bg', '#8d5524'], Immobilized: ['Im', '#a31515'], Destroyed: ['X', '#111'],
  Offboard: ['Off', '#777'], Exited: ['Ex', '#777'],
};
// The order steps are listed in (and numbered for the keys 1-9).
const VERB_ORDER = ['start', 'stop', 'enter', 'minimum', 'exit', 'reverse', 'bypass',
  'reverse bypass', 'vca', 'delay', 'esb', 'end'];
const MOVE_VERBS = new Set(['enter', 'minimum', 'reverse', 'bypass', 'reverse bypass']);
const verbRank = (v) => { const i = VERB_ORDER.indexOf(v); return i < 0 ? 99 : i; };

let group = null;     // the group chosen for Impulse entry
let groupSteps = {};  // member id -> its steps answer

function unitWords(u) {
  const bits = [u.state];
  if (u.bypass) bits.push('Bypass ' + u.bypass);
  if (u.reverse) bits.push('in Reverse');
  if (u.ended) bits.push('MPh ended');
  return bits.join(', ');
}

// ---------------------------------------------------------------- loading

// loadSelection fetches the selected unit's legal steps and reach (live only).
async function loadSelection() {
  const seq = ++G.selSeq;
  const u = unitOf(G.view, G.sel);
  if (!u || !isLive() || u.state === 'Destroyed' || u.state === 'Exited') {
    G.steps = null; G.reach = null; G.stale = false;
    renderSelection();
    return;
  }
  // The steps shown stay (greyed, not clickable) until the new ones come.
  G.stale = true;
  renderSelection();
  const uid = encodeURIComponent(u.id);
  const [sp, rc] = await Promise.all([api('GET', `/units/${uid}/steps`), api('GET', `/units/${uid}/reach`)]);
  if (seq !== G.selSeq) return; // the selection or the state changed meanwhile
  G.steps = sp.status === 200 ? sp.body : { error: sp.body.error || `steps: ${sp.status}`, steps: [], candidates: [] };
  G.reach = rc.status === 200 ? rc.body : null;
  G.stale = false;
  renderSelection();
}

// loadGroup fetches the steps (and candidates) of each member of the chosen group.
let groupSeq = 0;
async function loadGroup() {
  const seq = ++groupSeq;
  const gr = currentGroup();
  if (!gr || !isLive()) { groupSteps = {}; renderGroups(); return; }
  const answers = await Promise.all(gr.members.map((id) => api('GET', `/units/${encodeURIComponent(id)}/steps`)));
  if (seq !== groupSeq) return; // another group was chosen, or the game moved on
  const got = {};
  gr.members.forEach((id, i) => { if (answers[i].status === 200) got[id] = answers[i].body; });
  groupSteps = got;
  renderGroups();
}

// ---------------------------------------------------------------- the map

// counter draws unit u as a square of side size (radii) centred at (cx, cy), with a wedge
// toward its front vertex (the VCA), its state badge and its MP left.
function counter(u, h, cx, cy, size) {
  // In Bypass the counter leans toward the hexside it bypasses along.
  if (u.bypass) {
    const other = G.hexes.get(u.bypass.split('-')[1]);
    if (other) { cx += (other.x - h.x) * 0.25; cy += (other.y - h.y) * 0.25; }
  }
  const w = size * S, half = w / 2;
  let dx = (u.front_x ?? h.x) - h.x, dy = (u.front_y ?? h.y) - h.y;
  const len = Math.hypot(dx, dy) || 1;
  dx /= len; dy /= len;
  // The wedge: from the counter's edge outward toward the front vertex.
  const base = half * 1.05, tip = half + 0.3 * S, wide = 0.17 * S;
  const wedge = `M${(dx * tip).toFixed(1)},${(dy * tip).toFixed(1)} ` +
    `L${(dx * base - dy * wide).toFixed(1)},${(dy * base + dx * wide).toFixed(1)} ` +
    `L${(dx * base + dy * wide).toFixed(1)},${(dy * base - dx * wide).toFixed(1)}Z`;
  const [b, bcol] = BADGE[u.state] || [u.state ? u.state.slice(0, 2) : '?', '#555'];
  const fs = Math.max(5, Math.min(9, w * 0.36));
  const sel = u.id === G.sel ? ' selected' : '';
  const cls = `unit side-${sideIndex(u.side)}${sel}${u.ended ? ' ended' : ''}${u.state === 'Destroyed' ? ' destroyed' : ''}`;
  const tip2 = `${u.id} (${u.side}) ${u.name || ''}: ${unitWords(u)}; VCA ${u.vca || '?'}; ${fmtMP(u.left)} of ${fmtMP(u.mp)} MP left`;
  const bw = Math.max(b.length * fs * 0.62 + 3, fs + 2);
  const extra = (u.bypass ? 'B' : '') + (u.reverse ? 'R' : '');
  return `<g class="${cls}" data-unit="${esc(u.id)}" data-hex="${esc(u.hex)}" tabindex="0" role="button" ` +
    `aria-label="${esc(tip2)}" aria-pressed="${u.id === G.sel}" transform="translate(${n1(cx)},${n1(cy)})">` +
    `<title>${esc(tip2)}</title>` +
    `<path class="front" d="${wedge}" fill="${sideColour(u.side)}"/>` +
    `<rect class="ring" x="${(-half - 3).toFixed(1)}" y="${(-half - 3).toFixed(1)}" width="${(w + 6).toFixed(1)}" height="${(w + 6).toFixed(1)}" rx="4"/>` +
    `<rect class="body" x="${(-half).toFixed(1)}" y="${(-half).toFixed(1)}" width="${w.toFixed(1)}" height="${w.toFixed(1)}" rx="3" fill="${sideColour(u.side)}"/>` +
    `<text class="uid" y="${(-w * 0.04).toFixed(1)}" font-size="${fs.toFixed(1)}">${esc(u.id)}</text>` +
    `<text class="mpleft" y="${(w * 0.36).toFixed(1)}" font-size="${(fs * 0.85).toFixed(1)}">${esc(fmtMP(u.left))}</text>` +
    `<g class="badge" transform="translate(${(half - bw / 2 + 2).toFixed(1)},${(-half - 1).toFixed(1)})">` +
    `<rect x="${(-bw / 2).toFixed(1)}" y="${(-fs * 0.6).toFixed(1)}" width="${bw.toFixed(1)}" height="${(fs * 1.2).toFixed(1)}" rx="2" fill="${bcol}"/>` +
    `<text y="${(fs * 0.32).toFixed(1)}" font-size="${(fs * 0.85).toFixed(1)}">${esc(b)}</text></g>` +
    (extra ? `<g class="badge extra" transform="translate(${(-half + 1).toFixed(1)},${(-half - 1).toFixed(1)})">` +
      `<rect x="${(-fs * 0.6).toFixed(1)}" y="${(-fs * 0.6).toFixed(1)}" width="${(fs * 1.2 + (extra.length - 1) * fs * 0.6).toFixed(1)}" height="${(fs * 1.2).toFixed(1)}" rx="2" fill="#6a1b9a"/>` +
      `<text x="${((extra.length - 1) * fs * 0.3).toFixed(1)}" y="${(fs * 0.32).toFixed(1)}" font-size="${(fs * 0.85).toFixed(1)}">${extra}</text></g>` : '') +
    (u.state === 'Destroyed' ? `<path class="xmark" d="M${-half},${-half}L${half},${half}M${half},${-half}L${-half},${half}"/>` : '') +
    '</g>';
}

// vcaMarks outlines the selected unit's front hexsides (the VCA): the front vertex is corner
// k; the VCA lies between the hexsides either side of it.
function vcaMarks(u, h) {
  if (u.front_x === undefined) return '';
  const ang = Math.atan2(-(u.front_y - h.y), u.front_x - h.x);
  const k = Math.round(ang / (Math.PI / 3));
  const pts = [k - 1, k, k + 1].map((j) => corner(h.x, h.y, j)).map(([x, y]) => n1(x) + ',' + n1(y));
  return `<polyline class="vca" points="${pts.join(' ')}" stroke="${sideColour(u.side)}"/>`;
}

// drawReach shades every hex the selected unit can reach by its least MP (green to red),
// hatches the risky ones, and rings the hexes one legal step enters.
function drawReach() {
  let out = '';
  const reach = isLive() ? G.reach : null;
  const byHex = new Map();
  const max = reach ? Math.max(1, +reach.left || 0, ...reach.hexes.map((r) => +r.mp || 0)) : 1;
  if (reach) {
    for (const r of reach.hexes || []) {
      const h = G.hexes.get(r.hex);
      const x = h ? h.x : r.x, y = h ? h.y : r.y;
      byHex.set(r.hex, r);
      const frac = Math.min(1, (+r.mp || 0) / max);
      out += `<polygon class="reach${r.risky ? ' risky' : ''}" points="${hexPoints(x, y)}" fill="hsl(${Math.round(120 * (1 - frac))},70%,45%)"/>`;
      if (r.risky) out += `<polygon class="risk" points="${hexPoints(x, y)}"/>`;
      out += `<text class="reach-mp" x="${n1(x)}" y="${n1(y + 0.15)}">${esc(fmtMP(r.mp))}</text>`;
    }
  }
  const next = new Set();
  for (const s of (G.steps && G.steps.steps) || []) if (s.hex && MOVE_VERBS.has(s.verb)) next.add(s.hex);
  for (const hid of next) {
    const h = G.hexes.get(hid);
    if (h) out += `<polygon class="next" points="${hexPoints(h.x, h.y)}"/>`;
  }
  $('#g-reach').innerHTML = out;
  // The hex tooltips carry the reach.
  for (const [hid, el] of G.hexEls) {
    const t = el.firstElementChild;
    if (t) t.textContent = hexTitle(G.hexes.get(hid), byHex.get(hid), legalIntoHex(hid));
    el.classList.toggle('can-enter', next.has(hid));
  }
  drawLegend(reach ? max : null);
}

// drawLegend says what every mark of the map means: the reach (when a unit is selected), the
// selection, the counters' badges, the map's terrain, features and levels (mapLegendHTML).
// Each line names in data-class the classes its marks are drawn with.
function drawLegend(max) {
  let s = '';
  if (max !== null) {
    s += `<div class="scale" data-class="reach reach-mp"><span>0</span><span class="bar" title="least MP to reach: green (few) to red (all)"></span><span>${esc(fmtMP(max))} MP</span> <span class="small">least MP to reach (written in the hex)</span></div>` +
      '<div data-class="risky risk"><span class="sw risky-sw"></span> risky (may bog, break down)</div>' +
      '<div data-class="next"><span class="sw next-sw"></span> one legal step: click to move</div>';
  }
  s += '<div data-class="sel-hex vca"><span class="sw sel-sw"></span> the selected unit\'s hex, its VCA outlined</div>';
  s += '<div class="badges">' + Object.entries(BADGE).slice(0, 6)
    .map(([k, [b, c]]) => `<span class="bdg" style="background:${c}" title="${k}">${b}</span>${k}`).join(' ') +
    ' <span class="bdg" style="background:#6a1b9a">B</span>Bypass <span class="bdg" style="background:#6a1b9a">R</span>Reverse</div>';
  s += mapLegendHTML();
  $('#legend').innerHTML = s;
}

// ---------------------------------------------------------------- selecting and moving

function select(id, announce) {
  const u = selectOnMap(id, announce, unitWords);
  if (u === false) return; // selected already
  // Impulse entry follows the selected unit's group.
  const gid = u && (u.platoon || u.convoy || u.column);
  if (gid && (G.live.groups || []).some((g) => g.id === gid) && group !== gid) {
    group = gid;
    loadGroup();
  }
  loadSelection();
}

// legalIntoHex lists the selected unit's legal steps that end in hex hid.
function legalIntoHex(hid) {
  if (!G.steps || G.stale || !isLive()) return [];
  return (G.steps.steps || []).filter((s) => s.hex === hid && MOVE_VERBS.has(s.verb));
}

// clickMap: counters select, hexes move. A counter in a hex the selected unit can step into
// is part of that hex: moving there beats selecting it (the unit buttons and n/p still
// select it).
function clickMap(ev) {
  const c = ev.target.closest('.unit');
  if (c && c.dataset.unit !== G.sel && legalIntoHex(c.dataset.hex).length) { clickHex(c.dataset.hex); return; }
  if (c) { select(c.dataset.unit, true); return; }
  const h = ev.target.closest('.hex');
  if (h) clickHex(h.dataset.hex);
}

function clickHex(hid) {
  const u = unitOf(G.view, G.sel);
  if (!u) {
    // No selection: a click on a hex with units selects the first of them.
    const there = (G.view.units || []).filter((x) => x.hex === hid && onMap(x));
    if (there.length) select(there[0].id, true);
    return;
  }
  if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> to move.', 'warn'); return; }
  const st = legalIntoHex(hid);
  // Prefer a plain move; offer a choice when the hex has moves of different kinds.
  const plain = st.filter((s) => !/\ball$/.test(s.line) && s.verb !== 'minimum');
  const pick = plain.length === 1 ? plain : st;
  if (pick.length === 1) {
    if (!mayMove(u.side)) { setStatus(`This link may not move ${esc(u.side)}'s units.`, 'warn'); return; }
    submit(pick[0].line);
    return;
  }
  if (pick.length > 1) {
    // Offer them in the status line as buttons (Escape or another click drops the choice).
    setStatus(`Several steps go to ${esc(hid)}: ` + pick.map((s) =>
      `<button type="button" class="step choice" data-line="${esc(s.line)}" title="${esc(s.breakdown || '')}">` +
      `${esc(s.line.slice(s.line.indexOf(' ') + 1))} <span class="cost">${esc(fmtMP(s.mp))} MP</span>` +
      `${s.dice ? ' <span class="dice-mark">DR</span>' : ''}</button>`).join(' '), 'warn');
    const b = document.querySelector('#status button.choice');
    if (b) b.focus();
    return;
  }
  const r = G.reach && (G.reach.hexes || []).find((x) => x.hex === hid);
  const there = (G.view.units || []).filter((x) => x.hex === hid && onMap(x) && x.id !== G.sel);
  if (there.length && !r) { select(there[0].id, true); return; }
  setStatus(r ? `${esc(hid)} is ${esc(fmtMP(r.mp))} MP away but not one step: move hex by hex (the ringed hexes).`
    : `${esc(u.id)} has no legal step into ${esc(hid)}.`, 'warn');
}

// ---------------------------------------------------------------- the side panel

function renderUnitList() {
  const st = G.view;
  setHTML($('#unit-list'), (st.units || []).map((u) => {
    const [b] = BADGE[u.state] || ['?'];
    return `<button type="button" class="unit-btn${u.id === G.sel ? ' selected' : ''}" data-unit="${esc(u.id)}" ` +
      `aria-pressed="${u.id === G.sel}" style="--side:${sideColour(u.side)}" title="${esc(`${u.id} (${u.side}) ${u.name || ''}: ${unitWords(u)}, ${u.hex || 'off map'}`)}">` +
      `${esc(u.id)} <span class="ub">${esc(b)}${u.ended ? '·e' : ''}</span></button>`;
  }).join(''));
}

// renderUnitPanel shows the selected unit's details, its action buttons and legal steps.
function renderUnitPanel() {
  const u = unitOf(G.view, G.sel);
  const det = $('#unit-details'), act = $('#unit-actions'), lst = $('#unit-steps');
  if (!u) {
    det.innerHTML = '<p class="hint">Select a unit: click its counter, a button above, or press <kbd>n</kbd>.</p>';
    setHTML(act, ''); setHTML(lst, '');
    return;
  }
  const grp = u.platoon || u.convoy || u.column;
  det.innerHTML = `<h2><span class="swatch" style="background:${sideColour(u.side)}"></span>${esc(u.id)} ` +
    `<span class="small">${esc(u.name || '')} · ${esc(u.class || '')} · ${esc(u.side)}</span></h2>` +
    '<dl class="facts">' +
    `<dt>Hex</dt><dd>${esc(u.hex || 'off map')}${u.bypass ? ' (Bypass ' + esc(u.bypass) + ')' : ''}</dd>` +
    `<dt>VCA</dt><dd>${esc(u.vca || '')}</dd>` +
    `<dt>State</dt><dd>${esc(unitWords(u))}</dd>` +
    `<dt>MP</dt><dd><strong>${esc(fmtMP(u.left))}</strong> left of ${esc(fmtMP(u.mp))} (spent ${esc(fmtMP(u.spent))})</dd>` +
    (grp ? `<dt>Group</dt><dd>${esc(grp)}</dd>` : '') + '</dl>' + phaseNote(u);
  if (!isLive()) {
    setHTML(act, ''); setHTML(lst, `<p class="hint">Replay after step ${esc(G.replayAt)}: read only.</p>`);
    return;
  }
  if (!G.steps) {
    setHTML(act, ''); setHTML(lst, '<p class="hint">Loading legal steps…</p>');
    return;
  }
  const can = mayMove(u.side);
  const steps = (G.steps.steps || []).slice().sort((a, b) => verbRank(a.verb) - verbRank(b.verb));
  const stepBtn = stepButton(can);
  setHTML(act, actionBar(steps, can, stepBtn));
  setHTML(lst, stepList(u, steps, can, stepBtn));
  // The odds shown are of a step the unit still has.
  const box = $('#step-odds');
  if (box.dataset.line && !steps.some((s) => s.line === box.dataset.line)) showOdds(box, '');
}

// phaseNote is, for a unit of the side not phasing (the steps answer's not_phasing), a line
// saying whose MPh it is and how to begin its side's, with a button that plays `mph SIDE`;
// '' for a phasing unit.
function phaseNote(u) {
  const np = isLive() && G.steps && G.steps.unit === u.id ? G.steps.not_phasing : null;
  if (!np) return '';
  const code = (s) => esc(s).replace(/`([^`]*)`/g, '<code>$1</code>');
  return `<div class="phase-note" role="note"><p>${code(np.text)}.</p><p class="small">${code(np.hint[0].toUpperCase() + np.hint.slice(1))}.</p>` +
    `<button type="button" class="step mph" data-line="${esc('mph ' + np.side)}"${mayMove(np.side) ? '' : ' disabled'} ` +
    `style="--side:${sideColour(np.side)}" title="${esc(`Begin ${np.side}'s Movement Phase: mph ${np.side}`)}">Begin ${esc(np.side)}'s MPh</button></div>`;
}

// weighStep shows the odds of the step button b would play, if it rolls dice.
function weighStep(b) {
  if (b && b.dataset.line && b.querySelector('.dice-mark')) showOdds($('#step-odds'), b.dataset.line);
}

// stepButton makes stepBtn(s, label, keyed): the button of one legal step: its key number
// (the keys 1-9 press the first nine, numbered in the order made), what it does, its MP, a DR
// mark if it rolls dice, and the cost breakdown.
function stepButton(can) {
  let num = 0;
  return (s, label, keyed = true) => {
    let k = '';
    if (keyed) {
      num++;
      if (num <= 9) k = `<kbd>${num}</kbd> `;
    }
    return `<button type="button" class="step" data-line="${esc(s.line)}" data-verb="${esc(s.verb)}"${s.hex ? ` data-hex="${esc(s.hex)}"` : ''}` +
      `${can ? '' : ' disabled'}${k ? ` aria-keyshortcuts="${num}"` : ''} title="${esc(s.line + ': ' + (s.breakdown || ''))}">` +
      `${k}${esc(label)} <span class="cost">${esc(fmtMP(s.mp))} MP</span>${s.dice ? ' <span class="dice-mark" title="rolls dice">DR</span>' : ''}` +
      (s.breakdown ? `<span class="bd">${esc(s.breakdown)}</span>` : '') + '</button>';
  };
}

// actionBar: Start, Stop, End, Delay and ESB, each enabled only when the referee takes it now
// (the steps list has it). Delay and ESB take an amount: the list has the amounts the server
// tried; another amount is sent as typed and judged then (dashed).
function actionBar(steps, can, stepBtn) {
  const byVerb = (v) => steps.filter((s) => s.verb === v);
  const off = (label, why) => `<button type="button" class="action" disabled title="${esc(why)}">${esc(label)}</button>`;
  const cap = (v) => v[0].toUpperCase() + v.slice(1);
  let bar = '';
  for (const v of ['start', 'stop']) {
    const s = byVerb(v)[0];
    bar += s ? stepBtn(s, cap(v)) : off(cap(v), `${cap(v)} is not legal now`);
  }
  const endStep = byVerb('end')[0];
  bar += endStep ? stepBtn(endStep, 'End', false) : off('End', 'End is not legal now');
  for (const v of ['delay', 'esb']) {
    const s = byVerb(v)[0];
    const label = v === 'delay' ? 'Delay' : 'ESB';
    const why = v === 'delay' ? 'Spend MP without moving (D2.17)' : 'Excessive Speed Breakdown: N more MP, with a DR (D2.5)';
    if (!s) { bar += off(label, `${label} is not legal now`); continue; }
    const amounts = byVerb(v).map((x) => x.line.split(/\s+/).pop());
    bar += `<span class="amount"><button type="button" class="step" data-verb="${v}" data-line="${esc(s.line)}"` +
      `${can ? '' : ' disabled'} title="${esc(why + '; legal now: ' + amounts.join(', ') + ' MP')}">${label}` +
      `${s.dice ? ' <span class="dice-mark" title="rolls dice">DR</span>' : ''}</button>` +
      `<input type="number" class="amount-n" data-verb="${v}" min="0.5" step="0.5" value="${esc(amounts[0])}" aria-label="${label} MP"${can ? '' : ' disabled'}></span>`;
  }
  return bar;
}

// stepList: the legal steps by kind: Move, Reverse, Bypass, Turn (VCA), Other.
function stepList(u, steps, can, stepBtn) {
  const byVerb = (v) => steps.filter((s) => s.verb === v);
  const sections = [
    ['Move', steps.filter((s) => ['enter', 'minimum', 'exit'].includes(s.verb))],
    ['Reverse', byVerb('reverse')],
    ['Bypass', steps.filter((s) => s.verb === 'bypass' || s.verb === 'reverse bypass')],
    ['Turn (VCA)', byVerb('vca')],
    ['Other', steps.filter((s) => !['start', 'stop', 'end', 'delay', 'esb', 'enter', 'minimum', 'exit', 'reverse', 'bypass', 'reverse bypass', 'vca'].includes(s.verb))],
  ];
  let html = '';
  if (G.steps.error) html += `<p class="err small">${esc(G.steps.error)}</p>`;
  html += `<p class="small">${steps.length} legal step${steps.length === 1 ? '' : 's'}, ${esc(fmtMP(G.steps.left))} MP left` +
    (can ? '' : ` — <strong>this link may not move ${esc(u.side)}</strong>`) + '</p>';
  for (const [title, list] of sections) {
    if (!list.length) continue;
    html += `<h3>${esc(title)}</h3><div class="steps" role="group" aria-label="${esc(title)}">` +
      list.map((s) => stepBtn(s, s.line.slice(s.line.indexOf(' ') + 1))).join('') + '</div>';
  }
  return html;
}

// ---------------------------------------------------------------- groups (Impulses)

function currentGroup() {
  const gs = (G.view && G.view.groups) || [];
  return gs.find((g) => g.id === group) || null;
}

function renderGroups() {
  const box = $('#group-box');
  const gs = (G.view && G.view.groups) || [];
  box.hidden = !gs.length;
  if (!gs.length) return;
  if (!currentGroup()) group = gs[0].id;
  const gr = currentGroup();
  const sel = $('#group-select');
  const opts = gs.map((g) => `<option value="${esc(g.id)}"${g.id === group ? ' selected' : ''}>${esc(g.id)} (${esc(g.kind)}, ${esc(g.side)})</option>`).join('');
  if (sel.innerHTML !== opts) sel.innerHTML = opts;
  sel.value = group;
  const can = mayMove(gr.side) && !gr.ended;
  $('#group-info').textContent = `${gr.members.join(', ')} · ${gr.impulses} Impulse${gr.impulses === 1 ? '' : 's'}${gr.ended ? ' · ended' : ''}`;
  setHTML($('#group-buttons'), ['start', 'stop', 'end'].map((v) =>
    `<button type="button" class="step group-step" data-line="${esc(gr.id + ' ' + v)}"${can ? '' : ' disabled'} ` +
    `title="${esc(gr.id + ' ' + v)}: every member">${esc(gr.id)} ${v}</button>`).join(''));
  // One chooser per member: "-" or one of its candidates (legal ones show their cost).
  const keep = {};
  for (const s of document.querySelectorAll('#members select')) keep[s.dataset.member] = s.value;
  setHTML($('#members'), gr.members.map((id) => {
    const ans = groupSteps[id];
    const legal = new Map(((ans && ans.steps) || []).map((s) => [s.line, s]));
    const cands = (ans && ans.candidates) || [];
    const o = ['<option value="-">- (nothing)</option>'].concat(cands.map((c) => {
      const s = legal.get(c);
      const label = c.slice(c.indexOf(' ') + 1) + (s ? ` — ${fmtMP(s.mp)} MP${s.dice ? ' (DR)' : ''}` : '');
      return `<option value="${esc(c)}"${keep[id] === c ? ' selected' : ''}>${esc(label)}</option>`;
    }));
    return `<div class="member"><label for="m-${esc(id)}">${esc(id)}</label>` +
      `<select id="m-${esc(id)}" data-member="${esc(id)}"${can ? '' : ' disabled'}>${o.join('')}</select>` +
      (ans ? '' : ' <span class="small">…</span>') + '</div>';
  }).join(''));
  updateImpulseLine();
  $('#impulse-submit').disabled = !can;
}

// impulseLine composes "P1: T1 enter 2N4, T2 -" from the member choosers.
function impulseLine() {
  const gr = currentGroup();
  if (!gr) return '';
  const parts = gr.members.map((id) => {
    const s = document.querySelector(`#members select[data-member="${CSS.escape(id)}"]`);
    const v = s ? s.value : '-';
    return v === '-' ? `${id} -` : v;
  });
  return `${gr.id}: ${parts.join(', ')}`;
}
// updateImpulseLine shows the Impulse being built, and its odds once a member does something.
function updateImpulseLine() {
  const line = impulseLine();
  $('#impulse-line').textContent = line;
  const gr = currentGroup();
  const acting = [...document.querySelectorAll('#members select')].some((s) => s.value !== '-');
  showOdds($('#impulse-odds'), gr && isLive() && !gr.ended && acting ? line : '');
}

// ---------------------------------------------------------------- phase, steps, log

function renderPhase() {
  const st = G.live;
  setHTML($('#mph-buttons'), '<span class="lbl">New MPh:</span>' + (st.sides || []).map((side) =>
    `<button type="button" class="step mph" data-line="${esc('mph ' + side)}"${mayMove(side) ? '' : ' disabled'} ` +
    `style="--side:${sideColour(side)}" title="Begin ${esc(side)}'s Movement Phase">${esc(side)}</button>`).join(''));
}

function stepDone(b, line) {
  const rep = b.report || {};
  setStatus(`Step ${esc(b.entry && b.entry.n)}: <code>${esc(line)}</code> — ${esc(rep.breakdown || '')}` +
    (rep.events && rep.events.length ? ' · ' + esc(rep.events.join('; ')) : ''), 'ok');
}

// logEntry shows a step: its line, MP (MF for Infantry and Cavalry: the report's mf) and cost
// breakdown, rules, dice, events, and an Impulse's members.
function logEntry(e) {
  const r = e.report || {};
  let s = `<li data-n="${esc(e.n)}" title="${esc(e.text || '')}"><div class="head"><span class="num">${esc(e.n)}</span> ` +
    `<code class="line">${esc(e.line)}</code>`;
  if (r.mp !== undefined && !r.members) s += ` <span class="cost">${esc(fmtMP(r.mp))} ${r.mf ? 'MF' : 'MP'}</span>`;
  if (r.total !== undefined && r.unit) s += ` <span class="small">total ${esc(fmtMP(r.total))}</span>`;
  s += '</div>';
  if (r.breakdown) s += `<div class="bd">${esc(r.breakdown)}</div>`;
  if (r.members && r.members.length) {
    s += `<ul class="members">${r.members.map((mb) =>
      `<li><strong>${esc(mb.unit)}</strong> ${esc(mb.action)} <span class="cost">${esc(fmtMP(mb.mp))} ${mb.mf ? 'MF' : 'MP'}</span>` +
      (mb.charged !== undefined && mb.charged !== mb.mp ? ` <span class="small">(charged ${esc(fmtMP(mb.charged))})</span>` : '') +
      ` <span class="small">total ${esc(fmtMP(mb.total))}</span>` +
      (mb.breakdown ? `<div class="bd">${esc(mb.breakdown)}</div>` : '') + dice(mb.dice) + events(mb.events) + '</li>').join('')}</ul>`;
  }
  s += dice(r.dice) + events(r.events);
  if (r.rules && r.rules.length) s += `<div class="rules">${r.rules.map((x) => `<span class="rule">${esc(x)}</span>`).join('')}</div>`;
  if (!r.breakdown && !r.members && e.text) s += `<pre class="text">${esc(e.text)}</pre>`;
  return s + '</li>';
}
function dice(list) {
  if (!list || !list.length) return '';
  return '<ul class="dice">' + list.map((d) =>
    `<li><span class="dice-mark">${esc(d.kind || 'DR')}</span> ${esc(d.for || '')}${d.rule ? ` <span class="small">(${esc(d.rule)})</span>` : ''}: ` +
    `rolled <strong>${esc(d.roll)}</strong>${d.dice && d.dice.length ? ` [${d.dice.map(esc).join(',')}]` : ''}` +
    `${d.drm ? ` ${d.drm > 0 ? '+' : ''}${esc(d.drm)} DRM${d.drm_terms ? ` (${esc(d.drm_terms)})` : ''}` : ''} = <strong>${esc(d.final)}</strong>` +
    `${d.need ? ` <span class="small">need ${esc(d.need)}${d.odds ? ', ' + esc(d.odds) : ''}</span>` : ''}` +
    `${d.result ? ` → ${esc(d.result)}` : ''}</li>`).join('') + '</ul>';
}
function events(list) {
  if (!list || !list.length) return '';
  return '<ul class="events">' + list.map((x) => `<li>${esc(x)}</li>`).join('') + '</ul>';
}

// ---------------------------------------------------------------- controls

function setup() {
  // Delay and ESB amounts rewrite their button's line.
  $('#unit-actions').addEventListener('input', (ev) => {
    const inp = ev.target.closest('.amount-n');
    if (!inp || !G.sel) return;
    const b = inp.parentElement.querySelector('button.step');
    b.dataset.line = `${G.sel} ${inp.dataset.verb} ${inp.value}`;
    const s = ((G.steps && G.steps.steps) || []).find((x) => x.line === b.dataset.line);
    b.classList.toggle('unjudged', !s);
  });
  $('#unit-actions').addEventListener('keydown', (ev) => {
    const inp = ev.target.closest('.amount-n');
    if (inp && ev.key === 'Enter') { ev.preventDefault(); inp.parentElement.querySelector('button.step').click(); }
  });
  // The odds of a step that rolls, before it is played.
  for (const ev of ['pointerover', 'focusin']) $('#unit-box').addEventListener(ev, (e) => weighStep(e.target.closest('button.step')));
  // Groups.
  $('#group-select').addEventListener('change', (ev) => { group = ev.target.value; loadGroup(); });
  $('#members').addEventListener('change', updateImpulseLine);
  $('#impulse-submit').addEventListener('click', async () => {
    const line = impulseLine();
    if (await submit(line)) for (const s of document.querySelectorAll('#members select')) s.value = '-';
    updateImpulseLine();
  });
}

export default {
  name: 'asl',
  bodyClass: '',
  placeholder: 'T1 enter 2N4 · P1: T1 enter 2N4, T2 - · mph German',
  setup,
  drawBoard: (st) => drawMap(st.map),
  drawUnits: () => drawHexUnits(counter),
  drawSelection: () => drawHexSelection(vcaMarks),
  drawOverlay: drawReach,
  header: (v) => ({ text: v.phasing ? `${v.phase || 'MPh'}: ${v.phasing}` : '', colour: v.phasing ? sideColour(v.phasing) : '', title: v.phase === 'APh' ? 'The side whose Advance Phase it is' : 'The side whose Movement Phase it is' }),
  roleText: (st) => (st.role === 'referee' ? 'Referee: moves every side' : `You move: ${(st.may_move || []).join(', ')}`),
  renderUnitList,
  renderUnitPanel,
  renderPhase,
  renderPanels: renderGroups,
  select,
  selectable: mapUnits,
  clickMap,
  load: () => Promise.all([loadSelection(), loadGroup()]),
  stepDone,
  logEntry,
  ready: () => 'Ready. Select a unit (click a counter or press <kbd>n</kbd>).',
};
