/* The replay viewer: step through the log (slider, buttons, arrow keys), the board as it stood,
   the rules cited, the analysis (evaluation chart, preferred move, marks) and people's comments.

   Everything the server sends is data: it is put in the page with textContent and setAttribute
   only, never as markup. */
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const gameId = root.dataset.gameId, slug = root.dataset.slug;
  const $ = (id) => document.getElementById(id);
  // a seat's colour in the chart is its colour on the board (Black Metro's Green is green)
  const colourOf = (seat) => window.GothamBoards.seatColour(seat, seatNames[seat]);
  let log = [], position = 1, latest = 0;
  let seatNames = {}, cursor = null, chartX = null;  // the chart's legend names and position line
  // the seat this tab plays (the play page keeps its token, a seat's replay link such as the
  // lobby's carries it after #): while the game runs, the replay shows that seat's view, its own
  // hidden cards and the analysis of its own decisions; the token also signs this seat's
  // comments and lets it analyse a running game
  const token = window.GothamYourGames.tabToken(gameId);
  const headers = token ? { Authorization: `Seat ${token}` } : {};
  const { node, citationList, gameApi, readJson } = window.GothamDom;
  const api = gameApi(gameId, headers);
  const { axisTicks, eventTicks, statusWords, whoseNotes, failureWords, offer, seatSummary, gradeWords, marked, chartMarks, noMarkWords, moveHeading } = window.GothamAnalysis;

  function showError(id, body, fallback) {
    const box = $(id);
    box.textContent = (body && typeof body.message === "string" && body.message) || fallback;
    box.hidden = false;
  }

  /* One page of the log in its compact form, each citation resolved from the page's table. */
  async function fetchPage(after, limit) {
    const response = await api(`replay/?compact=1&after=${after}&limit=${limit}`).catch(() => null);
    const page = response ? await readJson(response) : {};
    if (!response || !response.ok || !Array.isArray(page.events)) return { error: page.message || "Could not load this game's log.", code: page.error };
    const sections = page.sections || {};
    for (const event of page.events) event.citations = (event.citations || []).map((key) => sections[key]).filter(Boolean);
    return page;
  }

  /* The first events at once (the first position shows while the rest arrive), then the rest
     in pages; the chart is drawn once the whole log is here. */
  async function load() {
    const first = await fetchPage(0, 100);
    // a seat token the game refuses (a seat link cut short or mistyped) is forgotten in this
    // tab and the replay read again as a spectator's (the play page says why)
    if (first.code === "foreign_token" && token) {
      sessionStorage.removeItem(`seat-token-${gameId}`);
      location.reload();
      return;
    }
    if (first.error) {
      $("position").textContent = first.error;
      return;
    }
    const wanted = position;  // a reload (after a comment or an analysis) stays where it was
    log = first.events;
    const game = await api("").then(readJson, () => ({}));
    for (const seat of game.seats || []) {
      seatNames[String(seat.seat)] = seat.role || seat.name || `seat ${seat.seat}`;
    }
    showPlayers(game.seats || []);
    $("slider").max = String(Math.max(1, first.version || log.length));
    if (log.length && wanted <= log.length) await show(wanted);
    while (log.length && log.length < first.version) {
      const page = await fetchPage(log[log.length - 1].seq, 1000);
      if (page.error || !page.events.length) break;
      log = log.concat(page.events);
    }
    $("slider").max = String(log.length);
    drawChart();
    if (log.length) await show(position);  // where the reader is now (or was before a reload)
  }

  /* Who played each side, under the title: "Played by Falcone: Ann · Gordon: medium bot" (a
     seat whose role is its player's name is named once). */
  function showPlayers(seats) {
    const line = $("players");
    line.replaceChildren();
    seats.forEach((seat, i) => {
      if (i) line.append(" · ");
      const role = seat.role && seat.role !== seat.name ? `${seat.role}: ` : "";
      line.append(role, node("strong", seat.name || `seat ${seat.seat + 1}`));
    });
    if (seats.length) line.prepend("Played by ");
    line.hidden = !seats.length;
  }

  function note(a) {
    // the analysis's notes are signed "Analysis" (older ones carry the bot's name, "mcts"); a
    // seat changing hands (autopilot) is told by the table, its text naming the person
    const signed = { analysis: "Analysis", table: "At the table" };
    const author = Object.hasOwn(signed, a.source) ? signed[a.source] : a.author;
    const li = node("li", null, node("strong", author), `: ${a.text}`);
    li.className = "note";
    if (typeof a.source === "string" && /^[a-z][a-z0-9-]*$/.test(a.source)) li.classList.add(a.source);
    // a graded note is coloured by its grade; its text already names it ("Mistake: …")
    const grade = a.data && typeof a.data.grade === "string" ? a.data.grade : (a.data && a.data.mark ? "mistake" : "");
    if (["inaccuracy", "mistake", "blunder"].includes(grade)) li.classList.add("mark", grade);
    return li;
  }

  async function show(seq) {
    if (!log.length) return;
    position = Math.max(1, Math.min(seq, log.length));
    $("slider").value = String(position);
    const forkAt = $("fork-at");  // a finished game's "play on from here" starts at this event
    if (forkAt) forkAt.value = String(position);
    const event = log[position - 1];
    const ticket = ++latest;
    const state = await api(`state/?version=${position}`).then(readJson, () => ({}));
    if (ticket !== latest) return;  // a later step was asked for meanwhile
    window.GothamBoards.render(slug, $("board"), state.state);
    $("table-reference").replaceChildren();
    window.GothamBoards.addReference(slug, $("table-reference"), state.state);
    markPreferred(event);
    const parts = [];
    const first = moveStart(position), opening = log[first - 1];
    // the heading names the move (or the set-up); its events are told below, this one marked
    parts.push(node("h2", moveHeading(opening, seatNames)));
    parts.push(moveStory(first, position));
    if (!event.text) parts.push(node("p", "This step is bookkeeping: nothing changes at the table."));
    const rules = node("p", null, citationList(event.citations));
    rules.className = "citations";
    const count = (event.citations || []).length;
    parts.push(node("details", null, node("summary", `Rules (${count})`), rules));
    const notes = (event.annotations || []).map(note);
    if (notes.length) {
      const list = node("ul", null, ...notes);
      list.className = "notes";
      parts.push(list);
    }
    $("event").replaceChildren(...parts);
    $("position").textContent = `event ${position} of ${log.length}`;
    $("seek-status").textContent = "";
    // a step that would go nowhere is not offered: the first and last events disable theirs
    $("prev").disabled = $("prev-move").disabled = position <= 1;
    $("next").disabled = $("next-move").disabled = position >= log.length;
    if (cursor && chartX) {
      cursor.setAttribute("x1", String(chartX(position)));
      cursor.setAttribute("x2", String(chartX(position)));
    }
  }

  /* The analysis's preferred move drawn on the board where the game's board names its target
     (and, when it differs, the move played); none when the note agrees with the move played. */
  function markPreferred(event) {
    const judged = (event.annotations || []).find((a) => a.source === "analysis" && a.data && a.data.preferred);
    if (!judged) return;
    const mark = (move, cls) => {
      const aims = move ? window.GothamBoards.aims(window.GothamBoards.target(slug, move)) : [];
      for (const element of $("board").querySelectorAll("[data-target]")) {
        if (aims.includes(element.getAttribute("data-target"))) element.classList.add(cls);
      }
    };
    mark(judged.data.played, "played-target");
    if (!judged.data.agrees) mark(judged.data.preferred, "preferred-target");
  }

  /* The seq of the event that opened the move (or set-up) `seq` belongs to. */
  function moveStart(seq) {
    let first = seq;
    while (first > 1 && !log[first - 1].move) first -= 1;
    return first;
  }

  /* Every event of the move being shown, told in order, the current one marked. */
  function moveStory(first, current) {
    const items = [];
    for (let seq = first; seq <= log.length; seq++) {
      if (seq > first && log[seq - 1].move) break;
      if (!log[seq - 1].text) continue;  // bookkeeping: nothing to tell
      const item = node("li", log[seq - 1].text);
      item.value = seq;
      if (seq === current) item.className = "current";
      item.addEventListener("click", () => show(seq));
      items.push(item);
    }
    const list = node("ol", null, ...items);
    list.className = "story";
    return list;
  }

  /* The next (or, with step -1, the previous) event after `from` that `wanted` picks. */
  function seek(from, step, wanted) {
    for (let seq = from + step; seq >= 1 && seq <= log.length; seq += step) {
      if (wanted(log[seq - 1])) return seq;
    }
    return from;
  }
  const opensMove = (e) => Boolean(e.move);

  /* Under the chart, each seat's graded decisions in one line ("Figure A: 24 decisions
     graded: …"); nothing before an analysis. */
  function drawSummary() {
    const list = $("analysis-summary");
    list.replaceChildren();
    for (const row of seatSummary(log, seatNames)) {
      const item = document.createElement("li");
      const who = document.createElement("strong");
      who.textContent = row.name;
      item.append(who, `: ${row.text}.`);
      list.appendChild(item);
    }
    list.hidden = !list.children.length;
    const grades = list.children.length ? gradeWords(log) : "";  // what the grades stand for
    $("analysis-grades").textContent = grades ? `${grades}.` : "";
    $("analysis-grades").hidden = !grades;
  }

  function drawChart() {
    drawSummary();
    const chart = $("chart");
    chart.replaceChildren();
    cursor = null;
    const points = log.flatMap((e) => (e.annotations || [])
      .filter((a) => a.source === "analysis" && a.data && a.data.evaluation)
      .map((a) => ({ seq: e.seq, data: a.data })));
    chart.toggleAttribute("hidden", !points.length);  // no analysis yet: no empty box (an svg has no .hidden)
    if (!points.length) return;
    const x = (seq) => 34 + (546 * (seq - 1)) / Math.max(1, log.length - 1);
    const y = (v) => 150 - Number(v) * 140;
    const seats = [...new Set(points.flatMap((p) => Object.keys(p.data.evaluation)))];
    const ns = "http://www.w3.org/2000/svg";
    const svg = (tag, attributes, text) => {
      const element = document.createElementNS(ns, tag);
      Object.entries(attributes).forEach(([k, v]) => element.setAttribute(k, String(v)));
      if (text !== undefined) element.textContent = text;
      chart.appendChild(element);
      return element;
    };
    for (const tick of axisTicks()) {  // the value axis: each seat's winning chances, in percent as the notes say
      svg("line", { x1: 34, x2: 580, y1: y(tick.value), y2: y(tick.value), stroke: "#dedfe6" });
      svg("text", { x: 0, y: y(tick.value) + 4, "font-size": 10, fill: "#5d6070" }, tick.label);
    }
    for (const tick of eventTicks(log.length)) {  // the event axis: the event numbers the slider shows
      svg("line", { x1: x(tick.value), x2: x(tick.value), y1: 150, y2: 154, stroke: "#5d6070" });
      svg("text", { x: x(tick.value), y: 164, "font-size": 10, fill: "#5d6070", "text-anchor": "middle", class: "event-tick" }, tick.label);
    }
    svg("text", { x: 307, y: 177, "font-size": 10, fill: "#5d6070", "text-anchor": "middle" }, "event");
    seats.forEach((seat, i) => {
      svg("text", { x: 44 + i * 140, y: 10, "font-size": 11, fill: colourOf(seat) }, `■ ${seatNames[seat] || `seat ${seat}`}`);
    });
    cursor = svg("line", { x1: x(position), x2: x(position), y1: 10, y2: 150, stroke: "#1b1c24", "stroke-dasharray": "3 3" });
    chartX = x;
    for (const seat of seats) {
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", points.filter((p) => seat in p.data.evaluation).map((p) => `${x(p.seq)},${y(p.data.evaluation[seat])}`).join(" "));
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", colourOf(seat));
      chart.appendChild(line);
    }
    for (const mark of chartMarks(log)) {  // where "next graded move" stops, in its grade's colour
      const dot = svg("circle", { cx: x(mark.seq), cy: y(mark.value), r: mark.radius, fill: mark.colour, class: `mark ${mark.grade}` });
      const title = document.createElementNS(ns, "title");
      title.textContent = mark.title;
      dot.appendChild(title);
      dot.addEventListener("click", () => show(mark.seq));
    }
  }

  /* The analysis's state beside its button, and the button only where asking does something
     new (none yet, a failed one, moves since the one done). */
  async function showAnalysis(status) {
    $("analysis-status").textContent = statusWords(status);  // at once, in the order called
    const game = await api("").then(readJson, () => ({}));
    const whose = status && status.status === "done" ? whoseNotes(game.status, Boolean(token)) : "";
    if (whose && $("analysis-status").textContent === statusWords(status)) {
      $("analysis-status").textContent = `${statusWords(status)} ${whose}`;
    }
    const why = failureWords(status);  // a failed analysis says why it stopped
    if (why) showError("analysis-error", { message: why }, why);
    const offered = offer(status, game.version);
    $("analyse").hidden = !offered.shown;
    if (offered.shown) $("analyse").textContent = offered.label;
  }

  /* Follow an analysis queued or running until it ends, then show its notes and chart. */
  async function follow() {
    const progress = $("progress");
    progress.hidden = false;
    let status = {};
    try {
      for (;;) {
        const answer = await api("analysis/");
        status = await readJson(answer);
        if (!answer.ok) {
          showError("analysis-error", status, `Could not follow the analysis (${answer.status}).`);
          return;
        }
        progress.max = Math.max(1, Number(status.total) || 0);
        progress.value = Number(status.done) || 0;
        $("analysis-status").textContent = statusWords(status);
        if (status.status !== "queued" && status.status !== "running") break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await load();
    } finally {
      progress.hidden = true;
      await showAnalysis(status);
    }
  }

  async function showAnalysisStatus() {
    try {
      const answer = await api("analysis/");
      const status = answer.ok ? await readJson(answer) : {};
      if (status.status === "queued" || status.status === "running") await follow();
      else await showAnalysis(status);
    } catch (error) {
      $("analysis-status").textContent = "";
      $("analyse").hidden = false;
    }
  }

  async function analyse() {
    $("analyse").disabled = true;
    $("analysis-error").hidden = true;
    try {
      // of a running game only a seat may ask (its token goes along); a repeat while one runs
      // answers with the running one (200), which is followed like a new one
      const response = await api("analysis/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ iterations: 120, seconds: 0.3 }),
      });
      if (!response.ok) {
        showError("analysis-error", await readJson(response), `The analysis was refused (${response.status}).`);
        return;
      }
      $("analyse").hidden = true;
      await follow();
    } catch (error) {
      showError("analysis-error", null, "Could not reach the server.");
    } finally {
      $("analyse").disabled = false;
    }
  }

  $("slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("prev").addEventListener("click", () => show(position - 1));
  $("next").addEventListener("click", () => show(position + 1));
  $("prev-move").addEventListener("click", () => show(seek(moveStart(position), -1, opensMove)));
  $("next-move").addEventListener("click", () => show(seek(position, 1, opensMove)));
  $("next-mark").addEventListener("click", () => {
    const next = seek(position, 1, marked);
    // said beside the button (the analysis's own status is below the board, out of sight)
    if (next === position) $("seek-status").textContent = noMarkWords(log);
    else show(next);
  });
  document.addEventListener("keydown", (e) => {
    // a focused slider steps by itself (its input event); other fields keep their arrow keys
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") show(position - 1);
    if (e.key === "ArrowRight") show(position + 1);
  });
  $("analyse").addEventListener("click", analyse);

  // comments come from a seat of the game: the server names the author after the seat
  const form = $("comment");
  if (token) form.hidden = false;
  else $("comment-help").hidden = false;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    $("comment-error").hidden = true;
    const text = new FormData(form).get("text");
    try {
      const response = await api("annotations/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seq: position, text }),
      });
      if (!response.ok) {
        showError("comment-error", await readJson(response), `The comment was refused (${response.status}).`);
        return;
      }
      form.reset();
      await load();
    } catch (error) {
      showError("comment-error", null, "Could not reach the server.");
    }
  });
  load();
  showAnalysisStatus();
})();
