// umpire Lightning War table editor, drawing: the table in SVG at 12 px an inch, y up the table
// as the scenario has it: terrain areas with their movement factor, roads, streams, bridges
// (a road crossing a stream), choke points, detachments on their bases, orders' paths and the
// corners being clicked.

import { esc } from '../util.js';
import { L, factorText } from './model.js';
import { crossings, footprint } from './geom.js';

export const PX = 12;
const FILL = { open: '#f4f1e0', broken: '#d8c79a', woods: '#7fae6b', 'built-up': '#b7a89a', marsh: '#9fc4c0' };
const SIDES = ['#2f5d8a', '#b03a2e', '#2e7d32', '#7d3c98'];

const pt = (p) => (p[0] * PX).toFixed(1) + ',' + ((L.doc.table.height - p[1]) * PX).toFixed(1);
const pts = (l) => l.map(pt).join(' ');

// sideOf is a formation's side, found up its parents.
export function sideOf(formation) {
  const byId = new Map(L.doc.toe.map((f) => [String(f.id), f]));
  for (let f = byId.get(String(formation)), n = 0; f && n < 50; f = byId.get(String(f.parent)), n++) if (f.side) return String(f.side);
  return '';
}

function detSide(d) {
  const u = L.doc.units.find((x) => String(x.id) === String((d.units || [])[0]));
  return u ? sideOf(u.formation) : '';
}

// drawAll redraws the table into svg.
export function drawAll(svg) {
  const { width: w, height: h } = L.doc.table, d = L.doc;
  svg.setAttribute('viewBox', `0 0 ${w * PX} ${h * PX}`);
  const sides = [...new Set(d.toe.filter((f) => f.side).map((f) => String(f.side)))];
  const out = [`<rect class="lw-table" x="0" y="0" width="${w * PX}" height="${h * PX}" fill="${FILL.open}" stroke="#555"/>`];
  for (let x = 6; x < w; x += 6) out.push(`<line class="lw-grid" x1="${x * PX}" y1="0" x2="${x * PX}" y2="${h * PX}" stroke="#0001"/>`);
  for (let y = 6; y < h; y += 6) out.push(`<line class="lw-grid" x1="0" y1="${(h - y) * PX}" x2="${w * PX}" y2="${(h - y) * PX}" stroke="#0001"/>`);
  d.terrain.forEach((t, i) => {
    const fill = t.ground ? FILL[t.ground] || '#ccc' : 'none';
    const hatch = t.slope ? ` stroke-dasharray="${t.slope === 'steep' ? '2 2' : '6 3'}" stroke="#8a5a2b" stroke-width="2"` : ' stroke="#555"';
    out.push(`<polygon class="lw-area" data-i="${i}" data-id="${esc(t.id)}" data-ground="${esc(t.ground || '')}" data-slope="${esc(t.slope || '')}" points="${pts(t.area)}" fill="${fill}" fill-opacity="0.8"${hatch}/>`);
  });
  // Each area's label hangs below its top-left corner, so overlapping areas' labels part.
  d.terrain.forEach((t) => {
    const c = t.area.reduce((a, p) => (p[1] > a[1] || (p[1] === a[1] && p[0] < a[0]) ? p : a));
    out.push(`<text class="lw-factor" x="${c[0] * PX + 3}" y="${(h - c[1]) * PX + 12}" font-size="10">${esc(t.id)}: ${esc(factorText(t))}</text>`);
  });
  for (const s of d.streams) out.push(`<polyline class="lw-stream" data-id="${esc(s.id)}" points="${pts(s.line)}" fill="none" stroke="#3a78c2" stroke-width="4"/>`);
  for (const r of d.roads) out.push(`<polyline class="lw-road" data-id="${esc(r.id)}" points="${pts(r.line)}" fill="none" stroke="#6b5a44" stroke-width="${Math.max(2, (r.width ?? 0.5) * PX)}"/>`);
  for (const c of d.chokes) out.push(`<polygon class="lw-choke" data-id="${esc(c.id)}" points="${pts(c.area)}" fill="#e0303022" stroke="#c00" stroke-width="2"/>`);
  for (const b of crossings(d.roads, d.streams)) out.push(`<circle class="lw-bridge" data-x="${b.x}" data-y="${b.y}" cx="${b.x * PX}" cy="${(h - b.y) * PX}" r="6" fill="#fff" stroke="#000"><title>bridge: ${esc(b.road)} over ${esc(b.stream)}</title></circle>`);
  for (const o of d.orders) if (o.path) {
    const det = d.detachments.find((x) => String(x.id) === String(o.to));
    const line = (det ? [det.at] : []).concat(o.path);
    out.push(`<polyline class="lw-order" data-to="${esc(o.to)}" points="${pts(line)}" fill="none" stroke="#000" stroke-dasharray="5 3" marker-end="url(#arrow)"/>`);
  }
  for (const det of d.detachments) {
    const col = SIDES[Math.max(0, sides.indexOf(detSide(det))) % SIDES.length];
    const bases = footprint(det, d.units).map((b) => `<polygon points="${pts(b)}" fill="${col}" fill-opacity="0.7" stroke="#000"/>`).join('');
    out.push(`<g class="lw-det" data-id="${esc(det.id)}" data-x="${det.at[0]}" data-y="${det.at[1]}">${bases}<text x="${det.at[0] * PX}" y="${(h - det.at[1]) * PX - 10}" text-anchor="middle" font-size="11" font-weight="bold">${esc(det.id)}</text></g>`);
  }
  if (L.draft.length) out.push(`<polyline class="lw-draft" points="${pts(L.draft)}" fill="none" stroke="#f0a" stroke-width="2"/>` + L.draft.map((p) => `<circle class="lw-corner" cx="${p[0] * PX}" cy="${(h - p[1]) * PX}" r="3" fill="#f0a"/>`).join(''));
  svg.innerHTML = '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0L10,5L0,10z"/></marker></defs>' + out.join('');
}

// bridgesHTML lists the bridges, each with a button that marks a choke point on it.
export function bridgesHTML() {
  const bs = crossings(L.doc.roads, L.doc.streams);
  if (!bs.length) return '<li class="small">none: a road crossing a stream is a bridge</li>';
  return bs.map((b) => `<li>bridge: ${esc(b.road)} over ${esc(b.stream)} at ${b.x}, ${b.y} <button type="button" class="mark-choke" data-x="${b.x}" data-y="${b.y}">mark choke point</button></li>`).join('');
}
