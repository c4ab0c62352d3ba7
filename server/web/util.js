// umpire game page, shell: the small helpers every module uses: the DOM query, HTML escaping,
// MP the rulebook's way, the side colours and the map's scale. No page state lives here.

export const S = 24; // pixels per hex radius, as render/svg.go (zoom limits use it on every map)
export const SIDE_COLOURS = ['#2f5d8a', '#b03a2e', '#2e7d32', '#7d3c98', '#b9770e', '#17726d'];

export const $ = (sel) => document.querySelector(sel);
export const esc = (v) => String(v ?? '').replace(/[&<>"']/g,
  (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// fmtMP writes MP the rulebook's way: 7.5 -> "7½".
export function fmtMP(v) {
  if (v === null || v === undefined || Number.isNaN(+v)) return '';
  v = +v;
  if (Math.abs(v * 2 - Math.round(v * 2)) > 1e-9) return String(+v.toFixed(2));
  const whole = Math.trunc(v), half = Math.abs(v - whole) > 0.25;
  if (!half) return String(whole);
  return (whole === 0 ? (v < 0 ? '-' : '') : String(whole)) + '½';
}

export function safeJSON(s) { try { return JSON.parse(s); } catch (e) { return null; } }
