"""The play page's panels as drawn by the games' board.js, under node with a few stand-in
elements (panels/draw_panel.js): what a seat reads beside the board, without a browser."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.types import Move
from rules_core.games.no_mans_land.state import Crime
from tests.frontend.node_script import node_output
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    HEROES,
    all_active,
    play,
    started,
)

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "frontend" / "static" / "frontend"
GAMES = ROOT / "rules_core" / "games"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def drawn_panel(
    slug: str, view: Any, seat: int | None, moves: Sequence[Move] = ()
) -> dict[str, Any]:
    """`lines`: the panel's elements in order, each as [tag, its own text]; `titles`: the page's
    heading over it while the seat plays (`playing`) and after (`after`; None: no heading);
    `reference_open_after_redraw`: the game's reference, unfolded, stays so when the panel is
    drawn again (None: no reference); `targets`: the elements a move may act on, each as [its
    own text, its data-target]; `move_targets`: the target of each of `moves` (the board's
    `target`). `seat` None: a spectator's page."""
    script = Path(__file__).parent / "panels" / "draw_panel.js"
    args = [str(script), str(STATIC), _board(slug), slug]
    drawn: dict[str, Any] = _node(args, view, seat, [json.dumps([m.to_json() for m in moves])])
    return drawn


def _board(slug: str) -> str:
    return str(GAMES / slug.replace("-", "_") / "board.js")


def _node(args: list[str], view: Any, seat: int | None, after: Sequence[str] = ()) -> Any:
    """What node prints (as JSON) given `args` then the seat ("spectator" for None) then
    `after`, and the view on its input."""
    return node_output([*args, "spectator" if seat is None else str(seat), *after], view)


def panel(slug: str, view: Any, seat: int | None) -> list[list[str]]:
    """The panel's elements in order, each as [tag, its own text]."""
    lines: list[list[str]] = drawn_panel(slug, view, seat)["lines"]
    return lines


def test_the_chronicles_panel_shows_the_dice_rolled_before_the_reroll_choice() -> None:
    """Batman's fall rolls two yellow dice: the seat choosing the rerolls reads each face in the
    words of the reroll buttons, above its hero boards; the villain's seat reads them too."""
    state = all_active(started())
    state, _ = play(state, HEROES, Move.of("move", hero="batman", to="walkway"))
    falling, _ = play(state, HEROES, Move.of("move", hero="batman", to="loading-pit"), 5)
    game = get_game("gotham-city-chronicles")
    drawn = panel("gotham-city-chronicles", game.view(falling, HEROES), HEROES)
    assert drawn[:4] == [
        ["h3", "Batman's dice show one success"],
        ["ul", ""],
        ["li", "The first die (yellow: one success)"],
        ["li", "The second die (yellow: no success)"],
    ]
    assert ["h3", "Your hero boards"] in drawn[4:]
    villain = panel("gotham-city-chronicles", game.view(falling, 0), 0)
    assert villain[0] == ["h3", "Batman's dice show one success"]
    calm = panel("gotham-city-chronicles", game.view(state, HEROES), HEROES)
    assert calm[0] == ["h3", "Your hero boards"]  # no roll waiting: nothing about dice


def test_the_page_heads_the_panel_once_never_above_the_panels_own_heading() -> None:
    """A seat whose game is over read "At the table" right above "Your command post": a panel
    with its own heading gets no other; one without keeps "At the table"; while the seat plays,
    its moves come first under "Your moves"."""
    state = started()
    game = get_game("gotham-city-chronicles")
    chronicles = drawn_panel("gotham-city-chronicles", game.view(state, 0), 0)
    assert chronicles["lines"][0] == ["h3", "Your command post"]
    assert chronicles["titles"] == {"playing": "Your moves", "after": None}
    figure = {"owner": 0, "figure": "A", "rank": 1, "square": 3, "where": "square 3"}
    race = drawn_panel("gotham-race", {"figures": [figure]}, 0)  # no hand: no heading of its own
    assert [tag for tag, _ in race["lines"]] == ["p"]
    assert race["titles"] == {"playing": "Your moves", "after": "At the table"}
    nothing = drawn_panel("gotham-race", {"figures": []}, 0)
    assert nothing["lines"] == [] and nothing["titles"]["after"] is None


