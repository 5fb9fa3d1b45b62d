/* gnest-cli behaviour: every command on tiny hand-written inputs, exact --output contents, valid
 * --json, exit codes and the first line of stderr for every kind of failure. Runs bin/gnest-cli
 * (from the repository root); skips when it is not built. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <math.h>
#include <dlfcn.h>
#include <pty.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gnest.h"

#define CLI "bin/gnest-cli"
#define BENCH "bin/gnest-bench"

extern char **environ;

static char g_dir[64];

typedef struct run_out {
  int status; /* exit code, or 128 + signal */
  char *out, *err;
} run_out;

/* ---- fixtures ------------------------------------------------------------------------------ */

static void setup(void) {
  if (access(CLI, X_OK) != 0) cr_skip_test("%s is not built (run make)", CLI);
  strcpy(g_dir, "/tmp/gnest-cli-test-XXXXXX");
  cr_assert_not_null(mkdtemp(g_dir), "mkdtemp: %s", strerror(errno));
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st; (void)flag; (void)ftw;
  return remove(path);
}

static void teardown(void) {
  if (g_dir[0]) nftw(g_dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

TestSuite(cli, .init = setup, .fini = teardown);

/* ---- helpers ------------------------------------------------------------------------------- */

/* Path of name inside the test directory (8 rotating buffers). */
static const char *at(const char *name) {
  static char bufs[8][256];
  static int next = 0;
  char *p = bufs[next++ % 8];
  snprintf(p, 256, "%s/%s", g_dir, name);
  return p;
}

static const char *put(const char *name, const char *text) {
  const char *p = at(name);
  FILE *f = fopen(p, "w");
  cr_assert_not_null(f, "cannot create %s", p);
  fputs(text, f);
  fclose(f);
  return p;
}

/* Whole file, NUL-terminated; NULL when it does not exist. */
static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  size_t cap = 4096, len = 0, got;
  char *buf = malloc(cap);
  while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += got;
    if (cap - len < 2) buf = realloc(buf, cap *= 2);
  }
  buf[len] = '\0';
  fclose(f);
  return buf;
}

static int exists(const char *path) { return access(path, F_OK) == 0; }

/* Runs prog with argv (argv[0] = prog, NULL-terminated); stdout and stderr captured. With input
 * not NULL, standard input is a pipe that carries it, then ends; else the test's own. */
static run_out run_argv_input(const char *prog, const char **argv, const char *input) {
  char out_path[300], err_path[300];
  snprintf(out_path, sizeof out_path, "%s/.stdout", g_dir);
  snprintf(err_path, sizeof err_path, "%s/.stderr", g_dir);
  int pipe_fds[2] = {-1, -1};
  if (input) { /* written whole before the child starts (small inputs fit the pipe's buffer), so
                  a child that exits without reading cannot leave the write to a closed pipe */
    cr_assert_eq(pipe(pipe_fds), 0, "pipe: %s", strerror(errno));
    cr_assert_eq(write(pipe_fds[1], input, strlen(input)), (ssize_t)strlen(input));
    close(pipe_fds[1]);
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (input) {
    posix_spawn_file_actions_adddup2(&fa, pipe_fds[0], 0);
    posix_spawn_file_actions_addclose(&fa, pipe_fds[0]);
  }
  posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid;
  int rc = posix_spawn(&pid, prog, &fa, NULL, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  cr_assert_eq(rc, 0, "posix_spawn %s: %s", prog, strerror(rc));
  if (input) close(pipe_fds[0]);
  int ws = 0;
  cr_assert_eq(waitpid(pid, &ws, 0), pid);
  run_out r;
  r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  return r;
}

static run_out run_argv(const char *prog, const char **argv) {
  return run_argv_input(prog, argv, NULL);
}

/* Runs prog with the NULL-terminated arguments that follow it. */
static run_out run_prog(const char *prog, ...) {
  const char *argv[64];
  int argc = 0;
  argv[argc++] = prog;
  va_list ap;
  va_start(ap, prog);
  for (const char *a = va_arg(ap, const char *); a != NULL && argc < 63; a = va_arg(ap, const char *))
    argv[argc++] = a;
  va_end(ap);
  argv[argc] = NULL;
  return run_argv(prog, argv);
}

/* bin/gnest-cli and bin/gnest-bench with the NULL-terminated arguments. */
#define run_cli(...) run_prog(CLI, __VA_ARGS__)
#define run_bench(...) run_prog(BENCH, __VA_ARGS__)
/* bin/gnest-cli reading input through a pipe on its standard input (arguments NULL-terminated). */
#define run_cli_stdin(input, ...) run_argv_input(CLI, (const char *[]){CLI, __VA_ARGS__}, input)

static void run_free(run_out *r) {
  free(r->out);
  free(r->err);
}

/* The first line of stderr. A failure prints exactly one line there (no CPU notice). */
static const char *error_line(const run_out *r, char *buf, size_t size) {
  size_t len = strcspn(r->err, "\n");
  snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), r->err);
  cr_expect_eq(strchr(r->err, '\n') ? strchr(r->err, '\n')[1] : 0, '\0',
               "more than one line on stderr: %s", r->err);
  return buf;
}

static int count_lines(const char *s) {
  int n = 0;
  for (; *s; ++s) n += *s == '\n';
  return n;
}

/* ---- a small JSON validator (enough to say "this parses") ----------------------------------- */

static const char *json_value(const char *p);

static const char *json_ws(const char *p) {
  while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') ++p;
  return p;
}

static const char *json_string(const char *p) {
  if (*p++ != '"') return NULL;
  for (; *p != '"'; ++p) {
    if ((unsigned char)*p < 0x20) return NULL;
    if (*p == '\\') {
      ++p;
      if (*p == 'u') {
        for (int i = 1; i <= 4; ++i)
          if (!strchr("0123456789abcdefABCDEF", p[i]) || p[i] == '\0') return NULL;
        p += 4;
      } else if (!strchr("\"\\/bfnrt", *p) || *p == '\0') {
        return NULL;
      }
    }
  }
  return p + 1;
}

static const char *json_number(const char *p) {
  const char *start = p;
  if (*p == '-') ++p;
  if (*p < '0' || *p > '9') return NULL;
  while ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E' || *p == '+' || *p == '-') ++p;
  return p > start ? p : NULL;
}

static const char *json_list(const char *p, char close, int keyed) {
  p = json_ws(p + 1);
  if (*p == close) return p + 1;
  for (;;) {
    if (keyed) {
      if (!(p = json_string(json_ws(p)))) return NULL;
      p = json_ws(p);
      if (*p++ != ':') return NULL;
    }
    if (!(p = json_value(p))) return NULL;
    p = json_ws(p);
    if (*p == close) return p + 1;
    if (*p++ != ',') return NULL;
  }
}

static const char *json_value(const char *p) {
  p = json_ws(p);
  if (*p == '{') return json_list(p, '}', 1);
  if (*p == '[') return json_list(p, ']', 0);
  if (*p == '"') return json_string(p);
  if (strncmp(p, "true", 4) == 0) return p + 4;
  if (strncmp(p, "false", 5) == 0) return p + 5;
  if (strncmp(p, "null", 4) == 0) return p + 4;
  return json_number(p);
}

static int json_valid(const char *text) {
  const char *end = json_value(text);
  return end != NULL && *json_ws(end) == '\0';
}

/* ---- inputs -------------------------------------------------------------------------------- */

/* Path 0-1-2-3-4 as a one-way edge list (use --symmetrize for the undirected path). */
static const char *path5(void) { return put("path.el", "# path\n0 1\n1 2\n2 3\n3 4\n"); }

static const char *weighted_mtx(void) {
  return put("w.mtx",
             "%%MatrixMarket matrix coordinate real general\n"
             "% 4 vertices, vertex 4 unreachable from 1\n"
             "4 4 3\n1 2 1.5\n2 3 2.25\n1 3 5\n");
}

static const char *small_tree(void) { return put("t.tree", "# 0 -> 1, 2; 1 -> 3, 4\n5\n-1 0 0 1 1\n"); }

/* ---- help and version ---------------------------------------------------------------------- */

Test(cli, help_lists_every_command) {
  run_out r = run_cli("--help", NULL);
  cr_assert_eq(r.status, 0);
  const char *cmds[] = {"bfs", "sssp", "bc", "color", "mst", "tc", "tree-descendants", "tree-heights",
                        "stats", "convert", "backends"};
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i)
    cr_expect_not_null(strstr(r.out, cmds[i]), "--help does not mention %s", cmds[i]);
  run_free(&r);
}

Test(cli, version) {
  run_out r = run_cli("--version", NULL);
  cr_assert_eq(r.status, 0);
  char want[128];
  const char *features = gnest_build_features();
  snprintf(want, sizeof want, "gnest-cli %s (optional packages: %s)\n", GNEST_VERSION_STRING,
           features[0] ? features : "none; METIS is optional");
  cr_expect_str_eq(r.out, want);
  run_free(&r);
}

Test(cli, command_help_lists_every_flag) {
  const char *flags[] = {"--backend", "--source", "--json", "--output", "--threshold",
                         "--schedule", "--block-size", "--one-based", "--symmetrize",
                         "--keep-self-loops", "--drop-self-loops", "--keep-duplicates", "--format",
                         "--device", "--compare", "--runs", "--quiet", "--options", "--sweep",
                         "--bfs-direction"};
  run_out r = run_cli("bfs", "--help", NULL);
  cr_assert_eq(r.status, 0);
  cr_expect_not_null(strstr(r.out, "usage: gnest-cli bfs FILE"));
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; ++i)
    cr_expect_not_null(strstr(r.out, flags[i]), "bfs --help does not list %s", flags[i]);
  run_free(&r);
  r = run_cli("bc", "--help", NULL);
  cr_expect(strstr(r.out, "--sources") && strstr(r.out, "--samples") && strstr(r.out, "--seed"));
  run_free(&r);
  r = run_cli("color", "--help", NULL);
  cr_expect_not_null(strstr(r.out, "taken as undirected"));
  cr_expect_not_null(strstr(r.out, "--color-method"), "color --help does not list --color-method");
  run_free(&r);
  r = run_cli("tc", "--help", NULL);
  cr_expect_not_null(strstr(r.out, "--tc-method"), "tc --help does not list --tc-method");
  run_free(&r);
  r = run_cli("tree-heights", "--help", NULL);
  cr_expect_not_null(strstr(r.out, "--root"));
  run_free(&r);
}

Test(cli, no_arguments_is_usage_error) {
  run_out r = run_cli(NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
}

/* ---- every command ------------------------------------------------------------------------- */

Test(cli, bfs_output_on_a_path) {
  const char *out = at("levels.txt");
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--source", "0", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_assert_not_null(text);
  cr_expect_str_eq(text, "0\n1\n2\n3\n4\n");
  cr_expect_not(exists(at("levels.txt.tmp")));
  free(text);
  run_free(&r);
}

Test(cli, bfs_summary_and_default_source) {
  run_out r = run_cli("bfs", path5(), "--symmetrize", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  /* degrees 1 2 2 2 1: vertex 1 is the lowest id of highest out-degree */
  cr_expect_not_null(strstr(r.out, "source 1 (highest out-degree)"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "reached 5 of 5 vertices, max level 3"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "n=5"));
  cr_expect_not_null(strstr(r.out, "m=8"));
  cr_expect_not_null(strstr(r.out, "backend: "));
  cr_expect(r.err[0] == '\0' || strncmp(r.err, "running on the CPU: no CUDA device (", 36) == 0,
            "unexpected stderr: %s", r.err);
  run_free(&r);
}

Test(cli, default_source_is_the_first_highest_out_degree) {
  /* out-degrees 1 0 3 2: vertex 2 wins although it is neither first nor last */
  const char *in = put("star.el", "0 1\n2 0\n2 1\n2 3\n3 0\n3 1\n");
  run_out r = run_cli("bfs", in, "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "\"source\":2"), "%s", r.out);
  run_free(&r);
  /* out-degrees 2 2 2 (a directed triangle both ways): the lowest id on the tie */
  in = put("tri.el", "0 1\n1 0\n1 2\n2 1\n2 0\n0 2\n");
  r = run_cli("bfs", in, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "source 0 (highest out-degree)"), "%s", r.out);
  run_free(&r);
}

Test(cli, bfs_directed_unreachable) {
  const char *out = at("levels.txt");
  run_out r = run_cli("bfs", path5(), "--source", "2", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "-1\n-1\n0\n1\n2\n");
  free(text);
  run_free(&r);
}

Test(cli, bfs_json_is_valid) {
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  const char *keys[] = {"\"command\":\"bfs\"", "\"backend\"", "\"reason\"", "\"time_ms\"",
                        "\"kernel_launches\"", "\"edges_visited\"", "\"load_ms\"", "\"source\":1",
                        "\"reached\":5", "\"max_level\":3"};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; ++i)
    cr_expect_not_null(strstr(r.out, keys[i]), "no %s in %s", keys[i], r.out);
  run_free(&r);
}

Test(cli, sssp_output_and_json) {
  const char *out = at("dist.txt");
  run_out r = run_cli("sssp", weighted_mtx(), "--source", "0", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "0\n1.5\n3.75\ninf\n");
  free(text);
  cr_expect_not_null(strstr(r.out, "reached 3 of 4 vertices, max finite distance 3.75"), "%s", r.out);
  run_free(&r);
  r = run_cli("sssp", weighted_mtx(), "--source", "0", "--json", NULL);
  cr_assert_eq(r.status, 0);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"max_distance\":3.75"), "%s", r.out);
  run_free(&r);
}

Test(cli, sssp_unweighted_uses_weight_one) {
  const char *out = at("dist.txt");
  run_out r = run_cli("sssp", path5(), "--source", "0", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "0\n1\n2\n3\n4\n");
  free(text);
  run_free(&r);
}

Test(cli, bc_all_sources_on_a_path) {
  const char *out = at("bc.txt");
  run_out r = run_cli("bc", path5(), "--symmetrize", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  /* undirected path values 0 3 4 3 0, doubled because both directions are stored */
  cr_expect_str_eq(text, "0\n6\n8\n6\n0\n");
  free(text);
  cr_expect_not_null(strstr(r.out, "top vertices by bc: 2 (8), 1 (6), 3 (6), 0 (0), 4 (0)"), "%s", r.out);
  run_free(&r);
}

Test(cli, bc_source_list) {
  const char *out = at("bc.txt");
  run_out r = run_cli("bc", path5(), "--symmetrize", "--sources", "0", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "0\n3\n2\n1\n0\n");
  free(text);
  run_free(&r);
  r = run_cli("bc", path5(), "--symmetrize", "--samples", "5", "--seed", "7", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"mode\":\"sample\""));
  run_free(&r);
}

Test(cli, color_triangle_with_pendant) {
  const char *in = put("tri.el", "0 1\n1 2\n0 2\n2 3\n");
  const char *out = at("colors.txt");
  run_out r = run_cli("color", in, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "colors: 3"), "%s", r.out);
  char *text = slurp(out);
  int c[4];
  cr_assert_eq(sscanf(text, "%d %d %d %d", &c[0], &c[1], &c[2], &c[3]), 4);
  cr_expect(c[0] != c[1] && c[1] != c[2] && c[0] != c[2] && c[2] != c[3], "not a proper coloring");
  for (int v = 0; v < 4; ++v) cr_expect(c[v] >= 0 && c[v] < 3);
  cr_expect_eq(count_lines(text), 4);
  free(text);
  run_free(&r);
}

Test(cli, mst_square_with_diagonal) {
  const char *in = put("sq.el", "0 1 1\n1 2 2\n2 3 3\n3 0 4\n0 2 5\n");
  const char *out = at("mst.txt");
  run_out r = run_cli("mst", in, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "total weight 6, 3 edges, 1 components"), "%s", r.out);
  char *text = slurp(out);
  cr_expect_eq(count_lines(text), 3);
  cr_expect(strstr(text, "0 1 1\n") && strstr(text, "1 2 2\n") && strstr(text, "2 3 3\n"), "%s", text);
  free(text);
  run_free(&r);
}

Test(cli, tc_on_k4) {
  const char *in = put("k4.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n");
  const char *out = at("tc.txt");
  run_out r = run_cli("tc", in, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "triangles: 4"), "%s", r.out);
  char *text = slurp(out);
  cr_expect_str_eq(text, "4\n3\n3\n3\n3\n");
  free(text);
  run_free(&r);
  r = run_cli("tc", in, "--json", NULL);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"triangles\":4"));
  run_free(&r);
}

/* The optional outputs (tc's per-vertex counts, mst's forest edges) cost time: a run computes
 * them only when --output writes them or --all-outputs asks, and says which its time covers. */
Test(cli, optional_outputs_only_where_asked) {
  const char *in = put("k4-opt.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n");
  run_out r = run_cli("tc", in, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "optional outputs: per-vertex counts not computed "
                                   "(--output or --all-outputs computes them)"), "%s", r.out);
  run_free(&r);
  r = run_cli("tc", in, "--output", at("opt.txt"), NULL);
  cr_expect_not_null(strstr(r.out, "optional outputs: per-vertex counts computed\n"), "%s", r.out);
  run_free(&r);
  r = run_cli("tc", in, "--all-outputs", "--json", NULL);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"optional_outputs\":{\"name\":\"per-vertex counts\","
                                   "\"computed\":true}"), "%s", r.out);
  run_free(&r);
  r = run_cli("mst", in, "--json", NULL);
  cr_expect_not_null(strstr(r.out, "\"optional_outputs\":{\"name\":\"forest edges\","
                                   "\"computed\":false}"), "%s", r.out);
  run_free(&r);
  r = run_cli("bfs", in, "--json", NULL);
  cr_expect_not_null(strstr(r.out, "\"optional_outputs\":null"), "%s", r.out);
  run_free(&r);
  r = run_cli("tc", in, "--compare", "--runs", "1", "--all-outputs", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "optional outputs: per-vertex counts computed\n"), "%s", r.out);
  run_free(&r);
  r = run_cli("tc", in, "--compare", "--runs", "1", "--json", NULL);
  cr_expect_not_null(strstr(r.out, "\"computed\":false"), "%s", r.out);
  run_free(&r);
  r = run_cli("bfs", in, "--all-outputs", NULL);
  cr_expect_eq(r.status, 2, "bfs has no optional outputs: a usage error");
  cr_expect_not_null(strstr(r.err, "--all-outputs does not apply"), "%s", r.err);
  run_free(&r);
}

Test(cli, tree_descendants_and_heights) {
  const char *out = at("tree.txt");
  run_out r = run_cli("tree-descendants", small_tree(), "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "5\n3\n1\n1\n1\n");
  free(text);
  cr_expect_not_null(strstr(r.out, "max descendants 5 (node 0)"), "%s", r.out);
  run_free(&r);
  r = run_cli("tree-heights", small_tree(), "--output", out, "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  text = slurp(out);
  cr_expect_str_eq(text, "3\n2\n1\n1\n1\n");
  free(text);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"max_height\":3"));
  run_free(&r);
}

/* stats --parts K: each part's vertices and out-arcs and the arcs cut, by --partition's method;
 * metis in a build with it (gnest-cli --version), else the package it lacks. */
Test(cli, stats_parts) {
  /* two triangles joined by one edge: split in the middle, 2 arcs cut */
  const char *in = put("two-triangles.el", "0 1\n1 2\n2 0\n2 3\n3 4\n4 5\n5 3\n");
  run_out r = run_cli("stats", in, "--parts", "2", "--symmetrize", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "partition: 2 parts (ranges, "), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "arcs cut 2 (14.29% of arcs)"), "%s", r.out);
  run_free(&r);
  r = run_cli("stats", in, "--parts", "3", "--partition", "random", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"partition\":{\"parts\":3,\"method\":\"random\""), "%s", r.out);
  run_free(&r);
  r = run_cli("stats", in, "--parts", "2", "--partition", "metis", "--symmetrize", NULL);
  if (strstr(gnest_build_features(), "metis")) {
    cr_expect_eq(r.status, 0, "stderr: %s", r.err);
    cr_expect_not_null(strstr(r.out, "arcs cut 2 (14.29% of arcs)"), "%s", r.out);
  } else {
    cr_expect_eq(r.status, 1);
    cr_expect_not_null(strstr(r.err, "libmetis-dev"), "%s", r.err);
  }
  run_free(&r);
  r = run_cli("stats", in, "--partition", "metis", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "--partition applies with --parts K only"), "%s", r.err);
  run_free(&r);
  r = run_cli("stats", in, "--parts", "2", "--partition", "kway", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "expected ranges, random or metis"), "%s", r.err);
  run_free(&r);
  r = run_cli("stats", in, "--parts", "7", NULL);
  cr_expect_eq(r.status, 1, "more parts than vertices");
  cr_expect_not_null(strstr(r.err, "parts must be in [1, 6]"), "%s", r.err);
  run_free(&r);
}

/* Tree files are recognised by name in any case, as the library's loaders match suffixes. */
Test(cli, upper_case_tree_suffix) {
  const char *in = put("T.TREE", "# 0 -> 1, 2; 1 -> 3, 4\n5\n-1 0 0 1 1\n");
  const char *out = at("heights.txt");
  run_out r = run_cli("tree-heights", in, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "3\n2\n1\n1\n1\n");
  free(text);
  run_free(&r);
  r = run_cli("stats", in, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "5 nodes, root 0, depth 3, 3 leaves, max out-degree 2"), "%s", r.out);
  run_free(&r);
  r = run_cli("tree-heights", in, "--root", "1", NULL);
  cr_expect_eq(r.status, 2, "--root applies to graph files only: %s", r.err);
  run_free(&r);
  r = run_cli("convert", in, at("copy.Tree"), NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "(tree file): 5 nodes"), "%s", r.out);
  run_free(&r);
  r = run_cli("convert", path5(), at("p.TREE"), NULL);
  cr_expect_eq(r.status, 2, "a graph does not convert to a tree file: %s", r.err);
  cr_expect_not(exists(at("p.TREE")));
  run_free(&r);
}

Test(cli, tree_from_graph_with_root) {
  const char *out = at("desc.txt");
  run_out r = run_cli("tree-descendants", path5(), "--root", "2", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "1\n2\n5\n2\n1\n");
  free(text);
  run_free(&r);
}

Test(cli, stats_graph_and_tree) {
  run_out r = run_cli("stats", path5(), "--symmetrize", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "vertices: 5"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "arcs: 8"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "max 2"), "%s", r.out);
  run_free(&r);
  r = run_cli("stats", small_tree(), NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "5 nodes, root 0, depth 3, 3 leaves, max out-degree 2"), "%s", r.out);
  run_free(&r);
  r = run_cli("stats", path5(), "--tree", "--root", "2", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"nodes_per_level\":[1,2,2]"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "\"max_degree\":1"), "%s", r.out);
  run_free(&r);
}

