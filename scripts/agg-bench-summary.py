#!/usr/bin/env python3
"""Tables and bars of scripts/agg-bench.sh from its gnest-bench CSVs (one directory).

Table 1 (CGO 2022 figures 9 and 12): per input and algorithm, median ms of naive-dp, agg with
thresholding only (T), T+C, T+C+A at its best granularity, agg as the defaults rule sets it, flat
and lazynp. Table 2: the threshold sweep against the rule's pick. Table 3: granularity and group
size. Table 4 (Ozen figure 5.20): lazynp dispatched from the host, per CTA and per warp, w-boost
off and on, and the hybrid backends (thesis 5.6: lazynp-cpu, lazynp-cross) against host-dispatched
lazynp. Then the bars (the targets these backends must reach), each said reached or not, with
its numbers.
"""
import csv
import os
import sys


def load(directory, part):
    """{(input, algorithm, backend, setting): row} of one part's CSV ({} when absent)."""
    path = os.path.join(directory, part + ".csv")
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {(r["input"], r["algorithm"], r["backend"], r.get("setting", "")): r
                for r in csv.DictReader(f)}


def ms(row):
    """Median ms of a successful row whose result did not disagree, else None."""
    if not row or row["status"] != "ok" or row["ok"] == "no" or not row["median_ms"]:
        return None
    return float(row["median_ms"])


def fmt(x):
    return "-" if x is None else ("%.3f" % x if x < 10 else "%.1f" % x)


def cells(parts):
    """The (input, algorithm) pairs in the order they appear."""
    seen = []
    for table in parts.values():
        for (i, a, _, _) in table:
            if a != "load" and (i, a) not in seen:
                seen.append((i, a))
    return seen


def best_of(table, i, a, backend):
    """(ms, setting) of the fastest row of backend in a sweep table."""
    found = [(ms(r), s) for (ii, aa, b, s), r in table.items()
             if (ii, aa, b) == (i, a, backend) and ms(r) is not None]
    return min(found) if found else (None, None)


def one(table, i, a, backend, setting=""):
    return ms(table.get((i, a, backend, setting)))


