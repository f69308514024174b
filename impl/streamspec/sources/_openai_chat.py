"""OpenAI Chat Completions streaming chunks as streamspec events (``--from openai_chat``).

The protocol is the one openai-python 3.57.0 reads (``ChatCompletionChunk``,
``Stream``); the table is ``spec/sources/openai_chat.json``. Rules:

1. **Wire.** SSE ``data:`` lines ending with ``data: [DONE]``, or JSON lines
   of chunks (a dump, often without ``[DONE]``). A record whose ``error`` is
   truthy is an error record, whatever else it holds (the SDK checks
   ``error`` before it reads a chunk); any other record is dispatched on its
   ``object``: ``chat.completion.chunk`` is a chunk, anything else is unknown.
2. **Completions and replies.** A chunk's ``id`` names its completion: the
   first chunk of an id begins that completion, and choice 0 of it is the
   reply ``<id>``; choice ``n > 0`` (a request with ``n > 1``) is the reply
   ``<id>/<n>``, begun at the choice's first entry. Each reply is one model
   call keyed like the reply; every reply is in session ``openai_chat``.
   Choice 0's events are given as they come; another choice's are held
   until its completion ends, then given after choice 0's, in order of
   first appearance, so that each reply's events are contiguous (a
   completion event belongs to the reply started or ended last).
   Block ids are ``<reply>.content``, ``<reply>.refusal`` and
   ``<reply>.reasoning``; tool calls keep their wire ids.
3. **A new id.** A chunk with another id ends the current completion as the
   end of input would (rule 11) and begins the new one. A chunk naming a
   completion that has already given way to another is a violation: a
   completion's chunks are contiguous.
4. **Shape.** A chunk folds only whole: ``id`` must be a string,
   ``choices`` an array of objects with a non-negative integer ``index`` and
   an object ``delta``; ``content``, ``refusal``, ``reasoning_content``,
   ``finish_reason`` strings or null; ``tool_calls`` an array or null of
   objects with a non-negative integer ``index``, ``id`` and ``type``
   strings or null and ``function`` an object or null (``name``,
   ``arguments`` strings or null); ``function_call`` an object or null
   likewise; ``usage`` an object or null. Anything else makes the whole
   chunk a violation, nothing of it folded (in the SDK's ``accumulate_delta``
   words for a ``tool_calls`` entry that is no object or has no integer
   ``index``).
5. **Text.** ``delta.content`` is appended to the text block
   ``<reply>.content``, ``delta.refusal`` to the text block
   ``<reply>.refusal``, ``delta.reasoning_content`` (sent by some
   OpenAI-compatible providers) to the thinking block ``<reply>.reasoning``;
   each block opens at its first non-empty delta. An empty string gives
   nothing. Within one delta: reasoning, content, refusal, function call,
   tool calls.
6. **Tool calls.** ``delta.tool_calls[]`` are named by ``index``, in any
   order, interleaved or not. A call's first delta must carry a non-empty
   ``id`` and ``function.name`` (``TOOL_CALL_START``); later deltas name it by
   index alone and may repeat its id and name, never change them; an id
   names one index of its choice. ``function.arguments`` gives
   ``TOOL_CALL_DELTA``.
7. **Function call.** The deprecated ``delta.function_call`` is a tool call
   with the id ``<reply>.function_call``; its first delta must carry a
   ``name``.
8. **Finish.** A non-empty ``finish_reason`` closes the choice's blocks and
   tool-call inputs and is the call's finish (the word read with the
   ``openai_chat`` vocabulary). Null and ``""`` are no finish. After its
   finish a choice may appear again only with nothing in it: an entry with
   text, a tool call or another ``finish_reason`` is a violation.
9. **Usage.** The usage of a completion is the last non-null ``usage`` of
   its chunks (the ``stream_options.include_usage`` chunk, whose ``choices``
   is empty); a later null never erases it. It is the request's: the receipt
   of choice 0 carries it, the receipts of other choices carry none.
10. **[DONE].** ``[DONE]`` ends the stream: every reply of the current
    completion closes its open blocks and tool-call inputs, then gets its
    receipt (with the usage of rule 9, or none) and ``REPLY_END``; a choice
    that never finished has its receipt and no finish. Anything after
    ``[DONE]`` is a violation (the SDK stops reading there).
11. **End of input.** Without ``[DONE]`` (or at a new id), a reply whose
    choice has finished ends as at ``[DONE]``, and so does every reply of a
    completion whose usage chunk (a ``usage`` object with ``choices: []``,
    the request's last chunk) has arrived; any other reply is left open
    with no finish and no receipt (cut off): ``reduce`` reports it open,
    ``judge`` finds no completion basis.
12. **Error.** An error record ends the stream, as the SDK raises
    ``APIError`` there: the current completion ends as at the end of input
    (rule 11: a reply that has ended gets its receipt, the others stay
    open), then every reply of it gets the error (``code`` is
    ``error.code``, else ``error.type``; the message is ``error.message``,
    else the SDK's ``An error occurred during streaming``); before any
    chunk, the error is the call ``(no completion)``'s. A ``[DONE]`` after
    it gives nothing; any other record after it is a violation.
13. **Information.** ``role``, ``logprobs``, ``audio``, ``model``,
    ``created``, ``system_fingerprint``, ``service_tier``, ``obfuscation``
    and ``moderation`` give no event; they are not checked.

A violation is kept whole with a ``source_violation`` error and folds
nothing; a record of another ``object`` is kept with an ``unknown_record``
warning. The importer keeps what is open (the current completion's choices,
their tool calls by index, the receipt's text, the held lines of choices
other than 0) and the ids of the completions seen; each delta costs its own
length.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from streamspec import _json_exact
from streamspec._jsonl import Line
from streamspec._shapes import json_name
from streamspec.sources._importer import Importer
from streamspec.sources._writer import ReplyWriter

__all__ = ["IMPORTER", "OpenAIChatImporter", "import_lines"]

#: The wire type of a chunk (its ``object``) and of an error record.
CHUNK: Final = "chat.completion.chunk"
ERROR: Final = "error"
#: The session every reply belongs to.
SESSION: Final = "openai_chat"
VOCABULARY: Final = "openai_chat"
USAGE_SOURCE: Final = "openai_chat"
#: The call an error before any chunk belongs to (rule 12).
NO_COMPLETION: Final = "(no completion)"
#: The SDK's message for an error record without one.
SDK_ERROR_MESSAGE: Final = "An error occurred during streaming"
_DONE_RECORD: Final = {"type": "[DONE]"}
_SHOWN: Final = 120


class _Bad(Exception):
    """A chunk that breaks the protocol; the message says how."""


# ------------------------------------------------------------------ shape


@attrs.frozen
class _ToolDelta:
    index: int
    id: str | None
    name: str | None
    arguments: str | None


@attrs.frozen
class _FunctionDelta:
    name: str | None
    arguments: str | None


@attrs.frozen
class _ChoiceDelta:
    index: int
    reasoning: str
    content: str
    refusal: str
    function_call: _FunctionDelta | None
    tool_calls: tuple[_ToolDelta, ...]
    finish_reason: str

    def output(self) -> str | None:
        """The first kind of output this entry carries, or ``None`` (rule 8)."""
        if self.reasoning or self.content or self.refusal:
            return "text"
        if self.tool_calls or (
            self.function_call is not None
            and (self.function_call.name or self.function_call.arguments)
        ):
            return "a tool call"
        if self.finish_reason:
            return f"another finish_reason {self.finish_reason!r}"
        return None


@attrs.frozen
class _Chunk:
    id: str
    choices: tuple[_ChoiceDelta, ...]
    usage: dict[str, Any] | None


def _shown(value: Any) -> str:
    text = _json_exact.dumps(value).decode()
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _wrong(path: str, wanted: str, value: Any) -> _Bad:
    return _Bad(f"chunk field {path} must be {wanted}, got {json_name(value)}")


def _optional(record: Mapping[str, Any], key: str, path: str, kind: type, wanted: str) -> Any:
    value = record.get(key)
    if value is not None and not isinstance(value, kind):
        raise _wrong(f"{path}{key}", wanted, value)
    return value


def _text(record: Mapping[str, Any], key: str, path: str) -> str | None:
    value: str | None = _optional(record, key, path, str, "a string or null")
    return value


def _object(record: Mapping[str, Any], key: str, path: str) -> dict[str, Any] | None:
    value: dict[str, Any] | None = _optional(record, key, path, dict, "an object or null")
    return value


def _index(value: Any, path: str) -> int:
    if value.__class__ is not int or value < 0:
        raise _Bad(f"chunk field {path} must be a non-negative integer, got {_shown(value)}")
    return int(value)


def _tool_delta(entry: Any, path: str) -> _ToolDelta:
    """One ``tool_calls`` entry; the SDK's own words where it has them (``accumulate_delta``)."""
    if not isinstance(entry, dict):
        raise _Bad(f"Unexpected list delta entry is not a dictionary: {_shown(entry)}")
    if "index" not in entry:
        raise _Bad(f"Expected list delta entry to have an `index` key; {_shown(entry)}")
    index = entry["index"]
    if not isinstance(index, int):
        raise _Bad(f"Unexpected, list delta entry `index` value is not an integer; {_shown(index)}")
    _index(index, f"{path}.index")
    call_id = _text(entry, "id", f"{path}.")
    _text(entry, "type", f"{path}.")
    function = _object(entry, "function", f"{path}.") or {}
    return _ToolDelta(
        index=index,
        id=call_id,
        name=_text(function, "name", f"{path}.function."),
        arguments=_text(function, "arguments", f"{path}.function."),
    )


