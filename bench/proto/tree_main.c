/* gnest-proto-tree: counts the dependent passes, the longest in-thread walk, the bytes moved and
 * the device memory of the Euler-tour method (src/algos/tree_euler.h) for tree descendants and
 * heights on one tree, and checks both results against the CPU reference. A CPU simulation:
 * nothing is timed but the reference.
 *
 * Exit status: 0 when both results equal the reference, 1 when they differ or a step fails (one
 * line on stderr), 2 for bad arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnest.h"
#include "tree_sim.h"

static const char usage[] =
    "usage: gnest-proto-tree TREE [--gap K] [--unsalted] [--passes FILE.csv]\n"
    "  TREE           a .tree file (gnest-gen chain / broom / caterpillar / recursive / tree)\n"
    "  --gap K        splitter spacing, a power of two >= 2 (default: the device's choice)\n"
    "  --unsalted     splitter salt 0 (the first version's fixed hash) instead of the tree's\n"
    "  --passes FILE  one CSV row per pass: call,pass,threads,longest,bytes_read,bytes_written\n";

typedef struct args {
  const char *tree, *passes;
  uint32_t gap;
  int unsalted;
} args;

static int parse_gap(const char *text, uint32_t *out) {
  char *end = NULL;
  const unsigned long v = strtoul(text, &end, 10);
  if (end != text && *end == '\0' && v >= 2 && v <= (1ul << 20) && (v & (v - 1)) == 0) {
    *out = (uint32_t)v;
    return 1;
  }
  fprintf(stderr, "gnest-proto-tree: --gap: expected a power of two in [2, 2^20], got '%s'\n",
          text);
  return 0;
}

static int parse_args(int argc, char **argv, args *a) {
  memset(a, 0, sizeof *a);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--gap") == 0 && i + 1 < argc) {
      if (!parse_gap(argv[++i], &a->gap)) return 0;
    } else if (strcmp(argv[i], "--unsalted") == 0) {
      a->unsalted = 1;
    } else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc) {
      a->passes = argv[++i];
    } else if (argv[i][0] != '-' && a->tree == NULL) {
      a->tree = argv[i];
    } else {
      return fprintf(stderr, "gnest-proto-tree: bad argument '%s'\n%s", argv[i], usage), 0;
    }
  }
  if (a->tree == NULL) return fprintf(stderr, "gnest-proto-tree: no TREE given\n%s", usage), 0;
  return 1;
}

static int fail(gnest_ctx *ctx, const char *what, gnest_status st) {
  fprintf(stderr, "gnest-proto-tree: %s: %s\n", what,
          ctx != NULL && gnest_last_error_string(ctx)[0] ? gnest_last_error_string(ctx)
                                                          : gnest_strerror(st));
  return 1;
}

typedef struct csv_rows {
  FILE *f;
  const char *call;
} csv_rows;

static void on_pass(void *user, const proto_pass *p) {
  const csv_rows *c = user;
  if (c->f == NULL) return;
  fprintf(c->f, "%s,%s,%lld,%lld,%lld,%lld\n", c->call, p->name, (long long)p->threads,
          (long long)p->longest, (long long)p->bytes_read, (long long)p->bytes_written);
}

/* The CPU reference of one algorithm and its time. */
static gnest_status reference(gnest_ctx *ctx, const gnest_tree *t, int heights, int32_t *out,
                              double *ms) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  gnest_info info;
  gnest_status st = heights ? gnest_tree_heights(ctx, t, out, &o, &info)
                            : gnest_tree_descendants(ctx, t, out, &o, &info);
  *ms = st == GNEST_OK ? info.time_ms : 0.0;
  return st;
}

static int64_t differences(const int32_t *a, const int32_t *b, int32_t n) {
  int64_t d = 0;
  for (int32_t v = 0; v < n; v++) d += a[v] != b[v];
  return d;
}

static void print_call(const char *call, const proto_tree_totals *x, int32_t n, double cpu_ms,
                       int64_t differ) {
  printf("%-11s %6d %5d %6d %9lld %10.1f %10.1f %9.1f %9.1f  %s\n", call, x->passes,
         x->jump_passes, x->sparse_passes, (long long)x->longest_walk,
         (double)x->bytes_read / n, (double)x->bytes_written / n, (double)x->device_bytes / n,
         cpu_ms, differ == 0 ? "yes" : "NO");
}

