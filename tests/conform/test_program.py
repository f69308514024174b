"""Program runs an implementation over protocol v1 and survives every way it can misbehave."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from streamspec._errors import UsageError
from streamspec._resources import spec_dir
from streamspec.conform._program import (
    START_TIMEOUT,
    Errored,
    Program,
    ProtocolError,
    Ready,
    Result,
    Skipped,
    _Child,
    _Failure,
)
from streamspec.conform._reference import ALL_CHECKS, ALL_KINDS, reference_output

ADAPTER = [sys.executable, "-m", "streamspec.cli._adapter"]
CASE: dict[str, Any] = {
    k: v
    for k, v in orjson.loads(
        (spec_dir() / "vectors/reduce/must/unknown-block.json").read_bytes()
    ).items()
    if k != "expected"
}
OUTPUT = orjson.loads(orjson.dumps(reference_output("reduce", CASE)))


def _reaped(pid: int) -> bool:
    """True when ``pid`` is no longer a child of this process waiting to be reaped."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _script(tmp_path: Path, body: str) -> list[str]:
    """A Python program from ``body`` (indented code allowed), as a command."""
    path = tmp_path / "fake_adapter.py"
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def test_start_returns_ready_for_the_reference_adapter():
    """Starting the reference adapter yields Ready with its name and every offered kind and check."""
    with Program(ADAPTER, timeout=30) as program:
        ready = program.start(ALL_KINDS, ALL_CHECKS)
        assert ready == Ready(
            implementation=ready.implementation, kinds=ALL_KINDS, checks=ALL_CHECKS
        )
        assert ready.implementation["name"] == "streamspec"
        assert program.ready == ready
        assert program.run("reduce", CASE) == Result(OUTPUT)


def test_a_command_given_as_one_string_is_split_like_a_shell():
    """A command line string is split with shlex, so a quoted interpreter path with spaces still runs."""
    with Program(shlex.join(ADAPTER), timeout=30) as program:
        assert program.argv == tuple(ADAPTER)
        assert program.start(["reduce"], ["message"]).kinds == ("reduce",)
        answer = program.run("reduce", CASE)
        assert answer == Result({"message": OUTPUT["message"]})


def test_a_command_that_does_not_exist_is_a_protocol_error_naming_it():
    """A missing executable fails start with ProtocolError whose reason and text name the command."""
    program = Program("no-such-streamspec-adapter --fast", timeout=1)
    with pytest.raises(ProtocolError) as info:
        program.start(ALL_KINDS, ALL_CHECKS)
    assert "cannot start 'no-such-streamspec-adapter'" in info.value.reason
    assert info.value.command == ("no-such-streamspec-adapter", "--fast")
    assert "no-such-streamspec-adapter --fast" in str(info.value)
    assert program.pid is None
    assert program.ready is None


