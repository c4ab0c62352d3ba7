// umpire game page, shell: the log panel. Every step is listed (its entry drawn by the game's
// ruleset module, with the practice opponent's reason under it when the link may read it);
// the step the view is after is marked, and the panel follows the end.

import { $, esc } from './util.js';
import { G, isLive } from './state.js';

let logKey = '';
export function renderLog() {
  const ol = $('#log');
  const key = G.log.length + ':' + (G.log.length ? G.log[G.log.length - 1].n : 0);
  if (key !== logKey) {
    logKey = key;
    const atEnd = ol.parentElement.scrollHeight - ol.parentElement.scrollTop - ol.parentElement.clientHeight < 40;
    ol.innerHTML = G.log.map(entry).join('') || '<li class="hint">No steps yet.</li>';
    if (atEnd || isLive()) ol.parentElement.scrollTop = ol.parentElement.scrollHeight;
  }
  const at = isLive() ? G.live.n : G.replayAt;
  for (const li of ol.children) li.classList.toggle('current', +li.dataset.n === at);
  if (!isLive()) {
    const cur = ol.querySelector('li.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }
}

// entry is a step's entry in the log: the ruleset module's, with umpire's reason for a step it
// took as the practice opponent (the API gives it to its side and the referee only).
function entry(e) {
  const html = G.ruleset.logEntry(e);
  if (!e.reason) return html;
  return html.replace(/<\/li>\s*$/, `<div class="reason"><strong>umpire</strong>: ${esc(e.reason)}</div></li>`);
}
