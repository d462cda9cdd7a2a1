#!/usr/bin/env bash
# The web page's tests in a real browser, as CI runs them: Debian's Chromium (installed with
# apt when missing; never a browser downloaded by the test library), a fresh virtual
# environment with pytest and Playwright for Python, the command-line tool built from source,
# then pytest. Screenshots go to results/screenshots/.
#
# WONDERS_WEB_VENV: where to create the environment (default: a new temporary directory).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
venv="${WONDERS_WEB_VENV:-$(mktemp -d)/venv}"

if [ ! -x /usr/bin/chromium ]; then
    echo "== web page: installing Debian's chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
echo "== web page: virtual environment in $venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$venv/bin/python" -m pip install --quiet pytest playwright
echo "== web page: the command-line tool"
(cd "$root" && cargo build --profile test --bin wonders --locked --quiet)
echo "== web page: pytest"
mkdir -p "$root/results/screenshots"
cd "$here"
WONDERS_CLI="${CARGO_TARGET_DIR:-$root/target}/debug/wonders" \
SCREENSHOTS="$root/results/screenshots" \
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider .
