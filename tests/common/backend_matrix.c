/* The GPU test matrix from the backend registry: see backend_matrix.h. */
#include "backend_matrix.h"

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algos/registry.h"

gnest_ctx *bm_cpu_ctx(void) {
  gnest_ctx_options o;
  gnest_ctx_options_init(&o);
  o.force_cpu = 1;
  gnest_ctx *ctx = NULL;
  cr_assert_eq(gnest_ctx_create(&ctx, &o), GNEST_OK, "%s", gnest_last_error_string(NULL));
  return ctx;
}

gnest_ctx *bm_device_ctx(void) { return bm_device_ctx_with(NULL); }

gnest_ctx *bm_device_ctx_with(const gnest_ctx_options *opts) {
  gnest_ctx *ctx = NULL;
  gnest_status st = gnest_ctx_create(&ctx, opts);
  cr_assert_eq(st, GNEST_OK, "gnest_ctx_create: %s", gnest_last_error_string(NULL));
  if (!gnest_ctx_has_device(ctx)) {
    char why[300];
    snprintf(why, sizeof why, "%s", gnest_ctx_device_name(ctx));
    gnest_ctx_free(ctx);
    cr_skip_test("%s", why);
  }
  return ctx;
}

gnest_options bm_cpu_options(void) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  return o;
}

gnest_options bm_backend_options(gnest_backend b, const char *words) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = b;
  if (words)
    cr_assert_eq(gnest_options_parse(&o, words), GNEST_OK, "%s: %s", words,
                 gnest_last_error_string(NULL));
  return o;
}

/* Resolved as a call resolves them (settings parsed, defaults filled), so that words in another
 * order or another spelling of one value compare equal; options that do not resolve compare by
 * their bytes. */
int bm_options_equal(const gnest_options *a, const gnest_options *b) {
  gn_opts ra, rb;
  if (gn_opts_resolve(NULL, "bm_options_equal", a, &ra) != GNEST_OK ||
      gn_opts_resolve(NULL, "bm_options_equal", b, &rb) != GNEST_OK)
    return memcmp(a, b, sizeof *a) == 0;
  return memcmp(&ra, &rb, sizeof ra) == 0;
}

/* name is an entry of the comma-separated list held by environment variable var; an unset or
 * empty variable lists everything. */
static int bm_listed(const char *var, const char *name) {
  const char *list = getenv(var);
  if (!list || !*list) return 1;
  const size_t len = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += len) {
    const int starts = p == list || p[-1] == ',';
    const int ends = p[len] == '\0' || p[len] == ',';
    if (starts && ends) return 1;
  }
  return 0;
}

/* GNEST_TEST_BACKENDS="name,name": run only those backends' configurations (the lent GPU's
 * per-call time limit splits the matrix over calls); unset: all of them. */
static int bm_backend_selected(const char *name) { return bm_listed("GNEST_TEST_BACKENDS", name); }

int bm_algo_selected(gnest_algorithm algo) {
  const char *name = gnest_algorithm_name(algo);
  return name && bm_listed("GNEST_TEST_ALGOS", name);
}

/* Every name of GNEST_TEST_ALGOS must be an algorithm: a typo would leave nothing to run. */
static void bm_check_algo_list(void) {
  const char *list = getenv("GNEST_TEST_ALGOS");
  if (!list || !*list) return;
  char copy[256];
  snprintf(copy, sizeof copy, "%s", list);
  for (char *save = NULL, *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
    gnest_algorithm a;
    cr_assert(gnest_algorithm_from_name(name, &a) == GNEST_OK,
              "GNEST_TEST_ALGOS names '%s', which is no algorithm", name);
  }
  for (int a = 0; a < (int)GNEST_ALGO_COUNT; a++)
    if (!bm_algo_selected((gnest_algorithm)a))
      cr_log_warn("GNEST_TEST_ALGOS leaves out %s in this run",
                  gnest_algorithm_name((gnest_algorithm)a));
}

/* Appends backend b's configurations to m->runs (room for them is there). */
static void add_backend(bm_matrix *m, const gnest_backend_desc *d) {
  gnest_options defaults;
  gnest_options_init(&defaults);
  defaults.backend = d->backend;
  const int first = m->count;
  int has_default = 0;
  for (int k = 0; k < d->num_configs; k++) {
    bm_run *r = &m->runs[m->count++];
    char text[256];
    gnest_status st = gnest_backend_config(d->backend, k, &r->opts, text, sizeof text);
    cr_assert_eq(st, GNEST_OK, "%s: test configuration %d of %d: %s", d->name, k, d->num_configs,
                 gnest_last_error_string(NULL));
    cr_assert_eq(r->opts.backend, d->backend, "%s [%s]: options name backend %d", d->name, text,
                 (int)r->opts.backend);
    r->backend = d->backend;
    r->config = k;
    r->primary = bm_options_equal(&r->opts, &defaults);
    r->host_levels = gn_backend_entry_of(d->backend)->where == GN_WHERE_HYBRID;
    has_default |= r->primary;
    snprintf(r->label, sizeof r->label, "%s [%s]", d->name, text);
  }
  if (!has_default) m->runs[first].primary = 1;
}

void bm_open(bm_matrix *m) {
  memset(m, 0, sizeof *m);
  m->ctx = bm_device_ctx();
  bm_check_algo_list();
  int room = 0;
  gnest_backend_desc d;
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK, "describe %d", b);
    if (d.built && d.needs_device) room += d.num_configs;
  }
  m->runs = calloc(room ? (size_t)room : 1, sizeof *m->runs);
  cr_assert_not_null(m->runs, "out of host memory");
  for (int b = 0; b < GNEST_BACKEND_COUNT; b++) {
    gnest_backend_describe((gnest_backend)b, &d);
    if (!d.built || !d.needs_device) continue; /* cpu is the reference; auto and planned: no */
    if (!bm_backend_selected(d.name)) {
      cr_log_warn("GNEST_TEST_BACKENDS leaves out %s in this run", d.name);
      continue;
    }
    gnest_status st = gnest_backend_available(m->ctx, d.backend);
    cr_assert_eq(st, GNEST_OK, "built device backend %s is not available on %s: %s", d.name,
                 gnest_ctx_device_name(m->ctx), gnest_strerror(st));
    cr_assert_gt(d.num_configs, 0, "built device backend %s has no test configuration", d.name);
    add_backend(m, &d);
  }
}

void bm_close(bm_matrix *m) {
  gnest_ctx_free(m->ctx);
  free(m->runs);
  memset(m, 0, sizeof *m);
}

int bm_selected(const bm_run *r, bm_configs which) {
  if ((which & BM_PRIMARY) && !r->primary) return 0;
  if ((which & BM_OTHERS) && r->primary) return 0;
  if ((which & BM_DEVICE_LEVELS) && r->host_levels) return 0;
  if ((which & BM_HOST_LEVELS) && !r->host_levels) return 0;
  return 1;
}

int bm_any_selected(const bm_matrix *m, bm_configs which) {
  for (int i = 0; i < m->count; i++)
    if (bm_selected(&m->runs[i], which)) return 1;
  return 0;
}

gnest_status bm_expected(const bm_run *r, gnest_algorithm algo, gnest_status ref) {
  return gn_backend_applies(r->backend, algo, NULL) ? ref : GNEST_ERR_BACKEND_NOT_APPLICABLE;
}

void bm_trace(const bm_run *r, gnest_algorithm algo, const char *input) {
  if (!getenv("GNEST_TEST_TRACE")) return;
  fprintf(stderr, "[trace] %s/%s on %s\n", gn_algo_name(algo), r->label, input);
  fflush(stderr);
}

int bm_status_agrees(const bm_matrix *m, const bm_run *r, gnest_algorithm algo, const char *input,
                     gnest_status ref, gnest_status got) {
  const char *why = "";
  const int applies = gn_backend_applies(r->backend, algo, &why);
  const gnest_status want = bm_expected(r, algo, ref);
  cr_assert_eq(got, want, "%s/%s on %s: status '%s' (%s); expected '%s' (%s)", gn_algo_name(algo),
               r->label, input, gnest_strerror(got),
               got == GNEST_OK ? "" : gnest_last_error_string(m->ctx), gnest_strerror(want),
               applies ? "the cpu reference's status" : why);
  if (!applies)
    cr_log_info("%s/%s on %s: not applicable (%s)", gn_algo_name(algo), r->label, input, why);
  return got == GNEST_OK;
}