def test_the_race_panel_names_the_seats_figure_as_the_seats_and_story_do() -> None:
    """The panel read "You race figure A" beside "You play Figure A (Ann)": one casing."""
    figure = {"owner": 0, "figure": "A", "rank": 1, "square": 3, "where": "square 3"}
    race = panel("gotham-race", {"figures": [figure]}, 0)
    assert race == [["p", "You race Figure A: rank 1, square 3."]]


def test_the_race_hand_panel_picks_either_copy_of_a_card_held_twice() -> None:
    """Two copies of one card are one offered move (the first copy's, content.Pack.one_of_each):
    each copy in the hand panel is marked as that move's target, so picking either on the play
    page keeps the one move that places it, and every card held picks a move."""
    game = get_game("gotham-race")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    events = game.decide(state, 0, Move.of("draw", deck=1), random.Random(0))
    assert isinstance(events, list)
    state = fold(game, events, state)
    state = replace(state, hands=(("1-03", "2-04", "3-01", "4-05", "1-02"), state.hands[1]))
    moves = game.legal_moves(state, 0)
    drawn = drawn_panel("gotham-race", game.view(state, 0), 0, moves)
    assert drawn["targets"] == [
        ["Leader: 2 forward (deck 1)", "card-1-02"],
        ["Runner in 2nd: 2 forward (deck 2)", "card-2-04"],
        ["Runner in 3rd: 3 back (deck 3)", "card-3-01"],
        ["Runner in last place: 4 forward (deck 4)", "card-4-05"],
        ["Leader: 2 forward (deck 1)", "card-1-02"],
    ]
    assert drawn["move_targets"] == ["card-1-02", "card-2-04", "card-3-01", "card-4-05"]


def test_the_race_shows_what_each_deck_holds_to_every_reader() -> None:
    """'cards': the book lists every card of each back, so the table knows what each deck
    holds; the view's deck_contents was shown by no page. Under the panel, folded, for a seat
    and a spectator alike: each deck by its number and size, each card's text once with its
    copies as the book counts them ("(2 cards)"); a custom pack's text is set as text."""
    game = get_game("gotham-race")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    for seat in (0, None):
        drawn = drawn_panel("gotham-race", game.view(state, seat), seat)
        lines = drawn["lines"]
        at = lines.index(["summary", "What each deck holds"])
        assert lines[at - 1] == ["details", ""] and lines[at + 1] == ["ul", ""]
        assert lines[at + 2 : at + 7] == [
            ["li", ""],
            ["strong", "Deck 1 (15 cards)"],
            ["ul", ""],
            ["li", "Leader: 2 back"],
            ["li", "Leader: 2 forward (2 cards)"],
        ]
        decks = [text for tag, text in lines if tag == "strong"]
        assert decks == [f"Deck {d} (15 cards)" for d in (1, 2, 3, 4)]
        assert drawn["reference_open_after_redraw"] is True
    view: Any = game.view(state, 0)
    hostile = '<img src=x onerror="window.__xss=1">Leader: 9 forward'
    view["deck_contents"] = {**view["deck_contents"], "1": [{"text": hostile, "copies": 1}]}
    custom = panel("gotham-race", view, 0)
    assert ["strong", "Deck 1 (1 card)"] in custom
    assert ["li", hostile] in custom  # the text as text, never markup


