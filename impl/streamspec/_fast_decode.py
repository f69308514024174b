"""Taking the common event straight from its JSON object, checked by the class's own fields.

Rules:

1. Each event class gets its checks written from its attrs fields when the
   module is imported; no field list is written by hand.
2. A field whose validator checks JSON types alone (its ``shape`` metadata is
   a :class:`~streamspec._shapes.Types` and it has no converter) is checked by
   the exact class of its value: ``str`` for ``"string"``, ``NoneType`` for
   ``"null"`` (:data:`~streamspec._events.EXACT_CLASSES`). Every value of
   those classes passes the validator, so the validator is not called. Any
   other field runs its own converter and validator, and the class's rules
   over several fields (:attr:`~streamspec.Event.RULES`) run last, as the
   constructor runs them, each as its own expression, inline.
3. An object passes only when it has every required key, no key outside the
   class's wire fields (so ``extra`` keeps its default) and every check
   passes; then ``cls(**obj)`` builds without a problem. Anything else (a
   missing or unknown key, another class, a failed check) is refused, and the
   caller decodes the object in full (:mod:`streamspec._codec`), which builds
   the same event or reports every problem. These checks never decide an
   error.
4. A *builder* (:func:`compile_builder`) makes the event that ``cls(**obj)``
   makes, or returns ``None``. An *object fold* (:func:`compile_object_fold`)
   hands chosen field values of an object that still has its ``type`` to a
   function, or returns ``False``; the reducer folds a delta that way without
   making the event at all. An *event object fold*
   (:func:`compile_event_object_fold`) hands its lines a view of the object
   that reads as the event would (:func:`view_class`).
5. A *run fold* (:func:`compile_run_fold`) takes a list of objects and a
   position, and folds the objects from there on while each is of its class's
   ``type`` and passes rules 1-3 and its fold's own lines, as its object fold
   would one by one; it returns the position of the first object it left.
   Lines that hold for the whole run (the fold's state before it) run once.

Theory of operation: the checks are generated source, as attrs generates its
own ``__init__``, so they run as straight-line code with no loop over the
fields. A builder makes the event with ``object.__new__`` and sets its slots
through their descriptors, which skips the validators the checks made
redundant.
"""

from __future__ import annotations

import builtins
import functools
import re
import types
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from streamspec._ahead import code_of
from streamspec._deferred import deferred
from streamspec._errors import SpecError
from streamspec._events import ABSENT, EVENT_CLASSES, EXACT_CLASSES, Event, rules_hold
from streamspec._shapes import Types

__all__ = [
    "BUILDERS",
    "Builder",
    "ObjectFold",
    "RunFold",
    "builder_source",
    "compile_builder",
    "compile_event_object_fold",
    "compile_object_fold",
    "compile_run_fold",
    "compile_source",
    "exact_strings",
    "fields_read",
    "object_fold_source",
    "run_fold_source",
    "view_class",
]

_FACTORY: Final[type] = type(attrs.Factory(dict))

#: Builds an event from a JSON object without its ``type``, or returns ``None``.
Builder = Callable[[dict[str, Any]], Event | None]
#: ``(target, obj) -> taken``: hands an object's values to a fold, or returns ``False``.
ObjectFold = Callable[[Any, dict[str, Any]], bool]
#: ``(target, objects, at) -> end``: folds ``objects[at:end]`` (rule 5).
RunFold = Callable[[Any, list[Any], int], int]