/* Simulates both calls on the loaded tree; returns the exit status. */
static int simulate(gnest_ctx *ctx, const gnest_tree *tree, const args *a, FILE *csv) {
  proto_tree t = {gnest_tree_num_nodes(tree), gnest_tree_root(tree), NULL, NULL};
  gnest_tree_arrays(tree, NULL, &t.child_offsets, &t.children);
  gnest_tree_stats stats;
  gnest_status st = gnest_tree_stats_get(ctx, tree, &stats);
  if (st != GNEST_OK) return fail(ctx, "tree statistics", st);
  const size_t bytes = ((size_t)t.n + 1) * sizeof(int32_t);
  int32_t *ref = malloc(bytes), *desc = malloc(bytes), *heights = malloc(bytes);
  proto_tree_totals d, h;
  double desc_ms = 0, heights_ms = 0;
  int64_t desc_differ = 0, heights_differ = 0;
  csv_rows rows = {csv, "descendants"};
  uint64_t salt = 0;
  st = ref && desc && heights ? GNEST_OK : GNEST_ERR_OUT_OF_MEMORY;
  if (st == GNEST_OK && !a->unsalted) st = proto_tree_salt(&t, &salt);
  if (st == GNEST_OK) st = reference(ctx, tree, 0, ref, &desc_ms);
  if (st == GNEST_OK)
    st = proto_tree_euler_salted(&t, a->gap, salt, desc, NULL, on_pass, &rows, &d);
  if (st == GNEST_OK) desc_differ = differences(ref, desc, t.n);
  rows.call = "heights";
  if (st == GNEST_OK)
    st = proto_tree_euler_salted(&t, a->gap, salt, desc, heights, on_pass, &rows, &h);
  if (st == GNEST_OK) desc_differ += differences(ref, desc, t.n);
  if (st == GNEST_OK) st = reference(ctx, tree, 1, ref, &heights_ms);
  if (st == GNEST_OK) heights_differ = differences(ref, heights, t.n);
  free(ref), free(desc), free(heights);
  if (st != GNEST_OK) return fail(ctx, "simulation", st);
  printf("%s: %d nodes, depth %d, max out-degree %d; level schedule: %d dependent passes\n",
         a->tree, t.n, stats.depth, stats.max_out_degree, stats.depth);
  printf("Euler tour: gap %u, salt %016llx%s, %d splitters (%.1f tokens each on average)\n",
         d.gap, (unsigned long long)d.salt, a->unsalted ? " (--unsalted)" : "", d.splitters,
         2.0 * t.n / d.splitters);
  printf("%-11s %6s %5s %6s %9s %10s %10s %9s %9s  %s\n", "call", "passes", "jump", "sparse",
         "walk", "read B/n", "write B/n", "dev B/n", "cpu ms", "exact");
  print_call("descendants", &d, t.n, desc_ms, desc_differ);
  print_call("heights", &h, t.n, heights_ms, heights_differ);
  printf("walk = tokens of the longest sublist (dependent reads in one thread, twice per call); "
         "B/n = bytes per node\n");
  return desc_differ == 0 && heights_differ == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  args a;
  if (!parse_args(argc, argv, &a)) return 2;
  FILE *csv = NULL;
  if (a.passes != NULL && (csv = fopen(a.passes, "w")) == NULL) {
    perror(a.passes);
    return 1;
  }
  if (csv != NULL) fprintf(csv, "call,pass,threads,longest,bytes_read,bytes_written\n");
  gnest_ctx_options co;
  gnest_ctx_options_init(&co);
  co.force_cpu = 1; /* the reference runs on the host; nothing here uses a GPU */
  gnest_ctx *ctx = NULL;
  gnest_tree *tree = NULL;
  gnest_status st = gnest_ctx_create(&ctx, &co);
  int rc = st == GNEST_OK ? 0 : fail(NULL, "context", st);
  if (rc == 0 && (st = gnest_tree_load(ctx, a.tree, &tree)) != GNEST_OK) rc = fail(ctx, "load", st);
  if (rc == 0) rc = simulate(ctx, tree, &a, csv);
  gnest_tree_free(tree);
  gnest_ctx_free(ctx);
  if (csv != NULL && fclose(csv) != 0) {
    perror(a.passes);
    rc = 1;
  }
  return rc;
}
