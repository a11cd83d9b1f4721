"""The batch on a Dask cluster writes the same rows and the same resumable CSV as a local run."""

from __future__ import annotations

import pytest

from game.solver.__main__ import main
from game.solver.batch import read_rows, run_batch

distributed = pytest.importorskip("distributed")

DETERMINISTIC = ("code", "verdict", "states", "moves")  # the seconds differ, nothing else


def test_a_local_cluster_of_two_workers_gives_the_local_rows(tmp_path):
    deals = range(6)
    local = run_batch("CR1-N", deals, tmp_path / "local.csv", states=1500, jobs=1, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        out = tmp_path / "dask.csv"
        args = ["--game", "CR1-N", "--deals", "0-2", "--states", "1500", "--csv", str(out)]
        assert main([*args, "--dask", cluster.scheduler_address]) == 0  # the CLI's way in
        assert len(read_rows(out)) == 3
        rows = run_batch("CR1-N", deals, out, states=1500, progress=False, dask=client)  # resumes
    assert set(rows) == set(local)
    for code, row in local.items():
        assert [rows[code][k] for k in DETERMINISTIC] == [row[k] for k in DETERMINISTIC]
    assert len(read_rows(out)) == 6 and out.read_text().count("code,") == 1
