"""The composition root: the command line, the hall's bootstrap, the hall server and its web
panels, the device adapters, the settings.

Everything that touches the outside world is wired together here; the packages below it
(``ui``; ``drivers``, ``actas``, ``store``; ``bingo``) never import it (docs/architecture.md).
"""
