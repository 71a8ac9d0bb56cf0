/* The play page's autopilot line: a person who has to leave the table lets a bot play their seat
   from now on, and takes it back when they return (POST /api/games/{id}/autopilot/). Built from
   nodes with textContent only, never markup. The bots' levels come from the box's data-levels,
   written by the server from the one list of them. */
"use strict";
window.GothamAutopilot = (function () {
  const { node } = window.GothamDom;

  function levels(box) {
    try {
      return Object.entries(JSON.parse(box.dataset.levels || "{}"));
    } catch (error) {
      return [];
    }
  }

  /* Draw the line for `seat` of `game` in `box`; `post(body)` sends the change and resolves to
     the fetch response; `after()` redraws the page. Nothing is redrawn while the seat's state
     is unchanged, so a level being picked is not reset by the next event. */
  function show(box, game, seat, post, after) {
    const mine = (game.seats || []).find((s) => s.seat === seat);
    if (!mine || mine.bot || game.status !== "active") {
      box.hidden = true;
      box.dataset.autopilot = "";
      return;
    }
    const now = mine.autopilot || "none";
    box.hidden = false;
    if (box.dataset.autopilot === now) return;
    box.dataset.autopilot = now;
    const named = Object.fromEntries(levels(box));
    const send = async (bot, button) => {
      button.disabled = true;
      let body = {};
      try {
        const response = await post({ bot });
        body = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(body.message || "The server refused the change.");
        box.dataset.autopilot = "";  // redrawn from the game as it is now
      } catch (error) {
        const refusal = node("span", error.message || "Could not reach the server.");
        refusal.className = "error";
        box.append(" ", refusal);
        button.disabled = false;
        return;
      }
      await after();
    };
    if (mine.autopilot) {
      const back = node("button", "Play myself again");
      back.type = "button";
      back.addEventListener("click", () => send(null, back));
      const level = named[mine.autopilot] || mine.autopilot;
      box.replaceChildren(`A bot (${level}) plays your seat while you are away; a move you make first is yours. `, back);
      return;
    }
    const choice = node("select");
    choice.setAttribute("aria-label", "How strongly the bot plays");
    for (const [bot, level] of levels(box)) {
      const option = node("option", `bot: ${level}`);
      option.value = bot;
      choice.append(option);
    }
    const hand = node("button", "Let a bot play for me");
    hand.type = "button";
    hand.addEventListener("click", () => send(choice.value, hand));
    box.replaceChildren("Leaving the table? ", choice, " ", hand);
  }

  return { show };
})();
