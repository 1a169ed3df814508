"""Everything dice 1000 says to a player, in the player's language: its one vocabulary.

The engine speaks in identifiers — a refusal's ``rule`` and ``params``, a combination's
``name``, a turn's ``outcome``, the fields of :class:`~thousand.games.dice1000.config.Rules` — and
this module turns them into sentences through a :class:`~thousand.core.i18n.Translator`. The
terminal game, the unattended bots-only run and ``thousand games`` all draw their words
from here, so each sentence exists once, in the catalogs.

The rules help (:func:`rules_help`) is written from the game's actual rules, not from
a fixed text: a house rule that is off is not mentioned, one that is on is explained
with its figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from thousand.core import words as core_words
from thousand.core.errors import IllegalActionError
from thousand.core.i18n import N_, Translator
from thousand.core.pace import Estimate
from thousand.core.words import common_refusal, spec_key
from thousand.core.words import dice_count as dice_count  # noqa: PLC0414 - re-exported
from thousand.core.words import faces as faces  # noqa: PLC0414 - re-exported
from thousand.games.dice1000.actions import STOP, THROW, Action
from thousand.games.dice1000.config import Rules
from thousand.games.dice1000.game import BarrelSpec, Game
from thousand.games.dice1000.presets import PRESET_NAMES, rules_to_spec
from thousand.games.dice1000.scoring import Combination, ThrowScore
from thousand.games.dice1000.state import GameState, Penalty, TurnEnd

COMBINATION_NAMES = {
    "single": N_("single"),
    "three_of_a_kind": N_("three of a kind"),
    "four_of_a_kind": N_("four of a kind"),
    "five_of_a_kind": N_("five of a kind"),
    "small_straight": N_("small straight"),
    "big_straight": N_("big straight"),
    "big_favorite": N_("big favorite"),
    "small_favorite": N_("small favorite"),
    "pair": N_("pair"),
}
"""The engine's combination names (:class:`~thousand.games.dice1000.scoring.Combination`) as
shown."""

PRESET_TITLES = {
    "classic": N_("classic"),
    "ussr": N_("USSR box"),
    "courtyard": N_("courtyard"),
    "barrel850": N_("barrel 850"),
}
"""The presets' names as players call them (:func:`rules_title`)."""

PRESET_DESCRIPTIONS = {
    "classic": N_(
        "Entry 100; barrels 200–300, 600–700 and 880–1000; favorites 3 4 4 6 6 and "
        "2 2 3 3 4; hot dice must be thrown again."
    ),
    "ussr": N_(
        "As printed in a game box from the USSR: entry 75; barrels 200–300 and 600–700; "
        "dump truck 555; a final barrel 900–1000 (3 attempts, then −100; whoever lands on "
        "it knocks you off); bolts; four of a kind = face × 100; five of a kind wins."
    ),
    "courtyard": N_(
        "As played in courtyards: entry 50; barrels 200–300, 600–700 and 900–1000; a bolt "
        "for every bust (3 in a row: −50); dump truck 555; overtaking costs the overtaken 50."
    ),
    "barrel850": N_(
        "A home version: entry 75; one barrel 850–1000 where a stop counts as 850; "
        "whoever lands on it knocks the player there back to their entry score."
    ),
}
"""What each preset's rules are, in one line: ``thousand rules`` lists them and the rules
help opens with them. Where each preset comes from (the passages of the seeds) is told
in the preset files' comments and the README, not to players."""

BOT_LEVEL_NAMES = {
    "cautious": N_("cautious"),
    "balanced": N_("balanced"),
    "bold": N_("bold"),
    "perfect": N_("perfect"),
}
"""Computer player levels as shown; a level without an entry is shown as its name."""

PENALTY_REASONS = {
    "bolts": N_("bolts"),
    "barrel_attempts": N_("fell off the barrel"),
    "overtaken": N_("overtaken"),
    "knocked_off": N_("knocked off the barrel"),
}
"""Why a score fell (``Penalty.reason``), as the sheet and the game say it."""

COUNT_NAMES = {
    3: N_("three {face}s"),
    4: N_("four {face}s"),
    5: N_("five {face}s"),
}
"""Three, four, five of a kind named by their face (``three 2s``), as ``thousand score``
lists a throw's combinations."""


def preset_description(tr: Translator, name: str) -> str:
    """A preset's one-line description (:data:`PRESET_DESCRIPTIONS`) in ``tr``'s language."""
    return tr.gettext(PRESET_DESCRIPTIONS[name])


