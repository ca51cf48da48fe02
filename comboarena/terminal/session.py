"""A game in the terminal: people and agents at one table, rendered with rich.

**Turns.** Whoever owes a decision is asked: an agent through its
``choose``, a person with the table as their seat sees it and a prompt.
When several seats owe one decision without a time limit (Combo Fighter's
face-down cards), the people answer before the agents, so an agent never
answers first a decision a person shares.

**Reaction windows in real time.** Where the rules time a decision
(``state.timer()``, c-c-c-COMBO's "3 seconds" to COUNTER), the window is a
race in real time: every seat in it is asked the moment it opens. A person
gets a countdown prompt; each agent answers after a human-like delay drawn
for that decision (:class:`~comboarena.terminal.reaction.ReactionDelay`,
``play --reaction-delay``, default 0.6-2 s, always inside the window), shown
above the person's prompt as it happens. The first COUNTER closes the
window for everyone: a person who was typing is told, and what they typed is
thrown away, never applied at the next prompt (see
:mod:`~comboarena.terminal.keyboard`). When the time runs out, the timer's
expiry actions are applied for the people who have not answered. Without a
terminal (piped input) there is no clock: prompts wait, and people answer
before agents.

**Several people at one keyboard** (``play --vs human``). Before each person
plays, the screen (and its scroll-back) is cleared and a "pass the keyboard
to ..." screen waits for Enter, so nobody sees another's hand; while agents
answer a window the hand is hidden too. The time on that screen does not
count against a window. Events are told as a spectator sees them.

**Saving and going on.** With a save file (``play --save``) the record is
also written at the game's checkpoints (``TextUI.checkpoint``: 16 Bit
Tactics' camp after a battle won); a session may start from a state a record
reached (``play --resume``) and goes on from there.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from comboarena.agents import Agent
from comboarena.core import Action, Event, Game, IllegalAction, Record, State, Timer, events_for
from comboarena.core.grammar import YOU, plural

from .keyboard import Keyboard, WindowClosed
from .prompt import QUIT_WORDS, Ask, AskTimed, Quit, TimeUp, read_action
from .reaction import ReactionDelay

#: How many of the latest public lines the pass-the-keyboard screen shows again.
RECENT = 12


def person_name(seat: int) -> str:
    """A person's name when none was given: ``Player 2``."""
    return f"Player {seat}"


def seat_names(agents: Sequence[Agent | None], people: Mapping[int, str] | None = None) -> list[str]:
    """Names shown at the table: ``You`` for the one person at the keyboard (their
    name when several share it), ``<agent> (seat N)`` for agents."""
    humans = [s for s, a in enumerate(agents) if a is None]
    names = []
    for s, agent in enumerate(agents):
        if agent is not None:
            names.append(f"{agent.name} (seat {s})")
        elif len(humans) == 1:
            names.append(YOU)
        else:
            names.append((people or {}).get(s) or person_name(s))
    return names


def record_names(agents: Sequence[Agent | None], people: Mapping[int, str] | None = None) -> list[str]:
    """Names a record keeps per seat: the agent's name, or the person's (``Player N`` when not given)."""
    return [a.name if a is not None else (people or {}).get(s) or person_name(s) for s, a in enumerate(agents)]


