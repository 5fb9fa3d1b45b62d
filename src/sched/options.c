/* gnest_options: defaults, range checks, the key=value words used by the registry's test
 * configurations and by the tools, and the backends' settings (backends.def, GN_SETTING rows,
 * whose table registry.c holds): their checks, their description (gnest_backend_setting) and
 * their resolution into the gn_opts a call runs with. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "sched/registry.h"

int32_t gn_setting_get(const gn_opts *o, const gn_setting_entry *e) {
  int32_t v;
  memcpy(&v, (const char *)o + e->offset, sizeof v);
  return v;
}

static void gn_setting_set(gn_opts *o, const gn_setting_entry *e, int32_t v) {
  memcpy((char *)o + e->offset, &v, sizeof v);
}

/* The k-th space-separated word of words into buf; 0 when there is none. */
static int gn_nth_word(const char *words, int32_t k, char *buf, size_t size) {
  for (const char *p = words + strspn(words, " ");; --k) {
    const size_t len = strcspn(p, " ");
    if (len == 0) return 0;
    if (k == 0) {
      snprintf(buf, size, "%.*s", (int)len, p);
      return 1;
    }
    p += len;
    p += strspn(p, " ");
  }
}

/* The position of the word of len characters in words, or -1. */
static int32_t gn_word_position(const char *words, const char *word, size_t len) {
  int32_t k = 0;
  for (const char *p = words + strspn(words, " "); *p; ++k) {
    const size_t n = strcspn(p, " ");
    if (n == len && strncmp(p, word, len) == 0) return k;
    p += n;
    p += strspn(p, " ");
  }
  return -1;
}

/* The largest value the setting takes (a WORDS setting: its last word's position). */
int32_t gn_setting_max(const gn_setting_entry *e) {
  if (e->kind != GN_SETTING_WORDS) return e->max;
  char word[64];
  int32_t k = 0;
  while (gn_nth_word(e->words, k + 1, word, sizeof word)) ++k;
  return k;
}

const char *gn_setting_word(const gn_setting_entry *e, int32_t value, char *buf, size_t size) {
  if (e->kind == GN_SETTING_WORDS) {
    if (value < 0 || !gn_nth_word(e->words, value, buf, size)) snprintf(buf, size, "?");
  } else if (e->kind == GN_SETTING_OFF_OR_INT && value == -1) {
    snprintf(buf, size, "off");
  } else {
    snprintf(buf, size, "%d", (int)value);
  }
  return buf;
}

/* Appends printf-style text to buf (size bytes), cutting at its end. */
static void gn_appendf(char *buf, size_t size, const char *fmt, ...) {
  const size_t len = strlen(buf);
  if (len + 1 >= size) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + len, size - len, fmt, ap);
  va_end(ap);
}

const char *gn_setting_values(const gn_setting_entry *e, char *buf, size_t size) {
  buf[0] = '\0';
  const int open = e->max == INT32_MAX;
  switch (e->kind) {
    case GN_SETTING_INT:
      if (open) gn_appendf(buf, size, "an integer >= %d", (int)e->min);
      else gn_appendf(buf, size, "%d..%d", (int)e->min, (int)e->max);
      break;
    case GN_SETTING_POW2:
      gn_appendf(buf, size, "0");
      for (int64_t p = 1; p <= e->max; p *= 2)
        gn_appendf(buf, size, p * 2 > e->max ? " or %d" : ", %d", (int)p);
      break;
    case GN_SETTING_OFF_OR_INT:
      if (open) gn_appendf(buf, size, "off (or -1) or an integer >= 0");
      else gn_appendf(buf, size, "off (or -1) or 0..%d", (int)e->max);
      break;
    case GN_SETTING_WORDS: {
      const int32_t last = gn_setting_max(e);
      char word[64];
      for (int32_t k = 0; k <= last && gn_nth_word(e->words, k, word, sizeof word); ++k)
        gn_appendf(buf, size, k == 0 ? "%s" : k == last ? " or %s" : ", %s", word);
      break;
    }
  }
  return buf;
}

