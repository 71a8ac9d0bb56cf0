/* The replay's analysis in words and numbers, with no page in it (replay.js draws; the tests
   run this file under node): the chart's axes, the line beside the analysis button and why
   a failed one stopped, whether the button is worth offering, each seat's summary and what
   its grades stand for, and the heading of the move the notes belong to. */
"use strict";
(function (root, make) {
  const made = make();
  if (typeof module === "object" && module.exports) module.exports = made;
  else root.GothamAnalysis = made;
})(typeof window === "undefined" ? globalThis : window, function () {
  /* A seat's name opening a line: "the heroes" (Chronicles) reads "The heroes", as the notes
     open their sentences. */
  function capitalized(name) {
    const text = String(name);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* A value from 0 to 1 (a seat's winning chances) as the percentage the notes give. */
  function percent(value) {
    return `${Math.round(Number(value) * 100)}%`;
  }

  /* The chart's value axis: where each grid line sits (0 to 1) and its label, in percent. */
  function axisTicks() {
    return [0, 0.5, 1].map((value) => ({ value, label: percent(value) }));
  }

  /* The chart's event axis for a log of `count` events: the first event, then round event
     numbers 1, 2, 5, 10, 20, 50… apart (at most `most` of them). */
  function eventTicks(count, most = 8) {
    const n = Math.floor(Number(count));
    if (!(n >= 1)) return [];
    let rung = 0;
    const step = () => [1, 2, 5][rung % 3] * 10 ** Math.floor(rung / 3);
    while (Math.floor(n / step()) > most) rung += 1;
    const values = step() > 1 ? [1] : [];
    for (let value = step(); value <= n; value += step()) values.push(value);
    return values.map((value) => ({ value, label: String(value) }));
  }

  /* An analysis's state in words, for the line beside the analysis button. Its count is of
     the moves analysed, each seat's only legal ones included, so the line says "moves": the
     summaries under the chart count decisions, which leave those out ("Analysed: 36 decisions
     graded." stood over 12 and 20 decisions graded in No Man's Land). */
  function statusWords(status) {
    if (!status || !status.status || status.status === "none") return "Not analysed yet.";
    const count = (n) => `${n} move${n === 1 ? "" : "s"}`;
    if (status.status === "done") return `Analysed: ${count(status.total)}.`;
    if (status.status === "failed") return `The analysis stopped after ${status.done} of ${status.total} moves.`;
    return `Analysing: ${status.done} of ${status.total} moves so far…`;
  }

  /* Whose notes a reader of a game still running is given, said after "Analysed: 9 moves."
     (the count is the whole game's): a seat reads only its own decisions' notes, a
     spectator none until the game is over; "" once it is over (every note is shown). */
  function whoseNotes(gameStatus, seated) {
    if (gameStatus !== "active") return "";
    return seated
      ? "While the game runs, you read the notes on your own decisions only."
      : "Its notes are shown once the game is over.";
  }

  /* Why an analysis stopped, as the server tells it (a limit reached, a failure on our side),
     for the line under the status; "" for an analysis that did not fail. */
  function failureWords(status) {
    if (!status || status.status !== "failed") return "";
    return typeof status.error === "string" ? status.error : "";
  }

  /* Whether the analysis button is offered, and what it says, for the analysis `status` of a
     game at `version`: not while one runs (it is being followed), nor once one is done at this
     version (asking again would give the same notes back); again after a failed one, and once
     the game has moved on past the one done, or when an earlier analysis made the notes shown
     (`outdated`: asking again makes them anew). */
  function offer(status, version) {
    const state = status && status.status;
    if (!state || state === "none") return { shown: true, label: "Run analysis" };
    if (state === "queued" || state === "running") return { shown: false, label: "" };
    if (state === "failed") return { shown: true, label: "Run the analysis again" };
    if (Number(status.version) < Number(version)) return { shown: true, label: "Analyse the moves since" };
    if (status.outdated) return { shown: true, label: "Run the analysis again with today's notes" };
    return { shown: false, label: "" };
  }

  /* Each seat's graded decisions summed up, as chess sites sum up a game: per seat with a
     graded decision (in seat order), its name from `seatNames` and a line such as "24 decisions
     graded: 1 blunder, 2 mistakes; on average 3.5 points of winning chances lost a decision".
     Only the notes the reader was given are counted (a seat sees its own while the game runs),
     and only decisions: a move that was the seat's only legal one is no choice to grade. */
  function seatSummary(events, seatNames) {
    const grades = ["blunder", "mistake", "inaccuracy"];
    const rows = new Map();
    for (const event of events || []) {
      for (const note of event.annotations || []) {
        const data = note && note.source === "analysis" ? note.data : null;
        if (!data || typeof data.grade !== "string" || !Number.isInteger(data.seat)) continue;
        if (data.forced === true) continue;  // the one legal move: no decision was made
        const row = rows.get(data.seat) || { seat: data.seat, decisions: 0, lost: 0, counts: {} };
        row.decisions += 1;
        row.lost += Math.max(0, Number(data.lost) || 0);
        if (grades.includes(data.grade)) row.counts[data.grade] = (row.counts[data.grade] || 0) + 1;
        rows.set(data.seat, row);
      }
    }
    const plurals = { inaccuracy: "inaccuracies" };  // the others take an s
    const plural = (n, word) => `${n} ${n === 1 ? word : plurals[word] || `${word}s`}`;
    return [...rows.values()].sort((a, b) => a.seat - b.seat).map((row) => {
      const found = grades.filter((g) => row.counts[g]).map((g) => plural(row.counts[g], g));
      const average = Math.round((1000 * row.lost) / row.decisions) / 10;  // points, one decimal
      return {
        seat: row.seat,
        name: capitalized((seatNames || {})[String(row.seat)] || `Seat ${row.seat}`),
        text: `${plural(row.decisions, "decision")} graded: ${found.length ? found.join(", ") : "no inaccuracy, mistake or blunder"}; on average ${plural(average, "point")} of winning chances lost a decision`,
      };
    });
  }

  /* What the grades under the chart and in the notes stand for, from the game's mark (a note's
     `mark_at`, 0 to 1: 0.15 in Gotham Race): the loss a move surely causes, the low end of
     the interval its note gives; "" before any analysis note. */
  function gradeWords(events) {
    const notes = (events || []).flatMap((e) => (e && e.annotations) || []);
    const note = notes.find((a) => a && a.source === "analysis" && a.data && Number(a.data.mark_at) > 0);
    if (!note) return "";
    const points = (value) => String(Math.round(Number(value) * 1000) / 10);
    const mark = Number(note.data.mark_at);
    return `A move is graded by the points of winning chances it surely loses (the low end of its note's interval): an inaccuracy from ${points(mark / 2)}, a mistake from ${points(mark)}, a blunder from ${points(2 * mark)}; too close to call when it could lose ${points(mark)} as well as nothing`;
  }

  /* Whether the notes on `event` mark its move (an inaccuracy, a mistake, a blunder): where
     "next graded move" stops. */
  function marked(event) {
    return ((event && event.annotations) || []).some((a) => a && a.data && (a.data.mark || ["inaccuracy", "mistake", "blunder"].includes(a.data.grade)));
  }

  /* The chart's dots: one at each move "next graded move" stops at (an inaccuracy, a mistake
     or a blunder, as `marked` says), where the played move left its seat (`played_value`), in
     its grade's colour (the notes' colours), a mistake's and a blunder's larger. Before, only
     mistakes and blunders had one, so the button stopped at inaccuracies the chart did not
     show (a Chronicles game's two). */
  function chartMarks(events) {
    const colours = { inaccuracy: "#b9770e", mistake: "#d35400", blunder: "#c0392b" };
    const dots = [];
    for (const event of events || []) {
      for (const note of (event && event.annotations) || []) {
        const data = note && note.source === "analysis" ? note.data : null;
        if (!data || !data.evaluation || !marked({ annotations: [note] })) continue;
        const grade = Object.hasOwn(colours, data.grade) ? data.grade : "mistake";  // an old note's bare `mark`
        const lost = Math.round(Number(data.lost) * 100);
        dots.push({
          seq: event.seq,
          value: Number(data.played_value),
          grade,
          colour: colours[grade],
          radius: grade === "inaccuracy" ? 3 : 4,
          title: `event ${event.seq}: ${grade}, ${lost} point${lost === 1 ? "" : "s"} of winning chances lost`,
        });
      }
    }
    return dots;
  }

  /* What "next graded move" says when no marked move follows the event shown: before any
     analysis note, to run one; after an analysis that marked nothing, so (it said "run the
     analysis first" beside a done analysis's summary). */
  function noMarkWords(events) {
    const all = events || [];
    if (all.some(marked)) return "No graded move after this one.";
    const analysed = all.some((e) => ((e && e.annotations) || []).some((a) => a && a.source === "analysis"));
    return analysed ? "The analysis marked no move: no inaccuracy, mistake or blunder." : "No graded move: run the analysis first.";
  }

  /* The heading of the move an event belongs to, from the event that opened it: who made the
     move and the move in words ("Gordon: End the turn without drawing"); the events before the
     first move are the set-up. The mover is the move's seat: the move's first event may be the
     table's own (the next turn beginning, with no seat) or another seat's. */
  function moveHeading(opening, seatNames) {
    const move = opening && opening.move;
    if (!move) return "Set-up";
    const who = capitalized((seatNames || {})[String(move.seat)] || "A seat");
    return opening.move_label ? `${who}: ${opening.move_label}` : `${who}'s move (its details are hidden from you)`;
  }

  return { percent, axisTicks, eventTicks, statusWords, whoseNotes, failureWords, offer, seatSummary, gradeWords, marked, chartMarks, noMarkWords, moveHeading };
});
