// umpire map editor, starting a game: POST the exported scenario to /api/games (docs/api.md) and
// show each role's link, as the new-game page does.

import { $, esc } from '../util.js';

// startGame creates a game of the scenario text and lists its links; the answer is the
// server's (or throws its error).
export async function startGame(text) {
  const res = await fetch('/api/games?name=editor.yaml', { method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: text });
  const body = await res.text();
  let data;
  try { data = JSON.parse(body); } catch (e) { data = { error: body.trim() || res.statusText }; }
  if (res.status !== 201 && res.status !== 200) throw new Error(data.error || 'error ' + res.status);
  const links = data.links || {};
  const order = (data.sides || []).concat(['referee', 'spectator']).filter((k) => links[k]);
  $('#game-id').textContent = (data.name ? data.name + ' ' : '') + '(' + data.id + ')';
  $('#links').innerHTML = order.map((k) => {
    const url = new URL(links[k], location.origin).href;
    return `<tr><th scope="row">${esc(k)}</th><td class="url"><a href="${esc(url)}" data-role="${esc(k)}" target="_blank" rel="noopener">${esc(url)}</a></td></tr>`;
  }).join('');
  $('#result').hidden = false;
  return data;
}
