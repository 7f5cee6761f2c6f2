'use strict';
// The arbiter page's picture of the hall, kept from the long poll's answers (/api/hall?since=VERSION, docs/hall.md):
// an answer with "full": true is the whole hall; any other carries the boards that changed since the page's version
// (each with all its calls), the rounds when they changed, and the faults. Boards stay in the hall's order (by id),
// calls in their boards' order, as in the whole hall's document.
function applyHall(view, doc) {
  if (doc.full || !view) {
    return {hall: doc.hall, version: doc.version, faults: doc.faults, boards: doc.boards, calls: doc.calls,
            rounds: doc.rounds};
  }
  const changed = new Map(doc.boards.map(b => [b.id, b]));
  const boards = view.boards.map(b => changed.get(b.id) || b);
  const known = new Set(view.boards.map(b => b.id));
  for (const b of doc.boards) if (!known.has(b.id)) boards.push(b);
  boards.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const callsOf = new Map();
  const add = c => { if (!callsOf.has(c.board)) callsOf.set(c.board, []); callsOf.get(c.board).push(c); };
  view.calls.filter(c => !changed.has(c.board)).forEach(add);
  doc.calls.forEach(add);
  return {hall: doc.hall, version: doc.version, faults: doc.faults, boards: boards,
          calls: boards.flatMap(b => callsOf.get(b.id) || []),
          rounds: 'rounds' in doc ? doc.rounds : view.rounds};
}
if (typeof module === 'object') module.exports = {applyHall};
