"""How the human player (:mod:`amalogs.referee.players.human`) reads a person's answers.

At a terminal (standard input and output both terminals) answers are read with prompt_toolkit
(:class:`PromptAsk`: line editing, history, Tab completion of the choices; imported only then, so other
commands stay fast); otherwise line by line from standard input (:class:`LineAsk`), so a match can be scripted.
:func:`terminal_ask` picks one of the two; :data:`_FULLWIDTH` turns what a Japanese input method types into
ASCII; :func:`read_answer` and :func:`numbered` read an answer the same way for the referee's human player and the
meta-game's (:mod:`amalogs.meta.human`). Kept apart from the player, which only calls the ``ask`` it is given.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO, TypeVar

from amalogs.referee.players.human_screen import _clean

__all__ = ["LineAsk", "PromptAsk", "numbered", "read_answer", "terminal_ask"]

T = TypeVar("T")


class LineAsk:
    """Answers read line by line from a stream (standard input by default, looked up at each question, so
    a redirected ``sys.stdin`` is read): the prompt is written, then the answer read is echoed after it (unless
    the stream is a terminal, which echoes it itself), so a scripted match's transcript reads like a played
    one. End of input raises :class:`EOFError`."""

    def __init__(self, stream: TextIO | None = None, out: TextIO | None = None) -> None:
        self.stream, self.out = stream, out

    def __call__(self, prompt: str) -> str:
        out = self.out or sys.stdout
        out.write(prompt)
        out.flush()
        try:
            line = (self.stream or sys.stdin).readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"  # bytes that are no text: an answer that is not understood
        if not line:
            out.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        if not _is_terminal(self.stream or sys.stdin):  # (a terminal has shown the answer as it was typed)
            shown = _clean(answer)
            out.write((shown if len(shown) <= 80 else shown[:80] + "…") + "\n")
        return answer


class PromptAsk:
    """Answers read with prompt_toolkit: line editing, history of this match's answers, and Tab completion of
    the choices (their numbers, action texts and ``? N``) from ``choices`` (called at each keystroke).
    ``session_options`` go to :class:`prompt_toolkit.PromptSession` (tests give ``input`` and ``output``)."""

    def __init__(self, choices: Callable[[], list[tuple[str, str]]], **session_options: Any) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import CompleteEvent, Completer, Completion
        from prompt_toolkit.document import Document
        from prompt_toolkit.history import InMemoryHistory

        class ChoiceCompleter(Completer):
            """The current decision's choices whose text starts with what was typed."""

            def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
                typed = document.text_before_cursor
                wanted = typed.translate(_FULLWIDTH).lstrip()
                for text, meta in choices():
                    if text.startswith(wanted) and text != wanted:
                        yield Completion(text, start_position=-len(typed), display_meta=meta)

        self.completer = ChoiceCompleter()
        self.session: Any = PromptSession(history=InMemoryHistory(), completer=self.completer,
                                          complete_while_typing=False, **session_options)

    def __call__(self, prompt: str) -> str:
        return str(self.session.prompt(prompt))  # Ctrl-D raises EOFError, Ctrl-C KeyboardInterrupt


def _is_terminal(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except (OSError, ValueError):  # a closed or detached stream
        return False


def terminal_ask(choices: Callable[[], list[tuple[str, str]]]) -> Callable[[str], str]:
    """How to ask a person: with prompt_toolkit when standard input and output are terminals, else line by
    line from standard input."""
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        return PromptAsk(choices)
    return LineAsk()


_FULLWIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
"""Full-width ASCII (and the ideographic space) as typed with a Japanese input method → ASCII (only these:
``①`` or ``²`` stay what they are, so they are not understood)."""


def read_answer(ask: Callable[[str], str], prompt: str) -> str:
    """One typed answer: full-width ASCII as ASCII (:data:`_FULLWIDTH`), runs of spaces as one, no spaces at
    either end. End of input (Ctrl-D) stops the match or game as Ctrl-C does (``KeyboardInterrupt``), so the
    command saves it."""
    try:
        return " ".join(ask(prompt).translate(_FULLWIDTH).split())
    except EOFError:
        raise KeyboardInterrupt from None


def numbered(answer: str, choices: Sequence[T]) -> T | None:
    """The choice an answer names by its number (1 …), or None (not a number, or out of range)."""
    if not (answer.isascii() and answer.isdigit()):
        return None
    k = int(answer) if len(answer) <= 6 else 0
    return choices[k - 1] if 1 <= k <= len(choices) else None
