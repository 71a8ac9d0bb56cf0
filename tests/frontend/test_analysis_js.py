"""The replay's analysis helpers (frontend/static/frontend/analysis.js), run under node: the
chart's axes (the notes' percentages, the event numbers), the status line, and when the
analysis button is worth offering. (The page's drawing itself is checked in a browser:
test_browser.py.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "frontend/static/frontend/analysis.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def _call(function: str, *args: Any) -> Any:
    """GothamAnalysis.<function>(*args) as node answers it."""
    program = (
        f"const made = require({json.dumps(str(SCRIPT))});"
        f"process.stdout.write(JSON.stringify(made.{function}(...{json.dumps(list(args))})));"
    )
    assert NODE is not None
    answer = subprocess.run(
        [NODE, "-e", program], capture_output=True, text=True, timeout=30, check=True
    )
    return json.loads(answer.stdout)


def test_the_value_axis_reads_in_percent_as_the_notes_do() -> None:
    assert _call("axisTicks") == [
        {"value": 0, "label": "0%"},
        {"value": 0.5, "label": "50%"},
        {"value": 1, "label": "100%"},
    ]
    assert _call("percent", 0.611) == "61%"  # a note's "winning chances 61%"


def test_the_event_axis_is_numbered_in_round_steps_from_the_first_event() -> None:
    """The chart's x-axis is the log, event by event (the slider's numbers): the first event,
    then round numbers, never more than 8 past it however long the game."""

    def labels(count: object) -> list[str]:
        return [tick["label"] for tick in _call("eventTicks", count)]

    assert labels(0) == [] and labels("many") == []
    assert labels(1) == ["1"]
    assert labels(5) == ["1", "2", "3", "4", "5"]
    assert labels(16) == ["1", "2", "4", "6", "8", "10", "12", "14", "16"]
    assert labels(87) == ["1", "10", "20", "30", "40", "50", "60", "70", "80"]
    assert labels(1234) == ["1", "200", "400", "600", "800", "1000", "1200"]
    assert _call("eventTicks", 3)[2] == {"value": 3, "label": "3"}  # where the tick sits
    assert all(len(labels(n)) <= 9 for n in (9, 41, 99, 101, 499, 5000, 123456))


def test_the_status_line_says_where_the_analysis_stands() -> None:
    assert _call("statusWords", {"status": "none", "done": 0, "total": 0}) == "Not analysed yet."
    assert _call("statusWords", {"status": "running", "done": 3, "total": 9}) == (
        "Analysing: 3 of 9 moves so far…"
    )
    assert _call("statusWords", {"status": "done", "done": 1, "total": 1}) == "Analysed: 1 move."
    assert _call("statusWords", {"status": "failed", "done": 2, "total": 9}) == (
        "The analysis stopped after 2 of 9 moves."
    )


def test_the_status_line_counts_moves_where_the_summaries_count_decisions() -> None:
    """The analysis's total counts every move analysed, a seat's only legal ones included; the
    summaries under the chart leave those out as no decision. A finished No Man's Land read
    "Analysed: 36 decisions graded." over "12 decisions graded" and "20 decisions graded"."""
    assert _call("statusWords", {"status": "done", "done": 36, "total": 36}) == (
        "Analysed: 36 moves."
    )


def test_a_running_games_readers_are_told_whose_notes_they_read() -> None:
    """The status line counts the whole game's moves ("Analysed: 10 moves."),
    but while the game runs a seat reads only its own notes and a spectator none: a spectator
    read "10 graded" over an empty replay, a seat 10 over its summary of 4."""
    assert _call("whoseNotes", "active", True) == (
        "While the game runs, you read the notes on your own decisions only."
    )
    assert _call("whoseNotes", "active", False) == "Its notes are shown once the game is over."
    assert _call("whoseNotes", "finished", True) == ""
    assert _call("whoseNotes", "finished", False) == ""


def test_a_failed_analysis_says_why_it_stopped() -> None:
    """The status line counts what was graded; the server's reason (a limit reached, a failure
    on our side) is told under it: the page said only "The analysis stopped after 2 of 9
    decisions." and dropped the `error` the API gives."""
    why = "Stopped at the limit of 1800 s of worker time, after 2 of 9 moves."
    failed = {"status": "failed", "done": 2, "total": 9, "error": why}
    assert _call("failureWords", failed) == why
    assert _call("failureWords", {**failed, "error": None}) == ""
    assert _call("failureWords", {**failed, "status": "done"}) == ""
    assert _call("failureWords", None) == ""


