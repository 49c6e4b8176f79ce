"""Each Monster ability is one small function with a test (characters, loot, crises)."""

from monsterbox.games.monster import effects as E
from monsterbox.games.monster.attack import kills_per_monster
from monsterbox.games.monster.mechanics import check_bounties
from monsterbox.games.monster.provisioning import three_allowed
from tests.monster.helpers import W, monster_game, set_hand, set_lair, weapon_total


def game():
    g = monster_game(3, crises=["raid"])
    set_lair(g, 0, ["black", "white"])
    set_lair(g, 1, ["red", "red", "red"])
    return g, g.state


def key(s, i):
    return s.lair_keys[i]


def test_scribe_reveals_the_hand_and_draws():
    g, s = game()
    set_hand(g, 0, ["stake", "net"])
    E.reveal_and_draw(s, 0, {"amount": 1}, [])
    assert sum(s.hands[0]) == 3 and sorted(s.known[0]) == [0, 2]
    assert g.view(1)["seats"][0]["known_in_hand"] == ["stake", "net"]


def test_herder_moves_the_top_monster_without_killing():
    g, s = game()
    E.move_top(s, 0, {}, [key(s, 0), key(s, 1)])
    assert s.stacks[0] == [1] and s.stacks[1] == [2, 2, 2, 0] and s.dead[0] == []


def test_herder_emptying_a_lair_destroys_and_loots_it():
    """FAQ: the Herder who removes the last monster destroys the lair and loots it."""
    g, s = game()
    set_lair(g, 0, ["black"])
    k1 = key(s, 1)
    E.move_top(s, 2, {}, [key(s, 0), k1])
    assert s.followups[0][0] == "loot" and s.followups[0][1] == 2
    assert s.stacks[s.lair_keys.index(k1)][-1] == 0


def test_assassin_removes_without_disturbing():
    g, s = game()
    E.remove_top_monster(s, 0, {}, [key(s, 1)])
    assert s.stacks[1] == [2, 2] and s.dead[1] == [] and kills_per_monster(s, 1) == 1


def test_sorcerer_takes_back_a_cube():
    g, s = game()
    s.bank_cubes[3] = [0]
    s.cubes[0] = 0
    E.take_back_cube(s, 0, {}, [3])
    assert s.bank_cubes[3] == [] and s.cubes[0] == 1


def test_motivator_restores_another_character():
    g, s = game()
    s.exhausted[2] = True
    E.restore_other(s, 0, {}, [2])
    assert not s.exhausted[2]


def test_scavenger_takes_the_top_discard():
    g, s = game()
    s.weapon_deck.remove(4)
    s.weapon_discard.append(4)
    E.take_top_discard(s, 1, {}, [])
    assert s.hands[1][4] >= 1 and s.weapon_discard == [] and 4 in s.known[1]


def test_blacksmith_trades_a_weapon_for_a_bank_weapon():
    g, s = game()
    set_hand(g, 0, ["net"])
    E.trade_for_bank(s, 0, {}, [W["net"], W["torch"]])
    assert s.hands[0] == [0, 0, 0, 0, 1] and len(s.bank[4]) == 9 and s.weapon_discard[-1] == W["net"]
    assert weapon_total(g) == 200


def test_priest_and_relic_gain_villagers():
    g, s = game()
    v = s.villagers
    E.villagers_effect(s, 0, {"amount": 2}, [])
    assert s.villagers == v + 2


def test_ranger_and_crossbow_kill_with_fewer_weapons():
    g, s = game()
    set_hand(g, 0, ["torch", "holy_water"])
    E.kill_with_any(s, 0, {"weapons": 2}, [key(s, 0), W["holy_water"], W["torch"]])
    assert s.dead[0] == [0] and sum(s.hands[0]) == 0


def test_quartermaster_draws_two_then_discards_one():
    g, s = game()
    set_hand(g, 0, [])
    E.quartermaster_draw(s, 0, {"draw": 2})
    assert sum(s.hands[0]) == 2
    w = next(w for w in range(5) if s.hands[0][w])
    E.draw_then_discard(s, 0, {}, [w])
    assert sum(s.hands[0]) == 1


def test_spells_cubes_bank_draw_fire_bomb():
    g, s = game()
    E.gain_cubes(s, 1, {"amount": 2}, [])
    assert s.cubes[1] == 3
    set_hand(g, 1, [])
    E.weapons_from_bank(s, 1, {"amount": 2}, [0, 0])
    assert s.hands[1][0] == 2 and len(s.bank[0]) == 8
    E.draw_weapons(s, 1, {"amount": 3}, [])
    assert sum(s.hands[1]) == 5
    E.kill_top_free(s, 1, {}, [key(s, 1)])
    assert s.dead[1] == [2]


