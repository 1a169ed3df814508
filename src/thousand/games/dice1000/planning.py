"""The people-like computer players: three temperaments that plan a turn with exact dice.

A bot is a :data:`~thousand.games.dice1000.match.Policy` — a function from a position to one of
``state.legal_actions()`` — so it is legal under every rule set by construction: it
never invents an action, it only ranks the ones the engine offers.

How a bot ranks them. It looks a few throws ahead through the engine itself: from the
position it throws (``state.advance(THROW)``), lets every outcome of the exact chance
table fall (``game.chance_outcomes(n)``), and asks the engine what each leads to — a
bust, a dump truck, hot dice, a stop that is now allowed or not. Nothing about the rules
is re-derived here; the only knowledge is what the engine answers. Each end of a turn is
then valued in points:

* the score it leaves, minus the cost of where it leaves the player: outside the game
  (the entry threshold still to make) or on a barrel (the points needed to get off it in
  one turn). That cost is the expected number of wasted turns, ``1 / P(make it) − 1``,
  times the points a turn is worth; ``P`` is the exact chance of making that many points
  in one turn when throwing until one has them (:class:`RulesModel`);
* a win is worth the target; any other end is discounted by the chance that an opponent
  wins before the bot's next turn (each opponent's exact chance of making what they still
  need in one turn) — the endgame: near the end a bot presses on when stopping would only
  hand the game to somebody else. A stop that wins is always taken. The threat is
  weighed in steps of 1/128 (:func:`quantised_threat`).

Throws the rules force (hot dice, an entry or a barrel not yet made) cost a plan none of
its look-ahead; a run of hot dice is followed for :data:`HOT_RUN` throws. A position's
value depends only on the position and how far the plan still looks (at hot dice, also
on the run so far), never on how likely the way there was, so a level is also a table over
(the mover's sheet, the rounded threat, turn total, dice in hand), computed by
:mod:`thousand.games.dice1000.solver.levels`, that the native fast path plays under every
rule set the solver takes and at every table size, making exactly the bot's decisions.

The temperaments differ in how far they look and how much edge they want
(:class:`Temperament`):

* ``cautious`` looks one throw ahead and throws again only when that is expected to
  gain as much as the turn total it risks;
* ``balanced`` looks two throws ahead and throws again whenever it expects to gain;
* ``bold`` looks two throws ahead and throws again even when that is expected to lose
  up to 40% of the turn total.

Balanced plays best; cautious gives away a little by banking early, bold a lot by
busting (20,000 games a pair under the classic rules with the level tables: balanced
beats cautious 53% of the time and bold 69%, cautious beats bold 67%; and from
``benchmarks/bots_head_to_head.py``: bold busts on 80% of its turns, cautious on 45%).
Where the whole game is at stake the edge shrinks to nothing: near the end every level
goes for the win.

The levels are registered by name in :mod:`thousand.games.dice1000.bots`, beside the
solver-backed ``perfect``; this module knows nothing of the solver.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

from thousand.games.dice1000.actions import STOP, THROW, Action, SetAside
from thousand.games.dice1000.game import BarrelSpec, Game
from thousand.games.dice1000.odds import turn_expectation
from thousand.games.dice1000.scoring import DICE, Dice
from thousand.games.dice1000.state import Forced, GameState, Phase, PlayerState, TurnEnd, new_state

# -- what the bots know about a rule set -------------------------------------------

ThrowClasses = tuple[tuple[float, Dice], ...]
"""``(probability, representative faces)`` of a throw, one entry per class of outcomes."""

PLAN_LIMIT = 1500
"""Turn total beyond which a plan looks no further: past any sensible stop under a target
of 1000, and a bound on the work under absurd house rules (an entry threshold of 5000)."""


class RulesModel:
    """What every bot derives once per rule set: outcome classes and one-turn chances.

    *Outcome classes.* Outcomes of a throw that the engine scores alike — same points,
    same number of dice set aside (or, under ``choose_dice``, the same set-aside choices),
    same instant-win verdict — lead to the same position, so a plan follows one
    representative per class: 52 classes instead of 252 throws of five dice. The test
    suite checks this against the engine for every preset.

    *One-turn chances.* :meth:`chance_to_make` is the exact probability of making at
    least ``need`` points in one turn when throwing on until one has them; it prices
    barrels, entry and the opponents' threat.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.classes: dict[int, ThrowClasses] = {n: self._classes(n) for n in range(1, DICE + 1)}
        self._bust_at = self._bust_distribution()
        self._made: dict[int, float] = {}
        horizon = min(2 * game.target, 2 * PLAN_LIMIT)
        self.turn_value = turn_expectation(game, horizon=horizon).expected_points
        """Points a turn is worth: what the turn that maximises expected points expects
        (:func:`thousand.games.dice1000.odds.turn_expectation`; 35.7 under the classic rules)."""
        self.crossing_cost = tuple(self._crossing_cost(barrel) for barrel in game.barrels)
        """Per barrel ahead: what crossing it costs on average, as if landing anywhere in
        it (at its lower bound where it has a ``cap``). A player below a barrel must cross
        it, so stopping just below it is no escape from that cost."""

    def _classes(self, count: int) -> ThrowClasses:
        game = self.game
        found: dict[object, tuple[float, Dice]] = {}
        for dice, probability in game.chance_outcomes(count):
            signature: object
            if game.choose_dice:
                options = tuple(sorted((len(k), p) for k, p in game.scores.keep_options(dice)))
                signature = (options, game.is_instant_win(dice))
            else:
                score = game.score(dice)
                signature = (score.points, len(score.kept), game.is_instant_win(dice))
            mass, representative = found.get(signature, (0.0, dice))
            found[signature] = (mass + float(probability), representative)
        return tuple(found.values())

    def _bust_distribution(self) -> dict[int, float]:
        """How likely a turn thrown on forever ends (busts) with each turn total.

        A turn total only grows, except on a 0-point set-aside of all five dice (a
        favorite), which comes back to the same position; positions are therefore
        visited in order of turn total, and that self-loop is summed as a geometric
        series. Ends other than a win (a dump truck, an exact-ending overshoot) count
        as busts; a win or a total past the target (or past twice :data:`PLAN_LIMIT`,
        for absurd targets) counts as making everything.
        """
        game = self.game
        sheet = PlayerState("model", 0, True, 0, 0, 0)
        start = new_state(game, ["model"])._replace(players=(sheet,))
        bust_at: dict[int, float] = {}
        pending: dict[tuple[int, int, int, int], tuple[GameState, float]] = {}

        def order(state: GameState) -> tuple[int, int, int, int]:
            rank = 0 if state.throws == 0 else 1 if state.dice_left < DICE else 2
            return (state.turn_total, rank, -state.dice_left, int(state.forced))

        def push(state: GameState, mass: float) -> None:
            key = order(state)
            old = pending.get(key)
            pending[key] = (state, mass + (old[1] if old else 0.0))

        push(start, 1.0)
        while pending:
            key = min(pending)
            state, mass = pending.pop(key)
            if state.turn_total >= min(game.target, 2 * PLAN_LIMIT):
                continue
            loop = 0.0
            children: list[tuple[float, GameState]] = []
            ended = 0.0
            for probability, child, end in self._throw(state):
                if end is not None:
                    if end.outcome != "win":
                        ended += probability
                elif order(child) == key:
                    loop += probability
                else:
                    children.append((probability, child))
            scale = mass / (1.0 - loop)
            bust_at[state.turn_total] = bust_at.get(state.turn_total, 0.0) + ended * scale
            for probability, child in children:
                push(child, probability * scale)
        return bust_at

    def _throw(self, state: GameState) -> Iterator[tuple[float, GameState, TurnEnd | None]]:
        """Every class of outcome of throwing now; a set-aside keeps every scoring die."""
        for probability, dice in self.classes[state.dice_left]:
            child, end = state.advance_throw(dice)
            if end is None and child.phase is Phase.SET_ASIDE:
                child, end = child.advance(child.legal_actions()[0])
            yield probability, child, end

    def _crossing_cost(self, barrel: BarrelSpec) -> float:
        if barrel.cap:
            return self.wasted_turns_cost(barrel.high - barrel.low)
        unit = self.game.score_unit
        landings = range(barrel.low, barrel.high, unit)
        return sum(self.wasted_turns_cost(barrel.high - s) for s in landings) / len(landings)

    def chance_to_make(self, need: int) -> float:
        """Chance of making at least ``need`` points in one turn, throwing on until then.

        Exact up to one simplification: a total reached by hot dice counts as made,
        although the confirmation throw could still bust it.
        """
        if need <= 0:
            return 1.0
        known = self._made.get(need)
        if known is None:
            failed = sum(p for total, p in self._bust_at.items() if total < need)
            known = self._made[need] = max(0.0, min(1.0, 1.0 - failed))
        return known

    def wasted_turns_cost(self, need: int) -> float:
        """Points lost to the turns expected to fail before making ``need`` in one turn.

        ``1 / P − 1`` turns fail on average (``P``: :meth:`chance_to_make`); each is
        worth :attr:`turn_value`.
        """
        chance = max(self.chance_to_make(need), 0.02)
        return (1.0 / chance - 1.0) * self.turn_value

    def position_value(self, state: GameState, player: int) -> float:
        """A player's standing in points: the score less what the road ahead will cost.

        Outside the game the entry threshold is still to make. A barrel the player stands
        on costs the turns needed to make ``to − score`` in one; a barrel still ahead costs
        what crossing it costs on average (:attr:`crossing_cost`), so stopping just below
        a barrel is no escape from it, and landing high in it beats landing low.
        """
        sheet = state.players[player]
        value = float(sheet.score)
        if not sheet.entered:
            value -= self.wasted_turns_cost(self.game.entry_threshold)
        for barrel in self.game.barrels:
            if sheet.score < barrel.low:
                value -= self.crossing_cost[barrel.index]
            elif sheet.score < barrel.high and sheet.entered:
                value -= self.wasted_turns_cost(barrel.high - sheet.score)
        return value

    def threat(self, state: GameState) -> float:
        """Chance that an opponent of the player to move wins before that player's next turn.

        Each opponent is taken to go for the win in their one turn: the chance of making
        what they still need (at least the entry threshold if they are not in the game).
        """
        safe = 1.0
        for index, sheet in enumerate(state.players):
            if index != state.current:
                safe *= 1.0 - self.finishing_chance(sheet)
        return 1.0 - safe

    def finishing_chance(self, sheet: PlayerState) -> float:
        """An opponent's chance of winning in their next turn, going for it: making what
        they still need (at least the entry threshold if they are not in the game)."""
        game = self.game
        need = game.target - sheet.score
        if not sheet.entered:
            need = max(need, game.entry_threshold)
        return self.chance_to_make(need)


