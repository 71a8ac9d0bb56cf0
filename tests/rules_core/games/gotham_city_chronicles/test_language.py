"""Chronicles in words: figures by their tile's name (numbered only among several alike) and
the reasons for yellow dice as the book puts them."""

from __future__ import annotations

import json
import random
from collections import Counter

from rules_core.engine import Move, fold
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    CharacterWounded,
    DefenseCounted,
    DefenseRolled,
    DiceRerolled,
    ItemDropped,
    ItemUsedUp,
    MissionActionDone,
    MovementDeclared,
    ReinforcementPoints,
    StanceDeclared,
    TerrainDiceRolled,
    TerrainRolled,
    TokenChanged,
)
from rules_core.games.gotham_city_chronicles.language import name
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState


def _set_up() -> GccState:
    state: GccState = fold(GAME, GAME.setup(3, {}, random.Random(1)))
    return state


def test_a_character_is_numbered_only_among_miniatures_of_the_same_tile() -> None:
    state = _set_up()
    per_tile = Counter(c.tile for c in state.characters)
    alone = next(c for c in state.characters if per_tile[c.tile] == 1)
    several = [c for c in state.characters if per_tile[c.tile] > 1]
    assert state.pack is not None
    tile_name = state.pack.tile(alone.tile).name
    assert name(state, alone.id) == tile_name
    numbered = {name(state, c.id) for c in several}
    assert len(numbered) == len(several) and all(" #" in n for n in numbered)


def test_yellow_dice_are_rolled_for_a_fall_dangerous_terrain_or_an_explosion() -> None:
    state = _set_up()
    figure = state.characters[0].id
    told = [
        GAME.narrate(
            state,
            TerrainRolled(seat=None, figure=figure, reason=reason, dice=(), faces=(), wounds=0),
            None,
            False,
        )
        for reason in ("fall", "dangerous", "explosion")
    ]
    assert [t.split(" for ")[1].split(":")[0] for t in told] == [
        "the fall",
        "dangerous terrain",
        "the explosion",
    ]


def test_counts_are_told_in_the_singular_or_the_plural() -> None:
    state = _set_up()
    figure = state.characters[0].id
    told = [
        GAME.narrate(state, CharacterWounded(seat=None, character=figure, wounds=n), None, False)
        for n in (1, 2)
    ]
    assert told[0].endswith(" suffers 1 wound.") and told[1].endswith(" suffers 2 wounds.")
    assert all("(s)" not in text for text in told)


def test_dice_rolled_and_rerolled_are_counted_in_the_singular_and_the_plural() -> None:
    state = _set_up()
    one = TerrainDiceRolled(seat=1, figure="batman", reason="fall", dice=("yellow",), faces=(0,))
    two = TerrainDiceRolled(
        seat=1, figure="batman", reason="fall", dice=("yellow", "yellow"), faces=(0, 1)
    )
    assert GAME.narrate(state, one, None, False) == (
        "Batman rolls 1 yellow die for the fall, and may reroll it."
    )
    assert GAME.narrate(state, two, None, False) == (
        "Batman rolls 2 yellow dice for the fall, and may reroll them."
    )
    rerolled = DiceRerolled(seat=1, figure="batman", dice=(0,), faces=(1,), cubes=1)
    # with no roll waiting to name the die by (a reroll's story has one: test_rerolls.py)
    assert GAME.narrate(state, rerolled, None, False) == "Batman rerolls one die for one cube."


