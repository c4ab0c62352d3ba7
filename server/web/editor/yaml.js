// umpire map editor, YAML: the export writes the document as the scenario file's map:, units:,
// groups: and phasing: (spec/scenario-format.md, as asl/aslfile reads them), in one canonical order
// (hexes and hexsides in the grid's order), so export, import, export gives the same text. The
// import reads a file through the server (POST /api/editor/parse) and takes what the editor
// draws; it says which fields it left out.

import { M, SIDE_LISTS, ORDERED_SIDES, emptyDoc, hexId, loadGrid } from './model.js';
import { phasingOf } from './phasing.js';

const RESERVED = /^(true|false|yes|no|on|off|null|y|n|~)$/i;

// scalar writes a string or number as a YAML scalar: plain when it reads back as the same
// string, else double-quoted (JSON's quoting is YAML's).
export function scalar(v) {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const s = String(v ?? '');
  if (/^[A-Za-z0-9][A-Za-z0-9 ._/()'-]*$/.test(s) && !/ $/.test(s) && !RESERVED.test(s) && !/^[-+.0-9][-+.0-9eE_]*$/.test(s)) return s;
  return JSON.stringify(s);
}

// flow writes a value in YAML's flow style: {k: v, ...}, [a, b].
export function flow(v) {
  if (Array.isArray(v)) return '[' + v.map(flow).join(', ') + ']';
  if (v && typeof v === 'object') return '{' + Object.entries(v).map(([k, x]) => scalar(k) + ': ' + flow(x)).join(', ') + '}';
  return scalar(v);
}

const byGrid = (a, b) => (M.grid.order.get(a) ?? 1e9) - (M.grid.order.get(b) ?? 1e9);
const sideOrder = (p, q) => {
  const [a1, b1] = p.split('-'), [a2, b2] = q.split('-');
  return byGrid(a1, a2) || byGrid(b1, b2);
};

// hexValue is how map.terrain writes one hex: its terrain word, or an object with its facts;
// null for a plain Open Ground hex at level 0.
function hexValue(d) {
  const o = { terrain: d.terrain };
  if (d.level) o.level = d.level;
  if (d.bridge) o.bridge = d.bridge;
  if (d.ford) o.ford = true;
  if (Object.keys(o).length === 1) return d.terrain === 'open' ? null : d.terrain;
  return o;
}

// unitValue is one unit as units: writes it: id, side, its counter, at, vca, motion, bu,
// then the fields the editor keeps but does not draw, in their order.
function unitValue(u) {
  const o = { id: u.id, side: u.side, ...u.counter, at: u.at };
  if (u.vca) o.vca = u.vca;
  if (u.motion) o.motion = true;
  if (u.bu) o.bu = true;
  return Object.assign(o, u.rest || {});
}

// mapLines are the document's map: as the scenario file writes it, each line indented two
// spaces (without the "map:" line): what a saved map holds (POST /api/maps).
export function mapLines(doc = M.doc) {
  const out = [doc.rows.length === 1 ? '  boards: ' + flow(doc.rows[0]) : '  rows: ' + flow(doc.rows)];
  const ids = Object.keys(doc.hexes).filter((id) => M.grid.byId.has(id)).sort(byGrid);
  const ts = ids.map((id) => [id, hexValue(doc.hexes[id])]).filter(([, v]) => v !== null);
  if (ts.length) {
    out.push('  terrain:');
    for (const [id, v] of ts) out.push('    ' + scalar(id) + ': ' + flow(v));
  }
  for (const k of SIDE_LISTS) {
    const l = (doc.sides[k] || []).slice().sort(sideOrder);
    if (l.length) out.push('  ' + k + ': ' + flow(l));
  }
  const ws = Object.keys(doc.wrecks).filter((id) => doc.wrecks[id] > 0).sort(byGrid);
  if (ws.length) out.push('  wrecks: ' + flow(Object.fromEntries(ws.map((id) => [id, doc.wrecks[id]]))));
  if (doc.conditions) out.push('  conditions: ' + scalar(doc.conditions));
  if (doc.grain) out.push('  grain: ' + scalar(doc.grain));
  return out;
}

// mapYAML is the document's map: alone, as a saved map's YAML text.
export function mapYAML(doc = M.doc) {
  return mapLines(doc).map((l) => l.slice(2)).join('\n') + '\n';
}

// exportYAML is the document as a scenario file: an imported file's other top-level fields,
// moves and expectations come back as they were read. With saved, a saved map's name, the
// file refers to it (map: {saved: NAME}) instead of writing the map.
export function exportYAML(doc = M.doc, saved = '') {
  const out = ['name: ' + scalar(doc.name), 'ruleset: asl'];
  if (doc.seed !== null && doc.seed !== undefined) out.push('seed: ' + flow(doc.seed));
  for (const [k, v] of Object.entries(doc.top || {})) out.push(scalar(k) + ': ' + flow(v));
  if (saved) out.push('map: ' + flow({ saved }));
  else out.push('map:', ...mapLines(doc));
  out.push('units:');
  for (const u of doc.units) out.push('  - ' + flow(unitValue(u)));
  if (doc.groups.length) {
    out.push('groups:');
    for (const g of doc.groups) out.push('  - ' + flow({ id: g.id, kind: g.kind, members: g.members }));
  }
  const phasing = phasingOf(doc);
  if (phasing) out.push('phasing: ' + scalar(phasing));
  const moves = doc.moves || [], expect = doc.expect || [];
  out.push('moves:' + (moves.length ? '' : ' []'));
  for (const m of moves) out.push('  - ' + flow(m));
  if (expect.length) out.push('expect:');
  for (const e of expect) out.push('  - ' + flow(e));
  return out.join('\n') + '\n';
}

// parse asks the server to read YAML text: the document as JSON.
async function parse(text) {
  const res = await fetch('/api/editor/parse', { method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: text });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

const HEX_FIELDS = new Set(['terrain', 'level', 'bridge', 'ford']);
const MAP_FIELDS = new Set(['boards', 'rows', 'terrain', 'levels', 'wrecks', 'conditions', 'mud', 'grain', ...SIDE_LISTS]);

// importYAML reads a scenario file into a new document (and loads its grid); the answer lists
// what it left out.
export async function importYAML(text) {
  const f = await parse(text);
  if (!f || typeof f !== 'object' || !f.map) throw new Error('no map: in this file');
  const doc = emptyDoc(), left = [];
  doc.name = String(f.name ?? doc.name);
  doc.seed = f.seed ?? null; // no seed: fresh dice each play, as the file had
  const mp = f.map;
  doc.rows = (mp.rows || [mp.boards || []]).map((r) => r.map(String));
  const old = M.doc;
  M.doc = doc;
  try { await loadGrid(); } catch (e) { M.doc = old; throw e; }
  for (const k of Object.keys(mp)) if (!MAP_FIELDS.has(k)) left.push('map.' + k);
  for (const [k, v] of Object.entries(f)) if (!['name', 'ruleset', 'seed', 'map', 'units', 'groups', 'phasing', 'moves', 'expect'].includes(k)) doc.top[k] = v;
  doc.phasing = f.phasing === undefined || f.phasing === null ? '' : String(f.phasing);
  doc.moves = f.moves || [];
  doc.expect = f.expect || [];
  readHexes(mp, doc, left);
  readSides(mp, doc, left);
  for (const [id, n] of Object.entries(mp.wrecks || {})) if (hexId(id)) doc.wrecks[hexId(id)] = Number(n);
  doc.conditions = mp.mud === true ? 'mud' : String(mp.conditions || '').toLowerCase().replace(/_/g, ' ').replace(/^dry$/, '');
  doc.grain = String(mp.grain || '').toLowerCase().replace(/_/g, ' ').replace(/^in season$/, '');
  doc.units = (f.units || []).map(readUnit);
  doc.groups = (f.groups || []).map((g) => ({ id: String(g.id), kind: String(g.kind), members: (g.members || []).map(String) }));
  return left;
}

function readHexes(mp, doc, left) {
  for (const [k, v] of Object.entries(mp.terrain || {})) {
    const id = hexId(k);
    if (!id) { left.push('map.terrain.' + k); continue; }
    const d = { terrain: 'open', level: 0, bridge: '', ford: false };
    if (typeof v === 'string') d.terrain = v;
    else {
      for (const x of Object.keys(v)) if (!HEX_FIELDS.has(x)) left.push('map.terrain.' + k + '.' + x);
      Object.assign(d, { terrain: String(v.terrain ?? 'open'), level: Number(v.level || 0), bridge: String(v.bridge || ''), ford: !!v.ford });
    }
    d.terrain = d.terrain.toLowerCase().replace(/_/g, ' ');
    doc.hexes[id] = d;
  }
  for (const [k, v] of Object.entries(mp.levels || {})) {
    const id = hexId(k);
    if (!id) { left.push('map.levels.' + k); continue; }
    doc.hexes[id] = Object.assign(doc.hexes[id] || { terrain: 'open', level: 0, bridge: '', ford: false }, { level: Number(v) });
  }
}

// readSides reads the hexside lists: "A-B", a chain "A-B-C" (each hexside along it), or
// {hexside: ...} (its options left out).
function readSides(mp, doc, left) {
  for (const k of SIDE_LISTS) {
    for (let it of mp[k] || []) {
      if (it && typeof it === 'object') { left.push('map.' + k + ' options'); it = it.hexside || it.path || ''; }
      const ids = String(it).split('-').map(hexId);
      for (let i = 1; i < ids.length; i++) {
        if (!ids[i - 1] || !ids[i]) { left.push('map.' + k + ' ' + it); break; }
        let a = ids[i - 1], b = ids[i];
        if (!ORDERED_SIDES.has(k) && M.grid.order.get(b) < M.grid.order.get(a)) [a, b] = [b, a];
        const key = a + '-' + b;
        if (!doc.sides[k].includes(key)) doc.sides[k].push(key);
      }
    }
  }
}

// readUnit keeps a unit's counter (vehicle, infantry or cavalry) as written, its hex and VCA
// in the map's ids, motion and bu, and every other field as it is.
function readUnit(u) {
  const out = { id: String(u.id), side: String(u.side), counter: {}, at: '', vca: '', motion: !!u.motion, bu: !!u.bu, rest: {} };
  for (const [k, v] of Object.entries(u)) {
    if (k === 'vehicle' || k === 'infantry' || k === 'cavalry') out.counter[k] = v;
    else if (k === 'at') out.at = typeof v === 'string' ? (hexId(v) || v) : v;
    else if (k === 'vca') out.vca = String(v).split('-').map((h) => hexId(h) || h).join('-');
    else if (!['id', 'side', 'motion', 'bu'].includes(k)) out.rest[k] = v;
  }
  return out;
}
