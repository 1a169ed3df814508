"""The independent referee of poker dice, written from POKER_DICE.md and RECORD.md alone.

:func:`referee` re-reads a poker dice record and computes the replay JSON of
POKER_DICE.md §4 with its own rules object, its own box scoring and its own hand ranking,
or raises :class:`RefereeError` for an illegal record. It imports nothing from
``thousand.games.poker_dice``: a test that compares the two catches a rule the engine gets
wrong, or a sentence of the rule book that two readers understand differently.

Where the rule book leaves a point to the project, this module says so next to the code
(``Silent point:``) and gives the reading it follows; the report of the comparison lists
which of those readings come from the project's documentation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

# -- the rules (POKER_DICE.md §2, §3) -------------------------------------------------


class RefereeError(ValueError):
    """The record is illegal (RECORD.md "Errors")."""


UPPER: Final = ("ones", "twos", "threes", "fours", "fives", "sixes")
RUSSIAN_LOWER: Final = (
    "pair",
    "two_pairs",
    "three",
    "small_straight",
    "big_straight",
    "full_house",
    "four",
    "poker",
    "chance",
)
YAHTZEE_LOWER: Final = (
    "three",
    "four",
    "full_house",
    "small_straight",
    "big_straight",
    "poker",
    "chance",
)
PRESETS: Final = ("russian", "russian_banked", "yahtzee", "ranking")
HANDS: Final = ("high_card", "pair", "two_pairs", "three", "full_house", "four", "poker")
"""The ranking game's kinds of hand, weakest first (§3 `ranking`)."""


@dataclass(frozen=True)
class Rules:
    """A preset plus overrides: every key of §2, and the two keys §3 names beyond it."""

    preset: str
    throws: int = 3
    series1: str = "plus_minus"
    bonus_threshold: int = 0
    bonus: int = 50
    first_throw_double: bool = True
    four_bonus: int = 0
    poker_bonus: int = 50
    unmade: str = "zero"
    bank_unused_throws: bool = False
    unused_throw_bonus: int = 0
    series1_first: bool = False
    last_round: str = "all_boxes"
    joker: str = "none"
    lowest_wins: bool = False

    @property
    def boxes(self) -> tuple[str, ...]:
        if self.preset == "ranking":
            return ()
        return UPPER + (YAHTZEE_LOWER if self.preset == "yahtzee" else RUSSIAN_LOWER)


_PRESET_VALUES: Final[dict[str, dict[str, Any]]] = {
    "russian": {},
    "russian_banked": {
        "series1": "crossed",
        "four_bonus": 30,
        "poker_bonus": 50,
        "unmade": "minus",
        "bank_unused_throws": True,
        "unused_throw_bonus": 3,
        "last_round": "first_finisher",
    },
    "yahtzee": {
        "bonus_threshold": 63,
        "bonus": 35,
        "first_throw_double": False,
        "joker": "free",
        "series1": "sum",
    },
    "ranking": {"bonus": 0, "first_throw_double": False, "poker_bonus": 0},  # no sheet
}

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "series1": ("plus_minus", "done_or_minus", "crossed", "sum"),
    "unmade": ("zero", "minus"),
    "last_round": ("all_boxes", "first_finisher"),
    "joker": ("free", "forced", "none"),
}
_FLAGS: Final = (
    "first_throw_double",
    "bank_unused_throws",
    "series1_first",
    "lowest_wins",
)
_RANGES: Final[dict[str, tuple[int, int]]] = {
    "throws": (1, 10),
    "bonus_threshold": (-1000, 1000),
    "bonus": (0, 10000),
    "four_bonus": (0, 10000),
    "poker_bonus": (0, 10000),
    "unused_throw_bonus": (0, 10000),
}
"""Silent point: the ranges are the project's (a bonus paid is zero or more)."""


