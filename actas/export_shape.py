"""The export's shape, checked before an acta is built from it: a malformed file is refused
(exit 1) with the field named, never a traceback from deep in the builder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

from actas.model import FORMAT, ActaDataError

STATUSES = ("closed", "annulled", "open")


def _count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _text(v: Any) -> bool:
    return isinstance(v, str)


def _flag(v: Any) -> bool:
    return isinstance(v, bool)


def _ball(v: Any) -> bool:
    return _count(v) and 1 <= v <= 90


def _game_ball(v: Any) -> bool:
    return _count(v) and 1 <= v <= 100  # bingo plus: up to 100 numbers (Cantabria B.4)


def _one_of(*allowed: str) -> Callable[[Any], bool]:
    return lambda v: v in allowed


def _names(v: Any) -> bool:
    return isinstance(v, Mapping) and all(isinstance(x, str) for x in v.values())


def _amounts(v: Any) -> bool:
    return isinstance(v, Mapping) and all(_count(x) for x in v.values())


def _cell(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(_count(x) for x in v)


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
# Bingo derivado and bingo plus (Cantabria B.3, B.4; R-MULTI-4): optional, added keys.
_SALES = _PARTIDA["sales"]
_GAME_PARTIDA: dict[str, Any] = {
    "number!": _count, "game!": _text, "status!": _one_of(*STATUSES), "opened_at": _WHEN,
    "closed_at": _WHEN, "card_set!": _text, "face_value_cents": _count, "sales": _SALES,
    "cards_sold": _count, "takings_cents": _count, "balls": [_game_ball],
    "prizes": [{"combination!": _text, "amount_cents!": _count}],
    "awards": [{"combination!": _text, "series!": _text, "number!": _count,
                "completed_at_ball!": _count, "amount_cents!": _count}],
    "residue_cents": _amounts, "payout_cents": _count, "refund_cents": _count,
    "incidents": _PARTIDA["incidents"], "last_announced": _flag,
}
_GAME: dict[str, Any] = {
    "id!": _text, "version!": _text, "sha256": _text, "modality!": _one_of("plus", "derivado"),
    "names": _names, "numbers!": _count,
    "carton!": {"rows!": _count, "columns!": _count, "numbers": _count, "placement": _text},
    "combinations!": [{"code!": _text, "kind!": _one_of("fila", "columna", "completo", "dibujo"),
                       "names": _names, "drawings": [[_cell]]}],
    "plan!": {"kind!": _one_of("partida", "instantaneo"), "min_payout_bp": _count,
              "balls": _count,
              "prizes!": [{"combination!": _text, "basis_points": _count,
                           "price_multiple_bp": _count}]},
}
_SESSION: dict[str, Any] = {
    "id!": _text, "date!": _DATE, "opened_at": _WHEN, "closed_at": _WHEN,
    "jefe_de_mesa": _text, "jefe_de_sala": _text,
    "ball_checks": [{"when": _text, "numbers": [_ball], "ok": _flag}],
    "ball_set": {"id": _text, "homologation": _text, "partidas_before": _count},
    "ball_set_changes": [{"partida": _count, "ball_set_id!": _text, "partidas_before": _count}],
    "prima_changes": [{}], "last_partida_announced": _count, "partidas": [_PARTIDA],
    "simulation": {"seed": _count, "partidas": _count},
    "emulated_devices": {"seeds": [_count]},
    "game_partidas": [_GAME_PARTIDA],
}
_EXPORT: dict[str, Any] = {
    "hall!": {"id!": _text, "name": _text, "region": _text, "languages": [_text]},
    "rules": {k: _count for k in ("payout_bp", "line_bp", "bingo_bp", "prima_bp",
                                  "bola_loca_bp", "prima_ball_limit")},
    "sessions!": [_SESSION],
    "games": [_GAME],
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
    _check_games(export)


def _invalid(where: str, what: str) -> ActaDataError:
    return ActaDataError(f"la exportación no es válida: {where}: {what}")


def _check_games(export: Mapping[str, Any]) -> None:
    """What the acta of the game partidas relies on beyond types: each names a game of the
    export, its awards and prizes name that game's combinations, its numbers are not repeated.
    """
    games: dict[str, set[str]] = {}
    for g, game in enumerate(export.get("games") or []):
        codes = [c["code"] for c in game["combinations"]]
        if len(set(codes)) != len(codes):
            raise _invalid(f"games[{g}].combinations", "códigos repetidos")
        for k, prize in enumerate(game["plan"]["prizes"]):
            if prize["combination"] not in codes:
                raise _invalid(
                    f"games[{g}].plan.prizes[{k}]",
                    f"la combinación «{prize['combination']}» no es del juego",
                )
        games.setdefault(game["id"], set(codes))
    for s, session in enumerate(export["sessions"]):
        seen: set[int] = set()
        for i, p in enumerate(session.get("game_partidas") or []):
            where = f"sessions[{s}].game_partidas[{i}]"
            if p["number"] in seen:
                raise _invalid(f"sessions[{s}].game_partidas", "números repetidos")
            seen.add(p["number"])
            known = games.get(p["game"])
            if known is None:
                raise _invalid(f"{where}.game", f"el juego «{p['game']}» no está en games")
            for key in ("prizes", "awards"):
                for k, item in enumerate(p.get(key) or []):
                    if item["combination"] not in known:
                        raise _invalid(
                            f"{where}.{key}[{k}].combination",
                            f"«{item['combination']}» no es una combinación de «{p['game']}»",
                        )
            for code in p.get("residue_cents") or {}:
                if code not in known:
                    raise _invalid(
                        f"{where}.residue_cents", f"«{code}» no es una combinación de «{p['game']}»"
                    )
