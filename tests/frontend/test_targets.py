"""The play page's targets (frontend/static/frontend/targets.js) under node, on each game's board
and panel drawn from a real seat's view with its real legal moves (panels/board_targets.js):
the places and cards a move acts on are picked by the mouse and the keyboard alike, each a
button named in the game's words with its count of moves."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from typing import Any

import pytest

from rules_core.engine import GameSpec
from tests.frontend.node_script import STATIC
from tests.frontend.target_tables import (
    TABLES,
    black_metro_assigning,
    falcones_first_turn,
    gordon_fighting,
    gordon_moving,
    gordon_signalling,
    metro_attacking,
    metro_attacking_at_a_district,
    metro_discarding,
    metro_giving_the_relic,
    metro_jamming,
    metro_rerolling,
    metro_returning_a_mission,
    offered,
    race_placing,
    strategy_playing,
    targeted,
)

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_black_metros_districts_are_picked_as_gotham_city_strategys_blocks_are() -> None:
    """Black Metro's districts were drawn without a target: its moves naming a district (assign
    a unit, play a fortune there, let an explosion strike it) now highlight it, named as the
    moves name it; picking one leaves only its moves, and a move button confirms."""
    game, state, seat = black_metro_assigning()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    drawn = targeted("black-metro", view, seat, moves, [{"click": "district-1"}])
    targets = drawn["targets"]
    assert targets and {t["group"] for t in targets} == {"board"}
    at = {int(str(m["move"]["district"])) for m in moves if "district" in m["move"]}
    assert [t["target"] for t in targets] == [f"district-{n}" for n in sorted(at)]
    # each named as its moves' buttons name it: "Assign a subordinate to 01 Shadowforge Factory"
    districts = {d["number"]: d["name"] for d in view["districts"]}
    for t in targets:
        number = int(t["target"].removeprefix("district-"))
        aimed = [m["label"] for m in moves if m["move"].get("district") == number]
        name = f"{number:02d} {districts[number]}"
        assert t["name"] == f"{name}: {len(aimed)} move{'s' if len(aimed) > 1 else ''}"
        assert all(name in label for label in aimed), aimed
    first = [m["label"] for m in moves if m["move"].get("district") == 1]
    assert drawn["steps"] == [
        {
            "focus": None,
            "picked": "district-1",
            "pressed": None,
            "chosen": [targets[0]["name"]],
            "shown": first,
            "prevented": False,
        }
    ]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.__name__)
def test_every_target_is_a_named_button_the_keyboard_reaches_and_picks(table: Any) -> None:
    """A place or card the mouse could pick was out of the keyboard's reach: each group of
    targets (the board's, the hand's) is now one Tab stop, the arrow keys go from one to the
    next (round at the ends), Home and End to the first and last, and Enter or Space picks the
    one with the focus, leaving only its moves; each is a button named in the game's words with
    the count of its moves, pressed while picked."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view = game.view(state, seat)
    targets = targeted(slug, view, seat, moves)["targets"]
    assert targets, f"no target in {slug}'s {[m['label'] for m in moves][:5]}"
    for t in targets:
        name, count = re.fullmatch(r"(.+): (\d+) moves?", t["name"]).groups()  # type: ignore[union-attr]
        assert t["role"] == "button" and t["pressed"] == "false", t
        assert name != t["target"] and not re.fullmatch(r"[a-z0-9-]+", name), t  # words, not an id
        assert int(count) >= 1
    for group in sorted({t["group"] for t in targets}):
        mine = [t for t in targets if t["group"] == group]
        # each is told apart by its name (a hero board of two lines was two buttons of one name)
        assert len({t["name"] for t in mine}) == len(mine), [t["name"] for t in mine]
        # one Tab stop per group: its first target
        assert [t["tabindex"] for t in mine] == ["0"] + ["-1"] * (len(mine) - 1)
        first, last = mine[0], mine[-1]
        keys = ["ArrowRight", "ArrowLeft", "ArrowLeft", "Home", "End", "ArrowDown", "Enter", " "]
        steps = targeted(slug, view, seat, moves, [{"tab": group}, *({"key": k} for k in keys)])
        walked = steps["steps"]
        second = mine[1] if len(mine) > 1 else first
        assert [s["focus"] for s in walked[:7]] == [
            first["name"],
            second["name"],
            first["name"],
            last["name"],
            first["name"],
            last["name"],
            first["name"],
        ]
        assert all(s["prevented"] for s in walked[1:]), walked
        # Enter picked the first: its moves alone, as many as its name says; Space unpicked it
        picked, unpicked = walked[7], walked[8]
        count = int(first["name"].rsplit(": ", 1)[1].split()[0])
        assert picked["picked"] == first["target"] and picked["pressed"] == "true"
        assert len(picked["shown"]) == count
        assert unpicked["picked"] is None and unpicked["pressed"] == "false"
        assert unpicked["shown"] == [m["label"] for m in moves]


