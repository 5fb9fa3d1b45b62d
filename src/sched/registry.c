/* The backend registry as C data (from backends.def), and the public functions that read it:
 * names, availability, descriptions and settings (the test configurations as options:
 * backend_config.c). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/device_api.h"
#include "core/internal.h"
#include "sched/options.h"
#include "sched/registry.h"

#define GN_WHERE_OF(w) GN_WHERE_##w
static const gn_backend_entry gn_registry[] = {
#define GN_BACKEND(ID, NAME, WHERE, ALGOS, WHY_NOT, ROLE, OPTIONS, CONFIGS, SUMMARY) \
  {GNEST_BACKEND_##ID, NAME, GN_WHERE_OF(WHERE), ALGOS, WHY_NOT, ROLE, OPTIONS, CONFIGS, SUMMARY},
#include "sched/backends.def"
#undef GN_BACKEND
};

/* One entry per gnest_backend value, in enum order (the table is indexed by the enum). */
_Static_assert(sizeof gn_registry / sizeof gn_registry[0] == GNEST_BACKEND_COUNT,
               "backends.def needs exactly one entry per gnest_backend value");

const gn_backend_entry *gn_backend_entry_of(gnest_backend b) {
  if ((int)b < 0 || (int)b >= (int)GNEST_BACKEND_COUNT) return NULL;
  const gn_backend_entry *e = &gn_registry[b];
  return e->id == b ? e : NULL; /* an entry out of enum order is a registry bug */
}

/* Implemented in this build: every entry but the planned ones (the selector is built too). */
static int gn_built(const gn_backend_entry *e) { return e->where != GN_WHERE_PLANNED; }

static int gn_on_device(const gn_backend_entry *e) {
  return e->where == GN_WHERE_DEVICE || e->where == GN_WHERE_DEVICE_LAUNCH ||
         e->where == GN_WHERE_HYBRID;
}

gnest_backend gn_backend_for_role(gn_role role) {
  for (int b = 0; b < (int)GNEST_BACKEND_COUNT; ++b)
    if (gn_registry[b].role == role && gn_built(&gn_registry[b])) return (gnest_backend)b;
  return GNEST_BACKEND_AUTO;
}

int gn_backend_on_host(gnest_backend b) {
  const gn_backend_entry *e = gn_backend_entry_of(b);
  return e && e->where == GN_WHERE_HOST;
}

int gn_backend_host_work(gnest_backend b) {
  const gn_backend_entry *e = gn_backend_entry_of(b);
  return e && e->where == GN_WHERE_HYBRID;
}

const char *gnest_backend_name(gnest_backend b) {
  const gn_backend_entry *e = gn_backend_entry_of(b);
  return e ? e->name : NULL;
}

/* Appends the names of the entries accepted by keep to buf, separated by sep. */
static void gn_names(char *buf, size_t size, const char *sep, int (*keep)(const gn_backend_entry *)) {
  size_t len = 0;
  buf[0] = '\0';
  for (int b = 0; b < (int)GNEST_BACKEND_COUNT; ++b) {
    if (keep && !keep(&gn_registry[b])) continue;
    int w = snprintf(buf + len, size - len, "%s%s", len ? sep : "", gn_registry[b].name);
    if (w < 0 || (size_t)w >= size - len) return;
    len += (size_t)w;
  }
}

const char *gn_backends_built_text(void) {
  static _Thread_local char text[256];
  gn_names(text, sizeof text, ", ", gn_built);
  return text;
}

gnest_status gnest_backend_from_name(const char *name, gnest_backend *out) {
  const char *fn = "gnest_backend_from_name";
  if (!name) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "name is NULL");
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  for (int b = 0; b < (int)GNEST_BACKEND_COUNT; ++b)
    if (strcmp(name, gn_registry[b].name) == 0) {
      *out = (gnest_backend)b;
      return GNEST_OK;
    }
  char all[512];
  gn_names(all, sizeof all, " ", NULL);
  return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                  "unknown backend '%.100s' (expected one of: %s)", name, all);
}

/* Planned backends are reported as unavailable, never silently replaced by another. */
gnest_status gnest_backend_available(const gnest_ctx *ctx, gnest_backend b) {
  const gn_backend_entry *e = gn_backend_entry_of(b);
  if (!ctx || !e) return GNEST_ERR_INVALID_ARGUMENT;
  if (e->where == GN_WHERE_PLANNED) return GNEST_ERR_BACKEND_UNAVAILABLE;
  if (gn_on_device(e) && !ctx->has_device) return GNEST_ERR_NO_DEVICE;
  /* Host threads beside the device on managed memory: never replaced by another backend. */
  if (e->where == GN_WHERE_HYBRID && !gn_device_concurrent_managed(ctx))
    return GNEST_ERR_BACKEND_UNAVAILABLE;
  return GNEST_OK;
}