def test_the_button_is_offered_only_where_asking_does_something_new() -> None:
    """Done at the game's version: asking again gives the same notes back, so no button (the
    status line says it is analysed); while one runs the page follows it; a failed one, or moves
    made since the one done, are worth asking for again."""
    done = {"status": "done", "done": 9, "total": 9, "version": 40}
    assert _call("offer", done, 40) == {"shown": False, "label": ""}
    assert _call("offer", {**done, "status": "running"}, 40) == {"shown": False, "label": ""}
    assert _call("offer", {**done, "status": "queued"}, 40) == {"shown": False, "label": ""}
    assert _call("offer", {"status": "none", "done": 0, "total": 0}, 40) == {
        "shown": True,
        "label": "Run analysis",
    }
    assert _call("offer", {**done, "status": "failed"}, 40) == {
        "shown": True,
        "label": "Run the analysis again",
    }
    assert _call("offer", done, 44) == {"shown": True, "label": "Analyse the moves since"}
    outdated = {**done, "outdated": True}  # notes an earlier analysis version made
    assert _call("offer", outdated, 40) == {
        "shown": True,
        "label": "Run the analysis again with today's notes",
    }
    assert _call("offer", {**done, "outdated": False}, 40) == {"shown": False, "label": ""}


def _note(seat: int, grade: str, lost: float, source: str = "analysis") -> dict[str, Any]:
    return {"source": source, "data": {"seat": seat, "grade": grade, "lost": lost}}


def test_each_seats_graded_decisions_are_summed_up_in_words() -> None:
    """Per seat with a graded decision, in seat order: how many, the marks by grade (worst
    first) and the mean loss in points; comments and notes without a grade are not counted."""
    events = [
        {"annotations": [_note(1, "good", 0.0)]},
        {"annotations": [_note(0, "mistake", 0.2), {"source": "table", "text": "Nice"}]},
        {"annotations": [_note(0, "blunder", 0.35)]},
        {"annotations": []},
        {"annotations": [_note(0, "good", 0.0), {"source": "analysis", "data": {"seat": 0}}]},
        {"annotations": [_note(1, "too close to call", 0.05)]},
        {},
    ]
    assert _call("seatSummary", events, {"0": "Falcone", "1": "Gordon"}) == [
        {
            "seat": 0,
            "name": "Falcone",
            "text": "3 decisions graded: 1 blunder, 1 mistake; on average 18.3 points of winning"
            " chances lost a decision",
        },
        {
            "seat": 1,
            "name": "Gordon",
            "text": "2 decisions graded: no inaccuracy, mistake or blunder; on average 2.5"
            " points of winning chances lost a decision",
        },
    ]


def test_a_move_that_was_the_only_legal_one_is_not_summed_up_as_a_decision() -> None:
    """A Black Metro seat "fulfils no mission now" when it has none to fulfil (a fifth of its
    moves in a game): no choice, so neither a decision graded nor a loss of 0 in the mean."""
    forced = {"source": "analysis", "data": {"seat": 0, "grade": "good", "lost": 0, "forced": True}}
    events = [{"annotations": [forced]}, {"annotations": [_note(0, "mistake", 0.2)]}]
    assert _call("seatSummary", events, {"0": "Red"}) == [
        {
            "seat": 0,
            "name": "Red",
            "text": "1 decision graded: 1 mistake; on average 20 points of winning chances lost"
            " a decision",
        }
    ]
    assert _call("seatSummary", [{"annotations": [forced]}], {"0": "Red"}) == []


def test_a_seat_named_in_lower_case_opens_its_line_with_a_capital() -> None:
    """Chronicles' seats are "the villain" and "the heroes": a heading read "the heroes: Keep
    the dice" and the summary "the villain: 8 decisions graded", where the notes say "The
    heroes played"."""
    names = {"0": "the villain", "1": "the heroes"}
    keep = {"seat": 1, "type": "attack_counted", "move": {"seat": 1, "type": "keep"}}
    assert _call("moveHeading", {**keep, "move_label": "Keep the dice"}, names) == (
        "The heroes: Keep the dice"
    )
    (row,) = _call("seatSummary", [{"annotations": [_note(0, "good", 0.0)]}], names)
    assert row["name"] == "The villain"


def test_an_average_loss_of_one_point_is_one_point() -> None:
    """A City Strategy seat's mean loss rounding to 1 read "on average 1 points"."""
    events = [{"annotations": [_note(0, "good", 0.01)]}]
    (row,) = _call("seatSummary", events, {"0": "The Joker"})
    assert row["text"].endswith("on average 1 point of winning chances lost a decision")


def test_grades_are_counted_in_their_plurals() -> None:
    """Two inaccuracies read "2 inaccuracys" under a Chronicles replay's chart."""
    events = [{"annotations": [_note(1, "inaccuracy", 0.08)]} for _ in range(2)]
    events += [{"annotations": [_note(1, g, 0.3)]} for g in ("mistake", "mistake", "blunder")]
    (row,) = _call("seatSummary", events, {"1": "Gordon"})
    assert row["text"].startswith("5 decisions graded: 1 blunder, 2 mistakes, 2 inaccuracies;")


def test_a_summary_needs_graded_notes_and_names_an_unnamed_seat_by_number() -> None:
    assert _call("seatSummary", [], {}) == []
    assert _call("seatSummary", [{"annotations": [_note(2, "inaccuracy", 0.06)]}], {}) == [
        {
            "seat": 2,
            "name": "Seat 2",
            "text": "1 decision graded: 1 inaccuracy; on average 6 points of winning chances"
            " lost a decision",
        }
    ]