/* Reads text as a decimal int32; 0 when it is not one. */
static int gn_parse_int(const char *text, int32_t *out) {
  if (!*text) return 0;
  char *end = NULL;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (errno || *end || v < INT32_MIN || v > INT32_MAX) return 0;
  *out = (int32_t)v;
  return 1;
}

/* value as the setting's value: 0 when it has none of the setting's forms. */
static int gn_setting_parse_value(const gn_setting_entry *e, const char *value, int32_t *out) {
  if (e->kind == GN_SETTING_WORDS) {
    const int32_t k = gn_word_position(e->words, value, strlen(value));
    if (k < 0) return 0;
    *out = k;
    return 1;
  }
  if (e->kind == GN_SETTING_OFF_OR_INT && strcmp(value, "off") == 0) {
    *out = -1;
    return 1;
  }
  return gn_parse_int(value, out);
}

static int gn_setting_in_range(const gn_setting_entry *e, int32_t v) {
  if (e->kind == GN_SETTING_POW2) return v == 0 || (v > 0 && v <= e->max && (v & (v - 1)) == 0);
  return v >= e->min && v <= gn_setting_max(e);
}

/* Checks value, the VALUE of word KEY=VALUE of setting e, and gives it in *out; else records
 * GNEST_ERR_INVALID_ARGUMENT for fn, its message starting with where. */
static gnest_status gn_setting_check(gnest_ctx *ctx, const char *fn, const char *where,
                                     const gn_setting_entry *e, const char *word,
                                     const char *value, int32_t *out) {
  char values[96];
  int32_t v = 0;
  gn_setting_values(e, values, sizeof values);
  if (!gn_setting_parse_value(e, value, &v))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "%s'%.100s': bad value for %s "
                    "(expected %s)", where, word, e->key, values);
  if (!gn_setting_in_range(e, v))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "%s'%.100s': %s = %d is out of "
                    "range: expected %s (%s)", where, word, e->key, (int)v, values, e->help);
  *out = v;
  return GNEST_OK;
}

/* ---------------------------------------------------------------------------------------------
 * The common fields
 * ------------------------------------------------------------------------------------------- */

void gnest_options_init(gnest_options *opts) {
  if (!opts) return;
  memset(opts, 0, sizeof *opts);
  opts->backend = GNEST_BACKEND_AUTO;
  opts->threshold = 0;
  opts->block_size = 0;
  opts->schedule = GNEST_SCHEDULE_DYNAMIC;
  opts->bfs_direction = GNEST_BFS_AUTO;
  opts->color_method = GNEST_COLOR_AUTO;
  opts->tc_method = GNEST_TC_AUTO;
  opts->tree_method = GNEST_TREE_METHOD_AUTO;
  opts->color_tie = GNEST_COLOR_TIE_HASH;
  opts->weights = GNEST_WEIGHTS_AUTO;
  opts->settings[0] = '\0';
}

void gn_opts_defaults(gn_opts *o) {
  memset(o, 0, sizeof *o);
  o->backend = GNEST_BACKEND_AUTO;
  o->schedule = GNEST_SCHEDULE_DYNAMIC;
  o->bfs_direction = GNEST_BFS_AUTO;
  o->color_method = GNEST_COLOR_AUTO;
  o->tc_method = GNEST_TC_AUTO;
  o->tree_method = GNEST_TREE_METHOD_AUTO;
  o->color_tie = GNEST_COLOR_TIE_HASH;
  o->weights = GNEST_WEIGHTS_AUTO;
#define GN_SETTING(OWNER, KEY, DOMAIN, DEFAULT, HELP) o->KEY = DEFAULT;
#include "sched/backends.def"
#undef GN_SETTING
}

