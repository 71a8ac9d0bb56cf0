"""The book's example game round (example.*), reproduced step by step through decide."""

from rules_core.engine.types import Citation, Move, Scalar
from rules_core.engine.updating import updated
from rules_core.games.black_metro import board
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro.assignment import blockade_strain
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    refused,
    told,
)


def _assigned() -> BlackMetroState:
    """The example round's assignment phase, as the book plays it."""
    state = example_round()
    state, _ = play(state, RED, "assign", district=11, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=3, unit="subordinate")
    state, _ = play(state, GREEN, "assign", district=3, unit="subordinate")
    state, _ = play(
        state, GREEN, "play_fortune", card="3-diamonds", district=3, target=-1, choice=""
    )
    state, _ = play(state, BLUE, "assign", district=8, unit="subordinate")
    state, _ = play(state, BLUE, "end_turn")
    for unit in ("paragon", "paragon", "subordinate"):
        state, _ = play(state, RED, "assign", district=3, unit=unit)
    state, _ = play(state, RED, "end_turn")  # holding fortunes, Red is asked: none played
    state, _ = play(state, GREEN, "assign", district=11, unit="paragon")
    state, _ = play(state, GREEN, "assign", district=11, unit="paragon")
    state, _ = play(state, GREEN, "end_turn")
    state, _ = play(state, BLUE, "assign", district=11, unit="paragon")
    state, _ = play(state, BLUE, "assign", district=11, unit="paragon")
    state, _ = play(state, BLUE, "end_turn")
    state, _ = play(state, BLUE, "assign", district=3, unit="paragon")
    state, _ = play(state, BLUE, "assign", district=3, unit="subordinate")
    state, _ = play(state, BLUE, "end_turn")
    return state


def test_example_assignment_phase() -> None:
    state = example_round()
    red_strain = state.player(RED).strain

    # Red assigns one subordinate to 11 Astral Tower, where Blue has 2 blockades: 4 strain
    state, _ = play(state, RED, "assign", district=11, unit="subordinate")
    state, events = play(state, RED, "end_turn")
    finished = next(ev for ev in events if isinstance(ev, e.AssignmentFinished))
    assert (finished.strength, finished.blockades) == (1, 2)
    assert Citation("black-metro", "appendix.fortifications.blockades") in finished.cited()
    assert state.player(RED).strain == red_strain + 4
    assert state.flow.current == GREEN

    # Green assigns two subordinates to 03 Gilded Bank (her own blockade), then plays the 3 of
    # diamonds: 3 gold from the bank's first effect and 1 for the diamond
    gold = state.player(GREEN).gold
    state, _ = play(state, GREEN, "assign", district=3, unit="subordinate")
    assert refused(state, GREEN, "assign", district=4, unit="paragon").code == "already_there"
    state, _ = play(state, GREEN, "assign", district=3, unit="subordinate")
    state, _ = play(
        state, GREEN, "play_fortune", card="3-diamonds", district=3, target=-1, choice=""
    )
    assert state.player(GREEN).gold == gold + 4
    assert "3-diamonds" in state.fortune_discard
    assert state.flow.current == BLUE  # one assignment fortune a turn: the turn is over

    # Blue assigns one subordinate to 08 Oakland Laboratory
    state, _ = play(state, BLUE, "assign", district=8, unit="subordinate")
    state, _ = play(state, BLUE, "end_turn")

    # Red assigns two paragons and a subordinate to 03: 5 strength beats Green's blockade
    strain = state.player(RED).strain
    state, _ = play(state, RED, "assign", district=3, unit="paragon")
    assert refused(state, RED, "assign", district=4, unit="paragon").code == "already_there"
    state, _ = play(state, RED, "assign", district=3, unit="paragon")
    state, _ = play(state, RED, "assign", district=3, unit="subordinate")
    assert state.player(RED).strain == strain
    # Red's hideout is empty; holding fortunes, Red is asked about one (whether one could be
    # played there is Red's to know) and plays none
    assert state.flow.current == RED and GAME.legal_moves(state, RED) == [Move.of("end_turn")]
    state, _ = play(state, RED, "end_turn")
    assert state.flow.current == GREEN

    # Green's two paragons to 11 (4 strength against Blue's 2 blockades: no strain)
    strain = state.player(GREEN).strain
    state, _ = play(state, GREEN, "assign", district=11, unit="paragon")
    state, _ = play(state, GREEN, "assign", district=11, unit="paragon")
    state, _ = play(state, GREEN, "end_turn")
    assert state.player(GREEN).strain == strain

    # Blue's two paragons to 11 to defend his blockades
    state, _ = play(state, BLUE, "assign", district=11, unit="paragon")
    state, _ = play(state, BLUE, "assign", district=11, unit="paragon")
    state, _ = play(state, BLUE, "end_turn")

    # Red's and Green's hideouts are empty: play returns to Blue, whose last two go to 03
    assert state.flow.current == BLUE
    assert refused(state, RED, "end_turn").code == "not_your_turn"
    state, _ = play(state, BLUE, "assign", district=3, unit="paragon")
    state, _ = play(state, BLUE, "assign", district=3, unit="subordinate")
    state, events = play(state, BLUE, "end_turn")
    assert any(isinstance(ev, e.PhaseBegan) and ev.phase == "dominance" for ev in events)

    assert state.district(3).personnel[RED] == (1, 2, 0)
    assert state.district(3).personnel[GREEN] == (2, 0, 0)
    assert state.district(3).personnel[BLUE] == (1, 1, 0)
    assert state.district(8).personnel[BLUE] == (1, 0, 0)
    assert state.district(11).personnel == ((1, 0, 0), (0, 2, 0), (0, 2, 0))
    assert all(sum(p.hideout) == 0 for p in state.players)


