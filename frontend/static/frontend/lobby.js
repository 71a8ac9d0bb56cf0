/* The lobby form follows the chosen game: as many seat rows as it seats, and only its options.
   "Your games" lists the seats this browser has played, with a link back to each. */
"use strict";
(function () {
  const section = document.getElementById("your-games");
  if (!section || !window.GothamYourGames) return;
  const { node } = window.GothamDom;
  const { seatHref } = window.GothamYourGames;
  function draw() {
    const entries = window.GothamYourGames.list();
    section.hidden = !entries.length;
    const items = entries.map((e) => {
      const named = `${e.title || `Game ${e.id}`}: ${e.name || `seat ${e.seat}`}`;
      // a finished game's link opens its replay as the seat (in a new tab too: the token goes
      // after #, as in a seat link); one in play, its page, with its replay beside it
      const finished = e.status === "finished";
      const link = node("a", named);
      link.href = seatHref(e.id, e.token, finished ? "replay/" : "");
      const forget = node("button", "forget");
      forget.type = "button";
      forget.setAttribute("aria-label", `Forget ${named}`);
      forget.addEventListener("click", () => { window.GothamYourGames.forget(e.id, e.seat); draw(); });
      if (finished) return node("li", null, link, " (finished) ", forget);
      const replay = node("a", "replay");
      replay.href = seatHref(e.id, e.token, "replay/");
      replay.setAttribute("aria-label", `Replay of ${named}`);
      return node("li", null, link, " (in play; ", replay, ") ", forget);
    });
    document.getElementById("your-games-list").replaceChildren(...items);
  }
  /* A game kept "in play" may have finished since its page was last open (bots play on): ask
     the server, a few games at a time, and redraw with what it says. */
  async function refresh() {
    const finished = await window.GothamYourGames.finishedSince(async (id) => {
      // a read left unanswered is given up (GothamDom.gameApi): the game's kept status stands
      const answer = await window.GothamDom.gameApi(id, { Accept: "application/json" })("");
      return answer.ok ? answer.json() : null;
    });
    finished.forEach((id) => window.GothamYourGames.setStatus(id, "finished"));
    if (finished.length) draw();
  }
  draw();
  refresh();
})();
(function () {
  const select = document.getElementById("game-select");
  if (!select) return;
  function follow() {
    const chosen = select.options[select.selectedIndex];
    const max = Number(chosen.dataset.max), slug = chosen.value;
    for (const row of document.querySelectorAll(".seat-row")) {
      const outside = Number(row.dataset.seat) >= max;
      row.hidden = outside;
      const kind = row.querySelector("select");
      if (outside) kind.value = "empty";
    }
    for (const option of document.querySelectorAll(".game-option")) {
      const other = option.dataset.game !== slug;
      option.hidden = other;
      if (other) option.querySelector("input").checked = false;
    }
  }
  select.addEventListener("change", follow);
  follow();
})();