Test(cli, convert_round_trips) {
  const char *bin = at("p.gnest"), *mtx = at("p.mtx"), *el = at("p.txt"), *lv = at("lv.txt");
  run_out r = run_cli("convert", path5(), bin, "--symmetrize", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  r = run_cli("bfs", bin, "--source", "0", "--output", lv, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(lv);
  cr_expect_str_eq(text, "0\n1\n2\n3\n4\n");
  free(text);
  run_free(&r);
  r = run_cli("convert", bin, mtx, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  text = slurp(mtx);
  cr_expect_eq(strncmp(text, "%%MatrixMarket matrix coordinate", 32), 0, "%s", text);
  free(text);
  run_free(&r);
  r = run_cli("convert", mtx, el, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  r = run_cli("bfs", el, "--source", "4", "--output", lv, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  text = slurp(lv);
  cr_expect_str_eq(text, "4\n3\n2\n1\n0\n");
  free(text);
  run_free(&r);
  r = run_cli("convert", path5(), at("p.gr"), NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not(exists(at("p.gr")));
  run_free(&r);
}

/* ---- failures ------------------------------------------------------------------------------ */

Test(cli, missing_file) {
  char line[512];
  run_out r = run_cli("bfs", at("nope.mtx"), NULL);
  cr_expect_eq(r.status, 1);
  error_line(&r, line, sizeof line);
  cr_expect_eq(strncmp(line, "gnest-cli: ", 11), 0, "%s", line);
  cr_expect_not_null(strstr(line, "No such file"), "%s", line);
  cr_expect_eq(r.out[0], '\0');
  run_free(&r);
}

Test(cli, unknown_flag) {
  run_out r = run_cli("bfs", path5(), "--frobnicate", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: bfs: unknown flag '--frobnicate' (see gnest-cli bfs --help)\n");
  run_free(&r);
  r = run_cli("frobnicate", NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
  r = run_cli("color", path5(), "--source", "1", NULL);
  cr_expect_eq(r.status, 2, "--source does not apply to color");
  run_free(&r);
}

Test(cli, bad_numbers_and_missing_arguments) {
  run_out r = run_cli("bfs", path5(), "--source", "x", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --source: expected a non-negative integer, got 'x'\n");
  run_free(&r);
  r = run_cli("bfs", path5(), "--source=-1", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --source: expected a non-negative integer, got '-1'\n");
  run_free(&r);
  r = run_cli("bfs", path5(), "--source", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --source: missing argument N\n");
  run_free(&r);
  r = run_cli("bfs", path5(), "--compare", "--runs", "0", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --runs: expected a positive integer, got '0'\n");
  run_free(&r);
  r = run_cli("bfs", NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
  r = run_cli("bfs", path5(), "--backend", "warp-drive", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "unknown backend 'warp-drive'"), "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", path5(), "--compare", "--backend", "cpu", NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
}

Test(cli, bad_tuning_values_are_usage_errors) {
  const char *bad[] = {"33", "16", "1056", "2048", "-32", "x", ""};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    char want[160];
    snprintf(want, sizeof want,
             "gnest-cli: --block-size: expected 0 or a multiple of 32 from 32 to 1024, got '%s'\n", bad[i]);
    run_out r = run_cli("bfs", path5(), "--block-size", bad[i], NULL);
    cr_expect_eq(r.status, 2, "--block-size %s: %s", bad[i], r.err);
    cr_expect_str_eq(r.err, want);
    cr_expect_str_eq(r.out, "");
    run_free(&r);
  }
  const char *good[] = {"0", "32", "96", "1024"};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; ++i) {
    run_out r = run_cli("bfs", path5(), "--backend", "cpu", "--block-size", good[i], "--quiet", NULL);
    cr_expect_eq(r.status, 0, "--block-size %s: %s", good[i], r.err);
    run_free(&r);
  }
  run_out r = run_cli("bfs", path5(), "--threshold=-1", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --threshold: expected a non-negative integer, got '-1'\n");
  run_free(&r);
}

/* gnest_ctx_create fails before a context exists: its reason is in gnest_last_error(NULL). */
Test(cli, context_failure_prints_its_reason) {
  char line[512];
  cr_assert_eq(setenv("GNEST_DEVICE", "abc", 1), 0);
  run_out r = run_cli("bfs", path5(), NULL);
  unsetenv("GNEST_DEVICE");
  cr_expect_eq(r.status, 1, "stderr: %s", r.err);
  error_line(&r, line, sizeof line);
  cr_expect_eq(strncmp(line, "gnest-cli: ", 11), 0, "%s", line);
  cr_expect_not_null(strstr(line, "GNEST_DEVICE"), "%s", line);
  cr_expect_not_null(strstr(line, "'abc'"), "%s", line);
  cr_expect_eq(r.out[0], '\0');
  run_free(&r);
}

Test(cli, source_out_of_range) {
  char line[512];
  run_out r = run_cli("bfs", path5(), "--source", "99", NULL);
  cr_expect_eq(r.status, 1);
  error_line(&r, line, sizeof line);
  cr_expect_eq(strncmp(line, "gnest-cli: ", 11), 0, "%s", line);
  cr_expect_not_null(strcasestr(line, "source"), "%s", line);
  cr_expect_eq(r.out[0], '\0');
  run_free(&r);
}

Test(cli, negative_weight_sssp_leaves_no_output) {
  const char *in = put("neg.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 3 -2\n");
  const char *out = at("dist.txt");
  char line[512];
  run_out r = run_cli("sssp", in, "--source", "0", "--output", out, NULL);
  cr_expect_eq(r.status, 1);
  error_line(&r, line, sizeof line);
  cr_expect_eq(strncmp(line, "gnest-cli: ", 11), 0, "%s", line);
  cr_expect_not(exists(out), "an output file was left after a failure");
  cr_expect_not(exists(at("dist.txt.tmp")));
  run_free(&r);
}

Test(cli, failure_keeps_an_existing_output_file) {
  const char *out = put("old.txt", "previous\n");
  run_out r = run_cli("bfs", path5(), "--source", "99", "--output", out, NULL);
  cr_expect_eq(r.status, 1);
  char *text = slurp(out);
  cr_expect_str_eq(text, "previous\n");
  free(text);
  run_free(&r);
  r = run_cli("bfs", path5(), "--output", at("no-such-dir/levels.txt"), NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(r.err, "no-such-dir does not exist"), "%s", r.err);
  run_free(&r);
}

Test(cli, tree_with_a_cycle) {
  const char *in = put("cycle.tree", "3\n-1 2 1\n");
  char line[512];
  run_out r = run_cli("tree-heights", in, NULL);
  cr_expect_eq(r.status, 1);
  error_line(&r, line, sizeof line);
  cr_expect_eq(strncmp(line, "gnest-cli: ", 11), 0, "%s", line);
  cr_expect_not_null(strcasestr(line, "cycle"), "%s", line);
  run_free(&r);
  r = run_cli("tree-heights", put("roots.tree", "3\n-1 -1 0\n"), NULL);
  cr_expect_eq(r.status, 1);
  run_free(&r);
}

/* A tree file given to a graph command: said so, with the commands that read it. */
Test(cli, tree_file_given_to_a_graph_command) {
  const char *cmds[] = {"bfs", "sssp", "bc", "color", "mst", "tc"};
  char line[512];
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i) {
    run_out r = run_cli(cmds[i], small_tree(), NULL);
    cr_expect_eq(r.status, 1, "%s: %s", cmds[i], r.err);
    error_line(&r, line, sizeof line);
    cr_expect_not_null(strstr(line, "t.tree is a tree file (a node count, then the parent ids), not a graph"),
                       "%s", line);
    cr_expect_not_null(strstr(line, "tree-descendants, tree-heights or stats read it"), "%s", line);
    cr_expect_null(strstr(line, "columns"), "%s", line);
    run_free(&r);
  }
}

/* A flag that sets one value is refused when given twice, and so are two flags that set the same
 * thing differently; a switch repeated, or spelled two ways with one meaning, is harmless. */
Test(cli, repeated_and_contradictory_flags_are_usage_errors) {
  struct { const char *args[6]; const char *want; } cases[] = {
      {{"bfs", NULL, "--source", "3", "--source", "4"},
       "bfs: --source given twice (--source 3, then --source 4): give it once"},
      {{"bfs", NULL, "--source=3", "--source", "3"},
       "bfs: --source given twice (--source 3, then --source 3)"},
      {{"bfs", NULL, "--threshold", "8", "--threshold=16"},
       "--threshold given twice (--threshold 8, then --threshold 16)"},
      {{"bfs", NULL, "--backend", "cpu", "--backend", "cpu"},
       "--backend given twice (--backend cpu, then --backend cpu)"},
      {{"bfs", NULL, "--format", "edgelist", "--format", "mtx"},
       "--format given twice (--format edgelist, then --format mtx)"},
      {{"bfs", NULL, "--symmetrize", "--no-symmetrize"},
       "bfs: --symmetrize and --no-symmetrize contradict each other: give one"},
      {{"color", NULL, "--no-symmetrize", "--undirected"},
       "--no-symmetrize and --undirected contradict each other"},
      {{"bfs", NULL, "--keep-self-loops", "--drop-self-loops"},
       "--keep-self-loops and --drop-self-loops contradict"},
      {{"bc", NULL, "--sources", "0,1", "--sources", "2"},
       "--sources given twice (--sources 0,1, then --sources 2)"},
      {{"bc", NULL, "--sources", "0,3,0"}, "bc: --sources: vertex 0 is listed twice in '0,3,0'"},
      {{"bc", NULL, "--sources=2,1,1"}, "--sources: vertex 1 is listed twice"},
  };
  char line[512];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    const char *argv[8] = {CLI};
    int argc = 1;
    for (int k = 0; k < 6 && (k == 1 || cases[i].args[k] != NULL); ++k) /* args[1]: the input */
      argv[argc++] = k == 1 ? path5() : cases[i].args[k];
    argv[argc] = NULL;
    run_out r = run_argv(CLI, argv);
    cr_expect_eq(r.status, 2, "case %zu: %s", i, r.err);
    cr_expect_not_null(strstr(error_line(&r, line, sizeof line), cases[i].want), "case %zu: %s", i, line);
    run_free(&r);
  }
  const char *fine[][4] = {{"--symmetrize", "--undirected"}, {"--json", "--json"},
                           {"--drop-self-loops", "--drop-self-loops"},
                           {"--options", "threshold=8", "--options", "schedule=static"}};
  for (size_t i = 0; i < sizeof fine / sizeof fine[0]; ++i) {
    run_out r = run_cli("bfs", path5(), fine[i][0], fine[i][1], fine[i][2], fine[i][3], NULL);
    cr_expect_eq(r.status, 0, "%s %s: %s", fine[i][0], fine[i][1], r.err);
    run_free(&r);
  }
}

/* ---- --output: how each kind of path is written -------------------------------------------- */

/* Files in the test directory whose name holds ".tmp" (a temporary left behind). */
static int temporaries_left(void) {
  char cmd[160];
  snprintf(cmd, sizeof cmd, "ls -A %s | grep -c '\\.tmp'", g_dir);
  FILE *f = popen(cmd, "r");
  int n = -1;
  cr_assert_eq(fscanf(f, "%d", &n), 1);
  pclose(f);
  return n;
}

Test(cli, output_keeps_a_symlink_and_the_file_mode) {
  const char *target = put("levels.txt", "old\n"), *link = at("link.txt");
  cr_assert_eq(chmod(target, 0640), 0);
  cr_assert_eq(symlink("levels.txt", link), 0);
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--source", "0", "--output", link, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  struct stat st;
  cr_assert_eq(lstat(link, &st), 0);
  cr_expect(S_ISLNK(st.st_mode), "--output replaced the symlink");
  char *text = slurp(target);
  cr_expect_str_eq(text, "0\n1\n2\n3\n4\n");
  cr_assert_eq(stat(target, &st), 0);
  cr_expect_eq(st.st_mode & 07777, 0640u);
  cr_expect_eq(temporaries_left(), 0);
  free(text);
  run_free(&r);
}

Test(cli, output_to_a_device_node_stays_a_device) {
  if (geteuid() != 0) cr_skip_test("mknod needs CAP_MKNOD (run as root; CI does)");
  const char *node = at("null");
  if (mknod(node, S_IFCHR | 0666, makedev(1, 3)) != 0)
    cr_skip_test("mknod: %s (a container without CAP_MKNOD)", strerror(errno));
  run_out r = run_cli("bfs", path5(), "--output", node, NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  r = run_cli("convert", path5(), node, NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  struct stat st;
  cr_assert_eq(lstat(node, &st), 0);
  cr_expect(S_ISCHR(st.st_mode), "--output replaced the device node");
  cr_expect_eq(temporaries_left(), 0);
}

Test(cli, output_dash_is_standard_output) {
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--source", "0", "--output", "-", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "0\n1\n2\n3\n4\n"), "%s", r.out);
  cr_expect_not(exists(at("-")));
  run_free(&r);
}

Test(cli, dash_reads_an_edge_list_and_an_mtx_from_a_pipe) {
  run_out r = run_cli_stdin("0 1\n1 2\n2 3\n", "bfs", "-", "--format", "edgelist", "--source", "1",
                            "--output", "-", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_str_eq(r.out, "-1\n0\n1\n2\n");
  run_free(&r);
  const char *mtx = "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n2 3 2\n";
  r = run_cli_stdin(mtx, "sssp", "-", "--format", "mtx", "--source", "0", "--output", "-", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_str_eq(r.out, "0\n0.5\n2.5\n");
  cr_expect_not_null(strstr(r.err, "graph: -  n=3"), "%s", r.err);
  run_free(&r);
}

Test(cli, dash_without_a_format_is_refused) {
  run_out r = run_cli_stdin("0 1\n", "bfs", "-", NULL);
  char line[512];
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(error_line(&r, line, sizeof line),
                   "gnest-cli: bfs: reading standard input ('-') needs --format mtx, dimacs, "
                   "edgelist or binary: there is no file name to tell the format");
  cr_expect_str_eq(r.out, "");
  run_free(&r);
}

Test(cli, output_format_needs_output_and_a_known_name) {
  run_out r = run_cli("bfs", path5(), "--output-format", "csv", NULL);
  char line[512];
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(error_line(&r, line, sizeof line),
                   "gnest-cli: bfs: --output-format applies to --output only "
                   "(see gnest-cli bfs --help)");
  run_free(&r);
  r = run_cli("bfs", path5(), "--output", "-", "--output-format", "xml", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(error_line(&r, line, sizeof line),
                   "gnest-cli: --output-format: expected text, csv or json, got 'xml'");
  run_free(&r);
}

/* `CMD FILE [FLAG] --output - --output-format FORMAT` (flag NULL: none). */
static run_out run_output_format(const char *cmd, const char *file, const char *flag,
                                 const char *format) {
  const char *argv[] = {CLI, cmd, file, "--output", "-", "--output-format", format, flag, NULL};
  run_out r = run_argv(CLI, argv);
  cr_assert_eq(r.status, 0, "%s --output-format %s: stderr: %s", cmd, format, r.err);
  return r;
}

/* The result of `CMD FILE [FLAG] --output - --output-format FORMAT` on standard output: exactly
 * want, and the summary on standard error. */
static void expect_output_format(const char *cmd, const char *file, const char *flag,
                                 const char *format, const char *want) {
  run_out r = run_output_format(cmd, file, flag, format);
  cr_expect_str_eq(r.out, want, "%s --output-format %s", cmd, format);
  cr_expect_not_null(strstr(r.err, "backend: "), "%s %s: no summary on stderr: %s", cmd, format,
                     r.err);
  run_free(&r);
}

/* The "result" object of `CMD FILE [FLAG] --output - --output-format json`: the JSON is valid,
 * holds the summary and exactly want as its result. */
static void expect_json_result(const char *cmd, const char *file, const char *flag,
                               const char *want) {
  run_out r = run_output_format(cmd, file, flag, "json");
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  const char *result = strstr(r.out, ",\"result\":");
  cr_assert_not_null(result, "%s", r.out);
  cr_expect_str_eq(result + strlen(",\"result\":"), want);
  cr_expect_not_null(strstr(r.out, "\"backend\":"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "\"command\":\""), "%s", r.out);
  run_free(&r);
}

Test(cli, output_formats_of_levels_and_distances) {
  const char *in = put("d.el", "0 1 2\n1 2 0.5\n3 0 1\n");
  expect_output_format("bfs", in, "--source=0", "text", "0\n1\n2\n-1\n");
  expect_output_format("bfs", in, "--source=0", "csv", "vertex,level\n0,0\n1,1\n2,2\n3,-1\n");
  expect_json_result("bfs", in, "--source=0", "{\"vertex\":[0,1,2,3],\"level\":[0,1,2,-1]}}\n");
  expect_output_format("sssp", in, "--source=0", "text", "0\n2\n2.5\ninf\n");
  expect_output_format("sssp", in, "--source=0", "csv",
                       "vertex,distance\n0,0\n1,2\n2,2.5\n3,inf\n");
  expect_json_result("sssp", in, "--source=0",
                     "{\"vertex\":[0,1,2,3],\"distance\":[0,2,2.5,null]}}\n");
}

Test(cli, output_formats_of_a_forest_and_counts) {
  const char *path = put("p.el", "0 1 1\n1 2 2\n");
  expect_output_format("mst", path, "--backend=cpu", "text", "0 1 1\n1 2 2\n");
  expect_output_format("mst", path, "--backend=cpu", "csv", "u,v,weight\n0,1,1\n1,2,2\n");
  expect_json_result("mst", path, "--backend=cpu", "{\"u\":[0,1],\"v\":[1,2],\"weight\":[1,2]}}\n");
  const char *k4 = put("k4.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n");
  expect_output_format("tc", k4, NULL, "text", "4\n3\n3\n3\n3\n");
  expect_output_format("tc", k4, NULL, "csv", "vertex,triangles\n0,3\n1,3\n2,3\n3,3\n");
  expect_json_result("tc", k4, NULL, "{\"vertex\":[0,1,2,3],\"triangles\":[3,3,3,3]}}\n");
}

Test(cli, csv_rows_carry_the_file_ids_with_relabel) {
  const char *in = put("sparse.el", "10 20\n20 30\n");
  expect_output_format("bfs", in, "--relabel", "csv", "vertex,level\n10,0\n20,1\n30,2\n");
  expect_output_format("bfs", in, "--relabel", "text", "10 0\n20 1\n30 2\n");
}

Test(cli, csv_to_standard_output_is_only_the_csv) {
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--source", "0", "--output", "-",
                      "--output-format", "csv", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_str_eq(r.out, "vertex,level\n0,0\n1,1\n2,2\n3,3\n4,4\n");
  cr_expect_not_null(strstr(r.err, "reached 5 of 5 vertices"), "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", path5(), "--symmetrize", "--source", "0", "--output", "-", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_str_eq(r.out, "0\n1\n2\n3\n4\n");
  cr_expect(strstr(r.err, "{\"command\":\"bfs\"") != NULL, "the --json summary goes to stderr: %s",
            r.err);
  run_free(&r);
}

Test(cli, output_failures_are_precise_and_keep_the_old_file) {
  char line[512];
  run_out r = run_cli("bfs", path5(), "--output", g_dir, NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "is a directory, not a file"), "%s", line);
  run_free(&r);
  if (access("/dev/full", W_OK) != 0) return;
  const char *full = at("full");
  cr_assert_eq(symlink("/dev/full", full), 0);
  r = run_cli("bfs", path5(), "--output", full, NULL);
  cr_expect_eq(r.status, 1, "a failed write reported success");
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "No space left on device"), "%s", line);
  struct stat st;
  cr_assert_eq(lstat(full, &st), 0);
  cr_expect(S_ISLNK(st.st_mode));
  run_free(&r);
}

static pid_t spawn_quiet(const char **argv) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  cr_assert_eq(rc, 0, "posix_spawn: %s", strerror(rc));
  return pid;
}

/* Two runs writing different results to one path at once: the file is always one run's whole
 * result, never a mix, and no temporary stays. */
Test(cli, concurrent_outputs_leave_one_complete_result, .timeout = 60) {
  const char *in = path5(), *out = at("same.txt");
  const char *from0[] = {CLI, "bfs", in, "--symmetrize", "--source", "0", "--output", out, NULL};
  const char *from4[] = {CLI, "bfs", in, "--symmetrize", "--source", "4", "--output", out, NULL};
  for (int trial = 0; trial < 10; trial++) {
    pid_t a = spawn_quiet(from0), b = spawn_quiet(from4);
    int wa = 0, wb = 0;
    cr_assert_eq(waitpid(a, &wa, 0), a);
    cr_assert_eq(waitpid(b, &wb, 0), b);
    cr_expect(WIFEXITED(wa) && WEXITSTATUS(wa) == 0 && WIFEXITED(wb) && WEXITSTATUS(wb) == 0);
    char *text = slurp(out);
    cr_assert_not_null(text);
    cr_expect(strcmp(text, "0\n1\n2\n3\n4\n") == 0 || strcmp(text, "4\n3\n2\n1\n0\n") == 0,
              "trial %d: not one run's result: %s", trial, text);
    free(text);
  }
  cr_expect_eq(temporaries_left(), 0);
}

/* ---- the backend registry ------------------------------------------------------------------ */

static int has_device(void);

static gnest_backend_desc describe(int b) {
  gnest_backend_desc d;
  cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK, "describe %d", b);
  return d;
}

/* Named by the API, not built yet (the selector is not "built" but not planned either). */
static int is_planned(int b) { return b != GNEST_BACKEND_AUTO && !describe(b).built; }

/* The first planned backend of the registry, or -1. */
static int first_planned(void) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b)
    if (is_planned(b)) return b;
  return -1;
}

/* The first occurrence of word in text as a whole word (no letter, digit or '-' around it), or
 * NULL. */
static const char *find_word(const char *text, const char *word) {
  size_t len = strlen(word);
  for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
    int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '-');
    int after = isalnum((unsigned char)p[len]) || p[len] == '-';
    if (!before && !after) return p;
  }
  return NULL;
}

/* The line of text that starts with "name " (copied into buf), or NULL. */
static const char *line_starting(const char *text, const char *name, char *buf, size_t size) {
  size_t len = strlen(name);
  for (const char *p = text; *p;) {
    size_t n = strcspn(p, "\n");
    if (strncmp(p, name, len) == 0 && p[len] == ' ') {
      snprintf(buf, size, "%.*s", (int)n, p);
      return buf;
    }
    p += n + (p[n] != '\0');
  }
  return NULL;
}

/* Every name of the registry is in text: the planned ones after "not built yet:", the others
 * before it. */
static void expect_registry_names(const char *text) {
  const char *planned = strstr(text, "not built yet:");
  cr_expect((planned != NULL) == (first_planned() >= 0), "'not built yet:' in: %s", text);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const char *name = gnest_backend_name((gnest_backend)b), *where = find_word(text, name);
    cr_expect_not_null(where, "%s is not listed: %s", name, text);
    if (where && planned && is_planned(b)) cr_expect(where > planned, "%s is planned: %s", name, text);
    if (where && planned && !is_planned(b)) cr_expect(where < planned, "%s is built: %s", name, text);
  }
}

Test(cli, backend_help_and_error_list_the_registry) {
  run_out r = run_cli("bfs", "--help", NULL);
  cr_assert_eq(r.status, 0);
  const char *start = strstr(r.out, "--backend NAME"), *end = strstr(r.out, "--source N");
  cr_assert(start && end && start < end, "%s", r.out);
  char help[2048];
  snprintf(help, sizeof help, "%.*s", (int)(end - start), start);
  expect_registry_names(help);
  char flat[2048]; /* the help with its line breaks and indents as single spaces */
  size_t k = 0;
  for (const char *p = help; *p && k + 1 < sizeof flat; ++p)
    if (!isspace((unsigned char)*p)) flat[k++] = *p;
    else if (k > 0 && flat[k - 1] != ' ') flat[k++] = ' ';
  flat[k] = '\0';
  cr_expect_not_null(strstr(flat, "gnest-cli backends"), "%s", help);
  run_free(&r);
  r = run_cli("bfs", path5(), "--backend", "warp-drive", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
  cr_expect_not_null(strstr(r.err, "gnest-cli: --backend: unknown backend 'warp-drive' (one of: "), "%s", r.err);
  expect_registry_names(r.err);
  run_free(&r);
}

/* A planned backend is refused, never replaced by another. */
Test(cli, unavailable_backend) {
  int b = first_planned();
  if (b < 0) cr_skip_test("the registry has no planned backend");
  const char *name = gnest_backend_name((gnest_backend)b);
  char want[128];
  snprintf(want, sizeof want, "gnest-cli: backend %s: not built yet\n", name);
  run_out r = run_cli("bfs", path5(), "--backend", name, NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_str_eq(r.err, want);
  run_free(&r);
}

/* Status and place as gnest-cli backends prints them. */
static const char *expected_where(int b, const gnest_backend_desc *d) {
  if (b == GNEST_BACKEND_AUTO) return " built   selector ";
  if (!d->built) return " planned - ";
  if (d->device_launches) return " built   device launches ";
  return d->needs_device ? " built   device " : " built   host ";
}

/* One backend's line: status, place, options, every test configuration (quoted), summary. */
static void expect_backend_line(const char *out, int b) {
  gnest_backend_desc d = describe(b);
  char line[2048], words[256];
  cr_assert_not_null(line_starting(out, d.name, line, sizeof line), "no line for %s: %s", d.name, out);
  cr_expect_not_null(strstr(line, expected_where(b, &d)), "%s", line);
  snprintf(words, sizeof words, " options: %s ", d.options[0] ? d.options : "-");
  cr_expect_not_null(strstr(line, words), "%s", line);
  for (int k = 0; k < d.num_configs; ++k) {
    gnest_options o;
    char label[200], quoted[210];
    cr_assert_eq(gnest_backend_config((gnest_backend)b, k, &o, label, sizeof label), GNEST_OK);
    snprintf(quoted, sizeof quoted, "\"%s\"", label);
    cr_expect_not_null(strstr(line, quoted), "%s lacks %s", line, quoted);
  }
  if (d.num_configs == 0) cr_expect_not_null(strstr(line, " configs: - "), "%s", line);
  cr_expect_not_null(strstr(line, d.summary), "%s", line);
}

Test(cli, backends_command_prints_the_registry) {
  run_out r = run_cli("backends", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_str_eq(r.err, "");
  cr_expect_eq(count_lines(r.out), GNEST_BACKEND_COUNT, "%s", r.out);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) expect_backend_line(r.out, b);
  run_free(&r);
}

Test(cli, backends_command_json) {
  run_out r = run_cli("backends", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_eq(r.out[0], '[');
  int objects = 0;
  for (const char *p = strstr(r.out, "{\"backend\":"); p; p = strstr(p + 1, "{\"backend\":")) ++objects;
  cr_expect_eq(objects, GNEST_BACKEND_COUNT, "%s", r.out);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d = describe(b);
    char obj[128];
    snprintf(obj, sizeof obj, "{\"backend\":\"%s\",\"status\":\"%s\"", d.name,
             is_planned(b) ? "planned" : "built");
    cr_expect_not_null(strstr(r.out, obj), "no %s in %s", obj, r.out);
  }
  run_free(&r);
}

Test(cli, backends_command_usage) {
  run_out r = run_cli("backends", "--help", NULL);
  cr_expect_eq(r.status, 0);
  cr_expect_not_null(strstr(r.out, "usage: gnest-cli backends [NAME] [options]"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "--json"), "%s", r.out);
  run_free(&r);
  r = run_cli("backends", "extra", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "gnest-cli: backends: unknown backend 'extra' (one of: "), "%s",
                     r.err);
  run_free(&r);
  r = run_cli("backends", "flat", "extra", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: backends: unexpected argument 'extra'\n");
  run_free(&r);
  r = run_cli("backends", "--options", "threshold=8", NULL);
  cr_expect_eq(r.status, 2, "--options is for the algorithms");
  run_free(&r);
}

/* gnest-cli backends NAME: the backend's line items, then each of its settings as the registry
 * describes it (gnest_backend_setting), then its test configurations. */
Test(cli, backends_name_lists_its_settings) {
  int with_settings = 0;
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d = describe(b);
    run_out r = run_cli("backends", d.name, NULL);
    cr_assert_eq(r.status, 0, "backends %s: %s", d.name, r.err);
    char head[64];
    snprintf(head, sizeof head, "%s: %s, ", d.name, is_planned(b) ? "planned" : "built");
    cr_expect_eq(strncmp(r.out, head, strlen(head)), 0, "%s", r.out);
    cr_expect_eq(strstr(r.out, "settings (--options KEY=VALUE") != NULL, d.num_settings > 0,
                 "%s: %s", d.name, r.out);
    for (int k = 0; k < d.num_settings; ++k) {
      gnest_setting_desc sd;
      cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &sd), GNEST_OK);
      char line[200];
      snprintf(line, sizeof line, "\n  %s: %s (default: %s)\n", sd.key, sd.values,
               sd.default_value);
      cr_expect_not_null(strstr(r.out, line), "backends %s lacks '%s': %s", d.name, line, r.out);
      char start[48]; /* the help's first words (it is wrapped) */
      snprintf(start, sizeof start, "%.40s", sd.help);
      *strrchr(start, ' ') = '\0';
      cr_expect_not_null(strstr(r.out, start), "backends %s lacks '%s'", d.name, start);
      ++with_settings;
    }
    for (int c = 0; c < d.num_configs; ++c) {
      gnest_options o;
      char label[256], line[280];
      cr_assert_eq(gnest_backend_config((gnest_backend)b, c, &o, label, sizeof label), GNEST_OK);
      snprintf(line, sizeof line, "\n  %s\n", label);
      cr_expect_not_null(strstr(r.out, line), "backends %s lacks configuration %s", d.name, label);
    }
    run_free(&r);
    r = run_cli("backends", d.name, "--json", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
    char obj[128];
    snprintf(obj, sizeof obj, "{\"backend\":\"%s\",", d.name);
    cr_expect_eq(strncmp(r.out, obj, strlen(obj)), 0, "%s", r.out);
    cr_expect_not_null(strstr(r.out, "\"settings\":["), "%s", r.out);
    for (int k = 0; k < d.num_settings; ++k) {
      gnest_setting_desc sd;
      cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &sd), GNEST_OK);
      char key[300];
      snprintf(key, sizeof key, "{\"key\":\"%s\",\"type\":\"%s\",\"min\":%d,\"max\":%d,", sd.key,
               sd.type, (int)sd.min, (int)sd.max);
      cr_expect_not_null(strstr(r.out, key), "no %s in %s", key, r.out);
      snprintf(key, sizeof key, "\"values\":\"%s\",\"default\":\"%s\",\"help\":\"", sd.values,
               sd.default_value);
      cr_expect_not_null(strstr(r.out, key), "no %s in %s", key, r.out);
    }
    run_free(&r);
  }
  cr_expect_gt(with_settings, 0, "no backend has a setting");
  /* the list's JSON holds every backend's settings too */
  run_out r = run_cli("backends", "--json", NULL);
  cr_expect_not_null(strstr(r.out, "\"settings\":[{\"key\":\"cta_levels\","), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "\"words\":[\"auto\",\"t1\",\"t2\",\"t3\",\"t4\"]"), "%s",
                     r.out);
  run_free(&r);
}

/* A command's --help shows the options every backend understands, never a backend's own setting
 * (those are in gnest-cli backends NAME): no flag for it and no mention of its key. */
Test(cli, command_help_lists_no_backend_setting) {
  for (int c = 0; c < 8; ++c) {
    const char *cmds[] = {"bfs", "sssp", "bc", "color", "mst", "tc", "tree-descendants",
                          "tree-heights"};
    run_out r = run_cli(cmds[c], "--help", NULL);
    cr_assert_eq(r.status, 0);
    cr_expect_not_null(strstr(r.out, "gnest-cli backends NAME"), "%s --help", cmds[c]);
    for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
      gnest_backend_desc d = describe(b);
      for (int k = 0; k < d.num_settings; ++k) {
        gnest_setting_desc sd;
        cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &sd), GNEST_OK);
        char flag[64];
        snprintf(flag, sizeof flag, "--%s", sd.key);
        for (char *p = flag + 2; *p; ++p) *p = *p == '_' ? '-' : *p;
        cr_expect_null(strstr(r.out, flag), "%s --help lists %s", cmds[c], flag);
        cr_expect_null(strstr(r.out, sd.key), "%s --help names the setting %s", cmds[c], sd.key);
      }
    }
    run_free(&r);
  }
  /* the flags that were settings are unknown now; their words work through --options */
  run_out r = run_cli("bfs", path5(), "--wboost", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "unknown flag '--wboost'"), "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", path5(), "--backend", "cpu", "--options", "wboost=1 kc=4", "--quiet", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  run_free(&r);
}