# Runs a game's board.js with stand-ins for the registry and the drawing helpers and prints
# the svg's words: its hover titles (the <title> texts) and the rest of its texts, in order
# (not a <desc>, never drawn: a screen reader's words): `node -e SCRIPT BOARD SEAT < view`.
_BOARD_WORDS = """
const fs = require("fs"), vm = require("vm");
const [board, seat] = process.argv.slice(1);
const node = (name, attrs, text) => ({ name, attrs, text, children: [],
  appendChild(child) { this.children.push(child); return child; }, setAttribute() {},
  classList: { add() {}, remove() {}, toggle() {} } });
let draw = null;
const context = { GothamBoards: { el: node, COLORS: [], register(slug, d) { draw = d; },
  seatColour: () => "#555",
  describer: () => ({ id: (part) => part, words: (part, text) => node("desc", {}, text),
    on: (element) => element }) },
  GothamDom: { counted: (n, what) => `${n} ${what}` } };
context.window = context;
vm.createContext(context);
vm.runInContext(fs.readFileSync(board, "utf8"), context);
const view = JSON.parse(fs.readFileSync(0, "utf8"));
view.seat = seat === "spectator" ? null : Number(seat);
const svg = node("svg");
draw(svg, view);
const words = { titles: [], texts: [] };
const walk = (n) => n.children.forEach((c) => {
  if (c.name === "title") words.titles.push(c.text);
  else if (c.name !== "desc" && c.text !== undefined) words.texts.push(String(c.text));
  walk(c);
});
walk(svg);
process.stdout.write(JSON.stringify(words));
"""


def board_words(slug: str, view: Any, seat: int | None) -> dict[str, list[str]]:
    """The words of `slug`'s board as drawn from `view` for `seat` (None: a spectator)."""
    words: dict[str, list[str]] = _node(["-e", _BOARD_WORDS, _board(slug)], view, seat)
    return words


def test_the_race_board_tells_each_figure_in_words_not_seat_numbers() -> None:
    """A figure's hover title read "rank 1, square 0, lane 0 (seat 1)": a seat's number, and
    the inside lane as lane 0 where the story tells lanes from 1. It says whose figure it is and
    counts lanes from 1, as the story does."""
    game = get_game("gotham-race")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    titles = {}
    for seat in (0, None):
        drawn = board_words("gotham-race", game.view(state, seat), seat)
        titles[seat] = [t for t in drawn["titles"] if t.startswith("Figure ")]
    assert titles[0] == [
        "Figure A: rank 4, square 0, lane 4 (yours)",
        "Figure B: rank 3, square 0, lane 3 (another player's)",
        "Figure C: rank 2, square 0, lane 2 (ownerless)",
        "Figure D: rank 1, square 0, lane 1 (ownerless)",
    ]
    assert titles[None][:2] == [
        "Figure A: rank 4, square 0, lane 4 (a player's)",
        "Figure B: rank 3, square 0, lane 3 (a player's)",
    ]


def test_the_race_board_and_panel_tell_a_figure_behind_the_start_as_the_story_does() -> None:
    """questions.positions: a figure gone backwards past the start stood on "square 34" on the
    board and in the panel, read as far ahead, where the story says "square 34, 6 behind the
    start"; a figure a lap on stood on "square 0", read as back at the start."""
    game = get_game("gotham-race")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    state = replace(state, xs=(-6, 40, 0, 0), lanes=(0, 2, 1, 0))
    titles = board_words("gotham-race", game.view(state, 0), 0)["titles"]
    assert titles[:2] == [
        "Figure A: rank 4, square 34, 6 behind the start, lane 1 (yours)",
        "Figure B: rank 1, square 0, 40 ahead of the start, lane 3 (another player's)",
    ]
    mine = panel("gotham-race", game.view(state, 0), 0)[0]
    assert mine == ["p", "You race Figure A: rank 4, square 34, 6 behind the start."]


def test_the_black_metro_board_shows_each_players_technologies_in_play() -> None:
    """The board showed nobody's technologies, though charged ones lie face up on the table
    (appendix.science): under each player's line, every reader sees their charged technologies
    by name, what each does on hover, and how many lie face down, never which."""
    from rules_core.engine.updating import updated
    from tests.rules_core.games.black_metro.helpers import BLUE, GREEN, RED, started

    game = get_game("black-metro")
    state = started(3)
    red = updated(state.player(RED), technologies=("voltaic-edge@0", "calm-protocol@0"))
    green = updated(
        state.player(GREEN), technologies=("trading-platform@1",), downed=("calm-protocol@1",)
    )
    state = state.with_player(RED, red).with_player(GREEN, green)
    for seat in (BLUE, None):
        words = board_words("black-metro", game.view(state, seat), seat)
        texts, titles = words["texts"], words["titles"]
        at = texts.index("technologies:")
        assert texts[at : at + 3] == ["technologies:", "Voltaic Edge", "Calm Protocol"]
        at = texts.index("technologies:", at + 1)
        assert texts[at : at + 3] == ["technologies:", "Trading Platform", "1 face down"]
        assert texts.count("technologies:") == 2  # Blue has none: no line for them
        assert "Calm Protocol (neuro, level 1): heal 1 strain each standby" in titles
        assert sum("Calm Protocol" in t for t in texts + titles) == 2  # Red's; Green's unnamed


