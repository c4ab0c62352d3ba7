// umpire map editor, map clicks: what a click (or a drag, for painting) on the map does with the
// tool in hand. A hexside is picked by the half of the hex the click falls in: the hex under
// the pointer and its side nearest the pointer (model.sideAt).

import { S } from '../util.js';
import { M, hexAt, sideAt, sideKey, hexData } from './model.js';
import { change } from './undo.js';
import { tool } from './palette.js';
import { placeUnit } from './units.js';

// toMap is the point of a pointer event in hex radii.
function toMap(svg, ev) {
  const p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return [q.x / S, q.y / S];
}

function paint(h, t) {
  const d = hexData(h.id);
  if (d.terrain === t.terrain && d.level === t.level && d.bridge === t.bridge && d.ford === t.ford) return false;
  change((doc) => {
    const nd = { terrain: t.terrain, level: t.level, bridge: t.bridge, ford: t.ford && t.terrain === 'deep stream' };
    if (nd.terrain === 'open' && !nd.level && !nd.bridge) delete doc.hexes[h.id];
    else doc.hexes[h.id] = nd;
  });
  return true;
}

// toggleSide adds or removes the hexside feature across side s of hex h.
function toggleSide(h, s, list) {
  const n = h.n[s];
  if (!n) return false;
  const key = sideKey(list, h.id, n);
  change((doc) => {
    const l = doc.sides[list];
    const i = l.indexOf(key);
    if (i >= 0) l.splice(i, 1); else l.push(key);
  });
  return true;
}

// clickAt applies the tool to the point (x, y): true if the document changed.
export function clickAt(x, y, dragging) {
  const h = hexAt(x, y);
  if (!h) return false;
  const t = tool();
  switch (t.kind) {
  case 'terrain': return paint(h, t);
  case 'hexside': return !dragging && toggleSide(h, sideAt(h, x, y), t.side);
  case 'wreck':
    if (dragging || (M.doc.wrecks[h.id] || 0) === t.wrecks) return false;
    change((doc) => { if (t.wrecks) doc.wrecks[h.id] = t.wrecks; else delete doc.wrecks[h.id]; });
    return true;
  case 'unit': return !dragging && placeUnit(h.id);
  }
  return false;
}

// bindMap paints while the button is held (terrain), toggles on a click (the others); redraw
// runs after each change.
export function bindMap(svg, redraw) {
  let down = false;
  svg.addEventListener('pointerdown', (ev) => {
    down = true;
    const [x, y] = toMap(svg, ev);
    if (clickAt(x, y, false)) redraw();
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!down || !(ev.buttons & 1)) return;
    const [x, y] = toMap(svg, ev);
    if (clickAt(x, y, true)) redraw();
  });
  addEventListener('pointerup', () => { down = false; });
}
