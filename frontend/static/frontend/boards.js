/* The board registry of the web pages. Each game registers a drawing of its board (its package's
   board.js, served at /boards/<slug>.js); a game without one is shown as a readable outline of
   its view. Everything drawn goes in as text or attributes, never as markup. */
"use strict";
window.GothamBoards = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLORS = ["#c0392b", "#2471a3", "#229954", "#b9770e"];
  // a side named for a colour (Black Metro's Red, Green, Blue, Yellow) is drawn in it everywhere
  const NAMED_COLORS = { red: "#c0392b", green: "#229954", blue: "#2471a3", yellow: "#b9770e" };
  /* The colour of a seat: its side's own colour where the side is named for one, else the
     seat's place in COLORS (the boards and the replay's chart agree). */
  function seatColour(index, name) {
    return NAMED_COLORS[String(name || "").toLowerCase()] || COLORS[Number(index) % COLORS.length] || "#555";
  }
  const drawings = {};
  const panels = {};
  const references = {};
  const shownReferences = new WeakMap();  // the element -> the reference last put in it
  const targeting = {};

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* A view as nested lines of text: keys and values, indented, in an SVG of its own height. */
  function drawOutline(svg, state) {
    const lines = [];
    (function walk(value, depth, key) {
      const label = key === undefined ? "" : `${String(key).replace(/_/g, " ")}: `;
      if (value !== null && typeof value === "object") {
        if (key !== undefined) lines.push([depth, label.replace(/: $/, "")]);
        for (const [k, v] of Object.entries(value)) walk(v, depth + 1, Array.isArray(value) ? `#${Number(k) + 1}` : k);
      } else {
        lines.push([depth, `${label}${value === null ? "—" : String(value)}`]);
      }
    })(state, -1);
    svg.setAttribute("viewBox", `0 0 640 ${Math.max(40, 18 * lines.length + 10)}`);
    lines.forEach(([depth, text], i) => svg.appendChild(el("text", { x: 8 + 14 * Math.max(0, depth), y: 18 * (i + 1), "font-size": 12 }, text)));
  }

  /* A board never shrinks its smallest print below SMALLEST_PX: on a narrow screen it keeps
     that width and scrolls sideways inside its frame, and a hint under it says so. */
  const SMALLEST_PX = 8;
  function keepReadable(svg) {
    const box = svg.viewBox && svg.viewBox.baseVal;
    const sizes = [...svg.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size"))).filter((n) => n > 0);
    svg.style.minWidth = box && box.width && sizes.length ? `${Math.ceil((box.width * SMALLEST_PX) / Math.min(...sizes))}px` : "";
    const frame = svg.parentElement;
    if (!frame) return;
    let hint = frame.nextElementSibling;
    if (!hint || !hint.classList.contains("board-hint")) {
      hint = document.createElement("p");
      hint.className = "board-hint muted";
      hint.textContent = "The board is wider than this screen: scroll or swipe sideways inside it to see all of it.";
      frame.after(hint);
    }
    hint.hidden = frame.scrollWidth <= frame.clientWidth + 1;
  }
  window.addEventListener("resize", () => document.querySelectorAll(".board-wrap svg").forEach(keepReadable));

  /* Appends the game's reference (a <details>) to `element`, open if the one appended there
     before was open: a redraw after each move never folds what the reader unfolded. */
  function addReference(slug, element, state) {
    const reference = references[slug] && state ? references[slug](state) : null;
    if (!reference) return;
    const before = shownReferences.get(element);
    reference.open = Boolean(before && before.open);
    shownReferences.set(element, reference);
    element.appendChild(reference);
  }

  /* What describes the target `aim` beyond its name (targets.js reads `data-description`): each
     `id(part)` is the id of an element holding some of its printed words ("income-block-3"),
     the target's URI-encoded (an id holds no space; a custom pack's id might), kept in order;
     `words(part, text)` an SVG `desc` of that id (never drawn) holding `text`: what the board
     shows otherwise (a colour, a place) or its hover title's words without the name, which
     the target is named by already (a description never says the name again);
     `on(element)` gives the element those ids as its `data-description`, if any was asked. */
  function describer(aim) {
    const key = encodeURIComponent(aim);
    const ids = [];
    return {
      id(part) {
        const id = `${part}-${key}`;
        ids.push(id);
        return id;
      },
      words(part, text) {
        return el("desc", { id: this.id(part) }, text);
      },
      on(element) {
        if (ids.length) element.setAttribute("data-description", ids.join(" "));
        return element;
      },
    };
  }

  /* A card the seat holds, as its panel lists it: its name (bold unless `plain`), a `note` after
     it (who else knows it), then ": " and what it `prints`. The target `aim` of the moves naming
     it (a board module's `target`), named as those moves name the card (`name`: "“Turf War”";
     else the name it shows, `shown`), not by all it says: the note and what it prints are its
     description (`data-description`, the ids of the spans holding them: targets.js). */
  function heldCard({ aim, shown, name = shown, note = "", prints = "", plain = false }) {
    const item = document.createElement("li");
    const title = document.createElement(plain ? "span" : "strong");
    title.textContent = shown;
    const described = describer(aim);
    const part = (kind, text) => {
      const span = document.createElement("span");
      span.setAttribute("id", described.id(kind));
      span.textContent = text;
      return span;
    };
    if (note) title.append(part("note", ` (${note})`));
    item.append(title);
    if (prints) item.append(": ", part("words", prints));
    item.setAttribute("data-target", aim);
    item.setAttribute("data-name", name);
    return described.on(item);
  }

  return {
    el,
    COLORS,
    seatColour,
    heldCard,
    describer,
    /* `draw(svg, view)` draws the board; `panel(element, view, seat)`, if given, fills the play
       page's panel with what the seat holds (its hand, its screen); `target(move)`, if given,
       names the board element a move acts on (the `data-target` of a drawn element), or a list
       of them (a card played against a player: the card and the player), so the play page can
       highlight legal targets and offer a target's moves when it is clicked (a drawn target
       may say what the page's hint calls it, `data-noun`: "hero"; else its kind's word);
       `reference(view)`, if given, returns what the table's cards and board do (printed on them,
       public), put under the panel for every reader: a seat, a spectator, a finished game. */
    register(slug, draw, panel, target, reference) {
      drawings[slug] = draw;
      if (panel) panels[slug] = panel;
      if (target) targeting[slug] = target;
      if (reference) references[slug] = reference;
    },
    /* What `move` acts on, as one string, or null: the `data-target` of a move button. Several
       targets (each once) stand apart by spaces, as classes do, each URI-encoded, since a
       custom pack's card id may hold a space ("card-crime wave"). */
    target(slug, move) {
      const aimed = targeting[slug] ? targeting[slug](move) : null;
      // each once: a move naming one target twice (a hero acting on himself) counts once on it
      const aims = [...new Set((Array.isArray(aimed) ? aimed : [aimed]).filter(Boolean))];
      return aims.length ? aims.map((aim) => encodeURIComponent(aim)).join(" ") : null;
    },
    /* The targets a move button's `data-target` (`target` above) names, as a list, each as the
       board's elements carry it. */
    aims(target) {
      return String(target || "").split(" ").filter(Boolean).map((aim) => decodeURIComponent(aim));
    },
    /* The play page's heading over the panel, once it is drawn: "Your moves" while the seat
       plays; after that "At the table" over what the panel shows, but none (null) when the
       panel shows nothing or titles itself (a heading of its own, such as "Your hand"). */
    panelTitle(playing, element) {
      if (playing) return "Your moves";
      return element.childElementCount && !element.querySelector("h3") ? "At the table" : null;
    },
    panel(slug, element, state, seat) {
      element.replaceChildren();
      if (!state) return;
      if (panels[slug] && seat !== null && seat !== undefined) panels[slug](element, state, seat);
      addReference(slug, element, state);
    },
    addReference,
    render(slug, svg, state) {
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      // nothing set up yet (a view of the phase alone); a set-up under way is drawn as it stands
      if (!state || (state.phase === "new" && Object.keys(state).length <= 1)) return;
      (drawings[slug] || drawOutline)(svg, state);
      keepReadable(svg);
    },
  };
})();
