#!/usr/bin/env python3
"""Prints a `kix-kernel-bench --sweep --json FILE` result as a table: per case and candidate, the
median CUPTI time over the median CUPTI time of the same-run copy floor, and the geometric mean over
the cases. Candidates are matched by their place in each case's list (a plan may repeat, to show the
spread between two timings of the same plan). Usage: sweep_table.py SWEEP.json"""
import json
import math
import re
import statistics
import sys


WRONG = " (an output out of tolerance: diagnostic only)"


def main(path):
    with open(path) as f:
        sweep = json.load(f)
    rows, names = [], []
    for case in sweep["cases"]:
        floor = statistics.median(case["copyFloor"]["cuptiNs"])
        ratios = {}
        for j, v in enumerate(case["variants"]):
            if v["cuptiNs"]:
                ratios[j] = statistics.median(v["cuptiNs"]) / floor
            if j == len(names):
                names.append(re.sub(r" b\d+$", "", v["variant"]))
            if not v.get("correct", True) and not names[j].endswith(WRONG):
                names[j] += WRONG
        rows.append((case["case"], floor, ratios))
    print(f"device: {sweep['device']}; time / same-run copy floor, CUPTI medians")
    for i, name in enumerate(names):
        print(f"  [{i}] {name}")
    print("case floor_us " + " ".join(f"{'[' + str(i) + ']':>6}" for i in range(len(names))))
    for case, floor, ratios in rows:
        cells = " ".join(f"{ratios[j]:6.3f}" if j in ratios else "     -" for j in range(len(names)))
        print(f"{case:4d} {floor / 1e3:8.2f} {cells}")
    geo, worst = [], []
    for j in range(len(names)):
        values = [r[j] for _, _, r in rows if j in r]
        worst.append(max(values) if values else float("nan"))
        geo.append(math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan"))
    print("geomean       " + " ".join(f"{g:6.3f}" for g in geo))
    print("worst         " + " ".join(f"{w:6.3f}" for w in worst))


if __name__ == "__main__":
    main(sys.argv[1])
