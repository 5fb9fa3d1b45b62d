/* gnest_backend_config: a registry entry's test configurations (backends.def, CONFIGS) as
 * options, parsed by gnest_options_parse (options.c, which itself reads the registry's names). */
#include <stdio.h>
#include <string.h>

#include "base/base.h"
#include "sched/registry.h"

/* The k-th ';'-separated configuration text, trimmed, into out. 0 when there is none. */
static int gn_config_text(const char *configs, int k, char *out, size_t size) {
  const char *p = configs;
  for (int i = 0; i < k; ++i) {
    p = strchr(p, ';');
    if (!p) return 0;
    ++p;
  }
  while (*p == ' ') ++p;
  size_t len = strcspn(p, ";");
  while (len > 0 && p[len - 1] == ' ') --len;
  if (len == 0 || len >= size) return 0;
  memcpy(out, p, len);
  out[len] = '\0';
  return 1;
}

gnest_status gnest_backend_config(gnest_backend b, int k, gnest_options *opts, char *label,
                                  size_t label_size) {
  const char *fn = "gnest_backend_config";
  const gn_backend_entry *e = gn_backend_entry_checked(b, fn);
  if (!e) return GNEST_ERR_INVALID_ARGUMENT;
  if (!opts) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "opts is NULL");
  const int count = gn_backend_config_count(e);
  char text[256];
  if (k < 0 || k >= count || !gn_config_text(e->configs, k, text, sizeof text))
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "backend '%s' has %d test configurations; %d is not one of them", e->name,
                    count, k);
  gnest_options o;
  gnest_options_init(&o);
  gnest_status st = gnest_options_parse(&o, text);
  if (st != GNEST_OK) return st; /* a registry bug; the CPU tests parse every entry */
  o.backend = b;
  *opts = o;
  if (label && label_size > 0) snprintf(label, label_size, "%s", text);
  return GNEST_OK;
}
