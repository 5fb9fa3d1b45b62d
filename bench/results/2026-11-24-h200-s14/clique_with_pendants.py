#!/usr/bin/env python3
"""Writes devpack/clq/cliqueK.txt for s14c14.sh: the graphs of tests/test_gpu_algos.c's
clique_with_pendants(K) (a K-clique, two pendant leaves per clique vertex, 3K narrow vertices
joined to three clique vertices each and to the next of them), as gnest edge lists."""
import os

for k in (63, 64, 100, 129, 130, 300):
    joined, edges = 3 * k, []
    edges += [(a, b) for a in range(k) for b in range(a + 1, k)]
    for a in range(k):
        edges += [(a, k + 2 * a), (a, k + 2 * a + 1)]
    first = 3 * k
    for j in range(joined):
        edges += [(first + j, (j * 7 + t * 13) % k) for t in range(3)]
        if j > 0:
            edges.append((first + j - 1, first + j))
    os.makedirs("devpack/clq", exist_ok=True)
    with open(f"devpack/clq/clique{k}.txt", "w") as f:
        f.write(f"# gnest edge list: {k + 2 * k + joined} vertices, {len(edges)} arcs\n")
        f.writelines(f"{a} {b}\n" for a, b in edges)
