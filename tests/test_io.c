/* io/: file reading (plain, gzip, xz), the Matrix Market / DIMACS / edge list / tree parsers, the
 * CSR builder, the binary cache, format detection and the writers. Every failure case checks the
 * exact status, a piece of the message and the line. Real graphs in ../shared/data at the end. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <lzma.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "gnest.h"
#include "core/internal.h"
#include "io/io.h"
#include "io/io_internal.h" /* gn_csr_blocked_min_arcs */
#include "common/ring_csr.h"

#define DATA_DIR "../shared/data"

/* ---------------------------------------------------------------------------------------------
 * Fixture: a context and a fresh temporary directory per test
 * ------------------------------------------------------------------------------------------- */
static gnest_ctx *ctx;
static char tmpdir[64];
static char paths[16][320];
static int next_path;

static void setup(void) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK);
  strcpy(tmpdir, "/tmp/gnest-test-io-XXXXXX");
  cr_assert_not_null(mkdtemp(tmpdir));
  next_path = 0;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb; (void)flag; (void)ftw;
  return remove(path);
}

static void teardown(void) {
  nftw(tmpdir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
  gnest_ctx_free(ctx);
  ctx = NULL;
}

TestSuite(io, .init = setup, .fini = teardown);

/* Path of name inside the test's directory. */
static const char *tmp_path(const char *name) {
  char *p = paths[next_path++ % 16];
  snprintf(p, 320, "%s/%s", tmpdir, name);
  return p;
}

/* Entries of the test's directory (a writer must leave no temporary behind). */
static int entries_in_tmpdir(void) {
  int entries = -1;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", tmpdir);
  FILE *f = popen(cmd, "r");
  cr_assert_eq(fscanf(f, "%d", &entries), 1);
  pclose(f);
  return entries;
}

static const char *write_bytes(const char *name, const void *data, size_t len) {
  const char *p = tmp_path(name);
  FILE *f = fopen(p, "wb");
  cr_assert_not_null(f);
  cr_assert_eq(fwrite(data, 1, len, f), len);
  cr_assert_eq(fclose(f), 0);
  return p;
}

static const char *write_text(const char *name, const char *text) { return write_bytes(name, text, strlen(text)); }

static const char *write_gzip(const char *name, const char *text) {
  const char *p = tmp_path(name);
  gzFile f = gzopen(p, "wb");
  cr_assert_not_null(f);
  cr_assert_eq(gzwrite(f, text, (unsigned)strlen(text)), (int)strlen(text));
  cr_assert_eq(gzclose(f), Z_OK);
  return p;
}

static const char *write_xz(const char *name, const char *text) {
  size_t cap = strlen(text) + 1024, out_len = 0;
  uint8_t *out = malloc(cap);
  cr_assert_eq(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, (const uint8_t *)text, strlen(text), out,
                                       &out_len, cap), LZMA_OK);
  const char *p = write_bytes(name, out, out_len);
  free(out);
  return p;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)n + 1);
  cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  b[n] = 0;
  *len = (size_t)n;
  return b;
}

/* The last error must have this status, contain this text and name this line. */
static void expect_error(gnest_status got, gnest_status want, const char *text, int64_t line) {
  const gnest_error *e = gnest_last_error(ctx);
  cr_assert_eq(got, want, "status %d (%s), wanted %d; message: %s", got, gnest_strerror(got), want,
               gnest_last_error_string(ctx));
  cr_assert_eq(e->status, want);
  cr_assert_not_null(strstr(e->message, text), "message '%s' lacks '%s'", e->message, text);
  cr_assert_eq(e->line, line, "line %lld, wanted %lld (%s)", (long long)e->line, (long long)line,
               gnest_last_error_string(ctx));
}

static gnest_status parse_mtx(const char *text, gn_edges *e) {
  return gn_parse_mtx(ctx, "t.mtx", text, strlen(text), NULL, e);
}

static gnest_status parse_dimacs(const char *text, gn_edges *e) {
  return gn_parse_dimacs(ctx, "t.gr", text, strlen(text), NULL, e);
}

static gnest_status parse_el(const char *text, int one_based, gn_edges *e) {
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.one_based = one_based;
  return gn_parse_edgelist(ctx, "t.txt", text, strlen(text), &o, e);
}

static void expect_csr(const gn_csr *c, int32_t n, int64_t m, const int64_t *offsets, const int32_t *cols,
                       const double *weights) {
  cr_assert_eq(c->n, n);
  cr_assert_eq(c->m, m, "m = %lld, wanted %lld", (long long)c->m, (long long)m);
  for (int32_t v = 0; v <= n; v++) cr_assert_eq(c->offsets[v], offsets[v], "offsets[%d]", v);
  for (int64_t i = 0; i < m; i++) cr_assert_eq(c->cols[i], cols[i], "cols[%lld] = %d, wanted %d", (long long)i, c->cols[i], cols[i]);
  if (!weights) {
    cr_assert_null(c->weights);
    return;
  }
  cr_assert_not_null(c->weights);
  for (int64_t i = 0; i < m; i++) cr_assert_eq(c->weights[i], weights[i], "weights[%lld]", (long long)i);
}

static gnest_load_options defaults(void) {
  gnest_load_options o;
  gnest_load_options_init(&o);
  return o;
}

static gnest_status build(const gn_edges *e, gnest_load_options o, gn_csr *c) {
  return gn_csr_build(ctx, "test", e, &o, c);
}

/* ---------------------------------------------------------------------------------------------
 * Load options of 0.3: relabel, max_vertices, progress
 * ------------------------------------------------------------------------------------------- */

/* Sparse ids 7, 100, 3, 1000 (and 5 nowhere): four vertices numbered in increasing id order. */
Test(io, relabel_numbers_the_ids_that_appear_in_increasing_order) {
  const char *path = write_text("sparse.txt", "100 7\n7 1000\n3 100\n1000 100 \n");
  gnest_load_options o = defaults();
  o.relabel = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_load(ctx, path, &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(gnest_graph_num_vertices(g), 4);
  const int32_t *ids = gnest_graph_original_ids(g);
  cr_assert_not_null(ids);
  const int32_t want_ids[] = {3, 7, 100, 1000};
  cr_assert_arr_eq(ids, want_ids, sizeof want_ids);
  /* arcs 2->1, 1->3, 0->2, 3->2 in the new numbers */
  const int64_t off[] = {0, 1, 2, 3, 4};
  const int32_t cols[] = {2, 3, 1, 2};
  gn_csr c = {4, 4, (int64_t *)off, (int32_t *)cols, NULL, 0, 0, 0, NULL};
  const int64_t *go;
  const int32_t *gc;
  const double *gw;
  gnest_graph_csr(g, &go, &gc, &gw);
  for (int v = 0; v <= 4; v++) cr_expect_eq(go[v], c.offsets[v], "offsets[%d]", v);
  for (int e = 0; e < 4; e++) cr_expect_eq(gc[e], c.cols[e], "cols[%d]", e);
  gnest_graph_free(g);
  /* without relabel: ids are vertices, 1001 of them, and no id map */
  cr_assert_eq(gnest_graph_load(ctx, path, NULL, &g), GNEST_OK);
  cr_expect_eq(gnest_graph_num_vertices(g), 1001);
  cr_expect_null(gnest_graph_original_ids(g));
  gnest_graph_free(g);
}

Test(io, relabel_applies_to_a_binary_cache_and_to_edges_in_memory) {
  const int32_t src[] = {9, 4}, dst[] = {4, 2};
  gnest_load_options o = defaults();
  o.relabel = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, 10, 2, src, dst, NULL, &o, &g), GNEST_OK);
  cr_assert_eq(gnest_graph_num_vertices(g), 3);
  const int32_t want[] = {2, 4, 9};
  cr_assert_arr_eq(gnest_graph_original_ids(g), want, sizeof want);
  gnest_graph_free(g);
  cr_assert_eq(gnest_graph_from_edges(ctx, 10, 2, src, dst, NULL, NULL, &g), GNEST_OK);
  const char *cache = tmp_path("g.gnest");
  cr_assert_eq(gnest_graph_save(ctx, g, cache), GNEST_OK);
  gnest_graph_free(g);
  cr_assert_eq(gnest_graph_load(ctx, cache, &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_graph_num_vertices(g), 3);
  cr_assert_arr_eq(gnest_graph_original_ids(g), want, sizeof want);
  gnest_graph_free(g);
}

/* A header declaring a billion vertices with one entry, and an edge list with one id of 200
 * million, are refused before their arrays are allocated; max_vertices or relabel lets them in. */
