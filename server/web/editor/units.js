// umpire map editor, units and groups: the unit being placed (a Chapter H listing found by name
// through GET /api/rulesets/asl/vehicles; Infantry, a leader, Cavalry or a wagon as the scenario
// format writes them; or a vehicle by its own facts: name, class, MP), its side, front (VCA) and
// starting facts; the units placed; platoons, Convoys (lead first) and Columns.

import { $, esc } from '../util.js';
import { M, vcaOf, cornerOf } from './model.js';
import { change } from './undo.js';
import { setTool } from './palette.js';

const FRONTS = ['right', 'upper right', 'upper left', 'left', 'lower left', 'lower right'];
let chosen = null; // the listing picked: {name, facts}
let onChange = () => {};

// counter is the unit's counter as units: writes it, from the panel; null with the reason
// when the panel does not say one.
function counter() {
  const kind = $('#unit-kind').value, name = $('#foot-name').value.trim();
  switch (kind) {
  case 'listing':
    if (!chosen) return [null, 'pick a vehicle listing first (type part of its name)'];
    return [{ vehicle: chosen.name }, ''];
  case 'infantry': return [{ infantry: { name: name || '4-6-7' } }, ''];
  case 'leader': return [{ infantry: { name: name || '8-1', leader: true } }, ''];
  case 'cavalry': return [{ cavalry: { name: name || '4-4-7' } }, ''];
  case 'wagon': return [{ vehicle: { name: name || 'wagon', class: 'wagon', mp: Number($('#wagon-mp').value) || 8 } }, ''];
  case 'facts':
    if (!name) return [null, 'name the vehicle (the counter field)'];
    return [{ vehicle: { name, class: $('#veh-class').value, mp: Number($('#wagon-mp').value) || 1 } }, ''];
  }
  return [null, 'choose what the unit is'];
}

// placeUnit puts the panel's unit in hex id (moving it there if its id is placed already).
export function placeUnit(id) {
  const [c, why] = counter();
  const uid = $('#unit-id').value.trim();
  if (!c || !uid || /[\s:,]/.test(uid)) {
    say(c ? 'A unit id is one word without spaces, commas or colons.' : why);
    return false;
  }
  let k = Number($('#unit-front').value), vca = vcaOf(id, k);
  for (let i = 1; !vca && i < 6; i++) vca = vcaOf(id, (k + i) % 6); // on the edge: the nearest front that is on the map
  const u = { id: uid, side: $('#unit-side').value.trim() || 'German', counter: c, at: id, vca, motion: $('#unit-motion').checked, bu: $('#unit-bu').checked, rest: {} };
  change((doc) => {
    const i = doc.units.findIndex((x) => x.id === uid);
    if (i >= 0) { u.rest = doc.units[i].rest || {}; doc.units[i] = u; } else doc.units.push(u);
  });
  say(`${uid} placed in ${id}, front ${vca}.`);
  $('#unit-id').value = nextId(uid);
  return true;
}

// faceUnit turns the last unit placed in hex id to face the hexspine at corner k; false if
// there is none, or that front points off the map.
export function faceUnit(id, k) {
  const i = M.doc.units.map((u) => u.at).lastIndexOf(id), vca = vcaOf(id, k);
  if (i < 0 || !vca || M.doc.units[i].vca === vca) return false;
  change((doc) => { doc.units[i].vca = vca; });
  say(`${M.doc.units[i].id} faces ${FRONTS[k]}: ${vca}.`);
  return true;
}

// nextId is the id after "T1": "T2" (the first not used).
function nextId(id) {
  const m = /^(.*?)(\d+)$/.exec(id);
  let base = m ? m[1] : id, n = m ? Number(m[2]) + 1 : 2;
  while (M.doc.units.some((u) => u.id === base + n)) n++;
  return base + n;
}

const say = (s) => { $('#unit-status').textContent = s; };

const unitName = (u) => {
  const c = u.counter.vehicle ?? u.counter.infantry ?? u.counter.cavalry;
  return typeof c === 'string' ? c : (c && (c.listing || c.name)) || '?';
};

