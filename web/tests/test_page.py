"""The web page in a real browser (Debian's Chromium driven by Playwright): replays of every
game and expansion stepped to the end, with and without the server; whole games played by
clicks against greedy; a corrupt record; the server's refusals. Screenshots go to
$SCREENSHOTS for people to look at."""

import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CLI = os.environ.get("WONDERS_CLI", "wonders")
SHOTS = Path(os.environ.get("SCREENSHOTS", tempfile.mkdtemp()))
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Every game and expansion: (name for files, game spec, bots, seed).
GAMES = [
    ("duel", "duel", "greedy,random", 7),
    ("duel-pantheon", "duel:expansions=pantheon", "greedy,greedy", 3),
    ("classic-v2-4p", "classic:players=4", "greedy", 2),
    ("classic-v1-3p", "classic:players=3,edition=v1,sides=b", "greedy,random,greedy", 4),
    ("classic-leaders-5p", "classic:players=5,expansions=leaders", "greedy", 5),
    ("classic-cities-7p", "classic:players=7,expansions=leaders+cities", "greedy", 3),
    ("classic-teams-4p", "classic:players=4,expansions=cities,variant=teams", "greedy", 6),
    ("architects-3p", "architects:players=3", "greedy", 2),
    ("architects-medals-5p", "architects:players=5,expansions=medals,variant=medals-expert", "greedy", 8),
]


def run(*args, **kw):
    return subprocess.run([CLI, *args], capture_output=True, text=True, **kw)


