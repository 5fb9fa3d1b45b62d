/* --sweep KEY=V1,V2,...: one gnest_options_parse key and the values it takes, each run as its own
 * row by gnest-cli --compare and gnest-bench, in one process (the CGO 2022 threshold, coarsening
 * and granularity figures come from one command). Only the backends whose registry entry reads
 * KEY get a row per value; the others run once. The keys of an algorithm's method (tree_method,
 * bfs_direction, color_method, tc_method) are read by every built device backend. */
#ifndef GNEST_TOOLS_SWEEP_H
#define GNEST_TOOLS_SWEEP_H

#include <stddef.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GN_SWEEP_MAX_VALUES 32
#define GN_SWEEP_WORD 48

typedef struct gn_sweep {
  char key[GN_SWEEP_WORD];
  int count;                                   /* values; 0 = no sweep */
  char values[GN_SWEEP_MAX_VALUES][GN_SWEEP_WORD];
} gn_sweep;

/* Parses "KEY=V1,V2,..." into s. Every KEY=Vk must be a word gnest_options_parse accepts, and
 * KEY must not be backend. On failure s is unchanged, err (err_size bytes) says why, e.g.
 * "--sweep: 'threshold=-4': options.threshold = -4: expected >= 0 (0 = default 32)", and 0 is
 * returned; 1 on success. */
int gn_sweep_parse(const char *text, gn_sweep *s, char *err, size_t err_size);

/* 1 when the sweep has values and the registry says backend b reads its key (a method key:
 * when b is a built device backend). */
int gn_sweep_reads(const gn_sweep *s, gnest_backend b);

/* The sweep as given, "KEY=V1,V2,..." ("" without one), into buf; returns buf. */
#define GN_SWEEP_TEXT (GN_SWEEP_MAX_VALUES * (GN_SWEEP_WORD + 1) + GN_SWEEP_WORD + 2)
const char *gn_sweep_text(const gn_sweep *s, char *buf, size_t size);

/* "KEY=Vk" into buf; returns buf. */
const char *gn_sweep_setting(const gn_sweep *s, int k, char *buf, size_t size);

/* Applies KEY=Vk to opts (through gnest_options_parse: the status of that call). */
gnest_status gn_sweep_apply(const gn_sweep *s, int k, gnest_options *opts);

#ifdef __cplusplus
}
#endif
#endif
