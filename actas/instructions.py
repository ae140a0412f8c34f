"""The players' instructions of each game the hall offers, printable (Euskadi, disposición
adicional décima; SPEC R-MULTI-4).

Everything is taken from the game's definition and the hall's rules in force (prize
percentages, prima amount and ball limit, bola loca), so the text cannot drift from what the
hall plays. A Basque hall's instructions carry both official languages, Spanish first and Basque
below each paragraph, as its actas do; a Cantabrian hall's are in Spanish.
:func:`instruction_sections` gives the texts, :func:`render_instructions` the PDF and
:func:`instructions_data` the same texts for the hall server's instructions panel (decision 271).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Table, TableStyle

from actas import styles as st
from bingo.game.definition import GameDefinition, column_bands, instant_shares
from bingo.money import BP_WHOLE, euros
from bingo.rules import RegionRules

__all__ = [
    "HallTerms",
    "Section",
    "instruction_sections",
    "instructions_data",
    "languages_of",
    "render_instructions",
]

LANGUAGES = ("es", "eu")

T: dict[str, dict[str, str]] = {
    "title": {"es": "Instrucciones del juego: {name}", "eu": "Jokoaren jarraibideak: {name}"},
    "hall": {"es": "{hall} · {region}", "eu": "{hall} · {region}"},
    "s.game": {"es": "El juego", "eu": "Jokoa"},
    "numbers": {
        "es": "Se juega con las bolas numeradas del 1 al {n}, extraídas una a una al azar y "
        "cantadas en voz alta; los números aparecen en los paneles de la sala.",
        "eu": "1etik {n}era zenbakitutako bolekin jokatzen da; bolak banan-banan eta zoriz "
        "ateratzen dira eta ozen abesten dira; zenbakiak aretoko paneletan agertzen dira.",
    },
    "carton": {
        "es": "Cada cartón tiene {k} números distintos en {r} filas y {c} columnas.",
        "eu": "Txartel bakoitzak {k} zenbaki desberdin ditu, {r} errenkadatan eta {c} zutabetan.",
    },
    "p.decenas": {
        "es": "Cada fila tiene 5 números. Las columnas van por decenas (la 1.ª del 1 al 9, la "
        "2.ª del 10 al 19, … la 9.ª del 80 al 90) y ninguna queda vacía.",
        "eu": "Errenkada bakoitzak 5 zenbaki ditu. Zutabeak hamarrekoka doaz (1.a 1etik 9ra, "
        "2.a 10etik 19ra, … 9.a 80tik 90era) eta bat ere ez dago hutsik.",
    },
    "p.columnas": {
        "es": "Cada columna lleva números de su tramo ({bands}), de menor a mayor de arriba abajo.",
        "eu": "Zutabe bakoitzak bere tarteko zenbakiak ditu ({bands}), txikienetik handienera "
        "goitik behera.",
    },
    "p.libre": {
        "es": "Los números van de menor a mayor en orden de lectura.",
        "eu": "Zenbakiak txikienetik handienera daude, irakurketa-ordenan.",
    },
    "band": {"es": "columna {c}: {a}–{b}", "eu": "{c}. zutabea: {a}–{b}"},
    "price": {
        "es": "El precio del cartón es el valor facial impreso en él.",
        "eu": "Txartelaren prezioa bertan inprimatutako ageriko balioa da.",
    },
    "s.combinations": {"es": "Combinaciones premiadas", "eu": "Sariak dituzten konbinazioak"},
    "k.fila": {
        "es": "{name}: todos los números de una cualquiera de las filas.",
        "eu": "{name}: errenkadetako edozeinen zenbaki guztiak.",
    },
    "k.columna": {
        "es": "{name}: todos los números de una cualquiera de las columnas.",
        "eu": "{name}: zutabeetako edozeinen zenbaki guztiak.",
    },
    "k.completo": {
        "es": "{name}: todos los números del cartón.",
        "eu": "{name}: txartelaren zenbaki guztiak.",
    },
    "k.dibujo": {
        "es": "{name}: los números de las casillas marcadas en el dibujo.",
        "eu": "{name}: marrazkian markatutako laukietako zenbakiak.",
    },
    "s.play": {"es": "Desarrollo de la partida", "eu": "Partidaren garapena"},
    "play.region": {
        "es": "La partida sigue hasta que se canta el bingo. Quien complete una combinación "
        "premiada debe cantarla en voz alta; el cartón se comprueba con los medios "
        "informáticos autorizados. Los cartones electrónicos los reclama el sistema.",
        "eu": "Partidak aurrera jarraitzen du bingoa abestu arte. Sari-konbinazio bat osatzen "
        "duenak ozen abestu behar du; txartela baimendutako bitarteko informatikoekin "
        "egiaztatzen da. Txartel elektronikoak sistemak eskatzen ditu.",
    },
    "play.partida": {
        "es": "Las bolas se extraen hasta que un cartón se completa. Cada premio es de los "
        "cartones que completen su combinación los primeros, con la misma bola.",
        "eu": "Bolak txartel bat osatu arte ateratzen dira. Sari bakoitza bere konbinazioa "
        "lehenengo osatzen duten txartelena da, bola berarekin.",
    },
    "play.instantaneo": {
        "es": "En cada partida se extraen {b} bolas. Ganan todos los cartones que completen "
        "una combinación con esas bolas; cada cartón cobra solo su mejor premio.",
        "eu": "Partida bakoitzean {b} bola ateratzen dira. Bola horiekin konbinazio bat "
        "osatzen duten txartel guztiek irabazten dute; txartel bakoitzak bere saririk onena "
        "bakarrik kobratzen du.",
    },
    "s.prizes": {"es": "Premios", "eu": "Sariak"},
    "payout": {
        "es": "El {p} % del valor facial de los cartones vendidos en la partida se destina a "
        "premios.",
        "eu": "Partidan saldutako txartelen ageriko balioaren % {p} sarietara doa.",
    },
    "line": {
        "es": "Línea: el {p} % de la recaudación de la partida.",
        "eu": "Lerroa: partidako bilketaren % {p}.",
    },
    "bingo": {
        "es": "Bingo: el {p} % de la recaudación de la partida.",
        "eu": "Bingoa: partidako bilketaren % {p}.",
    },
    "shared": {
        "es": "Si varios cartones ganan un premio con la misma bola, se reparte a partes iguales.",
        "eu": "Bola berarekin txartel batek baino gehiagok sari bat irabazten badute, zati "
        "berdinetan banatzen da.",
    },
    "prima": {
        "es": "Prima de bingo: se destina a ella el {p} % de la recaudación. Cuando su fondo "
        "alcanza el importe en vigor ({amount}), la gana el bingo cantado con la bola {limit} "
        "o antes; si no se gana, el límite sube una bola en cada partida siguiente.",
        "eu": "Bingo-prima: bilketaren % {p} hara doa. Funtsak indarreko zenbatekoa "
        "({amount}) lortzen duenean, {limit}. bolarekin edo lehenago abestutako bingoak "
        "irabazten du; irabazten ez bada, muga bola batean igotzen da hurrengo partida "
        "bakoitzean.",
    },
    "bola_loca_one": {
        "es": "Bola loca: antes de cada partida se extrae un número. Se destina a ella el "
        "{p} % de la recaudación; su fondo lo gana la línea completada con la bola loca o, "
        "si no la hay, el bingo completado con ella.",
        "eu": "Bola eroa: partida bakoitzaren aurretik zenbaki bat ateratzen da. Bilketaren "
        "% {p} hara doa; haren funtsa bola eroarekin osatutako lerroak irabazten du edo, "
        "halakorik ez badago, bola eroarekin osatutako bingoak.",
    },
    "bola_loca": {
        "es": "Bola loca: antes de cada partida se extraen {n} números. Se destina a ella el "
        "{p} % de la recaudación; su fondo lo gana la línea completada con una bola loca o, "
        "si no la hay, el bingo completado con una.",
        "eu": "Bola eroa: partida bakoitzaren aurretik {n} zenbaki ateratzen dira. Bilketaren "
        "% {p} hara doa; haren funtsa bola ero batekin osatutako lerroak irabazten du edo, "
        "halakorik ez badago, bola ero batekin osatutako bingoak.",
    },
    "pct_prize": {
        "es": "{name}: el {p} % de la recaudación de la partida.",
        "eu": "{name}: partidako bilketaren % {p}.",
    },
    "multiple_prize": {
        "es": "{name}: {m} veces el precio del cartón.",
        "eu": "{name}: txartelaren prezioa bider {m}.",
    },
    "instant_return": {
        "es": "Los premios no dependen de los cartones vendidos. De media se devuelve en "
        "premios el {p} % de lo jugado (mínimo autorizado: {min} %).",
        "eu": "Sariak ez dira saldutako txartelen araberakoak. Batez beste jokatutakoaren "
        "% {p} itzultzen da sarietan (baimendutako gutxienekoa: % {min}).",
    },
    "source": {
        "es": "Juego {id}, versión {version}: {resolution}. Reglas de la región: versión {rules}.",
        "eu": "{id} jokoa, {version} bertsioa: {resolution}. Eskualdeko arauak: {rules} bertsioa.",
    },
    "footer": {"es": "Instrucciones del juego", "eu": "Jokoaren jarraibideak"},
}


@dataclass(frozen=True)
class HallTerms:
    """What of the hall the instructions state: its name, region, rules and prima in force."""

    hall: str
    region: str
    rules: RegionRules
    prima_amount_cents: int
    languages: tuple[str, ...] = ("es",)


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs, each one text per language; ``figures`` for drawings."""

    heading: tuple[str, ...]
    paragraphs: tuple[tuple[str, ...], ...]
    figures: tuple[tuple[str, Any], ...] = ()


