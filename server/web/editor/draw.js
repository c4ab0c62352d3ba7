// umpire map editor, drawing: the document on an SVG in hex radii (S pixels to a radius, as the
// game page): terrain by its legend colour, levels, bridges and fords, hexside features as the
// legend strokes them (roads centre to centre), wrecks, units with their front, hex ids.

import { esc, S } from '../util.js';
import { M, hexData, SIDE_LISTS } from './model.js';

export const L = { legend: new Map(), byWord: new Map() }; // legend class -> entry; "terrain:woods" -> entry

const px = (v) => (Math.round(v * S * 10) / 10).toString();
function corner(x, y, k) {
  const a = Math.PI / 3 * k;
  return [x + Math.cos(a), y - Math.sin(a)];
}
const points = (x, y, r = 1) => [0, 1, 2, 3, 4, 5].map((k) => {
  const [cx, cy] = corner(0, 0, k);
  return px(x + cx * r) + ',' + px(y + cy * r);
}).join(' ');

// entry is the legend entry of a kind and scenario word ("terrain", "woods").
export const entry = (kind, word) => L.byWord.get(kind + ':' + word);

// segment is where hexside "A-B" is drawn: the road centre to centre, the others along the
// hexside between the two hexes' shared corners.
function segment(list, key) {
  const [a, b] = key.split('-').map((id) => M.grid.byId.get(id));
  if (!a || !b) return null;
  if (list === 'roads') return [a.x, a.y, b.x, b.y];
  const s = a.n.indexOf(b.id);
  const [x1, y1] = corner(a.x, a.y, s), [x2, y2] = corner(a.x, a.y, s + 1);
  return [x1, y1, x2, y2];
}

const LIST_CLASS = { roads: 's-road', paths: 's-path', walls: 's-wall', hedges: 's-hedge', bocage: 's-bocage', cliffs: 's-cliff', roadblocks: 's-roadblock', abrupt: 's-abrupt', trailbreaks: 's-trailbreak' };

function sideLine(list, key) {
  const seg = segment(list, key);
  if (!seg) return '';
  const [x1, y1, x2, y2] = seg;
  const e = L.legend.get(LIST_CLASS[list]);
  let style = e ? `stroke="${e.stroke}" stroke-width="${list === 'roads' ? 5 : 4}"` + (e.dash ? ` stroke-dasharray="${e.dash}"` : '') : 'stroke="#c0392b" stroke-width="3" stroke-dasharray="2,3"';
  if (list === 'bypass_wrecks') style = 'stroke="#222" stroke-width="3" stroke-dasharray="1,4"';
  return `<line class="side ${esc(list)}" data-side="${esc(key)}" x1="${px(x1)}" y1="${px(y1)}" x2="${px(x2)}" y2="${px(y2)}" ${style} stroke-linecap="round"/>`;
}

