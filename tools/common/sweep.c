/* --sweep of gnest-cli and gnest-bench (sweep.h). */
#include "sweep.h"

#include <stdio.h>
#include <string.h>

/* The value list's k-th item (comma-separated) into out; 0 when it is empty or too long. */
static int take_value(const char **p, char *out, size_t size) {
  const size_t len = strcspn(*p, ",");
  if (len == 0 || len >= size) return 0;
  memcpy(out, *p, len);
  out[len] = '\0';
  *p += len;
  return 1;
}

int gn_sweep_parse(const char *text, gn_sweep *s, char *err, size_t err_size) {
  gn_sweep got;
  memset(&got, 0, sizeof got);
  const char *eq = strchr(text, '=');
  const size_t klen = eq ? (size_t)(eq - text) : 0;
  if (!eq || klen == 0 || klen >= sizeof got.key || eq[1] == '\0') {
    snprintf(err, err_size, "--sweep: expected KEY=V1,V2,... (a gnest_options_parse key and its "
             "values), got '%s'", text);
    return 0;
  }
  memcpy(got.key, text, klen);
  if (strcmp(got.key, "backend") == 0) {
    snprintf(err, err_size, "--sweep: backend cannot be swept (every backend already gets its "
             "row)");
    return 0;
  }
  for (const char *p = eq + 1;; ++p) {
    if (got.count == GN_SWEEP_MAX_VALUES) {
      snprintf(err, err_size, "--sweep: at most %d values", GN_SWEEP_MAX_VALUES);
      return 0;
    }
    if (!take_value(&p, got.values[got.count], sizeof got.values[0])) {
      snprintf(err, err_size, "--sweep: an empty or too long value in '%s'", text);
      return 0;
    }
    gnest_options o;
    gnest_options_init(&o);
    if (gn_sweep_apply(&got, got.count, &o) != GNEST_OK) {
      snprintf(err, err_size, "--sweep: %s", gnest_last_error(NULL)->message);
      return 0;
    }
    got.count++;
    if (*p == '\0') break;
  }
  *s = got;
  return 1;
}

/* gnest_options fields, not a backend's settings, that every backend running on a device reads
 * (the host backends ignore them): the algorithms' methods, and what changes the result itself
 * (the weights' type, the coloring's ties; the CPU reference row stays the one every row is
 * checked against, so a weights=float row that rounds a weight shows as disagreeing). */
static const char *const gn_device_keys[] = {"tree_method", "bfs_direction", "color_method",
                                             "tc_method",   "weights",       "color_tie",
                                             NULL};

int gn_sweep_reads(const gn_sweep *s, gnest_backend b) {
  gnest_backend_desc d;
  if (s->count == 0 || gnest_backend_describe(b, &d) != GNEST_OK) return 0;
  for (int k = 0; gn_device_keys[k]; ++k)
    if (strcmp(s->key, gn_device_keys[k]) == 0) return d.built && d.needs_device;
  const size_t len = strlen(s->key);
  for (const char *p = d.options; (p = strstr(p, s->key)) != NULL; p += len) {
    const int starts = p == d.options || p[-1] == ' ';
    if (starts && (p[len] == '\0' || p[len] == ' ')) return 1;
  }
  return 0;
}

const char *gn_sweep_text(const gn_sweep *s, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = '\0';
  for (int k = 0; k < s->count && len < size; ++k) {
    const int w = snprintf(buf + len, size - len, "%s%s%s", k ? "," : s->key, k ? "" : "=",
                           s->values[k]);
    if (w < 0) break;
    len += (size_t)w;
  }
  return buf;
}

const char *gn_sweep_setting(const gn_sweep *s, int k, char *buf, size_t size) {
  snprintf(buf, size, "%s=%s", s->key, s->values[k]);
  return buf;
}

gnest_status gn_sweep_apply(const gn_sweep *s, int k, gnest_options *opts) {
  char word[2 * GN_SWEEP_WORD + 2];
  return gnest_options_parse(opts, gn_sweep_setting(s, k, word, sizeof word));
}
