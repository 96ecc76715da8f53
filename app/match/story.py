"""The story of a game, for its end screen and its record (issue 33): a frozen :class:`Story`
read from a :class:`~app.engine.Game`, no Qt.

What it tells:

- **the centre chart** (:class:`~app.match.chart.CentreChart`): each nation's victory count
  after every submission, and each timeline's;
- **each nation's best and worst timeline**: of the timelines at the end, the one whose
  active board holds the most (the fewest) of the nation's supply centres; a tie goes to
  the lower timeline number;
- **the longest timeline**: the one with the most boards (a tie: the lower number);
- **the biggest fork**: the submission that started the most new timelines; a tie goes to
  the one that made the most new boards, then to the earliest. None when no timeline ever
  branched. Its time-travel orders are the moves of that submission that crossed boards;
- **time travel per nation**: the moves to another board (another turn or another
  timeline) that each nation's units were ordered to make, and how many of them succeed as
  the game stands (an attack from the future can still change an old result).

Every figure is of the game as it is now: a finished game is kept whole (RULES.md §11).

>>> from app.engine import Game
>>> g = Game.new()
>>> _ = g.submit_text(["A par - bur"]); _ = g.submit_text(["A bur - bel"]); _ = g.submit_text(["France: build A par"])
>>> _ = g.submit_text(["A par - 1:par:F1901"])      # back to Fall 1901: a new timeline
>>> s = story_of(g)
>>> s.submissions, s.timelines, s.longest
(4, 2, TimelineLength(timeline=1, boards=5))
>>> s.biggest_fork.number, s.biggest_fork.new_timelines, s.biggest_fork.travels
(4, 1, ('France: A 1:par:S1902 - 1:par:F1901',))
>>> s.nation("France").travels, s.nation("France").travels_succeeded
(1, 1)
>>> s.nation("France").best                         # four centres on both timelines: the lower wins the tie
TimelineCentres(timeline=1, centres=4)
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import BoardKey, Move, format_order

from .chart import CentreChart, ChartBuilder


@dataclass(frozen=True)
class TimelineCentres:
    """A timeline and the centres one nation owns on its active board."""

    timeline: int
    centres: int


@dataclass(frozen=True)
class TimelineLength:
    timeline: int
    boards: int


@dataclass(frozen=True)
class NationStory:
    """One nation's figures: its centres at the end (the victory count), its best and
    worst timeline, and its time-travel moves (ordered; of those, succeeding now)."""

    nation: str
    centres: int
    best: TimelineCentres
    worst: TimelineCentres
    travels: int
    travels_succeeded: int


@dataclass(frozen=True)
class StoryStep:
    """One submission (``number`` 1 = the first): the latest turn on the boards after it,
    the boards it made and how many of them began new timelines."""

    number: int
    label: str
    new_boards: tuple[BoardKey, ...]
    new_timelines: int


@dataclass(frozen=True)
class Fork:
    """The submission that branched the multiverse most (see the module docstring)."""

    number: int
    label: str
    new_timelines: int
    new_boards: int
    travels: tuple[str, ...]          # its moves to another board, in the game's notation


@dataclass(frozen=True)
class Story:
    variant: str
    submissions: int
    boards: int
    timelines: int
    winner: str | None
    chart: CentreChart
    nations: tuple[NationStory, ...]
    longest: TimelineLength
    biggest_fork: Fork | None
    steps: tuple[StoryStep, ...]

    def nation(self, name: str) -> NationStory:
        return next(n for n in self.nations if n.nation == name)

    @property
    def steps_with_new_boards(self) -> tuple[StoryStep, ...]:
        """The submissions that made boards: one frame each in the record's animation."""
        return tuple(s for s in self.steps if s.new_boards)


def default_headline(world) -> str:
    """How the game stands, when nobody has said how it ended: the winner, or the turn."""
    if world.winner:
        return f"{world.winner} wins"
    return f"Game in progress ({max(world.ends.values()).title})"