/* ---- --options ----------------------------------------------------------------------------- */

/* --options goes on top of the other flags (backend= overrides --backend); its words accumulate. */
Test(cli, options_apply_after_the_flags) {
  const char *ref = gnest_backend_name(GNEST_BACKEND_CPU);
  int planned = first_planned();
  const char *first = planned >= 0 ? gnest_backend_name((gnest_backend)planned) : ref;
  char word[64], want[96];
  snprintf(word, sizeof word, "backend=%s", ref);
  snprintf(want, sizeof want, "\"backend\":\"%s\",\"reason\":\"forced by caller\"", ref);
  run_out r = run_cli("bfs", path5(), "--backend", first, "--threshold", "5", "--options", word,
                      "--options", "threshold=8 granularity=warp schedule=static", "--json", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, want), "%s", r.out);
  run_free(&r);
  char eq[128];
  snprintf(eq, sizeof eq, "--options=%s block_size=64", word);
  r = run_cli("sssp", path5(), eq, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  r = run_cli("bfs", path5(), "--compare", "--options", word, NULL);
  cr_expect_eq(r.status, 2, "--compare runs every backend: %s", r.err);
  cr_expect_not_null(strstr(r.err, "cannot be combined with --backend"), "%s", r.err);
  run_free(&r);
}

/* Every configuration the registry's tests cover runs from the command line (or, for a device
 * backend without a device, is refused for that reason and not as a usage error). The command is
 * bc, which every backend runs (levelsched refuses bfs: not applicable). */
Test(cli, options_run_every_registry_configuration) {
  int device = has_device();
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d = describe(b);
    for (int k = 0; k < d.num_configs; ++k) {
      gnest_options o;
      char label[200];
      cr_assert_eq(gnest_backend_config((gnest_backend)b, k, &o, label, sizeof label), GNEST_OK);
      run_out r = run_cli("bc", path5(), "--backend", d.name, "--options", label, "--quiet", NULL);
      int runs = !d.needs_device || device;
      cr_expect_eq(r.status, runs ? 0 : 1, "%s --options '%s': %s", d.name, label, r.err);
      if (!runs) cr_expect_not_null(strstr(r.err, ": no CUDA device ("), "%s", r.err);
      run_free(&r);
    }
  }
}

/* A bad word is a usage error that prints the library's message. */
Test(cli, options_bad_word_is_a_usage_error) {
  const char *bad[] = {"granularity=bogus", "frobnicate=1", "wboost", "wboost=2", "block_size=33",
                       "threshold=-1", "threshold=8 schedule=sideways", "backend=warp-drive"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    gnest_options o;
    gnest_options_init(&o);
    cr_assert_neq(gnest_options_parse(&o, bad[i]), GNEST_OK, "%s", bad[i]);
    char want[700];
    snprintf(want, sizeof want, "gnest-cli: --options: %s\n", gnest_last_error_string(NULL));
    run_out r = run_cli("bfs", path5(), "--options", bad[i], NULL);
    cr_expect_eq(r.status, 2, "--options '%s': %s", bad[i], r.err);
    cr_expect_str_eq(r.err, want);
    cr_expect_str_eq(r.out, "");
    run_free(&r);
  }
  char longer[1200];
  memset(longer, 'x', sizeof longer - 1);
  longer[sizeof longer - 1] = '\0';
  run_out r = run_cli("bfs", path5(), "--options", longer, NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "gnest-cli: --options: too long"), "%s", r.err);
  run_free(&r);
}

/* --tree-method (and tree_method= in --options) on the tree commands: the same result by every
 * method; on a GPU backend the summary names the method, on the CPU backend it is ignored; a bad
 * value or another command is a usage error. With a device the runs name flat: auto gives so
 * small a tree to the CPU backend (the selector's deep, narrow tree rule). */
Test(cli, tree_method_flag) {
  const char *out = at("tree.txt");
  const char *methods[] = {"auto", "levels", "euler"};
  const int device = has_device();
  for (size_t i = 0; i < 3; ++i) {
    run_out r = run_cli("tree-heights", small_tree(), "--tree-method", methods[i], "--backend",
                        device ? "flat" : "auto", "--output", out, NULL);
    cr_assert_eq(r.status, 0, "--tree-method %s: %s", methods[i], r.err);
    char *text = slurp(out);
    cr_expect_str_eq(text, "3\n2\n1\n1\n1\n", "--tree-method %s", methods[i]);
    free(text);
    if (device)
      cr_expect_not_null(strstr(r.out, strcmp(methods[i], "euler") == 0 ? "; method: euler tour"
                                                                       : "; method: levels"),
                         "%s", r.out);
    else
      cr_expect(!strstr(r.out, "; method:") && strstr(r.out, "\nmethod: cpu reference ("),
                "the CPU backend runs no tree method: %s", r.out);
    run_free(&r);
  }
  run_out r = run_cli("tree-descendants", small_tree(), "--options", "tree_method=euler",
                      "--output", out, NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "5\n3\n1\n1\n1\n");
  free(text);
  run_free(&r);
  r = run_cli("tree-heights", small_tree(), "--tree-method", "contraction", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --tree-method: expected auto, levels or euler, got "
                          "'contraction'\n");
  run_free(&r);
  r = run_cli("bfs", path5(), "--tree-method", "euler", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "--tree-method"), "%s", r.err);
  run_free(&r);
}

/* --bfs-direction (and bfs_direction= in --options) on bfs: the same levels by every method; on a
 * GPU the summary names the method that ran (a directed graph: top-down, and why), on the CPU
 * backend it is ignored; a bad value or another command is a usage error. */
Test(cli, bfs_direction_flag) {
  const char *out = at("bfs-direction.txt");
  const char *directions[] = {"auto", "top-down", "optimizing"};
  const int device = has_device();
  for (size_t i = 0; i < 3; ++i) {
    run_out r = run_cli("bfs", path5(), "--symmetrize", "--source", "2", "--bfs-direction",
                        directions[i], "--output", out, NULL);
    cr_assert_eq(r.status, 0, "--bfs-direction %s: %s", directions[i], r.err);
    char *text = slurp(out);
    cr_expect_str_eq(text, "2\n1\n0\n1\n2\n", "--bfs-direction %s", directions[i]);
    free(text);
    if (device)
      cr_expect_not_null(strstr(r.out, i == 2 ? "; bfs: direction-optimizing" : "; bfs: top-down"),
                         "%s", r.out);
    else
      cr_expect_null(strstr(r.out, "; bfs: "), "the CPU backend runs no BFS method: %s", r.out);
    run_free(&r);
  }
  run_out r = run_cli("bfs", path5(), "--options", "bfs_direction=optimizing", "--output", out,
                      NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  if (device) cr_expect_not_null(strstr(r.out, "directed graph"), "%s", r.out);
  run_free(&r);
  r = run_cli("bfs", path5(), "--bfs-direction", "bottom-up", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "gnest-cli: --bfs-direction: expected auto, top-down or optimizing, got "
                          "'bottom-up'\n");
  run_free(&r);
  r = run_cli("sssp", path5(), "--bfs-direction", "optimizing", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "--bfs-direction"), "%s", r.err);
  run_free(&r);
}

/* An algorithm's method flag (--color-method, --tc-method) and what a test of it needs. */
typedef struct method_flag {
  const char *cmd, *in;  /* the command and its input */
  const char *flag, *key; /* the flag and its gnest_options_parse key */
  const char *want;       /* the --output text, the same by every method */
  const char *words[3];   /* the flag's words, auto first */
  const char *ran[3];     /* the method a device runs for each word */
  const char *bad;        /* a word it refuses */
  const char *other_cmd;  /* a command the flag does not apply to */
} method_flag;

/* Runs the command asking for words[i] (by the flag, or by KEY=WORD in --options): the output is
 * m->want whatever the method; on a device the summary ends its reason with
 * "; method: RAN (KEY=WORD)", while the CPU backend ignores the method and names none. */
static void expect_method_output(const method_flag *m, int device, int i, int by_options) {
  const char *out = at("method.txt");
  char word[64], reason[128];
  snprintf(word, sizeof word, "%s=%s", m->key, m->words[i]);
  snprintf(reason, sizeof reason, "; method: %s (%s)", m->ran[i], word);
  const char *flag = by_options ? "--options" : m->flag, *value = by_options ? word : m->words[i];
  run_out r = run_cli(m->cmd, m->in, flag, value, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "%s %s %s: %s", m->cmd, flag, value, r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, m->want, "%s %s %s", m->cmd, flag, value);
  free(text);
  if (device)
    cr_expect_not_null(strstr(r.out, reason), "%s %s %s: %s", m->cmd, flag, value, r.out);
  else
    cr_expect_null(strstr(r.out, "; method: "), "the CPU backend runs no method: %s", r.out);
  run_free(&r);
}

/* Every word of the flag (and the last one in --options) gives the same output, the summary naming
 * the method on a GPU; a bad word is a usage error that lists the good ones; the flag on another
 * command is refused. */
static void expect_method_flag(const method_flag *m) {
  const int device = has_device();
  for (int i = 0; i < 3; ++i) expect_method_output(m, device, i, 0);
  expect_method_output(m, device, 2, 1);
  char want[256];
  snprintf(want, sizeof want, "gnest-cli: %s: expected %s, %s or %s, got '%s'\n", m->flag,
           m->words[0], m->words[1], m->words[2], m->bad);
  run_out r = run_cli(m->cmd, m->in, m->flag, m->bad, NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, want);
  run_free(&r);
  r = run_cli(m->other_cmd, m->in, m->flag, m->words[1], NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, m->flag), "%s", r.err);
  run_free(&r);
}

/* --color-method (and color_method= in --options) on color: the same colors by every method (a
 * GPU runs them, the CPU backend ignores them); on a GPU the summary names the method; a bad value
 * or another command is a usage error. */
Test(cli, color_method_flag) {
  /* the CPU's first fit: vertex 2 first (degree 2; among 1, 2, 3 the highest tie hash of
   * gn_color_priority), then the path alternates from it */
  const method_flag m = {"color", path5(), "--color-method", "color_method", "0\n1\n0\n1\n0\n",
                         {"auto", "rounds", "async"}, {"async", "rounds", "async"}, "jp", "sssp"};
  expect_method_flag(&m);
}

/* --tc-method (and tc_method= in --options) on tc: the same counts by every method, as for
 * --color-method. K4 (0..3), the triangle 0 1 4 and a pendant 5: 5 triangles, then each
 * vertex's. */
Test(cli, tc_method_flag) {
  const char *in = put("k4-tail.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n0 4\n1 4\n4 5\n");
  const method_flag m = {"tc", in, "--tc-method", "tc_method", "5\n4\n4\n3\n3\n1\n0\n",
                         {"auto", "search", "hash"}, {"search", "search", "hash"}, "bitmap",
                         "color"}; /* auto: search, since no vertex has more than 8 arcs */
  expect_method_flag(&m);
}

Test(cli, forced_cpu_backend) {
  run_out r = run_cli("bfs", path5(), "--backend", "cpu", "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_str_eq(r.out, "");
  cr_expect_str_eq(r.err, "");
  run_free(&r);
}

static int has_device(void) {
  run_out r = run_cli("bfs", path5(), "--json", NULL);
  int yes = strstr(r.out, "\"has_device\":true") != NULL;
  run_free(&r);
  return yes;
}

/* Why a backend's --compare row has no numbers on a machine without a device (NULL: it runs). */
static const char *row_reason_without_device(int b) {
  gnest_backend_desc d = describe(b);
  if (!d.built) return "not built yet";
  return d.needs_device ? "no CUDA device" : NULL;
}

/* The rows come from the registry: the reference first, then every entry but the selector and
 * the reference, in registry order, each saying why it did not run. */
Test(cli, compare_without_a_device) {
  if (has_device()) cr_skip_test("a CUDA device is present: this case is about CPU-only machines");
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--compare", "--runs", "2", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "; median of 2 timed runs after 20 ms of warm-up runs\n"), "%s",
                     r.out);
  const char *header = strstr(r.out, "\nbackend "), *prev = NULL;
  cr_assert_not_null(header, "%s", r.out);
  char line[512];
  cr_assert_not_null(line_starting(header + 1, gnest_backend_name(GNEST_BACKEND_CPU), line, sizeof line));
  cr_expect_not_null(strstr(line, " yes "), "%s", line);
  cr_expect_eq(count_lines(header + 1), GNEST_BACKEND_COUNT, "one row per backend but auto: %s", r.out);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    if (b == GNEST_BACKEND_AUTO || b == GNEST_BACKEND_CPU) continue;
    const char *name = gnest_backend_name((gnest_backend)b), *why = row_reason_without_device(b);
    const char *row = line_starting(header + 1, name, line, sizeof line);
    cr_expect_not_null(row, "no row for %s: %s", name, r.out);
    if (row && why) cr_expect_not_null(strstr(line, why), "%s: expected '%s'", line, why);
    const char *at_row = strstr(header, line);
    cr_expect(prev == NULL || at_row > prev, "%s is out of registry order", name);
    prev = at_row;
  }
  run_free(&r);
  r = run_cli("tc", put("k4.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n"), "--compare", "--json", "--runs", "1", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_eq(r.out[0], '[');
  cr_expect_not_null(strstr(r.out, "{\"backend\":\"cpu\",\"available\":true,\"ran\":true"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "\"agrees\":true"));
  run_free(&r);
}

/* ---- what ran: the method and where its passes ran ----------------------------------------- */

/* The summary names the method after the backend, and where its passes ran; --json has them as
 * keys. On the cpu backend: the serial reference, no backend pass, no kernel. On a device
 * (flat): the Euler tour runs no backend pass and says so on both lines; tc hash runs one (the
 * orientation) beside its own 8 passes (the scan and select of the orientation, the sides'
 * probes, the two selects of the hashed lists, the scan of the blocks' chunks, the hash kernel,
 * the total's sum; no counts per vertex). */
Test(cli, summary_says_what_ran) {
  run_out r = run_cli("bfs", path5(), "--symmetrize", "--backend", "cpu", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "\nmethod: cpu reference (the host ran it: no backend pass, "
                                   "no kernel)\n"),
                     "%s", r.out);
  run_free(&r);
  /* K4 with a hub of 10 more neighbours: 4 triangles; the hub's 13 arcs make auto pick hash */
  const char *in = put("k4-hub.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n0 4\n0 5\n0 6\n0 7\n0 8\n0 9\n"
                                    "0 10\n0 11\n0 12\n0 13\n");
  r = run_cli("tc", in, "--backend", "cpu", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"method\":\"cpu reference\",\"backend_passes\":0,"
                                   "\"own_passes\":0"),
                     "%s", r.out);
  run_free(&r);
  if (!has_device()) return;
  r = run_cli("tree-heights", small_tree(), "--backend", "flat", "--tree-method", "euler", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "; no backend pass: the euler method's own kernels)\nmethod: "
                                   "euler (no backend pass: the euler method's own kernels; own "
                                   "passes: "),
                     "%s", r.out);
  run_free(&r);
  r = run_cli("tree-heights", small_tree(), "--backend", "flat", "--tree-method", "euler",
              "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "\"method\":\"euler\",\"backend_passes\":0,\"own_passes\":"),
                     "%s", r.out);
  run_free(&r);
  r = run_cli("tc", in, "--backend", "flat", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "\nmethod: hash (1 backend pass on flat; own passes: 8)\n"),
                     "%s", r.out);
  run_free(&r);
}