def points(tr: Translator, amount: int) -> str:
    """``15 points`` / ``15 очков``."""
    return tr.ngettext("{n} point", "{n} points", amount).format(n=amount)


def combination(tr: Translator, combo: Combination) -> str:
    """``three of a kind 2 2 2: 20``; a single die is just ``5: 5``."""
    if combo.name == "single":
        return f"{faces(combo.dice)}: {combo.points}"
    name = tr.gettext(COMBINATION_NAMES.get(combo.name, combo.name))
    return tr.gettext("{name} {dice}: {points}").format(
        name=name, dice=faces(combo.dice), points=combo.points
    )


def combination_name(tr: Translator, combo: Combination) -> str:
    """A combination by its face where it has one: ``three 2s``, ``single 5``,
    ``pair of 3s``; otherwise its name from :data:`COMBINATION_NAMES` (``small straight``)."""
    face = combo.dice[0]
    if combo.name == "single":
        return tr.gettext("single {face}").format(face=face)
    if combo.name == "pair":
        return tr.gettext("pair of {face}s").format(face=face)
    if combo.name.endswith("_of_a_kind") and len(combo.dice) in COUNT_NAMES:
        return tr.gettext(COUNT_NAMES[len(combo.dice)]).format(face=face)
    return tr.gettext(COMBINATION_NAMES.get(combo.name, combo.name.replace("_", " ")))


def throw_summary(tr: Translator, score: ThrowScore) -> str:
    """What a throw scored: its combinations and total, or that it is a bust."""
    if score.bust:
        return tr.gettext("nothing scores")
    parts = ", ".join(combination(tr, combo) for combo in score.combinations)
    return tr.gettext("{combinations} — {points}").format(
        combinations=parts, points=points(tr, score.points)
    )


def bot_level(tr: Translator, level: str) -> str:
    return tr.gettext(BOT_LEVEL_NAMES[level]) if level in BOT_LEVEL_NAMES else level


def player_label(tr: Translator, name: str, level: str | None) -> str:
    """A player's name, marked as a computer player with its level when it is one."""
    return core_words.player_label(tr, name, None if level is None else bot_level(tr, level))


def rules_title(tr: Translator, rules: Rules) -> str:
    """The rules in a few words: the preset's name, noting house changes."""
    spec = rules_to_spec(rules)
    if isinstance(spec, str):
        return tr.gettext(PRESET_TITLES.get(spec, spec))
    name = str(spec.get("preset", "classic"))
    return tr.gettext("{preset} with changes").format(
        preset=tr.gettext(PRESET_TITLES.get(name, name))
    )


def rules_key(tr: Translator, rules: Rules) -> str:
    """The rules as one types them after ``--rules``: the preset's name, and the keys a
    house changed (``ussr with changes to: entry_threshold``) — for rules files and the
    replayed sheet; :func:`rules_title` is the same rules in a player's words."""
    return spec_key(tr, rules_to_spec(rules))


# -- refusals ----------------------------------------------------------------------


REFUSALS: Mapping[str, str] = {
    "hot_dice": N_("all five dice scored: they must be thrown again before you may stop"),
    "first_throw": N_("a turn starts with a throw of all five dice"),
    "first_throw_retry": N_("the first throw scored nothing: throw all five dice once more"),
}
"""The engine's refusals with no figures in them, by ``rule`` (besides every game's)."""


def refusal(tr: Translator, error: IllegalActionError) -> str:
    """Why the engine refused an action, from its ``rule`` and ``params``; what every
    game words alike is :func:`~thousand.core.words.common_refusal`'s."""
    rule, params = error.rule, error.params
    if rule == "entry":
        return tr.gettext(
            "you need {threshold} in one turn to enter the game (this turn: {total})"
        ).format(**params)
    if rule == "barrel":
        return tr.gettext(
            "you stand on the barrel {low}–{high}: you need {need} in one turn "
            "to get off it (this turn: {total})"
        ).format(**params)
    if rule == "set_aside":
        return tr.gettext(
            "only whole scoring combinations can be set aside: {dice} is not one"
        ).format(dice=faces(params.get("dice", ())) or "—")
    return common_refusal(tr, error, REFUSALS)


# -- the solved strategy: solving it, and its advice ----------------------------------


