// umpire map editor, saved maps: save the drawn map under a name (POST /api/maps, the scenario
// file's map: alone), save it again (PUT with its edit token), list the saved ASL maps, open one
// into the editor, copy and delete (docs/api.md, "Saved maps"). Each edit token this browser got is
// kept in localStorage under the map's name: only it overwrites or deletes the map. The server's
// errors (a map's positioned validation errors among them) are shown as it wrote them.

import { $, esc } from '../util.js';
import { M, loadGrid } from './model.js';
import { change } from './undo.js';
import { mapYAML, importYAML } from './yaml.js';

const TOKEN_KEY = 'umpire.map-token.';
export const tokenOf = (name) => localStorage.getItem(TOKEN_KEY + name) || '';
export const keepToken = (name, tok) => localStorage.setItem(TOKEN_KEY + name, tok);
export const dropToken = (name) => localStorage.removeItem(TOKEN_KEY + name);

// S.saved is the saved map the editor's map is (its name and the map's YAML when saved or
// opened), so a game can be started from the server's copy while the map is unchanged.
export const S = { saved: null };

// savedName is the name of the saved map the drawn map still is, "" once it changed.
export function savedName() {
  return S.saved && S.saved.text === mapYAML() ? S.saved.name : '';
}

// api sends a request and answers the server's JSON (or throws its error, with the status).
export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: text.trim() }; }
  if (!res.ok) {
    const err = new Error((data && data.error) || res.statusText || 'error ' + res.status);
    err.status = res.status;
    throw err;
  }
  return data;
}

const path = (name) => '/api/maps/' + encodeURIComponent(name);
const warned = (d) => (d && d.warnings && d.warnings.length ? ' Warnings: ' + esc(d.warnings.join('; ')) : '');

// save saves the drawn map under the name in #map-name: a new map, or the same name again with
// the token this browser keeps for it.
async function save(say) {
  const name = $('#map-name').value.trim();
  const text = mapYAML();
  const tok = tokenOf(name);
  let d;
  if (tok) {
    try {
      d = await api('PUT', path(name), { ruleset: 'asl', map: text }, tok);
    } catch (e) {
      if (e.status === 403) throw new Error(`“${name}” was saved by someone else: save a copy under a new name`);
      if (e.status !== 404) throw e;
      dropToken(name); // deleted meanwhile: saved anew below
    }
  }
  if (d) say(`Saved again: <strong>${esc(name)}</strong> (${esc(d.summary)}).` + warned(d), 'ok');
  else {
    try {
      d = await api('POST', '/api/maps', { name, ruleset: 'asl', map: text });
    } catch (e) {
      if (e.status === 409) throw new Error(`“${name}” was saved by someone else: save a copy under a new name`);
      throw e;
    }
    keepToken(name, d.token);
    say(`Saved as <strong>${esc(name)}</strong> (${esc(d.summary)}). This browser keeps its edit token.` + warned(d), 'ok');
  }
  S.saved = { name, text };
}

// open reads a saved map into the editor: its map replaces the drawn one; the units, groups
// and the rest of the scenario stay (the units still on the map).
async function open(name, say, redraw) {
  const d = await api('GET', path(name));
  const before = JSON.stringify(M.doc);
  const old = M.doc;
  const file = 'name: x\nruleset: asl\nmap:\n' + d.map.replace(/\n+$/, '').split('\n').map((l) => '  ' + l).join('\n') + '\nunits: []\n';
  let left;
  try {
    ({ left } = await importYAML(file)); // units: [] names no vehicle: no problems
  } catch (e) {
    M.doc = old;
    await loadGrid().catch(() => {});
    throw e;
  }
  const now = M.doc;
  for (const k of ['name', 'seed', 'top', 'moves', 'expect', 'groups']) now[k] = old[k];
  now.units = old.units.filter((u) => M.grid.byId.has(u.at));
  M.doc = JSON.parse(before);
  change(() => {});
  M.doc = now;
  S.saved = { name, text: mapYAML() };
  $('#map-name').value = name;
  say(`Opened <strong>${esc(name)}</strong> (${esc(d.summary)}).` + (left.length ? ' Left out: ' + esc(left.join(', ')) : ''), left.length ? 'warn' : 'ok');
  redraw();
}

// copyMap copies the saved map name (of any ruleset) to the name in #map-name and keeps the
// copy's edit token; say tells of it.
export async function copyMap(name, say) {
  const to = $('#map-name').value.trim();
  if (!to || to === name) throw new Error(`type the copy's new name in the name box first`);
  const d = await api('POST', path(name) + '/copy', { name: to });
  keepToken(to, d.token);
  say(`Copied <strong>${esc(name)}</strong> to <strong>${esc(to)}</strong>. This browser keeps the copy's edit token.`, 'ok');
}

// deleteMap deletes the saved map name with the edit token this browser keeps for it.
export async function deleteMap(name, say) {
  const tok = tokenOf(name);
  try {
    await api('DELETE', path(name), undefined, tok);
  } catch (e) {
    if (e.status === 401 || e.status === 403) throw new Error(`“${name}” was saved by someone else (this browser has not its edit token): ` + e.message);
    throw e;
  }
  dropToken(name);
  say(`Deleted <strong>${esc(name)}</strong>.`, 'ok');
}

async function del(name, say) {
  await deleteMap(name, say);
  if (S.saved && S.saved.name === name) S.saved = null;
}

// listMaps shows the saved ASL maps, each with Open, Copy and Delete.
export async function listMaps() {
  const all = await api('GET', '/api/maps');
  const maps = (all || []).filter((m) => m.ruleset === 'asl');
  $('#saved-list').innerHTML = maps.length ? maps.map((m) => `<li data-map="${esc(m.name)}"><strong>${esc(m.name)}</strong>
    <span class="small">${esc(m.summary)}${tokenOf(m.name) ? ' · yours' : ''}</span>
    <button type="button" data-act="open">Open</button> <button type="button" data-act="copy">Copy</button>
    <button type="button" data-act="delete">Delete</button></li>`).join('') : '<li class="small">none saved yet</li>';
}

// bindSaved wires the saved maps' panel; say shows a message, redraw draws the document.
export function bindSaved(say, redraw) {
  const fail = (what) => (e) => say(`<strong>${what}:</strong> <code>${esc(e.message)}</code>`, 'err');
  const refresh = () => listMaps().catch(fail('The saved maps could not be listed'));
  $('#save-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    save(say).then(refresh, fail('Not saved'));
  });
  $('#saved-list').addEventListener('click', (ev) => {
    const btn = ev.target.closest('button[data-act]');
    if (!btn) return;
    const name = btn.closest('li').dataset.map;
    const act = { open: () => open(name, say, redraw), copy: () => copyMap(name, say), delete: () => del(name, say) }[btn.dataset.act];
    act().then(refresh, fail({ open: 'Not opened', copy: 'Not copied', delete: 'Not deleted' }[btn.dataset.act]));
  });
  refresh();
}
