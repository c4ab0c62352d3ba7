// umpire game page, shell: panning and zooming the map (the SVG's viewBox): the buttons, the
// wheel, dragging (a drag is not a click), and mouse positions in map pixels; the legend's
// button (the legend lies under the map, the buttons above it: neither covers the drawing).

import { $, S } from './util.js';
import { G } from './state.js';

export function setViewBox(vb) {
  G.vb = vb;
  $('#map').setAttribute('viewBox', `${vb.x.toFixed(1)} ${vb.y.toFixed(1)} ${vb.w.toFixed(1)} ${vb.h.toFixed(1)}`);
}

// zoom scales the view by f about the point (px, py) in map pixels (the centre if not given).
export function zoom(f, px, py) {
  if (!G.vb) return;
  const vb = G.vb;
  if (px === undefined) { px = vb.x + vb.w / 2; py = vb.y + vb.h / 2; }
  const w = Math.min(G.fit.w * 2, Math.max(S * 6, vb.w * f)), k = w / vb.w;
  setViewBox({ x: px - (px - vb.x) * k, y: py - (py - vb.y) * k, w, h: vb.h * k });
}

// toggleLegend shows or hides the legend under the map (the button and the key g).
export function toggleLegend() {
  const l = $('#legend'), shown = l.hidden;
  l.hidden = !shown;
  $('#legend-toggle').setAttribute('aria-expanded', String(shown));
}

// toMap turns a mouse position into map pixels.
export function toMap(ev) {
  const svg = $('#map'), pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return [p.x, p.y];
}

export function setupZoom() {
  const svg = $('#map');
  $('#zoom-in').onclick = () => zoom(1 / 1.25);
  $('#zoom-out').onclick = () => zoom(1.25);
  $('#zoom-fit').onclick = () => G.fit && setViewBox(G.fit);
  $('#legend-toggle').onclick = toggleLegend;
  svg.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const [x, y] = toMap(ev);
    zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
  }, { passive: false });
  // Drag to pan; a drag is not a click.
  let drag = null, dragged = false;
  svg.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, vb: G.vb, scale: G.vb.w / svg.getBoundingClientRect().width };
    dragged = false;
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    if (!dragged) svg.setPointerCapture(ev.pointerId);
    dragged = true;
    const k = Math.max(drag.scale, drag.vb.h / svg.getBoundingClientRect().height);
    setViewBox({ ...drag.vb, x: drag.vb.x - dx * k, y: drag.vb.y - dy * k });
  });
  const end = () => { drag = null; };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', end);
  svg.addEventListener('click', (ev) => { if (dragged) { ev.stopPropagation(); ev.preventDefault(); dragged = false; } }, true);
}