def solving(tr: Translator, rules: Rules, players: int = 2) -> str:
    """What is said while a rule set is solved for the first time (then it is cached).

    Rules whose scores only grow solve exactly in seconds for two players; the exact
    three-player table takes minutes (about five of two free cores for the classic
    rules, far more on a busy machine); rules where scores fall take value iteration over
    far more positions (``ussr``: about twelve minutes). The player is told which before
    waiting.
    """
    from thousand.games.dice1000.game import Game  # noqa: PLC0415 - only when a solve starts
    from thousand.games.dice1000.solver.seats import three_pending  # noqa: PLC0415 - numpy
    from thousand.games.dice1000.solver.tables import monotone_obstacles  # noqa: PLC0415

    game = Game(rules)
    if three_pending(game, players):
        text = tr.gettext(
            "Solving the exact table of the {rules} rules for three players once "
            "(this takes several minutes)…"
        )
    elif monotone_obstacles(game):
        text = tr.gettext("Solving the {rules} rules once (this can take 10–30 minutes)…")
    else:
        text = tr.gettext("Solving the {rules} rules once (about 10 s)…")
    return text.format(rules=rules_title(tr, rules))


def approximation_note(
    tr: Translator,
    solving_aside: bool = False,
    estimate: Estimate | None = None,
    server: bool = False,
) -> str:
    """Why the advisor's figures are approximate at this table; with ``solving_aside``
    also that the exact table is on its way (its latest ``estimate``, if any).

    Said under the figures whenever the strategy answering is not exact for the position
    (four players or more, three where scores can fall, or three while their exact table
    is solved on this machine for the first time).
    """
    text = tr.gettext(
        "An approximation at this table: played as a duel with the leading "
        "opponent (exact for two players, and for three where scores only grow)."
    )
    if not solving_aside:
        return text
    return text + " " + solving_aside_note(tr, estimate, server)


FIRM_ESTIMATE = 0.03
"""The share of a solve done before its time left is told: the first calls' pace is noise
(on a busy machine the first reading of the classic three-player solve said 2.3 hours
for what took under 40 minutes)."""


def solving_aside_note(tr: Translator, estimate: Estimate | None, server: bool = False) -> str:
    """``The exact three-player table is being solved on this machine, once: 42% done,
    about 7 min left.`` — from the solve's own estimate, in the player's language (on the
    ``server``: said so, for a player whose phone is not the one working)."""
    if estimate is None or estimate.seconds_left is None or estimate.done < FIRM_ESTIMATE:
        progress = tr.gettext("estimating the time left")
    else:
        progress = tr.gettext("{done} done, about {time} left").format(
            done=percent(tr, estimate.done, 0), time=core_words.time_span(tr, estimate.seconds_left)
        )
    if server:
        text = tr.gettext(
            "The exact table for three players is being solved on the server, once: {progress}."
        )
    else:
        text = tr.gettext(
            "The exact table for three players is being solved on this machine, once: {progress}."
        )
    return text.format(progress=progress)


def percent(tr: Translator, value: float, digits: int = 1) -> str:
    """A chance as a percentage with the language's decimal mark: ``51.4%`` / ``51,4%``."""
    number = f"{value * 100:.{digits}f}"
    mark = tr.pgettext("decimal mark in a number", ".")
    return tr.gettext("{number}%").format(number=number.replace(".", mark))


MAX_DIGITS = 3
"""Decimals a chance is shown with at most (told apart from a close second)."""


def chance_digits(values: Sequence[float]) -> int:
    """Decimals enough to tell different chances apart: one, more only when they round alike.

    Near the point where throwing and stopping are worth the same, 48.23% and 48.17% would
    both read 48.2% and the mark "best" would look arbitrary.
    """
    for digits in range(1, MAX_DIGITS + 1):
        shown = {f"{value * 100:.{digits}f}" for value in values}
        if len(shown) == len(set(values)):
            return digits
    return MAX_DIGITS


def action_name(tr: Translator, action: Action, dice_left: int, turn_total: int) -> str:
    """A decision as the actions bar names it: ``throw 3 dice`` / ``stop and record 105``."""
    if action == THROW:
        return tr.gettext("throw {dice}").format(dice=dice_count(tr, dice_left))
    if action == STOP:
        return tr.gettext("stop and record {points}").format(points=turn_total)
    return str(action)