_MODELS: OrderedDict[str, RulesModel] = OrderedDict()


def rules_model(game: Game) -> RulesModel:
    """The :class:`RulesModel` of a game's rules, built once and kept for a few rule sets."""
    model = _MODELS.get(game.canonical)
    if model is None:
        model = RulesModel(game)
        _MODELS[game.canonical] = model
        while len(_MODELS) > 8:
            _MODELS.popitem(last=False)
    else:
        _MODELS.move_to_end(game.canonical)
    return model


# -- the planning bot ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Temperament:
    """A level's character: how many voluntary throws it plans and how much edge it wants.

    ``edge`` is the share of the turn total that throwing again must be expected to gain
    over stopping (positive: cautious) or may be expected to lose (negative: bold).
    """

    name: str
    horizon: int
    edge: float


CAUTIOUS = Temperament("cautious", horizon=1, edge=1.0)
BALANCED = Temperament("balanced", horizon=2, edge=0.0)
BOLD = Temperament("bold", horizon=2, edge=-0.4)


NodeKey = tuple[int, int, int, bool]
"""A position within a turn: turn total (capped, see :class:`TurnGraph`), dice in hand,
what forces a throw, first throw."""

WIN = math.inf
"""The raw value of a win: worth the target whatever the threat."""

_END, _CHILD, _CHOICE = 0, 1, 2
_HOT_DICE = int(Forced.HOT_DICE)