def test_a_program_that_exits_before_ready_is_a_protocol_error_with_its_stderr():
    """A program that exits at once fails start with its exit status and its last stderr line.

    Whether it was gone before the request was written or only before it answered is a race
    the operating system decides; both reasons name the status and the step.
    """
    command = [sys.executable, "-c", "import sys; sys.stderr.write('boom\\n'); sys.exit(4)"]
    with Program(command, timeout=5) as program:
        with pytest.raises(ProtocolError) as info:
            program.start(ALL_KINDS, ALL_CHECKS)
        assert program.pid is None, "the failed child is discarded before close"
    assert info.value.reason in (
        "exited with status 4 before answering start",
        "exited with status 4 before reading its request",
    )
    assert info.value.stderr_tail == "boom"
    assert str(info.value) == (
        f"{shlex.join(command)}: {info.value.reason}\nlast stderr lines:\nboom"
    ), "the message names the command, the reason and the child's last words"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("hello", "unreadable answer line 'hello': not JSON"),
        ("hello XX", "unreadable answer line 'hello XX': not JSON"),
        ("h" * 201, "unreadable answer line '" + "h" * 200 + "...': not JSON"),
        ("h" * 200, "unreadable answer line '" + "h" * 200 + "': not JSON"),
        (
            '{"type": "result", "seq": 1, "output": {}}',
            "invalid answer to start: expected type one of ['ready', 'errored'], got 'result' @ $.type",
        ),
        (
            '{"type": "ready", "protocol": 2, "implementation": {"name": "x", "version": "1", '
            '"language": "c"}, "kinds": [], "checks": []}',
            "invalid answer to start: expected 1 @ $.protocol",
        ),
        (
            '{"type": "ready", "protocol": 2, "implementation": {"name": "x", "version": "1", '
            '"language": "c"}, "kinds": 5, "checks": []}',
            "invalid answer to start: expected 1 @ $.protocol; "
            "expected an array, got a number @ $.kinds",
        ),
        (
            '{"type": "errored", "message": "protocol 1 unknown"}',
            "refused start: protocol 1 unknown",
        ),
    ],
)
def test_a_bad_answer_to_start_is_a_protocol_error_naming_the_fault(
    tmp_path: Path, answer: str, reason: str
):
    """An answer to start that is not JSON, not ready, for another protocol, or errored fails start naming what was wrong."""
    command = _script(
        tmp_path,
        f"""
        import sys
        sys.stdin.readline()
        print({answer!r}, flush=True)
        sys.stdin.readline()
        """,
    )
    with Program(command, timeout=5) as program:
        with pytest.raises(ProtocolError) as info:
            program.start(ALL_KINDS, ALL_CHECKS)
        assert program.pid is None, "the failed child is discarded before close"
    assert info.value.reason.startswith(reason)
    if reason.startswith(("invalid", "refused")):
        assert info.value.reason == reason, "every problem is named, joined by '; '"


def test_a_silent_program_times_out_at_start():
    """A program that never answers start fails it with a timeout reason after about the timeout."""
    command = [sys.executable, "-c", "import time; time.sleep(60)"]
    began = time.monotonic()
    program = Program(command, timeout=0.5, start_timeout=0.5)
    with program:
        with pytest.raises(ProtocolError) as info:
            program.start(ALL_KINDS, ALL_CHECKS)
        assert program.pid is None, "the silent child is killed before close"
    assert info.value.reason == "timeout after 0.5 s"
    assert time.monotonic() - began < 5


def test_start_may_take_longer_than_a_case():
    """An answer may take 30 s unless the runner is told otherwise, and ready may always take
    30 s (spec/protocol/README.md): the case timeout does not bound start-up."""
    assert (Program(["x"]).timeout, Program(["x"]).start_timeout) == (30.0, 30.0)
    assert Program(["x"], timeout=0.5).start_timeout == START_TIMEOUT == 30.0
    assert Program(["x"], timeout=60).start_timeout == 60
    assert Program(["x"], timeout=0.5, start_timeout=2).start_timeout == 2


def _misbehaving(mode: str, timeout: float = 30) -> Program:
    program = Program([*ADAPTER, "--break", mode], timeout=timeout)
    program.start(ALL_KINDS, ALL_CHECKS)
    return program


@pytest.mark.parametrize(
    ("mode", "timeout", "message"),
    [
        ("crash", 30.0, "exited with status 3 before answering run 3"),
        ("hang", 1.0, "timeout after 1 s"),
        ("garbage", 30.0, "unreadable answer line 'this line is not JSON': not JSON"),
        ("seq", 30.0, "answer seq 4, expected 3"),
    ],
)
def test_program_survives_a_misbehaving_run_and_restarts_for_the_next(
    mode: str, timeout: float, message: str
):
    """Runs 1-2 pass, run 3 is Errored naming the fault, the child is killed and reaped, and run 4 passes in a fresh child."""
    with _misbehaving(mode, timeout) as program:
        assert program.run("reduce", CASE) == Result(OUTPUT)
        assert program.run("reduce", CASE) == Result(OUTPUT)
        first = program.pid
        assert first is not None
        began = time.monotonic()
        answer = program.run("reduce", CASE)
        assert isinstance(answer, Errored)
        assert answer.message.startswith(message), answer.message
        assert time.monotonic() - began < timeout + 5
        assert program.pid is None
        assert _reaped(first)
        assert program.run("reduce", CASE) == Result(OUTPUT)
        assert program.pid not in (None, first)
        assert program.restarts == 1


