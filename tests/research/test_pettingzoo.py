"""The PettingZoo environments: PettingZoo's own API, seed and render tests for every game id,
observations that hold only what the agent's seat may know, and both reward modes."""

from __future__ import annotations

import random

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from sixtysix.games import GAMES
from sixtysix.research.pettingzoo import env, env_ids, raw_env

# The two warnings PettingZoo's api_test gives for every dict observation (it recommends Box or
# Discrete observation spaces); nothing else is filtered.
DICT_OBS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.filterwarnings(*DICT_OBS)
def test_pettingzoo_api(game_id: str) -> None:
    api_test(env(game_id), num_cycles=1000)
    api_test(env(game_id, reward="match"), num_cycles=1000)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_pettingzoo_seed_and_render(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=300)
    render_test(lambda render_mode=None: env(game_id, render_mode=render_mode))


def test_registered_with_pettingzoo() -> None:
    ids = env_ids()
    assert ids["schnapsen"] == "sixtysix/Schnapsen-v0"
    assert ids["four-hand-sixty-six"] == "sixtysix/FourHandSixtySix-v0"
    e = pettingzoo.make("aec", "sixtysix/Schnapsen-v0")
    e.reset(seed=3)
    assert e.unwrapped.game.id == "schnapsen"


def test_resets_after_a_seeded_one_deal_alike_every_run() -> None:
    """reset(seed=...) and each reset() without a seed after it deal the same hands in every new
    environment (the seeded generator continues); another seed deals others."""
    def deals(seed: int) -> list[tuple[int, ...]]:
        e = env("schnapsen")
        out = []
        for episode in range(4):
            e.reset(seed=seed if episode == 0 else None)
            out.append(tuple(e.unwrapped.state.hands))
        return out
    first = deals(21)
    assert deals(21) == first and len(set(first)) == 4
    assert deals(22) != first


def test_spaces_are_built_once() -> None:
    e = raw_env("sixty-six")
    assert e.observation_space("player_0") is e.observation_space("player_1")
    assert e.action_space("player_0") is e.action_space("player_1")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_observations_hold_only_what_the_seat_may_know(game_id: str) -> None:
    """Each agent's observation is the same whatever the cards it cannot see: at every step the
    hand in play is swapped for a world dealt at random consistently with that agent's view, and
    the observation must not change; and the hand block is exactly the agent's own cards."""
    e = raw_env(game_id)
    rng = random.Random(5)
    for episode in range(3):
        e.reset(seed=episode)
        steps = 0
        while not all(e.terminations.values()) and steps < 200:
            for seat, agent in enumerate(e.possible_agents):
                obs = e.observe(agent)["observation"]
                real = e.match.hand
                hand = np.flatnonzero(obs[:64])
                assert sorted(hand) == [c for c in range(64) if (real.view(seat).hand >> c) & 1]
                e.match.hand = real.view(seat).determinize(rng)
                try:
                    assert np.array_equal(e.observe(agent)["observation"], obs)
                finally:
                    e.match.hand = real
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1


@pytest.mark.parametrize("game_id", ["sixty-six", "four-hand-sixty-six"])
def test_hand_rewards_are_the_hands_game_points(game_id: str) -> None:
    e = raw_env(game_id)
    e.reset(seed=11)
    rng = random.Random(0)
    while not all(e.terminations.values()):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    gp = list(e.match.hand.game_points())
    assert [e._cumulative_rewards[a] for a in e.possible_agents] == gp
    assert sum(gp) > 0 or game_id == "four-hand-sixty-six"  # a 65-65 four-hand hand scores 0


def test_match_reward_is_one_for_the_winner() -> None:
    e = raw_env("schnapsen", reward="match")
    e.reset(seed=2)
    rng = random.Random(1)
    hands = 0
    while not all(e.terminations.values()):
        if e.match.hand is not None and not e.match.hand.history:
            hands += 1
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert e.match.complete and hands >= 2  # a Bummerl takes several hands
    winner = e.match.winner[0]
    assert e._cumulative_rewards[f"player_{winner}"] == 1.0
    assert e._cumulative_rewards[f"player_{1 - winner}"] == -1.0


def test_bad_arguments_say_why() -> None:
    with pytest.raises(ValueError, match="reward must be"):
        raw_env("schnapsen", reward="trick")
    with pytest.raises(ValueError, match="unknown game"):
        raw_env("skat")
