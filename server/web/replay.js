// umpire game page, shell: the replay slider. The page shows the state after any step
// (GET /replay?n=K), read only, until Live (l) brings the live game back.

import { $, esc } from './util.js';
import { G, api, setStatus, isLive } from './state.js';
import { renderAll } from './render.js';

export function renderReplay() {
  const r = $('#replay'), n = G.live.n, at = isLive() ? n : G.replayAt;
  r.max = String(n);
  if (document.activeElement !== r || isLive()) r.value = String(at);
  r.setAttribute('aria-valuetext', isLive() ? `step ${n} of ${n}, live` : `after step ${at} of ${n}, replay`);
  $('#replay-where').innerHTML = isLive() ? `${n} of ${n} <span class="live-tag">live</span>` :
    `${at} of ${n} <span class="replay-tag">replay, read only</span>`;
  $('#live').disabled = isLive();
}

// showReplay moves the view to the state after step k (k = n is the live game).
let replayTimer = null, replaySeq = 0;
export function showReplay(k) {
  k = Math.max(0, Math.min(G.live.n, Math.round(k)));
  clearTimeout(replayTimer);
  if (k === G.live.n) { goLive(); return; }
  G.replayAt = k;
  renderReplay();
  replayTimer = setTimeout(async () => {
    const seq = ++replaySeq;
    const r = await api('GET', `/replay?n=${k}`);
    if (seq !== replaySeq || G.replayAt !== k) return;
    if (r.status !== 200) { setStatus('Replay: ' + esc(r.body.error || r.status), 'err'); return; }
    G.view = r.body;
    G.steps = null; G.reach = null;
    renderAll();
    setStatus(`Replay after step ${k} of ${G.live.n} (read only). Press <strong>Live</strong> to return.`, 'info');
  }, 120);
}

export function goLive() {
  clearTimeout(replayTimer);
  replaySeq++;
  const was = G.replayAt !== null;
  G.replayAt = null;
  G.view = G.live;
  renderAll();
  G.ruleset.load();
  if (was) setStatus('Live.', 'info');
}