def test_a_crash_keeps_the_childs_last_stderr_lines():
    """The Errored of a crash carries the child's stderr tail, which names the crash."""
    with _misbehaving("crash") as program:
        program.run("reduce", CASE)
        program.run("reduce", CASE)
        answer = program.run("reduce", CASE)
    assert isinstance(answer, Errored)
    assert "crashing on purpose" in answer.stderr_tail


def test_an_errored_answer_keeps_the_child_running():
    """An errored answer with the run's seq is returned as the child's message, and the same child serves the next run."""
    with Program(ADAPTER, timeout=30) as program:
        program.start(ALL_KINDS, ALL_CHECKS)
        pid = program.pid
        answer = program.run("pairing", {"operation": "sort", "input": []})
        assert isinstance(answer, Errored)
        assert answer.message.startswith("UsageError: unknown pairing operation 'sort'")
        assert program.run("reduce", CASE) == Result(OUTPUT)
        assert program.pid == pid
        assert program.restarts == 0


def test_a_skipped_answer_is_returned_with_its_reason():
    """A skipped answer becomes Skipped with the child's reason."""
    strict = orjson.loads(
        (spec_dir() / "vectors/reduce/should/strict-first-event.json").read_bytes()
    )
    del strict["expected"]
    with _misbehaving("skip") as program:
        assert program.run("reduce", strict) == Skipped("no strict mode")


def test_a_kind_the_child_did_not_accept_is_skipped_without_sending():
    """A run of a kind missing from ready is Skipped by the client, and the child keeps its pid."""
    with Program(ADAPTER, timeout=30) as program:
        program.start(["reduce"], ALL_CHECKS)
        pid = program.pid
        assert program.run("judge", {}) == Skipped("the implementation did not accept kind 'judge'")
        assert program.pid == pid


def test_run_before_start_is_a_usage_error():
    """Calling run without a successful start raises UsageError and starts no child."""
    program = Program(ADAPTER, timeout=30)
    with pytest.raises(UsageError, match="before a successful start"):
        program.run("reduce", CASE)
    assert program.pid is None


def test_run_after_close_is_a_usage_error():
    """A closed program runs nothing: run raises UsageError and starts no child again."""
    program = Program(ADAPTER, timeout=30)
    program.start(["reduce"], ALL_CHECKS)
    program.close()
    with pytest.raises(UsageError, match="before a successful start"):
        program.run("reduce", CASE)
    assert program.pid is None


def test_close_leaves_no_pipe_of_the_child_open():
    """Closing a program reaps its child and closes all three of its pipes, once their readers
    have finished, so nothing is left for the garbage collector to warn about."""
    program = Program(ADAPTER, timeout=30)
    program.start(["reduce"], ALL_CHECKS)
    child = program._child
    assert child is not None
    program.close()
    assert child.process.returncode is not None
    assert not any(thread.is_alive() for thread in child.threads)
    pipes = (child.process.stdin, child.process.stdout, child.process.stderr)
    assert [pipe is not None and pipe.closed for pipe in pipes] == [True, True, True]


def test_an_empty_command_is_a_usage_error():
    """An empty command line is refused when the Program is made."""
    with pytest.raises(UsageError, match="command is empty"):
        Program("   ")


