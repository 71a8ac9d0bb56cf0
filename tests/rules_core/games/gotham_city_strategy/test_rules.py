"""Gotham City Strategy rules: the rulebook's examples and each rule, with scripted dice."""

from __future__ import annotations

import random

import pytest

from rules_core.engine import GameEvent, Move, fold
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME, board, turns, vocabulary
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.content import IDS, NUMBER_RANGES, VILLAINS, Op
from rules_core.games.gotham_city_strategy.events import (
    BatmanCardDrawn,
    DieRolled,
    EffectCarriedOut,
    FightResolved,
    ThreatRemoved,
)
from rules_core.games.gotham_city_strategy.figure_events import Recruited
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged, ScreenShown
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import (
    BATCAVE,
    HENCHMEN_LIMIT,
    HIDEOUT,
    Decision,
    GcsState,
    Line,
)
from rules_core.games.gotham_city_strategy.turn_events import CardDrawn, GameFinished
from tests.rules_core.games.content_option import assert_content_option
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    PACK,
    Dice,
    act,
    at_step,
    blocks,
    events_of,
    ready,
    refused,
    with_player,
)
from tests.rules_core.json_shapes import obj, objs


def test_the_joker_spends_six_information_from_level_four() -> None:
    state = ready(["joker", "penguin"])
    three = blocks(diamond_row=1, city_hall=1, dixon_docks=1)
    state = with_player(state, 0, level=4, information=7, threats=three)
    state = act(state, 0, Move.of("advance"))
    joker = state.players[0]
    assert (joker.level, joker.information) == (5, 1)
    assert len(board.ruled_blocks(state, 0)) == 3  # level 5 asks for 5 ruled blocks
    assert Move.of("advance") not in GAME.legal_moves(state, 0)
    assert refused(state, 0, Move.of("advance")).code == "requirement_not_met"


def test_the_penguin_reaching_level_two_chooses_an_ability() -> None:
    state = ready(["penguin", "joker"])
    state = with_player(state, 0, money=5)
    state = act(state, 0, Move.of("advance"))
    assert state.players[0].level == 2 and state.ability_due
    umbrella = Move.of("choose_ability", card="penguin-hypnotizing-umbrella")
    assert umbrella in GAME.legal_moves(state, 0)
    state = act(state, 0, umbrella)
    assert state.players[0].abilities == ("penguin-hypnotizing-umbrella",)
    assert refused(state, 0, umbrella).code == "no_ability_due"


def waiting(state: GcsState) -> Decision:
    """The decision the game waits for, which the test expects there to be."""
    head = current(state)
    assert head is not None
    return head


def signal_card() -> str:
    return next(c.id for c in PACK.plots if c.signal)


def midtown_batman_card() -> str:
    return next(c.id for c in PACK.batman_cards if c.effect[0].district == "midtown")


def test_two_face_sends_batman_to_ace_chemicals_with_order_value_three() -> None:
    state = ready(["two-face", "penguin"])
    card = signal_card()
    state = with_player(state, 0, hand=(card,))
    state = with_player(state, 1, henchmen=blocks(ace_chemicals=2), threats=blocks(ace_chemicals=4))
    state = updated(state, batman_level=3, batman_deck=(midtown_batman_card(), *state.batman_deck))
    assert PACK.batman[2].order == 3
    state = act(state, 0, Move.of("play", card=card))
    assert waiting(state).kind == "batman_to"
    state = act(state, 0, Move.of("batman_to", block=ACE))
    penguin = state.players[1]
    assert state.batman_at == ACE
    assert penguin.henchmen[ACE] == 0 and penguin.hideout_henchmen == 2
    head = waiting(state)
    assert (head.kind, head.count, head.must) == ("remove_threats", 3, False)
    for _ in range(3):
        state = act(state, 0, Move.of("remove_threat", block=ACE, owner=1))
    assert state.players[1].threats[ACE] == 1
    assert waiting(state).kind == "use_card"


def croc_against_joker(croc_bonus: bool = True) -> GcsState:
    state = ready(["killer-croc", "joker"])
    abilities = ("killer-croc-death-roll",) if croc_bonus else ()
    state = with_player(state, 0, abilities=abilities, information=3)
    state = with_player(state, 1, villain_at=ACE, henchmen=blocks(ace_chemicals=1))
    return at_step(state, "actions")


