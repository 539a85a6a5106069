#!/usr/bin/env python3
"""Prints a `kix-kernel-bench --sweep --json FILE` result as a table: per case and candidate, the
median CUPTI time over the median CUPTI time of the same-run copy floor, and the geometric mean over
the cases. Usage: sweep_table.py SWEEP.json"""
import json
import math
import statistics
import sys


def main(path):
    with open(path) as f:
        sweep = json.load(f)
    rows, names = [], []
    for case in sweep["cases"]:
        floor = statistics.median(case["copyFloor"]["cuptiNs"])
        ratios = {}
        for v in case["variants"]:
            name = v["variant"].rsplit(" b", 1)[0] if " b" in v["variant"] else v["variant"]
            if v["cuptiNs"]:
                ratios[name] = statistics.median(v["cuptiNs"]) / floor
            if name not in names:
                names.append(name)
        rows.append((case["case"], floor, ratios))
    print(f"device: {sweep['device']}; time / same-run copy floor, CUPTI medians")
    for i, name in enumerate(names):
        print(f"  [{i}] {name}")
    print("case floor_us " + " ".join(f"{'[' + str(i) + ']':>6}" for i in range(len(names))))
    for case, floor, ratios in rows:
        cells = " ".join(f"{ratios[n]:6.3f}" if n in ratios else "     -" for n in names)
        print(f"{case:4d} {floor / 1e3:8.2f} {cells}")
    geo = []
    for n in names:
        values = [r[n] for _, _, r in rows if n in r]
        geo.append(math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan"))
    print("geomean       " + " ".join(f"{g:6.3f}" for g in geo))


if __name__ == "__main__":
    main(sys.argv[1])
