"""City Strategy in words: a move of figures told once, threat labels addressed to the player who
reads them, and the end of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_core.engine import GameEvent, Move
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.events import (
    BatmanLeveledUp,
    CardsDealt,
    DieRolled,
    EffectCarriedOut,
    IncomeCollected,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmenMoved,
    HenchmenSentHome,
    MovementEnded,
    MovePlanned,
    Recruited,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged
from rules_core.games.gotham_city_strategy.state import HIDEOUT, Decision, GcsState, Plan
from rules_core.games.gotham_city_strategy.turn_events import GameFinished
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    PACK,
    act,
    at_step,
    events_of,
    fight,
    ready,
    with_player,
)

UNION = PACK.block_index("union-station")


def _story(state: GcsState, events: list[GameEvent]) -> list[str]:
    """Each event's text as a spectator reads it, folding the state along."""
    told = []
    for event in events:
        told.append(GAME.narrate(state, event, None, False))
        state = GAME.evolve(state, event)
    return told


def test_each_step_of_a_plan_is_told_and_the_move_as_the_plan_carried_out() -> None:
    """The plan is made in the open step by step (turn.move), so each step says what it adds
    (it said nothing: the replay showed it as bookkeeping); the figures' arrival is then told
    as the plan carried out, not as a second "moves" of the same figures."""
    state = at_step(ready(["joker", "penguin"]), "actions")
    state = with_player(state, 0, hideout_henchmen=2, information=1)
    state = act(state, 0, Move.of("move"))
    step = Move.of("move_henchmen", source=HIDEOUT, target=UNION, count=2)
    assert _story(state, events_of(state, 0, step)) == [
        "The Joker plans to move 2 henchmen from the hideout to Union Station."
    ]
    state = act(state, 0, step)
    done = events_of(state, 0, Move.of("move_villain", to=ACE))  # the last figure: done at once
    assert _story(state, done) == [
        "The Joker plans to go to Ace Chemicals.",
        "The Joker arrives at Ace Chemicals.",
        "The Joker's 2 henchmen from the hideout arrive at Union Station.",
        "The Joker has carried out the plan.",
        "The Joker draws a card.",  # and, having moved, ends the turn (rules version 8)
        "The Penguin's turn begins.",
    ]


def test_the_plans_lone_step_is_told_as_the_games_own() -> None:
    """Rules version 10: the one step that can complete a short plan is by nobody, told as the
    one way left; a move finished with no figure moved says so."""
    state = at_step(ready(["joker", "penguin"]), "actions")
    state = act(with_player(state, 0, hideout_henchmen=1, information=1), 0, Move.of("move"))
    plan = Plan(villain_to=None, henchmen=((HIDEOUT, UNION, 1),))
    assert _story(state, [MovePlanned(seat=None, plan=plan)]) == [
        "The Joker's plan has one way to be completed: 1 henchman from the hideout to Union "
        "Station."
    ]
    assert _story(state, [MovementEnded(seat=0)]) == [
        "The Joker finishes moving without moving a figure."
    ]


def test_a_threat_the_player_must_lose_is_their_own() -> None:
    state = ready(["joker", "penguin"])
    lose = Move.of("lose_threat", block=ACE, owner=0)
    assert GAME.describe_move(state, 0, lose) == "Lose your threat on Ace Chemicals"


def test_a_threat_to_remove_names_its_owner_or_the_player_themself() -> None:
    state = ready(["joker", "penguin"])
    theirs = Move.of("remove_threat", block=ACE, owner=1)
    assert GAME.describe_move(state, 0, theirs) == "Remove The Penguin's threat on Ace Chemicals"
    own = Move.of("remove_threat", block=ACE, owner=0)
    assert GAME.describe_move(state, 0, own) == "Remove your own threat on Ace Chemicals"


def test_the_end_of_the_game_says_why_in_words() -> None:
    state = ready(["joker", "penguin"])
    by_level = GameFinished(seat=None, winners=(1,), reason="level 10")
    assert GAME.narrate(state, by_level, None, True) == (
        "The Penguin rules Gotham: level 10 is reached."
    )
    by_deck = GameFinished(seat=None, winners=(0, 1), reason="deck exhausted")
    assert GAME.narrate(state, by_deck, None, True) == (
        "The Joker and The Penguin rule Gotham: the plot deck ran out and the final turns are over."
    )


