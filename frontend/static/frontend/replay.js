/* The replay viewer: step through the log (slider, buttons, arrow keys), the board as it stood,
   the rules cited, the analysis (evaluation chart, preferred move, marks) and people's comments. */
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const gameId = root.dataset.gameId, slug = root.dataset.slug;
  const $ = (id) => document.getElementById(id);
  const COLORS = ["#c0392b", "#2471a3", "#229954", "#b9770e"];
  let log = [], position = 1, latest = 0;
  // the seat this tab plays (the play page keeps its token): while the game runs, the replay
  // shows that seat's view, its own hidden cards and the analysis of its own decisions
  const token = sessionStorage.getItem(`seat-token-${gameId}`);
  const headers = token ? { Authorization: `Seat ${token}` } : {};

  const escapeHtml = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

  async function load() {
    const replay = await (await fetch(`/api/games/${gameId}/replay/`, { headers })).json();
    log = replay.events;
    $("slider").max = String(log.length);
    drawChart();
    await show(Math.min(position, log.length) || log.length);
  }

  async function show(seq) {
    position = Math.max(1, Math.min(seq, log.length));
    $("slider").value = String(position);
    const event = log[position - 1];
    const ticket = ++latest;
    const state = await (await fetch(`/api/games/${gameId}/state/?version=${position}`, { headers })).json();
    if (ticket !== latest) return;  // a later step was asked for meanwhile
    window.GothamBoards.render(slug, $("board"), state.state);
    const notes = event.annotations.map((a) => {
      const mark = a.data && a.data.mark ? ' <strong class="mark">lost value</strong>' : "";
      return `<li class="note ${a.source}"><strong>${escapeHtml(a.author)}</strong>: ${escapeHtml(a.text)}${mark}</li>`;
    }).join("");
    $("event").innerHTML =
      `<h2>${event.type.replace(/_/g, " ")}${event.seat === null ? "" : ` — seat ${event.seat}`}</h2>` +
      (event.move ? `<p>Move: <code>${escapeHtml(JSON.stringify(event.move))}</code></p>` : "") +
      `<p class="citations">Rules: ${event.citations.map((c) => `<a href="${c.url}">${escapeHtml((c.label ? c.label + " " : "") + c.title)}</a>`).join(", ")}</p>` +
      `<details><summary>Event data</summary><pre>${escapeHtml(JSON.stringify(event.data, null, 1))}</pre></details>` +
      (notes ? `<ul class="notes">${notes}</ul>` : "");
    $("position").textContent = `event ${position} of ${log.length}`;
  }

  function drawChart() {
    const chart = $("chart");
    while (chart.firstChild) chart.removeChild(chart.firstChild);
    const points = log.flatMap((e) => e.annotations.filter((a) => a.source === "analysis").map((a) => ({ seq: e.seq, data: a.data })));
    if (!points.length) return;
    const x = (seq) => 20 + (560 * (seq - 1)) / Math.max(1, log.length - 1);
    const y = (v) => 150 - v * 140;
    const seats = [...new Set(points.flatMap((p) => Object.keys(p.data.evaluation)))];
    const ns = "http://www.w3.org/2000/svg";
    for (const seat of seats) {
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", points.filter((p) => seat in p.data.evaluation).map((p) => `${x(p.seq)},${y(p.data.evaluation[seat])}`).join(" "));
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", COLORS[Number(seat) % 4]);
      chart.appendChild(line);
    }
    for (const p of points.filter((p) => p.data.mark)) {
      const dot = document.createElementNS(ns, "circle");
      Object.entries({ cx: x(p.seq), cy: y(p.data.played_value), r: 4, fill: "#d00", class: "mark" }).forEach(([k, v]) => dot.setAttribute(k, v));
      dot.addEventListener("click", () => show(p.seq));
      chart.appendChild(dot);
    }
  }

  async function analyse() {
    $("analyse").disabled = true;
    await fetch(`/api/games/${gameId}/analysis/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ iterations: 120, seconds: 0.3 }) });
    const progress = $("progress");
    progress.hidden = false;
    for (;;) {
      const status = await (await fetch(`/api/games/${gameId}/analysis/`)).json();
      progress.max = Math.max(1, status.total);
      progress.value = status.done;
      $("analysis-status").textContent = `${status.status}: ${status.done} of ${status.total}`;
      if (status.status === "done" || status.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    $("analyse").disabled = false;
    await load();
  }

  $("slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("prev").addEventListener("click", () => show(position - 1));
  $("next").addEventListener("click", () => show(position + 1));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") show(position - 1);
    if (e.key === "ArrowRight") show(position + 1);
  });
  $("analyse").addEventListener("click", analyse);
  $("comment").addEventListener("submit", async (e) => {
    e.preventDefault();
    const form = new FormData(e.target);
    await fetch(`/api/games/${gameId}/annotations/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seq: position, text: form.get("text"), ...(form.get("author") ? { author: form.get("author") } : {}) }),
    });
    e.target.reset();
    await load();
  });
  load();
})();