def test_the_villains_recovery_tells_the_cubes_that_come_back() -> None:
    """VI·B·1, VI·A·1: the recovery moves cubes from the fatigue zone (the spent ones just moved
    there) to the reserve, so with 4 there a recovery of 6 brings back 4: the reserve goes from
    8 to 12 and the story says so, not "6 cubes recovered" (a tester's doubt). With fatigue
    holding enough, the recovery's 6 come back."""
    from dataclasses import replace

    from rules_core.engine.types import Move
    from rules_core.games.gotham_city_chronicles.energy import Zones
    from rules_core.games.gotham_city_chronicles.events import VillainTurnBegan
    from tests.rules_core.games.gotham_city_chronicles.test_movement import all_active, started

    def began(villain: Zones) -> tuple[str, GccState]:
        state = replace(all_active(started()), villain=villain)
        events = GAME.decide(state, 1, Move.of("finish"), random.Random(0))
        assert isinstance(events, list)
        for event in events:
            if isinstance(event, VillainTurnBegan):
                assert event.recovery == 6
                told = GAME.narrate(state, event, None, False)
                return told, GAME.evolve(state, event)
            state = GAME.evolve(state, event)
        raise AssertionError("the villain's turn did not begin")

    told, after = began(Zones(reserve=8, fatigue=2, spaces=(0, 0, 0, 0, 0, 2, 0)))
    assert after.villain == Zones(reserve=12)
    assert told == (
        "The villain's turn begins: 4 cubes come back to the reserve, all that fatigue holds "
        "(the mission's recovery is 6 cubes)."
    )
    told, after = began(Zones(reserve=2, fatigue=10))
    assert after.villain == Zones(reserve=8, fatigue=4)
    assert told == "The villain's turn begins: 6 cubes come back from fatigue to the reserve."
    told, after = began(Zones(reserve=12))
    assert told == (
        "The villain's turn begins: no cube comes back, fatigue is empty (the mission's "
        "recovery is 6 cubes)."
    )


def test_reinforcement_points_lost_are_told_as_left_unspent() -> None:
    """VI E: points not spent at once are lost; the story said "The villain gains 3
    reinforcement points." then "The villain loses 3 reinforcement points." with no reason."""
    state = _set_up()
    told = [
        GAME.narrate(state, ReinforcementPoints(seat=0, points=n), None, False) for n in (3, -3, -1)
    ]
    assert told == [
        "The villain gains 3 reinforcement points.",
        "The villain loses 3 reinforcement points left unspent.",
        "The villain loses 1 reinforcement point left unspent.",
    ]


def test_a_move_names_a_character_as_the_events_do() -> None:
    """A villain's miniature alone on its tile (Killer Croc) is named without a number in the
    moves too: a hero's attack read "melee attack on Killer Croc #1" over the event "Batman
    makes a melee attack on Killer Croc" (and so in the replay's analysis notes)."""
    state = _set_up()
    per_tile = Counter(c.tile for c in state.characters)
    alone = next(c for c in state.characters if per_tile[c.tile] == 1)
    several = next(c for c in state.characters if per_tile[c.tile] > 1)
    assert state.pack is not None
    tile_name = state.pack.tile(alone.tile).name
    attack = Move.of("attack", hero="batman", kind="melee", weapon="", target=alone.id, cubes=2)
    assert GAME.describe_move(state, 1, attack) == (f"Batman: melee attack on {tile_name}, 2 cubes")
    assert GAME.describe_move(state, 0, Move.of("activate_character", character=alone.id)) == (
        f"Activate {tile_name}"
    )
    numbered = GAME.describe_move(state, 0, Move.of("activate_character", character=several.id))
    assert numbered == f"Activate {name(state, several.id)}" and " #" in numbered


def test_a_defense_scores_successes_as_an_attack_does() -> None:
    """A defense's score is told with its unit, as the attack's is: "The defense scores 2:"
    read as a bare number after "The attack scores 2 successes." (a brute's two automatic
    successes, rolling no dice)."""
    state = _set_up()
    figure = state.characters[0].id
    told = [
        GAME.narrate(
            state,
            DefenseCounted(seat=0, defender=figure, successes=n, wounds=w),
            None,
            False,
        )
        for n, w in ((2, 0), (1, 1))
    ]
    assert told == [
        "The defense scores 2 successes: no wound gets through.",
        "The defense scores 1 success: 1 wound gets through.",
    ]