// renderUnits lists the units placed and the groups formed.
export function renderUnits() {
  $('#unit-list').innerHTML = M.doc.units.map((u, i) => {
    const k = typeof u.at === 'string' ? cornerOf(u.at, u.vca) : -1;
    const fronts = FRONTS.map((f, j) => `<option value="${j}"${j === k ? ' selected' : ''}>${f}</option>`).join('');
    return `<li data-i="${i}"><strong>${esc(u.id)}</strong> ${esc(u.side)} ${esc(unitName(u))} in ${esc(typeof u.at === 'string' ? u.at : JSON.stringify(u.at))}` +
      ` <select class="u-front" aria-label="front of ${esc(u.id)}">${fronts}</select>` +
      ` <label><input type="checkbox" class="u-motion"${u.motion ? ' checked' : ''}> Motion</label>` +
      ` <label><input type="checkbox" class="u-bu"${u.bu ? ' checked' : ''}> BU</label>` +
      ` <button type="button" class="u-del" aria-label="remove ${esc(u.id)}">✕</button></li>`;
  }).join('');
  $('#group-list').innerHTML = M.doc.groups.map((g, i) =>
    `<li data-i="${i}"><strong>${esc(g.id)}</strong> ${esc(g.kind)}: ${esc(g.members.join(', '))} <button type="button" class="g-del" aria-label="remove ${esc(g.id)}">✕</button></li>`).join('');
}

// searchListings shows the listings what was typed names (as a scenario's vehicle: reads it:
// "panther", "kv1", "sdkfz 251"), then those whose names hold its words; when none, the
// closest.
async function searchListings() {
  const q = $('#listing-q').value.trim();
  if (!q) { $('#listing-results').innerHTML = ''; return; }
  const res = await fetch('/api/rulesets/asl/vehicles?limit=25&q=' + encodeURIComponent(q));
  const data = await res.json();
  if (q !== $('#listing-q').value.trim()) return; // typed on meanwhile
  const found = data.listings || [], list = found.length ? found : (data.closest || []);
  $('#listing-results').innerHTML = (found.length ? '' : '<li class="small">no listing matches' + (list.length ? '; the closest:' : '') + '</li>') +
    list.map((l, i) => {
      const f = l.facts;
      return `<li><button type="button" class="pick" data-i="${i}" data-name="${esc(l.name)}">${esc(l.name)}</button>` +
        ` <span class="small">${esc(f.nationality)} · ${esc(f.type)} · ${f.mp} MP${f.red_mp ? ' <b class="red">red</b>' : ''}</span></li>`;
    }).join('');
  $('#listing-results').listings = list;
}

// bindUnits wires the units panel; changed runs after each change of the document.
export function bindUnits(changed) {
  onChange = changed;
  let timer = 0;
  $('#listing-q').addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(searchListings, 150); });
  $('#listing-results').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.pick');
    if (!b) return;
    chosen = $('#listing-results').listings[Number(b.dataset.i)];
    $('#unit-kind').value = 'listing';
    $('#listing-chosen').textContent = `${chosen.name} (${chosen.facts.nationality}, ${chosen.facts.type}, ${chosen.facts.mp} MP${chosen.facts.red_mp ? ', red' : ''})`;
    setTool('unit');
    say('Click a hex to place ' + chosen.name + '.');
  });
  $('#unit-list').addEventListener('change', (ev) => {
    const li = ev.target.closest('li');
    if (!li) return;
    const i = Number(li.dataset.i);
    change((doc) => {
      const u = doc.units[i];
      if (ev.target.classList.contains('u-front')) u.vca = vcaOf(u.at, Number(ev.target.value)) || u.vca;
      if (ev.target.classList.contains('u-motion')) u.motion = ev.target.checked;
      if (ev.target.classList.contains('u-bu')) u.bu = ev.target.checked;
    });
    onChange();
  });
  $('#unit-list').addEventListener('click', (ev) => {
    if (!ev.target.classList.contains('u-del')) return;
    const i = Number(ev.target.closest('li').dataset.i);
    change((doc) => {
      const id = doc.units[i].id;
      doc.units.splice(i, 1);
      for (const g of doc.groups) g.members = g.members.filter((m) => m !== id);
    });
    onChange();
  });
  $('#group-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const id = $('#group-id').value.trim(), kind = $('#group-kind').value;
    const members = $('#group-members').value.split(/[\s,]+/).filter(Boolean);
    const unknown = members.filter((m) => !M.doc.units.some((u) => u.id === m));
    if (!id || /[\s:,]/.test(id) || !members.length || unknown.length) {
      say(unknown.length ? 'No unit ' + unknown.join(', ') + '.' : 'A group needs an id (one word) and its members, lead first.');
      return;
    }
    change((doc) => {
      doc.groups = doc.groups.filter((g) => g.id !== id);
      doc.groups.push({ id, kind, members });
    });
    say(`${kind} ${id} formed: ${members.join(', ')}.`);
    onChange();
  });
  $('#group-list').addEventListener('click', (ev) => {
    if (!ev.target.classList.contains('g-del')) return;
    const i = Number(ev.target.closest('li').dataset.i);
    change((doc) => { doc.groups.splice(i, 1); });
    onChange();
  });
}
