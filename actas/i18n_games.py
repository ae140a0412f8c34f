"""Texts of the acta's partidas of bingo derivado and bingo plus (Spanish, and Basque beside it
for Basque halls), merged into ``actas.i18n.TEXTS``.
"""

from __future__ import annotations

from typing import Final

GAME_TEXTS: Final[dict[str, dict[str, str]]] = {
    "g.section": {
        "es": "PARTIDAS DE OTRAS MODALIDADES DE BINGO",
        "eu": "BINGOAREN BESTE MODALITATEETAKO PARTIDAK",
    },
    "g.section_note": {
        "es": "Partidas de bingo derivado y de bingo plus (Catálogo de Juegos y Apuestas de "
        "Cantabria, B.3 y B.4), numeradas aparte de las del bingo ordinario; sus cifras no "
        "entran en las de este y constan aparte en el resumen de la sesión.",
        "eu": "Bingo eratorriko eta bingo plus-eko partidak (Kantabriako Joko eta Apustuen "
        "Katalogoa, B.3 eta B.4), bingo arruntekoetatik bereizita zenbakituak; haien zifrak ez "
        "dira haren zifretan sartzen, eta saioaren laburpenean bereizita agertzen dira.",
    },
    "g.title": {"es": "PARTIDA N.º {n} · {modality}", "eu": "{n}. PARTIDA · {modality}"},
    "g.status": {"es": "{modality} · {status}", "eu": "{modality} · {status}"},
    "g.modality.plus": {"es": "BINGO PLUS", "eu": "BINGO PLUS"},
    "g.modality.derivado": {"es": "BINGO DERIVADO", "eu": "BINGO ERATORRIA"},
    "g.opened": {"es": "apertura {time}", "eu": "irekiera {time}"},
    "g.game": {
        "es": "Juego: {name}, versión {version}; cartones de {rows} × {columns}, bolas del 1 al "
        "{numbers}; modelo de cartones {card_set}.",
        "eu": "Jokoa: {name}, {version} bertsioa; {rows} × {columns} txartelak, bolak 1etik "
        "{numbers}era; txartel-eredua: {card_set}.",
    },
    "g.sha256": {
        "es": "SHA-256 del archivo del juego: {sha256}",
        "eu": "Joko-fitxategiaren SHA-256: {sha256}",
    },
    "g.plan.partida": {
        "es": "Plan de premios por partida: cada premio es un porcentaje de la recaudación, "
        "repartido a partes iguales entre los cartones vendidos que completan primero su "
        "combinación; la partida termina con el último premio del plan.",
        "eu": "Partidakako sari-plana: sari bakoitza bildutakoaren ehuneko bat da, beren "
        "konbinazioa lehenik osatzen duten saldutako txartelen artean zati berdinetan banatua; "
        "partida planaren azken sariarekin amaitzen da.",
    },
    "g.plan.instantaneo": {
        "es": "Plan de premios instantáneo: {balls} bolas por partida; cada cartón vendido que "
        "completa una combinación cobra, como múltiplo de su precio, solo su mejor premio. El "
        "importe de cada premio es lo que cobra cada cartón ganador.",
        "eu": "Berehalako sari-plana: {balls} bola partidako; konbinazio bat osatzen duen "
        "saldutako txartel bakoitzak bere sari onena bakarrik kobratzen du, bere prezioaren "
        "multiplo gisa. Sari bakoitzaren zenbatekoa txartel irabazle bakoitzak kobratzen du.",
    },
    "g.repeated": {
        "es": "Cartón vendido dos veces en esta partida: {cartones} son la misma combinación del "
        "modelo {card_set}; no pueden venderse dos cartones iguales en una partida (R-SALE-2).",
        "eu": "Txartel bera bi aldiz saldu da partida honetan: {cartones} {card_set} ereduko "
        "konbinazio bera dira; partida batean ezin dira bi txartel berdin saldu (R-SALE-2).",
    },
    "g.last.plus": {
        "es": "Última partida de bingo plus de la sesión, anunciada como tal.",
        "eu": "Saioko bingo plus-eko azken partida, halakotzat iragarria.",
    },
    "g.last.derivado": {
        "es": "Última partida de bingo derivado de la sesión, anunciada como tal.",
        "eu": "Saioko bingo eratorriko azken partida, halakotzat iragarria.",
    },
    "g.fig.paid": {"es": "Premios pagados", "eu": "Ordaindutako sariak"},
    "g.fig.residue": {"es": "Residuos", "eu": "Hondarrak"},
    "g.no_winner": {"es": "sin ganador", "eu": "irabazlerik gabe"},
    "g.sum.title": {
        "es": "Otras modalidades (bingo derivado, bingo plus)",
        "eu": "Beste modalitateak (bingo eratorria, bingo plus)",
    },
    "g.sum.result": {"es": "Resultado para la sala", "eu": "Aretoarentzako emaitza"},
    "g.sum.ordinary": {"es": "Bingo ordinario", "eu": "Bingo arrunta"},
    "g.sum.all_title": {
        "es": "Toda la sesión (bingo ordinario y otras modalidades)",
        "eu": "Saio osoa (bingo arrunta eta beste modalitateak)",
    },
}
