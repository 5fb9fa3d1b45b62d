#!/usr/bin/env python3
"""Cross-check gnest's CPU backend against independent Python references on the real graphs.

For every graph file in ../shared/data (or --data DIR) this script reads the file with its own
reader (below: Matrix Market, DIMACS .gr, SNAP-style edge lists; .xz handled by lzma), runs

    bin/gnest-cli ALGO FILE --backend cpu --quiet --output OUT [--source N | --sources LIST]

and compares OUT with a reference computed here:

    bfs    levels from --source            scipy.sparse.csgraph.shortest_path (unweighted)
    sssp   distances from --source         scipy.sparse.csgraph.dijkstra (file weights, or 1)
    bc     Brandes, arcs as stored         networkx.betweenness_centrality(normalized=False),
                                           all sources, on graphs up to --bc-all-max vertices;
                                           larger graphs: a few sources through --sources, against
                                           the plain-Python Brandes below
    tc     total and per-vertex triangles  networkx.triangles on the symmetrized simple graph (small)
                                           or sparse products over the degree-oriented graph (large)
    mst    forest weight and edges         scipy.sparse.csgraph.minimum_spanning_tree, symmetrized,
                                           parallel arcs merged to their minimum weight
    color  a proper coloring that is exactly first-fit in gn_color_priority order (same hash as
           src/cpu/cpu.h, written again here)

Conventions it relies on (those of gnest-cli): vertex ids 0-based (Matrix Market and DIMACS ids
minus one; SNAP edge lists as written, n = max id + 1); symmetric Matrix Market files stored both
ways; duplicate arcs merged keeping the minimum weight; self-loops kept (they change no result
here); color, mst and tc symmetrize the input. Output files: one value per line in vertex order
(sssp: %.9g or 'inf'), mst: 'u v weight' lines, tc: the total on the first line, then one count per
vertex.

Comparisons: bfs, tc, mst edge count and color exactly; sssp exactly for integer weights (every
float sum is exact) and within 1e-6 relative otherwise; bc within 1e-9 relative (both are double
Brandes sums, only the order of additions differs); mst total exactly for integer weights, within
1e-6 relative otherwise.

Requirements:  pip install numpy scipy networkx
Usage (from the repository root, after `make tools`):
    python3 tests/crosscheck/crosscheck.py                       # every graph, every algorithm
    python3 tests/crosscheck/crosscheck.py --graphs karate.mtx,rome99.gr --algos bfs,sssp
    python3 tests/crosscheck/crosscheck.py --quick               # skip graphs above 200k arcs
Exit status: 0 all agree, 1 some disagreement or failure, 2 usage / setup error.
"""

import argparse
import collections
import lzma
import os
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
    import scipy.sparse as sp
    import scipy.sparse.csgraph as csgraph
    import networkx as nx
except ImportError as exc:  # pragma: no cover - setup message
    sys.exit(f"crosscheck.py needs numpy, scipy and networkx ({exc}): pip install numpy scipy networkx")

ALGOS = ("bfs", "sssp", "bc", "tc", "mst", "color")
GRAPH_EXTENSIONS = (".mtx", ".gr", ".txt", ".el", ".csv", ".tsv", ".edges")


# ---------------------------------------------------------------------------------------------
# Readers: each returns (n, src, dst, weights or None) with 0-based int64 ids, arcs as stored
# (symmetric Matrix Market files expanded to both directions, diagonal entries once).
# ---------------------------------------------------------------------------------------------

def open_text(path):
    if path.endswith(".xz"):
        return lzma.open(path, "rt")
    return open(path, "rt")


def base_name(path):
    name = os.path.basename(path)
    return name[:-3] if name.endswith(".xz") else name