def test_killer_croc_wins_the_tie_as_the_villain_entering() -> None:
    state = croc_against_joker()
    state = act(state, 0, Move.of("move"))
    to_ace = Move.of("move_villain", to=ACE)  # nothing else moves: done at once
    events = events_of(state, 0, to_ace, Dice("1", "2"))
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor_total, fight.defender_total, fight.winner) == (3, 3, 0)
    state = fold(GAME, events, state)
    joker = state.players[1]
    assert joker.villain_at == HIDEOUT and joker.henchmen[ACE] == 0 and joker.hideout_henchmen == 1
    assert state.players[0].villain_at == ACE
    assert current(state) == Decision(seat=0, kind="place_threats", count=2)


def _incomes(events: list[GameEvent]) -> list[tuple[int, int, int]]:
    return [
        (e.owner, e.money, e.information)
        for e in events
        if isinstance(e, ResourcesChanged) and e.reason == "income"
    ]


def test_a_block_income_pays_only_its_rulers_with_their_income_bonus() -> None:
    """'turn.plot.income': the played card's block pays each villain ruling it (not the one who
    played the card, unless they rule it), and an income-bonus ability adds 1."""
    card = PACK.card("plot-02")
    opera = PACK.block_index(card.income_block)
    kind = PACK.blocks[opera].income
    state = ready(["joker", "penguin", "two-face"])
    state = with_player(state, 0, hand=("plot-02",))
    state = with_player(
        state, 1, threats=blocks(gotham_opera_house=2), abilities=("penguin-black-market-broker",)
    )
    state = with_player(state, 2, threats=blocks(gotham_opera_house=1))
    assert board.rulers(state, opera) == frozenset({1})
    paid = _incomes(events_of(state, 0, Move.of("play", card="plot-02")))
    amount = card.income_amount + 1
    assert paid == [(1, amount, 0) if kind == "money" else (1, 0, amount)]
    plain = with_player(state, 1, abilities=())
    paid = _incomes(events_of(plain, 0, Move.of("play", card="plot-02")))
    assert paid == [(1, amount - 1, 0) if kind == "money" else (1, 0, amount - 1)]


def test_a_villain_entering_batmans_block_wins_the_tie() -> None:
    """'turn.fight-batman': the figure that enters wins a tie, a villain entering Batman's block
    included (Killer Croc rolls 2; Batman at level 1 rolls 1 plus his fight value 1)."""
    state = croc_against_joker(croc_bonus=False)
    state = with_player(state, 1, villain_at=HIDEOUT, henchmen=(0,) * 12)
    state = updated(state, batman_at=ACE, batman_level=1)
    assert PACK.batman[0].fight == 1
    state = act(state, 0, Move.of("move"))
    to_ace = Move.of("move_villain", to=ACE)  # nothing else moves: done at once
    events = events_of(state, 0, to_ace, Dice("2", "1"))
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor, fight.defender) == (0, -1)
    assert (fight.aggressor_total, fight.defender_total, fight.winner) == (2, 2, 0)
    state = fold(GAME, events, state)
    assert state.players[0].villain_at == ACE and state.batman_at == BATCAVE


def test_the_bat_emblem_counts_zero_between_villains() -> None:
    state = croc_against_joker(croc_bonus=False)
    state = act(state, 0, Move.of("move"))
    to_ace = Move.of("move_villain", to=ACE)  # nothing else moves: done at once
    events = events_of(state, 0, to_ace, Dice("bat", "bat"))
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor_total, fight.defender_total, fight.winner) == (0, 1, 1)


def batman_fight(
    faces: tuple[str, str], henchmen: int, drawer_fights: bool, penguins_threat: int = 1
) -> tuple[GcsState, list[GameEvent]]:
    """Batman is sent to Ace Chemicals where the Joker stands; faces: (villain, Batman). The
    Penguin's threats there (one by default) leave Batman's removal a choice of whose."""
    state = ready(["two-face", "joker", "penguin"])
    state = with_player(state, 2, threats=blocks(ace_chemicals=penguins_threat))
    card = signal_card()
    joker = 0 if drawer_fights else 1
    state = with_player(
        state,
        joker,
        villain_at=ACE,
        henchmen=blocks(ace_chemicals=henchmen),
        threats=blocks(ace_chemicals=5),
    )
    state = with_player(state, 0, hand=(card,))
    state = updated(state, batman_deck=(midtown_batman_card(), *state.batman_deck))
    state = act(state, 0, Move.of("play", card=card))
    events = events_of(state, 0, Move.of("batman_to", block=ACE), Dice(*faces))
    return fold(GAME, events, state), events


