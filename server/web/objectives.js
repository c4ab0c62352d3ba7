// umpire game page, the objectives: what the scenario sets each side to do and how each stands
// (the state's `objectives`, any ruleset). A side's points lead, then each objective with what
// it scores of its most, what it found, and "judged" once its deadline has passed.

import { $, esc } from './util.js';
import { sideColour } from './state.js';

// renderObjectives fills #objectives-box from the state shown; hidden when there are none.
export function renderObjectives(st) {
  const box = $('#objectives-box');
  const objs = (st && st.objectives) || [];
  box.hidden = objs.length === 0;
  if (!objs.length) return;
  const sides = [];
  for (const o of objs) if (!sides.includes(o.side)) sides.push(o.side);
  $('#objectives').innerHTML = sides.map((side) => {
    const mine = objs.filter((o) => o.side === side);
    const points = mine.reduce((n, o) => n + o.points, 0), most = mine.reduce((n, o) => n + o.max, 0);
    return `<li class="objective-side" data-side="${esc(side)}"><span class="swatch" style="background:${esc(sideColour(side))}"></span>` +
      `<strong>${esc(side)}</strong>: <span class="points">${points}</span> of ${most} points<ul>` +
      mine.map((o) => `<li class="objective${o.closed ? ' closed' : ''}"><span class="score">${o.points}/${o.max}</span> ${esc(o.text)}` +
        (o.closed ? ' <span class="small">(judged)</span>' : '') +
        (o.detail ? `<div class="small detail">${esc(o.detail)}</div>` : '') + '</li>').join('') +
      '</ul></li>';
  }).join('');
}
