/* No Man's Land's board for the web pages: the ring of districts (a bigger city's a grid: see
   cityLayout; C+1 marked, destroyed ones greyed), the crime at each (a face-down one as "?" unless the viewer is Falcone, with the
   cards the whole table knows it is not), Falcone's characters (his colour) and Gordon's
   heroes (his), each a row of its district and a target of its own moves, a key naming each
   side's colour, the turn and phase in the game's words, the counters and the decks; the
   panel lists the seat's hand (its cards can be picked). Drawn as SVG from a seat's (or a spectator's) view, text only
   (frontend/static/frontend/boards.js). */
"use strict";
(function () {
  const { el, heldCard, describer, COLORS } = window.GothamBoards;
  const FALCONE = COLORS[0], GORDON = COLORS[1];

  // a district is a card-like box: its name on a band at the top, the crime, then Falcone's
  // characters and Gordon's heroes, a row each inside the box (no text on an outline). A row is
  // ROW high though its words are small print: it is the figure's hit area, about 24 px high at
  // the board's full width (a comfortable click). Four figures and more go two to a row, and a
  // box grows downwards for a third row and more
  const BOX_W = 132, BOX_H = 92, FIRST_ROW = 39, ROW = 25, GAP = 2;
  const fitted = (text, room) => (text.length * 5.6 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {});
  const figureCount = (d) => d.characters.length + d.heroes.length;
  const columns = (d) => (figureCount(d) > 3 ? 2 : 1);
  const boxHeight = (d) => Math.max(BOX_H, FIRST_ROW + ROW * Math.ceil(figureCount(d) / columns(d)) + 3);

  /* Each of Falcone's characters at district `d`, named as a player tells them apart: by its
     name and where it stands ("Falcone Thug in the Narrows"), numbered in the order they are
     drawn (top first, then left to right) where two of one name share it ("Falcone Thug (2)
     in the Narrows"). */
  function characterNames(d) {
    return d.characters.map((c, k) => {
      const alike = d.characters.filter((o) => o.name === c.name);
      const nth = d.characters.slice(0, k + 1).filter((o) => o.name === c.name).length;
      return `${c.name}${alike.length > 1 ? ` (${nth})` : ""} in ${d.name}`;
    });
  }

  /* District `d`'s figures in the order drawn, Falcone's characters first: each a target of its
     own moves (`aim`), named (`name`) and called (`noun`, in the play page's hint) as a player
     would, with its line of words in its side's `colour`, its hover title (`title`: the
     district's description reads it) and its description (`about`: what the board shows of it
     besides its name). */
  function figuresAt(d) {
    const names = characterNames(d);
    return [
      ...d.characters.map((c, k) => ({
        aim: `figure-${c.id}`, name: names[k], noun: "character", colour: FALCONE, line: `${c.name} ${c.strength}`, part: `character-${k}`,
        title: `Falcone's character ${c.name}, strength ${c.strength}`,
        about: `Falcone's character, strength ${c.strength}`,  // its name says where it stands
      })),
      ...d.heroes.map((h, k) => ({
        aim: `figure-${h.id}`, name: h.name, noun: "hero", colour: GORDON, line: `${h.name} ${h.strength}`, part: `hero-${k}`,
        title: `Gordon's hero ${h.name}, strength ${h.strength}`,
        about: `Gordon's hero, strength ${h.strength}, at ${d.name}`,
      })),
    ];
  }

  /* Figure `f`, the `k`th of district `d` (its box's top left at `left`, `top`), on `svg`: a
     target of its hit area (its slot of the box: a row, or half of one), what a move's target
     outlines, and its line of words in it. Drawn over the box, not inside its group: the
     district is a target too, and a button inside a button is one a screen reader cannot tell
     apart. `described` is the district's describer. */
  function drawFigure(svg, d, f, k, left, top, described) {
    const across = columns(d), width = (BOX_W - 8 - GAP * (across - 1)) / across;
    const x = left + 4 + (width + GAP) * (k % across), y = top + FIRST_ROW + ROW * Math.floor(k / across);
    const g = el("g", { class: "figure", "data-target": f.aim, "data-name": f.name, "data-noun": f.noun });
    // the hit area takes the pointer only while the figure is a target (site.css: else a click
    // there is the district's), its hover title the whole row's
    g.appendChild(el("rect", { class: "hit-area", x, y: y + GAP / 2, width, height: ROW - GAP, rx: 4, fill: "transparent" }));
    g.appendChild(el("text", { x: x + width / 2, y: y + ROW / 2 + 3, "text-anchor": "middle", "font-size": 9, fill: f.colour, ...fitted(f.line, width - 4) }, f.line));
    g.appendChild(el("title", { id: described.id(f.part) }, f.title));
    const about = describer(f.aim);
    g.appendChild(about.words("about", f.about));
    svg.appendChild(about.on(g));
  }

  /* Where each district's box stands (its centre, where its roads meet), where the turn's words
     go and how tall the board is. Up to RING_MOST districts (the reference city has 7) stand on a
     ring around the turn's words. A bigger city, a custom pack's (the pack limits allow one of
     400 districts: content_limits.py, max_list_items), is a grid of COLUMNS under the words,
     each row as tall as its tallest box: every box keeps its size and its words their print
     at any count, none over another, and the board grows downwards. */
  const RING_MOST = 8, COLUMNS = 4, ROW_GAP = 14, KEY = 34;
  const SPACE = (600 - COLUMNS * BOX_W) / (COLUMNS + 1);
  function cityLayout(districts, lineCount) {
    const n = districts.length;
    if (n <= RING_MOST) {
      // the key under the lowest box (a crowded one grows)
      const lowest = Math.max(0, ...districts.map((d) => boxHeight(d) - BOX_H));
      const cx = 300, cy = 236, rx = 222, ry = 176;
      const at = districts.map((d, i) => {
        const a = (2 * Math.PI * i) / n - Math.PI / 2;
        return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
      });
      // the words' backing hides the roads crossing the middle of the ring
      return { at, wordsAt: cy - 40, backed: true, height: 500 + lowest };
    }
    const at = [];
    let top = 13 * lineCount + 22;  // under the turn's words
    for (let first = 0; first < n; first += COLUMNS) {
      const row = districts.slice(first, first + COLUMNS);
      row.forEach((d, k) => at.push([SPACE + BOX_W / 2 + (BOX_W + SPACE) * k, top + BOX_H / 2]));
      top += Math.max(...row.map(boxHeight)) + ROW_GAP;
    }
    return { at, wordsAt: 18, backed: false, height: top + KEY };
  }

  function drawCity(svg, state) {
    const count = (pile) => (Array.isArray(pile) ? pile.length : pile.count);
    // short lines: the middle of the ring is about 300 units wide between the side districts
    const counters = (n) => window.GothamDom.counted(n, "counter");
    // turn 0 is the set-up: no turn nor phase has begun (sequence-of-play: Falcone's comes first)
    const when = state.turn
      ? [`Turn ${state.turn}: ${state.turn_of}'s`, `${state.phase_name}`]
      : ["Setting up the game", "Falcone takes the first turn"];
    const lines = [
      ...when,
      `Crimes in ${state.crimes} of ${state.standing} districts`,
      `(Gotham is overrun at ${state.overrun_at})`,
      `Falcone holds ${counters(state.counters)}`,
      `${counters(state.supply)} left in the supply`,
      `Decks: Falcone ${count(state.decks.falcone)} · Batsignal ${count(state.decks.batsignal)}`,
      // as many cards as each side holds, as the table sees them (not what they are)
      `In hand: Falcone ${count(state.hands["0"])} · Gordon ${count(state.hands["1"])}`,
    ];
    if (state.winner) lines.push(`${state.winner} wins`);
    const layout = cityLayout(state.districts, lines.length);
    const height = layout.height, cx = 300;
    svg.setAttribute("viewBox", `0 0 600 ${height}`);
    const at = (i) => layout.at[i];
    const index = Object.fromEntries(state.districts.map((d, i) => [d.id, i]));
    state.districts.forEach((d, i) => {
      for (const near of d.neighbours) {
        if (index[near] > i) {
          const [x1, y1] = at(i), [x2, y2] = at(index[near]);
          svg.appendChild(el("line", { x1, y1, x2, y2, stroke: "#b8bccb", "stroke-width": 3 }));
        }
      }
    });
    state.districts.forEach((d, i) => {
      const [x, y] = at(i);
      const left = x - BOX_W / 2, top = y - BOX_H / 2;
      const g = el("g", { class: "district", "data-district": d.id, "data-target": `district-${d.id}`, "data-name": d.name });
      // named by its name, described by the rest it shows: its C+1 mark, destroyed, its crime
      // (the hover title: a face-down one is "?" to Gordon), Falcone's characters and Gordon's
      // heroes (each line's hover title, in words)
      const described = describer(`district-${d.id}`);
      g.appendChild(el("rect", { x: left, y: top, width: BOX_W, height: boxHeight(d), rx: 8, fill: d.destroyed ? "#9a9a9a" : "#f4f1e8", stroke: d.c_plus_1 ? "#b9770e" : "#59607a", "stroke-width": d.c_plus_1 ? 4 : 2 }));
      const name = d.name + (d.c_plus_1 ? " (C+1)" : "");
      const named = el("text", { x, y: top + 15, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", ...fitted(name, BOX_W - 12) }, d.name);
      if (d.c_plus_1) named.appendChild(el("tspan", { id: described.id("mark") }, " (C+1)"));
      g.appendChild(named);
      if (d.destroyed) g.appendChild(el("text", { x, y: top + 52, "text-anchor": "middle", "font-size": 11, id: described.id("destroyed") }, "destroyed"));
      if (d.crime) {
        const label = d.crime.card ? `${d.crime.card.name} (${d.crime.card.strength})` : "face-down crime";
        g.appendChild(el("rect", { x: left + 6, y: top + 21, width: BOX_W - 12, height: 16, rx: 3, fill: FALCONE, opacity: d.crime.face_down ? 0.6 : 1 }));
        // what the whole table knows a face-down crime is not (every seat sees it alike)
        const ruled = d.crime.face_down && d.crime.ruled_out.length ? ` · not ${d.crime.ruled_out.join(" or ")}` : "";
        const shown = (d.crime.face_down && !d.crime.card ? "?" : label) + ruled;  // long names are fitted
        g.appendChild(el("text", { x, y: top + 33, "text-anchor": "middle", "font-size": 9, fill: "#fff", ...fitted(shown, BOX_W - 18) }, shown));
        const titled = d.crime.face_down && d.crime.card ? `${label}, face down` : label;  // "face-down crime" says it
        g.appendChild(el("title", { id: described.id("crime") }, d.crime.known ? `${titled}. ${d.crime.known}.` : titled));
      }
      svg.appendChild(g);
      figuresAt(d).forEach((f, k) => drawFigure(svg, d, f, k, left, top, described));
      described.on(g);
    });
    // a backing so the roads crossing the middle of the ring do not run through the words
    const first = layout.wordsAt;
    if (layout.backed) svg.appendChild(el("rect", { x: cx - 110, y: first - 14, width: 220, height: 13 * lines.length + 8, rx: 6, fill: "#fff", opacity: 0.9 }));
    lines.forEach((text, k) => svg.appendChild(el("text", { x: cx, y: first + 13 * k, "text-anchor": "middle", "font-size": 10, "font-weight": state.winner && k === lines.length - 1 ? "bold" : "normal" }, text)));
    // the key: each side's colour
    svg.appendChild(el("text", { x: 8, y: height - 8, "font-size": 10, fill: FALCONE }, "Falcone: crimes and characters"));
    svg.appendChild(el("text", { x: 592, y: height - 8, "text-anchor": "end", "font-size": 10, fill: GORDON }, "Gordon: heroes"));
    svg.appendChild(el("text", { x: 8, y: height - 22, "font-size": 9, fill: "#8a5a0a" }, "(C+1): a crime there lets Falcone take 1 more counter at income, if he wants"));
  }

  /* What a move acts on: the district it names (a recruit, a crime, a figure moved there, a
     fight, a Batsignal card played at a face-down crime), the card it plays from the hand and
     the figure it moves (Gordon's hero, Falcone's character), each (picking one leaves its
     moves: a district, those acting there; a figure, its own). */
  function target(move) {
    const district = move.district || move.to;
    const piece = move.type === "move" && move.piece ? `figure-${move.piece}` : null;
    return [piece, district ? `district-${district}` : null, move.card ? `card-${move.card}` : null].filter(Boolean);
  }

  function panel(element, state, seat) {
    const hand = state.hands[String(seat)];
    const title = document.createElement("h3");
    title.textContent = seat === 0 ? "Falcone's hand" : "Gordon's Batsignal cards";
    element.appendChild(title);
    // each card "Arson: crime, cost 1, …", a target named as the moves name it ("Play Arson
    // face up at the Narrows"), what it prints its description (GothamBoards.heldCard)
    const list = document.createElement("ul");
    for (const card of Array.isArray(hand) ? hand : []) {
      list.appendChild(heldCard({ aim: `card-${card.id}`, shown: card.name, prints: card.text, plain: true }));
    }
    element.appendChild(list);
    if (state.why_asked) {
      // only in Gordon's own view: why he is asked with nothing to play (never a move's label)
      const why = document.createElement("p");
      why.textContent = state.why_asked;
      element.appendChild(why);
    }
  }

  window.GothamBoards.register("no-mans-land", drawCity, panel, target);
})();