/* --compare: every row that ran names its method and its passes, the backend's / the method's
 * own ("bk/own"), in the text and the JSON; a row that did not run has none. K4: auto's tc
 * method on a device is search (no vertex has more than 8 arcs): two backend passes (the
 * orientation, the count) and three of its own (the orientation's scan and select, the sum). */
Test(cli, compare_rows_say_what_ran) {
  const char *in = put("k4.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n");
  run_out r = run_cli("tc", in, "--compare", "--runs", "1", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  const char *header = strstr(r.out, "\nbackend ");
  cr_assert_not_null(header, "%s", r.out);
  char line[512];
  cr_assert_not_null(line_starting(header + 1, "backend", line, sizeof line));
  cr_expect(strstr(line, " method ") && strstr(line, " bk/own "), "%s", line);
  cr_expect_not_null(strstr(r.out, "\nbk/own: passes the row's backend ran / passes of the "
                                   "method's own kernels\n"),
                     "%s", r.out);
  cr_assert_not_null(line_starting(header + 1, gnest_backend_name(GNEST_BACKEND_CPU), line,
                                   sizeof line));
  cr_expect(strstr(line, " cpu reference ") && strstr(line, " 0/0 "), "%s", line);
  const int device = has_device();
  if (device) {
    cr_assert_not_null(line_starting(header + 1, gnest_backend_name(GNEST_BACKEND_FLAT), line,
                                     sizeof line));
    cr_expect(strstr(line, " search ") && strstr(line, " 2/3 "), "%s", line);
  }
  run_free(&r);
  r = run_cli("tc", in, "--compare", "--runs", "1", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  const char *cpu = "\"method\":\"cpu reference\",\"backend_passes\":0,\"own_passes\":0";
  const char *cpu_row = strstr(r.out, cpu);
  cr_expect(cpu_row && !strstr(cpu_row + 1, cpu), "one cpu reference row: %s", r.out);
  if (device)
    cr_expect_not_null(strstr(r.out, "\"method\":\"search\",\"backend_passes\":2,"
                                     "\"own_passes\":3"),
                       "%s", r.out);
  else
    cr_expect_not_null(strstr(r.out, "\"method\":null,\"backend_passes\":null,"
                                     "\"own_passes\":null"),
                       "%s", r.out);
  run_free(&r);
}

/* --compare refuses, before running anything, an input whose CPU reference would be too long,
 * and says how to get under the limit; the estimate is exact where it can be. */
Test(cli, compare_refuses_an_expensive_reference) {
  char line[1024];
  /* BC on the 5-vertex path, all sources: 5 x 2 x (8 arcs + 5) = 130 visits. */
  run_out r = run_cli("bc", path5(), "--symmetrize", "--compare", "--reference-limit", "129", NULL);
  cr_expect_eq(r.status, 2, "%s", r.err);
  error_line(&r, line, sizeof line);
  cr_expect_not_null(strstr(line, "about 1.3e+02 arcs (5 sources x 2 passes x 8 arcs"), "%s", line);
  cr_expect_not_null(strstr(line, "--samples 64"), "the way out is named: %s", line);
  cr_expect_eq(r.out[0], '\0', "nothing ran: %s", r.out);
  run_free(&r);
  r = run_cli("bc", path5(), "--symmetrize", "--compare", "--reference-limit", "130", "--runs", "1", NULL);
  cr_expect_eq(r.status, 0, "at the limit it runs: %s", r.err);
  run_free(&r);
  r = run_cli("bc", path5(), "--symmetrize", "--compare", "--reference-limit", "129", "--samples", "2",
              "--runs", "1", NULL);
  cr_expect_eq(r.status, 0, "2 sampled sources (52 visits) fit: %s", r.err);
  cr_expect_not_null(strstr(r.out, "2 sampled (seed 1)"), "%s", r.out);
  run_free(&r);
  /* K4, ranks by id: oriented out-degrees 3,2,1,0, in-degrees 0,1,2,3: 12 arcs + 4 lookups. */
  r = run_cli("tc", put("k4.el", "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n"), "--compare", "--reference-limit",
              "15", NULL);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "about 16 arcs (forward algorithm on 12 arcs"),
                     "%s", line);
  run_free(&r);
  r = run_cli("bc", path5(), "--symmetrize", "--compare", "--reference-limit", "0", "--runs", "1", NULL);
  cr_expect_eq(r.status, 0, "0 = no limit: %s", r.err);
  run_free(&r);
}

/* The README's first command, on a smaller graph: gnest-gen output straight into gnest-cli. */
Test(cli, generated_rmat_end_to_end) {
  if (access("bin/gnest-gen", X_OK) != 0) cr_skip_test("bin/gnest-gen is not built (run make)");
  const char *mtx = at("rmat10.mtx");
  const char *gen[] = {"bin/gnest-gen", "rmat", "--scale", "10", "--undirected", "-o", mtx, NULL};
  run_out r = run_argv("bin/gnest-gen", gen);
  cr_assert_eq(r.status, 0, "gnest-gen: %s", r.err);
  run_free(&r);
  const char *cmds[] = {"bfs", "sssp", "bc", "color", "mst", "tc", "stats"};
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i) {
    r = run_cli(cmds[i], mtx, "--json", NULL);
    cr_expect_eq(r.status, 0, "%s: %s", cmds[i], r.err);
    cr_expect(json_valid(r.out), "%s: invalid JSON: %s", cmds[i], r.out);
    run_free(&r);
  }
  r = run_cli("bfs", mtx, "--compare", "--runs", "1", NULL);
  cr_expect_eq(r.status, 0, "every available backend must agree with cpu: %s%s", r.out, r.err);
  run_free(&r);
}

/* ---- gnest-bench: the registry and --options ----------------------------------------------- */

static void skip_without_bench(void) {
  if (access(BENCH, X_OK) != 0) cr_skip_test("%s is not built (run make)", BENCH);
}

Test(cli, bench_help_lists_the_registry) {
  skip_without_bench();
  run_out r = run_bench("--help", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  const char *start = strstr(r.out, "--backends LIST"), *end = strstr(r.out, "--no-cpu");
  cr_assert(start && end && start < end, "%s", r.out);
  char help[2048];
  snprintf(help, sizeof help, "%.*s", (int)(end - start), start);
  /* the help is wrapped: its words are read as one line */
  for (char *p = help, *q = help;; ++p) {
    if (*p == '\n' || (*p == ' ' && q > help && q[-1] == ' ')) continue;
    if (!(*q++ = *p)) break;
  }
  expect_registry_names(help);
  cr_expect_not_null(strstr(r.out, "--options WORDS"), "%s", r.out);
  run_free(&r);
  r = run_bench("--gen", "rmat:4", "--backends", "warp-drive", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "gnest-bench: --backends: unknown backend 'warp-drive' (one of: "), "%s", r.err);
  expect_registry_names(r.err);
  run_free(&r);
}

/* Without --backends: every built backend that can run here, the reference first. */
Test(cli, bench_default_backends_come_from_the_registry) {
  skip_without_bench();
  int device = has_device(), expected = 0;
  run_out r = run_bench("--gen", "rmat:4", "--algos", "bfs", "--runs", "1", "--warmup", "0", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d = describe(b);
    if (b == GNEST_BACKEND_AUTO || !d.built || (d.needs_device && !device)) continue;
    char cell[96];
    snprintf(cell, sizeof cell, "] bfs rmat4 %s ...", d.name);
    cr_expect_not_null(strstr(r.err, cell), "no cell %s: %s", cell, r.err);
    ++expected;
  }
  char first[96], last[32];
  snprintf(first, sizeof first, "[1/%d] bfs rmat4 %s ...", expected, gnest_backend_name(GNEST_BACKEND_CPU));
  snprintf(last, sizeof last, "[%d/%d] ", expected, expected);
  cr_expect_not_null(strstr(r.err, first), "%s", r.err);
  cr_expect_not_null(strstr(r.err, last), "%s", r.err);
  run_free(&r);
}

Test(cli, bench_options) {
  skip_without_bench();
  const char *json = at("bench.json");
  run_out r = run_bench("--gen", "rmat:4", "--algos", "bfs", "--backends", gnest_backend_name(GNEST_BACKEND_CPU),
                        "--runs", "1", "--options", "threshold=8 granularity=warp", "--options", "wboost=1",
                        "--json", json, NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, "\"threshold\": 8, "), "%s", text);
  cr_expect_not_null(strstr(text, "\"settings\": \"granularity=warp wboost=1\""), "%s", text);
  cr_expect_not_null(strstr(text, "\"options\": \"threshold=8 granularity=warp wboost=1\""), "%s", text);
  free(text);
  run_free(&r);
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_neq(gnest_options_parse(&o, "granularity=bogus"), GNEST_OK);
  char want[700];
  snprintf(want, sizeof want, "gnest-bench: --options: %s (see --help)\n", gnest_last_error_string(NULL));
  r = run_bench("--gen", "rmat:4", "--options", "granularity=bogus", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, want);
  run_free(&r);
  char word[64];
  snprintf(word, sizeof word, "backend=%s", gnest_backend_name(GNEST_BACKEND_CPU));
  r = run_bench("--gen", "rmat:4", "--options", word, NULL);
  cr_expect_eq(r.status, 2, "backend= would be ignored: %s", r.err);
  cr_expect_not_null(strstr(r.err, "use --backends"), "%s", r.err);
  run_free(&r);
}

/* ---- gnest-bench: the peer table (bench/peers.tsv compiled in, --peers, --print-peers) ------- */

static const char *const peers_header = "input\talgorithm\tms\tpeer\ttimer\tdevice\tdate\tsource\tnote\n";
static const char *const peers_row = "rmat6\tbfs\t1.5\tP\tT\tD\t2026-11-23\tS\n";

static int count_of(const char *text, const char *word);

/* A peer table from a pattern where "HEADER\n" stands for the header line and "ROW" for a valid
 * line. */
static void peers_text(const char *pattern, char *out, size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (const char *p = pattern; *p && used < size; used = strlen(out)) {
    if (strncmp(p, "HEADER\n", 7) == 0) {
      snprintf(out + used, size - used, "%s", peers_header);
      p += 7;
    } else if (strncmp(p, "ROW", 3) == 0) {
      snprintf(out + used, size - used, "%s", peers_row);
      p += 3;
    } else {
      snprintf(out + used, size - used, "%c", *p++);
    }
  }
}

/* The number after "KEY": in text (from), or NAN when the key is absent. */
static double json_number_at(const char *text, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\": ", key);
  const char *p = strstr(text, pattern);
  return p ? strtod(p + strlen(pattern), NULL) : NAN;
}

/* The warm-up runs of the bfs cell of a one-backend run on rmat4 with the flags f1 v1 and f2 v2,
 * as its JSON row says; -1 when the run fails. */
static int bench_warmup_runs(const char *f1, const char *v1, const char *f2, const char *v2) {
  const char *json = at("warm.json");
  run_out r = run_bench("--gen", "rmat:4", "--algos", "bfs", "--backends",
                        gnest_backend_name(GNEST_BACKEND_CPU), "--runs", "1", "--json", json,
                        f1, v1, f2, v2, NULL);
  int runs = -1;
  char *text = r.status == 0 ? slurp(json) : NULL;
  const char *row = text ? strstr(text, "\"algorithm\": \"bfs\"") : NULL;
  if (row) runs = (int)json_number_at(row, "warmup_runs");
  free(text);
  run_free(&r);
  return runs;
}

/* --warmup N runs first, then --warmup-ms more time's worth (a CPU BFS on 16 vertices takes
 * microseconds, so 30 ms is many runs); --warmup 0 is none at all; the JSON says how many ran. */
Test(cli, bench_warmup_runs_and_time) {
  skip_without_bench();
  cr_expect_eq(bench_warmup_runs("--warmup", "2", "--warmup-ms", "0"), 2);
  cr_expect_gt(bench_warmup_runs("--warmup", "1", "--warmup-ms", "30"), 2);
  cr_expect_eq(bench_warmup_runs("--warmup", "0", "--warmup-ms", "30"), 0);
  run_out r = run_bench("--gen", "rmat:4", "--warmup-ms", "-1", NULL);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect_not_null(strstr(r.err, "--warmup-ms"), "%s", r.err);
  run_free(&r);
}

/* The compiled-in table covers the 18 graph cells of the suite (3 inputs x 6 algorithms), each
 * once with a positive time, and the scale suite's rmat24 cells, and says where it comes from. */
Test(cli, bench_default_peers_cover_every_suite_cell) {
  skip_without_bench();
  run_out r = run_bench("--print-peers", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "not JSON: %s", r.out);
  cr_expect_not_null(strstr(r.out, "\"peers\": \"bench/peers.tsv (compiled in)\""), "%s", r.out);
  const char *inputs[] = {"rmat20", "cnr-2000", "USA-road-FLA"};
  const char *algos[] = {"bfs", "sssp", "bc", "color", "mst", "tc"};
  for (size_t i = 0; i < 3; i++)
    for (size_t a = 0; a < 6; a++) {
      char cell[96];
      snprintf(cell, sizeof cell, "{\"input\": \"%s\", \"algorithm\": \"%s\", ", inputs[i], algos[a]);
      const char *at_cell = strstr(r.out, cell);
      cr_expect_eq(count_of(r.out, cell), 1, "%s %s: expected once in %s", inputs[i], algos[a], r.out);
      if (at_cell) cr_expect_gt(json_number_at(at_cell, "peer_ms"), 0, "%s %s", inputs[i], algos[a]);
    }
  /* the scale suite's rmat24: every algorithm the peers measured there */
  const char *scale_algos[] = {"bfs", "sssp", "bc", "color", "mst", "tc", "cc"};
  for (size_t a = 0; a < 7; a++) {
    char cell[96];
    snprintf(cell, sizeof cell, "{\"input\": \"rmat24\", \"algorithm\": \"%s\", ", scale_algos[a]);
    cr_expect_eq(count_of(r.out, cell), 1, "rmat24 %s: expected once in %s", scale_algos[a], r.out);
  }
  cr_expect_eq(count_of(r.out, "\"input\": "), 25, "%s", r.out);
  run_free(&r);
}

/* --suite names its suites; --cache keeps a generated graph as a .gnest file and a later run
 * loads it from there with the same results; a file there that is not symmetric is refused. */
Test(cli, bench_suites_and_cache) {
  skip_without_bench();
  run_out r = run_bench("--suite", "nope", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "the suites are 'bench' and 'scale'"), "%s", r.err);
  run_free(&r);
  const char *dir = at("cache");
  cr_assert_eq(mkdir(dir, 0755), 0);
  char file[512];
  snprintf(file, sizeof file, "%s/rmat8-seed1-v%s.gnest", dir, GNEST_VERSION_STRING);
  const char *first = at("first.json"), *second = at("second.json");
  r = run_bench("--gen", "rmat:8", "--algos", "bfs,mst,tc", "--backends", "cpu", "--runs", "1",
                "--cache", dir, "--json", first, "--quiet", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  cr_assert_eq(access(file, R_OK), 0, "%s not written", file);
  r = run_bench("--gen", "rmat:8", "--algos", "bfs,mst,tc", "--backends", "cpu", "--runs", "1",
                "--cache", dir, "--json", second, "--quiet", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  char *a = slurp(first), *b = slurp(second);
  cr_assert(a && b);
  /* the same graph: vertices, arcs, largest component, source */
  const char *ia = strstr(a, "\"inputs\""), *ib = strstr(b, "\"inputs\"");
  cr_assert(ia && ib);
  cr_expect_eq(json_number_at(ia, "arcs"), json_number_at(ib, "arcs"));
  cr_expect_eq(json_number_at(ia, "mst_arcs"), json_number_at(ib, "mst_arcs"));
  cr_expect_eq(json_number_at(ia, "source"), json_number_at(ib, "source"));
  free(a);
  free(b);
  /* a directed graph saved under the cache's name */
  r = run_cli("convert", put("dir.el", "0 1\n1 2\n"), file, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  r = run_bench("--gen", "rmat:8", "--algos", "bfs", "--backends", "cpu", "--runs", "1",
                "--cache", dir, "--quiet", NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(r.out, "is not symmetric, so not a generated graph"), "%s\n%s", r.out,
                     r.err);
  run_free(&r);
}

/* --time-limit: no input or cell starts after the limit; what ran is reported (tables, CSV,
 * JSON with the cells that did not start) and the exit status is 4. The first cell, 400 runs of
 * the CPU's MST on rmat13, takes about 10 s on a 2-core machine: far past the limit of 1 s on
 * any machine, so the chain's cell never starts. A limit the run stays within changes nothing. */
Test(cli, bench_time_limit_stops_the_run) {
  skip_without_bench();
  const char *json = at("limited.json"), *csv = at("limited.csv");
  run_out r = run_bench("--gen", "rmat:13", "--gen", "chain:10", "--algos", "mst,tree-heights",
                        "--backends", "cpu", "--runs", "400", "--warmup", "0", "--time-limit", "1",
                        "--json", json, "--csv", csv, "--quiet", NULL);
  cr_assert_eq(r.status, 4, "stdout: %s\nstderr: %s", r.out, r.err);
  cr_expect_not_null(strstr(r.out, "stopped by --time-limit 1: 1 of 2 cells did not start"), "%s",
                     r.out);
  cr_expect_not_null(strstr(r.err, "the time limit of 1 s stopped the run: 1 of 2 cells did not "
                                   "start"), "%s", r.err);
  run_free(&r);
  char *text = slurp(json);
  cr_assert_not_null(text, "%s not written", json);
  cr_expect(json_valid(text), "invalid JSON: %s", text);
  cr_expect_not_null(strstr(text, "\"time_limit_s\": 1, \"cells_planned\": 2, "
                                  "\"cells_not_started\": 1"), "%s", text);
  cr_expect_not_null(strstr(text, "\"algorithm\": \"mst\""), "%s", text);
  cr_expect_null(strstr(text, "\"algorithm\": \"tree-heights\""), "%s", text);
  free(text);
  char *rows = slurp(csv);
  cr_assert_not_null(rows, "%s not written", csv);
  cr_expect_not_null(strstr(rows, "\nrmat13,mst,cpu,"), "%s", rows);
  cr_expect_null(strstr(rows, "chain10"), "%s", rows);
  free(rows);
  r = run_bench("--gen", "chain:10", "--algos", "tree-heights", "--backends", "cpu", "--runs", "1",
                "--time-limit", "600", "--json", json, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  run_free(&r);
  text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, "\"cells_not_started\": 0"), "%s", text);
  free(text);
  r = run_bench("--gen", "chain:10", "--time-limit", "0", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "--time-limit"), "%s", r.err);
  run_free(&r);
}

