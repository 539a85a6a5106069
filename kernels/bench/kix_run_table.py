#!/usr/bin/env python3
"""Prints `kix run` results as a table, from the raw-samples evidence of each run folder given
(FOLDER/kix-run-*.samples.json): per case, kix's median by CUDA events and by CUPTI, the same-run
copy floor's median by each method, and kix ÷ floor by each method; then the geometric means over
the cases and the suite run's measurements as written. Usage: kix_run_table.py RUN_DIR [RUN_DIR …]"""
import glob
import json
import math
import os
import sys


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")


def median(stats):
    return stats.get("median") if stats else None


def show(folder):
    [path] = glob.glob(os.path.join(folder, "kix-run-*.samples.json"))
    with open(path) as f:
        evidence = json.load(f)
    print(f"{os.path.basename(path)}")
    print("| # | B × S | kix events | kix CUPTI | floor events | floor CUPTI | kix ÷ floor events |"
          " kix ÷ floor CUPTI | status |")
    print("|---|---|---|---|---|---|---|---|---|")
    columns = {k: [] for k in ("ke", "kc", "fe", "fc", "re", "rc")}
    for i, c in enumerate(evidence["cases"]):
        floor = c.get("copyFloor", {})
        ev, cu = floor.get("cuda_events", {}), floor.get("cupti", {})
        row = {"ke": median(c.get("latencyNs")), "kc": median(c.get("cupti", {}).get("latencyNs")),
               "fe": median(ev.get("latencyNs")), "fc": median(cu.get("latencyNs")),
               "re": ev.get("kixRatio"), "rc": cu.get("kixRatio")}
        for k, v in row.items():
            columns[k].append(v)
        us = lambda v: f"{v / 1e3:.2f}" if v else "–"
        ratio = lambda v: f"{v:.3f}" if v else "–"
        axes = c.get("axes", {})
        print(f"| {i} | {axes.get('batch_size')}×{axes.get('seq_len')} | {us(row['ke'])} | {us(row['kc'])} |"
              f" {us(row['fe'])} | {us(row['fc'])} | {ratio(row['re'])} | **{ratio(row['rc'])}** | {c['status']} |")
    g = {k: geomean(v) for k, v in columns.items()}
    print(f"geomean: kix events {g['ke'] / 1e3:.2f} µs, kix CUPTI {g['kc'] / 1e3:.2f} µs, floor events "
          f"{g['fe'] / 1e3:.2f}, floor CUPTI {g['fc'] / 1e3:.2f}; kix ÷ floor events {g['re']:.3f}, "
          f"**kix ÷ floor CUPTI {g['rc']:.3f}**; worst CUPTI ratio {max(v for v in columns['rc'] if v):.3f}")
    if "cupti" in evidence:
        print("CUPTI:", evidence["cupti"])
    for manifest in glob.glob(os.path.join(folder, "kix-run-*Z-*.manifest.json")):
        if "--" in os.path.basename(manifest):
            continue
        with open(manifest) as f:
            spec = json.load(f)["run"]["spec"]
        print("suite run measurements:", json.dumps(spec.get("measurements")))
    print()


if __name__ == "__main__":
    for folder in sys.argv[1:]:
        show(folder)