def _choice_delta(entry: Any, path: str) -> _ChoiceDelta:
    if not isinstance(entry, dict):
        raise _wrong(path, "an object", entry)
    if "index" not in entry:
        raise _Bad(f"chunk field {path}.index is missing")
    index = _index(entry["index"], f"{path}.index")
    delta = entry.get("delta")
    if not isinstance(delta, dict):
        raise _wrong(f"{path}.delta", "an object", delta)
    at = f"{path}.delta."
    tool_calls = _optional(delta, "tool_calls", at, list, "an array or null") or []
    function = _object(delta, "function_call", at)
    return _ChoiceDelta(
        index=index,
        reasoning=_text(delta, "reasoning_content", at) or "",
        content=_text(delta, "content", at) or "",
        refusal=_text(delta, "refusal", at) or "",
        function_call=None
        if function is None
        else _FunctionDelta(
            name=_text(function, "name", f"{at}function_call."),
            arguments=_text(function, "arguments", f"{at}function_call."),
        ),
        tool_calls=tuple(
            _tool_delta(call, f"{at}tool_calls[{number}]") for number, call in enumerate(tool_calls)
        ),
        finish_reason=_text(entry, "finish_reason", f"{path}.") or "",
    )


def _chunk(record: Mapping[str, Any]) -> _Chunk:
    """The chunk ``record`` holds (rule 4), or :class:`_Bad`."""
    chunk_id = record.get("id")
    if not isinstance(chunk_id, str):
        raise _wrong("id", "a string", chunk_id)
    choices = record.get("choices")
    if not isinstance(choices, list):
        raise _wrong("choices", "an array", choices)
    return _Chunk(
        id=chunk_id,
        choices=tuple(
            _choice_delta(entry, f"choices[{number}]") for number, entry in enumerate(choices)
        ),
        usage=_object(record, "usage", ""),
    )


