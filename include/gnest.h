/*
 * gnest — graph and tree analytics on NVIDIA GPUs, with a CPU reference for every algorithm.
 *
 * The whole public C API. C11, usable from C and C++. Objects are opaque handles created by
 * *_create / *_load / *_from_* and released by *_free; every function that can fail returns a
 * gnest_status, and the detail of the last failure (input file, line, what was expected) is kept
 * in the context: gnest_last_error(ctx).
 *
 * Conventions: vertex ids are 0-based int32_t (Matrix Market's and DIMACS's 1-based ids minus one);
 * edge offsets are int64_t; weights and distances are double. Output arrays are allocated by the caller with one
 * element per vertex (or as documented) and are written completely on GNEST_OK; on any other status
 * their content is unspecified and must not be used.
 */
#ifndef GNEST_H
#define GNEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* While the major version is 0, a minor version may change the ABI: the shared library's SONAME
 * is libgnest.so.0.MINOR. 0.4.0 changed it: gnest_options keeps what every backend understands
 * (backend, threshold, block_size, schedule, the algorithms' methods), and one backend's own knobs
 * (coarsening, granularity, wboost, kc, launch_limit, freelaunch_mode, group_size, agg_threshold,
 * host_threads, host_share, cta_levels, lanes) became settings: key=value words in
 * gnest_options.settings, described by gnest_backend_setting. gnest_granularity and
 * gnest_freelaunch_mode left the API (their words remain the settings' values). 0.5.0 changed it:
 * weights, distances and MST edge weights are double everywhere (gnest_graph_from_edges,
 * gnest_graph_from_csr, gnest_graph_csr, gnest_sssp, gnest_mst; gnest_result's DISTANCES are in
 * values_f64 and its edge weights in edge_weight), and gnest_options gained weights. 0.6.0
 * changed it: gnest_info gained setup_ms and call_ms, gnest_status GNEST_ERR_NOT_BUILT. */
#define GNEST_VERSION_MAJOR 0
#define GNEST_VERSION_MINOR 6
#define GNEST_VERSION_PATCH 0
#define GNEST_VERSION_STRING "0.6.0"

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */
typedef enum gnest_status {
  GNEST_OK = 0,
  GNEST_ERR_INVALID_ARGUMENT,     /* NULL handle/pointer, bad option value, unknown name */
  GNEST_ERR_INVALID_INPUT,        /* input valid as a file but not for this call: negative SSSP
                                     weight, directed graph where an undirected one is needed */
  GNEST_ERR_OUT_OF_RANGE,         /* a vertex id (source, list entry, parent) outside the graph */
  GNEST_ERR_IO,                   /* cannot open / read / write a file, or a directory was given */
  GNEST_ERR_PARSE,                /* malformed file: bad header, bad token, truncated, count mismatch */
  GNEST_ERR_UNSUPPORTED_FORMAT,   /* a well-formed header of a kind gnest does not read (e.g. MTX array) */
  GNEST_ERR_TOO_LARGE,            /* sizes that do not fit (n >= 2^31, overflowing products) */
  GNEST_ERR_OUT_OF_MEMORY,        /* host allocation failed */
  GNEST_ERR_DEVICE_OUT_OF_MEMORY, /* device allocation failed */
  GNEST_ERR_NO_DEVICE,            /* a GPU backend was requested and no CUDA device is usable */
  GNEST_ERR_CUDA,                 /* any other CUDA runtime error (message says which) */
  GNEST_ERR_BACKEND_UNAVAILABLE,  /* backend not available in this build */
  GNEST_ERR_BACKEND_NOT_APPLICABLE, /* backend exists but cannot run this algorithm (docs say why) */
  GNEST_ERR_NOT_A_TREE,           /* cycle, two roots, no root, unreachable node */
  GNEST_ERR_LAUNCH_LIMIT,         /* device-side launches exceeded the pending-launch pool */
  GNEST_ERR_CHECKSUM,             /* binary CSR cache failed its checksum or version check */
  GNEST_ERR_INTERNAL,             /* a bug in gnest: please report */
  GNEST_ERR_OVERFLOW,             /* since 0.5.0: a result exceeds the range of double (a
                                     distance or an MST total summing finite weights to +inf) */
  GNEST_ERR_NOT_BUILT,            /* since 0.6.0: the call needs an optional package this build of
                                     gnest was made without (the message names it) */
  GNEST_STATUS_COUNT
} gnest_status;

/* Static text for a status ("invalid input", ...). Never NULL. */
const char *gnest_strerror(gnest_status status);

/* Since 0.4.0. The version of the library a program runs with, "MAJOR.MINOR.PATCH" (static
 * text): GNEST_VERSION_STRING of the gnest.h it was built from. A binding (the Python package)
 * checks it against the version whose structs it mirrors. */
const char *gnest_version(void);

/* ---------------------------------------------------------------------------------------------
 * Context
 * ------------------------------------------------------------------------------------------- */
typedef struct gnest_ctx gnest_ctx;
typedef struct gnest_graph gnest_graph;
typedef struct gnest_tree gnest_tree;

typedef struct gnest_ctx_options {
  int device;    /* CUDA device index; -1 = $GNEST_DEVICE if set, else 0 */
  int force_cpu; /* 1 = never touch CUDA (auto runs the cpu backend) */
  /* Since 0.3.0. For testing out-of-memory paths: the device memory, in bytes, that gnest may hold
   * on the device in this process (its pool and graph/tree copies); an allocation beyond it fails
   * with GNEST_ERR_DEVICE_OUT_OF_MEMORY as if the device were that small. 0 = the decimal byte
   * count in $GNEST_DEVICE_MEMORY_LIMIT if set, else no limit. */
  size_t device_memory_limit;
} gnest_ctx_options;

void gnest_ctx_options_init(gnest_ctx_options *opts);

/* Creates a context. With opts == NULL: device -1, force_cpu 0. When no CUDA device is present the
 * context is still created (GNEST_OK) and runs on the CPU; gnest_ctx_has_device() tells. A device
 * index that does not exist is GNEST_ERR_NO_DEVICE. */
gnest_status gnest_ctx_create(gnest_ctx **ctx, const gnest_ctx_options *opts);
void gnest_ctx_free(gnest_ctx *ctx);
int gnest_ctx_has_device(const gnest_ctx *ctx);
/* "NVIDIA H100 80GB HBM3 (device 0, sm_90)" or "CPU (no CUDA device: <why>)". */
const char *gnest_ctx_device_name(const gnest_ctx *ctx);

/* Detail of the last failure in this context. */
typedef struct gnest_error {
  gnest_status status;
  char source[512];  /* input file path, or the function that failed */
  int64_t line;      /* 1-based line of the input where it failed; 0 when not about a line */
  char message[512]; /* what was wrong / what was expected */
} gnest_error;

const gnest_error *gnest_last_error(const gnest_ctx *ctx);
/* One line: "source:line: message" (or "source: message" without a line). */
const char *gnest_last_error_string(const gnest_ctx *ctx);

/* ---------------------------------------------------------------------------------------------
 * Graphs: loading and building
 * ------------------------------------------------------------------------------------------- */
typedef enum gnest_format {
  GNEST_FORMAT_AUTO = 0, /* from the extension (.mtx .gr .txt .el .csv .tsv .edges .gnest, after
                            stripping .gz/.xz), else from the first line */
  GNEST_FORMAT_MTX,      /* Matrix Market coordinate: pattern|integer|real, general|symmetric */
  GNEST_FORMAT_DIMACS,   /* DIMACS shortest path: c / p sp n m / a u v w (1-based) */
  GNEST_FORMAT_EDGELIST, /* SNAP-style "u v [w]" lines, '#' or '%' comments, any whitespace */
  GNEST_FORMAT_BINARY    /* gnest binary CSR cache (.gnest), written by gnest_graph_save */
} gnest_format;

/* Progress of a long load: stage is "reading", "decompressing", "parsing" (done and total in
 * bytes of text) or "building" (arcs). Called from the loading thread, at most every few MB or
 * million arcs and once when a stage completes (done == total); gnest prints nothing itself. */
typedef void (*gnest_progress_fn)(void *user, const char *stage, uint64_t done, uint64_t total);

typedef struct gnest_load_options {
  gnest_format format;
  int one_based;        /* edge lists only: ids start at 1 (default 0) */
  int symmetrize;       /* add (v,u) for every (u,v) (default 0; MTX symmetric files always are) */
  int drop_self_loops;  /* default 0 */
  int merge_duplicates; /* default 1: parallel edges become one, keeping the minimum weight */
  int sort_adjacency;   /* default 1: each adjacency list in increasing neighbour id */
  /* Since 0.3.0; gnest_load_options_init sets them (always initialise the struct with it). */
  int relabel;          /* default 0. 1: the vertices are the ids that appear in an arc, numbered
                           0..k-1 in increasing order of id (sparse ids, no phantom isolated
                           vertices); gnest_graph_original_ids gives each vertex's id in the input */
  int64_t max_vertices; /* default 0: a text file whose vertex count (declared by its header, or
                           the largest id + 1) exceeds max(2^24, 8 x its bytes of text) is refused
                           with GNEST_ERR_TOO_LARGE before the count is allocated (a corrupt or
                           hostile size would otherwise allocate GBs). > 0: that many vertices at
                           most, whatever the file's size (raise it to load such a file) */
  gnest_progress_fn progress; /* default NULL */
  void *progress_user;        /* passed to progress */
  /* Since 0.5.0. */
  int refuse_negative_weights; /* default 0. 1: a text file's negative weight is refused with
                                  GNEST_ERR_INVALID_INPUT at its line, naming the ids and the
                                  weight as written ("arc 3 -> 5 has weight -2 (as written:
                                  '3 5 -2')"), for a caller whose algorithm needs weights >= 0
                                  (gnest_algorithm_desc.nonnegative_weights); a binary cache has
                                  no lines: the algorithm's own check names the arc */
} gnest_load_options;

void gnest_load_options_init(gnest_load_options *opts);

/* Loads a graph file; .gz and .xz files are decompressed on the fly. opts == NULL = defaults.
 * path "-" reads standard input to its end (gzip or xz recognised by their magic bytes); it has
 * no name to tell its format, so opts->format must name one: GNEST_FORMAT_AUTO there is
 * GNEST_ERR_INVALID_ARGUMENT. */
gnest_status gnest_graph_load(gnest_ctx *ctx, const char *path, const gnest_load_options *opts,
                              gnest_graph **out);
/* Builds a graph from n vertices and m directed edges src[i] -> dst[i] (weights may be NULL).
 * The format field of opts is ignored. */
gnest_status gnest_graph_from_edges(gnest_ctx *ctx, int32_t n, int64_t m, const int32_t *src,
                                    const int32_t *dst, const double *weights,
                                    const gnest_load_options *opts, gnest_graph **out);
/* Wraps a caller's CSR arrays as a graph WITHOUT copying them (what the Python package uses for
 * numpy / scipy.sparse arrays): n vertices, m arcs, offsets[n + 1] with offsets[0] == 0, never
 * decreasing, offsets[n] == m; columns[m] in [0, n) (may be NULL when m == 0); weights[m] finite,
 * or NULL for an unweighted graph. Arcs are taken as given: no symmetrizing, merging or sorting
 * (gnest notes whether rows are sorted and duplicate-free; triangle counting needs both).
 * Lifetime: the graph borrows the arrays. They must stay allocated and unchanged until
 * gnest_graph_free(*out); gnest never writes or frees them (a device copy, made on first GPU use,
 * is gnest's own). Checks are one O(n + m) pass; a failure names the first bad entry:
 * GNEST_ERR_INVALID_ARGUMENT (NULL pointer, negative n or m, offsets not rising from 0 to m, a
 * weight that is NaN or infinite), GNEST_ERR_OUT_OF_RANGE (a column outside [0, n)). */
gnest_status gnest_graph_from_csr(gnest_ctx *ctx, int32_t n, int64_t m, const int64_t *offsets,
                                  const int32_t *columns, const double *weights,
                                  gnest_graph **out);
/* Since 0.6.0. The subgraph of g induced by the vertices v with keep[v] != 0 (keep: n entries;
 * may be NULL when g has no vertex): the kept vertices numbered 0, 1, ... in increasing id, the
 * arcs between two kept vertices in their rows' order, with their weights. *out owns its arrays
 * and is freed with gnest_graph_free. What holds for every induced subgraph carries over
 * without a new check: rows sorted by column stay sorted, rows without a repeated column stay
 * so, and a g already found symmetric (gnest_graph_is_symmetric, or built so) gives a symmetric
 * subgraph, which an undirected algorithm's first call then need not check. Built on host
 * threads. Failures: GNEST_ERR_INVALID_ARGUMENT (a NULL argument), GNEST_ERR_OUT_OF_MEMORY. */
gnest_status gnest_graph_subgraph(gnest_ctx *ctx, const gnest_graph *g, const uint8_t *keep,
                                  gnest_graph **out);
/* Writes the binary CSR cache (versioned header, sizes, checksum). */
gnest_status gnest_graph_save(gnest_ctx *ctx, const gnest_graph *g, const char *path);
/* Since 0.4.0. Writes the graph's arcs, as stored, to path in one of the formats gnest_graph_load
 * reads: GNEST_FORMAT_MTX (Matrix Market coordinate general, 1-based, "real" with weights, else
 * "pattern"), GNEST_FORMAT_EDGELIST (a '#' line with the vertex count, then "u v [w]", 0-based)
 * or GNEST_FORMAT_BINARY (what gnest_graph_save writes). Failures: GNEST_ERR_INVALID_ARGUMENT (a
 * NULL argument, or a format not written: AUTO, DIMACS), GNEST_ERR_INVALID_INPUT (a text format
 * and a weight that is NaN or infinite: nothing written), GNEST_ERR_IO, GNEST_ERR_OUT_OF_MEMORY.
 * A path ending in .gz or .xz is written compressed. */
gnest_status gnest_graph_write(gnest_ctx *ctx, const gnest_graph *g, const char *path,
                               gnest_format format);
void gnest_graph_free(gnest_graph *g);
/* Since 0.6.0. Frees g's device copies (its arrays, weights and the copies made on first use),
 * which otherwise stay until gnest_graph_free so that later calls skip the upload; the next
 * device call on g uploads again. The host graph is untouched. Call it only while no call on g
 * runs. NULL, or a graph without device copies: nothing. */
void gnest_graph_release_device(gnest_graph *g);

/* Since 0.4.0. Output files, written the way every gnest writer writes a path (gnest_graph_save,
 * gnest_graph_write, gnest_tree_save, gnest_tree_write_parents, and the tools' outputs):
 * - a regular file, or a path that does not exist yet: written to a temporary of its own in the
 *   same directory, synced, given the existing file's mode (and owner, where permitted) and
 *   renamed over the path by gnest_output_commit; on any failure the temporary is removed and an
 *   existing file is left untouched. Concurrent writers of one path each use their own temporary,
 *   so the file ends as one writer's complete output, never a mix;
 * - a symbolic link: the file it points to is written that way; the link stays a link;
 * - "-" (standard output), a character or block device, a FIFO, a socket, or a descriptor's name
 *   (/dev/stdout, /dev/fd/N): written in place as a stream, never created, truncated or replaced;
 * - a directory, or a path whose directory does not exist: GNEST_ERR_IO saying which.
 * gnest_output_open gives a stdio stream to write with fprintf / fwrite; do not fclose it:
 * gnest_output_commit finishes the output (GNEST_ERR_IO on a write, sync or rename error, with
 * the output then discarded as far as it can be: a stream's bytes are already gone) and
 * gnest_output_abort discards it. Either one closes the stream and frees the handle. */
typedef struct gnest_output gnest_output;
gnest_status gnest_output_open(gnest_ctx *ctx, const char *path, gnest_output **out,
                               FILE **stream);
gnest_status gnest_output_commit(gnest_output *o);
void gnest_output_abort(gnest_output *o);

int32_t gnest_graph_num_vertices(const gnest_graph *g);
int64_t gnest_graph_num_edges(const gnest_graph *g); /* directed arcs as stored */
int gnest_graph_is_weighted(const gnest_graph *g);
/* Read-only views into the graph's CSR (weights NULL when unweighted). Valid until free. */
void gnest_graph_csr(const gnest_graph *g, const int64_t **offsets, const int32_t **columns,
                     const double **weights);
/* With relabel: the input id of each vertex (n entries, increasing), valid until free; NULL when
 * the graph was not relabelled. */
const int32_t *gnest_graph_original_ids(const gnest_graph *g);
/* 1 when every arc (u,v,w) has its reverse (v,u,w). Computed once, then cached. */
gnest_status gnest_graph_is_symmetric(gnest_ctx *ctx, const gnest_graph *g, int *symmetric);

/* Out-degree statistics (computed once per graph, on the device when one is present). */
typedef struct gnest_degree_stats {
  int64_t n, m;
  double mean;
  int64_t max;
  double stddev;
  double cv;                    /* stddev / mean (0 for an empty graph) */
  double vertices_above_32;     /* share of vertices with degree > 32 */
  double edges_above_32;        /* share of arcs leaving such vertices */
  double vertices_above_1024;
  double edges_above_1024;
  int64_t self_loops;
  int64_t isolated;             /* vertices with no out-arc */
} gnest_degree_stats;

gnest_status gnest_graph_stats(gnest_ctx *ctx, const gnest_graph *g, gnest_degree_stats *out);

/* Since 0.6.0. How gnest_graph_partition cuts a graph's vertices into parts: the layouts a graph
 * can take over several devices, compared by `gnest-cli stats --parts K`. */
typedef enum gnest_partition_method {
  GNEST_PARTITION_RANGES = 0, /* consecutive ids, cut so that each part holds about as many arcs
                                 plus vertices as every other */
  GNEST_PARTITION_RANDOM,     /* each vertex to a part by a fixed hash of its id */
  GNEST_PARTITION_METIS       /* METIS's multilevel k-way partitioning, minimizing the edges cut
                                 (arcs taken as undirected, self-loops left out; each vertex
                                 weighs its out-arcs + 1); GNEST_ERR_NOT_BUILT in a build
                                 without METIS (gnest_build_features), GNEST_ERR_TOO_LARGE above
                                 2^31 - 1 undirected adjacency entries (METIS's 32-bit ids) */
} gnest_partition_method;

/* Since 0.6.0. part[v] in [0, parts) for each of g's n vertices, 1 <= parts <= max(n, 1); the
 * same answer on every call (METIS runs with a fixed seed). *edge_cut (optional, may be NULL):
 * the arcs whose two ends are in different parts. Runs on the host. */
gnest_status gnest_graph_partition(gnest_ctx *ctx, const gnest_graph *g, int32_t parts,
                                   gnest_partition_method method, int32_t *part,
                                   int64_t *edge_cut);
/* Since 0.6.0. The optional packages this library was built with, space separated ("metis"), ""
 * for none. Static text. */
const char *gnest_build_features(void);

/* ---------------------------------------------------------------------------------------------
 * Trees
 *
 * Tree file format (.tree, optionally .gz/.xz): '#' or '%' comment lines, then the node count n,
 * then n parent ids (0-based, whitespace separated), parent[i] of node i; the root's parent is -1.
 * Exactly one root, no cycles, every parent in [0, n).
 * ------------------------------------------------------------------------------------------- */
gnest_status gnest_tree_from_parents(gnest_ctx *ctx, int32_t n, const int32_t *parent,
                                     gnest_tree **out);
/* Reads a tree file; path "-" reads standard input to its end (gzip or xz by magic bytes). */
gnest_status gnest_tree_load(gnest_ctx *ctx, const char *path, gnest_tree **out);
/* The graph's arcs taken as undirected edges must form a tree spanning all vertices. */
gnest_status gnest_tree_from_graph(gnest_ctx *ctx, const gnest_graph *g, int32_t root,
                                   gnest_tree **out);
gnest_status gnest_tree_save(gnest_ctx *ctx, const gnest_tree *t, const char *path);
/* Since 0.4.0. Writes the tree file of a parent array without building the tree (the file gnest_tree_save
 * writes for the tree gnest_tree_from_parents would build), for trees too large to hold twice.
 * The array is checked as gnest_tree_from_parents checks it (one root, every other parent in
 * [0, n), no cycle) in O(n) time and n bytes; nothing is written when it fails. A path ending in
 * .gz or .xz is written compressed. */
gnest_status gnest_tree_write_parents(gnest_ctx *ctx, int32_t n, const int32_t *parent,
                                      const char *path);
void gnest_tree_free(gnest_tree *t);

int32_t gnest_tree_num_nodes(const gnest_tree *t);
int32_t gnest_tree_root(const gnest_tree *t);
/* Parent array (root's entry -1) and children CSR, read-only, valid until free. */
void gnest_tree_arrays(const gnest_tree *t, const int32_t **parent, const int64_t **child_offsets,
                       const int32_t **children);

typedef struct gnest_tree_stats {
  int32_t n;
  int32_t root;
  int32_t depth;                      /* levels; the root alone is depth 1 */
  int32_t leaves;
  int32_t max_out_degree;
  const int64_t *nodes_per_level;     /* [depth], owned by the tree */
  const int64_t *children_per_level;  /* [depth]: sum of out-degrees of the level's nodes */
  const int32_t *max_degree_per_level;/* [depth] */
} gnest_tree_stats;

gnest_status gnest_tree_stats_get(gnest_ctx *ctx, const gnest_tree *t, gnest_tree_stats *out);

/* ---------------------------------------------------------------------------------------------
 * Backends and options
 * ------------------------------------------------------------------------------------------- */
typedef enum gnest_backend {
  GNEST_BACKEND_AUTO = 0,    /* "auto": the selector picks (gnest_info.reason says why) */
  GNEST_BACKEND_CPU,         /* "cpu": the exact serial reference on the host */
  GNEST_BACKEND_FLAT,        /* "flat": dynamic loop scheduling, serial inner loop */
  GNEST_BACKEND_NAIVE_DP,    /* "naive-dp" */
  GNEST_BACKEND_HIER,        /* "hier" */
  GNEST_BACKEND_CDP_WARP,    /* "cdp-warp" */
  GNEST_BACKEND_CDP_BLOCK,   /* "cdp-block" */
  GNEST_BACKEND_CDP_GRID,    /* "cdp-grid" */
  GNEST_BACKEND_AGG,         /* "agg" */
  GNEST_BACKEND_LAZYNP,      /* "lazynp": LazyNP, next-level kernel dispatched from the host */
  GNEST_BACKEND_LAZYNP_CTA,  /* "lazynp-cta" */
  GNEST_BACKEND_LAZYNP_WARP, /* "lazynp-warp" */
  GNEST_BACKEND_FREELAUNCH,  /* "freelaunch": Free Launch, threads reuse themselves for child work */
  GNEST_BACKEND_LEVELSCHED,  /* "levelsched": static level scheduler (since 0.3.0; fixed level
                                schedules: tree descendants / heights, BC) */
  GNEST_BACKEND_LAZYNP_CPU,  /* "lazynp-cpu": LazyNP whose saved contexts host threads run after
                                the parent kernel (Ozen thesis 5.6) */
  GNEST_BACKEND_LAZYNP_CROSS,/* "lazynp-cross": the GPU (LazyNP) and host threads run their
                                partitions of every pass at once (Ozen thesis 5.6) */
  GNEST_BACKEND_COUNT
} gnest_backend;

typedef enum gnest_schedule {
  GNEST_SCHEDULE_DYNAMIC = 0, /* CTAs take chunks from an atomic counter (Ozen ch. 6) */
  GNEST_SCHEDULE_STATIC       /* static cyclic: item i to thread i mod (grid threads) */
} gnest_schedule;

/* How gnest_tree_descendants / gnest_tree_heights run on a device backend (host backends ignore
 * it). gnest_info.reason names the method that ran and why. */
typedef enum gnest_tree_method {
  GNEST_TREE_METHOD_AUTO = 0, /* EULER when the tree is deep for its size (the level schedule's
                                 per-level barriers would cost more than EULER's passes), else
                                 LEVELS */
  GNEST_TREE_METHOD_LEVELS,   /* the tree's level schedule through the backend (gn_run_recursive):
                                 one dependent pass per level, deepest first */
  GNEST_TREE_METHOD_EULER     /* Euler tour + list ranking: about 2 log2(n) + 10 dependent
                                 passes whatever the depth, O(n) work; element-wise kernels that
                                 use no backend loop (the backend only names the run). Trees of
                                 at most 2^30 - 1 nodes (else GNEST_ERR_TOO_LARGE) */
} gnest_tree_method;

/* How gnest_bfs runs on a device backend (host backends ignore it). gnest_info.reason names the
 * method that ran and why (docs/methods.md). */
typedef enum gnest_bfs_direction {
  GNEST_BFS_AUTO = 0,   /* OPTIMIZING on a large symmetric graph of mean degree >= 8 (low
                           diameter in practice), else TOP_DOWN */
  GNEST_BFS_TOP_DOWN,   /* every level expands its frontier's out-arcs (gn_run_frontier: the
                           fused loop of the backends that have one) */
  GNEST_BFS_OPTIMIZING  /* direction-optimizing (Beamer et al., SC 2012): per level, top-down or
                           bottom-up (every unvisited vertex looks for a neighbour in the
                           frontier, stopping at the first), switched on the frontier's size and
                           arcs. Symmetric graphs only: a directed graph runs TOP_DOWN */
} gnest_bfs_direction;

/* How gnest_color runs on a device backend (host backends ignore it). Both give the same colors
 * (src/cpu/color.c's order). gnest_info.reason names the method that ran and why
 * (docs/methods.md). */
typedef enum gnest_color_method {
  GNEST_COLOR_AUTO = 0, /* ASYNC */
  GNEST_COLOR_ROUNDS,   /* the shortcut rounds through the backend: a split pass over every arc,
                           then one frontier level per dependent round (gn_run_frontier) */
  GNEST_COLOR_ASYNC     /* kernels of the algorithm's own, without rounds: vertices of degree
                           64 and more by a persistent kernel, a warp per vertex, after an
                           arc-parallel split of their rows; the others (a 64-bit set of possible
                           colors each) by one persistent kernel, a thread per vertex; each vertex
                           is revisited until its color is known. The backend runs only the
                           self-loop count of a graph with self-loops. */
} gnest_color_method;

/* Since 0.5.0. gnest_color's order: the vertices are colored largest degree first (each takes
 * the smallest color its already-colored neighbours leave free), and this breaks degree ties.
 * Every backend gives exactly the same colors for either rule. */
typedef enum gnest_color_tie {
  GNEST_COLOR_TIE_HASH = 0, /* ties by a fixed hash of the vertex id (spreads the ties of regular
                               graphs over the id range); degree = arcs without self-loops */
  GNEST_COLOR_TIE_ID        /* ties by the smaller vertex id first, and a self-loop arc counts 2
                               in the degree (as NetworkX's): NetworkX's greedy_color(strategy="largest_first") on a
                               graph whose nodes are 0..n-1 in order gives exactly these colors */
} gnest_color_tie;

/* How gnest_tc runs on a device backend (host backends ignore it). Both give the same counts.
 * gnest_info.reason names the method that ran and why (docs/methods.md). */
typedef enum gnest_tc_method {
  GNEST_TC_AUTO = 0, /* HASH, or SEARCH when no vertex has more than 8 arcs (then every oriented
                        list is HASH's one-thread kind, and SEARCH's loop does the same intersections
                        without HASH's set-up) */
  GNEST_TC_SEARCH,   /* the backend's nested loop over the degree-oriented graph: item u, inner
                        loop over its oriented neighbours v, each arc intersecting the two sorted
                        lists by binary search */
  GNEST_TC_HASH      /* the backend orients the graph; then the algorithm's own kernel (TRUST's
                        idea, Pandey et al., TPDS 2021): one vertex's oriented list at a time in
                        an on-chip hash table (a warp's for lists up to 128, a block's for longer
                        ones; lists over 2048 are binary-searched in device memory), probed by the
                        oriented lists of its partners: its oriented neighbours, or its
                        lower-ranked neighbours, whichever side makes fewer probes on the graph
                        (docs/methods.md); a short list with few partners is a thread's, in
                        registers */
} gnest_tc_method;

/* Since 0.5.0. The type a weighted graph's weights have on the device (the CPU reference reads
 * them as double, and rounds them as FLOAT does when FLOAT is asked). Distances and totals are
 * double in every case. */
typedef enum gnest_weights {
  GNEST_WEIGHTS_AUTO = 0, /* float when every weight is exactly a float (checked once per graph),
                             which halves the weights' memory traffic, else double: exact */
  GNEST_WEIGHTS_FLOAT,    /* float: a weight that is not exactly a float is rounded to the
                             nearest one (a weight beyond the float range becomes +inf), so
                             results are those of the rounded weights */
  GNEST_WEIGHTS_DOUBLE    /* double, whatever the weights */
} gnest_weights;

/* The size of gnest_options.settings, its terminating NUL included. */
#define GNEST_SETTINGS_SIZE 256

/* The options every backend understands, and the backends' own settings as words. Initialise with
 * gnest_options_init, then set fields, or write key=value words with gnest_options_parse. */
typedef struct gnest_options {
  gnest_backend backend;
  int32_t threshold;   /* inner trip count above which an item is nested/saved; 0 = default: for
                          BFS, SSSP and BC on a device backend the power of two nearest the mean
                          degree within 8..32 (gnest_info.reason says it), else 32 */
  int32_t block_size;  /* threads per block; 0 = default (256) */
  gnest_schedule schedule;
  gnest_bfs_direction bfs_direction; /* gnest_bfs on a device backend; default AUTO */
  gnest_color_method color_method;   /* gnest_color on a device backend; default AUTO */
  gnest_tc_method tc_method;         /* gnest_tc on a device backend; default AUTO */
  gnest_tree_method tree_method;     /* tree algorithms on a device backend; default AUTO */
  gnest_color_tie color_tie;         /* gnest_color's degree ties, every backend; default HASH */
  gnest_weights weights;             /* SSSP and MST weights' type (since 0.5.0); default AUTO */
  /* The backends' own settings: space-separated key=value words, "" = every setting at its
   * default, e.g. "granularity=warp coarsening=4". Each backend declares the settings it reads
   * (gnest_backend_desc.num_settings, gnest_backend_setting: key, values, default, one line of
   * help; `gnest-cli backends NAME` prints them); a setting the backend that runs does not read is
   * ignored, as auto's pick reads only its own. gnest_options_parse checks each word and merges it
   * here (a key given again replaces its earlier word); an algorithm call checks the words again
   * and refuses a bad one (unknown key, bad value, not NUL-terminated) with
   * GNEST_ERR_INVALID_ARGUMENT naming it. */
  char settings[GNEST_SETTINGS_SIZE];
} gnest_options;

void gnest_options_init(gnest_options *opts);

/* "flat", "lazynp", ... ; NULL for an out-of-range value. */
const char *gnest_backend_name(gnest_backend b);
gnest_status gnest_backend_from_name(const char *name, gnest_backend *out);
/* GNEST_OK if the backend can run in this build on this context (device present, compiled in),
 * else GNEST_ERR_BACKEND_UNAVAILABLE or GNEST_ERR_NO_DEVICE. lazynp-cpu and lazynp-cross also
 * need the device's concurrent managed access (cudaDevAttrConcurrentManagedAccess: host threads
 * and kernels on the same managed memory), else GNEST_ERR_BACKEND_UNAVAILABLE. */
gnest_status gnest_backend_available(const gnest_ctx *ctx, gnest_backend b);

/* What the backend registry (src/sched/backends.def, one entry per gnest_backend value) says of a
 * backend. The CLI's help and --compare rows, gnest-bench and the GPU test matrix read it. */
typedef struct gnest_backend_desc {
  gnest_backend backend;
  const char *name;         /* as gnest_backend_name */
  const char *summary;      /* what it does, and the source it implements */
  int built;                /* 1: implemented in this build; 0: named by the API, not built yet */
  int needs_device;         /* 1: runs on a CUDA device */
  int device_launches;      /* 1: launches kernels from the device (dynamic parallelism) */
  const char *options;      /* gnest_options fields and settings it reads, space separated
                               ("" = none) */
  int num_configs;          /* option configurations its tests cover (0 when not built) */
  int num_settings;         /* settings it reads (gnest_backend_setting), 0 = none */
} gnest_backend_desc;

/* Fills out; GNEST_ERR_INVALID_ARGUMENT for a value outside gnest_backend or a NULL out. */
gnest_status gnest_backend_describe(gnest_backend b, gnest_backend_desc *out);

/* The k-th (0-based, k < num_configs) option configuration of backend b: *opts is filled from
 * gnest_options_init, with backend = b and the configuration applied; label (optional, NUL
 * terminated within label_size) receives its text, e.g. "granularity=warp wboost=1" ("default"
 * for the defaults). GNEST_ERR_INVALID_ARGUMENT for k out of range. */
gnest_status gnest_backend_config(gnest_backend b, int k, gnest_options *opts, char *label,
                                  size_t label_size);

/* One setting of a backend (gnest_options.settings), as the registry declares it. */
typedef struct gnest_setting_desc {
  const char *key;         /* the key of its word: "coarsening" */
  const char *type;        /* "int" (an integer within min..max, values says which) or "words"
                              (one of words) */
  int32_t min, max;        /* "int": the range; "words": 0 and the last word's position */
  const char *words;       /* "words": the words it takes, space separated; "" for "int" */
  char values[96];         /* what it takes, for people: "an integer >= 0", "0, 1, 2, 4, 8, 16 or
                              32", "off (or -1) or an integer >= 0", "default warp block ..." */
  char default_value[24];  /* its default, as its word: "0", "default", "auto" */
  const char *help;        /* one line: what it does, what 0 or the default means */
} gnest_setting_desc;

/* Since 0.4.0. The k-th (0-based, k < gnest_backend_desc.num_settings) setting that backend b
 * reads, in the registry's order. GNEST_ERR_INVALID_ARGUMENT for a value outside gnest_backend, k out of range
 * or a NULL out (out unchanged). */
gnest_status gnest_backend_setting(gnest_backend b, int k, gnest_setting_desc *out);

/* Applies space-separated key=value words to opts. The keys of its fields: backend=NAME
 * threshold=N block_size=N schedule=dynamic|static bfs_direction=auto|top-down|optimizing
 * color_method=auto|rounds|async tc_method=auto|search|hash tree_method=auto|levels|euler
 * weights=auto|float|double set the
 * field; any other key must be a backend's setting (gnest_backend_setting): its word, checked
 * against the setting's values, is merged into opts->settings (written in its canonical form, a
 * key given again replacing its earlier word). Fields and settings not named are left alone; the
 * word "default" changes nothing. Values are checked as the algorithms check them.
 * GNEST_ERR_INVALID_ARGUMENT names the bad word (gnest_last_error(NULL)): an unknown key, a bad
 * value, or settings that would not fit GNEST_SETTINGS_SIZE; opts is then unchanged. */
gnest_status gnest_options_parse(gnest_options *opts, const char *text);

/* Runs a tiny device-launching kernel on ctx's device: a parent grid launches a child grid
 * (fire-and-forget) and a tail-launched grid checks the child's result (CUDA dynamic parallelism,
 * compiled with relocatable device code and device-linked into libgnest). GNEST_OK when
 * device-side launches work; GNEST_ERR_NO_DEVICE without a device; GNEST_ERR_CUDA otherwise. */
gnest_status gnest_device_selftest(gnest_ctx *ctx);

/* What ran. */
typedef struct gnest_info {
  gnest_backend backend;    /* the backend that ran (never AUTO) */
  const char *backend_name;
  char reason[512];         /* why: "forced by caller" or the selector's rule */
  double time_ms;           /* algorithm only: CUDA events on the device, wall clock on the CPU */
  int64_t kernel_launches;  /* kernels launched from the host (0 on the CPU) */
  int64_t device_launches;  /* kernels launched from the device (the DP papers' "KCalls"):
                               0 for backends that do not launch from the device */
  int64_t edges_visited;    /* inner-loop iterations executed */
  int32_t iterations;       /* levels, rounds or passes */
  int64_t device_bytes;     /* the most device memory in use during the call: graph / tree
                               copies (the input's, and those other calls left on the device)
                               and the call's buffers, over all contexts of the process on that
                               device; since 0.6.0 without the free blocks the contexts' pools
                               keep for reuse; 0 on the CPU */
  /* Since 0.3.0. Grid-wide barriers (grid.sync of a persistent cooperative kernel: flat,
     freelaunch, levelsched) the call executed, and how many of one per level were done without:
     levels run inside one CTA between __syncthreads() (the static level scheduler levelsched;
     flat's one-CTA stretches of small frontier levels, its setting cta_levels).
     0 for the other backends (their level boundaries are launches: kernel_launches,
     device_launches). */
  int64_t grid_barriers;
  int64_t barriers_saved;
  /* Since 0.4.0. The method that ran, and how the call's work split between the backend and
     the method's own kernels: the backend runs the algorithm's visitors in its loops, and some
     methods run kernels of their own beside them, or instead of them.
     method_name: static text, never NULL. The algorithms with several methods name the one that
       ran (auto's pick): gnest_bfs "top-down" or "optimizing"; gnest_color "async" or "rounds";
       gnest_tc "hash" or "search"; the tree algorithms "levels" or "euler". The others
       (gnest_sssp, gnest_bc, gnest_mst, gnest_cc, gnest_scc) have one device method:
       "default". The cpu backend
       runs the serial reference on the host: "cpu reference".
     backend_passes: passes of the algorithm's visitors that the backend's loops ran: one per
       single pass handed to it (also one whose work list, sized on the device, turns out empty:
       the optimizing BFS hands each level's top-down pass, without items on a bottom-up
       level), one per level a frontier loop ran (as iterations counts them), one per level of a
       fixed level schedule. 0 on the cpu backend, and for a method that runs no backend pass
       (euler; async on a graph without self-loops and without a vertex of 64 or more arcs):
       the reason then ends with "; no backend pass: the METHOD method's own kernels".
     own_passes: kernels the algorithm launched itself, outside the backend's loops, and device
       primitives it ran (scans, selections, sorts, reductions: one each, though one may run
       several kernels), e.g. tc hash's hash kernel, color async's persistent kernels, euler's
       element-wise kernels, the optimizing BFS's per-level bottom-up and direction kernels, the
       kernels that initialise an output. Counted at the launch, on the host. 0 on the cpu backend. The
       backend's own host launches are kernel_launches - own_passes. */
  const char *method_name;
  int64_t backend_passes;
  int64_t own_passes;
  /* Since 0.6.0. Host wall-clock milliseconds around time_ms, so that a first call's cost is
     accounted for:
     setup_ms: from the call's start until its timed region began: argument checks, the
       selector's degree statistics, the graph's (or tree's) upload and the device copies made
       on first use, which stay with the graph so that later calls on it skip them, and the
       call's scratch. 0 on the cpu backend.
     call_ms: the whole call: setup_ms, the timed region, results copied back. On a device
       backend, call_ms - setup_ms - time_ms is what followed the timed region.
     upload_ms, upload_bytes: the part of setup_ms that copied the input (the graph's or tree's
       arrays, and its weights in the type the call runs with) to the device, and its bytes;
       0 when the device copy was already there from an earlier call, and on the cpu backend. */
  double setup_ms;
  double call_ms;
  double upload_ms;
  int64_t upload_bytes;
} gnest_info;

/* ---------------------------------------------------------------------------------------------
 * Algorithms. opts == NULL means auto; info may be NULL.
 * ------------------------------------------------------------------------------------------- */

/* levels[v] = BFS depth from source (source 0), -1 when unreachable. Arcs as stored. */
gnest_status gnest_bfs(gnest_ctx *ctx, const gnest_graph *g, int32_t source, int32_t *levels,
                       const gnest_options *opts, gnest_info *info);

/* dist[v] = shortest distance from source, +INFINITY when unreachable. Unweighted graph: weight 1.
 * Any negative weight: GNEST_ERR_INVALID_INPUT. Each distance is the least over paths of the
 * path's left-to-right double sum: exact for integer weights whose sums stay within 2^53. An arc
 * u -> v out of a reached vertex whose d[u] + w is +inf (both finite): GNEST_ERR_OVERFLOW naming
 * the arc (ids as gnest_graph_original_ids gives them when relabelled). With opts->weights FLOAT,
 * every weight is first rounded to the nearest float (gnest_weights). */
gnest_status gnest_sssp(gnest_ctx *ctx, const gnest_graph *g, int32_t source, double *dist,
                        const gnest_options *opts, gnest_info *info);

/* Since 0.5.0. gnest_bfs and gnest_sssp that also return each vertex's parent on a shortest
 * path, so that paths can be rebuilt backwards from pred; pred NULL: the plain call.
 * The rule, the same on every backend and in the CPU reference: let hops[v] be the fewest arcs
 * on a shortest path source -> v (for BFS, levels[v]); an arc u -> v is on a shortest path when
 * u is reached and dist[u] + w(u,v) == dist[v], computed as the traversal computes it (for BFS
 * every arc of a reached u). pred[v] is the smallest u of such an arc with hops[u] + 1 ==
 * hops[v]; pred[source] = -1, and -1 for every unreached vertex. Following pred from any reached
 * vertex reaches the source in hops[v] steps (never a cycle, even with zero weights).
 * The predecessors are computed after the traversal: BFS one pass over the arcs, SSSP a
 * frontier loop over the arcs on shortest paths (hops) and one pass over the arcs; both are in
 * gnest_info.time_ms, backend_passes and edges_visited (own_passes: SSSP's fill kernel), and the
 * reason ends with "; predecessors: ..., timed" saying so. */
gnest_status gnest_bfs_pred(gnest_ctx *ctx, const gnest_graph *g, int32_t source, int32_t *levels,
                            int32_t *pred, const gnest_options *opts, gnest_info *info);
gnest_status gnest_sssp_pred(gnest_ctx *ctx, const gnest_graph *g, int32_t source, double *dist,
                             int32_t *pred, const gnest_options *opts, gnest_info *info);

typedef enum gnest_bc_mode { GNEST_BC_ALL = 0, GNEST_BC_LIST, GNEST_BC_SAMPLE } gnest_bc_mode;
typedef struct gnest_bc_sources {
  gnest_bc_mode mode;
  const int32_t *list; /* GNEST_BC_LIST: the sources */
  int32_t count;       /* LIST: length of list; SAMPLE: k distinct sources (k <= n) */
  uint64_t seed;       /* SAMPLE: the same seed gives the same sources */
} gnest_bc_sources;

/* Brandes betweenness on the unweighted graph, arcs as stored (an undirected graph stored both ways
 * gives twice the undirected value): bc[v] = sum over sources s != v and targets t != v, s of
 * sigma_st(v) / sigma_st. Sampled mode sums over the sampled sources only (no rescaling).
 * sources == NULL means all. */
gnest_status gnest_bc(gnest_ctx *ctx, const gnest_graph *g, const gnest_bc_sources *sources,
                      double *bc, const gnest_options *opts, gnest_info *info);

/* Brandes betweenness over shortest weighted paths (Dijkstra's distances; unweighted graph: weight
 * 1), arcs as stored, with gnest_bc's sum and sources: a path lies on the shortest-path DAG when
 * every arc u -> w of it has dist[u] + weight == dist[w] exactly, summed as gnest_sssp sums.
 * Zero weights are allowed, but a cycle of zero-weight arcs reached from a source (an undirected
 * edge of weight 0 is one) gives infinitely many shortest paths: GNEST_ERR_INVALID_INPUT naming
 * the source. Any negative weight: GNEST_ERR_INVALID_INPUT. */
gnest_status gnest_bc_weighted(gnest_ctx *ctx, const gnest_graph *g,
                               const gnest_bc_sources *sources, double *bc,
                               const gnest_options *opts, gnest_info *info);

/* A proper coloring of a symmetric graph (self-loops ignored): colors[v] in [0, num_colors).
 * Deterministic: greedy first-fit in largest-degree-first order, degree ties broken as
 * opts->color_tie says (default: a fixed hash of the id; GNEST_COLOR_TIE_ID: smaller id first,
 * NetworkX's largest_first), which every backend reproduces exactly. Directed graph: GNEST_ERR_INVALID_INPUT; on a device backend, a
 * vertex with more than INT32_MAX arcs: GNEST_ERR_TOO_LARGE. */
gnest_status gnest_color(gnest_ctx *ctx, const gnest_graph *g, int32_t *colors,
                         int32_t *num_colors, const gnest_options *opts, gnest_info *info);

/* Minimum spanning forest of a symmetric graph (unweighted: weight 1; self-loops ignored).
 * total_weight is the forest's weight (double sum; +inf: GNEST_ERR_OVERFLOW). If
 * edge_u/edge_v/edge_w are non-NULL they must
 * hold n-1 entries and receive the forest's edges (u < v); *num_edges = n - components. The
 * forest is the one Kruskal's algorithm builds under the order (weight, u, v) of its edges, which
 * makes it unique, and the edges come in that order: the same on every backend and on the CPU. */
gnest_status gnest_mst(gnest_ctx *ctx, const gnest_graph *g, double *total_weight,
                       int64_t *num_edges, int32_t *edge_u, int32_t *edge_v, double *edge_w,
                       const gnest_options *opts, gnest_info *info);

/* Triangles of a symmetric graph without duplicate arcs (self-loops ignored), each counted once.
 * per_vertex (optional, n entries) receives the triangles each vertex belongs to. */
gnest_status gnest_tc(gnest_ctx *ctx, const gnest_graph *g, uint64_t *total, uint64_t *per_vertex,
                      const gnest_options *opts, gnest_info *info);

/* Weakly connected components: every arc u -> v joins u and v, so a directed graph needs no
 * reverse arcs. labels[v] = the smallest vertex id of v's component (the same on every backend);
 * *num_components (optional, may be NULL) their number. Since 0.5.0. */
gnest_status gnest_cc(gnest_ctx *ctx, const gnest_graph *g, int32_t *labels,
                      int32_t *num_components, const gnest_options *opts, gnest_info *info);
/* Strongly connected components, arcs as stored: labels[v] = the smallest vertex id of the
 * vertices that both reach v and are reached from v (v's component); *num_components (optional,
 * may be NULL) their number. On a symmetric graph the same as gnest_cc. Since 0.5.0. */
gnest_status gnest_scc(gnest_ctx *ctx, const gnest_graph *g, int32_t *labels,
                       int32_t *num_components, const gnest_options *opts, gnest_info *info);

/* descendants[v] = size of v's subtree (v included). */
gnest_status gnest_tree_descendants(gnest_ctx *ctx, const gnest_tree *t, int32_t *descendants,
                                    const gnest_options *opts, gnest_info *info);
/* heights[v] = levels of v's subtree (a leaf has height 1). */
gnest_status gnest_tree_heights(gnest_ctx *ctx, const gnest_tree *t, int32_t *heights,
                                const gnest_options *opts, gnest_info *info);

/* ---------------------------------------------------------------------------------------------
 * The algorithm registry (src/algos/algos.def, one row per gnest_algorithm value) and gnest_run,
 * the one entry that runs any algorithm by its value: what the CLI's commands, gnest-bench, the
 * GPU test matrix and the Python package are built from. The typed functions above stay the API
 * of each algorithm; gnest_run calls them. Since 0.4.0.
 * ------------------------------------------------------------------------------------------- */
typedef enum gnest_algorithm {
  GNEST_ALGO_BFS = 0,           /* "bfs": gnest_bfs */
  GNEST_ALGO_SSSP,              /* "sssp": gnest_sssp */
  GNEST_ALGO_BC,                /* "bc": gnest_bc */
  GNEST_ALGO_COLOR,             /* "color": gnest_color */
  GNEST_ALGO_MST,               /* "mst": gnest_mst */
  GNEST_ALGO_TC,                /* "tc": gnest_tc */
  GNEST_ALGO_TREE_DESCENDANTS,  /* "tree-descendants": gnest_tree_descendants */
  GNEST_ALGO_TREE_HEIGHTS,      /* "tree-heights": gnest_tree_heights */
  GNEST_ALGO_BC_WEIGHTED,       /* "bc-weighted": gnest_bc_weighted */
  GNEST_ALGO_CC,                /* "cc": gnest_cc */
  GNEST_ALGO_SCC,               /* "scc": gnest_scc */
  GNEST_ALGO_COUNT
} gnest_algorithm;

typedef enum gnest_input_kind {
  GNEST_INPUT_GRAPH = 0, /* gnest_run_input.graph */
  GNEST_INPUT_TREE       /* gnest_run_input.tree */
} gnest_input_kind;

typedef enum gnest_sources_kind {
  GNEST_SOURCES_NONE = 0, /* every vertex or node at once */
  GNEST_SOURCES_ONE,      /* gnest_run_input.source */
  GNEST_SOURCES_SET       /* gnest_run_input.sources (NULL: every vertex) */
} gnest_sources_kind;

/* What a run writes, in gnest_result's fields ("n" is the graph's vertices or the tree's nodes). */
typedef enum gnest_result_kind {
  GNEST_RESULT_LEVELS = 0,  /* values_i32[n]: hops from the source, -1 unreachable */
  GNEST_RESULT_DISTANCES,   /* values_f64[n]: distance from the source, +INFINITY unreachable */
  GNEST_RESULT_SCORES,      /* values_f64[n]: a score per vertex */
  GNEST_RESULT_COLORING,    /* values_i32[n] in [0, num_colors), adjacent vertices differ;
                               num_colors */
  GNEST_RESULT_FOREST,      /* total_weight and num_edges; edge_u / edge_v / edge_weight (n - 1 each,
                               optional: all three or none) the edges */
  GNEST_RESULT_COUNTS,      /* total; values_u64[n] (optional) each vertex's count */
  GNEST_RESULT_NODE_VALUES, /* values_i32[n]: a value per tree node */
  GNEST_RESULT_COMPONENTS   /* values_i32[n]: each vertex's component, named by its smallest
                               vertex id; num_components */
} gnest_result_kind;

/* What the registry says of an algorithm. The texts are static. */
typedef struct gnest_algorithm_desc {
  gnest_algorithm algorithm;
  const char *name;           /* "bfs", "tree-heights": gnest-cli's command, gnest-bench's
                                 --algos word, as gnest_algorithm_name */
  const char *summary;        /* one line: what it computes */
  const char *notes;          /* what a user must also know of its input or result ("" none) */
  gnest_input_kind input;
  int undirected;             /* 1: needs a symmetric graph (else GNEST_ERR_INVALID_INPUT); the
                                 tools symmetrize its input while loading */
  int simple;                 /* 1: needs sorted adjacency lists without duplicate arcs */
  int weighted;               /* 1: reads the weights (an unweighted graph has weight 1) */
  gnest_sources_kind sources;
  gnest_result_kind result;
  const char *value_name;     /* the result's name in summaries: "level", "distance", "bc",
                                 "colors", "spanning forest", "triangles", "height" */
  const char *method_key;     /* the gnest_options_parse key that picks how it runs on a device
                                 backend ("tc_method"); "" when it has one method */
  const char *methods;        /* that key's words in the order of their enum values, space
                                 separated, "auto" first; "" when it has one method */
  const char *method_help;    /* one paragraph: what each method does ("" when one method) */
  const char *python_name;    /* its function in the Python package: gnest.<python_name> */
  const char *networkx_names; /* the NetworkX functions nx_gnest computes with it, space
                                 separated ("" none) */
  int nonnegative_weights;    /* Since 0.5.0. 1: a negative weight is GNEST_ERR_INVALID_INPUT;
                                 the tools load its input with refuse_negative_weights */
} gnest_algorithm_desc;

/* "bfs", "tree-heights", ...; NULL for a value outside gnest_algorithm. */
const char *gnest_algorithm_name(gnest_algorithm a);
/* GNEST_ERR_INVALID_ARGUMENT (the message lists the names) for a name that is none. */
gnest_status gnest_algorithm_from_name(const char *name, gnest_algorithm *out);
/* Fills out; GNEST_ERR_INVALID_ARGUMENT for a value outside gnest_algorithm or a NULL out. */
gnest_status gnest_algorithm_describe(gnest_algorithm a, gnest_algorithm_desc *out);

/* The input of gnest_run; the fields the algorithm's desc does not name are ignored. */
typedef struct gnest_run_input {
  const gnest_graph *graph;         /* GNEST_INPUT_GRAPH */
  const gnest_tree *tree;           /* GNEST_INPUT_TREE */
  int32_t source;                   /* GNEST_SOURCES_ONE */
  const gnest_bc_sources *sources;  /* GNEST_SOURCES_SET; NULL = every vertex */
} gnest_run_input;

/* The output of gnest_run: the caller's arrays, as the result kind says, and the numbers the run
 * writes. Fields the kind does not name are neither read nor written. */
typedef struct gnest_result {
  int32_t *values_i32;    /* LEVELS, COLORING, NODE_VALUES, COMPONENTS: n entries */
  double *values_f64;     /* DISTANCES, SCORES: n entries */
  uint64_t *values_u64;   /* COUNTS: n entries, or NULL */
  int32_t *edge_u;        /* FOREST: n - 1 entries each, or all three NULL */
  int32_t *edge_v;
  double *edge_weight;
  uint64_t total;         /* COUNTS */
  int32_t num_colors;     /* COLORING */
  double total_weight;    /* FOREST */
  int64_t num_edges;      /* FOREST */
  int32_t num_components; /* COMPONENTS */
  int32_t *pred;          /* Since 0.5.0. bfs, sssp: n entries, or NULL; when non-NULL each
                             vertex's parent on a shortest path (gnest_bfs_pred) */
} gnest_result;

/* Runs algorithm a on in into out: the typed function of a (gnest_bfs, ...) with its checks,
 * statuses and messages. GNEST_ERR_INVALID_ARGUMENT for a value outside gnest_algorithm or a
 * NULL ctx, in or out. */
gnest_status gnest_run(gnest_ctx *ctx, gnest_algorithm a, const gnest_run_input *in,
                       gnest_result *out, const gnest_options *opts, gnest_info *info);

/* The arc visits (tree algorithms: nodes) the CPU reference (backend "cpu") would make on in,
 * estimated in one pass over the input without running it, e.g. to check that it can verify a
 * result in reasonable time; how (optional, NUL terminated within how_size) says what the
 * estimate counts: "forward algorithm on 12 arcs". */
gnest_status gnest_reference_work(gnest_ctx *ctx, gnest_algorithm a, const gnest_run_input *in,
                                  double *visits, char *how, size_t how_size);

#ifdef __cplusplus
}
#endif
#endif /* GNEST_H */
