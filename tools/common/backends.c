/* The backend registry as the tools show it (backends.h). */
#include "backends.h"

#include <stdio.h>
#include <string.h>

gn_backend_kind gn_backend_kind_of(gnest_backend b) {
  gnest_backend_desc d;
  if (gnest_backend_describe(b, &d) != GNEST_OK) return GN_KIND_PLANNED;
  if (b == GNEST_BACKEND_AUTO) return GN_KIND_SELECTOR;
  if (!d.built) return GN_KIND_PLANNED;
  if (d.device_launches) return GN_KIND_DEVICE_LAUNCH;
  return d.needs_device ? GN_KIND_DEVICE : GN_KIND_HOST;
}

const char *gn_backend_kind_text(gn_backend_kind k) {
  switch (k) {
    case GN_KIND_SELECTOR: return "selector";
    case GN_KIND_HOST: return "host";
    case GN_KIND_DEVICE: return "device";
    case GN_KIND_DEVICE_LAUNCH: return "device launches";
    default: return "not built yet";
  }
}

int gn_backend_built(gnest_backend b) { return gn_backend_kind_of(b) != GN_KIND_PLANNED; }

/* Appends "sep word" (no sep when buf is empty); stops quietly when it does not fit. */
static void append_name(char *buf, size_t size, const char *sep, const char *word) {
  size_t len = strlen(buf);
  snprintf(buf + len, size - len, "%s%s", len ? sep : "", word);
}

const char *gn_backend_names(int built, const char *sep, char *buf, size_t size) {
  if (size == 0) return buf;
  buf[0] = '\0';
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b)
    if (gn_backend_built((gnest_backend)b) == !!built)
      append_name(buf, size, sep, gnest_backend_name((gnest_backend)b));
  return buf;
}

const char *gn_backend_choices(char *buf, size_t size) {
  char planned[512];
  gn_backend_names(1, ", ", buf, size);
  if (*gn_backend_names(0, ", ", planned, sizeof planned)) {
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "; not built yet: %s", planned);
  }
  return buf;
}

int gn_append_words(char *buf, size_t size, const char *text) {
  size_t len = strlen(buf), add = strlen(text);
  if (len + (len ? 1 : 0) + add + 1 > size) return 0;
  append_name(buf, size, " ", text);
  return 1;
}

int gn_set_option_word(gnest_options *o, const char *key, const char *value) {
  char word[64];
  if (strpbrk(value, " \t")) return 0;
  const int len = snprintf(word, sizeof word, "%s=%s", key, value);
  if (len < 0 || (size_t)len >= sizeof word) return 0;
  gnest_options trial = *o;
  if (gnest_options_parse(&trial, word) != GNEST_OK) return 0;
  *o = trial;
  return 1;
}
