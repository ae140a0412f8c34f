"""The hall's engine: cartones, series, sale, partidas, claims, prizes and sessions.

Pure domain: no I/O, no Qt, no serial, no SQL. Persistence lives in ``store``.
"""

__version__ = "0.1.0"