def _slot_setter(cls: type[Event], name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot holding field ``name`` (it skips a frozen class's guard)."""
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if isinstance(descriptor, types.MemberDescriptorType):
            setter: Callable[[Any, Any], None] = descriptor.__set__
            return setter
    raise TypeError(f"{cls.__name__}.{name} is not a slot")


def _exact_classes(field: attrs.Attribute[Any]) -> tuple[type, ...] | None:
    """The classes that pass the field's validator unseen (rule 2), or ``None`` to run it:
    a field with a converter, a shape beyond JSON types, or a JSON type that no one class
    stands for (``number``)."""
    if field.converter is not None or not isinstance(field.metadata.get("shape"), Types):
        return None
    names = field.metadata["json"]
    if not names or any(name not in EXACT_CLASSES for name in names):
        return None
    return tuple(EXACT_CLASSES[name] for name in names)


def exact_strings(cls: type[Event]) -> frozenset[str]:
    """The required fields of ``cls`` that an object fold takes only as exactly a ``str``."""
    return frozenset(
        f.name
        for f in _wire_fields(cls)
        if f.default is attrs.NOTHING and _exact_classes(f) == (str,)
    )


def _wire_fields(cls: type[Event]) -> list[attrs.Attribute[Any]]:
    return [f for f in attrs.fields(cls) if not f.metadata.get("internal")]


def _class_check(value: str, index: int, exact: tuple[type, ...], optional: bool) -> list[str]:
    """Lines that take a field of known classes: count it if optional, else require it."""
    names = [f"c{index}_{position}" for position in range(len(exact))]
    if len(names) == 1:
        head: list[str] = []
        fits, misfits = f"{value}.__class__ is {names[0]}", f"{value}.__class__ is not {names[0]}"
    else:
        head = [f"k = {value}.__class__"]
        fits = " or ".join(f"k is {name}" for name in names)
        misfits = f"not ({fits})"
    if optional:
        return [
            *head,
            f"if {fits}:",
            "    given += 1",
            f"elif {value} is not ABSENT:",
            "    refuse",
        ]
    return [*head, f"if {misfits}:", "    refuse"]


def _presence_check(value: str, index: int, optional: bool, converts: bool) -> list[str]:
    """Lines that take a field its validator checks: count it if optional, else require it."""
    if optional:
        lines = [f"if {value} is not ABSENT:", "    given += 1"]
    else:
        lines = [f"if {value} is ABSENT:", "    refuse"]
    if converts:
        lines.append(f"{value} = convert{index}({value})")
    return lines


#: The fields every AgentScope event object writes besides its required ones.
_ALWAYS_WRITTEN: Final = frozenset(
    field.name for field in attrs.fields(Event) if not field.metadata.get("internal")
)


def _checks(
    cls: type[Event],
    namespace: dict[str, Any],
    keys: int,
    instance: str,
    present: frozenset[str] = frozenset(),
) -> tuple[list[str], list[str]]:
    """Lines that read every wire field of ``cls`` into ``v0 …`` and refuse a bad object:
    the reading, and the validators and rules run once an event exists.

    ``keys`` is how many keys the object has besides the wire fields;
    validators and rules see ``instance`` as the event they check. The fields
    every AgentScope object writes (the required ones and :class:`Event`'s
    own) and the optional ones of ``present`` (which the caller's objects
    usually have) are read by subscripts and their classes checked in one
    test; an object lacking one of them is read field by field instead,
    counting the keys it has.
    """
    post_init = getattr(cls, "__attrs_post_init__", None)
    if post_init is not (rules_hold if cls.RULES else None):
        raise TypeError(f"{cls.__name__}: checks after construction go in RULES")
    wire = _wire_fields(cls)
    required = sum(1 for f in wire if f.default is attrs.NOTHING)
    by_field = ["get = obj.get", f"given = {required + keys}"]
    subscripts: list[str] = []
    misfits: list[str] = []
    rest: list[str] = []
    counts_rest = False
    late: list[str] = []
    for index, field in enumerate(wire):
        optional = field.default is not attrs.NOTHING
        if optional and field.default is not ABSENT:
            raise TypeError(f"{cls.__name__}.{field.name}: an optional field defaults to ABSENT")
        value = f"v{index}"
        read = [f"{value} = get({field.name!r}, ABSENT)"]
        exact = _exact_classes(field)
        if exact is not None:
            namespace.update({f"c{index}_{p}": klass for p, klass in enumerate(exact)})
            checked = _class_check(value, index, exact, optional)
            misfit = [f"{value}.__class__ is not c{index}_{p}" for p in range(len(exact))]
        else:
            namespace.update({f"field{index}": field, f"validate{index}": field.validator})
            namespace[f"convert{index}"] = field.converter
            checked = _presence_check(value, index, optional, field.converter is not None)
            late.append(f"validate{index}({instance}, field{index}, {value})")
            misfit = []
        by_field += [*read, *checked]
        if optional and field.name not in _ALWAYS_WRITTEN and field.name not in present:
            # A test and a subscript cost less than a method call, present or not.
            name = repr(field.name)
            rest += [f"{value} = obj[{name}] if {name} in obj else ABSENT", *checked]
            counts_rest = True
            continue
        subscripts.append(f"{value} = obj[{field.name!r}]")
        if exact is not None:
            misfits.append(" and ".join(misfit))
        elif field.converter is not None:
            rest.append(f"{value} = convert{index}({value})")
    names = [f.name for f in wire]
    rules = [
        f"if not ({holds.format_map({name: f'v{names.index(name)}' for name in of})}):"
        for of, _, holds in cls.RULES
    ]
    by_field += ["if given != len(obj):", "    refuse"]
    if counts_rest:
        rest.insert(0, f"given = {len(subscripts) + keys}")
        misfits.insert(0, "given != len(obj)")
    else:
        misfits.insert(0, f"len(obj) != {len(subscripts) + keys}")
    reading = [
        "try:",
        *(f"    {line}" for line in subscripts or ["pass"]),
        "except KeyError:",
        *(f"    {line}" for line in by_field),
        "else:",
        *(f"    {line}" for line in [*rest, *_any_of(misfits), "    refuse"]),
    ]
    calls = ["try:", *(f"    {call}" for call in late), "except TypeError:", "    refuse"]
    inline = [line for rule in rules for line in (rule, "    refuse")]
    return reading, [*(calls if late else []), *inline]


def _any_of(conditions: list[str]) -> list[str]:
    """An ``if`` that holds when any of ``conditions`` does, one per line."""
    if len(conditions) == 1:
        return [f"if {conditions[0]}:"]
    return ["if (", *(f"    ({c}) or" for c in conditions[:-1]), f"    ({conditions[-1]})", "):"]


def _function(name: str, arguments: str, lines: list[str], refuse: str) -> str:
    """The source of a function of ``lines``, each line ``refuse`` (indented) replaced."""
    body = "".join(
        f"    {line[: -len('refuse')] + refuse if line.strip() == 'refuse' else line}\n"
        for line in lines
    )
    return f"def {name}({arguments}):\n{body}"


def _builder_lines(cls: type[Event], namespace: dict[str, Any], keys: int) -> list[str]:
    fields = attrs.fields(cls)
    wire = _wire_fields(cls)
    lines = ["event = new(cls)"]
    for index, field in enumerate(fields):
        namespace[f"set{index}"] = _slot_setter(cls, field.name)
        if field in wire:
            lines.append(f"set{index}(event, v{wire.index(field)})")
        elif field.default is attrs.NOTHING or isinstance(field.default, _FACTORY):
            raise TypeError(f"{cls.__name__}.{field.name}: an internal field needs a default")
        else:
            namespace[f"default{index}"] = field.default
            lines.append(f"set{index}(event, default{index})")
    reading, checking = _checks(cls, namespace, keys, "event")
    return [*reading, *lines, *checking]


def _builder_source(cls: type[Event], namespace: dict[str, Any], keys: int) -> str:
    lines = [*_builder_lines(cls, namespace, keys), "return event"]
    return _function(f"build_{cls.KIND}", "obj", lines, "return None")


def _object_fold_source(
    cls: type[Event], fields: tuple[str, ...], namespace: dict[str, Any], inline: Inline | None
) -> str:
    names = [f.name for f in _wire_fields(cls)]
    values = ", ".join(f"v{names.index(name)}" for name in fields)
    if inline is None:
        tail = [f"return then(target, {values})"]
    else:
        arguments, body, _ = inline
        if len(arguments) != len(fields) + 1:
            raise TypeError(f"{cls.__name__}: inline names the target and each of {fields}")
        tail = [f"{', '.join(arguments)} = target, {values}", *body]
    reading, checking = _checks(cls, namespace, 1, "None")
    lines = [*reading, *checking, *tail]
    return _function(f"fold_{cls.KIND}", "target, obj", lines, "return False")


#: What a run fold runs (rule 5): its lines run once, with the target as ``target``, then
#: the names its lines for each object read (one per field), those lines, the lines run
#: once the run ends (``at`` the position it returns, which they may set back), and the
#: names all use. In the first two lists a line ``refuse`` ends the run before the object
#: at hand (before any object, for the first); in the last it does nothing more.
RunInline = tuple[list[str], tuple[str, ...], list[str], list[str], dict[str, Any]]


def _run_fold_source(
    cls: type[Event], fields: tuple[str, ...], namespace: dict[str, Any], inline: RunInline
) -> str:
    once, arguments, each, after, _ = inline
    if len(arguments) != len(fields):
        raise TypeError(f"{cls.__name__}: a run names each of {fields}")
    names = [f.name for f in _wire_fields(cls)]
    values = ", ".join(f"v{names.index(name)}" for name in fields)
    reading, checking = _checks(cls, namespace, 1, "None", frozenset(fields))
    loop = [
        "obj = objects[at]",
        "if obj.get('type') != TYPE:",
        "    refuse",
        *reading,
        *checking,
        f"{', '.join(arguments)} = {values}",
        *each,
        "at += 1",
    ]
    lines = [
        *_refusing(once, "return at"),
        "count = len(objects)",
        "while at < count:",
        *(f"    {line}" for line in _refusing(loop, "break")),
        *_refusing(after, "pass"),
        "return at",
    ]
    return f"def run_{cls.KIND}(target, objects, at):\n" + "".join(f"    {ln}\n" for ln in lines)


def _refusing(lines: list[str], refuse: str) -> list[str]:
    """``lines`` with each line ``refuse`` (indented) replaced by ``refuse``."""
    return [line[: -len("refuse")] + refuse if line.strip() == "refuse" else line for line in lines]


def builder_source(cls: type[Event]) -> str:
    """The generated source of ``cls``'s builder, to read what it checks."""
    return _builder_source(cls, {}, 0)


def object_fold_source(
    cls: type[Event], fields: tuple[str, ...], inline: Inline | None = None
) -> str:
    """The generated source of an object fold of ``cls``, to read what it checks."""
    return _object_fold_source(cls, fields, {}, inline)


def run_fold_source(cls: type[Event], fields: tuple[str, ...], inline: RunInline) -> str:
    """The generated source of a run fold of ``cls``, to read what it checks."""
    return _run_fold_source(cls, fields, {}, inline)


def compile_source(source: str, name: str, namespace: dict[str, Any]) -> Any:
    """Run generated ``source`` in ``namespace`` and return the function it defines, ``name``.

    The function's code is the one compiled ahead when there is one for this
    exact source (:mod:`streamspec._ahead`), else ``source`` is compiled here.

    Raises:
        SpecError: the function binds, as a local, a name ``namespace`` gives it: the
            local would hide that name everywhere in the function.
    """
    code = code_of(source, name)
    if code is None:
        exec(compile(source, f"<streamspec {name}>", "exec"), namespace)
    else:
        namespace.setdefault("__builtins__", builtins.__dict__)
        namespace[name] = types.FunctionType(code, namespace, name)
    function = namespace[name]
    shadowed = sorted(set(function.__code__.co_varnames) & set(namespace))
    if shadowed:
        raise SpecError(
            "generated code",
            [f"{name} binds {local!r}, a name it is given @ $" for local in shadowed],
        )
    return function


def compile_builder(cls: type[Event], *, typed: bool = False) -> Builder:
    """Generate and compile the builder of one event class (rules 1-4).

    ``typed``: the objects it reads still have their ``type`` (one more key
    to take, and leave where it is).
    """
    namespace: dict[str, Any] = {"ABSENT": ABSENT, "new": object.__new__, "cls": cls}
    source = _builder_source(cls, namespace, 1 if typed else 0)
    build: Builder = compile_source(source, f"build_{cls.KIND}", namespace)
    return build


#: What an object fold may run in place of ``then``: the names its body reads (the
#: target, then one per field), its unindented lines, and the names they use.
Inline = tuple[tuple[str, ...], list[str], dict[str, Any]]


def compile_object_fold(
    cls: type[Event],
    fields: tuple[str, ...],
    then: Callable[..., bool] | None = None,
    *,
    inline: Inline | None = None,
) -> ObjectFold:
    """Generate an object fold of ``cls``: ``then(target, *values of fields)`` once the
    object passes every check of rules 1-3 (its ``type`` counting as one more key).

    With ``inline``, its lines run in the fold itself, with its names bound
    to the target and the values of ``fields``: one call fewer per object.
    """
    namespace: dict[str, Any] = {"ABSENT": ABSENT, "then": then}
    source = _object_fold_source(cls, fields, namespace, inline)
    if inline is not None:
        _merge(cls, namespace, inline[2])
    fold: ObjectFold = compile_source(source, f"fold_{cls.KIND}", namespace)
    return fold


def compile_run_fold(cls: type[Event], fields: tuple[str, ...], inline: RunInline) -> RunFold:
    """Generate a run fold of ``cls`` (rule 5): ``inline``'s lines for each object see the
    values of ``fields`` of an object that passes every check of rules 1-3."""
    namespace: dict[str, Any] = {"ABSENT": ABSENT, "TYPE": cls.TYPE}
    source = _run_fold_source(cls, fields, namespace, inline)
    _merge(cls, namespace, inline[4])
    fold: RunFold = compile_source(source, f"run_{cls.KIND}", namespace)
    return fold


def view_class(cls: type[Event]) -> type:
    """A class whose instance, given an object of ``cls`` that passes rules 1-3 as its
    ``__dict__``, reads as ``cls``'s event would: each field the object has, each other
    field its default, and ``KIND`` and ``TYPE``.

    Raises:
        TypeError: a field's default is made anew for each event, which one class
            attribute cannot stand for.
    """
    fields = attrs.fields(cls)
    made = [f.name for f in fields if isinstance(f.default, _FACTORY)]
    if made:
        raise TypeError(f"{cls.__name__}: {made} need a default, not a factory")
    defaults = {f.name: f.default for f in fields if f.default is not attrs.NOTHING}
    return type(f"{cls.__name__}View", (), {**defaults, "KIND": cls.KIND, "TYPE": cls.TYPE})


def fields_read(lines: list[str], event: str, values: Mapping[str, str]) -> list[str] | None:
    """``lines`` with each read ``<event>.<field>`` of a field of ``values`` replaced by the
    name ``values`` gives it, or ``None`` when the lines use ``event`` any other way (pass
    it on, read another attribute, set one) or spell it inside a string.
    """
    found = re.compile(
        rf"{_STRING}|(?<![\w.]){re.escape(event)}\b(?:\.(?P<field>\w+)\b(?!{_STORE}))?"
    )
    out: list[str] = []
    for line in lines:
        parts: list[str] = []
        at = 0
        for match in found.finditer(line):
            string, field = match.group("string", "field")
            if string is not None and re.search(rf"\b{re.escape(event)}\b", string) is None:
                continue
            if field not in values:  # used alone, another attribute, or spelled in a string
                return None
            parts += [line[at : match.start()], values[field]]
            at = match.end()
        out.append("".join([*parts, line[at:]]))
    return out


#: A string literal on one line, quoted either way.
_STRING: Final = r"""(?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
#: What follows a name that is set rather than read: ``=`` (not ``==``) or an augmented ``=``.
_STORE: Final = r"\s*(?:[-+*/%@&|^]|//|\*\*|<<|>>)?=(?!=)"


def compile_event_object_fold(cls: type[Event], inline: Inline) -> ObjectFold:
    """Generate an object fold that makes what stands for ``cls``'s event (the object
    keeping its ``type``), then runs ``inline``'s lines with its names bound to the target
    and the event.

    The event is a view of the object (:func:`view_class`): the lines read the
    same values, and no slot is set one by one. A field with a converter must
    then hold what its converter leaves as it is (a JSON value does); anything
    else is refused. Lines that only read the event's wire fields read the
    values the checks took instead (:func:`fields_read`), and no view is made.
    """
    arguments, body, names = inline
    if len(arguments) != 2:
        raise TypeError(f"{cls.__name__}: inline names the target and the event")
    namespace: dict[str, Any] = {"ABSENT": ABSENT}
    reading, checking = _checks(cls, namespace, 1, "None")
    wire = _wire_fields(cls)
    converted = [
        line
        for index, field in enumerate(wire)
        if field.converter is not None
        for line in (f"if v{index} is not obj.get({field.name!r}, ABSENT):", "    refuse")
    ]
    read = fields_read(body, arguments[1], {f.name: f"v{i}" for i, f in enumerate(wire)})
    if read is None:
        namespace.update(new=object.__new__, View=view_class(cls))
        bound = [
            "event = new(View)",
            "event.__dict__ = obj",
            f"{', '.join(arguments)} = target, event",
        ]
    else:
        bound, body = [f"{arguments[0]} = target"], read
    lines = [*reading, *converted, *checking, *bound, *body]
    _merge(cls, namespace, names)
    source = _function(f"fold_{cls.KIND}", "target, obj", lines, "return False")
    fold: ObjectFold = compile_source(source, f"fold_{cls.KIND}", namespace)
    return fold


def _merge(cls: type[Event], namespace: dict[str, Any], names: Mapping[str, Any]) -> None:
    """Add an inline body's names to a fold's, which they must not shadow (a name both bind
    to the same object shadows nothing)."""
    shared = sorted(name for name in names if namespace.get(name, names[name]) is not names[name])
    if shared:
        raise TypeError(f"{cls.__name__}: inline names {shared} are the checks' own")
    namespace.update(names)


#: ``wire type -> builder`` for every event class, each compiled on its first call
#: (:mod:`streamspec._deferred`).
BUILDERS: Final[dict[str, Builder]] = deferred(
    {cls.TYPE: functools.partial(compile_builder, cls) for cls in EVENT_CLASSES}
)
