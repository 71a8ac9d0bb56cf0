/* Draws a game's play-page panel under node, without a browser: a few elements stand in for the
   DOM (enough for dom.js, boards.js and a game's board.js), then the panel is printed as its
   elements in order, each as [tag, its own text], with the heading the play page puts over it
   while the seat plays and after (boards.js panelTitle).

   The panel is drawn twice, its reference unfolded between (`reference_open_after_redraw`: the
   redrawn one is open; null: no reference). SEAT is a seat's number or `spectator`. `targets`:
   the panel's elements a move may act on, each as [its own text, its data-target], and
   `move_targets`: what each of MOVES (a JSON list, none by default) acts on (boards.js target),
   so a test can match the two as the play page does.

   node draw_panel.js STATIC_DIR BOARD_JS SLUG SEAT [MOVES] < view.json */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const { Element, lines, targets } = require("./stub_dom.js");

const [staticDir, boardJs, slug, seat, moves = "[]"] = process.argv.slice(2);
const context = {
  document: { createElement: (tag) => new Element(tag), createElementNS: (ns, tag) => new Element(tag) },
  addEventListener() {},  // boards.js listens for the window's resize: a panel never resizes
};
context.window = context;
vm.createContext(context);
for (const file of [path.join(staticDir, "dom.js"), path.join(staticDir, "boards.js"), boardJs]) {
  vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
}
const view = JSON.parse(fs.readFileSync(0, "utf8"));
const info = new Element("div");
const reader = seat === "spectator" ? null : Number(seat);
context.GothamBoards.panel(slug, info, view, reader);
// the reader unfolds the reference (the panel's last <details>), then the page redraws
const references = () => info.children.filter((c) => typeof c !== "string" && c.tagName === "DETAILS");
const unfolded = references().pop();
if (unfolded) unfolded.open = true;
context.GothamBoards.panel(slug, info, view, reader);
const redrawn = references().pop();
const { panelTitle } = context.GothamBoards;
const title = (playing) => (panelTitle ? panelTitle(playing, info) : "boards.js has no panelTitle");
const titles = { playing: title(true), after: title(false) };
const stillOpen = redrawn ? Boolean(redrawn.open) && redrawn !== unfolded : null;
const moveTargets = JSON.parse(moves).map((m) => context.GothamBoards.target(slug, m));
process.stdout.write(JSON.stringify({
  lines: lines(info), titles, reference_open_after_redraw: stillOpen,
  targets: targets(info), move_targets: moveTargets,
}));
