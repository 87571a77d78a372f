"""Extract the visible text and links of every HTML page of a set of WARC
files on a Dask cluster, one archive per task, into JSON Lines files.

    python examples/warc_dask.py OUT_DIR ARCHIVE.warc.gz [ARCHIVE ...]
    python examples/warc_dask.py --scheduler tcp://HOST:8786 OUT_DIR ...

Without ``--scheduler`` it starts a local cluster (two worker processes);
with it, the same code runs on an existing cluster, whose workers need
``pip install 'specparser-html[warc]'`` and read access to the archive paths
(a shared file system or object-store paths their ``open`` understands).

Needs ``pip install 'specparser-html[warc]' 'dask[distributed]'``.
"""

from __future__ import annotations

import argparse
import json
import os


def archive_to_jsonl(archive: str, out_dir: str) -> tuple[str, int]:
    """One task: every HTML page of ``archive`` as a JSON line in
    ``OUT_DIR/<archive name>.jsonl``; returns (that path, pages written)."""
    from specparser.warc import extract_warc

    target = os.path.join(out_dir, os.path.basename(archive) + ".jsonl")
    pages = 0
    with open(target, "w", encoding="utf-8") as out:
        for page in extract_warc(archive, fields=("text", "links")):
            out.write(json.dumps(page, ensure_ascii=False) + "\n")
            pages += 1
    return target, pages


def run(archives: list[str], out_dir: str, scheduler: str | None = None) -> list[tuple[str, int]]:
    """Map :func:`archive_to_jsonl` over ``archives`` on the cluster at
    ``scheduler`` (or a local one), in archive order."""
    from dask.distributed import Client, LocalCluster

    os.makedirs(out_dir, exist_ok=True)
    if scheduler is None:
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        cluster, client = None, Client(scheduler)
    try:
        futures = client.map(archive_to_jsonl, archives, out_dir=out_dir, pure=False)
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (default: start a local cluster)")
    parser.add_argument("out_dir")
    parser.add_argument("archives", nargs="+")
    args = parser.parse_args()
    for target, pages in run(args.archives, args.out_dir, args.scheduler):
        print(f"{target}: {pages} pages")


if __name__ == "__main__":
    main()