def read_mtx(path):
    with open_text(path) as f:
        header = f.readline().split()
        if len(header) < 5 or header[0].lower() != "%%matrixmarket" or header[2].lower() != "coordinate":
            raise ValueError(f"{path}: not a Matrix Market coordinate file")
        field, symmetry = header[3].lower(), header[4].lower()
        line = f.readline()
        while line.startswith("%") or not line.strip():
            line = f.readline()
        rows, cols, nnz = (int(t) for t in line.split()[:3])
        data = np.loadtxt(f, comments="%", ndmin=2, max_rows=nnz) if nnz else np.zeros((0, 3))
    if data.shape[0] != nnz:
        raise ValueError(f"{path}: {data.shape[0]} entries, header says {nnz}")
    src = data[:, 0].astype(np.int64) - 1
    dst = data[:, 1].astype(np.int64) - 1
    w = data[:, 2].astype(np.float32) if field != "pattern" and data.shape[1] > 2 else None
    if symmetry in ("symmetric", "skew-symmetric", "hermitian"):
        off = src != dst
        src, dst = np.concatenate([src, dst[off]]), np.concatenate([dst, src[off]])
        if w is not None:
            w = np.concatenate([w, w[off]])
    return max(rows, cols), src, dst, w


def read_dimacs(path):
    n, arcs = 0, []
    with open_text(path) as f:
        for line in f:
            if line.startswith("p"):
                n = int(line.split()[2])
            elif line.startswith("a"):
                _, u, v, w = line.split()[:4]
                arcs.append((int(u) - 1, int(v) - 1, float(w)))
    a = np.array(arcs, dtype=np.float64).reshape(-1, 3)
    return n, a[:, 0].astype(np.int64), a[:, 1].astype(np.int64), a[:, 2].astype(np.float32)


def read_edgelist(path):
    src, dst, w = [], [], []
    with open_text(path) as f:
        for line in f:
            t = line.split()
            if not t or t[0][0] in "#%":
                continue
            src.append(int(t[0]))
            dst.append(int(t[1]))
            w.append(float(t[2]) if len(t) > 2 else None)
    src, dst = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    weights = None if not w or w[0] is None else np.array(w, dtype=np.float32)
    n = int(max(src.max(initial=-1), dst.max(initial=-1))) + 1
    return n, src, dst, weights


def read_graph(path):
    name = base_name(path)
    if name.endswith(".mtx"):
        return read_mtx(path)
    if name.endswith(".gr"):
        return read_dimacs(path)
    return read_edgelist(path)


# ---------------------------------------------------------------------------------------------
# Graph views the references need.
# ---------------------------------------------------------------------------------------------

class Graph:
    def __init__(self, path):
        self.path = path
        self.name = base_name(path)
        self.n, src, dst, w = read_graph(path)
        self.weighted = w is not None
        self.directed = self._merged(src, dst, w)
        self._sym = None

    @staticmethod
    def _merge_min(n, src, dst, w):
        """CSR (scipy) with parallel arcs merged to the minimum weight, as gnest loads them."""
        if w is None:
            w = np.ones(len(src), dtype=np.float32)
        order = np.lexsort((w, dst, src))
        src, dst, w = src[order], dst[order], w[order]
        first = np.ones(len(src), dtype=bool)
        first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
        src, dst, w = src[first], dst[first], w[first]
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.add.at(offsets, src + 1, 1)
        return sp.csr_matrix((w.astype(np.float64), dst, np.cumsum(offsets)), shape=(n, n))

    def _merged(self, src, dst, w):
        self._src, self._dst, self._w = src, dst, w
        return self._merge_min(self.n, src, dst, w)

    def symmetric(self):
        """Symmetrized, minimum weight per unordered pair, self-loops dropped (ignored by gnest)."""
        if self._sym is None:
            src = np.concatenate([self._src, self._dst])
            dst = np.concatenate([self._dst, self._src])
            w = None if self._w is None else np.concatenate([self._w, self._w])
            keep = src != dst
            self._sym = self._merge_min(self.n, src[keep], dst[keep], None if w is None else w[keep])
        return self._sym

    @property
    def arcs(self):
        return self.directed.nnz


