"""A Gymnasium single-agent environment: one seat of a game against sixtysix computer players.

>>> import gymnasium, sixtysix.research.gym
>>> env = gymnasium.make("sixtysix/Schnapsen-v0", opponent="casual")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)

The agent plays ``seat`` (default 0); every other seat is played by the bot ``opponent`` (any
bot specification, e.g. ``"casual"`` or ``"ismcts:seconds=0.05"``), which sees only its own view.
Observations are the agent's view as a vector (``ObservationEncoder``), the legal actions are
``info["action_mask"]`` (one entry per action id of ``Discrete(N_ACTIONS)``), and the reward is
given when the episode ends: the game points the hand awarded the agent's seat
(``reward="hand"``, one hand an episode), or +1 / -1 for winning or losing the match
(``reward="match"``). An illegal action ends the episode with reward -1 and
``info["illegal"] = True``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

from ..extras import needs

with needs(__name__):
    import gymnasium
    import numpy as np
    from gymnasium import spaces

from ..bots import make_bot
from ..engine.actions import N_ACTIONS
from ..engine.match import Match
from ..engine.options import OptionValue
from ..games import DEFAULT_GAME, GAMES, make_game
from .encoding import BOUND, ObservationEncoder, legal_mask
from .pettingzoo import env_ids

__all__ = ["SixtySixEnv", "register_all"]


class SixtySixEnv(gymnasium.Env[np.ndarray[Any, Any], Any]):
    """One seat of a game of the family against computer players (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str = DEFAULT_GAME, opponent: str = "casual", seat: int = 0,
                 options: Mapping[str, OptionValue] | None = None,
                 reward: Literal["hand", "match"] = "hand",
                 render_mode: str | None = None) -> None:
        if reward not in ("hand", "match"):
            raise ValueError(f"reward must be 'hand' or 'match', not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = make_game(game_id, options)
        n = self.game.rules.n_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0 to {n - 1} in {self.game.name}, not {seat}")
        self.seat = seat
        self.bot = make_bot(opponent)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game)
        self.observation_space = spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.match: Match | None = None
        self.actors: list[int] = []

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        # ``options`` and the info dicts are Gymnasium's API (no reset options are read; the info
        # holds the action mask).
        # Gymnasium's generator is seeded only by reset(seed=...) (or, on the first reset without a
        # seed, from the system): a later reset() continues it, so the deal and the bots' choices
        # after reset(seed=s), reset() are the same on every run.
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
        self.match = Match(self.game, dealer=self.game.first_dealer(self._rng))
        self._deal()
        self._play_others()
        return self._obs(), self._info()

    def _deal(self) -> None:
        assert self.match is not None
        self.match.deal_hand(rng=self._rng)
        self.actors = []

    def _play_others(self) -> None:
        """The bots act until it is the agent's turn or the episode is over."""
        assert self.match is not None
        while not self._done():
            hand = self.match.hand
            assert hand is not None
            if hand.over:
                self._deal()
                continue
            if hand.to_act == self.seat:
                return
            seat = hand.to_act
            self.match.apply(self.bot.choose(hand.view(seat), self._bot_rng))
            self.actors.append(seat)

    def _done(self) -> bool:
        assert self.match is not None and self.match.hand is not None
        if self.reward_mode == "hand":
            return self.match.hand.over
        return self.match.complete

    def _reward(self) -> float:
        assert self.match is not None and self.match.hand is not None
        if self.reward_mode == "hand":
            return float(self.match.hand.game_points()[self.seat])
        return 1.0 if self.seat in (self.match.winner or ()) else -1.0

    def step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        assert self.match is not None and self.match.hand is not None, "call reset() first"
        action = int(action)
        if self._done() or action not in self.match.hand.legal_actions():
            info = self._info()
            info["illegal"] = True
            return self._obs(), -1.0, True, False, info
        self.match.apply(action)
        self.actors.append(self.seat)
        self._play_others()
        done = self._done()
        return self._obs(), self._reward() if done else 0.0, done, False, self._info()

    def _view(self) -> Any:
        assert self.match is not None and self.match.hand is not None
        return self.match.hand.view(self.seat)

    def _obs(self) -> np.ndarray[Any, Any]:
        return self.encoder.encode(self._view(), self.actors)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": legal_mask(self._view())}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from ..cards import mask_str
        view = self._view()
        trump = "CDHS"[view.trump] if view.trump >= 0 else "-"
        return (f"{self.game.name}, seat {self.seat}: hand {mask_str(view.hand)}, trumps {trump}, "
                f"points {list(view.points)}, to act {view.to_act}")


def register_all() -> None:
    """Register every game as ``sixtysix/<GameName>-v0`` (done when this module is imported)."""
    for game_id, env_id in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:SixtySixEnv",
                               kwargs={"game_id": game_id})


assert set(env_ids()) == set(GAMES)
register_all()
