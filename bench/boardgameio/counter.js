// A one-seat counter: each move adds one. The move runs on the server only (no client-side
// prediction), so a client sees its move's result when the server has stored and sent it.
const Counter = {
  name: "counter",
  setup: () => ({ n: 0 }),
  moves: { add: { move: ({ G }) => ({ n: G.n + 1 }), client: false } },
};

module.exports = { Counter };
