/* Runs dom.js's askedWait under node and prints as JSON the wait (ms) each answer asks for.

   node asked_wait.js STATIC_DIR < [{"headers": {...}, "body": {...}, "bounds": [least, most]}, ...] */
"use strict";
const fs = require("fs");

const { pageContext } = require("./stub_dom.js");

const [staticDir] = process.argv.slice(2);
const given = JSON.parse(fs.readFileSync(0, "utf8"));
const { askedWait } = pageContext(staticDir, ["dom.js"], {}).GothamDom;
const answer = (headers) => ({ headers: { get: (name) => (name in headers ? headers[name] : null) } });
process.stdout.write(JSON.stringify(given.map((c) => askedWait(answer(c.headers), c.body, ...(c.bounds || [])))));