def _pct(basis_points: int | Fraction) -> str:
    """Spanish percentage figure: 10, 10,5, 73,41."""
    value = Fraction(basis_points) / 100
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


def _times(multiple_bp: int) -> str:
    return _pct(Fraction(multiple_bp, 100))


def _say(key: str, languages: Sequence[str], **values: Any) -> tuple[str, ...]:
    """The text ``key`` in each language; values that are per language come as dicts."""
    out = []
    for lang in languages:
        filled = {k: (v[lang] if isinstance(v, dict) else v) for k, v in values.items()}
        out.append(T[key][lang].format(**filled))
    return tuple(out)


def _names(game: GameDefinition, code: str, languages: Sequence[str]) -> dict[str, str]:
    combination = game.combination(code)
    return {lang: combination.name(lang) for lang in languages}


def languages_of(terms: HallTerms) -> tuple[str, ...]:
    """The languages the instructions are written in: the hall's that have texts here."""
    return tuple(lang for lang in terms.languages if lang in LANGUAGES) or ("es",)


def instruction_sections(game: GameDefinition, terms: HallTerms) -> tuple[Section, ...]:
    """The instructions of ``game`` as played in the hall of ``terms``, section by section."""
    langs = languages_of(terms)
    shape = game.shape
    about = [
        _say("numbers", langs, n=game.count),
        _say("carton", langs, k=shape.numbers, r=shape.rows, c=shape.columns),
    ]
    if shape.placement == "columnas":
        bands = {
            lang: ", ".join(
                T["band"][lang].format(c=c + 1, a=a, b=b)
                for c, (a, b) in enumerate(column_bands(game.count, shape.columns))
            )
            for lang in langs
        }
        about.append(_say("p.columnas", langs, bands=bands))
    else:
        about.append(_say(f"p.{shape.placement}", langs))
    about.append(_say("price", langs))
    combos = tuple(
        _say(f"k.{c.kind}", langs, name={lang: c.name(lang) for lang in langs})
        for c in game.combinations
    )
    figures = tuple(
        (c.name(langs[0]) + "".join(f" / {c.name(lang)}" for lang in langs[1:]), c.masks)
        for c in game.combinations
        if c.kind == "dibujo"
    )
    play = (
        _say(f"play.{game.plan}", langs, b=game.balls)
        if game.plan != "diferido"
        else _say("play.partida", langs)
    )
    source = _say(
        "source",
        langs,
        id=game.id,
        version=game.version,
        # the ordinary bingo's figures are the region's: its own resolution, not the game
        # file's, which cites every region it is played in (decision 650)
        resolution=(
            terms.rules.region_resolution
            if game.plan == "region" and terms.rules.region_resolution
            else game.resolution
        ),
        rules=terms.rules.region_version or "—",
    )
    return (
        Section(_say("s.game", langs), tuple(about)),
        Section(_say("s.combinations", langs), combos, figures),
        Section(_say("s.play", langs), (play,)),
        Section(_say("s.prizes", langs), tuple(_prizes(game, terms, langs))),
        Section((), (source,)),
    )


