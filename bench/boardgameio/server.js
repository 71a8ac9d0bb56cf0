// boardgame.io 0.50.2's own server hosting a counter game, the reference bench/run.py compares
// the move endpoint with: `node server.js PORT DIR` stores every match in DIR with its FlatFile
// storage (node-persist, one file per key); `node server.js PORT memory` keeps them in memory.
const { Server, FlatFile, Origins } = require("boardgame.io/server");
const { Counter } = require("./counter");

const [port, dir] = process.argv.slice(2);
const db = dir === "memory" ? undefined : new FlatFile({ dir });
const server = Server({ games: [Counter], db, origins: [Origins.LOCALHOST] });
server.run(Number(port), () => console.log("ready"));
