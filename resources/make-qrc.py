#!/usr/bin/env python3
"""Regenerates kix.qrc from the files under samples/, problems/, published/, data/ and icons/ (run after adding a file)."""
import os
here = os.path.dirname(os.path.abspath(__file__))
files = []
for top in ("samples", "problems", "published", "data", "icons"):
    for root, _, names in os.walk(os.path.join(here, top)):
        for n in sorted(names):
            if n.endswith((".json", ".jsonl", ".svg", ".md")):
                files.append(os.path.relpath(os.path.join(root, n), here))
with open(os.path.join(here, "kix.qrc"), "w") as f:
    f.write('<!DOCTYPE RCC>\n<RCC version="1.0">\n  <qresource prefix="/kix">\n')
    for p in sorted(files):
        f.write(f"    <file>{p}</file>\n")
    f.write("  </qresource>\n</RCC>\n")
