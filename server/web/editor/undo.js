// umpire map editor, undo: every change is a copy of the document before it; undo and redo walk
// the copies. The document is small (a few boards), so whole copies are simplest and exact.

import { M } from './model.js';

const past = [], future = [];
const LIMIT = 200;

// change records the document as it is, then runs fn to change it.
export function change(fn) {
  past.push(JSON.stringify(M.doc));
  if (past.length > LIMIT) past.shift();
  future.length = 0;
  fn(M.doc);
}

// undo and redo put back the document before (after) the last change; false if there is none.
export function undo() {
  if (!past.length) return false;
  future.push(JSON.stringify(M.doc));
  M.doc = JSON.parse(past.pop());
  return true;
}
export function redo() {
  if (!future.length) return false;
  past.push(JSON.stringify(M.doc));
  M.doc = JSON.parse(future.pop());
  return true;
}
export const canUndo = () => past.length > 0;
export const canRedo = () => future.length > 0;
