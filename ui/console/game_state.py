"""What the console's page of other modalities (bingo plus, bingo derivado) shows, derived
without Qt from the hall's replica, the games the server offers and who is at the controls.

The actions allowed come from the one place each rule is written: the domain's own command,
tried on the hall without recording anything (every command of ``bingo.hall.games`` returns
the events it would record, or refuses with the reason), and the rights table
(``bingo.rights``) for the operator logged in. The console repeats no rule of the game: the
balls' range, the plan's balls, the sale's order are the domain's, and the server checks them
again when the command arrives (docs/games.md, "Commands"; decisions 260, 275, 277).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bingo import rights as rt
from bingo.errors import DomainError
from bingo.game.definition import GameDefinition
from bingo.hall import Hall
from bingo.hall.game_fold import GAME_STATUS_TEXT, GamePartida
from bingo.money import euros
from bingo.readmodel_games import GamePanel, game_panel

Translate = Callable[[str], str]

#: The server's game commands the page sends (app/server/game_commands.py), in the night's order.
GAME_COMMANDS = (
    "adopt_game",
    "register_game_card_set",
    "register_game_serie",
    "start_game_partida",
    "sell_game_count",
    "close_game_sale",
    "draw_game_ball",
    "close_game_partida",
    "pay_game_prizes",
    "announce_last_game_partida",
    "game_incident",
    "annul_game_partida",
)

#: The serie codes a modality's series are given, as ``simulate --game`` gives them.
SERIE_PREFIX = {"plus": "P", "derivado": "D"}
#: Cartones generated for a game's card set unless the jefe de mesa says otherwise.
CARD_SET_COUNT = 600


def spanish(text: str) -> str:
    return text


@dataclass(frozen=True)
class OfferedGame:
    """A game the server's ``adopt_game`` takes (``GET /api/v1/games``)."""

    game: str  # the name of its file
    id: str
    version: str
    modality: str
    plan: str
    count: int
    names: Mapping[str, str]

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> OfferedGame:
        return cls(
            str(data["game"]),
            str(data["id"]),
            str(data["version"]),
            str(data["modality"]),
            str(data["plan"]),
            int(data["count"]),
            dict(data.get("names") or {}),
        )

    def name(self) -> str:
        return self.names.get("es") or self.id


@dataclass(frozen=True)
class GameChoice:
    """What the jefe de mesa chose on the page (the combos)."""

    game: str = ""  # an offered game's file name
    card_set: str = ""
    serie: str = ""


@dataclass(frozen=True)
class GameView:
    allowed: frozenset[str]  # the game commands that may be sent now
    sala: frozenset[str]  # those the jefe de sala authorises at that moment
    games: tuple[tuple[str, str], ...]  # (file name, label) of the games offered
    game: str  # the game the page works with: the partida's, else the one chosen
    game_id: str  # its id ("" when none is chosen)
    game_info: str
    card_sets: tuple[tuple[str, str], ...]  # (id, label) of the game's card sets
    card_set: str
    new_card_set: str  # the id proposed for a new card set
    series: tuple[tuple[str, str], ...]  # (code, label) of the card set's series
    serie: str
    new_serie: str  # the code proposed for a new serie
    serie_size: int
    partida_info: str
    sales: tuple[str, ...]
    totals: str
    count: int  # the game's drum: balls 1..count
    balls: tuple[int, ...]
    last_ball: int | None
    balls_info: str
    prizes: tuple[tuple[str, str, str], ...]  # (combination, at stake, winners)
    prizes_info: str
    annul_incident: str  # the incident an annulment records now
    by_hand: bool
    # the partida on show was announced as the last of its modality (R-GAME-6); its words
    is_last: bool = False
    last_words: str = ""
    modality: str = ""  # the modality of the game on show, in words ("bingo plus")
    number: int = 0  # the number of the game partida on show (0: none)


