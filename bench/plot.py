#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Draw a bench/results-<cpu>.csv as an SVG chart.

    plot.py [--title TEXT] RESULTS.csv OUT.svg

One panel per algorithm: cycles per byte against message size, both axes
logarithmic, with our `best` (what the dispatcher picks at each size) as a
thick line and every peer (OpenSSL, libsodium, ... : any implementation whose
name starts with a peer library's name) as thin ones.  Our individual rows
are left out: the table in RESULTS.md has them.

The CSV's columns are alg,impl,size,bytes_per_sec,cycles_per_byte (what
`make bench` writes).  The same script draws the in-kernel comparison when a
CSV of that shape exists, e.g. tcrypt results with impl = the driver name
("best" for ours): pass the peer prefixes with --peers.
"""

import argparse
import collections
import csv
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

DEFAULT_PEERS = ("openssl", "libsodium", "boringssl", "ipsec-mb", "ipsecmb", "kernel")


def size_label(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%dM" % (n >> 20)
    if n >= 1 << 10 and n % (1 << 10) == 0:
        return "%dK" % (n >> 10)
    return str(n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("svg")
    ap.add_argument("--title", default="simdcrypt: cycles per byte (lower is better)")
    ap.add_argument("--peers", default=",".join(DEFAULT_PEERS),
                    help="comma-separated name prefixes that mark a peer")
    ap.add_argument("--columns", type=int, default=4)
    args = ap.parse_args()
    peers = tuple(p for p in args.peers.split(",") if p)

    data = collections.OrderedDict()  # alg -> impl -> [(size, cpb)]
    with open(args.csv, newline="") as f:
        for row in csv.DictReader(f):
            impl = row["impl"]
            if impl != "best" and not impl.startswith(peers):
                continue
            try:
                size, cpb = int(row["size"]), float(row["cycles_per_byte"])
            except (KeyError, ValueError):
                continue
            if cpb <= 0:
                continue
            data.setdefault(row["alg"], collections.OrderedDict()).setdefault(impl, []).append((size, cpb))
    data = collections.OrderedDict((a, d) for a, d in data.items() if "best" in d)
    if not data:
        sys.exit("plot.py: no 'best' rows in %s" % args.csv)

    ncol = min(args.columns, len(data))
    nrow = (len(data) + ncol - 1) // ncol
    plt.rcParams["svg.hashsalt"] = "simdcrypt"  # stable ids: reproducible SVG
    fig, axes = plt.subplots(nrow, ncol, figsize=(4.2 * ncol, 3.3 * nrow), squeeze=False)
    styles = {}
    palette = ["tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown", "tab:pink", "tab:gray"]
    for i, (alg, impls) in enumerate(data.items()):
        ax = axes[i // ncol][i % ncol]
        sizes = sorted({s for pts in impls.values() for s, _ in pts})
        for impl, pts in sorted(impls.items(), key=lambda kv: (kv[0] != "best", kv[0])):
            pts.sort()
            if impl == "best":
                kw = dict(color="tab:blue", linewidth=2.6, marker="o", markersize=4, zorder=3)
                label = "simdcrypt (best)"
            else:
                if impl not in styles:
                    styles[impl] = palette[len(styles) % len(palette)]
                kw = dict(color=styles[impl], linewidth=1.2, marker=".", linestyle="--")
                label = impl
            ax.plot([s for s, _ in pts], [c for _, c in pts], label=label, **kw)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(sizes)
        ax.set_xticklabels([size_label(s) for s in sizes], fontsize=7)
        ax.minorticks_off()
        ax.set_title(alg, fontsize=10)
        ax.grid(True, which="major", linewidth=0.4, alpha=0.5)
        if i % ncol == 0:
            ax.set_ylabel("cycles/byte")
        if i // ncol == nrow - 1:
            ax.set_xlabel("message bytes")
        ax.legend(fontsize=7, loc="upper right")
    for j in range(len(data), nrow * ncol):
        axes[j // ncol][j % ncol].axis("off")
    fig.suptitle(args.title, fontsize=12)
    fig.tight_layout()
    fig.savefig(args.svg, format="svg", metadata={"Date": None})
    print("plot.py: %s (%d algorithms)" % (args.svg, len(data)))


if __name__ == "__main__":
    main()