def test_the_no_mans_land_key_offers_the_c_plus_1_counter_as_falcones_choice() -> None:
    """income-phase: Falcone *can* take a counter more for a crime at a C+1 district (his
    choice since rules version 4); the board's key said a crime there earns it."""
    game = get_game("no-mans-land")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    texts = board_words("no-mans-land", game.view(state, 1), 1)["texts"]
    key = next(t for t in texts if t.startswith("(C+1)"))
    assert key == "(C+1): a crime there lets Falcone take 1 more counter at income, if he wants"


def test_the_no_mans_land_board_says_the_game_is_being_set_up_until_turn_1() -> None:
    """sequence-of-play: the replay's board at the set-up's events read "Turn 0: Falcone's" and
    "start of turn phase", a turn and a phase that had not begun. Until the first turn begins
    it says the game is being set up and that Falcone takes the first turn."""
    game = get_game("no-mans-land")
    events = game.setup(2, {}, random.Random(1))
    dealt = fold(game, events[:2])  # the decks shuffled and Falcone's hand dealt
    assert dealt.turn == 0
    for seat in (0, 1, None):
        texts = board_words("no-mans-land", game.view(dealt, seat), seat)["texts"]
        assert _above_the_crimes(texts) == ["Setting up the game", "Falcone takes the first turn"]
        assert not any(t.startswith("Turn ") or t.endswith(" phase") for t in texts)
    begun = board_words("no-mans-land", game.view(fold(game, events), 0), 0)["texts"]
    assert _above_the_crimes(begun) == ["Turn 1: Falcone's", "movement phase"]


def test_the_chronicles_board_says_the_game_is_being_set_up_before_turn_1() -> None:
    """At the game's first event no turn has begun (the view's turn is 0, its phase upkeep): the
    board read "turn 0 of 8, upkeep". It says the game is being set up and how many turns
    there will be."""
    game = get_game("gotham-city-chronicles")
    events = game.setup(3, {}, random.Random(1))
    started = fold(game, events[:1])
    assert started.turn == 0
    turns = game.view(started, 0)["turn_limit"]
    for seat in (0, 1, None):
        heading = board_words("gotham-city-chronicles", game.view(started, seat), seat)["texts"][0]
        assert heading.endswith(f": setting up, {turns} turns to play")
    begun = board_words("gotham-city-chronicles", game.view(fold(game, events), 0), 0)["texts"]
    assert begun[0].endswith(f": turn 1 of {turns}, the heroes' turn")


def test_the_chronicles_board_says_the_game_is_over_in_words() -> None:
    """A finished game's heading told its phase's id ("turn 4 of 4, over"); it tells the view's
    step in words."""
    game = get_game("gotham-city-chronicles")
    state = fold(game, game.setup(2, {}, random.Random(3)))
    pick = random.Random(3)
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        events = game.decide(state, seat, pick.choice(game.legal_moves(state, seat)), pick)
        assert isinstance(events, list)
        state = fold(game, events, state)
    heading = board_words("gotham-city-chronicles", game.view(state, None), None)["texts"][0]
    assert heading.endswith(f" of {state.board_pack.mission.turn_limit}, the game is over")


def _above_the_crimes(texts: list[str]) -> list[str]:
    """The two lines the No Man's Land board writes above its count of crimes: when it is."""
    at = next(k for k, t in enumerate(texts) if t.startswith("Crimes in "))
    return texts[at - 2 : at]