def test_close_stops_the_child_reaps_it_and_is_idempotent():
    """Close sends stop so the child exits 0, leaves no zombie, can be called twice, and run afterwards is a usage error."""
    program = Program(ADAPTER, timeout=30)
    program.start(ALL_KINDS, ALL_CHECKS)
    child = program._child
    assert child is not None
    program.close()
    assert child.process.returncode == 0
    assert _reaped(child.process.pid)
    program.close()
    assert program.pid is None
    with pytest.raises(UsageError):
        program.run("reduce", CASE)


def test_a_failed_restart_is_the_runs_errored(tmp_path: Path):
    """When the child dies and will not start again, the next run is Errored naming the failed restart."""
    marker = tmp_path / "started"
    command = _script(
        tmp_path,
        f"""
        import json, pathlib, sys
        marker = pathlib.Path({str(marker)!r})
        if marker.exists():
            sys.stderr.write("second start refused\\n")
            sys.exit(5)
        marker.write_text("x")
        sys.stdin.readline()
        print(json.dumps({{"type": "ready", "protocol": 1, "implementation":
            {{"name": "once", "version": "1", "language": "python"}},
            "kinds": ["reduce"], "checks": ["message"]}}), flush=True)
        sys.stdin.readline()
        sys.exit(1)
        """,
    )
    with Program(command, timeout=5) as program:
        program.start(["reduce"], ["message"])
        first = program.run("reduce", CASE)
        assert isinstance(first, Errored)
        assert first.message == "exited with status 1 before answering run 1"
        second = program.run("reduce", CASE)
    assert second == Errored(
        "restart failed: exited with status 5 before answering start", "second start refused"
    )


def test_a_chatty_stderr_never_blocks_and_only_the_tail_is_kept(tmp_path: Path):
    """A child writing megabytes to stderr before each answer still answers, and only its last 20 stderr lines are kept."""
    command = _script(
        tmp_path,
        """
        import json, sys
        for n, line in enumerate(sys.stdin):
            request = json.loads(line)
            for i in range(40000):
                sys.stderr.write(f"noise {n}.{i} " + "x" * 40 + "\\n")
            sys.stderr.flush()
            if request["type"] == "start":
                answer = {"type": "ready", "protocol": 1, "implementation":
                    {"name": "chatty", "version": "1", "language": "python"},
                    "kinds": ["reduce"], "checks": ["message"]}
            elif request["type"] == "run":
                answer = {"type": "errored", "seq": request["seq"], "message": "chatty"}
            else:
                break
            print(json.dumps(answer), flush=True)
        """,
    )
    with Program(command, timeout=30) as program:
        program.start(["reduce"], ["message"])
        answer = program.run("reduce", CASE)
        assert isinstance(answer, Errored)
        assert answer.message == "chatty"
        time.sleep(0.2)
        tail = program.stderr_tail().splitlines()
    assert len(tail) == 20
    assert tail[-1].startswith("noise 1.39999 ")


REFUSAL = '{"type": "errored", "message": "protocol 1 unknown"}'


def test_a_refusal_written_before_the_program_left_is_read_whatever_the_timing(tmp_path: Path):
    """A program that prints its refusal and exits without reading fails start with that
    refusal, whether the request reached the pipe before it left or after."""
    command = _script(tmp_path, f"print({REFUSAL!r}, flush=True)\n")
    for _ in range(5):
        with Program(command, timeout=5) as program, pytest.raises(ProtocolError) as info:
            program.start(ALL_KINDS, ALL_CHECKS)
        assert info.value.reason == "refused start: protocol 1 unknown"