int gn_backend_reads(gnest_backend b, const char *key) {
  const gn_backend_entry *e = gn_backend_entry_of(b);
  if (!e || !key || !*key) return 0;
  const size_t len = strlen(key);
  for (const char *p = e->options; (p = strstr(p, key)) != NULL; p += len)
    if ((p == e->options || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' ')) return 1;
  return 0;
}

int gn_backend_applies(gnest_backend b, gnest_algorithm algo, const char **why) {
  const char *dummy;
  if (!why) why = &dummy;
  *why = "";
  const gn_backend_entry *e = gn_backend_entry_of(b);
  if (!e) {
    *why = "unknown backend";
    return 0;
  }
  if ((int)algo < 0 || (int)algo >= (int)GNEST_ALGO_COUNT) {
    *why = "unknown algorithm";
    return 0;
  }
  if (e->where == GN_WHERE_SELECTOR) {
    *why = "it is resolved by the selector, it does not run by itself";
    return 0;
  }
  if (e->where == GN_WHERE_PLANNED) {
    *why = "not available in this build";
    return 0;
  }
  if (!(e->algos & GN_ALGO_BIT(algo))) {
    *why = e->why_not;
    return 0;
  }
  return 1;
}

int gn_backend_config_count(const gn_backend_entry *e) {
  if (!gn_built(e) || e->configs[0] == '\0') return 0;
  int count = 1;
  for (const char *p = e->configs; *p; ++p) count += *p == ';';
  return count;
}

/* ---------------------------------------------------------------------------------------------
 * The settings table, from the GN_SETTING rows
 * ------------------------------------------------------------------------------------------- */

/* A row's DOMAIN, INT(0, 64) say, pasted onto GN_DOMAIN_ becomes GN_DOMAIN_INT(0, 64): the kind,
 * range and words fields of its entry. */
#define GN_DOMAIN_INT(lo, hi) GN_SETTING_INT, lo, hi, ""
#define GN_DOMAIN_POW2(hi) GN_SETTING_POW2, 0, hi, ""
#define GN_DOMAIN_OFF_OR_INT(hi) GN_SETTING_OFF_OR_INT, -1, hi, ""
#define GN_DOMAIN_WORDS(words) GN_SETTING_WORDS, 0, 0, words
static const gn_setting_entry gn_settings[] = {
#define GN_SETTING(OWNER, KEY, DOMAIN, DEFAULT, HELP) \
  {#KEY, GNEST_BACKEND_##OWNER, GN_DOMAIN_##DOMAIN, DEFAULT, HELP, offsetof(gn_opts, KEY)},
#include "sched/backends.def"
#undef GN_SETTING
};
enum { GN_SETTING_COUNT = (int)(sizeof gn_settings / sizeof gn_settings[0]) };

int gn_setting_count(void) { return GN_SETTING_COUNT; }

const gn_setting_entry *gn_setting_at(int k) {
  return k >= 0 && k < GN_SETTING_COUNT ? &gn_settings[k] : NULL;
}

const gn_setting_entry *gn_setting_find(const char *key, size_t len) {
  for (int k = 0; k < GN_SETTING_COUNT; ++k)
    if (strlen(gn_settings[k].key) == len && strncmp(gn_settings[k].key, key, len) == 0)
      return &gn_settings[k];
  return NULL;
}


/* The k-th setting (registry order) that backend b reads, or NULL. */
const gn_setting_entry *gn_setting_of(gnest_backend b, int k) {
  for (int i = 0; k >= 0 && i < gn_setting_count(); ++i) {
    const gn_setting_entry *s = gn_setting_at(i);
    if (gn_backend_reads(b, s->key) && k-- == 0) return s;
  }
  return NULL;
}

const gn_backend_entry *gn_backend_entry_checked(gnest_backend b, const char *fn) {
  const gn_backend_entry *e = gn_backend_entry_of(b);
  if (!e)
    gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "%d is not a gnest_backend value (0..%d)",
             (int)b, (int)GNEST_BACKEND_COUNT - 1);
  return e;
}

gnest_status gnest_backend_describe(gnest_backend b, gnest_backend_desc *out) {
  const char *fn = "gnest_backend_describe";
  const gn_backend_entry *e = gn_backend_entry_checked(b, fn);
  if (!e) return GNEST_ERR_INVALID_ARGUMENT;
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  out->backend = b;
  out->name = e->name;
  out->summary = e->summary;
  out->built = gn_built(e);
  out->needs_device = gn_on_device(e);
  out->device_launches = e->where == GN_WHERE_DEVICE_LAUNCH;
  out->options = e->options;
  out->num_configs = gn_backend_config_count(e);
  out->num_settings = 0;
  while (gn_setting_of(b, out->num_settings)) ++out->num_settings;
  return GNEST_OK;
}
