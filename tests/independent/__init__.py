"""Independent checks of the open export format, written from its specification alone."""