def _prizes(game: GameDefinition, terms: HallTerms, langs: Sequence[str]) -> list[tuple[str, ...]]:
    rules = terms.rules
    if game.plan == "region":
        out = [
            _say("payout", langs, p=_pct(rules.payout_bp)),
            _say("line", langs, p=_pct(rules.line_bp)),
            _say("bingo", langs, p=_pct(rules.bingo_bp)),
            _say("shared", langs),
            _say(
                "prima",
                langs,
                p=_pct(rules.prima_bp),
                amount=euros(terms.prima_amount_cents),
                limit=rules.prima_ball_limit,
            ),
        ]
        if rules.bola_loca_bp:
            out.append(
                _say(
                    "bola_loca_one" if rules.bola_loca_count == 1 else "bola_loca",
                    langs,
                    n=rules.bola_loca_count,
                    p=_pct(rules.bola_loca_bp),
                )
            )
        return out
    if game.plan == "instantaneo":
        out = [
            _say(
                "multiple_prize",
                langs,
                name=_names(game, p.combination, langs),
                m=_times(p.price_multiple_bp),
            )
            for p in game.prizes
        ]
        returned = sum(instant_shares(game).values(), Fraction(0)) * BP_WHOLE
        out.append(_say("instant_return", langs, p=_pct(returned), min=_pct(game.min_payout_bp)))
        return out
    return [
        _say("payout", langs, p=_pct(sum(p.basis_points for p in game.prizes))),
        *(
            _say(
                "pct_prize", langs, name=_names(game, p.combination, langs), p=_pct(p.basis_points)
            )
            for p in game.prizes
        ),
        _say("shared", langs),
    ]