/* The compiled-in text is bench/peers.tsv exactly: the same cells as reading the file itself. */
Test(cli, bench_compiled_peers_equal_the_file) {
  skip_without_bench();
  if (access("bench/peers.tsv", R_OK) != 0) cr_skip_test("bench/peers.tsv is absent");
  run_out compiled = run_bench("--print-peers", NULL);
  run_out file = run_bench("--print-peers", "--peers", "bench/peers.tsv", NULL);
  cr_assert_eq(compiled.status, 0, "%s", compiled.err);
  cr_assert_eq(file.status, 0, "%s", file.err);
  const char *a = strstr(compiled.out, "\"cells\""), *b = strstr(file.out, "\"cells\"");
  cr_assert(a && b);
  cr_expect_str_eq(a, b, "the compiled-in table differs from bench/peers.tsv (rebuild?)");
  run_free(&compiled);
  run_free(&file);
}

/* Each kind of malformed line: exit 1 before anything runs, one line "FILE:LINE: expected ...". */
Test(cli, bench_malformed_peers_name_the_line) {
  skip_without_bench();
  struct { const char *text; int line; const char *message; } cases[] = {
      {"", 1, "expected the header line (input, algorithm, ms, peer, timer, device, date, source, "
              "note; tab-separated), found the end of the file"},
      {"input algorithm ms peer\n", 1,
       "expected 8 or 9 tab-separated fields (input, algorithm, ms, peer, timer, device, date, "
       "source[, note]), found 1 (are the fields separated by spaces instead of tabs?)"},
      {"input\talgorithm\tmsec\tpeer\ttimer\tdevice\tdate\tsource\n", 1,
       "column 3 of the header is 'msec', expected 'ms' (the header names the columns input, "
       "algorithm, ms, peer, timer, device, date, source, note)"},
      {"# c\n\nHEADER\nrmat6\tbfs\tfast\tP\tT\tD\t2026-11-23\tS\n", 4,
       "field 3 (ms): expected a positive number of milliseconds, found 'fast'"},
      {"HEADER\nrmat6\tbfs\t-2\tP\tT\tD\t2026-11-23\tS\n", 2,
       "field 3 (ms): expected a positive number of milliseconds, found '-2'"},
      {"HEADER\nrmat6\tbfs\tinf\tP\tT\tD\t2026-11-23\tS\n", 2,
       "field 3 (ms): expected a positive number of milliseconds, found 'inf'"},
      {"HEADER\nrmat6\tbfz\t1\tP\tT\tD\t2026-11-23\tS\n", 2,
       "field 2 (algorithm): unknown algorithm 'bfz' (one of: bfs, sssp, bc, color, mst, tc, "
       "tree-descendants, tree-heights, bc-weighted, cc, scc)"},
      {"HEADER\nrmat6\tbfs\t1\t \tT\tD\t2026-11-23\tS\n", 2, "field 4 (peer) is empty"},
      {"HEADER\nrmat6\tbfs\t1\tP\tT\tD\t23.11.2026\tS\n", 2,
       "field 7 (date): expected a date YYYY-MM-DD, found '23.11.2026'"},
      {"HEADER\nrmat6\tbfs\t1\tP\tT\tD\t2026-11-23\n", 2,
       "expected 8 or 9 tab-separated fields (input, algorithm, ms, peer, timer, device, date, "
       "source[, note]), found 7"},
      {"HEADER\nROW# a comment\nROW", 4, "rmat6 bfs is already given on line 2 (one line per input "
                                          "and algorithm)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[512], want[640], line[640];
    peers_text(cases[i].text, text, sizeof text);
    const char *file = put("peers.tsv", text);
    snprintf(want, sizeof want, "gnest-bench: %s:%d: %s", file, cases[i].line, cases[i].message);
    run_out r = run_bench("--gen", "rmat:6", "--peers", file, NULL);
    cr_expect_eq(r.status, 1, "case %zu: exit %d", i, r.status);
    cr_expect_str_eq(error_line(&r, line, sizeof line), want, "case %zu", i);
    cr_expect_null(strstr(r.out, "rmat6"), "case %zu ran anyway: %s", i, r.out);
    run_free(&r);
  }
  run_out r = run_bench("--print-peers", "--peers", at("absent.tsv"), NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(r.err, "absent.tsv: No such file or directory"), "%s", r.err);
  run_free(&r);
}

/* A one-line change of the table changes the peer of the run's summary and JSON; no table, no
 * peer. The ratio is the best backend's median over the peer's time. */
Test(cli, bench_peers_file_sets_the_reported_peer) {
  skip_without_bench();
  const char *cpu = gnest_backend_name(GNEST_BACKEND_CPU), *json = at("peers.json");
  const char *lines[] = {"rmat6\tbfs\t0.5\tPeer A\tCUDA events\tH200\t2026-11-23\tpaper A\tfirst\n",
                         "rmat6\tbfs\t0.25\tPeer B\twall clock\tH200\t2026-11-24\tpaper B\n"};
  for (int k = 0; k < 2; k++) {
    char text[512];
    snprintf(text, sizeof text, "%s%s", peers_header, lines[k]);
    run_out r = run_bench("--gen", "rmat:6", "--algos", "bfs,sssp", "--backends", cpu, "--runs", "1",
                          "--peers", put("peers.tsv", text), "--json", json, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *who = k == 0 ? "Peer A" : "Peer B";
    cr_expect_not_null(strstr(r.out, "best/peer  peer is\n"), "%s", r.out);
    const char *bfs = strstr(r.out, "rmat6 bfs"), *sssp = strstr(r.out, "rmat6 sssp");
    cr_assert(bfs && sssp, "%s", r.out);
    cr_expect(strstr(bfs, who) && strstr(bfs, who) < sssp, "no %s on the bfs line: %s", who, r.out);
    char *record = slurp(json);
    cr_assert_not_null(record);
    const char *cell = strstr(record, "{\"input\": \"rmat6\", \"algorithm\": \"bfs\", \"best_backend\"");
    cr_assert_not_null(cell, "%s", record);
    double peer_ms = json_number_at(cell, "peer_ms"), best_ms = json_number_at(cell, "best_ms");
    cr_expect_float_eq(peer_ms, k == 0 ? 0.5 : 0.25, 1e-12);
    cr_expect_float_eq(json_number_at(cell, "best_over_peer"), best_ms / peer_ms, 1e-6 * best_ms / peer_ms);
    char want[256];
    snprintf(want, sizeof want, "\"peer\": \"%s\", \"peer_timer\": \"%s\", \"peer_device\": \"H200\", "
             "\"peer_date\": \"%s\", \"peer_source\": \"paper %c\", \"peer_note\": \"%s\"", who,
             k == 0 ? "CUDA events" : "wall clock", k == 0 ? "2026-11-23" : "2026-11-24", who[5],
             k == 0 ? "first" : "");
    cr_expect_not_null(strstr(cell, want), "%s", cell);
    cr_expect_null(strstr(strstr(record, "\"algorithm\": \"sssp\", \"best_backend\""), "peer"),
                   "sssp has no peer line: %s", record);
    free(record);
    run_free(&r);
  }
  run_out r = run_bench("--gen", "rmat:6", "--algos", "bfs", "--backends", cpu, "--runs", "1", "--json", json, NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_null(strstr(r.out, "peer"), "no table, no peer column: %s", r.out);
  char *record = slurp(json);
  cr_expect_not_null(strstr(record, "\"peers\": null"), "%s", record);
  cr_expect_null(strstr(record, "peer_ms"), "%s", record);
  free(record);
  run_free(&r);
}

/* freelaunch_mode takes the library's words through --options, in both tools; the grid barriers
 * are in the summaries, --compare's table and JSON, and the bench's CSV. */
Test(cli, freelaunch_mode_words_and_barrier_columns) {
  run_out r = run_cli("bfs", path5(), "--options", "freelaunch_mode=t5", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "bad value for freelaunch_mode (expected auto, t1, t2, t3 or "
                                   "t4)"), "%s", r.err);
  run_free(&r);
  const char *modes[] = {"auto", "t1", "t2", "t3", "t4"};
  for (int m = 0; m < 5; ++m) { /* read by freelaunch only: the cpu runs */
    char word[64];
    snprintf(word, sizeof word, "freelaunch_mode=%s", modes[m]);
    r = run_cli("bfs", path5(), "--options", word, "--backend", "cpu", "--json", NULL);
    cr_expect_eq(r.status, 0, "%s: %s", modes[m], r.err);
    cr_expect_not_null(strstr(r.out, "\"grid_barriers\":0,\"barriers_saved\":0"), "%s", r.out);
    run_free(&r);
  }
  r = run_cli("tree-heights", put("t.tree", "3\n-1 0 1\n"), "--compare", "--runs", "1", NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "grid sync") && strstr(r.out, "saved"), "%s", r.out);
  run_free(&r);
  r = run_cli("tree-heights", at("t.tree"), "--compare", "--runs", "1", "--json", NULL);
  cr_expect_not_null(strstr(r.out, "\"grid_barriers\":0,\"barriers_saved\":0"), "%s", r.out);
  run_free(&r);
  skip_without_bench();
  r = run_bench("--gen", "rmat:4", "--options", "freelaunch_mode=T2", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "'freelaunch_mode=T2': bad value for freelaunch_mode"), "%s",
                     r.err);
  run_free(&r);
  r = run_bench("--gen", "rmat:4", "--freelaunch-mode", "t2", NULL);
  cr_expect_eq(r.status, 2, "a setting is no flag of gnest-bench");
  run_free(&r);
  const char *csv = at("fl.csv");
  r = run_bench("--gen", "rmat:4", "--algos", "bfs", "--backends", "cpu", "--runs", "1",
                "--options", "freelaunch_mode=t3", "--csv", csv, NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  char *text = slurp(csv);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, ",vertices,arcs,grid_barriers,barriers_saved,detail,setting,"
                                 "method,backend_passes,own_passes,setup_ms,first_setup_ms,"
                                 "first_call_ms,cell_ms\n"),
                     "%s", text);
  free(text);
  run_free(&r);
}

/* ---- messages, flags, relabel, hints, limits, progress -------------------------------------- */

static int count_of(const char *text, const char *word) {
  int k = 0;
  for (const char *p = text; (p = strstr(p, word)) != NULL; p += strlen(word)) k++;
  return k;
}

/* Without a device the reason is said once (the summary's device line, or with --json a notice on
 * stderr), and without any NVIDIA driver it says so instead of "driver version is insufficient". */
Test(cli, no_device_is_said_once) {
  if (has_device()) cr_skip_test("a CUDA device is present: this case is about CPU-only machines");
  run_out r = run_cli("bfs", path5(), NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  /* the device line says why; no stderr notice repeats it (the selector's reason names the rule) */
  cr_expect_eq(count_of(r.out, "device: CPU (no CUDA device: "), 1, "%s", r.out);
  cr_expect_eq(r.err[0], '\0', "%s", r.err);
  void *driver = dlopen("libcuda.so.1", RTLD_LAZY);
  if (driver) dlclose(driver);
  else cr_expect_not_null(strstr(r.out, "device: CPU (no CUDA device: no driver found)\n"), "%s", r.out);
  run_free(&r);
  r = run_cli("bfs", path5(), "--json", NULL);
  cr_expect_eq(count_of(r.err, "running on the CPU: no CUDA device ("), 1, "%s", r.err);
  cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", path5(), "--quiet", NULL);
  cr_expect_eq(r.err[0], '\0', "%s", r.err);
  run_free(&r);
}

/* Failures name the command and the argument, never a library function or a C expression. */
Test(cli, messages_name_the_command_and_argument) {
  char line[512];
  struct { const char *args[8]; const char *want; } cases[] = {
      {{"bc", NULL, "--sources", "0,9", NULL}, "gnest-cli: bc: --sources 9 is outside the graph"},
      {{"bfs", NULL, "--source", "99", NULL}, "gnest-cli: bfs: --source 99 is outside the graph"},
      {{"bc", NULL, "--samples", "6", NULL}, "gnest-cli: bc: --samples 6 is more than the graph's 5 vertices"},
      {{"tree-heights", NULL, "--root", "7", NULL}, "gnest-cli: tree-heights: --root 7 is outside the graph"},
      {{"color", NULL, "--no-symmetrize", NULL}, "is not symmetric"},
  };
  const char *file = path5();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *argv[10] = {CLI};
    int k = 1;
    for (int j = 0; cases[i].args[j] || j == 1; j++) argv[k++] = j == 1 ? file : cases[i].args[j];
    argv[k] = NULL;
    run_out r = run_argv(CLI, argv);
    cr_expect_eq(r.status, 1, "%s: %s", cases[i].want, r.err);
    error_line(&r, line, sizeof line);
    cr_expect_not_null(strstr(line, cases[i].want), "%s", line);
    cr_expect_null(strstr(line, "gnest_"), "%s", line);
    cr_expect_null(strstr(line, "->"), "%s", line);
    run_free(&r);
  }
  /* a graph that is not a tree: the command, the file and the root; no function name */
  run_out r = run_cli("tree-heights", put("cyc.el", "0 1\n1 2\n2 0\n"), NULL);
  cr_expect_eq(r.status, 1);
  error_line(&r, line, sizeof line);
  cr_expect_not_null(strstr(line, "gnest-cli: tree-heights: "), "%s", line);
  cr_expect_not_null(strstr(line, "is not a tree rooted at 0"), "%s", line);
  cr_expect_null(strstr(line, "gnest_tree_from_graph"), "%s", line);
  run_free(&r);
}

/* A command's --help shows its own flags in its own words only. */
Test(cli, help_is_per_command) {
  run_out r = run_cli("bfs", "--help", NULL);
  cr_assert_eq(r.status, 0);
  cr_expect_null(strstr(r.out, "bc:"), "%s", r.out);
  /* nothing of color's own (its title, its footer, its flag); the --options keys name them all */
  cr_expect_null(strstr(r.out, "color:"), "%s", r.out);
  cr_expect_null(strstr(r.out, "one color per line"), "%s", r.out);
  cr_expect_null(strstr(r.out, "--color-method"), "%s", r.out);
  cr_expect_null(strstr(r.out, "--tc-method"), "%s", r.out);
  cr_expect_eq(count_of(r.out, "\n  --source "), 1, "%s", r.out);
  cr_expect_not_null(strstr(r.out, "--undirected"), "%s", r.out);
  run_free(&r);
  r = run_cli("convert", "--help", NULL);
  cr_expect_null(strstr(r.out, "--json"), "%s", r.out);
  cr_expect_null(strstr(r.out, "summary"), "%s", r.out);
  run_free(&r);
  r = run_cli("tc", "--help", NULL);
  cr_expect_null(strstr(r.out, "--keep-duplicates"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "(the default here)"), "%s", r.out);
  run_free(&r);
}