def rules_from(spec: Any) -> Rules:
    """The validated rules of a record's ``rules`` field (RECORD.md, §2)."""
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, Mapping):
        raise RefereeError("rules: a preset name or an object with a preset")
    # Silent point: an object without a preset overrides `russian` (the project's default).
    preset = spec.get("preset", "russian")
    if preset not in PRESETS:
        raise RefereeError(f"rules: unknown preset {preset!r}")
    known = {f.name for f in fields(Rules)} - {"preset"}
    values: dict[str, Any] = dict(_PRESET_VALUES[preset])
    for key, value in spec.items():
        if key == "preset":
            continue
        if key not in known:
            raise RefereeError(f"rules: unknown key {key!r}")
        if key == "joker" and isinstance(value, bool):
            # the project reads the key's first form: false/true = none/forced
            values[key] = "forced" if value else "none"
            continue
        if key in _CHOICES:
            ok = isinstance(value, str) and value in _CHOICES[key]
        elif key in _FLAGS:
            ok = isinstance(value, bool)
        else:
            low, high = _RANGES[key]
            ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        if not ok:
            raise RefereeError(f"rules: bad value {value!r} for {key}")
        values[key] = value
    rules = Rules(preset=preset, **values)
    # Silent points, as the project decides them: a throw is "never used" only where
    # unused throws are kept, and the lowest hand wins only in the ranking game.
    if rules.unused_throw_bonus and not rules.bank_unused_throws:
        raise RefereeError("rules: unused_throw_bonus needs bank_unused_throws")
    if (rules.series1 == "sum") != (preset == "yahtzee"):
        raise RefereeError("rules: series1 'sum' is the yahtzee sheet's, and only it")
    if rules.lowest_wins and preset != "ranking":
        raise RefereeError("rules: lowest_wins belongs to the ranking game")
    # The project refuses a key a sheet does not have, rather than ignore it: the ranking
    # game (no sheet) changes only throws and lowest_wins; the yahtzee sheet has no
    # doubling ("no doubling", §3), no four bonus and no minus for a dash.
    if preset == "ranking":
        sheetless = Rules(preset="ranking", **_PRESET_VALUES["ranking"])
        changed = set(spec) - {"preset", "throws", "lowest_wins"}
        if any(getattr(rules, key) != getattr(sheetless, key) for key in changed):
            raise RefereeError("rules: the ranking game has no sheet")
    if preset == "yahtzee" and (
        rules.first_throw_double or rules.four_bonus or rules.unmade != "zero"
    ):
        raise RefereeError("rules: the yahtzee sheet has no doubling, four bonus or minus")
    return rules


# -- scoring a box (§1.2, §1.3, §3 `yahtzee`) ----------------------------------------


def _counts(dice: Sequence[int]) -> Counter[int]:
    return Counter(dice)


def _is_yahtzee(dice: Sequence[int]) -> bool:
    return len(set(dice)) == 1


def russian_made(box: str, dice: Sequence[int]) -> int | None:
    """The points a series-2 box of §1.3 scores for ``dice`` (no doubling, no bonus),
    or None when the dice do not show its combination."""
    c = _counts(dice)
    at_least = {n: [f for f in range(6, 0, -1) if c[f] >= n] for n in (2, 3, 4, 5)}
    if box == "chance":
        return sum(dice)
    if box == "pair":
        return 2 * at_least[2][0] if at_least[2] else None
    if box == "two_pairs":
        pairs = at_least[2]
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else None
    if box == "three":
        return 3 * at_least[3][0] if at_least[3] else None
    if box == "four":
        return 4 * at_least[4][0] if at_least[4] else None
    if box == "poker":
        return 5 * at_least[5][0] if at_least[5] else None
    if box == "full_house":
        return sum(dice) if sorted(c.values()) == [2, 3] else None
    if box == "small_straight":
        return 15 if sorted(dice) == [1, 2, 3, 4, 5] else None
    if box == "big_straight":
        return 20 if sorted(dice) == [2, 3, 4, 5, 6] else None
    raise AssertionError(box)


LOWEST: Final = {
    "pair": 2,  # 1 1
    "two_pairs": 6,  # 1 1 2 2
    "three": 3,  # 1 1 1
    "small_straight": 15,
    "big_straight": 20,
    "full_house": 7,  # 1 1 1 2 2 (or 2 2 1 1 1)
    "four": 4,
    "poker": 5,
}
"""The sum each series-2 combination needs at its lowest (§2 `unmade` = `minus`)."""