def test_the_no_mans_land_board_tells_every_seat_a_face_down_crime_is_not_an_arson() -> None:
    """A face-down crime that stood through Falcone's start of turn with no hero there is known
    to the whole table not to be an Arson (rules version 8): the board says so to each seat,
    showing Gordon and a spectator nothing more of the card."""
    game = get_game("no-mans-land")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    state = replace(state, crimes=(Crime("narrows", "heist-1", True, ("arson-1", "arson-2")),))
    known = (
        "Face-down crime at the Narrows — not an Arson: it stood through the start of Falcone's "
        "turn with no hero there."
    )
    titles = (
        (1, "face-down crime"),
        (None, "face-down crime"),
        (0, "Bank Heist (3), face down"),
    )
    for seat, label in titles:
        drawn = board_words("no-mans-land", game.view(state, seat), seat)
        assert f"{label}. {known}" in drawn["titles"]
        assert not any("face-down crime, face down" in w for w in drawn["titles"])
        shown = "? · not Arson" if seat != 0 else "Bank Heist (3) · not Arson"
        assert shown in drawn["texts"]
        if seat != 0:
            assert not any("Heist" in w for w in drawn["titles"] + drawn["texts"])


def test_the_black_metro_panel_says_what_the_rules_ask_of_the_seat_now() -> None:
    """A new player read "Return “War Chest” to the mission deck" buttons with nothing saying
    what was being decided: the panel says what the rules ask of the seat while it is waited
    for (the view's `asked`), and nothing of it to a seat waiting on another."""
    from tests.rules_core.games.black_metro.helpers import started

    game = get_game("black-metro")
    state = started(2)
    view: Any = game.view(state, 1)
    assert view["waiting_for"] == ["Green"]
    asked = ["p", "The rules ask you to return a mission to the bottom of the mission deck."]
    assert panel("black-metro", view, 1)[0] == asked
    assert asked not in panel("black-metro", game.view(state, 0), 0)


def test_the_black_metro_panel_lists_a_mission_put_back_under_the_deck_not_as_held() -> None:
    """A new player read "Mission “War Chest”: you put it back…" among the missions held, as if
    the seat still held it: a mission put back is listed as in the mission deck (the view's
    `mission_deck.yours`, where the seat knows it lies), and not among the seat's missions."""
    from tests.rules_core.games.black_metro.helpers import play, started

    game = get_game("black-metro")
    state = started(2)
    card = state.player(1).missions[1]
    state, _ = play(state, 1, "return_mission", card=card)
    view: Any = game.view(state, 1)
    name = view["mission_deck"]["yours"][0]["name"]
    drawn = panel("black-metro", view, 1)
    at = drawn.index(["strong", "In the mission deck"])
    assert drawn[at - 1 : at + 2] == [
        ["li", ""],
        ["strong", "In the mission deck"],
        ["span", f": {name}, at the bottom (you put it back)"],
    ]
    assert ["strong", f"Mission {name}"] not in drawn
    held = [text for tag, text in drawn if tag == "strong" and text.startswith("Mission ")]
    assert held == [f"Mission {m['name']}" for m in view["players"][1]["missions"]] != []


