"""The hall's files as types: the hall's settings (``config/hall.toml``), the region files
(``config/regions/*.toml``) and the game files (``config/games/*.toml``).

One declaration says, for every table and key, its type, its bounds, its default and what it
means: the loader decodes the files through it (an unknown key, a wrong type or a value out of
range is refused, never ignored), ``bingo-hall config check`` checks a file with it, and the
reference ``docs/settings.md`` is generated from it (``app.config.reference``). The bounds are
``app.bounds``'s, shared with the command line and the server (docs/decisions.md 501-503).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

from app.bounds import (
    EXPECTED,
    BasisPoints,
    Cents,
    FaceValueCents,
    FilePath,
    Id,
    Label,
    LongText,
    Name,
    Partidas,
    Seed,
    SeriePrefix,
    SerieSize,
    Strips,
    in_range,
)

REGIONS = ("cantabria", "euskadi")
# The languages a hall may show (Spanish first; the panels add one more, R-PANEL-4) and the
# console may speak: castellano, euskera, gallego, catalán, inglés.
LANGUAGES = ("es", "eu", "gl", "ca", "en")
#: A hall's categories (Euskadi art. 3.6.a names them; decision 281).
CATEGORIES = ("especial", "primera", "segunda", "tercera")

RegionId = Literal["cantabria", "euskadi"]
Language = Annotated[
    Literal["es", "eu", "gl", "ca", "en"],
    msgspec.Meta(extra={EXPECTED: "uno de " + ", ".join(LANGUAGES)}),
]
Category = Literal["especial", "primera", "segunda", "tercera"]


def doc(text: str) -> msgspec.Meta:
    """What a key means, for the reference (``docs/settings.md``) and the JSON schema."""
    return msgspec.Meta(description=text)


def expected(text: str) -> msgspec.Meta:
    """What a refusal says the key must be, where the type alone says it badly."""
    return msgspec.Meta(extra={EXPECTED: text})


class Table(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A table of a file: every key known, or the file is refused."""

    #: Said after "clave desconocida" in this table (why its keys are few).
    unknown_hint: ClassVar[str] = ""


HOST_PATTERN = r"^[A-Za-z0-9.:\[\]_-]+$"

LanguageCodes = Annotated[
    list[Annotated[str, msgspec.Meta(max_length=8)]],
    msgspec.Meta(max_length=len(LANGUAGES)),
    expected('una lista de códigos, p. ej. ["es", "gl"]'),
]

# --- the hall's settings ----------------------------------------------------------------------


class HallTable(Table, frozen=True, kw_only=True):
    """``[hall]``: who the hall is."""

    id: Annotated[Id, doc("La sala, como la nombra su autorización; el registro la guarda.")]
    name: Annotated[Name, doc("El nombre de la sala: paneles, consola y cabecera del acta.")]
    region: Annotated[RegionId, doc("Su región: el fichero `config/regions/REGION.toml`.")]
    jefe_de_mesa: Annotated[Name, doc("Quien dirige la mesa, en el acta.")] = "Jefe de mesa"
    jefe_de_sala: Annotated[Name, doc("Quien responde de la sala, en el acta.")] = "Jefe de sala"
    category: Annotated[
        Category | None,
        doc("La categoría de su autorización; en Euskadi limita las máquinas auxiliares."),
    ] = None
    languages: Annotated[
        LanguageCodes | None,
        doc(
            'Lenguas de paneles y acta: "es" primero y una más como mucho (por defecto, las '
            "de la región)."
        ),
    ] = None
    console_language: Annotated[Language, doc("La lengua de la consola.")] = "es"


class PrimaTable(Table, frozen=True, kw_only=True):
    """``[prima]``: the prima's amounts the hall keeps on offer (R-PRIMA-2)."""

    amounts_cents: Annotated[
        list[Cents],
        msgspec.Meta(max_length=20),
        doc("Los importes que ofrece, en céntimos, dentro de los límites de la región."),
    ] = []
    initial_cents: Annotated[
        Cents | None, doc("El importe de la primera partida (por defecto, el primero).")
    ] = None


class BolaLocaTable(Table, frozen=True, kw_only=True):
    """``[bola_loca]``: whether the hall runs bola loca, and at what percentage."""

    enabled: Annotated[bool, doc("Si la sala juega la bola loca.")] = False
    basis_points: Annotated[
        Annotated[int, in_range(1, 10_000, "puntos básicos: 100 = 1 %")] | None,
        doc("Su porcentaje, como mucho el que autoriza la región (`[bola_loca] max_bp`)."),
    ] = None


class CardSetTable(Table, frozen=True, kw_only=True):
    """``[card_set]``: the hall's set of cartones."""

    id: Annotated[Id, doc("El juego de cartones, como lo guarda el registro.")] = "std-6000"
    seed: Annotated[Seed, doc("La semilla que lo genera (el mismo juego en cada arranque).")] = 1
    strips: Annotated[Strips, doc("Sus tiras de 6 cartones.")] = 1000