def russian_points(rules: Rules, box: str, dice: Sequence[int], first_throw: bool) -> int:
    """What writing ``dice`` into ``box`` of a `russian`-like sheet scores."""
    if box in UPPER:
        face = UPPER.index(box) + 1
        count = dice.count(face)
        if rules.series1 == "plus_minus":
            return (count - 3) * face
        if rules.series1 == "done_or_minus":
            return 0 if count >= 3 else (count - 3) * face
        # crossed: three or more cross the box out (0); otherwise it is written as
        # unmade.  Silent point: an unmade series-1 box under `minus` is read as its
        # combination's lowest sum, three of the face: -3f.
        if count >= 3:
            return 0
        return -3 * face if rules.unmade == "minus" else 0
    made = russian_made(box, dice)
    if made is None:
        # Silent point: the minus of an unmade box is not doubled.
        return -LOWEST[box] if rules.unmade == "minus" else 0
    if rules.first_throw_double and first_throw and box != "chance":
        made *= 2
    if box == "poker":
        made += rules.poker_bonus
    if box == "four":
        # Silent point: the four bonus, like the poker bonus, is added after doubling.
        made += rules.four_bonus
    return made


def _has_run(dice: Sequence[int], length: int) -> bool:
    faces = set(dice)
    return any(all(f + i in faces for i in range(length)) for f in range(1, 8 - length))


def yahtzee_points(rules: Rules, box: str, dice: Sequence[int], joker: bool) -> int:
    """What writing ``dice`` into ``box`` of the `yahtzee` sheet scores; ``joker``: the
    dice are a yahtzee thrown with `poker` filled, so full house and the straights pay."""
    c = _counts(dice)
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * c[face]
    most = max(c.values())
    if box == "three":
        return sum(dice) if most >= 3 else 0
    if box == "four":
        return sum(dice) if most >= 4 else 0
    if box == "full_house":
        return 25 if joker or sorted(c.values()) == [2, 3] else 0
    if box == "small_straight":
        return 30 if joker or _has_run(dice, 4) else 0
    if box == "big_straight":
        return 40 if joker or _has_run(dice, 5) else 0
    if box == "poker":
        # Silent point: the yahtzee box pays `poker_bonus` (50 in the preset; the project).
        return rules.poker_bonus if most == 5 else 0
    if box == "chance":
        return sum(dice)
    raise AssertionError(box)


# -- ranking hands (§3 `ranking`) -----------------------------------------------------