Edge = tuple[float, int, Any]
"""``(probability, kind, payload)``: an end (raw value), a child (its key) or a choice."""


class _Node:
    """One position of a turn graph: what stopping gives, and where a throw leads.

    ``stop`` is the raw value of stopping (``WIN`` for a win) or None when the engine
    does not allow a stop. ``edges`` — filled in only when a plan looks past this
    position — are ``(probability, kind, payload)``: an end of the turn (payload: raw
    value), a child position (its key), or under ``choose_dice`` a choice between
    set-asides (a tuple of ends and keys). ``loop`` is the probability of coming back
    to this very position (a favorite). ``banked`` is :meth:`TurnGraph.banked` (NaN
    until asked).
    """

    __slots__ = ("banked", "edges", "loop", "state", "stop")

    def __init__(self, state: GameState, stop: float | None) -> None:
        self.state = state
        self.stop = stop
        self.edges: list[Edge] | None = None
        self.loop = 0.0
        self.banked: float | None = math.nan


class TurnGraph:
    """The turn of a player with a given sheet, as the engine plays it, explored lazily.

    Nodes hold raw values — the score an end leaves minus the cost of the position it
    leaves (:meth:`raw_value`) — which do not depend on the opponents, so a graph is
    reused whenever the player starts a turn with the same sheet (every failed attempt
    to enter the game, every bust on a barrel).

    Turn totals are capped at :attr:`enough`, the total from which a stop is allowed and
    wins: past it more points change nothing (a stop still wins; a throw still busts,
    wins or goes on alike), so all those positions are one. This keeps the graph finite
    — a chain of hot dice past the target comes back to its own position, a loop like a
    favorite's — and it is the same cap as the solver's tables (turn total clamped at
    ``target − score``), so :mod:`thousand.games.dice1000.solver.levels` can reproduce a plan
    exactly.
    """

    def __init__(self, model: RulesModel, state: GameState) -> None:
        self.model = model
        self.me = state.current
        self.nodes: dict[NodeKey, _Node] = {}
        self.enough = self._enough(state)
        """The capped turn total, or None where no total both may stop and wins."""

    def _enough(self, state: GameState) -> int | None:
        game = self.model.game
        sheet = state.players[self.me]
        if game.exact_ending or any(truck >= game.target for truck in game.dump_trucks):
            # Exact: a total past the target busts, so there is nothing to cap. A dump
            # truck at or past the target makes a bigger total a different stop.
            return None
        enough = max(0, game.target - sheet.score)
        probe = state._replace(
            phase=Phase.DECIDE, turn_total=enough, dice_left=1, forced=Forced.NO, throws=1
        )
        if not probe.may_stop():
            return None  # an entry threshold past the target (absurd, but allowed)
        _, end = probe.advance(STOP)
        return enough if end is not None and end.outcome == "win" else None

    def raw_value(self, after: GameState, end: TurnEnd) -> float:
        """Points an end of the turn is worth before the threat: ``WIN`` for a win."""
        if end.outcome == "win":
            return WIN
        return self.model.position_value(after, self.me)

    def key_of(self, state: GameState) -> NodeKey:
        """The key of a position, creating its node (with its stop value) when new."""
        total = state.turn_total
        enough = self.enough
        if enough is not None and total > enough:
            total = enough
            state = state._replace(turn_total=enough)
        key = (total, state.dice_left, int(state.forced), state.throws == 0)
        if key not in self.nodes:
            stop: float | None = None
            if state.may_stop():
                after, end = state.advance(STOP)
                assert end is not None
                stop = self.raw_value(after, end)
            self.nodes[key] = _Node(state, stop)
        return key

    def banked(self, key: NodeKey) -> float | None:
        """At hot dice: the raw value of stopping if the rules let one stop now (None if
        they would not even then); computed once."""
        node = self.nodes[key]
        if node.banked is not None and math.isnan(node.banked):
            node.banked = None
            probe = node.state._replace(forced=Forced.NO)
            if probe.may_stop():
                after, end = probe.advance(STOP)
                assert end is not None
                node.banked = self.raw_value(after, end)
        return node.banked

    def edges(self, key: NodeKey) -> tuple[_Node, list[Edge]]:
        """The node and where each class of throw from it leads (computed once)."""
        node = self.nodes[key]
        if node.edges is not None:
            return node, node.edges
        state = node.state
        edges: list[Edge] = []
        if state.turn_total <= PLAN_LIMIT:
            for probability, dice in self.model.classes[state.dice_left]:
                child, end = state.advance_throw(dice)
                if end is not None:
                    edges.append((probability, _END, self.raw_value(child, end)))
                elif child.phase is Phase.SET_ASIDE:
                    # A set-aside back to this very position (all five of a favorite) is
                    # its loop when it is the only one, and not planned otherwise.
                    options = tuple(
                        option
                        for option in self.choices(child)
                        if option[1] != _CHILD or option[2] != key
                    )
                    if options:
                        edges.append((probability, _CHOICE, options))
                    else:
                        node.loop += probability
                else:
                    child_key = self.key_of(child)
                    if child_key == key:
                        node.loop += probability
                    else:
                        edges.append((probability, _CHILD, child_key))
        node.edges = edges
        return node, edges

    def choices(self, state: GameState) -> tuple[tuple[SetAside, int, Any], ...]:
        """Under ``choose_dice``: each legal set-aside and where it leads."""
        options: list[tuple[SetAside, int, Any]] = []
        for action in state.legal_actions():
            assert isinstance(action, SetAside)
            child, end = state.advance(action)
            if end is not None:
                options.append((action, _END, self.raw_value(child, end)))
            else:
                options.append((action, _CHILD, self.key_of(child)))
        return tuple(options)