def instructions_data(games: Sequence[GameDefinition], terms: HallTerms) -> dict[str, Any]:
    """The instructions of ``games`` as plain data (JSON) for a panel: the same sections as the
    PDF, every text by language; a drawing's cells as [row, column] pairs.
    """
    langs = languages_of(terms)

    def by_lang(texts: Sequence[str]) -> dict[str, str]:
        return dict(zip(langs, texts, strict=True)) if texts else {}

    return {
        "hall": terms.hall,
        "region": terms.region,
        "languages": list(langs),
        "games": [
            {
                "id": game.id,
                "version": game.version,
                "title": by_lang(
                    _say("title", langs, name={lang: game.name(lang) for lang in langs})
                ),
                "rows": game.shape.rows,
                "columns": game.shape.columns,
                "sections": [
                    {
                        "heading": by_lang(section.heading),
                        "paragraphs": [by_lang(p) for p in section.paragraphs],
                        "figures": [
                            {"name": name, "masks": [sorted(map(list, m)) for m in masks]}
                            for name, masks in section.figures
                        ],
                    }
                    for section in instruction_sections(game, terms)
                ],
            }
            for game in games
        ],
    }


def _figure(mask: frozenset[tuple[int, int]], rows: int, columns: int) -> Table:
    """A drawing of a combination: its marked cells dark, the others blank."""
    cell = 5 * mm
    grid = [["" for _c in range(columns)] for _r in range(rows)]
    style: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, st.INK),
        ("BOX", (0, 0), (-1, -1), 1, st.INK),
    ]
    for r, c in mask:
        style.append(("BACKGROUND", (c, r), (c, r), st.ACCENT))
    table = Table(grid, colWidths=[cell] * columns, rowHeights=[cell] * rows, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    return table


def render_instructions(out: BinaryIO, games: Sequence[GameDefinition], terms: HallTerms) -> None:
    """The instructions of ``games`` as one PDF, each game from a new page; the same games
    and rules always give the same bytes (no clock, no random id).
    """
    langs = languages_of(terms)
    footer = " / ".join(T["footer"][lang] for lang in langs) + f" · {terms.hall}"
    doc = st.plain_doc(
        out,
        st.PAGE_A4,
        title=footer,
        author=terms.hall,
        margin=18 * mm,
        on_page=st.footer_drawer(footer),
    )
    story: list[Flowable] = []
    for n, game in enumerate(games):
        if n:
            story.append(PageBreak())
        story += st.bilingual(
            _say("title", langs, name={lang: game.name(lang) for lang in langs}),
            st.TITLE,
            st.TITLE_SECOND,
        )
        hall_line = _say("hall", langs, hall=terms.hall, region=terms.region)
        story += st.bilingual(tuple(dict.fromkeys(hall_line)), st.SMALL, st.SMALL_SECOND)
        sections = instruction_sections(game, terms)
        for section in sections:
            if section.heading:
                story.append(st.para(" / ".join(section.heading), st.SECTION))
            small = not section.heading  # where the game and the rules come from
            for paragraph in section.paragraphs:
                first, second = (st.SMALL, st.SMALL_SECOND) if small else (st.BODY, st.BODY_SECOND)
                story += st.bilingual(paragraph, first, second)
                story.append(st.gap(1))
            for name, masks in section.figures:
                story.append(st.para(name, st.SMALL))
                story += [_figure(m, game.shape.rows, game.shape.columns) for m in masks]
                story.append(st.gap(2))
    doc.build(story)
