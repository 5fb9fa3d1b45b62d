/* gnest_graph_partition: a graph's vertices cut into parts, the layouts a graph can take over
 * several devices. Ranges keep ids consecutive (a part is a row slice of the CSR, nothing to
 * renumber); METIS (Karypis and Kumar, SIAM J. Sci. Comput. 1998, multilevel k-way) cuts fewer
 * edges on meshes and road networks, at the price of a renumbering; a random assignment is the
 * baseline that partitioning studies of power-law graphs compare with. */
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#ifdef GNEST_WITH_METIS
#include <metis.h>
#endif

static const char *const kFn = "gnest_graph_partition";

const char *gnest_build_features(void) {
#ifdef GNEST_WITH_METIS
  return "metis";
#else
  return "";
#endif
}

/* Vertex v weighs its out-arcs + 1; part p takes the vertices whose preceding weight lies in
 * [p W / parts, (p + 1) W / parts): consecutive ranges, each within one vertex's weight of W /
 * parts. */
static void partition_ranges(const gn_csr *c, int32_t parts, int32_t *part) {
  const uint64_t total = (uint64_t)c->m + (uint64_t)c->n;
  uint64_t before = 0;
  for (int32_t v = 0; v < c->n; ++v) {
    part[v] = (int32_t)((gn_u128)before * (uint64_t)parts / total);
    before += (uint64_t)(c->offsets[v + 1] - c->offsets[v]) + 1;
  }
}

static void partition_random(const gn_csr *c, int32_t parts, int32_t *part) {
  for (int32_t v = 0; v < c->n; ++v) {
    uint64_t state = (uint64_t)v; /* a fixed hash of the id: one splitmix64 step from it */
    part[v] = (int32_t)(gn_splitmix64_step(&state) % (uint64_t)parts);
  }
}

#ifdef GNEST_WITH_METIS
static int idx_less(const void *a, const void *b) {
  const idx_t x = *(const idx_t *)a, y = *(const idx_t *)b;
  return (x > y) - (x < y);
}

/* The undirected simple graph METIS takes: each arc u -> v (u != v) both ways, each row sorted
 * and without repeats. */
static gnest_status metis_adjacency(gnest_ctx *ctx, const gn_csr *c, idx_t **xadj_out,
                                    idx_t **adj_out) {
  gnest_status st = GNEST_OK;
  const int32_t n = c->n;
  int64_t *count = gn_alloc(ctx, (size_t)n + 1, sizeof *count, "METIS row sizes", &st);
  if (!count) return st;
  for (int32_t u = 0; u < n; ++u)
    for (int64_t e = c->offsets[u]; e < c->offsets[u + 1]; ++e)
      if (c->cols[e] != u) count[u]++, count[c->cols[e]]++;
  int64_t total = 0;
  for (int32_t u = 0; u < n; ++u) total += count[u];
  /* the vertex weights (out-arcs + 1) are summed in METIS's 32-bit ids too */
  if (total > INT32_MAX || c->m + (int64_t)n > INT32_MAX) {
    free(count);
    return gn_error(ctx, GNEST_ERR_TOO_LARGE, kFn, 0,
                    "METIS counts in 32 bits: at most %d adjacency entries and vertex weight; "
                    "this graph has %lld arcs both ways and %lld arcs + vertices", INT32_MAX,
                    (long long)total, (long long)(c->m + n));
  }
  idx_t *xadj = gn_alloc(ctx, (size_t)n + 1, sizeof *xadj, "METIS offsets", &st);
  idx_t *adj = xadj ? gn_alloc(ctx, (size_t)total, sizeof *adj, "METIS adjacency", &st) : NULL;
  if (!adj) {
    free(count);
    free(xadj);
    return st;
  }
  xadj[0] = 0;
  for (int32_t u = 0; u < n; ++u) xadj[u + 1] = xadj[u] + (idx_t)count[u];
  for (int32_t u = 0; u < n; ++u) count[u] = xadj[u]; /* fill cursors */
  for (int32_t u = 0; u < n; ++u)
    for (int64_t e = c->offsets[u]; e < c->offsets[u + 1]; ++e) {
      const int32_t v = c->cols[e];
      if (v == u) continue;
      adj[count[u]++] = v;
      adj[count[v]++] = u;
    }
  idx_t kept = 0; /* rows sorted, repeats dropped, compacted in place */
  for (int32_t u = 0; u < n; ++u) {
    const idx_t b = xadj[u], e = xadj[u + 1];
    qsort(adj + b, (size_t)(e - b), sizeof *adj, idx_less);
    xadj[u] = kept;
    for (idx_t k = b; k < e; ++k)
      if (k == b || adj[k] != adj[k - 1]) adj[kept++] = adj[k];
  }
  xadj[n] = kept;
  free(count);
  *xadj_out = xadj;
  *adj_out = adj;
  return GNEST_OK;
}

