/* The play page: the caller's view, their legal moves as buttons, refusals with the rules cited,
   and new events arriving live from the stream endpoint. */
"use strict";
(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const gameId = root.dataset.gameId, slug = root.dataset.slug;
  const key = `seat-token-${gameId}`;
  const params = new URLSearchParams(location.search);
  if (params.get("token")) {
    sessionStorage.setItem(key, params.get("token"));
    history.replaceState(null, "", location.pathname);
  }
  const token = sessionStorage.getItem(key);
  const headers = token ? { Authorization: `Seat ${token}` } : {};
  let version = 0, hand = {}, blockNames = [];

  const $ = (id) => document.getElementById(id);
  const api = (path, options = {}) =>
    fetch(`/api/games/${gameId}/${path}`, { ...options, headers: { ...headers, ...(options.headers || {}) } });

  function describe(move) {
    const extra = Object.entries(move).filter(([k]) => k !== "type");
    if (move.type === "place" && hand[move.card]) return `place ${move.card}: ${hand[move.card]}`;
    if (move.type === "draw") return `draw from deck ${move.deck}`;
    const named = (k, v) => (["block", "source", "target", "to"].includes(k) && typeof v === "number"
      ? (v < 0 ? "hideout" : blockNames[v] || v) : v);
    return [move.type.replace(/_/g, " "), ...extra.map(([k, v]) => `${k} ${named(k, v)}`)].join(" · ");
  }

  function citationLinks(citations) {
    return citations.map((c) => `<a href="${c.url}">${c.label ? c.label + " " : ""}${c.title}</a>`).join(", ");
  }

  function eventLine(e) {
    const li = document.createElement("li");
    li.value = e.seq;
    li.innerHTML = `<strong>${e.type.replace(/_/g, " ")}</strong>${e.seat === null ? "" : ` (seat ${e.seat})`} — <span class="muted">${citationLinks(e.citations)}</span>`;
    return li;
  }

  async function refresh() {
    const state = await (await api("state/")).json();
    version = state.version;
    const view = state.state;
    hand = {};
    if (slug === "gotham-race" && state.seat !== null && Array.isArray(view.hands[String(state.seat)]))
      for (const c of view.hands[String(state.seat)]) hand[c.id] = c.text;
    blockNames = (view.blocks || []).map((b) => b.name);
    window.GothamBoards.render(slug, $("board"), view);
    const game = await (await api("")).json();
    const you = state.seat === null ? "You are watching." : `You are seat ${state.seat}.`;
    $("status").textContent = game.status === "finished"
      ? `Finished: ${game.outcome.summary}`
      : `${you} Waiting for seat ${state.to_act.join(", ")}. Version ${version}.`;
    const moves = $("moves");
    moves.innerHTML = "";
    if (token && game.status === "active") {
      const legal = await (await api("legal-moves/")).json();
      for (const move of legal.moves || []) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "move";
        button.dataset.move = JSON.stringify(move);
        button.textContent = describe(move);
        button.addEventListener("click", () => submit(move));
        moves.appendChild(button);
      }
    }
    if (slug === "gotham-city-strategy" && state.seat !== null) {
      const me = view.players[state.seat];
      $("info").innerHTML = `<p>Level ${me.level} · $${me.money} · ${me.information} information · ${me.recruited} henchmen</p>` +
        `<ul>${me.hand.map((c) => `<li><strong>${c.name}</strong>: ${c.text}</li>`).join("")}</ul>`;
    }
  }

  async function submit(move) {
    $("refusal").hidden = true;
    const response = await api("moves/", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ expected_version: version, move }),
    });
    const body = await response.json();
    if (response.status === 422) {
      $("refusal").innerHTML = `${body.message} <span class="muted">(${body.code})</span> — see ${citationLinks(body.citations)}`;
      $("refusal").hidden = false;
    }
    await refresh();
  }

  async function start() {
    await refresh();
    const events = await (await api(`events/?after=${Math.max(0, version - 15)}`)).json();
    for (const e of events.events) $("events").prepend(eventLine(e));
    const query = new URLSearchParams({ after: String(version) });
    if (token) query.set("token", token);
    const stream = new EventSource(`/api/games/${gameId}/stream/?${query}`);
    let pending = null;
    stream.addEventListener("game-event", (message) => {
      $("events").prepend(eventLine(JSON.parse(message.data)));
      clearTimeout(pending);
      pending = setTimeout(refresh, 150);
    });
    stream.addEventListener("end", () => { stream.close(); refresh(); });
  }
  start();
})();