def _allowed(hall: Hall, command: str, partida: GamePartida | None, choice: GameChoice) -> bool:
    """Whether the domain takes ``command`` now: its own method, tried without recording."""
    games = hall.games
    attempts: dict[str, Callable[[], object]] = {
        "start_game_partida": lambda: hall.start_game_partida(
            games.card_sets[choice.card_set].game_id, choice.card_set, 1
        ),
        "close_game_sale": hall.close_game_sale,
        "pay_game_prizes": hall.pay_game_prizes,
        # R-GAME-6 "de cada modalidad": with the partida in course, once a modality
        "announce_last_game_partida": hall.announce_last_game_partida,
        "game_incident": lambda: hall.game_incident("failure_after_extraction_began", ""),
        "annul_game_partida": lambda: hall.annul_game_partida(_annul_incident(partida), ""),
    }
    if command == "sell_game_count":
        serie = choice.serie

        def sell() -> object:
            first = hall.next_game_sale_number(serie)
            return hall.sell_game(serie, first, first, False)

        attempts[command] = sell
    elif command == "draw_game_ball":
        if partida is None:
            return False
        drawn = set(partida.balls)
        pending = next((n for n in range(1, partida.definition.count + 1) if n not in drawn), 0)
        attempts[command] = lambda: hall.draw_game_ball(pending, "operator")
    elif command == "close_game_partida":
        # the plan's balls first (cheap); the settlement itself only once they are there
        try:
            if partida is None or not hall.game_partida_over():
                return False
        except DomainError:
            return False
        attempts[command] = hall.close_game_partida
    attempt = attempts.get(command)
    if attempt is None:
        return False
    try:
        attempt()
    except (DomainError, KeyError):
        return False
    return True


def _annul_incident(partida: GamePartida | None) -> str:
    """Before the first ball a failure not resolved annuls (R-INC-1); after it, only an
    irregularity of the balls does (R-INC-3): a failure then goes on by hand (decision 263).
    """
    return (
        "ball_irregularity"
        if partida is not None and partida.balls
        else "failure_before_first_ball"
    )


def _current(hall: Hall) -> GamePartida | None:
    session = hall.session
    return hall.games.current(session.id) if session is not None else None


def _new_id(taken: Sequence[str] | set[str], pattern: str) -> str:
    n = 1
    while pattern.format(n=n) in taken:
        n += 1
    return pattern.format(n=n)


@dataclass(frozen=True)
class GameFrame:
    """What the console around its pages says of the game partida on the screens: the header's
    words, the status bar's, the money at stake for the strip and the count beside the last
    ball (the one rule of which partida has the screens: ``bingo.readmodel_games.game_panel``).
    """

    header: tuple[str, ...]
    status: str
    money: str
    count: str


def game_name(panel: GamePanel) -> str:
    return dict(panel.names).get("es") or panel.game_id


def last_words(panel: GamePanel, t: Translate = spanish) -> str:
    """The mark of a partida announced as the last of its modality (R-GAME-6), else ""."""
    if not panel.is_last:
        return ""
    return t("última partida de {modality}").format(modality=modality_words(panel.modality, t))


def game_frame(panel: GamePanel, t: Translate = spanish) -> GameFrame:
    name = game_name(panel)
    state = t(GAME_STATUS_TEXT[panel.status])
    stakes = []
    for prize in panel.prizes:
        amount = euros(prize.stake_cents)
        if prize.each:
            amount = t("{amount} por cartón").format(amount=amount)
        stakes.append(f"{dict(prize.names).get('es') or prize.combination} {amount}")
    drawn = len(panel.balls)
    if panel.planned_balls:
        count = t("{n} de {planned}\nbolas").format(n=drawn, planned=panel.planned_balls)
    else:
        count = (t("{n}\nbola") if drawn == 1 else t("{n}\nbolas")).format(n=drawn)
    last = last_words(panel, t)
    return GameFrame(
        header=(
            name,
            t("Partida {n}").format(n=panel.number),
            state.upper(),
            *((last.upper(),) if last else ()),
        ),
        status=t("{state} — partida {n} de {game}").format(state=state, n=panel.number, game=name),
        money="" if panel.status == "annulled" else " · ".join(stakes),
        count=count,
    )


def modality_words(modality: str, t: Translate = spanish) -> str:
    return {"plus": t("bingo plus"), "derivado": t("bingo derivado")}.get(modality, modality)