def test_the_blockade_table() -> None:
    state = example_round()
    for blockades, strength, _, strain in state.the_pack().blockade_table:
        assert blockade_strain(state, blockades, strength) == strain
    assert blockade_strain(state, 0, 1) == 0


def test_an_assignment_fortune_where_others_have_blockades_costs_a_discard_each() -> None:
    state = example_round()
    archives = updated(state.district(4), fortifications=(Fortification(BLUE, "blockade"),))
    state = state.with_district(4, archives)
    state, _ = play(state, RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    hand, strain = len(state.player(GREEN).hand), state.player(GREEN).strain
    state, _ = play(state, GREEN, "assign", district=6, unit="paragon")
    # the 4 of hearts at 04 Chronicle Archives, where Blue has a blockade: 1 discard first
    state, _ = play(state, GREEN, "play_fortune", card="4-hearts", district=4, target=-1, choice="")
    assert state.flow.prompts[0].kind == "blockade_discard"
    assert refused(state, GREEN, "end_turn").code == "not_now"
    state, _ = play(state, GREEN, "discard_fortune", card="J-spades")
    assert state.player(GREEN).intel == 4 + 2  # the archives' first effect
    assert state.player(GREEN).strain == strain - 1  # hearts heal 1 strain (README)
    assert len(state.player(GREEN).hand) == hand - 2
    assert state.flow.current == BLUE


def test_an_assignment_attack_countered_and_lost() -> None:
    """Green attacks Red with the 2 of clubs at 02 Swiss Casino; Red has no assignment fortune
    to counter, so Red must assign 1 personnel there (README: the attack's reading)."""
    state = example_round()
    state, _ = play(state, RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=6, unit="subordinate")
    intel = state.player(GREEN).intel
    state, _ = play(state, GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice="")
    assert state.flow.prompts[0].seat == RED
    assert refused(state, RED, "counter", card="J-hearts").code == "counter_too_low"
    state, _ = play(state, RED, "decline")
    assert state.flow.prompts[0].kind == "forced_assign"
    state, _ = play(state, RED, "assign", district=2, unit="paragon")
    assert state.district(2).personnel[RED] == (0, 1, 0)
    assert state.player(GREEN).intel == intel + 1  # the clubs' resource to the winner
    assert state.flow.current == BLUE


def _dominated() -> BlackMetroState:
    """The example round's dominance phase, as the book plays it."""
    state = at_the_phase_end()
    state, _ = play(state, BLUE, "fulfil_mission", card="defend-strategic-positions#1", option=1)
    return state


def at_the_phase_end() -> BlackMetroState:
    """The example round's dominance phase until Blue is asked about a mission at its end."""
    state = _assigned()
    state, _ = play(state, RED, "attack", card="J-hearts", target=GREEN)
    state, _ = play(state, GREEN, "counter", card="Q-spades")
    state, _ = play(state, RED, "counter", card="Q-diamonds")
    state, _ = play(state, GREEN, "counter", card="K-clubs")  # Red, out of fortunes, cannot
    state, _ = play(state, RED, "fulfil_mission", card="secure-the-district#1", option=1)
    return state


def test_example_dominance_phase() -> None:
    state = _assigned()
    # 03 Gilded Bank: Red 5, Blue 3, Green 2 -> Red asserts dominance and may attack
    contested = state.district(3)
    assert [board.strength(state, p, 3) for p in (RED, GREEN, BLUE)] == [5, 2, 3]
    assert state.phase == "dominance" and state.contest == 3
    assert (state.player(RED).power, state.player(GREEN).strain, state.player(BLUE).strain) == (
        1,
        11,
        4,
    )
    red_strain = state.player(RED).strain
    state, _ = play(state, RED, "attack", card="J-hearts", target=GREEN)
    state, _ = play(state, GREEN, "counter", card="Q-spades")
    state, _ = play(state, RED, "counter", card="Q-diamonds")
    intel = state.player(GREEN).intel
    countered = state
    state, events = play(state, GREEN, "counter", card="K-clubs")
    # Red holds no fortune left to counter the king with (example.dominance.district: "unable
    # to"): the exchange ends without asking him (rules version 22)
    assert ef.CounterDeclined(seat=None, owner=RED) in events
    declined = next(ev for ev in events if isinstance(ev, ef.CounterDeclined))
    assert GAME.narrate(state, declined, None, False) == "Red holds no fortune to counter with."
    # the king is resolved from Green's side: Red inflicts 2 strain, Green gets 1 intel, told
    # as the book tells it (rules version 25: a gain names its source)
    assert state.player(RED).strain == red_strain + 2
    assert state.player(GREEN).intel == intel + 1
    assert "Green gets 1 intel for playing a clubs suited fortune." in told(countered, events)
    # 5 - 2 = 3: Green's subordinates are overwhelmed, Red acquires 1 power
    assert state.player(GREEN).overwhelmed == (2, 0, 0)
    assert state.district(3).personnel[BLUE] == contested.personnel[BLUE]  # 5 - 3 = 2 only
    # Green's blockade, without her personnel, is destroyed and back in her backup
    assert not state.district(3).fortifications
    assert state.player(GREEN).fortifications == (3, 1)
    assert any(isinstance(ev, d.FortificationsDestroyed) for ev in events)
    assert state.player(RED).power == 2
    # Red fulfils Secure the District: 5 strength at the district, 1 power
    before = state
    state, fulfilled = play(state, RED, "fulfil_mission", card="secure-the-district#1", option=1)
    assert state.player(RED).power == 3
    # 08 Oakland Laboratory: Blue alone asserts dominance; he holds a mission, but no mission
    # of the pack to fulfil after asserting dominance is within his reach there (public facts
    # alone, whatever he holds): fulfilling none is the game's own step (rules version 24)
    assert state.player(BLUE).power == 1  # 08's power (his mission comes at the end)
    passed = d.MissionPassed(seat=None, owner=BLUE)
    assert passed in fulfilled
    assert told(before, fulfilled)[fulfilled.index(passed)] == (  # the window by its district
        "Blue can fulfil no mission after asserting dominance at 08 Oakland Laboratory."
    )
    # 11 Astral Tower: Green 4 and Blue 4 tie; nobody gains, Red is not strained nor overwhelmed
    tie = next(ev for ev in fulfilled if isinstance(ev, d.DistrictContested) and ev.district == 11)
    assert tie.dominator == -1 and tie.strengths == (1, 4, 4)
    assert state.district(11).personnel[RED] == (1, 0, 0)
    # city dominance: Red and Blue tie with 1 district each; Red gives the relic to Blue
    moved = next(ev for ev in fulfilled if isinstance(ev, d.RelicMoved))
    assert (moved.owner, moved.how) == (BLUE, "given")
    assert state.relic == BLUE and state.player(BLUE).power == 1  # given, not taken
    # end of the phase: Blue defends strategic positions (personnel beside his blockade at 11)
    assert state.flow.prompts[0].seat == BLUE
    fulfil: dict[str, Scalar] = {"card": "defend-strategic-positions#1", "option": 1}
    state, ended = play(state, BLUE, "fulfil_mission", **fulfil)
    assert state.player(BLUE).power == 2
    # Red has fulfilled his dominance mission; Green holds one, but no mission of the pack for
    # the end of the phase is within her reach: she is not asked (rules version 24)
    assert d.MissionPassed(seat=None, owner=GREEN) in ended
    assert state.phase == "resolution"
    assert [p.power for p in state.players] == [3, 0, 2]


def _resolved() -> BlackMetroState:
    """The example round's resolution phase, as the book plays it."""
    state = _dominated()
    done: dict[str, Scalar] = {}
    for seat, move, params in (
        (BLUE, "use_effect", {"effect": 1, "choice": ""}),  # 03
        (BLUE, "done_resolving", done),
        (RED, "use_effect", {"effect": 1, "choice": ""}),
        (RED, "use_effect", {"effect": 2, "choice": ""}),  # nothing left: done
        (BLUE, "use_effect", {"effect": 1, "choice": "research:trading-platform"}),  # 08
        (BLUE, "use_effect", {"effect": 2, "choice": ""}),
        (BLUE, "use_effect", {"effect": 2, "choice": ""}),  # 11
        (RED, "use_effect", {"effect": 2, "choice": ""}),
        (GREEN, "use_effect", {"effect": 1, "choice": "fortitude-trainers"}),
        (GREEN, "use_effect", {"effect": 2, "choice": ""}),
    ):
        state, _ = play(state, seat, move, **params)
    return state


def test_example_resolution_phase() -> None:
    state = _dominated()
    # 03 Gilded Bank, from the relic player (now Blue) clockwise: Blue, then Red
    assert state.phase == "resolution" and state.resolving == 3
    assert [p.seat for p in state.flow.prompts] == [BLUE, RED]
    gold = state.player(BLUE).gold
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="")
    assert state.player(BLUE).gold == gold + 3
    state, _ = play(state, BLUE, "done_resolving")
    gold, strain = state.player(RED).gold, state.player(RED).strain
    state, _ = play(state, RED, "use_effect", effect=1, choice="")
    state, _ = play(state, RED, "use_effect", effect=2, choice="")
    assert (state.player(RED).gold, state.player(RED).strain) == (gold + 6, strain + 3)
    # both effects used, in list order: nothing is left for Red there, his turn there is over
    # 08 Oakland Laboratory: Blue researches with 3 intel and 1 drakownium, then gets 2 intel
    assert state.resolving == 8
    blue = state.player(BLUE)
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="research:trading-platform")
    assert refused(state, BLUE, "use_effect", effect=1, choice="advance").code == "cannot_resolve"
    state, _ = play(state, BLUE, "use_effect", effect=2, choice="")
    assert state.player(BLUE).downed == ("trading-platform@2",)
    assert (state.player(BLUE).intel, state.player(BLUE).drakownium) == (
        blue.intel - 3 + 2,
        blue.drakownium - 1,
    )
    # 11 Astral Tower: Blue and Red draw a mission; Green turns the Fortitude Trainers back
    # (they had been turned) with 1 drakownium, then draws one
    assert state.resolving == 11 and [p.seat for p in state.flow.prompts] == [BLUE, RED, GREEN]
    for seat in (BLUE, RED):
        held = len(state.player(seat).missions)
        state, _ = play(state, seat, "use_effect", effect=2, choice="")
        assert len(state.player(seat).missions) == held + 1
    drakownium = state.player(GREEN).drakownium
    state, _ = play(state, GREEN, "use_effect", effect=1, choice="fortitude-trainers")
    assert dict(state.syndicates)["fortitude-trainers"] is False
    assert state.player(GREEN).drakownium == drakownium - 1
    state, _ = play(state, GREEN, "use_effect", effect=2, choice="")
    assert state.phase == "standby"


