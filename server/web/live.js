// umpire game page, shell: live updates. The page follows the game over Server-Sent Events
// (GET /api/games/{id}/events?k=TOKEN): another player's step reloads the state and the log.

import { $, esc, safeJSON } from './util.js';
import { G, setStatus } from './state.js';
import { refresh, isRefreshing } from './game.js';

export function connect() {
  const conn = $('#conn');
  if (!window.EventSource) { conn.textContent = 'no live updates'; return; }
  const es = new EventSource('/api/games/' + encodeURIComponent(G.id) + '/events?k=' + encodeURIComponent(G.token));
  es.addEventListener('open', () => { conn.textContent = '● live'; conn.className = 'conn on'; });
  es.addEventListener('error', () => { conn.textContent = '○ reconnecting'; conn.className = 'conn off'; });
  es.addEventListener('hello', (ev) => {
    conn.textContent = '● live'; conn.className = 'conn on';
    const d = safeJSON(ev.data);
    if (G.live && d && d.n !== G.live.n) refresh();
  });
  es.addEventListener('step', (ev) => {
    const d = safeJSON(ev.data) || {};
    // Our own steps are loaded already; another player's (or a tab's) need a refresh.
    // (The state in a step's answer comes first; the refresh after it loads the log.)
    if (G.live && d.n !== undefined && d.n <= G.live.n && (isRefreshing() || G.log.some((e) => e.n === d.n))) return;
    if (!G.busy) {
      // API.md nests the entry ({"entry": {...}}); the server sends its fields flat: take either.
      const line = (d.entry && d.entry.line) || d.line;
      const who = line ? `<code>${esc(line)}</code>` : 'a step';
      setStatus(`Step ${esc(d.n)}: ${who} ${d.report && d.report.breakdown ? '— ' + esc(d.report.breakdown) : ''}`, 'info');
    }
    refresh();
  });
}