def test_the_black_metro_panel_says_what_the_seats_cards_and_the_districts_do() -> None:
    """Red reads its candidate, its technology and each option of its missions in words, then
    (folded) each district's effects and each syndicate's backing; a custom pack's names are
    set as text."""
    from rules_core.engine.updating import updated
    from tests.rules_core.games.black_metro.helpers import started

    state = started(2)
    banker = next(c.id for c in state.the_pack().candidates if c.name == "The Banker")
    red = updated(
        state.player(0), candidate=banker, technologies=("calm-protocol@0",), hand=("Q-hearts",)
    )
    state = state.with_player(0, red)
    view = get_game("black-metro").view(state, 0)
    districts = view["districts"]
    assert isinstance(districts, Sequence) and isinstance(districts[0], dict)
    districts[0]["name"] = "<b>Factory</b>"
    drawn = panel("black-metro", view, 0)
    texts = [text for tag, text in drawn if tag == "span"]
    assert ["strong", "Candidate "] in drawn and ["strong", "Technology "] in drawn
    assert "The Banker: get 1 gold each standby; at 03 Gilded Bank: get 2 gold" in texts
    assert "Calm Protocol (neuro, level 1): heal 1 strain each standby" in texts
    mission = state.player(0).missions[0]
    players = view["players"]
    assert isinstance(players, Sequence) and isinstance(players[0], Mapping)
    missions = players[0]["missions"]
    assert isinstance(missions, Sequence) and isinstance(missions[0], Mapping)
    shown, offered = missions[0], missions[0]["options"]
    assert isinstance(offered, Sequence) and all(isinstance(option, str) for option in offered)
    options = "; or ".join(str(option) for option in offered)
    assert ["strong", f"Mission {shown['name']}"] in drawn
    assert options in texts and mission not in json.dumps(drawn)  # after ": ", its own words
    assert ["strong", "the queen of hearts"] in drawn
    queen = "a dominance fortune (take the top fortune of the fortune discard); hearts: heal 1"
    assert f"{queen} strain" in texts
    assert ["summary", "What the districts and syndicates do"] in drawn
    assert ["strong", "01 <b>Factory</b>"] in drawn  # the name as text, never markup
    assert ": get 1 drakownium; or inflict 3 strain, then get 1 drakownium" in texts
    assert ["strong", "12 Combat Zone"] in drawn
    assert (
        " (its dominating player only): acquire 1 power; or acquire 2 power after overwhelming"
        " personnel here" in texts
    )


def _with_verb_phrase(state: Any, token_id: str, token_state: str, phrase: str) -> Any:
    """`state` whose pack gives `token_id` the verb `phrase` for `token_state` (a custom pack)."""
    mission = state.board_pack.mission
    tokens = []
    for token in mission.tokens:
        if token.id == token_id:
            phrases = list(token.verb_phrases)
            phrases[token.states.index(token_state)] = phrase
            token = replace(token, verb_phrases=tuple(phrases))
        tokens.append(token)
    pack = replace(state.board_pack, mission=replace(mission, tokens=tuple(tokens)))
    return replace(state, pack=pack)


def test_the_chronicles_panel_folds_what_the_heroes_cards_and_villains_do() -> None:
    """Under each seat's boards, folded: each thing in play by its name, then what it does (the
    view's `texts`); a custom pack's name with markup is set as text, and so is a token's verb
    phrase with markup in it (the mission's objective)."""
    state = started()
    view: Any = get_game("gotham-city-chronicles").view(state, HEROES)
    view["texts"][1]["name"] = "<b>Batman</b>"
    hostile = _with_verb_phrase(state, "bomb", "exploded", "<i>goes off</i>")
    hostile_view: Any = get_game("gotham-city-chronicles").view(hostile, HEROES)
    drawn = panel("gotham-city-chronicles", hostile_view, HEROES)
    assert any(tag == "span" and "the Bomb <i>goes off</i>, every" in text for tag, text in drawn)
    for seat in (0, HEROES):
        drawn = panel("gotham-city-chronicles", view, seat)
        at = drawn.index(["summary", "What the heroes, cards and villains do"])
        assert drawn[at - 1] == ["details", ""] and drawn[at + 1] == ["ul", ""]
        assert drawn[at + 2 : at + 5] == [
            ["li", ""],
            ["strong", "The Warehouse Job"],
            [
                "span",
                ": the heroes win once a hero carries Falcone's Ledger into the Street; the villain"
                " wins once the Bomb explodes, every hero is neutralized or turn 4 ends; at most"
                " 4 turns, the heroes acting first",
            ],
        ]
        assert ["strong", "<b>Batman</b>"] in drawn  # the name as text, never markup
        assert ["strong", "Batarangs"] in drawn
        assert [
            "span",
            ": bat-gadget, ranged weapon, size 1, Batman only; ranged attack: +one yellow die with"
            " a reroll icon",
        ] in drawn
        assert ["strong", "Event tile"] in drawn
        items = [text for tag, text in drawn[at + 2 :] if tag == "strong"]
        assert items == [t["name"] for t in view["texts"]]