def main(directory):
    p = {name: load(directory, name) for name in
         ("main", "tonly", "tc", "granularity", "group", "threshold", "coarsening", "lazynp",
          "hybrid")}
    bars = []
    print("## CGO 2022 figures 9 / 12 on gnest (median ms)\n")
    print("| input | algorithm | naive-dp | agg T | agg T+C | agg T+C+A (best granularity) | "
          "agg (rule) | flat | lazynp | naive-dp / T+C+A | T+C+A / best(flat, lazynp) |")
    print("|" + "---|" * 11)
    for i, a in cells(p):
        if a not in ("bfs", "sssp", "tc", "mst"):
            continue
        naive, rule = one(p["main"], i, a, "naive-dp"), one(p["main"], i, a, "agg")
        flat, lazy = one(p["main"], i, a, "flat"), one(p["main"], i, a, "lazynp")
        t, tc = one(p["tonly"], i, a, "agg"), one(p["tc"], i, a, "agg")
        tca, gran = best_of(p["granularity"], i, a, "agg")
        host = [x for x in (flat, lazy) if x is not None]
        speedup = naive / tca if naive and tca else None
        vs_best = tca / min(host) if tca and host else None
        print("| %s | %s | %s | %s | %s | %s (%s) | %s | %s | %s | %s | %s |" % (
            i, a, fmt(naive), fmt(t), fmt(tc), fmt(tca), gran or "-", fmt(rule), fmt(flat),
            fmt(lazy), fmt(speedup), fmt(vs_best)))
        if i == "rmat20" and a in ("bfs", "sssp"):
            bars.append(("agg T+C+A >= 10x faster than naive-dp, rmat20 %s" % a,
                         None if speedup is None else speedup >= 10, "%sx" % fmt(speedup)))
        if i == "rmat20":
            bars.append(("agg T+C+A within 1.5x of the best of flat/lazynp, rmat20 %s" % a,
                         None if vs_best is None else vs_best <= 1.5, "%sx" % fmt(vs_best)))

    print("\n## Threshold sweep against the rule's pick (median ms)\n")
    rule_file = os.path.join(directory, "rule.txt")
    if os.path.exists(rule_file):
        print("The rule's picks (agg's reason):\n")
        for line in open(rule_file):
            print("    " + line.rstrip())
        print()
    print("| input | algorithm | sweep (threshold: ms) | best | rule | rule / best |")
    print("|---|---|---|---|---|---|")
    for i, a in cells(p):
        sweep = sorted(((int(s.split("=")[1]), ms(r)) for (ii, aa, b, s), r in p["threshold"].items()
                        if (ii, aa, b) == (i, a, "agg") and s), key=lambda x: x[0])
        if not sweep:
            continue
        best, where = best_of(p["threshold"], i, a, "agg")
        rule = one(p["main"], i, a, "agg")
        ratio = rule / best if rule and best else None
        print("| %s | %s | %s | %s (%s) | %s | %s |" % (
            i, a, " ".join("%d: %s" % (t, fmt(x)) for t, x in sweep), fmt(best), where,
            fmt(rule), fmt(ratio)))
        bars.append(("the rule's threshold within 1.2x of the sweep's best, %s %s" % (i, a),
                     None if ratio is None else ratio <= 1.2, "%sx" % fmt(ratio)))

    print("\n## Granularity, group size and coarsening (agg, median ms)\n")
    print("| input | algorithm | warp | block | multi-block (rule's G) | grid | best G | "
          "coarsening: best |")
    print("|---|---|---|---|---|---|---|---|")
    multi_wins = []
    for i, a in cells(p):
        g = {k: one(p["granularity"], i, a, "agg", "granularity=" + k)
             for k in ("warp", "block", "multi-block", "grid")}
        if not any(g.values()):
            continue
        group, gwhere = best_of(p["group"], i, a, "agg")
        coarse, cwhere = best_of(p["coarsening"], i, a, "agg")
        print("| %s | %s | %s | %s | %s | %s | %s (%s) | %s (%s) |" % (
            i, a, fmt(g["warp"]), fmt(g["block"]), fmt(g["multi-block"]), fmt(g["grid"]),
            fmt(group), gwhere or "-", fmt(coarse), cwhere or "-"))
        multi = [x for x in (g["multi-block"], group) if x is not None]
        if multi and all(x is not None and min(multi) < x for x in (g["block"], g["grid"])):
            multi_wins.append("%s %s" % (i, a))
    bars.append(("multi-block (the rule's G or the best of the G sweep) beats both block and grid "
                 "on at least one algorithm x graph",
                 bool(multi_wins), ", ".join(multi_wins) or "nowhere"))

    print("\n## LazyNP dispatch (Ozen figure 5.20, median ms)\n")
    print("| input | algorithm | host | host w-boost | CTA | CTA w-boost | warp | warp w-boost |")
    print("|---|---|---|---|---|---|---|---|")
    for i, a in cells(p):
        row = [one(p["lazynp"], i, a, b, "wboost=%d" % w)
               for b in ("lazynp", "lazynp-cta", "lazynp-warp") for w in (0, 1)]
        if any(x is not None for x in row):
            print("| %s | %s | %s |" % (i, a, " | ".join(fmt(x) for x in row)))

    print("\n## Hybrid LazyNP (Ozen thesis 5.6, median ms; x = times lazynp's)\n")
    print("| input | algorithm | w-boost | lazynp | lazynp-cpu | x | lazynp-cross | x |")
    print("|---|---|---|---|---|---|---|---|")
    for i, a in cells(p):
        for w in (0, 1):
            base = one(p["lazynp"], i, a, "lazynp", "wboost=%d" % w)
            cpu = one(p["hybrid"], i, a, "lazynp-cpu", "wboost=%d" % w)
            cross = one(p["hybrid"], i, a, "lazynp-cross", "wboost=%d" % w)
            if cpu is None and cross is None:
                continue
            ratio = lambda x: "-" if x is None or not base else "%.2f" % (x / base)
            print("| %s | %s | %d | %s | %s | %s | %s | %s |" % (
                i, a, w, fmt(base), fmt(cpu), ratio(cpu), fmt(cross), ratio(cross)))

    print("\n## Bars\n")
    for what, ok, detail in bars:  # ok None: a part it needs has not run
        verdict = "not measured" if ok is None else "reached" if ok else "not reached"
        print("- %s: **%s** (%s)" % (what, verdict, detail))
    failed = [k for k, t in p.items() for r in t.values() if r["status"] != "ok" or r["ok"] == "no"]
    if failed:
        print("\nRows that failed or disagreed with cpu, by part: %s" % sorted(set(failed)))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gnest-out/logs/agg-bench")
