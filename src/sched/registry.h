/* The backend registry (backends.def) as C data, and what it and the selector know of the
 * algorithms (their rows of src/algos/algos.def). */
#ifndef GNEST_REGISTRY_H
#define GNEST_REGISTRY_H

#include "gnest.h"
#include "sched/options.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GN_ALGO_BIT(a) (1u << (a))
#define GN_ALGOS_ALL ((1u << GNEST_ALGO_COUNT) - 1u)
/* The algorithms whose visitors all declare kHostRunnable (src/algos; src/sched/README.md rule
 * 6): what the hybrid backends (WHERE HYBRID) can run, and why not the others. */
#define GN_ALGOS_HOST_RUNNABLE (GN_ALGOS_ALL & ~GN_ALGO_BIT(GNEST_ALGO_COLOR))
#define GN_WHY_NOT_HOST_RUNNABLE                                                                 \
  "its visitors are not host-runnable yet: coloring's shared state (color_state: bitmap scans "   \
  "with device bit intrinsics, fire-and-forget atomicAnd reductions, 16-byte records) has no "    \
  "host form, and its round proofs assume GPU threads only"

/* How the call frame and the selector treat an algorithm (algos.def, SELECT), so that neither
 * names one:
 *   GN_SELECT_TRAVERSAL     a frontier traversal from sources: on a device backend its default
 *                           threshold and lanes follow the mean degree (run.c), and a skewed
 *                           graph whose largest item a warp walks goes to the uniform class
 *   GN_SELECT_IN_GRID       a skewed input's heavy children are taken in the pass's own grid
 *   GN_SELECT_HUBS_IN_GRID  the same once the input is large and its hubs hold many of its arcs
 *                           (the work then sits in long per-hub loops; selector.c's rule) */
#define GN_SELECT_TRAVERSAL 1u
#define GN_SELECT_IN_GRID 2u
#define GN_SELECT_HUBS_IN_GRID 4u

/* An algorithm as the layers below src/algos know it: the part of its algos.def row they read.
 * The algorithm layer makes one per row (src/algos/registry.c, gn_algo_traits_of) and its driver
 * hands it to the call frame (gn_call_begin): the algorithms describe themselves to the layers
 * below, which read these few fields and name no algorithm. */
typedef struct gn_algo_traits {
  gnest_algorithm id;
  const char *name;       /* "bfs", as gnest_algorithm_name */
  gnest_input_kind input;
  unsigned select;        /* GN_SELECT_* */
} gn_algo_traits;

/* Where a backend runs (backends.def, WHERE). */
typedef enum gn_where {
  GN_WHERE_SELECTOR, GN_WHERE_HOST, GN_WHERE_DEVICE, GN_WHERE_DEVICE_LAUNCH, GN_WHERE_HYBRID,
  GN_WHERE_PLANNED
} gn_where;

/* The input class the selector gives a backend (backends.def, ROLE). */
typedef enum gn_role {
  GN_ROLE_NONE, GN_ROLE_UNIFORM, GN_ROLE_SKEWED, GN_ROLE_SKEWED_IN_GRID, GN_ROLE_SEQUENTIAL
} gn_role;

typedef struct gn_backend_entry {
  gnest_backend id;
  const char *name;
  gn_where where;
  unsigned algos;        /* GN_ALGO_BIT mask of gnest_algorithm values */
  const char *why_not;
  gn_role role;
  const char *options;   /* the gnest_options fields and settings it reads */
  const char *configs;   /* ';'-separated gnest_options_parse texts */
  const char *summary;
} gn_backend_entry;

/* The entry of b; NULL outside gnest_backend. */
const gn_backend_entry *gn_backend_entry_of(gnest_backend b);
/* The entry of b, or NULL with the error recorded (context-less) for fn. */
const gn_backend_entry *gn_backend_entry_checked(gnest_backend b, const char *fn);
/* How many test configurations the entry lists (CONFIGS; none for a backend not built). */
int gn_backend_config_count(const gn_backend_entry *e);
/* The backend the registry gives the role (GNEST_BACKEND_AUTO when none has it). */
gnest_backend gn_backend_for_role(gn_role role);
/* 1 when the backend is built and runs on the host (no device needed). */
int gn_backend_on_host(gnest_backend b);
/* 1 when the backend is a device backend whose passes run on host threads too (WHERE HYBRID):
 * its calls' memory is managed, and it needs concurrent managed access on the device. */
int gn_backend_host_work(gnest_backend b);
/* 1 when the backend's entry lists the gnest_options field or setting key among those it reads. */
int gn_backend_reads(gnest_backend b, const char *key);
/* 1 when the backend can run the algorithm in this build (device presence aside). When 0,
 * why is set to a static explanation. */
int gn_backend_applies(gnest_backend b, gnest_algorithm algo, const char **why);
/* The names of the backends this build has, ", "-separated in registry order, for messages. */
const char *gn_backends_built_text(void);

/* options.host_threads: at most this many (0 = the online CPUs, capped here); options.host_share:
 * lazynp-cross's default share of a pass for the host, in percent. */
#define GN_HOST_THREADS_MAX 64
#define GN_HOST_SHARE_DEFAULT 10

/* The setting cta_levels resolved: the most items a frontier level may hold to run inside one
 * CTA (flat's one-CTA stretches, src/sched/flat.cuh); 0 = stretches off. cta_levels 0 (the
 * default) gives GN_CTA_LEVELS_BLOCKS rounds of the CTA, block_size / lanes items each
 * (block_size 0: the default 256; lanes 0: 1), -1 (off; any negative value) gives 0, a positive
 * value itself.
 *
 * Why one round: on the grid a small level costs about one round (every item run once: a few
 * dependent memory accesses, ~1-2 us on a road graph) plus a grid barrier (3.6 us on an H100,
 * 3.8 on an H200: about three rounds, GN_LS_BARRIER_ROUNDS); inside one CTA a level of k rounds'
 * items costs about k rounds plus a __syncthreads(). Measured (H200, gnest-bench --sweep
 * cta_levels=64,...,4096 on USA-road-FLA and -NY, BFS, SSSP and BC,
 * a thread per item): one block (256) is the best bound in all six cells, two blocks lose 2-6 %
 * to it, four and more lose up to 4x. With 4 lanes per item (H200): 64 items (one
 * round) against 256, FLA BFS 5.93 / 6.54 ms, BC 14.06 / 15.38, SSSP 9.45 / 9.48. */
#define GN_CTA_LEVELS_BLOCKS 1
int64_t gn_cta_levels_bound(int32_t cta_levels, int32_t block_size, int32_t lanes);
/* The word of a granularity ("multi-block", ...); "?" outside the enum. */
const char *gn_granularity_word(gn_granularity g);
/* The parse word of a color_method / tc_method value ("?" outside the enum). */
const char *gn_color_method_word(gnest_color_method m);
const char *gn_tc_method_word(gnest_tc_method m);
/* The parse word of a gnest_weights value ("?" outside the enum). */
const char *gn_weights_word(gnest_weights w);

#ifdef __cplusplus
}
#endif
#endif