def test_the_bat_emblem_wins_for_batman_whatever_the_henchmen() -> None:
    state, events = batman_fight(("bat", "1"), henchmen=4, drawer_fights=False)
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert fight.winner == -1 and fight.aggressor == -1
    assert state.players[1].villain_at == HIDEOUT and state.players[1].hideout_henchmen == 4
    assert state.batman_at == ACE
    head = waiting(state)
    assert (head.seat, head.kind, head.count, head.must) == (0, "remove_threats", 2, True)
    assert Move.of("stop") not in GAME.legal_moves(state, 0)
    assert refused(state, 0, Move.of("stop")).code == "must_continue"


def test_batman_entering_wins_ties_and_the_left_player_controls_him_against_the_drawer() -> None:
    # Batman rolls 1 + fight value 1 = 2; the drawer's own villain (seat 0) rolls 1 + 1 henchman.
    state, events = batman_fight(("1", "1"), henchmen=1, drawer_fights=True)
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor_total, fight.defender_total, fight.winner) == (2, 2, -1)
    assert waiting(state).seat == 1  # the player to the drawer's left removes the threats


def test_a_villain_beaten_in_batmans_block_leaves_batman_to_the_player_on_his_left() -> None:
    """turn.fight-batman: nobody drew a Batman card for a fight the villain starts by walking
    into Batman's block, so the player to that villain's left controls Batman and owes the
    removal his win asks (README, "How the rules are read"), not whoever drew the last Batman
    card (Two-Face here) nor the mover. Three seats, so the left player differs from both."""
    state = ready(["joker", "penguin", "two-face"])
    state = updated(state, batman_at=ACE, batman_level=1, drawer=2)
    state = with_player(at_step(state, "actions"), 0, information=1)
    state = with_player(state, 1, threats=blocks(ace_chemicals=2))
    state = with_player(state, 2, threats=blocks(ace_chemicals=2))
    state = act(state, 0, Move.of("move"))
    events = events_of(state, 0, Move.of("move_villain", to=ACE), Dice("bat", "1"))
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor, fight.defender, fight.winner) == (0, -1, -1)
    head = waiting(fold(GAME, events, state))
    assert (head.seat, head.kind, head.count, head.must) == (1, "remove_threats", 2, True)


def test_batmans_removal_from_one_villains_threats_alone_is_the_games_own_step() -> None:
    """Rules version 10: the threats Batman's won fight removes all stand on one block and are
    one villain's (the map shows it all), so the two removals are no choice: they are made
    unasked, by nobody, and the card goes on to how it is used."""
    state, events = batman_fight(("bat", "1"), henchmen=4, drawer_fights=False, penguins_threat=0)
    removed = [e for e in events if isinstance(e, ThreatRemoved)]
    assert [(e.seat, e.owner, e.block, e.by) for e in removed] == [(None, 1, ACE, "fight")] * 2
    assert state.players[1].threats[ACE] == 3
    head = waiting(state)
    assert (head.seat, head.kind) == (0, "use_card")


def test_a_villain_beating_batman_sends_him_to_the_batcave_a_level_up() -> None:
    state, events = batman_fight(("3", "1"), henchmen=1, drawer_fights=False)
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert fight.winner == 1
    assert state.batman_at == BATCAVE and state.batman_level == 2
    assert state.players[1].villain_at == ACE
    assert current(state) == Decision(seat=1, kind="place_threats", count=2)


