"""What one PIN try costs: each accepted key derivation (app.match.secret.ACCEPTED), timed
as thread CPU time and wall time, median of a few runs.

    python3 benchmarks/pin_bench.py            # 5 runs of each
    python3 benchmarks/pin_bench.py --runs 9

Target (issue 17): new PINs cost at least ~0.25 s per guess here.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    from app.match.secret import ACCEPTED, DEFAULT_KDF
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'key derivation':44}{'CPU (s)':>10}{'wall (s)':>10}")
    for kdf in ACCEPTED:
        cpu, wall = [], []
        for _ in range(args.runs):
            salt = os.urandom(16)
            w, c = time.perf_counter(), time.thread_time()
            kdf.derive("2718", salt)
            cpu.append(time.thread_time() - c)
            wall.append(time.perf_counter() - w)
        mark = "  (new PINs)" if kdf == DEFAULT_KDF else ""
        print(f"{str(kdf) + mark:44}{statistics.median(cpu):>10.3f}{statistics.median(wall):>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
