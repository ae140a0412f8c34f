"""The export's shape, checked before an acta is built from it: a malformed file is refused
(exit 1) with the field named, never a traceback from deep in the builder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

from actas.model import FORMAT, ActaDataError


def _count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _text(v: Any) -> bool:
    return isinstance(v, str)


def _flag(v: Any) -> bool:
    return isinstance(v, bool)


def _ball(v: Any) -> bool:
    return _count(v) and 1 <= v <= 90


def _iso(parse: Callable[[str], Any]) -> Callable[[Any], bool]:
    def check(v: Any) -> bool:
        try:
            return isinstance(v, str) and parse(v) is not None
        except ValueError:
            return False

    return check


# fmt: off
_DATE, _WHEN = _iso(date.fromisoformat), _iso(datetime.fromisoformat)
# A key ending in "!" must be present and not null; any other may be missing or null.
_FUNDS = {k: _count for k in ("fund_before_cents", "deduction_cents", "fund_after_cents")}
_PARTIDA: dict[str, Any] = {
    "number!": _count, "status": _text, "state": _text, "card_set": _text,
    "face_value_cents": _count, "cards_sold": _count, "takings_cents": _count,
    "line_prize_cents": _count, "bingo_prize_cents": _count, "refund_cents": _count,
    "sales": [{"series!": _text, "first!": _count, "last!": _count, "kind": _text}],
    "prima": {"amount_cents": _count, "available": _flag, "ball_limit": _count,
              "partidas_accumulated": _count, **_FUNDS},
    "interconnected": {"network": _text, "amount_cents": _count, "ball_limit": _count,
                       "partidas_accumulated": _count},
    "bola_loca": {"numbers": [_ball], "source": _text, **_FUNDS},
    "balls": [_ball], "manual_from_ball": _count,
    "claims": [{"after_ball!": _count, "series!": _text, "number!": _count, "kind!": _text,
                "valid!": _flag, "reason": _text, "completed_at_ball": _count}],
    "awards": [{"prize!": _text, "series!": _text, "number!": _count,
                "completed_at_ball!": _count, "amount_cents!": _count}],
    "residue_cents": {"line": _count, "bingo": _count},
    "incidents": [{"kind": _text, "after_ball": _count, "note": _text, "asked_by": _text,
                   "authorised_by": _text}],
    "annul_reason": _text, "started_at": _WHEN, "closed_at": _WHEN, "transcribed": _flag,
    "data_recorded_at": _WHEN,
}
_SESSION: dict[str, Any] = {
    "id!": _text, "date!": _DATE, "opened_at": _WHEN, "closed_at": _WHEN,
    "jefe_de_mesa": _text, "jefe_de_sala": _text,
    "ball_checks": [{"when": _text, "numbers": [_ball], "ok": _flag}],
    "ball_set": {"id": _text, "homologation": _text, "partidas_before": _count},
    "ball_set_changes": [{"partida": _count, "ball_set_id!": _text, "partidas_before": _count}],
    "prima_changes": [{}], "last_partida_announced": _count, "partidas": [_PARTIDA],
    "simulation": {"seed": _count, "partidas": _count},
}
_EXPORT: dict[str, Any] = {
    "hall!": {"id!": _text, "name": _text, "region": _text, "languages": [_text]},
    "rules": {k: _count for k in ("payout_bp", "line_bp", "bingo_bp", "prima_bp",
                                  "bola_loca_bp", "prima_ball_limit")},
    "sessions!": [_SESSION],
    "funds": {},
    "chain": {"seq": _count, "records": [{"seq!": _count, "at": _WHEN}]},
}
# fmt: on


def _check_shape(value: Any, shape: Any, where: str) -> None:
    if isinstance(shape, dict):
        if not isinstance(value, Mapping):
            raise ActaDataError(f"la exportación no es válida: {where} no es un objeto")
        for key, inner in shape.items():
            name = key.rstrip("!")
            field = f"{where}.{name}" if where else name
            if value.get(name) is None:
                if key.endswith("!"):
                    raise ActaDataError(f"la exportación no es válida: falta {field}")
                continue
            _check_shape(value[name], inner, field)
    elif isinstance(shape, list):
        if not isinstance(value, list):
            raise ActaDataError(f"la exportación no es válida: {where} no es una lista")
        for i, item in enumerate(value):
            _check_shape(item, shape[0], f"{where}[{i}]")
    elif not shape(value):
        raise ActaDataError(f"la exportación no es válida: {where} no puede ser {value!r:.40}")


Valid = Callable[[Any], bool]


def _valid(shape: Any) -> Valid:
    """A test of ``shape`` that only says yes or no: a whole export is walked once without
    naming any field; ``_check_shape`` walks it again to name the one that is wrong.
    """
    if isinstance(shape, dict):
        fields = [(k.rstrip("!"), k.endswith("!"), _valid(v)) for k, v in shape.items()]

        def valid_object(value: Any) -> bool:
            if not isinstance(value, Mapping):
                return False
            for name, required, inner in fields:
                item = value.get(name)
                if item is None:
                    if required:
                        return False
                elif not inner(item):
                    return False
            return True

        return valid_object
    if isinstance(shape, list):
        each = _valid(shape[0])
        return lambda value: isinstance(value, list) and all(map(each, value))
    leaf: Valid = shape
    return leaf


_EXPORT_VALID = _valid(_EXPORT)


def check_export(export: Mapping[str, Any]) -> None:
    """Refuse, with the field's path, an export whose types or ranges the builder relies on
    are wrong (a number that is text, a negative amount, a missing date…).
    """
    if export.get("format") != FORMAT:
        raise ActaDataError(f"el archivo no es una exportación «{FORMAT}»")
    if not _EXPORT_VALID(export):
        _check_shape(export, _EXPORT, "")  # raises, naming the field
    for s, session in enumerate(export["sessions"]):
        numbers = [p["number"] for p in session.get("partidas") or []]
        if len(set(numbers)) != len(numbers):
            raise ActaDataError(
                f"la exportación no es válida: sessions[{s}].partidas: números repetidos"
            )