def test_example_standby_phase() -> None:
    state = _resolved()
    assert state.phase == "standby"
    # recall: every personnel back in its hideout, and 1 subordinate recruited each
    assert all(not any(d.personnel[p] != (0, 0, 0) for d in state.districts) for p in range(3))
    assert state.player(RED).hideout == (3, 2, 0)
    # Green recovers her 2 overwhelmed subordinates for 2 strain
    assert [p.seat for p in state.flow.prompts] == [GREEN]
    strain = state.player(GREEN).strain
    state, _ = play(state, GREEN, "recover", troop="2,0,0")
    assert state.player(GREEN).strain == strain + 2
    assert state.player(GREEN).hideout == (3, 2, 0) and state.player(GREEN).overwhelmed == (0, 0, 0)
    # Blue's Trading Platform is charged
    assert state.player(BLUE).technologies == ("trading-platform@2",)
    # standby missions, from Blue: Green believes in destiny, 3 fortunes for 2 power
    while GAME.to_act(state) != {GREEN}:
        (seat,) = GAME.to_act(state)
        state, _ = play(state, seat, "pass_mission")
    hand = state.player(GREEN).hand
    assert sorted(hand) == ["2-clubs", "4-hearts", "J-spades"]
    before = state
    state, fulfilled = play(  # her whole hand: nothing to choose (rules version 29)
        state, GREEN, "fulfil_mission", card="believe-in-destiny#1", option=2
    )
    told = [GAME.narrate(before, event, RED, False) for event in fulfilled[:2]]
    assert told[0] == "Green discards 3 fortunes to fulfil a mission."  # rules version 26
    assert "Believe in Destiny" in told[1]  # the mission, hidden until then, named as laid
    assert state.player(GREEN).power == 2 and state.player(GREEN).hand == ()
    # syndicates: Green has the most strain, and the Fortitude Trainers are unturned again
    assert state.player(GREEN).strain > max(state.player(p).strain for p in (RED, BLUE))
    while GAME.to_act(state) != {GREEN}:
        (seat,) = GAME.to_act(state)
        state, _ = play(state, seat, "pass_backing")
    state, _ = play(state, GREEN, "receive_backing", syndicate="fortitude-trainers")
    assert state.player(GREEN).power == 4
    # then a fortune each, the penalty dice for Green, the event dice for Blue: played through
    while state.phase == "standby":
        (seat,) = GAME.to_act(state)
        move = GAME.legal_moves(state, seat)[0]
        state, _ = play(state, seat, move.type, **dict(move.params))
    assert state.round == 4 and state.phase == "assignment"
    assert state.flow.current == BLUE  # the relic player assigns first


def test_an_assignment_fortune_rolls_the_swiss_casinos_dice() -> None:
    state = example_round()
    state, _ = play(state, RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=6, unit="subordinate")
    state, events = play(
        state, GREEN, "play_fortune", card="2-clubs", district=2, target=-1, choice=""
    )
    assert any(isinstance(ev, r.DiceRolled) and ev.dice == "fortune" for ev in events)
    assert state.flow.prompts[0].kind == "reroll"  # Green holds fortunes: she may reroll
    state, _ = play(state, GREEN, "keep_roll")
    assert state.flow.current == BLUE  # the die's face done, her one fortune played: turn over