def test_a_die_roll_names_the_bat_emblem_and_a_fight_says_why_its_winner_wins() -> None:
    """The Bat emblem is named as the book names it (never 'bat'); a fight Batman wins on the
    villain's Bat emblem says so (turn.fight-batman), and a tie says the one who came in wins it
    (turn.fight-villains)."""
    state = ready(["joker", "penguin"])
    assert GAME.narrate(state, DieRolled(seat=1, face="bat"), None, False) == (
        "The Penguin rolls the Batman die: the Bat emblem."
    )
    emblem = fight(aggressor=-1, defender=1, aggressor_face="1", defender_face="bat")
    emblem = replace(emblem, block=ACE, aggressor_total=2, defender_total=4)
    assert GAME.narrate(state, emblem, None, False) == (
        "Fight on Ace Chemicals: Batman rolls a 1 (total 2), The Penguin rolls the Bat emblem"
        " (total 4); Batman wins (a villain's Bat emblem always loses to him)."
    )
    tie = fight(block=ACE, defender=1, aggressor_face="3", aggressor_total=3, winner=0)
    assert GAME.narrate(state, tie, None, False) == (
        "Fight on Ace Chemicals: The Joker rolls a 3 (total 3), The Penguin rolls a 2 (total 3);"
        " The Joker wins the tie, having come in."
    )


def test_batman_beaten_at_the_top_of_his_dial_is_told_he_stays_there() -> None:
    state = ready(["joker", "penguin"])
    top = updated(state, batman_level=len(PACK.batman))
    assert GAME.narrate(state, BatmanLeveledUp(seat=None), None, False) == (
        "Batman rises to level 2."
    )
    assert GAME.narrate(top, BatmanLeveledUp(seat=None), None, False) == (
        f"Batman stays at level {len(PACK.batman)}, the top of his dial."
    )


def test_henchmen_a_card_recruits_are_told_as_free() -> None:
    state = ready(["joker", "penguin"])
    assert GAME.narrate(state, Recruited(seat=0, count=2, cost=0), None, False) == (
        "The Joker recruits 2 henchmen without paying."
    )
    assert GAME.narrate(state, Recruited(seat=0, count=1, cost=5), None, False) == (
        "The Joker recruits 1 henchman for 5 money."
    )


def test_a_card_putting_henchmen_on_the_map_is_read_out_as_it_is_carried_out() -> None:
    """Street Crew's henchmen are all put (rules version 6): its line is not read as "up to"."""
    state = with_player(ready(["joker", "penguin"]), 0, hideout_henchmen=2)
    state = at_step(state, "resolve", played="plot-12", program=(), chosen=False)
    told = _story(state, events_of(state, 0, Move.of("carry_out")))
    assert "The Joker reads out “Street Crew”: place 2 henchmen from the hideout." in told


def test_carrying_out_the_card_in_play_names_it() -> None:
    """The move read "Carry out the card" in the move list and the analysis's notes; the card
    in play is read aloud (public), so the move names it."""
    state = at_step(
        ready(["joker", "penguin"]), "resolve", played="plot-12", program=(), chosen=False
    )
    assert GAME.describe_move(state, 0, Move.of("carry_out")) == "Carry out “Street Crew”"