Test(cli, inapplicable_flags_are_usage_errors) {
  char line[512];
  struct { const char *cmd, *flag, *value, *want; } cases[] = {
      {"bfs", "--runs", "3", "--runs applies to --compare only"},
      {"bc", "--reference-limit", "9", "--reference-limit applies to --compare only"},
      {"tc", "--keep-duplicates", NULL, "--keep-duplicates does not apply"},
      {"convert", "--json", NULL, "--json does not apply"},
      {"bfs", "--samples", "2", "--samples does not apply"},
      {"bfs", "--frobnicate", NULL, "unknown flag '--frobnicate'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *out = cases[i].cmd[0] == 'c' ? at("x.mtx") : NULL;
    run_out r = out ? run_cli(cases[i].cmd, path5(), out, cases[i].flag, cases[i].value, NULL)
                    : run_cli(cases[i].cmd, path5(), cases[i].flag, cases[i].value, NULL);
    cr_expect_eq(r.status, 2, "%s %s: %s", cases[i].cmd, cases[i].flag, r.err);
    cr_expect_not_null(strstr(error_line(&r, line, sizeof line), cases[i].want), "%s", line);
    run_free(&r);
  }
}

/* Each edge once, from the lower id: read as directed, BFS from 2 misses 0 and 1, and a hint says
 * --undirected exists; --undirected is --symmetrize. */
Test(cli, undirected_alias_and_the_hint) {
  const char *once = put("once.txt", "0 1\n1 2\n2 3\n");
  run_out r = run_cli("bfs", once, "--source", "2", NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_not_null(strstr(r.out, "reached 2 of 4 vertices"), "%s", r.out);
  cr_expect_eq(count_lines(r.err), 1, "%s", r.err);
  cr_expect_not_null(strstr(r.err, "hint: bfs reached 2 of 4 vertices"), "%s", r.err);
  cr_expect_not_null(strstr(r.err, "--undirected"), "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", once, "--source", "2", "--quiet", NULL);
  cr_expect_eq(r.err[0], '\0', "%s", r.err);
  run_free(&r);
  run_out u = run_cli("bfs", once, "--source", "2", "--undirected", "--output", at("u.txt"), NULL);
  run_out s = run_cli("bfs", once, "--source", "2", "--symmetrize", "--output", at("s.txt"), NULL);
  cr_assert_eq(u.status, 0, "%s", u.err);
  cr_expect_null(strstr(u.err, "hint"), "%s", u.err);
  char *uo = slurp(at("u.txt")), *so = slurp(at("s.txt"));
  cr_expect_str_eq(uo, "2\n1\n0\n1\n");
  cr_expect_str_eq(uo, so);
  free(uo);
  free(so);
  run_free(&u);
  run_free(&s);
}

/* Sparse ids: --relabel keeps only the ids in arcs; --source and --output speak the file's ids. */
Test(cli, relabel_maps_ids_both_ways) {
  const char *sparse = put("sparse.txt", "10 20\n20 40\n40 10\n");
  run_out r = run_cli("bfs", sparse, "--source", "0", NULL);
  cr_expect_eq(r.status, 0);
  cr_expect_not_null(strstr(r.err, "hint: source 0 has no arc"), "%s", r.err);
  cr_expect_not_null(strstr(r.err, "--relabel"), "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", sparse, "--relabel", "--source", "20", "--output", at("l.txt"), NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_not_null(strstr(r.out, "n=3"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "bfs: source 20 (given)"), "%s", r.out);
  char *o = slurp(at("l.txt"));
  cr_expect_str_eq(o, "10 2\n20 0\n40 1\n");
  free(o);
  run_free(&r);
  r = run_cli("mst", sparse, "--relabel", "--output", at("m.txt"), NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  o = slurp(at("m.txt"));
  cr_expect_str_eq(o, "10 20 1\n10 40 1\n");
  free(o);
  run_free(&r);
  char line[512];
  r = run_cli("bfs", sparse, "--relabel", "--source", "30", NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "bfs: --source 30: no arc of"), "%s", line);
  run_free(&r);
}

Test(cli, vertex_limit_and_max_vertices) {
  char line[512];
  const char *big = put("big.txt", "0 1\n20000000 1\n");
  run_out r = run_cli("bfs", big, NULL);
  cr_expect_eq(r.status, 1);
  error_line(&r, line, sizeof line);
  cr_expect_not_null(strstr(line, "20000001 vertices"), "%s", line);
  cr_expect_not_null(strstr(line, "--max-vertices N loads it anyway"), "%s", line);
  cr_expect_null(strstr(line, "max_vertices"), "%s", line);
  run_free(&r);
  r = run_cli("bfs", big, "--max-vertices", "20000001", "--source", "0", "--quiet", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", path5(), "--max-vertices", "4", NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "more than max_vertices = 4"), "%s", line);
  run_free(&r);
  r = run_cli("bfs", put("h.mtx", "%%MatrixMarket matrix coordinate pattern general\n2000000000 2000000000 1\n1 2\n"), NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "2000000000 vertices declared by the header"), "%s", line);
  run_free(&r);
}

/* A directed path 0 -> 1 -> ... -> n - 1 as an edge list in the test folder. */
static const char *put_directed_path(const char *name, int n) {
  char *text = malloc((size_t)n * 16), *p = text;
  for (int v = 0; v + 1 < n; v++) p += sprintf(p, "%d %d\n", v, v + 1);
  const char *in = put(name, text);
  free(text);
  return in;
}

/* The bc of that path in the file out: bc(v) = v (n - 1 - v) (pairs s < v < t), exactly. */
static void expect_path_bc(const char *out, int n) {
  char *o = slurp(out), *q = o;
  for (int v = 0; v < n; v++) {
    double got = strtod(q, &q);
    cr_assert_eq(got, (double)v * (n - 1 - v), "bc[%d] = %g", v, got);
  }
  free(o);
}

/* bc over more sources than one batch: the sum of the batches is exact on a directed path. */
Test(cli, bc_in_batches_sums_every_source) {
  run_out r = run_cli("bc", put_directed_path("path250.el", 250), "--output", at("bc.txt"), NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  expect_path_bc(at("bc.txt"), 250);
  run_free(&r);
}

/* bc over all sources estimates its time from the first sources and says it on stderr before a
 * long run, terminal or not (here not: a pipe), with how --samples shortens it; the limit comes
 * down to 0 s through GNEST_CLI_LONG_RUN_S so that a short run says it. The sources the estimate
 * timed count once: the result is exact, as without the message. */
Test(cli, bc_over_all_sources_says_a_long_run_first) {
  const char *in = put_directed_path("path400.el", 400);
  cr_assert_eq(setenv("GNEST_CLI_LONG_RUN_S", "0", 1), 0);
  run_out r = run_cli("bc", in, "--output", at("bc.txt"), NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_not_null(strstr(r.err, "gnest-cli bc: over all 400 sources this takes about"), "%s",
                     r.err);
  cr_expect_not_null(strstr(r.err, "--samples K runs K sampled sources instead"), "%s", r.err);
  expect_path_bc(at("bc.txt"), 400);
  run_free(&r);
  /* --sources, --samples and --quiet: nothing to say */
  r = run_cli("bc", in, "--samples", "200", "--quiet", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_null(strstr(r.err, "takes about"), "%s", r.err);
  run_free(&r);
  r = run_cli("bc", in, "--quiet", NULL);
  cr_expect_null(strstr(r.err, "takes about"), "%s", r.err);
  run_free(&r);
  /* below the limit (the default 10 s): silent */
  unsetenv("GNEST_CLI_LONG_RUN_S");
  r = run_cli("bc", in, "--output", at("bc2.txt"), NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_null(strstr(r.err, "takes about"), "%s", r.err);
  char *a = slurp(at("bc.txt")), *b = slurp(at("bc2.txt"));
  cr_expect_str_eq(a, b, "the same result with and without the message");
  free(a);
  free(b);
  run_free(&r);
}

/* --color-tie: hash (default) and id order equal degrees differently. The path 0-1-2-3-4 with
 * a self-loop at 4 (kept): id counts it twice (degree 3: first, then 1, 2, 3 by id, then 0), giving
 * NetworkX's greedy_color largest_first colors; hash leaves it out (2 first by its hash). */
/* gnest-cli color IN FLAG VALUE writes want. */
static void expect_colors(const char *in, const char *flag, const char *value, const char *want) {
  const char *out = at("colors.txt");
  run_out r = run_cli("color", in, flag, value, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "%s %s: %s", flag, value, r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, want, "%s %s", flag, value);
  free(text);
  run_free(&r);
}

Test(cli, color_tie_flag) {
  const char *in = put("path-loop.el", "0 1\n1 2\n2 3\n3 4\n4 4\n");
  expect_colors(in, "--color-tie", "id", "1\n0\n1\n2\n0\n");
  expect_colors(in, "--options", "color_tie=id", "1\n0\n1\n2\n0\n");
  expect_colors(in, "--color-tie", "hash", "0\n1\n0\n1\n0\n");
  run_out r = run_cli("color", in, "--color-tie", "degree", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "--color-tie: expected hash or id, got 'degree'"), "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", in, "--color-tie", "id", NULL);
  cr_expect_eq(r.status, 2, "not a flag of bfs: %s", r.err);
  run_free(&r);
  r = run_cli("color", "--help", NULL);
  cr_expect_not_null(strstr(r.out, "--color-tie"), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "largest_first"), "%s", r.out);
  run_free(&r);
}

/* Runs bin/gnest-cli with stderr (and stdout) on a pseudo-terminal; returns what it printed. */
static char *run_on_terminal(const char **argv, int *status) {
  int master = -1;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  cr_assert_neq(pid, -1, "forkpty: %s", strerror(errno));
  if (pid == 0) {
    execv(CLI, (char *const *)argv);
    _exit(127);
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  ssize_t got;
  while ((got = read(master, buf + len, cap - len - 1)) > 0) len += (size_t)got;
  buf[len] = '\0';
  int ws = 0;
  waitpid(pid, &ws, 0);
  close(master);
  *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
  return buf;
}

/* On a terminal a long bc shows "sources N% (k of n sources, ETA ...)" redrawn in place and
 * erased at the end; --quiet and a non-terminal stderr show none. GNEST_PROGRESS_DELAY_MS=0
 * shows it from the start (the default waits 1 s, so short runs print nothing). */
Test(cli, progress_on_a_terminal_only) {
  enum { N = 400 };
  char *text = malloc(N * 16), *p = text;
  for (int v = 0; v + 1 < N; v++) p += sprintf(p, "%d %d\n", v, v + 1);
  const char *file = put("path400.el", text);
  free(text);
  cr_assert_eq(setenv("GNEST_PROGRESS_DELAY_MS", "0", 1), 0);
  int status = 0;
  const char *argv[] = {CLI, "bc", file, NULL};
  char *tty = run_on_terminal(argv, &status);
  cr_expect_eq(status, 0, "%s", tty);
  cr_expect_not_null(strstr(tty, "\rgnest-cli bc: sources "), "%s", tty);
  cr_expect_not_null(strstr(tty, "of 400 sources"), "%s", tty);
  cr_expect_not_null(strstr(tty, "\r\033[K"), "the line is erased at the end: %s", tty);
  free(tty);
  const char *quiet[] = {CLI, "bc", file, "--quiet", NULL};
  tty = run_on_terminal(quiet, &status);
  cr_expect_null(strstr(tty, "sources"), "%s", tty);
  free(tty);
  run_out r = run_cli("bc", file, NULL);
  unsetenv("GNEST_PROGRESS_DELAY_MS");
  cr_expect_null(strstr(r.err, "sources"), "%s", r.err);
  run_free(&r);
}

/* ---- --sweep and agg's flags ------------------------------------------------------------- */

/* 1 when the registry says backend b reads option key. */
static int reads_option(int b, const char *key) {
  const char *opts = describe(b).options;
  const size_t len = strlen(key);
  for (const char *p = opts; (p = strstr(p, key)) != NULL; p += len)
    if ((p == opts || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' ')) return 1;
  return 0;
}

/* --compare --sweep: a row per value for every backend that reads the key, in registry order and
 * value order, the others once (setting null); on any machine (rows that cannot run say why). */
Test(cli, compare_sweep_rows) {
  run_out r = run_cli("bfs", path5(), "--compare", "--sweep", "threshold=3,40", "--json",
                      "--runs", "1", "--quiet", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
  int readers = 0, others = 0;
  const char *prev = r.out;
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    if (b == GNEST_BACKEND_AUTO) continue;
    char row[96];
    snprintf(row, sizeof row, "{\"backend\":\"%s\"", gnest_backend_name((gnest_backend)b));
    const int rows = count_of(r.out, row);
    if (!reads_option(b, "threshold")) {
      others++;
      cr_expect_eq(rows, 1, "%s: %d rows", row, rows);
      continue;
    }
    readers++;
    cr_expect_eq(rows, 2, "%s reads threshold: %d rows", row, rows);
    const char *first = strstr(prev, row), *second = first ? strstr(first + 1, row) : NULL;
    cr_assert(first && second, "%s out of registry order: %s", row, r.out);
    const char *s3 = strstr(first, "\"setting\":\"threshold=3\""),
               *s40 = strstr(first, "\"setting\":\"threshold=40\"");
    cr_expect(s3 && s3 < second, "%s: the first row is threshold=3", row);
    cr_expect(s40 && s40 > second, "%s: the second row is threshold=40", row);
    prev = second;
  }
  cr_expect_gt(readers, 0, "no backend reads threshold");
  cr_expect_eq(count_of(r.out, "\"setting\":\"threshold=3\""), readers);
  cr_expect_eq(count_of(r.out, "\"setting\":\"threshold=40\""), readers);
  cr_expect_eq(count_of(r.out, "\"setting\":null"), others);
  run_free(&r);
  /* the text table names each row with its setting */
  r = run_cli("bfs", path5(), "--compare", "--sweep", "coarsening=1,16", "--runs", "1", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "\nagg coarsening=1 "), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "\nagg coarsening=16 "), "%s", r.out);
  cr_expect_null(strstr(r.out, "lazynp coarsening"), "lazynp does not read coarsening: %s", r.out);
  run_free(&r);
}

/* The keys that change the result (weights, color_tie) are read by every device backend: each
 * gets a row per value; the CPU reference keeps its one row. */
Test(cli, compare_sweep_of_the_weights_type) {
  run_out r = run_cli("sssp", path5(), "--compare", "--sweep", "weights=float,double", "--json",
                      "--runs", "1", "--quiet", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_eq(count_of(r.out, "{\"backend\":\"cpu\""), 1, "%s", r.out);
  const int floats = count_of(r.out, "\"setting\":\"weights=float\"");
  cr_expect_geq(floats, 1, "%s", r.out);
  cr_expect_eq(count_of(r.out, "\"setting\":\"weights=double\""), floats, "%s", r.out);
  cr_expect_eq(count_of(r.out, "\"setting\":null"), 1, "only the CPU row is unswept: %s", r.out);
  run_free(&r);
}

Test(cli, sweep_usage_errors) {
  char line[512];
  struct { const char *value, *want; } cases[] = {
      {"threshold=-4", "--sweep: 'threshold=-4': options.threshold = -4"},
      {"speed=1,2", "--sweep: 'speed=1': unknown option 'speed'"},
      {"backend=cpu,flat", "--sweep: backend cannot be swept"},
      {"threshold", "--sweep: expected KEY=V1,V2,..."},
      {"threshold=", "--sweep: expected KEY=V1,V2,..."},
      {"threshold=1,,2", "--sweep: an empty or too long value"},
      {"threshold=1,", "--sweep: an empty or too long value"},
      {"granularity=warp,thread", "--sweep: 'granularity=thread'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    run_out r = run_cli("bfs", path5(), "--compare", "--sweep", cases[i].value, NULL);
    cr_expect_eq(r.status, 2, "--sweep %s: %s", cases[i].value, r.err);
    cr_expect_not_null(strstr(error_line(&r, line, sizeof line), cases[i].want), "%s: %s",
                       cases[i].value, line);
    run_free(&r);
  }
  run_out r = run_cli("bfs", path5(), "--sweep", "threshold=1,2", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "--sweep applies to --compare only"),
                     "%s", line);
  run_free(&r);
  r = run_cli("bfs", path5(), "--compare", "--sweep", "threshold=1", "--sweep", "coarsening=2", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "given twice"), "%s", line);
  run_free(&r);
}

/* agg's settings through --options: accepted with the cpu backend (which ignores them), a bad
 * word a usage error naming it. */
Test(cli, agg_settings_through_options) {
  run_out r = run_cli("backends", "agg", NULL);
  cr_assert_eq(r.status, 0);
  const char *words[] = {"group_size: an integer >= 0", "agg_threshold: an integer >= 0",
                         "multi-block", "none: no aggregation"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    cr_expect_not_null(strstr(r.out, words[i]), "backends agg lacks %s", words[i]);
  run_free(&r);
  r = run_cli("bfs", path5(), "--backend", "cpu", "--options", "granularity=none group_size=3",
              "--options", "agg_threshold=7 coarsening=16", "--quiet", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  run_free(&r);
  char line[512];
  r = run_cli("bfs", path5(), "--options", "granularity=thread", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "grid or none"), "%s", line);
  run_free(&r);
  r = run_cli("bfs", path5(), "--options", "group_size=-1", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "group_size = -1"), "%s", line);
  run_free(&r);
  r = run_cli("bfs", path5(), "--options", "agg_threshold=x", NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
}

/* cta_levels through --options: off, -1, 0 or a count of items; accepted with the cpu backend
 * (which ignores it), anything else a usage error naming the word. */
Test(cli, cta_levels_setting) {
  const char *good[] = {"off", "-1", "0", "1", "4096"};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    char word[64];
    snprintf(word, sizeof word, "cta_levels=%s", good[i]);
    run_out r = run_cli("bfs", path5(), "--backend", "cpu", "--options", word, "--quiet", NULL);
    cr_expect_eq(r.status, 0, "%s: %s", word, r.err);
    run_free(&r);
  }
  char line[512];
  const char *bad[] = {"-2", "on", "x"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char word[64];
    snprintf(word, sizeof word, "cta_levels=%s", bad[i]);
    run_out r = run_cli("bfs", path5(), "--options", word, NULL);
    cr_expect_eq(r.status, 2, "%s", word);
    cr_expect_not_null(strstr(error_line(&r, line, sizeof line), word), "%s", line);
    run_free(&r);
  }
}

/* gnest-bench with auto among the backends: auto's time over the fastest of each cell (the
 * selector's oracle ratio), per cell in the JSON summary and as a geometric mean in both. */
Test(cli, bench_auto_oracle_ratio) {
  skip_without_bench();
  const char *json = at("oracle.json");
  char backends[64];
  snprintf(backends, sizeof backends, "%s,%s", gnest_backend_name(GNEST_BACKEND_CPU),
           gnest_backend_name(GNEST_BACKEND_AUTO));
  run_out r = run_bench("--gen", "rmat:5", "--gen", "chain:100", "--algos", "bfs,tree-heights",
                        "--backends", backends, "--runs", "2", "--json", json, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  const char *line = strstr(r.out, "auto / fastest of the cell: geometric mean ");
  cr_assert_not_null(line, "%s", r.out);
  double geomean = 0;
  int cells = 0;
  cr_expect_eq(sscanf(line, "auto / fastest of the cell: geometric mean %lf over %d cells", &geomean,
                      &cells), 2, "%s", line);
  cr_expect_eq(cells, 2, "%s", line);
  cr_expect_geq(geomean, 1.0, "auto is one of the rows, so it is never faster than the fastest");
  char *text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_eq(count_of(text, "\"auto_over_best\": "), 2, "%s", text);
  cr_expect_not_null(strstr(text, "\"auto_cells\": 2, \"auto_cells_left_out\": 0, "
                                  "\"auto_over_best_geomean\": "), "%s", text);
  cr_expect_null(strstr(text, "\"no_backend_pass\""), "the host's rows choose no pass: %s", text);
  free(text);
  run_free(&r);
  /* Without auto: no ratio. */
  r = run_bench("--gen", "rmat:5", "--algos", "bfs", "--backends",
                gnest_backend_name(GNEST_BACKEND_CPU), "--runs", "1", "--json", json, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_null(strstr(r.out, "auto / fastest"), "%s", r.out);
  text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, "\"auto_cells\": 0, \"auto_cells_left_out\": 0, "
                                  "\"auto_over_best_geomean\": null"), "%s", text);
  free(text);
  run_free(&r);
}

/* On a device, a cell whose method runs no backend pass on any backend (the tree algorithms'
 * Euler tour on a long chain) offers the selector no choice: its ratio is in the JSON, marked,
 * and left out of the geometric mean; a BFS, which runs the backend's passes, stays in. */
Test(cli, bench_auto_oracle_leaves_out_cells_without_a_choice) {
  skip_without_bench();
  if (!has_device()) cr_skip_test("no CUDA device: every row runs on the host");
  const char *json = at("oracle-choice.json");
  char backends[64];
  snprintf(backends, sizeof backends, "%s,%s", gnest_backend_name(GNEST_BACKEND_AUTO),
           gnest_backend_name(GNEST_BACKEND_FLAT));
  run_out r = run_bench("--gen", "rmat:10", "--gen", "chain:100000", "--algos",
                        "bfs,tree-descendants", "--backends", backends, "--runs", "2", "--no-cpu",
                        "--json", json, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, " over 1 cell; "), "%s", r.out);
  cr_expect_not_null(strstr(r.out, "; 1 cell left out: no backend pass on any backend"), "%s",
                     r.out);
  char *text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_eq(count_of(text, "\"no_backend_pass\": true"), 1, "%s", text);
  cr_expect_not_null(strstr(text, "\"auto_cells\": 1, \"auto_cells_left_out\": 1, "), "%s", text);
  free(text);
  run_free(&r);
}

/* gnest-bench --sweep: a column per value for the backends that read the key, the setting as the
 * CSV's field after the detail and in the JSON rows. */
Test(cli, bench_sweep_columns) {
  skip_without_bench();
  const char *csv = at("sweep.csv"), *json = at("sweep.json");
  const char *lazynp = gnest_backend_name(GNEST_BACKEND_LAZYNP);
  char backends[64];
  snprintf(backends, sizeof backends, "%s,%s", gnest_backend_name(GNEST_BACKEND_CPU), lazynp);
  run_out r = run_bench("--gen", "rmat:4", "--algos", "bfs", "--backends", backends, "--runs", "1",
                        "--sweep", "threshold=4,64", "--csv", csv, "--json", json, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  char label[96];
  snprintf(label, sizeof label, "%s:threshold=4", lazynp);
  cr_expect_not_null(strstr(r.out, label), "no column %s: %s", label, r.out);
  char *text = slurp(csv);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, ",detail,setting,method,"), "%s", text);
  cr_expect_eq(count_lines(text), 4, "header, cpu once, lazynp twice: %s", text);
  cr_expect_not_null(strstr(text, ",threshold=4,"), "%s", text);
  cr_expect_not_null(strstr(text, ",threshold=64,"), "%s", text);
  free(text);
  text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, "\"sweep\": \"threshold=4,64\""), "%s", text);
  cr_expect_eq(count_of(text, "\"setting\": \"threshold=64\""), 1, "%s", text);
  free(text);
  run_free(&r);
  r = run_bench("--gen", "rmat:4", "--sweep", "threshold=4", "--sweep", "threshold=5", NULL);
  cr_expect_eq(r.status, 2);
  cr_expect_not_null(strstr(r.err, "--sweep given twice"), "%s", r.err);
  run_free(&r);
  r = run_bench("--gen", "rmat:4", "--options", "granularity=thread", NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
}

/* gnest-bench rows name the method that ran and the split of its passes: CSV columns after the
 * setting (the older columns keep their positions), JSON keys beside the reason, and the
 * summary's best row its method. */
Test(cli, bench_rows_say_what_ran) {
  skip_without_bench();
  const char *csv = at("ran.csv"), *json = at("ran.json");
  run_out r = run_bench("--gen", "rmat:4", "--algos", "tc", "--backends",
                        gnest_backend_name(GNEST_BACKEND_CPU), "--runs", "1", "--csv", csv,
                        "--json", json, "--quiet", NULL);
  cr_expect_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(csv);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, ",setting,method,backend_passes,own_passes,setup_ms,"
                                  "first_setup_ms,first_call_ms,cell_ms\n"), "%s", text);
  cr_expect_not_null(strstr(text, ",cpu reference,0,0,0.000000,0.000000,"), "%s", text);
  free(text);
  text = slurp(json);
  cr_assert_not_null(text);
  cr_expect_not_null(strstr(text, "\"method\": \"cpu reference\", \"backend_passes\": 0, "
                                  "\"own_passes\": 0, \"setup_ms\": 0, \"first_setup_ms\": 0, "
                                  "\"first_call_ms\": "),
                     "%s", text);
  cr_expect_not_null(strstr(text, "\"all_outputs\": false"), "%s", text);
  cr_expect_not_null(strstr(text, "\"best_method\": \"cpu reference\""), "%s", text);
  free(text);
  run_free(&r);
}