int64_t gn_cta_levels_bound(int32_t cta_levels, int32_t block_size, int32_t lanes) {
  if (cta_levels < 0) return 0;
  /* At most 2^24 items: the stretch's int32 position k + blockDim.x stays far from overflow, and
   * a level that large is never worth one CTA anyway. */
  if (cta_levels > 0) return cta_levels < (1 << 24) ? cta_levels : (1 << 24);
  const int64_t per_round = (int64_t)(block_size > 0 ? block_size : 256) / (lanes > 0 ? lanes : 1);
  return (int64_t)GN_CTA_LEVELS_BLOCKS * (per_round > 0 ? per_round : 1);
}

/* The checks of gnest_options' fields (the settings are checked word by word). */
static gnest_status gn_check_fields(gnest_ctx *ctx, const char *fn, const gnest_options *o) {
  if ((int)o->backend < 0 || (int)o->backend >= (int)GNEST_BACKEND_COUNT)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.backend = %d is not a gnest_backend value (0..%d)", (int)o->backend,
                    (int)GNEST_BACKEND_COUNT - 1);
  if (o->threshold < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.threshold = %d: expected >= 0 (0 = default 32)", (int)o->threshold);
  if ((int)o->schedule != (int)GNEST_SCHEDULE_DYNAMIC &&
      (int)o->schedule != (int)GNEST_SCHEDULE_STATIC)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.schedule = %d is not a gnest_schedule value (0 dynamic, 1 static)",
                    (int)o->schedule);
  int32_t b = o->block_size;
  if (b != 0 && (b < 32 || b > 1024 || b % 32 != 0))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.block_size = %d: expected 0 (default 256) or a multiple of 32 in "
                    "[32, 1024]",
                    (int)b);
  if ((int)o->tree_method < (int)GNEST_TREE_METHOD_AUTO ||
      (int)o->tree_method > (int)GNEST_TREE_METHOD_EULER)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.tree_method = %d is not a gnest_tree_method value (0 auto, 1 levels, "
                    "2 euler)", (int)o->tree_method);
  if ((int)o->bfs_direction < (int)GNEST_BFS_AUTO ||
      (int)o->bfs_direction > (int)GNEST_BFS_OPTIMIZING)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.bfs_direction = %d is not a gnest_bfs_direction value (0 auto, "
                    "1 top-down, 2 optimizing)", (int)o->bfs_direction);
  if ((int)o->color_method < (int)GNEST_COLOR_AUTO || (int)o->color_method > (int)GNEST_COLOR_ASYNC)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.color_method = %d is not a gnest_color_method value (0 auto, "
                    "1 rounds, 2 async)", (int)o->color_method);
  if ((int)o->tc_method < (int)GNEST_TC_AUTO || (int)o->tc_method > (int)GNEST_TC_HASH)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.tc_method = %d is not a gnest_tc_method value (0 auto, 1 search, "
                    "2 hash)", (int)o->tc_method);
  if ((int)o->color_tie < (int)GNEST_COLOR_TIE_HASH || (int)o->color_tie > (int)GNEST_COLOR_TIE_ID)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.color_tie = %d is not a gnest_color_tie value (0 hash, 1 id)",
                    (int)o->color_tie);
  if ((int)o->weights < (int)GNEST_WEIGHTS_AUTO || (int)o->weights > (int)GNEST_WEIGHTS_DOUBLE)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.weights = %d is not a gnest_weights value (0 auto, 1 float, "
                    "2 double)", (int)o->weights);
  if (!memchr(o->settings, '\0', sizeof o->settings))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.settings is not NUL-terminated within its %d bytes (initialise the "
                    "options with gnest_options_init)", GNEST_SETTINGS_SIZE);
  return GNEST_OK;
}

/* The settings' keys, ", "-separated, for messages. */
static const char *gn_setting_keys(char *buf, size_t size) {
  buf[0] = '\0';
  for (int k = 0; k < gn_setting_count(); ++k)
    gn_appendf(buf, size, "%s%s", k ? ", " : "", gn_setting_at(k)->key);
  return buf;
}

/* "backend, threshold, ..., or a backend's setting: cta_levels, ...": the keys of
 * gnest_options_parse, for its messages. */