class SeriesTable(Table, frozen=True, kw_only=True):
    """``[series]``: the series the hall sells."""

    prefix: Annotated[SeriePrefix, doc("El prefijo del código de cada serie (`A-1`, `A-2`…).")] = (
        "A"
    )
    size: Annotated[SerieSize, doc("Cartones por serie (no más que el juego de cartones).")] = 1500
    face_value_cents: Annotated[FaceValueCents, doc("El precio de un cartón, en céntimos.")] = 100


class BallSetTable(Table, frozen=True, kw_only=True):
    """``[ball_set]``: the set of balls in the extractor (R-BALL-1)."""

    id: Annotated[Id, doc("El juego de bolas.")] = "BS-0001"
    homologation: Annotated[Label, doc("Su homologación.")]
    guaranteed_partidas: Annotated[
        int, in_range(1, 1_000_000, "partidas"), doc("Las partidas que garantiza su fabricante.")
    ] = 3000
    partidas_before: Annotated[
        Partidas, doc("Las partidas que ya jugó antes de este registro.")
    ] = 0
    pneumatic: Annotated[
        bool, doc("Si la máquina es neumática (la región limita sus partidas).")
    ] = True


BoardAddress = Annotated[int, msgspec.Meta(ge=0, le=255)]


class BoardLineTable(Table, frozen=True, kw_only=True):
    """One line of hall boards with the boards on it."""

    port: Annotated[FilePath, doc("El puerto serie o la URL de pyserial.")]
    addresses: Annotated[
        list[BoardAddress],
        msgspec.Meta(min_length=1, max_length=16),
        doc("Las direcciones de sus paneles, de 0x10 a 0x1f."),
    ] = msgspec.field(default_factory=lambda: [0x10])


class DevicesTable(Table, frozen=True, kw_only=True):
    """``[devices]``: the serial lines of the real devices (BHD/1), for ``--devices serial``."""

    extractor: Annotated[
        FilePath | None, doc("La línea del extractor: `/dev/ttyUSB0`, `COM3`…")
    ] = None
    reader: Annotated[FilePath | None, doc("La línea del lector de cartones.")] = None
    baud: Annotated[Literal[19200, 9600], doc("La velocidad de las líneas.")] = 19200
    boards: Annotated[
        list[FilePath | BoardLineTable],
        msgspec.Meta(max_length=16),
        expected('una lista de puertos, p. ej. ["/dev/ttyUSB2"], o de { port, addresses }'),
        doc("Las líneas de paneles: un puerto (un panel en 0x10) o `{ port, addresses }`."),
    ] = []


class VoiceTable(Table, frozen=True, kw_only=True):
    """``[voice]``: the balls called aloud (R-DEV-3)."""

    enabled: Annotated[bool, doc("Si se cantan las bolas.")] = False
    caller: Annotated[
        Literal["voice", "human"], doc('"human": canta una persona y la voz calla.')
    ] = "voice"
    output: Annotated[
        Literal["server", "panel"], doc("Dónde suena: el servidor o un panel elegido.")
    ] = "server"
    languages: Annotated[
        LanguageCodes | None, doc("Las lenguas en que se canta (por defecto, las de la sala).")
    ] = None
    digits: Annotated[bool, doc("«cuarenta y cinco, cuatro, cinco»: las cifras después.")] = True
    cache_dir: Annotated[FilePath | None, doc("Dónde se guardan los cantos preparados.")] = None


class ServerTable(Table, frozen=True, kw_only=True):
    """``[server]``: where ``bingo-hall serve`` listens (a misspelt key would leave the hall on
    plain HTTP or the wrong port).
    """

    host: Annotated[
        Annotated[str, msgspec.Meta(min_length=1, max_length=253, pattern=HOST_PATTERN)],
        expected("un nombre o una dirección de red (letras, cifras, «.», «:», «-»)"),
        doc("La dirección en que escucha."),
    ] = "127.0.0.1"
    port: Annotated[int, in_range(1, 65535), doc("Su puerto.")] = 8000
    cert: Annotated[FilePath | None, doc("El certificado TLS (PEM), junto al fichero.")] = None
    key: Annotated[FilePath | None, doc("Su clave (PEM); TLS necesita las dos.")] = None
    question_seconds: Annotated[
        int, in_range(1, 3600, "segundos"), doc("Cuánto espera una bola la lectura de la mesa.")
    ] = 120


