// umpire game page, shell: panning and zooming the map (the SVG's viewBox): the buttons, the
// wheel, dragging with the mouse or one finger, pinching with two (a drag or a pinch is not a
// click), and mouse positions in map pixels; the legend's button (the legend lies under the
// map, the buttons above it: neither covers the drawing).
// Fit shows a hex map whole when its hexes can be read so, else at a readable size (fitView).

import { $, S } from './util.js';
import { G } from './state.js';

// setViewBox shows the map's part vb; atFit: it is Fit's view (kept as the window changes size).
export function setViewBox(vb, atFit = false) {
  G.vb = vb;
  G.atFit = atFit;
  $('#map').setAttribute('viewBox', `${vb.x.toFixed(1)} ${vb.y.toFixed(1)} ${vb.w.toFixed(1)} ${vb.h.toFixed(1)}`);
}

// READABLE is the least size, in screen pixels from flat side to flat side, of a hex at Fit:
// at that size its id and the counters on it can be read.
export const READABLE = 28;

// fitView is the view Fit shows. A hex map whose hexes, the whole map in the window, are at
// least READABLE pixels across is shown whole (G.fit); a bigger one (two boards and more) is
// shown at READABLE, around the phasing side's units (all units if none stands on the map, the
// map's middle if no unit does), and the rest is reached
// by dragging the map or zooming out (-). A map of no hexes (a Lightning War table) is whole.
export function fitView() {
  const f = G.fit, r = $('#map').getBoundingClientRect();
  if (!f || !G.hexes.size || !r.width || !r.height) return f;
  const across = Math.sqrt(3) * S; // a hex's flat-to-flat in map pixels
  if (Math.min(r.width / f.w, r.height / f.h) * across >= READABLE) return f;
  const k = (READABLE + 0.5) / across, w = r.width / k, h = r.height / k;
  const [cx, cy] = unitsCentre() || [f.x + f.w / 2, f.y + f.h / 2];
  // The view's start on one axis: centred on c, within the map (the map centred if it is smaller).
  const start = (c, lo, span, view) => view >= span ? lo + (span - view) / 2 : Math.min(Math.max(c - view / 2, lo), lo + span - view);
  return { x: start(cx, f.x, f.w, w), y: start(cy, f.y, f.h, h), w, h };
}

// unitsCentre is the middle of the phasing side's units standing on the map shown (of all the
// units, if none of that side's), in map pixels; null if no unit stands on it.
function unitsCentre() {
  const units = (G.view && G.view.units) || [], hexOf = (u) => G.hexes.get(u.hex);
  const phasing = units.filter((u) => u.side && u.side === G.view.phasing).map(hexOf).filter(Boolean);
  const at = phasing.length ? phasing : units.map(hexOf).filter(Boolean);
  if (!at.length) return null;
  const xs = at.map((h) => h.x * S), ys = at.map((h) => h.y * S);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

// fit shows the view Fit shows (the button, the key 0).
export function fit() {
  const v = fitView();
  if (v) setViewBox(v, true);
}

// zoom scales the view by f about the point (px, py) in map pixels (the centre if not given).
export function zoom(f, px, py) {
  if (!G.vb) return;
  const vb = G.vb;
  if (px === undefined) { px = vb.x + vb.w / 2; py = vb.y + vb.h / 2; }
  const w = zoomLimit(vb.w * f), k = w / vb.w;
  setViewBox({ x: px - (px - vb.x) * k, y: py - (py - vb.y) * k, w, h: vb.h * k });
}

// zoomLimit is the view's width w within the zoom's limits: at most twice the whole map, at
// least six hexes' radii.
const zoomLimit = (w) => Math.min(G.fit.w * 2, Math.max(S * 6, w));

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
  // At Fit the map stays fitted while the drawing's window changes size (the legend drawn,
  // the window resized); once the player pans or zooms, the view is theirs.
  new ResizeObserver(() => { if (G.atFit) fit(); }).observe(svg);
  $('#zoom-in').onclick = () => zoom(1 / 1.25);
  $('#zoom-out').onclick = () => zoom(1.25);
  $('#zoom-fit').onclick = fit;
  $('#legend-toggle').onclick = toggleLegend;
  svg.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const [x, y] = toMap(ev);
    zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
  }, { passive: false });
  setupDrag(svg);
}

// setupDrag pans the map when the mouse or one finger drags it, and zooms it when two fingers
// pinch it (about the point between them, which follows them). A drag or a pinch is not a
// click: the click that may end it is dropped.
function setupDrag(svg) {
  const down = new Map(); // pointer id -> its client position, for every pointer down on the map
  let g = null, moved = false; // the gesture: what it started from; did it move the view
  // begin starts the gesture of the pointers down (a pan for one, a pinch for two) from the view
  // as it is now.
  const begin = () => {
    const [a, b] = [...down.values()];
    const rect = svg.getBoundingClientRect();
    g = { vb: G.vb, a, scale: Math.max(G.vb.w / rect.width, G.vb.h / rect.height) };
    if (b) {
      g.b = b;
      g.mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      g.at = toMap({ clientX: g.mid[0], clientY: g.mid[1] });
    }
  };
  // A finger lifted from a pinch leaves the other panning, from where the view is now.
  const end = (ev) => {
    if (!down.delete(ev.pointerId)) return;
    g = null;
    if (down.size && G.vb) begin();
  };
  svg.addEventListener('pointerdown', (ev) => {
    if (ev.pointerType === 'mouse' && ev.button !== 0) return;
    if (!down.size) moved = false;
    down.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (down.size <= 2 && G.vb) begin();
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!g || !down.has(ev.pointerId)) return;
    if (ev.pointerType === 'mouse' && !(ev.buttons & 1)) { end(ev); return; } // released elsewhere
    down.set(ev.pointerId, [ev.clientX, ev.clientY]);
    const [a, b] = [...down.values()];
    if (g.b && b) pinch(g, a, b);
    else {
      const dx = a[0] - g.a[0], dy = a[1] - g.a[1];
      if (!moved && Math.hypot(dx, dy) < 5) return;
      if (!moved && ev.pointerType === 'mouse') svg.setPointerCapture(ev.pointerId);
      setViewBox({ ...g.vb, x: g.vb.x - dx * g.scale, y: g.vb.y - dy * g.scale });
    }
    moved = true;
  });
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', end);
  svg.addEventListener('click', (ev) => { if (moved) { ev.stopPropagation(); ev.preventDefault(); moved = false; } }, true);
}

// pinch sets the view for two fingers now at a and b that began gesture g: the view's width
// scales as the fingers' distance shrinks or grows (within the zoom's limits), and the map point
// that lay between them stays between them.
function pinch(g, a, b) {
  const d0 = Math.hypot(g.b[0] - g.a[0], g.b[1] - g.a[1]), d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (d0 < 1 || d < 1) return;
  const w = zoomLimit(g.vb.w * d0 / d), f = w / g.vb.w, scale = g.scale * f;
  const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  // The map point at client point c is vb.x + (c - left) * scale, left the drawing's edge on
  // the screen (unchanged by the zoom: the view keeps its shape).
  const x = g.at[0] - (mid[0] - g.mid[0]) * scale - (g.at[0] - g.vb.x) * f;
  const y = g.at[1] - (mid[1] - g.mid[1]) * scale - (g.at[1] - g.vb.y) * f;
  setViewBox({ x, y, w, h: g.vb.h * f });
}
