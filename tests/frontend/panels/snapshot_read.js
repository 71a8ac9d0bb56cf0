/* The play page's reading of a game at one version (snapshot.js `read`), under node, with the
   server's answers stood in: each reader gives its next answer in turn (its last one again once
   they run out).

   node snapshot_read.js STATIC_DIR < {"state": [...], "game": [...], "legal": [...]}
   prints {"state", "game", "legal", "settled", "agree", "reads": {"state": n, "game": n, "legal": n}} */
"use strict";
const fs = require("fs");

const { pageContext } = require("./stub_dom.js");

const [staticDir] = process.argv.slice(2);
const context = pageContext(staticDir, ["snapshot.js"], {});
const answers = JSON.parse(fs.readFileSync(0, "utf8"));
const reads = { state: 0, game: 0, legal: 0 };
const reader = (name) => async () => {
  const given = answers[name];
  reads[name] += 1;
  return given[Math.min(reads[name], given.length) - 1];
};
const readers = { state: reader("state"), game: reader("game"), legal: reader("legal") };
const wantsMoves = (game) => game.status === "active";
context.GothamSnapshot.read(readers, wantsMoves).then((snapshot) => {
  process.stdout.write(JSON.stringify({ ...snapshot, agree: context.GothamSnapshot.movesAgree(snapshot), reads }));
});
