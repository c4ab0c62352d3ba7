// umpire game page, ruleset module: Last Hundred Yards (ruleset "lhy"). It owns the LHY
// counters (nationality colours, kind, steps as pips, state badges), the Assault and fire
// panel (#lhy-box: target hex, attackers and Envelopment, or fire DRM markers; the exact odds
// before the roll from GET /odds, drawn as a bar of the Assault Results rows with the DRM terms;
// Roll), the result of the step it played, the After panel (#lhy-after-box: retreats, Vehicle
// Destruction Attempts, Advance, Recovery, resolving declared Assaults), the map overlay (the
// target, the attackers' way in, declared Assaults), the New turn button and the log entries.
// The hex map itself is the shell's (hexmap.js).

import { $, esc, S, SIDE_COLOURS } from '../util.js';
import { G, api, setStatus, setHTML, isLive, mayMove, spectator, unitOf, sideIndex } from '../state.js';
import { n1, hexPoints, hexTitle, drawMap, drawHexUnits, drawHexSelection, selectOnMap, mapUnits, mapLegendHTML } from '../hexmap.js';
import { submit, noSteps } from '../game.js';

const NATION_COLOURS = { GE: '#4f5d6b', US: '#5c7a2e', UK: '#8a6a32', RU: '#a2342a', JP: '#8a6d0b', IT: '#2e6f73', FR: '#2f4f9a' };
const nationColour = (n) => NATION_COLOURS[n] || SIDE_COLOURS[Math.abs([...String(n)].reduce((a, c) => a * 31 + c.charCodeAt(0), 7)) % SIDE_COLOURS.length];
// State badges: short text, colour, words.
const LHY_BADGE = {
  Disrupted: ['D', '#b71c1c'], Concealed: ['C', '#37474f'], Regrouping: ['Rg', '#e65100'], Heroic: ['H', '#6a1b9a'],
  Shocked: ['Sh', '#ad1457'], Motion: ['M', '#1565c0'], 'Out of Command': ['OC', '#5d4037'], Rider: ['R', '#00695c'],
  Passenger: ['P', '#00695c'],
};
const KIND_ABBR = { squad: 'Sq', section: 'Sec', leader: 'Ldr', LATW: 'LATW', FT: 'FT', MG: 'MG', FP: 'FP', 'Towed Gun': 'Gun',
  Carrier: 'Car', FV: 'FV', AFV: 'AFV', HT: 'HT', truck: 'Trk' };
// The Assault Results rows from the attacker's best to worst, coloured for the attacker.
const ROW_COLOURS = { '14': '#1b5e20', '10-13': '#388e3c', '6-9': '#81c784', '2-5': '#ef9a9a', '-1..1': '#e53935', '<=-2': '#8e0000' };
const signed = (v) => (+v > 0 ? '+' : '') + (+v || 0);
const pct = (p) => { const v = 100 * p; return (v > 0 && v < 0.1 ? '<0.1' : v.toFixed(v >= 10 || v === 0 || Math.abs(v - Math.round(v)) < 1e-9 ? 0 : 1)) + '%'; };

// L is the Assault and fire panel's state.
const L = {
  mode: 'assault', // assault | declare | fire
  target: '',
  attackers: new Set(),
  envelopment: false,
  markers: [{ kind: 'sa', who: '', drm: 1, mv: '', atv: '', mg: false, enfilade: false }],
  odds: null, oddsErr: null, oddsFor: '', oddsSeq: 0, oddsTimer: null,
  result: null, // the last step played from the panel: {entry, report}
  built: false,
};

