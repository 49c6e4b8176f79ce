"""Analysis for players: per-option estimates from one seat's information (``evaluate``), hints (``hint``) and the
review of a finished game (``review``)."""
