"""What the regression fixture pins down for one record: the engine's output, as text.

Kept apart from the generator so the test and the generator compute it the same way.
"""
from __future__ import annotations

import json
from typing import Any

from engine.rules import RecordError, load_record, score_record


def dump(value: Any) -> str:
    # As score_game prints it: no ASCII escaping, the engine's key order.
    return json.dumps(value, ensure_ascii=False)


def problem_json(problem: Any) -> dict[str, Any]:
    return {"message": problem.message, "round": problem.round, "rule": problem.rule,
            "code": problem.code, "params": problem.params, "field": problem.field}


def engine_output(case: dict[str, Any]) -> dict[str, Any]:
    """The result line and each round's steps, or the problems (for an invalid record).

    A case holds either `record` (decoded JSON) or `text` (read with load_record)."""
    try:
        raw = load_record(case["text"]) if "text" in case else case["record"]
        result = score_record(raw)
    except RecordError as exc:
        return {"problems": [problem_json(p) for p in exc.problems]}
    steps = [[{"rule": s.rule, "player": s.player, **s.params} for s in result.explain(i)]
             for i in range(len(result.rounds))]
    return {"result": dump(result.to_json()), "steps": dump(steps)}
