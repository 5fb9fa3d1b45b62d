/* gnest-cli: --output FILE, the full result as plain text. Written to FILE.tmp and renamed, so a
 * failure never leaves a partial FILE behind. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

char *cli_tmp_path(const char *path) {
  size_t len = strlen(path);
  char *tmp = malloc(len + 5);
  if (tmp) {
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
  }
  return tmp;
}

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

/* Prints "gnest-cli: FILE: why" and removes the temporary file. */
static int output_failed(const char *path, const char *tmp, int err) {
  fprintf(stderr, "gnest-cli: %s: %s\n", path, strerror(err));
  if (tmp) unlink(tmp);
  return CLI_EXIT_FAIL;
}

int cli_write_output(const char *path, const cli_result *r) {
  char *tmp = cli_tmp_path(path);
  if (tmp == NULL) return output_failed(path, NULL, ENOMEM);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    int err = errno;
    free(tmp);
    return output_failed(path, NULL, err);
  }
  errno = 0;
  write_values(f, r);
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  if (fclose(f) != 0 && err == 0) err = errno ? errno : EIO;
  if (err == 0 && rename(tmp, path) != 0) err = errno;
  int rc = err ? output_failed(path, tmp, err) : CLI_EXIT_OK;
  free(tmp);
  return rc;
}
