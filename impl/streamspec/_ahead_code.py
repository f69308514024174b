"""Written by ``python -m streamspec._ahead``: do not edit.

Every function streamspec generates from the tables it ships, each followed by
its source; ``CODE`` maps the source to the function's code (:mod:`streamspec._ahead`).
"""
# ruff: noqa
# mypy: ignore-errors

# As in the module that compiles them (streamspec._fast_decode), so the code flags agree.
from __future__ import annotations

CODE = {}


def build_reply_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['session_id']
        v4 = obj['reply_id']
        v5 = obj['name']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('session_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('reply_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('name', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        v6 = get('role', ABSENT)
        if v6 is not ABSENT:
            given += 1
        v6 = convert6(v6)
        if given != len(obj):
            return None
    else:
        given = 6
        v6 = obj['role'] if 'role' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        v6 = convert6(v6)
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    try:
        validate6(event, field6, v6)
    except TypeError:
        return None
    return event


CODE["def build_reply_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['session_id']\n        v4 = obj['reply_id']\n        v5 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('session_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('reply_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        v6 = get('role', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        v6 = convert6(v6)\n        if given != len(obj):\n            return None\n    else:\n        given = 6\n        v6 = obj['role'] if 'role' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        v6 = convert6(v6)\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    try:\n        validate6(event, field6, v6)\n    except TypeError:\n        return None\n    return event\n"] = build_reply_start.__code__


def build_reply_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['session_id']
        v4 = obj['reply_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('session_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('reply_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('finished_reason', ABSENT)
        if v5 is not ABSENT:
            given += 1
        v5 = convert5(v5)
        v6 = get('error', ABSENT)
        if v6 is not ABSENT:
            given += 1
        if given != len(obj):
            return None
    else:
        given = 5
        v5 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT
        if v5 is not ABSENT:
            given += 1
        v5 = convert5(v5)
        v6 = obj['error'] if 'error' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    try:
        validate5(event, field5, v5)
        validate6(event, field6, v6)
    except TypeError:
        return None
    return event


CODE["def build_reply_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['session_id']\n        v4 = obj['reply_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('session_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('reply_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('finished_reason', ABSENT)\n        if v5 is not ABSENT:\n            given += 1\n        v5 = convert5(v5)\n        v6 = get('error', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        if given != len(obj):\n            return None\n    else:\n        given = 5\n        v5 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT\n        if v5 is not ABSENT:\n            given += 1\n        v5 = convert5(v5)\n        v6 = obj['error'] if 'error' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    try:\n        validate5(event, field5, v5)\n        validate6(event, field6, v6)\n    except TypeError:\n        return None\n    return event\n"] = build_reply_end.__code__


def build_model_call_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['model_name']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('model_name', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_model_call_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['model_name']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('model_name', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_model_call_start.__code__


def build_model_call_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['input_tokens']
        v5 = obj['output_tokens']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('input_tokens', ABSENT)
        if v4 is ABSENT:
            return None
        v5 = get('output_tokens', ABSENT)
        if v5 is ABSENT:
            return None
        v6 = get('cache_input_tokens', ABSENT)
        if v6 is not ABSENT:
            given += 1
        v7 = get('cache_creation_input_tokens', ABSENT)
        if v7 is not ABSENT:
            given += 1
        v8 = get('finished_reason', ABSENT)
        if v8 is not ABSENT:
            given += 1
        v8 = convert8(v8)
        if given != len(obj):
            return None
    else:
        given = 6
        v6 = obj['cache_input_tokens'] if 'cache_input_tokens' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        v7 = obj['cache_creation_input_tokens'] if 'cache_creation_input_tokens' in obj else ABSENT
        if v7 is not ABSENT:
            given += 1
        v8 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT
        if v8 is not ABSENT:
            given += 1
        v8 = convert8(v8)
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    set8(event, v7)
    set9(event, v8)
    try:
        validate4(event, field4, v4)
        validate5(event, field5, v5)
        validate6(event, field6, v6)
        validate7(event, field7, v7)
        validate8(event, field8, v8)
    except TypeError:
        return None
    return event


CODE["def build_model_call_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['input_tokens']\n        v5 = obj['output_tokens']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('input_tokens', ABSENT)\n        if v4 is ABSENT:\n            return None\n        v5 = get('output_tokens', ABSENT)\n        if v5 is ABSENT:\n            return None\n        v6 = get('cache_input_tokens', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        v7 = get('cache_creation_input_tokens', ABSENT)\n        if v7 is not ABSENT:\n            given += 1\n        v8 = get('finished_reason', ABSENT)\n        if v8 is not ABSENT:\n            given += 1\n        v8 = convert8(v8)\n        if given != len(obj):\n            return None\n    else:\n        given = 6\n        v6 = obj['cache_input_tokens'] if 'cache_input_tokens' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        v7 = obj['cache_creation_input_tokens'] if 'cache_creation_input_tokens' in obj else ABSENT\n        if v7 is not ABSENT:\n            given += 1\n        v8 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT\n        if v8 is not ABSENT:\n            given += 1\n        v8 = convert8(v8)\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    set8(event, v7)\n    set9(event, v8)\n    try:\n        validate4(event, field4, v4)\n        validate5(event, field5, v5)\n        validate6(event, field6, v6)\n        validate7(event, field7, v7)\n        validate8(event, field8, v8)\n    except TypeError:\n        return None\n    return event\n"] = build_model_call_end.__code__


def build_text_block_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_text_block_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_text_block_start.__code__


def build_text_block_delta(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_text_block_delta(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_text_block_delta.__code__


def build_text_block_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('text', ABSENT)
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return None
        if given != len(obj):
            return None
    else:
        given = 5
        v5 = obj['text'] if 'text' in obj else ABSENT
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return None
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_text_block_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('text', ABSENT)\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        given = 5\n        v5 = obj['text'] if 'text' in obj else ABSENT\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return None\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_text_block_end.__code__


def build_data_block_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('media_type', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        v6 = get('name', ABSENT)
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return None
        if given != len(obj):
            return None
    else:
        given = 6
        v6 = obj['name'] if 'name' in obj else ABSENT
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return None
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    return event


CODE["def build_data_block_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('media_type', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        v6 = get('name', ABSENT)\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        given = 6\n        v6 = obj['name'] if 'name' in obj else ABSENT\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return None\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    return event\n"] = build_data_block_start.__code__


def build_data_block_delta(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('media_type', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        v6 = get('data', ABSENT)
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return None
        v7 = get('url', ABSENT)
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return None
        if given != len(obj):
            return None
    else:
        given = 6
        v6 = obj['data'] if 'data' in obj else ABSENT
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return None
        v7 = obj['url'] if 'url' in obj else ABSENT
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return None
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    set8(event, v7)
    if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):
        return None
    return event


CODE["def build_data_block_delta(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('media_type', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        v6 = get('data', ABSENT)\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return None\n        v7 = get('url', ABSENT)\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        given = 6\n        v6 = obj['data'] if 'data' in obj else ABSENT\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return None\n        v7 = obj['url'] if 'url' in obj else ABSENT\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return None\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    set8(event, v7)\n    if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):\n        return None\n    return event\n"] = build_data_block_delta.__code__


def build_data_block_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_data_block_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_data_block_end.__code__


def build_thinking_block_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_thinking_block_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_thinking_block_start.__code__


def build_thinking_block_delta(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_thinking_block_delta(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_thinking_block_delta.__code__


def build_thinking_block_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_thinking_block_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_thinking_block_end.__code__


def build_hint_block(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v6 = obj['hint']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('source', ABSENT)
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return None
        v6 = get('hint', ABSENT)
        if v6 is ABSENT:
            return None
        if given != len(obj):
            return None
    else:
        given = 6
        v5 = obj['source'] if 'source' in obj else ABSENT
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return None
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    try:
        validate6(event, field6, v6)
    except TypeError:
        return None
    return event


CODE["def build_hint_block(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v6 = obj['hint']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('source', ABSENT)\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return None\n        v6 = get('hint', ABSENT)\n        if v6 is ABSENT:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        given = 6\n        v5 = obj['source'] if 'source' in obj else ABSENT\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return None\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    try:\n        validate6(event, field6, v6)\n    except TypeError:\n        return None\n    return event\n"] = build_hint_block.__code__


def build_tool_call_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['tool_call_name']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('tool_call_name', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_tool_call_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['tool_call_name']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('tool_call_name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_tool_call_start.__code__


def build_tool_call_delta(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_tool_call_delta(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_tool_call_delta.__code__


def build_tool_call_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_tool_call_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_tool_call_end.__code__


def build_tool_result_start(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['tool_call_name']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('tool_call_name', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_tool_result_start(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['tool_call_name']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('tool_call_name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_tool_result_start.__code__


def build_tool_result_text_delta(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    return event


CODE["def build_tool_result_text_delta(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    return event\n"] = build_tool_result_text_delta.__code__


def build_tool_result_data_delta(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v6 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('block_id', ABSENT)
        if v5.__class__ is c5_0:
            given += 1
        elif v5 is not ABSENT:
            return None
        v6 = get('media_type', ABSENT)
        if v6.__class__ is not c6_0:
            return None
        v7 = get('data', ABSENT)
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return None
        v8 = get('url', ABSENT)
        k = v8.__class__
        if k is c8_0 or k is c8_1:
            given += 1
        elif v8 is not ABSENT:
            return None
        if given != len(obj):
            return None
    else:
        given = 6
        v5 = obj['block_id'] if 'block_id' in obj else ABSENT
        if v5.__class__ is c5_0:
            given += 1
        elif v5 is not ABSENT:
            return None
        v7 = obj['data'] if 'data' in obj else ABSENT
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return None
        v8 = obj['url'] if 'url' in obj else ABSENT
        k = v8.__class__
        if k is c8_0 or k is c8_1:
            given += 1
        elif v8 is not ABSENT:
            return None
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v6.__class__ is not c6_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    set7(event, v6)
    set8(event, v7)
    set9(event, v8)
    if not ((v7 is ABSENT or v7 is None) is not (v8 is ABSENT or v8 is None)):
        return None
    return event


CODE["def build_tool_result_data_delta(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v6 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('block_id', ABSENT)\n        if v5.__class__ is c5_0:\n            given += 1\n        elif v5 is not ABSENT:\n            return None\n        v6 = get('media_type', ABSENT)\n        if v6.__class__ is not c6_0:\n            return None\n        v7 = get('data', ABSENT)\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return None\n        v8 = get('url', ABSENT)\n        k = v8.__class__\n        if k is c8_0 or k is c8_1:\n            given += 1\n        elif v8 is not ABSENT:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        given = 6\n        v5 = obj['block_id'] if 'block_id' in obj else ABSENT\n        if v5.__class__ is c5_0:\n            given += 1\n        elif v5 is not ABSENT:\n            return None\n        v7 = obj['data'] if 'data' in obj else ABSENT\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return None\n        v8 = obj['url'] if 'url' in obj else ABSENT\n        k = v8.__class__\n        if k is c8_0 or k is c8_1:\n            given += 1\n        elif v8 is not ABSENT:\n            return None\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v6.__class__ is not c6_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    set7(event, v6)\n    set8(event, v7)\n    set9(event, v8)\n    if not ((v7 is ABSENT or v7 is None) is not (v8 is ABSENT or v8 is None)):\n        return None\n    return event\n"] = build_tool_result_data_delta.__code__


def build_tool_result_end(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['state']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        v5 = get('state', ABSENT)
        if v5 is ABSENT:
            return None
        v5 = convert5(v5)
        if given != len(obj):
            return None
    else:
        v5 = convert5(v5)
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    set6(event, v5)
    try:
        validate5(event, field5, v5)
    except TypeError:
        return None
    return event


CODE["def build_tool_result_end(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['state']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        v5 = get('state', ABSENT)\n        if v5 is ABSENT:\n            return None\n        v5 = convert5(v5)\n        if given != len(obj):\n            return None\n    else:\n        v5 = convert5(v5)\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    set6(event, v5)\n    try:\n        validate5(event, field5, v5)\n    except TypeError:\n        return None\n    return event\n"] = build_tool_result_end.__code__


def build_exceed_max_iters(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['name']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('name', ABSENT)
        if v4.__class__ is not c4_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_exceed_max_iters(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('name', ABSENT)\n        if v4.__class__ is not c4_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_exceed_max_iters.__code__


def build_require_user_confirm(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_calls']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_calls', ABSENT)
        if v4 is ABSENT:
            return None
        v4 = convert4(v4)
        if given != len(obj):
            return None
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    try:
        validate4(event, field4, v4)
    except TypeError:
        return None
    return event


CODE["def build_require_user_confirm(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_calls']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_calls', ABSENT)\n        if v4 is ABSENT:\n            return None\n        v4 = convert4(v4)\n        if given != len(obj):\n            return None\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    try:\n        validate4(event, field4, v4)\n    except TypeError:\n        return None\n    return event\n"] = build_require_user_confirm.__code__


def build_require_external_execution(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_calls']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('tool_calls', ABSENT)
        if v4 is ABSENT:
            return None
        v4 = convert4(v4)
        if given != len(obj):
            return None
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    try:
        validate4(event, field4, v4)
    except TypeError:
        return None
    return event


CODE["def build_require_external_execution(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_calls']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('tool_calls', ABSENT)\n        if v4 is ABSENT:\n            return None\n        v4 = convert4(v4)\n        if given != len(obj):\n            return None\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    try:\n        validate4(event, field4, v4)\n    except TypeError:\n        return None\n    return event\n"] = build_require_external_execution.__code__


def build_user_confirm_result(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['confirm_results']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('confirm_results', ABSENT)
        if v4 is ABSENT:
            return None
        v4 = convert4(v4)
        if given != len(obj):
            return None
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    try:
        validate4(event, field4, v4)
    except TypeError:
        return None
    return event


CODE["def build_user_confirm_result(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['confirm_results']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('confirm_results', ABSENT)\n        if v4 is ABSENT:\n            return None\n        v4 = convert4(v4)\n        if given != len(obj):\n            return None\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    try:\n        validate4(event, field4, v4)\n    except TypeError:\n        return None\n    return event\n"] = build_user_confirm_result.__code__


def build_user_interrupt(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
    except KeyError:
        get = obj.get
        given = 1
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        if given != len(obj):
            return None
    else:
        if (
            (len(obj) != 4) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    return event


CODE["def build_user_interrupt(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n    except KeyError:\n        get = obj.get\n        given = 1\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        if (\n            (len(obj) != 4) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    return event\n"] = build_user_interrupt.__code__


def build_external_execution_result(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['execution_results']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('execution_results', ABSENT)
        if v4 is ABSENT:
            return None
        v4 = convert4(v4)
        if given != len(obj):
            return None
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    try:
        validate4(event, field4, v4)
    except TypeError:
        return None
    return event


CODE["def build_external_execution_result(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['execution_results']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('execution_results', ABSENT)\n        if v4 is ABSENT:\n            return None\n        v4 = convert4(v4)\n        if given != len(obj):\n            return None\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    try:\n        validate4(event, field4, v4)\n    except TypeError:\n        return None\n    return event\n"] = build_external_execution_result.__code__


def build_custom(obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['name']
    except KeyError:
        get = obj.get
        given = 1
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return None
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return None
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return None
        v3 = get('name', ABSENT)
        if v3.__class__ is not c3_0:
            return None
        v4 = get('value', ABSENT)
        if v4.__class__ is c4_0:
            given += 1
        elif v4 is not ABSENT:
            return None
        if given != len(obj):
            return None
    else:
        given = 4
        v4 = obj['value'] if 'value' in obj else ABSENT
        if v4.__class__ is c4_0:
            given += 1
        elif v4 is not ABSENT:
            return None
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return None
    event = new(cls)
    set0(event, v0)
    set1(event, v1)
    set2(event, v2)
    set3(event, default3)
    set4(event, v3)
    set5(event, v4)
    return event


CODE["def build_custom(obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 1\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return None\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return None\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return None\n        v3 = get('name', ABSENT)\n        if v3.__class__ is not c3_0:\n            return None\n        v4 = get('value', ABSENT)\n        if v4.__class__ is c4_0:\n            given += 1\n        elif v4 is not ABSENT:\n            return None\n        if given != len(obj):\n            return None\n    else:\n        given = 4\n        v4 = obj['value'] if 'value' in obj else ABSENT\n        if v4.__class__ is c4_0:\n            given += 1\n        elif v4 is not ABSENT:\n            return None\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return None\n    event = new(cls)\n    set0(event, v0)\n    set1(event, v1)\n    set2(event, v2)\n    set3(event, default3)\n    set4(event, v3)\n    set5(event, v4)\n    return event\n"] = build_custom.__code__


def fold_text_block_delta(reducer, event):
    reply_id = event.reply_id
    key = event.block_id
    value = event.delta
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_text.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    parts = entity.parts
    parts.append(value)
    if len(parts) >= JOIN_EVERY:
        entity.batch()
    reducer._index += 1
    return True


CODE['def fold_text_block_delta(reducer, event):\n    reply_id = event.reply_id\n    key = event.block_id\n    value = event.delta\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_text.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    parts = entity.parts\n    parts.append(value)\n    if len(parts) >= JOIN_EVERY:\n        entity.batch()\n    reducer._index += 1\n    return True\n'] = fold_text_block_delta.__code__


def fold_thinking_block_delta(reducer, event):
    reply_id = event.reply_id
    key = event.block_id
    value = event.delta
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_thinking.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    parts = entity.parts
    parts.append(value)
    if len(parts) >= JOIN_EVERY:
        entity.batch()
    reducer._index += 1
    return True


CODE['def fold_thinking_block_delta(reducer, event):\n    reply_id = event.reply_id\n    key = event.block_id\n    value = event.delta\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_thinking.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    parts = entity.parts\n    parts.append(value)\n    if len(parts) >= JOIN_EVERY:\n        entity.batch()\n    reducer._index += 1\n    return True\n'] = fold_thinking_block_delta.__code__


def fold_data_block_delta(reducer, event):
    reply_id = event.reply_id
    key = event.block_id
    value = event.data
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_data.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    if entity.url is not None or value.__class__ is not str:
        return False
    try:
        raw = a2b_base64(value, strict_mode=True)
    except ValueError:
        return False
    if '=' in value and not is_canonical(value, raw):
        return False
    data = entity.bytes
    data.buffer += raw
    data.chunks += 1
    reducer._index += 1
    return True


CODE["def fold_data_block_delta(reducer, event):\n    reply_id = event.reply_id\n    key = event.block_id\n    value = event.data\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_data.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    if entity.url is not None or value.__class__ is not str:\n        return False\n    try:\n        raw = a2b_base64(value, strict_mode=True)\n    except ValueError:\n        return False\n    if '=' in value and not is_canonical(value, raw):\n        return False\n    data = entity.bytes\n    data.buffer += raw\n    data.chunks += 1\n    reducer._index += 1\n    return True\n"] = fold_data_block_delta.__code__


def fold_tool_call_delta(reducer, event):
    reply_id = event.reply_id
    key = event.tool_call_id
    value = event.delta
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_tool_call.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    parts = entity.parts
    parts.append(value)
    if len(parts) >= JOIN_EVERY:
        entity.batch()
    reducer._index += 1
    return True


CODE['def fold_tool_call_delta(reducer, event):\n    reply_id = event.reply_id\n    key = event.tool_call_id\n    value = event.delta\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_tool_call.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    parts = entity.parts\n    parts.append(value)\n    if len(parts) >= JOIN_EVERY:\n        entity.batch()\n    reducer._index += 1\n    return True\n'] = fold_tool_call_delta.__code__


def fold_tool_result_text_delta(reducer, event):
    reply_id = event.reply_id
    key = event.tool_call_id
    value = event.delta
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_tool_result.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    output = entity.output
    if output and output[-1].__class__ is ResultText:
        parts = output[-1].parts
        parts.append(value)
        if len(parts) >= JOIN_EVERY:
            output[-1].batch()
    else:
        entity.add_text(value)
    reducer._index += 1
    return True


CODE['def fold_tool_result_text_delta(reducer, event):\n    reply_id = event.reply_id\n    key = event.tool_call_id\n    value = event.delta\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_tool_result.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    output = entity.output\n    if output and output[-1].__class__ is ResultText:\n        parts = output[-1].parts\n        parts.append(value)\n        if len(parts) >= JOIN_EVERY:\n            output[-1].batch()\n    else:\n        entity.add_text(value)\n    reducer._index += 1\n    return True\n'] = fold_tool_result_text_delta.__code__


def fold_reply_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    if row_0[1] is not None:
        row_0[1](message, event, None, None)
    reducer._reply_state = row_0[0]
    return True


CODE['def fold_reply_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    if row_0[1] is not None:\n        row_0[1](message, event, None, None)\n    reducer._reply_state = row_0[0]\n    return True\n'] = fold_reply_start.__code__


def fold_reply_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    if row_0[1] is not None:
        row_0[1](message, event, None, None)
    reducer._reply_state = row_0[0]
    return True


CODE['def fold_reply_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    if row_0[1] is not None:\n        row_0[1](message, event, None, None)\n    reducer._reply_state = row_0[0]\n    return True\n'] = fold_reply_end.__code__


def fold_model_call_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE['def fold_model_call_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n'] = fold_model_call_start.__code__


def fold_model_call_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    if row_0[1] is not None:
        row_0[1](message, event, None, None)
    return True


CODE['def fold_model_call_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    if row_0[1] is not None:\n        row_0[1](message, event, None, None)\n    return True\n'] = fold_model_call_end.__code__


def fold_text_block_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_text
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = TextBlock('text', key, 'absent')
        message.index_text[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_text_block_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_text\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = TextBlock('text', key, 'absent')\n        message.index_text[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_text_block_start.__code__


def fold_text_block_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_text
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        text = event.text
        if text is not ABSENT and text is not None:
            message.index_text[key].replace(text)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE['def fold_text_block_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_text\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        text = event.text\n        if text is not ABSENT and text is not None:\n            message.index_text[key].replace(text)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n'] = fold_text_block_end.__code__


def fold_data_block_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_data
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = DataBlock(key, event.media_type, event.name, 'absent')
        message.index_data[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE["def fold_data_block_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_data\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = DataBlock(key, event.media_type, event.name, 'absent')\n        message.index_data[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n"] = fold_data_block_start.__code__


def fold_data_block_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_data
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE['def fold_data_block_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_data\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n'] = fold_data_block_end.__code__


def fold_thinking_block_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_thinking
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = TextBlock('thinking', key, 'absent')
        message.index_thinking[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_thinking_block_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_thinking\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = TextBlock('thinking', key, 'absent')\n        message.index_thinking[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_thinking_block_start.__code__


def fold_thinking_block_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_thinking
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE['def fold_thinking_block_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_thinking\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n'] = fold_thinking_block_end.__code__


def fold_hint_block(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_hint
    key_1 = event.block_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        row_1[1](message, event, key_1, None)
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE['def fold_hint_block(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_hint\n    key_1 = event.block_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        row_1[1](message, event, key_1, None)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n'] = fold_hint_block.__code__


def fold_tool_call_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = event.tool_call_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = ToolCall(key, event.tool_call_name, 'absent', 'pending')
        message.index_tool_call[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_tool_call_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = event.tool_call_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = ToolCall(key, event.tool_call_name, 'absent', 'pending')\n        message.index_tool_call[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_tool_call_start.__code__


def fold_tool_call_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = event.tool_call_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE['def fold_tool_call_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = event.tool_call_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n'] = fold_tool_call_end.__code__


def fold_tool_result_start(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = event.tool_call_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    instances_2 = message.index_tool_result
    key_2 = event.tool_call_id
    if key_2.__class__ is not str:
        return False
    entity = instances_2.get(key_2)
    state_2 = initial_2 if entity is None else entity.state
    row_2 = rows_2.get(state_2)
    if row_2 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    if row_2[1] is not None:
        key = key_2
        made = ToolResult(key, event.tool_call_name, 'absent')
        message.index_tool_result[key] = made
        message.content.append(made)
    entity = instances_2[key_2]
    target = row_2[0]
    entity.state = target
    return True


CODE["def fold_tool_result_start(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = event.tool_call_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    instances_2 = message.index_tool_result\n    key_2 = event.tool_call_id\n    if key_2.__class__ is not str:\n        return False\n    entity = instances_2.get(key_2)\n    state_2 = initial_2 if entity is None else entity.state\n    row_2 = rows_2.get(state_2)\n    if row_2 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    if row_2[1] is not None:\n        key = key_2\n        made = ToolResult(key, event.tool_call_name, 'absent')\n        message.index_tool_result[key] = made\n        message.content.append(made)\n    entity = instances_2[key_2]\n    target = row_2[0]\n    entity.state = target\n    return True\n"] = fold_tool_result_start.__code__


def fold_tool_result_data_delta(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_result
    key_1 = event.tool_call_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE['def fold_tool_result_data_delta(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_result\n    key_1 = event.tool_call_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n'] = fold_tool_result_data_delta.__code__


def fold_tool_result_end(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = event.tool_call_id
    if key_1.__class__ is not str:
        return False
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None and state_1 in guarded_1:
        field, by_value = guarded_1[state_1]
        row_1 = by_value.get(repr(getattr(event, field, MISSING)))
    if row_1 is None:
        return False
    instances_2 = message.index_tool_result
    key_2 = event.tool_call_id
    if key_2.__class__ is not str:
        return False
    entity = instances_2.get(key_2)
    state_2 = initial_2 if entity is None else entity.state
    row_2 = rows_2.get(state_2)
    if row_2 is None and state_2 in guarded_2:
        field, by_value = guarded_2[state_2]
        row_2 = by_value.get(repr(getattr(event, field, MISSING)))
    if row_2 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    if row_2[1] is not None:
        key = key_2
        result = message.results[key]
        result.outcome = event.state
        metadata = event.metadata
        result.metadata = fresh(metadata) if metadata is not ABSENT and metadata is not None else {}
    entity = instances_2[key_2]
    target = row_2[0]
    entity.state = target
    return True


CODE['def fold_tool_result_end(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = event.tool_call_id\n    if key_1.__class__ is not str:\n        return False\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None and state_1 in guarded_1:\n        field, by_value = guarded_1[state_1]\n        row_1 = by_value.get(repr(getattr(event, field, MISSING)))\n    if row_1 is None:\n        return False\n    instances_2 = message.index_tool_result\n    key_2 = event.tool_call_id\n    if key_2.__class__ is not str:\n        return False\n    entity = instances_2.get(key_2)\n    state_2 = initial_2 if entity is None else entity.state\n    row_2 = rows_2.get(state_2)\n    if row_2 is None and state_2 in guarded_2:\n        field, by_value = guarded_2[state_2]\n        row_2 = by_value.get(repr(getattr(event, field, MISSING)))\n    if row_2 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    if row_2[1] is not None:\n        key = key_2\n        result = message.results[key]\n        result.outcome = event.state\n        metadata = event.metadata\n        result.metadata = fresh(metadata) if metadata is not ABSENT and metadata is not None else {}\n    entity = instances_2[key_2]\n    target = row_2[0]\n    entity.state = target\n    return True\n'] = fold_tool_result_end.__code__


def fold_exceed_max_iters(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE['def fold_exceed_max_iters(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n'] = fold_exceed_max_iters.__code__


def fold_user_interrupt(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE['def fold_user_interrupt(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n'] = fold_user_interrupt.__code__


def fold_custom(reducer, event):
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE['def fold_custom(reducer, event):\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n'] = fold_custom.__code__


def fold_text_block_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer, reply_id, key, value = target, v3, v4, v5
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_text.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    parts = entity.parts
    parts.append(value)
    if len(parts) >= JOIN_EVERY:
        entity.batch()
    reducer._index += 1
    return True


CODE["def fold_text_block_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer, reply_id, key, value = target, v3, v4, v5\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_text.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    parts = entity.parts\n    parts.append(value)\n    if len(parts) >= JOIN_EVERY:\n        entity.batch()\n    reducer._index += 1\n    return True\n"] = fold_text_block_delta.__code__


def fold_thinking_block_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer, reply_id, key, value = target, v3, v4, v5
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_thinking.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    parts = entity.parts
    parts.append(value)
    if len(parts) >= JOIN_EVERY:
        entity.batch()
    reducer._index += 1
    return True


CODE["def fold_thinking_block_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer, reply_id, key, value = target, v3, v4, v5\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_thinking.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    parts = entity.parts\n    parts.append(value)\n    if len(parts) >= JOIN_EVERY:\n        entity.batch()\n    reducer._index += 1\n    return True\n"] = fold_thinking_block_delta.__code__


def fold_data_block_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('media_type', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        v6 = get('data', ABSENT)
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        v7 = get('url', ABSENT)
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['data'] if 'data' in obj else ABSENT
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        v7 = obj['url'] if 'url' in obj else ABSENT
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):
        return False
    reducer, reply_id, key, value = target, v3, v4, v6
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_data.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    if entity.url is not None or value.__class__ is not str:
        return False
    try:
        raw = a2b_base64(value, strict_mode=True)
    except ValueError:
        return False
    if '=' in value and not is_canonical(value, raw):
        return False
    data = entity.bytes
    data.buffer += raw
    data.chunks += 1
    reducer._index += 1
    return True


CODE["def fold_data_block_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('media_type', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        v6 = get('data', ABSENT)\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        v7 = get('url', ABSENT)\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['data'] if 'data' in obj else ABSENT\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        v7 = obj['url'] if 'url' in obj else ABSENT\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):\n        return False\n    reducer, reply_id, key, value = target, v3, v4, v6\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_data.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    if entity.url is not None or value.__class__ is not str:\n        return False\n    try:\n        raw = a2b_base64(value, strict_mode=True)\n    except ValueError:\n        return False\n    if '=' in value and not is_canonical(value, raw):\n        return False\n    data = entity.bytes\n    data.buffer += raw\n    data.chunks += 1\n    reducer._index += 1\n    return True\n"] = fold_data_block_delta.__code__


def fold_tool_call_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer, reply_id, key, value = target, v3, v4, v5
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_tool_call.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    parts = entity.parts
    parts.append(value)
    if len(parts) >= JOIN_EVERY:
        entity.batch()
    reducer._index += 1
    return True


CODE["def fold_tool_call_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer, reply_id, key, value = target, v3, v4, v5\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_tool_call.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    parts = entity.parts\n    parts.append(value)\n    if len(parts) >= JOIN_EVERY:\n        entity.batch()\n    reducer._index += 1\n    return True\n"] = fold_tool_call_delta.__code__


def fold_tool_result_text_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer, reply_id, key, value = target, v3, v4, v5
    message = reducer.message
    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return False
    entity = message.index_tool_result.get(key)
    if entity is None or entity.state not in ok_states:
        return False
    output = entity.output
    if output and output[-1].__class__ is ResultText:
        parts = output[-1].parts
        parts.append(value)
        if len(parts) >= JOIN_EVERY:
            output[-1].batch()
    else:
        entity.add_text(value)
    reducer._index += 1
    return True


CODE["def fold_tool_result_text_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer, reply_id, key, value = target, v3, v4, v5\n    message = reducer.message\n    if reply_id != message.reply_id or reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return False\n    entity = message.index_tool_result.get(key)\n    if entity is None or entity.state not in ok_states:\n        return False\n    output = entity.output\n    if output and output[-1].__class__ is ResultText:\n        parts = output[-1].parts\n        parts.append(value)\n        if len(parts) >= JOIN_EVERY:\n            output[-1].batch()\n    else:\n        entity.add_text(value)\n    reducer._index += 1\n    return True\n"] = fold_tool_result_text_delta.__code__


def fold_reply_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['session_id']
        v4 = obj['reply_id']
        v5 = obj['name']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('session_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('reply_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('name', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        v6 = get('role', ABSENT)
        if v6 is not ABSENT:
            given += 1
        v6 = convert6(v6)
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['role'] if 'role' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        v6 = convert6(v6)
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    if v6 is not obj.get('role', ABSENT):
        return False
    try:
        validate6(None, field6, v6)
    except TypeError:
        return False
    event = new(View)
    event.__dict__ = obj
    reducer, event = target, event
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    if row_0[1] is not None:
        row_0[1](message, event, None, None)
    reducer._reply_state = row_0[0]
    return True


CODE["def fold_reply_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['session_id']\n        v4 = obj['reply_id']\n        v5 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('session_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('reply_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        v6 = get('role', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        v6 = convert6(v6)\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['role'] if 'role' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        v6 = convert6(v6)\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    if v6 is not obj.get('role', ABSENT):\n        return False\n    try:\n        validate6(None, field6, v6)\n    except TypeError:\n        return False\n    event = new(View)\n    event.__dict__ = obj\n    reducer, event = target, event\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    if row_0[1] is not None:\n        row_0[1](message, event, None, None)\n    reducer._reply_state = row_0[0]\n    return True\n"] = fold_reply_start.__code__


def fold_reply_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['session_id']
        v4 = obj['reply_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('session_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('reply_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('finished_reason', ABSENT)
        if v5 is not ABSENT:
            given += 1
        v5 = convert5(v5)
        v6 = get('error', ABSENT)
        if v6 is not ABSENT:
            given += 1
        if given != len(obj):
            return False
    else:
        given = 6
        v5 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT
        if v5 is not ABSENT:
            given += 1
        v5 = convert5(v5)
        v6 = obj['error'] if 'error' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    if v5 is not obj.get('finished_reason', ABSENT):
        return False
    try:
        validate5(None, field5, v5)
        validate6(None, field6, v6)
    except TypeError:
        return False
    event = new(View)
    event.__dict__ = obj
    reducer, event = target, event
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    if row_0[1] is not None:
        row_0[1](message, event, None, None)
    reducer._reply_state = row_0[0]
    return True


CODE["def fold_reply_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['session_id']\n        v4 = obj['reply_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('session_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('reply_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('finished_reason', ABSENT)\n        if v5 is not ABSENT:\n            given += 1\n        v5 = convert5(v5)\n        v6 = get('error', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        if given != len(obj):\n            return False\n    else:\n        given = 6\n        v5 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT\n        if v5 is not ABSENT:\n            given += 1\n        v5 = convert5(v5)\n        v6 = obj['error'] if 'error' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    if v5 is not obj.get('finished_reason', ABSENT):\n        return False\n    try:\n        validate5(None, field5, v5)\n        validate6(None, field6, v6)\n    except TypeError:\n        return False\n    event = new(View)\n    event.__dict__ = obj\n    reducer, event = target, event\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    if row_0[1] is not None:\n        row_0[1](message, event, None, None)\n    reducer._reply_state = row_0[0]\n    return True\n"] = fold_reply_end.__code__


def fold_model_call_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['model_name']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('model_name', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE["def fold_model_call_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['model_name']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('model_name', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n"] = fold_model_call_start.__code__


def fold_model_call_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['input_tokens']
        v5 = obj['output_tokens']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('input_tokens', ABSENT)
        if v4 is ABSENT:
            return False
        v5 = get('output_tokens', ABSENT)
        if v5 is ABSENT:
            return False
        v6 = get('cache_input_tokens', ABSENT)
        if v6 is not ABSENT:
            given += 1
        v7 = get('cache_creation_input_tokens', ABSENT)
        if v7 is not ABSENT:
            given += 1
        v8 = get('finished_reason', ABSENT)
        if v8 is not ABSENT:
            given += 1
        v8 = convert8(v8)
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['cache_input_tokens'] if 'cache_input_tokens' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        v7 = obj['cache_creation_input_tokens'] if 'cache_creation_input_tokens' in obj else ABSENT
        if v7 is not ABSENT:
            given += 1
        v8 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT
        if v8 is not ABSENT:
            given += 1
        v8 = convert8(v8)
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    if v8 is not obj.get('finished_reason', ABSENT):
        return False
    try:
        validate4(None, field4, v4)
        validate5(None, field5, v5)
        validate6(None, field6, v6)
        validate7(None, field7, v7)
        validate8(None, field8, v8)
    except TypeError:
        return False
    event = new(View)
    event.__dict__ = obj
    reducer, event = target, event
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    if row_0[1] is not None:
        row_0[1](message, event, None, None)
    return True


CODE["def fold_model_call_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['input_tokens']\n        v5 = obj['output_tokens']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('input_tokens', ABSENT)\n        if v4 is ABSENT:\n            return False\n        v5 = get('output_tokens', ABSENT)\n        if v5 is ABSENT:\n            return False\n        v6 = get('cache_input_tokens', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        v7 = get('cache_creation_input_tokens', ABSENT)\n        if v7 is not ABSENT:\n            given += 1\n        v8 = get('finished_reason', ABSENT)\n        if v8 is not ABSENT:\n            given += 1\n        v8 = convert8(v8)\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['cache_input_tokens'] if 'cache_input_tokens' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        v7 = obj['cache_creation_input_tokens'] if 'cache_creation_input_tokens' in obj else ABSENT\n        if v7 is not ABSENT:\n            given += 1\n        v8 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT\n        if v8 is not ABSENT:\n            given += 1\n        v8 = convert8(v8)\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    if v8 is not obj.get('finished_reason', ABSENT):\n        return False\n    try:\n        validate4(None, field4, v4)\n        validate5(None, field5, v5)\n        validate6(None, field6, v6)\n        validate7(None, field7, v7)\n        validate8(None, field8, v8)\n    except TypeError:\n        return False\n    event = new(View)\n    event.__dict__ = obj\n    reducer, event = target, event\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    if row_0[1] is not None:\n        row_0[1](message, event, None, None)\n    return True\n"] = fold_model_call_end.__code__


def fold_text_block_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_text
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = TextBlock('text', key, 'absent')
        message.index_text[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_text_block_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_text\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = TextBlock('text', key, 'absent')\n        message.index_text[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_text_block_start.__code__


def fold_text_block_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('text', ABSENT)
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 6
        v5 = obj['text'] if 'text' in obj else ABSENT
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_text
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        text = v5
        if text is not ABSENT and text is not None:
            message.index_text[key].replace(text)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_text_block_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('text', ABSENT)\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 6\n        v5 = obj['text'] if 'text' in obj else ABSENT\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_text\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        text = v5\n        if text is not ABSENT and text is not None:\n            message.index_text[key].replace(text)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_text_block_end.__code__


def fold_data_block_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('media_type', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        v6 = get('name', ABSENT)
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['name'] if 'name' in obj else ABSENT
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_data
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = DataBlock(key, v5, v6, 'absent')
        message.index_data[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE["def fold_data_block_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('media_type', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        v6 = get('name', ABSENT)\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['name'] if 'name' in obj else ABSENT\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_data\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = DataBlock(key, v5, v6, 'absent')\n        message.index_data[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n"] = fold_data_block_start.__code__


def fold_data_block_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_data
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE["def fold_data_block_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_data\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n"] = fold_data_block_end.__code__


def fold_thinking_block_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_thinking
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = TextBlock('thinking', key, 'absent')
        message.index_thinking[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_thinking_block_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_thinking\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = TextBlock('thinking', key, 'absent')\n        message.index_thinking[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_thinking_block_start.__code__


def fold_thinking_block_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_thinking
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_thinking_block_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_thinking\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_thinking_block_end.__code__


def fold_hint_block(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v6 = obj['hint']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('source', ABSENT)
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return False
        v6 = get('hint', ABSENT)
        if v6 is ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v5 = obj['source'] if 'source' in obj else ABSENT
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    try:
        validate6(None, field6, v6)
    except TypeError:
        return False
    event = new(View)
    event.__dict__ = obj
    reducer, event = target, event
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_hint
    key_1 = event.block_id
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        row_1[1](message, event, key_1, None)
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE["def fold_hint_block(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v6 = obj['hint']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('source', ABSENT)\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        v6 = get('hint', ABSENT)\n        if v6 is ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v5 = obj['source'] if 'source' in obj else ABSENT\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    try:\n        validate6(None, field6, v6)\n    except TypeError:\n        return False\n    event = new(View)\n    event.__dict__ = obj\n    reducer, event = target, event\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_hint\n    key_1 = event.block_id\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        row_1[1](message, event, key_1, None)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n"] = fold_hint_block.__code__


def fold_tool_call_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['tool_call_name']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('tool_call_name', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    if row_1[1] is not None:
        key = key_1
        made = ToolCall(key, v5, 'absent', 'pending')
        message.index_tool_call[key] = made
        message.content.append(made)
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_tool_call_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['tool_call_name']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('tool_call_name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    if row_1[1] is not None:\n        key = key_1\n        made = ToolCall(key, v5, 'absent', 'pending')\n        message.index_tool_call[key] = made\n        message.content.append(made)\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_tool_call_start.__code__


def fold_tool_call_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    return True


CODE["def fold_tool_call_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    return True\n"] = fold_tool_call_end.__code__


def fold_tool_result_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['tool_call_name']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('tool_call_name', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    instances_2 = message.index_tool_result
    key_2 = v4
    entity = instances_2.get(key_2)
    state_2 = initial_2 if entity is None else entity.state
    row_2 = rows_2.get(state_2)
    if row_2 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    if row_2[1] is not None:
        key = key_2
        made = ToolResult(key, v5, 'absent')
        message.index_tool_result[key] = made
        message.content.append(made)
    entity = instances_2[key_2]
    target = row_2[0]
    entity.state = target
    return True


CODE["def fold_tool_result_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['tool_call_name']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('tool_call_name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    instances_2 = message.index_tool_result\n    key_2 = v4\n    entity = instances_2.get(key_2)\n    state_2 = initial_2 if entity is None else entity.state\n    row_2 = rows_2.get(state_2)\n    if row_2 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    if row_2[1] is not None:\n        key = key_2\n        made = ToolResult(key, v5, 'absent')\n        message.index_tool_result[key] = made\n        message.content.append(made)\n    entity = instances_2[key_2]\n    target = row_2[0]\n    entity.state = target\n    return True\n"] = fold_tool_result_start.__code__


def fold_tool_result_data_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v6 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('block_id', ABSENT)
        if v5.__class__ is c5_0:
            given += 1
        elif v5 is not ABSENT:
            return False
        v6 = get('media_type', ABSENT)
        if v6.__class__ is not c6_0:
            return False
        v7 = get('data', ABSENT)
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        v8 = get('url', ABSENT)
        k = v8.__class__
        if k is c8_0 or k is c8_1:
            given += 1
        elif v8 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v5 = obj['block_id'] if 'block_id' in obj else ABSENT
        if v5.__class__ is c5_0:
            given += 1
        elif v5 is not ABSENT:
            return False
        v7 = obj['data'] if 'data' in obj else ABSENT
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        v8 = obj['url'] if 'url' in obj else ABSENT
        k = v8.__class__
        if k is c8_0 or k is c8_1:
            given += 1
        elif v8 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v6.__class__ is not c6_0)
        ):
            return False
    if not ((v7 is ABSENT or v7 is None) is not (v8 is ABSENT or v8 is None)):
        return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_result
    key_1 = v4
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    entity.state = target
    return True


CODE["def fold_tool_result_data_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v6 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('block_id', ABSENT)\n        if v5.__class__ is c5_0:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        v6 = get('media_type', ABSENT)\n        if v6.__class__ is not c6_0:\n            return False\n        v7 = get('data', ABSENT)\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        v8 = get('url', ABSENT)\n        k = v8.__class__\n        if k is c8_0 or k is c8_1:\n            given += 1\n        elif v8 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v5 = obj['block_id'] if 'block_id' in obj else ABSENT\n        if v5.__class__ is c5_0:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        v7 = obj['data'] if 'data' in obj else ABSENT\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        v8 = obj['url'] if 'url' in obj else ABSENT\n        k = v8.__class__\n        if k is c8_0 or k is c8_1:\n            given += 1\n        elif v8 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v6.__class__ is not c6_0)\n        ):\n            return False\n    if not ((v7 is ABSENT or v7 is None) is not (v8 is ABSENT or v8 is None)):\n        return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_result\n    key_1 = v4\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    entity.state = target\n    return True\n"] = fold_tool_result_data_delta.__code__


def fold_tool_result_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['state']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('state', ABSENT)
        if v5 is ABSENT:
            return False
        v5 = convert5(v5)
        if given != len(obj):
            return False
    else:
        v5 = convert5(v5)
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    if v5 is not obj.get('state', ABSENT):
        return False
    try:
        validate5(None, field5, v5)
    except TypeError:
        return False
    event = new(View)
    event.__dict__ = obj
    reducer, event = target, event
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if event.reply_id != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    instances_1 = message.index_tool_call
    key_1 = event.tool_call_id
    entity = instances_1.get(key_1)
    state_1 = initial_1 if entity is None else entity.state
    row_1 = rows_1.get(state_1)
    if row_1 is None and state_1 in guarded_1:
        field, by_value = guarded_1[state_1]
        row_1 = by_value.get(repr(getattr(event, field, MISSING)))
    if row_1 is None:
        return False
    instances_2 = message.index_tool_result
    key_2 = event.tool_call_id
    entity = instances_2.get(key_2)
    state_2 = initial_2 if entity is None else entity.state
    row_2 = rows_2.get(state_2)
    if row_2 is None and state_2 in guarded_2:
        field, by_value = guarded_2[state_2]
        row_2 = by_value.get(repr(getattr(event, field, MISSING)))
    if row_2 is None:
        return False
    reducer._index += 1
    entity = instances_1[key_1]
    target = row_1[0]
    moved = entity.state != target
    entity.state = target
    entity.wire = CALL_WIRE[target] or entity.wire
    if moved and (entity.parts or entity.batches is not None):
        entity.joined()
    if row_2[1] is not None:
        key = key_2
        result = message.results[key]
        result.outcome = event.state
        metadata = event.metadata
        result.metadata = fresh(metadata) if metadata is not ABSENT and metadata is not None else {}
    entity = instances_2[key_2]
    target = row_2[0]
    entity.state = target
    return True


CODE["def fold_tool_result_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['state']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('state', ABSENT)\n        if v5 is ABSENT:\n            return False\n        v5 = convert5(v5)\n        if given != len(obj):\n            return False\n    else:\n        v5 = convert5(v5)\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    if v5 is not obj.get('state', ABSENT):\n        return False\n    try:\n        validate5(None, field5, v5)\n    except TypeError:\n        return False\n    event = new(View)\n    event.__dict__ = obj\n    reducer, event = target, event\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if event.reply_id != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    instances_1 = message.index_tool_call\n    key_1 = event.tool_call_id\n    entity = instances_1.get(key_1)\n    state_1 = initial_1 if entity is None else entity.state\n    row_1 = rows_1.get(state_1)\n    if row_1 is None and state_1 in guarded_1:\n        field, by_value = guarded_1[state_1]\n        row_1 = by_value.get(repr(getattr(event, field, MISSING)))\n    if row_1 is None:\n        return False\n    instances_2 = message.index_tool_result\n    key_2 = event.tool_call_id\n    entity = instances_2.get(key_2)\n    state_2 = initial_2 if entity is None else entity.state\n    row_2 = rows_2.get(state_2)\n    if row_2 is None and state_2 in guarded_2:\n        field, by_value = guarded_2[state_2]\n        row_2 = by_value.get(repr(getattr(event, field, MISSING)))\n    if row_2 is None:\n        return False\n    reducer._index += 1\n    entity = instances_1[key_1]\n    target = row_1[0]\n    moved = entity.state != target\n    entity.state = target\n    entity.wire = CALL_WIRE[target] or entity.wire\n    if moved and (entity.parts or entity.batches is not None):\n        entity.joined()\n    if row_2[1] is not None:\n        key = key_2\n        result = message.results[key]\n        result.outcome = event.state\n        metadata = event.metadata\n        result.metadata = fresh(metadata) if metadata is not ABSENT and metadata is not None else {}\n    entity = instances_2[key_2]\n    target = row_2[0]\n    entity.state = target\n    return True\n"] = fold_tool_result_end.__code__


def fold_exceed_max_iters(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['name']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('name', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE["def fold_exceed_max_iters(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('name', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n"] = fold_exceed_max_iters.__code__


def fold_user_interrupt(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    if v3 != message.reply_id:
        return False
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE["def fold_user_interrupt(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    if v3 != message.reply_id:\n        return False\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n"] = fold_user_interrupt.__code__


def fold_custom(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['name']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('name', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('value', ABSENT)
        if v4.__class__ is c4_0:
            given += 1
        elif v4 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 5
        v4 = obj['value'] if 'value' in obj else ABSENT
        if v4.__class__ is c4_0:
            given += 1
        elif v4 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    reducer = target
    if reducer._finished or not reducer._index:
        return False
    message = reducer.message
    state_0 = reducer._reply_state
    row_0 = rows_0.get(state_0)
    if row_0 is None:
        return False
    reducer._index += 1
    return True


CODE["def fold_custom(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('name', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('value', ABSENT)\n        if v4.__class__ is c4_0:\n            given += 1\n        elif v4 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 5\n        v4 = obj['value'] if 'value' in obj else ABSENT\n        if v4.__class__ is c4_0:\n            given += 1\n        elif v4 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    reducer = target\n    if reducer._finished or not reducer._index:\n        return False\n    message = reducer.message\n    state_0 = reducer._reply_state\n    row_0 = rows_0.get(state_0)\n    if row_0 is None:\n        return False\n    reducer._index += 1\n    return True\n"] = fold_custom.__code__


def run_text_block_delta(target, objects, at):
    reducer = target
    message = reducer.message
    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return at
    folded_reply = message.reply_id
    instances = message.index_text
    last = None
    start = at
    count = len(objects)
    while at < count:
        obj = objects[at]
        if obj.get('type') != TYPE:
            break
        try:
            v0 = obj['id']
            v1 = obj['created_at']
            v2 = obj['metadata']
            v3 = obj['reply_id']
            v4 = obj['block_id']
            v5 = obj['delta']
        except KeyError:
            get = obj.get
            given = 4
            v0 = get('id', ABSENT)
            if v0.__class__ is c0_0:
                given += 1
            elif v0 is not ABSENT:
                break
            v1 = get('created_at', ABSENT)
            if v1.__class__ is c1_0:
                given += 1
            elif v1 is not ABSENT:
                break
            v2 = get('metadata', ABSENT)
            if v2.__class__ is c2_0:
                given += 1
            elif v2 is not ABSENT:
                break
            v3 = get('reply_id', ABSENT)
            if v3.__class__ is not c3_0:
                break
            v4 = get('block_id', ABSENT)
            if v4.__class__ is not c4_0:
                break
            v5 = get('delta', ABSENT)
            if v5.__class__ is not c5_0:
                break
            if given != len(obj):
                break
        else:
            if (
                (len(obj) != 7) or
                (v0.__class__ is not c0_0) or
                (v1.__class__ is not c1_0) or
                (v2.__class__ is not c2_0) or
                (v3.__class__ is not c3_0) or
                (v4.__class__ is not c4_0) or
                (v5.__class__ is not c5_0)
            ):
                break
        reply_id, key, value = v3, v4, v5
        if reply_id != folded_reply:
            break
        if key != last:
            entity = instances.get(key)
            if entity is None or entity.state not in ok_states:
                break
            last = key
        parts = entity.parts
        parts.append(value)
        if len(parts) >= JOIN_EVERY:
            entity.batch()
        at += 1
    reducer._index += at - start
    return at


CODE["def run_text_block_delta(target, objects, at):\n    reducer = target\n    message = reducer.message\n    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return at\n    folded_reply = message.reply_id\n    instances = message.index_text\n    last = None\n    start = at\n    count = len(objects)\n    while at < count:\n        obj = objects[at]\n        if obj.get('type') != TYPE:\n            break\n        try:\n            v0 = obj['id']\n            v1 = obj['created_at']\n            v2 = obj['metadata']\n            v3 = obj['reply_id']\n            v4 = obj['block_id']\n            v5 = obj['delta']\n        except KeyError:\n            get = obj.get\n            given = 4\n            v0 = get('id', ABSENT)\n            if v0.__class__ is c0_0:\n                given += 1\n            elif v0 is not ABSENT:\n                break\n            v1 = get('created_at', ABSENT)\n            if v1.__class__ is c1_0:\n                given += 1\n            elif v1 is not ABSENT:\n                break\n            v2 = get('metadata', ABSENT)\n            if v2.__class__ is c2_0:\n                given += 1\n            elif v2 is not ABSENT:\n                break\n            v3 = get('reply_id', ABSENT)\n            if v3.__class__ is not c3_0:\n                break\n            v4 = get('block_id', ABSENT)\n            if v4.__class__ is not c4_0:\n                break\n            v5 = get('delta', ABSENT)\n            if v5.__class__ is not c5_0:\n                break\n            if given != len(obj):\n                break\n        else:\n            if (\n                (len(obj) != 7) or\n                (v0.__class__ is not c0_0) or\n                (v1.__class__ is not c1_0) or\n                (v2.__class__ is not c2_0) or\n                (v3.__class__ is not c3_0) or\n                (v4.__class__ is not c4_0) or\n                (v5.__class__ is not c5_0)\n            ):\n                break\n        reply_id, key, value = v3, v4, v5\n        if reply_id != folded_reply:\n            break\n        if key != last:\n            entity = instances.get(key)\n            if entity is None or entity.state not in ok_states:\n                break\n            last = key\n        parts = entity.parts\n        parts.append(value)\n        if len(parts) >= JOIN_EVERY:\n            entity.batch()\n        at += 1\n    reducer._index += at - start\n    return at\n"] = run_text_block_delta.__code__


def run_thinking_block_delta(target, objects, at):
    reducer = target
    message = reducer.message
    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return at
    folded_reply = message.reply_id
    instances = message.index_thinking
    last = None
    start = at
    count = len(objects)
    while at < count:
        obj = objects[at]
        if obj.get('type') != TYPE:
            break
        try:
            v0 = obj['id']
            v1 = obj['created_at']
            v2 = obj['metadata']
            v3 = obj['reply_id']
            v4 = obj['block_id']
            v5 = obj['delta']
        except KeyError:
            get = obj.get
            given = 4
            v0 = get('id', ABSENT)
            if v0.__class__ is c0_0:
                given += 1
            elif v0 is not ABSENT:
                break
            v1 = get('created_at', ABSENT)
            if v1.__class__ is c1_0:
                given += 1
            elif v1 is not ABSENT:
                break
            v2 = get('metadata', ABSENT)
            if v2.__class__ is c2_0:
                given += 1
            elif v2 is not ABSENT:
                break
            v3 = get('reply_id', ABSENT)
            if v3.__class__ is not c3_0:
                break
            v4 = get('block_id', ABSENT)
            if v4.__class__ is not c4_0:
                break
            v5 = get('delta', ABSENT)
            if v5.__class__ is not c5_0:
                break
            if given != len(obj):
                break
        else:
            if (
                (len(obj) != 7) or
                (v0.__class__ is not c0_0) or
                (v1.__class__ is not c1_0) or
                (v2.__class__ is not c2_0) or
                (v3.__class__ is not c3_0) or
                (v4.__class__ is not c4_0) or
                (v5.__class__ is not c5_0)
            ):
                break
        reply_id, key, value = v3, v4, v5
        if reply_id != folded_reply:
            break
        if key != last:
            entity = instances.get(key)
            if entity is None or entity.state not in ok_states:
                break
            last = key
        parts = entity.parts
        parts.append(value)
        if len(parts) >= JOIN_EVERY:
            entity.batch()
        at += 1
    reducer._index += at - start
    return at


CODE["def run_thinking_block_delta(target, objects, at):\n    reducer = target\n    message = reducer.message\n    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return at\n    folded_reply = message.reply_id\n    instances = message.index_thinking\n    last = None\n    start = at\n    count = len(objects)\n    while at < count:\n        obj = objects[at]\n        if obj.get('type') != TYPE:\n            break\n        try:\n            v0 = obj['id']\n            v1 = obj['created_at']\n            v2 = obj['metadata']\n            v3 = obj['reply_id']\n            v4 = obj['block_id']\n            v5 = obj['delta']\n        except KeyError:\n            get = obj.get\n            given = 4\n            v0 = get('id', ABSENT)\n            if v0.__class__ is c0_0:\n                given += 1\n            elif v0 is not ABSENT:\n                break\n            v1 = get('created_at', ABSENT)\n            if v1.__class__ is c1_0:\n                given += 1\n            elif v1 is not ABSENT:\n                break\n            v2 = get('metadata', ABSENT)\n            if v2.__class__ is c2_0:\n                given += 1\n            elif v2 is not ABSENT:\n                break\n            v3 = get('reply_id', ABSENT)\n            if v3.__class__ is not c3_0:\n                break\n            v4 = get('block_id', ABSENT)\n            if v4.__class__ is not c4_0:\n                break\n            v5 = get('delta', ABSENT)\n            if v5.__class__ is not c5_0:\n                break\n            if given != len(obj):\n                break\n        else:\n            if (\n                (len(obj) != 7) or\n                (v0.__class__ is not c0_0) or\n                (v1.__class__ is not c1_0) or\n                (v2.__class__ is not c2_0) or\n                (v3.__class__ is not c3_0) or\n                (v4.__class__ is not c4_0) or\n                (v5.__class__ is not c5_0)\n            ):\n                break\n        reply_id, key, value = v3, v4, v5\n        if reply_id != folded_reply:\n            break\n        if key != last:\n            entity = instances.get(key)\n            if entity is None or entity.state not in ok_states:\n                break\n            last = key\n        parts = entity.parts\n        parts.append(value)\n        if len(parts) >= JOIN_EVERY:\n            entity.batch()\n        at += 1\n    reducer._index += at - start\n    return at\n"] = run_thinking_block_delta.__code__


def run_data_block_delta(target, objects, at):
    reducer = target
    message = reducer.message
    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return at
    folded_reply = message.reply_id
    instances = message.index_data
    last = None
    start = at
    pending = []
    count = len(objects)
    while at < count:
        obj = objects[at]
        if obj.get('type') != TYPE:
            break
        try:
            v0 = obj['id']
            v1 = obj['created_at']
            v2 = obj['metadata']
            v3 = obj['reply_id']
            v4 = obj['block_id']
            v5 = obj['media_type']
            v6 = obj['data']
        except KeyError:
            get = obj.get
            given = 4
            v0 = get('id', ABSENT)
            if v0.__class__ is c0_0:
                given += 1
            elif v0 is not ABSENT:
                break
            v1 = get('created_at', ABSENT)
            if v1.__class__ is c1_0:
                given += 1
            elif v1 is not ABSENT:
                break
            v2 = get('metadata', ABSENT)
            if v2.__class__ is c2_0:
                given += 1
            elif v2 is not ABSENT:
                break
            v3 = get('reply_id', ABSENT)
            if v3.__class__ is not c3_0:
                break
            v4 = get('block_id', ABSENT)
            if v4.__class__ is not c4_0:
                break
            v5 = get('media_type', ABSENT)
            if v5.__class__ is not c5_0:
                break
            v6 = get('data', ABSENT)
            k = v6.__class__
            if k is c6_0 or k is c6_1:
                given += 1
            elif v6 is not ABSENT:
                break
            v7 = get('url', ABSENT)
            k = v7.__class__
            if k is c7_0 or k is c7_1:
                given += 1
            elif v7 is not ABSENT:
                break
            if given != len(obj):
                break
        else:
            given = 8
            v7 = obj['url'] if 'url' in obj else ABSENT
            k = v7.__class__
            if k is c7_0 or k is c7_1:
                given += 1
            elif v7 is not ABSENT:
                break
            if (
                (given != len(obj)) or
                (v0.__class__ is not c0_0) or
                (v1.__class__ is not c1_0) or
                (v2.__class__ is not c2_0) or
                (v3.__class__ is not c3_0) or
                (v4.__class__ is not c4_0) or
                (v5.__class__ is not c5_0) or
                (v6.__class__ is not c6_0 and v6.__class__ is not c6_1)
            ):
                break
        if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):
            break
        reply_id, key, value = v3, v4, v6
        if reply_id != folded_reply:
            break
        if key != last:
            if pending:
                left = len(pending) - entity.bytes.append_chunks(pending)
                pending.clear()
                if left:
                    at -= left
                    break
            entity = instances.get(key)
            if entity is None or entity.state not in ok_states:
                break
            last = key
        if entity.url is not None or value.__class__ is not str:
            break
        if len(value) & 3 or '=' in value:
            if pending:
                left = len(pending) - entity.bytes.append_chunks(pending)
                pending.clear()
                if left:
                    at -= left
                    break
            try:
                raw = a2b_base64(value, strict_mode=True)
            except ValueError:
                break
            if '=' in value and not is_canonical(value, raw):
                break
            data = entity.bytes
            data.buffer += raw
            data.chunks += 1
        else:
            pending.append(value)
        at += 1
    if pending:
        left = len(pending) - entity.bytes.append_chunks(pending)
        pending.clear()
        if left:
            at -= left
            pass
    reducer._index += at - start
    return at


CODE["def run_data_block_delta(target, objects, at):\n    reducer = target\n    message = reducer.message\n    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return at\n    folded_reply = message.reply_id\n    instances = message.index_data\n    last = None\n    start = at\n    pending = []\n    count = len(objects)\n    while at < count:\n        obj = objects[at]\n        if obj.get('type') != TYPE:\n            break\n        try:\n            v0 = obj['id']\n            v1 = obj['created_at']\n            v2 = obj['metadata']\n            v3 = obj['reply_id']\n            v4 = obj['block_id']\n            v5 = obj['media_type']\n            v6 = obj['data']\n        except KeyError:\n            get = obj.get\n            given = 4\n            v0 = get('id', ABSENT)\n            if v0.__class__ is c0_0:\n                given += 1\n            elif v0 is not ABSENT:\n                break\n            v1 = get('created_at', ABSENT)\n            if v1.__class__ is c1_0:\n                given += 1\n            elif v1 is not ABSENT:\n                break\n            v2 = get('metadata', ABSENT)\n            if v2.__class__ is c2_0:\n                given += 1\n            elif v2 is not ABSENT:\n                break\n            v3 = get('reply_id', ABSENT)\n            if v3.__class__ is not c3_0:\n                break\n            v4 = get('block_id', ABSENT)\n            if v4.__class__ is not c4_0:\n                break\n            v5 = get('media_type', ABSENT)\n            if v5.__class__ is not c5_0:\n                break\n            v6 = get('data', ABSENT)\n            k = v6.__class__\n            if k is c6_0 or k is c6_1:\n                given += 1\n            elif v6 is not ABSENT:\n                break\n            v7 = get('url', ABSENT)\n            k = v7.__class__\n            if k is c7_0 or k is c7_1:\n                given += 1\n            elif v7 is not ABSENT:\n                break\n            if given != len(obj):\n                break\n        else:\n            given = 8\n            v7 = obj['url'] if 'url' in obj else ABSENT\n            k = v7.__class__\n            if k is c7_0 or k is c7_1:\n                given += 1\n            elif v7 is not ABSENT:\n                break\n            if (\n                (given != len(obj)) or\n                (v0.__class__ is not c0_0) or\n                (v1.__class__ is not c1_0) or\n                (v2.__class__ is not c2_0) or\n                (v3.__class__ is not c3_0) or\n                (v4.__class__ is not c4_0) or\n                (v5.__class__ is not c5_0) or\n                (v6.__class__ is not c6_0 and v6.__class__ is not c6_1)\n            ):\n                break\n        if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):\n            break\n        reply_id, key, value = v3, v4, v6\n        if reply_id != folded_reply:\n            break\n        if key != last:\n            if pending:\n                left = len(pending) - entity.bytes.append_chunks(pending)\n                pending.clear()\n                if left:\n                    at -= left\n                    break\n            entity = instances.get(key)\n            if entity is None or entity.state not in ok_states:\n                break\n            last = key\n        if entity.url is not None or value.__class__ is not str:\n            break\n        if len(value) & 3 or '=' in value:\n            if pending:\n                left = len(pending) - entity.bytes.append_chunks(pending)\n                pending.clear()\n                if left:\n                    at -= left\n                    break\n            try:\n                raw = a2b_base64(value, strict_mode=True)\n            except ValueError:\n                break\n            if '=' in value and not is_canonical(value, raw):\n                break\n            data = entity.bytes\n            data.buffer += raw\n            data.chunks += 1\n        else:\n            pending.append(value)\n        at += 1\n    if pending:\n        left = len(pending) - entity.bytes.append_chunks(pending)\n        pending.clear()\n        if left:\n            at -= left\n            pass\n    reducer._index += at - start\n    return at\n"] = run_data_block_delta.__code__


def run_tool_call_delta(target, objects, at):
    reducer = target
    message = reducer.message
    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return at
    folded_reply = message.reply_id
    instances = message.index_tool_call
    last = None
    start = at
    count = len(objects)
    while at < count:
        obj = objects[at]
        if obj.get('type') != TYPE:
            break
        try:
            v0 = obj['id']
            v1 = obj['created_at']
            v2 = obj['metadata']
            v3 = obj['reply_id']
            v4 = obj['tool_call_id']
            v5 = obj['delta']
        except KeyError:
            get = obj.get
            given = 4
            v0 = get('id', ABSENT)
            if v0.__class__ is c0_0:
                given += 1
            elif v0 is not ABSENT:
                break
            v1 = get('created_at', ABSENT)
            if v1.__class__ is c1_0:
                given += 1
            elif v1 is not ABSENT:
                break
            v2 = get('metadata', ABSENT)
            if v2.__class__ is c2_0:
                given += 1
            elif v2 is not ABSENT:
                break
            v3 = get('reply_id', ABSENT)
            if v3.__class__ is not c3_0:
                break
            v4 = get('tool_call_id', ABSENT)
            if v4.__class__ is not c4_0:
                break
            v5 = get('delta', ABSENT)
            if v5.__class__ is not c5_0:
                break
            if given != len(obj):
                break
        else:
            if (
                (len(obj) != 7) or
                (v0.__class__ is not c0_0) or
                (v1.__class__ is not c1_0) or
                (v2.__class__ is not c2_0) or
                (v3.__class__ is not c3_0) or
                (v4.__class__ is not c4_0) or
                (v5.__class__ is not c5_0)
            ):
                break
        reply_id, key, value = v3, v4, v5
        if reply_id != folded_reply:
            break
        if key != last:
            entity = instances.get(key)
            if entity is None or entity.state not in ok_states:
                break
            last = key
        parts = entity.parts
        parts.append(value)
        if len(parts) >= JOIN_EVERY:
            entity.batch()
        at += 1
    reducer._index += at - start
    return at


CODE["def run_tool_call_delta(target, objects, at):\n    reducer = target\n    message = reducer.message\n    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return at\n    folded_reply = message.reply_id\n    instances = message.index_tool_call\n    last = None\n    start = at\n    count = len(objects)\n    while at < count:\n        obj = objects[at]\n        if obj.get('type') != TYPE:\n            break\n        try:\n            v0 = obj['id']\n            v1 = obj['created_at']\n            v2 = obj['metadata']\n            v3 = obj['reply_id']\n            v4 = obj['tool_call_id']\n            v5 = obj['delta']\n        except KeyError:\n            get = obj.get\n            given = 4\n            v0 = get('id', ABSENT)\n            if v0.__class__ is c0_0:\n                given += 1\n            elif v0 is not ABSENT:\n                break\n            v1 = get('created_at', ABSENT)\n            if v1.__class__ is c1_0:\n                given += 1\n            elif v1 is not ABSENT:\n                break\n            v2 = get('metadata', ABSENT)\n            if v2.__class__ is c2_0:\n                given += 1\n            elif v2 is not ABSENT:\n                break\n            v3 = get('reply_id', ABSENT)\n            if v3.__class__ is not c3_0:\n                break\n            v4 = get('tool_call_id', ABSENT)\n            if v4.__class__ is not c4_0:\n                break\n            v5 = get('delta', ABSENT)\n            if v5.__class__ is not c5_0:\n                break\n            if given != len(obj):\n                break\n        else:\n            if (\n                (len(obj) != 7) or\n                (v0.__class__ is not c0_0) or\n                (v1.__class__ is not c1_0) or\n                (v2.__class__ is not c2_0) or\n                (v3.__class__ is not c3_0) or\n                (v4.__class__ is not c4_0) or\n                (v5.__class__ is not c5_0)\n            ):\n                break\n        reply_id, key, value = v3, v4, v5\n        if reply_id != folded_reply:\n            break\n        if key != last:\n            entity = instances.get(key)\n            if entity is None or entity.state not in ok_states:\n                break\n            last = key\n        parts = entity.parts\n        parts.append(value)\n        if len(parts) >= JOIN_EVERY:\n            entity.batch()\n        at += 1\n    reducer._index += at - start\n    return at\n"] = run_tool_call_delta.__code__


def run_tool_result_text_delta(target, objects, at):
    reducer = target
    message = reducer.message
    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:
        return at
    folded_reply = message.reply_id
    instances = message.index_tool_result
    last = None
    start = at
    count = len(objects)
    while at < count:
        obj = objects[at]
        if obj.get('type') != TYPE:
            break
        try:
            v0 = obj['id']
            v1 = obj['created_at']
            v2 = obj['metadata']
            v3 = obj['reply_id']
            v4 = obj['tool_call_id']
            v5 = obj['delta']
        except KeyError:
            get = obj.get
            given = 4
            v0 = get('id', ABSENT)
            if v0.__class__ is c0_0:
                given += 1
            elif v0 is not ABSENT:
                break
            v1 = get('created_at', ABSENT)
            if v1.__class__ is c1_0:
                given += 1
            elif v1 is not ABSENT:
                break
            v2 = get('metadata', ABSENT)
            if v2.__class__ is c2_0:
                given += 1
            elif v2 is not ABSENT:
                break
            v3 = get('reply_id', ABSENT)
            if v3.__class__ is not c3_0:
                break
            v4 = get('tool_call_id', ABSENT)
            if v4.__class__ is not c4_0:
                break
            v5 = get('delta', ABSENT)
            if v5.__class__ is not c5_0:
                break
            if given != len(obj):
                break
        else:
            if (
                (len(obj) != 7) or
                (v0.__class__ is not c0_0) or
                (v1.__class__ is not c1_0) or
                (v2.__class__ is not c2_0) or
                (v3.__class__ is not c3_0) or
                (v4.__class__ is not c4_0) or
                (v5.__class__ is not c5_0)
            ):
                break
        reply_id, key, value = v3, v4, v5
        if reply_id != folded_reply:
            break
        if key != last:
            entity = instances.get(key)
            if entity is None or entity.state not in ok_states:
                break
            last = key
        output = entity.output
        if output and output[-1].__class__ is ResultText:
            parts = output[-1].parts
            parts.append(value)
            if len(parts) >= JOIN_EVERY:
                output[-1].batch()
        else:
            entity.add_text(value)
        at += 1
    reducer._index += at - start
    return at


CODE["def run_tool_result_text_delta(target, objects, at):\n    reducer = target\n    message = reducer.message\n    if reducer._reply_state not in reply_states or reducer._finished or not reducer._index:\n        return at\n    folded_reply = message.reply_id\n    instances = message.index_tool_result\n    last = None\n    start = at\n    count = len(objects)\n    while at < count:\n        obj = objects[at]\n        if obj.get('type') != TYPE:\n            break\n        try:\n            v0 = obj['id']\n            v1 = obj['created_at']\n            v2 = obj['metadata']\n            v3 = obj['reply_id']\n            v4 = obj['tool_call_id']\n            v5 = obj['delta']\n        except KeyError:\n            get = obj.get\n            given = 4\n            v0 = get('id', ABSENT)\n            if v0.__class__ is c0_0:\n                given += 1\n            elif v0 is not ABSENT:\n                break\n            v1 = get('created_at', ABSENT)\n            if v1.__class__ is c1_0:\n                given += 1\n            elif v1 is not ABSENT:\n                break\n            v2 = get('metadata', ABSENT)\n            if v2.__class__ is c2_0:\n                given += 1\n            elif v2 is not ABSENT:\n                break\n            v3 = get('reply_id', ABSENT)\n            if v3.__class__ is not c3_0:\n                break\n            v4 = get('tool_call_id', ABSENT)\n            if v4.__class__ is not c4_0:\n                break\n            v5 = get('delta', ABSENT)\n            if v5.__class__ is not c5_0:\n                break\n            if given != len(obj):\n                break\n        else:\n            if (\n                (len(obj) != 7) or\n                (v0.__class__ is not c0_0) or\n                (v1.__class__ is not c1_0) or\n                (v2.__class__ is not c2_0) or\n                (v3.__class__ is not c3_0) or\n                (v4.__class__ is not c4_0) or\n                (v5.__class__ is not c5_0)\n            ):\n                break\n        reply_id, key, value = v3, v4, v5\n        if reply_id != folded_reply:\n            break\n        if key != last:\n            entity = instances.get(key)\n            if entity is None or entity.state not in ok_states:\n                break\n            last = key\n        output = entity.output\n        if output and output[-1].__class__ is ResultText:\n            parts = output[-1].parts\n            parts.append(value)\n            if len(parts) >= JOIN_EVERY:\n                output[-1].batch()\n        else:\n            entity.add_text(value)\n        at += 1\n    reducer._index += at - start\n    return at\n"] = run_tool_result_text_delta.__code__


def fold_text_block_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    return then(target, v3, v4, v5)


CODE["def fold_text_block_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    return then(target, v3, v4, v5)\n"] = fold_text_block_delta.__code__


def fold_thinking_block_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    return then(target, v3, v5)


CODE["def fold_thinking_block_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    return then(target, v3, v5)\n"] = fold_thinking_block_delta.__code__


def fold_tool_call_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    return then(target, v3, v5)


CODE["def fold_tool_call_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    return then(target, v3, v5)\n"] = fold_tool_call_delta.__code__


def fold_reply_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['session_id']
        v4 = obj['reply_id']
        v5 = obj['name']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('session_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('reply_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('name', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        v6 = get('role', ABSENT)
        if v6 is not ABSENT:
            given += 1
        v6 = convert6(v6)
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['role'] if 'role' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        v6 = convert6(v6)
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    try:
        validate6(None, field6, v6)
    except TypeError:
        return False
    return then(target, v4)


CODE["def fold_reply_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['session_id']\n        v4 = obj['reply_id']\n        v5 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('session_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('reply_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        v6 = get('role', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        v6 = convert6(v6)\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['role'] if 'role' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        v6 = convert6(v6)\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    try:\n        validate6(None, field6, v6)\n    except TypeError:\n        return False\n    return then(target, v4)\n"] = fold_reply_start.__code__


def fold_reply_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['session_id']
        v4 = obj['reply_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('session_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('reply_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('finished_reason', ABSENT)
        if v5 is not ABSENT:
            given += 1
        v5 = convert5(v5)
        v6 = get('error', ABSENT)
        if v6 is not ABSENT:
            given += 1
        if given != len(obj):
            return False
    else:
        given = 6
        v5 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT
        if v5 is not ABSENT:
            given += 1
        v5 = convert5(v5)
        v6 = obj['error'] if 'error' in obj else ABSENT
        if v6 is not ABSENT:
            given += 1
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    try:
        validate5(None, field5, v5)
        validate6(None, field6, v6)
    except TypeError:
        return False
    return then(target, v4)


CODE["def fold_reply_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['session_id']\n        v4 = obj['reply_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('session_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('reply_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('finished_reason', ABSENT)\n        if v5 is not ABSENT:\n            given += 1\n        v5 = convert5(v5)\n        v6 = get('error', ABSENT)\n        if v6 is not ABSENT:\n            given += 1\n        if given != len(obj):\n            return False\n    else:\n        given = 6\n        v5 = obj['finished_reason'] if 'finished_reason' in obj else ABSENT\n        if v5 is not ABSENT:\n            given += 1\n        v5 = convert5(v5)\n        v6 = obj['error'] if 'error' in obj else ABSENT\n        if v6 is not ABSENT:\n            given += 1\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    try:\n        validate5(None, field5, v5)\n        validate6(None, field6, v6)\n    except TypeError:\n        return False\n    return then(target, v4)\n"] = fold_reply_end.__code__


def fold_data_block_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('media_type', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        v6 = get('name', ABSENT)
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['name'] if 'name' in obj else ABSENT
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_data_block_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('media_type', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        v6 = get('name', ABSENT)\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['name'] if 'name' in obj else ABSENT\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_data_block_start.__code__


def fold_data_block_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v5 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('media_type', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        v6 = get('data', ABSENT)
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        v7 = get('url', ABSENT)
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v6 = obj['data'] if 'data' in obj else ABSENT
        k = v6.__class__
        if k is c6_0 or k is c6_1:
            given += 1
        elif v6 is not ABSENT:
            return False
        v7 = obj['url'] if 'url' in obj else ABSENT
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):
        return False
    return then(target, v3)


CODE["def fold_data_block_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v5 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('media_type', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        v6 = get('data', ABSENT)\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        v7 = get('url', ABSENT)\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v6 = obj['data'] if 'data' in obj else ABSENT\n        k = v6.__class__\n        if k is c6_0 or k is c6_1:\n            given += 1\n        elif v6 is not ABSENT:\n            return False\n        v7 = obj['url'] if 'url' in obj else ABSENT\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    if not ((v6 is ABSENT or v6 is None) is not (v7 is ABSENT or v7 is None)):\n        return False\n    return then(target, v3)\n"] = fold_data_block_delta.__code__


def fold_data_block_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_data_block_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_data_block_end.__code__


def fold_thinking_block_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_thinking_block_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_thinking_block_end.__code__


def fold_hint_block(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['block_id']
        v6 = obj['hint']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('block_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('source', ABSENT)
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return False
        v6 = get('hint', ABSENT)
        if v6 is ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v5 = obj['source'] if 'source' in obj else ABSENT
        k = v5.__class__
        if k is c5_0 or k is c5_1:
            given += 1
        elif v5 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    try:
        validate6(None, field6, v6)
    except TypeError:
        return False
    return then(target, v3)


CODE["def fold_hint_block(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['block_id']\n        v6 = obj['hint']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('block_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('source', ABSENT)\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        v6 = get('hint', ABSENT)\n        if v6 is ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v5 = obj['source'] if 'source' in obj else ABSENT\n        k = v5.__class__\n        if k is c5_0 or k is c5_1:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    try:\n        validate6(None, field6, v6)\n    except TypeError:\n        return False\n    return then(target, v3)\n"] = fold_hint_block.__code__


def fold_tool_call_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_tool_call_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_tool_call_end.__code__


def fold_tool_result_start(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['tool_call_name']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('tool_call_name', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_tool_result_start(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['tool_call_name']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('tool_call_name', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_tool_result_start.__code__


def fold_tool_result_text_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['delta']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('delta', ABSENT)
        if v5.__class__ is not c5_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v5.__class__ is not c5_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_tool_result_text_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['delta']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('delta', ABSENT)\n        if v5.__class__ is not c5_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v5.__class__ is not c5_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_tool_result_text_delta.__code__


def fold_tool_result_data_delta(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v6 = obj['media_type']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('block_id', ABSENT)
        if v5.__class__ is c5_0:
            given += 1
        elif v5 is not ABSENT:
            return False
        v6 = get('media_type', ABSENT)
        if v6.__class__ is not c6_0:
            return False
        v7 = get('data', ABSENT)
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        v8 = get('url', ABSENT)
        k = v8.__class__
        if k is c8_0 or k is c8_1:
            given += 1
        elif v8 is not ABSENT:
            return False
        if given != len(obj):
            return False
    else:
        given = 7
        v5 = obj['block_id'] if 'block_id' in obj else ABSENT
        if v5.__class__ is c5_0:
            given += 1
        elif v5 is not ABSENT:
            return False
        v7 = obj['data'] if 'data' in obj else ABSENT
        k = v7.__class__
        if k is c7_0 or k is c7_1:
            given += 1
        elif v7 is not ABSENT:
            return False
        v8 = obj['url'] if 'url' in obj else ABSENT
        k = v8.__class__
        if k is c8_0 or k is c8_1:
            given += 1
        elif v8 is not ABSENT:
            return False
        if (
            (given != len(obj)) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0) or
            (v6.__class__ is not c6_0)
        ):
            return False
    if not ((v7 is ABSENT or v7 is None) is not (v8 is ABSENT or v8 is None)):
        return False
    return then(target, v3)


CODE["def fold_tool_result_data_delta(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v6 = obj['media_type']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('block_id', ABSENT)\n        if v5.__class__ is c5_0:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        v6 = get('media_type', ABSENT)\n        if v6.__class__ is not c6_0:\n            return False\n        v7 = get('data', ABSENT)\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        v8 = get('url', ABSENT)\n        k = v8.__class__\n        if k is c8_0 or k is c8_1:\n            given += 1\n        elif v8 is not ABSENT:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        given = 7\n        v5 = obj['block_id'] if 'block_id' in obj else ABSENT\n        if v5.__class__ is c5_0:\n            given += 1\n        elif v5 is not ABSENT:\n            return False\n        v7 = obj['data'] if 'data' in obj else ABSENT\n        k = v7.__class__\n        if k is c7_0 or k is c7_1:\n            given += 1\n        elif v7 is not ABSENT:\n            return False\n        v8 = obj['url'] if 'url' in obj else ABSENT\n        k = v8.__class__\n        if k is c8_0 or k is c8_1:\n            given += 1\n        elif v8 is not ABSENT:\n            return False\n        if (\n            (given != len(obj)) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0) or\n            (v6.__class__ is not c6_0)\n        ):\n            return False\n    if not ((v7 is ABSENT or v7 is None) is not (v8 is ABSENT or v8 is None)):\n        return False\n    return then(target, v3)\n"] = fold_tool_result_data_delta.__code__


def fold_tool_result_end(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_call_id']
        v5 = obj['state']
    except KeyError:
        get = obj.get
        given = 4
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_call_id', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        v5 = get('state', ABSENT)
        if v5 is ABSENT:
            return False
        v5 = convert5(v5)
        if given != len(obj):
            return False
    else:
        v5 = convert5(v5)
        if (
            (len(obj) != 7) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    try:
        validate5(None, field5, v5)
    except TypeError:
        return False
    return then(target, v3)


CODE["def fold_tool_result_end(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_call_id']\n        v5 = obj['state']\n    except KeyError:\n        get = obj.get\n        given = 4\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_call_id', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        v5 = get('state', ABSENT)\n        if v5 is ABSENT:\n            return False\n        v5 = convert5(v5)\n        if given != len(obj):\n            return False\n    else:\n        v5 = convert5(v5)\n        if (\n            (len(obj) != 7) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    try:\n        validate5(None, field5, v5)\n    except TypeError:\n        return False\n    return then(target, v3)\n"] = fold_tool_result_end.__code__


def fold_exceed_max_iters(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['name']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('name', ABSENT)
        if v4.__class__ is not c4_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0) or
            (v4.__class__ is not c4_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_exceed_max_iters(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['name']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('name', ABSENT)\n        if v4.__class__ is not c4_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0) or\n            (v4.__class__ is not c4_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_exceed_max_iters.__code__


def fold_require_user_confirm(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_calls']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_calls', ABSENT)
        if v4 is ABSENT:
            return False
        v4 = convert4(v4)
        if given != len(obj):
            return False
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    try:
        validate4(None, field4, v4)
    except TypeError:
        return False
    return then(target, v3)


CODE["def fold_require_user_confirm(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_calls']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_calls', ABSENT)\n        if v4 is ABSENT:\n            return False\n        v4 = convert4(v4)\n        if given != len(obj):\n            return False\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    try:\n        validate4(None, field4, v4)\n    except TypeError:\n        return False\n    return then(target, v3)\n"] = fold_require_user_confirm.__code__


def fold_require_external_execution(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['tool_calls']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('tool_calls', ABSENT)
        if v4 is ABSENT:
            return False
        v4 = convert4(v4)
        if given != len(obj):
            return False
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    try:
        validate4(None, field4, v4)
    except TypeError:
        return False
    return then(target, v3)


CODE["def fold_require_external_execution(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['tool_calls']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('tool_calls', ABSENT)\n        if v4 is ABSENT:\n            return False\n        v4 = convert4(v4)\n        if given != len(obj):\n            return False\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    try:\n        validate4(None, field4, v4)\n    except TypeError:\n        return False\n    return then(target, v3)\n"] = fold_require_external_execution.__code__


def fold_user_confirm_result(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['confirm_results']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('confirm_results', ABSENT)
        if v4 is ABSENT:
            return False
        v4 = convert4(v4)
        if given != len(obj):
            return False
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    try:
        validate4(None, field4, v4)
    except TypeError:
        return False
    return then(target, v3)


CODE["def fold_user_confirm_result(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['confirm_results']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('confirm_results', ABSENT)\n        if v4 is ABSENT:\n            return False\n        v4 = convert4(v4)\n        if given != len(obj):\n            return False\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    try:\n        validate4(None, field4, v4)\n    except TypeError:\n        return False\n    return then(target, v3)\n"] = fold_user_confirm_result.__code__


def fold_user_interrupt(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
    except KeyError:
        get = obj.get
        given = 2
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        if given != len(obj):
            return False
    else:
        if (
            (len(obj) != 5) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    return then(target, v3)


CODE["def fold_user_interrupt(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n    except KeyError:\n        get = obj.get\n        given = 2\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        if given != len(obj):\n            return False\n    else:\n        if (\n            (len(obj) != 5) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    return then(target, v3)\n"] = fold_user_interrupt.__code__


def fold_external_execution_result(target, obj):
    try:
        v0 = obj['id']
        v1 = obj['created_at']
        v2 = obj['metadata']
        v3 = obj['reply_id']
        v4 = obj['execution_results']
    except KeyError:
        get = obj.get
        given = 3
        v0 = get('id', ABSENT)
        if v0.__class__ is c0_0:
            given += 1
        elif v0 is not ABSENT:
            return False
        v1 = get('created_at', ABSENT)
        if v1.__class__ is c1_0:
            given += 1
        elif v1 is not ABSENT:
            return False
        v2 = get('metadata', ABSENT)
        if v2.__class__ is c2_0:
            given += 1
        elif v2 is not ABSENT:
            return False
        v3 = get('reply_id', ABSENT)
        if v3.__class__ is not c3_0:
            return False
        v4 = get('execution_results', ABSENT)
        if v4 is ABSENT:
            return False
        v4 = convert4(v4)
        if given != len(obj):
            return False
    else:
        v4 = convert4(v4)
        if (
            (len(obj) != 6) or
            (v0.__class__ is not c0_0) or
            (v1.__class__ is not c1_0) or
            (v2.__class__ is not c2_0) or
            (v3.__class__ is not c3_0)
        ):
            return False
    try:
        validate4(None, field4, v4)
    except TypeError:
        return False
    return then(target, v3)


CODE["def fold_external_execution_result(target, obj):\n    try:\n        v0 = obj['id']\n        v1 = obj['created_at']\n        v2 = obj['metadata']\n        v3 = obj['reply_id']\n        v4 = obj['execution_results']\n    except KeyError:\n        get = obj.get\n        given = 3\n        v0 = get('id', ABSENT)\n        if v0.__class__ is c0_0:\n            given += 1\n        elif v0 is not ABSENT:\n            return False\n        v1 = get('created_at', ABSENT)\n        if v1.__class__ is c1_0:\n            given += 1\n        elif v1 is not ABSENT:\n            return False\n        v2 = get('metadata', ABSENT)\n        if v2.__class__ is c2_0:\n            given += 1\n        elif v2 is not ABSENT:\n            return False\n        v3 = get('reply_id', ABSENT)\n        if v3.__class__ is not c3_0:\n            return False\n        v4 = get('execution_results', ABSENT)\n        if v4 is ABSENT:\n            return False\n        v4 = convert4(v4)\n        if given != len(obj):\n            return False\n    else:\n        v4 = convert4(v4)\n        if (\n            (len(obj) != 6) or\n            (v0.__class__ is not c0_0) or\n            (v1.__class__ is not c1_0) or\n            (v2.__class__ is not c2_0) or\n            (v3.__class__ is not c3_0)\n        ):\n            return False\n    try:\n        validate4(None, field4, v4)\n    except TypeError:\n        return False\n    return then(target, v3)\n"] = fold_external_execution_result.__code__