def test_next_graded_move_tells_a_done_analysis_that_marked_nothing_from_none_run() -> None:
    """A finished Gotham Race analysed with every decision graded "good": "next graded move"
    said "No graded move: run the analysis first." beside the done analysis's summary."""
    good = [{"annotations": [_note(0, "good", 0.0)]}, {"annotations": [_note(1, "good", 0.01)]}]
    assert _call("noMarkWords", good) == (
        "The analysis marked no move: no inaccuracy, mistake or blunder."
    )
    assert _call("noMarkWords", [{"annotations": []}, {}]) == (
        "No graded move: run the analysis first."
    )
    marked = [*good, {"annotations": [_note(0, "mistake", 0.2)]}]
    assert _call("noMarkWords", marked) == "No graded move after this one."
    assert [_call("marked", event) for event in marked] == [False, False, True]


def test_the_chart_dots_every_move_next_graded_move_stops_at() -> None:
    """An inaccuracy gets a dot as a mistake and a blunder do, each in its grade's colour, at
    the played move's value: a finished Chronicles game's "next graded move" stopped at two
    inaccuracies the chart showed nothing at (only `mark`, mistakes and blunders, was drawn)."""

    def judged(seq: int, grade: str, lost: float, played: float) -> dict[str, Any]:
        note = _note(1, grade, lost)
        note["data"].update(
            evaluation={"0": 1 - played, "1": played},
            played_value=played,
            mark=grade in ("mistake", "blunder"),
        )
        return {"seq": seq, "annotations": [note]}

    events = [
        judged(141, "inaccuracy", 0.08, 0.27),
        judged(150, "good", 0.0, 0.3),
        judged(151, "too close to call", 0.05, 0.3),
        judged(160, "mistake", 0.18, 0.0),
        judged(170, "blunder", 0.41, 0.1),
        {"seq": 171, "annotations": [{"source": "analysis", "data": {"seat": 0, "judged": False}}]},
    ]
    dots = _call("chartMarks", events)
    assert [(d["seq"], d["grade"], d["value"]) for d in dots] == [
        (141, "inaccuracy", 0.27),
        (160, "mistake", 0.0),
        (170, "blunder", 0.1),
    ]
    assert [e["seq"] for e in events if _call("marked", e)] == [d["seq"] for d in dots]
    assert dots[0]["title"] == "event 141: inaccuracy, 8 points of winning chances lost"
    assert [d["colour"] for d in dots] == ["#b9770e", "#d35400", "#c0392b"]  # the notes' colours
    assert [d["radius"] for d in dots] == [3, 4, 4]
    assert _call("chartMarks", []) == []


def test_a_moves_heading_names_the_seat_that_made_it() -> None:
    """The heading over a move's events names the move's seat, not the seat of the move's first
    event: No Man's Land's "End the turn without drawing" opens with Falcone's turn beginning
    (an event of no seat), which read "A seat: End the turn without drawing"."""
    names = {"0": "Falcone", "1": "Gordon"}
    ends = {
        "seat": None,
        "type": "phase_began",
        "move": {"seat": 1, "type": "end"},
        "move_label": "End the turn without drawing",
    }
    assert _call("moveHeading", ends, names) == "Gordon: End the turn without drawing"
    another = {**ends, "seat": 0}  # a first event of another seat's still names the mover
    assert _call("moveHeading", another, names) == "Gordon: End the turn without drawing"
    hidden = {**ends, "move": {"seat": 0, "type": "crime", "card": None}, "move_label": None}
    assert _call("moveHeading", hidden, names) == (
        "Falcone's move (its details are hidden from you)"
    )
    assert _call("moveHeading", {"seat": None, "type": "game_started", "move": None}, names) == (
        "Set-up"
    )


def test_the_grades_are_explained_by_the_games_mark() -> None:
    """A reader saw "Inaccuracy: 10 points … lost (between 9 and 11 points)" beside "Mistake: 11
    points … lost (between 10 and 13 points)" and nothing saying where a grade begins: the
    summary says so from the game's mark (City Strategy's 0.10, Gotham Race's 0.15)."""

    def note(mark_at: float) -> dict[str, Any]:
        data = {"seat": 0, "grade": "good", "lost": 0, "mark_at": mark_at}
        return {"source": "analysis", "data": data}

    assert _call("gradeWords", [{"annotations": [note(0.1)]}]) == (
        "A move is graded by the points of winning chances it surely loses (the low end of its"
        " note's interval): an inaccuracy from 5, a mistake from 10, a blunder from 20; too close"
        " to call when it could lose 10 as well as nothing"
    )
    assert "an inaccuracy from 7.5, a mistake from 15, a blunder from 30;" in _call(
        "gradeWords", [{"annotations": [note(0.15)]}]
    )
    assert _call("gradeWords", [{"annotations": [{"source": "person", "text": "Hi"}]}]) == ""
    assert _call("gradeWords", []) == ""