static const char *gn_option_keys(char *buf, size_t size) {
  char settings[400];
  snprintf(buf, size, "backend, threshold, block_size, schedule, bfs_direction, color_method, "
           "tc_method, tree_method, color_tie, weights, or a backend's setting: %s",
           gn_setting_keys(settings, sizeof settings));
  return buf;
}

/* The granularities' words, from the setting's row. */
const char *gn_granularity_word(gn_granularity g) {
  static _Thread_local char word[16];
  const gn_setting_entry *e = gn_setting_find("granularity", strlen("granularity"));
  if (!e || (int)g < 0 || !gn_nth_word(e->words, (int32_t)g, word, sizeof word)) return "?";
  return word;
}

/* Index of word in names (NULL-terminated), or -1. */
static int gn_word_index(const char *word, const char *const *names) {
  for (int i = 0; names[i]; ++i)
    if (strcmp(word, names[i]) == 0) return i;
  return -1;
}

/* The algorithms' method words, by enum value: what gnest_options_parse reads and what the
 * reason string says. */
static const char *const gn_color_method_words[] = {"auto", "rounds", "async", NULL};
static const char *const gn_tc_method_words[] = {"auto", "search", "hash", NULL};
static const char *const gn_color_tie_words[] = {"hash", "id", NULL};
static const char *const gn_weights_words[] = {"auto", "float", "double", NULL};

const char *gn_color_method_word(gnest_color_method m) {
  if ((int)m < 0 || (int)m > (int)GNEST_COLOR_ASYNC) return "?";
  return gn_color_method_words[m];
}

const char *gn_tc_method_word(gnest_tc_method m) {
  if ((int)m < 0 || (int)m > (int)GNEST_TC_HASH) return "?";
  return gn_tc_method_words[m];
}

const char *gn_weights_word(gnest_weights w) {
  if ((int)w < 0 || (int)w > (int)GNEST_WEIGHTS_DOUBLE) return "?";
  return gn_weights_words[w];
}

/* Applies value to the field named key; 0 when key names no field, else 1 with *ok telling
 * whether value was one of the field's. */
static int gn_apply_field(gnest_options *o, const char *key, const char *value, int *ok) {
  static const char *const scheds[] = {"dynamic", "static", NULL};
  static const char *const tree_methods[] = {"auto", "levels", "euler", NULL};
  static const char *const bfs_directions[] = {"auto", "top-down", "optimizing", NULL};
  int32_t n = 0;
  int idx = -1;
  *ok = 0;
  if (strcmp(key, "backend") == 0) {
    *ok = gnest_backend_from_name(value, &o->backend) == GNEST_OK;
  } else if (strcmp(key, "threshold") == 0) {
    if ((*ok = gn_parse_int(value, &n))) o->threshold = n;
  } else if (strcmp(key, "block_size") == 0) {
    if ((*ok = gn_parse_int(value, &n))) o->block_size = n;
  } else if (strcmp(key, "schedule") == 0) {
    if ((*ok = (idx = gn_word_index(value, scheds)) >= 0)) o->schedule = (gnest_schedule)idx;
  } else if (strcmp(key, "tree_method") == 0) {
    if ((*ok = (idx = gn_word_index(value, tree_methods)) >= 0))
      o->tree_method = (gnest_tree_method)idx;
  } else if (strcmp(key, "bfs_direction") == 0) {
    if ((*ok = (idx = gn_word_index(value, bfs_directions)) >= 0))
      o->bfs_direction = (gnest_bfs_direction)idx;
  } else if (strcmp(key, "color_method") == 0) {
    if ((*ok = (idx = gn_word_index(value, gn_color_method_words)) >= 0))
      o->color_method = (gnest_color_method)idx;
  } else if (strcmp(key, "tc_method") == 0) {
    if ((*ok = (idx = gn_word_index(value, gn_tc_method_words)) >= 0))
      o->tc_method = (gnest_tc_method)idx;
  } else if (strcmp(key, "color_tie") == 0) {
    if ((*ok = (idx = gn_word_index(value, gn_color_tie_words)) >= 0))
      o->color_tie = (gnest_color_tie)idx;
  } else if (strcmp(key, "weights") == 0) {
    if ((*ok = (idx = gn_word_index(value, gn_weights_words)) >= 0))
      o->weights = (gnest_weights)idx;
  } else {
    return 0;
  }
  return 1;
}