def test_none_is_told_as_no_cube_no_success_not_as_a_tally_of_0() -> None:
    """A walk through the API read "Batman takes the resting stance and recovers 0 cubes",
    "moves with 0 move points", "The attack scores 0 successes": none is told in words, as
    "no cube comes back" already was."""
    state = _set_up()
    figure = state.characters[0].id
    told = [
        GAME.narrate(state, event, None, False)
        for event in (
            StanceDeclared(seat=1, hero="batman", stance="resting", recovered=0, healed=0),
            MovementDeclared(seat=1, mover="batman", points=0, first=False),
            AttackCounted(seat=0, attacker=figure, successes=0, hindering=0),
            StanceDeclared(seat=1, hero="batman", stance="active", recovered=2, healed=0),
        )
    ]
    assert told == [
        "Batman takes the resting stance and recovers no cube.",
        "Batman moves with no move point.",
        "The attack scores no success.",
        "Batman takes the active stance and recovers 2 cubes.",
    ]


def test_a_tokens_countdown_is_told_where_it_moves_and_not_where_a_state_keeps_it() -> None:
    """A bomb armed with one upkeep to go and then defused keeps its countdown in the state
    (`set_state` changes the state only), so the story said "The Bomb is defused, countdown 1.",
    as if it still ticked; a countdown reaching zero was told as no countdown at all. The
    countdown is told where it moved: started, or counted down (to zero too)."""
    from dataclasses import replace

    state = _set_up()
    state = state.with_token(replace(state.token("bomb"), state="armed", countdown=1))
    told = {
        "defused": TokenChanged(seat=1, token="bomb", state="defused", countdown=1),
        "to zero": TokenChanged(seat=None, token="bomb", state="armed", countdown=0),
    }
    assert GAME.narrate(state, told["defused"], None, False) == "The Bomb is defused."
    assert GAME.narrate(state, told["to zero"], None, False) == "The Bomb's countdown moves to 0."
    unarmed = _set_up()
    armed = TokenChanged(seat=0, token="bomb", state="armed", countdown=0)
    started = TokenChanged(seat=0, token="bomb", state="armed", countdown=2)
    assert GAME.narrate(unarmed, armed, None, False) == "The Bomb is armed."
    assert GAME.narrate(unarmed, started, None, False) == "The Bomb is armed, countdown 2."
    # the mission arms the bomb, then starts its countdown: "armed" is not told twice
    just_armed = GAME.evolve(unarmed, armed)
    assert GAME.narrate(just_armed, started, None, False) == "The Bomb's countdown starts at 2."


def test_a_roll_with_no_reroll_to_pay_for_is_not_told_it_may_be_rerolled() -> None:
    """Yellow dice have no reroll icon, so their reroll step (VIII) is paid with cubes on the
    reroll space (VIII D): a hero with an empty reserve, or the villain with a saturated reroll
    space, rolls and has the dice counted at once. The story said "and may reroll it" all the
    same (a play-test: Commissioner Gordon, his reserve spent, rolling for the gas leak)."""
    from dataclasses import replace

    state = _set_up()
    gordon = state.hero("commissioner-gordon")
    spent = replace(gordon, zones=replace(gordon.zones, reserve=0, fatigue=gordon.zones.total))
    broke = state.with_hero(spent)
    rolled = TerrainDiceRolled(
        seat=1, figure="commissioner-gordon", reason="dangerous", dice=("yellow",), faces=(0,)
    )
    assert GAME.narrate(broke, rolled, None, False) == (
        "Commissioner Gordon rolls 1 yellow die for dangerous terrain."
    )
    assert GAME.narrate(state, rolled, None, False) == (
        "Commissioner Gordon rolls 1 yellow die for dangerous terrain, and may reroll it."
    )
    croc = TerrainDiceRolled(
        seat=0, figure="killer-croc-1", reason="fall", dice=("yellow",), faces=(0,)
    )
    saturated = replace(state.villain, reserve=10, spaces=(0, 0, 0, 0, 0, 0, 2))
    assert GAME.narrate(replace(state, villain=saturated), croc, None, False) == (
        "Killer Croc rolls 1 yellow die for the fall."
    )