Test(io, impossible_vertex_counts_are_refused_before_allocating) {
  const char *mtx = write_text("huge.mtx", "%%MatrixMarket matrix coordinate pattern general\n"
                                           "1000000000 1000000000 1\n1 2\n");
  const char *el = write_text("huge.txt", "0 1\n200000000 1\n");
  gnest_graph *g = NULL;
  expect_error(gnest_graph_load(ctx, mtx, NULL, &g), GNEST_ERR_TOO_LARGE, "1000000000 vertices declared by the header", 0);
  cr_expect_not_null(strstr(gnest_last_error(ctx)->message, "at most 16777216"), "%s", gnest_last_error(ctx)->message);
  cr_expect_eq(strcmp(gnest_last_error(ctx)->source, mtx), 0);
  cr_expect_null(g);
  expect_error(gnest_graph_load(ctx, el, NULL, &g), GNEST_ERR_TOO_LARGE, "200000001 vertices (the largest id + 1", 0);
  gnest_load_options o = defaults();
  o.relabel = 1;
  cr_assert_eq(gnest_graph_load(ctx, el, &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_graph_num_vertices(g), 3);
  gnest_graph_free(g);
  /* an explicit limit: above the default here, and below it for a small file */
  const char *big = write_text("big.txt", "0 1\n20000000 1\n");
  o = defaults();
  expect_error(gnest_graph_load(ctx, big, &o, &g), GNEST_ERR_TOO_LARGE, "20000001 vertices", 0);
  o.max_vertices = 20000001;
  cr_assert_eq(gnest_graph_load(ctx, big, &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_graph_num_vertices(g), 20000001);
  gnest_graph_free(g);
  o.max_vertices = 2;
  expect_error(gnest_graph_load(ctx, write_text("p.txt", "0 1\n1 2\n"), &o, &g), GNEST_ERR_TOO_LARGE,
               "3 vertices (the largest id + 1, or the '# gnest edge list' count): more than max_vertices = 2", 0);
  /* the limit grows with the file: 2^24 vertices from a file of 2^21 bytes would pass */
  o = defaults();
  cr_assert_eq(gnest_graph_load(ctx, write_text("ok.txt", "0 1\n16777215 1\n"), &o, &g), GNEST_OK);
  gnest_graph_free(g);
}

typedef struct progress_log {
  int calls, stages_done, backwards;
  char last_stage[32];
  uint64_t last_done, last_total;
} progress_log;

static void log_progress(void *user, const char *stage, uint64_t done, uint64_t total) {
  progress_log *l = user;
  if (strcmp(stage, l->last_stage) == 0 && done < l->last_done) l->backwards++;
  snprintf(l->last_stage, sizeof l->last_stage, "%s", stage);
  l->last_done = done;
  l->last_total = total;
  l->stages_done += done == total;
  l->calls++;
}

/* The callback sees each stage grow to its total, thinned (not one call per line). */
Test(io, progress_callback_reports_every_stage_to_its_end) {
  enum { ARCS = 150000 };
  char *text = malloc((size_t)ARCS * 16 + 1), *p = text;
  cr_assert_not_null(text);
  for (int i = 0; i < ARCS; i++) p += sprintf(p, "%d %d\n", i, (i * 7 + 1) % ARCS);
  const char *plain = write_text("prog.txt", text), *xz = write_xz("prog.txt.xz", text);
  free(text);
  const char *paths_[] = {plain, xz};
  for (int k = 0; k < 2; k++) {
    progress_log log;
    memset(&log, 0, sizeof log);
    gnest_load_options o = defaults();
    o.progress = log_progress;
    o.progress_user = &log;
    gnest_graph *g = NULL;
    cr_assert_eq(gnest_graph_load(ctx, paths_[k], &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
    gnest_graph_free(g);
    cr_expect_eq(log.backwards, 0, "%s: a stage went backwards", paths_[k]);
    cr_expect_str_eq(log.last_stage, "building");
    cr_expect_eq(log.last_done, (uint64_t)ARCS);
    cr_expect_geq(log.stages_done, k == 0 ? 3 : 4, "%s: reading/decompressing, parsing, building each end",
                  paths_[k]);
    cr_expect_lt(log.calls, 2000, "%s: %d calls, not thinned", paths_[k], log.calls);
  }
}

/* ---------------------------------------------------------------------------------------------
 * Reading files
 * ------------------------------------------------------------------------------------------- */
Test(io, read_plain_file_and_empty_file) {
  gn_buffer b;
  cr_assert_eq(gn_read_file(ctx, write_text("a.txt", "hello\n"), &b), GNEST_OK);
  cr_assert_eq(b.size, 6);
  cr_assert_str_eq(b.data, "hello\n");
  gn_buffer_free(&b);
  cr_assert_eq(gn_read_file(ctx, write_text("empty.txt", ""), &b), GNEST_OK);
  cr_assert_eq(b.size, 0);
  cr_assert_eq(b.data[0], '\0');
  gn_buffer_free(&b);
}

Test(io, read_missing_file) {
  gn_buffer b;
  expect_error(gn_read_file(ctx, tmp_path("nope.mtx"), &b), GNEST_ERR_IO, "cannot open: No such file or directory", 0);
  cr_assert_null(b.data);
  cr_assert_str_eq(gnest_last_error(ctx)->source, paths[0]);
}

Test(io, read_directory) {
  gn_buffer b;
  expect_error(gn_read_file(ctx, tmpdir, &b), GNEST_ERR_IO, "is a directory", 0);
  gn_csr c;
  expect_error(gn_load_csr(ctx, tmpdir, NULL, &c), GNEST_ERR_IO, "is a directory", 0);
}

Test(io, read_gzip_and_xz) {
  const char *text = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n";
  gn_buffer b;
  cr_assert_eq(gn_read_file(ctx, write_gzip("g.mtx.gz", text), &b), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_str_eq(b.data, text);
  gn_buffer_free(&b);
  cr_assert_eq(gn_read_file(ctx, write_xz("g.mtx.xz", text), &b), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_str_eq(b.data, text);
  cr_assert_eq(b.size, strlen(text));
  gn_buffer_free(&b);
}

/* Makes standard input a pipe holding len bytes of data, then its end (small data: the pipe's
 * buffer holds it all, so no writer has to run beside the reader). */
static void stdin_from_pipe(const void *data, size_t len) {
  int fds[2];
  cr_assert_eq(pipe(fds), 0, "pipe: %s", strerror(errno));
  cr_assert_eq(write(fds[1], data, len), (ssize_t)len);
  close(fds[1]);
  cr_assert_eq(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
  close(fds[0]);
}

static void stdin_from_file(const char *path) {
  size_t len = 0;
  char *bytes = slurp(path, &len);
  stdin_from_pipe(bytes, len);
  free(bytes);
}

Test(io, dash_reads_standard_input_with_the_format_given) {
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.format = GNEST_FORMAT_EDGELIST;
  const char *text = "0 1\n1 2 \n2 0\n";
  stdin_from_pipe(text, strlen(text));
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_load(ctx, "-", &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_graph_num_vertices(g), 3);
  cr_expect_eq(gnest_graph_num_edges(g), 3);
  gnest_graph_free(g);
  o.format = GNEST_FORMAT_MTX; /* gzip on standard input: known by its magic bytes */
  stdin_from_file(write_gzip("g.gz", "%%MatrixMarket matrix coordinate real general\n4 4 2\n1 2 0.5\n3 4 2\n"));
  cr_assert_eq(gnest_graph_load(ctx, "-", &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_graph_num_vertices(g), 4);
  cr_expect_eq(gnest_graph_num_edges(g), 2);
  cr_expect(gnest_graph_is_weighted(g));
  gnest_graph_free(g);
}

/* The binary cache (name.gnest) of the edge list text. */
static const char *cache_of(const char *name, const char *text) {
  char file[64];
  snprintf(file, sizeof file, "%s.el", name);
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_load(ctx, write_text(file, text), NULL, &g), GNEST_OK);
  snprintf(file, sizeof file, "%s.gnest", name);
  const char *cache = tmp_path(file);
  cr_assert_eq(gnest_graph_save(ctx, g, cache), GNEST_OK, "%s", gnest_last_error_string(ctx));
  gnest_graph_free(g);
  return cache;
}

Test(io, dash_reads_a_binary_cache_and_a_tree_from_standard_input) {
  gnest_graph *g = NULL;
  const char *cache = cache_of("g", "0 1\n1 2\n");
  gnest_load_options o;
  gnest_load_options_init(&o);
  o.format = GNEST_FORMAT_BINARY;
  stdin_from_file(cache);
  cr_assert_eq(gnest_graph_load(ctx, "-", &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_graph_num_edges(g), 2);
  gnest_graph_free(g);
  stdin_from_file(write_xz("t.xz", "3\n-1 0 1\n"));
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_load(ctx, "-", &t), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect_eq(gnest_tree_num_nodes(t), 3);
  gnest_tree_free(t);
}

Test(io, dash_without_a_format_is_refused) {
  stdin_from_pipe("0 1\n", 4);
  gnest_graph *g = NULL;
  expect_error(gnest_graph_load(ctx, "-", NULL, &g), GNEST_ERR_INVALID_ARGUMENT,
               "standard input has no file name to tell its format: give the format", 0);
  cr_expect_null(g);
  cr_expect_str_eq(gnest_last_error(ctx)->source, "-");
}

Test(io, read_concatenated_gzip_members) {
  const char *p = tmp_path("two.txt.gz");
  for (int i = 0; i < 2; i++) {
    gzFile f = gzopen(p, i ? "ab" : "wb");
    gzputs(f, i ? "1 2\n" : "0 1\n");
    gzclose(f);
  }
  gn_buffer b;
  cr_assert_eq(gn_read_file(ctx, p, &b), GNEST_OK);
  cr_assert_str_eq(b.data, "0 1\n1 2\n");
  gn_buffer_free(&b);
}

/* file + extra, written as name */
static const char *append_bytes(const char *name, const char *file, const void *extra, size_t extra_len,
                                size_t *offset) {
  size_t len;
  char *b = slurp(file, &len);
  b = realloc(b, len + extra_len);
  memcpy(b + len, extra, extra_len);
  const char *p = write_bytes(name, b, len + extra_len);
  free(b);
  *offset = len;
  return p;
}

/* gzip and xz follow one rule: after the last stream (concatenated streams are read) only zero
 * padding may follow; anything else is refused, naming where it starts and its first bytes. */
Test(io, trailing_data_after_gzip_and_xz_streams) {
  const char *text = "0 1\n";
  const char *kinds[2] = {"gz", "xz"};
  for (int k = 0; k < 2; k++) {
    char name[32], want[96];
    snprintf(name, sizeof name, "g.txt.%s", kinds[k]);
    const char *file = k ? write_xz(name, text) : write_gzip(name, text);
    size_t offset;
    gn_buffer b;
    snprintf(name, sizeof name, "junk.txt.%s", kinds[k]);
    const char *junk = append_bytes(name, file, "junk\n", 5, &offset);
    snprintf(want, sizeof want, "5 bytes of trailing data after the %s stream at byte %zu (6a 75 6e 6b 0a)",
             k ? "xz" : "gzip", offset);
    expect_error(gn_read_file(ctx, junk, &b), GNEST_ERR_PARSE, want, 0);
    cr_assert_null(b.data);
    snprintf(name, sizeof name, "pad.txt.%s", kinds[k]);
    cr_assert_eq(gn_read_file(ctx, append_bytes(name, file, "\0\0\0\0", 4, &offset), &b), GNEST_OK,
                 "%s", gnest_last_error_string(ctx));
    cr_assert_str_eq(b.data, text);
    gn_buffer_free(&b);
    /* a second stream is read, garbage after it is refused */
    size_t len;
    char *again = slurp(file, &len);
    snprintf(name, sizeof name, "two.txt.%s", kinds[k]);
    const char *two = append_bytes(name, file, again, len, &offset);
    cr_assert_eq(gn_read_file(ctx, two, &b), GNEST_OK, "%s", gnest_last_error_string(ctx));
    cr_assert_str_eq(b.data, "0 1\n0 1\n");
    gn_buffer_free(&b);
    snprintf(name, sizeof name, "twojunk.txt.%s", kinds[k]);
    expect_error(gn_read_file(ctx, append_bytes(name, two, "x", 1, &offset), &b), GNEST_ERR_PARSE,
                 "1 byte of trailing data", 0);
    free(again);
  }
}

Test(io, gz_name_with_plain_content_is_a_parse_error) {
  gn_buffer b;
  expect_error(gn_read_file(ctx, write_text("plain.mtx.gz", "1 2\n"), &b), GNEST_ERR_PARSE, "not a gzip file", 0);
  expect_error(gn_read_file(ctx, write_text("plain.mtx.xz", "1 2\n"), &b), GNEST_ERR_PARSE, "not an xz file", 0);
}

Test(io, truncated_compressed_data) {
  const char *text = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n";
  size_t len;
  char *gz = slurp(write_gzip("full.mtx.gz", text), &len);
  gn_buffer b;
  expect_error(gn_read_file(ctx, write_bytes("cut.mtx.gz", gz, len - 12), &b), GNEST_ERR_PARSE, "truncated gzip data", 0);
  free(gz);
  char *xz = slurp(write_xz("full.mtx.xz", text), &len);
  expect_error(gn_read_file(ctx, write_bytes("cut.mtx.xz", xz, len / 2), &b), GNEST_ERR_PARSE, "xz data", 0);
  xz[len / 2] ^= 0x55; /* corrupt in the middle */
  gnest_status st = gn_read_file(ctx, write_bytes("bad.mtx.xz", xz, len), &b);
  cr_assert_eq(st, GNEST_ERR_PARSE, "%s", gnest_last_error_string(ctx));
  free(xz);
}

/* gn_decompress over memory (the fuzz targets' entry to the gzip and xz paths): plain bytes are
 * handed over, compressed ones decoded, and a failure leaves no output. */
Test(io, decompress_from_memory) {
  const char *text = "0 1\n1 2\n";
  char *plain = strdup(text);
  gn_buffer raw = {plain, strlen(text)}, out;
  cr_assert_eq(gn_decompress(ctx, "p.txt", &raw, &out), GNEST_OK);
  cr_assert(out.data == plain && out.size == strlen(text) && raw.data == NULL && raw.size == 0);
  gn_buffer_free(&out);
  size_t len;
  raw.data = slurp(write_gzip("m.txt.gz", text), &len);
  raw.size = len;
  cr_assert_eq(gn_decompress(ctx, "m.txt.gz", &raw, &out), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_str_eq(out.data, text);
  cr_assert_not_null(raw.data); /* still the caller's */
  gn_buffer_free(&out);
  raw.size = len - 12;
  out.data = (char *)"sentinel";
  expect_error(gn_decompress(ctx, "m.txt.gz", &raw, &out), GNEST_ERR_PARSE, "truncated gzip data", 0);
  cr_assert(out.data == NULL && out.size == 0);
  gn_buffer_free(&raw);
}

/* ---------------------------------------------------------------------------------------------
 * Matrix Market
 * ------------------------------------------------------------------------------------------- */
Test(io, mtx_pattern_general) {
  gn_edges e;
  cr_assert_eq(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n% a comment\n%\n3 3 4\n1 2\n2 3\n3 1\n1 2\n", &e),
               GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(e.n, 3);
  cr_assert_eq(e.m, 4);
  cr_assert_eq(e.symmetric, 0);
  cr_assert_null(e.w);
  int32_t src[] = {0, 1, 2, 0}, dst[] = {1, 2, 0, 1};
  for (int i = 0; i < 4; i++) cr_assert(e.src[i] == src[i] && e.dst[i] == dst[i]);
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  int64_t off[] = {0, 1, 2, 3};
  int32_t cols[] = {1, 2, 0};
  expect_csr(&c, 3, 3, off, cols, NULL); /* the duplicate 1 2 merged */
  cr_assert(c.sorted && c.merged && !c.symmetric);
  gn_csr_free(&c);
  gn_edges_free(&e);
}

Test(io, mtx_integer_symmetric) {
  gn_edges e;
  cr_assert_eq(parse_mtx("%%MatrixMarket matrix coordinate integer symmetric\n4 4 3\n2 1 5\n3 1 -7\n4 4 2\n", &e), GNEST_OK);
  cr_assert_eq(e.symmetric, 1);
  cr_assert_eq(e.w[0], 5.0);
  cr_assert_eq(e.w[1], -7.0);
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  int64_t off[] = {0, 2, 3, 4, 5};
  int32_t cols[] = {1, 2, 0, 0, 3};
  double w[] = {5, -7, 5, -7, 2};
  expect_csr(&c, 4, 5, off, cols, w); /* the self-loop is not doubled */
  cr_assert_eq(c.symmetric, 1);
  gn_csr_free(&c);
  gn_edges_free(&e);
}

Test(io, mtx_real_general_case_insensitive_header_crlf) {
  gn_edges e;
  const char *t = "%%matrixmarket MATRIX Coordinate REAL General\r\n% c\r\n\r\n3 3 3\r\n1 2 1.5e1\r\n2 1 -0.25\r\n\r\n% mid\r\n3 3 .125\r\n";
  cr_assert_eq(parse_mtx(t, &e), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(e.w[0], 15.0);
  cr_assert_eq(e.w[1], -0.25);
  cr_assert_eq(e.w[2], 0.125);
  gn_edges_free(&e);
}

Test(io, mtx_real_values_match_strtod) {
  const char *values[] = {"0.1", "3.14159265358979", "1e-40", "2.5e+38", "123456789012345678901234", "0.000001",
                          "16777217", "-0", "7.038531e-26", "1.00000005960464477539"};
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "%%%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 %s\n", values[i]);
    gn_edges e;
    cr_assert_eq(parse_mtx(text, &e), GNEST_OK, "%s: %s", values[i], gnest_last_error_string(ctx));
    cr_assert_eq(e.w[0], strtod(values[i], NULL), "%s", values[i]);
    gn_edges_free(&e);
  }
}

Test(io, mtx_empty_file) {
  gn_edges e;
  expect_error(parse_mtx("", &e), GNEST_ERR_PARSE, "empty file", 0);
  gn_csr c;
  expect_error(gn_load_csr(ctx, write_text("empty.mtx", ""), NULL, &c), GNEST_ERR_PARSE, "empty file", 0);
}

Test(io, mtx_truncated) {
  gn_edges e;
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n30 30 3\n10 20\n20 30\n", &e), GNEST_ERR_PARSE,
               "expected 3 entries as declared in the size line, found 2", 5);
  /* a file too short for its declared entries is refused from its size alone */
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n", &e), GNEST_ERR_PARSE,
               "the size line declares 3 entries but the file has only 63 bytes", 2);
  cr_assert_null(e.src);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n", &e), GNEST_ERR_PARSE,
               "missing size line", 2);
}

Test(io, mtx_more_entries_than_declared) {
  gn_edges e;
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n3 1\n", &e),
               GNEST_ERR_PARSE, "declares 1 entries but the file has 3", 0);
}

Test(io, mtx_wrong_header) {
  gn_edges e;
  expect_error(parse_mtx("3 3 1\n1 2\n", &e), GNEST_ERR_PARSE, "expected the Matrix Market header", 1);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern\n3 3 1\n1 2\n", &e), GNEST_ERR_PARSE,
               "incomplete header", 1);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinat pattern general\n3 3 1\n1 2\n", &e), GNEST_ERR_PARSE,
               "unknown Matrix Market format 'coordinat'", 1);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate boolean general\n3 3 1\n1 2\n", &e), GNEST_ERR_PARSE,
               "unknown Matrix Market field 'boolean'", 1);
}

Test(io, mtx_unsupported_kinds) {
  gn_edges e;
  expect_error(parse_mtx("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", &e),
               GNEST_ERR_UNSUPPORTED_FORMAT, "'array'", 1);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 1 1 0\n", &e),
               GNEST_ERR_UNSUPPORTED_FORMAT, "'complex'", 1);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate real hermitian\n2 2 1\n1 1 1\n", &e),
               GNEST_ERR_UNSUPPORTED_FORMAT, "'hermitian'", 1);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 1\n", &e),
               GNEST_ERR_UNSUPPORTED_FORMAT, "'skew-symmetric'", 1);
  expect_error(parse_mtx("%%MatrixMarket vector coordinate real general\n2 1\n1 1\n", &e),
               GNEST_ERR_UNSUPPORTED_FORMAT, "'vector'", 1);
}

