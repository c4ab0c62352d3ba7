// umpire game page, shell: the page's state (G), the link's game and token, the API call, the
// status line, re-rendering a panel without losing the keyboard focus, and who this link is
// (live or replay, may it move a side, the sides' colours).

import { $, SIDE_COLOURS } from './util.js';

const m = location.pathname.match(/\/play\/([^/]+)/);
export const G = {
  id: m ? decodeURIComponent(m[1]) : '',
  token: new URLSearchParams(location.search).get('k') || '',
  ruleset: null,    // the game's ruleset module (rulesets.js), set with the first state
  live: null,       // the live state (GET /api/games/{id})
  view: null,       // the state shown: live, or a replay
  replayAt: null,   // null = live; else the step the replay shows
  log: [],          // log entries
  sel: null,        // the selected unit's (or detachment's) id
  steps: null,      // the selected unit's legal steps (GET .../steps), if its ruleset loads them
  reach: null,      // the selected unit's reach (GET .../reach), likewise
  selSeq: 0,        // bumps when the selection changes, to drop stale answers
  busy: false,      // a step is being submitted
  stale: false,     // the steps shown are being reloaded
  mapKey: '',       // the hex map last drawn (to redraw the terrain only when it changes)
  hexes: new Map(), // hex id -> map hex
  legend: new Map(), // legend class -> entry {class, kind, name, fill, stroke, dash, tag} (ASL)
  hexEls: new Map(), // hex id -> its <polygon>
  fit: null,        // the whole map's viewBox
  vb: null,         // the current viewBox
  atFit: false,     // the view is Fit's (zoom.js): it follows the window's size
  history: [], histPos: 0, // notation lines sent
};

// api calls the game's API with the link's token; it never throws.
export async function api(method, path, body) {
  const opt = { method, headers: { Authorization: 'Bearer ' + G.token, Accept: 'application/json' } };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  try {
    const res = await fetch('/api/games/' + encodeURIComponent(G.id) + path, opt);
    const text = await res.text();
    let data = {};
    try { data = text ? JSON.parse(text) : {}; } catch (e) { data = { error: text.trim() || res.statusText }; }
    return { status: res.status, body: data || {} };
  } catch (e) {
    return { status: 0, body: { error: 'network error: ' + e.message } };
  }
}

// setStatus shows one line of news; kind is info, ok, warn or err (err is prominent).
export function setStatus(html, kind = 'info') {
  const el = $('#status');
  el.className = kind;
  el.innerHTML = html;
  if (kind === 'err') el.setAttribute('role', 'alert'); else el.setAttribute('role', 'status');
}

// setHTML replaces the content of el. When the keyboard focus was inside el it stays on the
// same control (same data-unit / data-line / id) or, if that is gone, on el's first control,
// so that a keyboard user who presses a step button stays in the panel. If el is empty for a
// moment (loading), the focus is put back when it fills again.
let wantFocus = null; // {el, sel}: focus lost with a re-render, to be put back
export function setHTML(el, html) {
  const a = document.activeElement;
  let sel = null;
  if (a && a !== document.body && el.contains(a)) {
    const keys = ['data-unit', 'data-line', 'data-member', 'data-verb', 'id', 'data-att', 'data-mk', 'data-f', 'data-retreat', 'name'];
    if (a.type === 'radio') keys.push('value');
    sel = a.tagName.toLowerCase() + keys
      .filter((k) => a.hasAttribute(k)).map((k) => `[${k}="${CSS.escape(a.getAttribute(k))}"]`).join('');
  } else if (wantFocus && wantFocus.el === el && (!a || a === document.body)) {
    sel = wantFocus.sel;
  }
  el.innerHTML = html;
  if (sel === null) return;
  const b = el.querySelector(sel) ||
    el.querySelector('button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex="0"]');
  if (b) { b.focus({ preventScroll: true }); wantFocus = null; } else wantFocus = { el, sel };
}

export const isLive = () => G.replayAt === null;
export const mayMove = (side) => isLive() && !!G.live && (G.live.may_move || []).includes(side);
export const spectator = () => !!G.live && (G.live.role === 'spectator' || !!G.live.off_record || !(G.live.may_move || []).length);
export const unitOf = (st, id) => (st && st.units || []).find((u) => u.id === id);
export const sideIndex = (side) => Math.max(0, (G.live && G.live.sides || []).indexOf(side));
export const sideColour = (side) => SIDE_COLOURS[sideIndex(side) % SIDE_COLOURS.length];
