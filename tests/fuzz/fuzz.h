/* Shared parts of the loader fuzz targets (tests/fuzz/fuzz_*.c): each target defines
 * LLVMFuzzerTestOneInput over one of io's loaders and checks what the loader promises:
 *   - failure: a non-zero status with a non-empty message recorded, nothing leaked (LeakSanitizer);
 *   - success: well-formed output (ids in range, CSR offsets rising from 0 to m, claimed flags true),
 *     and every parsed edge list builds into a CSR under each builder option set.
 * A broken promise calls fuzz_fail, which aborts: libFuzzer reports it as a crash with the input. */
#ifndef GNEST_FUZZ_H
#define GNEST_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include "io/io_internal.h"

/* Graphs parsed with more vertices than this are not built: the CSR offsets take 8 bytes per
 * declared vertex, so a 20-byte header such as "p sp 2000000000 0" would allocate 16 GB. io has
 * no option yet to refuse a declared size far beyond what the file holds (see README.md here);
 * until it does the harness stops there instead of reporting the known case on every run. */
enum { kFuzzMaxBuildVertices = 1 << 14 };

/* The input as a NUL-terminated text, as gn_read_file hands it to the parsers. Free with free(). */
char *fuzz_text(const uint8_t *data, size_t size);

/* Aborts with a message naming the broken promise. */
void fuzz_fail(const char *what, ...)
#if defined(__GNUC__)
    __attribute__((noreturn, format(printf, 1, 2)))
#endif
    ;

/* A loader's status: on failure the error record must say why. Returns st. */
gnest_status fuzz_check_status(gnest_status st);

/* Every edge endpoint in [0, n), arrays present when m > 0. */
void fuzz_check_edges(const gn_edges *e);

/* The parse options each text target runs with: the defaults, then refuse_negative_weights. */
extern const gnest_load_options kFuzzParseOptions[2];

/* After a parse under opts: no weight below 0 passed refuse_negative_weights. */
void fuzz_check_refused_negative(const gnest_load_options *opts, const gn_edges *e);

/* Offsets rise from 0 to m, columns in [0, n), the sorted and merged flags hold. */
void fuzz_check_csr(const gn_csr *c);

/* Builds e under each builder option set (direct and cache-blocked scatter) and checks each CSR;
 * a parsed edge list that does not build is a failure. */
void fuzz_build_all(const char *source, const gn_edges *e);

#endif
