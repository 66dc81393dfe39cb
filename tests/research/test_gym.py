"""The Gymnasium single-agent environment: Gymnasium's own checker, masks, rewards, bad input."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import sixtysix.research.gym  # noqa: F401 - registers the environments
from sixtysix.games import GAMES
from sixtysix.research.gym import SixtySixEnv


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_gymnasium_env_checker(game_id: str) -> None:
    check_env(SixtySixEnv(game_id, opponent="random"), skip_render_check=True)


def test_made_by_id_plays_a_hand_with_masks() -> None:
    env = gymnasium.make("sixtysix/Schnapsen-v0", opponent="casual")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    total, done, steps = 0.0, False, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        total += reward
        steps += 1
    assert steps >= 2 and total in (0.0, 1.0, 2.0, 3.0)


def test_same_seed_same_episode() -> None:
    def run() -> list[float]:
        env = SixtySixEnv("sixty-six", opponent="casual")
        obs, info = env.reset(seed=9)
        out = [float(obs.sum())]
        done = False
        while not done:
            obs, r, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            out.append(float(obs.sum()) + r)
        return out
    assert run() == run()


def test_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = SixtySixEnv("sixty-six", opponent="random")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)


def test_match_reward() -> None:
    env = SixtySixEnv("schnapsen", opponent="random", reward="match", seat=1)
    _, info = env.reset(seed=3)
    done, reward = False, 0.0
    while not done:
        _, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
    assert env.match is not None and env.match.complete
    assert reward == (1.0 if 1 in env.match.winner else -1.0)


def test_bad_arguments_say_why() -> None:
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        SixtySixEnv("schnapsen", seat=2)
    with pytest.raises(ValueError, match="reward must be"):
        SixtySixEnv("schnapsen", reward="trick")  # type: ignore[arg-type]
