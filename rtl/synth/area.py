#!/usr/bin/env python3
"""Area of the wc_router RTL per configuration: yosys synthesis to generic gates.

Synthesises wc_router (rtl/wc_*.sv) with rtl/synth/area.ys.in for every combination of buffer
depth, VCs and flit width asked for (default: depth 1/2/4 x 1/2 VCs x 16/32-bit flits on a 4x4
mesh with 1 injection and 1 consumption channel), and prints one table row per configuration:
cells, flip-flop bits, the FIFO storage bits among them, multiplexers, logic gates and the share
of the input-VC FIFOs. See docs/rtl-area.md.

    rtl/synth/area.py                       # all 12 configurations, one yosys at a time
    rtl/synth/area.py -j 2 --csv results/area/area.csv   # two at a time, also write CSV
    rtl/synth/area.py --depth 1 2 --vcs 1 --width 16 --check

--check verifies the flip-flops against what the RTL's registers imply (the test in
rtl/synth/synth.cmake runs it); the exit status is 1 when a check fails.
Python 3 standard library only; needs yosys on PATH (or --yosys).
"""

import argparse
import csv
import itertools
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
RTL = HERE.parent
REPO = RTL.parent
TEMPLATE = HERE / "area.ys.in"

# wc_router's parameters and their defaults (rtl/wc_router.sv). NUM_VCS, BUF_DEPTH and
# FLIT_WIDTH come from the grid; the others can be changed with --param.
ROUTER_DEFAULTS = {
    "MESH_X": 4, "MESH_Y": 4, "NUM_INJ": 1, "NUM_CONS": 1, "NUM_VCS": 1, "BUF_DEPTH": 4,
    "FLIT_WIDTH": 32, "T_NODE": 1, "T_SW": 1, "T_PHY": 1, "T_INJ": 1, "T_CONS": 1,
}
GRID_PARAMS = ("BUF_DEPTH", "NUM_VCS", "FLIT_WIDTH")
# Bits of one FIFO entry besides the data: kind (3) and message tag (24) (wc_input_unit ENTRY_W).
ENTRY_OVERHEAD = 3 + 24

GATES = ("$_AND_", "$_NAND_", "$_OR_", "$_NOR_", "$_XOR_", "$_XNOR_", "$_NOT_", "$_BUF_")
MUX = "$_MUX_"
FF_NO_RESET = re.compile(r"^\$_DFFE?_[PN]{1,2}_$")           # $_DFF_P_, $_DFFE_PP_, ...
FF_RESET = re.compile(r"^\$_DFFE?_[PN][PN][01][PN]?_$")      # $_DFF_PN0_, $_DFFE_PN1P_, ...


def clog2(n):
    """Verilog $clog2 for n >= 1."""
    return (n - 1).bit_length()


class Config:
    """One wc_router parameter set."""

    def __init__(self, params):
        self.params = dict(params)
        self.depth = params["BUF_DEPTH"]
        self.vcs = params["NUM_VCS"]
        self.width = params["FLIT_WIDTH"]
        self.num_in = 4 + params["NUM_INJ"]
        self.num_out = 4 + params["NUM_CONS"]
        self.name = f"d{self.depth}v{self.vcs}w{self.width}"

    def fifo_width(self):
        return ENTRY_OVERHEAD + self.width

    def fifos(self):
        return self.num_in * self.vcs

    def storage_bits(self):
        """FIFO storage: the only registers without a reset (wc_fifo mem_q)."""
        return self.fifos() * self.depth * self.fifo_width()

    def link_stages(self):
        """Output pipeline registers (wc_output_unit DELAY) summed over the outputs."""
        p = self.params
        return sum(p["T_SW"] + (p["T_PHY"] if q < 4 else p["T_CONS"]) for q in range(self.num_out))

    def depth_control_bits(self):
        """Reset flip-flops that depend on the depth: per FIFO head and tail pointers (constant
        zero at depth 1, so none) and the fill count; per output VC the credit counter."""
        pointers = 2 * clog2(self.depth) if self.depth > 1 else 0
        count = clog2(self.depth + 1)
        return self.fifos() * (pointers + count) + self.num_out * self.vcs * count

    def width_control_bits(self):
        """Reset flip-flops holding flit data: the latched header per input VC and the data field
        of every output pipeline stage."""
        return self.width * (self.fifos() + self.link_stages())


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Synthesise wc_router with yosys to generic gates and print cell counts and "
                    "flip-flops per configuration (docs/rtl-area.md).")
    ap.add_argument("--depth", type=int, nargs="+", default=[1, 2, 4], metavar="N",
                    help="buffer depths (BUF_DEPTH), default 1 2 4")
    ap.add_argument("--vcs", type=int, nargs="+", default=[1, 2], metavar="N",
                    help="virtual channels (NUM_VCS), default 1 2")
    ap.add_argument("--width", type=int, nargs="+", default=[16, 32], metavar="N",
                    help="flit data widths (FLIT_WIDTH), default 16 32")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="another wc_router parameter (MESH_X, MESH_Y, NUM_INJ, NUM_CONS, T_NODE, "
                         "T_SW, T_PHY, T_INJ, T_CONS); repeatable")
    ap.add_argument("--out", type=Path,
                    help="directory for scripts, logs and statistics (default: a temporary "
                         "directory, removed afterwards unless something failed)")
    ap.add_argument("--csv", type=Path, metavar="FILE", help="also write the results as CSV")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="yosys runs at a time (default 1)")
    ap.add_argument("--check", action="store_true",
                    help="check the flip-flops against the RTL's registers; exit 1 on a mismatch")
    ap.add_argument("--yosys", default="yosys", help="yosys program (default: yosys on PATH)")
    args = ap.parse_args(argv)
    params = dict(ROUTER_DEFAULTS)
    for item in args.param:
        name, sep, value = item.partition("=")
        if not sep or name not in ROUTER_DEFAULTS or name in GRID_PARAMS:
            ap.error(f"--param {item}: expected NAME=VALUE with NAME one of "
                     f"{', '.join(n for n in ROUTER_DEFAULTS if n not in GRID_PARAMS)}")
        try:
            params[name] = int(value)
        except ValueError:
            ap.error(f"--param {item}: value must be an integer")
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    configs = []
    for depth, vcs, width in itertools.product(args.depth, args.vcs, args.width):
        if depth < 1 or not 1 <= vcs <= 16 or not 8 <= width <= 32:
            ap.error(f"depth {depth}, VCs {vcs}, width {width}: the RTL takes depth >= 1, "
                     "1..16 VCs and 8..32-bit flits")
        configs.append(Config({**params, "BUF_DEPTH": depth, "NUM_VCS": vcs, "FLIT_WIDTH": width}))
    return args, configs


