// umpire Lightning War table editor, the page: wires the table's tools, the TO&E forms, the
// YAML export and import, undo and redo, the saved tables and starting a game, and redraws
// after every change.

import { $, esc } from '../util.js';
import { L, change, undo, redo, canUndo, canRedo, pointText } from './model.js';
import { groundAt } from './geom.js';
import { drawAll, bridgesHTML } from './draw.js';
import { bindTable, finish, markChoke, tableAt } from './tools.js';
import { bindForms, renderForms } from './forms.js';
import { exportYAML, importYAML } from './yaml.js';
import { saveMap, listMaps, openMap } from './maps.js';
import { startGame } from '../editor/start.js';
import { copyMap, deleteMap } from '../editor/saved.js';
import { bindFirst, renderFirst } from './first.js';

const status = (html, kind) => { const el = $('#status'); el.className = kind || 'info'; el.innerHTML = html; };

function redraw() {
  drawAll($('#lwmap'));
  renderForms();
  renderFirst();
  $('#bridges').innerHTML = bridgesHTML();
  $('#undo').disabled = !canUndo();
  $('#redo').disabled = !canRedo();
  $('#tw').value = L.doc.table.width;
  $('#th').value = L.doc.table.height;
  $('#scn-name').value = L.doc.name;
}

// guarded runs an async action, reporting its failure on the status line.
const guarded = (what, fn) => async (ev) => {
  try { await fn(ev); } catch (e) { status('<strong>' + what + ':</strong> <code>' + esc(e.message) + '</code>', 'err'); }
  redraw();
};

function bindFile() {
  $('#export').addEventListener('click', () => { $('#yaml').value = exportYAML(); status('Exported: the scenario file is below.', 'ok'); });
  $('#import').addEventListener('click', guarded('Import', async () => {
    const before = JSON.stringify(L.doc);
    const note = await importYAML($('#yaml').value);
    const now = L.doc;
    L.doc = JSON.parse(before);
    change(() => {});
    L.doc = now;
    status('Imported.' + esc(note), 'ok');
  }));
  $('#start').addEventListener('click', guarded('The server refused the scenario', async () => {
    const text = exportYAML();
    $('#yaml').value = text;
    status('Creating…');
    const g = await startGame(text);
    status('Game created: ' + esc(g.name || g.id) + '.', 'ok');
  }));
  $('#save-map').addEventListener('click', guarded('Save', async () => {
    const name = $('#map-name').value.trim();
    const how = await saveMap(name);
    status('Table ' + how + ' as ' + esc(name) + '.', 'ok');
    await listMaps();
  }));
  $('#maps').addEventListener('click', guarded('Open', async (ev) => {
    const b = ev.target.closest('button.open-map');
    if (!b) return;
    const before = JSON.stringify(L.doc);
    await openMap(b.dataset.name);
    const now = L.doc;
    L.doc = JSON.parse(before);
    change(() => {});
    L.doc = now;
    status('Opened the saved table ' + esc(b.dataset.name) + '.', 'ok');
  }));
  $('#maps').addEventListener('click', guarded('Not copied', async (ev) => {
    const b = ev.target.closest('button.copy-map');
    if (b) { await copyMap(b.closest('li').dataset.map, status); await listMaps(); }
  }));
  $('#maps').addEventListener('click', guarded('Not deleted', async (ev) => {
    const b = ev.target.closest('button.delete-map');
    if (b) { await deleteMap(b.closest('li').dataset.map, status); await listMaps(); }
  }));
}

async function main() {
  bindTable($('#lwmap'), redraw, status);
  bindForms(redraw, status);
  bindFirst(redraw);
  bindFile();
  $('#lwmap').addEventListener('mousemove', (ev) => {
    const p = tableAt($('#lwmap'), ev);
    $('#here').textContent = p.join(', ') + '": ' + pointText(groundAt(L.doc, p));
  });
  $('#finish').addEventListener('click', () => { finish(status); redraw(); });
  $('#bridges').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.mark-choke');
    if (!b) return;
    markChoke(Number(b.dataset.x), Number(b.dataset.y));
    status('Choke point marked on the bridge.', 'ok');
    redraw();
  });
  $('#table-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const w = Number($('#tw').value), h = Number($('#th').value);
    if (!(w >= 1 && h >= 1 && w <= 10000 && h <= 10000)) return status('The table is 1 to 10000 inches each way.', 'err');
    change((d) => { d.table = { width: w, height: h }; d.name = $('#scn-name').value.trim() || 'editor table'; });
    redraw();
  });
  document.querySelectorAll('input[name="tool"]').forEach((r) => r.addEventListener('change', () => { L.draft = []; redraw(); }));
  $('#undo').addEventListener('click', () => { L.draft = []; if (undo()) redraw(); });
  $('#redo').addEventListener('click', () => { L.draft = []; if (redo()) redraw(); });
  addEventListener('keydown', (ev) => {
    if (ev.target.matches('input, textarea, select, button')) return; // Enter on a button is its click
    if (ev.key === 'Escape') { L.draft = []; redraw(); }
    if (ev.key === 'Enter') { finish(status); redraw(); }
    if ((ev.ctrlKey || ev.metaKey) && ev.key === 'z') { ev.preventDefault(); if (undo()) redraw(); }
  });
  redraw();
  await listMaps().catch((e) => status('Saved tables: ' + esc(e.message), 'warn'));
  document.body.dataset.ready = '1';
}

main().catch((e) => status('<strong>The editor could not start:</strong> ' + esc(e.message), 'err'));
