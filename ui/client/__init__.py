"""The console as a client of the hall server: the link, the replica of the hall, the devices
seen through the server (docs/architecture.md, "The console and the server").
"""
