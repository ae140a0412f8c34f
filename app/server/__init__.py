"""The hall server: the only writer of the hall's record and owner of its devices.

HTTP for commands, a WebSocket for the stream of states (docs/api.md).
"""