class HallInterconnectedTable(Table, frozen=True, kw_only=True):
    """``[interconnected]``: whether the hall joins the interconnected prize (R-MULTI-1)."""

    unknown_hint: ClassVar[str] = (
        "la sala solo dice si se acoge (enabled) y a qué red (network); las cifras las fija la "
        "región"
    )
    enabled: Annotated[bool, doc("Si la sala se acoge al bingo interconectado.")] = False
    network: Annotated[Id | None, doc("La red a la que se acoge.")] = None


class HallFile(Table, frozen=True, kw_only=True):
    """A hall's settings file (``--config``; the template is ``config/hall.toml``)."""

    hall: HallTable
    rules: Annotated[
        dict[str, Any],
        doc("Nada: las cifras del decreto son de la región (R-NET-3); la sala no las mueve."),
    ] = {}
    prima: PrimaTable = msgspec.field(default_factory=PrimaTable)
    bola_loca: BolaLocaTable = msgspec.field(default_factory=BolaLocaTable)
    card_set: CardSetTable = msgspec.field(default_factory=CardSetTable)
    series: SeriesTable = msgspec.field(default_factory=SeriesTable)
    ball_set: BallSetTable
    devices: DevicesTable = msgspec.field(default_factory=DevicesTable)
    voice: VoiceTable = msgspec.field(default_factory=VoiceTable)
    server: ServerTable = msgspec.field(default_factory=ServerTable)
    interconnected: HallInterconnectedTable = msgspec.field(default_factory=HallInterconnectedTable)


# --- the region files -------------------------------------------------------------------------


class RegionHead(Table, frozen=True, kw_only=True):
    """``[region]``: the file's version and the resolution it cites."""

    name: Annotated[Label, doc("La región.")]
    version: Annotated[Label, doc("La versión del fichero (publicada en `published.toml`).")]
    resolution: Annotated[LongText, doc("La resolución que fija sus cifras.")]


Balls = Annotated[int, in_range(0, 90, "bolas")]


class RegionRulesTable(Table, frozen=True, kw_only=True):
    """``[rules]``: what the regulation fixes (SPEC R-NET-3)."""

    unknown_hint: ClassVar[str] = "bola loca: [bola_loca] max_bp"
    payout_bp: Annotated[BasisPoints, doc("La parte de lo vendido que va a premios.")]
    line_bp: Annotated[BasisPoints, doc("La línea.")]
    bingo_bp: Annotated[BasisPoints, doc("El bingo.")]
    prima_bp: Annotated[BasisPoints, doc("Lo que alimenta la prima.")]
    prima_ball_limit: Annotated[Balls, doc("La bola hasta la que el bingo gana la prima.")]
    prima_min_cents: Annotated[Cents, doc("La prima más baja.")]
    prima_max_cents: Annotated[Cents, doc("La prima más alta.")]
    prima_step_cents: Annotated[Cents, doc("Los importes de la prima son sus múltiplos.")]
    bola_loca_count: Annotated[Balls, doc("Números de la bola loca antes de cada partida.")]
    ball_set_max_partidas: Annotated[
        int, in_range(1, 1_000_000, "partidas"), doc("Partidas de un juego de bolas neumático.")
    ]
    line_required: Annotated[bool, doc("Si la línea es premio de cada partida.")]


class RegionBolaLoca(Table, frozen=True, kw_only=True):
    """``[bola_loca]``: the ceiling of a hall's bola loca and the percentage it comes from."""

    max_bp: Annotated[BasisPoints, doc("El porcentaje más alto que una sala puede elegir.")] = 0
    source: Annotated[
        Literal["bingo_bp"], doc("De qué porcentaje se toma."), msgspec.Meta(title="from")
    ] = msgspec.field(default="bingo_bp", name="from")


class RegionInterconnected(Table, frozen=True, kw_only=True):
    """``[interconnected]``: the figures of the interconnected prize (Cantabria V.2.b)."""

    contribution_bp: Annotated[BasisPoints, doc("Lo que aporta cada partida.")]
    fund_max_cents: Annotated[Cents, doc("Hasta dónde crece el premio.")]
    reserve_max_cents: Annotated[Cents, doc("Lo que se guarda después para el siguiente.")]
    scale: Annotated[
        list[
            Annotated[
                list[Annotated[int, msgspec.Meta(ge=0, le=100_000_000)]],
                msgspec.Meta(min_length=2, max_length=2),
            ]
        ],
        msgspec.Meta(min_length=1, max_length=50),
        expected("una lista de pares [importe en céntimos, bolas], p. ej. [[5000, 50]]"),
        doc("Desde cada importe del fondo, las bolas en que el bingo lo gana."),
    ]


