"""PettingZoo AEC environments for every game of the family.

>>> from sixtysix.research.pettingzoo import env
>>> e = env("schnapsen")
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape == e.observation_space(e.agent_selection)["observation"].shape
True
>>> int(obs["action_mask"].sum()) == len(e.unwrapped.state.legal_actions())
True

Agents are ``player_0`` … ``player_{n-1}``, the seats of the game. The seat to act is the agent
selected (``agent_selection``); it is not a fixed rotation, because the trick winner leads.

* **Actions**: one ``Discrete(N_ACTIONS)`` for every game, over the engine's dense action ids
  (``sixtysix.engine.actions``: ``action_str(a)`` gives the text of id ``a``); the legal ones are
  the ``action_mask`` of the observation.
* **Observations**: ``Dict(observation=Box(…, (K,), float32), action_mask=Box(0, 1, (N,), int8))``,
  the observation being exactly the agent's view (``ObservationEncoder``): never a card it may not
  know.
* **Rewards**, option ``reward``: ``"hand"`` (default) — an episode is one hand, and each agent
  receives at its end the game points the hand awarded it (partners share their side's, chips in
  Three-Player Sixty-Six are signed); ``"match"`` — an episode is a whole match, hands dealt one
  after another, and at its end each winner receives +1 and every other agent -1.
* **Determinism**: the deal (and the first dealer) depend only on ``reset(seed=…)`` and on the
  resets without a seed since (each continues the seeded generator).
* ``render_mode="ansi"``: ``render()`` returns the public table as text (no hidden card);
  ``"human"`` prints it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from ..extras import needs

with needs(__name__):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

from ..cards import card_str, mask_str
from ..engine.actions import N_ACTIONS, action_str
from ..engine.match import Match
from ..engine.options import OptionValue
from ..engine.state import State
from ..games import DEFAULT_GAME, GAMES, make_game
from .encoding import BOUND, ObservationEncoder, legal_mask

__all__ = ["raw_env", "env", "env_ids", "register_all", "Observation"]

Reward = Literal["hand", "match"]


class Observation(TypedDict):
    """What an agent observes: the encoded view (``ObservationEncoder``) and which actions are
    legal (1) by action id."""

    observation: np.ndarray[Any, Any]
    action_mask: np.ndarray[Any, Any]


class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc]  # noqa: N801 - PettingZoo naming
    """One game of the family as an AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "sixtysix_v0", "is_parallelizable": False}

    def __init__(self, game_id: str = DEFAULT_GAME, options: Mapping[str, OptionValue] | None = None,
                 reward: Reward = "hand", render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in ("hand", "match"):
            raise ValueError(f"reward must be 'hand' or 'match', not {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.game = make_game(game_id, options)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"sixtysix_{game_id.replace('-', '_')}_v0")
        self.encoder = ObservationEncoder(self.game)
        n = self.game.rules.n_seats
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
        })
        self._act_space = spaces.Discrete(N_ACTIONS)
        self.match: Match | None = None
        self.actors: list[int] = []
        self._rng: random.Random | None = None

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ episode

    @property
    def state(self) -> State:
        """The hand in play (the full state: for tests and tools, not for agents)."""
        assert self.match is not None and self.match.hand is not None, "call reset() first"
        return self.match.hand

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # ``options``: PettingZoo's reset options (none are read); the game's are the constructor's.
        # Only a seed starts the generator again (or the first reset, from the system): a reset()
        # without one continues it, so reset(seed=s), reset() deals the same hands on every run.
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.match = Match(self.game, dealer=self.game.first_dealer(self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._deal()

    def _deal(self) -> None:
        assert self.match is not None
        self.match.deal_hand(rng=self._rng)
        self.actors = []
        self.agent_selection = self.possible_agents[self.state.to_act]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        view = self.state.view(seat)
        return {"observation": self.encoder.encode(view, self.actors),
                "action_mask": legal_mask(view)}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None
        seat = self.state.to_act
        self.match.apply(int(action))
        self.actors.append(seat)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        hand = self.state
        if hand.over:
            if self.reward_mode == "hand":
                self._finish([float(g) for g in hand.game_points()])
                return
            if self.match.complete:
                winners = set(self.match.winner or ())
                self._finish([1.0 if p in winners else -1.0 for p in range(len(self.agents))])
                return
            self._deal()
        else:
            self.agent_selection = self.possible_agents[hand.to_act]
        self._accumulate_rewards()

    def _finish(self, rewards: list[float]) -> None:
        for p, agent in enumerate(self.possible_agents):
            self.rewards[agent] = rewards[p]
            self.terminations[agent] = True
        self._accumulate_rewards()

    # ------------------------------------------------------------------ people

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        s = self.state
        trump = "CDHS"[s.trump] if s.trump >= 0 else "-"
        lines = [f"{self.game.name}: trumps {trump}, {s.facedown} cards face down, "
                 f"hand sizes {[h.bit_count() for h in s.hands]}"]
        if s.turnup >= 0 and s.turnup_up:
            lines.append(f"turn-up {card_str(s.turnup)}")
        lines.append("trick: " + (" ".join(f"{p}:{card_str(c)}" for p, c in zip(
            s.tseats, s.trick, strict=True)) or "-"))
        lines.append(f"points {s.points}, tricks {s.tricks}, won "
                     f"{[mask_str(w) for w in s.won]}")
        if s.history:
            lines.append("last action: " + action_str(s.history[-1]))
        lines.append("over" if s.over else f"to act: player_{s.to_act}")
        if self.match is not None:
            lines.append(f"match score {self.match.score}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str = DEFAULT_GAME, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """``raw_env`` wrapped the usual way: an illegal action ends the episode with -1 for the agent
    that took it; out-of-range actions are refused; the call order is enforced."""
    e: AECEnv[str, Observation, int] = raw_env(game_id, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def env_ids() -> dict[str, str]:
    """The registered id of each game: ``sixtysix/<GameName>-v0``."""
    return {game_id: "sixtysix/" + "".join(w.capitalize() for w in game_id.split("-")) + "-v0"
            for game_id in GAMES}


def register_all() -> None:
    """Register every game with ``pettingzoo.register`` (done when this module is imported)."""
    from pettingzoo import aec_registry, register
    for game_id, env_id in env_ids().items():
        if env_id not in aec_registry:
            register("aec", env_id, entry_point=f"{__name__}:env", kwargs={"game_id": game_id})


register_all()
