"""A game in the terminal: people and agents at one table, rendered with rich."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from comboarena.agents import Agent
from comboarena.core import Action, Event, Game, State, events_for

from .prompt import Ask, AskTimed, Quit, TimeUp, countdown_input, read_action


def seat_names(agents: Sequence[Agent], humans: set[int]) -> list[str]:
    if len(humans) == 1:
        return ["You" if s in humans else f"{a.name} (seat {s})" for s, a in enumerate(agents)]
    return [f"Player {s}" if s in humans else f"{a.name} (seat {s})" for s, a in enumerate(agents)]


class Session:
    """Plays one game; ``agents[seat]`` is ``None`` for a person at that seat.

    Where the rules time a decision (``state.timer()``, e.g. c-c-c-COMBO's
    counter window), the clock starts when the decision opens; agents answer
    first, then each person is asked with the seconds left (``ask_timed``,
    by default a countdown prompt on a real terminal), and when time runs out
    the timer's expiry actions are applied for the people who have not
    answered. Without a timed reader (piped input, a custom ``ask``) people
    are asked without a limit.
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
    ) -> None:
        self.game = game
        self.humans = {s for s, a in enumerate(agents) if a is None}
        self.agents = list(agents)
        self.console = console or Console()
        self.ask: Ask = ask or self.console.input
        self.ask_timed = ask_timed if ask_timed is not None or ask is not None else countdown_input(self.console)
        self.clock = clock
        #: When the timed decision now open runs out (``clock()`` time), if one is open.
        self.deadline: float | None = None
        self._timed: set[int] = set()
        self.ui = game.text_ui()
        self.state: State = game.new_state(seed=seed)
        self.rng = rng or random.Random()
        placeholder = Agent()
        placeholder.name = "person"
        self.names = seat_names([a or placeholder for a in self.agents], self.humans)
        # Whose eyes the table is shown through when it is not a person's turn.
        self.viewer: int | None = min(self.humans) if len(self.humans) == 1 else None

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
        except Quit:
            c.print("You left the game.")
            return None
        self._finish()
        return self.state

    def _step(self) -> None:
        state = self.state
        to_act = state.to_act
        timer = state.timer()
        if timer is None:
            self.deadline = None
        elif self.deadline is None or not set(timer.on_expiry) <= self._timed:
            # A new timed decision (its seats are not those of the one before): the clock starts now.
            self.deadline = self.clock() + timer.seconds
        self._timed = set(timer.on_expiry) if timer is not None else set()
        # Agents decide first; a person's prompt comes once only people are left to act.
        agent_seats = [s for s in to_act if s not in self.humans]
        seat = agent_seats[0] if agent_seats else to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        agent = self.agents[seat]
        if agent is None:
            c = self.console
            c.print()
            c.print(self.ui.render(view, self.names))
            who = "" if len(self.humans) == 1 else f"{self.names[seat]}, "
            expiry = timer.on_expiry if timer is not None else {}
            timed = seat in expiry and self.ask_timed is not None
            try:
                action = read_action(
                    c,
                    self.game,
                    self.ui,
                    legal,
                    self.ask,
                    prompt=f"{who}your move",
                    deadline=self.deadline if timed else None,
                    ask_timed=self.ask_timed,
                    clock=self.clock,
                )
            except TimeUp:
                self._time_up(expiry)
                return
        else:
            action = agent.choose(view, legal, self.rng)
        events = state.apply(seat, action)
        self._narrate(events)

    def _time_up(self, expiry: dict[int, Action]) -> None:
        """The time limit ran out: apply the expiry action for each person still to answer."""
        for seat, action in expiry.items():
            if seat in self.humans and seat in self.state.to_act and not self.state.is_over:
                self.console.print(f"[yellow]Time's up: {escape(self.names[seat])} — {escape(str(action))}.[/]")
                self._narrate(self.state.apply(seat, action))

    def _narrate(self, events: list[Event]) -> None:
        shown = events_for(events, self.viewer)
        for agent_seat, agent in enumerate(self.agents):
            if agent is not None and agent.wants_events:
                agent.observe(events_for(events, agent_seat))
        for event in shown:
            line = self.ui.describe(event, self.viewer, self.names)
            if line:
                self.console.print("  " + line)

    def _finish(self) -> None:
        c = self.console
        final = self.state.view(None)
        c.print()
        c.print(Rule("[bold]Game over[/]"))
        c.print(self.ui.render(final, self.names))
        c.print("[bold]" + escape(self.ui.result_line(final, self.state.result(), self.names)) + "[/]")

    def offer_save(self, path: str | None) -> Path | None:
        """Save the record to ``path``, or ask for a file name (Enter skips)."""
        if path is None:
            try:
                path = self.ask("Save the game record? File name (Enter to skip)> ").strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if not path:
                return None
        target = Path(path)
        try:
            self.state.record.save(target)
        except OSError as exc:
            self.console.print(f"[yellow]Could not save {escape(str(target))}: {escape(exc.strerror or str(exc))}[/]")
            return None
        self.console.print(f"Record saved to {escape(str(target))} (replay: comboarena replay {escape(str(target))})")
        return target