def test_ruling_follows_the_glossary_and_the_two_player_rule() -> None:
    two = ready(["joker", "penguin"])
    two = with_player(two, 0, threats=blocks(ace_chemicals=2))
    two = with_player(two, 1, threats=blocks(ace_chemicals=1), henchmen=blocks(ace_chemicals=1))
    assert board.rulers(two, ACE) == frozenset()  # tied with two players: nobody
    three = ready(["joker", "penguin", "two-face"])
    three = with_player(three, 0, threats=blocks(ace_chemicals=2))
    three = with_player(three, 1, threats=blocks(ace_chemicals=1), henchmen=blocks(ace_chemicals=1))
    assert board.rulers(three, ACE) == frozenset({0, 1})
    three = with_player(three, 2, villain_at=ACE)
    assert board.rulers(three, ACE) == frozenset({2})  # a villain on the block rules it
    assert board.rulers(updated(three, batman_at=ACE), ACE) == frozenset()
    assert board.rulers(three, PACK.block_index("city-hall")) == frozenset()  # nothing there
    assert board.ruled_counts(three) == [0, 0, 1]
    assert board.ruled_counts(two) == [0, 0] and board.ruled_blocks(three, 2) == [ACE]


def test_the_evaluation_counts_progress_towards_the_next_level() -> None:
    state = ready(["joker", "penguin"])  # the Penguin's dial asks for 2 henchmen at level 2
    hoarding = with_player(state, 1, level=2, money=10, hideout_henchmen=0)
    recruited = with_player(state, 1, level=2, money=0, hideout_henchmen=2)
    assert GAME.evaluate(recruited, 1) > GAME.evaluate(hoarding, 1)
    assert GAME.evaluate(recruited, 0) < GAME.evaluate(hoarding, 0)
    assert GAME.evaluate(with_player(recruited, 1, level=3), 1) > GAME.evaluate(recruited, 1)


def test_threat_limits_and_batman_blocks() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, threats=blocks(ace_chemicals=5))
    state = updated(state, batman_at=PACK.block_index("city-hall"))
    state = updated(
        state,
        flow=state.flow.asked((Decision(seat=0, kind="place_threats", count=1, must=True),)),
    )
    targets = {m.get("block") for m in GAME.legal_moves(state, 0)}
    assert ACE not in targets and PACK.block_index("city-hall") not in targets
    assert refused(state, 0, Move.of("place_threat", block=ACE)).code == "cannot_place_threat"
    full = with_player(state, 0, threats=(5, 5, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0))  # 25 on the map
    moves = GAME.legal_moves(full, 0)
    assert Move.of("stop") in moves  # with an empty reserve, moving a threat is optional
    assert all(m.get("source") is not None for m in moves if m.type != "stop")


def test_recruiting_costs_five_up_to_five_henchmen_or_six_with_the_trained_bird() -> None:
    state = at_step(ready(["penguin", "joker"]), "actions")
    state = with_player(state, 0, money=40, hideout_henchmen=4)
    state = act(state, 0, Move.of("recruit"))
    assert state.players[0].money == 35 and state.players[0].recruited == 5
    assert Move.of("recruit") not in GAME.legal_moves(state, 0)
    assert refused(state, 0, Move.of("recruit")).code == "cannot_recruit"
    bird = with_player(state, 0, abilities=("penguin-trained-bird",))
    assert Move.of("recruit") in GAME.legal_moves(bird, 0)


def test_henchmen_enter_a_batman_block_only_with_their_villain() -> None:
    state = updated(at_step(ready(["joker", "penguin"]), "actions"), batman_at=ACE)
    state = with_player(state, 0, hideout_henchmen=2, information=1)
    state = act(state, 0, Move.of("move"))
    alone = Move.of("move_henchmen", source=HIDEOUT, target=ACE, count=2)
    assert alone not in GAME.legal_moves(state, 0)
    state = act(state, 0, Move.of("move_villain", to=ACE))
    assert alone in GAME.legal_moves(state, 0)


def test_effects_on_other_players_go_clockwise_from_the_left() -> None:
    state = ready(["joker", "penguin", "two-face", "killer-croc"])
    for seat in (1, 2, 3):
        state = with_player(state, seat, threats=blocks(ace_chemicals=2, city_hall=1))
    state = at_step(state, "resolve", chosen=True, played="plot-01")
    state = updated(state, program=(Line("plot-01", 0, Op("others_lose", 2, "threats")),))
    run = Run(state)
    turns.advance(run, random.Random(0))
    assert [d.seat for d in run.state.pending] == [1, 2, 3]
    assert all(d.kind == "lose_threats" and d.must for d in run.state.pending)