@pytest.fixture(scope="session")
def records(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    out = {}
    for name, spec, bots, seed in GAMES:
        path = d / f"{name}.json"
        r = run("play", "--game", spec, "--bots", bots, "--seed", str(seed), "--record", str(path), "--quiet")
        assert r.returncode == 0, r.stderr
        out[name] = path
    return d, out


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1000}, accept_downloads=True,
        )
        yield context
        context.close()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(records):
    d, _ = records
    port = free_port()
    proc = subprocess.Popen([CLI, "serve", "--port", str(port), "--records", str(d)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/api/records", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield url, port
    proc.terminate()
    proc.wait(timeout=10)


def totals_on_page(page, seats):
    return [int(page.inner_text(f'[data-seat="{k}"][data-line="total"]')) for k in range(seats)]


def recorded_totals(path):
    record = json.loads(Path(path).read_text())
    return [s["total"] for s in record["result"]["scores"]]


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_standalone_page_shows_the_recorded_totals_at_its_last_step(records, browser, tmp_path, name):
    _, paths = records
    html = tmp_path / f"{name}.html"
    r = run("replay", "--html", str(html), str(paths[name]))
    assert r.returncode == 0, r.stderr
    page = browser.new_page()
    page.goto(html.as_uri() + "?step=end")
    page.wait_for_selector('[data-line="total"]')
    want = recorded_totals(paths[name])
    assert totals_on_page(page, len(want)) == want
    page.screenshot(path=str(SHOTS / f"replay-{name}-end.png"), full_page=True)
    # Stepping back with the keyboard leaves the score pad (it shows at the last step only).
    page.keyboard.press("ArrowLeft")
    assert page.locator('[data-line="total"]').count() == 0
    page.keyboard.press("End")
    assert totals_on_page(page, len(want)) == want
    page.close()


def test_standalone_page_steps_with_buttons_slider_and_jumps(records, browser, tmp_path):
    _, paths = records
    html = tmp_path / "duel.html"
    assert run("replay", "--html", str(html), str(paths["duel-pantheon"])).returncode == 0
    page = browser.new_page()
    page.goto(html.as_uri())
    page.wait_for_selector("#step")
    assert page.get_attribute("body", "data-step") == "0"
    page.click("#next")
    page.click("#next")
    assert page.get_attribute("body", "data-step") == "2"
    page.click("#prev")
    assert page.get_attribute("body", "data-step") == "1"
    # Jump to Age II: the structure's title says so.
    page.select_option("#jump", label="Age II")
    assert "Age II structure" in page.inner_text("#table")
    page.screenshot(path=str(SHOTS / "replay-duel-pantheon-age2-everything.png"), full_page=True)
    # As P1 sees it: the face-down cards show their backs only.
    page.select_option("#observer", index=1)
    assert page.locator(".structure .face-down").count() > 0
    page.screenshot(path=str(SHOTS / "replay-duel-pantheon-age2-as-p1.png"), full_page=True)
    page.fill("#slider", "5")
    assert page.get_attribute("body", "data-step") == "5"
    page.close()


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_served_record_shows_the_recorded_totals(records, server, browser, name):
    d, paths = records
    url, _ = server
    listing = json.loads(urllib.request.urlopen(url + "/api/records").read())
    entry = next(r for r in listing["records"] if r["name"] == f"{name}.json")
    page = browser.new_page()
    page.goto(f"{url}/?file={entry['file']}&index=0&step=end")
    page.wait_for_selector('[data-line="total"]')
    want = recorded_totals(paths[name])
    assert totals_on_page(page, len(want)) == want
    page.close()


def test_a_corrupt_record_shows_the_replays_error(records, server, browser):
    _, paths = records
    url, _ = server
    record = json.loads(paths["duel"].read_text())
    record["actions"][5] = {"type": "build", "card": "no_such_card"}
    page = browser.new_page()
    page.goto(url + "/")
    page.fill("#paste", json.dumps(record))
    page.click("#paste-go")
    page.wait_for_selector("#error:not([hidden])")
    text = page.inner_text("#error")
    assert "action 5" in text, text
    page.screenshot(path=str(SHOTS / "served-corrupt-record.png"), full_page=True)
    page.close()


def play_by_clicks(browser, url, game, seats, name, tmp_path):
    page = browser.new_page()
    page.goto(url + "/")
    page.click("#mode-play")
    page.fill("#play-game", game)
    page.fill("#play-seed", "11")
    page.fill("#play-seats", seats)
    page.click("#play-start")
    clicks = 0
    while True:
        page.wait_for_function("['play', 'play-over'].includes(document.body.dataset.loaded)")
        if page.get_attribute("body", "data-loaded") == "play-over":
            break
        if clicks == 3:
            page.screenshot(path=str(SHOTS / f"play-{name}-early.png"), full_page=True)
        buttons = page.locator("#legal button")
        assert buttons.count() > 0
        # Vary the moves a little: not always the first offered.
        buttons.nth(clicks % min(3, buttons.count())).click()
        clicks += 1
        assert clicks < 400
    page.wait_for_selector('[data-line="total"]')
    page.screenshot(path=str(SHOTS / f"play-{name}-end.png"), full_page=True)
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / f"{name}.json"
    download.value.save_as(path)
    r = run("replay", str(path))
    assert r.returncode == 0, r.stderr
    record = json.loads(path.read_text())
    seats_n = len(record["players"])
    assert totals_on_page(page, seats_n) == recorded_totals(path)
    page.close()
    return clicks


def test_a_person_plays_a_whole_duel_against_greedy_by_clicks(server, browser, tmp_path):
    url, _ = server
    assert play_by_clicks(browser, url, "duel", "person,greedy", "duel", tmp_path) > 10


def test_a_person_plays_a_whole_3_player_game_against_greedy_by_clicks(server, browser, tmp_path):
    url, _ = server
    clicks = play_by_clicks(browser, url, "classic:players=3", "person,greedy,greedy", "classic-3p", tmp_path)
    assert clicks >= 18


def test_a_person_plays_a_whole_architects_game_by_clicks(server, browser, tmp_path):
    url, _ = server
    assert play_by_clicks(browser, url, "architects:players=3", "person,greedy,greedy", "architects-3p", tmp_path) > 5


def test_a_second_server_on_the_same_port_gets_a_clear_error(server):
    _, port = server
    r = run("serve", "--port", str(port), timeout=20)
    assert r.returncode == 1
    assert "already in use" in r.stderr, r.stderr


def test_the_server_serves_no_file_it_was_not_given(server):
    url, port = server
    for target in ["/../Cargo.toml", "/..%2f..%2fetc/passwd", "/etc/passwd", "/web/page.js"]:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            reply = s.recv(4096).decode(errors="replace")
        assert reply.startswith("HTTP/1.1 404"), (target, reply[:80])
