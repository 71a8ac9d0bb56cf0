/* Gotham City Strategy's board for the web pages: the twelve blocks by district with each
   villain's threats and henchmen, Batman and the villains, drawn as SVG from a seat's view.
   Registered with the page's board registry (frontend/static/frontend/boards.js). */
"use strict";
(function () {
  const { el, heldCard, describer, COLORS } = window.GothamBoards;
  /* Each block: its name and income, every villain's threats (squares) and henchmen (dots) in
     the villain's colour, the villains themselves (a ringed disc with the initial), Batman, and
     who rules it. The seat's own villain is named "you". */
  function drawStrategy(svg, state) {
    svg.setAttribute("viewBox", "0 0 640 546");
    const districts = ["uptown", "midtown", "downtown"];
    const yours = (s) => state.seat !== null && state.seat !== undefined && s === state.seat;
    districts.forEach((d, row) => svg.appendChild(el("text", { x: 8, y: 18 + row * 160, "font-size": 13, "font-weight": "bold" }, d[0].toUpperCase() + d.slice(1))));
    state.blocks.forEach((b) => {
      const row = districts.indexOf(b.district);
      const col = state.blocks.filter((x) => x.district === b.district).indexOf(b);
      const x = 8 + col * 156, y = 24 + row * 160;
      const batman = state.batman.at === b.index;
      const g = el("g", { class: "block", "data-block": b.id, "data-target": `block-${b.index}`, "data-name": b.name });
      // named by its name, described by the rest it shows: its income, each villain's threats
      // and henchmen there (their hover titles, in words), Batman, and who rules it (in full)
      const described = describer(`block-${b.index}`);
      g.appendChild(el("rect", { x, y, width: 148, height: 138, rx: 6, fill: b.rulers.length ? "#fdf6e3" : "#fff", stroke: batman ? "#111" : "#bbb", "stroke-width": batman ? 3 : 1 }));
      g.appendChild(el("text", { x: x + 6, y: y + 16, "font-size": b.name.length > 16 ? 11 : 12, "font-weight": "bold" }, b.name));
      g.appendChild(el("text", { x: x + 6, y: y + 30, "font-size": 10, fill: "#5d6070", id: described.id("income") }, `income: ${b.income}`));
      let line = 0;
      state.players.forEach((p, s) => {
        const threats = p.threats[b.index], henchmen = p.henchmen[b.index], here = p.villain_at === b.index;
        if (!threats && !henchmen && !here) return;
        const ty = y + 46 + line * 22;
        line += 1;
        let cx = x + 6;
        if (here) {
          g.appendChild(el("circle", { cx: cx + 8, cy: ty, r: 8, fill: COLORS[s], stroke: yours(s) ? "#1b1c24" : "#fff", "stroke-width": yours(s) ? 2.5 : 1 }));
          g.appendChild(el("text", { x: cx + 8, y: ty + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold" }, (p.name || p.villain).replace(/^The /, "")[0]));
          cx += 20;
        }
        for (let i = 0; i < threats; i++) g.appendChild(el("rect", { x: cx + i * 9, y: ty - 7, width: 7, height: 7, fill: COLORS[s] }));
        cx += threats * 9 + (threats ? 4 : 0);
        for (let i = 0; i < henchmen; i++) g.appendChild(el("circle", { cx: cx + 4 + i * 10, cy: ty + 4, r: 4, fill: "#fff", stroke: COLORS[s], "stroke-width": 2 }));
        const who = `${p.name || p.villain}${yours(s) ? " (you)" : ""}`;
        g.appendChild(el("title", { id: described.id(`villain-${s}`) }, `${who}: ${threats} threats, ${henchmen} henchmen${here ? ", the villain is here" : ""}`));
      });
      if (batman) {
        g.appendChild(el("rect", { x: x + 86, y: y + 112, width: 56, height: 18, rx: 9, fill: "#111" }));
        g.appendChild(el("text", { x: x + 114, y: y + 125, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold", id: described.id("batman") }, "BATMAN"));
      }
      if (b.rulers.length) {
        const rulers = b.rulers.map((s) => (state.players[s] ? state.players[s].name || state.players[s].villain : `seat ${s}`)).join(", ");
        // a name list too long for the block (beside Batman's badge, or shared rule) is counted
        const full = `ruled by ${rulers}`;
        const words = full.length <= (batman ? 18 : 30) ? full : `ruled by ${window.GothamDom.counted(b.rulers.length, "villain")}`;
        const ruled = el("text", { x: x + 6, y: y + 132, "font-size": 9, fill: "#5d6070" }, words);
        ruled.appendChild(el("title", { id: described.id("rulers") }, full));
        g.appendChild(ruled);
      }
      svg.appendChild(described.on(g));
    });
    svg.appendChild(batmanLine(state.batman));
    // the legend: what the marks mean
    svg.appendChild(el("rect", { x: 8, y: 517, width: 7, height: 7, fill: "#777" }));
    svg.appendChild(el("text", { x: 19, y: 524, "font-size": 10 }, "threat"));
    svg.appendChild(el("circle", { cx: 68, cy: 521, r: 4, fill: "#fff", stroke: "#777", "stroke-width": 2 }));
    svg.appendChild(el("text", { x: 76, y: 524, "font-size": 10 }, "henchman"));
    svg.appendChild(el("circle", { cx: 140, cy: 521, r: 7, fill: "#777" }));
    svg.appendChild(el("text", { x: 151, y: 524, "font-size": 10 }, state.seat === null || state.seat === undefined ? "villain" : "villain (ringed: yours)"));
    if (state.batman.at < 0) svg.appendChild(el("text", { x: 632, y: 524, "text-anchor": "end", "font-size": 10 }, "Batman is in the Batcave"));
    state.players.forEach((p, s) => {
      svg.appendChild(el("text", { x: 8 + s * 150, y: 540, "font-size": 10, fill: COLORS[s], "font-weight": "bold" }, `${p.name || p.villain}${yours(s) ? " (you)" : ""}`));
    });
  }
  /* Batman's dial in words, a row of its own: "order 2, fight 1" told a new player nothing, so
     the line says what the two values do (glossary.order-value, glossary.fight-value), and its
     hover title says it in full. The whole row is this line (the page's system-ui font is wide:
     at level 6 it takes about 550 of the 640 units), so the legend's row, under it, says when
     he is in the Batcave. */
  function batmanLine(batman) {
    const words = `Batman: level ${batman.level} · removes ${batman.order} threats where he wins or finds no villain (order) · adds ${batman.fight} to his fight rolls (fight)`;
    const line = el("text", { x: 8, y: 508, "font-size": 10 }, words);
    line.appendChild(el("title", {}, "Order: how many threats are removed from a block when Batman wins a fight there or is sent where no villain stands. Fight: what is added to Batman's die in a fight. He goes up a level each time a villain beats him."));
    return line;
  }
  /* The seat's screen, what its next level asks (its dial, in words) and its hand (headed), as text,
     under the card being carried out (read aloud, so public: once played it has left the hand,
     yet "Carry out" asks about it) and what the rules wait for this seat to choose. */
  function drawPanel(element, state, seat) {
    const me = state.players && state.players[seat];
    if (!me) return;
    if (state.played) {
      const played = document.createElement("p");
      played.textContent = `The card in play: “${state.played.name}”: ${state.played.text}`;
      element.append(played);
    }
    for (const decision of Array.isArray(state.pending) ? state.pending : []) {
      if (decision.seat !== seat || !decision.text) continue;
      const asked = document.createElement("p");
      asked.textContent = decision.text;
      element.append(asked);
    }
    const line = document.createElement("p");
    line.textContent = `Level ${me.level} · ${me.money} money · ${me.information} information · ${me.recruited} henchmen`;
    const hand = Array.isArray(me.hand) ? me.hand : [];
    // each card "Turf War: …", a target named as the moves name it ("Play “Turf War”"), what
    // it prints its description (GothamBoards.heldCard)
    const list = document.createElement("ul");
    for (const card of hand) {
      list.append(heldCard({ aim: `card-${card.id}`, shown: card.name, name: `“${card.name}”`, prints: card.text }));
    }
    element.append(line);
    const next = me.next_level_needs && me.next_level_needs.text;
    if (next) {
      const ahead = document.createElement("p");
      ahead.textContent = `${next}.`;
      element.append(ahead);
    }
    // the reserves beside the board, counted by all: what is left to take (components)
    if (state.reserves) {
      const reserves = document.createElement("p");
      reserves.textContent = `The reserves hold ${state.reserves.money} money and ${state.reserves.information} information.`;
      element.append(reserves);
    }
    // the hand is named, as in the other games' panels: a new player read a list of cards under
    // "Pick a highlighted card in your hand" with nothing saying it was the hand
    const title = document.createElement("h3");
    title.textContent = `Your hand (${hand.length})`;
    element.append(title, list);
  }

  /* The block a move acts on (placing or removing a threat, sending Batman or figures there). */
  function target(move) {
    if (typeof move.card === "string" && ["play", "face_down", "end_turn"].includes(move.type)) return `card-${move.card}`;
    const block = ["block", "to", "target", "source"].map((k) => move[k]).find((v) => Number.isInteger(v) && v >= 0);
    if (move.type === "move_henchmen") return Number.isInteger(move.target) && move.target >= 0 ? `block-${move.target}` : null;
    return block === undefined ? null : `block-${block}`;
  }

  window.GothamBoards.register("gotham-city-strategy", drawStrategy, drawPanel, target);
})();