@pytest.mark.parametrize(
    ("body", "answer", "reason"),
    [
        (f"print({REFUSAL!r}, flush=True)\n", orjson.loads(REFUSAL), None),
        ("import sys; sys.exit(3)\n", None, "exited with status 3 before reading its request"),
    ],
    ids=["it answered first", "it said nothing"],
)
def test_a_request_to_a_program_that_left_reads_what_it_wrote_first(
    tmp_path: Path, body: str, answer: dict[str, Any] | None, reason: str | None
):
    """Writing to a program that has exited does not fail by itself: its answer, if it wrote
    one, is read; if it wrote none, the failure says it left before reading the request."""
    child = _Child(_script(tmp_path, body), None)
    try:
        child.process.wait(timeout=30)
        child.threads[0].join(timeout=30)
        child.send({"type": "start", "protocol": 1, "kinds": ["reduce"], "checks": ["message"]})
        if reason is None:
            assert child.receive(5, "start") == answer
        else:
            with pytest.raises(_Failure, match=f"^{reason}$"):
                child.receive(5, "start")
        assert child.unread
    finally:
        child.kill()


def test_a_program_alive_but_not_reading_fails_the_request_at_once(tmp_path: Path):
    """A program that closed its stdin and still runs cannot take the request: that fails at
    once, without waiting for an answer."""
    command = _script(tmp_path, "import os, time\nos.close(0)\ntime.sleep(30)\n")
    child = _Child(command, None)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                child.send({"type": "stop"})
            except _Failure as failure:
                assert str(failure) == "closed its stdin before reading its request"
                break
            time.sleep(0.05)
        else:
            pytest.fail("writing to a closed stdin never failed")
    finally:
        child.kill()


class _CountedJoins:
    """A reader thread that counts the times it is joined."""

    def __init__(self, thread: Any) -> None:
        self.thread = thread
        self.joins = 0

    def join(self, timeout: float | None = None) -> None:
        self.joins += 1
        self.thread.join(timeout)

    def is_alive(self) -> bool:
        return bool(self.thread.is_alive())


def test_the_stderr_tail_of_an_exited_child_is_read_to_its_end_and_a_live_one_is_not_waited_for():
    """While the child runs, its tail is what was read so far, at once; once it has exited,
    the tail waits for the reader, so the last line written before exiting is never lost."""
    body = (
        "import sys; sys.stderr.write('up\\n'); sys.stderr.flush(); "
        "sys.stdin.readline(); sys.stderr.write('bye\\n')"
    )
    child = _Child([sys.executable, "-c", body], None)
    try:
        reader = _CountedJoins(child.threads[1])
        child.threads = (child.threads[0], reader)  # type: ignore[assignment]
        deadline = time.monotonic() + 10
        while not child.stderr and time.monotonic() < deadline:
            time.sleep(0.01)
        assert child.stderr_tail() == "up"
        assert reader.joins == 0
        assert child.process.stdin is not None
        child.process.stdin.write(b"\n")
        child.process.stdin.flush()
        assert child.process.wait(timeout=10) == 0
        assert child.stderr_tail() == "up\nbye"
        assert reader.joins == 1
    finally:
        child.kill()


def test_an_invalid_answer_to_a_run_is_the_runs_errored_naming_its_problems(tmp_path: Path):
    """A run's answer that is not a result, skipped or errored message (here a result without
    its output) is Errored, naming what the answer lacks."""
    command = _script(
        tmp_path,
        """
        import json, sys
        sys.stdin.readline()
        print(json.dumps({"type": "ready", "protocol": 1, "implementation":
            {"name": "bad", "version": "1", "language": "python"},
            "kinds": ["reduce"], "checks": ["message"]}), flush=True)
        request = json.loads(sys.stdin.readline())
        print(json.dumps({"type": "result", "seq": request["seq"]}), flush=True)
        sys.stdin.readline()
        """,
    )
    with Program(command, timeout=5) as program:
        program.start(["reduce"], ["message"])
        answer = program.run("reduce", CASE)
    assert isinstance(answer, Errored)
    assert answer.message == "invalid answer: required key missing @ $.output"