# ------------------------------------------------------------------ state


@attrs.define
class _Call:
    id: str
    name: str


@attrs.define
class _Choice:
    """One choice of the current completion: its reply and what is open in it."""

    writer: ReplyWriter
    #: The lines of a choice other than 0, held until its completion ends (rule 2).
    held: list[Line] = attrs.field(factory=list)
    finish: str | None = None
    calls: dict[int, _Call] = attrs.field(factory=dict)
    indexes: dict[str, int] = attrs.field(factory=dict)
    function_call: _Call | None = None


@attrs.define
class _Completion:
    id: str
    choices: dict[int, _Choice] = attrs.field(factory=dict)
    usage: dict[str, Any] | None = None
    #: Whether the usage chunk (``usage`` with ``choices: []``) has arrived (rule 11).
    usage_chunk: bool = False


class _Pending:
    """What a chunk would change, read before anything of it is folded (rules 6-8)."""

    def __init__(self, completion: _Completion | None) -> None:
        self.completion = completion
        self.finishes: dict[int, str] = {}
        self.calls: dict[tuple[int, int], _Call] = {}
        self.indexes: dict[tuple[int, str], int] = {}
        self.function_calls: dict[int, _Call] = {}

    def _choice(self, index: int) -> _Choice | None:
        return None if self.completion is None else self.completion.choices.get(index)

    def finish(self, index: int) -> str | None:
        found = self.finishes.get(index)
        if found is None:
            choice = self._choice(index)
            found = None if choice is None else choice.finish
        return found

    def call(self, choice: int, index: int) -> _Call | None:
        found = self.calls.get((choice, index))
        state = self._choice(choice)
        if found is None and state is not None:
            found = state.calls.get(index)
        return found

    def index_of(self, choice: int, call_id: str) -> int | None:
        found = self.indexes.get((choice, call_id))
        state = self._choice(choice)
        if found is None and state is not None:
            found = state.indexes.get(call_id)
        return found

    def function_call(self, choice: int) -> _Call | None:
        found = self.function_calls.get(choice)
        state = self._choice(choice)
        if found is None and state is not None:
            found = state.function_call
        return found


def _changed(old: str, new: str | None) -> bool:
    """Whether a later delta renames ``old`` as ``new`` (rule 6: it may repeat it, or omit it)."""
    return bool(new) and new != old


