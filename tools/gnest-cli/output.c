/* gnest-cli: --output FILE, the full result as text, CSV or JSON (--output-format), written
 * through gnest_output (a regular file is replaced whole or not at all; a device, FIFO or "-" is
 * written in place). The result is a table by its kind: a row a vertex (a node of a tree) with
 * its id and value (and its predecessor with --predecessors), or a row a forest edge (u, v,
 * weight); the three formats print that table. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "cli.h"
#include "common/result.h"

/* The table of a result: its rows and the names of its columns. */
typedef struct cli_table {
  int64_t rows;
  int cols;
  char names[3][64];
} cli_table;

static int32_t file_id(const cli_result *r, int32_t v) { return r->ids ? r->ids[v] : v; }

/* A name as a CSV header or JSON key: the registry's words joined by '_' ("spanning_forest"). */
static void column_name(char *dst, size_t size, const char *name) {
  snprintf(dst, size, "%s", name);
  for (char *p = dst; *p; ++p)
    if (*p == ' ') *p = '_';
}

static void table_of(const cli_result *r, cli_table *t) {
  memset(t, 0, sizeof *t);
  if (r->algo.result == GNEST_RESULT_FOREST) {
    t->rows = r->out.num_edges;
    t->cols = 3;
    strcpy(t->names[0], "u");
    strcpy(t->names[1], "v");
    strcpy(t->names[2], "weight");
    return;
  }
  t->rows = r->n;
  t->cols = r->out.pred ? 3 : 2;
  strcpy(t->names[2], "pred");
  strcpy(t->names[0], r->algo.input == GNEST_INPUT_TREE ? "node" : "vertex");
  /* a coloring's (components') registry name counts the colors ("colors"); a row holds one */
  const char *one = r->algo.result == GNEST_RESULT_COLORING      ? "color"
                    : r->algo.result == GNEST_RESULT_COMPONENTS ? "component"
                                                                : r->algo.value_name;
  column_name(t->names[1], sizeof t->names[1], one);
}

/* The value of one vertex as text: the digits each kind needs ("inf" for an unreached
 * distance). */
static void vertex_value(char *buf, size_t size, const cli_result *r, int32_t v) {
  const gnest_result *o = &r->out;
  switch (r->algo.result) {
    case GNEST_RESULT_DISTANCES:
      gn_result_number(buf, size, o->values_f64[v]); /* "inf" when unreached */
      break;
    case GNEST_RESULT_SCORES: snprintf(buf, size, "%.17g", o->values_f64[v]); break;
    case GNEST_RESULT_COUNTS: snprintf(buf, size, "%" PRIu64, o->values_u64[v]); break;
    case GNEST_RESULT_COMPONENTS: /* a vertex id: the file's, as the vertex column */
      snprintf(buf, size, "%" PRId32, file_id(r, o->values_i32[v]));
      break;
    default: /* LEVELS, COLORING, NODE_VALUES */
      snprintf(buf, size, "%" PRId32, o->values_i32[v]);
      break;
  }
}

/* Cell (row, col) of the table as text. Ids are the file's (with --relabel too); a forest edge
 * keeps u < v as file ids, since relabelling keeps the order of the ids. */
static void cell(char *buf, size_t size, const cli_result *r, int64_t row, int col) {
  const gnest_result *o = &r->out;
  if (r->algo.result == GNEST_RESULT_FOREST) {
    if (col == 2) gn_result_number(buf, size, o->edge_weight[row]);
    else snprintf(buf, size, "%" PRId32, file_id(r, col == 0 ? o->edge_u[row] : o->edge_v[row]));
  } else if (col == 0) {
    snprintf(buf, size, "%" PRId32, file_id(r, (int32_t)row));
  } else if (col == 2) { /* the predecessor: -1 for none */
    const int32_t p = o->pred[row];
    snprintf(buf, size, "%" PRId32, p < 0 ? p : file_id(r, p));
  } else {
    vertex_value(buf, size, r, (int32_t)row);
  }
}

/* Rows of cells joined by sep, from column first. */
static void write_rows(FILE *f, const cli_result *r, const cli_table *t, int first, char sep) {
  char buf[64];
  for (int64_t row = 0; row < t->rows; ++row) {
    for (int col = first; col < t->cols; ++col) {
      cell(buf, sizeof buf, r, row, col);
      if (col > first) fputc(sep, f);
      fputs(buf, f);
    }
    fputc('\n', f);
  }
}

/* One value a line; with --relabel a vertex's line starts with its id in the file, "ID VALUE";
 * a forest edge is "U V WEIGHT"; counts start with their total. */
static void write_text(FILE *f, const cli_result *r, const cli_table *t) {
  if (r->algo.result == GNEST_RESULT_COUNTS) fprintf(f, "%" PRIu64 "\n", r->out.total);
  const int with_ids = r->ids || r->algo.result == GNEST_RESULT_FOREST;
  write_rows(f, r, t, with_ids ? 0 : 1, ' ');
}

/* A header line, then the id on every row (a total is in the summary and the JSON form). */
static void write_csv(FILE *f, const cli_result *r, const cli_table *t) {
  for (int col = 0; col < t->cols; ++col) fprintf(f, "%s%s", col ? "," : "", t->names[col]);
  fputc('\n', f);
  write_rows(f, r, t, 0, ',');
}

/* The --json summary, with "result": an array a column of the CSV form, under its name. */
static void write_json(FILE *f, const cli_args *a, const cli_input *in, const cli_result *r,
                       const cli_table *t) {
  cli_json j;
  cli_json_init(&j, f);
  cli_json_open(&j, '{');
  cli_summary_json_fields(&j, a, in, r);
  cli_json_key(&j, "result");
  cli_json_open(&j, '{');
  char buf[64];
  for (int col = 0; col < t->cols; ++col) {
    cli_json_key(&j, t->names[col]);
    cli_json_open(&j, '[');
    for (int64_t row = 0; row < t->rows; ++row) {
      cell(buf, sizeof buf, r, row, col);
      if (strcmp(buf, "inf") == 0) cli_json_null(&j);
      else cli_json_number(&j, buf);
    }
    cli_json_close(&j, ']');
  }
  cli_json_close(&j, '}');
  cli_json_close(&j, '}');
}

int cli_write_output(const cli_args *a, const cli_input *in, const cli_result *r) {
  gnest_output *o = NULL;
  FILE *f = NULL;
  gnest_status st = gnest_output_open(NULL, a->output, &o, &f);
  if (st == GNEST_OK) {
    cli_table t;
    table_of(r, &t);
    if (a->output_format == CLI_OUTPUT_CSV) write_csv(f, r, &t);
    else if (a->output_format == CLI_OUTPUT_JSON) write_json(f, a, in, r, &t);
    else write_text(f, r, &t);
    st = gnest_output_commit(o);
  }
  if (st == GNEST_OK) return CLI_EXIT_OK;
  fprintf(stderr, "gnest-cli: %s\n", gnest_last_error_string(NULL));
  return CLI_EXIT_FAIL;
}
