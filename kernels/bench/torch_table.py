#!/usr/bin/env python3
"""Prints a `bench_vs_torch.py --json FILE` result as the Markdown table of BENCHMARKS.md: per case
the medians (µs) of kix, eager, torch.compile and the copy floor by CUPTI and by CUDA events, kix
over the floor by each method, and whether every output of all three was within the workload's
tolerance; then the geometric means. Usage: torch_table.py TORCH.json"""
import json
import math
import statistics
import sys


def median_us(timing, method):
    samples = timing[method]
    return statistics.median(samples) / 1e3 if samples else float("nan")


def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values))


def main(path):
    with open(path) as f:
        run = json.load(f)
    print("| # | B × S | kix CUPTI | kix events | eager CUPTI | eager events | compile CUPTI | compile events "
          "| floor CUPTI | floor events | **kix ÷ floor CUPTI** | kix ÷ floor events | correct |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = {"cuptiNs": [], "eventNs": []}
    for case in run["cases"]:
        t = case["timing"]
        cells = []
        for impl in ("kix", "eager", "compile", "floor"):
            for method in ("cuptiNs", "eventNs"):
                cells.append(median_us(t[impl], method))
        r = {m: median_us(t["kix"], m) / median_us(t["floor"], m) for m in ratios}
        for m in ratios:
            ratios[m].append(r[m])
        correct = all(c["failures"] == 0 for impl in ("kix", "eager", "compile") for c in case["checks"][impl])
        print(f"| {case['case']} | {case['batch_size']}×{case['seq_len']} | "
              + " | ".join(f"{v:.2f}" for v in cells)
              + f" | **{r['cuptiNs']:.3f}** | {r['eventNs']:.3f} | {'yes' if correct else 'NO'} |")
    s = run["summary"]
    for method, label in (("cuptiNs", "CUPTI"), ("eventNs", "CUDA events")):
        print(f"\ngeomean, {label}: kix ÷ copy floor {geomean(ratios[method]):.3f} (kix {s[method]['kix_us']:.2f} µs, "
              f"eager {s[method]['eager_us']:.2f}, torch.compile {s[method]['compile_us']:.2f}, "
              f"copy floor {s[method]['floor_us']:.2f}); worst case {max(ratios[method]):.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