Test(io, mtx_index_out_of_range) {
  gn_edges e;
  const char *h = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n";
  char t[256];
  snprintf(t, sizeof t, "%s1 2\n0 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_OUT_OF_RANGE, "row index 0 out of range [1, 3]", 4);
  snprintf(t, sizeof t, "%s1 4\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_OUT_OF_RANGE, "column index 4 out of range [1, 3]", 3);
  snprintf(t, sizeof t, "%s1 -2\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_OUT_OF_RANGE, "column index -2 out of range", 3);
  snprintf(t, sizeof t, "%s1 99999999999999999999999\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_OUT_OF_RANGE, "column index 99999999999999999999999 out of range", 3);
}

Test(io, mtx_non_numeric_token) {
  gn_edges e;
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 x\n", &e), GNEST_ERR_PARSE,
               "expected a column index, found 'x'", 4);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate real general\n3 3 1\n% c\n1 2 abc\n", &e), GNEST_ERR_PARSE,
               "expected a real value, found 'abc'", 4);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 nan\n", &e), GNEST_ERR_PARSE,
               "weight 'nan' is not a finite number", 3);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n", &e), GNEST_ERR_PARSE,
               "expected a real value, found end of line", 3);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 3\n", &e), GNEST_ERR_PARSE,
               "expected the end of a pattern entry 'row column', found '3'", 3);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n3 3 x1\n1 2\n", &e), GNEST_ERR_PARSE,
               "expected the entry count, found 'x1'", 2);
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2x\n", &e), GNEST_ERR_PARSE,
               "found '2x'", 3);
}

