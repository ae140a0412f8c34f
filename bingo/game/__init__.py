"""Games the hall may offer, each described by a definition (SPEC R-MULTI-4).

A definition says how a modality is played: the numbers drawn, the cartón's shape, the winning
combinations and the prize plan. The ordinary 90-ball bingo is one definition; bingo derivado and
bingo plus (Cantabria, catálogo B.3 and B.4) are others. Definitions are plain data, read from
the region's authorised files at the edge (``app/config``).
"""