def test_a_card_line_that_finds_nothing_to_do_says_why() -> None:
    """turn.plot.effect: a line read out that cannot be done here is skipped; the story says why
    rather than meet it with silence (Smuggled Cargo read out with an empty hideout was followed
    by nothing)."""
    empty = {"threats": (0,) * 12, "henchmen": (0,) * 12, "hideout_henchmen": 0}
    state = with_player(with_player(ready(["joker", "penguin"]), 0, **empty), 1, **empty)

    def read_out(table: GcsState, card: str) -> list[str]:
        """The card's lines as read out, carried out by the first offer at each decision."""
        at = at_step(table, "resolve", played=card, program=(), chosen=False)
        lines, move = [], Move.of("carry_out")
        while at.played == card:
            events = events_of(at, 0, move)
            lines += [line for line in _story(at, events) if "reads out" in line]
            at = act(at, 0, move)
            move = GAME.legal_moves(at, 0)[0]
        return lines

    assert read_out(state, "plot-58")[-1].endswith(", but no henchman waits in the hideout.")
    ruling = with_player(state, 0, threats=(1, 1) + (0,) * 10)  # two blocks of Uptown
    assert read_out(ruling, "plot-44")[0].endswith(", but there is no enemy henchman to send home.")
    assert read_out(state, "plot-75")[0].endswith(
        ", but no such block is ruled, so nothing is gained."
    )
    assert read_out(state, "plot-76")[-1].endswith(", but there is no enemy threat to remove.")
    full = with_player(state, 0, hideout_henchmen=5)
    assert read_out(full, "plot-06")[0].endswith(
        ", but the henchmen limit is reached, so none is recruited."
    )
    hideout = with_player(state, 0, hideout_henchmen=1)
    assert not any(", but" in line for line in read_out(hideout, "plot-58"))


def test_a_block_income_names_the_resource_it_pays_and_says_when_nobody_earns_it() -> None:
    """glossary.income, turn.plot.income: a block's income is money or information, shown by
    its sign (the story said "Mercy Hill Bank pays 2 income", which tells a player neither); a
    block nobody rules pays nobody, and the story says so rather than leave the payment out."""
    paying = [c for c in PACK.plots if c.income_block]
    assert paying
    for printed in paying:
        index = PACK.block_index(printed.income_block)
        block = PACK.blocks[index]
        assert block.income in ("money", "information")
        unruled = at_step(ready(["joker", "penguin"]), "levels")
        unruled = with_player(unruled, 0, threats=(0,) * 12, henchmen=(0,) * 12)
        unruled = with_player(unruled, 1, threats=(0,) * 12, henchmen=(0,) * 12)
        ruled = with_player(unruled, 0, threats=tuple(int(i == index) for i in range(12)))
        income = IncomeCollected(seat=None, card=printed.id)
        paid = f"{block.name} pays {printed.income_amount} {block.income}"
        assert GAME.narrate(ruled, income, None, False) == (f"{paid} to each villain who rules it.")
        assert GAME.narrate(unruled, income, None, False) == (
            f"{paid} to its ruler, but nobody rules it."
        )


def test_a_villain_beaten_in_a_fight_and_their_henchmen_go_back_to_the_hideout() -> None:
    """turn.fight-batman: the loser's figures are sent home by the fight, not moved by their
    owner (the story said "The Joker moves 2 henchmen from Crime Alley to the hideout")."""
    state = ready(["joker", "penguin"])
    crime_alley = PACK.block_index("crime-alley")
    home = [
        VillainMoved(seat=None, owner=0, target=HIDEOUT),
        HenchmenMoved(seat=None, owner=0, source=crime_alley, target=HIDEOUT, count=2),
        HenchmenMoved(seat=None, owner=1, source=crime_alley, target=HIDEOUT, count=1),
    ]
    assert _story(state, home) == [
        "The Joker goes back to the hideout.",
        "The Joker's 2 henchmen on Crime Alley go back to the hideout.",
        "The Penguin's 1 henchman on Crime Alley goes back to the hideout.",
    ]


def test_a_card_line_names_the_die_faces_as_a_roll_does() -> None:
    """A card whose line makes the others roll names its faces as the book does ("on a Bat
    Emblem or 1"): it was read out "on bat or 1", the pack's own spelling of the face."""
    state = ready(["joker", "penguin"])
    line = EffectCarriedOut(seat=0, card="plot-39", index=0)  # Explosive Surprise
    assert GAME.narrate(state, line, None, False) == (
        "The Joker reads out “Explosive Surprise”: each other villain rolls the Batman die and on"
        " the Bat emblem or a 1 loses 1 henchman."
    )