def test_a_target_counts_the_moves_that_act_on_it() -> None:
    """Falcone's cards each name their moves' count ("Arson: 8 moves"): a card's moves
    (recruited or played at a district) are counted on the card."""
    slug, game, state, seat = falcones_first_turn()
    moves = offered(game, state, seat)
    targets = targeted(slug, game.view(state, seat), seat, moves)["targets"]
    by_card = Counter(f"card-{m['move']['card']}" for m in moves if m["move"].get("card"))
    hand = {t["target"]: t["name"] for t in targets if t["group"] == "hand"}
    assert set(hand) == set(by_card)
    for aim, name in hand.items():
        assert name.endswith(f": {by_card[aim]} move{'s' if by_card[aim] > 1 else ''}"), name


@pytest.mark.parametrize("table", [falcones_first_turn, race_placing], ids=lambda t: t.__name__)
def test_a_hand_whose_cards_are_buttons_is_a_group_of_cards(table: Any) -> None:
    """A list holds items alone: the hand's list, once its cards are buttons, is a group, each
    card a button or (nothing to pick) plain text, never a list item out of its list."""
    slug, game, state, seat = table()
    drawn = targeted(slug, game.view(state, seat), seat, offered(game, state, seat))
    cards = [t for t in drawn["targets"] if t["group"] == "hand"]
    assert cards and drawn["lists"]
    for hand in drawn["lists"]:
        assert hand["role"] == "group"
        assert set(hand["items"]) <= {"button", "none"} and hand["items"].count("button") >= 1


def test_a_card_with_nothing_to_pick_stays_plain_text_beside_the_buttons() -> None:
    """Only the first card of the race hand offered: it is the group's one button, the others
    plain text (not items of a list that no longer is one), none of them in the keyboard's way."""
    slug, game, state, seat = race_placing()
    moves = [m for m in offered(game, state, seat) if m["move"]["type"] == "place"][:1]
    drawn = targeted(slug, game.view(state, seat), seat, moves)
    assert [t["tabindex"] for t in drawn["targets"]] == ["0"]
    [hand] = drawn["lists"]
    assert hand["role"] == "group" and hand["items"].count("button") == 1
    assert set(hand["items"]) == {"button", "none"}


