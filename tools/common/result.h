/* The arrays of a gnest_result (gnest.h) by its kind, as gnest_run fills them: what gnest-cli,
 * gnest-bench and the tests allocate for a run of any algorithm, and free. */
#ifndef GNEST_TOOLS_RESULT_H
#define GNEST_TOOLS_RESULT_H

#include <stddef.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Zeroes r, then allocates the arrays of kind for n vertices (or nodes): the per-vertex array,
 * and with optional the optional ones too (per-vertex counts, a forest's edges). Returns
 * GNEST_OK, or GNEST_ERR_OUT_OF_MEMORY with nothing left allocated. */
gnest_status gn_result_alloc(gnest_result_kind kind, int32_t n, int optional, gnest_result *r);
/* The optional outputs of kind, as the tools name them when they say which outputs a time
 * covers: "per-vertex counts" (COUNTS), "forest edges" (FOREST); NULL for a kind without any.
 * Asking for them costs time (tc: an atomic per corner credited), so a run asks for them only
 * where its output shows them. */
const char *gn_result_optional_name(gnest_result_kind kind);
/* Adds r->pred (n entries; freed by gn_result_free), or GNEST_ERR_OUT_OF_MEMORY with r's other
 * arrays left as they were. */
gnest_status gn_result_alloc_pred(int32_t n, gnest_result *r);
/* Frees r's arrays and zeroes it. */
void gn_result_free(gnest_result *r);
/* v as the shortest text that reads back as exactly v (strtod): an integer of magnitude up to
 * 2^53 as its digits alone ("16777217"), else the first of %.15g, %.16g, %.17g that does; "inf",
 * "-inf" or "nan" otherwise. Returns buf. */
const char *gn_result_number(char *buf, size_t size, double v);
/* The per-vertex array of r (NULL when it has none) and the bytes of one of its entries. */
void *gn_result_values(const gnest_result *r, size_t *entry_bytes);

#ifdef __cplusplus
}
#endif
#endif
