"""OpenSpiel games for every game of the family: one hand, with the deal as explicit chance nodes.

>>> import pyspiel
>>> import sixtysix.research.openspiel  # registers python_sixtysix_<game> for every game id
>>> game = pyspiel.load_game("python_sixtysix_schnapsen")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # first the dealer, then each card
(True, 2)

* **Chance**: the first chance node chooses the dealer (uniformly among the seats), then one chance
  node per card of the pack chooses the next card of the shuffled deck (uniformly among those
  left); the game's own dealing procedure then deals that deck. Chance outcomes are seat numbers,
  then card ids (``max_chance_outcomes`` = 64).
* **Actions**: the engine's dense action ids (``num_distinct_actions`` = ``N_ACTIONS``;
  ``action_to_string`` gives the record text, e.g. ``marry KH``).
* **Returns**: at the end of the hand, the game points it awarded each player, as the engine
  scores them (partners share; a general-sum game).
* **Observations**: ``observation_tensor`` and ``information_state_tensor`` are the player's view
  as a vector (``ObservationEncoder``); the strings are the view in words. The view is what the
  seat knows now — its cards, every public action of the hand and who took it — so equal strings
  mean equal knowledge.
* ``resample_from_infostate`` deals the cards the player cannot see at random, consistently with
  its view, so OpenSpiel's **Python** ISMCTS bot (``open_spiel.python.algorithms.ismcts``) can play.
  OpenSpiel's C++ ISMCTS bot must not be used with these (Python) games: it crashes.
"""

from __future__ import annotations

import random
from typing import Any

from ..extras import needs

with needs(__name__):
    import numpy as np
    import pyspiel

from ..cards import card_str, mask_str
from ..engine.actions import N_ACTIONS, action_str, names_card
from ..engine.match import Match
from ..engine.phases.meld import FACE_DOWN
from ..engine.state import State
from ..engine.view import View
from ..games import DEFAULT_GAME, GAMES, Game, make_game
from .encoding import ObservationEncoder

__all__ = ["short_name", "register_all", "SixtySixSpielGame", "SixtySixSpielState"]

MAX_RETURN = 300.0
"""A bound on the game points of one hand in any game of the family (for ``GameInfo``)."""


def short_name(game_id: str) -> str:
    """``python_sixtysix_<game id with underscores>``."""
    return "python_sixtysix_" + game_id.replace("-", "_")


def _game_type(game_id: str) -> pyspiel.GameType:
    cls = GAMES[game_id]
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Python sixtysix {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.n_seats if isinstance(cls.n_seats, int) else 4,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


class SixtySixSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the family with its default options, as an OpenSpiel game of one hand."""

    GAME_ID = DEFAULT_GAME

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        self.game: Game = make_game(game_id)
        r = self.game.rules
        self.encoder = ObservationEncoder(self.game)
        info = pyspiel.GameInfo(
            num_distinct_actions=N_ACTIONS,
            max_chance_outcomes=64,
            num_players=r.n_seats,
            min_utility=-MAX_RETURN,
            max_utility=MAX_RETURN,
            utility_sum=None,
            max_game_length=1 + r.pack_size + 6 * r.pack_size)
        super().__init__(_game_type(game_id), info, params or {})

    def new_initial_state(self) -> SixtySixSpielState:
        return SixtySixSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(self)


class SixtySixSpielState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance nodes) or played (the engine's ``State``)."""

    def __init__(self, game: SixtySixSpielGame) -> None:
        super().__init__(game)
        self.sgame = game
        self.dealer = -1
        self.deck: list[int] = []
        self.hand: State | None = None
        self.actors: list[int] = []

    # ---------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return sorted(self.hand.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer < 0:
            n = self.sgame.game.rules.n_seats
            return [(p, 1.0 / n) for p in range(n)]
        rest = sorted(set(_pack(self.sgame.game)) - set(self.deck))
        return [(c, 1.0 / len(rest)) for c in rest]

    def _apply_action(self, action: int) -> None:
        if self.hand is not None:
            self.actors.append(self.hand.to_act)
            self.hand.apply(int(action))
            return
        if self.dealer < 0:
            self.dealer = int(action)
            return
        self.deck.append(int(action))
        game = self.sgame.game
        if len(self.deck) == game.rules.pack_size:
            match = Match(game, dealer=self.dealer)
            active = match.active_seats()
            self.hand = game.new_hand(self.dealer, game.deal_from_deck(list(self.deck), self.dealer,
                                                                          active), active)

    def _action_to_string(self, player: int, action: int) -> str:
        # Gaigel's double pack: the second copy of a card is told apart, as OpenSpiel needs
        # distinct strings for distinct actions.
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer < 0:
                return f"dealer {action}"
            return f"deal {card_str(action)}" + (" (2nd)" if action & 32 else "")
        second = names_card(action)
        return action_str(action) + (" (2nd)" if second and action & 32 else "")

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.sgame.game.rules.n_seats
        assert self.hand is not None
        return [float(g) for g in self.hand.game_points()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SixtySixSpielState:
        """A state the player cannot tell from this one: the unseen cards dealt at random."""
        assert self.hand is not None, "resampling needs the deal to be complete"
        seed = int(probability_sampler() * 2**62)
        other = SixtySixSpielState(self.sgame)
        other.dealer = self.dealer
        other.hand = self.hand.view(player_id).determinize(random.Random(seed))
        other.actors = list(self.actors)
        return other

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: dealer {self.dealer}, {len(self.deck)} cards"
        return repr(self.hand)

    # ---------------------------------------------------------------- views

    def view(self, player: int) -> View | None:
        return None if self.hand is None else self.hand.view(player)


class _Observer:
    """The player's view as a tensor and as a string (the same for observation and information
    state: the view holds everything the seat knows)."""

    def __init__(self, game: SixtySixSpielGame) -> None:
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SixtySixSpielState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
        else:
            self.encoder.encode(view, state.actors, out=self.tensor)

    def string_from(self, state: SixtySixSpielState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return f"p{player} dealing"
        actions = " ".join(f"{p}:{_public_text(a)}" for p, a in zip(state.actors, view.history,
                                                                    strict=True))
        trump = "CDHS"[view.trump] if view.trump >= 0 else "-"
        up = card_str(view.turnup) if view.turnup >= 0 else "-"
        known = " ".join(mask_str(k) or "-" for k in view.known)
        return (f"p{player} dealer {view.dealer} hand [{mask_str(view.hand)}] trump {trump} "
                f"up {up} known [{known}] | {actions}")


def _public_text(action: int) -> str:
    """An action of a view's history as text; a face-down play (Gaigel) without its card."""
    if action >= FACE_DOWN:
        return action_str(action - FACE_DOWN).rsplit(" ", 1)[0] + " ??"
    return action_str(action)


def _pack(game: Game) -> list[int]:
    from ..cards import pack_cards
    return pack_cards(game.rules.pack)


def register_all() -> None:
    """Register every game id with ``pyspiel.register_game`` (done when this module is imported)."""
    registered = set(pyspiel.registered_names())
    for game_id in GAMES:
        name = short_name(game_id)
        if name not in registered:
            # A class per game, as OpenSpiel's own Python games register (a lambda here makes
            # the interpreter abort at exit: the registry outlives it).
            name = f"SixtySixSpielGame_{game_id.replace('-', '_')}"
            cls = type(name, (SixtySixSpielGame,), {"GAME_ID": game_id, "__module__": __name__})
            globals()[name] = cls  # a module attribute, so that OpenSpiel can pickle its games
            pyspiel.register_game(_game_type(game_id), cls)


register_all()
