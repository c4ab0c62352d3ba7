// umpire game page: the entry module of play.html. It draws the game's map and units from
// the server's state (docs/api.md), lets a player select units and submit steps, shows the
// log and a replay slider, and follows the game live. The shell is the modules next to this
// one (state, game, render, hexmap, zoom, replay, log, live, events, util); each ruleset's own
// drawing, controls and step building is its module in rulesets/ (asl, lhy, lightningwar),
// found through rulesets.js by the state's `ruleset`. Plain ES modules, no libraries and no
// build step: the files are embedded in the Go binary and work offline.

import { G, setStatus } from './state.js';
import { refresh } from './game.js';
import { setupZoom } from './zoom.js';
import { setupEvents } from './events.js';
import { connect } from './live.js';
import { remember } from './opened.js';

function main() {
  if (!G.id || !G.token) {
    setStatus('<strong>This page needs a game link:</strong> /play/GAME?k=TOKEN (create a game on the <a href="/">start page</a>).', 'err');
    return;
  }
  setupZoom();
  setupEvents();
  refresh().then(() => {
    if (!G.live) return;
    setStatus(G.ruleset.ready());
    remember(G.live, location.pathname + location.search); // for the start page's list
  });
  connect();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
