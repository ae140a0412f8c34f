"""The centre of bingo simultáneo and a hall's link to it (docs/centre.md)."""
