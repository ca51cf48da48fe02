"""Reading a person's lines from a POSIX terminal key by key, so that a prompt
can count down, let the table move on while the person types, and stop when
a reaction window closes.

The line can be edited as in a shell: Left and Right (and Home, End, Ctrl-A,
Ctrl-E) move the cursor, Backspace and Delete erase, Up and Down go through
the lines entered before (the history), Ctrl-U erases the line. Other
escape sequences are ignored, never typed into the move.

Text typed for a window that closed is thrown away, never applied at the
next prompt: what was on the line when the window closed, the rest of that
line up to its Enter, and anything typed before the next prompt appeared.
The person is told what was thrown away; erasing the leftover line with
Backspace starts a fresh one at once.
"""

from __future__ import annotations

import math
import os
import select
import sys
import time
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

#: How often (seconds) the countdown is redrawn and ``poll`` is called.
TICK = 0.1
_ENTER = ("\n", "\r")
_ERASE = ("\x7f", "\b")
_KILL = "\x15"  # Ctrl-U: erase the whole line
_HOME, _END = "\x01", "\x05"  # Ctrl-A, Ctrl-E
#: Escape sequences (after ESC and [ or O) and what they do.
_KEYS = {
    "D": "left", "C": "right", "A": "up", "B": "down", "H": "home", "F": "end",
    "1~": "home", "7~": "home", "4~": "end", "8~": "end", "3~": "delete",
}  # fmt: skip
#: Lines kept for Up and Down.
HISTORY = 200


