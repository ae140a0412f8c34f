"""Every word of the engine's record that the acta prints has a text, Spanish and Basque.

The acta falls back to the engine's raw word (``manual_book``) when a text is missing, so a new
bola loca source or incident kind would reach the inspector untranslated without this test. The
words are read from the engine's code (``bingo/``), not listed here by hand, so a new one fails
the test until it gets its text.
"""

from __future__ import annotations

import ast
from pathlib import Path

import bingo
from actas.i18n import TEXTS
from bingo.hall import PRIZE_TEXT

ENGINE = Path(bingo.__file__).parent
BOLA_LOCA_DRAW = "tuple[list[int], str]"  # what a bola loca source returns: (numbers, source)


def _str(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _called(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def engine_words() -> tuple[set[str], set[str]]:
    """The bola loca sources and incident kinds the engine can record, from its source code.

    Sources: the word beside the numbers, ``(numbers, "source")``, returned by a bola loca
    draw or handed to ``start_partida(bola_loca=...)``. Kinds: ``_incident(partida, "kind", …)``,
    the kinds ``annul`` is called with, and those it accepts (``incident in (…)``).
    """
    sources: set[str] = set()
    kinds: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            pairs: list[ast.expr] = []
            if isinstance(node, ast.FunctionDef) and node.returns is not None:
                if ast.unparse(node.returns) == BOLA_LOCA_DRAW:
                    pairs += [
                        r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value
                    ]
            elif isinstance(node, ast.keyword) and node.arg == "bola_loca":
                pairs.append(node.value)
            for pair in pairs:
                if isinstance(pair, ast.Tuple) and (word := _str(pair.elts[-1])):
                    sources.add(word)
            if isinstance(node, ast.Call):
                name = _called(node)
                # the hall's own ``_incident(partida, kind, …)`` (a plain name), not the
                # simulator's ``self._incident``, which only decides whether to stage one
                if (
                    name == "_incident"
                    and isinstance(node.func, ast.Name)
                    and len(node.args) > 1
                    and (word := _str(node.args[1]))
                ):
                    kinds.add(word)
                if name == "annul" and node.args and (word := _str(node.args[0])):
                    kinds.add(word)
            if (
                isinstance(node, ast.Compare)
                and isinstance(node.left, ast.Name)
                and node.left.id == "incident"
            ):
                for options in node.comparators:
                    if isinstance(options, ast.Tuple | ast.List | ast.Set):
                        kinds.update(w for e in options.elts if (w := _str(e)))
    return sources, kinds


def _missing(prefix: str, words: set[str]) -> list[str]:
    return sorted(
        f"{prefix}{w}"
        for w in words
        if f"{prefix}{w}" not in TEXTS or not {"es", "eu"} <= set(TEXTS[f"{prefix}{w}"])
    )


def test_the_scan_finds_the_words_of_the_engine() -> None:
    sources, kinds = engine_words()
    # the scan itself must keep working: these are recorded today (service, simulation,
    # transcription; live incidents, annulments and the manual book)
    assert {"secrets", "simulated", "manual_book"} <= sources, sources
    assert {"failure_before_first_ball", "caller_error", "ball_irregularity"} <= kinds, kinds
    assert "manual_book" in kinds


def test_every_bola_loca_source_the_engine_records_has_a_text() -> None:
    sources, _kinds = engine_words()
    assert _missing("bola.source.", sources) == []


def test_every_incident_kind_the_engine_records_has_a_text() -> None:
    _sources, kinds = engine_words()
    assert _missing("inc.", kinds) == []


def test_every_prize_the_engine_awards_has_a_text() -> None:
    assert _missing("prize.", set(PRIZE_TEXT)) == []
