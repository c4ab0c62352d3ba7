// umpire map editor, map clicks: what a click (or a drag, for painting) on the map does with the
// tool in hand. A hexside is picked by the half of the hex the click falls in: the hex under
// the pointer and its side nearest the pointer (model.sideAt). A unit's front is set by dragging
// from its hex toward the hexspine it faces.

import { S } from '../util.js';
import { M, hexAt, sideAt, sideKey, hexData } from './model.js';
import { change } from './undo.js';
import { tool } from './palette.js';
import { placeUnit, faceUnit } from './units.js';

// toMap is the point of a pointer event in hex radii.
function toMap(svg, ev) {
  const p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return [q.x / S, q.y / S];
}

// paint gives hex h the palette's terrain, level, bridge and ford (levelOnly: its level alone).
function paint(h, t, levelOnly) {
  const d = hexData(h.id);
  if (levelOnly) t = { ...d, level: t.level };
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
  case 'terrain': return paint(h, t, false);
  case 'level': return paint(h, t, true);
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
  let down = false, facing = null;
  svg.addEventListener('pointerdown', (ev) => {
    down = true;
    const [x, y] = toMap(svg, ev);
    if (tool().kind === 'face') {
      facing = hexAt(x, y);
      return;
    }
    if (clickAt(x, y, false)) redraw();
  });
  // Facing: the front is the hexspine nearest the direction dragged, from the hex's centre.
  addEventListener('pointerup', (ev) => {
    const h = facing;
    facing = null;
    if (!h) return;
    const [x, y] = toMap(svg, ev);
    if (Math.hypot(x - h.x, y - h.y) < 0.3) return;
    let a = Math.atan2(-(y - h.y), x - h.x) * 180 / Math.PI;
    if (a < 0) a += 360;
    if (faceUnit(h.id, Math.round(a / 60) % 6)) redraw();
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!down || !(ev.buttons & 1)) return;
    const [x, y] = toMap(svg, ev);
    if (clickAt(x, y, true)) redraw();
  });
  addEventListener('pointerup', () => { down = false; });
}
