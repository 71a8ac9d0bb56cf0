/* Runs the lobby's "Your games" (lobby.js with your_games.js) under node, without a browser:
   the kept entries come on the input, the server's answers are stand-ins that each take a while
   (later games answer sooner), and what the lobby asked and drew is printed as JSON: `asked`
   (game ids in the order asked), `most_at_once` (the most requests waiting at one time),
   `kept` (each kept entry's [id, status] afterwards) and `drawn` (the list's lines). The games
   in `unanswered` get no answer at all: their reads end only when given up (after 50 ms here,
   for the page's 10 s).

   node lobby_games.js STATIC_DIR < {"entries": [...], "finished": [ids the server says are],
                                     "unanswered": [ids]} */
"use strict";
const fs = require("fs");

const { Element, pageContext } = require("./stub_dom.js");

const [staticDir] = process.argv.slice(2);
const given = JSON.parse(fs.readFileSync(0, "utf8"));
const stored = { "gotham-your-games": JSON.stringify(given.entries) };
const elements = { "your-games": new Element("section"), "your-games-list": new Element("ul") };
const asked = [];
let waiting = 0, mostAtOnce = 0;
function fetch(url, options) {
  const id = Number(url.match(/\/api\/games\/(\d+)\//)[1]);
  asked.push(id);
  waiting += 1;
  mostAtOnce = Math.max(mostAtOnce, waiting);
  if ((given.unanswered || []).includes(id)) {
    const signal = options && options.signal;  // a read with no signal is never given up
    return new Promise((resolve, reject) => signal && signal.addEventListener("abort", () => {
      waiting -= 1;
      reject(signal.reason);
    }));
  }
  const status = given.finished.includes(id) ? "finished" : "active";
  return new Promise((resolve) => setTimeout(() => {
    waiting -= 1;
    resolve({ ok: true, json: async () => ({ id, status }) });
  }, 5 + 40 / id));
}
pageContext(staticDir, ["dom.js", "your_games.js", "lobby.js"], {
  document: {
    createElement: (tag) => new Element(tag),
    getElementById: (id) => elements[id] || null,
  },
  localStorage: { getItem: (k) => stored[k] ?? null, setItem: (k, v) => { stored[k] = String(v); } },
  fetch,
  AbortSignal: { timeout: () => AbortSignal.timeout(50) },
  setTimeout,
  console,
});
setTimeout(() => {
  const kept = JSON.parse(stored["gotham-your-games"]).map((e) => [e.id, e.status]);
  const drawn = elements["your-games-list"].children.map((li) => li.textContent);
  process.stdout.write(JSON.stringify({ asked, most_at_once: mostAtOnce, kept, drawn }));
}, 1000);
