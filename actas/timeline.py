"""What the export's summary leaves out and the chain of records holds: when each incident
happened and how it ended, when a partida was taken back from the manual book, and the ball-set
changes made between sessions.

Pure: reads the ``chain.records`` of a ``bingo-session/1`` export (the engine's event kinds). An
export without its records gives an empty timeline, and the acta then prints what it knows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# The partida's events that tell how an incident ended.
_OUTCOME_KINDS = frozenset(
    {"partida_resumed", "partida_annulled", "manual_extraction_started", "partida_closed"}
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How an incident ended: ``resumed``, ``annulled``, ``manual`` (extraction by hand from a
    ball on), ``transcribed`` (taken back from the manual book), ``continued`` (the partida went
    on) or ``pending`` (nothing yet: the partida is still suspended or being played).
    """

    kind: str
    at: str | None = None
    note: str = ""
    from_ball: int | None = None


@dataclass(frozen=True, slots=True)
class TimedIncident:
    at: str
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class BallSetInstall:
    at: str
    session_id: str | None  # the session open when it was made; None between sessions
    partida: int | None  # the last partida of that session then (None before the first)
    payload: Mapping[str, Any]
    previous: Mapping[str, Any] | None  # the set it replaced (None for the first set)
    next_session: str | None  # between sessions: the session opened after it


@dataclass
class Timeline:
    incidents: dict[tuple[str, int], list[TimedIncident]] = field(default_factory=dict)
    transcribed_at: dict[tuple[str, int], str] = field(default_factory=dict)
    ball_sets: list[BallSetInstall] = field(default_factory=list)

    def ball_set_changes_for(self, session_id: str) -> list[BallSetInstall]:
        """Every change that belongs to the session's acta: made during it, or made since the
        previous session closed (the first session gets every set installed before it).
        """
        return [b for b in self.ball_sets if session_id in (b.session_id, b.next_session)]


def _outcome(kind: str, at: str, later: Sequence[tuple[str, str, Mapping[str, Any]]]) -> Outcome:
    """The end of an incident of ``kind`` recorded at ``at``, from the partida's later events."""
    if kind == "manual_book":
        return Outcome("transcribed", at)
    for k, when, payload in later:
        if k == "partida_annulled" and (kind == "failure_before_first_ball" or when == at):
            return Outcome("annulled", when, str(payload.get("reason") or ""))
        if k == "partida_resumed" and kind == "failure_before_first_ball":
            return Outcome("resumed", when, str(payload.get("note") or ""))
        if k == "manual_extraction_started" and when == at:
            return Outcome("manual", when, from_ball=int(payload.get("from_ball") or 0))
    if kind == "failure_before_first_ball":
        return Outcome("pending")
    return Outcome("continued")


def timeline(export: Mapping[str, Any]) -> Timeline:
    chain: Mapping[str, Any] = export.get("chain") or {}
    records: Sequence[Mapping[str, Any]] = chain.get("records") or []
    out = Timeline()
    session: str | None = None
    partida_of: dict[str, int] = {}  # session -> its last partida so far
    # per (session, partida): its incidents (kind, at, position) and outcome events in order
    pending: dict[tuple[str, int], list[tuple[str, str, int]]] = {}
    events: dict[tuple[str, int], list[tuple[str, str, Mapping[str, Any]]]] = {}
    previous_set: Mapping[str, Any] | None = None
    waiting: list[int] = []  # ball-set changes made between sessions, by index in out.ball_sets
    for rec in records:
        kind = str(rec.get("kind", ""))
        payload: Mapping[str, Any] = rec.get("payload") or {}
        at = str(rec.get("at", ""))
        if kind == "session_opened":
            session = str(payload.get("session_id", ""))
            for i in waiting:
                b = out.ball_sets[i]
                out.ball_sets[i] = BallSetInstall(b.at, None, None, b.payload, b.previous, session)
            waiting = []
        elif kind == "session_closed":
            session = None
        elif kind == "ball_set_installed":
            out.ball_sets.append(
                BallSetInstall(
                    at,
                    session,
                    partida_of.get(session) if session else None,
                    payload,
                    previous_set,
                    None,
                )
            )
            if session is None:
                waiting.append(len(out.ball_sets) - 1)
            previous_set = payload
        elif session is not None and "partida" in payload:
            number = int(payload["partida"])
            if kind == "partida_started":
                partida_of[session] = number
            key = (session, number)
            if kind == "incident_recorded":
                incident = str(payload.get("incident", ""))
                pending.setdefault(key, []).append((incident, at, len(events.get(key, []))))
                if incident == "manual_book":
                    out.transcribed_at.setdefault(key, at)
            elif kind in _OUTCOME_KINDS:
                events.setdefault(key, []).append((kind, at, payload))
    for key, incidents in pending.items():
        later = events.get(key, [])
        out.incidents[key] = [
            # what follows it, and what was recorded with it (a manual extraction is recorded
            # in the same commit, just before its incident)
            TimedIncident(
                at,
                _outcome(kind, at, [e for i, e in enumerate(later) if i >= position or e[1] == at]),
            )
            for kind, at, position in incidents
        ]
    return out
