/* The backend registry as the tools show it. gnest-cli and gnest-bench never spell a backend's
 * name: their help texts, error texts and default lists are built here from
 * gnest_backend_describe (src/sched/backends.def is the one list). */
#ifndef GNEST_TOOLS_BACKENDS_H
#define GNEST_TOOLS_BACKENDS_H

#include <stddef.h>
#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gn_backend_kind {
  GN_KIND_SELECTOR,      /* GNEST_BACKEND_AUTO: the selector picks one of the others */
  GN_KIND_HOST,          /* runs on the host */
  GN_KIND_DEVICE,        /* runs on a CUDA device, launches from the host only */
  GN_KIND_DEVICE_LAUNCH, /* runs on a CUDA device and launches from the device */
  GN_KIND_PLANNED        /* named by the API, not built yet */
} gn_backend_kind;

/* What the registry says of b (GN_KIND_PLANNED for a value outside gnest_backend). */
gn_backend_kind gn_backend_kind_of(gnest_backend b);

/* "selector", "host", "device", "device launches" or "not built yet". */
const char *gn_backend_kind_text(gn_backend_kind k);

/* 1 when b can be asked for in this build (the selector included), 0 when it is planned. */
int gn_backend_built(gnest_backend b);

/* The names of the backends that are built (built = 1) or planned (built = 0), in registry order,
 * separated by sep, into buf (cut at size). Returns buf ("" when there is none). */
const char *gn_backend_names(int built, const char *sep, char *buf, size_t size);

/* "NAME, NAME, ...; not built yet: NAME, ...": every name a --backend flag accepts, for help
 * and error texts. Returns buf. */
const char *gn_backend_choices(char *buf, size_t size);

/* Appends the space-separated words text to buf (NUL-terminated, size bytes), a space between the
 * old and the new words: how a repeated --options flag accumulates. 0 when they do not fit (buf
 * is then unchanged), else 1. */
int gn_append_words(char *buf, size_t size, const char *text);

/* Sets one gnest_options key from a flag's value (--tree-method euler: key "tree_method")
 * through gnest_options_parse's "key=value", so the tools accept exactly the library's words.
 * 1 when valid; else 0 and o unchanged (a value with a blank is refused: one word, one key). */
int gn_set_option_word(gnest_options *o, const char *key, const char *value);

#ifdef __cplusplus
}
#endif
#endif
