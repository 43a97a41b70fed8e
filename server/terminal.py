"""What the `pantheon` command prints for people in a terminal: framed notices and progress bars (rich, on stderr).

Named apart from `server/console/`, the GM console's static files."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator


def framed(lines: list[str]) -> str:
    """The lines in an ASCII box, so that a token cannot be lost among log lines."""
    width = max(len(line) for line in lines)
    rule = "+" + "-" * (width + 2) + "+"
    return "\n".join([rule, *(f"| {line.ljust(width)} |" for line in lines), rule])


@contextlib.contextmanager
def progress(description: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr with `done / total`; yields a callback taking how many are done so far."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(description, total=total)

        def update(done: int) -> None:
            bar.update(task, completed=done)

        yield update