// hexAxial turns an LHY hex id (C4, AA10) into the hex package's axial coordinates.
function hexAxial(id) {
  const m = /^([A-Z]+)(\d+)$/.exec(String(id || '').toUpperCase());
  if (!m) return null;
  const x = m[1].length === 2 ? 26 + m[1].charCodeAt(0) - 65 : m[1].charCodeAt(0) - 65, y = +m[2];
  return [x, y - (x - (x & 1)) / 2];
}
function hexDistance(a, b) {
  const p = hexAxial(a), q = hexAxial(b);
  if (!p || !q) return 99;
  const dq = p[0] - q[0], dr = p[1] - q[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}
const alive = () => ((G.view && G.view.units) || []).filter((u) => !u.eliminated);
const unitsIn = (hid) => alive().filter((u) => u.hex === hid && !u.rider);

// ---------------------------------------------------------------- the map

// lhyCounter draws an LHY unit: nationality colour, id, kind, steps (pips) and state badges.
function lhyCounter(u, h, cx, cy, size) {
  const w = size * S, half = w / 2;
  const fs = Math.max(5, Math.min(9, w * 0.3));
  const sel = u.id === G.sel ? ' selected' : '';
  const att = L.attackers.has(u.id) && L.mode !== 'fire' ? ' attacker' : '';
  const cls = `unit lhy side-${sideIndex(u.side)}${sel}${att}`;
  const tip = `${u.id} (${u.side}, ${u.nationality} ${u.kind}) in ${u.hex}: ${u.status}; Cohesion ${u.eff_cohesion}` +
    (u.full > 0 ? `, ${u.steps} of ${u.full} step${u.full === 1 ? '' : 's'}` : '') + (u.av >= 0 ? `, AV ${u.av}` : '') + (u.atv >= 0 ? `, ATV ${u.atv}` : '');
  let pips = '';
  for (let i = 0; i < u.full; i++) {
    pips += `<circle class="pip${i < u.steps ? '' : ' lost'}" cx="${(-half + fs * 0.5 + i * fs * 0.75).toFixed(1)}" cy="${(half - fs * 0.45).toFixed(1)}" r="${(fs * 0.28).toFixed(1)}"/>`;
  }
  let badges = '';
  const bs = (u.states || []).filter((s) => LHY_BADGE[s]);
  bs.forEach((s, i) => {
    const [b, col] = LHY_BADGE[s];
    const bw = Math.max(b.length * fs * 0.6 + 3, fs + 1);
    badges += `<g class="badge" transform="translate(${(half - bw / 2 + 2).toFixed(1)},${(-half - 1 + i * fs * 1.15).toFixed(1)})">` +
      `<rect x="${(-bw / 2).toFixed(1)}" y="${(-fs * 0.55).toFixed(1)}" width="${bw.toFixed(1)}" height="${(fs * 1.1).toFixed(1)}" rx="2" fill="${col}"/>` +
      `<text y="${(fs * 0.3).toFixed(1)}" font-size="${(fs * 0.82).toFixed(1)}">${esc(b)}</text></g>`;
  });
  return `<g class="${cls}" data-unit="${esc(u.id)}" data-hex="${esc(u.hex)}" tabindex="0" role="button" ` +
    `aria-label="${esc(tip)}" aria-pressed="${u.id === G.sel}" transform="translate(${n1(cx)},${n1(cy)})">` +
    `<title>${esc(tip)}</title>` +
    `<rect class="ring" x="${(-half - 3).toFixed(1)}" y="${(-half - 3).toFixed(1)}" width="${(w + 6).toFixed(1)}" height="${(w + 6).toFixed(1)}" rx="4"/>` +
    `<rect class="body${u.disrupted ? ' disrupted' : ''}" x="${(-half).toFixed(1)}" y="${(-half).toFixed(1)}" width="${w.toFixed(1)}" height="${w.toFixed(1)}" rx="3" fill="${nationColour(u.nationality)}"/>` +
    `<text class="kind" y="${(-w * 0.2).toFixed(1)}" font-size="${(fs * 0.8).toFixed(1)}">${esc(KIND_ABBR[u.kind] || u.kind)}</text>` +
    `<text class="uid" y="${(w * 0.1).toFixed(1)}" font-size="${fs.toFixed(1)}">${esc(u.id)}</text>` +
    (u.kind !== 'leader' && u.eff_cohesion ? `<text class="coh" x="${(half - fs * 0.5).toFixed(1)}" y="${(half - fs * 0.2).toFixed(1)}" font-size="${(fs * 0.8).toFixed(1)}">${esc(u.eff_cohesion)}</text>` : '') +
    pips + badges + '</g>';
}
const drawUnits = () => drawHexUnits(lhyCounter);

// lhyOverlay marks the panel's target hex, the ticked attackers' way in, the declared
// Assaults and the hex the After window is about.
function lhyOverlay() {
  let out = '';
  const st = G.view;
  const arrow = (from, to, cls) => {
    const a = G.hexes.get(from), b = G.hexes.get(to);
    if (!a || !b || from === to) return '';
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
    const x2 = b.x - dx / len * 0.55, y2 = b.y - dy / len * 0.55;
    return `<line class="${cls}" x1="${n1(a.x + dx / len * 0.3)}" y1="${n1(a.y + dy / len * 0.3)}" x2="${n1(x2)}" y2="${n1(y2)}" marker-end="url(#arrow)"/>`;
  };
  for (const as of (st && st.assaults) || []) {
    const h = G.hexes.get(as.target);
    if (h) out += `<polygon class="declared" points="${hexPoints(h.x, h.y)}"><title>Assault declared on ${esc(as.target)} by ${esc(as.attackers.join(', '))}</title></polygon>`;
    for (const f of new Set(as.from)) out += arrow(f, as.target, 'assault-arrow declared-arrow');
  }
  if (st && st.after) {
    const h = G.hexes.get(st.after.target);
    if (h) out += `<polygon class="after-hex" points="${hexPoints(h.x, h.y)}"/>`;
  }
  if (L.target && isLive()) {
    const h = G.hexes.get(L.target);
    if (h) out += `<polygon class="target-hex ${L.mode === 'fire' ? 'fire' : 'assault'}" points="${hexPoints(h.x, h.y)}"/>`;
    if (L.mode !== 'fire') {
      const from = new Set([...L.attackers].map((id) => (unitOf(st, id) || {}).hex).filter(Boolean));
      for (const f of from) out += arrow(f, L.target, 'assault-arrow');
    }
  }
  $('#g-reach').innerHTML = out;
  for (const [hid, el] of G.hexEls) {
    const t = el.firstElementChild;
    if (t) t.textContent = hexTitle(G.hexes.get(hid)) + '\nclick: the target of the Assault or fire';
  }
  lhyLegend();
}

// lhyLegend says what every mark of the map means: the counters (nationality, state badges,
// steps), the Assault and fire marks, the selection, and the map's terrain, levels, hexsides
// and IP marks (mapLegendHTML). Each line names in data-class the classes its marks are
// drawn with.
function lhyLegend() {
  const nats = [...new Set(((G.view && G.view.units) || []).map((u) => u.nationality))];
  $('#legend').innerHTML = '<div class="badges">' +
    nats.map((n) => `<span class="bdg" style="background:${nationColour(n)}">${esc(n)}</span>`).join('') + ' · ' +
    Object.entries(LHY_BADGE).slice(0, 7).map(([k, [b, c]]) => `<span class="bdg" style="background:${c}" title="${esc(k)}">${esc(b)}</span>${esc(k)}`).join(' ') +
    ' · <span class="pipsw"></span> step left</div>' +
    '<div class="terrain-legend">' +
    '<span data-class="target-hex assault"><span class="sw target-sw"></span> target of the Assault</span>' +
    '<span data-class="target-hex fire"><span class="sw target-sw fire"></span> target of the fire</span>' +
    '<span data-class="assault-arrow"><span class="ln arrow-ln"></span> attackers\' way in</span>' +
    '<span data-class="declared declared-arrow"><span class="sw declared-sw"></span> Assault declared</span>' +
    '<span data-class="after-hex"><span class="sw after-sw"></span> the last Assault, its After steps open</span>' +
    '<span data-class="sel-hex"><span class="sw sel-sw"></span> the selected unit\'s hex</span></div>' +
    mapLegendHTML();
}

// clickMap: a counter selects its unit; a hex becomes the target of the Assault or fire.
function clickMap(ev) {
  const c = ev.target.closest('.unit');
  if (c) { select(c.dataset.unit, true); return; }
  const h = ev.target.closest('.hex');
  if (h) lhyTarget(h.dataset.hex);
}

function select(id, announce) {
  if (selectOnMap(id, announce, (u) => u.status) === false) return; // selected already
  noSteps();
}

// ---------------------------------------------------------------- the unit panel

function lhyUnitList() {
  setHTML($('#unit-list'), ((G.view && G.view.units) || []).map((u) => {
    const b = (u.states || []).filter((s) => LHY_BADGE[s]).map((s) => LHY_BADGE[s][0]).join(' ');
    return `<button type="button" class="unit-btn${u.id === G.sel ? ' selected' : ''}${u.eliminated ? ' gone' : ''}" data-unit="${esc(u.id)}" ` +
      `aria-pressed="${u.id === G.sel}" style="--side:${nationColour(u.nationality)}" title="${esc(`${u.id} (${u.side}, ${u.nationality} ${u.kind}) ${u.hex}: ${u.status}`)}">` +
      `${esc(u.id)} <span class="ub">${esc(u.eliminated ? 'elim.' : b)}</span></button>`;
  }).join(''));
}

function lhyUnitPanel() {
  const u = unitOf(G.view, G.sel);
  const det = $('#unit-details');
  setHTML($('#unit-actions'), ''); setHTML($('#unit-steps'), '');
  if (!u) {
    det.innerHTML = '<p class="hint">Select a unit: click its counter, a button above, or press <kbd>n</kbd>. Click a hex to make it the target.</p>';
    return;
  }
  const val = (v) => (v >= 0 ? String(v) : '–');
  det.innerHTML = `<h2><span class="swatch" style="background:${nationColour(u.nationality)}"></span>${esc(u.id)} ` +
    `<span class="small">${esc(u.nationality)} ${esc(u.kind)}${u.combat ? '' : ' (not a combat unit)'} · ${esc(u.side)}</span></h2>` +
    '<dl class="facts">' +
    `<dt>Hex</dt><dd>${esc(u.hex)}${u.rider ? ` (${u.passenger ? 'in' : 'on'} ${esc(u.rider)})` : ''}</dd>` +
    `<dt>State</dt><dd>${esc(u.status)}</dd>` +
    `<dt>Cohesion</dt><dd><strong>${esc(u.eff_cohesion)}</strong>${u.eff_cohesion !== u.cohesion ? ` (printed ${esc(u.cohesion)})` : ''}` +
    (u.full > 0 ? ` · steps ${esc(u.steps)}/${esc(u.full)}` : '') + '</dd>' +
    `<dt>Values</dt><dd>Assault ${esc(u.assault)} · SA ${esc(u.sa)} · ATV ${val(u.atv)} · AV ${val(u.av)}${u.aev >= 0 ? ' / ' + esc(u.aev) : ''}</dd>` +
    (u.company || u.platoon ? `<dt>Unit</dt><dd>${u.company ? 'company ' + esc(u.company) : ''} ${u.platoon ? 'platoon ' + esc(u.platoon) : ''}</dd>` : '') +
    (u.assaulted || u.advanced ? `<dt>This turn</dt><dd>${u.assaulted ? 'assaulted' : ''} ${u.advanced ? 'advanced' : ''}</dd>` : '') + '</dl>';
  if (!isLive() || u.eliminated) return;
  const can = mayMove(u.side);
  let act = `<button type="button" class="lhy-aim" data-hex="${esc(u.hex)}" data-mode="assault" title="Make ${esc(u.hex)} the Assault's target">Assault ${esc(u.hex)}</button>` +
    `<button type="button" class="lhy-aim" data-hex="${esc(u.hex)}" data-mode="fire" title="Make ${esc(u.hex)} the fire's target">Fire at ${esc(u.hex)}</button>`;
  if (L.target && L.mode !== 'fire' && lhyCandidates().some((c) => c.id === u.id)) {
    act += `<button type="button" class="lhy-toggle" data-unit="${esc(u.id)}" aria-pressed="${L.attackers.has(u.id)}">${L.attackers.has(u.id) ? 'Drop from' : 'Add to'} the Assault</button>`;
  }
  for (const s of (G.view.steps || []).filter((x) => x.unit === u.id)) {
    act += `<button type="button" class="step" data-line="${esc(s.line)}"${can ? '' : ' disabled'}>${esc(s.line)}</button>`;
  }
  setHTML($('#unit-actions'), act);
}

// ---------------------------------------------------------------- the Assault and fire panel

// lhyCandidates: the units that might join an Assault on the target: not eliminated, not of
// a side defending it, within two hexes (the referee judges who is eligible).
function lhyCandidates() {
  if (!L.target) return [];
  const def = new Set(unitsIn(L.target).map((u) => u.side));
  return alive().filter((u) => !def.has(u.side) && !u.rider && hexDistance(u.hex, L.target) <= 2)
    .sort((a, b) => hexDistance(a.hex, L.target) - hexDistance(b.hex, L.target) || a.id.localeCompare(b.id));
}

function lhyTarget(hid, mode) {
  if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> to play.', 'warn'); return; }
  if (mode) L.mode = mode;
  if (L.target !== hid) { L.target = hid; L.attackers.clear(); }
  // Assault: tick every candidate next to the target of the first side that may move.
  if (L.mode !== 'fire' && !L.attackers.size) {
    const c = lhyCandidates().filter((u) => hexDistance(u.hex, hid) === 1);
    const side = (c.find((u) => mayMove(u.side)) || c[0] || {}).side;
    for (const u of c) if (u.side === side) L.attackers.add(u.id);
  }
  if (L.mode === 'fire') {
    for (const m of L.markers) if (m.kind === 'at' && !unitsIn(hid).some((u) => u.id === m.who)) m.who = '';
  }
  L.built = false;
  renderLHY();
  lhyOverlay();
  lhyUnitPanel();
  drawUnits();
}

// lhyLine composes the panel's step.
function lhyLine() {
  if (!L.target) return '';
  if (L.mode === 'fire') {
    const ms = L.markers.map((m) => {
      const d = signed(m.drm);
      if (m.kind === 'mortar') return `mortar ${d}` + (m.mv !== '' ? ` mv ${m.mv}` : '');
      if (m.kind === 'at') return m.who ? `at ${m.who} ${d}` + (m.atv !== '' ? ` atv ${m.atv}` : '') + (m.mg ? ' mg' : '') + (m.enfilade ? ' enfilade' : '') : '';
      return `sa ${m.who ? m.who + ' ' : ''}${d}`;
    }).filter(Boolean);
    return ms.length ? `fire ${L.target}: ${ms.join(', ')}` : '';
  }
  const ids = lhyCandidates().filter((u) => L.attackers.has(u.id)).map((u) => u.id);
  if (!ids.length) return '';
  const declared = ((G.view && G.view.assaults) || []).some((a) => a.target === L.target);
  const verb = declared ? 'reinforce' : L.mode === 'declare' ? 'declare' : 'assault';
  return `${verb} ${L.target} ${ids.join(' ')}${L.envelopment && verb !== 'reinforce' ? ' envelopment' : ''}`;
}

// renderLHY shows the LHY panels and fills them.
function renderLHY() {
  $('#lhy-box').hidden = false;
  $('#lhy-after-box').hidden = false;
  renderLHYForm();
  renderLHYAfter();
  lhyOdds();
}

// renderLHYForm: what to play, the target hex, the attackers (or the fire's markers), and the
// line with its Roll button.
function renderLHYForm() {
  const live = isLive() && !spectator();
  let html = formTarget(live) + (L.mode !== 'fire' ? formAttackers(live) : formMarkers(live));
  const line = lhyLine();
  // Whose step it is (docs/api.md: an Assault is its attackers' side's, fire the target's enemies').
  let mine = true;
  if (line && L.mode === 'fire') {
    const there = new Set(unitsIn(L.target).map((u) => u.side));
    mine = !there.size || (G.live.sides || []).some((sd) => !there.has(sd) && mayMove(sd));
  } else if (line) {
    mine = [...L.attackers].every((id) => mayMove((unitOf(G.view, id) || {}).side));
  }
  L.mine = mine;
  html += `<div class="row"><code id="lhy-line" aria-live="polite">${esc(line || '…')}</code>` +
    `<button type="button" id="lhy-roll" class="roll"${line && live && mine ? '' : ' disabled'}` +
    `${line && !mine ? ' title="This link may not play that side\'s step"' : ''}>${L.mode === 'declare' ? 'Declare' : 'Roll'}</button></div>` +
    (line && !mine ? '<p class="small">This link may not play that side\'s step: the odds are for your information.</p>' : '');
  setHTML($('#lhy-form'), html);
}

// formTarget: the mode radios and the target hex chooser.
function formTarget(live) {
  const hexes = [...G.hexes.keys()];
  const occupied = [...new Set(alive().map((u) => u.hex))].sort();
  const opts = (sel) => `<option value="">– pick a hex (or click one) –</option>` +
    `<optgroup label="hexes with units">${occupied.map((h) => `<option value="${esc(h)}"${h === sel ? ' selected' : ''}>${esc(h)}: ${esc(unitsIn(h).map((u) => u.id).join(', '))}</option>`).join('')}</optgroup>` +
    (sel && !occupied.includes(sel) && hexes.includes(sel) ? `<option value="${esc(sel)}" selected>${esc(sel)}</option>` : '');
  return `<div class="row" role="radiogroup" aria-label="What to play">` +
    ['assault', 'declare', 'fire'].map((m) => `<label class="mode"><input type="radio" name="lhy-mode" value="${m}"${L.mode === m ? ' checked' : ''}${live ? '' : ' disabled'}> ` +
      `${{ assault: 'Assault', declare: 'Declare only', fire: 'Fire' }[m]}</label>`).join('') + '</div>' +
    `<div class="row"><label for="lhy-target">Target hex</label><select id="lhy-target"${live ? '' : ' disabled'}>${opts(L.target)}</select>` +
    (L.target ? ` <span class="small">${esc((G.hexes.get(L.target) || {}).terrain || '')}${(G.hexes.get(L.target) || {}).level ? ', level ' + esc(G.hexes.get(L.target).level) : ''}</span>` : '') + '</div>';
}

// formAttackers: a tick box per candidate attacker, and Envelopment.
function formAttackers(live) {
  const cands = lhyCandidates();
  return `<fieldset class="attackers"${live ? '' : ' disabled'}><legend>Attackers</legend>` +
    (L.target ? (cands.length ? cands.map((u) => `<label class="att"><input type="checkbox" data-att="${esc(u.id)}"${L.attackers.has(u.id) ? ' checked' : ''}> ` +
      `<span class="swatch" style="background:${nationColour(u.nationality)}"></span><strong>${esc(u.id)}</strong> ${esc(u.kind)} in ${esc(u.hex)}` +
      ` <span class="small">Coh ${esc(u.eff_cohesion)}${u.states.length ? ', ' + esc(u.states.join(', ')) : ''}${hexDistance(u.hex, L.target) > 1 ? ', 2 hexes away' : ''}</span></label>`).join('')
      : '<p class="hint">No unit of another side is near.</p>') : '<p class="hint">Pick the target hex first.</p>') +
    `<label class="att"><input type="checkbox" id="lhy-env"${L.envelopment ? ' checked' : ''}> Envelopment (Coordinated Activation)</label></fieldset>`;
}

// formMarkers: the fire's DRM markers (small arms, mortar, anti-tank), up to four.
function formMarkers(live) {
  const there = unitsIn(L.target);
  const nats = [...new Set(there.map((u) => u.nationality))];
  const vehicles = there.filter((u) => u.av >= 0);
  return `<fieldset class="markers"${live ? '' : ' disabled'}><legend>DRM markers</legend>` + L.markers.map((m, i) => {
    let who = '';
    if (m.kind === 'sa') who = `<select data-mk="${i}" data-f="who" aria-label="Nationality"><option value="">every nationality</option>${nats.map((n) => `<option${m.who === n ? ' selected' : ''}>${esc(n)}</option>`).join('')}</select>`;
    if (m.kind === 'at') who = `<select data-mk="${i}" data-f="who" aria-label="Target vehicle"><option value="">– target –</option>${vehicles.map((u) => `<option${m.who === u.id ? ' selected' : ''}>${esc(u.id)}</option>`).join('')}</select>`;
    return `<div class="marker row"><select data-mk="${i}" data-f="kind" aria-label="Marker ${i + 1}">` +
      ['sa', 'mortar', 'at'].map((k) => `<option value="${k}"${m.kind === k ? ' selected' : ''}>${{ sa: 'Small arms', mortar: 'Mortar', at: 'Anti-tank' }[k]}</option>`).join('') + '</select>' +
      who + `<label>DRM <input type="number" data-mk="${i}" data-f="drm" value="${esc(m.drm)}" min="-20" max="20" step="1" class="num"></label>` +
      (m.kind === 'mortar' ? `<label>MV <input type="number" data-mk="${i}" data-f="mv" value="${esc(m.mv)}" min="0" max="20" class="num"></label>` : '') +
      (m.kind === 'at' ? `<label>ATV <input type="number" data-mk="${i}" data-f="atv" value="${esc(m.atv)}" min="0" max="20" class="num"></label>` +
        `<label><input type="checkbox" data-mk="${i}" data-f="mg"${m.mg ? ' checked' : ''}> MG</label>` +
        `<label><input type="checkbox" data-mk="${i}" data-f="enfilade"${m.enfilade ? ' checked' : ''}> enfiladed</label>` : '') +
      (L.markers.length > 1 ? `<button type="button" class="mk-del" data-mk="${i}" aria-label="Remove marker ${i + 1}">✕</button>` : '') + '</div>';
  }).join('') + (L.markers.length < 4 ? '<button type="button" id="mk-add">+ marker</button>' : '') + '</fieldset>';
}

// lhyOdds asks the server for the odds of the panel's step (debounced) and shows them.
function lhyOdds() {
  const line = lhyLine();
  if (line === L.oddsFor && (L.odds || L.oddsErr)) { renderOdds(); return; }
  clearTimeout(L.oddsTimer);
  L.odds = null; L.oddsErr = null; L.oddsFor = line;
  renderOdds();
  if (!line || !isLive() || L.mode === 'declare') return;
  const seq = ++L.oddsSeq;
  L.oddsTimer = setTimeout(async () => {
    const r = await api('GET', '/odds?line=' + encodeURIComponent(line));
    if (seq !== L.oddsSeq) return;
    if (r.status === 200) L.odds = r.body;
    else L.oddsErr = { status: r.status, error: r.body.error || String(r.status), rule: r.body.rule };
    renderOdds();
    const bar = $('#lhy-odds .odds-bar') || $('#lhy-odds .refused') || $('#lhy-odds .facts-odds');
    if (bar) bar.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, 200);
}

// renderOdds: the odds before the roll: the rows as a bar and a table, the DRM terms (or the
// fire's markers), the likeliest results.
function renderOdds() {
  const box = $('#lhy-odds');
  const line = L.oddsFor;
  const roll = $('#lhy-roll');
  if (L.oddsErr) {
    box.innerHTML = `<p class="refused"><strong>${L.oddsErr.status === 422 ? 'The referee would refuse it' : 'Cannot weigh it'}` +
      `${L.oddsErr.rule ? ` (${esc(L.oddsErr.rule)})` : ''}:</strong> ${esc(L.oddsErr.error)}</p>`;
    if (roll && L.oddsErr.status === 422) roll.disabled = true;
    return;
  }
  if (!line) { box.innerHTML = '<p class="hint">Pick a target and attackers (or markers): the odds show here before the roll.</p>'; return; }
  if (L.mode === 'declare') { box.innerHTML = '<p class="hint">Declaring rolls nothing; resolve it later (the After panel offers it).</p>'; return; }
  const o = L.odds;
  if (roll) roll.disabled = !(line && isLive() && !spectator() && L.mine !== false);
  if (!o) { box.innerHTML = '<p class="hint">Working out the odds…</p>'; return; }
  let s = '<h3>Before the roll</h3>';
  if (o.rows) {
    const rows = o.rows;
    s += `<div class="odds-bar" role="img" aria-label="${esc(rows.filter((r) => r.p > 0).map((r) => `row ${r.row} ${pct(r.p)}`).join(', '))}">` +
      rows.filter((r) => r.p > 0).map((r) => `<span class="seg" style="width:${(100 * r.p).toFixed(2)}%;background:${ROW_COLOURS[r.row] || '#999'}" ` +
        `title="row ${esc(r.row)}: ${pct(r.p)} (${esc(r.exact)}), the ${esc(r.loser)} loses">${r.p >= 0.12 ? `${esc(r.row)} · ${pct(r.p)}` : r.p >= 0.06 ? pct(r.p) : ''}</span>`).join('') + '</div>' +
      '<table class="odds-rows"><thead><tr><th>row</th><th>loser</th><th>chance</th></tr></thead><tbody>' +
      rows.map((r) => `<tr class="${r.p > 0 ? '' : 'nil'}"><td><span class="sw" style="background:${ROW_COLOURS[r.row] || '#999'}"></span>${esc(r.row)}</td>` +
        `<td>${esc(r.loser)}</td><td><strong>${pct(r.p)}</strong> <span class="small">${r.p > 0 && r.exact !== '1' ? esc(r.exact) : ''}</span></td></tr>`).join('') + '</tbody></table>';
  }
  if (o.terms && o.terms.length) {
    s += '<ul class="terms">' + o.terms.map((t) => `<li><span class="tv">${esc(signed(t.value))}</span> ${esc(t.label)} <span class="rule">${esc(t.rule)}</span></li>`).join('') +
      `<li class="net">net DRM <strong>${esc(signed(o.drm))}</strong>${/clamped to/.test(o.breakdown || '') ? ' (clamped)' : ''}</li></ul>`;
  } else if (o.rows) s += '<p class="small">No DRM: net +0.</p>';
  if (o.markers && o.markers.length) {
    s += '<ul class="terms">' + o.markers.map((m) => `<li>${esc(m.kind)} <span class="tv">${esc(signed(m.drm))}</span>` +
      `${m.target ? ' on ' + esc(m.target) : m.nation ? ' on ' + esc(m.nation) : ''}${m.atv != null ? ' ATV ' + esc(m.atv) : ''}${m.mv ? ' MV ' + esc(m.mv) : ''}${m.mg ? ' MG' : ''}${m.enfilade ? ' enfiladed' : ''}: one d10</li>`).join('') + '</ul>';
  }
  // An outcome of nothing but "no effect on …" facts (or none) is the fire's no-effect result.
  const none = (o.outcomes || []).filter((x) => x.facts.every((f) => /^no effect on /.test(f))).reduce((a, x) => a + x.p, 0);
  const facts = (o.facts || []).filter((f) => !/^row /.test(f.fact) && !/^no effect on /.test(f.fact)).slice(0, o.rows ? 6 : 8);
  if (facts.length || none > 0) {
    s += `<h3>${o.rows ? 'Likeliest results' : 'Likeliest results of the fire'}</h3><ul class="facts-odds">` +
      (none > 0 ? `<li><span class="fbar"><span style="width:${(100 * none).toFixed(1)}%"></span></span> <strong>${pct(none)}</strong> no effect</li>` : '') +
      facts.map((f) => `<li><span class="fbar"><span style="width:${(100 * f.p).toFixed(1)}%"></span></span> <strong>${pct(f.p)}</strong> ${esc(f.fact)} <span class="small">${esc(f.exact)}</span></li>`).join('') + '</ul>';
  }
  s += `<p class="small">Exact, from ${esc(o.paths)} dice path${o.paths === 1 ? '' : 's'}; ${esc((o.outcomes || []).length)} distinct outcomes.</p>`;
  box.innerHTML = s;
}

// ---------------------------------------------------------------- results and the log

// stepDone: a step played from the page: its result shows in the panel (the DRM terms, the
// d10, the row, every event with its rule), its roll on the status line.
function stepDone(b, line) {
  const rep = b.report || {};
  L.result = b;
  renderResult();
  setStatus(`Step ${esc(b.entry && b.entry.n)}: <code>${esc(line)}</code>` +
    (rep.row ? ` — d10 <strong>${esc(rep.roll)}</strong> ${esc(signed(rep.drm))} = ${esc(rep.final)}: <strong>row ${esc(rep.row)}</strong>, the ${esc(rep.loser)} loses`
      : rep.events && rep.events.length ? ' — ' + esc(rep.events[rep.events.length - 1].text) : '') +
    (rep.events && rep.events.length > 1 ? ` <span class="small">(${rep.events.length} results below)</span>` : ''), 'ok');
}

function renderResult() {
  const box = $('#lhy-result');
  const b = L.result;
  if (!b || !b.report) { box.innerHTML = ''; return; }
  const r = b.report;
  let s = `<h3>Result of step ${esc(b.entry.n)}: <code>${esc(r.action)}</code> <button type="button" id="lhy-result-close" class="small" aria-label="Hide this result">✕</button></h3>`;
  if (r.terms && r.terms.length) s += '<ul class="terms">' + r.terms.map((t) => `<li><span class="tv">${esc(signed(t.value))}</span> ${esc(t.label)} <span class="rule">${esc(t.rule)}</span></li>`).join('') + '</ul>';
  if (r.row) {
    s += `<p class="roll-line">d10 <span class="die">${esc(r.roll)}</span> ${esc(signed(r.drm))} = <strong>${esc(r.final)}</strong> → ` +
      `<span class="rowchip" style="background:${ROW_COLOURS[r.row] || '#999'}">row ${esc(r.row)}</span> the <strong>${esc(r.loser)}</strong> loses</p>`;
  } else if (r.roll) s += `<p class="roll-line">d10 <span class="die">${esc(r.roll)}</span>${r.terms && r.terms.length ? ` ${esc(signed(r.drm))} = <strong>${esc(r.final)}</strong>` : ''}</p>`;
  s += lhyEvents(r.events) + lhyDice(r.dice);
  box.innerHTML = s;
}
function lhyEvents(list) {
  if (!list || !list.length) return '';
  return '<ul class="events">' + list.map((e) => `<li>${esc(e.text)}${e.rule ? ` <span class="rule">${esc(e.rule)}</span>` : ''}</li>`).join('') + '</ul>';
}
function lhyDice(list) {
  if (!list || !list.length) return '';
  return '<ul class="dice">' + list.map((d) => `<li><span class="dice-mark">${esc(d.kind)}</span> ${esc(d.for)}: <strong>${esc(d.roll)}</strong></li>`).join('') + '</ul>';
}

function lhyLogEntry(e) {
  const r = e.report || {};
  let s = `<li data-n="${esc(e.n)}" title="${esc(e.text || '')}"><div class="head"><span class="num">${esc(e.n)}</span> ` +
    `<code class="line">${esc(e.line)}</code>` +
    (r.row ? ` <span class="rowchip" style="background:${ROW_COLOURS[r.row] || '#999'}">row ${esc(r.row)}</span> <span class="small">${esc(r.loser)} loses</span>` : '') + '</div>';
  if (r.breakdown) s += `<div class="bd">${esc(r.breakdown)}${r.row ? ` · d10 ${esc(r.roll)} → ${esc(r.final)}` : ''}</div>`;
  s += lhyDice(r.dice) + lhyEvents(r.events);
  return s + '</li>';
}

// renderLHYAfter lists what the last Assault still asks for, and the other steps the referee
// takes now (Recovery, resolving a declared Assault).
function renderLHYAfter() {
  const st = G.view, af = st.after;
  const live = isLive();
  const btn = (s, label) => `<button type="button" class="step" data-line="${esc(s.line)}"${live && mayMove(s.side) ? '' : ' disabled'} title="${esc(s.line)}">${esc(label || s.line)}</button>`;
  let html = '';
  if (af) {
    html += `<h2>After the Assault on ${esc(af.target)}</h2><p class="small">${esc(af.attackers.join(', '))} (${esc(af.attacker_side)}) against ` +
      `${esc(af.defenders.join(', '))} (${esc(af.defender_side)}): the ${esc(af.loser)} lost.</p>`;
    if (af.asks.length) html += '<ul class="asks">' + af.asks.map((a) => `<li>${esc(a)}</li>`).join('') + '</ul>';
    for (const rt of af.retreat) {
      if (!rt.paths.length) continue;
      const side = (unitOf(st, rt.unit) || {}).side;
      html += `<div class="row"><label for="rt-${esc(rt.unit)}">Retreat ${esc(rt.unit)}</label>` +
        `<select id="rt-${esc(rt.unit)}" data-retreat="${esc(rt.unit)}"${live && mayMove(side) ? '' : ' disabled'}>` +
        rt.paths.map((p) => `<option value="${esc(p.join(' '))}">${esc(p.join(' → '))}</option>`).join('') + '</select>' +
        btn({ line: `retreat ${rt.unit} ${rt.paths[0].join(' ')}`, side }, 'Retreat') + '</div>';
    }
    const others = af.steps || [];
    if (others.length) html += '<div class="row">' + others.map((s) => btn(s)).join('') + '</div>';
  }
  const steps = st.steps || [];
  if (steps.length) html += `<h3>${af ? 'Also' : 'Steps open now'}</h3><div class="row">` + steps.map((s) => btn(s)).join('') + '</div>';
  if ((st.assaults || []).length) {
    html += '<p class="small">Declared: ' + st.assaults.map((a) => `${esc(a.target)} by ${esc(a.attackers.join(', '))}${a.envelopment ? ' (Envelopment)' : ''}`).join('; ') + '</p>';
  }
  setHTML($('#lhy-after'), html || '<p class="hint">No Assault result is waiting.</p>');
  renderResult();
}

// ---------------------------------------------------------------- controls

function setup() {
  $('#lhy-result').addEventListener('click', (ev) => {
    if (ev.target.closest('#lhy-result-close')) { L.result = null; renderResult(); }
  });
  setupForm($('#lhy-form'));
  // Retreat paths rewrite their button's line.
  $('#lhy-after').addEventListener('change', (ev) => {
    const s = ev.target.closest('select[data-retreat]');
    if (!s) return;
    const b = s.parentElement.querySelector('button.step');
    b.dataset.line = `retreat ${s.dataset.retreat} ${s.value}`;
    b.title = b.dataset.line;
  });
  // The unit panel: aim the panel at the unit's hex, or tick it as an attacker.
  $('#unit-actions').addEventListener('click', (ev) => {
    const a = ev.target.closest('.lhy-aim');
    if (a) { lhyTarget(a.dataset.hex, a.dataset.mode); return; }
    const t = ev.target.closest('.lhy-toggle');
    if (t) {
      if (L.attackers.has(t.dataset.unit)) L.attackers.delete(t.dataset.unit); else L.attackers.add(t.dataset.unit);
      renderLHYForm(); lhyOdds(); drawUnits(); lhyOverlay(); lhyUnitPanel();
    }
  });
}

// setupForm listens on the Assault and fire panel: the mode, target, attackers and markers
// rewrite the line (and ask for its odds); Roll plays it.
function setupForm(form) {
  form.addEventListener('change', (ev) => {
    const t = ev.target;
    if (t.name === 'lhy-mode') {
      L.mode = t.value;
      if (L.target) { lhyTarget(L.target); return; }
    } else if (t.id === 'lhy-target') {
      lhyTarget(t.value);
      return;
    } else if (t.dataset.att) {
      if (t.checked) L.attackers.add(t.dataset.att); else L.attackers.delete(t.dataset.att);
    } else if (t.id === 'lhy-env') {
      L.envelopment = t.checked;
    } else if (t.dataset.mk !== undefined) {
      const m = L.markers[+t.dataset.mk], f = t.dataset.f;
      if (!m) return;
      if (f === 'mg' || f === 'enfilade') m[f] = t.checked;
      else if (f === 'drm') m.drm = Math.max(-20, Math.min(20, Math.round(+t.value || 0)));
      else if (f === 'kind') { m.kind = t.value; m.who = ''; }
      else m[f] = t.value;
    } else return;
    renderLHYForm();
    lhyOdds();
    lhyOverlay();
  });
  form.addEventListener('input', (ev) => { // numbers: update the line as they are typed
    const t = ev.target;
    if (t.type === 'number' && t.dataset.mk !== undefined) {
      const m = L.markers[+t.dataset.mk];
      if (!m) return;
      if (t.dataset.f === 'drm') m.drm = Math.max(-20, Math.min(20, Math.round(+t.value || 0)));
      else m[t.dataset.f] = t.value;
      $('#lhy-line').textContent = lhyLine() || '…';
      lhyOdds();
    }
  });
  form.addEventListener('click', async (ev) => {
    const b = ev.target.closest('button');
    if (!b || b.disabled) return;
    if (b.id === 'mk-add') { L.markers.push({ kind: 'sa', who: '', drm: 0, mv: '', atv: '', mg: false, enfilade: false }); }
    else if (b.classList.contains('mk-del')) { L.markers.splice(+b.dataset.mk, 1); }
    else if (b.id === 'lhy-roll') { roll(); return; }
    else return;
    renderLHYForm();
    lhyOdds();
  });
}

// roll plays the panel's step; played, the panel starts afresh and the result shows above it,
// under the After panel's retreats (if the Assault asks for them).
async function roll() {
  const line = lhyLine();
  if (!line) return;
  if (await submit(line)) {
    L.target = ''; L.attackers.clear(); L.envelopment = false;
    renderLHY(); drawUnits(); lhyOverlay(); lhyUnitPanel();
    // The After panel's choices (retreats) come first, above the result: show them if any.
    const next = $('#lhy-after').querySelector('button.step:not([disabled]), select:not([disabled])') || $('#lhy-target');
    const res = next && next !== $('#lhy-target') ? $('#lhy-after-box') : $('#lhy-result');
    if (res.firstChild) res.scrollIntoView({ block: 'start', behavior: 'instant' });
    if (next) next.focus({ preventScroll: true });
  }
}

export default {
  name: 'lhy',
  bodyClass: 'lhy',
  placeholder: 'assault C4 US1 US2 · fire E5: at T1 +2 atv 1 · retreat GE1 C3 C2 · turn',
  setup,
  drawBoard: (st) => drawMap(st.map),
  drawUnits,
  drawSelection: () => drawHexSelection(),
  drawOverlay: lhyOverlay,
  header: (v) => ({ text: `Turn ${v.turn}`, colour: '', title: 'Last Hundred Yards: the game turn' }),
  roleText: (st) => (st.role === 'referee' ? 'Referee: moves every side' : `You move: ${(st.may_move || []).join(', ')}`),
  renderUnitList: lhyUnitList,
  renderUnitPanel: lhyUnitPanel,
  renderPhase: () => {
    const can = isLive() && G.live.role === 'referee';
    setHTML($('#mph-buttons'), `<button type="button" class="step" data-line="turn"${can ? '' : ' disabled'} ` +
      'title="A new turn: Advance and Assault limits reset (referee only)">New turn</button>');
  },
  renderPanels: renderLHY,
  select,
  selectable: mapUnits,
  clickMap,
  load: noSteps,
  stepDone,
  logEntry: lhyLogEntry,
  ready: () => 'Ready. Select a unit (click a counter or press <kbd>n</kbd>).',
};
