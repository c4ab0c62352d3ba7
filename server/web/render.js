// umpire game page, shell: the page's frame, drawn from the state shown (G.view) with the
// game's ruleset module doing its part: the header (with the side umpire plays, if any), the
// unit list and the selection, the phase and notation box, the replay slider and the log; and
// selecting units (the mouse, n/p, 1-9).

import { $ } from './util.js';
import { G, isLive, spectator, sideColour } from './state.js';
import { renderReplay } from './replay.js';
import { renderLog } from './log.js';
import { renderObjectives } from './objectives.js';
import { opponentLabel } from './opponent.js';

// renderAll draws the whole page from G.view.
export function renderAll() {
  const st = G.view, rs = G.ruleset;
  if (!st) return;
  rs.drawBoard(st);
  renderHeader();
  renderUnitsAndSelection();
  renderPhaseBox();
  rs.renderPanels();
  renderObjectives(st);
  renderReplay();
  renderLog();
}

export function renderUnitsAndSelection() {
  G.ruleset.drawUnits();
  G.ruleset.renderUnitList();
  renderSelection();
}

export function renderSelection() {
  G.ruleset.drawSelection();
  G.ruleset.drawOverlay();
  G.ruleset.renderUnitPanel();
  $('#unit-box').classList.toggle('stale', !!G.stale);
  // The counters show which one is selected.
  for (const el of document.querySelectorAll('#g-units .unit')) {
    el.classList.toggle('selected', el.dataset.unit === G.sel);
    el.setAttribute('aria-pressed', String(el.dataset.unit === G.sel));
  }
}

function renderHeader() {
  const st = G.live, rs = G.ruleset;
  $('#game-name').textContent = st.name || st.id;
  document.title = `umpire: ${st.name || st.id}`;
  const ph = rs.header(G.view); // in a replay, the phase of that step
  $('#phasing').textContent = ph.text;
  $('#phasing').style.borderColor = ph.colour;
  $('#phasing').title = ph.title;
  if (rs.bodyClass) document.body.classList.add(rs.bodyClass);
  const role = $('#role');
  if (st.off_record) {
    // The stored log no longer replays past some step: the game is read-only where it stands.
    role.textContent = 'Read only: ' + st.off_record;
    role.className = 'role chip spectator off-record';
  } else if (st.role === 'spectator' || !(st.may_move || []).length) {
    role.textContent = 'Spectator: read only';
    role.className = 'role chip spectator';
  } else if (st.role === 'referee') {
    role.textContent = rs.roleText(st);
    role.className = 'role chip referee';
  } else {
    role.textContent = rs.roleText(st);
    role.className = 'role chip side';
    role.style.background = sideColour(st.may_move[0]);
  }
  // The practice opponent: which side umpire plays (empty, and so hidden, when none).
  $('#opponent').textContent = opponentLabel(st.opponent);
  document.body.classList.toggle('spectating', spectator());
  document.body.classList.toggle('replaying', !isLive());
}

function renderPhaseBox() {
  $('#notation').placeholder = G.ruleset.placeholder;
  G.ruleset.renderPhase();
  const live = isLive() && !spectator();
  $('#notation').disabled = !live;
  $('#notation-form button').disabled = !live;
}

// select selects unit id (null: none); announce says so on the status line.
export function select(id, announce = true) {
  G.ruleset.select(id, announce);
}

// cycle selects the next (dir 1) or previous (dir -1) unit, in state order.
export function cycle(dir) {
  const us = G.ruleset.selectable();
  if (!us.length) return;
  const i = us.findIndex((u) => u.id === G.sel);
  const next = us[((i < 0 ? (dir > 0 ? -1 : 0) : i) + dir + us.length) % us.length];
  select(next.id);
  const el = document.activeElement;
  if (el && el.closest && el.closest('#g-units .unit, #unit-list')) {
    const c = document.querySelector(`#g-units .unit[data-unit="${CSS.escape(next.id)}"]`);
    if (c) c.focus();
  }
}
