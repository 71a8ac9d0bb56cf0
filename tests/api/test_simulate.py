"""manage.py simulate: a bot tournament's table, the same whatever the processes."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command


def _table(*args: str) -> str:
    out = io.StringIO()
    call_command("simulate", "gotham-race", *args, stdout=out, stderr=io.StringIO())
    return re.sub(r" +\d+\.\d{3}\n", "\n", out.getvalue())  # the seconds a move vary


def test_the_tally_is_the_same_in_one_process_or_two() -> None:
    args = ("--bots", "random,greedy", "--games", "4", "--seed", "11")
    alone = _table(*args)
    assert "gotham-race: 4 games, 2 seats" in alone
    assert alone == _table(*args, "--jobs", "2")


@pytest.mark.parametrize("jobs", ["0", "10000"])
def test_processes_beyond_the_machine_are_refused(jobs: str) -> None:
    with pytest.raises(CommandError, match="--jobs is 1 to"):
        _table("--bots", "random,random", "--games", "1", "--jobs", jobs)
