// umpire game page, shell: loading and submitting. refresh loads the live state and the log
// (and, with the first state, the game's ruleset module); submit sends one line of notation as
// the next step and says what the server answered.

import { esc } from './util.js';
import { G, api, setStatus, isLive, spectator } from './state.js';
import { rulesetFor } from './rulesets.js';
import { renderAll, renderSelection } from './render.js';
import { confirmRoll } from './confirm.js';

// refresh reloads the live state and the log, then what the selection needs (its ruleset's
// load). Calls made while one runs are folded into one more run.
let refreshing = null, again = false;
export const isRefreshing = () => refreshing !== null;
export function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      const [st, lg] = await Promise.all([api('GET', ''), loadLog()]);
      if (st.status !== 200) {
        const why = st.status === 403 ? 'This link is not valid for this game (403).' : esc(st.body.error || 'cannot load the game');
        setStatus('<strong>Cannot load the game:</strong> ' + why + (st.status ? ` (${st.status})` : ''), 'err');
        break;
      }
      if (!G.ruleset && !await loadRuleset(st.body.ruleset)) break;
      G.live = st.body;
      if (lg.status === 200) G.log = lg.body.entries || [];
      if (isLive()) G.view = G.live;
      renderAll();
      await G.ruleset.load();
    } while (again);
  })().finally(() => { refreshing = null; });
  return refreshing;
}

// loadLog reads the whole log, page by page: the server answers at most 1,000 steps at a time,
// with next, the first step of the page after, while steps remain. The answer is the last
// page's, holding every page's entries (or the first failed page's).
async function loadLog() {
  const entries = [];
  let path = '/log';
  for (;;) {
    const lg = await api('GET', path);
    if (lg.status !== 200) return lg;
    entries.push(...(lg.body.entries || []));
    const next = lg.body.next;
    if (!Number.isInteger(next) || next <= entries.length) return { status: 200, body: { ...lg.body, entries } };
    path = '/log?from=' + next;
  }
}

// loadRuleset loads the game's ruleset module and lets it set up its controls; false (and
// the status line says why) if the page has none.
async function loadRuleset(name) {
  try {
    const rs = await rulesetFor(name);
    rs.setup();
    G.ruleset = rs;
    return true;
  } catch (e) {
    setStatus(`<strong>This page cannot show a game of ruleset ${esc(name)}:</strong> ${esc(e.message)}`, 'err');
    return false;
  }
}

// noSteps is the load of a ruleset whose selection has no legal steps or reach to fetch: it
// clears them and redraws the selection.
export function noSteps() {
  ++G.selSeq;
  G.steps = null; G.reach = null; G.stale = false;
  renderSelection();
}

// submit sends one line of notation as the next step, and reports what the server said; true
// if the step was accepted. A step that rolls is sent only once the player has seen its odds
// and confirmed (confirm.js).
export async function submit(line) {
  line = String(line || '').trim();
  if (!line) return false;
  if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> (l) to move.', 'warn'); return false; }
  if (spectator()) { setStatus('This is a spectator link: it may not move.', 'warn'); return false; }
  if (G.busy) return false;
  G.busy = true;
  document.body.classList.add('busy');
  // The step is sent as the one after the state its odds were worked out on: if another
  // player's step lands while the odds are shown, the server answers 409 (look again).
  const n = G.live.n + 1;
  setStatus('Working out the odds of <code>' + esc(line) + '</code>…');
  if (!await confirmRoll(line)) {
    G.busy = false;
    document.body.classList.remove('busy');
    setStatus('Cancelled: nothing was sent (<code>' + esc(line) + '</code>).', 'warn');
    return false;
  }
  setStatus('Sending <code>' + esc(line) + '</code>…');
  const r = await api('POST', '/steps', { n, line });
  G.busy = false;
  document.body.classList.remove('busy');
  const ok = answered(r, line);
  await refresh();
  return ok;
}

// answered takes in a step's answer: the new state, and the news on the status line.
function answered(r, line) {
  const b = r.body;
  switch (r.status) {
    case 201:
      if (b.state) { G.live = b.state; G.view = G.live; }
      G.ruleset.stepDone(b, line);
      return true;
    case 400:
      setStatus('<strong>Cannot read that:</strong> ' + esc(b.error), 'err');
      break;
    case 403:
      setStatus('<strong>Not allowed:</strong> this link may not move that side. ' + esc(b.error || ''), 'err');
      break;
    case 409:
      if (b.state) { G.live = b.state; G.view = G.live; }
      setStatus(`<strong>Someone moved first:</strong> the game is now at step ${esc(b.state ? b.state.n : b.n)}. ` +
        'It is reloaded; look again before moving. ' +
        `<span class="small">${esc(b.error || '')}</span>`, 'warn');
      break;
    case 422:
      if (b.state) { G.live = b.state; G.view = G.live; }
      setStatus(`<strong>Refused${b.rule ? ' (' + esc(b.rule) + ')' : ''}:</strong> ${esc(b.error)} ` +
        `<span class="small">Nothing changed: <code>${esc(line)}</code></span>`, 'err');
      break;
    default:
      setStatus(`<strong>Error ${esc(r.status)}:</strong> ${esc(b.error || 'no answer')}`, 'err');
  }
  return false;
}