def test_a_spectator_reads_what_the_table_does_and_a_redraw_keeps_it_unfolded() -> None:
    """The reference (what the districts, heroes and cards do) is printed on the table: a
    spectator reads it under an empty panel, headed "At the table"; a reader who unfolded it
    finds it unfolded after the next move redraws the panel."""
    from tests.rules_core.games.black_metro import helpers as metro_table

    metro = get_game("black-metro").view(metro_table.started(2), None)
    drawn = drawn_panel("black-metro", metro, None)
    assert drawn["lines"][0] == ["details", ""]
    assert ["summary", "What the districts and syndicates do"] in drawn["lines"]
    assert not any(tag == "p" and text.startswith("Hideout") for tag, text in drawn["lines"])
    assert drawn["titles"] == {"playing": "Your moves", "after": "At the table"}
    assert drawn["reference_open_after_redraw"] is True
    chronicles = get_game("gotham-city-chronicles").view(started(), None)
    drawn = drawn_panel("gotham-city-chronicles", chronicles, None)
    assert ["summary", "What the heroes, cards and villains do"] in drawn["lines"]
    assert drawn["reference_open_after_redraw"] is True
    race = get_game("gotham-race")
    assert (
        drawn_panel("gotham-race", race.view(race.initial_state(), None), None)[
            "reference_open_after_redraw"
        ]
        is None
    )


def test_the_strategy_panel_shows_the_card_being_carried_out_and_what_it_asks() -> None:
    """The Joker plays a plot card: it leaves the hand, and the buttons read "Carry out the
    card" / "Take 2 information instead" with no word of which card or what it does. The
    panel shows the card in play and what the rules wait for this seat to choose."""
    game = get_game("gotham-city-strategy")
    rng = random.Random(1)
    state = fold(game, game.setup(2, {}, rng))
    while not state.played:
        seat = min(game.to_act(state))
        moves = game.legal_moves(state, seat)
        move = next((m for m in moves if m.type == "play"), moves[0])
        for event in game.decide(state, seat, move, rng):  # type: ignore[union-attr]
            state = game.evolve(state, event)
    view = game.view(state, seat)
    played, pending = view["played"], view["pending"]
    assert isinstance(played, dict) and isinstance(pending, list) and pending
    played["name"] = '<img src=x onerror="window.__xss=1">'
    drawn = panel("gotham-city-strategy", view, seat)
    in_play = f"The card in play: “{played['name']}”: {played['text']}"
    assert drawn[:2] == [["p", in_play], ["p", pending[0]["text"]]]
    other = panel("gotham-city-strategy", game.view(state, 1 - seat), 1 - seat)
    assert other[0][0] == "p" and other[0][1].startswith("The card in play: ")
    assert ["p", pending[0]["text"]] not in other


def test_the_strategy_panel_says_what_the_seats_next_level_asks() -> None:
    """The view's `next_level_needs` was a dict no page told: the panel says it under the
    seat's screen, in the dial's words."""
    game = get_game("gotham-city-strategy")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    view: Any = game.view(state, 0)
    text = view["players"][0]["next_level_needs"]["text"]
    assert text.startswith("Level 2 asks for ")
    drawn = panel("gotham-city-strategy", view, 0)
    at = next(i for i, (tag, line) in enumerate(drawn) if line.startswith("Level 1 · "))
    assert drawn[at + 1] == ["p", f"{text}."]


def test_the_strategy_panel_says_what_the_reserves_hold() -> None:
    """The reserves run out (components): the panel tells what is left to take, as the view's
    `reserves` counts it for every seat."""
    game = get_game("gotham-city-strategy")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    money = 80 - sum(p.money for p in state.players)
    information = 60 - sum(p.information for p in state.players)
    drawn = panel("gotham-city-strategy", game.view(state, 1), 1)
    assert ["p", f"The reserves hold {money} money and {information} information."] in drawn