def chance_lines(
    tr: Translator, state: GameState, values: Mapping[Action, float]
) -> list[tuple[str, bool]]:
    """Each legal action with the mover's winning chance after it: ``(line, is best)``.

    The actions keep the engine's order (throw, then stop); the best one — the highest
    chance, the first on an exact tie — is marked in words, not only by colour. A forced
    throw (the turn's first, hot dice, a stop not yet allowed) is called the only move:
    its chance is the position's.
    """
    if not values:
        return []
    best = max(values, key=lambda action: values[action])
    digits = chance_digits(list(values.values()))
    lines = []
    for action, chance in values.items():
        name = action_name(tr, action, state.dice_left, state.turn_total)
        shown = percent(tr, chance, digits)
        if len(values) == 1:
            line = tr.gettext("{action}: {chance} (the only move)").format(
                action=name, chance=shown
            )
        elif action == best:
            line = tr.gettext("{action}: {chance} ← best").format(action=name, chance=shown)
        else:
            line = tr.gettext("{action}: {chance}").format(action=name, chance=shown)
        lines.append((line, action == best))
    return lines


# -- the end of a turn ---------------------------------------------------------------


def turn_end(
    tr: Translator,
    game: Game,
    names: Sequence[str],
    end: TurnEnd,
    dice: Sequence[int] | None = None,
) -> list[str]:
    """Sentences telling how a turn ended, the mover's first, then any penalties.

    A line starts with the player's name and a colon and never makes the name the
    subject of a verb: the default name of the person at the keyboard is "You" / "Вы",
    which no verb form suits together with "Anna" (not "You wins", not "Вы записывает").
    ``dice``, the busting throw's faces, go into a bust's line ("Anna: 2 3 4 6 — bust,
    10 points lost."): a log of the browser's table, where the dice do not stay in sight
    (the terminal's log has the throw on the line above).
    """
    name = names[end.player]
    lines: list[str] = []
    if end.outcome == "win":
        lines.append(tr.gettext("{name}: {score} — victory!").format(name=name, score=end.score))
    elif end.outcome == "dump_truck":
        lines.append(
            tr.gettext("{name}: dump truck at {at}! The score goes back to 0.").format(
                name=name, at=end.before.score + end.points
            )
        )
    elif end.outcome == "bust":
        thrown = " ".join(str(face) for face in dice or ())
        if end.lost and thrown:
            lines.append(
                tr.gettext("{name}: {dice} — bust, {points} lost.").format(
                    name=name, dice=thrown, points=points(tr, end.lost)
                )
            )
        elif end.lost:
            lines.append(
                tr.gettext("{name}: bust, {points} lost.").format(
                    name=name, points=points(tr, end.lost)
                )
            )
        elif thrown:
            lines.append(tr.gettext("{name}: {dice} — bust.").format(name=name, dice=thrown))
        else:
            lines.append(tr.gettext("{name}: bust.").format(name=name))
        penalised = any(p.reason == "bolts" and p.player == end.player for p in end.penalties)
        if end.bolt and not penalised:
            lines.append(
                tr.gettext("{name}: a bolt ({count} of {limit}).").format(
                    name=name, count=end.players[end.player].bolts, limit=game.bolt_limit
                )
            )
    else:
        template = (
            tr.gettext("{name}: +{points}, score {score}.")
            if end.before.entered
            else tr.gettext("{name}: +{points} — entry into the game, score {score}.")
        )
        lines.append(template.format(name=name, points=end.points, score=end.score))
    lines.extend(penalty(tr, names, item) for item in end.penalties)
    return lines


def penalty(tr: Translator, names: Sequence[str], item: Penalty) -> str:
    """``Anna: −50 (bolts), score 145.`` — the name never the subject, as in :func:`turn_end`."""
    reason = tr.gettext(PENALTY_REASONS.get(item.reason, item.reason))
    name = names[item.player]
    lost = item.before - item.after
    if lost >= 0:
        return tr.gettext("{name}: −{points} ({reason}), score {score}.").format(
            name=name, points=lost, reason=reason, score=item.after
        )
    return tr.gettext("{name}: score {score} ({reason}).").format(
        name=name, score=item.after, reason=reason
    )


# -- a player's standing ------------------------------------------------------------


