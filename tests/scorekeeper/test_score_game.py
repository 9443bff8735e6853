"""`manage.py score_game FILE`: the result JSON, or one line per problem and a non-zero exit."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT.parent / "shared" / "spec" / "examples"

TAMALOU = {
    "format": 1,
    "variant": "tamalou",
    "options": {"rounds": 6},
    "players": ["Ana", "Ben", "Chloé"],
    "rounds": [{"announcer": "Ana", "hands": {"Ana": ["KH", "3S"], "Ben": ["QS", "7D", "2C"], "Chloé": 9}}],
}


def run(path: str, monkeypatch: pytest.MonkeyPatch, stdin: bytes = b"", *args: str) -> tuple[int, str, str]:
    """Run the command in-process; returns (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    try:
        call_command("score_game", path, *args)
        status = 0
    except SystemExit as exc:
        status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_it_prints_the_result_of_the_spec_section_3(tmp_path, monkeypatch):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(TAMALOU), encoding="utf-8")

    status, out, err = run(str(record), monkeypatch)

    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "variant": "tamalou",
        "rounds": [{"values": {"Ana": 3, "Ben": 19, "Chloé": 9},
                    "points": {"Ana": 0, "Ben": 19, "Chloé": 9},
                    "totals": {"Ana": 0, "Ben": 19, "Chloé": 9}}],
        "totals": {"Ana": 0, "Ben": 19, "Chloé": 9},
        "finished": False,
        "winners": [],
        "losers": [],
    }


def test_it_reads_standard_input_when_the_file_is_a_dash(monkeypatch):
    status, out, _ = run("-", monkeypatch, json.dumps(TAMALOU).encode())

    assert status == 0
    assert json.loads(out)["totals"] == {"Ana": 0, "Ben": 19, "Chloé": 9}


def test_it_adds_each_rounds_steps_when_asked_to_explain(monkeypatch):
    status, out, _ = run("-", monkeypatch, json.dumps(TAMALOU).encode(), "--explain")

    steps = json.loads(out)["rounds"][0]["steps"]
    assert status == 0
    assert {"rule": "tamalou.announcer_lowest", "player": "Ana", "value": 3} in steps
    assert {"rule": "tamalou.above_announcer", "player": "Ben", "value": 19, "announcer": "Ana",
            "announcer_value": 3} in steps


def test_it_writes_one_line_per_problem_with_the_round_first_and_nothing_on_stdout(monkeypatch):
    bad = dict(TAMALOU, rounds=[
        {"announcer": "Ana", "hands": {"Ana": ["KH", "KH"], "Ben": 3, "Chloé": 9}},
        {"announcer": None, "hands": {"Ana": ["ZZ"], "Ben": 3, "Chloé": 9}},
    ])

    status, out, err = run("-", monkeypatch, json.dumps(bad).encode())

    assert status == 1
    assert out == ""
    lines = err.splitlines()
    assert lines[0].startswith("round 1: ") and "KH" in lines[0] and "twice" in lines[0]
    assert lines[1].startswith("round 2: ") and '"ZZ"' in lines[1]


def test_it_keeps_one_line_per_problem_when_a_name_holds_a_line_break(monkeypatch):
    bad = {"format": 1, "variant": "tamalou", "players": ["A\nB", "C"],
           "rounds": [{"hands": {"A\nB": ["KH", "KH"], "C": 7}}]}

    status, _, err = run("-", monkeypatch, json.dumps(bad).encode())

    assert status == 1
    assert err.count("\n") == 1 and "A\\nB" in err


@pytest.mark.parametrize("data", [
    b"", b"not json", b"\xff\xfe\x00garbage", b"[]", b"null", b'{"format": 1}',
    b'{"format":1,"variant":"tamalou","players":["A","B"],"rounds":[{"hands":{"A":1e999,"B":2}}]}',
    b'{"format":1,"variant":"tamalou","players":["A","B"],"rounds":[{"hands":{"A":' + b"9" * 5000 + b',"B":2}}]}',
    b'{"a": 1, "a": 2}', b"[" * 100_000, b'{"format":1,"variant":"nope","players":[],"rounds":[]}',
])
def test_it_never_shows_a_traceback_whatever_the_input(monkeypatch, data):
    status, out, err = run("-", monkeypatch, data)

    assert status == 1
    assert out == ""
    assert err.strip() and "Traceback" not in err


def test_it_says_it_cannot_read_a_missing_file(monkeypatch, tmp_path):
    status, out, err = run(str(tmp_path / "absent.json"), monkeypatch)

    assert status == 2
    assert out == "" and "absent.json" in err and "No such file" in err


EXAMPLE_PATHS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".result.json"))


def assert_scored_as_the_spec_says(path: Path, stdout: str | bytes) -> None:
    want = json.loads(path.with_name(path.stem + ".result.json").read_text(encoding="utf-8"))
    got = json.loads(stdout)
    for key in ("totals", "finished", "winners", "losers"):
        assert got[key] == want[key], (path.name, key)
    assert [r["totals"] for r in got["rounds"]] == [r["totals"] for r in want["rounds"]], path.name


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the spec's examples (../shared) are not beside the repo")
def test_it_scores_each_of_the_specs_worked_examples_from_standard_input(monkeypatch):
    """The path check-examples takes (`score_game -`), in-process for each example."""
    for path in EXAMPLE_PATHS:
        status, out, err = run("-", monkeypatch, path.read_bytes())
        assert status == 0, (path.name, err)
        assert_scored_as_the_spec_says(path, out)


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the spec's examples (../shared) are not beside the repo")
def test_it_scores_a_worked_example_as_a_real_process():
    """A real `manage.py score_game -`, as check-examples runs it: one example is enough for
    the process's own path (settings, stdin's encoding, the exit code); the in-process test
    above scores them all (a process per example took 18 s of CI on a loaded machine)."""
    path = EXAMPLE_PATHS[0]
    done = subprocess.run([sys.executable, "manage.py", "score_game", "-"], cwd=ROOT,
                          input=path.read_bytes(), capture_output=True, check=False)
    assert done.returncode == 0, (path.name, done.stderr)
    assert_scored_as_the_spec_says(path, done.stdout)


def test_it_scores_a_record_with_people_as_without_them__people_v1_2(tmp_path, monkeypatch):
    """game-record v1.2: `people` is accepted and scoring ignores it."""
    plain, with_people = tmp_path / "plain.json", tmp_path / "people.json"
    plain.write_text(json.dumps(TAMALOU), encoding="utf-8")
    with_people.write_text(json.dumps({**TAMALOU, "people": {"Ana": "p-7Hq2", "Chloé": "p-Xc9"}}), encoding="utf-8")
    status, out, err = run(str(with_people), monkeypatch)
    assert (status, err) == (0, "")
    assert json.loads(out) == json.loads(run(str(plain), monkeypatch)[1])


def test_it_refuses_people_naming_someone_who_does_not_play__people_v1_2(tmp_path, monkeypatch):
    path = tmp_path / "people.json"
    path.write_text(json.dumps({**TAMALOU, "people": {"Zed": "p-1"}}), encoding="utf-8")
    status, out, err = run(str(path), monkeypatch)
    assert status == 1 and out == ""
    assert "people" in err and "Zed" in err
