// umpire game page, shell: the confirmation before a roll. A step whose dice the referee would
// roll (ASL's Bog Check, ESB, Mechanical Reliability, Motion attempt; Lightning War's miring and
// escape; an LHY fire or Assault) is shown with the exact chance of each of its outcomes (GET
// /odds) and is sent only when the player confirms. A step that rolls nothing, or whose odds
// this link may not see (a side of a Lightning War game: the odds are the referee's), or that
// the referee would refuse, goes straight through (the server says why it refuses).

import { $, esc } from './util.js';
import { oddsOf, rolls, pct } from './odds.js';
import { setStatus } from './state.js';

const chance = (x) => `<span class="exact">${esc(x.exact)}</span> <strong>${pct(x.p)}</strong>`;
const MAX_OUTCOMES = 12;

// confirmRoll resolves true when line may be sent: it rolls nothing, or the player confirmed
// it after seeing its odds; false when the player cancelled.
export async function confirmRoll(line) {
  const r = await oddsOf(line);
  if (r.status !== 200 || !rolls(r.body)) return true;
  const dlg = $('#roll-confirm');
  $('#roll-confirm-body').innerHTML = oddsHTML(line, r.body);
  setStatus(`<code>${esc(line)}</code> rolls dice: <strong>Roll</strong> sends it, <strong>Cancel</strong> sends nothing.`);
  return new Promise((resolve) => {
    const done = () => {
      dlg.removeEventListener('close', done);
      resolve(dlg.returnValue === 'roll');
    };
    dlg.returnValue = '';
    dlg.addEventListener('close', done);
    dlg.showModal();
    $('#roll-confirm-ok').focus();
  });
}

// oddsHTML: each roll with the chance of each of its results (ASL, Lightning War) or the Assault
// Results rows (LHY), then every outcome of the step, as exact fractions and percentages.
function oddsHTML(line, o) {
  let s = `<h2>Before the roll: <code>${esc(line)}</code></h2>`;
  if (o.rolls && o.rolls.length) {
    s += '<ul class="roll-odds">' + o.rolls.map((x) =>
      `<li><span class="dice-mark">${esc(x.kind)}</span> ${esc(x.who ? x.who + ' ' : '')}${esc(x.for)}` +
      `${x.rule ? ` <span class="small">(${esc(x.rule)})</span>` : ''}` +
      `${x.exact !== '1' ? ` <span class="small">made ${chance(x)} of the time</span>` : ''}` +
      `${x.need ? `<div class="small">need ${esc(x.need)}${x.drm_terms ? ': ' + esc(x.drm_terms) : ''}</div>` : ''}` +
      '<div class="results">' + (x.results || []).map((y) => `<span class="res">${esc(y.result)} ${chance(y)}</span>`).join(' · ') +
      '</div></li>').join('') + '</ul>';
  }
  if (o.rows) {
    s += `<p class="small">${esc(o.breakdown || '')}</p><ul class="roll-odds">` + o.rows.filter((x) => x.p > 0).map((x) =>
      `<li class="res">row ${esc(x.row)} (${esc(x.loser)} loses) ${chance(x)}</li>`).join('') + '</ul>';
  }
  const outs = o.outcomes || [];
  s += `<h3>${outs.length} outcome${outs.length === 1 ? '' : 's'}</h3><ol class="outcomes">` +
    outs.slice(0, MAX_OUTCOMES).map((x) => `<li>${chance(x)}: ${esc((x.facts || []).join(', ') || 'no effect')}</li>`).join('') +
    (outs.length > MAX_OUTCOMES ? `<li class="small">and ${outs.length - MAX_OUTCOMES} less likely</li>` : '') + '</ol>';
  return s;
}