def test_a_hero_already_neutralized_is_not_told_to_be_neutralized_again() -> None:
    """A neutralized hero stays in its area (README) and still rolls for an explosion there; the
    wounds of that roll move no cube, yet the story told "suffers 2 wounds and is neutralized."
    as if it had just happened."""
    from dataclasses import replace

    from rules_core.games.gotham_city_chronicles.events import HeroWounded

    state = _set_up()
    gordon = state.hero("commissioner-gordon")
    total = gordon.zones.total
    down = state.with_hero(replace(gordon, zones=replace(gordon.zones, reserve=0, wounds=total)))
    hurt = HeroWounded(seat=None, hero="commissioner-gordon", wounds=2, neutralized=True)
    assert GAME.narrate(down, hurt, None, False) == (
        "Commissioner Gordon suffers 2 wounds, but is already neutralized: no cube is left to lose."
    )
    assert GAME.narrate(state, hurt, None, False) == (
        "Commissioner Gordon suffers 2 wounds and is neutralized."
    )


def test_a_safes_contents_are_listed_as_a_person_lists_them() -> None:
    """Opening the safe read "Batman takes the Falcone's Ledger, the Submachine Gun.", and what
    a hero could not carry "the Submachine Gun lie in the Foreman's Office." (a sentence opening
    in lower case, a plural verb for one item); a possessive takes no "the" (the pack's
    `article`)."""
    from rules_core.games.gotham_city_chronicles.events import ContentsLaid, ContentsTaken

    state = _set_up()
    both = ("ledger", "submachine-gun")
    taken = ContentsTaken(seat=1, token="safe", hero="batman", items=both)
    assert GAME.narrate(state, taken, None, False) == (
        "Batman takes Falcone's Ledger and the Submachine Gun."
    )
    one = ContentsLaid(seat=1, token="safe", items=("submachine-gun",), area="office")
    assert GAME.narrate(state, one, None, False) == (
        "The Submachine Gun lies in the Foreman's Office."
    )
    two = ContentsLaid(seat=1, token="safe", items=both, area="office")
    assert GAME.narrate(state, two, None, False) == (
        "Falcone's Ledger and the Submachine Gun lie in the Foreman's Office."
    )


def test_a_defense_of_no_cube_is_told_without_counting_zeros() -> None:
    state = _set_up()
    figure = state.characters[0].id
    tile = name(state, figure)

    def told(cubes: int, pool: tuple[str, ...]) -> str:
        faces = tuple(0 for _ in pool)
        event = DefenseRolled(seat=None, defender=figure, cubes=cubes, pool=pool, faces=faces)
        return GAME.narrate(state, event, None, False)

    assert told(0, ()) == f"{tile} puts no cube on defense and rolls no die."
    assert told(0, ("white",)) == f"{tile} defends with no cube, rolling 1 die."
    assert told(2, ("white", "white")) == f"{tile} defends with 2 cubes, rolling 2 dice."


def test_an_item_is_named_with_the_article_its_pack_gives_it() -> None:
    """It read "Batman drops the Falcone's Ledger.": a possessive (`article = "none"` in the
    reference pack) takes no "the", in the story and in the move's label alike; the article
    is the pack's, so a pack that gives the ledger "the" is told so."""
    state = _set_up()
    ledger = ItemDropped(seat=0, hero="batman", item="ledger")
    gun = ItemDropped(seat=0, hero="batman", item="submachine-gun")
    assert GAME.narrate(state, ledger, None, False) == "Batman drops Falcone's Ledger."
    assert GAME.narrate(state, gun, None, False) == "Batman drops the Submachine Gun."
    used = ItemUsedUp(seat=0, hero="batman", item="ledger")  # it read "Batman's Falcone's …"
    assert GAME.narrate(state, used, None, False) == (
        "Batman uses up Falcone's Ledger: it leaves the game."
    )
    drop = Move.of("drop", hero="batman", item="ledger")
    assert GAME.describe_move(state, 0, drop) == "Batman drops Falcone's Ledger"
    assert state.pack is not None
    items = tuple(updated(i, article="the") if i.id == "ledger" else i for i in state.pack.items)
    other = updated(state, pack=updated(state.pack, items=items))
    assert GAME.narrate(other, ledger, None, False) == "Batman drops the Falcone's Ledger."