def derive_games(
    hall: Hall,
    offered: Sequence[OfferedGame],
    choice: GameChoice,
    role: str | None = None,
    t: Translate = spanish,
) -> GameView:
    """The page for ``hall``; ``offered``: the games the server takes; ``choice``: what the
    page's combos hold; ``role``: the operator's (None: a hall without operators, where the
    table asks for everything).
    """
    games = hall.games
    partida = _current(hall)
    panel = game_panel(hall)
    by_file = {g.game: g for g in offered}
    definition: GameDefinition | None
    # the game on show: the partida's; else the one chosen (or the first offered)
    if partida is not None:
        definition = partida.definition
        game = next((g.game for g in offered if g.id == definition.id), definition.id)
        game_id = definition.id
    else:
        game = choice.game if choice.game in by_file else (offered[0].game if offered else "")
        game_id = by_file[game].id if game else ""
        definition = games.definitions.get(game_id)
    card_sets = tuple(
        (cid, t("{id} ({count} cartones)").format(id=cid, count=info.count))
        for cid, info in games.card_sets.items()
        if info.game_id == game_id
        and definition is not None
        and info.game_sha256 == definition.sha256
    )
    ids = [cid for cid, _label in card_sets]
    if partida is not None:
        card_set = partida.card_set_id
    else:
        card_set = choice.card_set if choice.card_set in ids else (ids[-1] if ids else "")
    series = tuple(
        (
            code,
            t("{code} (sigue por el {next}, de {size})").format(
                code=code, next=s.last_sold + 1, size=s.size
            ),
        )
        for code, s in games.series.items()
        if s.card_set_id == card_set and s.last_sold < s.size
    )
    codes = [code for code, _label in series]
    serie = choice.serie if choice.serie in codes else (codes[0] if codes else "")
    effective = GameChoice(game, card_set, serie)

    offered_game = by_file.get(game)
    adopted = (
        definition is not None
        and offered_game is not None
        and definition.version == offered_game.version
    )
    allowed: set[str] = set()
    if offered_game is not None and not adopted and hall.session is not None:
        allowed.add("adopt_game")
    if adopted or partida is not None:
        allowed.add("register_game_card_set")
    if card_set:
        allowed.add("register_game_serie")
    # the partida's commands: the domain's own, tried without recording anything
    allowed.update(c for c in GAME_COMMANDS[3:] if _allowed(hall, c, partida, effective))
    if role is not None:  # the rights table: who may ask for each command's action
        allowed = {c for c in allowed if rt.may_ask(role, rt.command_action(c) or "")}
    sala = frozenset(c for c in GAME_COMMANDS if rt.needs_sala(rt.command_action(c) or ""))

    labels = tuple(
        (
            g.game,
            t("{name} · {modality} · bolas del 1 al {count}").format(
                name=g.name(), modality=modality_words(g.modality, t), count=g.count
            ),
        )
        for g in offered
    )
    if definition is not None:
        game_info = t("{name}, versión {version}: adoptado en la sala.").format(
            name=definition.name(), version=definition.version
        )
        if definition.plan == "instantaneo":
            game_info += " " + t("Premios fijos por cartón; {balls} bolas por partida.").format(
                balls=definition.balls
            )
        else:
            game_info += " " + t(
                "Premios en porcentaje de la recaudación; bolas hasta el cartón completo."
            )
    elif offered_game is not None:
        game_info = t("{name}, versión {version}: sin adoptar todavía.").format(
            name=offered_game.name(), version=offered_game.version
        )
    else:
        game_info = t("El servidor de la sala no ofrece ningún otro juego en esta región.")
    prefix = SERIE_PREFIX.get(definition.modality if definition else "", "G")
    taken_series = {*hall.series, *games.series}
    size = games.card_sets[card_set].count if card_set else CARD_SET_COUNT
    return GameView(
        allowed=frozenset(allowed),
        sala=sala,
        games=labels,
        game=game,
        game_id=game_id,
        game_info=game_info,
        card_sets=card_sets,
        card_set=card_set,
        new_card_set=_new_id({*games.card_sets, *hall.card_set_info}, f"{game_id}-{{n}}")
        if game_id
        else "",
        series=series,
        serie=serie,
        new_serie=_new_id(taken_series, f"{prefix}-{{n:04d}}"),
        serie_size=size,
        partida_info=_partida_info(panel, partida, t),
        sales=tuple(
            t("Serie {series}: cartones {first} a {last} — {count}").format(
                series=series, first=first, last=last, count=last - first + 1
            )
            for series, first, last in _ranges(partida)
        ),
        totals=_totals(panel, t),
        count=panel.count if panel is not None else (definition.count if definition else 0),
        balls=panel.balls if panel is not None else (),
        last_ball=panel.last_ball if panel is not None else None,
        balls_info=_balls_info(hall, panel, partida, t),
        prizes=_prizes(panel, t),
        prizes_info=_prizes_info(panel, t),
        annul_incident=_annul_incident(partida),
        by_hand=partida is not None
        and any(i.incident == "failure_after_extraction_began" for i in partida.incidents),
        is_last=panel is not None and panel.is_last,
        last_words=last_words(panel, t) if panel is not None else "",
        modality=modality_words(definition.modality, t) if definition is not None else "",
        number=panel.number if panel is not None else 0,
    )


