// umpire map editor, the phasing side: the side whose Movement Phase the scenario begins in
// (only it moves, D2.1), chosen among the sides of the units placed, and written as the
// scenario file's `phasing:`. Until one is chosen the editor takes the side the scenario
// reader infers (asl/aslfile): with no moves, the first unit's side, which the export writes;
// with moves (an imported file's), the side of the first move that shows who moves, which the
// reader works out from the moves themselves, so the export leaves `phasing:` out.

import { $, esc } from '../util.js';
import { M } from './model.js';
import { change } from './undo.js';

// sidesOf are the sides of the document's units, in the order they first appear.
function sidesOf(doc) {
  return [...new Set(doc.units.map((u) => u.side))];
}

// phasingOf is the phasing side the export writes: the side chosen, else (no moves) the first
// unit's; '' when the reader is left to infer it from the moves, or there are no units.
export function phasingOf(doc = M.doc) {
  if (doc.phasing) return doc.phasing;
  if ((doc.moves || []).length || !doc.units.length) return '';
  return doc.units[0].side;
}

// renderPhasing fills the phasing side's chooser: the units' sides (and a side chosen or
// imported that no unit has now), or "as the first move shows" while the reader infers it
// from the moves.
export function renderPhasing() {
  const sel = $('#phasing-side'), doc = M.doc, now = phasingOf(doc);
  const sides = sidesOf(doc);
  if (now && !sides.includes(now)) sides.push(now);
  let opts = sides.map((s) => `<option value="${esc(s)}">${esc(s)}</option>`).join('');
  if (!now && doc.units.length) opts = '<option value="">as the first move shows</option>' + opts;
  if (!doc.units.length) opts = '<option value="">(no units yet)</option>';
  if (sel.innerHTML !== opts) sel.innerHTML = opts;
  sel.value = now;
  sel.disabled = !doc.units.length;
}

// bindPhasing records the side chosen (a change event that chose nothing new is no change
// to undo); changed runs after it.
export function bindPhasing(changed) {
  $('#phasing-side').addEventListener('change', (ev) => {
    if (ev.target.value === (M.doc.phasing || '')) return;
    change((doc) => { doc.phasing = ev.target.value; });
    changed();
  });
}
