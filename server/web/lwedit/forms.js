// umpire Lightning War table editor, the TO&E forms: formations (side, parent, initiative),
// units (type, running gear, size, speeds, base, leader) and the detachment to place (its units,
// facing, formation, kind, revealed), with the lists of what is entered and a button to remove each.

import { $, esc } from '../util.js';
import { L, change, factorText } from './model.js';

const VEHICLES = new Set(['tank', 'truck', 'halftrack', 'car', 'vehicle', 'motorcycle']);
const val = (sel) => $(sel).value.trim();

function addFormation() {
  const id = val('#f-id');
  if (!id) return 'A formation needs an id.';
  const f = { id };
  if (val('#f-parent')) f.parent = val('#f-parent'); else f.side = val('#f-side') || 'German';
  if (val('#f-init')) f.initiative = val('#f-init');
  change((d) => { d.toe = d.toe.filter((x) => String(x.id) !== id).concat([f]); });
  return '';
}

function addUnit() {
  const id = val('#u-id'), type = val('#u-type');
  if (!id || !val('#u-formation')) return 'A unit needs an id and a formation.';
  const u = { id, formation: val('#u-formation'), type };
  if (VEHICLES.has(type)) {
    if (type !== 'motorcycle') u[val('#u-gear')] = true;
    u.size = val('#u-size');
    if (val('#u-road')) u.road = Number(val('#u-road'));
    u.xc = Number(val('#u-xc')) || 1;
  }
  const base = val('#u-base').split(/[x, ]+/).map(Number);
  if (base.length === 2 && base.every((v) => v > 0) && !(base[0] === 1 && base[1] === 1)) u.base = base;
  if ($('#u-leader').checked) u.leader = true;
  change((d) => { d.units = d.units.filter((x) => String(x.id) !== id).concat([u]); });
  return '';
}

// readDet is the detachment the form describes (without its place); null without id or units.
export function readDet() {
  const id = val('#d-id'), units = val('#d-units').split(/[, ]+/).filter(Boolean);
  if (!id || !units.length) return null;
  const det = { id, units, at: [0, 0] };
  if (Number(val('#d-facing'))) det.facing = Number(val('#d-facing')) % 360;
  if (val('#d-form') === 'column') det.formation = 'column';
  if (val('#d-kind') !== 'normal') det.kind = val('#d-kind');
  if ($('#d-revealed').checked) det.revealed = true;
  return det;
}

const row = (kind, id, text) => `<li>${text} <button type="button" class="del" data-kind="${kind}" data-id="${esc(id)}" title="remove">×</button></li>`;

// renderForms lists the areas, roads, streams and chokes drawn, the formations, units,
// detachments and orders, and fills the order form's
// choice of detachments.
export function renderForms() {
  const d = L.doc;
  const pts = (l) => l.length + (l.length === 1 ? ' point' : ' points');
  $('#drawn-list').innerHTML = d.terrain.map((x) => row('terrain', x.id, `<b>${esc(x.id)}</b> ${esc(factorText(x))}, ${pts(x.area)}`))
    .concat(d.roads.map((x) => row('roads', x.id, `<b>${esc(x.id)}</b> ${esc(x.width ?? 0.5)}" wide, ${pts(x.line)}`)),
      d.streams.map((x) => row('streams', x.id, `<b>${esc(x.id)}</b> ${pts(x.line)}`)),
      d.chokes.map((x) => row('chokes', x.id, `<b>${esc(x.id)}</b> choke point, ${pts(x.area)}`))).join('');
  $('#toe-list').innerHTML = d.toe.map((f) => row('toe', f.id, `<b>${esc(f.id)}</b> ${esc(f.side || 'under ' + f.parent)} ${esc(f.initiative || '')}`)).join('');
  $('#lw-unit-list').innerHTML = d.units.map((u) => row('units', u.id, `<b>${esc(u.id)}</b> ${esc(u.type)} of ${esc(u.formation)}${u.xc ? ' ' + esc(u.road ?? u.xc) + '/' + esc(u.xc) + ' MPH' : ''}${u.base ? ' base ' + esc(u.base.join('x')) : ''}${u.leader ? ' leader' : ''}`)).join('');
  $('#det-list').innerHTML = d.detachments.map((x) => row('detachments', x.id, `<b>${esc(x.id)}</b> [${esc(x.units.join(', '))}] at ${esc(x.at.join(', '))} facing ${esc(x.facing || 0)} ${esc(x.formation || 'line')}${x.kind ? ' ' + esc(x.kind) : ''}${x.revealed ? ' revealed' : ''}`)).join('');
  $('#order-list').innerHTML = d.orders.map((o) => row('orders', o.to, `to <b>${esc(o.to)}</b>: path ${esc((o.path || []).map((p) => p.join(',')).join(' '))}${o.pace ? ' ' + esc(o.pace) : ''}${o.reserve ? ' reserve' : ''}${o.text ? ': “' + esc(o.text) + '”' : ''}`)).join('');
  const sel = $('#o-to'), was = sel.value;
  sel.innerHTML = d.detachments.map((x) => `<option>${esc(x.id)}</option>`).join('');
  if (d.detachments.some((x) => String(x.id) === was)) sel.value = was;
}

// bindForms wires the forms' buttons; redraw runs after each change.
export function bindForms(redraw, status) {
  const run = (fn) => () => { const err = fn(); if (err) status(err, 'err'); else redraw(); };
  $('#add-formation').addEventListener('click', run(addFormation));
  $('#add-unit').addEventListener('click', run(addUnit));
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest('button.del');
    if (!b) return;
    const k = b.dataset.kind, key = k === 'orders' ? 'to' : 'id';
    change((d) => { d[k] = d[k].filter((x) => String(x[key]) !== b.dataset.id); });
    redraw();
  });
}