def _ranges(partida: GamePartida | None) -> list[tuple[str, int, int]]:
    """The partida's sales as ranges: contiguous blocks of a serie read as one."""
    merged: list[tuple[str, int, int]] = []
    for r in partida.sales if partida is not None else ():
        if merged and merged[-1][0] == r.series and merged[-1][2] == r.first - 1:
            merged[-1] = (r.series, merged[-1][1], r.last)
        else:
            merged.append((r.series, r.first, r.last))
    return merged


def _partida_info(panel: GamePanel | None, partida: GamePartida | None, t: Translate) -> str:
    if panel is None:
        return t("Ninguna partida de otra modalidad en esta sesión.")
    name = dict(panel.names).get("es") or panel.game_id
    text = t("Partida {n} de {game}: {state}").format(
        n=panel.number, game=name, state=t(GAME_STATUS_TEXT[panel.status]).upper()
    )
    if partida is None:
        text += " · " + t("terminada")
    if panel.is_last:
        text += " · " + last_words(panel, t).upper()
    return text


def _totals(panel: GamePanel | None, t: Translate) -> str:
    if panel is None:
        return ""
    text = t("Vendidos {cards} cartones de {price} · recaudación {takings}").format(
        cards=panel.cards_sold, price=euros(panel.price_cents), takings=euros(panel.takings_cents)
    )
    if panel.refund_cents:
        text += " · " + t("devueltos {refund}").format(refund=euros(panel.refund_cents))
    return text


def _balls_info(
    hall: Hall, panel: GamePanel | None, partida: GamePartida | None, t: Translate
) -> str:
    if panel is None:
        return ""
    drawn = len(panel.balls)
    if panel.planned_balls:
        text = t("{n} de {planned} bolas").format(n=drawn, planned=panel.planned_balls)
    else:
        text = t("{n} bolas").format(n=drawn)
    if partida is not None and partida.status in ("sale_closed", "extraction"):
        if hall.game_partida_over():
            text += " · " + t("el plan tiene sus bolas: cierre la partida (liquida el sistema)")
        else:
            text += " · " + t("escriba cada bola del bombo del juego (del 1 al {count})").format(
                count=panel.count
            )
    return text


def _prizes(panel: GamePanel | None, t: Translate) -> tuple[tuple[str, str, str], ...]:
    if panel is None:
        return ()
    rows = []
    for prize in panel.prizes:
        name = dict(prize.names).get("es") or prize.combination
        stake = euros(prize.stake_cents)
        if prize.each:
            stake = t("{amount} por cartón").format(amount=stake)
        if not panel.settled:
            winners = t("se sabrá al liquidar")
        elif not prize.winners_count:
            winners = t("sin ganador")
        else:
            listed = ", ".join(
                t("{series}/{number} (bola {ball})").format(
                    series=w.series, number=w.number, ball=w.completed_at_ball
                )
                for w in prize.winners
            )
            more = prize.winners_count - len(prize.winners)
            if more:
                listed += " " + t("y {n} más").format(n=more)
            winners = t("{listed}: {amount} cada uno").format(
                listed=listed, amount=euros(prize.winners[0].amount_cents)
            )
        rows.append((name, stake, winners))
    return tuple(rows)


def _prizes_info(panel: GamePanel | None, t: Translate) -> str:
    if panel is None:
        return ""
    if panel.status == "annulled":
        return t("Partida anulada: se devuelven {refund}.").format(refund=euros(panel.refund_cents))
    if not panel.settled:
        return t("Nadie canta: el sistema liquida la partida al cerrarla, con cada cartón vendido.")
    paid = sum(p.paid_cents for p in panel.prizes)
    if panel.status == "paid":
        return t("Premios pagados: {paid}.").format(paid=euros(paid))
    return t("Liquidada: a pagar {paid} contra entrega de cada cartón ganador.").format(
        paid=euros(paid)
    )