def check_out_dir(option, path):
    """Results never go into the source tree, except into its git-ignored directories."""
    path = path.resolve()
    if path != REPO and REPO not in path.parents:
        return
    ignored = subprocess.run(["git", "-C", str(REPO), "check-ignore", "-q", str(path / "x")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    if not ignored:
        sys.exit(f"area.py: {option} {path} is inside the source tree and not git-ignored; "
                 "use results/..., a build directory or a directory elsewhere")


def write_script(config, out):
    sources = sorted(RTL.glob("wc_*.sv"))
    paths = [str(p) for p in sources] + [str(out)]
    if any(re.search(r"\s", p) for p in paths):
        sys.exit("area.py: yosys scripts cannot name paths with white space: " + " ".join(paths))
    fields = {
        "SOURCES": " ".join(str(p) for p in sources),
        "ROUTER_PARAMS": " ".join(f"-set {k} {v}" for k, v in config.params.items()),
        "FIFO_SOURCE": str(RTL / "wc_fifo.sv"),
        "FIFO_PARAMS": f"-set DEPTH {config.depth} -set WIDTH {config.fifo_width()}",
        "DIR": str(out),
    }
    text = TEMPLATE.read_text()
    for key, value in fields.items():
        text = text.replace(f"@{key}@", value)
    leftover = re.findall(r"@[A-Z_]+@", text)
    if leftover:
        raise RuntimeError(f"{TEMPLATE}: unknown fields {leftover}")
    script = out / "area.ys"
    script.write_text(text)
    return script


def cell_counts(stat_file):
    modules = json.loads(stat_file.read_text())["modules"]
    (module,) = modules.values()
    return module["num_cells_by_type"]


def summarise(config, router, fifo):
    """Table row from the per-type cell counts of the router and of one FIFO."""
    unknown = [t for t in router if not (t in GATES or t == MUX or FF_NO_RESET.match(t) or
                                         FF_RESET.match(t))]
    if unknown:
        raise RuntimeError(f"{config.name}: cells outside the generic library: {unknown}")
    ff_plain = sum(n for t, n in router.items() if FF_NO_RESET.match(t))
    ff_reset = sum(n for t, n in router.items() if FF_RESET.match(t))
    cells = sum(router.values())
    fifo_cells = config.fifos() * sum(fifo.values())
    row = {
        "config": config.name, "depth": config.depth, "vcs": config.vcs, "width": config.width,
        "cells": cells,
        "ff_bits": ff_plain + ff_reset,
        "storage_ff_bits": ff_plain,
        "reset_ff_bits": ff_reset,
        "enable_ff_bits": sum(n for t, n in router.items() if t.startswith("$_DFFE_")),
        "mux": router.get(MUX, 0),
        "gates": sum(router.get(t, 0) for t in GATES),
    }
    for t in GATES:
        row[t.strip("$_").lower()] = router.get(t, 0)
    row["fifo_cells"] = fifo_cells
    row["fifo_cell_share"] = round(fifo_cells / cells, 4)
    row["storage_ff_share"] = round(ff_plain / row["ff_bits"], 4)
    return row


def run_one(config, root, yosys):
    out = root / config.name
    out.mkdir(parents=True, exist_ok=True)
    script = write_script(config, out)
    start = time.monotonic()
    with open(out / "yosys.stderr", "w") as err:
        proc = subprocess.run([yosys, "-q", "-l", str(out / "yosys.log"), str(script)],
                              stdout=err, stderr=subprocess.STDOUT)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{config.name}: yosys failed (exit {proc.returncode}); "
                           f"see {out / 'yosys.log'}")
    row = summarise(config, cell_counts(out / "router.json"), cell_counts(out / "fifo.json"))
    row["yosys_seconds"] = round(seconds, 1)
    print(f"  {config.name}: {row['cells']} cells, {row['ff_bits']} flip-flops ({seconds:.1f} s)",
          file=sys.stderr, flush=True)
    return row


def check(configs, rows):
    """Flip-flops against the RTL: exact FIFO storage, and the reset flip-flops added by a deeper
    buffer or a wider flit. Returns the failures."""
    failures = []
    by_key = {}
    for config, row in zip(configs, rows):
        by_key[(config.depth, config.vcs, config.width)] = (config, row)
        if row["storage_ff_bits"] != config.storage_bits():
            failures.append(f"{config.name}: {row['storage_ff_bits']} flip-flops without reset, "
                            f"expected the FIFO storage {config.fifos()} FIFOs x {config.depth} x "
                            f"{config.fifo_width()} bits = {config.storage_bits()}")
    for (a_cfg, a), (b_cfg, b) in itertools.combinations(by_key.values(), 2):
        same_vcs = a_cfg.vcs == b_cfg.vcs
        if same_vcs and a_cfg.width == b_cfg.width and a_cfg.depth != b_cfg.depth:
            what, want = "depth", b_cfg.depth_control_bits() - a_cfg.depth_control_bits()
        elif same_vcs and a_cfg.depth == b_cfg.depth and a_cfg.width != b_cfg.width:
            what, want = "width", b_cfg.width_control_bits() - a_cfg.width_control_bits()
        else:
            continue
        got = b["reset_ff_bits"] - a["reset_ff_bits"]
        if got != want:
            failures.append(f"{a_cfg.name} -> {b_cfg.name} ({what}): reset flip-flops changed by "
                            f"{got}, the RTL's registers imply {want}")
    return failures


def print_table(rows, file=sys.stdout):
    cols = [("depth", "depth", "{}"), ("VCs", "vcs", "{}"), ("width", "width", "{}"),
            ("cells", "cells", "{}"), ("FF bits", "ff_bits", "{}"),
            ("FIFO FF bits", "storage_ff_bits", "{}"), ("MUX", "mux", "{}"),
            ("gates", "gates", "{}"), ("FIFO cells", "fifo_cells", "{}"),
            ("FIFO FF share", "storage_ff_share", "{:.1%}"),
            ("FIFO cell share", "fifo_cell_share", "{:.1%}")]
    cells = [[fmt.format(r[key]) for _, key, fmt in cols] for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, (h, _, _) in enumerate(cols)]
    print("  ".join(h.rjust(w) for (h, _, _), w in zip(cols, widths)), file=file)
    for c in cells:
        print("  ".join(v.rjust(w) for v, w in zip(c, widths)), file=file)


def yosys_version(yosys):
    try:
        return subprocess.run([yosys, "-V"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main(argv=None):
    args, configs = parse_args(argv)
    version = yosys_version(args.yosys)
    if version is None:
        sys.exit(f"area.py: cannot run '{args.yosys}' (install yosys: ci/install-deps.sh)")
    if args.csv:
        check_out_dir("--csv", args.csv.parent)
    if args.out:
        check_out_dir("--out", args.out)
        root = args.out.resolve()
        root.mkdir(parents=True, exist_ok=True)
    else:
        root = Path(tempfile.mkdtemp(prefix="wormcast-area-"))
    p = configs[0].params
    print(f"{version}; wc_router on a {p['MESH_X']}x{p['MESH_Y']} mesh, {p['NUM_INJ']} injection "
          f"+ {p['NUM_CONS']} consumption channels; {len(configs)} configurations, "
          f"{args.jobs} at a time, in {root}", file=sys.stderr, flush=True)
    start = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(lambda c: run_one(c, root, args.yosys), configs))
    except RuntimeError as error:
        sys.exit(f"area.py: {error} (outputs kept in {root})")
    elapsed = time.monotonic() - start

    print("Generic cells (yosys internal library: 2-input AND/NAND/OR/NOR/XOR/XNOR, NOT, 2:1 MUX, "
          "D flip-flops); 'gates' = AND..XNOR + NOT; FIFO = the input-VC buffers "
          f"({', '.join(k + '=' + str(v) for k, v in p.items() if k not in GRID_PARAMS)})")
    print_table(rows)
    print(f"{len(rows)} configurations in {elapsed:.0f} s ({version})")
    if args.csv:
        args.csv.parent.mkdir(parents=True, exist_ok=True)
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            writer.writeheader()
            writer.writerows(rows)
        print(f"CSV: {args.csv}")

    failures = check(configs, rows) if args.check else []
    for failure in failures:
        print(f"CHECK FAILED: {failure}", file=sys.stderr)
    if args.check and not failures:
        print("check: flip-flops without reset = FIFO storage in every configuration; depth and "
              "width steps add the reset flip-flops the RTL implies")
    if failures:
        print(f"outputs kept in {root}", file=sys.stderr)
        return 1
    if not args.out:
        shutil.rmtree(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
