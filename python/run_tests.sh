#!/usr/bin/env bash
# The Python module's tests, as CI runs them: a fresh virtual environment, the test
# dependencies from PyPI, the module built and installed from source (`pip install ./python`,
# maturin + PyO3), the command-line tool the tests compare with, then pytest.
# Any failure stops the script with a non-zero status.
#
# WONDERS_VENV: where to create the environment (default: a new temporary directory).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
python="${PYTHON:-python3}"
venv="${WONDERS_VENV:-$(mktemp -d)/venv}"

echo "== python module: virtual environment in $venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet numpy pyarrow pandas pytest gymnasium pettingzoo ray
# Training: the MaskablePPO example and the self-play trainer (python/wonders/train.py):
# PyTorch on CPU from PyPI (about 2.5 minutes), onnx for the exported files' metadata.
"$venv/bin/python" -m pip install --quiet torch sb3-contrib onnx
echo "== python module: building and installing ./python"
"$venv/bin/python" -m pip install --quiet "$here"
echo "== python module: the command-line tool to compare with"
(cd "$root" && cargo build --profile test --bin wonders --locked --quiet)
echo "== python module: pytest"
cd "$here/tests"
WONDERS_CLI="${CARGO_TARGET_DIR:-$root/target}/debug/wonders" "$venv/bin/python" -m pytest -q -p no:cacheprovider .
echo "== python module: the MaskablePPO example on a tiny budget"
"$venv/bin/python" "$here/examples/train_maskable_ppo.py" --timesteps 1024 --n-envs 2 --eval-games 4