def test_reaching_level_ten_wins_at_once() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, level=9, money=10)
    events = events_of(state, 0, Move.of("advance"))
    assert isinstance(events[-1], GameFinished) and events[-1].winners == (0,)
    outcome = GAME.outcome(fold(GAME, events, state))
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.summary == "The Joker rules Gotham."  # by the villain's name, not its id


def test_the_last_card_gives_everyone_one_last_turn_then_tie_breaks() -> None:
    state = at_step(ready(["joker", "penguin", "two-face"]), "actions")
    state = updated(state, deck=state.deck[:1])
    state = act(state, 0, Move.of("end_turn"))
    assert state.final_turns == 3 and state.current == 1
    for _ in range(3):
        seat = state.current
        state = at_step(state, "actions")
        state = with_player(state, seat, level=5, hideout_henchmen=seat % 2, information=seat)
        state = act(state, seat, Move.of("end_turn"))
    # equal levels; Penguin (seat 1) and Joker (seat 0)... seat 1 has a henchman and information 1
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.summary == "The Penguin rules Gotham."


def test_the_variant_plays_a_face_down_card_chosen_the_turn_before() -> None:
    state = ready(["joker", "penguin"], variant=True)
    assert all(p.face_down for p in state.players)
    assert Move.of("reveal") in GAME.legal_moves(state, 0)
    assert not any(m.type == "play" for m in GAME.legal_moves(state, 0))
    card = state.players[0].face_down
    state = act(state, 0, Move.of("reveal"))
    assert state.played == card and not state.players[0].face_down
    state = at_step(state, "actions", played="")
    ends = [m for m in GAME.legal_moves(state, 0) if m.type == "end_turn"]
    assert ends and all(m.get("card") for m in ends)
    state = act(state, 0, ends[0])
    assert state.players[0].face_down == ends[0].get("card")


def test_the_variant_plays_from_the_hand_once_the_final_turns_leave_nothing_face_down() -> None:
    """Once the deck has run out, a variant turn ends with no card put face down, so the next
    turn plays from the hand, as the standard game does: every card of it is offered."""
    state = ready(["joker", "penguin"], variant=True)
    state = at_step(state, "actions", played="", final_turns=2)
    assert [m for m in GAME.legal_moves(state, 0) if m.type == "end_turn"] == [Move.of("end_turn")]
    state = act(state, 0, Move.of("end_turn"))
    players = tuple(updated(p, face_down="") for p in state.players)
    state = at_step(updated(state, players=players), "levels", played="")
    (seat,) = GAME.to_act(state)
    hand = state.players[seat].hand
    plays = [m for m in GAME.legal_moves(state, seat) if m.type == "play"]
    assert hand and plays == [Move.of("play", card=c) for c in sorted(set(hand))]
    assert Move.of("reveal") not in GAME.legal_moves(state, seat)


