// umpire map editor, palette: the tool in hand and its settings, read from the side panel:
// paint a hex (terrain, level, bridge, ford), toggle a hexside feature, set a hex's wrecks,
// place a unit.

import { $ } from '../util.js';
import { L } from './draw.js';

// tool is what a click on the map does now, with its settings.
export function tool() {
  const t = document.querySelector('input[name="tool"]:checked')?.value || 'terrain';
  return {
    kind: t,
    terrain: $('#terrain').value,
    level: Number($('#level').value) || 0,
    bridge: $('#bridge').value,
    ford: $('#ford').checked,
    side: $('#side-feature').value,
    wrecks: Math.max(0, Number($('#wreck-count').value) || 0),
  };
}

export function setTool(kind) {
  const el = document.querySelector(`input[name="tool"][value="${kind}"]`);
  if (el) el.checked = true;
}

// fillPalette fills the terrain and hexside choices from the legend (the server's Terrain
// Chart), and lets a legend row pick its terrain.
export function fillPalette() {
  const opt = (v, text) => `<option value="${v}">${text}</option>`;
  const es = [...L.legend.values()];
  $('#terrain').innerHTML = es.filter((e) => e.kind === 'terrain').map((e) => opt(e.word, e.name)).join('');
  $('#side-feature').innerHTML = es.filter((e) => e.kind === 'hexside').map((e) => opt(e.word, e.name)).join('') +
    opt('novbm', 'too narrow for VBM (obstacle hex first)') + opt('bypass_wrecks', 'Bypass wreck (obstacle hex first)');
  $('#bridge').innerHTML = opt('', 'no bridge') + es.filter((e) => e.kind === 'bridge').map((e) => opt(e.word, e.name)).join('');
  $('#ed-legend').addEventListener('click', (ev) => {
    const b = ev.target.closest('.terrain-pick');
    if (!b) return;
    $('#terrain').value = b.dataset.word;
    setTool('terrain');
  });
}
