// umpire Lightning War table editor, the table's tools: a click on the table, in inches snapped
// to 1/2", adds a corner to the area, line or order path being drawn ("Finish" closes it) or
// places the detachment of the form; a bridge's button marks a choke point on it.

import { $ } from '../util.js';
import { L, change, nextId } from './model.js';
import { PX } from './draw.js';
import { readDet } from './forms.js';

const snap = (v) => Math.round(v * 2) / 2;
export const tool = () => document.querySelector('input[name="tool"]:checked').value;

// tableAt is the point of the table under a mouse event, in inches, snapped.
export function tableAt(svg, ev) {
  const p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  const { width: w, height: h } = L.doc.table;
  return [Math.min(w, Math.max(0, snap(q.x / PX))), Math.min(h, Math.max(0, snap(h - q.y / PX)))];
}

// finish ends what is being drawn: an area needs three corners, a line or path one leg.
export function finish(status) {
  const t = tool(), pts = L.draft;
  let note = '';
  L.draft = [];
  if (t === 'area' || t === 'choke') {
    if (pts.length < 3) return status('An area needs three corners at least.', 'err');
    change((d) => {
      if (t === 'choke') return d.chokes.push({ id: nextId(d.chokes, 'choke'), area: pts });
      const k = $('#kind').value, item = { id: nextId(d.terrain, k.replace(/^(gentle|steep)$/, '$1 slope')) };
      if (k === 'gentle' || k === 'steep') item.slope = k; else item.ground = k;
      const f = Number($('#a-factor').value);
      if (item.ground && Number.isInteger(f) && f >= 1 && f <= 100) item.factor = f;
      else if ($('#a-factor').value) note = ' The factor is left out: it is a whole 1..100, of a ground only.';
      if ($('#a-cover').checked) item.cover = true;
      item.area = pts;
      d.terrain.push(item);
    });
  } else if (t === 'road' || t === 'stream') {
    if (pts.length < 2) return status('A line needs two points at least.', 'err');
    change((d) => {
      if (t === 'road') d.roads.push({ id: nextId(d.roads, 'road'), line: pts, width: Number($('#road-width').value) || 0.5 });
      else d.streams.push({ id: nextId(d.streams, 'stream'), line: pts });
    });
  } else if (t === 'order') {
    const to = $('#o-to').value, text = $('#o-text').value.trim(), o = { to };
    if (!to || (!pts.length && !text)) return status('An order needs a detachment and a waypoint or a text.', 'err');
    if (pts.length) o.path = pts;
    if ($('#o-pace').value !== 'walk') o.pace = $('#o-pace').value;
    if ($('#o-reserve').checked) o.reserve = true;
    if (text) o.text = text;
    change((d) => { d.orders = d.orders.filter((x) => String(x.to) !== to).concat([o]); });
  }
  status('Drawn.' + note, note ? 'warn' : 'ok');
}

// markChoke marks a 2" square choke point centred on a bridge.
export function markChoke(x, y) {
  change((d) => d.chokes.push({ id: nextId(d.chokes, 'bridge'), area: [[x - 1, y - 1], [x + 1, y - 1], [x + 1, y + 1], [x - 1, y + 1]] }));
}

// bindTable wires the table's clicks; redraw runs after each.
export function bindTable(svg, redraw, status) {
  svg.addEventListener('click', (ev) => {
    const p = tableAt(svg, ev);
    if (tool() === 'det') {
      const det = readDet();
      if (!det) return status('A detachment needs an id and units.', 'err');
      det.at = p;
      change((d) => {
        const i = d.detachments.findIndex((x) => String(x.id) === det.id);
        if (i >= 0) d.detachments[i] = det; else d.detachments.push(det);
      });
      status('Detachment ' + det.id + ' at ' + p.join(', ') + '.', 'ok');
    } else {
      L.draft.push(p);
    }
    redraw();
  });
}
