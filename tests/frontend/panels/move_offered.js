/* Whether a move is offered in a legal-moves answer, as the play page judges it before sending
   a move again after a conflict (moves.js `offered`), under node.

   node move_offered.js STATIC_DIR < {"moves": [...], "move": {...}}  (prints true or false) */
"use strict";
const fs = require("fs");

const { Element, pageContext } = require("./stub_dom.js");

const [staticDir] = process.argv.slice(2);
const context = pageContext(staticDir, ["dom.js", "moves.js"], { document: { createElement: (tag) => new Element(tag) } });
const { moves, move } = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(context.GothamMoves.offered(moves, move)));
