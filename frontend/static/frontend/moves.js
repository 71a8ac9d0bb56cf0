/* The play page's legal moves, grouped by kind so a seat finds its own in a long list (No Man's
   Land offers Falcone some 29 at once). Generic, from what the legal-moves answer gives: a move's
   kind is its `type`, and a group is headed in the game's words, by the word its buttons begin
   with ("Recruit", "Play"). Every move stays in the list, in the server's order within its kind,
   the kinds in the order they first appear. A short list, or one of a single kind, stays flat. */
"use strict";
window.GothamMoves = (function () {
  const GROUP_FROM = 9;  // moves in the list before it is grouped; fewer read at a glance

  /* The moves as [{kind, moves}] by `move.type`, kinds in order of first appearance. */
  function byKind(moves) {
    const groups = new Map();
    for (const entry of moves) {
      const kind = String((entry.move && entry.move.type) || "");
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(entry);
    }
    return [...groups].map(([kind, entries]) => ({ kind, moves: entries }));
  }

  const firstWord = (label) => String(label || "").trim().split(/\s+/)[0] || "";

  /* A group's heading: the word its buttons begin with, or the different ones ("Arm or Search"). */
  function heading(moves) {
    const words = [...new Set(moves.map((m) => firstWord(m.label)).filter(Boolean))];
    if (words.length <= 1) return words[0] || "Other moves";
    return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
  }

  const summary = (words, n) => `${words}: ${window.GothamDom.counted(n, "move")}`;

  /* A group's summary counting the moves it shows (a target picked on the board hides some). */
  function recount(group, shown) {
    group.querySelector("summary").textContent = summary(group.getAttribute("data-heading"), shown);
  }

  /* The elements of the move list: buttons (made by `button(entry)`) as they come when the list
     is short or of one kind; else a <details> per kind of several moves, open unless its kind is
     in `closed` (a set of kinds the seat folded), and a kind of one move as its button alone. */
  function list(moves, button, closed) {
    const kinds = byKind(moves);
    if (moves.length < GROUP_FROM || kinds.length < 2) return moves.map(button);
    const { node } = window.GothamDom;
    return kinds.map(({ kind, moves: entries }) => {
      if (entries.length === 1) return button(entries[0]);
      const words = heading(entries);
      const group = node("details", null, node("summary", summary(words, entries.length)));
      group.className = "move-group";
      group.setAttribute("data-kind", kind);
      group.setAttribute("data-heading", words);
      group.open = !(closed && closed.has(kind));
      group.append(node("div", null, ...entries.map(button)));
      return group;
    });
  }

  /* A move as JSON with its keys in one order, so two spellings of one move compare equal. */
  function canonical(move) {
    const sorted = (value) => (value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]))
      : value);
    return JSON.stringify(sorted(move));
  }

  /* Whether exactly `move` (same JSON) is among the legal-moves answer's `moves`. */
  function offered(moves, move) {
    const wanted = canonical(move);
    return (moves || []).some((entry) => canonical(entry.move) === wanted);
  }

  return { list, recount, byKind, heading, offered, GROUP_FROM };
})();