def _conclude(completion: _Completion, index: int, choice: _Choice) -> None:
    """Close what is open in a reply, then give its receipt and ``REPLY_END`` (rules 9-11)."""
    writer = choice.writer
    writer.close_all()
    writer.receipt(completion.usage if index == 0 else None)
    writer.end()


class OpenAIChatImporter(Importer):
    """OpenAI Chat Completions chunks into streamspec lines (module rules 1-13)."""

    SOURCE = "openai_chat"
    TITLE = "OpenAI Chat Completions"

    def __init__(self) -> None:
        super().__init__()
        self._completion: _Completion | None = None
        self._seen: set[str] = set()
        #: What ended the stream: ``[DONE]``, ``the error record``, or ``None``.
        self._ended_by: str | None = None

    def handlers(self) -> Mapping[str, Callable[[dict[str, Any]], None]]:
        return {CHUNK: self._on_chunk, ERROR: self._on_error}

    def wire_type(self, record: dict[str, Any]) -> str | None:
        if record.get("error"):
            return ERROR
        object_ = record.get("object")
        return object_ if isinstance(object_, str) else None

    # ------------------------------------------------------------ records

    def _on_chunk(self, record: dict[str, Any]) -> None:
        if self._ended_by is not None:
            self.violation(record, f"{CHUNK} after {self._ended_by}: the stream had ended")
            return
        try:
            chunk = _chunk(record)
            current = self._completion
            target = current if current is not None and current.id == chunk.id else None
            if target is None and chunk.id in self._seen:
                shown = "" if current is None else current.id
                raise _Bad(
                    f"chunk of completion {chunk.id!r} after completion {shown!r} began: "
                    "a completion's chunks are contiguous"
                )
            self._check_order(chunk, _Pending(target))
        except _Bad as bad:
            self.violation(record, str(bad))
            return
        if target is None:
            self._begin(chunk.id)
        self._fold(chunk)

    def _on_error(self, record: dict[str, Any]) -> None:
        if self._ended_by is not None:
            self.violation(record, f"error record after {self._ended_by}: the stream had ended")
            return
        error = record.get("error")
        body: Mapping[str, Any] = error if isinstance(error, dict) else {}
        message = body.get("message")
        code = body.get("code")
        if not isinstance(code, str):
            code = body.get("type")
        error_of = (
            code if isinstance(code, str) else None,
            message if isinstance(message, str) and message else SDK_ERROR_MESSAGE,
        )
        if self._completion is None:
            self._writer(NO_COMPLETION).error(*error_of)
        self._settle(error=error_of)
        self._ended_by = "the error record"

    def on_done(self) -> None:
        if self._ended_by == "the error record":
            self._ended_by = "[DONE]"
            return
        if self._ended_by is not None:
            self.violation(_DONE_RECORD, f"[DONE] after {self._ended_by}: the stream had ended")
            return
        self._settle(done=True)
        self._ended_by = "[DONE]"

    def on_close(self) -> None:
        if self._ended_by is None:
            self._settle()

    # ------------------------------------------------------------ order

    def _check_order(self, chunk: _Chunk, pending: _Pending) -> None:
        """Raise :class:`_Bad` when ``chunk`` breaks rules 6-8 (nothing folded yet)."""
        for entry in chunk.choices:
            finish = pending.finish(entry.index)
            output = entry.output()
            if finish is not None and output is not None:
                raise _Bad(
                    f"choice {entry.index} of completion {chunk.id!r} has {output} "
                    f"after its finish_reason {finish!r}"
                )
            self._check_function_call(entry, pending)
            for call in entry.tool_calls:
                self._check_tool_call(entry.index, call, pending)
            if entry.finish_reason:
                pending.finishes[entry.index] = entry.finish_reason

    @staticmethod
    def _check_function_call(entry: _ChoiceDelta, pending: _Pending) -> None:
        delta = entry.function_call
        if delta is None:
            return
        known = pending.function_call(entry.index)
        if known is None:
            if not delta.name:
                raise _Bad(f"function_call of choice {entry.index} starts without a name")
            pending.function_calls[entry.index] = _Call("", delta.name)
        elif _changed(known.name, delta.name):
            raise _Bad(
                f"function_call of choice {entry.index} is named {known.name!r}; "
                f"a later delta names it {delta.name!r}"
            )

    @staticmethod
    def _check_tool_call(choice: int, call: _ToolDelta, pending: _Pending) -> None:
        known = pending.call(choice, call.index)
        where = f"tool call index {call.index} of choice {choice}"
        if known is None:
            if not call.id:
                raise _Bad(f"{where} starts without an id")
            if not call.name:
                raise _Bad(f"{where} starts without function.name")
            other = pending.index_of(choice, call.id)
            if other is not None:
                raise _Bad(
                    f"tool call id {call.id!r} of choice {choice} is index {other}; "
                    f"{where} uses it too"
                )
            pending.calls[choice, call.index] = _Call(call.id, call.name)
            pending.indexes[choice, call.id] = call.index
            return
        if _changed(known.id, call.id):
            raise _Bad(f"{where} is {known.id!r}; a later delta names it {call.id!r}")
        if _changed(known.name, call.name):
            raise _Bad(f"{where} is named {known.name!r}; a later delta names it {call.name!r}")

    # ------------------------------------------------------------ folding

    def _writer(self, reply_id: str, emit: Callable[[Any], None] | None = None) -> ReplyWriter:
        return ReplyWriter(
            self.emit if emit is None else emit,
            reply_id=reply_id,
            session_id=SESSION,
            call=reply_id,
            vocabulary=VOCABULARY,
            usage_source=USAGE_SOURCE,
        )

    def _begin(self, completion_id: str) -> None:
        """End the current completion as the end of input would (rule 3), then begin another."""
        self._settle()
        self._seen.add(completion_id)
        completion = self._completion = _Completion(completion_id)
        choice = completion.choices[0] = _Choice(self._writer(completion_id))
        choice.writer.start()

    def _settle(self, *, done: bool = False, error: tuple[str | None, str] | None = None) -> None:
        """End the current completion (rules 2, 10-12).

        Each reply, in choice order of first appearance, gets its receipt and
        ``REPLY_END`` when it has ended (at ``[DONE]``, or per rule 11), then
        the error when there is one; the held lines of a choice other than 0
        are given after choice 0's.
        """
        completion = self._completion
        if completion is None:
            return
        for index, choice in completion.choices.items():
            if done or choice.finish is not None or completion.usage_chunk:
                _conclude(completion, index, choice)
            if error is not None:
                choice.writer.error(*error)
            self._out.extend(choice.held)
        self._completion = None

    def _choice(self, completion: _Completion, index: int) -> _Choice:
        choice = completion.choices.get(index)
        if choice is None:
            held: list[Line] = []
            writer = self._writer(
                f"{completion.id}/{index}", lambda event: held.append(Line(self.number, event))
            )
            choice = completion.choices[index] = _Choice(writer, held)
            writer.start()
        return choice

    def _fold(self, chunk: _Chunk) -> None:
        completion = self._completion
        assert completion is not None
        for entry in chunk.choices:
            self._fold_choice(self._choice(completion, entry.index), entry)
        if chunk.usage is not None:
            completion.usage = chunk.usage
            completion.usage_chunk = completion.usage_chunk or not chunk.choices

    def _fold_choice(self, choice: _Choice, entry: _ChoiceDelta) -> None:
        writer = choice.writer
        reply = writer.reply_id
        if entry.reasoning:
            writer.thinking(f"{reply}.reasoning", entry.reasoning)
        if entry.content:
            writer.text(f"{reply}.content", entry.content)
        if entry.refusal:
            writer.text(f"{reply}.refusal", entry.refusal)
        if entry.function_call is not None:
            self._fold_function_call(choice, entry.function_call)
        for call in entry.tool_calls:
            self._fold_tool_call(choice, call)
        if entry.finish_reason:
            writer.close_all()
            writer.finish(entry.finish_reason)
            choice.finish = entry.finish_reason

    @staticmethod
    def _fold_function_call(choice: _Choice, delta: _FunctionDelta) -> None:
        writer = choice.writer
        call = choice.function_call
        if call is None:
            assert delta.name is not None
            call = choice.function_call = _Call(f"{writer.reply_id}.function_call", delta.name)
            writer.tool_start(call.id, call.name)
        if delta.arguments:
            writer.tool_input(call.id, delta.arguments)

    @staticmethod
    def _fold_tool_call(choice: _Choice, delta: _ToolDelta) -> None:
        writer = choice.writer
        call = choice.calls.get(delta.index)
        if call is None:
            assert delta.id is not None and delta.name is not None
            call = choice.calls[delta.index] = _Call(delta.id, delta.name)
            choice.indexes[delta.id] = delta.index
            writer.tool_start(call.id, call.name)
        if delta.arguments:
            writer.tool_input(call.id, delta.arguments)


#: The importer class the registry and the generic tests use.
IMPORTER: Final = OpenAIChatImporter


def import_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Read OpenAI Chat Completions provider lines (rules 1-13)."""
    return OpenAIChatImporter().run(lines)