def test_war_horn_and_bag_of_holding():
    g, s = game()
    sizes = [sum(h) for h in s.hands]
    s.passed[2] = True
    E.team_draw(s, 0, {"amount": 1}, [])
    assert [sum(h) for h in s.hands] == [sizes[0] + 1, sizes[1] + 1, sizes[2]]
    set_hand(g, 0, ["stake"])
    E.store_free(s, 0, {}, [W["stake"]])
    assert s.stored[0] == [(0, False)] and sum(s.hands[0]) == 0


def test_bounties_reward_the_first_to_meet_them():
    g, s = game()
    big = [i for i, x in enumerate(s.cards.loot) if x.effect == "bounty_big_lair"][0]
    three = [i for i, x in enumerate(s.cards.loot) if x.effect == "bounty_kill_three"][0]
    s.bounties = [big, three]
    check_bounties(s, 1, "destroy", size=3)
    assert s.bounties == [big, three]
    check_bounties(s, 1, "destroy", size=5)
    assert s.bounties == [three] and s.cubes[1] == 3
    v = s.villagers
    check_bounties(s, 2, "three")
    assert s.bounties == [] and s.villagers == v + 3


def test_crisis_effects():
    g, s = game()
    v = s.villagers
    E.crisis_kill_villagers(s, 0, {"amount": 2}, [])
    assert s.villagers == v - 2
    before = len(s.stacks[1])
    E.crisis_add_monsters(s, 0, {"colour": "green", "amount": 2}, [])
    biggest = max(range(len(s.stacks)), key=lambda j: len(s.stacks[j]))
    assert s.stacks[biggest][-2:] == [4, 4]
    assert len(s.stacks[1]) >= before
    sizes = [len(x) for x in s.stacks]
    E.crisis_add_monsters(s, 0, {"colour": "any", "amount": 1, "each_lair": 1}, [])
    assert [len(x) for x in s.stacks] == [k + 1 for k in sizes]
    E.crisis_each_discard(s, 0, {"amount": 1}, [])
    assert [f for f in s.followups if f[0] == "crisis_discard"] == [("crisis_discard", (s.leader + k) % 3)
                                                                     for k in range(3)]


def test_lair_crisis_rules_rage_and_no_three():
    g = monster_game(3, crises=["warded_crypt"])
    s = g.state
    warded = [k for k in s.lair_keys if k >= 100][0]
    assert not three_allowed(s, warded) and three_allowed(s, s.lair_keys[0])
    g2 = monster_game(3, crises=["troll_bridge_crisis"])
    s2 = g2.state
    i = [j for j, k in enumerate(s2.lair_keys) if k >= 100][0]
    assert kills_per_monster(s2, i) == 2


def test_an_exhausted_bank_stack_is_refilled_from_the_discards_but_not_the_top_two():
    """FAQ: take another weapon of the exhausted type from the discard pile, never the top two discards."""
    g, s = game()
    s.weapon_deck.extend(s.bank[0])
    s.bank[0] = []
    for w in (0, 1, 0):  # discard pile: stake, holy water, stake (top)
        s.weapon_deck.remove(w)
        s.weapon_discard.append(w)
    set_hand(g, 1, [])
    E.weapons_from_bank(s, 1, {"amount": 1}, [0])
    assert s.hands[1][0] == 1 and s.weapon_discard == [1, 0]
    assert weapon_total(g) == 200
    from monsterbox.games.monster.mechanics import bank_count

    assert bank_count(s, 0) == 0  # the only stake left is a top-two discard


def test_bag_of_holding_keeps_the_stored_weapon_hidden_from_the_others():
    """R4: the weapon stored with the Bag of Holding is face down; no other seat's log names it."""
    g, s = game()
    bag = [i for i, x in enumerate(s.cards.loot) if x.effect == "store_free"][0]
    s.items[0] = [bag]
    set_hand(g, 0, ["stake", "net"])
    assert g.to_play == 0 and "item:bag_of_holding" in g.legal_actions()
    g.play("item:bag_of_holding")
    g.play("weapon:net")
    net = W["net"]
    for seat in (1, 2):
        told = [e for e in g.view(seat)["log"] if e["type"] == "effect" and e["effect"] == "store_free"]
        assert told and net not in told[-1]["choices"]
    assert "net" not in str([e for e in g.spectator_view()["log"] if e["type"] in ("effect", "store")])
