/* The play page reads a game in three answers: the seat's view (who is to act: the status), the
   game's details (seats, finished or not) and the seat's legal moves (the buttons). Each says the
   version it was read at, and a move can land between two reads (a bot answers at once): the
   status would say "Waiting for Gordon" over the next turn's moves. So the answers are drawn only
   as a set read at one version: an older one is read again (the newest one read is the head the
   others catch up with), a few times at most. A game that keeps moving under them (bots playing
   on) is drawn from its newest view, its moves withheld until they agree (`settled` false), so
   the status and the moves never disagree. */
"use strict";
window.GothamSnapshot = (function () {
  const RETRIES = 3;  // reads again of the older answers; a bot's turn is over long before

  const versionOf = (answer) => (answer && Number.isInteger(answer.version) ? answer.version : null);

  /* The answers {state, game, legal, settled} read with `readers` ({state, game, legal}: each an
     async function giving its answer as JSON); the legal moves only while `wantsMoves(game)`
     (legal null otherwise). An answer without a version (a refusal) is not waited for. `gone()`
     says a newer reading started: this one stops (null). */
  async function read(readers, wantsMoves, gone = () => false, retries = RETRIES) {
    let state = await readers.state();
    if (gone()) return null;
    let game = await readers.game();
    if (gone()) return null;
    let legal = wantsMoves(game) ? await readers.legal() : null;
    if (gone()) return null;
    for (let retry = 0; ; retry += 1) {
      const versions = [state, game, legal].map(versionOf).filter((v) => v !== null);
      const newest = Math.max(...versions);
      if (versions.every((v) => v === newest)) return { state, game, legal, settled: true };
      if (retry === retries) return { state, game, legal, settled: false };
      if (versionOf(state) !== null && versionOf(state) < newest) state = await readers.state();
      if (gone()) return null;
      if (versionOf(game) !== null && versionOf(game) < newest) game = await readers.game();
      if (gone()) return null;
      if (!wantsMoves(game)) legal = null;  // the game finished meanwhile: no moves to pair
      else if (!legal || (versionOf(legal) !== null && versionOf(legal) < newest)) legal = await readers.legal();
      if (gone()) return null;
    }
  }

  /* Whether the moves read may be drawn with the view read: they were read at its version (or
     there are none, or either answer is a refusal without a version). */
  function movesAgree({ state, legal }) {
    return versionOf(legal) === null || versionOf(state) === null || versionOf(legal) === versionOf(state);
  }

  return { read, movesAgree, RETRIES };
})();