def test_the_pack_set_up_records_with_its_articles_is_rules_version_20() -> None:
    """Set-up records the pack, articles and all: another pack than rules version 19 recorded,
    so older games replay from theirs, every item named "the" (test_area_rolls)."""
    assert _set_up().board_pack.item("ledger").article == "none"
    assert GAME.rules_version >= 20


def test_a_tokens_new_state_is_told_by_the_packs_verb_phrase_for_it() -> None:
    """It read "The Bomb is exploded.": the state's word was put after "is". Each state has
    its verb phrase in the pack, recorded at set-up (rules version 20)."""
    from dataclasses import replace

    state = _set_up()
    state = state.with_token(replace(state.token("bomb"), state="armed", countdown=0))
    exploded = TokenChanged(seat=None, token="bomb", state="exploded", countdown=0)
    assert GAME.narrate(state, exploded, None, False) == "The Bomb explodes."
    opened = TokenChanged(seat=1, token="safe", state="open", countdown=0)
    assert GAME.narrate(state, opened, None, False) == "The Safe opens."
    assert state.board_pack.mission.token("bomb").turned("armed") == "is armed"
    assert GAME.rules_version >= 20


def test_the_mission_names_the_bomb_and_the_street_as_its_events_do_rules_version_29() -> None:
    """The ends and upkeep effects read "The bomb explodes", "reaches the street" where the
    events say "The Bomb explodes." and the board "Street". Set-up records the pack, so the
    rewording is rules version 29: a game stored before keeps the words of the pack it
    recorded (its log: test_stored_logs)."""
    from pathlib import Path

    from rules_core.engine.codec import from_json
    from rules_core.games.gotham_city_chronicles.content import Pack
    from rules_core.games.gotham_city_chronicles.language import ending

    state = _set_up()
    assert ending(state, "bomb-exploded", "villain") == "The Bomb explodes, so the villain wins."
    assert ending(state, "ledger-escapes", "heroes") == (
        "The Ledger reaches the Street, so the heroes win."
    )
    assert [u.name for u in state.board_pack.mission.upkeep] == [
        "The Bomb ticks",
        "The Bomb explodes",
    ]
    assert GAME.rules_version >= 29
    stored = Path(__file__).parents[3] / "fixtures/logs/gotham-city-chronicles-2p-rules28.json"
    record = json.loads(stored.read_text())
    assert record["game"]["rules_version"] == 28
    pack = from_json(Pack, record["events"][0]["data"]["pack"])
    before = updated(state, pack=pack)
    assert ending(before, "bomb-exploded", "villain") == "The bomb explodes, so the villain wins."
    assert ending(before, "ledger-escapes", "heroes") == (
        "The Ledger reaches the street, so the heroes win."
    )


def test_a_mission_action_carried_out_is_told_in_a_sentence() -> None:
    """VI·C·3: a character (or a hero) carries out an action the mission allows. The story read
    "Thugs with Crowbar #1: Arm the Bomb.", a heading, not a sentence; it now says who does
    what, the action named as the mission names it (and as its move reads, "Arm the Bomb")."""
    state = _set_up()
    thug = next(c.id for c in state.characters if c.tile == "thugs-with-crowbar")
    done = MissionActionDone(seat=0, figure=thug, action="arm-bomb", cubes=0, characteristic=0)
    assert GAME.narrate(state, done, None, False) == (
        f"{name(state, thug)} carries out “Arm the Bomb”."
    )
    hero = MissionActionDone(seat=1, figure="batman", action="disarm-bomb", cubes=1)
    assert GAME.narrate(state, hero, None, False) == "Batman carries out “Disarm the Bomb”."
