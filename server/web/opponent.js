// umpire pages, the practice opponent: a scenario file given `opponent: {side, boldness}`, so
// that the game created from it has umpire play that side (docs/api.md). Used by the new-game
// page and the map editor's Start, and by the game page's header, which says whom umpire plays.

// withOpponent is the scenario text with umpire playing side at boldness (0 cautious to 1
// bold); the text as it is when side is empty. A JSON file gets the key; a YAML file's own
// top-level opponent: line is replaced, or the line added at the end.
export function withOpponent(text, side, boldness) {
  side = (side || '').trim();
  if (!side) return text;
  const b = Math.min(1, Math.max(0, Number(boldness)));
  const op = { side, boldness: Number.isFinite(b) ? b : 0.5 };
  if (/^\s*\{/.test(text)) {
    try {
      const doc = JSON.parse(text);
      doc.opponent = op;
      return JSON.stringify(doc, null, 2);
    } catch (e) {
      return text; // not JSON after all: the server says what is wrong with it
    }
  }
  const line = `opponent: {side: ${JSON.stringify(side)}, boldness: ${op.boldness}}`;
  if (/^opponent:.*$/m.test(text)) return text.replace(/^opponent:.*$/m, line);
  return text.replace(/\s*$/, '') + '\n' + line + '\n';
}

// opponentFields reads an opponent's fields (the side's text box and the boldness slider, by
// id) and keeps the slider's value shown beside it (shown: the element that shows it).
export function opponentFields(sideId, boldId, shownId) {
  const side = document.getElementById(sideId), bold = document.getElementById(boldId), shown = document.getElementById(shownId);
  const show = () => { shown.textContent = Number(bold.value).toFixed(1); };
  bold.addEventListener('input', show);
  show();
  return () => ({ side: side.value, boldness: Number(bold.value) });
}

// opponentLabel is the game page's words for the state's opponent (docs/api.md): "umpire plays
// German, boldness 0.5"; "" for a game in which umpire plays no side.
export function opponentLabel(op) {
  if (!op || !op.side) return '';
  const b = Number(op.boldness);
  return `umpire plays ${op.side}` + (Number.isFinite(b) ? `, boldness ${b}` : '');
}
