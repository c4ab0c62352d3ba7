// umpire game page: draws the game's map and units from the server's state (server/API.md),
// lets a player pick a unit, see its legal next steps and reach, and submit steps, Impulses and
// free move notation; shows the log, a replay slider, and follows the game live (Server-Sent
// Events). A Last Hundred Yards game (ruleset lhy) gets its own counters and an Assault and
// fire panel instead: the odds before the roll, then the roll and its result (the "LHY"
// section below). A Lightning War game (ruleset lightningwar) is drawn as a tabletop in inches
// with the detachments this link may see, and orders are built by clicking a path on the table
// (the "LW" section). Plain ES2020, no libraries: the file is embedded in the Go binary and
// works offline.
'use strict';

(() => {
  // ---------------------------------------------------------------- constants and helpers

  const S = 24; // pixels per hex radius, as render/svg.go
  const SIDE_COLOURS = ['#2f5d8a', '#b03a2e', '#2e7d32', '#7d3c98', '#b9770e', '#17726d'];
  // Terrain fills: the colours of render/svg.go (close to the boards' printing), by name.
  const TERRAIN = {
    'open ground': '#efe6c8', shellholes: '#cfc6a8', brush: '#c9d49a', grain: '#f2de8a',
    orchard: '#d5e6b0', woods: '#7fa860', building: '#b09a84', rubble: '#9c948c',
    stream: '#9cc8e8', gully: '#c8a878', marsh: '#a8c8b0',
    // Last Hundred Yards terrain.
    'urban building': '#a8927e', 'rural building': '#c4ab8c', jungle: '#5f9a58', river: '#8fbfe6',
    'sunken road': '#c2a473', hut: '#cdb592', impassable: '#6b6b6b',
  };
  // A unit's state as a badge: short text, colour, and words for the tooltip.
  const BADGE = {
    Stopped: ['S', '#5f5f5f'], Moving: ['Mv', '#2e7d32'], Motion: ['Mo', '#1f6fb2'],
    Bogged: ['Bg', '#8d5524'], Immobilized: ['Im', '#a31515'], Destroyed: ['X', '#111'],
    Offboard: ['Off', '#777'], Exited: ['Ex', '#777'],
  };
  // The order steps are listed in (and numbered for the keys 1-9).
  const VERB_ORDER = ['start', 'stop', 'enter', 'minimum', 'exit', 'reverse', 'bypass',
    'reverse bypass', 'vca', 'delay', 'esb', 'end'];
  const MOVE_VERBS = new Set(['enter', 'minimum', 'reverse', 'bypass', 'reverse bypass']);

  const $ = (sel) => document.querySelector(sel);
  const esc = (v) => String(v ?? '').replace(/[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const n1 = (v) => (Math.round(v * S * 10) / 10).toString(); // radii -> px, one decimal

  // fmtMP writes MP the rulebook's way: 7.5 -> "7½".
  function fmtMP(v) {
    if (v === null || v === undefined || Number.isNaN(+v)) return '';
    v = +v;
    if (Math.abs(v * 2 - Math.round(v * 2)) > 1e-9) return String(+v.toFixed(2));
    const whole = Math.trunc(v), half = Math.abs(v - whole) > 0.25;
    if (!half) return String(whole);
    return (whole === 0 ? (v < 0 ? '-' : '') : String(whole)) + '½';
  }

  // The corners of the flat-topped hex of radius 1 at (x, y): corner k at 60k degrees,
  // counter-clockwise on paper (y grows down).
  function corner(x, y, k) {
    const a = Math.PI / 3 * k;
    return [x + Math.cos(a), y - Math.sin(a)];
  }
  function hexPoints(x, y) {
    const p = [];
    for (let k = 0; k < 6; k++) {
      const [cx, cy] = corner(x, y, k);
      p.push(n1(cx) + ',' + n1(cy));
    }
    return p.join(' ');
  }
  function terrainFill(name) {
    const k = String(name || '').toLowerCase().replace(/[_-]/g, ' ').trim();
    return TERRAIN[k] || TERRAIN[k.replace(/\s+/g, '')] || (k === 'open' ? TERRAIN['open ground'] : '#e6dfcc');
  }

  // ---------------------------------------------------------------- page state

  const m = location.pathname.match(/\/play\/([^/]+)/);
  const G = {
    id: m ? decodeURIComponent(m[1]) : '',
    token: new URLSearchParams(location.search).get('k') || '',
    live: null,       // the live state (GET /api/games/{id})
    view: null,       // the state shown: live, or a replay
    replayAt: null,   // null = live; else the step the replay shows
    log: [],          // log entries
    sel: null,        // the selected unit's id
    steps: null,      // the selected unit's legal steps (GET .../steps)
    reach: null,      // the selected unit's reach (GET .../reach)
    selSeq: 0,        // bumps when the selection changes, to drop stale answers
    group: null,      // the group chosen for Impulse entry
    groupSteps: {},   // member id -> its steps answer
    busy: false,      // a step is being submitted
    stale: false,     // the steps shown are being reloaded
    mapKey: '',       // the map last drawn (to redraw the terrain only when it changes)
    hexes: new Map(), // hex id -> map hex
    hexEls: new Map(), // hex id -> its <polygon>
    fit: null,        // the whole map's viewBox
    vb: null,         // the current viewBox
    history: [], histPos: 0, // notation lines sent
  };

  // api calls the game's API with the link's token; it never throws.
  async function api(method, path, body) {
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
  function setStatus(html, kind = 'info') {
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
  function setHTML(el, html) {
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

  const isLive = () => G.replayAt === null;
  const mayMove = (side) => isLive() && !!G.live && (G.live.may_move || []).includes(side);
  const spectator = () => !!G.live && (G.live.role === 'spectator' || !(G.live.may_move || []).length);
  const unitOf = (st, id) => (st && st.units || []).find((u) => u.id === id);
  const sideIndex = (side) => Math.max(0, (G.live && G.live.sides || []).indexOf(side));
  const sideColour = (side) => SIDE_COLOURS[sideIndex(side) % SIDE_COLOURS.length];
  const onMap = (u) => u.hex && !u.eliminated && u.state !== 'Offboard' && u.state !== 'Exited' && G.hexes.has(u.hex);
  const isLHY = () => !!G.live && G.live.ruleset === 'lhy';
  const isLW = () => !!G.live && G.live.ruleset === 'lightningwar';

  // ---------------------------------------------------------------- loading

  // refresh reloads the live state and the log, then the selection's steps and reach.
  // Calls made while one runs are folded into one more run.
  let refreshing = null, again = false;
  function refresh() {
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      do {
        again = false;
        const [st, lg] = await Promise.all([api('GET', ''), api('GET', '/log')]);
        if (st.status !== 200) {
          const why = st.status === 403 ? 'This link is not valid for this game (403).' : esc(st.body.error || 'cannot load the game');
          setStatus('<strong>Cannot load the game:</strong> ' + why + (st.status ? ` (${st.status})` : ''), 'err');
          break;
        }
        G.live = st.body;
        if (lg.status === 200) G.log = lg.body.entries || [];
        if (isLive()) G.view = G.live;
        renderAll();
        await Promise.all([loadSelection(), loadGroup()]);
      } while (again);
    })().finally(() => { refreshing = null; });
    return refreshing;
  }

  // loadSelection fetches the selected unit's legal steps and reach (live only).
  async function loadSelection() {
    const seq = ++G.selSeq;
    const u = unitOf(G.view, G.sel);
    if (!u || !isLive() || isLHY() || u.state === 'Destroyed' || u.state === 'Exited') {
      G.steps = null; G.reach = null; G.stale = false;
      renderSelection();
      return;
    }
    // The steps shown stay (greyed, not clickable) until the new ones come.
    G.stale = true;
    renderSelection();
    const uid = encodeURIComponent(u.id);
    const [sp, rc] = await Promise.all([api('GET', `/units/${uid}/steps`), api('GET', `/units/${uid}/reach`)]);
    if (seq !== G.selSeq) return; // the selection or the state changed meanwhile
    G.steps = sp.status === 200 ? sp.body : { error: sp.body.error || `steps: ${sp.status}`, steps: [], candidates: [] };
    G.reach = rc.status === 200 ? rc.body : null;
    G.stale = false;
    renderSelection();
  }

  // loadGroup fetches the steps (and candidates) of each member of the chosen group.
  let groupSeq = 0;
  async function loadGroup() {
    const seq = ++groupSeq;
    const gr = currentGroup();
    if (!gr || !isLive()) { G.groupSteps = {}; renderGroups(); return; }
    const answers = await Promise.all(gr.members.map((id) => api('GET', `/units/${encodeURIComponent(id)}/steps`)));
    if (seq !== groupSeq) return; // another group was chosen, or the game moved on
    const got = {};
    gr.members.forEach((id, i) => { if (answers[i].status === 200) got[id] = answers[i].body; });
    G.groupSteps = got;
    renderGroups();
  }

  // ---------------------------------------------------------------- submitting steps

  // submit sends one line of notation as the next step, and reports what the server said.
  async function submit(line) {
    line = String(line || '').trim();
    if (!line) return false;
    if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> (l) to move.', 'warn'); return false; }
    if (spectator()) { setStatus('This is a spectator link: it may not move.', 'warn'); return false; }
    if (G.busy) return false;
    G.busy = true;
    document.body.classList.add('busy');
    setStatus('Sending <code>' + esc(line) + '</code>…');
    const r = await api('POST', '/steps', { n: G.live.n + 1, line });
    G.busy = false;
    document.body.classList.remove('busy');
    const b = r.body;
    let ok = false;
    switch (r.status) {
      case 201: {
        ok = true;
        if (b.state) { G.live = b.state; G.view = G.live; }
        const rep = b.report || {};
        if (isLW()) {
          const evs = (rep.events || []).map((e) => e.text);
          setStatus(`Step ${esc(b.entry && b.entry.n)}: <code>${esc(line)}</code>` +
            (evs.length ? ' — ' + esc(evs.slice(-3).join(' · ')) : ''), 'ok');
          if (/^(order|route)\b/.test(line)) lwDraftReset();
          break;
        }
        if (isLHY()) {
          lhyResult(b);
          setStatus(`Step ${esc(b.entry && b.entry.n)}: <code>${esc(line)}</code>` +
            (rep.row ? ` — d10 <strong>${esc(rep.roll)}</strong> ${esc(signed(rep.drm))} = ${esc(rep.final)}: <strong>row ${esc(rep.row)}</strong>, the ${esc(rep.loser)} loses`
              : rep.events && rep.events.length ? ' — ' + esc(rep.events[rep.events.length - 1].text) : '') +
            (rep.events && rep.events.length > 1 ? ` <span class="small">(${rep.events.length} results below)</span>` : ''), 'ok');
          break;
        }
        setStatus(`Step ${esc(b.entry && b.entry.n)}: <code>${esc(line)}</code> — ${esc(rep.breakdown || '')}` +
          (rep.events && rep.events.length ? ' · ' + esc(rep.events.join('; ')) : ''), 'ok');
        break;
      }
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
    await refresh();
    return ok;
  }

  // ---------------------------------------------------------------- the map

  // drawMap draws terrain, elevation, roads, walls and hedges, wrecks and hex ids: only when
  // the map differs from the one drawn.
  function drawMap(map) {
    if (!map) return; // answers to a step leave the map out: keep the one drawn
    const key = JSON.stringify(map);
    if (key === G.mapKey) return;
    G.mapKey = key;
    G.hexes = new Map(map.hexes.map((h) => [h.id, h]));
    let t = '', over = '', feat = '', ids = '';
    for (const h of map.hexes) {
      t += `<polygon class="hex" data-hex="${esc(h.id)}" points="${hexPoints(h.x, h.y)}" fill="${terrainFill(h.terrain)}">` +
        `<title>${esc(hexTitle(h))}</title></polygon>`;
      if (h.level) { // darker per level up (brown), bluish per level down
        const col = h.level > 0 ? '#8b5a2b' : '#1d3557';
        over += `<polygon class="elev" points="${hexPoints(h.x, h.y)}" fill="${col}" fill-opacity="${Math.min(0.6, 0.12 * Math.abs(h.level)).toFixed(2)}"/>`;
      }
      if (h.wrecks > 0) {
        feat += `<text class="wreck" x="${n1(h.x + 0.45)}" y="${n1(h.y - 0.22)}">✕${h.wrecks > 1 ? h.wrecks : ''}</text>`;
      }
      if (h.smoke) feat += `<circle class="smoke" cx="${n1(h.x - 0.45)}" cy="${n1(h.y - 0.3)}" r="${n1(0.18)}"/>`;
      if (h.blaze) feat += `<path class="blaze" d="M${n1(h.x - 0.62)},${n1(h.y + 0.05)} l${n1(0.16)},${n1(-0.34)} l${n1(0.16)},${n1(0.34)}z"/>`;
      if (h.ip) feat += `<text class="ip" x="${n1(h.x - 0.5)}" y="${n1(h.y + 0.72)}">IP</text>`;
      if (h.impact) feat += `<circle class="impact" cx="${n1(h.x)}" cy="${n1(h.y)}" r="${n1(0.8)}"/>`;
      ids += `<text class="hexid" x="${n1(h.x)}" y="${n1(h.y - 0.62)}">${esc(h.id)}</text>`;
    }
    for (const o of map.hexsides || []) { // LHY: walls, hedgerows, rivers, blocked hexsides
      const kind = { hedgerow: 'hedge', river: 'riverside', blocked: 'blocked' }[o.kind] || 'wall';
      feat += `<line class="${kind}" x1="${n1(o.x1)}" y1="${n1(o.y1)}" x2="${n1(o.x2)}" y2="${n1(o.y2)}"><title>${esc(o.kind)} ${esc(o.a)}-${esc(o.b)}</title></line>`;
    }
    for (const r of map.roads || []) {
      feat += `<line class="road" x1="${n1(r.x1)}" y1="${n1(r.y1)}" x2="${n1(r.x2)}" y2="${n1(r.y2)}"/>`;
    }
    for (const o of map.obstacles || []) {
      const kind = /hedge/i.test(o.kind) ? 'hedge' : /roadblock/i.test(o.kind) ? 'roadblock' : 'wall';
      feat += `<line class="${kind}" x1="${n1(o.x1)}" y1="${n1(o.y1)}" x2="${n1(o.x2)}" y2="${n1(o.y2)}"><title>${esc(kind)} ${esc(o.a)}-${esc(o.b)}</title></line>`;
    }
    $('#g-terrain').innerHTML = t + over;
    $('#g-features').innerHTML = feat;
    $('#g-ids').innerHTML = ids;
    G.hexEls = new Map([...document.querySelectorAll('#g-terrain .hex')].map((el) => [el.dataset.hex, el]));
    const fit = {
      x: map.min_x * S, y: map.min_y * S,
      w: (map.max_x - map.min_x) * S, h: (map.max_y - map.min_y) * S,
    };
    const first = !G.fit;
    G.fit = fit;
    if (first) setViewBox(unitsView(fit));
  }

  // unitsView is the first view: the hexes around the units (a few hexes' margin), so the
  // counters are readable on a big map; Fit (0) shows the whole map.
  function unitsView(fit) {
    const us = ((G.view && G.view.units) || []).filter((u) => u.hex && G.hexes.has(u.hex));
    if (!us.length) return fit;
    const xs = us.map((u) => G.hexes.get(u.hex).x), ys = us.map((u) => G.hexes.get(u.hex).y);
    const mx = isLHY() ? 4 : 6, my = isLHY() ? 3.5 : 5; // margin in radii
    let x0 = Math.min(...xs) - mx, x1 = Math.max(...xs) + mx, y0 = Math.min(...ys) - my, y1 = Math.max(...ys) + my;
    // At least 24 x 14 radii (about 16 columns by 8 rows; LHY, with fewer units to a hex
    // side by side: 14 x 9), centred on the units.
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, w = Math.max(isLHY() ? 14 : 24, x1 - x0), h = Math.max(isLHY() ? 9 : 14, y1 - y0);
    x0 = cx - w / 2; y0 = cy - h / 2;
    const v = { x: x0 * S, y: y0 * S, w: w * S, h: h * S };
    return v.w >= fit.w && v.h >= fit.h ? fit : v;
  }

  function hexTitle(h, r) {
    let s = `${h.id}: ${h.terrain}, level ${h.level}`;
    if (h.ip) s += ', Improved Position';
    if (h.impact) s += ', mortar impact hex';
    if (h.wrecks) s += `, ${h.wrecks} wreck${h.wrecks > 1 ? 's' : ''}`;
    if (h.smoke) s += ', smoke';
    if (h.blaze) s += ', blaze';
    if (r) {
      s += `\nreach: ${fmtMP(r.mp)} MP, Mobile ${(100 * r.p).toFixed(1)}%` + (r.risky ? ', risky' : '') +
        (r.stop === false ? ', cannot Stop there' : '');
    }
    const st = legalIntoHex(h.id);
    if (st.length) s += '\nclick: ' + st.map((x) => x.line).join(' | ');
    return s;
  }

  // The units, drawn as counters; several in one hex are spread out.
  const SPREAD = {
    1: [0.78, [[0, 0.1]]],
    2: [0.58, [[-0.32, 0.12], [0.32, 0.12]]],
    3: [0.5, [[-0.3, -0.05], [0.3, -0.05], [0, 0.5]]],
    4: [0.48, [[-0.28, -0.08], [0.28, -0.08], [-0.28, 0.45], [0.28, 0.45]]],
  };
  function spread(k) {
    if (SPREAD[k]) return SPREAD[k];
    const pos = [];
    for (let i = 0; i < k; i++) pos.push([-0.55 + 1.1 * i / (k - 1), i % 2 ? 0.45 : -0.05]);
    return [0.42, pos];
  }

  function drawUnits() {
    if (isLW()) { lwDrawDets(); return; }
    const st = G.view;
    const byHex = new Map();
    for (const u of st.units || []) {
      if (!onMap(u)) continue;
      if (!byHex.has(u.hex)) byHex.set(u.hex, []);
      byHex.get(u.hex).push(u);
    }
    let out = '';
    for (const [hid, us] of byHex) {
      const h = G.hexes.get(hid);
      const [size, pos] = spread(us.length);
      us.forEach((u, i) => { out += (isLHY() ? lhyCounter : counter)(u, h, h.x + pos[i][0], h.y + pos[i][1], size); });
    }
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#g-units .unit');
    const refocus = focused ? focused.dataset.unit : null;
    $('#g-units').innerHTML = out;
    if (refocus) {
      const el = document.querySelector(`#g-units .unit[data-unit="${CSS.escape(refocus)}"]`);
      if (el) el.focus();
    }
  }

  function unitWords(u) {
    if (u.status !== undefined) return u.status; // LHY
    const bits = [u.state];
    if (u.bypass) bits.push('Bypass ' + u.bypass);
    if (u.reverse) bits.push('in Reverse');
    if (u.ended) bits.push('MPh ended');
    return bits.join(', ');
  }

  // counter draws unit u as a square of side size (radii) centred at (cx, cy), with a wedge
  // toward its front vertex (the VCA), its state badge and its MP left.
  function counter(u, h, cx, cy, size) {
    // In Bypass the counter leans toward the hexside it bypasses along.
    if (u.bypass) {
      const other = G.hexes.get(u.bypass.split('-')[1]);
      if (other) { cx += (other.x - h.x) * 0.25; cy += (other.y - h.y) * 0.25; }
    }
    const w = size * S, half = w / 2;
    let dx = (u.front_x ?? h.x) - h.x, dy = (u.front_y ?? h.y) - h.y;
    const len = Math.hypot(dx, dy) || 1;
    dx /= len; dy /= len;
    // The wedge: from the counter's edge outward toward the front vertex.
    const base = half * 1.05, tip = half + 0.3 * S, wide = 0.17 * S;
    const wedge = `M${(dx * tip).toFixed(1)},${(dy * tip).toFixed(1)} ` +
      `L${(dx * base - dy * wide).toFixed(1)},${(dy * base + dx * wide).toFixed(1)} ` +
      `L${(dx * base + dy * wide).toFixed(1)},${(dy * base - dx * wide).toFixed(1)}Z`;
    const [b, bcol] = BADGE[u.state] || [u.state ? u.state.slice(0, 2) : '?', '#555'];
    const fs = Math.max(5, Math.min(9, w * 0.36));
    const sel = u.id === G.sel ? ' selected' : '';
    const cls = `unit side-${sideIndex(u.side)}${sel}${u.ended ? ' ended' : ''}${u.state === 'Destroyed' ? ' destroyed' : ''}`;
    const tip2 = `${u.id} (${u.side}) ${u.name || ''}: ${unitWords(u)}; VCA ${u.vca || '?'}; ${fmtMP(u.left)} of ${fmtMP(u.mp)} MP left`;
    const bw = Math.max(b.length * fs * 0.62 + 3, fs + 2);
    const extra = (u.bypass ? 'B' : '') + (u.reverse ? 'R' : '');
    return `<g class="${cls}" data-unit="${esc(u.id)}" data-hex="${esc(u.hex)}" tabindex="0" role="button" ` +
      `aria-label="${esc(tip2)}" aria-pressed="${u.id === G.sel}" transform="translate(${n1(cx)},${n1(cy)})">` +
      `<title>${esc(tip2)}</title>` +
      `<path class="front" d="${wedge}" fill="${sideColour(u.side)}"/>` +
      `<rect class="ring" x="${(-half - 3).toFixed(1)}" y="${(-half - 3).toFixed(1)}" width="${(w + 6).toFixed(1)}" height="${(w + 6).toFixed(1)}" rx="4"/>` +
      `<rect class="body" x="${(-half).toFixed(1)}" y="${(-half).toFixed(1)}" width="${w.toFixed(1)}" height="${w.toFixed(1)}" rx="3" fill="${sideColour(u.side)}"/>` +
      `<text class="uid" y="${(-w * 0.04).toFixed(1)}" font-size="${fs.toFixed(1)}">${esc(u.id)}</text>` +
      `<text class="mpleft" y="${(w * 0.36).toFixed(1)}" font-size="${(fs * 0.85).toFixed(1)}">${esc(fmtMP(u.left))}</text>` +
      `<g class="badge" transform="translate(${(half - bw / 2 + 2).toFixed(1)},${(-half - 1).toFixed(1)})">` +
      `<rect x="${(-bw / 2).toFixed(1)}" y="${(-fs * 0.6).toFixed(1)}" width="${bw.toFixed(1)}" height="${(fs * 1.2).toFixed(1)}" rx="2" fill="${bcol}"/>` +
      `<text y="${(fs * 0.32).toFixed(1)}" font-size="${(fs * 0.85).toFixed(1)}">${esc(b)}</text></g>` +
      (extra ? `<g class="badge extra" transform="translate(${(-half + 1).toFixed(1)},${(-half - 1).toFixed(1)})">` +
        `<rect x="${(-fs * 0.6).toFixed(1)}" y="${(-fs * 0.6).toFixed(1)}" width="${(fs * 1.2 + (extra.length - 1) * fs * 0.6).toFixed(1)}" height="${(fs * 1.2).toFixed(1)}" rx="2" fill="#6a1b9a"/>` +
        `<text x="${((extra.length - 1) * fs * 0.3).toFixed(1)}" y="${(fs * 0.32).toFixed(1)}" font-size="${(fs * 0.85).toFixed(1)}">${extra}</text></g>` : '') +
      (u.state === 'Destroyed' ? `<path class="xmark" d="M${-half},${-half}L${half},${half}M${half},${-half}L${-half},${half}"/>` : '') +
      '</g>';
  }

  // drawSelection outlines the selected unit's hex and its front hexsides (the VCA).
  function drawSelection() {
    if (isLW()) { lwDrawDraft(); return; }
    const u = unitOf(G.view, G.sel);
    let out = '';
    if (u && onMap(u)) {
      const h = G.hexes.get(u.hex);
      out += `<polygon class="sel-hex" points="${hexPoints(h.x, h.y)}"/>`;
      if (u.front_x !== undefined) {
        // The front vertex is corner k; the VCA lies between the hexsides either side of it.
        const ang = Math.atan2(-(u.front_y - h.y), u.front_x - h.x);
        const k = Math.round(ang / (Math.PI / 3));
        const pts = [k - 1, k, k + 1].map((j) => corner(h.x, h.y, j)).map(([x, y]) => n1(x) + ',' + n1(y));
        out += `<polyline class="vca" points="${pts.join(' ')}" stroke="${sideColour(u.side)}"/>`;
      }
    }
    $('#g-sel').innerHTML = out;
  }

  // drawReach shades every hex the selected unit can reach by its least MP (green to red),
  // hatches the risky ones, and rings the hexes one legal step enters.
  function drawReach() {
    if (isLHY()) { lhyOverlay(); return; }
    if (isLW()) { lwDrawPaths(); return; }
    let out = '';
    const reach = isLive() ? G.reach : null;
    const byHex = new Map();
    const max = reach ? Math.max(1, +reach.left || 0, ...reach.hexes.map((r) => +r.mp || 0)) : 1;
    if (reach) {
      for (const r of reach.hexes || []) {
        const h = G.hexes.get(r.hex);
        const x = h ? h.x : r.x, y = h ? h.y : r.y;
        byHex.set(r.hex, r);
        const frac = Math.min(1, (+r.mp || 0) / max);
        out += `<polygon class="reach${r.risky ? ' risky' : ''}" points="${hexPoints(x, y)}" fill="hsl(${Math.round(120 * (1 - frac))},70%,45%)"/>`;
        if (r.risky) out += `<polygon class="risk" points="${hexPoints(x, y)}"/>`;
        out += `<text class="reach-mp" x="${n1(x)}" y="${n1(y + 0.15)}">${esc(fmtMP(r.mp))}</text>`;
      }
    }
    const next = new Set();
    for (const s of (G.steps && G.steps.steps) || []) if (s.hex && MOVE_VERBS.has(s.verb)) next.add(s.hex);
    for (const hid of next) {
      const h = G.hexes.get(hid);
      if (h) out += `<polygon class="next" points="${hexPoints(h.x, h.y)}"/>`;
    }
    $('#g-reach').innerHTML = out;
    // The hex tooltips carry the reach.
    for (const [hid, el] of G.hexEls) {
      const t = el.firstElementChild;
      if (t) t.textContent = hexTitle(G.hexes.get(hid), byHex.get(hid));
      el.classList.toggle('can-enter', next.has(hid));
    }
    drawLegend(reach ? max : null);
  }


  function drawLegend(max) {
    if (isLHY()) { lhyLegend(); return; }
    if (isLW()) { lwLegend(); return; }
    let s = '';
    if (max !== null) {
      s += `<div class="scale"><span>0</span><span class="bar" title="least MP to reach: green (few) to red (all)"></span><span>${esc(fmtMP(max))} MP</span></div>` +
        '<div><span class="sw risky-sw"></span> risky (may bog, break down)</div>' +
        '<div><span class="sw next-sw"></span> one legal step: click to move</div>';
    }
    s += '<div class="badges">' + Object.entries(BADGE).slice(0, 6)
      .map(([k, [b, c]]) => `<span class="bdg" style="background:${c}" title="${k}">${b}</span>${k}`).join(' ') +
      ' <span class="bdg" style="background:#6a1b9a">B</span>Bypass <span class="bdg" style="background:#6a1b9a">R</span>Reverse</div>';
    $('#legend').innerHTML = s;
  }

  // ---------------------------------------------------------------- zoom and pan

  function setViewBox(vb) {
    G.vb = vb;
    $('#map').setAttribute('viewBox', `${vb.x.toFixed(1)} ${vb.y.toFixed(1)} ${vb.w.toFixed(1)} ${vb.h.toFixed(1)}`);
  }
  // zoom scales the view by f about the point (px, py) in map pixels (the centre if not given).
  function zoom(f, px, py) {
    if (!G.vb) return;
    const vb = G.vb;
    if (px === undefined) { px = vb.x + vb.w / 2; py = vb.y + vb.h / 2; }
    const w = Math.min(G.fit.w * 2, Math.max(S * 6, vb.w * f)), k = w / vb.w;
    setViewBox({ x: px - (px - vb.x) * k, y: py - (py - vb.y) * k, w, h: vb.h * k });
  }
  // showHex pans the view, if need be, so that hex hid is well inside it.
  function showHex(hid) {
    const h = G.hexes.get(hid), vb = G.vb;
    if (!h || !vb) return;
    const x = h.x * S, y = h.y * S, m = 1.5 * S;
    if (x > vb.x + m && x < vb.x + vb.w - m && y > vb.y + m && y < vb.y + vb.h - m) return;
    setViewBox({ ...vb, x: x - vb.w / 2, y: y - vb.h / 2 });
  }

  // toMap turns a mouse position into map pixels.
  function toMap(ev) {
    const svg = $('#map'), pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }
  function setupZoom() {
    const svg = $('#map');
    $('#zoom-in').onclick = () => zoom(1 / 1.25);
    $('#zoom-out').onclick = () => zoom(1.25);
    $('#zoom-fit').onclick = () => G.fit && setViewBox(G.fit);
    svg.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      const [x, y] = toMap(ev);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
    }, { passive: false });
    // Drag to pan; a drag is not a click.
    let drag = null, dragged = false;
    svg.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, vb: G.vb, scale: G.vb.w / svg.getBoundingClientRect().width };
      dragged = false;
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!dragged && Math.hypot(dx, dy) < 5) return;
      if (!dragged) svg.setPointerCapture(ev.pointerId);
      dragged = true;
      const k = Math.max(drag.scale, drag.vb.h / svg.getBoundingClientRect().height);
      setViewBox({ ...drag.vb, x: drag.vb.x - dx * k, y: drag.vb.y - dy * k });
    });
    const end = () => { drag = null; };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('click', (ev) => { if (dragged) { ev.stopPropagation(); ev.preventDefault(); dragged = false; } }, true);
  }

  // ---------------------------------------------------------------- selecting and moving

  function select(id, announce = true) {
    if (isLW()) { lwSelect(id, announce); return; }
    if (G.sel === id) return;
    G.sel = id;
    G.steps = null; G.reach = null;
    renderUnitsAndSelection();
    const u = unitOf(G.view, id);
    if (u) showHex(u.hex);
    if (u && announce) setStatus(`Selected <strong>${esc(u.id)}</strong> ${esc(u.name || '')} in ${esc(u.hex || 'no hex')}: ${esc(unitWords(u))}.`);
    // Impulse entry follows the selected unit's group.
    const gid = u && (u.platoon || u.convoy || u.column);
    if (gid && (G.live.groups || []).some((g) => g.id === gid) && G.group !== gid) {
      G.group = gid;
      loadGroup();
    }
    loadSelection();
  }

  // cycle selects the next (dir 1) or previous (dir -1) unit on the map, in state order.
  function cycle(dir) {
    const us = isLW() ? ((G.view && G.view.dets) || []) :
      (G.view && G.view.units || []).filter((u) => onMap(u) && u.state !== 'Destroyed' && !u.eliminated);
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

  // legalIntoHex lists the selected unit's legal steps that end in hex hid.
  function legalIntoHex(hid) {
    if (!G.steps || G.stale || !isLive()) return [];
    return (G.steps.steps || []).filter((s) => s.hex === hid && MOVE_VERBS.has(s.verb));
  }

  function clickHex(hid) {
    if (isLHY()) { lhyTarget(hid); return; }
    const u = unitOf(G.view, G.sel);
    if (!u) {
      // No selection: a click on a hex with units selects the first of them.
      const there = (G.view.units || []).filter((x) => x.hex === hid && onMap(x));
      if (there.length) select(there[0].id);
      return;
    }
    if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> to move.', 'warn'); return; }
    const st = legalIntoHex(hid);
    // Prefer a plain move; offer a choice when the hex has moves of different kinds.
    const plain = st.filter((s) => !/\ball$/.test(s.line) && s.verb !== 'minimum');
    const pick = plain.length === 1 ? plain : st;
    if (pick.length === 1) {
      if (!mayMove(u.side)) { setStatus(`This link may not move ${esc(u.side)}'s units.`, 'warn'); return; }
      submit(pick[0].line);
      return;
    }
    if (pick.length > 1) {
      // Offer them in the status line as buttons (Escape or another click drops the choice).
      setStatus(`Several steps go to ${esc(hid)}: ` + pick.map((s) =>
        `<button type="button" class="step choice" data-line="${esc(s.line)}" title="${esc(s.breakdown || '')}">` +
        `${esc(s.line.slice(s.line.indexOf(' ') + 1))} <span class="cost">${esc(fmtMP(s.mp))} MP</span>` +
        `${s.dice ? ' <span class="dice-mark">DR</span>' : ''}</button>`).join(' '), 'warn');
      const b = document.querySelector('#status button.choice');
      if (b) b.focus();
      return;
    }
    const r = G.reach && (G.reach.hexes || []).find((x) => x.hex === hid);
    const there = (G.view.units || []).filter((x) => x.hex === hid && onMap(x) && x.id !== G.sel);
    if (there.length && !r) { select(there[0].id); return; }
    setStatus(r ? `${esc(hid)} is ${esc(fmtMP(r.mp))} MP away but not one step: move hex by hex (the ringed hexes).`
      : `${esc(u.id)} has no legal step into ${esc(hid)}.`, 'warn');
  }

  // ---------------------------------------------------------------- the side panel

  function renderAll() {
    const st = G.view;
    if (!st) return;
    if (isLW()) drawTable(st.table); else drawMap(st.map);
    renderHeader();
    renderUnitsAndSelection();
    renderGroups();
    renderPhaseBox();
    renderLHY();
    renderLW();
    renderReplay();
    renderLog();
  }

  function renderUnitsAndSelection() {
    drawUnits();
    renderUnitList();
    renderSelection();
  }

  function renderSelection() {
    drawSelection();
    drawReach();
    renderUnitPanel();
    $('#unit-box').classList.toggle('stale', !!G.stale);
    // The counters show which one is selected.
    for (const el of document.querySelectorAll('#g-units .unit')) {
      el.classList.toggle('selected', el.dataset.unit === G.sel);
      el.setAttribute('aria-pressed', String(el.dataset.unit === G.sel));
    }
  }

  function renderHeader() {
    const st = G.live;
    $('#game-name').textContent = st.name || st.id;
    document.title = `umpire: ${st.name || st.id}`;
    const ph = G.view.phasing; // in a replay, the MPh of that step
    $('#phasing').textContent = ph ? `MPh: ${ph}` : isLHY() ? `Turn ${G.view.turn}` :
      isLW() ? `Turn ${G.view.turn}${G.view.parts > 1 ? ` · part ${G.view.part}/${G.view.parts} played` : ''} · ${G.view.first} first` : '';
    $('#phasing').style.borderColor = ph ? sideColour(ph) : isLW() ? sideColour(G.view.first) : '';
    $('#phasing').title = isLHY() ? 'Last Hundred Yards: the game turn' :
      isLW() ? 'Lightning War: the turn, and the side that moves first in each band of its Movement Phase' : 'The side whose Movement Phase it is';
    document.body.classList.toggle('lhy', isLHY());
    document.body.classList.toggle('lw', isLW());
    const role = $('#role');
    if (st.role === 'spectator' || !(st.may_move || []).length) {
      role.textContent = 'Spectator: read only';
      role.className = 'role chip spectator';
    } else if (st.role === 'referee') {
      role.textContent = isLW() ? 'Referee: sees and moves every side' : 'Referee: moves every side';
      role.className = 'role chip referee';
    } else {
      role.textContent = isLW() ? `You are ${(st.may_move || []).join(', ')}: you see your own and what the referee reveals` :
        `You move: ${(st.may_move || []).join(', ')}`;
      role.className = 'role chip side';
      role.style.background = sideColour(st.may_move[0]);
    }
    document.body.classList.toggle('spectating', spectator());
    document.body.classList.toggle('replaying', !isLive());
  }

  function renderUnitList() {
    const st = G.view;
    if (isLHY()) { lhyUnitList(); return; }
    if (isLW()) { lwDetList(); return; }
    setHTML($('#unit-list'), (st.units || []).map((u) => {
      const [b] = BADGE[u.state] || ['?'];
      return `<button type="button" class="unit-btn${u.id === G.sel ? ' selected' : ''}" data-unit="${esc(u.id)}" ` +
        `aria-pressed="${u.id === G.sel}" style="--side:${sideColour(u.side)}" title="${esc(`${u.id} (${u.side}) ${u.name || ''}: ${unitWords(u)}, ${u.hex || 'off map'}`)}">` +
        `${esc(u.id)} <span class="ub">${esc(b)}${u.ended ? '·e' : ''}</span></button>`;
    }).join(''));
  }

  // renderUnitPanel shows the selected unit's details, its action buttons and legal steps.
  function renderUnitPanel() {
    if (isLHY()) { lhyUnitPanel(); return; }
    if (isLW()) { lwDetPanel(); return; }
    const u = unitOf(G.view, G.sel);
    const det = $('#unit-details'), act = $('#unit-actions'), lst = $('#unit-steps');
    if (!u) {
      det.innerHTML = '<p class="hint">Select a unit: click its counter, a button above, or press <kbd>n</kbd>.</p>';
      setHTML(act, ''); setHTML(lst, '');
      return;
    }
    const grp = u.platoon || u.convoy || u.column;
    det.innerHTML = `<h2><span class="swatch" style="background:${sideColour(u.side)}"></span>${esc(u.id)} ` +
      `<span class="small">${esc(u.name || '')} · ${esc(u.class || '')} · ${esc(u.side)}</span></h2>` +
      '<dl class="facts">' +
      `<dt>Hex</dt><dd>${esc(u.hex || 'off map')}${u.bypass ? ' (Bypass ' + esc(u.bypass) + ')' : ''}</dd>` +
      `<dt>VCA</dt><dd>${esc(u.vca || '')}</dd>` +
      `<dt>State</dt><dd>${esc(unitWords(u))}</dd>` +
      `<dt>MP</dt><dd><strong>${esc(fmtMP(u.left))}</strong> left of ${esc(fmtMP(u.mp))} (spent ${esc(fmtMP(u.spent))})</dd>` +
      (grp ? `<dt>Group</dt><dd>${esc(grp)}</dd>` : '') + '</dl>';
    if (!isLive()) {
      setHTML(act, ''); setHTML(lst, `<p class="hint">Replay after step ${esc(G.replayAt)}: read only.</p>`);
      return;
    }
    if (!G.steps) {
      setHTML(act, ''); setHTML(lst, '<p class="hint">Loading legal steps…</p>');
      return;
    }
    const can = mayMove(u.side);
    const steps = (G.steps.steps || []).slice().sort((a, b) => verbRank(a.verb) - verbRank(b.verb));
    const byVerb = (v) => steps.filter((s) => s.verb === v);
    // stepBtn is the button of one legal step: its key number (the keys 1-9 press the first
    // nine), what it does, its MP, a DR mark if it rolls dice, and the cost breakdown.
    let num = 0;
    const stepBtn = (s, label, keyed = true) => {
      let k = '';
      if (keyed) {
        num++;
        if (num <= 9) k = `<kbd>${num}</kbd> `;
      }
      return `<button type="button" class="step" data-line="${esc(s.line)}" data-verb="${esc(s.verb)}"${s.hex ? ` data-hex="${esc(s.hex)}"` : ''}` +
        `${can ? '' : ' disabled'}${k ? ` aria-keyshortcuts="${num}"` : ''} title="${esc(s.line + ': ' + (s.breakdown || ''))}">` +
        `${k}${esc(label)} <span class="cost">${esc(fmtMP(s.mp))} MP</span>${s.dice ? ' <span class="dice-mark" title="rolls dice">DR</span>' : ''}` +
        (s.breakdown ? `<span class="bd">${esc(s.breakdown)}</span>` : '') + '</button>';
    };
    // The action bar: Start, Stop, End, Delay and ESB, each enabled only when the referee
    // takes it now (the steps list has it). Delay and ESB take an amount: the list has the
    // amounts the server tried; another amount is sent as typed and judged then (dashed).
    const off = (label, why) => `<button type="button" class="action" disabled title="${esc(why)}">${esc(label)}</button>`;
    const cap = (v) => v[0].toUpperCase() + v.slice(1);
    let bar = '';
    for (const v of ['start', 'stop']) {
      const s = byVerb(v)[0];
      bar += s ? stepBtn(s, cap(v)) : off(cap(v), `${cap(v)} is not legal now`);
    }
    const endStep = byVerb('end')[0];
    bar += endStep ? stepBtn(endStep, 'End', false) : off('End', 'End is not legal now');
    for (const v of ['delay', 'esb']) {
      const s = byVerb(v)[0];
      const label = v === 'delay' ? 'Delay' : 'ESB';
      const why = v === 'delay' ? 'Spend MP without moving (D2.17)' : 'Excessive Speed Breakdown: N more MP, with a DR (D2.5)';
      if (!s) { bar += off(label, `${label} is not legal now`); continue; }
      const amounts = byVerb(v).map((x) => x.line.split(/\s+/).pop());
      bar += `<span class="amount"><button type="button" class="step" data-verb="${v}" data-line="${esc(s.line)}"` +
        `${can ? '' : ' disabled'} title="${esc(why + '; legal now: ' + amounts.join(', ') + ' MP')}">${label}` +
        `${s.dice ? ' <span class="dice-mark" title="rolls dice">DR</span>' : ''}</button>` +
        `<input type="number" class="amount-n" data-verb="${v}" min="0.5" step="0.5" value="${esc(amounts[0])}" aria-label="${label} MP"${can ? '' : ' disabled'}></span>`;
    }
    setHTML(act, bar);
    const sections = [
      ['Move', steps.filter((s) => ['enter', 'minimum', 'exit'].includes(s.verb))],
      ['Reverse', byVerb('reverse')],
      ['Bypass', steps.filter((s) => s.verb === 'bypass' || s.verb === 'reverse bypass')],
      ['Turn (VCA)', byVerb('vca')],
      ['Other', steps.filter((s) => !['start', 'stop', 'end', 'delay', 'esb', 'enter', 'minimum', 'exit', 'reverse', 'bypass', 'reverse bypass', 'vca'].includes(s.verb))],
    ];
    let html = '';
    if (G.steps.error) html += `<p class="err small">${esc(G.steps.error)}</p>`;
    html += `<p class="small">${steps.length} legal step${steps.length === 1 ? '' : 's'}, ${esc(fmtMP(G.steps.left))} MP left` +
      (can ? '' : ` — <strong>this link may not move ${esc(u.side)}</strong>`) + '</p>';
    for (const [title, list] of sections) {
      if (!list.length) continue;
      html += `<h3>${esc(title)}</h3><div class="steps" role="group" aria-label="${esc(title)}">` +
        list.map((s) => stepBtn(s, s.line.slice(s.line.indexOf(' ') + 1))).join('') + '</div>';
    }
    setHTML(lst, html);
  }

  const verbRank = (v) => { const i = VERB_ORDER.indexOf(v); return i < 0 ? 99 : i; };

  // pickStep presses the Nth numbered legal step button (keys 1-9).
  function pickStep(n) {
    if (G.stale) return;
    const btn = [...document.querySelectorAll('#unit-box button.step[aria-keyshortcuts]')]
      .find((b) => b.getAttribute('aria-keyshortcuts') === String(n));
    if (btn && !btn.disabled) btn.click();
    else setStatus(`No step ${n}.`, 'warn');
  }

  // ---------------------------------------------------------------- groups (Impulses)

  function currentGroup() {
    const gs = (G.view && G.view.groups) || [];
    return gs.find((g) => g.id === G.group) || null;
  }

  function renderGroups() {
    const box = $('#group-box');
    const gs = (G.view && G.view.groups) || [];
    box.hidden = !gs.length;
    if (!gs.length) return;
    if (!currentGroup()) G.group = gs[0].id;
    const gr = currentGroup();
    const sel = $('#group-select');
    const opts = gs.map((g) => `<option value="${esc(g.id)}"${g.id === G.group ? ' selected' : ''}>${esc(g.id)} (${esc(g.kind)}, ${esc(g.side)})</option>`).join('');
    if (sel.innerHTML !== opts) sel.innerHTML = opts;
    sel.value = G.group;
    const can = mayMove(gr.side) && !gr.ended;
    $('#group-info').textContent = `${gr.members.join(', ')} · ${gr.impulses} Impulse${gr.impulses === 1 ? '' : 's'}${gr.ended ? ' · ended' : ''}`;
    setHTML($('#group-buttons'), ['start', 'stop', 'end'].map((v) =>
      `<button type="button" class="step group-step" data-line="${esc(gr.id + ' ' + v)}"${can ? '' : ' disabled'} ` +
      `title="${esc(gr.id + ' ' + v)}: every member">${esc(gr.id)} ${v}</button>`).join(''));
    // One chooser per member: "-" or one of its candidates (legal ones show their cost).
    const keep = {};
    for (const s of document.querySelectorAll('#members select')) keep[s.dataset.member] = s.value;
    setHTML($('#members'), gr.members.map((id) => {
      const ans = G.groupSteps[id];
      const legal = new Map(((ans && ans.steps) || []).map((s) => [s.line, s]));
      const cands = (ans && ans.candidates) || [];
      const o = ['<option value="-">- (nothing)</option>'].concat(cands.map((c) => {
        const s = legal.get(c);
        const label = c.slice(c.indexOf(' ') + 1) + (s ? ` — ${fmtMP(s.mp)} MP${s.dice ? ' (DR)' : ''}` : '');
        return `<option value="${esc(c)}"${keep[id] === c ? ' selected' : ''}>${esc(label)}</option>`;
      }));
      return `<div class="member"><label for="m-${esc(id)}">${esc(id)}</label>` +
        `<select id="m-${esc(id)}" data-member="${esc(id)}"${can ? '' : ' disabled'}>${o.join('')}</select>` +
        (ans ? '' : ' <span class="small">…</span>') + '</div>';
    }).join(''));
    updateImpulseLine();
    $('#impulse-submit').disabled = !can;
  }

  // impulseLine composes "P1: T1 enter 2N4, T2 -" from the member choosers.
  function impulseLine() {
    const gr = currentGroup();
    if (!gr) return '';
    const parts = gr.members.map((id) => {
      const s = document.querySelector(`#members select[data-member="${CSS.escape(id)}"]`);
      const v = s ? s.value : '-';
      return v === '-' ? `${id} -` : v;
    });
    return `${gr.id}: ${parts.join(', ')}`;
  }
  function updateImpulseLine() { $('#impulse-line').textContent = impulseLine(); }

  // ---------------------------------------------------------------- phase, replay, log

  function renderPhaseBox() {
    const st = G.live;
    $('#notation').placeholder = isLHY() ? 'assault C4 US1 US2 · fire E5: at T1 +2 atv 1 · retreat GE1 C3 C2 · turn'
      : isLW() ? 'order A path 10,12 20,12 run: take the bridge · halt A · continue A · movement'
      : 'T1 enter 2N4 · P1: T1 enter 2N4, T2 - · mph German';
    if (isLW()) {
      lwPhaseButtons();
    } else if (isLHY()) {
      const can = isLive() && G.live.role === 'referee';
      setHTML($('#mph-buttons'), `<button type="button" class="step" data-line="turn"${can ? '' : ' disabled'} ` +
        'title="A new turn: Advance and Assault limits reset (referee only)">New turn</button>');
    } else setHTML($('#mph-buttons'), '<span class="lbl">New MPh:</span>' + (st.sides || []).map((side) =>
      `<button type="button" class="step mph" data-line="${esc('mph ' + side)}"${mayMove(side) ? '' : ' disabled'} ` +
      `style="--side:${sideColour(side)}" title="Begin ${esc(side)}'s Movement Phase">${esc(side)}</button>`).join(''));
    const live = isLive() && !spectator();
    $('#notation').disabled = !live;
    $('#notation-form button').disabled = !live;
  }

  function renderReplay() {
    const r = $('#replay'), n = G.live.n, at = isLive() ? n : G.replayAt;
    r.max = String(n);
    if (document.activeElement !== r || isLive()) r.value = String(at);
    r.setAttribute('aria-valuetext', isLive() ? `step ${n} of ${n}, live` : `after step ${at} of ${n}, replay`);
    $('#replay-where').innerHTML = isLive() ? `${n} of ${n} <span class="live-tag">live</span>` :
      `${at} of ${n} <span class="replay-tag">replay, read only</span>`;
    $('#live').disabled = isLive();
  }

  // showReplay moves the view to the state after step k (k = n is the live game).
  let replayTimer = null, replaySeq = 0;
  function showReplay(k) {
    k = Math.max(0, Math.min(G.live.n, Math.round(k)));
    clearTimeout(replayTimer);
    if (k === G.live.n) { goLive(); return; }
    G.replayAt = k;
    renderReplay();
    replayTimer = setTimeout(async () => {
      const seq = ++replaySeq;
      const r = await api('GET', `/replay?n=${k}`);
      if (seq !== replaySeq || G.replayAt !== k) return;
      if (r.status !== 200) { setStatus('Replay: ' + esc(r.body.error || r.status), 'err'); return; }
      G.view = r.body;
      G.steps = null; G.reach = null;
      renderAll();
      setStatus(`Replay after step ${k} of ${G.live.n} (read only). Press <strong>Live</strong> to return.`, 'info');
    }, 120);
  }
  function goLive() {
    clearTimeout(replayTimer);
    replaySeq++;
    const was = G.replayAt !== null;
    G.replayAt = null;
    G.view = G.live;
    renderAll();
    loadSelection();
    loadGroup();
    if (was) setStatus('Live.', 'info');
  }

  // renderLog lists every step: its line, MP and cost breakdown, rules, dice, events, and an
  // Impulse's members. The step the view is after is marked.
  let logKey = '';
  function renderLog() {
    const ol = $('#log');
    const key = G.log.length + ':' + (G.log.length ? G.log[G.log.length - 1].n : 0);
    if (key !== logKey) {
      logKey = key;
      const atEnd = ol.parentElement.scrollHeight - ol.parentElement.scrollTop - ol.parentElement.clientHeight < 40;
      ol.innerHTML = G.log.map(logEntry).join('') || '<li class="hint">No steps yet.</li>';
      if (atEnd || isLive()) ol.parentElement.scrollTop = ol.parentElement.scrollHeight;
    }
    const at = isLive() ? G.live.n : G.replayAt;
    for (const li of ol.children) li.classList.toggle('current', +li.dataset.n === at);
    if (!isLive()) {
      const cur = ol.querySelector('li.current');
      if (cur) cur.scrollIntoView({ block: 'nearest' });
    }
  }

  function logEntry(e) {
    if (isLHY()) return lhyLogEntry(e);
    if (isLW()) return lwLogEntry(e);
    const r = e.report || {};
    let s = `<li data-n="${esc(e.n)}" title="${esc(e.text || '')}"><div class="head"><span class="num">${esc(e.n)}</span> ` +
      `<code class="line">${esc(e.line)}</code>`;
    if (r.mp !== undefined && !r.members) s += ` <span class="cost">${esc(fmtMP(r.mp))} MP</span>`;
    if (r.total !== undefined && r.unit) s += ` <span class="small">total ${esc(fmtMP(r.total))}</span>`;
    s += '</div>';
    if (r.breakdown) s += `<div class="bd">${esc(r.breakdown)}</div>`;
    if (r.members && r.members.length) {
      s += `<ul class="members">${r.members.map((mb) =>
        `<li><strong>${esc(mb.unit)}</strong> ${esc(mb.action)} <span class="cost">${esc(fmtMP(mb.mp))} MP</span>` +
        (mb.charged !== undefined && mb.charged !== mb.mp ? ` <span class="small">(charged ${esc(fmtMP(mb.charged))})</span>` : '') +
        ` <span class="small">total ${esc(fmtMP(mb.total))}</span>` +
        (mb.breakdown ? `<div class="bd">${esc(mb.breakdown)}</div>` : '') + dice(mb.dice) + events(mb.events) + '</li>').join('')}</ul>`;
    }
    s += dice(r.dice) + events(r.events);
    if (r.rules && r.rules.length) s += `<div class="rules">${r.rules.map((x) => `<span class="rule">${esc(x)}</span>`).join('')}</div>`;
    if (!r.breakdown && !r.members && e.text) s += `<pre class="text">${esc(e.text)}</pre>`;
    return s + '</li>';
  }
  function dice(list) {
    if (!list || !list.length) return '';
    return '<ul class="dice">' + list.map((d) =>
      `<li><span class="dice-mark">${esc(d.kind || 'DR')}</span> ${esc(d.for || '')}${d.rule ? ` <span class="small">(${esc(d.rule)})</span>` : ''}: ` +
      `rolled <strong>${esc(d.roll)}</strong>${d.dice && d.dice.length ? ` [${d.dice.map(esc).join(',')}]` : ''}` +
      `${d.drm ? ` ${d.drm > 0 ? '+' : ''}${esc(d.drm)} DRM${d.drm_terms ? ` (${esc(d.drm_terms)})` : ''}` : ''} = <strong>${esc(d.final)}</strong>` +
      `${d.need ? ` <span class="small">need ${esc(d.need)}${d.odds ? ', ' + esc(d.odds) : ''}</span>` : ''}` +
      `${d.result ? ` → ${esc(d.result)}` : ''}</li>`).join('') + '</ul>';
  }
  function events(list) {
    if (!list || !list.length) return '';
    return '<ul class="events">' + list.map((x) => `<li>${esc(x)}</li>`).join('') + '</ul>';
  }

  // ---------------------------------------------------------------- LHY (Last Hundred Yards)
  //
  // An LHY game's counters carry nationality colours, steps and state badges. The Assault and
  // fire panel composes a step (target hex, attackers and Envelopment; or fire DRM markers),
  // asks the server for its exact odds before the roll (GET /odds) and shows them as a bar of
  // the Assault Results rows (fire: the likeliest facts) with the DRM terms; Roll submits it.
  // The After panel offers what the last Assault still asks for: retreats, Vehicle
  // Destruction Attempts, Advance; and Recovery and declared Assaults' resolution.

  const NATION_COLOURS = { GE: '#4f5d6b', US: '#5c7a2e', UK: '#8a6a32', RU: '#a2342a', JP: '#8a6d0b', IT: '#2e6f73', FR: '#2f4f9a' };
  const nationColour = (n) => NATION_COLOURS[n] || SIDE_COLOURS[Math.abs([...String(n)].reduce((a, c) => a * 31 + c.charCodeAt(0), 7)) % SIDE_COLOURS.length];
  // State badges: short text, colour, words.
  const LHY_BADGE = {
    Disrupted: ['D', '#b71c1c'], Concealed: ['C', '#37474f'], Regrouping: ['Rg', '#e65100'], Heroic: ['H', '#6a1b9a'],
    Shocked: ['Sh', '#ad1457'], Motion: ['M', '#1565c0'], 'Out of Command': ['OC', '#5d4037'], Rider: ['R', '#00695c'],
    Passenger: ['P', '#00695c'],
  };
  const KIND_ABBR = { squad: 'Sq', section: 'Sec', leader: 'Ldr', LATW: 'LATW', FT: 'FT', MG: 'MG', FP: 'FP', 'Towed Gun': 'Gun',
    Carrier: 'Car', FV: 'FV', AFV: 'AFV', HT: 'HT', truck: 'Trk' };
  // The Assault Results rows from the attacker's best to worst, coloured for the attacker.
  const ROW_COLOURS = { '14': '#1b5e20', '10-13': '#388e3c', '6-9': '#81c784', '2-5': '#ef9a9a', '-1..1': '#e53935', '<=-2': '#8e0000' };
  const signed = (v) => (+v > 0 ? '+' : '') + (+v || 0);
  const pct = (p) => { const v = 100 * p; return (v > 0 && v < 0.1 ? '<0.1' : v.toFixed(v >= 10 || v === 0 || Math.abs(v - Math.round(v)) < 1e-9 ? 0 : 1)) + '%'; };

  const L = {
    mode: 'assault', // assault | declare | fire
    target: '',
    attackers: new Set(),
    envelopment: false,
    markers: [{ kind: 'sa', who: '', drm: 1, mv: '', atv: '', mg: false, enfilade: false }],
    odds: null, oddsErr: null, oddsFor: '', oddsSeq: 0, oddsTimer: null,
    result: null, // the last step played from the panel: {entry, report}
    built: false,
  };

  // hexAxial turns an LHY hex id (C4, AA10) into the hex package's axial coordinates.
  function hexAxial(id) {
    const m = /^([A-Z]+)(\d+)$/.exec(String(id || '').toUpperCase());
    if (!m) return null;
    const x = m[1].length === 2 ? 26 + m[1].charCodeAt(0) - 65 : m[1].charCodeAt(0) - 65, y = +m[2];
    return [x, y - (x - (x & 1)) / 2];
  }
  function hexDistance(a, b) {
    const p = hexAxial(a), q = hexAxial(b);
    if (!p || !q) return 99;
    const dq = p[0] - q[0], dr = p[1] - q[1];
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }
  const alive = () => ((G.view && G.view.units) || []).filter((u) => !u.eliminated);
  const unitsIn = (hid) => alive().filter((u) => u.hex === hid && !u.rider);

  // lhyCounter draws an LHY unit: nationality colour, id, kind, steps (pips) and state badges.
  function lhyCounter(u, h, cx, cy, size) {
    const w = size * S, half = w / 2;
    const fs = Math.max(5, Math.min(9, w * 0.3));
    const sel = u.id === G.sel ? ' selected' : '';
    const att = L.attackers.has(u.id) && L.mode !== 'fire' ? ' attacker' : '';
    const cls = `unit lhy side-${sideIndex(u.side)}${sel}${att}`;
    const tip = `${u.id} (${u.side}, ${u.nationality} ${u.kind}) in ${u.hex}: ${u.status}; Cohesion ${u.eff_cohesion}` +
      (u.full > 0 ? `, ${u.steps} of ${u.full} step${u.full === 1 ? '' : 's'}` : '') + (u.av >= 0 ? `, AV ${u.av}` : '') + (u.atv >= 0 ? `, ATV ${u.atv}` : '');
    let pips = '';
    for (let i = 0; i < u.full; i++) {
      pips += `<circle class="pip${i < u.steps ? '' : ' lost'}" cx="${(-half + fs * 0.5 + i * fs * 0.75).toFixed(1)}" cy="${(half - fs * 0.45).toFixed(1)}" r="${(fs * 0.28).toFixed(1)}"/>`;
    }
    let badges = '';
    const bs = (u.states || []).filter((s) => LHY_BADGE[s]);
    bs.forEach((s, i) => {
      const [b, col] = LHY_BADGE[s];
      const bw = Math.max(b.length * fs * 0.6 + 3, fs + 1);
      badges += `<g class="badge" transform="translate(${(half - bw / 2 + 2).toFixed(1)},${(-half - 1 + i * fs * 1.15).toFixed(1)})">` +
        `<rect x="${(-bw / 2).toFixed(1)}" y="${(-fs * 0.55).toFixed(1)}" width="${bw.toFixed(1)}" height="${(fs * 1.1).toFixed(1)}" rx="2" fill="${col}"/>` +
        `<text y="${(fs * 0.3).toFixed(1)}" font-size="${(fs * 0.82).toFixed(1)}">${esc(b)}</text></g>`;
    });
    return `<g class="${cls}" data-unit="${esc(u.id)}" data-hex="${esc(u.hex)}" tabindex="0" role="button" ` +
      `aria-label="${esc(tip)}" aria-pressed="${u.id === G.sel}" transform="translate(${n1(cx)},${n1(cy)})">` +
      `<title>${esc(tip)}</title>` +
      `<rect class="ring" x="${(-half - 3).toFixed(1)}" y="${(-half - 3).toFixed(1)}" width="${(w + 6).toFixed(1)}" height="${(w + 6).toFixed(1)}" rx="4"/>` +
      `<rect class="body${u.disrupted ? ' disrupted' : ''}" x="${(-half).toFixed(1)}" y="${(-half).toFixed(1)}" width="${w.toFixed(1)}" height="${w.toFixed(1)}" rx="3" fill="${nationColour(u.nationality)}"/>` +
      `<text class="kind" y="${(-w * 0.2).toFixed(1)}" font-size="${(fs * 0.8).toFixed(1)}">${esc(KIND_ABBR[u.kind] || u.kind)}</text>` +
      `<text class="uid" y="${(w * 0.1).toFixed(1)}" font-size="${fs.toFixed(1)}">${esc(u.id)}</text>` +
      (u.kind !== 'leader' && u.eff_cohesion ? `<text class="coh" x="${(half - fs * 0.5).toFixed(1)}" y="${(half - fs * 0.2).toFixed(1)}" font-size="${(fs * 0.8).toFixed(1)}">${esc(u.eff_cohesion)}</text>` : '') +
      pips + badges + '</g>';
  }

  // lhyOverlay marks the panel's target hex, the ticked attackers' way in, the declared
  // Assaults and the hex the After window is about.
  function lhyOverlay() {
    let out = '';
    const st = G.view;
    const arrow = (from, to, cls) => {
      const a = G.hexes.get(from), b = G.hexes.get(to);
      if (!a || !b || from === to) return '';
      const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
      const x2 = b.x - dx / len * 0.55, y2 = b.y - dy / len * 0.55;
      return `<line class="${cls}" x1="${n1(a.x + dx / len * 0.3)}" y1="${n1(a.y + dy / len * 0.3)}" x2="${n1(x2)}" y2="${n1(y2)}" marker-end="url(#arrow)"/>`;
    };
    for (const as of (st && st.assaults) || []) {
      const h = G.hexes.get(as.target);
      if (h) out += `<polygon class="declared" points="${hexPoints(h.x, h.y)}"><title>Assault declared on ${esc(as.target)} by ${esc(as.attackers.join(', '))}</title></polygon>`;
      for (const f of new Set(as.from)) out += arrow(f, as.target, 'assault-arrow declared-arrow');
    }
    if (st && st.after) {
      const h = G.hexes.get(st.after.target);
      if (h) out += `<polygon class="after-hex" points="${hexPoints(h.x, h.y)}"/>`;
    }
    if (L.target && isLive()) {
      const h = G.hexes.get(L.target);
      if (h) out += `<polygon class="target-hex ${L.mode === 'fire' ? 'fire' : 'assault'}" points="${hexPoints(h.x, h.y)}"/>`;
      if (L.mode !== 'fire') {
        const from = new Set([...L.attackers].map((id) => (unitOf(st, id) || {}).hex).filter(Boolean));
        for (const f of from) out += arrow(f, L.target, 'assault-arrow');
      }
    }
    $('#g-reach').innerHTML = out;
    for (const [hid, el] of G.hexEls) {
      const t = el.firstElementChild;
      if (t) t.textContent = hexTitle(G.hexes.get(hid)) + '\nclick: the target of the Assault or fire';
    }
    lhyLegend();
  }

  function lhyLegend() {
    const nats = [...new Set(((G.view && G.view.units) || []).map((u) => u.nationality))];
    $('#legend').innerHTML = '<div class="badges">' +
      nats.map((n) => `<span class="bdg" style="background:${nationColour(n)}">${esc(n)}</span>`).join('') + ' · ' +
      Object.entries(LHY_BADGE).slice(0, 7).map(([k, [b, c]]) => `<span class="bdg" style="background:${c}" title="${esc(k)}">${esc(b)}</span>${esc(k)}`).join(' ') +
      ' · <span class="pipsw"></span> step left</div>';
  }

  function lhyUnitList() {
    setHTML($('#unit-list'), ((G.view && G.view.units) || []).map((u) => {
      const b = (u.states || []).filter((s) => LHY_BADGE[s]).map((s) => LHY_BADGE[s][0]).join(' ');
      return `<button type="button" class="unit-btn${u.id === G.sel ? ' selected' : ''}${u.eliminated ? ' gone' : ''}" data-unit="${esc(u.id)}" ` +
        `aria-pressed="${u.id === G.sel}" style="--side:${nationColour(u.nationality)}" title="${esc(`${u.id} (${u.side}, ${u.nationality} ${u.kind}) ${u.hex}: ${u.status}`)}">` +
        `${esc(u.id)} <span class="ub">${esc(u.eliminated ? 'elim.' : b)}</span></button>`;
    }).join(''));
  }

  function lhyUnitPanel() {
    const u = unitOf(G.view, G.sel);
    const det = $('#unit-details');
    setHTML($('#unit-actions'), ''); setHTML($('#unit-steps'), '');
    if (!u) {
      det.innerHTML = '<p class="hint">Select a unit: click its counter, a button above, or press <kbd>n</kbd>. Click a hex to make it the target.</p>';
      return;
    }
    const val = (v) => (v >= 0 ? String(v) : '–');
    det.innerHTML = `<h2><span class="swatch" style="background:${nationColour(u.nationality)}"></span>${esc(u.id)} ` +
      `<span class="small">${esc(u.nationality)} ${esc(u.kind)}${u.combat ? '' : ' (not a combat unit)'} · ${esc(u.side)}</span></h2>` +
      '<dl class="facts">' +
      `<dt>Hex</dt><dd>${esc(u.hex)}${u.rider ? ` (${u.passenger ? 'in' : 'on'} ${esc(u.rider)})` : ''}</dd>` +
      `<dt>State</dt><dd>${esc(u.status)}</dd>` +
      `<dt>Cohesion</dt><dd><strong>${esc(u.eff_cohesion)}</strong>${u.eff_cohesion !== u.cohesion ? ` (printed ${esc(u.cohesion)})` : ''}` +
      (u.full > 0 ? ` · steps ${esc(u.steps)}/${esc(u.full)}` : '') + '</dd>' +
      `<dt>Values</dt><dd>Assault ${esc(u.assault)} · SA ${esc(u.sa)} · ATV ${val(u.atv)} · AV ${val(u.av)}${u.aev >= 0 ? ' / ' + esc(u.aev) : ''}</dd>` +
      (u.company || u.platoon ? `<dt>Unit</dt><dd>${u.company ? 'company ' + esc(u.company) : ''} ${u.platoon ? 'platoon ' + esc(u.platoon) : ''}</dd>` : '') +
      (u.assaulted || u.advanced ? `<dt>This turn</dt><dd>${u.assaulted ? 'assaulted' : ''} ${u.advanced ? 'advanced' : ''}</dd>` : '') + '</dl>';
    if (!isLive() || u.eliminated) return;
    const can = mayMove(u.side);
    let act = `<button type="button" class="lhy-aim" data-hex="${esc(u.hex)}" data-mode="assault" title="Make ${esc(u.hex)} the Assault's target">Assault ${esc(u.hex)}</button>` +
      `<button type="button" class="lhy-aim" data-hex="${esc(u.hex)}" data-mode="fire" title="Make ${esc(u.hex)} the fire's target">Fire at ${esc(u.hex)}</button>`;
    if (L.target && L.mode !== 'fire' && lhyCandidates().some((c) => c.id === u.id)) {
      act += `<button type="button" class="lhy-toggle" data-unit="${esc(u.id)}" aria-pressed="${L.attackers.has(u.id)}">${L.attackers.has(u.id) ? 'Drop from' : 'Add to'} the Assault</button>`;
    }
    for (const s of (G.view.steps || []).filter((x) => x.unit === u.id)) {
      act += `<button type="button" class="step" data-line="${esc(s.line)}"${can ? '' : ' disabled'}>${esc(s.line)}</button>`;
    }
    setHTML($('#unit-actions'), act);
  }

  // lhyCandidates: the units that might join an Assault on the target: not eliminated, not of
  // a side defending it, within two hexes (the referee judges who is eligible).
  function lhyCandidates() {
    if (!L.target) return [];
    const def = new Set(unitsIn(L.target).map((u) => u.side));
    return alive().filter((u) => !def.has(u.side) && !u.rider && hexDistance(u.hex, L.target) <= 2)
      .sort((a, b) => hexDistance(a.hex, L.target) - hexDistance(b.hex, L.target) || a.id.localeCompare(b.id));
  }

  function lhyTarget(hid, mode) {
    if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> to play.', 'warn'); return; }
    if (mode) L.mode = mode;
    if (L.target !== hid) { L.target = hid; L.attackers.clear(); }
    // Assault: tick every candidate next to the target of the first side that may move.
    if (L.mode !== 'fire' && !L.attackers.size) {
      const c = lhyCandidates().filter((u) => hexDistance(u.hex, hid) === 1);
      const side = (c.find((u) => mayMove(u.side)) || c[0] || {}).side;
      for (const u of c) if (u.side === side) L.attackers.add(u.id);
    }
    if (L.mode === 'fire') {
      for (const m of L.markers) if (m.kind === 'at' && !unitsIn(hid).some((u) => u.id === m.who)) m.who = '';
    }
    L.built = false;
    renderLHY();
    drawReach();
    renderUnitPanel();
    drawUnits();
  }

  // lhyLine composes the panel's step.
  function lhyLine() {
    if (!L.target) return '';
    if (L.mode === 'fire') {
      const ms = L.markers.map((m) => {
        const d = signed(m.drm);
        if (m.kind === 'mortar') return `mortar ${d}` + (m.mv !== '' ? ` mv ${m.mv}` : '');
        if (m.kind === 'at') return m.who ? `at ${m.who} ${d}` + (m.atv !== '' ? ` atv ${m.atv}` : '') + (m.mg ? ' mg' : '') + (m.enfilade ? ' enfilade' : '') : '';
        return `sa ${m.who ? m.who + ' ' : ''}${d}`;
      }).filter(Boolean);
      return ms.length ? `fire ${L.target}: ${ms.join(', ')}` : '';
    }
    const ids = lhyCandidates().filter((u) => L.attackers.has(u.id)).map((u) => u.id);
    if (!ids.length) return '';
    const declared = ((G.view && G.view.assaults) || []).some((a) => a.target === L.target);
    const verb = declared ? 'reinforce' : L.mode === 'declare' ? 'declare' : 'assault';
    return `${verb} ${L.target} ${ids.join(' ')}${L.envelopment && verb !== 'reinforce' ? ' envelopment' : ''}`;
  }

  // renderLHY shows or hides the LHY panels and fills them.
  function renderLHY() {
    const on = isLHY();
    $('#lhy-box').hidden = !on;
    $('#lhy-after-box').hidden = !on;
    if (!on) return;
    renderLHYForm();
    renderLHYAfter();
    lhyOdds();
  }

  function renderLHYForm() {
    const live = isLive() && !spectator();
    const hexes = [...G.hexes.keys()];
    const occupied = [...new Set(alive().map((u) => u.hex))].sort();
    const opts = (sel) => `<option value="">– pick a hex (or click one) –</option>` +
      `<optgroup label="hexes with units">${occupied.map((h) => `<option value="${esc(h)}"${h === sel ? ' selected' : ''}>${esc(h)}: ${esc(unitsIn(h).map((u) => u.id).join(', '))}</option>`).join('')}</optgroup>` +
      (sel && !occupied.includes(sel) && hexes.includes(sel) ? `<option value="${esc(sel)}" selected>${esc(sel)}</option>` : '');
    let html = `<div class="row" role="radiogroup" aria-label="What to play">` +
      ['assault', 'declare', 'fire'].map((m) => `<label class="mode"><input type="radio" name="lhy-mode" value="${m}"${L.mode === m ? ' checked' : ''}${live ? '' : ' disabled'}> ` +
        `${{ assault: 'Assault', declare: 'Declare only', fire: 'Fire' }[m]}</label>`).join('') + '</div>' +
      `<div class="row"><label for="lhy-target">Target hex</label><select id="lhy-target"${live ? '' : ' disabled'}>${opts(L.target)}</select>` +
      (L.target ? ` <span class="small">${esc((G.hexes.get(L.target) || {}).terrain || '')}${(G.hexes.get(L.target) || {}).level ? ', level ' + esc(G.hexes.get(L.target).level) : ''}</span>` : '') + '</div>';
    if (L.mode !== 'fire') {
      const cands = lhyCandidates();
      html += `<fieldset class="attackers"${live ? '' : ' disabled'}><legend>Attackers</legend>` +
        (L.target ? (cands.length ? cands.map((u) => `<label class="att"><input type="checkbox" data-att="${esc(u.id)}"${L.attackers.has(u.id) ? ' checked' : ''}> ` +
          `<span class="swatch" style="background:${nationColour(u.nationality)}"></span><strong>${esc(u.id)}</strong> ${esc(u.kind)} in ${esc(u.hex)}` +
          ` <span class="small">Coh ${esc(u.eff_cohesion)}${u.states.length ? ', ' + esc(u.states.join(', ')) : ''}${hexDistance(u.hex, L.target) > 1 ? ', 2 hexes away' : ''}</span></label>`).join('')
          : '<p class="hint">No unit of another side is near.</p>') : '<p class="hint">Pick the target hex first.</p>') +
        `<label class="att"><input type="checkbox" id="lhy-env"${L.envelopment ? ' checked' : ''}> Envelopment (Coordinated Activation)</label></fieldset>`;
    } else {
      const there = unitsIn(L.target);
      const nats = [...new Set(there.map((u) => u.nationality))];
      const vehicles = there.filter((u) => u.av >= 0);
      html += `<fieldset class="markers"${live ? '' : ' disabled'}><legend>DRM markers</legend>` + L.markers.map((m, i) => {
        let who = '';
        if (m.kind === 'sa') who = `<select data-mk="${i}" data-f="who" aria-label="Nationality"><option value="">every nationality</option>${nats.map((n) => `<option${m.who === n ? ' selected' : ''}>${esc(n)}</option>`).join('')}</select>`;
        if (m.kind === 'at') who = `<select data-mk="${i}" data-f="who" aria-label="Target vehicle"><option value="">– target –</option>${vehicles.map((u) => `<option${m.who === u.id ? ' selected' : ''}>${esc(u.id)}</option>`).join('')}</select>`;
        return `<div class="marker row"><select data-mk="${i}" data-f="kind" aria-label="Marker ${i + 1}">` +
          ['sa', 'mortar', 'at'].map((k) => `<option value="${k}"${m.kind === k ? ' selected' : ''}>${{ sa: 'Small arms', mortar: 'Mortar', at: 'Anti-tank' }[k]}</option>`).join('') + '</select>' +
          who + `<label>DRM <input type="number" data-mk="${i}" data-f="drm" value="${esc(m.drm)}" min="-20" max="20" step="1" class="num"></label>` +
          (m.kind === 'mortar' ? `<label>MV <input type="number" data-mk="${i}" data-f="mv" value="${esc(m.mv)}" min="0" max="20" class="num"></label>` : '') +
          (m.kind === 'at' ? `<label>ATV <input type="number" data-mk="${i}" data-f="atv" value="${esc(m.atv)}" min="0" max="20" class="num"></label>` +
            `<label><input type="checkbox" data-mk="${i}" data-f="mg"${m.mg ? ' checked' : ''}> MG</label>` +
            `<label><input type="checkbox" data-mk="${i}" data-f="enfilade"${m.enfilade ? ' checked' : ''}> enfiladed</label>` : '') +
          (L.markers.length > 1 ? `<button type="button" class="mk-del" data-mk="${i}" aria-label="Remove marker ${i + 1}">✕</button>` : '') + '</div>';
      }).join('') + (L.markers.length < 4 ? '<button type="button" id="mk-add">+ marker</button>' : '') + '</fieldset>';
    }
    const line = lhyLine();
    // Whose step it is (API.md: an Assault is its attackers' side's, fire the target's enemies').
    let mine = true;
    if (line && L.mode === 'fire') {
      const there = new Set(unitsIn(L.target).map((u) => u.side));
      mine = !there.size || (G.live.sides || []).some((sd) => !there.has(sd) && mayMove(sd));
    } else if (line) {
      mine = [...L.attackers].every((id) => mayMove((unitOf(G.view, id) || {}).side));
    }
    L.mine = mine;
    html += `<div class="row"><code id="lhy-line" aria-live="polite">${esc(line || '…')}</code>` +
      `<button type="button" id="lhy-roll" class="roll"${line && live && mine ? '' : ' disabled'}` +
      `${line && !mine ? ' title="This link may not play that side\'s step"' : ''}>${L.mode === 'declare' ? 'Declare' : 'Roll'}</button></div>` +
      (line && !mine ? '<p class="small">This link may not play that side\'s step: the odds are for your information.</p>' : '');
    setHTML($('#lhy-form'), html);
  }

  // lhyOdds asks the server for the odds of the panel's step (debounced) and shows them.
  function lhyOdds() {
    const line = lhyLine();
    if (line === L.oddsFor && (L.odds || L.oddsErr)) { renderOdds(); return; }
    clearTimeout(L.oddsTimer);
    L.odds = null; L.oddsErr = null; L.oddsFor = line;
    renderOdds();
    if (!line || !isLive() || L.mode === 'declare') return;
    const seq = ++L.oddsSeq;
    L.oddsTimer = setTimeout(async () => {
      const r = await api('GET', '/odds?line=' + encodeURIComponent(line));
      if (seq !== L.oddsSeq) return;
      if (r.status === 200) L.odds = r.body;
      else L.oddsErr = { status: r.status, error: r.body.error || String(r.status), rule: r.body.rule };
      renderOdds();
      const bar = $('#lhy-odds .odds-bar') || $('#lhy-odds .refused') || $('#lhy-odds .facts-odds');
      if (bar) bar.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    }, 200);
  }

  function renderOdds() {
    const box = $('#lhy-odds');
    const line = L.oddsFor;
    const roll = $('#lhy-roll');
    if (L.oddsErr) {
      box.innerHTML = `<p class="refused"><strong>${L.oddsErr.status === 422 ? 'The referee would refuse it' : 'Cannot weigh it'}` +
        `${L.oddsErr.rule ? ` (${esc(L.oddsErr.rule)})` : ''}:</strong> ${esc(L.oddsErr.error)}</p>`;
      if (roll && L.oddsErr.status === 422) roll.disabled = true;
      return;
    }
    if (!line) { box.innerHTML = '<p class="hint">Pick a target and attackers (or markers): the odds show here before the roll.</p>'; return; }
    if (L.mode === 'declare') { box.innerHTML = '<p class="hint">Declaring rolls nothing; resolve it later (the After panel offers it).</p>'; return; }
    const o = L.odds;
    if (roll) roll.disabled = !(line && isLive() && !spectator() && L.mine !== false);
    if (!o) { box.innerHTML = '<p class="hint">Working out the odds…</p>'; return; }
    let s = '<h3>Before the roll</h3>';
    if (o.rows) {
      const rows = o.rows;
      s += `<div class="odds-bar" role="img" aria-label="${esc(rows.filter((r) => r.p > 0).map((r) => `row ${r.row} ${pct(r.p)}`).join(', '))}">` +
        rows.filter((r) => r.p > 0).map((r) => `<span class="seg" style="width:${(100 * r.p).toFixed(2)}%;background:${ROW_COLOURS[r.row] || '#999'}" ` +
          `title="row ${esc(r.row)}: ${pct(r.p)} (${esc(r.exact)}), the ${esc(r.loser)} loses">${r.p >= 0.12 ? `${esc(r.row)} · ${pct(r.p)}` : r.p >= 0.06 ? pct(r.p) : ''}</span>`).join('') + '</div>' +
        '<table class="odds-rows"><thead><tr><th>row</th><th>loser</th><th>chance</th></tr></thead><tbody>' +
        rows.map((r) => `<tr class="${r.p > 0 ? '' : 'nil'}"><td><span class="sw" style="background:${ROW_COLOURS[r.row] || '#999'}"></span>${esc(r.row)}</td>` +
          `<td>${esc(r.loser)}</td><td><strong>${pct(r.p)}</strong> <span class="small">${r.p > 0 && r.exact !== '1' ? esc(r.exact) : ''}</span></td></tr>`).join('') + '</tbody></table>';
    }
    if (o.terms && o.terms.length) {
      s += '<ul class="terms">' + o.terms.map((t) => `<li><span class="tv">${esc(signed(t.value))}</span> ${esc(t.label)} <span class="rule">${esc(t.rule)}</span></li>`).join('') +
        `<li class="net">net DRM <strong>${esc(signed(o.drm))}</strong>${/clamped to/.test(o.breakdown || '') ? ' (clamped)' : ''}</li></ul>`;
    } else if (o.rows) s += '<p class="small">No DRM: net +0.</p>';
    if (o.markers && o.markers.length) {
      s += '<ul class="terms">' + o.markers.map((m) => `<li>${esc(m.kind)} <span class="tv">${esc(signed(m.drm))}</span>` +
        `${m.target ? ' on ' + esc(m.target) : m.nation ? ' on ' + esc(m.nation) : ''}${m.atv ? ' ATV ' + esc(m.atv) : ''}${m.mv ? ' MV ' + esc(m.mv) : ''}${m.mg ? ' MG' : ''}${m.enfilade ? ' enfiladed' : ''}: one d10</li>`).join('') + '</ul>';
    }
    const none = (o.outcomes || []).filter((x) => !x.facts.length).reduce((a, x) => a + x.p, 0);
    const facts = (o.facts || []).filter((f) => !/^row /.test(f.fact)).slice(0, o.rows ? 6 : 8);
    if (facts.length || none > 0) {
      s += `<h3>${o.rows ? 'Likeliest results' : 'Likeliest results of the fire'}</h3><ul class="facts-odds">` +
        (none > 0 ? `<li><span class="fbar"><span style="width:${(100 * none).toFixed(1)}%"></span></span> <strong>${pct(none)}</strong> no effect</li>` : '') +
        facts.map((f) => `<li><span class="fbar"><span style="width:${(100 * f.p).toFixed(1)}%"></span></span> <strong>${pct(f.p)}</strong> ${esc(f.fact)} <span class="small">${esc(f.exact)}</span></li>`).join('') + '</ul>';
    }
    s += `<p class="small">Exact, from ${esc(o.paths)} dice path${o.paths === 1 ? '' : 's'}; ${esc((o.outcomes || []).length)} distinct outcomes.</p>`;
    box.innerHTML = s;
  }

  // lhyResult shows a step played from the page: the DRM terms, the d10, the row, every event
  // with its rule.
  function lhyResult(b) {
    L.result = b;
    renderResult();
  }
  function renderResult() {
    const box = $('#lhy-result');
    const b = L.result;
    if (!b || !b.report) { box.innerHTML = ''; return; }
    const r = b.report;
    let s = `<h3>Result of step ${esc(b.entry.n)}: <code>${esc(r.action)}</code> <button type="button" id="lhy-result-close" class="small" aria-label="Hide this result">✕</button></h3>`;
    if (r.terms && r.terms.length) s += '<ul class="terms">' + r.terms.map((t) => `<li><span class="tv">${esc(signed(t.value))}</span> ${esc(t.label)} <span class="rule">${esc(t.rule)}</span></li>`).join('') + '</ul>';
    if (r.row) {
      s += `<p class="roll-line">d10 <span class="die">${esc(r.roll)}</span> ${esc(signed(r.drm))} = <strong>${esc(r.final)}</strong> → ` +
        `<span class="rowchip" style="background:${ROW_COLOURS[r.row] || '#999'}">row ${esc(r.row)}</span> the <strong>${esc(r.loser)}</strong> loses</p>`;
    } else if (r.roll) s += `<p class="roll-line">d10 <span class="die">${esc(r.roll)}</span>${r.terms && r.terms.length ? ` ${esc(signed(r.drm))} = <strong>${esc(r.final)}</strong>` : ''}</p>`;
    s += lhyEvents(r.events) + lhyDice(r.dice);
    box.innerHTML = s;
  }
  function lhyEvents(list) {
    if (!list || !list.length) return '';
    return '<ul class="events">' + list.map((e) => `<li>${esc(e.text)}${e.rule ? ` <span class="rule">${esc(e.rule)}</span>` : ''}</li>`).join('') + '</ul>';
  }
  function lhyDice(list) {
    if (!list || !list.length) return '';
    return '<ul class="dice">' + list.map((d) => `<li><span class="dice-mark">${esc(d.kind)}</span> ${esc(d.for)}: <strong>${esc(d.roll)}</strong></li>`).join('') + '</ul>';
  }

  function lhyLogEntry(e) {
    const r = e.report || {};
    let s = `<li data-n="${esc(e.n)}" title="${esc(e.text || '')}"><div class="head"><span class="num">${esc(e.n)}</span> ` +
      `<code class="line">${esc(e.line)}</code>` +
      (r.row ? ` <span class="rowchip" style="background:${ROW_COLOURS[r.row] || '#999'}">row ${esc(r.row)}</span> <span class="small">${esc(r.loser)} loses</span>` : '') + '</div>';
    if (r.breakdown) s += `<div class="bd">${esc(r.breakdown)}${r.row ? ` · d10 ${esc(r.roll)} → ${esc(r.final)}` : ''}</div>`;
    s += lhyDice(r.dice) + lhyEvents(r.events);
    return s + '</li>';
  }

  // renderLHYAfter lists what the last Assault still asks for, and the other steps the referee
  // takes now (Recovery, resolving a declared Assault).
  function renderLHYAfter() {
    const st = G.view, af = st.after;
    const live = isLive();
    const btn = (s, label) => `<button type="button" class="step" data-line="${esc(s.line)}"${live && mayMove(s.side) ? '' : ' disabled'} title="${esc(s.line)}">${esc(label || s.line)}</button>`;
    let html = '';
    if (af) {
      html += `<h2>After the Assault on ${esc(af.target)}</h2><p class="small">${esc(af.attackers.join(', '))} (${esc(af.attacker_side)}) against ` +
        `${esc(af.defenders.join(', '))} (${esc(af.defender_side)}): the ${esc(af.loser)} lost.</p>`;
      if (af.asks.length) html += '<ul class="asks">' + af.asks.map((a) => `<li>${esc(a)}</li>`).join('') + '</ul>';
      for (const rt of af.retreat) {
        if (!rt.paths.length) continue;
        const side = (unitOf(st, rt.unit) || {}).side;
        html += `<div class="row"><label for="rt-${esc(rt.unit)}">Retreat ${esc(rt.unit)}</label>` +
          `<select id="rt-${esc(rt.unit)}" data-retreat="${esc(rt.unit)}"${live && mayMove(side) ? '' : ' disabled'}>` +
          rt.paths.map((p) => `<option value="${esc(p.join(' '))}">${esc(p.join(' → '))}</option>`).join('') + '</select>' +
          btn({ line: `retreat ${rt.unit} ${rt.paths[0].join(' ')}`, side }, 'Retreat') + '</div>';
      }
      const others = af.steps || [];
      if (others.length) html += '<div class="row">' + others.map((s) => btn(s)).join('') + '</div>';
    }
    const steps = st.steps || [];
    if (steps.length) html += `<h3>${af ? 'Also' : 'Steps open now'}</h3><div class="row">` + steps.map((s) => btn(s)).join('') + '</div>';
    if ((st.assaults || []).length) {
      html += '<p class="small">Declared: ' + st.assaults.map((a) => `${esc(a.target)} by ${esc(a.attackers.join(', '))}${a.envelopment ? ' (Envelopment)' : ''}`).join('; ') + '</p>';
    }
    setHTML($('#lhy-after'), html || '<p class="hint">No Assault result is waiting.</p>');
    renderResult();
  }

  function setupLHY() {
    $('#lhy-result').addEventListener('click', (ev) => {
      if (ev.target.closest('#lhy-result-close')) { L.result = null; renderResult(); }
    });
    const form = $('#lhy-form');
    form.addEventListener('change', (ev) => {
      const t = ev.target;
      if (t.name === 'lhy-mode') {
        L.mode = t.value;
        if (L.target) { lhyTarget(L.target); return; }
      } else if (t.id === 'lhy-target') {
        lhyTarget(t.value);
        return;
      } else if (t.dataset.att) {
        if (t.checked) L.attackers.add(t.dataset.att); else L.attackers.delete(t.dataset.att);
      } else if (t.id === 'lhy-env') {
        L.envelopment = t.checked;
      } else if (t.dataset.mk !== undefined) {
        const m = L.markers[+t.dataset.mk], f = t.dataset.f;
        if (!m) return;
        if (f === 'mg' || f === 'enfilade') m[f] = t.checked;
        else if (f === 'drm') m.drm = Math.max(-20, Math.min(20, Math.round(+t.value || 0)));
        else if (f === 'kind') { m.kind = t.value; m.who = ''; }
        else m[f] = t.value;
      } else return;
      renderLHYForm();
      lhyOdds();
      drawReach();
    });
    form.addEventListener('input', (ev) => { // numbers: update the line as they are typed
      const t = ev.target;
      if (t.type === 'number' && t.dataset.mk !== undefined) {
        const m = L.markers[+t.dataset.mk];
        if (!m) return;
        if (t.dataset.f === 'drm') m.drm = Math.max(-20, Math.min(20, Math.round(+t.value || 0)));
        else m[t.dataset.f] = t.value;
        $('#lhy-line').textContent = lhyLine() || '…';
        lhyOdds();
      }
    });
    form.addEventListener('click', async (ev) => {
      const b = ev.target.closest('button');
      if (!b || b.disabled) return;
      if (b.id === 'mk-add') { L.markers.push({ kind: 'sa', who: '', drm: 0, mv: '', atv: '', mg: false, enfilade: false }); }
      else if (b.classList.contains('mk-del')) { L.markers.splice(+b.dataset.mk, 1); }
      else if (b.id === 'lhy-roll') {
        const line = lhyLine();
        if (!line) return;
        if (await submit(line)) {
          // Played: the panel starts afresh; the result shows above it.
          L.target = ''; L.attackers.clear(); L.envelopment = false;
          renderLHY(); drawUnits(); drawReach(); renderUnitPanel();
          const res = $('#lhy-result');
          if (res.firstChild) res.scrollIntoView({ block: 'start', behavior: 'instant' });
          const next = $('#lhy-after').querySelector('button.step:not([disabled]), select:not([disabled])') || $('#lhy-target');
          if (next) next.focus({ preventScroll: true });
        }
        return;
      } else return;
      renderLHYForm();
      lhyOdds();
    });
    // Retreat paths rewrite their button's line.
    $('#lhy-after').addEventListener('change', (ev) => {
      const s = ev.target.closest('select[data-retreat]');
      if (!s) return;
      const b = s.parentElement.querySelector('button.step');
      b.dataset.line = `retreat ${s.dataset.retreat} ${s.value}`;
      b.title = b.dataset.line;
    });
    // The unit panel: aim the panel at the unit's hex, or tick it as an attacker.
    $('#unit-actions').addEventListener('click', (ev) => {
      const a = ev.target.closest('.lhy-aim');
      if (a) { lhyTarget(a.dataset.hex, a.dataset.mode); return; }
      const t = ev.target.closest('.lhy-toggle');
      if (t) {
        if (L.attackers.has(t.dataset.unit)) L.attackers.delete(t.dataset.unit); else L.attackers.add(t.dataset.unit);
        renderLHYForm(); lhyOdds(); drawUnits(); drawReach(); renderUnitPanel();
      }
    });
  }

  // ---------------------------------------------------------------- LW (Lightning War)
  //
  // A Lightning War game is a tabletop in inches (1" = 50 m), x right and y up from the
  // lower-left corner; the SVG's y runs down, so every point is drawn at (x, H - y). The state
  // holds only what this link may see (server/API.md, "Lightning War games"): its own
  // detachments whole (with their ordered path, dashed, and their track, solid) and the enemy's
  // the referee revealed, where they were seen. A side selects one of its detachments, clicks
  // points on the table to build its path, picks the pace and types the order's text, and
  // sends `order D path x,y ... [pace]: text`. The referee plays the Movement Phase (whole or in
  // halves), reveals and hides detachments and reports fire.

  const LWP = 12; // SVG pixels per inch
  const GROUND = { open: '#efe6c8', broken: '#d8c79a', woods: '#7fa860', 'built-up': '#b09a84', marsh: '#a8c8b0' };
  const LWD = { det: null, points: [], pace: 'walk', text: '', from: '', reserve: false }; // the order being built
  const LWF = { target: '', by: '', from: '', spot: false, units: '' }; // the referee's fire report
  let lwTableKey = '';
  const lwH = () => (G.lwTable ? G.lwTable.height : 0);
  const lx = (x) => (x * LWP).toFixed(1);
  const ly = (y) => ((lwH() - y) * LWP).toFixed(1);
  const lpts = (ps) => (ps || []).map(([x, y]) => lx(x) + ',' + ly(y)).join(' ');
  const inch = (v) => String(Math.round(v * 100) / 100);
  const lwPoint = ([x, y]) => `${inch(x)},${inch(y)}`;
  const lwDet = (id) => ((G.view && G.view.dets) || []).find((d) => d.id === id);
  // mayOrder: this link may give orders to the detachment now.
  const mayOrder = (d) => !!d && d.own && mayMove(d.side);

  // drawTable draws the table (only when it differs from the one drawn): the ground, slopes
  // hatched, streams, roads, choke points, an inch grid with every 6" marked.
  function drawTable(t) {
    if (!t) return; // answers to a step leave the table out: keep the one drawn
    const key = JSON.stringify(t);
    if (key === lwTableKey) return;
    lwTableKey = key;
    G.lwTable = t;
    const W = t.width * LWP, H = t.height * LWP;
    let ground = `<rect class="lw-ground lw-open" x="0" y="0" width="${W}" height="${H}" fill="${GROUND.open}"><title>Open ground (factor 1)</title></rect>`;
    let over = '', labels = '';
    for (const f of t.features || []) {
      const what = [f.ground_name ? `${f.ground_name} (factor ${f.factor})` : '', f.slope_name ? `${f.slope_name} (+${f.modifier})` : '',
        f.cover ? 'cover' : ''].filter(Boolean).join(', ');
      if (f.ground) {
        ground += `<polygon class="lw-ground lw-feature" data-ground="${esc(f.ground)}" points="${lpts(f.area)}" fill="${GROUND[f.ground] || '#ddd'}">` +
          `<title>${esc(f.id)}: ${esc(what)}</title></polygon>`;
      }
      if (f.slope) {
        ground += `<polygon class="lw-ground lw-slope ${esc(f.slope)}" points="${lpts(f.area)}" fill="url(#lw-${f.slope === 'steep' ? 'steep' : 'gentle'})">` +
          `<title>${esc(f.id)}: ${esc(what)}</title></polygon>`;
      }
      const cx = f.area.reduce((a, p) => a + p[0], 0) / f.area.length, cy = f.area.reduce((a, p) => a + p[1], 0) / f.area.length;
      labels += `<text class="lw-label" x="${lx(cx)}" y="${ly(cy)}">${esc(f.id)}</text>`;
    }
    for (const s of t.streams || []) {
      over += `<polyline class="lw-stream" points="${lpts(s.line)}"><title>${esc(s.id)} (stream)</title></polyline>`;
    }
    for (const r of t.roads || []) {
      over += `<polyline class="lw-road" points="${lpts(r.line)}" stroke-width="${Math.max(3, r.width * LWP).toFixed(1)}"><title>${esc(r.id)} (road)</title></polyline>`;
    }
    for (const c of t.chokes || []) {
      over += `<polygon class="lw-choke" points="${lpts(c.area)}"><title>${esc(c.id)}: a choke point (models may not pass through each other)</title></polygon>`;
      const top = Math.max(...c.area.map((p) => p[1])), cx = c.area.reduce((a, p) => a + p[0], 0) / c.area.length;
      labels += `<text class="lw-label choke" x="${lx(cx)}" y="${ly(top + 0.4)}">${esc(c.id)}</text>`;
    }
    let grid = '';
    for (let x = 1; x < t.width; x++) grid += `<line class="lw-grid${x % 6 ? '' : ' six'}" x1="${lx(x)}" y1="0" x2="${lx(x)}" y2="${H}"/>`;
    for (let y = 1; y < t.height; y++) grid += `<line class="lw-grid${y % 6 ? '' : ' six'}" x1="0" y1="${ly(y)}" x2="${W}" y2="${ly(y)}"/>`;
    for (let x = 0; x <= t.width; x += 6) labels += `<text class="lw-axis" x="${lx(x)}" y="${(H + 11).toFixed(1)}">${x}"</text>`;
    for (let y = 0; y <= t.height; y += 6) labels += `<text class="lw-axis y" x="-4" y="${(+ly(y) + 3).toFixed(1)}">${y}"</text>`;
    // Roads, streams and choke points lie under the detachments' paths (#g-reach).
    $('#g-terrain').innerHTML = ground + grid + over;
    $('#g-features').innerHTML = `<rect class="lw-edge" x="0" y="0" width="${W}" height="${H}"/>`;
    $('#g-ids').innerHTML = labels;
    // Room below the table for the axis and the legend.
    const fit = { x: -3 * LWP, y: -1.5 * LWP, w: W + 4.5 * LWP, h: H + 7 * LWP };
    const first = !G.fit;
    G.fit = fit;
    if (first) setViewBox(fit);
  }

  // lwDrawDets draws each detachment this link may see: its own filled in its side's colour with
  // a wedge toward its facing; an enemy's the referee revealed hollow, where it was seen.
  function lwDrawDets() {
    if (!G.lwTable) return;
    let out = '';
    for (const d of (G.view && G.view.dets) || []) {
      const col = sideColour(d.side), sel = d.id === G.sel;
      const w = 30, h = 17, fs = 8.5;
      const units = d.own ? d.units.map((u) => u.id + (u.name ? ` (${u.name})` : ` (${u.type})`)).join(', ') : lwTypes(d.units);
      const tip = d.own ? `${d.id} (${d.side}): ${units}; at ${inch(d.x)},${inch(d.y)}` + (d.order && d.order.text ? `; order: ${d.order.text}` : '') +
        (d.revealed ? '; revealed to the enemy' : '')
        : `${d.id} (${d.side}, revealed by the referee): ${units}; last seen at ${inch(d.x)},${inch(d.y)}`;
      let wedge = '';
      if (d.own && d.facing !== undefined) {
        const a = d.facing * Math.PI / 180, dx = Math.sin(a), dy = -Math.cos(a);
        const r0 = Math.max(w, h) / 2 * 0.8, r1 = r0 + 7, wd = 4;
        wedge = `<path class="front" d="M${(dx * r1).toFixed(1)},${(dy * r1).toFixed(1)} L${(dx * r0 - dy * wd).toFixed(1)},${(dy * r0 + dx * wd).toFixed(1)} ` +
          `L${(dx * r0 + dy * wd).toFixed(1)},${(dy * r0 - dx * wd).toFixed(1)}Z" fill="${col}"/>`;
      }
      out += `<g class="unit lw-det${d.own ? ' own' : ' enemy'}${sel ? ' selected' : ''}" data-unit="${esc(d.id)}" data-x="${d.x}" data-y="${d.y}" ` +
        `tabindex="0" role="button" style="color:${col}" aria-label="${esc(tip)}" aria-pressed="${sel}" transform="translate(${lx(d.x)},${ly(d.y)})"><title>${esc(tip)}</title>` + wedge +
        `<rect class="ring" x="${-w / 2 - 3}" y="${-h / 2 - 3}" width="${w + 6}" height="${h + 6}" rx="4"/>` +
        `<rect class="body" x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="2" fill="${d.own ? col : '#fff'}" stroke="${col}"/>` +
        `<text class="uid" y="${(fs * 0.35).toFixed(1)}" font-size="${fs}">${esc(d.id)}</text>` +
        (d.own && d.revealed ? `<g class="badge" transform="translate(${w / 2},${-h / 2})"><rect x="-5" y="-5" width="10" height="10" rx="2" fill="#e65100"/>` +
          '<text y="3" font-size="7">R</text><title>Revealed: the enemy saw it</title></g>' : '') +
        (!d.own ? `<text class="seen" y="${h / 2 + 8}" font-size="6.5">seen</text>` : '') + '</g>';
    }
    $('#g-units').innerHTML = out;
  }

  // lwDrawPaths draws each own detachment's track (solid: where it has been) and the rest of its
  // ordered path (dashed), and the paths of orders on their way (dotted).
  function lwDrawPaths() {
    let out = '';
    for (const d of (G.view && G.view.dets) || []) {
      if (!d.own) continue;
      const col = sideColour(d.side), sel = d.id === G.sel ? ' sel' : '';
      if (d.track && d.track.length > 1) out += `<polyline class="lw-track${sel}" points="${lpts(d.track)}" stroke="${col}"/>`;
      if (d.ahead && d.ahead.length > 1) out += `<polyline class="lw-ahead${sel}" points="${lpts(d.ahead)}" stroke="${col}"/>`;
      if (d.order && d.order.goal) out += `<circle class="lw-goal" cx="${lx(d.order.goal[0])}" cy="${ly(d.order.goal[1])}" r="5" stroke="${col}"/>`;
      for (const o of d.pending || []) {
        if (o.path && o.path.length) out += `<polyline class="lw-pending${sel}" points="${lpts([[d.x, d.y], ...o.path])}" stroke="${col}"/>`;
      }
    }
    $('#g-reach').innerHTML = out;
    lwLegend();
  }

  // lwDrawDraft draws the path being built for the selected detachment: numbered waypoints.
  function lwDrawDraft() {
    const d = lwDet(G.sel);
    let out = '';
    if (d && LWD.det === d.id && LWD.points.length) {
      out += `<polyline class="lw-draft" points="${lpts([[d.x, d.y], ...LWD.points])}"/>`;
      LWD.points.forEach((p, i) => {
        out += `<circle class="lw-wp" cx="${lx(p[0])}" cy="${ly(p[1])}" r="6"/><text class="lw-wpn" x="${lx(p[0])}" y="${(+ly(p[1]) + 3).toFixed(1)}">${i + 1}</text>`;
      });
    }
    $('#g-sel').innerHTML = out;
  }

  function lwLegend() {
    $('#legend').innerHTML = Object.entries(GROUND).map(([k, c]) => `<span><span class="sw" style="background:${c}"></span> ${esc(k)}</span>`).join('') +
      '<span><span class="sw lw-gentle-sw"></span> gentle slope</span><span><span class="sw lw-steep-sw"></span> steep</span>' +
      '<span><span class="ln road-ln"></span> road</span><span><span class="ln stream-ln"></span> stream</span><span><span class="sw choke-sw"></span> choke point</span>' +
      '<span><span class="ln track-ln"></span> track</span><span><span class="ln ahead-ln"></span> ordered path</span>' +
      '<span><span class="ln draft-ln"></span> new path</span><span class="small">grid 1", marked every 6" (300 m)</span>';
  }

  // lwSelect selects a detachment (null: none).
  function lwSelect(id, announce) {
    if (G.sel === id) return;
    G.sel = id;
    const d = lwDet(id);
    if (LWD.det !== id) lwDraftReset(id);
    renderUnitsAndSelection();
    if (d && announce) {
      setStatus(`Selected <strong>${esc(d.id)}</strong> (${esc(d.side)})` + (mayOrder(d) && isLive() ?
        ': click points on the table to build its path, then send the order.' : d.own ? '.' : ', revealed by the referee: last seen here.'));
    }
  }

  function lwDraftReset(id) {
    LWD.det = id === undefined ? LWD.det : id;
    LWD.points = []; LWD.text = ''; LWD.pace = 'walk'; LWD.from = ''; LWD.reserve = false;
    if (isLW()) { lwDrawDraft(); if (id === undefined) renderUnitPanel(); }
  }

  // lwClick: a click on a detachment selects it; a click on the table adds a waypoint to the
  // selected detachment's new path (Shift-click adds one over a detachment).
  function lwClick(ev) {
    const c = ev.target.closest('.lw-det');
    if (c && !ev.shiftKey) { select(c.dataset.unit); return; }
    if (!G.lwTable) return;
    const [px, py] = toMap(ev);
    const x = px / LWP, y = lwH() - py / LWP;
    if (x < 0 || y < 0 || x > G.lwTable.width || y > G.lwTable.height) return;
    const d = lwDet(G.sel);
    if (!isLive()) { setStatus('The replay is read only: press <strong>Live</strong> to give orders.', 'warn'); return; }
    if (!mayOrder(d)) {
      setStatus(d ? `This link may not give orders to ${esc(d.id)}.` : 'Select one of your detachments first, then click the table to build its path.', 'warn');
      return;
    }
    lwAddPoint(x, y);
  }

  function lwAddPoint(x, y, snap = true) {
    const t = G.lwTable;
    // A click snaps to the quarter inch (12.5 m); a typed point is taken as typed.
    if (snap) { x = Math.round(x * 4) / 4; y = Math.round(y * 4) / 4; }
    x = Math.min(t.width, Math.max(0, x));
    y = Math.min(t.height, Math.max(0, y));
    LWD.det = G.sel;
    LWD.points.push([x, y]);
    lwDrawDraft();
    renderUnitPanel();
    setStatus(`Waypoint ${LWD.points.length} of ${esc(G.sel)}'s path: ${esc(lwPoint([x, y]))}.`);
  }

  // lwLine composes the order being built.
  function lwLine() {
    if (!LWD.det) return '';
    let s = `order ${LWD.det}`;
    if (LWD.from) s += ` from ${LWD.from}`;
    if (LWD.points.length) s += ' path ' + LWD.points.map(lwPoint).join(' ');
    if (LWD.pace !== 'walk') s += ' ' + LWD.pace;
    if (LWD.reserve) s += ' reserve';
    const text = LWD.text.replace(/\s+/g, ' ').trim();
    if (text) s += ': ' + text;
    return LWD.points.length || text ? s : '';
  }
  function lwRouteLine() {
    if (!LWD.det || !LWD.points.length) return '';
    return `route ${LWD.det} path ${LWD.points.map(lwPoint).join(' ')}` + (LWD.pace !== 'walk' ? ' ' + LWD.pace : '');
  }

  function lwDetList() {
    const ds = (G.view && G.view.dets) || [];
    $('#units-title').textContent = 'Detachments';
    setHTML($('#unit-list'), ds.map((d) =>
      `<button type="button" class="unit-btn${d.id === G.sel ? ' selected' : ''}${d.own ? '' : ' enemy'}" data-unit="${esc(d.id)}" ` +
      `aria-pressed="${d.id === G.sel}" style="--side:${sideColour(d.side)}" title="${esc(`${d.id} (${d.side})${d.own ? '' : ': revealed by the referee'}`)}">` +
      `${esc(d.id)} <span class="ub">${d.own ? esc(d.band || '') : 'seen'}</span></button>`).join('') ||
      '<p class="hint">No detachment this link may see.</p>');
  }

  // lwTypes counts units by type: "2 × vehicle, 1 × infantry".
  function lwTypes(units) {
    const n = new Map();
    for (const u of units || []) n.set(u.type, (n.get(u.type) || 0) + 1);
    return [...n].map(([t, k]) => `${k} × ${t}`).join(', ');
  }

  function lwOrderWords(o) {
    if (!o) return '';
    const bits = [];
    if (o.kind !== 'written') bits.push(o.kind);
    if (o.text) bits.push(`“${o.text}”`);
    if (o.path && o.path.length) bits.push('path ' + o.path.map(lwPoint).join(' → '));
    if (o.goal) bits.push('goal ' + lwPoint(o.goal));
    if (o.pace && o.pace !== 'walk') bits.push(o.pace);
    if (o.reserve) bits.push('Reserve Movement');
    bits.push(`written turn ${o.turn}` + (o.from ? ` by ${o.from}` : ''));
    return bits.join('; ');
  }

  // lwDetPanel shows the selected detachment: all of it if this link's own, else what the
  // referee revealed; the one-click steps it may take; and the order builder.
  function lwDetPanel() {
    const d = lwDet(G.sel);
    const box = $('#unit-details');
    if (!d) {
      box.innerHTML = '<p class="hint">Select a detachment: click it on the table, a button above, or press <kbd>n</kbd>.</p>';
      setHTML($('#unit-actions'), ''); setHTML($('#unit-steps'), '');
      return;
    }
    const col = sideColour(d.side);
    let h = `<h2><span class="swatch" style="background:${col}"></span>${esc(d.id)} <span class="small">${esc(d.side)}` +
      (d.own ? ` · ${esc(d.kind)} · Initiative ${esc(d.initiative)} (moves in the ${esc(d.band)} band)` : ' · revealed by the referee') + '</span></h2><dl class="facts">';
    if (!d.own) {
      h += `<dt>Seen at</dt><dd>${esc(lwPoint([d.x, d.y]))} (where it was when revealed)</dd>` +
        `<dt>Units</dt><dd>${esc(lwTypes(d.units))} <span class="small">(their types: what the models show)</span></dd></dl>`;
    } else {
      h += `<dt>At</dt><dd>${esc(lwPoint([d.x, d.y]))}, facing ${esc(Math.round(d.facing || 0))}°` +
        (d.moved ? ` · moved ${esc(inch(d.moved))}" this turn${d.moving_firer ? ' (moving firer)' : ''}` : '') + '</dd>' +
        `<dt>Units</dt><dd>${d.units.map((u) => `${esc(u.id)} <span class="small">${esc([u.name, u.type, u.tracked ? 'tracked' : '', u.size,
          u.xc_mph ? `${u.road_mph}/${u.xc_mph} MPH` : '', u.mired ? 'MIRED' : '', u.aboard ? 'aboard ' + u.aboard : '', u.mounted ? 'mounted' : ''].filter(Boolean).join(', '))}</span>`).join('<br>')}</dd>` +
        `<dt>Initiative</dt><dd>${esc(d.initiative_count)}${d.regular === false ? ' (Irregular)' : ''}</dd>` +
        `<dt>Orders</dt><dd>${d.order ? esc(lwOrderWords(d.order)) : '<span class="small">none</span>'}</dd>`;
      for (const o of d.pending || []) h += `<dt>On the way</dt><dd>arrives turn ${esc(o.effective)}: ${esc(lwOrderWords(o))}</dd>`;
      if (d.previous) h += `<dt>Continue</dt><dd>would resume: ${esc(lwOrderWords(d.previous))}</dd>`;
      for (const f of d.fired || []) {
        h += `<dt>Fired on</dt><dd>turn ${esc(f.turn)}${f.by ? ' by ' + esc(f.by) : ''}${f.from ? ' from ' + esc(lwPoint(f.from)) : ''}` +
          `${f.spotting ? ' (spotting round)' : ''}${f.units ? ' — ' + esc(f.units.join(', ')) : ''}</dd>`;
      }
      if (d.act) h += `<dt>This turn</dt><dd>${d.act.cover ? 'moves to cover' + (d.act.to ? ' at ' + esc(lwPoint(d.act.to)) : '') : 'halts'}${d.act.fire_at ? ', fires at ' + esc(d.act.fire_at) : ''}</dd>`;
      if (d.rejoin) h += `<dt>Rejoin</dt><dd>trying to rejoin ${esc(d.rejoin)}</dd>`;
      h += `<dt>Enemy</dt><dd>${d.revealed ? `<strong>revealed</strong>: seen at ${esc(lwPoint(d.seen || [d.x, d.y]))}` : 'not revealed'}</dd></dl>`;
    }
    box.innerHTML = h;
    const live = isLive(), can = live && mayMove(d.side);
    let act = '';
    for (const s of ((G.live && G.live.steps) || []).filter((x) => x.det === d.id)) {
      act += `<button type="button" class="step lw-act" data-line="${esc(s.line)}" data-verb="${esc(s.verb)}"${can ? '' : ' disabled'} title="${esc(s.line)}">${esc(s.label)}</button>`;
    }
    if (G.live && G.live.role === 'referee') {
      const v = d.revealed ? 'hide' : 'reveal';
      act += `<button type="button" class="step lw-act" data-line="${esc(v + ' ' + d.id)}" data-verb="${v}"${live ? '' : ' disabled'} ` +
        `title="${v === 'reveal' ? 'Show it to the other side where it stands now' : 'Take it off the other side\'s table'}">${v === 'reveal' ? 'Reveal to the enemy' : 'Hide from the enemy'}</button>`;
    }
    setHTML($('#unit-actions'), act);
    setHTML($('#unit-steps'), mayOrder(d) ? lwBuilder(d, live) : '');
  }

  // lwBuilder is the order form: the waypoints clicked (or typed), the pace, the sender, the
  // order's text, and the line it will send.
  function lwBuilder(d, live) {
    const dis = live ? '' : ' disabled';
    const forms = ((G.live && G.live.formations) || []).filter((f) => f.side === d.side);
    let h = `<h3>New order for ${esc(d.id)}</h3>` +
      '<p class="hint">Click points on the table to build the path (inches from the lower-left corner), or type one.</p>' +
      '<ol class="lw-points">' + LWD.points.map((p, i) =>
      `<li>${esc(lwPoint(p))} <button type="button" class="small lw-rm" data-i="${i}" aria-label="Remove waypoint ${i + 1}"${dis}>✕</button></li>`).join('') + '</ol>' +
      `<div class="row"><label for="lw-pt">Point</label><input type="text" id="lw-pt" size="9" placeholder="x,y"${dis}>` +
      `<button type="button" id="lw-pt-add"${dis}>Add</button><button type="button" id="lw-undo"${dis || (LWD.points.length ? '' : ' disabled')}>Undo</button>` +
      `<button type="button" id="lw-clear"${dis || (LWD.points.length || LWD.text ? '' : ' disabled')}>Clear</button></div>` +
      `<div class="row"><label for="lw-pace">Pace</label><select id="lw-pace"${dis}>` +
      ['walk', 'run', 'gallop'].map((p) => `<option${LWD.pace === p ? ' selected' : ''}>${p}</option>`).join('') + '</select>' +
      `<label for="lw-from">From</label><select id="lw-from"${dis}><option value="">(takes effect now)</option>` +
      forms.map((f) => `<option value="${esc(f.id)}"${LWD.from === f.id ? ' selected' : ''}>${esc(f.id)}${f.name ? ' ' + esc(f.name) : ''}</option>`).join('') + '</select>' +
      `<label><input type="checkbox" id="lw-reserve"${LWD.reserve ? ' checked' : ''}${dis}> reserve</label></div>` +
      `<div class="row"><label for="lw-text">Order</label><input type="text" id="lw-text" value="${esc(LWD.text)}" placeholder="what the order says" maxlength="300"${dis}></div>` +
      `<div class="row"><code id="lw-line" aria-live="polite">${esc(lwLine() || '…')}</code>` +
      `<button type="button" id="lw-send" class="roll"${live && lwLine() ? '' : ' disabled'}>Send order</button>`;
    if (d.kind && d.kind !== 'normal' && d.order && d.order.kind === 'written') {
      h += `<button type="button" id="lw-route"${live && lwRouteLine() ? '' : ' disabled'} title="Reconnaissance and FO detachments may change their route within their orders">Send as route</button>`;
    }
    return h + '</div>';
  }

  function lwUpdateLine() {
    const l = $('#lw-line');
    if (l) l.textContent = lwLine() || '…';
    const b = $('#lw-send');
    if (b) b.disabled = !isLive() || !lwLine();
    const r = $('#lw-route');
    if (r) r.disabled = !isLive() || !lwRouteLine();
  }

  // lwPhaseButtons: the referee's Movement Phase buttons, and the movement order this link may
  // see.
  function lwPhaseButtons() {
    const st = G.view, live = isLive();
    let h = '';
    if (G.live.role === 'referee') {
      h += '<span class="lbl">Movement Phase:</span>' + ((G.live.steps || []).filter((s) => s.verb === 'movement').map((s) =>
        `<button type="button" class="step lw-phase" data-line="${esc(s.line)}"${live ? '' : ' disabled'} title="${esc(s.line)}">${esc(s.label)}</button>`).join('') ||
        '<span class="small">none to play</span>');
    } else if (!spectator()) {
      h += '<span class="small">The referee plays the Movement Phase; your orders take effect when it begins.</span>';
    }
    const order = (st && st.order) || [];
    if (order.length) {
      h += `<div class="lw-order" title="Forced moves, discretionary actions, then Low, Medium and High Initiative; sides alternate in a band">` +
        `<span class="lbl">Movement order this turn:</span> ${order.map((o) => `<span class="chipband">${esc(o)}</span>`).join(' → ')}</div>`;
    }
    setHTML($('#lw-phase'), h);
    setHTML($('#mph-buttons'), '');
  }

  // renderLW shows the Movement Phase box (the referee's buttons, the movement order) and the
  // referee's fire report form.
  function renderLW() {
    $('#lw-box').hidden = !isLW();
    $('#lw-keys').hidden = !isLW();
    const on = isLW() && G.live.role === 'referee';
    $('#lw-fired-box').hidden = !on;
    if (!on) return;
    const ds = (G.view && G.view.dets) || [];
    const live = isLive(), dis = live ? '' : ' disabled';
    if (!ds.some((d) => d.id === LWF.target)) LWF.target = '';
    const t = ds.find((d) => d.id === LWF.target);
    const firers = ds.filter((d) => t && d.side !== t.side);
    if (!firers.some((d) => d.id === LWF.by)) LWF.by = '';
    const opt = (list, v, none) => `<option value="">${none}</option>` + list.map((d) => `<option value="${esc(d.id)}"${d.id === v ? ' selected' : ''}>${esc(d.id)} (${esc(d.side)})</option>`).join('');
    const line = lwFiredLine();
    setHTML($('#lw-fired'), `<div class="row"><label for="lw-ft">Fired upon</label><select id="lw-ft"${dis}>${opt(ds, LWF.target, '—')}</select>` +
      `<label for="lw-fb">by</label><select id="lw-fb"${dis}>${opt(firers, LWF.by, '(artillery, aircraft…)')}</select></div>` +
      `<div class="row"><label for="lw-ff">or from</label><input type="text" id="lw-ff" size="9" placeholder="x,y" value="${esc(LWF.from)}"${dis}>` +
      `<label><input type="checkbox" id="lw-fs"${LWF.spot ? ' checked' : ''}${dis}> a spotting round there</label></div>` +
      `<div class="row"><label for="lw-fu">units</label><input type="text" id="lw-fu" size="14" placeholder="all (or U1,U2)" value="${esc(LWF.units)}"${dis}></div>` +
      `<div class="row"><code id="lw-fired-line">${esc(line || '…')}</code><button type="button" id="lw-fired-send"${live && line ? '' : ' disabled'}>Report fire</button></div>`);
  }

  function lwFiredLine() {
    if (!LWF.target) return '';
    let s = `fired ${LWF.target}`;
    const units = LWF.units.replace(/\s+/g, '');
    if (units) s += ` units ${units}`;
    if (LWF.by) return s + ` by ${LWF.by}`;
    const p = LWF.from.replace(/\s+/g, '');
    if (!/^-?[\d.]+,-?[\d.]+$/.test(p)) return '';
    return s + (LWF.spot ? ' spotting ' : ' from ') + p;
  }

  function lwLogEntry(e) {
    const r = e.report || {};
    if (e.hidden) {
      return `<li data-n="${esc(e.n)}" class="hidden-step"><div class="head"><span class="num">${esc(e.n)}</span> ` +
        '<span class="small">another side’s step (hidden from this link)</span></div></li>';
    }
    let s = `<li data-n="${esc(e.n)}" title="${esc(e.text || '')}"><div class="head"><span class="num">${esc(e.n)}</span> <code class="line">${esc(e.line)}</code></div>`;
    if (r.order && r.order.length) s += `<div class="bd lw-order">movement order: ${r.order.map(esc).join(' → ')}</div>`;
    if (r.events && r.events.length) {
      s += '<ul class="events lw-events">' + r.events.map((ev) => `<li>${esc(ev.text)}` +
        (ev.rule ? ` <span class="rule">${esc(ev.rule)}</span>` : '') +
        (ev.side && G.live && G.live.role !== ev.side ? ` <span class="only" title="Only ${esc(ev.side)} is told of this">${esc(ev.side)} only</span>` : '') + '</li>').join('') + '</ul>';
    }
    if (r.dice && r.dice.length) s += `<ul class="dice">${r.dice.map((d) => `<li><span class="dice-mark">${esc(d.split(' ')[0])}</span> ${esc(d)}</li>`).join('')}</ul>`;
    return s + '</li>';
  }

  function setupLW() {
    const steps = $('#unit-steps');
    steps.addEventListener('click', (ev) => {
      const b = ev.target.closest('button');
      if (!b || b.disabled || !isLW()) return;
      if (b.classList.contains('lw-rm')) { LWD.points.splice(+b.dataset.i, 1); lwDrawDraft(); renderUnitPanel(); return; }
      switch (b.id) {
        case 'lw-pt-add': {
          const m = /^\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*$/.exec($('#lw-pt').value);
          if (!m) { setStatus('Type a point as x,y in inches, e.g. 12,16.5.', 'warn'); return; }
          lwAddPoint(+m[1], +m[2], false);
          const inp = $('#lw-pt'); if (inp) inp.focus();
          return;
        }
        case 'lw-undo': LWD.points.pop(); lwDrawDraft(); renderUnitPanel(); return;
        case 'lw-clear': lwDraftReset(); return;
        case 'lw-send': submit(lwLine()); return;
        case 'lw-route': submit(lwRouteLine()); return;
      }
    });
    steps.addEventListener('input', (ev) => {
      const t = ev.target;
      if (t.id === 'lw-text') LWD.text = t.value;
      else if (t.id === 'lw-pace') LWD.pace = t.value;
      else if (t.id === 'lw-from') LWD.from = t.value;
      else if (t.id === 'lw-reserve') LWD.reserve = t.checked;
      else return;
      lwUpdateLine();
    });
    steps.addEventListener('change', (ev) => {
      const t = ev.target;
      if (t.id === 'lw-reserve') { LWD.reserve = t.checked; lwUpdateLine(); }
      if (t.id === 'lw-pace') { LWD.pace = t.value; lwUpdateLine(); }
      if (t.id === 'lw-from') { LWD.from = t.value; lwUpdateLine(); }
    });
    steps.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter') return;
      if (ev.target.id === 'lw-pt') { ev.preventDefault(); $('#lw-pt-add').click(); }
      if (ev.target.id === 'lw-text' && lwLine()) { ev.preventDefault(); $('#lw-send').click(); }
    });
    const fired = $('#lw-fired');
    const fin = (ev) => {
      const t = ev.target;
      const f = { 'lw-ft': 'target', 'lw-fb': 'by', 'lw-ff': 'from', 'lw-fu': 'units' }[t.id];
      if (f) LWF[f] = t.value;
      else if (t.id === 'lw-fs') LWF.spot = t.checked;
      else return;
      if (t.tagName === 'SELECT' || t.type === 'checkbox') { renderLW(); return; }
      const l = $('#lw-fired-line'); if (l) l.textContent = lwFiredLine() || '…';
      const b = $('#lw-fired-send'); if (b) b.disabled = !isLive() || !lwFiredLine();
    };
    fired.addEventListener('input', fin);
    fired.addEventListener('change', fin);
    fired.addEventListener('click', async (ev) => {
      const b = ev.target.closest('#lw-fired-send');
      if (b && !b.disabled && await submit(lwFiredLine())) { LWF.by = ''; LWF.from = ''; LWF.units = ''; LWF.spot = false; renderLW(); }
    });
  }

  // ---------------------------------------------------------------- live updates

  function connect() {
    const conn = $('#conn');
    if (!window.EventSource) { conn.textContent = 'no live updates'; return; }
    const es = new EventSource('/api/games/' + encodeURIComponent(G.id) + '/events?k=' + encodeURIComponent(G.token));
    es.addEventListener('open', () => { conn.textContent = '● live'; conn.className = 'conn on'; });
    es.addEventListener('error', () => { conn.textContent = '○ reconnecting'; conn.className = 'conn off'; });
    es.addEventListener('hello', (ev) => {
      conn.textContent = '● live'; conn.className = 'conn on';
      const d = safeJSON(ev.data);
      if (G.live && d && d.n !== G.live.n) refresh();
    });
    es.addEventListener('step', (ev) => {
      const d = safeJSON(ev.data) || {};
      // Our own steps are loaded already; another player's (or a tab's) need a refresh.
      // (The state in a step's answer comes first; the refresh after it loads the log.)
      if (G.live && d.n !== undefined && d.n <= G.live.n && (refreshing || G.log.some((e) => e.n === d.n))) return;
      if (!G.busy) {
        // API.md nests the entry ({"entry": {...}}); the server sends its fields flat: take either.
        const line = (d.entry && d.entry.line) || d.line;
        const who = line ? `<code>${esc(line)}</code>` : 'a step';
        setStatus(`Step ${esc(d.n)}: ${who} ${d.report && d.report.breakdown ? '— ' + esc(d.report.breakdown) : ''}`, 'info');
      }
      refresh();
    });
  }
  function safeJSON(s) { try { return JSON.parse(s); } catch (e) { return null; } }

  // ---------------------------------------------------------------- events and keys

  function setupEvents() {
    // The map: counters select, hexes move.
    $('#map').addEventListener('click', (ev) => {
      if (isLW()) { lwClick(ev); return; }
      const c = ev.target.closest('.unit');
      // A counter in a hex the selected unit can step into is part of that hex: moving there
      // beats selecting it (the unit buttons and n/p still select it).
      if (c && !isLHY() && c.dataset.unit !== G.sel && legalIntoHex(c.dataset.hex).length) { clickHex(c.dataset.hex); return; }
      if (c) { select(c.dataset.unit); return; }
      const h = ev.target.closest('.hex');
      if (h) clickHex(h.dataset.hex);
    });
    $('#g-units').addEventListener('keydown', (ev) => {
      const c = ev.target.closest('.unit');
      if (c && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); select(c.dataset.unit); }
    });
    $('#unit-list').addEventListener('click', (ev) => {
      const b = ev.target.closest('.unit-btn');
      if (b) select(b.dataset.unit);
    });
    // Every step button submits its line.
    document.addEventListener('click', (ev) => {
      const b = ev.target.closest('button.step');
      if (b && !b.disabled && b.dataset.line) submit(b.dataset.line);
    });
    // Delay and ESB amounts rewrite their button's line.
    $('#unit-actions').addEventListener('input', (ev) => {
      const inp = ev.target.closest('.amount-n');
      if (!inp || !G.sel) return;
      const b = inp.parentElement.querySelector('button.step');
      b.dataset.line = `${G.sel} ${inp.dataset.verb} ${inp.value}`;
      const s = ((G.steps && G.steps.steps) || []).find((x) => x.line === b.dataset.line);
      b.classList.toggle('unjudged', !s);
    });
    $('#unit-actions').addEventListener('keydown', (ev) => {
      const inp = ev.target.closest('.amount-n');
      if (inp && ev.key === 'Enter') { ev.preventDefault(); inp.parentElement.querySelector('button.step').click(); }
    });
    // Groups.
    $('#group-select').addEventListener('change', (ev) => { G.group = ev.target.value; loadGroup(); });
    $('#members').addEventListener('change', updateImpulseLine);
    $('#impulse-submit').addEventListener('click', async () => {
      const line = impulseLine();
      if (await submit(line)) for (const s of document.querySelectorAll('#members select')) s.value = '-';
      updateImpulseLine();
    });
    // The notation box.
    const box = $('#notation');
    $('#notation-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const line = box.value.trim();
      if (!line) return;
      G.history.push(line); G.histPos = G.history.length;
      if (await submit(line)) box.value = '';
    });
    box.addEventListener('keydown', (ev) => {
      if (ev.key === 'ArrowUp' && G.histPos > 0) { ev.preventDefault(); box.value = G.history[--G.histPos]; }
      if (ev.key === 'ArrowDown' && G.histPos < G.history.length) {
        ev.preventDefault();
        G.histPos = Math.min(G.history.length, G.histPos + 1);
        box.value = G.history[G.histPos] || '';
      }
      if (ev.key === 'Escape') box.blur();
    });
    // Replay.
    $('#replay').addEventListener('input', (ev) => showReplay(+ev.target.value));
    $('#live').addEventListener('click', goLive);
    document.addEventListener('keydown', onKey);
  }

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    const typing = t && (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' ||
      (t.tagName === 'INPUT' && t.type !== 'range'));
    if (ev.key === 'Escape') {
      if (typing) return; // the box handles it
      if (G.sel) { select(null, false); setStatus('Nothing selected.'); }
      return;
    }
    if (typing || !G.live) return;
    const k = ev.key;
    let done = true;
    if (k === 'n' || k === ']') cycle(1);
    else if (k === 'p' || k === '[') cycle(-1);
    else if (/^[1-9]$/.test(k)) pickStep(+k);
    else if (k === '/') $('#notation').focus();
    else if (k === 'r') $('#replay').focus();
    else if (k === 'l') goLive();
    else if (k === ',') showReplay((isLive() ? G.live.n : G.replayAt) - 1);
    else if (k === '.') { if (!isLive()) showReplay(G.replayAt + 1); }
    else if (k === '+' || k === '=') zoom(1 / 1.25);
    else if (k === '-') zoom(1.25);
    else if (k === '0') { if (G.fit) setViewBox(G.fit); }
    else if (k === '?') { const d = $('#keys'); d.open = !d.open; }
    else done = false;
    if (done) ev.preventDefault();
  }

  // ---------------------------------------------------------------- start

  function main() {
    if (!G.id || !G.token) {
      setStatus('<strong>This page needs a game link:</strong> /play/GAME?k=TOKEN (create a game on the <a href="/">start page</a>).', 'err');
      return;
    }
    setupZoom();
    setupEvents();
    setupLHY();
    setupLW();
    drawLegend(null);
    refresh().then(() => {
      if (G.live && isLW()) {
        setStatus(G.live.role === 'spectator' ? 'Ready. You watch what every side knows: the detachments the referee revealed.' :
          'Ready. Select a detachment (click it or press <kbd>n</kbd>); click the table to build its path.');
      } else if (G.live) setStatus('Ready. Select a unit (click a counter or press <kbd>n</kbd>).');
    });
    connect();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
  else main();
})();