def standing(tr: Translator, state: GameState, index: int) -> str:
    """Where a player stands: outside the game, on a barrel and what they need, bolts."""
    game = state.game
    sheet = state.players[index]
    parts: list[str] = []
    if not sheet.entered and not game.entry_threshold:
        parts.append(tr.gettext("not in the game yet: any recorded turn enters"))
    elif not sheet.entered:
        parts.append(
            tr.gettext("not in the game (needs {threshold})").format(threshold=game.entry_threshold)
        )
    else:
        barrel = state.barrel_of(index)
        if barrel is not None:
            parts.append(
                tr.gettext("on the barrel {low}–{high}: needs {need}").format(
                    low=barrel.low, high=barrel.high, need=barrel.high - sheet.score
                )
            )
            if barrel.attempts is not None:
                parts.append(
                    tr.gettext("attempts left: {left}").format(
                        left=barrel.attempts - sheet.barrel_turns
                    )
                )
        elif game.entry_threshold:
            parts.append(tr.gettext("in the game"))
    if game.bolt_limit:
        parts.append(
            tr.gettext("bolts: {count} of {limit}").format(count=sheet.bolts, limit=game.bolt_limit)
        )
    return "; ".join(parts)


# -- the rules help -----------------------------------------------------------------


def rules_help(tr: Translator, game: Game) -> list[tuple[str, list[str]]]:
    """The rules of this game as ``(heading, paragraphs)`` sections, from its Rules.

    The keys are not here: they are the front-end's, and the terminal's help adds
    them as its one section of keys, every key in it (a second section here left C out
    of its summary line).
    """
    rules = game.rules
    sections: list[tuple[str, list[str]]] = []
    spec = rules_to_spec(rules)
    preset = spec if isinstance(spec, str) else str(spec.get("preset", "classic"))
    about = [tr.gettext("Rules: {title}.").format(title=rules_title(tr, rules))]
    if preset in PRESET_NAMES:
        about.append(preset_description(tr, preset))
    if game.exact_ending:
        about.append(
            tr.gettext(
                "Goal: be the first to record exactly {target}. A throw that takes the "
                "score past {target} loses the turn."
            ).format(target=game.target)
        )
    else:
        about.append(
            tr.gettext("Goal: be the first to record {target} points or more.").format(
                target=game.target
            )
        )
    sections.append((tr.gettext("The game"), about))

    turn = [
        tr.gettext(
            "A turn starts with a throw of all five dice. Scoring dice are set aside and "
            "their points added to the turn total; then you throw the remaining dice again "
            "or stop and record the turn total."
        ),
        tr.gettext(
            "A throw scores on its own dice only. A throw with no scoring die is a bust: "
            "the turn ends and its total is lost."
        ),
    ]
    if game.choose_dice:
        turn.append(
            tr.gettext(
                "After a throw you choose which scoring combinations to set aside "
                "(at least one); the others are thrown again."
            )
        )
    else:
        turn.append(tr.gettext("Every scoring die of a throw is set aside."))
    if game.hot_dice_must_throw:
        turn.append(
            tr.gettext(
                "Hot dice: when all five dice have been set aside, you must throw all "
                "five again before you may stop; a bust then loses the whole turn."
            )
        )
    else:
        turn.append(
            tr.gettext(
                "Hot dice: when all five dice have been set aside, you may stop or "
                "throw all five again."
            )
        )
    if game.first_throw_retry:
        turn.append(
            tr.gettext("If the first throw of a turn scores nothing, you throw all five once more.")
        )
    sections.append((tr.gettext("A turn"), turn))
    sections.append((tr.gettext("Scoring"), _scoring_lines(tr, rules)))

    road: list[str] = []
    if game.entry_threshold:
        road.append(
            tr.gettext(
                "Entry: your score counts only from the first turn in which you make "
                "{threshold} or more; until then you may not stop with less."
            ).format(threshold=game.entry_threshold)
        )
    else:
        road.append(tr.gettext("No entry rule: every recorded turn counts."))
    for barrel in game.barrels:
        road.append(_barrel_line(tr, barrel))
    if game.dump_trucks:
        trucks = ", ".join(map(str, sorted(game.dump_trucks)))
        if game.dump_truck_midturn:
            road.append(
                tr.gettext(
                    "Dump truck {scores}: a score landing exactly there goes back to 0 "
                    "— also in the middle of a turn, which then ends at once. You stay "
                    "in the game."
                ).format(scores=trucks)
            )
        else:
            road.append(
                tr.gettext(
                    "Dump truck {scores}: recording exactly that score puts you back to 0. "
                    "You stay in the game."
                ).format(scores=trucks)
            )
    if game.bolt_limit:
        text = tr.gettext(
            "Bolts: every bust gives a bolt; at {limit} bolts you lose {penalty} points "
            "and the count starts again."
        ).format(limit=game.bolt_limit, penalty=game.bolt_penalty)
        extras = []
        if game.bolts_consecutive:
            extras.append(tr.gettext("A turn that records points clears your bolts."))
        if game.bolt_exempt_not_entered:
            extras.append(tr.gettext("No bolts before you enter the game."))
        if game.bolt_exempt_on_barrel:
            extras.append(tr.gettext("No bolts while you stand on a barrel."))
        road.append(" ".join([text, *extras]))
    if game.overtaking_penalty:
        road.append(
            tr.gettext(
                "Overtaking: when your stop takes you past another player, "
                "they lose {penalty} points."
            ).format(penalty=game.overtaking_penalty)
        )
    if game.instant_win == "five_ones":
        road.append(tr.gettext("Five 1s in one throw win the game at once."))
    elif game.instant_win == "five_of_a_kind":
        road.append(tr.gettext("Any five of a kind in one throw wins the game at once."))
    road.append(tr.gettext("Penalties may take a score below zero."))
    sections.append((tr.gettext("On the way to {target}").format(target=game.target), road))
    return sections


