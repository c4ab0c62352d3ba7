// umpire game page, Lightning War's ruler: for the referee and each side. The Ruler button turns
// it on; then two clicks on the table (or on a detachment, which takes its place) set the ends
// of a line, and the server measures it (GET /api/games/{id}/measure, docs/api.md "Ruler"):
// its length in inches and metres, each leg of ground with its factor (ground + slope, roads),
// the streams crossed, and, for the detachment chosen, how long it would take at its pace (a
// turn is about a minute). The detachments offered are those this link sees (its own, and the
// enemy's the referee revealed); the server, not this list, decides what a link may name. A
// third click starts a new line; Esc or the button turns the ruler off.

import { $, esc } from '../../util.js';
import { G, api, setStatus } from '../../state.js';

const R = { on: false, a: null, b: null, det: '', seq: 0, out: null, err: '' };
let px = null; // the table's drawing: {x(inches) -> px, y(inches) -> px}

const pt = ([x, y]) => `${Math.round(x * 100) / 100},${Math.round(y * 100) / 100}`;

// rulerOn reports whether clicks on the table place the ruler's ends.
export const rulerOn = () => R.on;

// rulerSetup adds the ruler's controls to box and listens on them; lx and ly draw a point of
// the table (inches) in the SVG.
export function rulerSetup(box, lx, ly) {
  px = { x: lx, y: ly };
  const el = document.createElement('div');
  el.id = 'lw-ruler';
  el.className = 'lw-ruler';
  el.innerHTML = '<div class="row"><button type="button" id="lw-ruler-on" aria-pressed="false" title="Measure: click two points on the table (Esc: off)">Ruler</button>' +
    '<label for="lw-ruler-det">time for</label><select id="lw-ruler-det"><option value="">(no detachment)</option></select></div>' +
    '<div id="lw-ruler-out" aria-live="polite"></div>';
  box.appendChild(el);
  if (!$('#g-ruler')) {
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.id = 'g-ruler';
    $('#g-units').before(g);
  }
  $('#lw-ruler-on').addEventListener('click', () => rulerToggle(!R.on));
  $('#lw-ruler-det').addEventListener('change', (ev) => { R.det = ev.target.value; measure(); });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && R.on && !/INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) rulerToggle(false);
  });
}

// rulerToggle turns the ruler on or off (off clears the line).
export function rulerToggle(on) {
  R.on = on;
  if (!on) { R.a = R.b = R.out = null; R.err = ''; R.seq++; }
  $('#lw-ruler-on').setAttribute('aria-pressed', String(on));
  $('#lw-ruler-on').classList.toggle('on', on);
  document.body.classList.toggle('lw-measuring', on);
  if (on) setStatus('Ruler: click the two ends of the line on the table.');
  rulerRender();
}

// rulerClick places an end of the line at x,y (inches): the first end, then the second (and
// measures); a third click starts a new line.
export function rulerClick(x, y) {
  if (!R.a || R.b) { R.a = [x, y]; R.b = null; R.out = null; R.err = ''; R.seq++; rulerRender(); return; }
  R.b = [x, y];
  measure();
}

// measure asks the server to measure the line (again, for a new detachment).
async function measure() {
  if (!R.a || !R.b) { rulerRender(); return; }
  const seq = ++R.seq;
  R.out = null; R.err = '';
  rulerRender();
  const q = new URLSearchParams({ from: pt(R.a), to: pt(R.b) });
  if (R.det) q.set('det', R.det);
  const res = await api('GET', '/measure?' + q);
  if (seq !== R.seq) return; // a newer line or detachment
  if (res.status === 200) R.out = res.body; else R.err = res.body.error || 'the ruler failed (' + res.status + ')';
  rulerRender();
}

// rulerRender redraws the line on the table, the detachments offered, and what was measured.
export function rulerRender() {
  const sel = $('#lw-ruler-det');
  if (!sel) return;
  const dets = (G.view && G.view.dets) || [];
  if (R.det && !dets.some((d) => d.id === R.det)) R.det = '';
  const opts = '<option value="">(no detachment)</option>' + dets.map((d) =>
    `<option value="${esc(d.id)}"${d.id === R.det ? ' selected' : ''}>${esc(d.id)}${d.own ? '' : ' (seen)'}</option>`).join('');
  if (sel.innerHTML !== opts) sel.innerHTML = opts;
  drawLine();
  $('#lw-ruler-out').innerHTML = R.on ? outHTML() : '';
}

// drawLine draws the ruler's ends and the line between them.
function drawLine() {
  const g = $('#g-ruler');
  if (!g || !px) return;
  let s = '';
  if (R.on && R.a && R.b) s += `<line class="lw-ruler-line" x1="${px.x(R.a[0])}" y1="${px.y(R.a[1])}" x2="${px.x(R.b[0])}" y2="${px.y(R.b[1])}"/>`;
  for (const p of R.on ? [R.a, R.b] : []) if (p) s += `<circle class="lw-ruler-end" cx="${px.x(p[0])}" cy="${px.y(p[1])}" r="4"/>`;
  g.innerHTML = s;
}

// outHTML is what the ruler says: the length, the legs with their factors, the streams, the
// detachment's time.
function outHTML() {
  if (!R.a) return '<p class="hint">Click the first end of the line on the table.</p>';
  if (!R.b) return `<p class="hint">From ${esc(pt(R.a))}: click the other end.</p>`;
  if (R.err) return `<p class="warn lw-ruler-err">${esc(R.err)}</p>`;
  const m = R.out;
  if (!m) return '<p class="hint">Measuring…</p>';
  let h = `<p class="lw-ruler-len"><strong>${esc(m.inches)}"</strong> (${esc(m.metres)} m) from ${esc(pt(m.from))} to ${esc(pt(m.to))}</p><ol class="lw-ruler-legs">`;
  for (const l of m.legs) {
    h += `<li>${esc(l.inches)}" of ${esc(l.label)}: factor ${esc(l.expr)}${l.slope ? ' = ' + esc(l.cost) : ''}` +
      (l.stream ? `, across ${esc(l.stream)}` : '') + (l.choke ? `, through ${esc(l.choke)} (choke point)` : '') +
      (m.det && m.det.known && l.speed ? ` <span class="small">— ${esc(l.speed)}" a turn, ${esc(l.turns)} turns</span>` : '') + '</li>';
  }
  h += '</ol>';
  for (const c of m.streams) h += `<p class="small">crosses ${esc(c.stream)} at ${esc(pt(c.at))}${c.bridged ? ' (on a road: no miring check)' : ' (off a road: vehicles check for miring)'}</p>`;
  if (m.det) {
    h += m.det.known ? `<p class="lw-ruler-time"><strong>${esc(m.det.id)}</strong>: ${esc(m.det.turns)} turns, about ${esc(m.det.time)}` +
      (m.det.unit ? ` <span class="small">[${esc(m.det.unit)} ${esc(m.det.what)} ${esc(m.det.mph)} MPH]</span>` : '') +
      (m.det.note ? ` <span class="small">(${esc(m.det.note)})</span>` : '') + '</p>'
      : `<p class="lw-ruler-time">${esc(m.det.id)}: no time — ${esc(m.det.why)}</p>`;
  }
  return h;
}