def test_screens_and_hands_stay_hidden_from_other_seats() -> None:
    state = ready(["joker", "penguin"])
    theirs = objs(GAME.view(state, 1)["players"])[0]
    assert theirs["money"] is None and theirs["hand"] == {"count": 5}
    mine = objs(GAME.view(state, 0)["players"])[0]
    assert mine["money"] == state.players[0].money


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_the_variant_reaches_an_outcome(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    log = GAME.setup(players, {"variant": True}, random.Random(seed))
    state = fold(GAME, log)
    for step in range(5000):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        events = events_of(state, seat, move, random.Random(step))
        state = fold(GAME, events, state)
        log.extend(events)
        for other in range(players):
            hidden = GAME.hidden_from(state, other)
            assert not any(c in hidden for c in state.players[other].hand)
    assert GAME.outcome(state) is not None
    assert fold(GAME, log) == state


def test_game_options_are_checked() -> None:
    assert GAME.validate_options(1, {}) is not None
    assert GAME.validate_options(2, {"villains": ["joker", "joker"]}) is not None
    assert GAME.validate_options(2, {"villains": ["joker", "bane"]}) is not None
    assert GAME.validate_options(2, {"variant": "yes"}) is not None
    assert (
        GAME.validate_options(3, {"villains": ["penguin", "joker", "two-face"], "variant": True})
        is None
    )


def test_batman_to_the_most_threats_goes_to_the_fullest_block_other_than_his_own() -> None:
    """The Detective Work card's text and its effect agree: his own block is left out."""
    detective = PACK.card("batman-08")
    assert "other than his own" in detective.text
    state = ready(["joker", "penguin"])
    state = with_player(state, 1, threats=blocks(ace_chemicals=4, union_station=2))
    state = with_player(state, 0, hand=(signal_card(),))
    state = updated(state, batman_at=ACE, batman_deck=("batman-08", *state.batman_deck))
    state = act(state, 0, Move.of("play", card=signal_card()))
    assert state.batman_at == PACK.block_index("union-station")


def test_the_options_schema_states_each_option_its_type_default_and_allowed_values() -> None:
    """The catalog shows this schema to clients: the variant switch, the villains one per seat
    (from the box's four) and a content pack with the limits and ranges it is checked against."""

    schema = GAME.options_schema()
    assert list(schema) == ["variant", "villains", "content"]
    variant, villains, content = schema["variant"], schema["villains"], schema["content"]
    assert isinstance(variant, dict) and isinstance(villains, dict) and isinstance(content, dict)
    assert variant == {"type": "boolean", "default": False, "description": "increased interaction"}
    assert villains == {"type": "array", "items": list(VILLAINS), "description": "one per seat"}
    assert len(VILLAINS) == 4
    effects = {
        "plot": vocabulary.PLOT_EFFECTS.schema(),
        "batman_card": vocabulary.BATMAN_EFFECTS.schema(),
        "ability": vocabulary.ABILITY_EFFECTS.schema(),
    }
    assert_content_option(
        schema, "gotham_city_strategy", NUMBER_RANGES, effects, ids=IDS, see="see VOCABULARY.md, "
    )
    assert len({str(v) for v in obj(content["effects"]).values()}) == 3


def test_seats_are_named_by_their_villains() -> None:
    state = ready(["joker", "penguin", "two-face"])
    assert GAME.seat_names(state) == ("The Joker", "The Penguin", "Two-Face")


@pytest.mark.parametrize(
    ("players", "options", "code", "message"),
    [
        (1, {}, "bad_player_count", "Gotham City Strategy is for 2 to 4 players."),
        (5, {}, "bad_player_count", "Gotham City Strategy is for 2 to 4 players."),
        (
            2,
            {"vairant": True, "bots": 1},
            "bad_options",
            "Batman: Gotham City Strategy Game has no option “bots” or “vairant”; its options "
            "are content, variant and villains.",
        ),
        (2, {"variant": "yes"}, "bad_options", "The option “variant” is true or false."),
        (2, {"villains": "joker"}, "bad_options", "'villains' names one"),
        (2, {"villains": ["joker"]}, "bad_options", "'villains' names one"),
        (2, {"villains": ["joker", "joker"]}, "bad_options", "'villains' names one"),
        (2, {"villains": ["joker", "riddler"]}, "bad_options", "'villains' names one"),
        (2, {"villains": {"joker": 1, "penguin": 2}}, "bad_options", "'villains' names one"),
        (2, {"content": {"name": 3}}, "bad_options", "content pack: "),
    ],
)
def test_options_are_refused_with_the_reason(
    players: int, options: dict[str, object], code: str, message: str
) -> None:
    refusal = GAME.validate_options(players, options)  # type: ignore[arg-type]
    assert refusal is not None and refusal.code == code
    assert refusal.message.startswith(message)
    if message.startswith("'villains'"):
        assert refusal.message == f"'villains' names one different villain per seat of {VILLAINS}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_options_within_the_rules_are_accepted(players: int) -> None:
    chosen = list(reversed(VILLAINS))[:players]
    assert GAME.validate_options(players, {}) is None
    assert GAME.validate_options(players, {"variant": True, "villains": chosen}) is None


def test_a_shared_win_names_every_winner() -> None:
    """A tie the book's tie-breaks leave standing: every villain in it rules Gotham."""
    state = ready(["joker", "penguin", "two-face"])
    state = updated(state, flow=updated(state.flow, phase="over"), winner=0b101)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 2)
    assert outcome.summary == "The Joker and Two-Face rule Gotham."


def test_a_finished_games_view_lifts_every_screen() -> None:
    state = with_player(ready(["joker", "penguin"]), 1, money=7)
    hidden = objs(GAME.view(state, 0)["players"])
    shown = objs(GAME.view(state, 0, reveal=True)["players"])
    assert hidden[1]["money"] is None and shown[1]["money"] == 7


