#!/usr/bin/env python3
"""Fits `TOKEN_VALUES` of 7 Wonders Architects' evaluation (src/architects/game.rs): a value
per Progress token, added to its holder's position value (log-odds), chosen so that greedy's
top option at a token choice is the one of highest rollout value.

Usage: scripts/fit_architects_tokens.py FILE [FILE ...] [--beta 20] [--l2 0.002] [--steps 600]

FILEs come from `cargo run --release -p wonders-architects --example token_values -- FROM
GAMES ROLLOUTS OUT`: a line per choice, each option `Token=chance:value` (greedy's mean chance
after it, its rollout value). An option's score is the log-odds of greedy's chance plus its
token's value; the fit maximises the mean rollout value of a softmax over the scores at
inverse temperature BETA, with a pull L2 toward 0, by gradient ascent; choices whose options
all have the same rollout value carry no signal and are left out. A quarter of the choices is
held out: the script prints the mean rollout value of the top option there with the values
fitted, without them (greedy) and of the best option, then the table for game.rs. The stack's
value is fitted to absorb the options' offset; game.rs needs none (a draw from the stack is
valued by the token drawn). Needs numpy.
"""
import argparse
import sys

import numpy as np

TOKENS = ["Urbanism", "Crafts", "Jewellery", "Science", "Propaganda", "Architecture",
          "Economy", "Engineering", "Tactics", "Decor", "Politics", "Strategy", "Education",
          "Culture", "Logistics", "Domestication", "Entrenchment", "stack"]
INDEX = {t: i for i, t in enumerate(TOKENS)}


def read(files):
    choices = []
    for name in files:
        try:
            lines = open(name).read().splitlines()
        except OSError as e:
            sys.exit(f"error: cannot read {name}: {e}")
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            keys, chance, value = [], [], []
            for option in line.split():
                try:
                    token, numbers = option.split("=")
                    c, v = numbers.split(":")
                    keys.append(INDEX[token])
                    chance.append(float(c))
                    value.append(float(v))
                except (ValueError, KeyError):
                    sys.exit(f"error: {name}:{n}: {option!r} is not Token=chance:value "
                             f"(tokens: {', '.join(TOKENS)})")
            value = np.array(value)
            if value.max() > value.min():
                choices.append((np.array(keys), log_odds(np.array(chance)), value))
    return choices


def log_odds(p):
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return np.log(p / (1 - p))


def top_value(choices, v):
    return float(np.mean([q[np.argmax(x + v[k])] for k, x, q in choices]))


def fit(choices, beta, l2, steps, rate):
    v = np.zeros(len(TOKENS))
    for _ in range(steps):
        grad = np.zeros(len(TOKENS))
        for k, x, q in choices:
            s = beta * (x + v[k])
            p = np.exp(s - s.max())
            p /= p.sum()
            np.add.at(grad, k, beta * p * (q - (p * q).sum()))
        v += rate / (beta * 0.05) * (grad / len(choices) - l2 * v)
    return v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--beta", type=float, default=20.0)
    ap.add_argument("--l2", type=float, default=0.002)
    ap.add_argument("--steps", type=int, default=600)
    ap.add_argument("--rate", type=float, default=0.5)
    a = ap.parse_args()
    choices = read(a.files)
    if len(choices) < 8:
        sys.exit(f"error: {len(choices)} informative choices; give more games")
    order = np.random.default_rng(1).permutation(len(choices))
    held = len(choices) // 4
    test = [choices[i] for i in order[:held]]
    train = [choices[i] for i in order[held:]]
    v = fit(train, a.beta, a.l2, a.steps, a.rate)
    none = np.zeros(len(TOKENS))
    print(f"{len(choices)} informative choices, {held} held out")
    print(f"held-out mean rollout value of the top option: greedy {top_value(test, none):.4f}, "
          f"with the values {top_value(test, v):.4f}, best option "
          f"{np.mean([q.max() for _, _, q in test]):.4f}")
    print("pub const TOKEN_VALUES: [f64; TOKEN_KINDS] = [")
    for t, x in zip(TOKENS[:-1], v[:-1]):
        print(f"    {x:.2f}, // {t}")
    print("];")


if __name__ == "__main__":
    main()
