"""The Gymnasium single-agent environment: Gymnasium's own checker, masks, rewards, bad input."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import sixtysix.research.gym  # noqa: F401 - registers the environments
from sixtysix.research.gym import SixtySixEnv
from sixtysix.research.pettingzoo import env_ids


@pytest.mark.parametrize("env_id", sorted(env_ids().values()))
@pytest.mark.filterwarnings("ignore:.*No render fps was declared:UserWarning")  # text only: no frames
def test_gymnasium_env_checker(env_id: str) -> None:
    # Made by id, the environment has a spec: only then does check_env test that reset(seed=...)
    # and the reset() after it give the same observations each time, and the render modes.
    check_env(gymnasium.make(env_id, opponent="casual").unwrapped)


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


def test_same_seed_same_episodes() -> None:
    """reset(seed=...) and the resets without a seed after it play the same episodes, bots' choices
    included, in every new environment; another seed deals other hands."""
    def run(seed: int) -> list[list[float]]:
        env = gymnasium.make("sixtysix/SixtySix-v0", opponent="casual")
        episodes = []
        for episode in range(3):
            obs, info = env.reset(seed=seed if episode == 0 else None)
            out = [float(obs @ np.arange(obs.size))]
            done = False
            while not done:
                obs, r, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
                out.append(float(obs @ np.arange(obs.size)) + r)
            episodes.append(out)
        return episodes
    first = run(9)
    assert run(9) == first
    assert len({tuple(e) for e in first}) == 3
    assert run(10) != first


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
