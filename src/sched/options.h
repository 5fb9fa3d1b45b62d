/* The options a call runs with, resolved once at the API entry: gnest_options' common fields plus
 * one field per backend setting of backends.def (GN_SETTING rows), parsed from the settings words
 * and checked. The engine and the backends read these, never the settings text. */
#ifndef GNEST_SCHED_OPTIONS_H
#define GNEST_SCHED_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "gnest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The setting granularity's values, in the order of its words in backends.def. */
typedef enum gn_granularity {
  GN_GRAN_DEFAULT = 0, GN_GRAN_WARP, GN_GRAN_BLOCK, GN_GRAN_MULTI_BLOCK, GN_GRAN_GRID,
  GN_GRAN_NONE /* agg: no aggregation, every child grid launched by its parent thread */
} gn_granularity;

/* Free Launch's assignment of child work to threads (Chen & Shen, MICRO 2015): the setting
 * freelaunch_mode's values, in the order of its words. AUTO applies the paper's rule to the input
 * (gnest_info.reason says which and why). */
typedef enum gn_freelaunch_mode {
  GN_FL_AUTO = 0,
  GN_FL_T1, /* a heavy item's inner loop split into subtasks of block_size iterations, each taken
               by any CTA from a grid-wide queue */
  GN_FL_T2, /* a heavy item's whole inner loop (a "child kernel") taken by any CTA */
  GN_FL_T3, /* a heavy item's inner loop run by the parent's own CTA after its parent work */
  GN_FL_T4  /* a heavy item's inner loop run by the parent thread itself, serially */
} gn_freelaunch_mode;

typedef struct gn_opts {
  gnest_backend backend;
  int32_t threshold;
  int32_t block_size;
  gnest_schedule schedule;
  gnest_bfs_direction bfs_direction;
  gnest_color_method color_method;
  gnest_tc_method tc_method;
  gnest_tree_method tree_method;
  gnest_color_tie color_tie;
  gnest_weights weights;
  /* One int32_t per setting (a WORDS setting holds its word's position). */
#define GN_SETTING(OWNER, KEY, DOMAIN, DEFAULT, HELP) int32_t KEY;
#include "sched/backends.def"
#undef GN_SETTING
} gn_opts;

/* How a setting's value is written (backends.def, DOMAIN). */
typedef enum gn_setting_kind {
  GN_SETTING_INT,        /* INT(MIN, MAX): an integer within MIN..MAX */
  GN_SETTING_POW2,       /* POW2(MAX): 0 or a power of two up to MAX */
  GN_SETTING_OFF_OR_INT, /* OFF_OR_INT(MAX): off (stored as -1) or an integer within -1..MAX */
  GN_SETTING_WORDS       /* WORDS("w0 w1 ..."): one of the words, stored as its position */
} gn_setting_kind;

/* One GN_SETTING row as data. */
typedef struct gn_setting_entry {
  const char *key;
  gnest_backend owner; /* the backend row it follows (its first reader) */
  gn_setting_kind kind;
  int32_t min, max;    /* the range (POW2: the powers of two within it); WORDS: unused */
  const char *words;   /* WORDS: its words, space separated; else "" */
  int32_t def;         /* the default value (WORDS: its position) */
  const char *help;
  size_t offset;       /* of its field in gn_opts */
} gn_setting_entry;

/* The rows in declaration order (registry.c); k outside [0, gn_setting_count()) gives NULL. */
int gn_setting_count(void);
const gn_setting_entry *gn_setting_at(int k);
/* The row of key (len characters), or NULL. */
const gn_setting_entry *gn_setting_find(const char *key, size_t len);
/* The k-th setting (registry order) that backend b reads, or NULL. */
const gn_setting_entry *gn_setting_of(gnest_backend b, int k);
/* The largest value the setting takes (WORDS: its last word's position). */
int32_t gn_setting_max(const gn_setting_entry *e);
/* The setting's value in o. */
int32_t gn_setting_get(const gn_opts *o, const gn_setting_entry *e);
/* value written as the setting's canonical word ("off", "warp", "12") into buf. */
const char *gn_setting_word(const gn_setting_entry *e, int32_t value, char *buf, size_t size);
/* What the setting takes, for people ("an integer >= 0", "0, 1, 2, 4, 8, 16 or 32", ...). */
const char *gn_setting_values(const gn_setting_entry *e, char *buf, size_t size);

/* Every field at gnest_options_init's value and every setting at its default. */
void gn_opts_defaults(gn_opts *o);
/* o resolved for a call of fn: its fields checked, its settings words parsed and checked. On a
 * bad field or word records GNEST_ERR_INVALID_ARGUMENT in ctx (naming it) and returns it. */
gnest_status gn_opts_resolve(gnest_ctx *ctx, const char *fn, const gnest_options *o, gn_opts *out);

#ifdef __cplusplus
}
#endif
#endif