@pytest.mark.parametrize(
    ("ability", "bonus"),
    [
        (None, 0),
        ("killer-croc-sewer-trap", 1),  # against Batman
        ("killer-croc-death-roll", 2),  # against all
        ("penguin-umbrella-gun", 0),  # against villains only
    ],
)
def test_a_fight_bonus_against_batman_or_all_counts_when_fighting_batman(
    ability: str | None, bonus: int
) -> None:
    """Killer Croc rolls 2 entering Batman's block; Batman, level 1, rolls 2 plus his fight
    value 1. Only a bonus against Batman or against all counts ('turn.fight-batman'): with one
    Croc ties (and the figure entering wins the tie) or wins."""
    state = croc_against_joker(croc_bonus=False)
    state = with_player(state, 0, abilities=(ability,) if ability else ())
    state = with_player(state, 1, villain_at=HIDEOUT, henchmen=(0,) * 12)
    state = updated(state, batman_at=ACE, batman_level=1)
    state = act(state, 0, Move.of("move"))
    to_ace = Move.of("move_villain", to=ACE)  # nothing else moves: done at once
    events = events_of(state, 0, to_ace, Dice("2", "2"))
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor_total, fight.defender_total) == (2 + bonus, 3)
    assert fight.winner == (0 if bonus else -1)


@pytest.mark.parametrize(
    ("ability", "bonus"),
    [("penguin-umbrella-gun", 1), ("killer-croc-sewer-trap", 0), ("joker-laughing-gas", 1)],
)
def test_a_fight_bonus_against_villains_or_all_counts_between_villains(
    ability: str, bonus: int
) -> None:
    """Killer Croc (no henchmen there) rolls 1 against the Joker's 1 and one henchman: a bonus
    against villains or all makes it a tie, which the attacker wins."""
    state = with_player(croc_against_joker(croc_bonus=False), 0, abilities=(ability,))
    state = act(state, 0, Move.of("move"))
    to_ace = Move.of("move_villain", to=ACE)  # nothing else moves: done at once
    events = events_of(state, 0, to_ace, Dice("1", "1"))
    fight = next(e for e in events if isinstance(e, FightResolved))
    assert (fight.aggressor_total, fight.defender_total) == (1 + bonus, 2)
    assert fight.winner == (0 if bonus else 1)


def test_others_lose_what_they_have_and_one_short_lifts_the_screen() -> None:
    """Leaked Secrets: each other player returns 1 information; the Penguin, with none, shows
    his screen and returns nothing ('turn.plot.effect.carry-out')."""
    state = ready(["joker", "penguin", "two-face"])
    state = with_player(state, 0, hand=("plot-35",))
    state = with_player(state, 1, information=0)
    state = with_player(state, 2, information=3)
    state = act(state, 0, Move.of("play", card="plot-35"))
    events = events_of(state, 0, Move.of("carry_out"))
    penguin = state.players[1]
    assert ScreenShown(seat=1, owner=1, money=penguin.money, information=0) in events
    losses = [e for e in events if isinstance(e, ResourcesChanged) and e.information < 0]
    assert losses == [ResourcesChanged(seat=None, owner=2, money=0, information=-1, reason="card")]
    after = fold(GAME, events, state)
    assert after.players[2].information == 2 and after.players[1].information == 0


def test_a_roll_for_each_other_player_costs_those_who_roll_the_faces_named() -> None:
    """Coin Toss: each other player rolls the Batman die and loses 1 money on a Bat Emblem or
    a 2; the rolls are each roller's own, in the open."""
    state = ready(["joker", "penguin", "two-face"])
    state = with_player(state, 0, hand=("plot-38",))
    state = act(state, 0, Move.of("play", card="plot-38"))
    events = events_of(state, 0, Move.of("carry_out"), Dice("2", "3"))
    assert EffectCarriedOut(seat=0, card="plot-38", index=0) in events
    rolls = [e for e in events if isinstance(e, DieRolled)]
    assert rolls == [DieRolled(seat=1, face="2"), DieRolled(seat=2, face="3")]
    losses = [e for e in events if isinstance(e, ResourcesChanged)]
    assert losses == [ResourcesChanged(seat=None, owner=1, money=-1, information=0, reason="card")]


