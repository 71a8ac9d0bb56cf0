/* The play page's targets under node, without a browser: a game's board and panel drawn from a
   seat's view (boards.js and the game's board.js, on stand-in elements), its legal moves as
   buttons aimed as the page aims them (the board's `target`), and the targets marked by
   targets.js as play.js marks them: picking one (a click, Enter or Space) leaves only its moves.

   Prints `targets`: each highlighted target, as {group ("board" or "hand"), target, within (the
   target it is drawn inside, null for none), name (its
   aria-label), role, tabindex, pressed, description (the words of the elements its
   aria-describedby names, in order, apart by a space; null without one), text (the words a
   sighted player reads on it), noun (what the hint calls it), area (the box of its first
   shape, a rect: {x, y, width, height}; null for none), shape (what the stylesheet outlines
   on it: "words" for a line of words that is itself the target, else its first child's tag,
   "rect", "circle" or "text")}; `where`: the hint's words for what is
   highlighted ("a highlighted hero or district on the board"); `steps`: after each of STEPS (from the input), {focus
   (the aria-label of what has the focus), picked (the target picked), pressed (the focused
   one's aria-pressed), chosen (the aria-labels of the elements highlighted as picked), shown
   (the labels of the moves shown), prevented (whether the key's default was stopped)}; `lists`: each list of the
   panel holding a target, as {role, items (each item's role)}; `view_box`: the board's viewBox. A step is {tab: "board" or
   "hand"} (the Tab into that group), {key: "Enter", " ", "ArrowRight"…} (pressed where the
   focus is), {click: TARGET} (its first element clicked) or {redraw: true} (the board and
   panel drawn again from the same view, the focus put back where it was, as play.js does
   after another's move).

   node board_targets.js STATIC_DIR BOARD_JS SLUG SEAT < {"view", "moves": [{move, label}],
   "steps"} */
"use strict";
const fs = require("fs");

const { Element, pageContext } = require("./stub_dom.js");

const [staticDir, boardJs, slug, seat] = process.argv.slice(2);
const document = { createElement: (tag) => new Element(tag), createElementNS: (ns, tag) => new Element(tag), activeElement: null };
Element.focusIn = document;
const context = pageContext(staticDir, ["dom.js", "boards.js", boardJs, "targets.js"], {
  document,
  addEventListener() {},  // boards.js listens for the window's resize
});
const { view, moves, steps = [] } = JSON.parse(fs.readFileSync(0, "utf8"));
const board = new Element("svg");
const info = new Element("div");
let groups = [];
// as play.js draws the view: the board, the panel, their targets' groups
function draw() {
  context.GothamBoards.render(slug, board, view);
  context.GothamBoards.panel(slug, info, view, Number(seat));
  groups = [board, info].map((element) => element.querySelectorAll("[data-target]"));
}
draw();

const buttons = moves.map(({ move, label }) => ({ label, hidden: false, dataset: { target: context.GothamBoards.target(slug, move) || undefined } }));
let chosen = null;
// as play.js's markTargets: the targets marked, and the moves of the one picked alone shown
function markTargets() {
  const pick = (aim) => { chosen = chosen === aim ? null : aim; markTargets(); };
  chosen = context.GothamTargets.mark(groups, buttons, chosen, pick);
  for (const button of buttons) button.hidden = Boolean(chosen) && !context.GothamTargets.actsOn(button, chosen);
}
markTargets();

// what an aria-describedby names: the words of the elements of those ids, as a browser reads them
const byId = (id) => [board, info].flatMap((root) => root.querySelectorAll("[id]")).filter((e) => e.getAttribute("id") === id);
function described(element) {
  const ids = element.getAttribute("aria-describedby");
  if (ids === null) return null;
  return ids.split(/\s+/).map((id) => byId(id).map((e) => e.textContent.trim()).join(" ")).join(" ");
}

// the nearest target an element is drawn inside (a button inside a button), or null
function within(element) {
  for (let up = element.parentElement; up; up = up.parentElement) {
    if (up.getAttribute && up.getAttribute("data-target") !== null && up.getAttribute("data-target") !== undefined) return up.getAttribute("data-target");
  }
  return null;
}

// what site.css marks on a target: a line of words itself, else its first child's shape
function shape(element) {
  if (element.tagName === "TEXT") return "words";
  const first = element.children.find((c) => typeof c !== "string");
  return first ? first.tagName.toLowerCase() : null;
}

// the box a target's first shape draws ({x, y, width, height}: its hit area), null for none
function area(element) {
  const shape = element.firstChild;
  if (!shape || typeof shape === "string" || shape.tagName !== "RECT") return null;
  return Object.fromEntries(["x", "y", "width", "height"].map((k) => [k, Number(shape.getAttribute(k))]));
}

const targets = groups.flatMap((group, g) => group.filter((e) => e.classList.contains("legal-target")).map((e) => ({
  group: g ? "hand" : "board", target: e.getAttribute("data-target"), within: within(e), name: e.getAttribute("aria-label"),
  role: e.getAttribute("role"), tabindex: e.getAttribute("tabindex"), pressed: e.getAttribute("aria-pressed"),
  description: described(e), text: e.textContent, noun: context.GothamTargets.nounOf(e), area: area(e),
  shape: shape(e),
})));
// the hint's words for what is highlighted (play.js's "Pick … (by keyboard: …)")
const marked = groups.map((group) => group.filter((e) => e.classList.contains("legal-target")));
const where = context.GothamTargets.where(marked[0], marked[1]);

const done = steps.map((step) => {
  let prevented = false;
  if (step.tab) {
    const group = groups[step.tab === "board" ? 0 : 1];
    const stop = group.find((e) => e.getAttribute("tabindex") === "0");
    if (stop) stop.focus();
  } else if (step.key) {
    const focused = document.activeElement;
    if (focused && focused.onkeydown) focused.onkeydown({ key: step.key, preventDefault() { prevented = true; } });
  } else if (step.redraw) {
    const spot = context.GothamTargets.spotOf(document.activeElement);
    draw();
    markTargets();
    const again = spot ? context.GothamTargets.focusable(groups, spot) : null;
    document.activeElement = null;
    if (again) again.focus();
  } else if (step.click) {
    const element = groups.flat().find((e) => e.getAttribute("data-target") === step.click);
    if (element && element.onclick) element.onclick({});
  }
  const focus = document.activeElement;
  return {
    focus: focus ? focus.getAttribute("aria-label") : null,
    picked: chosen,
    pressed: focus ? focus.getAttribute("aria-pressed") : null,
    chosen: groups.flat().filter((e) => e.classList.contains("chosen-target")).map((e) => e.getAttribute("aria-label")),
    shown: buttons.filter((b) => !b.hidden).map((b) => b.label),
    prevented,
  };
});
// each list of the panel holding a target: its role and its items' roles (none: plain)
const lists = [...info.querySelectorAll("ul"), ...info.querySelectorAll("ol")]
  .filter((list) => list.querySelectorAll("[data-target]").length)
  .map((list) => ({ role: list.getAttribute("role"), items: list.children.filter((c) => typeof c !== "string").map((c) => c.getAttribute("role")) }));
process.stdout.write(JSON.stringify({ targets, steps: done, lists, where, view_box: board.getAttribute("viewBox") }));
