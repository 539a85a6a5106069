#!/usr/bin/env python3
"""Timing fidelity of `kix run --solution` (issue 34): kix's own kernel wrapped as a cuda_cpp solution
(tests/data/solutions/kix-rmsnorm-backward) and timed by the solution engine, against kix's C++ harness
(kix-kernel-bench --json) on the same card in the same call. Per workload (matched by uuid): both
medians by CUPTI and by CUDA events, and the engine's over the harness's; the issue asks for agreement
within 2% on every case of at least 50 µs.

Usage: solution_fidelity.py HARNESS.json SOLUTION_RUN_DIR
"""

import glob
import json
import statistics
import sys


def median(values):
    return statistics.median(values) if values else None


def main():
    harness = json.load(open(sys.argv[1]))
    samples = [f for f in glob.glob(sys.argv[2] + "/*.samples.json")]
    if not samples:
        sys.exit(f"no .samples.json in {sys.argv[2]}")
    engine = {c["id"]: c for c in json.load(open(samples[0]))["cases"]}
    print(f"{'#':>2} {'rows':>7} {'harn CUPTI':>11} {'eng CUPTI':>10} {'ratio':>6} {'harn ev':>9} {'eng ev':>9} "
          f"{'ratio':>6}  verdict (>= 50 us: within 2%)")
    worst = 0.0
    for c in harness["cases"]:
        e = engine.get(c["uuid"])
        if e is None:
            continue
        hc, he = median(c["fused"]["cuptiNs"]), median(c["fused"]["eventNs"])
        ec = median(e.get("cupti", {}).get("samplesNs", [])) if "samplesNs" in e.get("cupti", {}) else None
        ee = median(e.get("samplesNs", []))
        rc = ec / hc if ec and hc else None
        re_ = ee / he if ee and he else None
        big = (hc or he or 0) >= 50e3
        ratio = rc if rc is not None else re_
        verdict = "-" if not big or ratio is None else ("ok" if abs(ratio - 1) <= 0.02 else "OUTSIDE 2%")
        if big and ratio is not None:
            worst = max(worst, abs(ratio - 1))
        fmt = lambda v, s=1e3: f"{v / s:.2f}" if v else "-"  # noqa: E731
        print(f"{c['case']:>2} {c['rows']:>7} {fmt(hc):>11} {fmt(ec):>10} {fmt(rc, 1):>6} {fmt(he):>9} "
              f"{fmt(ee):>9} {fmt(re_, 1):>6}  {verdict} {e.get('status', '')}")
    print(f"worst |engine/harness - 1| over the cases >= 50 us: {worst:.2%} ({harness['device']})")


if __name__ == "__main__":
    main()
