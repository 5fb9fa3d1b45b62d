/* gnest-cli: --output FILE, the full result as plain text, written through gnest_output (a
 * regular file is replaced whole or not at all; a device, FIFO or "-" is written in place). */
#include <inttypes.h>
#include <math.h>

#include "cli.h"

/* With --relabel a line starts with the vertex's id in the input file, "ID " (the vertices are
 * then only the ids that appear, in increasing order). */
static void write_id(FILE *f, const cli_result *r, int32_t v) {
  if (r->ids) fprintf(f, "%" PRId32 " ", r->ids[v]);
}

static int32_t file_id(const cli_result *r, int32_t v) { return r->ids ? r->ids[v] : v; }

/* The result as text, by its kind. */
static void write_values(FILE *f, const cli_result *r) {
  const gnest_result *o = &r->out;
  switch (r->algo.result) {
    case GNEST_RESULT_DISTANCES:
      for (int32_t v = 0; v < r->n; ++v) {
        write_id(f, r, v);
        if (isfinite(o->values_f32[v])) fprintf(f, "%.9g\n", o->values_f32[v]);
        else fputs("inf\n", f);
      }
      break;
    case GNEST_RESULT_SCORES:
      for (int32_t v = 0; v < r->n; ++v) write_id(f, r, v), fprintf(f, "%.17g\n", o->values_f64[v]);
      break;
    case GNEST_RESULT_FOREST: /* u < v as file ids too: relabelling keeps the order of the ids */
      for (int64_t e = 0; e < o->num_edges; ++e)
        fprintf(f, "%" PRId32 " %" PRId32 " %.9g\n", file_id(r, o->edge_u[e]),
                file_id(r, o->edge_v[e]), o->edge_w[e]);
      break;
    case GNEST_RESULT_COUNTS:
      fprintf(f, "%" PRIu64 "\n", o->total);
      for (int32_t v = 0; v < r->n; ++v)
        write_id(f, r, v), fprintf(f, "%" PRIu64 "\n", o->values_u64[v]);
      break;
    default: /* LEVELS, COLORING, NODE_VALUES */
      for (int32_t v = 0; v < r->n; ++v)
        write_id(f, r, v), fprintf(f, "%" PRId32 "\n", o->values_i32[v]);
      break;
  }
}

int cli_write_output(const char *path, const cli_result *r) {
  gnest_output *o = NULL;
  FILE *f = NULL;
  gnest_status st = gnest_output_open(NULL, path, &o, &f);
  if (st == GNEST_OK) {
    write_values(f, r);
    st = gnest_output_commit(o);
  }
  if (st == GNEST_OK) return CLI_EXIT_OK;
  fprintf(stderr, "gnest-cli: %s\n", gnest_last_error_string(NULL));
  return CLI_EXIT_FAIL;
}
