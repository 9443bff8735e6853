"""Shared setup for the rules-engine tests (plain Python, no Django needed).

The helpers live in ``rules_support.py`` beside this file; make it importable
whatever pytest import mode is in use, and make the project importable too.
"""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
_root = _here.parents[2]
for _p in (str(_here), str(_root)):
    if _p not in sys.path:
        sys.path.insert(0, _p)
