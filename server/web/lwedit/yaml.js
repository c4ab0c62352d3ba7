// umpire Lightning War table editor, YAML: the export writes the document as lightningwar's
// scenario file reads it (docs/lightningwar-scenarios.md), each item's fields in one canonical
// order whatever order they were read in, so export, import, export gives the same text. The
// import reads a file through the server (POST /api/editor/parse).

import { flow, scalar } from '../editor/yaml.js';
import { L, emptyDoc } from './model.js';
import { firstOf } from './first.js';

// KEYS is each list's field order; fields not named follow in the order read.
const KEYS = {
  terrain: ['id', 'ground', 'slope', 'factor', 'cover', 'area'],
  roads: ['id', 'line', 'width'],
  streams: ['id', 'line'],
  chokes: ['id', 'area'],
  toe: ['id', 'name', 'side', 'parent', 'initiative'],
  units: ['id', 'name', 'formation', 'type', 'tracked', 'wheeled', 'size', 'road', 'xc', 'base', 'leader'],
  detachments: ['id', 'units', 'at', 'facing', 'formation', 'kind', 'revealed'],
  orders: ['to', 'from', 'turn', 'path', 'goal', 'pace', 'reserve', 'text'],
};
export const TABLE_FIELDS = ['terrain', 'roads', 'streams', 'chokes'];
const LISTS = Object.keys(KEYS);
const OWN = new Set(['name', 'ruleset', 'seed', 'table', 'first', 'moves', ...LISTS]);

function canon(item, keys) {
  const o = {};
  for (const k of keys) if (item[k] !== undefined && item[k] !== null) o[k] = item[k];
  for (const [k, v] of Object.entries(item)) if (!(k in o) && v !== undefined && v !== null) o[k] = v;
  return o;
}

function list(out, k, items) {
  if (!items.length) return;
  out.push(k + ':');
  for (const it of items) out.push('  - ' + flow(canon(it, KEYS[k])));
}

// tableYAML is the table alone, as a saved map holds it: table, terrain, roads, streams, chokes.
export function tableYAML(doc = L.doc) {
  const out = ['table: ' + flow({ width: doc.table.width, height: doc.table.height })];
  for (const k of TABLE_FIELDS) list(out, k, doc[k]);
  return out.join('\n') + '\n';
}

// exportYAML is the document as a scenario file, with the side that moves first (first.js).
export function exportYAML(doc = L.doc) {
  const out = ['name: ' + scalar(doc.name), 'ruleset: lightningwar'];
  if (doc.seed !== null && doc.seed !== undefined) out.push('seed: ' + flow(doc.seed));
  out.push(tableYAML(doc).trimEnd());
  for (const k of ['toe', 'units', 'detachments', 'orders']) list(out, k, doc[k]);
  if (firstOf(doc)) out.push('first: ' + scalar(firstOf(doc)));
  for (const [k, v] of Object.entries(doc.top || {})) out.push(scalar(k) + ': ' + flow(v));
  const moves = doc.moves || [];
  out.push('moves:' + (moves.length ? '' : ' []'));
  for (const m of moves) out.push('  - ' + flow(m));
  return out.join('\n') + '\n';
}

// parse asks the server to read YAML text: the document as JSON.
export async function parse(text) {
  const res = await fetch('/api/editor/parse', { method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: text });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

// readTable puts a table's fields (a scenario's or a saved map's) into doc.
export function readTable(f, doc) {
  const t = f.table || {};
  doc.table = { width: Number(t.width ?? 72), height: Number(t.height ?? 48) };
  for (const k of TABLE_FIELDS) doc[k] = Array.isArray(f[k]) ? f[k] : [];
}

// importYAML reads a scenario file into a new document. A file naming a saved table (`table:
// {saved: NAME}`) gets that table drawn in, which the next export writes out in full: the
// answer then says so.
export async function importYAML(text) {
  const f = await parse(text);
  if (!f || typeof f !== 'object' || String(f.ruleset || '').toLowerCase() !== 'lightningwar') throw new Error('not a ruleset: lightningwar file');
  const doc = emptyDoc();
  doc.name = String(f.name ?? doc.name);
  doc.seed = f.seed ?? null;
  let note = '';
  if (f.table && f.table.saved !== undefined) {
    const res = await fetch('/api/maps/' + encodeURIComponent(f.table.saved));
    const m = await res.json();
    if (!res.ok) throw new Error('table.saved: ' + (m.error || res.statusText));
    readTable(m.map_json || {}, doc);
    note = ' The saved table ' + f.table.saved + ' is drawn in: the export writes it out in full.';
  } else readTable(f, doc);
  for (const k of ['toe', 'units', 'detachments', 'orders']) doc[k] = Array.isArray(f[k]) ? f[k] : [];
  doc.moves = f.moves || [];
  doc.first = f.first === undefined || f.first === null ? '' : String(f.first);
  for (const [k, v] of Object.entries(f)) if (!OWN.has(k)) doc.top[k] = v;
  L.doc = doc;
  return note;
}
