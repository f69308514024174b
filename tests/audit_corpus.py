"""A generated corpus for the audit tests: the recorded examples of every source, many times.

File ``i`` is example ``i mod n``; every third is gzip-compressed, every
fifth is cut before its last line (a stream that stopped), so the corpus
mixes sources, compression and findings.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from streamspec.audit import corpus_files

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: The recorded streams: every example but the pairing histories (chat
#: histories, not streams) and the a3s session (never auto-detected).
STREAMS = [
    Path(p) for p in corpus_files([str(EXAMPLES)]) if "/pairing/" not in p and "/a3s/" not in p
]


def make_corpus(root: Path, files: int) -> list[Path]:
    """Write ``files`` files under ``root`` (in nested directories) and return them."""
    made = []
    for index in range(files):
        example = STREAMS[index % len(STREAMS)]
        data = example.read_bytes()
        if index % 5 == 4:
            data = b"".join(data.splitlines(keepends=True)[:-1])
        directory = root / f"part-{index % 7}"
        directory.mkdir(parents=True, exist_ok=True)
        name = f"{index:04d}-{example.name}"
        if index % 3 == 2:
            path = directory / f"{name}.gz"
            path.write_bytes(gzip.compress(data, mtime=0))
        else:
            path = directory / name
            path.write_bytes(data)
        made.append(path)
    return made