# ---------------------------------------------------------------------------------------------
# References.
# ---------------------------------------------------------------------------------------------

def bfs_levels(g, source):
    d = csgraph.shortest_path(g.directed, method="D", directed=True, unweighted=True, indices=source)
    return np.where(np.isinf(d), -1, d).astype(np.int64)


def sssp_distances(g, source):
    # Zero weights would vanish from a scipy sparse matrix (an explicit zero is no edge).
    if g.weighted and (g.directed.data <= 0).any():
        raise SkipCheck("zero or negative weights: scipy drops zero-weight arcs")
    return csgraph.dijkstra(g.directed, directed=True, indices=source)


def brandes(g, sources):
    """Plain Brandes over the listed sources, arcs as stored (the textbook successor form)."""
    n, indptr, indices = g.n, g.directed.indptr, g.directed.indices
    bc = [0.0] * n
    for s in sources:
        dist, sigma, order = [-1] * n, [0.0] * n, [s]
        dist[s], sigma[s] = 0, 1.0
        head = 0
        while head < len(order):
            u = order[head]
            head += 1
            du = dist[u] + 1
            for v in indices[indptr[u]:indptr[u + 1]].tolist():
                if dist[v] < 0:
                    dist[v] = du
                    order.append(v)
                if dist[v] == du:
                    sigma[v] += sigma[u]
        delta = [0.0] * n
        for v in reversed(order):
            dv = dist[v] + 1
            acc = 0.0
            for x in indices[indptr[v]:indptr[v + 1]].tolist():
                if dist[x] == dv:
                    acc += sigma[v] / sigma[x] * (1.0 + delta[x])
            delta[v] = acc
            if v != s:
                bc[v] += acc
    return np.array(bc)


def networkx_bc(g):
    G = nx.DiGraph()
    G.add_nodes_from(range(g.n))
    coo = g.directed.tocoo()
    G.add_edges_from(zip(coo.row.tolist(), coo.col.tolist()))
    bc = nx.betweenness_centrality(G, normalized=False)
    return np.array([bc[v] for v in range(g.n)])


def triangles(g, networkx_limit):
    """(total, per-vertex) on the symmetrized simple graph."""
    A = g.symmetric()
    if A.nnz <= networkx_limit:
        G = nx.Graph()
        G.add_nodes_from(range(g.n))
        coo = sp.triu(A, k=1).tocoo()
        G.add_edges_from(zip(coo.row.tolist(), coo.col.tolist()))
        per = nx.triangles(G)
        per = np.array([per[v] for v in range(g.n)], dtype=np.int64)
        return int(per.sum()) // 3, per
    # Orient every edge from lower to higher (degree, id) rank: L[a, c] = 1 for a -> c. A triangle
    # a -> b -> c with a -> c is one entry (a, c) of (L @ L) * L (credited to a and c) and one
    # entry (b, c) of (L.T @ L) * L (credited to b).
    deg = np.diff(A.indptr)
    rank = np.empty(g.n, dtype=np.int64)
    rank[np.lexsort((np.arange(g.n), deg))] = np.arange(g.n)
    coo = A.tocoo()
    keep = rank[coo.row] < rank[coo.col]
    L = sp.csr_matrix((np.ones(int(keep.sum()), dtype=np.int64), (coo.row[keep], coo.col[keep])),
                      shape=A.shape)
    T1 = (L @ L).multiply(L)
    T2 = (L.T @ L).multiply(L)
    per = (np.asarray(T1.sum(axis=1)).ravel() + np.asarray(T1.sum(axis=0)).ravel()
           + np.asarray(T2.sum(axis=1)).ravel())
    return int(T1.sum()), per.astype(np.int64)