def test_a_roll_that_costs_threats_asks_only_those_who_rolled_a_face_named() -> None:
    """Booby Trap: each other player rolls, clockwise from the left, and loses a threat of
    their choice on a Bat Emblem or a 1 (turn.plot.effect.carry-out): the Penguin rolls a 1
    and chooses which of his two threats goes; Two-Face rolls a 3 and is asked nothing."""
    state = ready(["joker", "penguin", "two-face"])
    state = with_player(state, 0, hand=("plot-37",))
    for seat in (1, 2):
        state = with_player(state, seat, threats=blocks(ace_chemicals=1, city_hall=1))
    state = act(state, 0, Move.of("play", card="plot-37"))
    state = act(state, 0, Move.of("carry_out"), Dice("1", "3"))
    head = waiting(state)
    assert (head.seat, head.kind, head.count, head.must) == (1, "lose_threats", 1, True)
    state = act(state, 1, Move.of("lose_threat", block=ACE, owner=1))
    assert current(state) is None and state.step == "actions"
    assert [sum(p.threats) for p in state.players] == [0, 1, 2]


def test_a_gain_per_block_counts_the_blocks_the_player_rules() -> None:
    """Street Tax: 1 money for each block ruled (the Joker rules two)."""
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, hand=("plot-04",), threats=blocks(ace_chemicals=2, city_hall=1))
    state = act(state, 0, Move.of("play", card="plot-04"))
    events = events_of(state, 0, Move.of("carry_out"))
    gains = [e for e in events if isinstance(e, ResourcesChanged)]
    assert gains == [ResourcesChanged(seat=None, owner=0, money=2, information=0, reason="card")]


@pytest.mark.parametrize(("recruited", "free"), [(HENCHMEN_LIMIT - 1, 1), (HENCHMEN_LIMIT, 0)])
def test_free_henchmen_come_only_as_far_as_the_limit(recruited: int, free: int) -> None:
    """Plot-26 gives two free henchmen after its Bat-Signal; a villain one short of the limit
    gets one, one at the limit none. The Batman card is drawn in the player's name."""
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, hand=("plot-26",), hideout_henchmen=recruited)
    state = with_player(state, 0, henchmen=(0,) * 12)
    played = events_of(state, 0, Move.of("play", card="plot-26"))
    assert any(isinstance(e, BatmanCardDrawn) and e.seat == 0 for e in played)
    state = fold(GAME, played, state)
    state = act(state, 0, GAME.legal_moves(state, 0)[0])  # where Batman goes
    asked = current(state)
    assert asked is not None and (asked.seat, asked.kind) == (0, "use_card")
    events = events_of(state, 0, Move.of("carry_out"))
    recruits = [e for e in events if isinstance(e, Recruited)]
    assert recruits == ([Recruited(seat=0, count=free, cost=0)] if free else [])


def test_the_game_tells_a_drawn_card_to_its_drawer_and_to_all_once_revealed() -> None:
    """The game's narration passes on who is reading and whether all is shown."""
    state = ready(["joker", "penguin"])
    card = state.players[0].hand[0]
    drawn = CardDrawn(seat=0, card=card)
    named = GAME.narrate(state, drawn, 0, False)
    assert named.endswith(".") and "a card" not in named
    assert GAME.narrate(state, drawn, 1, False) == named.split(" draws ")[0] + " draws a card."
    assert GAME.narrate(state, drawn, 1, True) == named


def test_an_event_of_another_game_is_refused_by_name() -> None:
    class Stranger(GameEvent):
        type = "stranger"

    stranger = Stranger(seat=None)
    with pytest.raises(TypeError, match=r"^not a Gotham City Strategy event: "):
        GAME.evolve(ready(["joker", "penguin"]), stranger)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nobody_is_asked_for_starting_threats_before_every_hand_is_dealt(players: int) -> None:
    """Part-way through the set-up the cards are still being dealt (the game's own step): no
    villain is named to act nor offered a starting threat until every villain holds a hand."""
    opening = GAME.setup(players, {}, random.Random(players))
    state = GAME.initial_state()
    for event in opening[:-1]:
        state = GAME.evolve(state, event)
        assert GAME.to_act(state) == frozenset(), event.type
        assert all(GAME.legal_moves(state, s) == [] for s in range(players)), event.type
    state = GAME.evolve(state, opening[-1])
    assert GAME.to_act(state) and all(p.hand for p in state.players)
