"""Remove wall-time fields from a command's output (text, JSON or CSV) for ci/golden.sh."""
import csv
import io
import json
import re
import sys

text = sys.stdin.read()
WALL_KEYS = ("wall", "router_cycles_per_second")


def scrub_json(value):
    if isinstance(value, dict):
        return {k: scrub_json(v) for k, v in value.items() if not any(w in k for w in WALL_KEYS)}
    if isinstance(value, list):
        return [scrub_json(v) for v in value]
    return value


try:
    sys.stdout.write(json.dumps(scrub_json(json.loads(text)), indent=1) + "\n")
    sys.exit(0)
except ValueError:
    pass
lines = text.splitlines()
if lines and "," in lines[0] and any("wall" in c for c in lines[0].split(",")):
    rows = list(csv.reader(io.StringIO(text)))
    keep = [i for i, c in enumerate(rows[0]) if "wall" not in c]
    writer = csv.writer(sys.stdout, lineterminator="\n")
    for row in rows:
        writer.writerow([row[i] for i in keep if i < len(row)])
    sys.exit(0)
OUT = sys.argv[1] if len(sys.argv) > 1 else None
for line in lines:
    if re.search(r": [0-9]+/[0-9]+ runs done, ", line):
        continue  # progress lines come at wall-time moments
    if OUT:
        line = line.replace(OUT, "<out>")
    # Wall times and speeds in summaries and progress lines.
    line = re.sub(r"[0-9.]+ s wall.*", "<wall>", line)
    line = re.sub(r"\([0-9.]+ s,", "(<wall>,", line)
    line = re.sub(r"\([0-9.]+ min\)", "(<wall>)", line)
    line = re.sub(r"[0-9.]+ ?s wall", "<wall>", line)
    sys.stdout.write(line + "\n")
