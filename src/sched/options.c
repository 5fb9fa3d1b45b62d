/* gnest_options: defaults, range checks, and the key=value form used by the registry's test
 * configurations and by the tools. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "sched/registry.h"

void gnest_options_init(gnest_options *opts) {
  if (!opts) return;
  opts->backend = GNEST_BACKEND_AUTO;
  opts->threshold = 0;
  opts->coarsening = 0;
  opts->granularity = GNEST_GRAN_DEFAULT;
  opts->schedule = GNEST_SCHEDULE_DYNAMIC;
  opts->wboost = 0;
  opts->block_size = 0;
  opts->kc = 0;
  opts->launch_limit = 0;
  opts->freelaunch_mode = GNEST_FL_AUTO;
  opts->group_size = 0;
  opts->agg_threshold = 0;
  opts->tree_method = GNEST_TREE_METHOD_AUTO;
  opts->host_threads = 0;
  opts->host_share = 0;
  opts->cta_levels = 0;
  opts->bfs_direction = GNEST_BFS_AUTO;
  opts->color_method = GNEST_COLOR_AUTO;
  opts->tc_method = GNEST_TC_AUTO;
  opts->lanes = 0;
}

int64_t gn_cta_levels_bound(int32_t cta_levels, int32_t block_size, int32_t lanes) {
  if (cta_levels < 0) return 0;
  /* At most 2^24 items: the stretch's int32 position k + blockDim.x stays far from overflow, and
   * a level that large is never worth one CTA anyway. */
  if (cta_levels > 0) return cta_levels < (1 << 24) ? cta_levels : (1 << 24);
  const int64_t per_round = (int64_t)(block_size > 0 ? block_size : 256) / (lanes > 0 ? lanes : 1);
  return (int64_t)GN_CTA_LEVELS_BLOCKS * (per_round > 0 ? per_round : 1);
}

gnest_status gn_check_options(gnest_ctx *ctx, const char *fn, const gnest_options *o) {
  if ((int)o->backend < 0 || (int)o->backend >= (int)GNEST_BACKEND_COUNT)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.backend = %d is not a gnest_backend value (0..%d)", (int)o->backend,
                    (int)GNEST_BACKEND_COUNT - 1);
  if (o->threshold < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.threshold = %d: expected >= 0 (0 = default 32)", (int)o->threshold);
  if (o->coarsening < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.coarsening = %d: expected >= 0 (0 = default)", (int)o->coarsening);
  if ((int)o->granularity < (int)GNEST_GRAN_DEFAULT || (int)o->granularity > (int)GNEST_GRAN_NONE)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.granularity = %d is not a gnest_granularity value (0..%d)",
                    (int)o->granularity, (int)GNEST_GRAN_NONE);
  if ((int)o->schedule != (int)GNEST_SCHEDULE_DYNAMIC &&
      (int)o->schedule != (int)GNEST_SCHEDULE_STATIC)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.schedule = %d is not a gnest_schedule value (0 dynamic, 1 static)",
                    (int)o->schedule);
  if (o->wboost != 0 && o->wboost != 1)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.wboost = %d: expected 0 or 1", o->wboost);
  int32_t b = o->block_size;
  if (b != 0 && (b < 32 || b > 1024 || b % 32 != 0))
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.block_size = %d: expected 0 (default 256) or a multiple of 32 in "
                    "[32, 1024]",
                    (int)b);
  if (o->kc < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.kc = %d: expected >= 0 (0 = the backend's default)", (int)o->kc);
  if (o->launch_limit < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.launch_limit = %d: expected >= 0 (0 = computed from the input)",
                    (int)o->launch_limit);
  if ((int)o->freelaunch_mode < (int)GNEST_FL_AUTO || (int)o->freelaunch_mode > (int)GNEST_FL_T4)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.freelaunch_mode = %d is not a gnest_freelaunch_mode value (0 auto, "
                    "1..4 = t1..t4)",
                    (int)o->freelaunch_mode);
  if (o->group_size < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.group_size = %d: expected >= 0 (0 = the agg defaults rule)",
                    (int)o->group_size);
  if (o->agg_threshold < 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.agg_threshold = %d: expected >= 0 (0 = default 2)",
                    (int)o->agg_threshold);
  if ((int)o->tree_method < (int)GNEST_TREE_METHOD_AUTO ||
      (int)o->tree_method > (int)GNEST_TREE_METHOD_EULER)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.tree_method = %d is not a gnest_tree_method value (0 auto, 1 levels, "
                    "2 euler)", (int)o->tree_method);
  if (o->host_threads < 0 || o->host_threads > GN_HOST_THREADS_MAX)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.host_threads = %d: expected 0 (the online CPUs) to %d",
                    (int)o->host_threads, GN_HOST_THREADS_MAX);
  if (o->host_share < 0 || o->host_share > 100)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.host_share = %d: expected a percent 1..100 (0 = default %d)",
                    (int)o->host_share, GN_HOST_SHARE_DEFAULT);
  if (o->cta_levels < -1)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.cta_levels = %d: expected -1 (off), 0 (default: block_size / lanes) "
                    "or a number of items", (int)o->cta_levels);
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
  if (o->lanes < 0 || o->lanes > 32 || (o->lanes & (o->lanes - 1)) != 0)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "options.lanes = %d: expected 0 (default) or 1, 2, 4, 8, 16, 32",
                    (int)o->lanes);
  return GNEST_OK;
}