static gnest_status partition_metis(gnest_ctx *ctx, const gn_csr *c, int32_t parts,
                                    int32_t *part) {
  if (parts == 1) { /* METIS's k-way needs two parts at least */
    memset(part, 0, (size_t)c->n * sizeof *part);
    return GNEST_OK;
  }
  idx_t *xadj = NULL, *adj = NULL;
  gnest_status st = metis_adjacency(ctx, c, &xadj, &adj);
  if (st != GNEST_OK) return st;
  idx_t *vwgt = gn_alloc(ctx, (size_t)c->n, sizeof *vwgt, "METIS vertex weights", &st);
  idx_t *where = vwgt ? gn_alloc(ctx, (size_t)c->n, sizeof *where, "METIS parts", &st) : NULL;
  if (where) {
    for (int32_t v = 0; v < c->n; ++v) vwgt[v] = (idx_t)(c->offsets[v + 1] - c->offsets[v] + 1);
    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_SEED] = 1;
    options[METIS_OPTION_NUMBERING] = 0;
    idx_t n = c->n, ncon = 1, nparts = parts, cut = 0;
    const int rc = METIS_PartGraphKway(&n, &ncon, xadj, adj, vwgt, NULL, NULL, &nparts, NULL,
                                       NULL, options, &cut, where);
    if (rc == METIS_OK) {
      for (int32_t v = 0; v < c->n; ++v) part[v] = (int32_t)where[v];
    } else {
      st = gn_error(ctx, rc == METIS_ERROR_MEMORY ? GNEST_ERR_OUT_OF_MEMORY : GNEST_ERR_INTERNAL,
                    kFn, 0, "METIS_PartGraphKway failed (%d)", rc);
    }
  }
  free(where);
  free(vwgt);
  free(adj);
  free(xadj);
  return st;
}
#endif

static int64_t count_cut(const gn_csr *c, const int32_t *part) {
  int64_t cut = 0;
  for (int32_t u = 0; u < c->n; ++u)
    for (int64_t e = c->offsets[u]; e < c->offsets[u + 1]; ++e) cut += part[c->cols[e]] != part[u];
  return cut;
}

gnest_status gnest_graph_partition(gnest_ctx *ctx, const gnest_graph *g, int32_t parts,
                                   gnest_partition_method method, int32_t *part,
                                   int64_t *edge_cut) {
  if (!ctx) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, kFn, 0, "ctx is NULL");
  if (!g || !part) return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, kFn, 0, "%s is NULL", g ? "part" : "graph");
  const gn_csr *c = &g->csr;
  if (parts < 1 || parts > (c->n > 0 ? c->n : 1))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, kFn, 0,
                    "parts must be in [1, %d] (the vertex count), got %d", c->n > 0 ? c->n : 1, parts);
  gnest_status st = GNEST_OK;
  switch (method) {
    case GNEST_PARTITION_RANGES: partition_ranges(c, parts, part); break;
    case GNEST_PARTITION_RANDOM: partition_random(c, parts, part); break;
    case GNEST_PARTITION_METIS:
#ifdef GNEST_WITH_METIS
      st = partition_metis(ctx, c, parts, part);
#else
      st = gn_error(ctx, GNEST_ERR_NOT_BUILT, kFn, 0,
                    "the metis partition needs a gnest built with METIS (Debian: apt-get install "
                    "libmetis-dev, then rebuild; make METIS=1 insists on it)");
#endif
      break;
    default:
      return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, kFn, 0, "unknown partition method %d",
                      (int)method);
  }
  if (st == GNEST_OK && edge_cut) *edge_cut = count_cut(c, part);
  return st;
}