THREAT_STEPS = 128
"""A bot weighs the threat in steps of 1/128 (:func:`quantised_threat`)."""


def quantised_threat(threat: float) -> float:
    """The threat a plan uses: rounded to the nearest multiple of 1/:data:`THREAT_STEPS`.

    Why round: with three or four players the threat is a product over the opponents
    and takes millions of values, so no table could hold a level's decisions for each;
    rounded, a level's whole strategy is a table over (the mover's sheet, 129 threats)
    that the native simulator reads (:mod:`thousand.games.dice1000.solver.levels`),
    making exactly this bot's decisions at every table size. A step of 1/128 moves a
    plan's values by under 0.4% of the target, far below what separates the levels.
    ``floor(x + 0.5)`` rather than ``round`` (which rounds halves to even) so that the
    numba port computes the same step.
    """
    return math.floor(threat * THREAT_STEPS + 0.5) / THREAT_STEPS


HOT_RUN = 1
"""Hot-dice throws in a row that a plan follows. At hot dice that would need one more,
the plan takes the turn total as made (as :meth:`RulesModel.chance_to_make` does):
throwing five dice gains about as much as it risks, and a second hot dice in a row is
rare (7% under the classic rules). Following every run to its end (they do end: each
throw busts or raises the turn total) would cost three to four times the time."""


