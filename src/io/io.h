/* io: readers and writers of graph and tree files, and the CSR builder. Knows nothing of CUDA.
 * Every function records a precise error (file, line, what was expected) in ctx on failure. */
#ifndef GNEST_IO_H
#define GNEST_IO_H

#include <stddef.h>
#include <stdint.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A whole input file in memory, decompressed (.gz via zlib, .xz via liblzma), NUL-terminated. */
typedef struct gn_buffer {
  char *data;
  size_t size; /* bytes, not counting the terminating NUL */
} gn_buffer;

/* path "-" reads standard input to its end (a pipe cannot be mapped or sought, so it is always
 * read whole); gzip and xz are recognised by their magic bytes there as in any file. */
gnest_status gn_read_file(gnest_ctx *ctx, const char *path, gn_buffer *out);
void gn_buffer_free(gn_buffer *b);

/* A list of directed edges as parsed. */
typedef struct gn_edges {
  int32_t n;       /* vertices */
  int64_t m;       /* edges stored in src/dst/w */
  int32_t *src, *dst;
  double *w;       /* NULL when the input has no weights */
  int symmetric;   /* the file declares itself symmetric: the builder adds reverses */
} gn_edges;

void gn_edges_free(gn_edges *e);

/* A compressed sparse row graph. offsets has n+1 entries; cols and weights m. */
typedef struct gn_csr {
  int32_t n;
  int64_t m;
  int64_t *offsets;
  int32_t *cols;
  double *weights;     /* NULL when unweighted */
  int sorted;          /* adjacency lists in increasing order */
  int merged;          /* no two equal arcs */
  int symmetric;       /* 1 = known symmetric (built so), 0 = unknown */
  int32_t *original_ids; /* relabelled: the input id of each vertex [n]; else NULL */
} gn_csr;

void gn_csr_free(gn_csr *c);
/* Sets c->sorted (every row's columns never decrease) and c->merged (they strictly increase: no
 * duplicate arc) from one scan of the rows on host threads (csr.c). */
void gn_csr_note_order(gn_csr *c);
/* *symmetric = 1 when every arc (u, v, w) of c has an arc (v, u, w) (with repeated columns, any
 * repeat of equal weight will do), else 0; c->sorted and c->merged say what its rows are known
 * to be. Fails only when an unsorted c's sorted copy cannot be allocated (symmetry.c). */
gnest_status gn_csr_symmetric(gnest_ctx *ctx, const gn_csr *c, int *symmetric);

/* Parsers over a NUL-terminated text (path is only for messages). Of opts (NULL: defaults) they
 * read refuse_negative_weights, and the edge list one_based; the builder reads the rest. */
gnest_status gn_parse_mtx(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                          const gnest_load_options *opts, gn_edges *out);
gnest_status gn_parse_dimacs(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                             const gnest_load_options *opts, gn_edges *out);
gnest_status gn_parse_edgelist(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                               const gnest_load_options *opts, gn_edges *out);
/* Tree file: comments, n, then n parent ids (-1 = root). Only syntax is checked here. */
gnest_status gn_parse_tree(gnest_ctx *ctx, const char *path, const char *text, size_t len,
                           int32_t *n, int32_t **parent);

/* The edges renumbered to 0..k-1 over the ids that appear in them, in increasing order of id
 * (relabel); *ids receives the k input ids. */
gnest_status gn_relabel_edges(gnest_ctx *ctx, const gn_edges *e, gn_edges *out, int32_t **ids);

/* Builds a CSR from edges with the builder options (symmetrize, drop self-loops, merge duplicates
 * keeping the minimum weight, sort adjacency). source names the input in messages. */
gnest_status gn_csr_build(gnest_ctx *ctx, const char *source, const gn_edges *e,
                          const gnest_load_options *opts, gn_csr *out);

/* Binary CSR cache: versioned header, sizes, checksum. */
gnest_status gn_binary_write(gnest_ctx *ctx, const char *path, const gn_csr *c);
gnest_status gn_binary_read(gnest_ctx *ctx, const char *path, gn_csr *out);

/* Rows [first, last) of a graph, their columns in the whole graph's ids: what one rank of a run
 * over several processes holds (1-D layout by vertex ranges). */
typedef struct gn_csr_rows {
  int32_t n_total;   /* the whole graph's vertices: every column is in [0, n_total) */
  int32_t first, last;
  int64_t m;         /* the rows' arcs */
  int64_t *offsets;  /* [last - first + 1], from 0 */
  int32_t *cols;
  double *weights;   /* NULL when unweighted */
} gn_csr_rows;

void gn_csr_rows_free(gn_csr_rows *r);
/* Reads rows [first, last) of an uncompressed binary cache, and nothing else of it: the header,
 * last - first + 1 offsets, the rows' columns and weights (pread at their places). The file's
 * checksum covers the whole file, so a slice cannot be checked against it; the slice's own
 * structure is (offsets rising within the file's arc count, columns in [0, n)). 0 <= first <=
 * last <= n, else GNEST_ERR_OUT_OF_RANGE. */
gnest_status gn_binary_read_rows(gnest_ctx *ctx, const char *path, int32_t first, int32_t last,
                                 gn_csr_rows *out);

/* Whole graph load: format detection, parse, build. */
gnest_status gn_load_csr(gnest_ctx *ctx, const char *path, const gnest_load_options *opts,
                         gn_csr *out);

/* Writers used by gnest-gen and gnest-cli convert. */
gnest_status gn_write_mtx(gnest_ctx *ctx, const char *path, const gn_csr *c);
gnest_status gn_write_edgelist(gnest_ctx *ctx, const char *path, const gn_csr *c);
gnest_status gn_write_tree(gnest_ctx *ctx, const char *path, int32_t n, const int32_t *parent);

/* Asks the kernel for transparent huge pages on the 2 MiB-aligned interior of a large fresh
 * allocation (no-op below 4 MiB or where unsupported): first-touch page faults on big arrays
 * otherwise dominate loading time (4 KiB faults cost microseconds each in a VM). Also for core's
 * pinned staging buffers, which pin faster as huge pages. */
void gn_advise_huge(void *p, size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
