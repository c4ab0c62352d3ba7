// umpire Lightning War table editor, saved maps (API.md): save the table under a name (POST
// /api/maps with ruleset lightningwar; the edit token answered is kept in localStorage under
// the map's name, and a later save of that name overwrites with PUT), list the saved tables
// and open one (GET /api/maps/{name}: its table, terrain, roads, streams and chokes).

import { $, esc } from '../util.js';
import { L } from './model.js';
import { tableYAML, readTable } from './yaml.js';

const key = (name) => 'umpire.lwmap.' + name;

async function answer(res) {
  const text = await res.text();
  let data;
  try { data = JSON.parse(text); } catch (e) { data = { error: text.trim() || res.statusText }; }
  if (!res.ok) throw new Error(data.error || 'error ' + res.status);
  return data;
}

// saveMap saves the table under name: a new map, or an overwrite when its token is known.
export async function saveMap(name) {
  const token = localStorage.getItem(key(name));
  const body = JSON.stringify({ name, ruleset: 'lightningwar', map: tableYAML() });
  if (token) {
    const res = await fetch('/api/maps/' + encodeURIComponent(name), { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body });
    if (res.status !== 404) {
      await answer(res);
      return 'overwritten';
    }
    localStorage.removeItem(key(name)); // deleted since: save it anew
  }
  const data = await answer(await fetch('/api/maps', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
  localStorage.setItem(key(name), data.token);
  return 'saved';
}

// listMaps fills #maps with the saved Lightning War tables, each with an Open button.
export async function listMaps() {
  const all = await answer(await fetch('/api/maps'));
  const mine = all.filter((m) => m.ruleset === 'lightningwar');
  $('#maps').innerHTML = mine.length ? mine.map((m) => `<li><button type="button" class="open-map" data-name="${esc(m.name)}">Open</button> ${esc(m.name)} <span class="small">${esc(m.summary)}</span></li>`).join('') : '<li class="small">no saved tables</li>';
}

// openMap replaces the table (not the TO&E, units or orders) with the saved map name.
export async function openMap(name) {
  const m = await answer(await fetch('/api/maps/' + encodeURIComponent(name)));
  readTable(m.map_json || {}, L.doc);
  $('#map-name').value = name;
}
