// umpire pages: the games this browser has opened, kept in the browser (localStorage), so that
// the start page can list them with their links. The game page remembers each link when the
// game loads (remember); the start page lists them (openedGames) and forgets one on request
// (forget). A link holds its role's token: it stays in this browser, as the address bar's
// history does. Nothing here throws: a browser that keeps nothing (private windows, storage
// off) or a list spoilt by hand is an empty list.

const KEY = 'umpire.opened';
export const MAX_OPENED = 50; // the most games listed: the oldest opened is forgotten first

// openedGames is the list, the most recently opened first: {id, name, ruleset, role, link, at}.
export function openedGames() {
  let list;
  try { list = JSON.parse(localStorage.getItem(KEY) || '[]'); } catch (e) { return []; }
  if (!Array.isArray(list)) return [];
  const str = (v) => typeof v === 'string';
  return list.filter((g) => g && str(g.id) && str(g.role) && str(g.link) && g.link.startsWith('/play/'))
    .map((g) => ({ id: g.id, name: str(g.name) ? g.name : '', ruleset: str(g.ruleset) ? g.ruleset : '',
      role: g.role, link: g.link, at: str(g.at) ? g.at : '' }));
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX_OPENED))); } catch (e) { /* storage off or full */ }
}

// remember puts the game page's link (the state st, its address link) first in the list; the
// same game and role opened again moves up, with the link it was opened with last.
export function remember(st, link) {
  if (!st || !st.id || !st.role) return;
  const g = { id: String(st.id), name: String(st.name || ''), ruleset: String(st.ruleset || ''),
    role: String(st.role), link: String(link), at: new Date().toISOString() };
  save([g, ...openedGames().filter((o) => !(o.id === g.id && o.role === g.role))]);
}

// forget takes the game's link for role off the list (the game itself is untouched).
export function forget(id, role) {
  save(openedGames().filter((o) => !(o.id === id && o.role === role)));
}