def _leave_behind(pid_file: Path) -> str:
    """Lines of a Python program that fork a process of its own session, which writes its
    pid to ``pid_file`` and sleeps two minutes holding the program's pipes."""
    return textwrap.dedent(
        f"""
        if os.fork() == 0:
            os.setsid()
            with open({str(pid_file)!r}, "w") as out:
                out.write(str(os.getpid()))
            time.sleep(120)
            os._exit(0)
        """
    )


def test_a_pipe_held_open_by_a_detached_grandchild_never_keeps_the_runner_alive(tmp_path: Path):
    """An adapter that leaves behind a process of its own session holding its stdout and stderr:
    closing the program cannot close those pipes, and the runner still exits at once."""
    pid_file = tmp_path / "grandchild.pid"
    adapter = _script(
        tmp_path,
        "import os, sys, time\n"
        + _leave_behind(pid_file)
        + 'os.execv(sys.executable, [sys.executable, "-m", "streamspec.cli._adapter"])\n',
    )
    runner = textwrap.dedent(
        f"""
        from streamspec.conform._program import Program, Ready
        program = Program({adapter!r}, timeout=30)
        print(type(program.start(["reduce"], ["message"])).__name__)
        program.close()
        """
    )
    try:
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", runner], capture_output=True, timeout=100, check=False
        )
        assert (done.returncode, done.stdout) == (0, b"Ready\n")
        assert time.monotonic() - started < 30
    finally:
        with contextlib.suppress(OSError, ValueError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks a detached process")
@pytest.mark.parametrize("stage", ["start", "run"])
def test_an_exit_is_noticed_while_a_process_left_behind_holds_stdout(
    tmp_path: Path, stage: str
) -> None:
    """An adapter that exits without answering, leaving a process of its own session that
    holds its stdout open, is reported as exited, with its status, long before the timeout;
    its answers before then still count."""
    pid_file = tmp_path / "left.pid"
    answer_start = textwrap.dedent(
        f"""
        if {stage!r} == "run":
            json.loads(sys.stdin.readline())
            print(json.dumps({{"type": "ready", "protocol": 1, "implementation":
                {{"name": "left", "version": "1", "language": "python"}},
                "kinds": ["reduce"], "checks": ["message"]}}), flush=True)
        sys.stdin.readline()
        """
    )
    exit_once_left = f"while not os.path.exists({str(pid_file)!r}):\n    time.sleep(0.01)\n"
    adapter = _script(
        tmp_path,
        "import json, os, sys, time\n"
        + answer_start
        + _leave_behind(pid_file)
        + exit_once_left
        + "os._exit(3)\n",
    )
    try:
        started = time.monotonic()
        with Program(adapter, timeout=60) as program:
            if stage == "start":
                with pytest.raises(ProtocolError) as info:
                    program.start(["reduce"], ["message"])
                reason = info.value.reason
            else:
                assert isinstance(program.start(["reduce"], ["message"]), Ready)
                answer = program.run("reduce", CASE)
                assert isinstance(answer, Errored)
                reason = answer.message
        assert "exited with status 3 before answering" in reason, reason
        assert time.monotonic() - started < 20
    finally:
        with contextlib.suppress(OSError, ValueError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has exited (a zombie waiting for its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_killing_an_adapter_kills_the_processes_it_started_too() -> None:
    """An adapter's own children (a worker it forked) die with it: the whole process group."""
    body = (
        "import os, sys, time\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    time.sleep(120)\n"
        "    os._exit(0)\n"
        "sys.stderr.write(f'{pid}\\n'); sys.stderr.flush(); time.sleep(120)\n"
    )
    child = _Child([sys.executable, "-c", body], None)
    try:
        deadline = time.monotonic() + 10
        while not child.stderr and time.monotonic() < deadline:
            time.sleep(0.01)
        grandchild = int(child.stderr_tail())
        assert not _gone(grandchild)
    finally:
        child.kill()
    deadline = time.monotonic() + 10
    while not _gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.01)
    gone = _gone(grandchild)
    if not gone:
        os.kill(grandchild, signal.SIGKILL)
    assert gone
