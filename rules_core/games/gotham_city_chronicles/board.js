/* Batman: Gotham City Chronicles' board for the web pages: the mission board's areas in rows by
   elevation (level, occupation limit, terrain, reinforcement areas), the boundaries between them
   (white, orange, special, walls with their level) and the special moves, the heroes (blue) and
   the villain's characters (red) in their areas, the tokens and the equipment on the ground; then
   the river with each position's activation cost, the command post and every hero board; hovering
   a figure or a river tile says what it does. The panel shows a roll waiting for its rerolls,
   then the boards the seat plays (the villain's: the command post), then folded what the
   mission, heroes, cards and villains do. Drawn as SVG from a view, text only: names come from the content pack and go in
   as text or attributes (frontend/static/frontend/boards.js). */
"use strict";
(function () {
  const { el, describer, COLORS } = window.GothamBoards;
  const VILLAIN = COLORS[0], HEROES = COLORS[1];
  const WIDTH = 940, BOX_W = 136, BOX_H = 74, ROW = 104;
  const LINES = {
    white: { stroke: "#b8bccb", "stroke-width": 4 },
    orange: { stroke: "#e67e22", "stroke-width": 4 },
    special: { stroke: "#7f8c8d", "stroke-width": 2, "stroke-dasharray": "6 4" },
    wall: { stroke: "#2c3e50", "stroke-width": 5, "stroke-dasharray": "2 3" },
  };

  const named = (state, id) => (state.names && state.names[id]) || String(id);
  /* What a hero, card, tile or the mission does, in the view's words ("" when it says nothing). */
  const textOf = (state, id) => ((state.texts || []).find((t) => t.id === id) || {}).text || "";
  /* A hover title: a thing's name and note, then what it does. */
  const titled = (label, text) => (text ? `${label}: ${text}` : label);
  const initials = (text) => String(text).split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).map((w) => w[0]).join("").slice(0, 2).toUpperCase();
  /* A figure's mark in its circle: its initials, or for one of several alike ("Thugs with
     Crowbar #2") its first initial and number, so no two marks on the board are the same. */
  const mark = (name) => {
    const numbered = String(name).match(/#(\d+)$/);
    return numbered ? `${initials(name)[0]}${numbered[1]}` : initials(name);
  };

  /* Each area's centre: one row per elevation (highest on top), areas in board order. */
  function layout(areas) {
    const levels = [...new Set(areas.map((a) => a.elevation))].sort((a, b) => b - a);
    const at = {};
    levels.forEach((level, row) => {
      const here = areas.filter((a) => a.elevation === level);
      const step = WIDTH / here.length;
      here.forEach((a, i) => { at[a.id] = [step * (i + 0.5), 60 + ROW * row]; });
    });
    return [at, 60 + ROW * levels.length];
  }

  function drawLinks(svg, state, at) {
    for (const b of state.board.boundaries) {
      const [a1, a2] = b.areas;
      if (!at[a1] || !at[a2]) continue;
      const [x1, y1] = at[a1], [x2, y2] = at[a2];
      const between = Object.values(at).filter(([x, y]) => y === y1 && x > Math.min(x1, x2) && x < Math.max(x1, x2)).length;
      const style = { fill: "none", ...(LINES[b.kind] || LINES.white) };
      /* areas of one row with others between them: an arc below the row, clear of the boxes */
      const line = y1 === y2 && between
        ? el("path", { d: `M ${x1} ${y1 + BOX_H / 2} Q ${(x1 + x2) / 2} ${y1 + BOX_H / 2 + 24 + 10 * between} ${x2} ${y2 + BOX_H / 2}`, ...style })
        : el("line", { x1, y1, x2, y2, ...style });
      line.appendChild(el("title", {}, `${named(state, a1)} – ${named(state, a2)}: ${b.kind} boundary${b.kind === "wall" && b.level ? ` (level ${b.level})` : ""}`));
      svg.appendChild(line);
    }
  }

  /* The words on the links: each wall's level, and each special move (from its source's end of
     the line, so the two ways of a climb and fall pair read apart). */
  function linkLabels(state) {
    const walls = state.board.boundaries.filter((b) => b.kind === "wall" && b.level).map((b) => ({
      ends: b.areas, along: 0.5, text: `wall ${b.level}`, fill: "#2c3e50",
    }));
    const moves = state.board.specials.map((m) => ({
      ends: [m.source, m.target], along: 0.3, text: `${m.kind} ${m.level}`, fill: "#7f8c8d",
      title: `${named(state, m.source)} to ${named(state, m.target)}: ${m.kind} of level ${m.level}`,
    }));
    return [...walls, ...moves];
  }

  /* Where the line from an area's centre (x1, y1) towards (x2, y2) leaves its box. */
  function boxEdge(x1, y1, x2, y2) {
    const dx = x2 - x1, dy = y2 - y1;
    const t = Math.min(dx ? BOX_W / 2 / Math.abs(dx) : Infinity, dy ? BOX_H / 2 / Math.abs(dy) : Infinity);
    return [x1 + dx * t, y1 + dy * t];
  }

  const LABEL = 9;  // the links' print size
  const ALONG = [0, 0.15, -0.15, 0.3, -0.3];  // from a label's own spot along its line, then
  const ASIDE = [0, -11, 11, -22, 22, -46, 46];  // beside the line (a wall between two boxes)
  const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

  /* Each link's label on its line between the two boxes, at the first spot (along the line,
     then beside it) clear of every area and of the labels placed before it; where none is
     clear, at its own spot. Labels are placed in order, so the same board reads the same. */
  function drawLinkLabels(svg, state, at) {
    const taken = Object.values(at).map(([x, y]) => ({ x: x - BOX_W / 2 - 2, y: y - BOX_H / 2 - 2, w: BOX_W + 4, h: BOX_H + 4 }));
    for (const label of linkLabels(state)) {
      const [p, q] = label.ends.map((id) => at[id]);
      if (!p || !q) continue;
      const [ax, ay] = boxEdge(...p, ...q), [bx, by] = boxEdge(...q, ...p);
      const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      const [nx, ny] = [(p[1] - q[1]) / length, (q[0] - p[0]) / length];  // across the line
      const w = 0.6 * LABEL * label.text.length + 4, h = 1.3 * LABEL;
      const spots = ASIDE.flatMap((aside) => ALONG.map((step) => {
        const t = Math.min(0.9, Math.max(0.1, label.along + step));
        return [ax + (bx - ax) * t + nx * aside, ay + (by - ay) * t + ny * aside];
      }));
      const boxAt = ([x, y]) => ({ x: x - w / 2, y: y - h / 2, w, h });
      const [x, y] = spots.find((spot) => !taken.some((box) => overlap(boxAt(spot), box))) || spots[0];
      taken.push(boxAt([x, y]));
      const text = el("text", {
        x, y: y + LABEL * 0.35, "text-anchor": "middle", "font-size": LABEL, fill: label.fill,
        stroke: "#fff", "stroke-width": 3, "paint-order": "stroke", "stroke-linejoin": "round",
      }, label.text);
      if (label.title) text.appendChild(el("title", {}, label.title));
      svg.appendChild(text);
    }
  }

  /* An area's box: its name, its marks line and hover title (its name, then what the marks say,
     in words, and whether it is a reinforcement area); those words without the name, which it
     is named by, begin its description (`described`). */
  function drawArea(svg, state, area, x, y, described) {
    const g = el("g", { class: "area", "data-area": area.id, "data-target": `area-${area.id}`, "data-name": area.name });
    const fill = area.dangerous ? "#f9e0dc" : area.difficult ? "#eef0e0" : "#f4f1e8";
    g.appendChild(el("rect", { x: x - BOX_W / 2, y: y - BOX_H / 2, width: BOX_W, height: BOX_H, rx: 6, fill, stroke: area.reinforcement ? VILLAIN : "#59607a", "stroke-width": area.reinforcement ? 3 : 1.5 }));
    g.appendChild(el("text", { x, y: y - BOX_H / 2 + 12, "text-anchor": "middle", "font-size": 10, "font-weight": "bold" }, area.name));
    const marks = [`level ${area.elevation}`, `limit ${area.limit}`];
    if (area.difficult) marks.push(`difficult ${area.difficult}`);
    if (area.dangerous) marks.push(`dangerous ${area.dangerous}`);
    if (area.promontory) marks.push("promontory");
    if (area.letters.length) marks.push(area.letters.join(""));
    const line = marks.join(" · ");
    const fit = line.length > 24 ? { textLength: BOX_W - 8, lengthAdjust: "spacingAndGlyphs" } : {};  // within the box
    // a line's height under the name (at 11, the two lines' boxes overlapped on a phone)
    g.appendChild(el("text", { x, y: y - BOX_H / 2 + 25, "text-anchor": "middle", "font-size": 10, fill: "#59607a", ...fit }, line));
    g.appendChild(el("title", {}, `${area.name}${area.reinforcement ? " (reinforcement area)" : ""}: ${marks.join(", ")}`));
    g.appendChild(described.words("about", [...(area.reinforcement ? ["reinforcement area"] : []), ...marks].join(", ")));
    svg.appendChild(g);
    return g;
  }

  /* The figures in an area, each described by its hover title's words after its name (its
     stance or life, what it does), then the tokens and equipment shown there, which end the area's description. The
     figures are drawn over the area's box beside it, not inside its group: both may be targets,
     and a button inside a button is one a screen reader cannot tell apart, and whose click
     would reach the area too. */
  function drawFigures(svg, g, state, area, x, y, described) {
    const layer = el("g", { class: "figures" });
    const figures = [
      ...state.heroes.filter((h) => h.area === area.id).map((h) => ({ id: h.id, name: h.name, colour: HEROES, noun: "hero", note: h.stance || "no stance", text: textOf(state, h.id) })),
      ...state.characters.filter((c) => c.area === area.id).map((c) => ({ id: c.id, name: c.name, colour: VILLAIN, noun: "villain's figure", note: `life ${c.life}`, text: textOf(state, c.tile) })),
    ];
    figures.forEach((f, k) => {
      const cx = x - BOX_W / 2 + 14 + 20 * (k % 6), cy = y + 2 + 20 * Math.floor(k / 6);
      const about = describer(`figure-${f.id}`);
      const figure = el("g", { class: "figure", "data-target": `figure-${f.id}`, "data-name": f.name, "data-noun": f.noun });
      figure.appendChild(el("circle", { cx, cy, r: 9, fill: f.colour }));
      figure.appendChild(el("text", { x: cx, y: cy + 3, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, mark(f.name)));
      figure.appendChild(el("title", {}, titled(`${f.name} (${f.note})`, f.text)));
      figure.appendChild(about.words("about", titled(f.note, f.text)));
      layer.appendChild(about.on(figure));
    });
    svg.appendChild(layer);
    const things = [
      ...state.tokens.filter((t) => t.area === area.id).map((t) => `${named(state, t.id)}: ${t.state}${t.countdown ? ` (${t.countdown})` : ""}`),
      ...state.ground.filter(([, where]) => where === area.id).map(([item]) => named(state, item)),
    ];
    things.forEach((text, k) => {
      g.appendChild(el("text", { x: x + BOX_W / 2 - 4, y: y + BOX_H / 2 - 4 - 12 * k, "text-anchor": "end", "font-size": 10, fill: "#7d3c98", id: described.id(`thing-${k}`) }, text));
    });
    described.on(g);
  }

  function drawRiver(svg, state, top) {
    svg.appendChild(el("text", { x: 8, y: top, "font-size": 11, "font-weight": "bold" }, "The river"));
    const face = new Set(state.face_down);
    state.river.forEach((tile, i) => {
      const x = 8 + 112 * i, y = top + 8;
      const name = tile === "event" ? "Event tile" : named(state, tile);
      // named by its name; described by its cost line and what it does (its hover title's
      // words after the name)
      const cost = state.river_costs[i];
      const costLine = `${cost === undefined ? "" : `cost ${cost}`}${face.has(tile) ? " · neutralized" : ""}`;
      const does = textOf(state, tile);
      const described = describer(`tile-${tile}`);
      const g = el("g", { class: "tile", "data-target": `tile-${tile}`, "data-name": name, "data-noun": "river tile" });
      g.appendChild(el("rect", { x, y, width: 104, height: 34, rx: 4, fill: face.has(tile) ? "#9a9a9a" : "#fdecea", stroke: VILLAIN }));
      g.appendChild(el("text", { x: x + 52, y: y + 14, "text-anchor": "middle", "font-size": 10 }, name));
      g.appendChild(el("text", { x: x + 52, y: y + 27, "text-anchor": "middle", "font-size": 8 }, costLine));
      g.appendChild(el("title", {}, titled(name, does)));
      const words = [costLine, does].filter(Boolean).join(": ");
      if (words) g.appendChild(described.words("about", words));
      svg.appendChild(described.on(g));
    });
    const post = state.command_post;
    svg.appendChild(el("text", { x: 8, y: top + 60, "font-size": 10 }, `Command post: reserve ${post.reserve}, fatigue ${post.fatigue}, out of the game ${post.wounds}; reinforcement points ${state.reinforcement}`));
  }

  /* A hero board in words: what follows the hero's name on its first line (its stance, cubes and
     spaces), then what the hero carries, "" if nothing (a line of its own: on one line, a hero
     with a few items ran past the board's right edge). */
  function heroBoard(state, h) {
    const on = state.spaces.map((s, i) => (h.spaces[i] ? `${s} ${h.spaces[i]}` : "")).filter(Boolean).join(", ");
    const carried = [...h.items, ...h.gadgets].map((i) => named(state, i)).join(", ");
    const board = `(${h.stance || "no stance"}): reserve ${h.reserve}, fatigue ${h.fatigue}, wounds ${h.wounds} of ${h.energy}${on ? `; on spaces: ${on}` : ""}`;
    return [board, carried ? `carries ${carried}` : ""];
  }

  /* A hero board's lines, its name first: "Batman (active): reserve 12, …", "carries …". */
  function heroLines(state, h) {
    const [board, carried] = heroBoard(state, h);
    return [`${h.name} ${board}`, carried].filter(Boolean);
  }

  /* When it is: the turn of the limit and whose (turn 0 is the set-up: no turn has begun), or
     the view's step in words once neither side's turn is on ("the game is over"). */
  function when(state) {
    if (!state.turn) return `setting up, ${state.turn_limit} turns to play`;
    const phase = state.phase === "heroes" ? "the heroes' turn" : state.phase === "villain" ? "the villain's turn" : state.step;
    return `turn ${state.turn} of ${state.turn_limit}, ${phase}`;
  }

  function drawChronicles(svg, state) {
    const [at, bottom] = layout(state.board.areas);
    const heroesTop = bottom + 84;
    // the figures' marks in words, a few to a line, under the hero boards
    const figures = [...state.heroes.map((h) => h.name), ...state.characters.map((c) => c.name)];
    const keyLines = [];
    for (let i = 0; i < figures.length; i += 5) keyLines.push(figures.slice(i, i + 5).map((n) => `${mark(n)} ${n}`).join(" · "));
    // each line's words after the hero's name, under an id: the board's description
    const heroRows = state.heroes.flatMap((h) => heroBoard(state, h).filter(Boolean).map((text, line) => ({ h, text, line, id: `${line ? "carries" : "words"}-${encodeURIComponent(`figure-${h.id}`)}` })));
    const keyTop = heroesTop + 16 * heroRows.length + 24;
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${keyTop + 16 * keyLines.length + 12}`);
    svg.classList.add("wide");  // drawn about as wide as the page allows, to be read
    svg.appendChild(el("text", { x: 8, y: 16, "font-size": 12, "font-weight": "bold" }, `${state.mission} on ${state.board.name}: ${when(state)}`));
    if (state.winner) svg.appendChild(el("text", { x: WIDTH - 8, y: 16, "text-anchor": "end", "font-size": 12, "font-weight": "bold" }, state.winner === "heroes" ? "The heroes win" : "The villain wins"));
    drawLinks(svg, state, at);
    for (const area of state.board.areas) {
      const [x, y] = at[area.id];
      const described = describer(`area-${area.id}`);
      drawFigures(svg, drawArea(svg, state, area, x, y, described), state, area, x, y, described);
    }
    drawLinkLabels(svg, state, at);
    drawRiver(svg, state, bottom);
    svg.appendChild(el("text", { x: 8, y: heroesTop, "font-size": 11, "font-weight": "bold" }, "Hero boards"));
    // a hero board is one target, on its first line ("carries …" goes on under it): picked by
    // either line, it would be two buttons of one name to a screen reader. Named by the hero's
    // board, it is described by the words of both lines after the hero's name
    heroRows.forEach(({ h, text, line, id }, k) => {
      const at = { x: line ? 20 : 8, y: heroesTop + 16 * (k + 1), "font-size": 11, fill: HEROES };
      if (line) {
        svg.appendChild(el("text", { ...at, id }, text));
        return;
      }
      const described = heroRows.filter((row) => row.h === h).map((row) => row.id).join(" ");
      const board = el("text", { ...at, "data-target": `figure-${h.id}`, "data-name": `${h.name}'s hero board`, "data-noun": "hero", "data-description": described }, `${h.name} `);
      board.appendChild(el("tspan", { id }, text));
      svg.appendChild(board);
    });
    keyLines.forEach((line, k) => svg.appendChild(el("text", { x: 8, y: keyTop + 16 * k, "font-size": 10, fill: "#59607a" }, k ? line : `Figures: ${line}`)));
  }

  /* The roll waiting for its rerolls, as the table sees it (dice are rolled in the open): what
     it shows in all, then each die by its place, in the words the reroll choices use. */
  function drawRoll(element, roll) {
    if (!roll || !Array.isArray(roll.shown)) return;
    const { node } = window.GothamDom;
    element.append(node("h3", roll.summary), node("ul", null, ...roll.shown.map((die) => node("li", die))));
  }

  /* What the mission, heroes, cards and villains do, as the mission sheet, hero boards, item
     cards and tiles print it (the view's `texts`, the same for every seat), folded; each name
     and text set as text (GothamDom.node), so a custom pack's names never become markup. */
  function tableReference(state) {
    const { node } = window.GothamDom;
    const lines = state.texts.map((t) => node("li", null, node("strong", t.name), node("span", `: ${t.text}`)));
    return node("details", null, node("summary", "What the heroes, cards and villains do"), node("ul", null, ...lines));
  }

  function panel(element, state, seat) {
    drawRoll(element, state.roll);
    // the attack whose defense is to be declared: whom it hits and its successes
    if (state.fight && state.fight.summary) element.append(window.GothamDom.node("h3", state.fight.summary));
    const title = document.createElement("h3");
    const list = document.createElement("ul");
    const add = (text) => {
      const item = document.createElement("li");
      item.textContent = text;
      list.appendChild(item);
    };
    if (seat === 0) {
      title.textContent = "Your command post";
      const post = state.command_post;
      add(`Reserve ${post.reserve}, fatigue ${post.fatigue}, out of the game ${post.wounds}`);
      state.river.forEach((tile, i) => add(`${i + 1}. ${tile === "event" ? "Event tile" : named(state, tile)}: cost ${state.river_costs[i]}`));
    } else {
      title.textContent = "Your hero boards";
      state.heroes.filter((h) => h.seat === seat).forEach((h) => add(heroLines(state, h).join("; ")));
    }
    element.appendChild(title);
    element.appendChild(list);
  }

  /* What a move acts on, each (picking one leaves its moves): the figure acting (the hero, the
     villain's character: his figure and, for a hero, his hero board, which share the target),
     the figure it acts on (attacked, attracted, given or asked for an item), the area it goes
     to or acts in, the river tile (activated, a reinforcement's). A hero moving counts on him
     and on the area alike. */
  function target(move) {
    const figure = (id) => (typeof id === "string" ? `figure-${id}` : null);
    const area = (id) => (typeof id === "string" ? `area-${id}` : null);
    const given = move.type === "give";  // its `to` is the hero given the item, not an area
    return [
      figure(move.hero), figure(move.character),
      figure(move.target), given ? figure(move.to) : null, figure(move.from),
      given ? null : area(move.to), area(move.area),
      typeof move.tile === "string" ? `tile-${move.tile}` : null,
    ].filter(Boolean);
  }

  const reference = (state) => (Array.isArray(state.texts) && state.texts.length ? tableReference(state) : null);
  window.GothamBoards.register("gotham-city-chronicles", drawChronicles, panel, target, reference);
})();
