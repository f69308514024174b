"""Every engine gives one summary and one findings order: in process, a local pool, and a
real Dask LocalCluster of two worker processes."""

from __future__ import annotations

import io

import pytest
from audit_corpus import make_corpus
from streamspec.audit import DaskEngine, Job, LocalEngine, Summary, corpus_files, run_audit

_JOB = Job(group_by=("metadata.run_id",))


def _audit(files: list[str], engine: LocalEngine | DaskEngine) -> tuple[Summary, bytes]:
    findings = io.BytesIO()
    summary = run_audit(files, job=_JOB, engine=engine, findings=findings)
    return summary, findings.getvalue()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    root = tmp_path_factory.mktemp("corpus")
    made = make_corpus(root, 240)
    files = corpus_files([str(root)])
    assert len(files) == len(made) == 240
    return files


@pytest.fixture(scope="module")
def single(corpus: list[str]) -> tuple[Summary, bytes]:
    return _audit(corpus, LocalEngine(1))


def test_the_corpus_mixes_sources_compression_and_findings(single: tuple[Summary, bytes]) -> None:
    summary, findings = single
    assert summary.totals.files == 240
    assert summary.failed == 0
    assert len(summary.groups["source"]) >= 7
    assert summary.totals.warnings > 0
    assert findings.count(b"\n") == summary.totals.errors + summary.totals.warnings


def test_a_local_pool_gives_what_one_process_gives(
    corpus: list[str], single: tuple[Summary, bytes]
) -> None:
    assert _audit(corpus, LocalEngine(2)) == single


def test_a_dask_local_cluster_gives_what_one_process_gives(
    corpus: list[str], single: tuple[Summary, bytes]
) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        engine = DaskEngine(cluster.scheduler_address)
        assert _audit(corpus, engine) == single
        assert engine.workers == 2


def test_findings_come_in_file_order(corpus: list[str], single: tuple[Summary, bytes]) -> None:
    import orjson

    files = [orjson.loads(line)["file"] for line in single[1].splitlines()]
    order = {path: index for index, path in enumerate(corpus)}
    assert [order[f] for f in files] == sorted(order[f] for f in files)


def test_a_dask_scheduler_that_is_not_there_is_a_usage_error() -> None:
    from streamspec._errors import UsageError

    pytest.importorskip("distributed")
    with pytest.raises(UsageError) as raised:
        list(DaskEngine("tcp://127.0.0.1:9", connect_timeout=1).run(["x"], _JOB))
    assert raised.value.path == "scheduler"
    assert "tcp://127.0.0.1:9" in str(raised.value)


def test_progress_hears_of_every_file_once_in_file_order(
    corpus: list[str], single: tuple[Summary, bytes]
) -> None:
    """``progress`` gets each file's audit as it is read, in file order, and what it gets
    adds up to the summary."""
    heard: list[str] = []
    events: list[int] = []

    def progress(audit: object) -> None:
        heard.append(audit.path)  # type: ignore[attr-defined]
        events.append(audit.summary.totals.events)  # type: ignore[attr-defined]

    files = corpus[:30]
    summary = run_audit(files, job=_JOB, engine=LocalEngine(1), progress=progress)
    assert heard == files
    assert sum(events) == summary.totals.events > 0