Test(io, mtx_bad_sizes) {
  gn_edges e;
  const char *h = "%%MatrixMarket matrix coordinate pattern general\n";
  char t[256];
  snprintf(t, sizeof t, "%s-3 -3 1\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_PARSE, "negative row count -3", 2);
  snprintf(t, sizeof t, "%s3 3 -1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_PARSE, "negative entry count -1", 2);
  snprintf(t, sizeof t, "%s3 4 1\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_INVALID_INPUT, "not square", 2);
  snprintf(t, sizeof t, "%s2147483648 2147483648 1\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_TOO_LARGE, "fewer than 2^31 vertices", 2);
  /* rows * cols overflows 64 bits */
  snprintf(t, sizeof t, "%s5000000000 5000000000 1\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_TOO_LARGE, "fewer than 2^31 vertices", 2);
  snprintf(t, sizeof t, "%s99999999999999999999999 99999999999999999999999 1\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_TOO_LARGE, "row count in the size line is too large", 2);
  snprintf(t, sizeof t, "%s2 2 5\n1 1\n1 2\n2 1\n2 2\n1 1\n", h);
  expect_error(parse_mtx(t, &e), GNEST_ERR_PARSE, "declares 5 entries, more than a 2 x 2 matrix holds", 2);
}

Test(io, mtx_huge_declared_size_fails_fast) {
  gn_edges e;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  /* 10^12 entries would need 8 TB: refused from the file size before any allocation */
  expect_error(parse_mtx("%%MatrixMarket matrix coordinate real general\n2000000 2000000 1000000000000\n1 1 1\n", &e),
               GNEST_ERR_PARSE, "declares 1000000000000 entries but the file has only 82 bytes", 2);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  cr_assert_lt((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6, 50.0);
  cr_assert_null(e.src);
  /* exactly as many entries as the bytes allow still parses */
  cr_assert_eq(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n2 2", &e), GNEST_OK);
  cr_assert_eq(e.m, 2);
  gn_edges_free(&e);
}

Test(io, mtx_zero_entries) {
  gn_edges e;
  cr_assert_eq(parse_mtx("%%MatrixMarket matrix coordinate pattern general\n5 5 0\n", &e), GNEST_OK);
  cr_assert_eq(e.n, 5);
  cr_assert_eq(e.m, 0);
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  cr_assert_eq(c.m, 0);
  cr_assert_eq(c.offsets[5], 0);
  gn_csr_free(&c);
  gn_edges_free(&e);
}

Test(io, mtx_binary_garbage_does_not_crash) {
  char text[200] = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n";
  size_t len = strlen(text);
  memcpy(text + len, "2\0 3\n", 5); /* a NUL byte inside the text */
  gn_edges e;
  gnest_status st = gn_parse_mtx(ctx, "t.mtx", text, len + 5, NULL, &e);
  expect_error(st, GNEST_ERR_PARSE, "found '2?'", 4);
}

/* ---------------------------------------------------------------------------------------------
 * DIMACS
 * ------------------------------------------------------------------------------------------- */
Test(io, dimacs_valid) {
  gn_edges e;
  cr_assert_eq(parse_dimacs("c road\nc more\np sp 3 4\na 1 2 5\n\na 2 3 7\na 3 1 1.5\nc end\na 1 2 2\n", &e), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  cr_assert_eq(e.n, 3);
  cr_assert_eq(e.m, 4);
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  int64_t off[] = {0, 1, 2, 3};
  int32_t cols[] = {1, 2, 0};
  double w[] = {2, 7, 1.5};
  expect_csr(&c, 3, 3, off, cols, w); /* parallel 1->2 keeps the minimum weight */
  gn_csr_free(&c);
  gn_edges_free(&e);
}

Test(io, dimacs_errors) {
  gn_edges e;
  expect_error(parse_dimacs("", &e), GNEST_ERR_PARSE, "empty file", 0);
  expect_error(parse_dimacs("c only comments\n", &e), GNEST_ERR_PARSE, "missing problem line 'p sp n m'", 0);
  expect_error(parse_dimacs("c x\na 1 2 3\np sp 2 1\n", &e), GNEST_ERR_PARSE, "arc line before the problem line", 2);
  expect_error(parse_dimacs("p sp 30 3\na 10 20 500\na 20 30 700\n", &e), GNEST_ERR_PARSE,
               "the problem line declares 3 arcs but the file has 2", 4);
  expect_error(parse_dimacs("p sp 3 1\na 1 2 5\na 2 3 7\n", &e), GNEST_ERR_PARSE,
               "the problem line declares 1 arcs but the file has 2", 0);
  expect_error(parse_dimacs("p sp 3 1\na 1 4 5\n", &e), GNEST_ERR_OUT_OF_RANGE, "vertex 4 out of range [1, 3]", 2);
  expect_error(parse_dimacs("p sp 3 1\na 0 1 5\n", &e), GNEST_ERR_OUT_OF_RANGE, "vertex 0 out of range", 2);
  expect_error(parse_dimacs("p sp 3 1\na 1 2\n", &e), GNEST_ERR_PARSE, "expected a weight, found end of line", 2);
  expect_error(parse_dimacs("p sp 3 1\na 1 2 w\n", &e), GNEST_ERR_PARSE, "expected a weight, found 'w'", 2);
  expect_error(parse_dimacs("p sp 3 1\nx 1 2 3\n", &e), GNEST_ERR_PARSE, "expected a DIMACS line", 2);
  expect_error(parse_dimacs("p max 3 1\n", &e), GNEST_ERR_UNSUPPORTED_FORMAT, "problem type 'max'", 1);
  expect_error(parse_dimacs("p sp -3 1\n", &e), GNEST_ERR_PARSE, "negative vertex count -3", 1);
  expect_error(parse_dimacs("p sp 3000000000 1\na 1 1 1\n", &e), GNEST_ERR_TOO_LARGE, "fewer than 2^31", 1);
  expect_error(parse_dimacs("p sp 3 1\np sp 3 1\n", &e), GNEST_ERR_PARSE, "second problem line", 2);
  expect_error(parse_dimacs("p sp 10 100000000000\na 1 2 3\n", &e), GNEST_ERR_PARSE,
               "declares 100000000000 arcs but only", 1);
}

/* ---------------------------------------------------------------------------------------------
 * Edge lists
 * ------------------------------------------------------------------------------------------- */
Test(io, edgelist_crlf_tabs_comments) {
  gn_edges e;
  cr_assert_eq(parse_el("# SNAP header\r\n# more\r\n0\t1\r\n1\t2\r\n\r\n% other comment\n  2   0  \n3,1\n", 0, &e), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  cr_assert_eq(e.n, 4);
  cr_assert_eq(e.m, 4);
  cr_assert_null(e.w);
  int32_t src[] = {0, 1, 2, 3}, dst[] = {1, 2, 0, 1};
  for (int i = 0; i < 4; i++) cr_assert(e.src[i] == src[i] && e.dst[i] == dst[i], "edge %d", i);
  gn_edges_free(&e);
}

Test(io, edgelist_one_based) {
  gn_edges e;
  cr_assert_eq(parse_el("1 2\n2 3\n", 1, &e), GNEST_OK);
  cr_assert_eq(e.n, 3);
  cr_assert(e.src[0] == 0 && e.dst[0] == 1 && e.src[1] == 1 && e.dst[1] == 2);
  gn_edges_free(&e);
  expect_error(parse_el("1 2\n0 3\n", 1, &e), GNEST_ERR_OUT_OF_RANGE, "vertex id 0 in a 1-based edge list", 2);
  cr_assert_eq(parse_el("1 2\n0 3\n", 0, &e), GNEST_OK);
  cr_assert_eq(e.n, 4);
  gn_edges_free(&e);
}

Test(io, edgelist_weights) {
  gn_edges e;
  cr_assert_eq(parse_el("0 1 2.5\n1 2 0.5\n", 0, &e), GNEST_OK);
  cr_assert_not_null(e.w);
  cr_assert(e.w[0] == 2.5 && e.w[1] == 0.5);
  gn_edges_free(&e);
  expect_error(parse_el("0 1 2.5\n1 2\n", 0, &e), GNEST_ERR_PARSE, "this line has 2 columns but line 1 has 3", 2);
  expect_error(parse_el("# c\n0 1\n1 2 4\n", 0, &e), GNEST_ERR_PARSE, "this line has 3 columns but line 2 has 2", 3);
}

Test(io, edgelist_errors) {
  gn_edges e;
  expect_error(parse_el("", 0, &e), GNEST_ERR_PARSE, "empty file", 0);
  expect_error(parse_el("# nothing\n\n", 0, &e), GNEST_ERR_PARSE, "no edges", 0);
  expect_error(parse_el("0 1\n5\n", 0, &e), GNEST_ERR_PARSE, "expected 2 or 3 columns 'u v [w]', found 1", 2);
  expect_error(parse_el("0 1 2 3\n", 0, &e), GNEST_ERR_PARSE, "found more than 3", 1);
  expect_error(parse_el("0 1\n-1 2\n", 0, &e), GNEST_ERR_PARSE, "negative vertex id -1", 2);
  expect_error(parse_el("a b\n", 0, &e), GNEST_ERR_PARSE, "expected a vertex id (a non-negative integer), found 'a'", 1);
  expect_error(parse_el("0 1 x\n", 0, &e), GNEST_ERR_PARSE, "expected a weight (third column), found 'x'", 1);
  expect_error(parse_el("0 2147483647\n", 0, &e), GNEST_ERR_TOO_LARGE, "vertex id 2147483647 does not fit", 1);
  cr_assert_eq(parse_el("0 2147483646\n", 0, &e), GNEST_OK);
  cr_assert_eq(e.n, INT32_MAX);
  gn_edges_free(&e);
}

/* A '#' or '%' after the last column starts a comment to the end of the line. */
Test(io, edgelist_comment_at_line_end) {
  gn_edges e;
  cr_assert_eq(parse_el("0 1 # first\n1 2\t% second\r\n2,0,#third\n3 1 #\n", 0, &e), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  cr_assert(e.n == 4 && e.m == 4 && !e.w);
  int32_t src[] = {0, 1, 2, 3}, dst[] = {1, 2, 0, 1};
  for (int i = 0; i < 4; i++) cr_assert(e.src[i] == src[i] && e.dst[i] == dst[i], "edge %d", i);
  gn_edges_free(&e);
  cr_assert_eq(parse_el("0 1 2.5 # weight\n1 2 0.5 %\n", 0, &e), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(e.m == 2 && e.w && e.w[0] == 2.5 && e.w[1] == 0.5);
  gn_edges_free(&e);
  /* the comment does not stand for a column, and a comment glued to a token is part of it */
  expect_error(parse_el("0 1\n2 # 3\n", 0, &e), GNEST_ERR_PARSE, "expected 2 or 3 columns 'u v [w]', found 1", 2);
  expect_error(parse_el("0 1#c\n", 0, &e), GNEST_ERR_PARSE, "expected a vertex id (a non-negative integer), found '1#c'", 1);
  expect_error(parse_el("0 1 2 # c\n1 2\n", 0, &e), GNEST_ERR_PARSE, "this line has 2 columns but line 1 has 3", 2);
}

Test(io, edgelist_declared_vertices_header) {
  gn_edges e;
  /* the writer's header: trailing isolated vertices are kept */
  cr_assert_eq(parse_el("# gnest edge list: 5 vertices, 1 arcs, 0-based 'u v'\n0 1\n", 0, &e), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  cr_assert(e.n == 5 && e.m == 1);
  gn_edges_free(&e);
  /* after other comments, with CRLF and no suffix */
  cr_assert_eq(parse_el("% c\r\n# gnest edge list: 4 vertices, 1 arcs\r\n1 2\r\n", 0, &e), GNEST_OK);
  cr_assert(e.n == 4 && e.m == 1);
  gn_edges_free(&e);
  /* no data lines: N vertices, no arcs */
  cr_assert_eq(parse_el("# gnest edge list: 3 vertices, 0 arcs\n", 0, &e), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(e.n == 3 && e.m == 0);
  gn_edges_free(&e);
  cr_assert_eq(parse_el("# gnest edge list: 0 vertices, 0 arcs, 0-based 'u v'\n", 0, &e), GNEST_OK);
  cr_assert(e.n == 0 && e.m == 0);
  gn_edges_free(&e);
  /* an id at or beyond N */
  expect_error(parse_el("# gnest edge list: 3 vertices, 2 arcs\n0 1\n2 3\n", 0, &e), GNEST_ERR_OUT_OF_RANGE,
               "vertex id 3 is outside the 3 vertices declared", 3);
  expect_error(parse_el("# gnest edge list: 3 vertices, 1 arcs\n1 4\n", 1, &e), GNEST_ERR_OUT_OF_RANGE,
               "vertex id 4 is outside the 3 vertices declared", 2);
  /* only that form, only before the first data line */
  cr_assert_eq(parse_el("0 1\n# gnest edge list: 9 vertices, 1 arcs\n", 0, &e), GNEST_OK);
  cr_assert_eq(e.n, 2);
  gn_edges_free(&e);
  cr_assert_eq(parse_el("# gnest edge list: 9 vertices\n0 1\n", 0, &e), GNEST_OK);
  cr_assert_eq(e.n, 2);
  gn_edges_free(&e);
  cr_assert_eq(parse_el("# gnest edge list: 9 vertices, 1 arcsx\n0 1\n", 0, &e), GNEST_OK);
  cr_assert_eq(e.n, 2);
  gn_edges_free(&e);
  expect_error(parse_el("# gnest edge list: 9 vertices, 0 arcsx\n", 0, &e), GNEST_ERR_PARSE, "no edges", 0);
}

/* ---------------------------------------------------------------------------------------------
 * Tree files
 * ------------------------------------------------------------------------------------------- */
static gnest_status parse_tree(const char *text, int32_t *n, int32_t **parent) {
  return gn_parse_tree(ctx, "t.tree", text, strlen(text), n, parent);
}

Test(io, tree_valid_and_round_trip) {
  int32_t n, *parent;
  cr_assert_eq(parse_tree("# a tree\n% another comment\n4\n-1 0 0\n# inside\n1\n", &n, &parent), GNEST_OK);
  cr_assert_eq(n, 4);
  int32_t want[] = {-1, 0, 0, 1};
  for (int i = 0; i < 4; i++) cr_assert_eq(parent[i], want[i]);
  const char *p = tmp_path("t.tree");
  cr_assert_eq(gn_write_tree(ctx, p, n, parent), GNEST_OK);
  free(parent);
  gn_buffer b;
  cr_assert_eq(gn_read_file(ctx, p, &b), GNEST_OK);
  cr_assert_eq(gn_parse_tree(ctx, p, b.data, b.size, &n, &parent), GNEST_OK);
  cr_assert_eq(n, 4);
  for (int i = 0; i < 4; i++) cr_assert_eq(parent[i], want[i]);
  free(parent);
  gn_buffer_free(&b);
}

/* A .tree file loaded as a graph is named for what it is; an explicit format still parses it. */
Test(io, tree_file_loaded_as_a_graph) {
  gn_csr c;
  const char *tree = write_text("t.tree", "3\n-1 0 0\n");
  expect_error(gn_load_csr(ctx, tree, NULL, &c), GNEST_ERR_UNSUPPORTED_FORMAT,
               "a tree file (a node count, then the parent ids), not a graph: load it with gnest_tree_load", 0);
  expect_error(gn_load_csr(ctx, write_gzip("t.TREE.gz", "3\n-1 0 0\n"), NULL, &c), GNEST_ERR_UNSUPPORTED_FORMAT,
               "a tree file", 0);
  gnest_load_options o = defaults();
  o.format = GNEST_FORMAT_EDGELIST;
  expect_error(gn_load_csr(ctx, tree, &o, &c), GNEST_ERR_PARSE, "expected 2 or 3 columns", 1);
}

Test(io, tree_errors) {
  int32_t n, *parent;
  expect_error(parse_tree("", &n, &parent), GNEST_ERR_PARSE, "empty file", 0);
  expect_error(parse_tree("4\n-1 0 0\n", &n, &parent), GNEST_ERR_PARSE, "expected 4 parent ids, found 3", 3);
  cr_assert_null(parent);
  expect_error(parse_tree("3\n-1 0\n5\n", &n, &parent), GNEST_ERR_OUT_OF_RANGE, "parent id 5 out of range", 3);
  expect_error(parse_tree("3\n-1 -2 0\n", &n, &parent), GNEST_ERR_OUT_OF_RANGE, "parent id -2 out of range", 2);
  expect_error(parse_tree("3\n-1 0 3\n", &n, &parent), GNEST_ERR_OUT_OF_RANGE, "[0, 3)", 2);
  expect_error(parse_tree("2\n-1 0 0\n", &n, &parent), GNEST_ERR_PARSE, "more than the 2 parent ids", 2);
  expect_error(parse_tree("-2\n", &n, &parent), GNEST_ERR_PARSE, "negative node count -2", 1);
  expect_error(parse_tree("three\n", &n, &parent), GNEST_ERR_PARSE, "expected the node count, found 'three'", 1);
  expect_error(parse_tree("2\n-1 x\n", &n, &parent), GNEST_ERR_PARSE, "expected a parent id", 2);
  expect_error(parse_tree("4000000000\n-1\n", &n, &parent), GNEST_ERR_TOO_LARGE, "fewer than 2^31", 1);
  expect_error(parse_tree("1000000000\n-1\n", &n, &parent), GNEST_ERR_PARSE,
               "declares 1000000000 nodes but only 4 bytes follow", 1);
}

/* ---------------------------------------------------------------------------------------------
 * A UTF-8 byte order mark (EF BB BF), as some editors write it, starts any text format
 * ------------------------------------------------------------------------------------------- */
#define BOM "\xEF\xBB\xBF"

Test(io, utf8_bom_is_skipped_by_every_text_parser) {
  gn_edges e;
  cr_assert_eq(parse_mtx(BOM "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", &e), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  cr_assert(e.n == 2 && e.m == 1 && e.src[0] == 0 && e.dst[0] == 1);
  gn_edges_free(&e);
  cr_assert_eq(parse_dimacs(BOM "c road\np sp 2 1\na 1 2 7\n", &e), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(e.n == 2 && e.m == 1 && e.w[0] == 7.0);
  gn_edges_free(&e);
  cr_assert_eq(parse_el(BOM "0 1\n1 2\n", 0, &e), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(e.n == 3 && e.m == 2 && e.src[0] == 0);
  gn_edges_free(&e);
  cr_assert_eq(parse_el(BOM "# gnest edge list: 4 vertices, 1 arcs\n0 1\n", 0, &e), GNEST_OK);
  cr_assert_eq(e.n, 4);
  gn_edges_free(&e);
  int32_t n, *parent;
  cr_assert_eq(parse_tree(BOM "2\n-1 0\n", &n, &parent), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(n == 2 && parent[0] == -1 && parent[1] == 0);
  free(parent);
  /* only at the very start: elsewhere it is still a bad token, on its own line */
  expect_error(parse_el("0 1\n" BOM "1 2\n", 0, &e), GNEST_ERR_PARSE, "expected a vertex id", 2);
}

Test(io, utf8_bom_does_not_hide_the_format_from_detection) {
  gn_csr c;
  const char *mtx = write_text("bom-mtx.graph", BOM "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 3\n");
  cr_assert_eq(gn_load_csr(ctx, mtx, NULL, &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(c.n == 3 && c.m == 1 && c.cols[0] == 2);
  gn_csr_free(&c);
  const char *gr = write_text("bom-gr.graph", BOM "p sp 3 1\na 1 3 5\n");
  cr_assert_eq(gn_load_csr(ctx, gr, NULL, &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(c.n == 3 && c.m == 1 && c.cols[0] == 2 && c.weights[0] == 5.0);
  gn_csr_free(&c);
}

/* ---------------------------------------------------------------------------------------------
 * CSR builder
 * ------------------------------------------------------------------------------------------- */
static int32_t b_src[] = {0, 0, 1, 2, 1}, b_dst[] = {1, 1, 1, 0, 0};
static double b_w[] = {3, 1, 2, 4, 9};
static gn_edges builder_edges(void) {
  gn_edges e = {3, 5, b_src, b_dst, b_w, 0};
  return e;
}

Test(io, csr_default_merges_keeping_min_weight) {
  gn_edges e = builder_edges();
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  int64_t off[] = {0, 1, 3, 4};
  int32_t cols[] = {1, 0, 1, 0};
  double w[] = {1, 9, 2, 4};
  expect_csr(&c, 3, 4, off, cols, w);
  cr_assert(c.sorted && c.merged && !c.symmetric);
  gn_csr_free(&c);
}

Test(io, csr_symmetrize) {
  gn_edges e = builder_edges();
  gnest_load_options o = defaults();
  o.symmetrize = 1;
  gn_csr c;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  int64_t off[] = {0, 2, 4, 5};
  int32_t cols[] = {1, 2, 0, 1, 0};
  double w[] = {1, 4, 1, 2, 4};
  expect_csr(&c, 3, 5, off, cols, w);
  cr_assert_eq(c.symmetric, 1);
  gn_csr_free(&c);
}

Test(io, csr_drop_self_loops) {
  gn_edges e = builder_edges();
  gnest_load_options o = defaults();
  o.drop_self_loops = 1;
  gn_csr c;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  int64_t off[] = {0, 1, 2, 3};
  int32_t cols[] = {1, 0, 0};
  double w[] = {1, 9, 4};
  expect_csr(&c, 3, 3, off, cols, w);
  gn_csr_free(&c);
}

Test(io, csr_keep_input_order_or_sort_only) {
  gn_edges e = builder_edges();
  gnest_load_options o = defaults();
  o.merge_duplicates = 0;
  o.sort_adjacency = 0;
  gn_csr c;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  int64_t off[] = {0, 2, 4, 5};
  int32_t cols[] = {1, 1, 1, 0, 0};
  double w[] = {3, 1, 2, 9, 4};
  expect_csr(&c, 3, 5, off, cols, w);
  cr_assert(!c.sorted && !c.merged);
  gn_csr_free(&c);
  o.sort_adjacency = 1;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  int32_t sorted_cols[] = {1, 1, 0, 1, 0};
  double sorted_w[] = {3, 1, 9, 2, 4}; /* stable: equal columns keep their input order */
  expect_csr(&c, 3, 5, off, sorted_cols, sorted_w);
  cr_assert(c.sorted && !c.merged);
  gn_csr_free(&c);
}

Test(io, csr_rejects_bad_edges) {
  int32_t s[] = {0, 3}, d[] = {1, 0};
  gn_edges e = {3, 2, s, d, NULL, 0};
  gn_csr c;
  expect_error(gn_csr_build(ctx, "src.txt", &e, NULL, &c), GNEST_ERR_OUT_OF_RANGE, "edge 1 (3 -> 0) has a vertex outside [0, 3)", 0);
  cr_assert_null(c.offsets);
  gn_edges neg = {-1, 0, NULL, NULL, NULL, 0};
  expect_error(gn_csr_build(ctx, "x", &neg, NULL, &c), GNEST_ERR_INVALID_ARGUMENT, "negative", 0);
}

typedef struct ref_arc { int32_t s, d; double w; int64_t order; } ref_arc;

static int cmp_ref(const void *a, const void *b) {
  const ref_arc *x = a, *y = b;
  if (x->s != y->s) return x->s < y->s ? -1 : 1;
  if (x->d != y->d) return x->d < y->d ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order; /* stable: input order */
}

/* Random edges (sources drawn from [0, sources)), built with the options, against a reference
 * made with qsort: lists sorted by column, equal columns in input order, or merged to their
 * minimum weight. Large m exercises the cache-blocked builder, small m the direct one. */
static void check_build(int32_t n, int64_t m, int32_t sources, int symmetrize, int merge) {
  int32_t *s = malloc(sizeof(int32_t) * m), *d = malloc(sizeof(int32_t) * m);
  double *w = malloc(sizeof(double) * m);
  ref_arc *ref = malloc(sizeof(ref_arc) * 2 * m);
  int64_t arcs = 0;
  uint64_t x = 12345;
  for (int64_t i = 0; i < m; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    s[i] = (int32_t)((x >> 33) % (uint64_t)sources);
    d[i] = (int32_t)((x >> 13) % (uint64_t)n);
    w[i] = (double)((x >> 50) % 100);
    ref[arcs] = (ref_arc){s[i], d[i], w[i], arcs};
    arcs++;
    if (symmetrize && s[i] != d[i]) {
      ref[arcs] = (ref_arc){d[i], s[i], w[i], arcs};
      arcs++;
    }
  }
  qsort(ref, (size_t)arcs, sizeof *ref, cmp_ref);
  gn_edges e = {n, m, s, d, w, 0};
  gnest_load_options o = defaults();
  o.symmetrize = symmetrize;
  o.merge_duplicates = merge;
  gn_csr c;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  cr_assert(c.sorted && c.merged == merge && c.symmetric == symmetrize);
  int64_t k = 0;
  for (int64_t i = 0; i < arcs; i++) {
    int same_as_previous = i > 0 && ref[i].s == ref[i - 1].s && ref[i].d == ref[i - 1].d;
    if (merge && same_as_previous) continue;
    cr_assert(k >= c.offsets[ref[i].s] && k < c.offsets[ref[i].s + 1], "arc %lld not in list %d", (long long)k, ref[i].s);
    cr_assert_eq(c.cols[k], ref[i].d, "arc %lld", (long long)k);
    if (!merge) cr_assert_eq(c.weights[k], ref[i].w, "arc %lld", (long long)k);
    k++;
  }
  cr_assert_eq(c.m, k);
  if (merge) /* the kept weight is the minimum of its run */
    for (int64_t i = 0, j = -1; i < arcs; i++) {
      if (i == 0 || ref[i].s != ref[i - 1].s || ref[i].d != ref[i - 1].d) {
        j++;
        double best = ref[i].w;
        for (int64_t t = i + 1; t < arcs && ref[t].s == ref[i].s && ref[t].d == ref[i].d; t++)
          if (ref[t].w < best) best = ref[t].w;
        cr_assert_eq(c.weights[j], best, "arc %lld", (long long)j);
      }
    }
  gn_csr_free(&c);
  free(s); free(d); free(w); free(ref);
}

Test(io, csr_long_lists_sorted_and_merged) { check_build(70000, 200000, 5, 0, 1); }
Test(io, csr_long_lists_sorted_stable) { check_build(70000, 200000, 5, 1, 0); }

/* The cache-blocked builder (used from gn_csr_blocked_min_arcs arcs) must give the same CSR. */
Test(io, csr_blocked_builder_merged) {
  gn_csr_blocked_min_arcs = 1;
  check_build(1000000, 300000, 1000000, 1, 1);
}
Test(io, csr_blocked_builder_sorted_stable) {
  gn_csr_blocked_min_arcs = 1;
  check_build(300000, 400000, 300000, 0, 0);
}
Test(io, csr_blocked_builder_skewed) { /* nearly everything in one bucket */
  gn_csr_blocked_min_arcs = 1;
  check_build(50000, 300000, 3, 0, 1);
}
/* Rounds of buckets (keys that do not fit in memory at once): the same CSR, whatever the round's
 * size, down to a bucket's; a bucket larger than a round takes the direct build. */
Test(io, csr_blocked_builder_in_rounds) {
  gn_csr_blocked_min_arcs = 1;
  const int64_t rounds[] = {700, 5000, 100000};
  for (size_t r = 0; r < sizeof rounds / sizeof rounds[0]; r++) {
    gn_csr_blocked_round_arcs = rounds[r];
    check_build(300000, 200000, 300000, 1, 1);
    check_build(300000, 200000, 300000, 0, 0);
  }
  gn_csr_blocked_round_arcs = 50; /* below one bucket: the direct build */
  check_build(300000, 200000, 300000, 1, 0);
  gn_csr_blocked_round_arcs = 0;
}

Test(io, csr_blocked_builder_input_order) {
  gn_csr_blocked_min_arcs = 1;
  gn_edges e = builder_edges();
  gnest_load_options o = defaults();
  o.merge_duplicates = 0;
  o.sort_adjacency = 0;
  gn_csr c;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  int64_t off[] = {0, 2, 4, 5};
  int32_t cols[] = {1, 1, 1, 0, 0};
  double w[] = {3, 1, 2, 9, 4};
  expect_csr(&c, 3, 5, off, cols, w);
  gn_csr_free(&c);
  o.symmetrize = 1;
  o.merge_duplicates = 1;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  int64_t off2[] = {0, 2, 4, 5};
  int32_t cols2[] = {1, 2, 0, 1, 0};
  double w2[] = {1, 4, 1, 2, 4};
  expect_csr(&c, 3, 5, off2, cols2, w2);
  gn_csr_free(&c);
}

/* The blocked builder runs on GNEST_THREADS host threads; the CSR must not depend on how many:
 * every option set, against one thread, for 2, 3 and 7 (more threads than the 2-core box has). */
static void build_with_threads(const gn_edges *e, gnest_load_options o, const char *threads, gn_csr *c) {
  setenv("GNEST_THREADS", threads, 1);
  cr_assert_eq(build(e, o, c), GNEST_OK, "%s threads: %s", threads, gnest_last_error_string(ctx));
  unsetenv("GNEST_THREADS");
}

Test(io, csr_blocked_builder_same_for_any_thread_count) {
  gn_csr_blocked_min_arcs = 1;
  const int64_t m = 250001;
  int32_t *s = malloc(sizeof(int32_t) * m), *d = malloc(sizeof(int32_t) * m);
  double *w = malloc(sizeof(double) * m);
  cr_assert(s && d && w);
  uint64_t x = 7;
  for (int64_t i = 0; i < m; i++) { /* skewed sources: a few hubs, many loops and duplicates */
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    s[i] = (int32_t)((x >> 33) % 4 == 0 ? (x >> 20) % 8 : (x >> 35) % 90000);
    d[i] = (int32_t)((x >> 13) % 90000);
    w[i] = (double)((x >> 50) % 100);
  }
  const gn_edges e = {90000, m, s, d, w, 0};
  for (int opt = 0; opt < 8; opt++) {
    gnest_load_options o = defaults();
    o.symmetrize = opt & 1;
    o.merge_duplicates = (opt >> 1) & 1;
    o.sort_adjacency = (opt >> 2) & 1;
    o.drop_self_loops = opt == 5;
    gn_csr one, many;
    build_with_threads(&e, o, "1", &one);
    const char *counts[] = {"2", "3", "7"};
    for (size_t k = 0; k < 3; k++) {
      build_with_threads(&e, o, counts[k], &many);
      cr_assert_eq(many.m, one.m, "options %d, %s threads", opt, counts[k]);
      cr_assert_eq(many.sorted, one.sorted);
      cr_assert_arr_eq(many.offsets, one.offsets, sizeof(int64_t) * (size_t)(e.n + 1), "options %d", opt);
      cr_assert_arr_eq(many.cols, one.cols, sizeof(int32_t) * (size_t)one.m, "options %d", opt);
      cr_assert_arr_eq(many.weights, one.weights, sizeof(double) * (size_t)one.m, "options %d", opt);
      gn_csr_free(&many);
    }
    gn_csr_free(&one);
  }
  /* Bad endpoints in several chunks: the first one of the input is named, as by the direct build. */
  d[200000] = 90000;
  d[100000] = -1;
  setenv("GNEST_THREADS", "4", 1);
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_ERR_OUT_OF_RANGE);
  unsetenv("GNEST_THREADS");
  char want[128];
  snprintf(want, sizeof want, "edge 100000 (%d -> -1) has a vertex outside [0, 90000)", s[100000]);
  cr_assert_not_null(strstr(gnest_last_error_string(ctx), want), "%s", gnest_last_error_string(ctx));
  free(s);
  free(d);
  free(w);
}

/* ---------------------------------------------------------------------------------------------
 * Binary cache
 * ------------------------------------------------------------------------------------------- */
static void expect_same_csr(const gn_csr *a, const gn_csr *b) {
  cr_assert_eq(a->n, b->n);
  cr_assert_eq(a->m, b->m);
  cr_assert_eq(memcmp(a->offsets, b->offsets, ((size_t)a->n + 1) * 8), 0);
  cr_assert_eq(memcmp(a->cols, b->cols, (size_t)a->m * 4), 0);
  cr_assert_eq(!a->weights, !b->weights);
  if (a->weights) cr_assert_eq(memcmp(a->weights, b->weights, (size_t)a->m * 4), 0);
  cr_assert(a->sorted == b->sorted && a->merged == b->merged && a->symmetric == b->symmetric);
}

/* A CSR big enough to span several 1 MiB checksum chunks and reader threads. */
static void big_csr(gn_csr *c, int weighted) {
  const int32_t n = 300000;
  const int64_t m = 2000000;
  int32_t *s = malloc(sizeof(int32_t) * m), *d = malloc(sizeof(int32_t) * m);
  double *w = weighted ? malloc(sizeof(double) * m) : NULL;
  for (int64_t i = 0; i < m; i++) {
    s[i] = (int32_t)((i * 7919) % n);
    d[i] = (int32_t)((i * 104729 + 13) % n);
    if (w) w[i] = (double)(i % 1000) / 8;
  }
  gn_edges e = {n, m, s, d, w, 0};
  gnest_load_options o = defaults();
  o.symmetrize = 1;
  cr_assert_eq(build(&e, o, c), GNEST_OK);
  free(s); free(d); free(w);
}

Test(io, binary_round_trip) {
  for (int weighted = 0; weighted < 2; weighted++) {
    gn_csr c, r;
    big_csr(&c, weighted);
    const char *p = tmp_path(weighted ? "w.gnest" : "u.gnest");
    cr_assert_eq(gn_binary_write(ctx, p, &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
    cr_assert_eq(gn_binary_read(ctx, p, &r), GNEST_OK, "%s", gnest_last_error_string(ctx));
    expect_same_csr(&c, &r);
    gn_csr_free(&r);
    gn_csr l;
    cr_assert_eq(gn_load_csr(ctx, p, NULL, &l), GNEST_OK); /* by extension */
    expect_same_csr(&c, &l);
    gn_csr_free(&l);
    gn_csr_free(&c);
  }
}

Test(io, binary_small_compressed_and_sniffed) {
  gn_edges e = builder_edges();
  gn_csr c, r;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  const char *gz = tmp_path("small.gnest.gz");
  cr_assert_eq(gn_binary_write(ctx, gz, &c), GNEST_OK);
  cr_assert_eq(gn_load_csr(ctx, gz, NULL, &r), GNEST_OK, "%s", gnest_last_error_string(ctx));
  expect_same_csr(&c, &r);
  gn_csr_free(&r);
  const char *dat = tmp_path("small.dat"); /* no known extension: the magic tells */
  cr_assert_eq(gn_binary_write(ctx, dat, &c), GNEST_OK);
  cr_assert_eq(gn_load_csr(ctx, dat, NULL, &r), GNEST_OK, "%s", gnest_last_error_string(ctx));
  expect_same_csr(&c, &r);
  gn_csr_free(&r);
  gn_csr empty = {0};
  int64_t zero = 0;
  empty.offsets = &zero;
  cr_assert_eq(gn_binary_write(ctx, tmp_path("empty.gnest"), &empty), GNEST_OK);
  cr_assert_eq(gn_binary_read(ctx, paths[(next_path - 1) % 16], &r), GNEST_OK);
  cr_assert(r.n == 0 && r.m == 0 && !r.weights);
  gn_csr_free(&r);
  gn_csr_free(&c);
}

/* Row slices read in place: consecutive slices put back together are the whole graph (offsets
 * rebased, columns in the whole graph's ids, weights), weighted or not; empty slices; bad ranges
 * and compressed files refused; a corrupt column inside the slice found. */
static void expect_slice(const gn_csr *c, const char *path, int32_t first, int32_t last) {
  gn_csr_rows r;
  cr_assert_eq(gn_binary_read_rows(ctx, path, first, last, &r), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert(r.n_total == c->n && r.first == first && r.last == last);
  const int64_t base = c->offsets[first];
  cr_assert_eq(r.m, c->offsets[last] - base);
  for (int32_t i = 0; i <= last - first; i++) cr_assert_eq(r.offsets[i], c->offsets[first + i] - base);
  if (r.m) cr_assert_eq(memcmp(r.cols, c->cols + base, (size_t)r.m * sizeof(int32_t)), 0);
  cr_assert_eq(!r.weights, !c->weights);
  if (r.weights && r.m) cr_assert_eq(memcmp(r.weights, c->weights + base, (size_t)r.m * sizeof(double)), 0);
  gn_csr_rows_free(&r);
}

Test(io, binary_row_slices) {
  for (int weighted = 0; weighted < 2; weighted++) {
    gn_csr c;
    big_csr(&c, weighted);
    const char *p = tmp_path(weighted ? "slices-w.gnest" : "slices.gnest");
    cr_assert_eq(gn_binary_write(ctx, p, &c), GNEST_OK);
    const int32_t cuts[] = {0, 1, 77777, 150000, 299999, c.n};
    for (size_t i = 0; i + 1 < sizeof cuts / sizeof cuts[0]; i++) expect_slice(&c, p, cuts[i], cuts[i + 1]);
    expect_slice(&c, p, 5000, 5000);
    expect_slice(&c, p, 0, c.n);
    gn_csr_rows r;
    expect_error(gn_binary_read_rows(ctx, p, 10, 9, &r), GNEST_ERR_OUT_OF_RANGE, "rows 10..9", 0);
    expect_error(gn_binary_read_rows(ctx, p, 0, c.n + 1, &r), GNEST_ERR_OUT_OF_RANGE,
                 "not within the 300000", 0);
    expect_error(gn_binary_read_rows(ctx, p, -1, 3, &r), GNEST_ERR_OUT_OF_RANGE, "rows -1..3", 0);
    gn_csr_free(&c);
  }
  gn_csr c;
  big_csr(&c, 0);
  const char *gz = tmp_path("slices.gnest.gz");
  cr_assert_eq(gn_binary_write(ctx, gz, &c), GNEST_OK);
  gn_csr_rows r;
  expect_error(gn_binary_read_rows(ctx, gz, 0, 3, &r), GNEST_ERR_INVALID_ARGUMENT, "uncompressed", 0);
  /* a column of row 100 beyond n, written in place (the checksum no longer matches, and a slice
   * does not read it): the slice with row 100 says so, one without it reads fine */
  const char *p = tmp_path("slices-bad.gnest");
  cr_assert_eq(gn_binary_write(ctx, p, &c), GNEST_OK);
  size_t len;
  char *b = slurp(p, &len);
  const int32_t huge = c.n + 5;
  memcpy(b + 64 + ((size_t)c.n + 1) * 8 + (size_t)c.offsets[100] * 4, &huge, sizeof huge);
  write_bytes("slices-bad.gnest", b, len);
  free(b);
  expect_error(gn_binary_read_rows(ctx, p, 50, 150, &r), GNEST_ERR_OUT_OF_RANGE, "rows 50..150", 0);
  cr_assert_eq(gn_binary_read_rows(ctx, p, 101, 200, &r), GNEST_OK);
  gn_csr_rows_free(&r);
  gn_csr_free(&c);
}

/* A version-1 cache (float weights): a slice widens them exactly. The file is made from a
 * version-2 one (its checksum is left stale: a slice does not read it). */
Test(io, binary_row_slice_of_float_weights) {
  gn_csr c;
  big_csr(&c, 1); /* weights k / 8: exact in float */
  const char *p2 = tmp_path("v2.gnest");
  cr_assert_eq(gn_binary_write(ctx, p2, &c), GNEST_OK);
  size_t len;
  char *b = slurp(p2, &len);
  const size_t before = 64 + ((size_t)c.n + 1) * 8 + (size_t)c.m * 4;
  char *v1 = malloc(before + (size_t)c.m * 4 + 8);
  cr_assert(v1);
  memcpy(v1, b, before);
  v1[8] = 1; /* format version 1 */
  for (int64_t i = 0; i < c.m; i++) {
    const float f = (float)c.weights[i];
    memcpy(v1 + before + (size_t)i * 4, &f, 4);
  }
  memset(v1 + before + (size_t)c.m * 4, 0, 8);
  const char *p1 = write_bytes("v1.gnest", v1, before + (size_t)c.m * 4 + 8);
  free(v1);
  free(b);
  expect_slice(&c, p1, 1000, 2000);
  gn_csr_free(&c);
}

/* Writes a cache, lets edit change its bytes, returns the path. */
static const char *edited_cache(const char *name, void (*edit)(char *, size_t *)) {
  gn_csr c;
  big_csr(&c, 1);
  const char *p = tmp_path(name);
  cr_assert_eq(gn_binary_write(ctx, p, &c), GNEST_OK);
  gn_csr_free(&c);
  size_t len;
  char *b = slurp(p, &len);
  edit(b, &len);
  write_bytes(name, b, len);
  free(b);
  return p;
}

static void flip_column_byte(char *b, size_t *len) { b[*len / 2] ^= 0x01; }
static void flip_offsets_byte(char *b, size_t *len) { (void)len; b[64 + 8 * 1000] ^= 0x10; }
static void bump_version(char *b, size_t *len) { (void)len; b[8] = 3; }
static void cut_tail(char *b, size_t *len) { (void)b; *len -= 10; }
static void cut_header(char *b, size_t *len) { (void)b; *len = 20; }
static void break_magic(char *b, size_t *len) { (void)len; b[0] = 'X'; }

Test(io, binary_corrupted_checksum) {
  gn_csr r;
  expect_error(gn_binary_read(ctx, edited_cache("a.gnest", flip_column_byte), &r), GNEST_ERR_CHECKSUM,
               "checksum mismatch", 0);
  cr_assert_null(r.offsets);
  expect_error(gn_binary_read(ctx, edited_cache("b.gnest", flip_offsets_byte), &r), GNEST_ERR_CHECKSUM,
               "checksum mismatch", 0);
}

Test(io, binary_wrong_version) {
  gn_csr r;
  expect_error(gn_binary_read(ctx, edited_cache("v.gnest", bump_version), &r), GNEST_ERR_CHECKSUM,
               "format version 3, this gnest reads versions 1 and 2", 0);
}

Test(io, binary_truncated_or_not_a_cache) {
  gn_csr r;
  expect_error(gn_binary_read(ctx, edited_cache("t.gnest", cut_tail), &r), GNEST_ERR_PARSE, "truncated binary cache", 0);
  expect_error(gn_binary_read(ctx, edited_cache("h.gnest", cut_header), &r), GNEST_ERR_PARSE,
               "shorter than its 64-byte header", 0);
  expect_error(gn_binary_read(ctx, edited_cache("m.gnest", break_magic), &r), GNEST_ERR_PARSE, "missing the magic", 0);
  expect_error(gn_binary_read(ctx, tmp_path("none.gnest"), &r), GNEST_ERR_IO, "cannot open", 0);
  expect_error(gn_binary_read(ctx, tmpdir, &r), GNEST_ERR_IO, "is a directory", 0);
}

/* Writes c with every flag claimed, reads it back. */
static void read_with_claimed_flags(const char *name, gn_csr *c, gn_csr *r) {
  c->sorted = c->merged = c->symmetric = 1;
  const char *p = tmp_path(name);
  cr_assert_eq(gn_binary_write(ctx, p, c), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(gn_binary_read(ctx, p, r), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert(r->n == c->n && r->m == c->m);
}

/* The flag checks of a cache of more than 2^20 arcs run on host threads, each over a share of
 * the rows (sorted) or of the arcs' targets (symmetric): a flaw anywhere is found whatever the
 * thread count. The graph: the ring of tests/common/ring_csr.h. */
static gn_csr ring_of(int32_t n, int64_t *off, int32_t *cols) {
  ring_csr(n, off, cols);
  gn_csr c = {0};
  c.n = n;
  c.m = off[n];
  c.offsets = off;
  c.cols = cols;
  return c;
}

Test(io, binary_flags_checked_on_threads) {
  const int32_t n = 160000; /* 1,280,000 arcs */
  int64_t *off = malloc(sizeof(int64_t) * (n + 1));
  int32_t *cols = malloc(sizeof(int32_t) * kRingDegree * (size_t)n);
  cr_assert(off && cols);
  const char *counts[] = {"1", "3", "7"};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    setenv("GNEST_THREADS", counts[i], 1);
    gn_csr c = ring_of(n, off, cols), r;
    read_with_claimed_flags("circ.gnest", &c, &r);
    cr_assert(r.sorted && r.merged && r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
    /* one arc of a row in the last share retargeted, 150000 -> 150004 to 150000 -> 150005: no
     * reverse arc, and row 150000 is still strictly increasing */
    const int64_t at = off[150000] + 7;
    cr_assert_eq(cols[at], 150004);
    cols[at] = 150005;
    read_with_claimed_flags("circ-asym.gnest", &c, &r);
    cr_assert(r.sorted && r.merged && !r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
    /* a duplicate in the middle (row 80000 lists 79996 twice, 79997 no more): rows still
     * sorted, not merged, and 79997 -> 80000 has no reverse */
    cols[at] = 150004;
    cols[off[80000] + 1] = cols[off[80000]];
    read_with_claimed_flags("circ-dup.gnest", &c, &r);
    cr_assert(r.sorted && !r.merged && !r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
    /* out of order near the end */
    c = ring_of(n, off, cols);
    cols[off[n - 2] + 3] = n - 1;
    read_with_claimed_flags("circ-unsorted.gnest", &c, &r);
    cr_assert(!r.sorted && !r.merged && !r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
  }
  unsetenv("GNEST_THREADS");
  free(off);
  free(cols);
}

/* The same on rows longer than the symmetry check scans (each thread finds its targets in a long
 * row by binary search): the complete bipartite graph K(1100, 1100), 2.4 M arcs, rows of 1,100. */
Test(io, binary_symmetry_checked_in_long_rows) {
  const int32_t side = 1100, n = 2 * side;
  const int64_t m = 2 * (int64_t)side * side;
  int64_t *off = malloc(sizeof(int64_t) * (n + 1));
  int32_t *cols = malloc(sizeof(int32_t) * (size_t)m);
  cr_assert(off && cols);
  const char *counts[] = {"1", "3", "7"};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    setenv("GNEST_THREADS", counts[i], 1);
    for (int32_t u = 0; u <= n; u++) off[u] = (int64_t)u * side;
    for (int32_t u = 0; u < n; u++)
      for (int32_t k = 0; k < side; k++) cols[off[u] + k] = (u < side ? side : 0) + k;
    gn_csr c = {0}, r;
    c.n = n;
    c.m = m;
    c.offsets = off;
    c.cols = cols;
    read_with_claimed_flags("kbip.gnest", &c, &r);
    cr_assert(r.sorted && r.merged && r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
    /* row 700 (left) lists 1100 + 500 no more but 1100 + 501 twice: sorted, not merged; and
     * 1600 -> 700 has no reverse */
    cols[off[700] + 500] = side + 501;
    read_with_claimed_flags("kbip-asym.gnest", &c, &r);
    cr_assert(r.sorted && !r.merged && !r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
    /* the right side's row 1900 without 333 (334 twice) */
    cols[off[700] + 500] = side + 500;
    cols[off[1900] + 333] = 334;
    read_with_claimed_flags("kbip-asym2.gnest", &c, &r);
    cr_assert(r.sorted && !r.merged && !r.symmetric, "%s threads", counts[i]);
    gn_csr_free(&r);
  }
  unsetenv("GNEST_THREADS");
  free(off);
  free(cols);
}

Test(io, binary_flags_are_verified) {
  gn_edges e = builder_edges();
  gnest_load_options o = defaults();
  gn_csr c, r;
  /* input order, duplicates: rows {1, 1}, {1, 0}, {0} */
  o.merge_duplicates = 0;
  o.sort_adjacency = 0;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  read_with_claimed_flags("unsorted.gnest", &c, &r);
  cr_assert(!r.sorted && !r.merged && !r.symmetric);
  gn_csr_free(&r);
  gn_csr_free(&c);
  /* sorted with a duplicate: rows {1, 1}, {0, 1}, {0}; 2 -> 0 has no 0 -> 2 */
  o.sort_adjacency = 1;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  read_with_claimed_flags("dup.gnest", &c, &r);
  cr_assert(r.sorted && !r.merged && !r.symmetric);
  gn_csr_free(&r);
  gn_csr_free(&c);
  /* sorted and merged, symmetric arcs but not weights */
  int64_t off[] = {0, 1, 2};
  int32_t cols[] = {1, 0};
  double w[] = {1, 2};
  gn_csr hand = {0};
  hand.n = 2;
  hand.m = 2;
  hand.offsets = off;
  hand.cols = cols;
  hand.weights = w;
  read_with_claimed_flags("weights.gnest", &hand, &r);
  cr_assert(r.sorted && r.merged && !r.symmetric);
  gn_csr_free(&r);
  w[1] = 1; /* now it is symmetric: the claim stands */
  read_with_claimed_flags("sym.gnest", &hand, &r);
  cr_assert(r.sorted && r.merged && r.symmetric);
  gn_csr_free(&r);
  /* the graph API answers from the verified flag (a wrong claim would be cached as true) */
  w[1] = 2;
  read_with_claimed_flags("api.gnest", &hand, &r);
  gn_csr_free(&r);
  gnest_graph *g;
  int symmetric = -1;
  cr_assert_eq(gnest_graph_load(ctx, paths[(next_path - 1) % 16], NULL, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(gnest_graph_is_symmetric(ctx, g, &symmetric), GNEST_OK);
  cr_assert_eq(symmetric, 0);
  gnest_graph_free(g);
}

Test(io, binary_huge_declared_size_fails_fast) {
  /* a header claiming 2^40 arcs in a 72-byte file: refused before allocating */
  char b[72] = "GNESTCSR";
  uint32_t v[2] = {1, 64};
  int64_t nm[2] = {1000, (int64_t)1 << 40};
  uint64_t bom = 0x0102030405060708ull;
  memcpy(b + 8, v, 8);
  memcpy(b + 16, nm, 16);
  memcpy(b + 40, &bom, 8);
  gn_csr r;
  expect_error(gn_binary_read(ctx, write_bytes("huge.gnest", b, sizeof b), &r), GNEST_ERR_PARSE,
               "truncated binary cache: n 1000 and m 1099511627776 need", 0);
}

/* ---------------------------------------------------------------------------------------------
 * Whole loads, format detection, writers
 * ------------------------------------------------------------------------------------------- */
static const char *kMtx = "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n";

Test(io, load_by_extension_compressed) {
  const char *names[] = {"g.mtx", "g.mtx.gz", "g.mtx.xz"};
  for (int i = 0; i < 3; i++) {
    const char *p = i == 0 ? write_text(names[i], kMtx) : i == 1 ? write_gzip(names[i], kMtx) : write_xz(names[i], kMtx);
    gn_csr c;
    cr_assert_eq(gn_load_csr(ctx, p, NULL, &c), GNEST_OK, "%s: %s", names[i], gnest_last_error_string(ctx));
    int64_t off[] = {0, 1, 3, 4};
    int32_t cols[] = {1, 0, 2, 1};
    expect_csr(&c, 3, 4, off, cols, NULL);
    cr_assert_eq(c.symmetric, 1);
    gn_csr_free(&c);
  }
}

Test(io, load_sniffs_unknown_extensions) {
  gn_csr c;
  cr_assert_eq(gn_load_csr(ctx, write_text("a.data", kMtx), NULL, &c), GNEST_OK);
  cr_assert_eq(c.m, 4);
  gn_csr_free(&c);
  cr_assert_eq(gn_load_csr(ctx, write_text("b.data", "c x\np sp 2 1\na 1 2 3\n"), NULL, &c), GNEST_OK);
  cr_assert(c.m == 1 && c.weights && c.weights[0] == 3.0);
  gn_csr_free(&c);
  cr_assert_eq(gn_load_csr(ctx, write_gzip("c.data.gz", "0 1\n1 2\n"), NULL, &c), GNEST_OK);
  cr_assert(c.n == 3 && c.m == 2 && !c.weights);
  gn_csr_free(&c);
  /* the extension wins over the content: an .mtx that is an edge list is a header error */
  expect_error(gn_load_csr(ctx, write_text("d.mtx", "0 1\n"), NULL, &c), GNEST_ERR_PARSE,
               "expected the Matrix Market header", 1);
  /* a forced format wins over the extension */
  gnest_load_options o = defaults();
  o.format = GNEST_FORMAT_EDGELIST;
  o.one_based = 1;
  cr_assert_eq(gn_load_csr(ctx, paths[(next_path - 1) % 16], &o, &c), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_eq(gn_load_csr(ctx, write_text("e.mtx", "1 2\n"), &o, &c), GNEST_OK);
  cr_assert(c.n == 2 && c.m == 1 && c.cols[0] == 1);
  gn_csr_free(&c);
}

Test(io, load_missing_file) {
  gn_csr c;
  expect_error(gn_load_csr(ctx, tmp_path("missing.mtx.xz"), NULL, &c), GNEST_ERR_IO,
               "cannot open: No such file or directory", 0);
  cr_assert_null(c.offsets);
}

Test(io, write_mtx_and_edgelist_round_trip) {
  gn_edges e = builder_edges();
  gnest_load_options o = defaults();
  o.merge_duplicates = 0;
  gn_csr c;
  cr_assert_eq(build(&e, o, &c), GNEST_OK);
  c.weights[0] = 0.1; /* a weight that needs all its digits */
  const char *names[] = {"w.mtx", "w.txt", "w.mtx.gz", "w.el.xz"};
  for (int i = 0; i < 4; i++) {
    const char *p = tmp_path(names[i]);
    gnest_status st = (i % 2 == 0) ? gn_write_mtx(ctx, p, &c) : gn_write_edgelist(ctx, p, &c);
    cr_assert_eq(st, GNEST_OK, "%s", gnest_last_error_string(ctx));
    gn_csr r;
    cr_assert_eq(gn_load_csr(ctx, p, &o, &r), GNEST_OK, "%s: %s", names[i], gnest_last_error_string(ctx));
    expect_same_csr(&c, &r);
    gn_csr_free(&r);
  }
  size_t len;
  char *text = slurp(paths[0], &len);
  cr_assert_not_null(strstr(text, "%%MatrixMarket matrix coordinate real general\n"));
  cr_assert_not_null(strstr(text, "\n3 3 5\n1 2 0.1\n1 2 1\n"));
  free(text);
  gn_csr_free(&c);
}

Test(io, write_edgelist_keeps_isolated_vertices_and_empty_graphs) {
  int32_t src[] = {0, 1}, dst[] = {1, 2};
  for (int weighted = 0; weighted < 2; weighted++) {
    double w[] = {0.5, 2};
    gn_edges e = {7, 2, src, dst, weighted ? w : NULL, 0}; /* 3..6 isolated */
    gn_csr c, r;
    cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
    const char *p = tmp_path(weighted ? "iso-w.el" : "iso.el");
    cr_assert_eq(gn_write_edgelist(ctx, p, &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
    cr_assert_eq(gn_load_csr(ctx, p, NULL, &r), GNEST_OK, "%s", gnest_last_error_string(ctx));
    expect_same_csr(&c, &r);
    gn_csr_free(&r);
    gn_csr_free(&c);
  }
  for (int32_t n = 0; n <= 4; n += 4) { /* no arcs, with and without vertices */
    gn_edges e = {n, 0, NULL, NULL, NULL, 0};
    gn_csr c, r;
    cr_assert_eq(build(&e, defaults(), &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
    const char *names[] = {"empty.el", "empty.el.gz"};
    for (int i = 0; i < 2; i++) {
      const char *p = tmp_path(names[i]);
      cr_assert_eq(gn_write_edgelist(ctx, p, &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
      cr_assert_eq(gn_load_csr(ctx, p, NULL, &r), GNEST_OK, "n %d, %s: %s", n, names[i], gnest_last_error_string(ctx));
      cr_assert(r.n == n && r.m == 0, "n %d m %lld, wanted %d 0", r.n, (long long)r.m, n);
      gn_csr_free(&r);
    }
    gn_csr_free(&c);
  }
}

Test(io, write_refuses_non_finite_weights) {
  gn_edges e = builder_edges();
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK); /* rows {1}, {0, 1}, {0} */
  c.weights[2] = INFINITY;
  expect_error(gn_write_edgelist(ctx, tmp_path("inf.el"), &c), GNEST_ERR_INVALID_INPUT,
               "arc 1 -> 1 has weight inf: text formats need finite weights", 0);
  expect_error(gn_write_mtx(ctx, tmp_path("inf.mtx.gz"), &c), GNEST_ERR_INVALID_INPUT,
               "arc 1 -> 1 has weight inf: text formats need finite weights", 0);
  c.weights[2] = 1;
  c.weights[0] = NAN;
  expect_error(gn_write_mtx(ctx, tmp_path("nan.mtx"), &c), GNEST_ERR_INVALID_INPUT,
               "arc 0 -> 1 has weight nan: text formats need finite weights", 0);
  c.weights[0] = -INFINITY;
  expect_error(gn_write_edgelist(ctx, tmp_path("ninf.txt"), &c), GNEST_ERR_INVALID_INPUT, "has weight -inf", 0);
  gn_csr_free(&c);
  /* no output, not even a temporary file */
  cr_assert_eq(entries_in_tmpdir(), 0);
}

Test(io, write_failure_leaves_no_file) {
  gn_edges e = builder_edges();
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  expect_error(gn_write_mtx(ctx, tmp_path("no/such/dir/x.mtx"), &c), GNEST_ERR_IO, "does not exist", 0);
  expect_error(gn_write_mtx(ctx, tmpdir, &c), GNEST_ERR_IO, "is a directory", 0);
  if (access("/dev/full", W_OK) == 0)
    expect_error(gn_binary_write(ctx, "/dev/full", &c), GNEST_ERR_IO, "No space left on device", 0);
  gn_csr_free(&c);
  /* nothing but the directory's own entries */
  cr_assert_eq(entries_in_tmpdir(), 0);
}

/* gnest_graph_write: each format it writes loads back as the same graph; the others, and NULL
 * arguments, are refused by name. */
Test(io, graph_write_formats_and_refusals) {
  const int32_t src[] = {0, 0, 1, 2}, dst[] = {1, 2, 2, 3};
  const double w[] = {0.1, 2, 3, 4};
  gnest_load_options o = defaults();
  gnest_graph *g = NULL, *back = NULL;
  cr_assert_eq(gnest_graph_from_edges(ctx, 5, 4, src, dst, w, &o, &g), GNEST_OK); /* 4 isolated */
  const gnest_format formats[] = {GNEST_FORMAT_MTX, GNEST_FORMAT_EDGELIST, GNEST_FORMAT_BINARY,
                                  GNEST_FORMAT_MTX};
  const char *names[] = {"gw.mtx", "gw.txt", "gw.gnest", "gw.mtx.gz"};
  const int64_t *off, *back_off;
  const int32_t *cols, *back_cols;
  const double *wts, *back_wts;
  gnest_graph_csr(g, &off, &cols, &wts);
  for (int i = 0; i < 4; i++) {
    const char *p = tmp_path(names[i]);
    cr_assert_eq(gnest_graph_write(ctx, g, p, formats[i]), GNEST_OK, "%s: %s", names[i],
                 gnest_last_error_string(ctx));
    cr_assert_eq(gnest_graph_load(ctx, p, &o, &back), GNEST_OK, "%s: %s", names[i],
                 gnest_last_error_string(ctx));
    cr_assert_eq(gnest_graph_num_vertices(back), 5, "%s", names[i]);
    cr_assert_eq(gnest_graph_num_edges(back), 4, "%s", names[i]);
    gnest_graph_csr(back, &back_off, &back_cols, &back_wts);
    cr_assert_arr_eq(back_off, off, 6 * sizeof *off, "%s", names[i]);
    cr_assert_arr_eq(back_cols, cols, 4 * sizeof *cols, "%s", names[i]);
    cr_assert_arr_eq(back_wts, wts, 4 * sizeof *wts, "%s", names[i]);
    gnest_graph_free(back);
  }
  size_t len;
  char *text = slurp(paths[0], &len);
  cr_assert_not_null(strstr(text, "%%MatrixMarket matrix coordinate real general\n"));
  free(text);
  expect_error(gnest_graph_write(ctx, g, tmp_path("gw.gr"), GNEST_FORMAT_DIMACS),
               GNEST_ERR_INVALID_ARGUMENT, "GNEST_FORMAT_DIMACS is not written: GNEST_FORMAT_MTX, "
               "GNEST_FORMAT_EDGELIST or GNEST_FORMAT_BINARY are", 0);
  expect_error(gnest_graph_write(ctx, g, tmp_path("gw.any"), GNEST_FORMAT_AUTO),
               GNEST_ERR_INVALID_ARGUMENT, "GNEST_FORMAT_AUTO is not written", 0);
  expect_error(gnest_graph_write(ctx, g, tmp_path("gw.any"), (gnest_format)9),
               GNEST_ERR_INVALID_ARGUMENT, "format 9 is not a gnest_format value", 0);
  expect_error(gnest_graph_write(ctx, NULL, tmp_path("gw.mtx"), GNEST_FORMAT_MTX),
               GNEST_ERR_INVALID_ARGUMENT, "graph is NULL", 0);
  expect_error(gnest_graph_write(ctx, g, NULL, GNEST_FORMAT_MTX), GNEST_ERR_INVALID_ARGUMENT,
               "path is NULL", 0);
  cr_assert_eq(gnest_graph_write(NULL, g, tmp_path("gw.mtx"), GNEST_FORMAT_MTX),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error(NULL)->message, "ctx is NULL");
  gnest_graph_free(g);
}

/* ---------------------------------------------------------------------------------------------
 * Output targets (gnest_output_*, and the library's writers through them): how each kind of path
 * is written
 * ------------------------------------------------------------------------------------------- */
/* Writes text to path through gnest_output; returns the commit's status. */
static gnest_status output_text(const char *path, const char *text) {
  gnest_output *o = NULL;
  FILE *f = NULL;
  gnest_status st = gnest_output_open(ctx, path, &o, &f);
  if (st != GNEST_OK) return st;
  fputs(text, f);
  return gnest_output_commit(o);
}

static void expect_text(const char *path, const char *text) {
  size_t len;
  char *got = slurp(path, &len);
  cr_expect_str_eq(got, text, "%s", path);
  free(got);
}

static unsigned mode_of(const char *path) {
  struct stat st;
  cr_assert_eq(stat(path, &st), 0, "%s", path);
  return st.st_mode & 07777;
}

Test(io, output_regular_file_keeps_its_mode) {
  const char *p = tmp_path("out.txt");
  cr_assert_eq(output_text(p, "one\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  expect_text(p, "one\n");
  cr_assert_eq(chmod(p, 0640), 0);
  cr_assert_eq(output_text(p, "two\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  expect_text(p, "two\n");
  cr_expect_eq(mode_of(p), 0640u);
  cr_assert_eq(chmod(p, 0444), 0); /* read-only: replaced, still read-only */
  cr_assert_eq(output_text(p, "three\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  expect_text(p, "three\n");
  cr_expect_eq(mode_of(p), 0444u);
  cr_expect_eq(entries_in_tmpdir(), 1, "a temporary was left behind");
}

Test(io, output_through_a_symlink_writes_its_target) {
  const char *target = write_text("target.txt", "old\n"), *link = tmp_path("link.txt");
  cr_assert_eq(chmod(target, 0600), 0);
  cr_assert_eq(symlink("target.txt", link), 0);
  cr_assert_eq(output_text(link, "new\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  struct stat st;
  cr_assert_eq(lstat(link, &st), 0);
  cr_expect(S_ISLNK(st.st_mode), "the link was replaced");
  expect_text(target, "new\n");
  cr_expect_eq(mode_of(target), 0600u);
  /* a dangling link: its target is created */
  const char *dangling = tmp_path("dangling"), *made = tmp_path("made.txt");
  cr_assert_eq(symlink("made.txt", dangling), 0);
  cr_assert_eq(output_text(dangling, "made\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(lstat(dangling, &st), 0);
  cr_expect(S_ISLNK(st.st_mode));
  expect_text(made, "made\n");
}

Test(io, output_to_a_device_node_writes_in_place) {
  if (geteuid() != 0) cr_skip_test("mknod needs CAP_MKNOD (run as root; CI does)");
  const char *node = tmp_path("null");
  if (mknod(node, S_IFCHR | 0666, makedev(1, 3)) != 0)
    cr_skip_test("mknod: %s (a container without CAP_MKNOD)", strerror(errno));
  gn_edges e = builder_edges();
  gn_csr c;
  cr_assert_eq(build(&e, defaults(), &c), GNEST_OK);
  cr_expect_eq(gn_write_mtx(ctx, node, &c), GNEST_OK, "%s", gnest_last_error_string(ctx));
  gn_csr_free(&c);
  cr_expect_eq(output_text(node, "x\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  struct stat st;
  cr_assert_eq(lstat(node, &st), 0);
  cr_expect(S_ISCHR(st.st_mode), "the device node was replaced");
  cr_expect_eq(st.st_rdev, makedev(1, 3));
  cr_expect_eq(entries_in_tmpdir(), 1);
}

Test(io, output_to_a_fifo_streams) {
  const char *fifo = tmp_path("fifo");
  cr_assert_eq(mkfifo(fifo, 0600), 0);
  pid_t reader = fork();
  cr_assert_geq(reader, 0);
  if (reader == 0) { /* the child reads the whole stream and compares */
    FILE *f = fopen(fifo, "r");
    char buf[64] = "";
    size_t got = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    buf[got] = '\0';
    _exit(strcmp(buf, "through a fifo\n") == 0 ? 0 : 1);
  }
  cr_expect_eq(output_text(fifo, "through a fifo\n"), GNEST_OK, "%s", gnest_last_error_string(ctx));
  int ws = 0;
  cr_assert_eq(waitpid(reader, &ws, 0), reader);
  cr_expect(WIFEXITED(ws) && WEXITSTATUS(ws) == 0, "the reader did not get the text");
  struct stat st;
  cr_assert_eq(lstat(fifo, &st), 0);
  cr_expect(S_ISFIFO(st.st_mode), "the FIFO was replaced");
}

Test(io, output_dash_is_standard_output) {
  const char *p = tmp_path("stdout.txt");
  fflush(stdout);
  int saved = dup(STDOUT_FILENO), fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  cr_assert(saved >= 0 && fd >= 0);
  dup2(fd, STDOUT_FILENO);
  close(fd);
  printf("before\n"); /* pending in stdout's buffer: comes first */
  gnest_status st = output_text("-", "dash\n");
  fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  cr_expect_eq(st, GNEST_OK, "%s", gnest_last_error_string(ctx));
  expect_text(p, "before\ndash\n");
}

/* A write that fails part-way (the file size limit, which binds root too) reports the error and
 * leaves the old file as it was, with no temporary. */
Test(io, output_failure_keeps_the_old_file) {
  const char *p = write_text("keep.txt", "old\n");
  pid_t child = fork();
  cr_assert_geq(child, 0);
  if (child == 0) {
    struct rlimit limit = {4096, 4096};
    signal(SIGXFSZ, SIG_IGN);
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(2);
    gnest_output *o = NULL;
    FILE *f = NULL;
    if (gnest_output_open(NULL, p, &o, &f) != GNEST_OK) _exit(3);
    for (int i = 0; i < 10000; i++) fputs("a line of the new output\n", f);
    gnest_status st = gnest_output_commit(o);
    _exit(st == GNEST_ERR_IO && strstr(gnest_last_error_string(NULL), "too large") ? 0 : 1);
  }
  int ws = 0;
  cr_assert_eq(waitpid(child, &ws, 0), child);
  cr_expect(WIFEXITED(ws) && WEXITSTATUS(ws) == 0, "the write did not fail with the size error");
  expect_text(p, "old\n");
  /* abandoned: the same */
  gnest_output *o = NULL;
  FILE *f = NULL;
  cr_assert_eq(gnest_output_open(ctx, p, &o, &f), GNEST_OK);
  fputs("never\n", f);
  gnest_output_abort(o);
  expect_text(p, "old\n");
  /* a stream that fails: /dev/full through a symlink; the link stays */
  const char *full = tmp_path("full");
  cr_assert_eq(symlink("/dev/full", full), 0);
  if (access("/dev/full", W_OK) == 0)
    expect_error(output_text(full, "x\n"), GNEST_ERR_IO, "No space left on device", 0);
  cr_expect_eq(entries_in_tmpdir(), 2);
}

Test(io, output_refuses_directories) {
  gnest_output *o = NULL;
  FILE *f = NULL;
  expect_error(gnest_output_open(ctx, tmpdir, &o, &f), GNEST_ERR_IO, "is a directory, not a file", 0);
  cr_expect_null(o);
  cr_expect_null(f);
  expect_error(gnest_output_open(ctx, tmp_path("none/x.txt"), &o, &f), GNEST_ERR_IO,
               "the directory", 0);
  cr_expect_not_null(strstr(gnest_last_error(ctx)->message, "none does not exist"));
  expect_error(gnest_output_open(ctx, "", &o, &f), GNEST_ERR_INVALID_ARGUMENT, "empty output path", 0);
  expect_error(gnest_output_open(ctx, tmp_path("x"), NULL, &f), GNEST_ERR_INVALID_ARGUMENT,
               "NULL out or stream", 0);
  cr_expect_eq(entries_in_tmpdir(), 0);
}

/* ---------------------------------------------------------------------------------------------
 * The real graphs in ../shared/data
 * ------------------------------------------------------------------------------------------- */
static int have_data(const char *name) {
  char p[256];
  snprintf(p, sizeof p, DATA_DIR "/%s", name);
  return access(p, R_OK) == 0;
}

static void load_real(const char *name, const gnest_load_options *o, gn_csr *c) {
  if (!have_data(name)) cr_skip_test("%s/%s is absent (a clone without ../shared)", DATA_DIR, name);
  char p[256];
  snprintf(p, sizeof p, DATA_DIR "/%s", name);
  cr_assert_eq(gn_load_csr(ctx, p, o, c), GNEST_OK, "%s", gnest_last_error_string(ctx));
}

Test(io, real_cnr_2000, .timeout = 60) {
  gn_csr c;
  load_real("cnr-2000.mtx.xz", NULL, &c);
  cr_assert_eq(c.n, 325557);
  cr_assert_eq(c.m, 3216152); /* no duplicates in the file */
  cr_assert(!c.symmetric && !c.weights);
  gn_csr_free(&c);
}

Test(io, real_usa_road_fla, .timeout = 60) {
  gn_csr c;
  load_real("USA-road-FLA.mtx.xz", NULL, &c);
  cr_assert_eq(c.n, 1070376);
  cr_assert_eq(c.m, 2 * 1343951);
  cr_assert_eq(c.symmetric, 1);
  gn_csr_free(&c);
}

Test(io, real_small_graphs) {
  gn_csr c;
  load_real("karate.mtx", NULL, &c);
  cr_assert(c.n == 34 && c.m == 156);
  gn_csr_free(&c);
  gnest_load_options o = defaults();
  o.merge_duplicates = 0;
  load_real("rome99.gr", &o, &c);
  cr_assert(c.n == 3353 && c.m == 8870 && c.weights);
  gn_csr_free(&c);
  load_real("rome99.gr", NULL, &c);
  cr_assert_eq(c.m, 8870 - 11); /* 11 parallel arcs merged */
  gn_csr_free(&c);
  load_real("email-Eu-core.csv", NULL, &c);
  cr_assert(c.n == 1005 && c.m == 25571 && c.weights && c.weights[0] == 1.0);
  gn_csr_free(&c);
  load_real("wiki-Vote.txt", NULL, &c); /* CRLF, TABs, '#' lines; ids up to 8297 */
  cr_assert(c.n == 8298 && c.m == 103689 && !c.weights);
  gn_csr_free(&c);
  load_real("USA-road-NY.mtx", NULL, &c);
  cr_assert(c.n == 264346 && c.m == 730100);
  gn_csr_free(&c);
  load_real("netscience.mtx", NULL, &c);
  cr_assert(c.n == 1589 && c.weights);
  gn_csr_free(&c);
}

/* ---------------------------------------------------------------------------------------------
 * refuse_negative_weights: the text loaders refuse a negative weight at its line, naming the ids
 * and the weight as the file writes them; without the option the file loads as before.
 * ------------------------------------------------------------------------------------------- */

/* Loads path with refuse_negative_weights and expects the refusal at line with message text,
 * then loads it without the option. */
static void expect_negative_refused(const char *path, gnest_load_options o, int64_t line,
                                    const char *text) {
  gnest_graph *g = NULL;
  o.refuse_negative_weights = 1;
  expect_error(gnest_graph_load(ctx, path, &o, &g), GNEST_ERR_INVALID_INPUT, text, line);
  cr_expect_eq(strcmp(gnest_last_error(ctx)->source, path), 0, "%s", gnest_last_error(ctx)->source);
  cr_expect_null(g);
  o.refuse_negative_weights = 0;
  cr_assert_eq(gnest_graph_load(ctx, path, &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_expect(gnest_graph_is_weighted(g));
  gnest_graph_free(g);
}

Test(io, negative_weight_refused_in_mtx_at_its_line) {
  const char *general = write_text("neg.mtx", "%%MatrixMarket matrix coordinate integer general\n"
                                              "% a comment\n6 6 3\n1 2 4\n\n3   5\t-2\n2 3 1\n");
  expect_negative_refused(general, defaults(), 6,
                          "arc 3 -> 5 has weight -2 (as written: '3   5\t-2'); "
                          "refuse_negative_weights asks for weights >= 0");
  /* a symmetric file: the entry as written, not its mirrored arc; symmetrize changes nothing */
  const char *sym = write_text("neg_sym.mtx", "%%MatrixMarket matrix coordinate real symmetric\n"
                                              "4 4 2\n2 1 1.5\n4 3 -1.25e-1\n");
  gnest_load_options o = defaults();
  o.symmetrize = 1;
  expect_negative_refused(sym, o, 4, "arc 4 -> 3 has weight -1.25e-1 (as written: '4 3 -1.25e-1')");
}

Test(io, negative_weight_refused_in_dimacs_at_its_line) {
  const char *gr =
      write_text("neg.gr", "c road\np sp 5 3\na 1 2 7\nc between\na 3 5 -2.5\na 2 3 1\n");
  expect_negative_refused(gr, defaults(), 5,
                          "arc 3 -> 5 has weight -2.5 (as written: 'a 3 5 -2.5')");
}

Test(io, negative_weight_refused_in_edge_lists_at_its_line) {
  const char *el = write_text("neg.txt", "# ids as written\n0 1 3\n2,4,-7 # after the weight\n");
  expect_negative_refused(el, defaults(), 3, "arc 2 -> 4 has weight -7 (as written: '2,4,-7')");
  /* 1-based ids are named as the file writes them, and a gzip file by its own lines */
  gnest_load_options o = defaults();
  o.one_based = 1;
  const char *gz = write_gzip("neg1.txt.gz", "1 2 0.5\n\n\n3 5 -0.001\n");
  expect_negative_refused(gz, o, 4, "arc 3 -> 5 has weight -0.001 (as written: '3 5 -0.001')");
}

/* Zero, negative zero and positive weights pass the option; so does an unweighted file. */
Test(io, refuse_negative_weights_passes_weights_at_least_zero) {
  gnest_load_options o = defaults();
  o.refuse_negative_weights = 1;
  gnest_graph *g = NULL;
  cr_assert_eq(gnest_graph_load(ctx, write_text("zero.txt", "0 1 0\n1 2 -0\n2 0 5\n"), &o, &g),
               GNEST_OK, "%s", gnest_last_error_string(ctx));
  gnest_graph_free(g);
  cr_assert_eq(gnest_graph_load(ctx, write_text("plain.txt", "0 1\n1 2\n"), &o, &g), GNEST_OK,
               "%s", gnest_last_error_string(ctx));
  gnest_graph_free(g);
}

/* A binary cache has no lines to name: it loads, and the algorithm's own check refuses it. */
Test(io, refuse_negative_weights_leaves_binary_caches_to_the_algorithm) {
  const char *cache = cache_of("neg", "0 1 -3\n");
  gnest_graph *g = NULL;
  gnest_load_options o = defaults();
  o.refuse_negative_weights = 1;
  cr_assert_eq(gnest_graph_load(ctx, cache, &o, &g), GNEST_OK, "%s", gnest_last_error_string(ctx));
  gnest_graph_free(g);
}