def msf(g):
    """(total weight, number of edges) of a minimum spanning forest of the symmetrized graph."""
    A = g.symmetric()
    if (A.data <= 0).any():
        raise SkipCheck("zero or negative weights: scipy drops zero-weight edges")
    F = csgraph.minimum_spanning_tree(sp.triu(A, k=1).tocsr())
    return float(F.sum()), F.nnz


def color_priority(degree, v):
    """gn_color_priority of src/cpu/cpu.h: degree (capped) high, bijective hash of v low."""
    x = v.astype(np.uint64) & np.uint64(0xFFFFFFFF)
    m = np.uint64(0xFFFFFFFF)
    x ^= x >> np.uint64(16); x = (x * np.uint64(0x7FEB352D)) & m
    x ^= x >> np.uint64(15); x = (x * np.uint64(0x846CA68B)) & m
    x ^= x >> np.uint64(16)
    return (np.minimum(degree, 0x7FFFFFFF).astype(np.uint64) << np.uint64(32)) | x


# ---------------------------------------------------------------------------------------------
# Running gnest-cli and comparing.
# ---------------------------------------------------------------------------------------------

class SkipCheck(Exception):
    pass


class Mismatch(Exception):
    pass


def run_cli(cli, algo, path, extra, tmpdir):
    out = os.path.join(tmpdir, f"{algo}.out")
    cmd = [cli, algo, path, "--backend", "cpu", "--quiet", "--output", out] + extra
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise Mismatch(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()}")
    with open(out) as f:
        lines = f.read().split()
    os.unlink(out)
    return lines


def expect_len(values, n, what):
    if len(values) != n:
        raise Mismatch(f"{what}: {len(values)} values, expected {n}")


def first_difference(got, want, close):
    bad = np.flatnonzero(~close)
    v = int(bad[0])
    return f"{len(bad)} vertices differ, first v={v}: got {got[v].item()!r}, want {want[v].item()!r}"


def check_bfs(cli, g, source, tmp):
    got = np.array([int(x) for x in run_cli(cli, "bfs", g.path, ["--source", str(source)], tmp)])
    expect_len(got, g.n, "bfs")
    want = bfs_levels(g, source)
    ok = got == want
    if not ok.all():
        raise Mismatch("bfs: " + first_difference(got, want, ok))
    return f"source {source}, {int((want >= 0).sum())} reached, {int(want.max()) + 1} levels"


def check_sssp(cli, g, source, tmp):
    want = sssp_distances(g, source)
    got = np.array([float(x) for x in run_cli(cli, "sssp", g.path, ["--source", str(source)], tmp)])
    expect_len(got, g.n, "sssp")
    integral = not g.weighted or np.all(g.directed.data == np.round(g.directed.data))
    both_inf = np.isinf(got) & np.isinf(want)
    finite = np.isfinite(got) & np.isfinite(want)
    if integral:
        ok = both_inf | (got == want)
    else:
        close = np.zeros(len(want), dtype=bool)
        close[finite] = np.abs(got[finite] - want[finite]) <= 1e-6 * np.maximum(1.0, np.abs(want[finite]))
        ok = both_inf | close
    if not ok.all():
        raise Mismatch("sssp: " + first_difference(got, want, ok))
    return f"source {source}, {'exact' if integral else 'rel 1e-6'}"


def check_bc(cli, g, bc_all_max, tmp):
    if g.n <= bc_all_max:
        got = np.array([float(x) for x in run_cli(cli, "bc", g.path, [], tmp)])
        want, how = networkx_bc(g), "all sources vs networkx"
    else:
        # Three seeded sources among the vertices with out-arcs (SNAP ids leave many isolated).
        candidates = np.flatnonzero(np.diff(g.directed.indptr) > 0)
        rng = np.random.default_rng(7)
        sources = sorted(set(int(s) for s in rng.choice(candidates, size=min(3, len(candidates)),
                                                          replace=False)))
        got = np.array([float(x) for x in run_cli(cli, "bc", g.path,
                                                  ["--sources", ",".join(map(str, sources))], tmp)])
        want, how = brandes(g, sources), f"sources {sources} vs Python Brandes"
    expect_len(got, g.n, "bc")
    err = np.abs(got - want) / np.maximum(1.0, np.abs(want))
    ok = err <= 1e-9
    if not ok.all():
        raise Mismatch("bc: " + first_difference(got, want, ok))
    return f"{how}, max rel err {err.max():.1e}"