@pytest.mark.parametrize(
    "table",
    [
        metro_returning_a_mission,
        metro_discarding,
        metro_rerolling,
        metro_attacking,
        metro_attacking_at_a_district,
    ],
    ids=lambda t: t.__name__,
)
def test_black_metros_cards_in_hand_are_picked_as_no_mans_lands_are(table: Any) -> None:
    """A Black Metro seat's fortunes and missions were never targets: a move naming one (a
    mission returned, a fortune discarded for a blockade or to reroll, played at a district:
    that district's too) now highlights that card
    in the panel, named as the game names it ("the 4 of clubs", "Mission “War Chest”") and as
    its moves' buttons name it; picking it leaves only its moves."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    drawn = targeted(slug, view, seat, moves)
    hand = [t for t in drawn["targets"] if t["group"] == "hand"]
    aimed = Counter(f"card-{m['move']['card']}" for m in moves if "card" in m["move"])
    assert hand and {t["target"] for t in hand} == set(aimed)
    me = view["players"][seat]
    names = {f"card-{c['id']}": c["name"] for c in me["hand"]}
    names |= {f"card-{m['id']}": f"Mission {m['name']}" for m in me["missions"]}
    for t in hand:
        count = aimed[t["target"]]
        assert t["name"] == f"{names[t['target']]}: {count} move{'s' if count > 1 else ''}"
        labels = [m["label"] for m in moves if f"card-{m['move'].get('card')}" == t["target"]]
        said = names[t["target"]].removeprefix("Mission ")
        assert all(said.lower() in label.lower() for label in labels), (said, labels)
    first = hand[0]["target"]
    [step] = targeted(slug, view, seat, moves, [{"click": first}])["steps"]
    mine = [m["label"] for m in moves if f"card-{m['move'].get('card')}" == first]
    assert step["picked"] == first and step["shown"] == mine


def _player_named(move: dict[str, Any]) -> int | None:
    """The seat a Black Metro move names: attacked (a dominance fortune, an assignment fortune
    at a district) or given the relic (the jammer names a technology: its own target)."""
    if move["type"] == "give_relic":
        return int(move["to"])
    if move["type"] in ("attack", "play_fortune") and int(move["target"]) >= 0:
        return int(move["target"])
    return None


@pytest.mark.parametrize(
    "table",
    [metro_attacking, metro_attacking_at_a_district, metro_giving_the_relic],
    ids=lambda t: t.__name__,
)
def test_black_metros_players_a_move_names_are_picked_by_their_line(table: Any) -> None:
    """An attack and the relic given name a player, not a place or a card of the hand, and
    were never targets: each other player's line under the board now is one, named by the
    player with its count of moves ("Green: 2 moves"), one Tab stop with the districts;
    picking it leaves only the moves naming that player (Red attacked)."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    drawn = targeted(slug, view, seat, moves)
    named = Counter(p for m in moves if (p := _player_named(m["move"])) is not None)
    assert len(named) == 2 and seat not in named
    players = [t for t in drawn["targets"] if t["target"].startswith("player-")]
    assert [t["target"] for t in players] == [f"player-{p}" for p in sorted(named)]
    for t in players:
        who = int(t["target"].removeprefix("player-"))
        name, count = view["players"][who]["name"], named[who]
        assert t["group"] == "board"
        assert t["name"] == f"{name}: {count} move{'s' if count > 1 else ''}"
        # the line reads as before, its words beyond the name its description
        assert t["text"] == f"{name}: {t['description']}" and " power · " in t["description"]
        aimed = [m["label"] for m in moves if _player_named(m["move"]) == who]
        assert all(name in label for label in aimed), aimed
    board = [t for t in drawn["targets"] if t["group"] == "board"]
    assert [t["tabindex"] for t in board] == ["0"] + ["-1"] * (len(board) - 1)
    last = players[-1]
    who = int(last["target"].removeprefix("player-"))
    keys = [{"tab": "board"}, {"key": "End"}, {"key": "Enter"}]
    *_, step = targeted(slug, view, seat, moves, keys)["steps"]
    mine = [m["label"] for m in moves if _player_named(m["move"]) == who]
    assert (step["focus"], step["picked"], step["pressed"]) == (
        last["name"],
        last["target"],
        "true",
    )
    assert step["shown"] == mine


def test_black_metros_jammer_picks_the_technology_it_downs_not_its_holders_line() -> None:
    """The board showed nobody else's technologies, so the frequency jammer's move aimed at
    the holder's line ("Red: 1 move"). Each charged technology, face up on the table
    (appendix.science), is drawn under its holder's line, and the move downing it aims at it:
    named as the move names it ("Red's Voltaic Edge: 1 move"), described by what it does,
    drawn inside no other target, one Tab stop with the districts; picking it leaves its move
    alone."""
    slug, game, state, seat = metro_jamming()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    drawn = targeted(slug, view, seat, moves)
    assert not [t for t in drawn["targets"] if t["target"].startswith("player-")]
    techs = [t for t in drawn["targets"] if t["target"].startswith("technology-")]
    jams = {
        f"technology-{m['move']['card']}": m["label"] for m in moves if m["move"]["type"] == "jam"
    }
    assert [t["target"] for t in techs] == [
        "technology-voltaic-edge@0",
        "technology-calm-protocol@1",
    ]
    assert set(jams) == {t["target"] for t in techs}
    for t in techs:
        card = t["target"].removeprefix("technology-")
        holder = view["players"][int(card.partition("@")[2])]
        name = holder["technologies"][holder["technology_ids"].index(card)]
        assert t["name"] == f"{holder['name']}'s {name}: 1 move"
        assert jams[t["target"]] == f"Jam {holder['name']}'s {name}"
        assert t["description"] == holder["technology_texts"][0]
        assert (t["group"], t["within"], t["text"].startswith(name)) == ("board", None, True)
    first = techs[0]["target"]
    [step] = targeted(slug, view, seat, moves, [{"click": first}])["steps"]
    assert step["picked"] == first and step["shown"] == [jams[first]]