def test_a_card_line_names_its_district_as_the_board_does() -> None:
    """A line acting in one district names it as the board and the Batman cards do ("in
    Downtown"); the Criminal Plot lines read "in downtown"."""
    state = with_player(ready(["joker", "penguin"]), 0, threats=(0,) * 8 + (1, 0, 0, 0))
    gossip = EffectCarriedOut(seat=0, card="plot-75", index=0)  # Underworld Gossip
    assert GAME.narrate(state, gossip, None, False) == (
        "The Joker reads out “Underworld Gossip”: gain 1 information per block ruled in Downtown."
    )


def test_an_income_raised_by_an_ability_says_by_how_much_and_why() -> None:
    """A block paying 3 money to a ruler with Black Market Broker was told "Mercy Hill Bank pays
    3 money ..." then "The Penguin gains 4 money (income)": the amounts did not add up."""
    state = ready(["joker", "penguin"])
    broker = with_player(state, 1, abilities=("penguin-black-market-broker",))
    paid = ResourcesChanged(seat=None, owner=1, money=4, information=0, reason="income")
    assert GAME.narrate(broker, paid, None, False) == (
        "The Penguin gains 4 money (income: 3, and 1 more from “Black Market Broker”)."
    )
    plain = replace(paid, money=3)
    assert GAME.narrate(state, plain, None, False) == "The Penguin gains 3 money (income)."


def test_henchmen_a_card_sends_home_are_told_as_the_enemy_ones() -> None:
    """Rival Purge spares its player's own henchmen: the story read "Two-Face sends every
    henchman on Gotham Opera House except Two-Face's back to the hideouts"."""
    state = ready(["joker", "penguin"])
    sent = HenchmenSentHome(seat=0, block=ACE, spare=0)
    assert GAME.narrate(state, sent, None, False) == (
        "The Joker sends every enemy henchman on Ace Chemicals back to its hideout."
    )


def test_a_batman_card_names_its_blocks_as_the_pack_does() -> None:
    """A Batman card sending him to listed blocks read their ids title-cased ("City Hall",
    "Founders Park"), not the blocks' names ("Gotham City Hall", "Founders' Park")."""
    state = ready(["joker", "penguin"])
    assert state.pack is not None
    card = next(c for c in state.pack.batman_cards if c.effect[0].blocks)
    hall_or_park = replace(card.effect[0], blocks=("city-hall", "founders-park"))
    pack = replace(
        state.pack,
        digest="hall-or-park",  # cards are looked up by the pack's digest
        batman_cards=tuple(
            replace(c, effect=(hall_or_park,)) if c.id == card.id else c
            for c in state.pack.batman_cards
        ),
    )
    line = EffectCarriedOut(seat=0, card=card.id, index=0)
    assert GAME.narrate(updated(state, pack=pack), line, None, False) == (
        f"The Joker reads out “{card.name}”: Batman moves to Gotham City Hall or Founders' Park."
    )


def test_a_dealt_hand_is_listed_to_its_holder_as_a_person_lists_it() -> None:
    """The hand dealt reads "…, … and …" to its villain (it was commas only), and as a count to
    everyone else."""
    state = ready(["joker", "penguin"])
    hand = state.players[0].hand[:3]
    dealt = CardsDealt(seat=0, cards=hand)
    names = [f"“{PACK.card(c).name}”" for c in hand]
    mine = GAME.narrate(state, dealt, 0, False)
    assert mine.endswith(f" is dealt {names[0]}, {names[1]} and {names[2]}."), mine
    assert GAME.narrate(state, dealt, 1, False).endswith(" is dealt 3 cards.")


@pytest.mark.parametrize(
    ("kind", "label"),
    [
        ("place_threats", "Place no more threats"),
        ("remove_threats", "Remove no more threats"),
        ("place_henchmen", "Place no more henchmen"),
    ],
)
def test_stopping_early_says_what_is_left_undone(kind: str, label: str) -> None:
    """A stop ends an optional placement or removal: its button says which ("Stop here" read
    as ending the turn or the movement)."""
    state = ready(["joker", "penguin"])
    asked = (Decision(seat=0, kind=kind, must=False),)
    asking = replace(state, flow=replace(state.flow, prompts=asked))
    assert GAME.describe_move(asking, 0, Move.of("stop")) == label