class RegionHallTable(Table, frozen=True, kw_only=True):
    """``[hall]``: what the region says of its halls."""

    languages: Annotated[LanguageCodes, doc("Las lenguas de sus salas por defecto.")] = (
        msgspec.field(default_factory=lambda: ["es"])
    )
    auxiliary_machines_max: Annotated[
        dict[Category, Annotated[int, msgspec.Meta(ge=0, le=1000)]] | None,
        doc("Máquinas auxiliares por categoría de sala (Euskadi art. 3.6.a)."),
    ] = None
    series_per_machine_player_max: Annotated[
        Annotated[int, in_range(1, 1000, "series")] | None,
        doc("Series por partida y jugador en una máquina (Euskadi art. 3.6.b)."),
    ] = None


class RegionFile(Table, frozen=True, kw_only=True):
    """A region's file (``config/regions/REGION.toml``), used only as published."""

    region: RegionHead
    rules: RegionRulesTable
    paragraphs: Annotated[
        dict[Annotated[str, msgspec.Meta(max_length=64)], LongText],
        doc("El párrafo en que descansa cada cifra, para los mensajes."),
    ] = {}
    bola_loca: RegionBolaLoca = msgspec.field(default_factory=RegionBolaLoca)
    interconnected: RegionInterconnected | None = None
    hall: RegionHallTable = msgspec.field(default_factory=RegionHallTable)


# --- the game files ---------------------------------------------------------------------------

Names = Annotated[
    dict[Annotated[str, msgspec.Meta(max_length=8)], Name],
    msgspec.Meta(max_length=len(LANGUAGES)),
    expected('un nombre por lengua, p. ej. { es = "Línea", eu = "Lerroa" }'),
]


class GameHead(Table, frozen=True, kw_only=True):
    """``[game]``: the game, its version and the resolution that authorised it."""

    id: Annotated[Id, doc("El juego.")]
    modality: Annotated[Label, doc("Su modalidad: ordinario, plus, derivado.")]
    version: Annotated[Label, doc("La versión (publicada en `published.toml`).")]
    resolution: Annotated[LongText, doc("La resolución que lo autoriza.")]
    regions: Annotated[
        list[RegionId],
        msgspec.Meta(min_length=1, max_length=len(REGIONS)),
        doc("Las regiones que lo autorizan."),
    ]
    names: Annotated[Names, doc("Su nombre por lengua (al menos `es`).")]


class GameNumbers(Table, frozen=True, kw_only=True):
    """``[numbers]``: the balls of the game."""

    count: Annotated[int, in_range(1, 99, "números"), doc("Del 1 al número dado.")]


class GameCarton(Table, frozen=True, kw_only=True):
    """``[carton]``: the cartón's shape."""

    rows: Annotated[int, in_range(1, 10), doc("Filas.")]
    columns: Annotated[int, in_range(1, 10), doc("Columnas.")]
    numbers: Annotated[int, in_range(1, 100), doc("Números de cada cartón.")]
    placement: Annotated[Label, doc("Cómo se colocan: decenas, columnas…")]


class GameCombination(Table, frozen=True, kw_only=True):
    """``[[combination]]``: one winning combination."""

    code: Annotated[Id, doc("Su código.")]
    kind: Annotated[Label, doc("fila, dibujo o completo.")]
    names: Annotated[Names, doc("Su nombre por lengua.")]
    drawings: Annotated[
        list[
            Annotated[
                list[Annotated[str, msgspec.Meta(max_length=20)]], msgspec.Meta(max_length=20)
            ]
        ],
        msgspec.Meta(max_length=50),
        doc('Los dibujos de un "dibujo": líneas de "X" y ".".'),
    ] = []


class GamePrize(Table, frozen=True, kw_only=True):
    """``[[plan.prize]]``: one prize of the plan."""

    combination: Annotated[Id, doc("La combinación que premia.")]
    basis_points: Annotated[BasisPoints, doc("Su parte de la recaudación.")] = 0
    price_multiple_bp: Annotated[
        int,
        in_range(0, 100_000_000, "puntos básicos del precio"),
        doc("Veces el precio del cartón (10000 = 1 vez)."),
    ] = 0
    amount_cents: Annotated[Cents, doc("Un importe fijo.")] = 0


class GamePlan(Table, frozen=True, kw_only=True):
    """``[plan]``: how the game pays."""

    kind: Annotated[Label, doc("region, partida o instantaneo.")]
    min_payout_bp: Annotated[BasisPoints, doc("La parte mínima a premios.")] = 0
    balls: Annotated[int, in_range(0, 99, "bolas"), doc("Bolas de cada partida instantánea.")] = 0
    prize: Annotated[
        list[GamePrize], msgspec.Meta(max_length=50), doc("Los premios, en el orden del plan.")
    ] = []


class GameFile(Table, frozen=True, kw_only=True):
    """A game file (``config/games/GAME.toml``), used only as published."""

    game: GameHead
    numbers: GameNumbers
    carton: GameCarton
    combination: Annotated[list[GameCombination], msgspec.Meta(min_length=1, max_length=50)]
    plan: GamePlan
