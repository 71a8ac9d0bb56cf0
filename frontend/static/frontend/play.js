/* The play page: the caller's view, their legal moves as buttons, refusals with the rules cited,
   and new events arriving live from the stream endpoint.

   Everything the server sends is data: it is put in the page with textContent and setAttribute
   only, never as markup. The seat token arrives in the URL fragment (#token=…, which is never sent
   to the server), is kept in this tab's sessionStorage and goes out only in the Authorization
   header; the live stream is opened with a short-lived ticket instead. */
"use strict";
(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const gameId = root.dataset.gameId, slug = root.dataset.slug;
  const yourGames = window.GothamYourGames;
  const key = `seat-token-${gameId}`;
  const linked = yourGames.tabToken(gameId);
  // another seat's link opened in this tab (hot-seat play): read the page again as that seat
  window.addEventListener("hashchange", () => {
    if (new URLSearchParams(location.hash.replace(/^#/, "")).has("token")) location.reload();
  });
  // the seat token a link carries after # (a seat link of the creation page)
  const tokenIn = (href) => new URLSearchParams(new URL(href, location.href).hash.replace(/^#/, "")).get("token");
  /* The page a game's creation leads to lists the seat links once: whoever filled in the form
     sits at the first person's seat (the others are held in "your games" for a click). */
  const createdSeat = () => {
    const first = document.querySelector("a.seat-link");
    return first ? tokenIn(first.href) : null;
  };
  const token = linked || createdSeat() || yourGames.tokenFor(gameId);
  if (token) sessionStorage.setItem(key, token);
  // a seat link this game refused (see dropToken) was forgotten before this page was read again
  const refusedKey = `seat-refused-${gameId}`;
  const refusedBefore = sessionStorage.getItem(refusedKey);
  sessionStorage.removeItem(refusedKey);
  const headers = token ? { Authorization: `Seat ${token}` } : {};
  let version = 0;
  let mySeat = null;  // the seat the page last drew as this tab's (null: a spectator)
  // the seat's last move, told in the status (a live region) until the game moves on from the
  // version it led to: {label, note, at, after} (`at` null until the page has drawn it; `after`
  // the version the move's answer gave, when others' moves may follow at once)
  let played = null;
  let moved = false;  // a move of this page was answered: the next drawing places the focus
  let waitedOnStatus = false;  // placeFocus put the focus on the status: the seat had no move

  const $ = (id) => document.getElementById(id);
  // a read left unanswered is given up (GothamDom.gameApi), and refresh reads again later
  const { node, citationList, gameApi, readJson, askedWait } = window.GothamDom;
  const api = gameApi(gameId, headers);

  // who a seat is, in the table's words: "The Joker (Ann)"; seats come from the game's details
  function seatName(seats, index) {
    const seat = (seats || []).find((s) => s.seat === index);
    if (!seat) return `seat ${index}`;
    const who = seat.name || (seat.bot ? `${seat.bot} bot` : `seat ${index}`);
    return seat.role && seat.role !== who ? `${seat.role} (${who})` : who;
  }

  /* Who won, by role and name, after the outcome's sentence (which names roles only), and how
     it went for the seat reading it: " You played Gordon (Bob); won by Falcone (Ann)." */
  function finishedFor(game, seat) {
    const winners = (game.outcome && game.outcome.winners) || [];
    const names = winners.filter((s) => s !== seat).map((s) => seatName(game.seats, s));
    const others = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
    if (seat === null || seat === undefined) return others ? ` Won by ${others}.` : "";
    const mine = seatName(game.seats, seat);
    if (winners.includes(seat)) return ` You won, playing ${mine}${others ? `, with ${others}` : ""}.`;
    return ` You played ${mine}${others ? `; won by ${others}` : ""}.`;
  }

  function showRejoin(game, seat) {
    // the link back to this seat, to keep: it carries the token after #, never sent to a server;
    // a finished game has no seat to come back to, only its replay and analysis, seen as it
    if (!token || seat === null || seat === undefined) return;
    if (game.status === "finished") {
      const link = node("a", "its replay and analysis");
      link.href = yourGames.seatHref(gameId, token, "replay/");
      $("rejoin").replaceChildren("This game is over: keep ", link, " to look back on it as this seat.");
    } else {
      const link = node("a", "your rejoin link");
      link.href = yourGames.seatHref(gameId, token);
      $("rejoin").replaceChildren("Keep ", link, " to come back to this seat from another browser.");
    }
    $("rejoin").hidden = false;
    yourGames.remember({
      id: Number(gameId), title: root.dataset.title || slug, seat,
      name: seatName(game.seats, seat), token, status: game.status,
    });
  }

  /* Hot-seat play: a seat to act whose token this browser holds (its "your games") gets a link
     beside the status that reads the page again as that seat: {label, href} of each. */
  function switches(game, toAct) {
    const held = yourGames.list().filter((e) => e.id === Number(gameId) && toAct.includes(e.seat)
      && typeof e.token === "string" && e.token !== token);
    return held.map((entry) => ({ label: `Switch to ${seatName(game.seats, entry.seat)}`, href: yourGames.seatHref(gameId, entry.token) }));
  }

  /* The status says `text`, then each of `links` (switches). A drawing that says the same again
     leaves its nodes as they are: a click on a switch pressed before a redraw and released after
     it (the stream redraws at each event) landed on a link no longer in the page, and was lost. */
  let statusSaid = null;
  function showStatus(text, links = []) {
    const said = JSON.stringify([text, links]);
    if (said === statusSaid) return;
    statusSaid = said;
    $("status").replaceChildren(text, ...links.flatMap(({ label, href }) => {
      const link = node("a", label);
      link.href = href;
      link.className = "switch-seat";
      return [" ", link];
    }));
  }

  /* The page a game's creation leads to lists every person's seat link, once: this tab plays
     the first (createdSeat); the others not yet opened are kept in "your games" as held, so
     that the status offers to switch to them (hot-seat play). A held seat is never taken
     without a click. */
  let createdKept = false;
  function keepCreatedSeats(game) {
    if (createdKept) return;
    createdKept = true;
    const opened = new Set(yourGames.list().filter((e) => e.id === Number(gameId) && !e.held).map((e) => e.seat));
    document.querySelectorAll("a.seat-link").forEach((link) => {
      const seat = Number(link.dataset.seat);
      const held = tokenIn(link.href);
      if (!held || held === token || !Number.isInteger(seat) || opened.has(seat)) return;
      yourGames.remember({
        id: Number(gameId), title: root.dataset.title || slug, seat,
        name: seatName(game.seats, seat), token: held, status: game.status, held: true,
      });
    });
  }

  const EVENT_RULES = 3;  // rule links on one event line; the replay lists them all
  // an event without text is bookkeeping that changes nothing at the table: no line
  function showEvent(e) {
    if (e.text) $("events").prepend(eventLine(e));
  }

  function eventLine(e) {
    const li = node("li");
    li.value = e.seq;
    li.append(node("span", e.text));
    const rules = e.citations || [];
    if (!rules.length) return li;
    li.append(" — ");
    const cited = citationList(rules.slice(0, EVENT_RULES));
    cited.className = "muted";
    if (rules.length > EVENT_RULES) cited.append(` and ${rules.length - EVENT_RULES} more in the replay`);
    li.append(cited);
    return li;
  }

  function showRefusal(body) {
    const refusal = $("refusal");
    refusal.replaceChildren(node("span", body.message || "The server refused this move."));
    refusal.dataset.code = body.code || "";  // for a client's tools: a player reads the reason
    if (body.citations && body.citations.length) refusal.append(" — see ", citationList(body.citations));
    refusal.hidden = false;
  }

  // overlapping refreshes (a stream event and a move's answer at once): only the latest started
  // one draws, so the move list is never drawn twice or from an older answer
  let refreshes = 0;

  /* A read that got no answer about the game, its message saying why: none at all (the server
     could not be reached, or the read was given up), an error of the server's own (5xx), or a
     refusal to be asked so often (429, `asked`: the wait in ms it asks for). Drawn as an
     answer, such an error left a seat to act with no moves for good (its moves' read failed),
     or "Could not load this game." until the next event (its view's). */
  class ReadFailed extends Error {
    constructor(message, asked = 0) {
      super(message);
      this.asked = asked;
    }
  }

  const ASKED_MS = [1000, 60000];  // the least and the most a 429's asked wait is taken as
  // one of the page's reads (the view, the game, the moves, the events): its JSON, or ReadFailed
  async function read(path) {
    const answer = await api(path).catch(() => { throw new ReadFailed("Could not reach the server"); });
    if (answer.status === 429) {
      const asked = askedWait(answer, await readJson(answer), ...ASKED_MS);
      throw new ReadFailed("The server asked for a pause (too many requests)", asked);
    }
    if (answer.status >= 500) throw new ReadFailed(`The server answered ${answer.status}`);
    return readJson(answer);
  }

  // the wait before trying again after `failed` failures in a row: what a 429 asked, else 2, 4,
  // 8… s (at most 30 s)
  const waitAfter = (error, failed) => (error instanceof ReadFailed && error.asked) || Math.min(30000, 1000 * 2 ** failed);
  const tellTrying = (why, delay) => showStatus(`${why}; trying again in ${delay / 1000} s.`);

  /* A read outside a drawing (the events the page starts from, what came before a move refused
     as stale), tried again as a drawing is, the wait told in the status, READ_TRIES times at
     most (then its ReadFailed). */
  const READ_TRIES = 3;
  let waitedFor = 0;  // the reads outside a drawing that told a wait in the status
  async function readTried(path) {
    for (let failed = 1; ; failed += 1) {
      try {
        return await read(path);
      } catch (error) {
        if (!(error instanceof ReadFailed) || failed >= READ_TRIES) throw error;
        const delay = waitAfter(error, failed);
        waitedFor += 1;
        tellTrying(error.message, delay);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /* A drawing that failed is tried again by itself, 2, 4, 8… s later (at most 30 s; sooner if an
     event or a move refreshes first): a seat waiting for others has no move to click, and its
     stream opens only after the page's first drawing. A read that failed is told ("Could not
     reach the server", "The server answered 503"); anything else that stopped the drawing is a
     fault of this page, told as one and reported (its console, a test's page errors), never
     passed off as the network's. */
  let unreached = 0;  // drawings in a row that failed
  let drawAgain = null;
  let drewOnce;  // resolves `drawn`: the page's first drawing that did not fail
  const drawn = new Promise((resolve) => { drewOnce = resolve; });
  async function refresh() {
    const mine = ++refreshes;
    clearTimeout(drawAgain);
    try {
      await draw(mine);
      if (mine !== refreshes) return;
      unreached = 0;
      drewOnce();
    } catch (error) {
      if (mine !== refreshes) return;
      unreached += 1;
      const delay = waitAfter(error, unreached);
      tellTrying(error instanceof ReadFailed ? error.message : "This page could not draw the game", delay);
      drawAgain = setTimeout(refresh, delay);
      if (!(error instanceof ReadFailed)) reportError(error);
    }
  }

  /* The view, the details and the moves read at one version (snapshot.js): the status and the
     buttons are drawn from the same moment of the game. When the game moved on under every
     read, the newest view is drawn with its moves withheld, "updating", and read again soon. */
  const UPDATING_AGAIN = 1000;  // ms before reading again a game that moved on under the reads
  let updatingTimer = null;
  async function draw(mine) {
    const readers = { state: () => read("state/"), game: () => read(""), legal: () => read("legal-moves/") };
    const wantsMoves = (game) => Boolean(token) && game.status === "active";
    const snapshot = await window.GothamSnapshot.read(readers, wantsMoves, () => mine !== refreshes);
    if (!snapshot) return;
    const { state, game } = snapshot;
    const paired = window.GothamSnapshot.movesAgree(snapshot);
    const legal = snapshot.legal && paired ? snapshot.legal : { moves: [] };
    clearTimeout(updatingTimer);
    if (!paired) updatingTimer = setTimeout(refresh, UPDATING_AGAIN);
    if (!state.state) {
      if (token && state.error === "foreign_token" && !refusedBefore) return dropToken();
      showStatus(state.message || "Could not load this game.");
      return;
    }
    version = state.version;
    mySeat = state.seat;
    const view = state.state;
    keepCreatedSeats(game);
    // the target (a place on the board, a card in the hand) that had the focus, if one did: the
    // drawing takes it away, and gives it back to the same target (or the moves) below
    // (a move button names its target too: the focus on one is the move list's, kept below)
    const onTargets = ["board", "info"].some((id) => $(id).contains(document.activeElement));
    const aimed = onTargets ? window.GothamTargets.spotOf(document.activeElement) : null;
    window.GothamBoards.render(slug, $("board"), view);
    const you = state.seat === null ? "You are watching." : `You play ${seatName(game.seats, state.seat)}.`;
    // a seat on autopilot is waited for as its bot: "Figure B (Bob) — a bot plays for them"
    const onAutopilot = new Set((game.seats || []).filter((s) => s.autopilot).map((s) => s.seat));
    const waiting = (state.to_act || []).map((s) => (s === state.seat ? "you" : seatName(game.seats, s))
      + (onAutopilot.has(s) && s !== state.seat ? ", a bot playing for them" : ""));
    const yourTurn = (state.to_act || []).includes(state.seat);
    if (played && played.at === null) played.at = version;
    if (played && played.at !== version) played = null;  // another's move since: told in events
    // others played between the move's answer and this drawing (a bot at once): the status
    // said "You chose: End your turn. Your turn." of a turn that had come round again
    const since = played && Number.isInteger(played.after) && version > played.after ? " Others have played since: see the latest events." : "";
    const chose = played ? ` You chose: ${played.label}.${played.note ? ` ${played.note}` : ""}${since}` : "";
    if (game.status === "finished") showStatus(`Finished: ${game.outcome ? game.outcome.summary : ""}${finishedFor(game, state.seat)}`);
    else if (yourTurn) showStatus(`${you}${chose} Your turn.`);
    else showStatus(`${you}${chose} Waiting for ${waiting.join(" and ")}.`, switches(game, state.to_act || []));
    $("status").classList.toggle("your-turn", yourTurn && game.status !== "finished");
    $("status").dataset.version = String(version);  // what the page last drew (clients wait on it)
    showRejoin(game, state.seat);
    const autopilot = (body) => api("autopilot/", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    window.GothamAutopilot.show($("autopilot"), game, token ? state.seat : null, autopilot, refresh);
    const buttons = [];
    // what had the keyboard's focus in the list before it is drawn again (undefined: nothing):
    // a move (its JSON) or a kind's heading (its summary, by the kind)
    const inList = $("moves").contains(document.activeElement) ? document.activeElement : null;
    const group = inList && inList.closest("details.move-group");
    const focused = inList ? inList.dataset.move || (group ? { kind: group.dataset.kind } : "") : undefined;
    const moveButton = ({ move, label }) => {
      const button = node("button", label);
      button.type = "button";
      button.className = "move";
      button.dataset.move = JSON.stringify(move);
      const aim = window.GothamBoards.target(slug, move);
      if (aim) button.dataset.target = aim;
      button.addEventListener("click", () => submit(move, label));
      buttons.push(button);
      return button;
    };
    $("moves").replaceChildren(...window.GothamMoves.list(legal.moves || [], moveButton, foldedKinds));
    for (const group of $("moves").querySelectorAll("details.move-group")) {
      group.addEventListener("toggle", () => {
        if (group.open) foldedKinds.delete(group.dataset.kind);
        else foldedKinds.add(group.dataset.kind);
      });
    }
    // a seat in a game in play has moves; a spectator or a finished game has only the table
    const playing = Boolean(token) && game.status === "active";
    window.GothamBoards.panel(slug, $("info"), view, state.seat);
    markTargets(buttons);
    drawnButtons = buttons;
    $("skip-to-moves").hidden = !playing;
    // the focus the page left on the status while others played goes to the first move when
    // the seat's turn comes back (a keyboard needed five Tabs to reach it from there)
    const turnCameBack = waitedOnStatus && yourTurn && buttons.length > 0 && document.activeElement === $("status");
    const aimedAgain = aimed && !moved ? window.GothamTargets.focusable(targetGroups(), aimed) : null;
    if (aimedAgain) aimedAgain.focus();
    else if (moved || inList || turnCameBack || aimed) placeFocus(buttons, moved || turnCameBack ? undefined : focused);
    moved = false;
    if (!paired) {
      $("moves-hint").textContent = "Updating…";
    } else if (playing && !buttons.length && !yourTurn) {
      $("moves-hint").textContent = `No moves for you until your turn: waiting for ${waiting.join(" and ")}.`;
    }
    // no heading over nothing (a spectator), nor over a panel with its own ("Your hand")
    const heading = window.GothamBoards.panelTitle(playing, $("info"));
    $("panel-title").textContent = heading || "";
    $("panel-title").hidden = !heading;
  }

  /* After this page's move, or a drawing that took away what had the focus in the move list,
     or the seat's turn coming back while the focus waits on the status, the focus lands where
     the keyboard goes on: what had it (`focused`: a move's JSON, or
     {kind} for a kind's heading) if it is still there, else the first move shown, else the
     status that says what happened and who is to play (the list empties on another's turn). */
  function placeFocus(buttons, focused) {
    const shown = buttons.filter((b) => !b.hidden && !b.closest("details:not([open])"));
    const heading = focused && focused.kind !== undefined
      ? [...$("moves").querySelectorAll("details.move-group")].find((g) => g.dataset.kind === focused.kind && !g.hidden)
      : null;
    const target = (heading && heading.querySelector("summary"))
      || shown.find((b) => b.dataset.move === focused) || shown[0] || $("status");
    target.focus();
    waitedOnStatus = target === $("status");
  }

  const SEAT_REFUSED = "That seat link is not one of this game's (cut short or mistyped?), so this page no longer uses it. Open the link again exactly as it was given to you to play that seat.";

  /* A seat token this game refuses (a link cut short or mistyped, or kept in "your games" from a
     game the server no longer has) would refuse every request of this tab, even without the
     link: it is forgotten here and in "your games", and the page is read again as a
     spectator's, saying why (once: a token refused again is only told). */
  let leaving = false;  // dropToken is reading the page again: nothing more starts meanwhile
  function dropToken() {
    leaving = true;
    sessionStorage.removeItem(key);
    yourGames.list().filter((e) => e.id === Number(gameId) && e.token === token).forEach((e) => yourGames.forget(e.id, e.seat));
    sessionStorage.setItem(refusedKey, "1");
    location.reload();
  }

  /* "Skip to your moves", the page's first Tab (its header, seat links and autopilot came
     first, some ten Tabs): the focus goes to the first move shown, else to the status that says
     who is to play. */
  let drawnButtons = [];
  $("skip-to-moves").addEventListener("click", (event) => {
    event.preventDefault();
    placeFocus(drawnButtons);
  });

  const foldedKinds = new Set();  // the kinds of move the seat folded away stay folded on redraw

  /* Board elements some legal move acts on are highlighted; picking one (a click, or Enter or
     Space with the focus on it: targets.js) keeps only its moves (then a move button confirms);
     picking it again, or "all moves", shows every move. */
  let chosenTarget = null;
  const targetGroups = () => ["board", "info"].map((id) => [...$(id).querySelectorAll("[data-target]")]);
  function markTargets(buttons) {
    const pick = (aim) => { chosenTarget = chosenTarget === aim ? null : aim; markTargets(buttons); };
    chosenTarget = window.GothamTargets.mark(targetGroups(), buttons, chosenTarget, pick);
    // a board with places to pick is a group of buttons, not a picture (whose parts a screen
    // reader never reaches)
    const onBoard = $("board").querySelector(".legal-target");
    $("board").setAttribute("role", onBoard ? "group" : "img");
    for (const button of buttons) button.hidden = Boolean(chosenTarget) && !window.GothamTargets.actsOn(button, chosenTarget);
    for (const group of $("moves").querySelectorAll("details.move-group")) {
      const shown = [...group.querySelectorAll("button.move")].filter((b) => !b.hidden);
      group.hidden = !shown.length;
      window.GothamMoves.recount(group, shown.length);
      if (chosenTarget && shown.length) group.open = true;  // what was picked is never folded away
    }
    const all = $("all-moves");
    all.hidden = !chosenTarget;
    all.onclick = () => { chosenTarget = null; markTargets(buttons); };
    // the hint names what is highlighted and where: on the board (a deck, a hero, a district:
    // as its board module calls it), beside it (a card in the hand), or both
    const marked = [...document.querySelectorAll(".legal-target")];
    const where = window.GothamTargets.where(marked.filter((e) => e.closest("#board")), marked.filter((e) => !e.closest("#board")));
    // the keyboard's way in words too: the targets of a group are one Tab, then arrow keys
    const keys = "by keyboard: Tab, the arrow keys, Enter";
    $("moves-hint").textContent = marked.length
      ? (chosenTarget ? "The moves on what you picked:" : `Pick ${where} (${keys}), or a move below.`)
      : "";
  }

  // a move posted at `at` (the version it was chosen at): the answer, or null when the server
  // could not be reached
  function post(move, at) {
    return api("moves/", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ expected_version: at, move }),
    }).catch(() => null);
  }

  async function submit(move, label) {
    $("refusal").hidden = true;
    const chosenAt = version;
    const answer = await post(move, chosenAt);
    if (!answer) {
      showRefusal({ message: "Could not reach the server; the board below is what it last said." });
    } else if (answer.ok) {
      played = { label, note: "", at: null, after: (await readJson(answer)).version };
    } else {
      const body = await readJson(answer);
      if (answer.status === 409 && body.error === "version_conflict") await afterConflict(move, label, chosenAt);
      else showRefusal(body);
    }
    moved = true;
    await refresh();
  }

  /* A stale version (409): another move came first (a bot's, in a phase where several seats
     choose at once). If exactly this move is still offered to this seat at the new version, it
     is sent again, once, and the seat told nothing was lost; else the seat reads what came first
     and chooses again from the fresh moves. A move this very seat made meanwhile (from another
     page) is never doubled by sending this one again. */
  const TOLD_AT_MOST = 3;
  async function afterConflict(move, label, chosenAt) {
    let legal, since;
    try {
      legal = await readTried("legal-moves/");
      since = await readTried(`events/?after=${chosenAt}`);
    } catch (error) {
      if (!(error instanceof ReadFailed)) throw error;
      // read as none, a failed read sent no move again and said only "Another player's move"
      return showRefusal({ message: `Another move came first; this page could not read which (${error.message.toLowerCase()}). Choose again from the moves below.` });
    }
    const first = since.events || [];
    // what came first, in the game's words: its first few events (a bot's whole turn can be long)
    const texts = first.map((e) => e.text).filter(Boolean);
    const told = texts.slice(0, TOLD_AT_MOST).join(" ") + (texts.length > TOLD_AT_MOST ? " …" : "");
    const byThisSeat = mySeat !== null && first.some((e) => e.seat === mySeat);
    if (!byThisSeat && Number.isInteger(legal.version) && window.GothamMoves.offered(legal.moves, move)) {
      const again = await post(move, legal.version);
      if (again && again.ok) {
        const after = (await readJson(again)).version;
        played = { label, note: `Another move came first${told ? `: ${told}` : "."} Yours was still open and was sent again: nothing was lost.`, at: null, after };
        return;
      }
      if (again && again.status !== 409) return showRefusal(await readJson(again));
    }
    const what = told ? `: ${told}` : ".";
    showRefusal({ message: byThisSeat
      ? `A move of this seat from another page came first${what} Choose again from the moves below.`
      : `Another player's move came first${what} Choose again from the moves below.` });
  }

  // ---- the live stream ------------------------------------------------------------------------
  // A seat opens it with a ticket (good for 60 s) bought with its token, so no token is in the
  // URL. It is read with fetch, not EventSource, which hides why a stream was refused: a 429
  // (too many streams or requests from here), another refusal or a broken connection is told on
  // the page, counting down while it waits to retry. When the stream ends (the server's
  // `timeout`, or an error) it is opened again after the last seq seen, later and later while it
  // keeps failing.
  let lastSeq = 0, stream = null, ended = false, failures = 0, reopening = null, refreshTimer = null;
  let opening = 0;  // the latest openStream (or pagehide): an older one waiting on its ticket stops

  function scheduleOpen(delay) {
    if (ended || reopening) return;
    reopening = setTimeout(() => { reopening = null; openStream(); }, delay);
  }

  function closeStream() {
    if (stream) stream.abort();
    stream = null;
  }

  /* After a failure the next try waits 2, 4, 8… s (at most 30 s), or longer if the server asks;
     the wait in ms. */
  function retryLater(asked = 0) {
    failures += 1;
    const delay = Math.max(Math.min(30000, 1000 * 2 ** failures), asked);
    scheduleOpen(delay);
    return delay;
  }

  /* Live updates paused, told in words (`why`), counting down to the next try (at least `asked`
     ms away). */
  let countdown = null;
  function tellPaused(why, asked = 0) {
    const until = Date.now() + retryLater(asked);
    const tell = () => {
      const left = Math.ceil((until - Date.now()) / 1000);
      $("live").textContent = `Live updates paused: ${why}; ${left > 0 ? `retrying in ${left} s` : "retrying now"}.`;
    };
    clearInterval(countdown);
    tell();
    countdown = setInterval(tell, 1000);
    $("live").hidden = false;
  }

  /* A refused stream (429): why, in words, and the wait the server asks for. */
  async function tellRefused(response) {
    const body = await readJson(response);
    tellPaused(body.error === "too_many_streams" && token
      ? "this seat has too many pages open at once (close another tab of this game)"
      : "too many requests from this address", askedWait(response, body));
  }

  /* What a stream or ticket request that failed otherwise tells: the server's status, or no
     answer at all. */
  function failedWith(response) {
    return response ? `the server answered ${response.status}` : "the server could not be reached";
  }

  function liveAgain() {
    clearInterval(countdown);
    $("live").hidden = true;
  }

  /* Each server-sent event of a stream's body, as `handle(name, data)`, until the body ends. */
  async function readEvents(body, handle) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const blocks = (buffer + value).split(/\r?\n\r?\n/);
      buffer = blocks.pop();
      for (const block of blocks) {
        const lines = block.split(/\r?\n/);
        const name = lines.filter((l) => l.startsWith("event:")).map((l) => l.slice(6).trim()).pop() || "message";
        const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).replace(/^ /, ""));
        if (data.length) handle(name, data.join("\n"));
      }
    }
  }

  function onStreamEvent(name, data) {
    if (name === "game-event") {
      let event;
      try { event = JSON.parse(data); } catch (error) { return; }
      if (typeof event.seq !== "number" || event.seq <= lastSeq) return;
      lastSeq = event.seq;
      showEvent(event);
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(refresh, 150);
    } else if (name === "end") {
      ended = true;
      closeStream();
      refresh();
    } else if (name === "timeout") {
      closeStream();
      scheduleOpen(0);
    }
  }

  async function openStream() {
    const mine = ++opening;
    closeStream();
    if (ended) return;
    let query = `after=${lastSeq}`;
    if (token) {
      const answer = await api("stream-ticket/", { method: "POST" }).catch(() => null);
      const ticket = answer && answer.ok ? (await readJson(answer)).ticket : null;
      if (mine !== opening) return;
      if (answer && answer.status === 429) return tellRefused(answer);
      if (!ticket) return tellPaused(failedWith(answer));
      query = `ticket=${encodeURIComponent(ticket)}&after=${lastSeq}`;
    }
    if (ended || mine !== opening) return;
    const controller = new AbortController();
    stream = controller;
    try {
      const response = await fetch(`/api/games/${gameId}/stream/?${query}`, {
        headers: { Accept: "text/event-stream" }, cache: "no-store", signal: controller.signal,
      });
      if (response.status === 429) {
        stream = null;
        return tellRefused(response);
      }
      if (!response.ok || !response.body) {
        stream = null;
        return tellPaused(failedWith(response));
      }
      failures = 0;
      liveAgain();
      await readEvents(response.body, (name, data) => { if (stream === controller) onStreamEvent(name, data); });
    } catch (error) {
      if (stream !== controller) return;  // closed on purpose: a newer stream, or leaving the page
    }
    if (stream !== controller) return;
    stream = null;  // the stream broke off, or ended without saying why: open it again later
    tellPaused("the connection broke off");
  }

  /* The page's last events, and then its stream, from the version of its first drawing that
     did not fail (one that failed tries again by itself): read before it, they started from
     version 0, the whole log. */
  async function start() {
    refresh();
    await drawn;
    if (leaving) return;
    if (refusedBefore) showRefusal({ message: SEAT_REFUSED });
    const from = version, waited = waitedFor;
    const events = await readTried(`events/?after=${Math.max(0, from - 15)}`).catch((error) => {
      if (!(error instanceof ReadFailed)) throw error;
      return {};  // none listed: the stream brings those to come
    });
    lastSeq = from;
    for (const e of events.events || []) {
      showEvent(e);
      if (typeof e.seq === "number" && e.seq > lastSeq) lastSeq = e.seq;
    }
    // events arrived while the page loaded, or the status told a wait of the events' read
    if (lastSeq > version || waitedFor > waited) refresh();
    openStream();
  }
  // leaving the page closes the stream (its slot on the server is freed); coming back from the
  // back/forward cache reopens it after the last event seen
  window.addEventListener("pagehide", () => {
    opening += 1;
    closeStream();
    clearTimeout(reopening);
    reopening = null;
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || ended) return;
    refresh();
    openStream();
  });
  start();
})();