/* The keys gnest_options_parse knows, for its messages. */
static const char gn_option_keys[] =
    "backend, threshold, coarsening, granularity, schedule, wboost, block_size, kc, launch_limit, "
    "freelaunch_mode, group_size, agg_threshold, tree_method, host_threads, host_share, "
    "cta_levels, bfs_direction, color_method, tc_method, lanes";

/* Index of word in names (NULL-terminated), or -1. */
static int gn_word_index(const char *word, const char *const *names) {
  for (int i = 0; names[i]; ++i)
    if (strcmp(word, names[i]) == 0) return i;
  return -1;
}

static int gn_parse_int(const char *text, int32_t *out) {
  if (!*text) return 0;
  char *end = NULL;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (errno || *end || v < INT32_MIN || v > INT32_MAX) return 0;
  *out = (int32_t)v;
  return 1;
}

/* The granularities' words, in gnest_granularity order. */
static const char *const gn_granularity_words[] = {"default", "warp", "block", "multi-block",
                                                   "grid", "none", NULL};

const char *gn_granularity_word(gnest_granularity g) {
  if ((int)g < 0 || (int)g > (int)GNEST_GRAN_NONE) return "?";
  return gn_granularity_words[g];
}

/* The algorithms' method words, by enum value: what gnest_options_parse reads and what the
 * reason string says. */
static const char *const gn_color_method_words[] = {"auto", "rounds", "async", NULL};
static const char *const gn_tc_method_words[] = {"auto", "search", "hash", NULL};

const char *gn_color_method_word(gnest_color_method m) {
  if ((int)m < 0 || (int)m > (int)GNEST_COLOR_ASYNC) return "?";
  return gn_color_method_words[m];
}

const char *gn_tc_method_word(gnest_tc_method m) {
  if ((int)m < 0 || (int)m > (int)GNEST_TC_HASH) return "?";
  return gn_tc_method_words[m];
}