def test_a_technology_named_in_markup_by_a_custom_pack_is_drawn_as_its_words() -> None:
    """A custom pack names its technologies: the board draws the name as text, never as
    markup, in its words and in the name of its target."""
    slug, game, state, seat = metro_jamming()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    hostile = '<img src=x onerror="alert(1)">Edge & <b>Co</b>'
    view["players"][0]["technologies"] = [hostile]
    techs = {t["target"]: t for t in targeted(slug, view, seat, moves)["targets"]}
    red = techs["technology-voltaic-edge@0"]
    assert red["name"] == f"Red's {hostile}: 1 move"
    assert red["text"].startswith(hostile)


ATTACKS = (
    "Attack Green with the jack of hearts",
    "Attack Blue with the jack of hearts",
    "Attack Blue with the queen of diamonds",
)
FIGHTS = ("Fight crime at the Docks", "Fight crime at the Docks with Batman Strikes")
PLAYED_AT = (
    "Play the 2 of clubs: use the first effect of 02 Swiss Casino",
    "Play the 2 of clubs at 02 Swiss Casino to attack Red",
    "Play the 2 of clubs at 02 Swiss Casino to attack Blue",
    "Play the 3 of diamonds at 03 Gilded Bank to attack Red",
    "Play the 4 of hearts at 04 Chronicle Archives to attack Red",
)


@pytest.mark.parametrize(
    ("table", "named", "picked"),
    [
        (
            metro_attacking,
            {"card-J-hearts": "the jack of hearts: 2 moves", "player-2": "Blue: 2 moves"},
            {"card-J-hearts": ATTACKS[:2], "player-2": ATTACKS[1:]},
        ),
        (
            metro_attacking_at_a_district,
            {
                "card-2-clubs": "the 2 of clubs: 3 moves",
                "district-2": "02 Swiss Casino: 3 moves",
                "player-0": "Red: 3 moves",
            },
            {
                "card-2-clubs": PLAYED_AT[:3],
                "district-2": PLAYED_AT[:3],
                "player-0": (PLAYED_AT[1], *PLAYED_AT[3:]),
            },
        ),
        (
            gordon_fighting,
            {"card-batman-1": "Batman Strikes: 1 move", "district-docks": "the Docks: 2 moves"},
            {"district-docks": FIGHTS, "card-batman-1": FIGHTS[1:]},
        ),
        (
            gordon_signalling,
            {"card-oracle-1": "Oracle's Tip: 1 move", "district-docks": "the Docks: 1 move"},
            {"district-docks": ("Play Oracle's Tip at the Docks",)},
        ),
    ],
    ids=[
        "an attack",
        "a fortune played at a district",
        "a fight with a Batsignal card",
        "a Batsignal card played at a district",
    ],
)
def test_a_move_naming_several_targets_is_picked_by_any_of_them(
    table: Any, named: dict[str, str], picked: dict[str, tuple[str, ...]]
) -> None:
    """An attack names a fortune of the hand and a player; an assignment fortune played at its
    district (to use it, or to attack a player there) names the district, the card and any
    player attacked, and was reached by the district and the player alone, its card never
    highlighted. No Man's Land's Batsignal card played at a district (a fight with Batman
    Strikes, Oracle's Tip at a face-down crime) was counted on the card alone, the district
    left out. Each such move is counted on all it names, and picking any of them leaves the
    moves it is part of (the jack on anyone, or anyone's attacks on Blue; the 2 of clubs's
    moves by the card or its district, every fortune played against Red by Red's line; both
    fights by the Docks, the one with Batman Strikes by the card)."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    names = {t["target"]: t["name"] for t in targeted(slug, view, seat, moves)["targets"]}
    assert {aim: names.get(aim) for aim in named} == named
    steps = targeted(slug, view, seat, moves, [{"click": aim} for aim in picked])["steps"]
    assert {step["picked"]: tuple(step["shown"]) for step in steps} == picked


def metro_rerolling_a_known_card() -> tuple[str, GameSpec[Any], Any, int]:
    """As metro_rerolling, Blue's jokers laid on the discard by Green, who knows them."""
    from rules_core.engine.updating import updated
    from tests.rules_core.games.black_metro.helpers import BLUE, GREEN

    slug, game, state, seat = metro_rerolling()
    blue = state.player(BLUE)
    return slug, game, state.with_player(BLUE, updated(blue, hand_knowers=(GREEN, GREEN))), seat


