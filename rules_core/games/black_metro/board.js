/* Black Metro's board for the web pages: the twelve districts with each candidate's personnel,
   fortifications, tiles and who asserted dominance; the power and strain tracks, each player's
   technologies in play, the relic, the round and phase; and the seat's own hideout, candidate, technologies, hand and missions, with
   what the districts, syndicates and the seat's cards do in words. Drawn as SVG from a seat's
   view; registered with the page's board registry (frontend/static/frontend/boards.js). */
"use strict";
(function () {
  const { el, heldCard, describer, seatColour } = window.GothamBoards;
  // a faction is drawn in the colour it is named for (Red, Green, Blue, Yellow), else by seat
  const colour = (state, name) => seatColour(state.players.findIndex((p) => p.name === name), name);
  // on the board, short (the key under it says sub, para and mech: "1S" read as 15); beside
  // it, in words
  const troop = (t) => [t.subordinates && `${t.subordinates} sub`, t.paragons && `${t.paragons} para`, t.doom_mechasuits && `${t.doom_mechasuits} mech`].filter(Boolean).join(" · ");
  const troopInWords = (t) => {
    const { counted } = window.GothamDom;
    return [t.subordinates && counted(t.subordinates, "subordinate"), t.paragons && counted(t.paragons, "paragon"), t.doom_mechasuits && counted(t.doom_mechasuits, "doom mechasuit")].filter(Boolean).join(", ");
  };

  const districtName = (d) => `${String(d.number).padStart(2, "0")} ${d.name}`;

  function drawMetro(svg, state) {
    if (!state.districts) return;
    // as tall as the table's lines: a two-player game left a blank band under them
    const PLAYERS_FROM = 458;
    const rows = state.players.map(technologyRows);
    const tall = rows.reduce((sum, placed) => sum + 20 + TECH_ROW * rowCount(placed), 0);
    svg.setAttribute("viewBox", `0 0 660 ${PLAYERS_FROM + Math.max(tall, 20) - 6}`);
    svg.appendChild(el("text", { x: 8, y: 18, "font-size": 13, "font-weight": "bold" },
      `${state.phase === "setup" ? "Set-up" : `Round ${state.round} · ${state.phase} phase`} · relic: ${state.relic}`));
    state.districts.forEach((d, i) => {
      const x = 8 + (i % 4) * 162, y = 30 + Math.floor(i / 4) * 128;
      // named as the game's words name it ("01 Shadowforge Factory"), and picked by its number
      const title = districtName(d);
      const g = el("g", { class: "district", "data-district": d.number, "data-target": `district-${d.number}`, "data-name": title });
      // its box first, then its hover title: the page highlights a target's first shape
      g.appendChild(el("rect", { x, y, width: 154, height: 120, rx: 6, fill: d.tile ? "#f3e5e5" : "#fff", stroke: d.dominated_by ? colour(state, d.dominated_by) : "#bbb", "stroke-width": d.dominated_by ? 3 : 1 }));
      const effects = (d.effects || []).join("; or ");
      g.appendChild(el("title", {}, `${title}: ${effects}`));
      // described by the rest it shows: each candidate's personnel, the fortifications (their
      // hover titles), its tile, whose dominance its border shows, then what it does (its
      // hover title's words after the name, which the description would otherwise displace)
      const described = describer(`district-${d.number}`);
      const fit = title.length > 20 ? { textLength: 142, lengthAdjust: "spacingAndGlyphs" } : {};  // within the box
      g.appendChild(el("text", { x: x + 6, y: y + 15, "font-size": 11, "font-weight": "bold", ...fit }, title));
      let line = 0;
      for (const [name, units] of Object.entries(d.personnel)) {
        g.appendChild(el("text", { x: x + 6, y: y + 33 + line * 14, "font-size": 10, fill: colour(state, name), id: described.id(`personnel-${line}`) }, `${name}: ${troop(units)}`));
        line += 1;
      }
      d.fortifications.forEach((f, k) => {
        g.appendChild(el("rect", { x: x + 130, y: y + 24 + k * 18, width: 16, height: 14, fill: colour(state, f.owner), opacity: f.kind === "blockade" ? 0.6 : 1 }));
        g.appendChild(el("title", { id: described.id(`fortification-${k}`) }, `${f.owner}'s ${f.kind}`));
      });
      if (d.tile) g.appendChild(el("text", { x: x + 6, y: y + 114, "font-size": 10, "font-style": "italic", id: described.id("tile") }, d.tile));
      // the border's colour in words, for a reader who cannot see it (never drawn)
      if (d.dominated_by) g.appendChild(el("desc", { id: described.id("dominance") }, `${d.dominated_by} asserted dominance here this round`));
      if (effects) g.appendChild(described.words("effects", `effects: ${effects}`));
      svg.appendChild(described.on(g));
    });
    // the key: the short words, the squares and the thick border (whose dominance a district
    // is under, in that candidate's colour: a new player saw coloured borders nothing explained)
    svg.appendChild(el("text", { x: 8, y: 420, "font-size": 10, fill: "#555" },
      "sub: subordinate · para: paragon · mech: doom mechasuit · squares: fortifications (faded: a blockade)"));
    svg.appendChild(el("text", { x: 8, y: 434, "font-size": 10, fill: "#555" },
      "a thick border in a candidate's colour: they asserted dominance there this round"));
    // each player's line: the target of the moves naming that player (`target`: an attack,
    // the relic given), named by the player, its words its description; under it the
    // technologies they have in play (drawTechnologies)
    let y = PLAYERS_FROM;
    state.players.forEach((p, s) => {
      const aim = `player-${s}`;
      const line = el("text", { x: 8, y, "font-size": 11, fill: colour(state, p.name), "data-target": aim, "data-name": p.name, "data-description": `words-${aim}` }, `${p.name}: `);
      line.appendChild(el("tspan", { id: `words-${aim}` },
        (Array.isArray(state.final) && state.final.length > s ? `final score ${state.final[s]} (${p.power} power before it)` : `${p.power} power`) + ` · ${p.strain} strain · ${p.gold} gold · ${p.intel} intel · ${p.drakownium} drakownium · level ${p.science}` + (p.candidate ? ` · ${p.candidate}` : "")));
      svg.appendChild(line);
      drawTechnologies(svg, state, p, rows[s], y);
      y += 20 + TECH_ROW * rowCount(rows[s]);
    });
  }

  /* A player's technologies, as the board lays them under their line: "technologies:", then
     each charged one by name (face up on the table, open to all: appendix.science), then how
     many lie face down (hidden until charged), wrapped within the board's width. Each item
     {words, x, row, card (the charged one's `<id>@<owner>`, else absent), text}; none when the
     player has no technology. The width is guessed from the words (a 10px letter is about
     5.6px wide): the board has no measure of drawn text. */
  const TECH_ROW = 14;
  const rowCount = (placed) => (placed.length ? placed[placed.length - 1].row + 1 : 0);
  function technologyRows(p) {
    const names = Array.isArray(p.technologies) ? p.technologies : [];
    const cards = Array.isArray(p.technology_ids) ? p.technology_ids : [];
    const texts = Array.isArray(p.technology_texts) ? p.technology_texts : [];
    const down = Array.isArray(p.downed) ? p.downed.length : (p.downed && p.downed.count) || 0;
    const items = names.map((name, k) => ({ words: String(name), card: cards[k], text: texts[k] || "" }));
    if (down) items.push({ words: `${down} face down` });
    if (!items.length) return [];
    items.unshift({ words: "technologies:" });
    let x = 20, row = 0;
    return items.map((item) => {
      const wide = item.words.length * 5.6 + 12;
      if (x > 20 && x + wide > 652) { row += 1; x = 20; }
      const placed = { ...item, x, row };
      x += wide;
      return placed;
    });
  }

  /* Draws a player's technologies (technologyRows) under their line at `y`: a charged one is
     the target of the frequency jammer's move that downs it (`technology-<card>`), named by
     its holder and name as that move is ("Red's Voltaic Edge"), what it does its hover title
     and description; it is not drawn inside the player's line, a target of its own. */
  function drawTechnologies(svg, state, p, placed, y) {
    const fill = colour(state, p.name);
    for (const item of placed) {
      const at = { x: item.x, y: y + TECH_ROW * (item.row + 1), "font-size": 10, fill };
      if (!item.card) {
        svg.appendChild(el("text", { ...at, "font-style": item.words === "technologies:" ? "normal" : "italic" }, item.words));
        continue;
      }
      const aim = `technology-${item.card}`;
      const g = el("g", { class: "technology", "data-target": aim, "data-name": `${p.name}'s ${item.words}`, "data-noun": "technology" });
      g.appendChild(el("text", at, item.words));
      const described = describer(aim);
      if (item.text) g.appendChild(el("title", { id: described.id("ability") }, item.text));
      svg.appendChild(described.on(g));
    }
  }

  const textItem = (tag, strong, rest) => {
    const item = document.createElement(tag);
    const name = document.createElement("strong");
    name.textContent = strong;
    const words = document.createElement("span");
    words.textContent = rest;
    item.append(name, words);
    return item;
  };

  /* What the table's cards do, as the cards and the board print it: each district's effects
     (a battlefield's for its dominating player only) and each syndicate's backing. */
  function tableReference(state) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "What the districts and syndicates do";
    const districts = document.createElement("ul");
    for (const d of state.districts) {
      const effects = (d.effects || []).join("; or ");
      const who = d.battlefield ? " (its dominating player only)" : "";
      districts.append(textItem("li", districtName(d), `${who}: ${effects}`));
    }
    const syndicates = document.createElement("ul");
    for (const s of state.syndicates || []) {
      syndicates.append(textItem("li", s.name, `${s.turned ? " (turned: backs nobody)" : ""}: ${s.backing}`));
    }
    details.append(summary, districts, syndicates);
    return details;
  }

  /* A fortune or mission the seat holds (GothamBoards.heldCard): a target of the moves naming
     it, named as the game names the card ("the jack of clubs", "Mission “War Chest”"), who else
     knows it and what it prints its description. */
  const held = (card, name, knownTo, prints) => heldCard({ aim: `card-${card.id}`, shown: name, note: knownTo, prints });

  /* What the rules ask of the seat now (it is waited for), first (the view's `asked`, in words: the buttons
     "Return “War Chest” to the mission deck" said what to do, never what was being decided),
     then its hideout, candidate, technologies, fortunes and missions (each option in words),
     as text (what the districts and syndicates do is the `reference` under it, for everyone). */
  function drawPanel(element, state, seat) {
    const me = state.players && state.players[seat];
    if (!me) return;
    for (const asked of Array.isArray(state.asked) ? state.asked : []) {
      const now = !Array.isArray(state.waiting_for) || state.waiting_for.includes(me.name);
      if (asked.who !== me.name || !asked.what || !now) continue;
      const ask = document.createElement("p");
      ask.textContent = `The rules ask you to ${asked.what}.`;
      element.append(ask);
    }
    const line = document.createElement("p");
    line.textContent = `Hideout: ${troopInWords(me.hideout) || "empty"} · overwhelmed: ${troopInWords(me.overwhelmed) || "none"}`;
    const list = document.createElement("ul");
    if (me.candidate_text) list.append(textItem("li", "Candidate ", me.candidate_text));
    for (const text of me.technology_texts || []) list.append(textItem("li", "Technology ", text));
    for (const card of Array.isArray(me.hand) ? me.hand : []) list.append(held(card, card.name, card.known_to, card.text));
    for (const mission of Array.isArray(me.missions) ? me.missions : []) {
      list.append(held(mission, `Mission ${mission.name}`, mission.known_to, (mission.options || []).join("; or ")));
    }
    /* A mission put back is no longer the seat's: listed under the deck it lies in (it read
       "Mission “War Chest”: you put it back…", as if still held beside the missions above). */
    for (const known of (state.mission_deck && state.mission_deck.yours) || []) {
      list.append(textItem("li", "In the mission deck", `: ${known.name}, ${known.place} (you put it back)`));
    }
    for (const other of state.players || []) {
      const held = other.missions && !Array.isArray(other.missions) ? other.missions.yours : [];
      for (const known of held || []) list.append(textItem("li", `Mission ${known.name}`, `: ${known.text}`));
    }
    for (const other of state.players || []) {
      const held = other.hand && !Array.isArray(other.hand) ? other.hand.known : [];
      for (const known of held || []) list.append(textItem("li", `Fortune ${known.name}`, `: ${known.text}`));
    }
    for (const known of (state.fortune_deck && state.fortune_deck.known) || []) {
      list.append(textItem("li", `Fortune ${known.name}`, `: ${known.place} of the fortune deck`));
    }
    element.append(line, list);
  }

  // the moves naming a card of the seat's own hand or missions (the jammer's `card` is
  // another player's technology, not in the panel: drawn on the board under its holder's line)
  const HELD_CARD_MOVES = new Set(["play_fortune", "discard_fortune", "counter", "attack", "reroll", "sabotage", "discard_excess", "discard_one", "fulfil_mission", "return_mission"]);

  /* The player a move names, by seat: the one attacked (a dominance fortune, an assignment
     fortune played at a district to attack) or given the relic; else null. (The jammer names
     the technology it downs, itself a target.) */
  function playerNamed(move) {
    if (move.type === "give_relic") return move.to;
    return move.type === "attack" || move.type === "play_fortune" ? move.target : null;
  }

  /* What a move acts on: the district, where a unit is assigned, a fortune played or its
     facility used, an explosion strikes (the moves' `district`, 1 to 12); the card of the
     seat's panel it names: a fortune played at a district, discarded (for a blockade, the hand
     limit), played to counter or attack, to reroll or sabotage a roll, a mission fulfilled or
     returned; the technology the jammer downs, under its holder's line; and the player it
     names, their line under the board. A fortune played at a district to attack is all
     three: the district, the card and the player. */
  function target(move) {
    const number = move.district;
    const aims = [];
    if (Number.isInteger(number) && number >= 1) aims.push(`district-${number}`);
    if (HELD_CARD_MOVES.has(move.type) && move.card) aims.push(`card-${move.card}`);
    if (move.type === "jam" && move.card) aims.push(`technology-${move.card}`);
    const player = playerNamed(move);
    if (Number.isInteger(player) && player >= 0) aims.push(`player-${player}`);
    return aims;
  }

  const reference = (state) => (state.districts ? tableReference(state) : null);
  window.GothamBoards.register("black-metro", drawMetro, drawPanel, target, reference);
})();
