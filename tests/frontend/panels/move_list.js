/* Builds the play page's move list under node, without a browser (moves.js, with stand-in
   elements), from a legal-moves answer, and prints its elements in order, each as [tag, its own
   text] (a folded group's summary as ["summary (folded)", …]).

   node move_list.js STATIC_DIR [FOLDED_KIND…] < legal-moves.json */
"use strict";
const fs = require("fs");

const { Element, pageContext } = require("./stub_dom.js");

const [staticDir, ...folded] = process.argv.slice(2);
const context = pageContext(staticDir, ["dom.js", "moves.js"], { document: { createElement: (tag) => new Element(tag) } });
const legal = JSON.parse(fs.readFileSync(0, "utf8"));
const button = ({ label }) => context.GothamDom.node("button", label);
const list = new Element("div");
list.append(...context.GothamMoves.list(legal.moves, button, new Set(folded)));
const drawn = [];
(function walk(element) {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    const tag = child.tagName.toLowerCase();
    drawn.push([tag === "summary" && element.open === false ? "summary (folded)" : tag, child.text]);
    walk(child);
  }
})(list);
process.stdout.write(JSON.stringify(drawn));