class _Plan:
    """Values of a turn graph's positions for one threat and one temperament.

    A value depends only on the position, the voluntary throws still planned
    (``depth``) and, at hot dice, how many hot-dice throws came right before it (``run``)
    — never on the probability of the way there. That makes a plan reproducible as a
    table (:mod:`thousand.games.dice1000.solver.levels` computes the same decisions for every
    position at once). A throw the rules force (hot dice, an entry or a barrel not yet made) uses
    up no planned throw; a run of hot dice is followed for :data:`HOT_RUN` throws.
    """

    def __init__(self, graph: TurnGraph, temperament: Temperament, threat: float) -> None:
        self.graph = graph
        self.edge = temperament.edge * (1.0 - threat)
        self.threat = threat
        self.target = float(graph.model.game.target)
        self.values: dict[tuple[NodeKey, int, int], float] = {}
        # A forced position past PLAN_LIMIT is valued as a turn that busts with no cost.
        self.nothing = self.end(0.0)

    def end(self, raw: float) -> float:
        if raw == WIN:
            return self.target
        return (1.0 - self.threat) * raw - self.threat * self.target

    def stop_value(self, key: NodeKey) -> float:
        stop = self.graph.nodes[key].stop
        assert stop is not None
        return self.end(stop)

    def margin(self, key: NodeKey) -> float:
        """The edge a throw must beat a stop by, in points; shrinks as the game is at stake."""
        return self.edge * key[0]

    def value(self, key: NodeKey, depth: int, run: int = 0) -> float:
        """Value of a position where the mover throws or stops, ``depth`` throws ahead.

        ``run`` is the number of hot-dice throws made in a row just before. A position
        where the rules force a throw is worth that throw, planned as far ahead as the
        position itself; a stop that wins is always taken (no edge, however bold, is
        worth risking the game for).
        """
        node = self.graph.nodes[key]
        stop = node.stop
        hot = stop is None and key[2] == _HOT_DICE
        if hot and run >= HOT_RUN:
            banked = self.graph.banked(key)
            return self.nothing if banked is None else self.end(banked)
        memo = (key, depth, run if hot else 0)
        known = self.values.get(memo)
        if known is not None:
            return known
        if stop is None:
            value = self.throw_value(key, depth, run + 1 if hot else 0)
        elif stop == WIN:
            value = self.target
        else:
            value = self.end(stop)
            if depth > 0 and key[0] <= PLAN_LIMIT:
                throw = self.throw_value(key, depth - 1) - self.margin(key)
                value = max(value, throw)
        self.values[memo] = value
        return value

    def throw_value(self, key: NodeKey, depth: int, run: int = 0) -> float:
        """Expected value of throwing now, the positions reached planned ``depth`` ahead.

        ``run``: hot-dice throws in a row, this one included when it is one.
        """
        node, edges = self.graph.edges(key)
        if not edges:  # past PLAN_LIMIT
            return self.nothing
        total = 0.0
        for probability, kind, payload in edges:
            if kind == _END:
                value = self.end(payload)
            elif kind == _CHILD:
                value = self.value(payload, depth, run)
            else:
                value = max(
                    self.option(option, target, depth, run) for _, option, target in payload
                )
            total += probability * value
        if not node.loop:
            return total
        if node.stop is None:  # forced to throw again from the same position
            return total / (1.0 - node.loop)
        return total + node.loop * self.value(key, depth)

    def option(self, kind: int, payload: Any, depth: int, run: int = 0) -> float:
        if kind == _END:
            return self.end(payload)
        return self.value(payload, depth, run)