/* Weights are doubles: what float32 lost (2^24 + 1, 99999999999) is exact, in the output and the
 * summary, on the CPU reference as on every backend (tests/test_gpu_algos.c). */
Test(cli, weights_beyond_float_are_exact) {
  const char *gr = put("big.gr", "p sp 2 1\na 1 2 16777217\n");
  const char *out = at("dist.txt");
  run_out r = run_cli("sssp", gr, "--source", "0", "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "0\n16777217\n");
  free(text);
  cr_expect_not_null(strstr(r.out, "max finite distance 16777217\n"), "%s", r.out);
  run_free(&r);
  r = run_cli("mst", gr, "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "total weight 16777217, 1 edges"), "%s", r.out);
  text = slurp(out);
  cr_expect_str_eq(text, "0 1 16777217\n");
  free(text);
  run_free(&r);
  const char *mtx = put("int.mtx", "%%MatrixMarket matrix coordinate integer general\n"
                                   "2 2 1\n1 2 99999999999\n");
  r = run_cli("sssp", mtx, "--source", "0", "--output", out, "--output-format", "csv", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  text = slurp(out);
  cr_expect_str_eq(text, "vertex,distance\n0,0\n1,99999999999\n");
  free(text);
  run_free(&r);
  r = run_cli("sssp", put("tenth.el", "0 1 0.1\n1 2 0.2\n"), "--source", "0", "--json", NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  cr_expect_not_null(strstr(r.out, "\"max_distance\":0.30000000000000004"), "%s", r.out);
  run_free(&r);
}

/* 3e38 + 3e38 is past float and fine in double; 1e308 + 1e308 overflows double: an error that
 * names the arc, never an unreachable vertex with exit 0. */
Test(cli, distance_overflow_is_an_error) {
  const char *out = at("dist.txt");
  run_out r = run_cli("sssp", put("big.el", "0 1 3e38\n1 2 3e38\n"), "--source", "0", "--output",
                      out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "0\n3e+38\n6e+38\n");
  free(text);
  run_free(&r);
  r = run_cli("sssp", put("huge.el", "0 1 1e308\n1 2 1e308\n"), "--source", "0", NULL);
  cr_expect_neq(r.status, 0);
  char line[600];
  cr_expect_not_null(strstr(error_line(&r, line, sizeof line), "arc 1 -> 2 of weight 1e+308"),
                     "%s", r.err);
  run_free(&r);
}

/* A weight that is not a finite double is refused with the file's line and the text. */
Test(cli, non_finite_weight_refused_naming_the_line) {
  const char *files[][2] = {{"inf.el", "0 1 1\n1 2 1e400\n"}, {"nan.el", "0 1 1\n1 2 nan\n"},
                            {"inf.gr", "p sp 3 2\na 1 2 1\na 2 3 -inf\n"},
                            {"inf.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n"
                                        "1 2 1\n2 3 1e999\n"}};
  const char *text[] = {"1e400", "nan", "-inf", "1e999"};
  const char *line_no[] = {":2:", ":2:", ":3:", ":4:"};
  for (int k = 0; k < 4; ++k) {
    run_out r = run_cli("sssp", put(files[k][0], files[k][1]), "--source", "0", NULL);
    cr_expect_eq(r.status, 1, "%s: %d", files[k][0], r.status);
    char line[600];
    error_line(&r, line, sizeof line);
    cr_expect(strstr(line, line_no[k]) && strstr(line, text[k]), "%s: %s", files[k][0], line);
    run_free(&r);
  }
}

/* --weights float rounds each weight to a float, on the CPU reference too. */
Test(cli, weights_float_rounds) {
  const char *in = put("w.el", "0 1 16777217\n");
  const char *out = at("dist.txt");
  run_out r = run_cli("sssp", in, "--source", "0", "--weights", "float", "--backend", "cpu",
                      "--output", out, NULL);
  cr_assert_eq(r.status, 0, "stderr: %s", r.err);
  char *text = slurp(out);
  cr_expect_str_eq(text, "0\n16777216\n");
  free(text);
  run_free(&r);
  r = run_cli("sssp", in, "--weights", "half", NULL);
  cr_expect_eq(r.status, 2);
  run_free(&r);
  r = run_cli("bfs", in, "--weights", "float", NULL);
  cr_expect_eq(r.status, 2, "bfs reads no weights: --weights is not its flag");
  run_free(&r);
}

/* ---- connected components ---------------------------------------------------------------- */

/* A directed cycle 0 1 2 with a tail 2 -> 3, a pair 5 -> 6 and 4 alone: weakly {0..3} {4} {5,6};
 * strongly {0,1,2} {3} {4} {5} {6}. Each component is named by its smallest id. */
Test(cli, components_summaries_and_outputs) {
  const char *in = put("comp.el", "0 1\n1 2\n2 0\n2 3\n5 6\n4 4\n");
  run_out r = run_cli("cc", in, NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_not_null(strstr(r.out, "components: 3 (largest: 4 vertices)\n"), "%s", r.out);
  run_free(&r);
  r = run_cli("scc", in, "--json", NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_not_null(strstr(r.out, "\"components\":5,\"largest_component\":3"), "%s", r.out);
  run_free(&r);
  expect_output_format("cc", in, NULL, "text", "0\n0\n0\n0\n4\n5\n5\n");
  expect_output_format("scc", in, NULL, "csv", "vertex,component\n0,0\n1,0\n2,0\n3,3\n4,4\n5,5\n"
                                               "6,6\n");
  expect_json_result("cc", in, NULL,
                     "{\"vertex\":[0,1,2,3,4,5,6],\"component\":[0,0,0,0,4,5,5]}}\n");
  /* With --relabel the labels are the file's ids too (the smallest, as relabelling keeps the
   * order of the ids). */
  const char *sparse = put("comp_sparse.el", "30 10\n10 20\n20 30\n50 40\n");
  expect_output_format("scc", sparse, "--relabel", "csv",
                       "vertex,component\n10,10\n20,10\n30,10\n40,40\n50,50\n");
  r = run_cli("scc", in, "--compare", "--runs", "1", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  run_free(&r);
  r = run_cli("cc", "--help", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_not_null(strstr(r.out, "smallest vertex id"), "%s", r.out);
  run_free(&r);
}

/* `CMD FILE --source=0 --predecessors [FLAG] --output - --output-format FORMAT`: standard output
 * is exactly want. */
static void expect_pred_output(const char *cmd, const char *file, const char *flag,
                               const char *format, const char *want) {
  const char *argv[] = {CLI, cmd, file, "--source=0", "--predecessors", "--output", "-",
                        "--output-format", format, flag, NULL};
  run_out r = run_argv(CLI, argv);
  cr_assert_eq(r.status, 0, "%s --predecessors %s: stderr: %s", cmd, format, r.err);
  if (strcmp(format, "json") == 0) {
    cr_expect(json_valid(r.out), "invalid JSON: %s", r.out);
    const char *result = strstr(r.out, ",\"result\":");
    cr_assert_not_null(result, "%s", r.out);
    cr_expect_str_eq(result + strlen(",\"result\":"), want);
  } else {
    cr_expect_str_eq(r.out, want, "%s --predecessors --output-format %s", cmd, format);
  }
  cr_expect_not_null(strstr(r.err, "predecessors: "), "the reason says what ran: %s", r.err);
  run_free(&r);
}

Test(cli, predecessors_in_every_output_format) {
  /* 0 -> {1, 2} -> 3: a tie at 3, the smaller parent wins; 4 unreached; 3 -> 0 into the source.
   * Weighted: 0 -> 3 directly (weight 2) is as short as 0 -> 1 -> 3 and has fewer arcs. */
  const char *in = put("tie.el", "0 2 1\n0 1 1\n2 3 1\n1 3 1\n3 0 1\n4 3 1\n");
  expect_pred_output("bfs", in, NULL, "text", "0 -1\n1 0\n1 0\n2 1\n-1 -1\n");
  expect_pred_output("bfs", in, NULL, "csv",
                     "vertex,level,pred\n0,0,-1\n1,1,0\n2,1,0\n3,2,1\n4,-1,-1\n");
  expect_pred_output("bfs", in, NULL, "json",
                     "{\"vertex\":[0,1,2,3,4],\"level\":[0,1,1,2,-1],\"pred\":[-1,0,0,1,-1]}}\n");
  const char *direct = put("direct.el", "0 1 1\n1 3 1\n0 3 2\n");
  expect_pred_output("sssp", direct, NULL, "csv",
                     "vertex,distance,pred\n0,0,-1\n1,1,0\n2,inf,-1\n3,2,0\n");
  expect_pred_output("sssp", direct, NULL, "json",
                     "{\"vertex\":[0,1,2,3],\"distance\":[0,1,null,2],\"pred\":[-1,0,-1,0]}}\n");
}

Test(cli, predecessors_carry_the_file_ids_and_apply_to_traversals_only) {
  const char *in = put("sparse.el", "0 20\n20 30\n0 30\n");
  expect_pred_output("bfs", in, "--relabel", "csv",
                     "vertex,level,pred\n0,0,-1\n20,1,0\n30,1,0\n");
  run_out r = run_cli("bc", path5(), "--predecessors", NULL);
  cr_expect_eq(r.status, 2);
  char line[512];
  cr_expect_str_eq(error_line(&r, line, sizeof line),
                   "gnest-cli: bc: --predecessors does not apply to this command (see gnest-cli "
                   "bc --help)");
  run_free(&r);
  r = run_cli("sssp", path5(), "--predecessors", "--compare", "--runs", "1", NULL);
  cr_expect_eq(r.status, 0, "every backend that ran agrees, predecessors too: %s%s", r.out, r.err);
  run_free(&r);
}

/* An algorithm that needs weights >= 0 has the loader refuse a negative weight: the message names
 * the file's line and the ids and weight as the file writes them (MTX ids are 1-based). bfs reads
 * no weights and runs on the same file. */
Test(cli, negative_weight_named_by_its_line_as_written) {
  const char *el = put("neg.el", "# weighted\n0 1 2\n\n1 2 1\n2,3,-1.5e0\n");
  const char *mtx = put("neg.mtx", "%%MatrixMarket matrix coordinate real symmetric\n% comment\n"
                                   "5 5 3\n2 1 1\n5 3 -2\n4 2 1\n");
  const struct { const char *algo, *path, *want; } cases[] = {
      {"sssp", el,
       ":5: arc 2 -> 3 has weight -1.5e0 (as written: '2,3,-1.5e0'); sssp needs weights >= 0"},
      {"bc-weighted", el,
       ":5: arc 2 -> 3 has weight -1.5e0 (as written: '2,3,-1.5e0'); bc-weighted needs weights "
       ">= 0"},
      {"sssp", mtx, ":5: arc 5 -> 3 has weight -2 (as written: '5 3 -2'); sssp needs weights >= 0"},
      {"bc-weighted", mtx,
       ":5: arc 5 -> 3 has weight -2 (as written: '5 3 -2'); bc-weighted needs weights >= 0"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char want[512];
    snprintf(want, sizeof want, "gnest-cli: %s%s\n", cases[i].path, cases[i].want);
    run_out r = run_cli(cases[i].algo, cases[i].path, NULL);
    cr_expect_eq(r.status, 1, "%s %s", cases[i].algo, cases[i].path);
    cr_expect_str_eq(r.err, want);
    cr_expect_eq(r.out[0], '\0');
    run_free(&r);
  }
  run_out r = run_cli("bfs", el, "--source", "0", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  run_free(&r);
  r = run_cli("bfs", mtx, "--source", "0", NULL);
  cr_expect_eq(r.status, 0, "%s", r.err);
  run_free(&r);
}

/* A binary cache has no lines: sssp's own check names the arc (0-based ids). */
Test(cli, negative_weight_in_a_binary_cache_is_refused_by_sssp) {
  const char *cache = at("neg.gnest");
  run_out r = run_cli("convert", put("neg.el", "0 1 2\n1 2 -3\n"), cache, NULL);
  cr_assert_eq(r.status, 0, "%s", r.err);
  run_free(&r);
  r = run_cli("sssp", cache, "--source", "0", NULL);
  cr_expect_eq(r.status, 1);
  cr_expect_not_null(strstr(r.err, "arc 1 -> 2 has weight -3; shortest paths need weights >= 0"),
                     "%s", r.err);
  run_free(&r);
}
