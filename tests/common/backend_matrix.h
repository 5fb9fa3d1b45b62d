/* The GPU test matrix, driven by the backend registry (src/sched/backends.def) through
 * gnest_backend_describe / gnest_backend_config: every built device backend x every one of its
 * test configurations. A backend or a configuration added to the registry is tested without
 * editing the tests. Whether a backend must run an algorithm or may refuse it with
 * GNEST_ERR_BACKEND_NOT_APPLICABLE comes from the registry too (gn_backend_applies).
 * The Makefile links tests/common into every test binary (test_sched uses bm_options_equal). */
#ifndef GNEST_TESTS_BACKEND_MATRIX_H
#define GNEST_TESTS_BACKEND_MATRIX_H

#include "gnest.h"
#include "sched/registry.h"

/* One cell of the matrix: a backend with one of its configurations. */
typedef struct bm_run {
  gnest_backend backend;
  int config;         /* k of gnest_backend_config */
  int primary;        /* the backend's default configuration (its first when none is default) */
  int host_levels;    /* a hybrid backend (registry WHERE HYBRID): its host threads touch, every
                       * level, managed pages the GPU wrote the level before, so some of its
                       * configurations pay a migration both ways a level (about 3 ms on an H200),
                       * not the 10-25 us of the
                       * other backends: deep inputs give it a smaller size (bm_configs) */
  gnest_options opts; /* backend set */
  char label[320];    /* "lazynp [granularity=warp wboost=1]": names backend and configuration */
} bm_run;

typedef struct bm_matrix {
  gnest_ctx *ctx; /* a context with a device */
  bm_run *runs;
  int count;
} bm_matrix;

/* Which runs a check takes, as filters ORed together (0: every run). Deep inputs (thousands of
 * levels) run the primary configurations at full size and the others on a smaller input of the
 * same family; the host_levels runs (the hybrids, every configuration) take a third size, about
 * a second's worth of levels at 3 ms a level, since at full size one of their configurations
 * would take minutes (the tests say which sizes). */
typedef enum bm_configs {
  BM_ALL = 0,
  BM_PRIMARY = 1,        /* only the backends' primary configurations */
  BM_OTHERS = 2,         /* only their other configurations */
  BM_DEVICE_LEVELS = 4,  /* only the runs without host_levels */
  BM_HOST_LEVELS = 8     /* only the host_levels runs */
} bm_configs;

/* A context that never touches CUDA (force_cpu). */
gnest_ctx *bm_cpu_ctx(void);

/* A context on a CUDA device; without one the calling test is skipped, the device text (why
 * there is none) as the reason. */
gnest_ctx *bm_device_ctx(void);
/* The same with context options (NULL: defaults). */
gnest_ctx *bm_device_ctx_with(const gnest_ctx_options *opts);

/* bm_device_ctx, then the matrix. Fails the test when a built device backend is not available on
 * the device, has no test configuration, or a configuration does not load. */
void bm_open(bm_matrix *m);
void bm_close(bm_matrix *m);

int bm_selected(const bm_run *r, bm_configs which);

/* Whether any run of m is selected (a check with none to run is logged, not run). */
int bm_any_selected(const bm_matrix *m, bm_configs which);

/* GNEST_TEST_ALGOS="color,bfs" (the algorithm registry's names): only those algorithms run in the
 * suites that honour it (test_gpu_algos); unset: all. bm_open fails on a name that is no
 * algorithm. */
int bm_algo_selected(gnest_algorithm algo);

/* Default options with backend = cpu: the reference every run is compared with. */
gnest_options bm_cpu_options(void);

/* gnest_options_init's options with backend b and the gnest_options_parse words (NULL: none)
 * applied; a bad word fails the test. */
gnest_options bm_backend_options(gnest_backend b, const char *words);

/* 1 when a and b run the same: every field and every setting equal once resolved. */
int bm_options_equal(const gnest_options *a, const gnest_options *b);

/* The status the run must return where the CPU reference returns ref: ref itself when the
 * registry says the backend runs the algorithm, else GNEST_ERR_BACKEND_NOT_APPLICABLE. */
gnest_status bm_expected(const bm_run *r, gnest_algorithm algo, gnest_status ref);

/* GNEST_TEST_TRACE set: writes "[trace] algo/label on input" to stderr before a run starts, so
 * that a run which never returns (a hang on the GPU) is named by the last line of the log. */
void bm_trace(const bm_run *r, gnest_algorithm algo, const char *input);

/* Asserts got == bm_expected(r, algo, ref) (the message names algorithm, backend,
 * configuration and input); returns 1 when there is a result to compare (got == GNEST_OK). */
int bm_status_agrees(const bm_matrix *m, const bm_run *r, gnest_algorithm algo, const char *input,
                     gnest_status ref, gnest_status got);

#endif