def check_tc(cli, g, networkx_limit, tmp):
    lines = run_cli(cli, "tc", g.path, [], tmp)
    total, per = int(lines[0]), np.array([int(x) for x in lines[1:]], dtype=np.int64)
    expect_len(per, g.n, "tc per-vertex")
    want_total, want_per = triangles(g, networkx_limit)
    if total != want_total:
        raise Mismatch(f"tc: total {total}, want {want_total}")
    ok = per == want_per
    if not ok.all():
        raise Mismatch("tc per-vertex: " + first_difference(per, want_per, ok))
    return f"{total} triangles"


def check_mst(cli, g, tmp):
    want_total, want_edges = msf(g)
    lines = run_cli(cli, "mst", g.path, [], tmp)
    if len(lines) % 3:
        raise Mismatch("mst: output is not 'u v weight' lines")
    u = np.array([int(x) for x in lines[0::3]], dtype=np.int64)
    v = np.array([int(x) for x in lines[1::3]], dtype=np.int64)
    w = np.array([float(x) for x in lines[2::3]])
    if len(u) != want_edges:
        raise Mismatch(f"mst: {len(u)} edges, want {want_edges} (n - components)")
    if (u >= v).any() or (u < 0).any() or (v >= g.n).any():
        raise Mismatch("mst: an edge is not written u < v inside [0, n)")
    A = g.symmetric()
    if not np.array_equal(np.asarray(A[u, v]).ravel(), w.astype(np.float32).astype(np.float64)):
        raise Mismatch("mst: an edge is missing from the graph or has another weight")
    forest = sp.csr_matrix((np.ones(len(u)), (u, v)), shape=(g.n, g.n))
    components = csgraph.connected_components(forest, directed=False)[0]
    if components != g.n - len(u):
        raise Mismatch("mst: the edges contain a cycle")
    total = float(w.sum())
    integral = np.all(A.data == np.round(A.data))
    if (total != want_total) if integral else abs(total - want_total) > 1e-6 * max(1.0, want_total):
        raise Mismatch(f"mst: total {total!r}, want {want_total!r}")
    return f"{len(u)} edges, total {total:.9g}"