/* Applies one key=value word to o. */
static gnest_status gn_apply_word(gnest_options *o, const char *word) {
  static const char *const scheds[] = {"dynamic", "static", NULL};
  static const char *const fl_modes[] = {"auto", "t1", "t2", "t3", "t4", NULL};
  static const char *const tree_methods[] = {"auto", "levels", "euler", NULL};
  static const char *const bfs_directions[] = {"auto", "top-down", "optimizing", NULL};
  const char *fn = "gnest_options_parse";
  if (strcmp(word, "default") == 0) return GNEST_OK;
  const char *eq = strchr(word, '=');
  if (!eq || eq == word)
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "'%.100s': expected key=value (%s) or 'default'", word, gn_option_keys);
  char key[32];
  size_t klen = (size_t)(eq - word);
  if (klen >= sizeof key) klen = sizeof key - 1;
  memcpy(key, word, klen);
  key[klen] = '\0';
  const char *value = eq + 1;
  int32_t n = 0;
  int idx = -1;
  if (strcmp(key, "backend") == 0) {
    if (gnest_backend_from_name(value, &o->backend) == GNEST_OK) return GNEST_OK;
  } else if (strcmp(key, "threshold") == 0) {
    if (gn_parse_int(value, &n)) { o->threshold = n; return GNEST_OK; }
  } else if (strcmp(key, "coarsening") == 0) {
    if (gn_parse_int(value, &n)) { o->coarsening = n; return GNEST_OK; }
  } else if (strcmp(key, "block_size") == 0) {
    if (gn_parse_int(value, &n)) { o->block_size = n; return GNEST_OK; }
  } else if (strcmp(key, "kc") == 0) {
    if (gn_parse_int(value, &n)) { o->kc = n; return GNEST_OK; }
  } else if (strcmp(key, "launch_limit") == 0) {
    if (gn_parse_int(value, &n)) { o->launch_limit = n; return GNEST_OK; }
  } else if (strcmp(key, "group_size") == 0) {
    if (gn_parse_int(value, &n)) { o->group_size = n; return GNEST_OK; }
  } else if (strcmp(key, "agg_threshold") == 0) {
    if (gn_parse_int(value, &n)) { o->agg_threshold = n; return GNEST_OK; }
  } else if (strcmp(key, "host_threads") == 0) {
    if (gn_parse_int(value, &n)) { o->host_threads = n; return GNEST_OK; }
  } else if (strcmp(key, "host_share") == 0) {
    if (gn_parse_int(value, &n)) { o->host_share = n; return GNEST_OK; }
  } else if (strcmp(key, "cta_levels") == 0) {
    if (strcmp(value, "off") == 0) { o->cta_levels = -1; return GNEST_OK; }
    if (gn_parse_int(value, &n)) { o->cta_levels = n; return GNEST_OK; }
  } else if (strcmp(key, "lanes") == 0) {
    if (gn_parse_int(value, &n)) { o->lanes = n; return GNEST_OK; }
  } else if (strcmp(key, "wboost") == 0) {
    if (gn_parse_int(value, &n)) { o->wboost = n; return GNEST_OK; }
  } else if (strcmp(key, "granularity") == 0) {
    if ((idx = gn_word_index(value, gn_granularity_words)) >= 0) {
      o->granularity = (gnest_granularity)idx;
      return GNEST_OK;
    }
  } else if (strcmp(key, "schedule") == 0) {
    if ((idx = gn_word_index(value, scheds)) >= 0) {
      o->schedule = (gnest_schedule)idx;
      return GNEST_OK;
    }
  } else if (strcmp(key, "freelaunch_mode") == 0) {
    if ((idx = gn_word_index(value, fl_modes)) >= 0) {
      o->freelaunch_mode = (gnest_freelaunch_mode)idx;
      return GNEST_OK;
    }
  } else if (strcmp(key, "tree_method") == 0) {
    if ((idx = gn_word_index(value, tree_methods)) >= 0) {
      o->tree_method = (gnest_tree_method)idx;
      return GNEST_OK;
    }
  } else if (strcmp(key, "bfs_direction") == 0) {
    if ((idx = gn_word_index(value, bfs_directions)) >= 0) {
      o->bfs_direction = (gnest_bfs_direction)idx;
      return GNEST_OK;
    }
  } else if (strcmp(key, "color_method") == 0) {
    if ((idx = gn_word_index(value, gn_color_method_words)) >= 0) {
      o->color_method = (gnest_color_method)idx;
      return GNEST_OK;
    }
  } else if (strcmp(key, "tc_method") == 0) {
    if ((idx = gn_word_index(value, gn_tc_method_words)) >= 0) {
      o->tc_method = (gnest_tc_method)idx;
      return GNEST_OK;
    }
  } else {
    return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0,
                    "'%.100s': unknown option '%s' (expected one of: %s)", word, key,
                    gn_option_keys);
  }
  return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "'%.100s': bad value for %s", word,
                  key);
}

gnest_status gnest_options_parse(gnest_options *opts, const char *text) {
  const char *fn = "gnest_options_parse";
  if (!opts) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "opts is NULL");
  if (!text) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, fn, 0, "text is NULL");
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
    if (st == GNEST_OK && (st = gn_check_options(NULL, fn, &o)) != GNEST_OK)
      return gn_error(NULL, st, fn, 0, "'%s': %s", word, gnest_last_error(NULL)->message);
    if (st != GNEST_OK) return st;
    p += len;
  }
  *opts = o;
  return GNEST_OK;
}