class WindowClosed(Exception):
    """The decision the person was typing for is gone (another seat's COUNTER
    closed the window). ``typed`` is what was on their line; it is thrown away."""

    def __init__(self, reason: str = "", typed: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.typed = typed


class Keyboard:
    """Lines from the terminal ``fd``, echoed on ``console``, with countdowns.

    ``Keyboard.of(console)`` is the keyboard of standard input, or ``None``
    where that is not a POSIX terminal (pipes, tests): prompts then read
    whole lines without a limit.
    """

    def __init__(self, fd: int, console: Console, clock: Callable[[], float] = time.monotonic) -> None:
        self.fd = fd
        self.console = console
        self.clock = clock
        #: Whether a window closed since the last prompt: what was typed for it is still to throw away.
        self.stale = False
        self._left = ""  # the line being typed when the window closed
        self._prompt: str | None = None  # the prompt being answered, while one is
        self._typed: list[str] = []
        self._cursor = 0  # where in ``_typed`` the next key goes
        self._seconds: int | None = None  # the countdown on show
        #: The lines entered so far, oldest first (Up brings back the latest).
        self.history: list[str] = []

    @classmethod
    def of(cls, console: Console) -> Keyboard | None:
        try:
            import termios  # noqa: F401  (POSIX only)

            fd = sys.stdin.fileno()
        except (ImportError, AttributeError, OSError, ValueError):
            return None
        return cls(fd, console) if os.isatty(fd) else None

    # -- the public side -------------------------------------------------------

    def ask(self, prompt: str, seconds: float | None = None, poll: Callable[[], None] | None = None) -> str | None:
        """The line the person types, or ``None`` when ``seconds`` run out.

        ``poll`` is called every :data:`TICK` while waiting (agents answer a
        window from it); it may raise :class:`WindowClosed`, which ends the
        prompt with what was typed in ``typed``. Ctrl-D raises ``EOFError``.
        """
        import termios
        import tty

        end = None if seconds is None else self.clock() + seconds
        old = termios.tcgetattr(self.fd)
        # One key at a time, no echo; Ctrl-C still interrupts. TCSANOW: keep what was typed ahead.
        tty.setcbreak(self.fd, termios.TCSANOW)
        self._prompt, self._typed, self._seconds = prompt, [], None
        try:
            leftover = self._throw_away_stale()
            self._typed = list(leftover)
            self._cursor = len(self._typed)
            recalled = len(self.history)  # the history line on show (len: the new line)
            self._redraw()
            escape_seq = 0  # 1: after ESC; 2: inside an escape sequence
            sequence = ""
            while True:
                if end is not None:
                    left = end - self.clock()
                    if left <= 0:
                        self._end_line()
                        self._closed()
                        return None
                    if math.ceil(left) != self._seconds:
                        self._seconds = math.ceil(left)
                        self._redraw()
                if poll is not None:
                    try:
                        poll()
                    except WindowClosed as exc:
                        self._end_line()
                        exc.typed = "" if leftover else "".join(self._typed)
                        self._closed()
                        raise
                wait = TICK if end is not None or poll is not None else None
                ready, _, _ = select.select([self.fd], [], [], wait)
                if not ready:
                    continue
                byte = os.read(self.fd, 1)
                if not byte:  # Ctrl-D typed before the prompt switched the terminal to key-by-key
                    raise EOFError
                key = byte.decode(errors="ignore")
                # Escape sequences: ESC, then [ or O, then up to a final letter or ~.
                if escape_seq == 1:
                    escape_seq, sequence = (2, "") if key in "[O" else (0, "")  # else it was Alt+key
                    continue
                if escape_seq == 2:
                    sequence += key
                    if key.isalpha() or key == "~":
                        escape_seq = 0
                        recalled = self._edit(_KEYS.get(sequence, ""), recalled)
                    continue
                if key == "\x1b":
                    escape_seq = 1
                elif key in _ENTER:
                    self._end_line()
                    line = "".join(self._typed)
                    if leftover:
                        self._tell_thrown_away(line)
                        leftover = ""
                        self._typed, self._cursor = [], 0
                        self._redraw()
                        continue
                    if line.strip() and (not self.history or self.history[-1] != line):
                        self.history = [*self.history, line][-HISTORY:]
                    return line
                elif key == "\x04":
                    raise EOFError
                elif key in _ERASE or key == _KILL:
                    if self._cursor:
                        start = self._cursor - 1 if key != _KILL else 0
                        del self._typed[start : self._cursor]
                        self._cursor = start
                        if not self._typed:
                            leftover = ""  # erased: what comes next is a fresh line
                        self._redraw()
                elif key in (_HOME, _END):
                    recalled = self._edit("home" if key == _HOME else "end", recalled)
                elif key.isprintable():
                    self._typed.insert(self._cursor, key)
                    self._cursor += 1
                    if self._cursor == len(self._typed):
                        self.console.file.write(key)
                        self.console.file.flush()
                    else:
                        self._redraw()
        finally:
            self._prompt = None
            termios.tcsetattr(self.fd, termios.TCSADRAIN, old)

    def above(self, show: Callable[[], None]) -> None:
        """Run ``show`` (which prints) above the line being typed, then redraw the line."""
        if self._prompt is None:
            show()
            return
        self.console.file.write("\r\x1b[K")
        self.console.file.flush()
        show()
        self._redraw()

    def window_closed(self) -> None:
        """A window the person may have been typing for closed: until the next
        prompt, what is typed is for it and is thrown away there."""
        self.stale = True

    # -- inside ----------------------------------------------------------------

    def _closed(self) -> None:
        self._left = "".join(self._typed)
        self.stale = True

    def _throw_away_stale(self) -> str:
        """Throw away what was typed for a closed window; returns the unfinished
        line that the person may still be typing (thrown away at its Enter)."""
        if not self.stale:
            return ""
        self.stale = False
        text, self._left = self._left, ""
        while select.select([self.fd], [], [], 0)[0]:
            chunk = os.read(self.fd, 1024)
            if not chunk:
                break
            text += chunk.decode(errors="ignore")
        text = text.replace("\r", "\n")
        *done, unfinished = text.split("\n")
        for line in done:
            self._tell_thrown_away(line)
        unfinished = "".join(c for c in unfinished if c.isprintable())
        if unfinished:
            self.console.print(
                f"[yellow]The line you began for the closed window ('{escape(unfinished)}') will be thrown away "
                "at Enter; erase it (Backspace) to type your move now.[/]",
                soft_wrap=True,
            )
        return unfinished

    def _tell_thrown_away(self, line: str) -> None:
        line = "".join(c for c in line if c.isprintable()).strip()
        if line:
            self.console.print(
                f"[yellow]Thrown away: '{escape(line)}' was typed for the window that closed.[/]", soft_wrap=True
            )

    def _edit(self, what: str, recalled: int) -> int:
        """Move the cursor, erase under it or recall a history line; returns the history line on show."""
        typed, history = self._typed, self.history
        if what == "left":
            self._cursor = max(0, self._cursor - 1)
        elif what == "right":
            self._cursor = min(len(typed), self._cursor + 1)
        elif what == "home":
            self._cursor = 0
        elif what == "end":
            self._cursor = len(typed)
        elif what == "delete":
            if self._cursor < len(typed):
                del typed[self._cursor]
        elif what in ("up", "down"):
            step = -1 if what == "up" else 1
            if not 0 <= recalled + step <= len(history):
                return recalled
            recalled += step
            self._typed = list(history[recalled]) if recalled < len(history) else []
            self._cursor = len(self._typed)
        else:
            return recalled
        self._redraw()
        return recalled

    def _redraw(self) -> None:
        if self._prompt is None:
            return
        clock = f"[{self._seconds}s] " if self._seconds is not None else ""
        back = len(self._typed) - self._cursor
        cursor = f"\x1b[{back}D" if back > 0 else ""
        self.console.file.write(f"\r\x1b[K{clock}{self._prompt}{''.join(self._typed)}{cursor}")
        self.console.file.flush()

    def _end_line(self) -> None:
        self.console.file.write("\n")
        self.console.file.flush()


__all__ = ["TICK", "Keyboard", "WindowClosed"]