def check_color(cli, g, tmp):
    colors = np.array([int(x) for x in run_cli(cli, "color", g.path, [], tmp)], dtype=np.int64)
    expect_len(colors, g.n, "color")
    A = g.symmetric().tocoo()
    src, dst = A.row.astype(np.int64), A.col.astype(np.int64)
    clash = colors[src] == colors[dst]
    if clash.any():
        i = int(np.flatnonzero(clash)[0])
        raise Mismatch(f"color: neighbours {src[i]} and {dst[i]} share color {colors[src[i]]}")
    if g.n and (colors.min() < 0):
        raise Mismatch("color: negative color")
    # First fit in priority order: every color below colors[v] is held by a higher-priority
    # neighbour. Count, per vertex, the distinct such colors below its own.
    prio = color_priority(np.diff(g.symmetric().indptr).astype(np.int64), np.arange(g.n))
    sel = (prio[dst] > prio[src]) & (colors[dst] < colors[src])
    key = np.unique(src[sel] * (int(colors.max()) + 1) + colors[dst[sel]]) if g.n else np.array([])
    held = np.bincount((key // (int(colors.max()) + 1)).astype(np.int64), minlength=g.n) if g.n else key
    if g.n and not np.array_equal(held, colors):
        v = int(np.flatnonzero(held != colors)[0])
        raise Mismatch(f"color: vertex {v} has color {colors[v]} but only {held[v]} smaller colors "
                       "are taken by higher-priority neighbours (not first fit in gn_color_priority order)")
    return f"{int(colors.max()) + 1 if g.n else 0} colors, proper and first-fit"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=os.path.join(root, "..", "shared", "data"))
    ap.add_argument("--cli", default=os.path.join(root, "bin", "gnest-cli"))
    ap.add_argument("--graphs", help="comma-separated file names (default: every graph in --data)")
    ap.add_argument("--algos", default=",".join(ALGOS), help="comma-separated subset of " + ",".join(ALGOS))
    ap.add_argument("--quick", action="store_true", help="skip graphs with more than 200k arcs")
    ap.add_argument("--bc-all-max", type=int, default=2000,
                    help="all-sources BC against networkx up to this many vertices (default 2000)")
    ap.add_argument("--networkx-tc-max", type=int, default=500000,
                    help="networkx triangles up to this many symmetric arcs, sparse products above")
    args = ap.parse_args()

    algos = [a for a in args.algos.split(",") if a]
    unknown = set(algos) - set(ALGOS)
    if unknown:
        ap.error(f"unknown algorithm(s): {', '.join(sorted(unknown))}")
    if not os.access(args.cli, os.X_OK):
        print(f"crosscheck: {args.cli} not found or not executable (run `make tools`)", file=sys.stderr)
        return 2
    if not os.path.isdir(args.data):
        print(f"crosscheck: no data directory {args.data}", file=sys.stderr)
        return 2
    names = args.graphs.split(",") if args.graphs else sorted(
        f for f in os.listdir(args.data) if base_name(f).endswith(GRAPH_EXTENSIONS))

    failures = 0
    with tempfile.TemporaryDirectory(prefix="gnest-crosscheck-") as tmp:
        for name in names:
            path = os.path.join(args.data, name)
            t0 = time.time()
            try:
                g = Graph(path)
            except (OSError, ValueError) as exc:
                print(f"FAIL {name}: cannot read: {exc}")
                failures += 1
                continue
            if args.quick and g.arcs > 200000:
                print(f"skip {name}: {g.arcs} arcs (--quick)")
                continue
            print(f"== {name}: n={g.n} arcs={g.arcs} {'weighted' if g.weighted else 'unweighted'} "
                  f"(read in {time.time() - t0:.1f}s)")
            # Two sources with out-arcs: the first one and the middle one (SNAP ids leave gaps).
            with_arcs = np.flatnonzero(np.diff(g.directed.indptr) > 0)
            sources = sorted({int(with_arcs[0]), int(with_arcs[len(with_arcs) // 2])}) if len(with_arcs) else [0]
            checks = collections.OrderedDict([
                ("bfs", lambda: [check_bfs(args.cli, g, s, tmp) for s in sources]),
                ("sssp", lambda: [check_sssp(args.cli, g, s, tmp) for s in sources]),
                ("bc", lambda: [check_bc(args.cli, g, args.bc_all_max, tmp)]),
                ("tc", lambda: [check_tc(args.cli, g, args.networkx_tc_max, tmp)]),
                ("mst", lambda: [check_mst(args.cli, g, tmp)]),
                ("color", lambda: [check_color(args.cli, g, tmp)]),
            ])
            for algo in algos:
                t1 = time.time()
                try:
                    notes = checks[algo]()
                    print(f"  ok   {algo:5s} {'; '.join(notes)} ({time.time() - t1:.1f}s)")
                except SkipCheck as exc:
                    print(f"  skip {algo:5s} {exc}")
                except Mismatch as exc:
                    print(f"  FAIL {algo:5s} {exc}")
                    failures += 1
            sys.stdout.flush()
    print(f"crosscheck: {'all agree' if failures == 0 else f'{failures} failure(s)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
