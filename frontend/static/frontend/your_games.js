/* "Your games": the seats this browser has played, kept in localStorage so a closed tab does
   not lose a seat. Each entry holds the seat's token, which leaves the browser only in the
   Authorization header (and in a rejoin link's #fragment, which browsers never send). */
"use strict";
window.GothamYourGames = (function () {
  const KEY = "gotham-your-games";
  const MOST = 50;

  function list() {
    try {
      const entries = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(entries) ? entries.filter((e) => e && Number.isInteger(e.id)) : [];
    } catch (error) {
      return [];
    }
  }

  function save(entries) {
    try {
      localStorage.setItem(KEY, JSON.stringify(entries.slice(0, MOST)));
    } catch (error) { /* storage full or refused: the tab still plays */ }
  }

  /* Keep (or refresh) a seat, newest first. */
  function remember(entry) {
    const others = list().filter((e) => !(e.id === entry.id && e.seat === entry.seat));
    save([{ ...entry, seen: Date.now() }, ...others]);
  }

  /* A game's status as the server last told it ("finished"), for every seat of it kept here. */
  function setStatus(id, status) {
    save(list().map((e) => (e.id === id ? { ...e, status } : e)));
  }

  function forget(id, seat) {
    save(list().filter((e) => !(e.id === id && e.seat === seat)));
  }

  function tokenFor(id) {
    // a seat only held (its link kept from the game's creation page) is opened by a click only
    const entry = list().find((e) => e.id === Number(id) && typeof e.token === "string" && !e.held);
    return entry ? entry.token : null;
  }

  /* The seat token this tab plays a game with: a link's (#token=…, never sent to a server),
     kept in this tab's sessionStorage and taken out of the address bar at once, or the one the
     tab kept before (null: none). The play and replay pages both read a seat's link so. */
  function tabToken(gameId) {
    const key = `seat-token-${gameId}`;
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (fragment.has("token")) {
      if (fragment.get("token")) sessionStorage.setItem(key, fragment.get("token"));
      history.replaceState(null, "", location.pathname + location.search);
    }
    return sessionStorage.getItem(key);
  }

  /* A link's address that opens `page` ("" the play page, "replay/") of a game as a seat. */
  function seatHref(gameId, token, page = "") {
    return `/games/${gameId}/${page}#token=${encodeURIComponent(String(token || ""))}`;
  }

  const ASKED_AT_ONCE = 4;  // the server is asked about this many games at a time, not 50 in turn

  /* The kept games not known finished that the server now says are finished (bots play on
     while no page is open), in the list's order: `ask(id)` answers a game's JSON (null when it
     cannot be had), at most ASKED_AT_ONCE at a time; a game kept finished is not asked about. */
  async function finishedSince(ask) {
    const ids = [...new Set(list().filter((e) => e.status !== "finished").map((e) => e.id))];
    const answers = new Array(ids.length).fill(null);
    let next = 0;
    async function askInTurn() {
      while (next < ids.length) {
        const i = next++;
        answers[i] = await ask(ids[i]).catch(() => null);  // offline: the kept status stands
      }
    }
    await Promise.all(Array.from({ length: Math.min(ASKED_AT_ONCE, ids.length) }, askInTurn));
    return ids.filter((id, i) => answers[i] && answers[i].status === "finished");
  }

  return { list, remember, setStatus, forget, tokenFor, finishedSince, ASKED_AT_ONCE, tabToken, seatHref };
})();
