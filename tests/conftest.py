"""Shared test set-up. The deal helpers live in ``deal_helpers`` (import them from there); they are
re-exported here for tests written against the earlier location."""

from deal_helpers import act, cards, deal66, hand_str, legal, match66

__all__ = ["act", "cards", "deal66", "hand_str", "legal", "match66"]