def test_the_strategy_panel_heads_the_seats_hand() -> None:
    """The hint said "Pick a highlighted card in your hand" over a list of cards that nothing
    named as the hand (the other games' panels head theirs)."""
    game = get_game("gotham-city-strategy")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    view: Any = game.view(state, 0)
    hand = view["players"][0]["hand"]
    drawn = panel("gotham-city-strategy", view, 0)
    at = drawn.index(["h3", f"Your hand ({len(hand)})"])
    assert drawn[at + 1] == ["ul", ""]
    assert [line for tag, line in drawn[at + 2 :] if tag == "strong"] == [c["name"] for c in hand]


def test_the_strategy_legend_speaks_of_your_villain_only_to_a_seat() -> None:
    """The legend read "villain (ringed: yours)" on a spectator's board too, where no villain is
    ringed and none is the reader's."""
    game = get_game("gotham-city-strategy")
    state = fold(game, game.setup(2, {"villains": ["joker", "penguin"]}, random.Random(1)))
    seated = board_words("gotham-city-strategy", game.view(state, 0), 0)["texts"]
    watching = board_words("gotham-city-strategy", game.view(state, None), None)["texts"]
    assert "villain (ringed: yours)" in seated
    assert "villain" in watching
    assert not any("yours" in text for text in watching)


def test_the_strategy_board_says_what_batmans_order_and_fight_do() -> None:
    """A new player read "Batman: level 1, order 2, fight 1" without knowing what the two
    values do: the line says it with the dial's numbers (glossary.order-value and
    glossary.fight-value), its hover title in full; the legend's row says when he is in the
    Batcave (the line takes the board's width)."""
    game = get_game("gotham-city-strategy")
    state = fold(game, game.setup(2, {"villains": ["joker", "penguin"]}, random.Random(1)))
    view: Any = game.view(state, 0)
    texts = board_words("gotham-city-strategy", view, 0)["texts"]
    assert [t for t in texts if "Batman" in t] == [
        "Batman: level 1 · removes 2 threats where he wins or finds no villain (order) · "
        "adds 1 to his fight rolls (fight)",
        "Batman is in the Batcave",
    ]
    view["batman"].update(at=0, level=6, order=4, fight=4)
    drawn = board_words("gotham-city-strategy", view, 0)
    (line,) = [t for t in drawn["texts"] if t.startswith("Batman")]
    assert line.startswith("Batman: level 6 · removes 4 threats ")
    assert line.endswith(" · adds 4 to his fight rolls (fight)")
    assert any(t.startswith("Order: how many threats are removed ") for t in drawn["titles"])


def test_the_chronicles_panel_says_what_the_defense_to_declare_answers() -> None:
    """The villain asked "Defend with 0 cubes" … reads above the moves whose attack it answers
    and its successes (the view's fight summary), first in the panel."""
    from tests.rules_core.games.gotham_city_chronicles.test_combat import (
        GORDONS_ATTACK,
        _gordon_beside_a_thug,
    )
    from tests.rules_core.games.gotham_city_chronicles.test_villain import VILLAIN

    state, _ = play(_gordon_beside_a_thug(), HEROES, GORDONS_ATTACK, 0)
    state, _ = play(state, HEROES, Move.of("keep"))
    view: Any = get_game("gotham-city-chronicles").view(state, VILLAIN)
    drawn = panel("gotham-city-chronicles", view, VILLAIN)
    assert drawn[0] == ["h3", view["fight"]["summary"]]
    assert drawn[0][1].startswith("Commissioner Gordon's melee attack on Thugs with Crowbar #1: ")


def test_the_no_mans_land_board_counts_each_sides_hand_for_every_seat() -> None:
    """At the table each side sees how many cards the other holds, never which: the board said
    nothing of either hand (a spectator saw neither count, a seat only its own cards)."""
    game = get_game("no-mans-land")
    state = fold(game, game.setup(2, {}, random.Random(1)))
    state = replace(state, signal_hand=("batman-1", "rapid-1"))
    held = f"In hand: Falcone {len(state.falcone_hand)} · Gordon 2"
    for seat in (0, 1, None):
        drawn = board_words("no-mans-land", game.view(state, seat), seat)
        assert held in drawn["texts"]
        if seat != 1:
            assert not any("Batman" in w or "Rapid" in w for w in drawn["texts"] + drawn["titles"])