def figure_lines(story: Story) -> list[tuple[bool, str]]:
    """The story's figures as lines of text, (heading?, text): for the end screen's tip and
    the record's title page."""
    out: list[tuple[bool, str]] = [
        (True, "The multiverse"),
        (False, f"{story.submissions} submissions, {story.boards} boards, {story.timelines} "
                f"timeline{'s' if story.timelines != 1 else ''}; the longest, timeline {story.longest.timeline}, "
                f"has {story.longest.boards} boards."),
    ]
    fork = story.biggest_fork
    if fork is None:
        out.append((False, "No timeline ever branched."))
    else:
        moves = "; ".join(fork.travels[:3]) + (f" and {len(fork.travels) - 3} more" if len(fork.travels) > 3 else "")
        out.append((False, f"The biggest fork: submission {fork.number} ({fork.label}) started {fork.new_timelines} "
                           f"timeline{'s' if fork.new_timelines != 1 else ''} and made {fork.new_boards} "
                           f"boards{': ' + moves if moves else ''}."))
    out.append((True, "The nations"))
    several = story.timelines > 1
    for n in sorted(story.nations, key=lambda x: (-x.centres, x.nation)):
        where = (f"best on timeline {n.best.timeline} ({n.best.centres}), worst on timeline {n.worst.timeline} "
                 f"({n.worst.centres})" if several else f"{n.best.centres} on the board")
        out.append((False, f"{n.nation}: {n.centres} centres; {where}; {n.travels} time-travel "
                           f"move{'s' if n.travels != 1 else ''} ({n.travels_succeeded} succeeding)."))
    return out


def crosses_boards(order) -> bool:
    """A move to another board: back in time, or across to another timeline."""
    return isinstance(order, Move) and order.dest.board != order.unit.board


def story_of(game, chart: CentreChart | None = None, victory: bool = True) -> Story:
    """The story of ``game`` (a :class:`~app.engine.Game`; give a :meth:`~app.engine.Game.snapshot`
    to build it off the window's thread). ``chart``: one already built (it is otherwise built
    here); ``victory`` False: a game nobody can win (no target on the chart)."""
    chart = chart or ChartBuilder().build(game, victory=victory)
    world = game.world
    steps = _steps(game)
    nations = tuple(_nation(world, n) for n in game.variant.nation_names)
    lengths = [TimelineLength(t, len(world.timeline_boards(t))) for t in sorted(world.timelines)]
    longest = max(lengths, key=lambda x: (x.boards, -x.timeline))
    return Story(game.variant.title, len(game.submissions), len(world.boards), len(world.timelines), world.winner,
                 chart, nations, longest, _biggest_fork(game, steps), steps)


def _steps(game) -> tuple[StoryStep, ...]:
    """Each submission's new boards, walking from the present back (each world one step
    from the last, as :meth:`Game.world_at` is quickest)."""
    n = len(game.submissions)
    out: list[StoryStep] = []
    after = game.world_at(n)
    for i in range(n, 0, -1):
        before = game.world_at(i - 1)
        born = tuple(sorted(k for k in after.boards if k not in before.boards))
        label = str(max(after.ends.values()))
        out.append(StoryStep(i, label, born, len(set(after.timelines) - set(before.timelines))))
        after = before
    return tuple(reversed(out))


def _nation(world, nation: str) -> NationStory:
    per = [TimelineCentres(t, world.boards[world.active_key(t)].centre_count(nation)) for t in sorted(world.timelines)]
    best = max(per, key=lambda x: (x.centres, -x.timeline))
    worst = min(per, key=lambda x: (x.centres, x.timeline))
    tried = made = 0
    for order, result in world.iter_orders():
        if order.nation == nation and crosses_boards(order):
            tried += 1
            made += result.status == "succeeds"
    return NationStory(nation, len(world.centres_on_active_boards().get(nation, ())), best, worst, tried, made)


def _biggest_fork(game, steps: tuple[StoryStep, ...]) -> Fork | None:
    branching = [s for s in steps if s.new_timelines]
    if not branching:
        return None
    top = max(branching, key=lambda s: (s.new_timelines, len(s.new_boards), -s.number))
    moves = tuple(dict.fromkeys(format_order(o, with_nation=True)
                                for o in game.submissions[top.number - 1] if crosses_boards(o)))
    return Fork(top.number, top.label, top.new_timelines, len(top.new_boards), moves)
