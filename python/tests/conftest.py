import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """The command-line tool the module is compared with (built by run_tests.sh)."""
    path = os.environ.get("WONDERS_CLI") or str(ROOT / "target" / "debug" / "wonders")
    if not os.path.exists(path):
        pytest.fail(f"the wonders CLI is not at {path}: build it (cargo build --bin wonders) or set WONDERS_CLI")
    return path


def run_cli(cli, *args):
    subprocess.run([cli, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