@pytest.mark.parametrize(
    "table",
    [
        metro_returning_a_mission,
        metro_discarding,
        metro_rerolling_a_known_card,
        metro_attacking,
        metro_attacking_at_a_district,
    ],
    ids=lambda t: t.__name__,
)
def test_a_black_metro_card_is_named_short_and_described_by_what_it_prints(table: Any) -> None:
    """A card made a button was read by its name alone, what it prints (and who else knows it)
    lost to a screen reader: it is named by its name and count of moves, and described by the
    rest, which a sighted player reads on it as before ("the 4 of clubs: …")."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    hand = [t for t in targeted(slug, view, seat, moves)["targets"] if t["group"] == "hand"]
    me = view["players"][seat]
    cards = {f"card-{c['id']}": (c["name"], c["known_to"], c["text"]) for c in me["hand"]}
    for m in me["missions"]:
        cards[f"card-{m['id']}"] = (
            f"Mission {m['name']}",
            m["known_to"],
            "; or ".join(m["options"]),
        )
    assert hand
    for t in hand:
        name, known, printed = cards[t["target"]]
        assert printed and t["name"].startswith(f"{name}: ") and printed not in t["name"]
        assert t["description"] == (f"({known}) {printed}" if known else printed)
        assert t["text"] == (f"{name} ({known}): {printed}" if known else f"{name}: {printed}")
    if table is metro_rerolling_a_known_card:
        assert any("Green laid it on the discard" in t["description"] for t in hand)


def _held(slug: str, view: Any, seat: int) -> dict[str, tuple[str, str, str]]:
    """Each card of the seat's hand by its target: the name it shows, the name the game's moves
    give it ("Play Arson face up at …", "Play “Turf War”") and what it prints."""
    if slug == "no-mans-land":
        cards = view["hands"][str(seat)]
        return {f"card-{c['id']}": (c["name"], c["name"], c["text"]) for c in cards}
    cards = view["players"][seat]["hand"]
    return {f"card-{c['id']}": (c["name"], f"“{c['name']}”", c["text"]) for c in cards}


@pytest.mark.parametrize(
    "table", [falcones_first_turn, gordon_signalling, strategy_playing], ids=lambda t: t.__name__
)
def test_a_card_in_the_hand_is_named_as_its_moves_name_it_and_described_by_its_text(
    table: Any,
) -> None:
    """No Man's Land's and Gotham City Strategy's cards were buttons named by all they print
    ("Protection Racket: crime, cost 1, strength 1; when played face up, …: 8 moves"): each is
    named as its moves name it ("Protection Racket: 8 moves", "“Turf War”: 1 move") and
    described by what it prints, which a sighted player reads on it as before."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    hand = [t for t in targeted(slug, view, seat, moves)["targets"] if t["group"] == "hand"]
    cards = _held(slug, view, seat)
    aimed = Counter(f"card-{m['move']['card']}" for m in moves if m["move"].get("card"))
    assert hand and {t["target"] for t in hand} == set(aimed)
    for t in hand:
        shown, name, printed = cards[t["target"]]
        count = aimed[t["target"]]
        assert t["name"] == f"{name}: {count} move{'s' if count > 1 else ''}"
        labels = [m["label"] for m in moves if f"card-{m['move'].get('card')}" == t["target"]]
        assert all(name in label for label in labels), (name, labels)
        assert printed and t["description"] == printed and printed not in t["name"]
        assert t["text"] == f"{shown}: {printed}"


def test_a_card_whose_id_has_a_space_is_a_target_as_any_other() -> None:
    """A custom pack may give a card an id with a space in it ("crime wave"). A move's targets
    travel as one attribute (several apart by spaces), so each is encoded there: the card with
    such an id is highlighted and counted, and picking it leaves exactly its moves."""
    slug, game, state, seat = falcones_first_turn()
    moves = offered(game, state, seat)
    card = next(m["move"]["card"] for m in moves if m["move"].get("card"))
    spaced = f"{card} two"
    view = json.loads(json.dumps(game.view(state, seat)).replace(f'"{card}"', f'"{spaced}"'))
    for m in moves:
        if m["move"].get("card") == card:
            m["move"]["card"] = spaced
    mine = [m["label"] for m in moves if m["move"].get("card") == spaced]
    drawn = targeted(slug, view, seat, moves, [{"click": f"card-{spaced}"}])
    names = {t["target"]: t["name"] for t in drawn["targets"]}
    assert names[f"card-{spaced}"].endswith(f": {len(mine)} move{'s' if len(mine) > 1 else ''}")
    assert drawn["steps"][0]["picked"] == f"card-{spaced}"
    assert drawn["steps"][0]["shown"] == mine


def _counted(n: int) -> str:
    return f"{n} move{'s' if n > 1 else ''}"


def _aims_of_no_mans_land(move: dict[str, Any]) -> list[str]:
    """What a No Man's Land move names: the piece it moves, the district it acts at
    (`district`, or `to` for a piece moved) and the card it plays from the hand."""
    where, card = move.get("district") or move.get("to"), move.get("card")
    piece = [f"figure-{move['piece']}"] if move["type"] == "move" else []
    return piece + ([f"district-{where}"] if where else []) + ([f"card-{card}"] if card else [])


@pytest.mark.parametrize(
    "table",
    [falcones_first_turn, gordon_signalling, gordon_moving, gordon_fighting],
    ids=lambda t: t.__name__,
)
def test_no_mans_lands_districts_are_targets_of_every_move_acting_there(table: Any) -> None:
    """A No Man's Land move that played a card at a district (Falcone's recruits and crimes,
    Gordon's Batsignal cards at a crime or in a fight) targeted the card alone: on Falcone's
    first turn no district was highlighted. Each district is now the target of every move
    acting there (the card's too), named as the moves name it, in the ring's order, and
    picking it leaves exactly the moves acting there; picking a card, that card's moves."""
    slug, game, state, seat = table()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    aimed = Counter(aim for m in moves for aim in _aims_of_no_mans_land(m["move"]))
    districts = {f"district-{d['id']}": d["name"] for d in view["districts"]}
    board = [d for d in districts if d in aimed]
    drawn = targeted(slug, view, seat, moves, [{"click": aim} for aim in aimed])
    names = {t["target"]: t["name"] for t in drawn["targets"]}
    assert board and [t["target"] for t in drawn["targets"] if t["target"] in districts] == board
    for aim in board:
        assert names[aim] == f"{districts[aim]}: {_counted(aimed[aim])}"
    for aim, step in zip(aimed, drawn["steps"], strict=True):
        mine = [m["label"] for m in moves if aim in _aims_of_no_mans_land(m["move"])]
        assert (step["picked"], step["shown"]) == (aim, mine)
        if aim in districts:
            assert all(districts[aim] in label for label in mine), mine


# what the stylesheet outlines on a board's target, by its shape (see board_targets.js)
MARKED = {
    "words": "#board text.legal-target",
    "rect": "#board .legal-target > rect:first-child",
    "circle": "#board .legal-target > circle:first-child",
    "text": "#board .legal-target > text:first-child",
}


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.__name__)
def test_every_target_on_the_board_is_drawn_highlighted(table: Any) -> None:
    """Black Metro's technologies, a group whose first child is its name, were targets drawn
    like any other words: the page asked to "pick a highlighted technology" and none looked
    highlighted. Every board target's shape is one the stylesheet outlines: a box, a disc, or
    a line of words (itself the target or a group's first child), marked as picked too."""
    slug, game, state, seat = table()
    targets = targeted(slug, game.view(state, seat), seat, offered(game, state, seat))["targets"]
    css = (STATIC / "site.css").read_text()
    for t in targets:
        if t["group"] == "board":
            assert t["shape"] in MARKED, (t["target"], t["shape"])
            assert MARKED[t["shape"]] in css, t
            assert MARKED[t["shape"]].replace("legal-target", "chosen-target") in css, t


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.__name__)
def test_no_target_is_drawn_inside_another(table: Any) -> None:
    """A Chronicles figure was drawn inside its area's group: where both were targets, a button
    sat inside a button, which a screen reader cannot tell apart and whose click reached the
    area too. Every target stands on its own."""
    slug, game, state, seat = table()
    targets = targeted(slug, game.view(state, seat), seat, offered(game, state, seat))["targets"]
    assert [(t["target"], t["within"]) for t in targets if t["within"]] == []