def _scoring_lines(tr: Translator, rules: Rules) -> list[str]:
    table = rules.points
    lines: list[str] = []
    singles = [
        f"{face}: {value}" for face, value in zip(range(1, 7), table.singles, strict=True) if value
    ]
    if singles:
        lines.append(tr.gettext("Single dice — {entries}.").format(entries=", ".join(singles)))
    for key, values in (
        ("three_of_a_kind", table.three_of_a_kind),
        ("four_of_a_kind", table.four_of_a_kind),
        ("five_of_a_kind", table.five_of_a_kind),
    ):
        entries = [
            f"{face}: {value}" for face, value in zip(range(1, 7), values, strict=True) if value
        ]
        if entries:
            name = tr.gettext(COMBINATION_NAMES[key])
            lines.append(
                tr.gettext("{name} — {entries}.").format(
                    name=name[:1].upper() + name[1:], entries=", ".join(entries)
                )
            )
    if table.small_straight:
        lines.append(
            tr.gettext("Small straight 1 2 3 4 5: {points}.").format(points=table.small_straight)
        )
    if table.big_straight:
        lines.append(
            tr.gettext("Big straight 2 3 4 5 6: {points}.").format(points=table.big_straight)
        )
    if table.favorites:
        lines.append(
            tr.gettext(
                "Favorites 3 4 4 6 6 and 2 2 3 3 4 score 0, but all five dice count as "
                "scoring: the throw is not a bust and all five are thrown again."
            )
        )
    if rules.two_dice_pair:
        lines.append(
            tr.gettext(
                "A pair thrown with the last two dice scores 0 but counts as scoring "
                "(a pair of 1s or 5s keeps its points)."
            )
        )
    lines.append(
        tr.gettext(
            "A throw is split into the combinations worth the most; dice in no "
            "combination do not score."
        )
    )
    return lines


def _barrel_line(tr: Translator, barrel: BarrelSpec) -> str:
    parts = [
        tr.gettext(
            "Barrel {low}–{high}: you may land on it, but standing on it you may stop "
            "only with a turn that takes you to {high} or more."
        ).format(low=barrel.low, high=barrel.high)
    ]
    if barrel.cap:
        parts.append(
            tr.gettext("A stop that ends inside it is credited as exactly {low}.").format(
                low=barrel.low
            )
        )
    fall = None
    if barrel.fall_penalty is not None:
        fall = tr.gettext("you lose {penalty} points").format(penalty=barrel.fall_penalty)
    elif barrel.fall_to_entry:
        fall = tr.gettext("you go back to the score you entered the game with")
    elif barrel.fall_to is not None:
        fall = tr.gettext("your score becomes {score}").format(score=barrel.fall_to)
    if barrel.attempts is not None and fall is not None:
        parts.append(
            tr.ngettext(
                "After {n} failed turn on it you fall off: {fall}.",
                "After {n} failed turns on it you fall off: {fall}.",
                barrel.attempts,
            ).format(n=barrel.attempts, fall=fall)
        )
    if barrel.knock_off and fall is not None:
        parts.append(
            tr.gettext(
                "When another player lands on it, whoever stands there falls off: {fall}."
            ).format(fall=fall)
        )
    return " ".join(parts)
