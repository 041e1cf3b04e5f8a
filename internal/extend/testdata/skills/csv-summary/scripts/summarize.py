#!/usr/bin/env python3
"""Print a JSON summary of a CSV file: rows, columns, and per-column stats."""
import csv
import json
import sys


def kind(values):
    try:
        nums = [float(v) for v in values if v != ""]
    except ValueError:
        return "text", None
    if not nums:
        return "empty", None
    return "number", {"min": min(nums), "max": max(nums), "mean": sum(nums) / len(nums)}


def main(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    columns = rows[0].keys() if rows else []
    out = {"rows": len(rows), "columns": {}}
    for col in columns:
        k, stats = kind([r[col] for r in rows])
        out["columns"][col] = {"type": k, **({"stats": stats} if stats else {})}
    json.dump(out, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
