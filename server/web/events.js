// umpire game page, shell: the controls every ruleset shares: clicks on the map (handed to the
// ruleset module), the unit buttons, step buttons (each submits its data-line), the notation
// box with its history, the replay slider, and the keys.

import { $ } from './util.js';
import { G, setStatus, isLive } from './state.js';
import { submit } from './game.js';
import { select, cycle } from './render.js';
import { showReplay, goLive } from './replay.js';
import { zoom, fit, toggleLegend } from './zoom.js';

export function setupEvents() {
  // The map: the ruleset says what a click does (select a counter, move, aim, add a waypoint).
  $('#map').addEventListener('click', (ev) => { if (G.ruleset) G.ruleset.clickMap(ev); });
  $('#g-units').addEventListener('keydown', (ev) => {
    const c = ev.target.closest('.unit');
    if (c && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); select(c.dataset.unit); }
  });
  $('#unit-list').addEventListener('click', (ev) => {
    const b = ev.target.closest('.unit-btn');
    if (b) select(b.dataset.unit);
  });
  // Every step button submits its line.
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest('button.step');
    if (b && !b.disabled && b.dataset.line) submit(b.dataset.line);
  });
  setupNotation();
  // Replay.
  $('#replay').addEventListener('input', (ev) => showReplay(+ev.target.value));
  $('#live').addEventListener('click', goLive);
  document.addEventListener('keydown', onKey);
}

// setupNotation: the notation box sends its line; Up and Down recall earlier lines.
function setupNotation() {
  const box = $('#notation');
  $('#notation-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const line = box.value.trim();
    if (!line) return;
    G.history.push(line); G.histPos = G.history.length;
    if (await submit(line)) box.value = '';
  });
  box.addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowUp' && G.histPos > 0) { ev.preventDefault(); box.value = G.history[--G.histPos]; }
    if (ev.key === 'ArrowDown' && G.histPos < G.history.length) {
      ev.preventDefault();
      G.histPos = Math.min(G.history.length, G.histPos + 1);
      box.value = G.history[G.histPos] || '';
    }
    if (ev.key === 'Escape') box.blur();
  });
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if ($('#roll-confirm').open) return; // the confirmation has the keys (Enter rolls, Esc cancels)
  const t = ev.target;
  const typing = t && (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' ||
    (t.tagName === 'INPUT' && t.type !== 'range'));
  if (ev.key === 'Escape') {
    if (typing) return; // the box handles it
    if (G.sel) { select(null, false); setStatus('Nothing selected.'); }
    return;
  }
  if (typing || !G.live) return;
  const k = ev.key;
  let done = true;
  if (k === 'n' || k === ']') cycle(1);
  else if (k === 'p' || k === '[') cycle(-1);
  else if (/^[1-9]$/.test(k)) pickStep(+k);
  else if (k === '/') $('#notation').focus();
  else if (k === 'r') $('#replay').focus();
  else if (k === 'l') goLive();
  else if (k === ',') showReplay((isLive() ? G.live.n : G.replayAt) - 1);
  else if (k === '.') { if (!isLive()) showReplay(G.replayAt + 1); }
  else if (k === '+' || k === '=') zoom(1 / 1.25);
  else if (k === '-') zoom(1.25);
  else if (k === '0') fit();
  else if (k === 'g') toggleLegend();
  else if (k === '?') { const d = $('#keys'); d.open = !d.open; }
  else done = false;
  if (done) ev.preventDefault();
}

// pickStep presses the Nth numbered legal step button (keys 1-9).
function pickStep(n) {
  if (G.stale) return;
  const btn = [...document.querySelectorAll('#unit-box button.step[aria-keyshortcuts]')]
    .find((b) => b.getAttribute('aria-keyshortcuts') === String(n));
  if (btn && !btn.disabled) btn.click();
  else setStatus(`No step ${n}.`, 'warn');
}
