// umpire Lightning War table editor, saved maps (docs/api.md): save the table under a name (POST
// /api/maps with ruleset lightningwar; a later save of that name overwrites with PUT and the
// edit token), list the saved tables, open one (GET /api/maps/{name}: its table, terrain,
// roads, streams and chokes), copy and delete one. The requests and the edit tokens kept in
// localStorage are the map editor's (editor/saved.js): one store of tokens for all saved maps,
// as the server has one namespace of map names.

import { $, esc } from '../util.js';
import { L } from './model.js';
import { tableYAML, readTable } from './yaml.js';
import { api, tokenOf, keepToken, dropToken } from '../editor/saved.js';

// Tokens this editor kept under its own key before it shared the map editor's move over.
for (const k of Object.keys(localStorage)) if (k.startsWith('umpire.lwmap.')) {
  if (!tokenOf(k.slice(13))) keepToken(k.slice(13), localStorage.getItem(k));
  localStorage.removeItem(k);
}

const path = (name) => '/api/maps/' + encodeURIComponent(name);

// saveMap saves the table under name: a new map, or an overwrite when its token is known.
export async function saveMap(name) {
  const token = tokenOf(name);
  const body = { name, ruleset: 'lightningwar', map: tableYAML() };
  if (token) {
    try {
      await api('PUT', path(name), body, token);
      return 'overwritten';
    } catch (e) {
      if (e.status !== 404) throw e;
      dropToken(name); // deleted since: save it anew
    }
  }
  const data = await api('POST', '/api/maps', body);
  keepToken(name, data.token);
  return 'saved';
}

// listMaps fills #maps with the saved Lightning War tables, each with Open, Copy and Delete.
export async function listMaps() {
  const all = await api('GET', '/api/maps');
  const mine = (all || []).filter((m) => m.ruleset === 'lightningwar');
  $('#maps').innerHTML = mine.length ? mine.map((m) => `<li data-map="${esc(m.name)}"><button type="button" class="open-map" data-name="${esc(m.name)}">Open</button> ${esc(m.name)}
    <span class="small">${esc(m.summary)}${tokenOf(m.name) ? ' · yours' : ''}</span>
    <button type="button" class="copy-map">Copy</button> <button type="button" class="delete-map">Delete</button></li>`).join('') : '<li class="small">no saved tables</li>';
}

// openMap replaces the table (not the TO&E, units or orders) with the saved map name.
export async function openMap(name) {
  const m = await api('GET', path(name));
  readTable(m.map_json || {}, L.doc);
  $('#map-name').value = name;
}