/* Appends the n characters of w to the words in buf, a space between; 0 when they do not fit. */
static int gn_words_add(char *buf, size_t size, const char *w, size_t n) {
  const size_t len = strlen(buf);
  if (len + (len > 0) + n + 1 > size) return 0;
  snprintf(buf + len, size - len, "%s%.*s", len ? " " : "", (int)n, w);
  return 1;
}

/* Puts word (KEY=VALUE, the key klen characters) into settings in place of the earlier word of
 * that key (later ones of it are dropped), else at the end. 0 when the result does not fit. */
static int gn_settings_put(char *settings, size_t size, const char *word, size_t klen) {
  char out[GNEST_SETTINGS_SIZE] = "";
  int put = 0;
  for (const char *p = settings + strspn(settings, " \t"); *p; p += strspn(p, " \t")) {
    const size_t n = strcspn(p, " \t");
    const int same = n > klen && p[klen] == '=' && strncmp(p, word, klen + 1) == 0;
    if (!same && !gn_words_add(out, sizeof out, p, n)) return 0;
    if (same && !put && !gn_words_add(out, sizeof out, word, strlen(word))) return 0;
    put |= same;
    p += n;
  }
  if (!put && !gn_words_add(out, sizeof out, word, strlen(word))) return 0;
  const size_t len = strlen(out);
  if (len >= size) return 0;
  memcpy(settings, out, len + 1);
  return 1;
}

/* Applies one key=value word to o. */
static gnest_status gn_apply_word(gnest_options *o, const char *word) {
  const char *fn = "gnest_options_parse";
  char keys[512];
  if (strcmp(word, "default") == 0) return GNEST_OK;
  const char *eq = strchr(word, '=');
  if (!eq || eq == word)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "'%.100s': expected key=value (%s) or 'default'", word,
                    gn_option_keys(keys, sizeof keys));
  char key[32];
  size_t klen = (size_t)(eq - word);
  if (klen >= sizeof key) klen = sizeof key - 1;
  memcpy(key, word, klen);
  key[klen] = '\0';
  const char *value = eq + 1;
  int ok = 0;
  if (gn_apply_field(o, key, value, &ok)) {
    if (!ok)
      return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "'%.100s': bad value for %s",
                      word, key);
    if (gn_check_fields(NULL, fn, o) != GNEST_OK)
      return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "'%s': %s", word,
                      gnest_last_error(NULL)->message);
    return GNEST_OK;
  }
  const gn_setting_entry *e = gn_setting_find(word, (size_t)(eq - word));
  if (!e)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "'%.100s': unknown option '%s' (expected one of: %s)", word, key,
                    gn_option_keys(keys, sizeof keys));
  int32_t v = 0;
  gnest_status st = gn_setting_check(NULL, fn, "", e, word, value, &v);
  if (st != GNEST_OK) return st;
  char canonical[64], text[96];
  snprintf(canonical, sizeof canonical, "%s=%s", e->key,
           gn_setting_word(e, v, text, sizeof text));
  if (!gn_settings_put(o->settings, sizeof o->settings, canonical, strlen(e->key)))
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "'%.100s': the settings would not "
                    "fit their %d bytes (\"%s\")", word, GNEST_SETTINGS_SIZE, o->settings);
  return GNEST_OK;
}

