// umpire map editor, the page: loads the legend and the grid, wires the panels to the model,
// redraws after every change, and runs the YAML export and import, undo and redo, and starting
// a game (from the drawn map, or from its saved copy: saved.js).

import { $, esc } from '../util.js';
import { M, loadGrid } from './model.js';
import { L, drawAll, legendHTML } from './draw.js';
import { change, undo, redo, canUndo, canRedo } from './undo.js';
import { fillPalette } from './palette.js';
import { bindMap } from './tools.js';
import { bindUnits, renderUnits } from './units.js';
import { exportYAML, importYAML } from './yaml.js';
import { startGame } from './start.js';
import { withOpponent, opponentFields } from '../opponent.js';
import { bindSaved, savedName } from './saved.js';
import { bindPhasing, renderPhasing } from './phasing.js';

const status = (html, kind) => { const el = $('#status'); el.className = kind || 'info'; el.innerHTML = html; };

function redraw() {
  drawAll($('#emap'));
  renderUnits();
  renderPhasing();
  $('#undo').disabled = !canUndo();
  $('#redo').disabled = !canRedo();
  $('#boards').value = M.doc.rows.map((r) => r.join(',')).join('/');
  $('#scn-name').value = M.doc.name;
  $('#conditions').value = M.doc.conditions || '';
  $('#grain-season').value = M.doc.grain || '';
}

// afterHistory reloads the grid when an undo or redo changed the boards, then redraws.
async function afterHistory(ok) {
  if (!ok) return;
  await loadGrid();
  redraw();
}

async function applyBoards() {
  const rows = $('#boards').value.split(/[;/]/).map((r) => r.split(',').map((b) => b.trim()).filter(Boolean)).filter((r) => r.length);
  const before = JSON.stringify(M.doc.rows);
  if (!rows.length || JSON.stringify(rows) === before) return;
  const old = M.doc.rows;
  M.doc.rows = rows;
  try { await loadGrid(); } catch (e) { M.doc.rows = old; status('<strong>Boards:</strong> ' + esc(e.message), 'err'); return; }
  M.doc.rows = old;
  change((doc) => {
    doc.rows = rows;
    // What lies off the new boards goes.
    for (const id of Object.keys(doc.hexes)) if (!M.grid.byId.has(id)) delete doc.hexes[id];
    for (const id of Object.keys(doc.wrecks)) if (!M.grid.byId.has(id)) delete doc.wrecks[id];
    for (const l of Object.values(doc.sides)) l.splice(0, l.length, ...l.filter((k) => k.split('-').every((id) => M.grid.byId.has(id))));
  });
  status('Boards: ' + esc(rows.map((r) => r.join(' ')).join(' / ')) + '.', 'ok');
  redraw();
}

async function main() {
  const res = await fetch('/api/rulesets/asl/legend');
  const data = await res.json();
  for (const e of data.legend) {
    L.legend.set(e.class, e);
    if (e.word) L.byWord.set(e.kind + ':' + e.word, e);
  }
  $('#ed-legend').innerHTML = legendHTML();
  fillPalette();
  await loadGrid();
  bindMap($('#emap'), redraw);
  bindUnits(redraw);
  bindPhasing(redraw);
  $('#boards-form').addEventListener('submit', (ev) => { ev.preventDefault(); applyBoards(); });
  $('#scn-name').addEventListener('change', () => { change((doc) => { doc.name = $('#scn-name').value.trim() || 'editor map'; }); redraw(); });
  $('#conditions').addEventListener('change', () => { change((doc) => { doc.conditions = $('#conditions').value; }); redraw(); });
  $('#grain-season').addEventListener('change', () => { change((doc) => { doc.grain = $('#grain-season').value; }); redraw(); });
  $('#undo').addEventListener('click', () => afterHistory(undo()));
  $('#redo').addEventListener('click', () => afterHistory(redo()));
  addEventListener('keydown', (ev) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.target.matches('input, textarea')) return;
    if (ev.key === 'z' && !ev.shiftKey) { ev.preventDefault(); afterHistory(undo()); }
    if (ev.key === 'y' || (ev.key === 'Z' && ev.shiftKey)) { ev.preventDefault(); afterHistory(redo()); }
  });
  $('#export').addEventListener('click', () => { $('#yaml').value = exportYAML(); status('Exported: the scenario file is below.', 'ok'); });
  $('#import').addEventListener('click', async () => {
    const before = JSON.stringify(M.doc);
    try {
      const { left, problems } = await importYAML($('#yaml').value);
      const now = M.doc;
      M.doc = JSON.parse(before);
      change(() => {});
      M.doc = now;
      const fix = problems.length ? ' <strong>To fix before Start:</strong> ' + problems.map((p) => '<code>' + esc(p) + '</code>').join(' ') : '';
      status('Imported.' + (left.length ? ' Left out (the editor does not draw them): ' + esc(left.join(', ')) : '') + fix, left.length || problems.length ? 'warn' : 'ok');
    } catch (e) {
      M.doc = JSON.parse(before);
      await loadGrid().catch(() => {});
      status('<strong>Import:</strong> <code>' + esc(e.message) + '</code>', 'err');
    }
    redraw();
  });
  const opponent = opponentFields('opponent-side', 'opponent-boldness', 'opponent-boldness-shown');
  $('#start').addEventListener('click', async () => {
    // A map saved (or opened) and unchanged since: the game takes the server's copy of it.
    const saved = savedName();
    const text = exportYAML(M.doc, saved);
    $('#yaml').value = text;
    status('Creating…');
    try {
      const op = opponent();
      const g = await startGame(withOpponent(text, op.side, op.boldness));
      const from = saved ? 'from the saved map <strong>' + esc(saved) + '</strong>' : 'with the map drawn here (save it, unchanged, to start from the saved map)';
      $('#game-map').innerHTML = 'Started ' + from + '.';
      status('Game created: ' + esc(g.name || g.id) + ', ' + from + '.', 'ok');
    } catch (e) {
      status('<strong>The server refused the scenario:</strong> <code>' + esc(e.message) + '</code>', 'err');
    }
  });
  bindSaved(status, redraw);
  redraw();
  document.body.dataset.ready = '1';
}

main().catch((e) => status('<strong>The editor could not start:</strong> ' + esc(e.message), 'err'));
