// Clients of boardgame.io's server: `node clients.js PORT CLIENTS MATCHES MOVES` creates the
// matches through the lobby API, connects one socket.io client per match, then each of CLIENTS
// loops over its matches making one move at a time, timing it until the server's update
// arrives. Prints one JSON line: {"moves", "seconds", "latencies_ms"}.
const { Client, LobbyClient } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { Counter } = require("./counter");

const [port, clientCount, matchCount, moveCount] = process.argv.slice(2).map(Number);
const server = `http://127.0.0.1:${port}`;

async function connect(lobby) {
  const { matchID } = await lobby.createMatch("counter", { numPlayers: 1 });
  const { playerCredentials } = await lobby.joinMatch("counter", matchID, {
    playerID: "0",
    playerName: "bench",
  });
  const client = Client({
    game: Counter,
    multiplayer: SocketIO({ server }),
    matchID,
    playerID: "0",
    credentials: playerCredentials,
  });
  client.start();
  await new Promise((resolve) => {
    const stop = client.subscribe((state) => {
      if (state && state._stateID !== undefined) {
        stop();
        resolve();
      }
    });
  });
  return client;
}

function moveOnce(client) {
  const before = client.getState()._stateID;
  return new Promise((resolve) => {
    const stop = client.subscribe((state) => {
      if (state && state._stateID > before) {
        stop();
        resolve();
      }
    });
    client.moves.add();
  });
}

async function main() {
  const lobby = new LobbyClient({ server });
  const clients = [];
  for (let i = 0; i < matchCount; i++) clients.push(await connect(lobby));
  const latencies = [];
  const perClient = Math.floor(moveCount / clientCount);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clientCount }, async (_, index) => {
      const mine = clients.filter((_, i) => i % clientCount === index);
      for (let n = 0; n < perClient; n++) {
        const t0 = process.hrtime.bigint();
        await moveOnce(mine[n % mine.length]);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(JSON.stringify({ moves: latencies.length, seconds, latencies_ms: latencies }));
  for (const client of clients) client.stop();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
