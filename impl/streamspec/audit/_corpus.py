"""Which files a corpus holds: :func:`corpus_files`.

Rules:

1. A path that names a file is taken whatever its name; a directory is
   walked, subdirectories included, and a file in it is taken when its name
   matches one of the patterns (:data:`DEFAULT_PATTERNS` unless ``--glob``
   is given; ``fnmatch`` on the name).
2. The result is sorted by path and has no duplicates, so a corpus has one
   order on every machine and every run.
3. A path that does not exist is a :class:`~streamspec.UsageError` naming it,
   raised before any file is read; symbolic links to directories are not
   followed (a link cycle cannot loop).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Sequence
from typing import Final

from streamspec._errors import UsageError

__all__ = ["DEFAULT_PATTERNS", "corpus_files"]

#: The names a directory's files must match by default: JSON lines and
#: server-sent events, plain or gzip-compressed.
DEFAULT_PATTERNS: Final = ("*.jsonl", "*.jsonl.gz", "*.ndjson", "*.ndjson.gz", "*.sse", "*.sse.gz")


def corpus_files(paths: Iterable[str], patterns: Sequence[str] = DEFAULT_PATTERNS) -> list[str]:
    """Every file of the corpus ``paths`` name, sorted (rules 1 to 3)."""
    found: set[str] = set()
    for path in paths:
        if os.path.isfile(path):
            found.add(os.path.normpath(path))
        elif os.path.isdir(path):
            found.update(_walk(path, patterns))
        else:
            raise UsageError(f"no such file or directory: {path!r}", path="paths")
    return sorted(found)


def _walk(root: str, patterns: Sequence[str]) -> Iterable[str]:
    for directory, _, names in os.walk(root):
        for name in names:
            if any(fnmatch.fnmatch(name, pattern) for pattern in patterns):
                yield os.path.normpath(os.path.join(directory, name))
