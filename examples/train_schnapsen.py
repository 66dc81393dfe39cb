"""Train a small policy for Schnapsen from the PettingZoo environment, with action masking.

    python examples/train_schnapsen.py [--hands 12000] [--every 2000] [--eval 300] [--plot FILE.png]

The policy is a one-hidden-layer network over the observation vector, whose output is masked to the
legal actions before the softmax; it learns by REINFORCE with a running baseline, playing against
the built-in `random` player and against itself, the reward being the hand's game points won minus
lost. Every `--every` training hands it is measured, greedily, over `--eval` seat-swapped hands
against `random` and against `casual`, and the win rates (hands won) are printed and plotted. NumPy
only; a few minutes on one CPU core.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from sixtysix.bots import make_bot
from sixtysix.research.pettingzoo import raw_env


class Policy:
    """A masked softmax policy: observation -> hidden (tanh) -> one logit per action id."""

    def __init__(self, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0, 1 / np.sqrt(n_obs), (n_obs, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = rng.normal(0, 0.1, (hidden, n_act)).astype(np.float32)
        self.b2 = np.zeros(n_act, np.float32)

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(obs @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask > 0, logits, -1e9)
        p = np.exp(logits - logits.max())
        return p / p.sum(), h

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator,
            greedy: bool = False) -> tuple[int, tuple[np.ndarray, np.ndarray, np.ndarray, int]]:
        p, h = self.probs(obs, mask)
        a = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
        return a, (obs, h, p, a)

    def update(self, steps: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]], advantage: float,
               lr: float) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken, by the advantage."""
        for obs, h, p, a in steps:
            g = -p
            g[a] += 1.0                       # d log p(a) / d logits
            g *= advantage
            gh = (self.w2 @ g) * (1 - h * h)  # back through tanh
            self.w2 += lr * np.outer(h, g)
            self.b2 += lr * g
            self.w1 += lr * np.outer(obs, gh)
            self.b1 += lr * gh


def play_hand(env: raw_env, seed: int, players: dict[str, object], rng: np.random.Generator,
              greedy: bool, bot_rng: random.Random) -> tuple[dict[str, float], dict[str, list]]:
    """One hand; ``players`` maps agents to a Policy or a sixtysix bot. Returns each agent's
    reward and the policy steps taken by each agent."""
    env.reset(seed=seed)
    steps: dict[str, list] = {a: [] for a in env.possible_agents}
    while not all(env.terminations.values()):
        agent = env.agent_selection
        player = players[agent]
        ob = env.observe(agent)
        if isinstance(player, Policy):
            action, step = player.act(ob["observation"], ob["action_mask"], rng, greedy)
            steps[agent].append(step)
        else:
            seat = env.possible_agents.index(agent)
            action = player.choose(env.state.view(seat), bot_rng)
        env.step(action)
    gp = env._cumulative_rewards
    a, b = env.possible_agents
    return {a: gp[a] - gp[b], b: gp[b] - gp[a]}, steps


def evaluate(policy: Policy, opponent: object, hands: int, seed: int) -> float:
    """Share of hands won greedily against ``opponent``, seats swapped on the same deals."""
    env = raw_env("schnapsen")
    rng = np.random.default_rng(seed)
    bot_rng = random.Random(seed)
    won = 0.0
    for i in range(hands):
        me, other = ("player_0", "player_1") if i % 2 == 0 else ("player_1", "player_0")
        reward, _ = play_hand(env, seed * 100_000 + i // 2, {me: policy, other: opponent}, rng,
                              True, bot_rng)
        won += reward[me] > 0
    return won / hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=12000, help="training hands")
    ap.add_argument("--every", type=int, default=2000, help="training hands between evaluations")
    ap.add_argument("--eval", type=int, default=300, help="hands per evaluation")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", default=None, help="write the learning curve to this PNG")
    args = ap.parse_args()

    env = raw_env("schnapsen")
    rng = np.random.default_rng(args.seed)
    bot_rng = random.Random(args.seed)
    policy = Policy(env.encoder.size, env.action_space("player_0").n, args.hidden, rng)
    rand, casual = make_bot("random"), make_bot("casual")
    curve: list[tuple[int, float, float]] = []

    def measure(done: int) -> None:
        r = evaluate(policy, rand, args.eval, 1)
        c = evaluate(policy, casual, args.eval, 2)
        curve.append((done, r, c))
        print(f"{done:6d} hands  vs random {r:6.1%}  vs casual {c:6.1%}  "
              f"({time.perf_counter() - start:.0f} s)", flush=True)

    start = time.perf_counter()
    baseline = 0.0
    measure(0)
    for i in range(1, args.hands + 1):
        # Half the hands against random, half against itself (both seats learn).
        opponent = rand if i % 2 else policy
        me = "player_0" if i % 4 < 2 else "player_1"
        other = "player_1" if me == "player_0" else "player_0"
        reward, steps = play_hand(env, args.seed * 1_000_003 + i, {me: policy, other: opponent},
                                  rng, False, bot_rng)
        for agent in (me, other) if opponent is policy else (me,):
            advantage = reward[agent] - baseline
            policy.update(steps[agent], advantage, args.lr / max(1, len(steps[agent])))
        baseline += 0.01 * (reward[me] - baseline)
        if i % args.every == 0:
            measure(i)

    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        xs = [c[0] for c in curve]
        fig, ax = plt.subplots(figsize=(6, 4))
        ax.plot(xs, [c[1] for c in curve], marker="o", label="against random")
        ax.plot(xs, [c[2] for c in curve], marker="s", label="against casual")
        ax.axhline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_xlabel("training hands")
        ax.set_ylabel(f"hands won (greedy, {args.eval} hands)")
        ax.set_ylim(0, 1)
        ax.set_title("Schnapsen: a masked policy trained by REINFORCE")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)
        print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
