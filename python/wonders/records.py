"""Records back into Python: games and training rows.

- ``read_records(path)``: the records of a file (``wonders simulate --records``, JSON Lines, or
  one JSON record as ``wonders play --record`` writes it), each as a dict;
- ``Game.from_record(record)``: a record as a ``wonders.Game`` at its last action;
- ``training_rows(path)``: every recorded decision of a records file as (observation, action,
  outcome) rows for imitation learning or value fitting, as NumPy arrays.
"""

from __future__ import annotations

import json
import os
from typing import Iterator

import numpy as np

from . import _wonders


def read_records(path: str | os.PathLike) -> Iterator[dict]:
    """The records of ``path``, one dict each, in file order: a JSON Lines file (one record a
    line, blank lines skipped) or a single JSON record. A line that is not JSON raises
    ``ValueError`` naming the file and line."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            yield json.loads(text)
            return
        except json.JSONDecodeError:
            pass  # several records, one a line
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"{os.fspath(path)}, line {number}: not a JSON record ({e.msg})") from None


def record_rows(record) -> dict:
    """The training rows of one record (a dict or JSON text), checked as ``wonders replay``
    checks it. Row ``k`` is the state before action ``k``:

    - ``observation``: float32 ``(rows, observation_size)``, what the seat to move saw;
    - ``action_mask``: int8 ``(rows, action_space)``, its legal ids;
    - ``seat``: uint32, the seat that moved; ``action``: uint32, the id it played (an id stands
      for its cheapest payment);
    - ``outcome``: float64, that seat's return at the end (1 win, 1/k shared, 0 loss);
    - ``returns``: every seat's return, ``finished``: whether the record's game is over.
    """
    obs, masks, seats, actions, returns, finished = _wonders.record_rows(record)
    return {
        "observation": obs,
        "action_mask": masks,
        "seat": seats,
        "action": actions,
        "outcome": returns[seats] if len(seats) else np.zeros(0),
        "returns": returns,
        "finished": finished,
    }


def training_rows(path: str | os.PathLike, seats=None, masks: bool = True) -> dict:
    """Every recorded decision of a records file as arrays (see ``record_rows``), the records
    concatenated, plus ``game`` (the record's index in the file, int64). ``seats``: keep only
    these seats' decisions (e.g. ``[0]``); ``masks=False`` leaves the action masks out (they
    are the largest part). All records of a file must be of one game and options."""
    parts = {k: [] for k in ("observation", "action_mask", "seat", "action", "outcome", "game")}
    for index, record in enumerate(read_records(path)):
        rows = record_rows(record)
        keep = np.ones(len(rows["seat"]), dtype=bool) if seats is None else np.isin(rows["seat"], list(seats))
        for key in ("observation", "action_mask", "seat", "action", "outcome"):
            if key == "action_mask" and not masks:
                continue
            parts[key].append(rows[key][keep])
        parts["game"].append(np.full(int(keep.sum()), index, dtype=np.int64))
        if parts["observation"] and parts["observation"][0].shape[1] != rows["observation"].shape[1]:
            raise ValueError(f"{os.fspath(path)}: record {index} is of another game or options than record 0")
    if not parts["game"]:
        raise ValueError(f"{os.fspath(path)}: no records")
    out = {k: np.concatenate(v) for k, v in parts.items() if v}
    return out


def games(path: str | os.PathLike) -> Iterator[_wonders.Game]:
    """Every record of a file as a ``wonders.Game`` (``Game.from_record``)."""
    for record in read_records(path):
        yield _wonders.Game.from_record(record)
