"""``thousand review RECORD`` for a record of card Thousand: each deal played to its last
card with the cards open (:mod:`thousand.games.card1000.review`)."""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.games.card1000 import NAME
from thousand.games.card1000.actions import Play
from thousand.games.card1000.record import parse_record
from thousand.games.card1000.review import DealReview, review_record


def run(args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
    """Review every played deal of ``record`` (parsed, of card Thousand)."""
    reviews = review_record(record)
    players = parse_record(record).players
    if args.json:
        env.print_json({"game": NAME, "deals": [_data(review) for review in reviews]})
        return ExitStatus.OK
    if not reviews:
        env.print("No deal of this record was played to its last card.")
    for review in reviews:
        for line in review_lines(review, players):
            env.print(line)
    return ExitStatus.OK


def _card(play: Play) -> str:
    return f"{play.card}{' + marriage' if play.marriage or play.ace_marriage else ''}"


def review_lines(review: DealReview, players: tuple[str, ...]) -> list[str]:
    """A deal's review as a player reads it."""
    declarer = players[review.declarer]
    lines = [
        f"Deal {review.deal}: {declarer} played {review.contract}; with the cards open, "
        f"against the best defence {declarer} could take {review.possible}; took {review.took}."
    ]
    for slip in review.slips:
        best = ", ".join(_card(play) for play in slip.best)
        lines.append(
            f"  {players[slip.seat]} let {slip.lost} go at trick {slip.trick} with "
            f"{_card(slip.played)} (best: {best})"
        )
    return lines


def _data(review: DealReview) -> dict[str, Any]:
    return {
        "deal": review.deal,
        "declarer": review.declarer,
        "contract": review.contract,
        "possible": review.possible,
        "took": review.took,
        "slips": [
            {
                "seat": slip.seat,
                "trick": slip.trick,
                "played": slip.played.to_data(),
                "lost": slip.lost,
                "best": [play.to_data() for play in slip.best],
            }
            for slip in review.slips
        ],
    }
