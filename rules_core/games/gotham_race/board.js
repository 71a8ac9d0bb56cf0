/* Gotham Race's board for the web pages: the ring track with its lanes, the figures, the finish
   sign and the deposited cards, drawn as SVG from a seat's (or a spectator's) view. Registered
   with the page's board registry (frontend/static/frontend/boards.js). */
"use strict";
(function () {
  const { el, describer, COLORS } = window.GothamBoards;
  function drawRace(svg, state) {
    const { counted } = window.GothamDom;
    // room for the finish sign beside the ring and for the cards placed this round under it
    svg.setAttribute("viewBox", "-24 -24 468 528");
    const L = state.track_length, cx = 210, cy = 210;
    const at = (square, radius) => {
      const a = (2 * Math.PI * square) / L - Math.PI / 2;
      return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
    };
    svg.appendChild(el("circle", { cx, cy, r: 178, fill: "#eef3e6", stroke: "#9aa88a" }));
    svg.appendChild(el("circle", { cx, cy, r: 112, fill: "#fbfbfd", stroke: "#9aa88a" }));
    for (let i = 0; i < L; i++) {
      const [x1, y1] = at(i - 0.5, 112), [x2, y2] = at(i - 0.5, 178);
      svg.appendChild(el("line", { x1, y1, x2, y2, stroke: "#c8d0bd" }));
      if (i % 5 === 0) { const [tx, ty] = at(i, 190); svg.appendChild(el("text", { x: tx, y: ty + 4, "text-anchor": "middle", "font-size": 9, fill: "#777" }, String(i))); }
    }
    const [sx, sy] = at(0, 100);
    svg.appendChild(el("text", { x: sx, y: sy, "text-anchor": "middle", "font-size": 10 }, "start"));
    for (const [name, square] of Object.entries(state.landmarks)) {
      const [x, y] = at(square, 100);
      svg.appendChild(el("text", { x, y, "text-anchor": "middle", "font-size": 9, fill: "#555" }, name));
    }
    // outside the square numbers (radius 190), so the sign on a numbered square leaves it legible
    const [fx, fy] = at(state.finish_square, 212);
    const flag = el("g", { class: "finish-sign" });
    flag.appendChild(el("rect", { x: fx - 16, y: fy - 8, width: 32, height: 14, fill: "#1b1c24", rx: 3 }));
    flag.appendChild(el("text", { x: fx, y: fy + 3, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, "FINISH"));
    svg.appendChild(flag);
    state.figures.forEach((f, i) => {
      const [x, y] = at(((f.square % L) + L) % L, 124 + f.lane * 15);
      const yours = state.seat !== null && state.seat !== undefined && f.owner === state.seat;
      const g = el("g", { class: yours ? "figure yours" : "figure", "data-figure": f.figure });
      g.appendChild(el("circle", { cx: x, cy: y, r: yours ? 9 : 7, fill: COLORS[i], stroke: yours ? "#1b1c24" : "#fff", "stroke-width": yours ? 2.5 : 1 }));
      g.appendChild(el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, f.figure));
      // whose figure in words, where it stands as the story tells it (how far behind the start, or
      // ahead a lap on: view.py's "where"), lanes counted from 1 (the inside lane) as the story does
      const whose = f.owner === null ? "ownerless" : yours ? "yours" : state.seat === null || state.seat === undefined ? "a player's" : "another player's";
      g.appendChild(el("title", {}, `Figure ${f.figure}: rank ${f.rank}, ${f.where}, lane ${f.lane + 1} (${whose})`));
      svg.appendChild(g);
    });
    svg.appendChild(el("text", { x: cx, y: cy - 14, "text-anchor": "middle", "font-size": 14 }, state.round ? `Round ${state.round}` : "Setting up"));
    svg.appendChild(el("text", { x: cx, y: cy + 2, "text-anchor": "middle", "font-size": 11, fill: "#555" }, `Ranking: ${state.ranking.join(" ")}`));
    // the cards placed this round, under the ring: each in words once seen, else by its back
    if (state.deposit.length) svg.appendChild(el("text", { x: -16, y: 440, "font-size": 10, "font-weight": "bold", fill: "#555" }, `Placed this round (${counted(state.deposit.length, "card")}):`));
    state.deposit.forEach((d, i) => svg.appendChild(el("text", { x: -16, y: 454 + 12 * i, "font-size": 10, fill: "#555" },
      `Figure ${d.figure}: ${d.card ? `“${d.card.text}”` : `face down (deck ${d.deck})`}`)));
    const mine = state.figures.find((f) => state.seat !== null && f.owner === state.seat);
    if (mine) svg.appendChild(el("text", { x: cx, y: cy - 70, "text-anchor": "middle", "font-size": 10, fill: "#1b1c24" }, `You race Figure ${mine.figure} (ringed)`));
    // the four decks, face down: drawing from one is done by picking it
    (state.decks || []).forEach((deck, i) => {
      const x = cx - 82 + i * 42, y = cy - 60;
      const left = Array.isArray(deck) ? deck.length : deck.count; // a finished game shows every card
      // named "Deck 1", described by the cards left in it (its hover title says it too)
      const described = describer(`deck-${i + 1}`);
      const g = el("g", { class: "deck", "data-target": `deck-${i + 1}`, "data-name": `Deck ${i + 1}` });
      g.appendChild(el("rect", { x, y, width: 32, height: 24, rx: 3, fill: "#fff", stroke: "#9aa88a" }));
      g.appendChild(el("text", { x: x + 16, y: y + 11, "text-anchor": "middle", "font-size": 9 }, `deck ${i + 1}`));
      g.appendChild(el("text", { x: x + 16, y: y + 21, "text-anchor": "middle", "font-size": 8, fill: "#777", id: described.id("left") }, `${left} left`));
      g.appendChild(el("title", {}, `Deck ${i + 1}: ${counted(left, "card")}`));
      svg.appendChild(described.on(g));
    });
  }

  /* What a move acts on: the deck drawn from, or the hand card placed. */
  function targetRace(move) {
    if (move.type === "draw") return `deck-${move.deck}`;
    if (move.type === "place") return `card-${move.card}`;
    return null;
  }

  /* The play page's panel: the seat's figure and its hand, shown all the time. */
  function panelRace(element, state, seat) {
    const { node } = window.GothamDom;
    const mine = state.figures.find((f) => f.owner === seat);
    if (mine) element.append(node("p", `You race Figure ${mine.figure}: rank ${mine.rank}, ${mine.where}.`));
    const hand = (state.hands || {})[String(seat)];
    if (!Array.isArray(hand)) return;
    // copies alike (same back and text) are one offered move, named by the first copy's id
    // (content.py Pack.one_of_each): picking any copy picks that move, which places the card
    const kind = (c) => JSON.stringify([c.deck, c.text]);
    const offeredAs = new Map();
    for (const c of [...hand].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      if (!offeredAs.has(kind(c))) offeredAs.set(kind(c), c.id);
    }
    // a card has no name but what it prints: its moves name it by that ("Place “Leader: 2
    // back” (deck 1) face down"), its button too, with nothing else to describe it
    const items = hand.map((c) => {
      const item = node("li", `${c.text} (deck ${c.deck})`);
      item.setAttribute("data-target", `card-${offeredAs.get(kind(c))}`);
      return item;
    });
    element.append(node("h3", `Your hand (${hand.length})`), node("ul", null, ...items));
  }
  /* What each deck holds, as the book's card list makes it public ('cards'), for every reader:
     under each deck's number and size, each card's text once, with its copies as the book
     counts them ("Leader: 2 forward (2 cards)"); never where a card lies (the view lists no
     ids). Set as text (GothamDom.node): a custom pack's card texts never become markup. */
  function deckReference(state) {
    const { node, counted } = window.GothamDom;
    const decks = Object.entries(state.deck_contents).map(([deck, cards]) => {
      const size = cards.reduce((n, c) => n + c.copies, 0);
      const lines = cards.map((c) => node("li", c.copies > 1 ? `${c.text} (${counted(c.copies, "card")})` : c.text));
      return node("li", null, node("strong", `Deck ${deck} (${counted(size, "card")})`), node("ul", null, ...lines));
    });
    return node("details", null, node("summary", "What each deck holds"), node("ul", null, ...decks));
  }

  const reference = (state) => (state.deck_contents ? deckReference(state) : null);
  window.GothamBoards.register("gotham-race", drawRace, panelRace, targetRace, reference);
})();