gnest_status gnest_options_parse(gnest_options *opts, const char *text) {
  const char *fn = "gnest_options_parse";
  if (!opts) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "opts is NULL");
  if (!text) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "text is NULL");
  if (!memchr(opts->settings, '\0', sizeof opts->settings))
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "opts->settings is not "
                    "NUL-terminated (initialise opts with gnest_options_init)");
  gnest_options o = *opts;
  const char *p = text;
  for (;;) {
    while (*p == ' ' || *p == '\t') ++p;
    if (!*p) break;
    size_t len = strcspn(p, " \t");
    char word[128];
    if (len >= sizeof word)
      return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "'%.40s...': word too long", p);
    memcpy(word, p, len);
    word[len] = '\0';
    gnest_status st = gn_apply_word(&o, word);
    if (st != GNEST_OK) return st;
    p += len;
  }
  *opts = o;
  return GNEST_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Resolution at the API entry
 * ------------------------------------------------------------------------------------------- */

/* Applies the settings words of text to o; a bad word is recorded for fn. */
static gnest_status gn_apply_settings(gnest_ctx *ctx, const char *fn, const char *text,
                                      gn_opts *o) {
  const char *where = "options.settings: ";
  for (const char *p = text + strspn(text, " \t"); *p; p += strspn(p, " \t")) {
    const size_t len = strcspn(p, " \t");
    char word[GNEST_SETTINGS_SIZE];
    snprintf(word, sizeof word, "%.*s", (int)len, p);
    p += len;
    if (strcmp(word, "default") == 0) continue;
    const char *eq = strchr(word, '=');
    const gn_setting_entry *e = eq ? gn_setting_find(word, (size_t)(eq - word)) : NULL;
    if (!e) {
      char keys[512];
      return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "%s'%.100s': %s (expected "
                      "key=value, the key one of: %s)", where, word,
                      eq ? "unknown setting" : "not a key=value word",
                      gn_setting_keys(keys, sizeof keys));
    }
    int32_t v = 0;
    const gnest_status st = gn_setting_check(ctx, fn, where, e, word, eq + 1, &v);
    if (st != GNEST_OK) return st;
    gn_setting_set(o, e, v);
  }
  return GNEST_OK;
}

gnest_status gn_opts_resolve(gnest_ctx *ctx, const char *fn, const gnest_options *in,
                             gn_opts *out) {
  gnest_status st = gn_check_fields(ctx, fn, in);
  if (st != GNEST_OK) return st;
  gn_opts o;
  gn_opts_defaults(&o);
  o.backend = in->backend;
  o.threshold = in->threshold;
  o.block_size = in->block_size;
  o.schedule = in->schedule;
  o.bfs_direction = in->bfs_direction;
  o.color_method = in->color_method;
  o.tc_method = in->tc_method;
  o.tree_method = in->tree_method;
  o.color_tie = in->color_tie;
  o.weights = in->weights;
  st = gn_apply_settings(ctx, fn, in->settings, &o);
  if (st != GNEST_OK) return st;
  *out = o;
  return GNEST_OK;
}

gnest_status gnest_backend_setting(gnest_backend b, int k, gnest_setting_desc *out) {
  const char *fn = "gnest_backend_setting";
  const gn_backend_entry *e = gn_backend_entry_checked(b, fn);
  if (!e) return GNEST_ERR_INVALID_ARGUMENT;
  if (!out) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "out is NULL");
  const gn_setting_entry *s = gn_setting_of(b, k);
  if (!s) {
    int count = 0;
    while (gn_setting_of(b, count)) ++count;
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "backend '%s' reads %d settings; %d is not one of them", e->name, count, k);
  }
  gnest_setting_desc d;
  memset(&d, 0, sizeof d);
  d.key = s->key;
  d.type = s->kind == GN_SETTING_WORDS ? "words" : "int";
  d.min = s->kind == GN_SETTING_WORDS ? 0 : s->min;
  d.max = gn_setting_max(s);
  d.words = s->words;
  gn_setting_values(s, d.values, sizeof d.values);
  gn_setting_word(s, s->def, d.default_value, sizeof d.default_value);
  d.help = s->help;
  *out = d;
  return GNEST_OK;
}
