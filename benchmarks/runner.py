"""Running the fold benchmark's end-to-end commands as child processes, and timing them.

A run's time is the child's CPU time, user+sys, read as the change in
``RUSAGE_CHILDREN`` around it (so only the waited-for child counts); its wall
time is kept too. A net time is the best run on the workload minus the best
run on an empty file: the start-up, which includes starting Python and
importing the package.
"""

from __future__ import annotations

import compileall
import gc
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from cells import Best, Net

FLOOR_SCRIPT = Path(__file__).resolve().with_name("floor.py")
CHECKED_SCRIPT = Path(__file__).resolve().with_name("checked.py")

#: The AgentScope side of the end-to-end run: parse each line, fold, print.
AGENTSCOPE_FOLD = """\
import sys
from pydantic import TypeAdapter
from agentscope.event import AgentEvent
from agentscope.message import Msg
validate = TypeAdapter(AgentEvent).validate_json
msg = None
with open(sys.argv[1], "rb") as stream:
    for line in stream:
        event = validate(line)
        if msg is None:
            msg = Msg(name="assistant", role="assistant", content=[],
                      id=event.reply_id, created_at=event.created_at)
        msg.append_event(event)
sys.stdout.write(msg.model_dump_json() if msg is not None else "null")
"""


def byte_compile(package: str) -> bool:
    """Write the byte code of every module of ``package``, as installing a wheel does.

    Without it, an editable install run where ``PYTHONDONTWRITEBYTECODE`` is
    set compiles every module from source at each start, which a user's
    installed copy never does. Returns whether every module compiled.
    """
    module = __import__(package)
    return bool(compileall.compile_dir(Path(module.__file__).parent, quiet=1))


def streamspec_command() -> list[str]:
    """The ``streamspec`` command of this interpreter's environment."""
    script = Path(sys.executable).parent / "streamspec"
    if script.exists():
        return [str(script)]
    found = shutil.which("streamspec")
    return [found] if found else [sys.executable, "-m", "streamspec"]


def commands(agentscope: bool) -> dict[str, list[str]]:
    """``side -> argv`` of every end-to-end command; the file's path goes last."""
    streamspec = streamspec_command()
    out = {
        "streamspec": [*streamspec, "reduce"],
        "floor": [sys.executable, str(FLOOR_SCRIPT)],
        "checked": [sys.executable, str(CHECKED_SCRIPT)],
        "judge": [*streamspec, "judge"],
    }
    if agentscope:
        out["agentscope"] = [sys.executable, "-c", AGENTSCOPE_FOLD]
    return out


@dataclass(frozen=True)
class Run:
    """One child run: wall time, the child's CPU time (user+sys) and its stdout."""

    wall: float
    cpu: float
    stdout: bytes


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_command(argv: list[str]) -> Run:
    """Run one child to its end; a failure raises."""
    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    return Run(wall, _children_cpu() - before, done.stdout)


def best_runs(argv: list[str], runs: int) -> Best:
    """The best CPU and wall time of ``runs`` runs of ``argv``."""
    done = [run_command(argv) for _ in range(runs)]
    return Best(min(r.cpu for r in done), min(r.wall for r in done), runs)


def time_net(
    argv: list[str],
    path: Path,
    empty: Path,
    startup: Best | None,
    repeat: int,
    budget: float,
) -> tuple[Net, bytes]:
    """Best time of ``argv path`` minus the best time of ``argv empty``, and the last stdout.

    With ``startup`` ``None`` the empty-file runs are interleaved with the
    real ones, so a drifting machine load does not bias the start-up
    subtracted; otherwise ``startup`` is subtracted. Runs repeat up to
    ``repeat`` times, and stop once the real runs took ``budget`` seconds.
    """
    best_cpu = best_wall = float("inf")
    empty_cpu, empty_wall = (startup.cpu, startup.wall) if startup else (best_cpu, best_wall)
    spent, runs, stdout = 0.0, 0, b""
    while runs < repeat and (runs == 0 or spent < budget):
        gc.collect()
        if startup is None:
            blank = run_command([*argv, str(empty)])
            empty_cpu, empty_wall = min(empty_cpu, blank.cpu), min(empty_wall, blank.wall)
        done = run_command([*argv, str(path)])
        best_cpu, best_wall = min(best_cpu, done.cpu), min(best_wall, done.wall)
        stdout = done.stdout
        spent += done.wall
        runs += 1
    return Net(best_cpu - empty_cpu, best_wall - empty_wall, runs), stdout