class PlanningBot:
    """A computer player of one :class:`Temperament` (see the module docstring)."""

    def __init__(self, temperament: Temperament, seed: int | None = None) -> None:
        self.temperament = temperament
        self._random = Random(seed)
        self._graphs: OrderedDict[tuple[str, int, PlayerState], TurnGraph] = OrderedDict()
        self._plan: tuple[object, _Plan] | None = None

    def __repr__(self) -> str:
        return f"PlanningBot({self.temperament.name})"

    def graph(self, state: GameState) -> TurnGraph:
        """The graph of this turn, shared by every turn begun with the same sheet."""
        key = (state.game.canonical, state.current, state.player)
        graph = self._graphs.get(key)
        if graph is None:
            graph = TurnGraph(rules_model(state.game), state)
            self._graphs[key] = graph
            while len(self._graphs) > 96:
                self._graphs.popitem(last=False)
        else:
            self._graphs.move_to_end(key)
        return graph

    def plan(self, state: GameState) -> _Plan:
        """The values of this turn's positions (opponents do not move during a turn)."""
        key = (state.game.canonical, state.current, state.players)
        if self._plan is None or self._plan[0] != key:
            threat = quantised_threat(rules_model(state.game).threat(state))
            self._plan = (key, _Plan(self.graph(state), self.temperament, threat))
        return self._plan[1]

    def __call__(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        plan = self.plan(state)
        graph = plan.graph
        horizon = self.temperament.horizon
        if state.phase is Phase.SET_ASIDE:
            scored = [
                (plan.option(kind, target, horizon), action)
                for action, kind, target in graph.choices(state)
            ]
            best = max(value for value, _ in scored)
            choices = [a for value, a in scored if value >= best - 1e-9]
            return choices[0] if len(choices) == 1 else self._random.choice(choices)
        key = graph.key_of(state)
        if graph.nodes[key].stop == WIN:
            return STOP
        stop = plan.stop_value(key)
        throw = plan.throw_value(key, horizon - 1) - plan.margin(key)
        return THROW if throw > stop else STOP
