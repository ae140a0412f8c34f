"""Serial device drivers (BHD/1) and their emulators: extractor, reader, hall boards.

The engine gets its balls from ``drivers.ballsource.DeviceBallSource``; the protocol is
documented byte for byte in ``docs/protocol.md``. Nothing here imports Qt: drivers call plain
callbacks from their own threads.
"""