// drawAll draws the whole document (a few boards: a whole redraw is fast enough).
export function drawAll(svg) {
  const g = M.grid, d = M.doc;
  if (!g) return;
  const b = g.bounds;
  svg.setAttribute('viewBox', `${px(b.min_x)} ${px(b.min_y)} ${px(b.max_x - b.min_x)} ${px(b.max_y - b.min_y)}`);
  svg.setAttribute('width', px(b.max_x - b.min_x));
  svg.setAttribute('height', px(b.max_y - b.min_y));
  // The map fits its pane's width (editor.css), no sideways scrolling, drawn at most a quarter
  // bigger than its own size.
  svg.style.maxWidth = (px(b.max_x - b.min_x) * 1.25) + 'px';
  let t = '', f = '', ids = '';
  for (const h of g.hexes) {
    const hd = hexData(h.id), e = entry('terrain', hd.terrain);
    t += `<polygon class="hex" data-hex="${h.id}" data-terrain="${esc(hd.terrain)}" points="${points(h.x, h.y)}" fill="${e ? e.fill : '#eee'}"><title>${esc(h.id + ': ' + (e ? e.name : hd.terrain) + (hd.level ? ', level ' + hd.level : ''))}</title></polygon>`;
    if (hd.level) {
      t += `<polygon points="${points(h.x, h.y)}" fill="${hd.level > 0 ? '#8b5a2b' : '#1d3557'}" fill-opacity="${Math.min(0.6, 0.12 * Math.abs(hd.level)).toFixed(2)}" pointer-events="none"/>`;
      f += `<text class="lvl" x="${px(h.x)}" y="${px(h.y + 0.75)}">L${hd.level}</text>`;
    }
    if (hd.bridge) {
      const be = L.legend.get('b-' + hd.bridge + '-bridge');
      f += `<rect x="${px(h.x - 0.55)}" y="${px(h.y - 0.2)}" width="${px(1.1)}" height="${px(0.4)}" fill="${be ? be.fill : '#888'}" pointer-events="none"><title>${esc(hd.bridge)} bridge</title></rect>`;
    }
    if (hd.ford) f += `<text class="ford" x="${px(h.x)}" y="${px(h.y + 0.1)}">ford</text>`;
    const w = d.wrecks[h.id];
    if (w > 0) f += `<text class="wreck" data-wreck="${h.id}" x="${px(h.x + 0.35)}" y="${px(h.y + 0.45)}">✕${w > 1 ? w : ''}</text>`;
    ids += `<text class="hexid" x="${px(h.x)}" y="${px(h.y - 0.62)}">${esc(h.id)}</text>`;
  }
  for (const list of SIDE_LISTS) for (const key of d.sides[list] || []) f += sideLine(list, key);
  svg.innerHTML = `<g>${t}</g><g>${f}</g><g class="ids" pointer-events="none">${ids}</g><g>${drawUnits()}</g>`;
}

function drawUnits() {
  let s = '';
  const sides = [...new Set(M.doc.units.map((u) => u.side))];
  const colours = ['#2f5d8a', '#b03a2e', '#2e7d32', '#7d3c98'];
  const seen = new Map();
  for (const u of M.doc.units) {
    const h = typeof u.at === 'string' && M.grid.byId.get(u.at);
    if (!h) continue;
    const n = seen.get(h.id) || 0;
    seen.set(h.id, n + 1);
    const x = h.x + n * 0.25, y = h.y + n * 0.25;
    const col = colours[sides.indexOf(u.side) % colours.length];
    const [a, b] = String(u.vca || '').split('-').map((id) => M.grid.byId.get(id));
    if (a && b) {
      // The front: the vertex between the two VCA hexes, at radius 1 from the centre.
      const fx = (a.x + b.x) / 2 - h.x, fy = (a.y + b.y) / 2 - h.y, l = Math.hypot(fx, fy) || 1;
      s += `<line x1="${px(x)}" y1="${px(y)}" x2="${px(x + fx / l * 0.95)}" y2="${px(y + fy / l * 0.95)}" stroke="${col}" stroke-width="3" pointer-events="none"/>`;
    }
    s += `<rect class="unit" data-unit="${esc(u.id)}" x="${px(x - 0.4)}" y="${px(y - 0.4)}" width="${px(0.8)}" height="${px(0.8)}" rx="3" fill="${col}" pointer-events="none"/>` +
      `<text class="unit-id" x="${px(x)}" y="${px(y + 0.12)}" pointer-events="none">${esc(u.id)}</text>`;
  }
  return s;
}

// legendHTML is the terrain legend: every Terrain Chart row, hexside feature, bridge and
// marker with its colour or stroke; a terrain row is a button that picks it for painting.
export function legendHTML() {
  let s = '';
  for (const e of L.legend.values()) {
    const sw = e.stroke
      ? `<svg width="22" height="10"><line x1="1" y1="5" x2="21" y2="5" stroke="${e.stroke}" stroke-width="3"${e.dash ? ` stroke-dasharray="${e.dash}"` : ''}/></svg>`
      : `<span class="sw" style="background:${esc(e.fill)}"></span>`;
    const tag = e.tag === 'default' ? ' <span class="small">(default)</span>' : '';
    s += e.kind === 'terrain'
      ? `<button type="button" class="lg terrain-pick" data-word="${esc(e.word)}" title="paint ${esc(e.name)}">${sw} ${esc(e.name)}${tag}</button>`
      : `<span class="lg" data-kind="${esc(e.kind)}">${sw} ${esc(e.name)}${tag}</span>`;
  }
  return s;
}