def hand_of(dice: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    """The kind of a hand and the faces that order hands of that kind."""
    c = _counts(dice)
    by_count = sorted(c.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [n for _, n in by_count]
    faces = [f for f, _ in by_count]
    if shape == [5]:
        kind = "poker"
    elif shape == [4, 1]:
        kind = "four"
    elif shape == [3, 2]:
        kind = "full_house"
    elif shape[0] == 3:
        kind = "three"
    elif shape[:2] == [2, 2]:
        kind = "two_pairs"
    elif shape[0] == 2:
        kind = "pair"
    else:
        return "high_card", (sum(dice),)
    # by_count orders the combination's faces (more dice first, then the higher face:
    # the three of a full house before its pair, the higher pair first), then the
    # remaining single dice from the highest.
    return kind, tuple(faces)


def hand_key(dice: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    kind, faces = hand_of(dice)
    return HANDS.index(kind), faces


# -- the record (RECORD.md, §4) -------------------------------------------------------


@dataclass
class Player:
    name: str
    boxes: dict[str, int | None]
    throws_used: int = 0
    turns_done: int = 0
    further_yahtzees: int = 0
    hand: str | None = None
    hand_key: tuple[int, tuple[int, ...]] | None = None


@dataclass
class Turn:
    """One turn's throws as the record gives them, checked against §1.1 and §4."""

    dice: list[int]
    throws: int


@dataclass
class Game:
    rules: Rules
    players: list[Player]
    rows: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    winner: str | None = None
    winners: list[str] = field(default_factory=list)
    # the ranking game: who plays this round, and how many of them have played
    round_seats: list[int] = field(default_factory=list)
    round_played: int = 0
    # the sheet game: the seat that filled its sheet first (`first_finisher`)
    finisher: int | None = None


def _is_face(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _faces(value: Any, where: str, what: str) -> list[int]:
    if not isinstance(value, list):
        raise RefereeError(f"{where}: {what} must be a list of faces")
    for face in value:
        if not _is_face(face):
            raise RefereeError(f"{where}: {face!r} is not a die face (1-6)")
    return list(value)


def _throws(rolls: Any, where: str, allowed: int) -> Turn:
    """The dice showing after the turn's throws; refuses what §1.1 and §4 forbid."""
    if not isinstance(rolls, list) or not rolls:
        raise RefereeError(f"{where}: a turn has one throw or more")
    dice: list[int] = []
    for number, raw in enumerate(rolls, start=1):
        at = f"{where}, throw {number}"
        if number > allowed:
            raise RefereeError(f"{at}: only {allowed} throws are allowed")
        if number == 1:
            # Silent point: {"keep": [], "dice": [five faces]} says the same (the project).
            first = raw
            if isinstance(raw, dict) and set(raw) == {"keep", "dice"} and raw["keep"] == []:
                first = raw["dice"]
            dice = _faces(first, at, "the first throw")
            if len(dice) != 5:
                raise RefereeError(f"{at}: the first throw throws five dice")
            continue
        if not isinstance(raw, dict) or set(raw) != {"keep", "dice"}:
            raise RefereeError(f"{at}: a later throw is {{'keep': [...], 'dice': [...]}}")
        keep = _faces(raw["keep"], at, "keep")
        thrown = _faces(raw["dice"], at, "dice")
        if Counter(keep) - Counter(dice):
            raise RefereeError(f"{at}: cannot keep {keep}: the dice showing are {dice}")
        if len(keep) == 5:
            raise RefereeError(f"{at}: a throw throws at least one die")
        if len(thrown) != 5 - len(keep):
            raise RefereeError(f"{at}: expected {5 - len(keep)} dice, got {len(thrown)}")
        dice = keep + thrown
    return Turn(dice, len(rolls))


def _allowed(rules: Rules, player: Player) -> int:
    """Throws this turn may use: `throws`, plus the bank (§2 `bank_unused_throws`).

    Silent point: the bank holds every throw an earlier turn left unused, less those a
    later turn spent beyond `throws`; a turn may spend all of it."""
    if rules.preset != "ranking" and rules.bank_unused_throws:
        return rules.throws * (player.turns_done + 1) - player.throws_used
    return rules.throws


def _extra(rules: Rules, player: Player, over: bool) -> int:
    """Every bonus but the upper series': further yahtzees, throws never used.

    Silent point: the throws never used are those left in the bank when the game is
    over (the project pays them then, not while the game is played)."""
    extra = 100 * player.further_yahtzees
    if over and rules.preset != "ranking" and rules.unused_throw_bonus:
        unused = rules.throws * player.turns_done - player.throws_used
        extra += rules.unused_throw_bonus * unused
    return extra


def _write(game: Game, seat: int, turn: Turn, box: Any, where: str) -> None:
    rules, player = game.rules, game.players[seat]
    at = f"{where}, throw {turn.throws}"
    if box not in rules.boxes:
        raise RefereeError(f"{at}: there is no box {box!r}")
    if player.boxes[box] is not None:
        raise RefereeError(f"{at}: the box {box} is filled already")
    if rules.series1_first and box not in UPPER and any(player.boxes[b] is None for b in UPPER):
        raise RefereeError(f"{at}: series 2 opens only when series 1 is full")
    dice = turn.dice
    if rules.preset == "yahtzee":
        upper = UPPER[dice[0] - 1]
        joker = rules.joker != "none" and _is_yahtzee(dice) and player.boxes["poker"] is not None
        if joker and rules.joker == "free" and player.boxes[upper] is None:
            # Silent point: the free joker (the published optimum's, not in the rule
            # book) is a joker only once the upper box of its face is filled.
            joker = False
        if joker and rules.joker == "forced":
            lower_empty = [b for b in YAHTZEE_LOWER if player.boxes[b] is None]
            if player.boxes[upper] is None:
                if box != upper:
                    raise RefereeError(f"{at}: the joker goes in {upper}")
            elif lower_empty and box not in lower_empty:
                raise RefereeError(f"{at}: the joker goes in a lower box")
        points = yahtzee_points(rules, box, dice, joker)
        # Silent point: a further yahtzee pays 100 whatever box it goes in, joker or
        # not, but only after a yahtzee was written into `poker` (a scratched 0 earns none).
        poker = player.boxes["poker"]
        if _is_yahtzee(dice) and poker is not None and poker > 0:
            player.further_yahtzees += 1
    else:
        points = russian_points(rules, box, dice, turn.throws == 1)
    player.boxes[box] = points
    game.rows.append({"player": player.name, "box": box, "points": points})


def _sheet_turn(game: Game, seat: int, data: Mapping[str, Any], where: str, last: bool) -> None:
    rules, player = game.rules, game.players[seat]
    # Silent point: "stop": false is no stop and "box": null no box (the project).
    if data.get("stop", False) is not False:
        raise RefereeError(f"{where}: cannot stop: a turn ends by writing a box")
    turn = _throws(data.get("rolls"), where, _allowed(rules, player))
    if data.get("box") is None:
        if not last:
            raise RefereeError(f"{where}, throw {turn.throws}: the turn writes no box")
        return  # the game waits for this player
    _write(game, seat, turn, data["box"], where)
    player.throws_used += turn.throws
    player.turns_done += 1
    _sheet_end(game, seat)


def _sheet_end(game: Game, seat: int) -> None:
    """§1.3 "The game ends", or §2 `last_round` = `first_finisher`."""
    players = game.players
    if game.finisher is None and all(v is not None for v in players[seat].boxes.values()):
        game.finisher = seat
    if game.rules.last_round == "first_finisher" and game.finisher is not None:
        # The first player finishing lets the others have one last turn; anyone else
        # finishing ends the game at once.
        ends = game.finisher != 0 or seat == len(players) - 1
    else:
        ends = all(v is not None for p in players for v in p.boxes.values())
    if ends:
        game.over = True
        totals = [_total(game.rules, p, True) for p in players]
        best = max(totals)
        game.winners = [p.name for p, t in zip(players, totals, strict=True) if t == best]
        game.winner = game.winners[0] if len(game.winners) == 1 else None


def _ranking_turn(game: Game, seat: int, data: Mapping[str, Any], where: str, last: bool) -> None:
    rules, player = game.rules, game.players[seat]
    if data.get("box") is not None:
        raise RefereeError(f"{where}: the ranking game has no boxes")
    turn = _throws(data.get("rolls"), where, rules.throws)
    stop = data.get("stop", False)
    if not isinstance(stop, bool):
        raise RefereeError(f"{where}: stop is true or false")
    # Silent point: a stop after the last throw, which ended the turn by rule already,
    # is read as the end of the turn (the project), not refused.
    ended = turn.throws == rules.throws
    if not (stop or ended):
        if not last:
            raise RefereeError(f"{where}, throw {turn.throws}: the turn neither stops nor ends")
        return
    player.hand, _ = hand_of(turn.dice)
    player.hand_key = hand_key(turn.dice)
    game.rows.append({"player": player.name, "box": None, "points": 0})
    game.round_played += 1
    if game.round_played < len(game.round_seats):
        return
    keys = [game.players[s].hand_key for s in game.round_seats]
    known = [k for k in keys if k is not None]
    best = min(known) if rules.lowest_wins else max(known)
    tied = [s for s, k in zip(game.round_seats, keys, strict=True) if k == best]
    if len(tied) == 1:
        game.over = True
        game.winner = game.players[tied[0]].name
        game.winners = [game.winner]
    else:
        game.round_seats, game.round_played = tied, 0


def _total(rules: Rules, player: Player, over: bool) -> int:
    boxes = sum(v for v in player.boxes.values() if v is not None)
    return boxes + _bonus(rules, player) + _extra(rules, player, over)


def _subtotal(player: Player) -> int:
    return sum(v for b, v in player.boxes.items() if b in UPPER and v is not None)


def _bonus(rules: Rules, player: Player) -> int:
    """Silent point: the upper series' bonus is settled when its six boxes are full."""
    if rules.preset == "ranking" or any(player.boxes[b] is None for b in UPPER):
        return 0
    return rules.bonus if _subtotal(player) >= rules.bonus_threshold else 0


_RECORD_KEYS: Final = {"format", "game", "meta", "rules", "players", "turns"}
_TURN_KEYS: Final = {"rolls", "box", "stop", "player"}


def referee(data: Any) -> dict[str, Any]:
    """POKER_DICE.md §4's replay JSON of a record; RefereeError if it is illegal."""
    if not isinstance(data, Mapping):
        raise RefereeError("a record is a JSON object")
    unknown = set(data) - _RECORD_KEYS
    if unknown:
        raise RefereeError(f"unknown field {sorted(unknown)[0]!r}")
    if data.get("format") != 1 or isinstance(data.get("format"), bool):
        raise RefereeError("format must be 1")
    if data.get("game") != "poker_dice":
        raise RefereeError("not a poker dice record")
    rules = rules_from(data.get("rules"))
    names = data.get("players")
    if "meta" in data and not isinstance(data["meta"], Mapping):
        raise RefereeError("meta: a free-form object")
    # Silent point: beyond RECORD.md's "unique, non-empty", the project wants names
    # that are printable, not blank, and at most 40 characters.
    if (
        not isinstance(names, list)
        or not 1 <= len(names) <= 8
        or not all(
            isinstance(n, str) and n.strip() and n.isprintable() and len(n) <= 40 for n in names
        )
        or len(set(names)) != len(names)
    ):
        raise RefereeError("players: 1 to 8 unique, non-empty names")
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RefereeError("turns must be a list")
    game = Game(
        rules,
        [Player(n, dict.fromkeys(rules.boxes)) for n in names],
        round_seats=list(range(len(names))),
    )
    ranking = rules.preset == "ranking"
    to_move: int | None = 0
    for index, turn_data in enumerate(turns):
        number = index + 1
        if game.over:
            raise RefereeError(f"turn {number}: the game is already over")
        if not isinstance(turn_data, Mapping):
            raise RefereeError(f"turn {number}: a turn is an object")
        seat = game.round_seats[game.round_played] if ranking else index % len(names)
        name = names[seat]
        where = f"turn {number} ({name})"
        extra_keys = set(turn_data) - _TURN_KEYS
        if extra_keys:
            raise RefereeError(f"{where}: unknown field {sorted(extra_keys)[0]!r}")
        # The project reads "player": null as no name given, in both games.
        if turn_data.get("player") is not None and turn_data["player"] != name:
            raise RefereeError(f"{where}: the record names {turn_data['player']!r}")
        last = number == len(turns)
        done_before = len(game.rows)
        if ranking:
            _ranking_turn(game, seat, turn_data, where, last)
        else:
            _sheet_turn(game, seat, turn_data, where, last)
        if len(game.rows) == done_before:
            # The last turn, in progress. Silent point: it is listed with box null and
            # points 0 (the project, as RECORD.md lists dice 1000's `in_progress` turn).
            game.rows.append({"player": name, "box": None, "points": 0})
            to_move = seat
            break
    else:
        if ranking:
            to_move = None if game.over else game.round_seats[game.round_played]
        else:
            to_move = None if game.over else len(turns) % len(names)
    return {
        "players": [_player_json(rules, p, game.over) for p in game.players],
        "turns": game.rows,
        "winner": game.winner,
        "winners": game.winners,
        "to_move": None if to_move is None else names[to_move],
    }


def _player_json(rules: Rules, player: Player, over: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": player.name,
        "boxes": dict(player.boxes),
        "subtotal": _subtotal(player),
        "bonus": _bonus(rules, player),
        "extra": _extra(rules, player, over),
        "total": _total(rules, player, over),
    }
    if rules.preset == "ranking":
        out["hand"] = player.hand
    return out