class Session:
    """Plays one game; ``agents[seat]`` is ``None`` for a person at that seat.

    ``ask`` reads a line (default: the console); ``ask_timed(prompt, seconds)``
    reads one against a clock (default: the terminal's :class:`Keyboard`,
    where standard input is one). ``people`` names the people by seat (for
    records and hot-seat screens); ``reaction_delay`` is how long agents take
    to answer real-time windows; ``clock`` and ``sleep`` are the time it runs
    on (tests pass their own).
    """

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None],
        console: Console | None = None,
        ask: Ask | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        ask_timed: AskTimed | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        keyboard: Keyboard | None = None,
        people: Mapping[int, str] | None = None,
        reaction_delay: ReactionDelay | None = None,
        sleep: Callable[[float], None] = time.sleep,
        state: State | None = None,
        save_path: str | Path | None = None,
    ) -> None:
        self.game = game
        self.humans = {s for s, a in enumerate(agents) if a is None}
        self.agents = list(agents)
        self.console = console or Console()
        if keyboard is None and ask is None and ask_timed is None:
            keyboard = Keyboard.of(self.console)
        self.keyboard = keyboard
        self._read: Ask = ask or self.console.input
        if ask_timed is None and keyboard is not None:
            ask_timed = keyboard.ask
        self.ask_timed = ask_timed
        self.clock = clock
        self.sleep = sleep
        self.reaction_delay = reaction_delay or ReactionDelay()
        self.ui = game.text_ui()
        #: Where the record is saved at the game's checkpoints (``play --save``; see :meth:`TextUI.checkpoint`).
        self.save_path = Path(save_path) if save_path is not None else None
        # A person's game: without a save file of its own, the game's UI may save (a campaign file at camp).
        self.ui.saves = self.save_path is None
        #: The game goes on from ``state`` (``play --resume``: a record replayed) or starts anew.
        self.state: State = state if state is not None else game.new_state(seed=seed)
        self.rng = rng or random.Random()
        self.names = seat_names(self.agents, people)
        self.players = record_names(self.agents, people)
        #: Several people share the keyboard: each one's hand is cleared away before the next plays.
        self.hot_seat = len(self.humans) > 1
        # Whose eyes the table is shown through when it is not a person's turn.
        self.viewer: int | None = min(self.humans) if len(self.humans) == 1 else None
        #: Whether a person left before the end.
        self.quit = False
        self._shown: int | None = None  # hot seat: the person whose hand is on the screen
        self._asking: int | None = None  # the person asked last
        self._recent: deque[str] = deque(maxlen=RECENT)
        self._checkpoints: set[str] = set()  # the checkpoints saved at
        #: Per person: the view their last prompt was drawn for, and what they answered.
        self._answered: dict[int, tuple[dict[str, Any], Action]] = {}

    # -- the game ---------------------------------------------------------------

    def run(self) -> State | None:
        """Play to the end; returns the final state, or ``None`` if a person quit."""
        for seat, agent in enumerate(self.agents):
            if agent is not None:
                agent.reset(seat)
        c = self.console
        c.print(Rule(f"[bold]{self.game.info.title}[/] — {escape(', '.join(self.names))}"))
        intro = self.ui.intro()
        if intro is not None:
            c.print(intro)
        try:
            while not self.state.is_over:
                self._step()
        except (Quit, KeyboardInterrupt):
            who = self.names[self._asking] if self.hot_seat and self._asking is not None else "You"
            c.print()
            c.print(f"{escape(who)} left the game.")
            self.quit = True
            return None
        self._finish()
        return self.state

    def ask(self, prompt: str) -> str:
        """A line from the person, without a time limit. After a window closed,
        the keyboard first throws away what was typed for it."""
        if self.keyboard is not None and self.keyboard.stale:
            return self.keyboard.ask(prompt) or ""
        return self._read(prompt)

    def _step(self) -> None:
        state = self.state
        timer = state.timer()
        if timer is not None and self.ask_timed is not None:
            self._window(timer)
            return
        to_act = state.to_act
        people = [s for s in to_act if s in self.humans]
        seat = people[0] if people else to_act[0]
        if seat in self.humans:
            self._handoff(seat)
            action = self._ask_person(seat)
        else:
            self._hide()
            action = self._agent_action(seat)
        self._apply(seat, action)

    def _agent_action(self, seat: int) -> Action:
        agent = self.agents[seat]
        assert agent is not None  # only called for agents' seats
        return agent.choose(self.state.view(seat), self.state.legal_actions(seat), self.rng)

    def _ask_person(
        self, seat: int, deadline: float | None = None, poll: Callable[[], None] | None = None
    ) -> Action:
        self._asking = seat
        state = self.state
        view = state.view(seat)
        c = self.console
        c.print()
        c.print(self.ui.render(view, self.names))
        who = f"{self.names[seat]}, " if self.hot_seat else ""
        ask_timed = self.ask_timed
        keyboard = self.keyboard
        if poll is not None and keyboard is not None and ask_timed == keyboard.ask:

            def ask_timed(prompt: str, seconds: float) -> str | None:
                return keyboard.ask(prompt, seconds, poll)

        before, last = self._answered.get(seat, (None, None))
        action = read_action(
            c,
            self.game,
            self.ui,
            state.legal_actions(seat),
            self.ask,
            prompt=f"{who}your move",
            deadline=deadline,
            ask_timed=ask_timed,
            clock=self.clock,
            view=view,
            why=lambda action: self._why(seat, action),
            misdirected=lambda action: self.ui.misdirected(action, view, before, last),
        )
        self._answered[seat] = (view, action)
        return action

    def _why(self, seat: int, action: Action) -> str | None:
        """The rules' reason ``action`` is refused to ``seat`` now, as the server finds it:
        tried on a copy of the table, which is then thrown away."""
        try:
            self.state.clone().apply(seat, action)
        except IllegalAction as exc:
            return exc.why
        return None

    def _apply(self, seat: int, action: Action) -> None:
        self._narrate(self.state.apply(seat, action))
        if self.save_path is not None:
            point = self.ui.checkpoint(self.state.view(None))
            if point is not None and point not in self._checkpoints:
                self._checkpoints.add(point)
                self.save(self.save_path)

    # -- reaction windows ---------------------------------------------------------

    def _window(self, timer: Timer) -> None:
        """One timed decision, as a race in real time (see the module's docstring)."""
        state = self.state
        opened = self.clock()
        deadline = opened + timer.seconds
        waiting = set(state.to_act)
        due = {
            s: opened + self.reaction_delay.draw(self.rng, timer.seconds) for s in state.to_act if s not in self.humans
        }
        still_open = True
        person_asked = False

        def answer(seat: int, action: Action) -> None:
            nonlocal waiting, still_open
            self._apply(seat, action)
            after = set(state.to_act)
            # The same window goes on only if it now waits for the same seats less this one.
            if state.is_over or state.timer() is None or not after or after != waiting - {seat}:
                still_open = False
            waiting = after

        def run_due(now: float) -> None:
            """Agents whose delay has passed by ``now`` answer, earliest first."""
            for seat in sorted(due, key=due.__getitem__):
                if not still_open or due[seat] > now:
                    return
                del due[seat]
                answer(seat, self._agent_action(seat))

        def poll() -> None:
            now = self.clock()
            if self.keyboard is not None and any(t <= now for t in due.values()):
                self.keyboard.above(lambda: run_due(now))
            if not still_open:
                raise WindowClosed("the window closed")

        try:
            while still_open:
                people = [s for s in state.to_act if s in self.humans]
                if not people:
                    if not due:
                        return
                    self._hide()
                    seat = min(due, key=due.__getitem__)
                    wait = due[seat] - self.clock()
                    if wait > 0:
                        self.sleep(wait)
                    run_due(due[seat])
                    continue
                seat = people[0]
                paused = self._handoff(seat)
                if paused:  # the pass-the-keyboard screen does not eat the window's time
                    deadline += paused
                    for s in due:
                        due[s] += paused
                person_asked = True
                try:
                    action = self._ask_person(seat, deadline, poll)
                except TimeUp:
                    run_due(math.inf)  # agents answer inside the window, so before its end
                    if still_open:
                        self._time_up()
                    return
                except WindowClosed as closed:
                    self._too_late(seat, closed.typed)
                    return
                run_due(self.clock())  # agents that answered while the person typed
                if not still_open:
                    self._too_late(seat, str(action))
                    return
                answer(seat, action)
        finally:
            if person_asked and self.keyboard is not None:
                self.keyboard.window_closed()

    def _time_up(self) -> None:
        """The time limit ran out: apply the expiry action for each person still to answer."""
        timer = self.state.timer()
        if timer is None:
            return
        for seat, action in timer.on_expiry.items():
            if seat in self.humans and seat in self.state.to_act and not self.state.is_over:
                self.console.print(f"[yellow]Time's up: {escape(self.names[seat])} — {escape(str(action))}.[/]")
                self._apply(seat, action)

    def _too_late(self, seat: int, typed: str) -> None:
        who = "you" if self.names[seat] == YOU else self.names[seat]
        thrown = f"; '{escape(typed)}' was thrown away" if typed else ""
        self.console.print(f"[yellow]Too late: the window closed before {escape(who)} answered{thrown}.[/]")

    # -- several people at one keyboard -------------------------------------------

    def _handoff(self, seat: int) -> float:
        """Hot seat: clear the screen and wait until ``seat``'s person has the
        keyboard; returns the seconds that took (0 when no hand-over was needed)."""
        if not self.hot_seat or seat == self._shown:
            return 0.0
        self._asking = seat
        start = self.clock()
        name = self.names[seat]
        self._clear()
        self.console.print(Rule(f"[bold]Pass the keyboard to {escape(name)}[/] (seat {seat})"))
        self._print_recent()
        try:
            answer = self.ask(f"{name}: press Enter when only you can see the screen (quit to leave)> ")
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit
        self._shown = seat
        return self.clock() - start

    def _hide(self) -> None:
        """Hot seat: clear the last person's hand away before the others play."""
        if self.hot_seat and self._shown is not None:
            self._shown = None
            self._clear()
            self._print_recent()

    def _clear(self) -> None:
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")  # the scroll-back too: no scrolling up to a hand
            self.console.file.flush()

    def _print_recent(self) -> None:
        for line in self._recent:
            self.console.print("  " + line)

    # -- words ------------------------------------------------------------------

    def _narrate(self, events: list[Event]) -> None:
        shown = events_for(events, self.viewer)
        if self.ui.narration.follows_table:
            self.ui.narration.follow(self.state.view(None))  # e.g. a new battle's units, by name
        for agent_seat, agent in enumerate(self.agents):
            if agent is not None and agent.wants_events:
                agent.observe(events_for(events, agent_seat))
        for event in shown:
            line = self.ui.describe(event, self.viewer, self.names)
            if line:
                self.console.print("  " + line)
                self._recent.append(line)

    def _finish(self) -> None:
        c = self.console
        final = self.state.view(None)
        c.print()
        c.print(Rule("[bold]Game over[/]"))
        c.print(self.ui.render(final, self.names))
        c.print("[bold]" + escape(self.ui.result_line(final, self.state.result(), self.names)) + "[/]")

    # -- the record ---------------------------------------------------------------

    @property
    def record(self) -> Record:
        """The game's record so far, with the players' names."""
        return self.state.record.with_players(self.players)

    def save(self, path: str | Path) -> Path | None:
        """Write the record (so far) to ``path``; says where, or why it could not."""
        target = Path(path)
        try:
            self.record.save(target)
        except OSError as exc:
            self.console.print(f"[yellow]Could not save {escape(str(target))}: {escape(exc.strerror or str(exc))}[/]")
            return None
        so_far = "" if self.state.is_over else f" so far ({plural(len(self.state.history), 'move')})"
        shown = escape(str(target))
        more = "" if self.state.is_over else f"; go on: comboarena play {self.game.name} --resume {shown}"
        self.console.print(f"Record{so_far} saved to {shown} (replay: comboarena replay {shown}{more})")
        return target

    def offer_save(self, path: str | Path | None = None) -> Path | None:
        """Save the record to ``path``, or ask for a file name until one works (Enter skips)."""
        if path is not None:
            return self.save(path)
        while True:
            try:
                answer = self.ask("Save the game record? File name (Enter to skip)> ").strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if not answer:
                return None
            saved = self.save(answer)
            if saved is not None:
                return saved
            self.console.print("Give another file name, or press Enter to skip.")
