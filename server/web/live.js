// umpire game page, shell: live updates. The page follows the game over Server-Sent Events
// (GET /api/games/{id}/events?k=TOKEN): another player's step reloads the state and the log.
//
// The server ends a stream when it cannot keep it (the game left its memory: a step that could
// not be saved, another server's step, a restart of its database) and the stream opens again:
// EventSource reconnects by itself after an ended stream, but gives up for good when the
// reconnection is answered with an error (the game cannot be loaded yet: 500, or 429, 503),
// so then connect tries again itself, waiting longer each time (1 s, 2 s, ... 30 s). Each new
// stream's hello says which step the game is at, and a page behind it reloads the state and
// the log: what it missed while the stream was down is caught up from the log.

import { $, esc, safeJSON } from './util.js';
import { G, setStatus } from './state.js';
import { refresh, isRefreshing } from './game.js';

const firstRetry = 1000, lastRetry = 30000;
let retryIn = firstRetry;

export function connect() {
  const conn = $('#conn');
  if (!window.EventSource) { conn.textContent = 'no live updates'; return; }
  const es = new EventSource('/api/games/' + encodeURIComponent(G.id) + '/events?k=' + encodeURIComponent(G.token));
  es.addEventListener('open', () => { conn.textContent = '● live'; conn.className = 'conn on'; });
  es.addEventListener('error', () => {
    conn.textContent = '○ reconnecting'; conn.className = 'conn off';
    if (es.readyState !== EventSource.CLOSED) return; // EventSource tries again by itself
    es.close();
    setTimeout(connect, retryIn);
    retryIn = Math.min(2 * retryIn, lastRetry);
  });
  es.addEventListener('hello', (ev) => {
    retryIn = firstRetry;
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
      // docs/api.md nests the entry ({"entry": {...}}); the server sends its fields flat: take either.
      const line = (d.entry && d.entry.line) || d.line;
      const who = line ? `<code>${esc(line)}</code>` : 'a step';
      setStatus(`Step ${esc(d.n)}: ${who} ${d.report && d.report.breakdown ? '— ' + esc(d.report.breakdown) : ''}`, 'info');
    }
    refresh();
  });
}
