/* Runs dom.js's gameApi under node with fetch and AbortSignal stood in for, and prints as JSON
   each request it made: its url, its headers, its method and the time after which it is given
   up (null: never).

   node game_api.js STATIC_DIR < {"game": 7, "headers": {...}, "calls": [[path, options], ...]} */
"use strict";
const fs = require("fs");

const { pageContext } = require("./stub_dom.js");

const [staticDir] = process.argv.slice(2);
const given = JSON.parse(fs.readFileSync(0, "utf8"));
const made = [];
const context = pageContext(staticDir, ["dom.js"], {
  fetch: (url, options) => {
    made.push({
      url,
      headers: options.headers,
      method: options.method || "GET",
      given_up_after: options.signal ? options.signal.afterMs : null,
    });
    return Promise.resolve({});
  },
  AbortSignal: { timeout: (ms) => ({ afterMs: ms }) },
});
const api = context.GothamDom.gameApi(given.game, given.headers);
Promise.all(given.calls.map(([path, options]) => api(path, options))).then(() => {
  process.stdout.write(JSON.stringify(made));
});
