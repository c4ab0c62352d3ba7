// umpire Lightning War table editor, the side that moves first in each band this turn: the
// scenario file's `first:` (docs/lightningwar-scenarios.md), chosen among the sides of the
// TO&E's top formations. Until one is chosen it is the first side named in the TO&E, the
// format's default, and the export writes it all the same.

import { $, esc } from '../util.js';
import { L, change } from './model.js';

// sidesOf are the sides of the TO&E's top formations (a formation under a parent is on its
// parent's side), in order.
function sidesOf(doc) {
  return [...new Set(doc.toe.filter((f) => !f.parent && f.side !== undefined && f.side !== '').map((f) => String(f.side)))];
}

// firstOf is the side the export writes as first: the side chosen while the TO&E has it,
// else the first side named in the TO&E; '' with no sides yet.
export function firstOf(doc = L.doc) {
  const sides = sidesOf(doc);
  return sides.includes(doc.first) ? doc.first : (sides[0] || '');
}

// renderFirst fills the chooser with the TO&E's sides, the side that moves first chosen.
export function renderFirst() {
  const sel = $('#first-side'), sides = sidesOf(L.doc);
  const opts = sides.length ? sides.map((s) => `<option value="${esc(s)}">${esc(s)}</option>`).join('')
    : '<option value="">(no sides yet)</option>';
  if (sel.innerHTML !== opts) sel.innerHTML = opts;
  sel.value = firstOf();
  sel.disabled = !sides.length;
}

// bindFirst records the side chosen (a change event that chose nothing new is no change to
// undo); redraw runs after it.
export function bindFirst(redraw) {
  $('#first-side').addEventListener('change', (ev) => {
    if (ev.target.value === firstOf()) return;
    change((d) => { d.first = ev.target.value; });
    redraw();
  });
}
