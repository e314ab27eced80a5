"""What lies on the Tress table: :class:`TableMeld` and the JSON a page draws for it.

Shared by the engine (:mod:`rummytable.tress.game`), its view and its position loader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummytable.melds import Meld, MeldKind

LOG_IN_VIEW = 20
"""Entries of the event log shown in :meth:`rummytable.tress.game.TressGame.view`."""


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table with its stable id and owner (the seat that laid it).

    :ivar id: unique for the match, stable while the meld lives.
    :ivar owner: seat that laid it. :ivar meld: the cards and joker identities.
    """

    id: int
    owner: int
    meld: Meld


def meld_view(table_meld: TableMeld, wrap: bool) -> dict[str, Any]:
    """Return the JSON a page draws for a table meld (docs/formats.md, "view meld").

    Keys: ``id``, ``owner``, ``kind``, ``cards`` (keys low->high), ``faces`` (what each
    card shows or stands for: ``"6H"``, or ``"K"`` for a joker in a set), ``start``
    (a run's first value, ``None`` for a set), ``locked`` (always False in Tress).
    """
    meld = table_meld.meld
    return {
        "id": table_meld.id, "owner": table_meld.owner, "kind": meld.kind.value,
        "cards": [c.key for c in meld.cards], "faces": [str(f) for f in meld.faces(wrap)],
        "start": meld.start if meld.kind is MeldKind.RUN else None, "locked": False,
    }
