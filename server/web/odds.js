// umpire game page, shell: the odds of a step before its roll (GET /odds) as an ASL or
// Lightning War game answers them: each roll the step may make, with the chance of each of its
// results. A ruleset module shows them for the step a button would play (pointed at or
// focused), in a box of its own. LHY's Assault odds have their own panel (rulesets/lhy.js).

import { esc } from './util.js';
import { G, api } from './state.js';

const known = new Map(); // "n line" -> {status, body}: the odds of a line at step n
const boxes = new WeakMap(); // box -> {seq, timer}: each box's latest line, to drop stale answers

export const pct = (p) => (100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1) + '%';

// showOdds shows the odds of line in box (debounced; nothing for an empty line). It keeps what
// it was told for the game's current step, so pointing at a button again asks nothing.
export function showOdds(box, line) {
  if (!box) return;
  const b = boxes.get(box) || { seq: 0, timer: null };
  boxes.set(box, b);
  clearTimeout(b.timer);
  const seq = ++b.seq;
  if (!line) { box.innerHTML = ''; box.dataset.line = ''; return; }
  const key = `${G.live ? G.live.n : ''} ${line}`;
  if (box.dataset.line === line && known.has(key) && box.dataset.key === key) return; // shown already
  box.dataset.line = line;
  box.dataset.key = key;
  if (known.has(key)) { render(box, line, known.get(key)); return; }
  box.innerHTML = `<p class="hint">Working out the odds of <code>${esc(line)}</code>…</p>`;
  b.timer = setTimeout(async () => {
    const r = await oddsOf(line);
    if (seq === b.seq) render(box, line, r);
  }, 120);
}

// oddsOf is the server's answer to GET /odds for line at the game's current step ({status,
// body}), kept for the step so that asking again (a button pointed at, then pressed) is free.
export async function oddsOf(line) {
  const key = `${G.live ? G.live.n : ''} ${line}`;
  if (known.has(key)) return known.get(key);
  const r = await api('GET', '/odds?line=' + encodeURIComponent(line));
  if (r.status === 200 || r.status === 422) known.set(key, r);
  if (known.size > 200) known.delete(known.keys().next().value);
  return r;
}

// rolls tells whether an answer of GET /odds is of a step that rolls dice: an ASL or Lightning
// War step with rolls, an LHY step with Assault rows or more than one way its dice can fall.
export const rolls = (o) => !!o && ((o.rolls ? o.rolls.length > 0 : (!!o.rows || o.paths > 1)));

// render draws one answer: the rolls and their results, or why there are none.
function render(box, line, r) {
  const head = `<h3>Before the roll: <code>${esc(line)}</code></h3>`;
  if (r.status !== 200) {
    const b = r.body || {};
    box.innerHTML = head + `<p class="refused"><strong>${r.status === 422 ? 'The referee would refuse it' : 'No odds'}` +
      `${b.rule ? ` (${esc(b.rule)})` : ''}:</strong> ${esc(b.error || r.status)}</p>`;
    return;
  }
  const o = r.body;
  if (!o.rolls || !o.rolls.length) {
    box.innerHTML = head + '<p class="small no-roll">No roll: what this step does is certain.</p>';
    return;
  }
  box.innerHTML = head + '<ul class="roll-odds">' + o.rolls.map((x) => {
    const drm = x.drm ? ` ${x.drm > 0 ? '+' : ''}${esc(x.drm)} DRM` : '';
    const when = x.exact !== '1' ? ` <span class="small">(rolled ${esc(x.exact)} of the time, ${pct(x.p)})</span>` : '';
    const results = (x.results || []).map((y, i) =>
      `<span class="res${i === 0 ? ' likeliest' : ''}" title="${esc(y.exact)}">${esc(y.result)} <strong>${pct(y.p)}</strong></span>`).join(' · ');
    return `<li><span class="dice-mark">${esc(x.kind)}</span> ${esc(x.who ? x.who + ' ' : '')}${esc(x.for)}` +
      `${x.rule ? ` <span class="small">(${esc(x.rule)}${drm})</span>` : ''}${when}` +
      `${x.need ? `<div class="small">need ${esc(x.need)}</div>` : ''}<div class="results">${results}</div></li>`;
  }).join('') + '</ul>' +
    `<p class="small">${esc(o.outcomes.length)} outcome${o.outcomes.length === 1 ? '' : 's'}; likeliest: ` +
    `${esc((o.outcomes[0].facts || []).join(', ') || 'no effect')} (${pct(o.outcomes[0].p)})</p>`;
}
