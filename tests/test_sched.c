/* src/sched without a device: the backend registry (names, descriptions, availability,
 * applicability, test configurations), options and gnest_options_parse, the call frame and the
 * selector. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/backend_matrix.h"
#include "common/fixtures.h"
#include "gnest.h"
#include "algos/registry.h"
#include "core/internal.h"
#include "sched/registry.h"
#include "sched/run.h"
#include "algos/tree_euler.h"

/* An algorithm's registry traits, as its driver hands them to the call frame. */
#define ROW(a) gn_algo_traits_of(a)

/* A context that claims a device, for selector / availability decisions only (never used for
 * device work). */
static gnest_ctx fake_device_ctx(void) {
  gnest_ctx c;
  memset(&c, 0, sizeof c);
  c.has_device = 1;
  c.device = 0;
  strcpy(c.device_name, "fake device");
  return c;
}

/* ---------------------------------------------------------------------------------------------
 * The backend registry (src/sched/backends.def): every test here walks the registry, so a backend
 * added there is checked without editing this file
 * ------------------------------------------------------------------------------------------- */

static const gn_backend_entry *entry_of(int b) {
  const gn_backend_entry *e = gn_backend_entry_of((gnest_backend)b);
  cr_assert_not_null(e, "backends.def: no entry in place for gnest_backend %d (out of enum order?)",
                     b);
  return e;
}

/* Built: every entry but the planned ones (the selector is built; it runs nothing itself). */
static int where_built(gn_where w) { return w != GN_WHERE_PLANNED; }

static int where_device(gn_where w) {
  return w == GN_WHERE_DEVICE || w == GN_WHERE_DEVICE_LAUNCH || w == GN_WHERE_HYBRID;
}

static void assert_ends_with(const char *text, const char *tail) {
  size_t len = strlen(text), tlen = strlen(tail);
  cr_assert(len >= tlen && strcmp(text + len - tlen, tail) == 0,
            "expected \"%s\" to end with \"%s\"", text, tail);
}

/* 1 when the space-separated list holds the word of len characters. */
static int has_word(const char *list, const char *word, size_t len) {
  for (const char *p = list; *p;) {
    p += strspn(p, " ");
    size_t n = strcspn(p, " ");
    if (n == len && strncmp(p, word, len) == 0) return 1;
    p += n;
  }
  return 0;
}

Test(sched_registry, one_entry_per_backend_in_enum_order_with_unique_names) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    cr_assert_eq(e->id, b);
    cr_assert(e->name && e->name[0], "backend %d has no name", b);
    cr_assert_eq(strcspn(e->name, " \t=;"), strlen(e->name), "name '%s' cannot be a word of "
                 "gnest_options_parse", e->name);
    cr_assert(e->summary && e->summary[0], "%s has no summary", e->name);
    cr_assert(e->options && e->configs && e->why_not, "%s: a NULL text", e->name);
    for (int c = 0; c < b; ++c)
      cr_assert_str_neq(e->name, entry_of(c)->name, "backends %d and %d share a name", c, b);
  }
  cr_assert_null(gn_backend_entry_of(GNEST_BACKEND_COUNT));
  cr_assert_null(gn_backend_entry_of((gnest_backend)-1));
}

Test(sched_registry, describe_follows_the_registry) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    gnest_backend_desc d;
    memset(&d, 0x5a, sizeof d);
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK, "%s", e->name);
    cr_assert_eq(d.backend, b);
    cr_assert_str_eq(d.name, e->name);
    cr_assert_str_eq(d.name, gnest_backend_name((gnest_backend)b));
    cr_assert_str_eq(d.summary, e->summary);
    cr_assert_str_eq(d.options, e->options);
    cr_assert_geq(d.num_settings, 0);
    cr_assert_eq(d.built, where_built(e->where), "%s: built %d", e->name, d.built);
    cr_assert_eq(d.needs_device, where_device(e->where), "%s: needs_device %d", e->name,
                 d.needs_device);
    cr_assert_eq(d.device_launches, e->where == GN_WHERE_DEVICE_LAUNCH, "%s: device_launches %d",
                 e->name, d.device_launches);
    if (!d.built || e->where == GN_WHERE_SELECTOR)
      cr_assert_eq(d.num_configs, 0, "%s runs nothing itself but has configurations", d.name);
    else /* else the GPU test matrix would never run it */
      cr_assert_gt(d.num_configs, 0, "built backend %s has no test configuration", d.name);
  }
  gnest_backend_desc d, before;
  memset(&d, 0x5a, sizeof d);
  before = d;
  const int bad[] = {GNEST_BACKEND_COUNT, -1, 1000};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    cr_assert_eq(gnest_backend_describe((gnest_backend)bad[i], &d), GNEST_ERR_INVALID_ARGUMENT,
                 "%d", bad[i]);
    cr_assert_eq(memcmp(&d, &before, sizeof d), 0, "describe(%d) wrote its output", bad[i]);
    char text[64];
    snprintf(text, sizeof text, "%d is not a gnest_backend value", bad[i]);
    assert_contains(gnest_last_error(NULL)->message, text);
  }
  cr_assert_eq(gnest_backend_describe(GNEST_BACKEND_CPU, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "out is NULL");
}

/* Every configuration of every built backend loads, names only options the backend reads, differs
 * from the others, and reads back from its label; k outside [0, num_configs) is refused. */
Test(sched_registry, every_configuration_loads) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d;
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK);
    gnest_options seen[64];
    cr_assert_leq(d.num_configs, 64, "%s: more configurations than this test holds", d.name);
    for (int k = 0; k < d.num_configs; ++k) {
      gnest_options o;
      char label[256];
      memset(&o, 0x5a, sizeof o);
      memset(label, 'x', sizeof label);
      gnest_status st = gnest_backend_config((gnest_backend)b, k, &o, label, sizeof label);
      cr_assert_eq(st, GNEST_OK, "%s configuration %d: %s", d.name, k,
                   gnest_last_error_string(NULL));
      cr_assert_eq(o.backend, b, "%s [%s]: backend %d", d.name, label, (int)o.backend);
      cr_assert_neq(label[0], '\0', "%s configuration %d: empty label", d.name, k);
      gnest_options back;
      gnest_options_init(&back);
      cr_assert_eq(gnest_options_parse(&back, label), GNEST_OK, "%s [%s]", d.name, label);
      back.backend = (gnest_backend)b;
      cr_assert(bm_options_equal(&back, &o), "%s [%s]: the label does not give its options",
                d.name, label);
      for (const char *p = label; *p;) { /* every key is an option the backend reads */
        p += strspn(p, " ");
        size_t n = strcspn(p, " "), key = strcspn(p, "=");
        if (key < n) /* a key=value word ("default" has none) */
          cr_assert(has_word(d.options, p, key), "%s [%s]: sets '%.*s', which %s does not read "
                    "(reads: %s)", d.name, label, (int)key, p, d.name, d.options);
        p += n;
      }
      for (int j = 0; j < k; ++j)
        cr_assert(!bm_options_equal(&seen[j], &o), "%s: configurations %d and %d are the same "
                  "options", d.name, j, k);
      seen[k] = o;
      cr_assert_eq(gnest_backend_config((gnest_backend)b, k, &o, NULL, 0), GNEST_OK,
                   "%s configuration %d without a label", d.name, k);
      char tiny[4];
      cr_assert_eq(gnest_backend_config((gnest_backend)b, k, &o, tiny, sizeof tiny), GNEST_OK);
      cr_assert_lt(strlen(tiny), sizeof tiny, "%s: label not cut to its buffer", d.name);
    }
    /* Past the end, and before the start: refused, opts unchanged. */
    const int outside[] = {d.num_configs, -1};
    for (size_t i = 0; i < 2; ++i) {
      gnest_options o, before;
      memset(&o, 0x5a, sizeof o);
      before = o;
      cr_assert_eq(gnest_backend_config((gnest_backend)b, outside[i], &o, NULL, 0),
                   GNEST_ERR_INVALID_ARGUMENT, "%s configuration %d", d.name, outside[i]);
      cr_assert_eq(memcmp(&o, &before, sizeof o), 0, "%s: opts written on failure", d.name);
      char text[96];
      snprintf(text, sizeof text, "has %d test configurations; %d is not one of them",
               d.num_configs, outside[i]);
      assert_contains(gnest_last_error(NULL)->message, text);
    }
  }
  gnest_options o;
  cr_assert_eq(gnest_backend_config(GNEST_BACKEND_COUNT, 0, &o, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_config(GNEST_BACKEND_CPU, 0, NULL, NULL, 0),
               GNEST_ERR_INVALID_ARGUMENT);
}

/* The keys of gnest_options' own fields (the rest of a backend's OPTIONS are settings). */
static const char *const field_keys[] = {"backend", "threshold", "block_size", "schedule",
                                         "bfs_direction", "color_method", "tc_method",
                                         "tree_method", NULL};

static int is_field_key(const char *key, size_t len) {
  for (int i = 0; field_keys[i]; ++i)
    if (strlen(field_keys[i]) == len && strncmp(field_keys[i], key, len) == 0) return 1;
  return 0;
}

/* Each GN_SETTING row: one key, no field's name, help, a default among its values, and read by
 * the backend it is declared with. */
Test(sched_registry, settings_declared_once_with_their_owner) {
  cr_assert_gt(gn_setting_count(), 0);
  cr_assert_null(gn_setting_at(gn_setting_count()));
  cr_assert_null(gn_setting_at(-1));
  for (int k = 0; k < gn_setting_count(); ++k) {
    const gn_setting_entry *e = gn_setting_at(k);
    cr_assert(e->key && e->key[0] && e->help && e->help[0] && e->words, "setting %d", k);
    cr_assert_eq(strcspn(e->key, " \t=;"), strlen(e->key), "key '%s'", e->key);
    cr_assert(!is_field_key(e->key, strlen(e->key)), "%s is a gnest_options field", e->key);
    cr_assert_eq(gn_setting_find(e->key, strlen(e->key)), e, "%s declared twice", e->key);
    cr_assert(gn_backend_reads(e->owner, e->key), "%s is declared with %s, which does not read it",
              e->key, gnest_backend_name(e->owner));
    cr_assert_eq(e->kind == GN_SETTING_WORDS, e->words[0] != '\0', "%s: words", e->key);
    cr_assert_leq(e->min, gn_setting_max(e), "%s: empty range", e->key);
    /* the default's word parses back to the default */
    char word[64], text[128];
    snprintf(text, sizeof text, "%s=%s", e->key, gn_setting_word(e, e->def, word, sizeof word));
    gnest_options o;
    gnest_options_init(&o);
    cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
                 gnest_last_error_string(NULL));
    gn_opts r;
    cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
    cr_assert_eq(gn_setting_get(&r, e), e->def, "%s", text);
  }
  cr_assert_null(gn_setting_find("threshold", 9));
  cr_assert_null(gn_setting_find("lane", 4));
}

/* Every word of a backend's OPTIONS is a gnest_options field or a declared setting. */
Test(sched_registry, options_name_fields_or_settings) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    for (const char *p = e->options + strspn(e->options, " "); *p; p += strspn(p, " ")) {
      const size_t n = strcspn(p, " ");
      cr_assert(is_field_key(p, n) || gn_setting_find(p, n), "%s reads '%.*s', which is neither "
                "a gnest_options field nor a GN_SETTING of backends.def", e->name, (int)n, p);
      p += n;
    }
  }
}

/* gnest_backend_setting: the settings in the backend's OPTIONS, in declaration order, as the
 * rows say. */
Test(sched_registry, settings_describe_follows_the_registry) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d;
    cr_assert_eq(gnest_backend_describe((gnest_backend)b, &d), GNEST_OK);
    int k = 0;
    for (int i = 0; i < gn_setting_count(); ++i) {
      const gn_setting_entry *e = gn_setting_at(i);
      if (!has_word(d.options, e->key, strlen(e->key))) continue;
      gnest_setting_desc s;
      memset(&s, 0x5a, sizeof s);
      cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &s), GNEST_OK, "%s %d", d.name, k);
      cr_assert_str_eq(s.key, e->key);
      cr_assert_str_eq(s.help, e->help);
      cr_assert_str_eq(s.type, e->kind == GN_SETTING_WORDS ? "words" : "int");
      cr_assert_str_eq(s.words, e->words);
      cr_assert_eq(s.max, gn_setting_max(e));
      cr_assert_eq(s.min, e->kind == GN_SETTING_WORDS ? 0 : e->min);
      char want[96];
      cr_assert_str_eq(s.values, gn_setting_values(e, want, sizeof want));
      cr_assert_str_eq(s.default_value, gn_setting_word(e, e->def, want, sizeof want));
      ++k;
    }
    cr_assert_eq(d.num_settings, k, "%s reads %d settings, describe says %d", d.name, k,
                 d.num_settings);
    gnest_setting_desc s, before;
    memset(&s, 0x5a, sizeof s);
    before = s;
    cr_assert_eq(gnest_backend_setting((gnest_backend)b, k, &s), GNEST_ERR_INVALID_ARGUMENT);
    cr_assert_eq(memcmp(&s, &before, sizeof s), 0, "%s: written on failure", d.name);
    char text[96];
    snprintf(text, sizeof text, "backend '%s' reads %d settings; %d is not one of them", d.name,
             k, k);
    assert_contains(gnest_last_error(NULL)->message, text);
    cr_assert_eq(gnest_backend_setting((gnest_backend)b, -1, &s), GNEST_ERR_INVALID_ARGUMENT);
  }
  /* what people read, for each kind */
  gnest_setting_desc s;
  gnest_backend_desc d;
  cr_assert_eq(gnest_backend_describe(GNEST_BACKEND_FLAT, &d), GNEST_OK);
  cr_assert_eq(d.num_settings, 2);
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FLAT, 0, &s), GNEST_OK);
  cr_assert_str_eq(s.key, "cta_levels");
  cr_assert_str_eq(s.values, "off (or -1) or an integer >= 0");
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FLAT, 1, &s), GNEST_OK);
  cr_assert_str_eq(s.key, "lanes");
  cr_assert_str_eq(s.values, "0, 1, 2, 4, 8, 16 or 32");
  cr_assert_str_eq(s.default_value, "0");
  cr_assert_eq(gnest_backend_describe(GNEST_BACKEND_CPU, &d), GNEST_OK);
  cr_assert_eq(d.num_settings, 0, "the reference reads no setting");
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FREELAUNCH, 0, &s), GNEST_OK);
  cr_assert_str_eq(s.key, "freelaunch_mode");
  cr_assert_str_eq(s.type, "words");
  cr_assert_str_eq(s.values, "auto, t1, t2, t3 or t4");
  cr_assert_str_eq(s.default_value, "auto");
  cr_assert_eq(s.max, 4);
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_COUNT, 0, &s), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_setting(GNEST_BACKEND_FLAT, 0, NULL), GNEST_ERR_INVALID_ARGUMENT);
}

/* The GPU matrix's run filters (tests/common/backend_matrix.h), checked here since the GPU suites
 * skip without a device: each filter narrows, and the hybrids' runs (host_levels) are in exactly
 * one of BM_DEVICE_LEVELS / BM_HOST_LEVELS, so split families run every configuration once. */
Test(sched_registry, matrix_filters_split_the_hybrids_off) {
  bm_run runs[4];
  memset(runs, 0, sizeof runs);
  for (int i = 0; i < 4; i++) {
    runs[i].primary = i % 2 == 0;
    runs[i].host_levels = i >= 2;
  }
  const bm_configs split[] = {(bm_configs)(BM_PRIMARY | BM_DEVICE_LEVELS),
                              (bm_configs)(BM_OTHERS | BM_DEVICE_LEVELS), BM_HOST_LEVELS};
  for (int i = 0; i < 4; i++) {
    int taken = 0;
    for (int k = 0; k < 3; k++) taken += bm_selected(&runs[i], split[k]);
    cr_assert_eq(taken, 1, "run %d (primary %d, host_levels %d) taken %d times", i,
                 runs[i].primary, runs[i].host_levels, taken);
    cr_assert(bm_selected(&runs[i], BM_ALL));
    cr_assert_eq(bm_selected(&runs[i], BM_PRIMARY), runs[i].primary);
    cr_assert_eq(bm_selected(&runs[i], BM_OTHERS), !runs[i].primary);
  }
  /* Each hybrid's primary configuration only (USA-road-FLA): run 2, not 3. */
  const bm_configs host_primary = (bm_configs)(BM_PRIMARY | BM_HOST_LEVELS);
  cr_assert(bm_selected(&runs[2], host_primary) && !bm_selected(&runs[3], host_primary));
  bm_matrix m = {NULL, runs, 2}; /* no hybrid among the runs: nothing for BM_HOST_LEVELS */
  cr_assert(!bm_any_selected(&m, BM_HOST_LEVELS));
  m.count = 4;
  cr_assert(bm_any_selected(&m, BM_HOST_LEVELS));
}

Test(sched_registry, availability_follows_the_registry) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_ctx dev = fake_device_ctx();
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    gnest_status on_cpu = gnest_backend_available(ctx, (gnest_backend)b);
    gnest_status on_dev = gnest_backend_available(&dev, (gnest_backend)b);
    if (e->where == GN_WHERE_PLANNED) {
      cr_assert_eq(on_cpu, GNEST_ERR_BACKEND_UNAVAILABLE, "planned %s on the CPU", e->name);
      cr_assert_eq(on_dev, GNEST_ERR_BACKEND_UNAVAILABLE, "planned %s on a device", e->name);
      gnest_backend_desc d;
      gnest_backend_describe((gnest_backend)b, &d);
      cr_assert_eq(d.num_configs, 0, "planned %s has configurations", e->name);
    } else if (e->where == GN_WHERE_HYBRID) {
      /* Host threads beside the device need its concurrent managed access, which a device the
       * library has not opened (this fake one) is not known to have: unavailable, never
       * another backend in its place. */
      cr_assert_eq(on_cpu, GNEST_ERR_NO_DEVICE, "hybrid backend %s on the CPU: %s", e->name,
                   gnest_strerror(on_cpu));
      cr_assert_eq(on_dev, GNEST_ERR_BACKEND_UNAVAILABLE, "hybrid backend %s on a device "
                   "without concurrent managed access: %s", e->name, gnest_strerror(on_dev));
      cr_assert(gn_backend_host_work((gnest_backend)b), "%s", e->name);
    } else if (where_device(e->where)) {
      cr_assert_eq(on_cpu, GNEST_ERR_NO_DEVICE, "device backend %s on the CPU: %s", e->name,
                   gnest_strerror(on_cpu));
      cr_assert_eq(on_dev, GNEST_OK, "device backend %s on a device", e->name);
      cr_assert(!gn_backend_host_work((gnest_backend)b), "%s", e->name);
    } else { /* the selector and host backends run anywhere */
      cr_assert_eq(on_cpu, GNEST_OK, "%s on the CPU", e->name);
      cr_assert_eq(on_dev, GNEST_OK, "%s on a device", e->name);
    }
  }
  /* Documented: auto and cpu always run. */
  cr_assert_eq(gnest_backend_available(ctx, GNEST_BACKEND_AUTO), GNEST_OK);
  cr_assert_eq(gnest_backend_available(ctx, GNEST_BACKEND_CPU), GNEST_OK);
  cr_assert_eq(gnest_backend_available(ctx, GNEST_BACKEND_COUNT), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_available(ctx, (gnest_backend)-1), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_available(NULL, GNEST_BACKEND_CPU), GNEST_ERR_INVALID_ARGUMENT);
  gnest_ctx_free(ctx);
}

Test(sched_registry, applies_follows_the_registry) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    for (int a = 0; a < GNEST_ALGO_COUNT; ++a) {
      const char *why = NULL;
      int applies = gn_backend_applies((gnest_backend)b, (gnest_algorithm)a, &why);
      cr_assert_not_null(why);
      /* The selector never runs by itself. */
      const int want = where_built(e->where) && e->where != GN_WHERE_SELECTOR &&
                       (e->algos & GN_ALGO_BIT(a)) != 0;
      cr_assert_eq(applies, want, "%s / %s: applies %d", e->name, gn_algo_name((gnest_algorithm)a),
                   applies);
      if (applies) continue;
      cr_assert_neq(why[0], '\0', "%s / %s: no reason", e->name, gn_algo_name((gnest_algorithm)a));
      if (e->where == GN_WHERE_PLANNED) cr_assert_str_eq(why, "not available in this build");
      else if (e->where != GN_WHERE_SELECTOR) cr_assert_str_eq(why, e->why_not);
    }
  }
  /* The reference runs everything. */
  for (int a = 0; a < GNEST_ALGO_COUNT; ++a)
    cr_assert_eq(gn_backend_applies(GNEST_BACKEND_CPU, (gnest_algorithm)a, NULL), 1, "cpu / %s",
                 gn_algo_name((gnest_algorithm)a));
  const char *why = NULL;
  cr_assert_eq(gn_backend_applies(GNEST_BACKEND_CPU, GNEST_ALGO_COUNT, &why), 0);
  cr_assert_str_eq(why, "unknown algorithm");
  cr_assert_eq(gn_backend_applies(GNEST_BACKEND_COUNT, GNEST_ALGO_BFS, &why), 0);
  cr_assert_str_eq(why, "unknown backend");
  cr_assert_str_eq(gn_algo_name(GNEST_ALGO_TREE_HEIGHTS), "tree-heights");
  cr_assert_str_eq(gn_algo_name(GNEST_ALGO_COUNT), "unknown");
}

/* The "available: ..." text of messages lists exactly the built backends, in registry order. */
Test(sched_registry, built_text_lists_the_built_backends) {
  char want[512] = "";
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b)
    if (where_built(entry_of(b)->where))
      snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", want[0] ? ", " : "",
               entry_of(b)->name);
  cr_assert_neq(want[0], '\0');
  cr_assert_str_eq(gn_backends_built_text(), want);
}

Test(sched_backend, names_round_trip) {
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const char *name = gnest_backend_name((gnest_backend)b);
    cr_assert_not_null(name, "backend %d", b);
    gnest_backend back = GNEST_BACKEND_COUNT;
    cr_assert_eq(gnest_backend_from_name(name, &back), GNEST_OK, "%s", name);
    cr_assert_eq(back, b, "%s gave %d", name, (int)back);
  }
  cr_assert_str_eq(gnest_backend_name(GNEST_BACKEND_AUTO), "auto"); /* documented in gnest.h */
  cr_assert_str_eq(gnest_backend_name(GNEST_BACKEND_CPU), "cpu");
  cr_assert_null(gnest_backend_name(GNEST_BACKEND_COUNT));
  cr_assert_null(gnest_backend_name((gnest_backend)-1));
  gnest_backend out = GNEST_BACKEND_CPU;
  cr_assert_eq(gnest_backend_from_name("bogus", &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(out, GNEST_BACKEND_CPU);
  const char *msg = gnest_last_error(NULL)->message;
  assert_contains(msg, "unknown backend 'bogus'");
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) /* the message lists what exists */
    assert_contains(msg, gnest_backend_name((gnest_backend)b));
  cr_assert_eq(gnest_backend_from_name("CPU", &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_from_name("", &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_from_name(NULL, &out), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_backend_from_name("cpu", NULL), GNEST_ERR_INVALID_ARGUMENT);
}

Test(sched_options, defaults) {
  gnest_options o;
  memset(&o, 0x5a, sizeof o);
  gnest_options_init(&o);
  cr_assert_eq(o.backend, GNEST_BACKEND_AUTO);
  cr_assert_eq(o.threshold, 0);
  cr_assert_eq(o.block_size, 0);
  cr_assert_eq(o.schedule, GNEST_SCHEDULE_DYNAMIC);
  cr_assert_eq(o.bfs_direction, GNEST_BFS_AUTO);
  cr_assert_eq(o.color_method, GNEST_COLOR_AUTO);
  cr_assert_eq(o.tc_method, GNEST_TC_AUTO);
  cr_assert_eq(o.tree_method, GNEST_TREE_METHOD_AUTO);
  cr_assert_str_eq(o.settings, "");
  /* resolved: every setting at its row's default */
  gn_opts r;
  memset(&r, 0x5a, sizeof r);
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
  cr_assert_gt(gn_setting_count(), 0);
  for (int k = 0; k < gn_setting_count(); ++k) {
    const gn_setting_entry *e = gn_setting_at(k);
    cr_assert_eq(gn_setting_get(&r, e), e->def, "%s", e->key);
  }
  gn_opts d;
  gn_opts_defaults(&d);
  cr_assert_eq(memcmp(&d, &r, sizeof d), 0, "gn_opts_defaults and an empty settings text differ");
}

/* ---------------------------------------------------------------------------------------------
 * gnest_options_parse
 * ------------------------------------------------------------------------------------------- */

/* Every field away from its default, and some settings, to see what a parse changes and what it
 * leaves. */
static gnest_options odd_options(void) {
  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  o.threshold = 7;
  o.schedule = GNEST_SCHEDULE_STATIC;
  o.block_size = 512;
  o.tree_method = GNEST_TREE_METHOD_LEVELS;
  o.bfs_direction = GNEST_BFS_TOP_DOWN;
  o.color_method = GNEST_COLOR_ROUNDS;
  o.tc_method = GNEST_TC_SEARCH;
  snprintf(o.settings, sizeof o.settings, "granularity=block wboost=1 kc=3 lanes=16");
  return o;
}

static void expect_parse(gnest_options start, const char *text, gnest_options want) {
  gnest_status st = gnest_options_parse(&start, text);
  cr_assert_eq(st, GNEST_OK, "\"%s\": %s", text, gnest_last_error_string(NULL));
  cr_assert(bm_options_equal(&start, &want),
            "\"%s\": got backend %d threshold %d schedule %d block_size %d settings \"%s\"", text,
            (int)start.backend, start.threshold, (int)start.schedule, start.block_size,
            start.settings);
}

/* Parsing text on top of settings gives the settings want, word for word. */
static void expect_settings(const char *settings, const char *text, const char *want) {
  gnest_options o;
  gnest_options_init(&o);
  snprintf(o.settings, sizeof o.settings, "%s", settings);
  cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "\"%s\" on \"%s\": %s", text, settings,
               gnest_last_error_string(NULL));
  cr_assert_str_eq(o.settings, want, "\"%s\" on \"%s\"", text, settings);
}

/* The value of setting key once text is parsed and resolved. */
static int32_t resolved_setting(const char *text, const char *key) {
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
               gnest_last_error_string(NULL));
  gn_opts r;
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK, "%s: %s", text,
               gnest_last_error_string(NULL));
  const gn_setting_entry *e = gn_setting_find(key, strlen(key));
  cr_assert_not_null(e, "no setting %s", key);
  return gn_setting_get(&r, e);
}

Test(sched_options, parse_good_words) {
  gnest_options d, w;
  gnest_options_init(&d);
  const gnest_options odd = odd_options();
  w = d, w.threshold = 5;
  expect_parse(d, "threshold=5", w);
  w = d, w.block_size = 64;
  expect_parse(d, "block_size=64", w);
  w = odd, w.threshold = 0;
  expect_parse(odd, "threshold=0", w); /* 0 = the default, accepted */
  w = odd, w.schedule = GNEST_SCHEDULE_DYNAMIC;
  expect_parse(odd, "schedule=dynamic", w);
  /* A method key's words, in the order of its enum's values. */
#define EXPECT_METHOD_WORDS(field, type, ...)                           \
  do {                                                                  \
    const char *words[] = {__VA_ARGS__};                                \
    for (int i = 0; i < (int)(sizeof words / sizeof words[0]); ++i) {   \
      char text[64];                                                    \
      snprintf(text, sizeof text, #field "=%s", words[i]);              \
      w = odd, w.field = (type)i;                                       \
      expect_parse(odd, text, w);                                       \
    }                                                                   \
  } while (0)
  EXPECT_METHOD_WORDS(tree_method, gnest_tree_method, "auto", "levels", "euler");
  EXPECT_METHOD_WORDS(bfs_direction, gnest_bfs_direction, "auto", "top-down", "optimizing");
  EXPECT_METHOD_WORDS(color_method, gnest_color_method, "auto", "rounds", "async");
  EXPECT_METHOD_WORDS(tc_method, gnest_tc_method, "auto", "search", "hash");
#undef EXPECT_METHOD_WORDS
  w = d, w.schedule = GNEST_SCHEDULE_STATIC;
  expect_parse(d, "schedule=static", w);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    char text[64];
    snprintf(text, sizeof text, "backend=%s", gnest_backend_name((gnest_backend)b));
    w = odd, w.backend = (gnest_backend)b;
    expect_parse(odd, text, w);
  }
  /* "default", nothing at all, or blanks: nothing changes. */
  expect_parse(odd, "default", odd);
  expect_parse(odd, "", odd);
  expect_parse(odd, " \t ", odd);
  /* Several words, any blanks between them; fields and settings not named are left alone. */
  w = d, w.threshold = 9, w.schedule = GNEST_SCHEDULE_STATIC;
  snprintf(w.settings, sizeof w.settings, "wboost=1");
  expect_parse(d, "threshold=9 wboost=1 schedule=static", w);
  w = odd, w.threshold = 9, w.block_size = 128, w.backend = GNEST_BACKEND_AUTO;
  expect_parse(odd, "  threshold=9 \t block_size=128\tdefault   backend=auto ", w);
}

/* A setting's word goes into the settings text, written in its canonical form; a key given again
 * replaces its earlier word in place; the other words stay as they are. */
Test(sched_options, parse_settings_words) {
  expect_settings("", "coarsening=3", "coarsening=3");
  expect_settings("", "kc=8 launch_limit=100", "kc=8 launch_limit=100");
  expect_settings("", "host_threads=64 host_share=100", "host_threads=64 host_share=100");
  expect_settings("", "group_size=0 agg_threshold=64", "group_size=0 agg_threshold=64");
  expect_settings("", "wboost=0", "wboost=0");
  expect_settings("", "kc=007", "kc=7");
  /* cta_levels: off is -1, either way written off */
  expect_settings("", "cta_levels=off", "cta_levels=off");
  expect_settings("", "cta_levels=-1", "cta_levels=off");
  expect_settings("", "cta_levels=0", "cta_levels=0");
  expect_settings("", "cta_levels=4096", "cta_levels=4096");
  cr_assert_eq(resolved_setting("cta_levels=off", "cta_levels"), -1);
  cr_assert_eq(resolved_setting("cta_levels=-1", "cta_levels"), -1);
  cr_assert_eq(resolved_setting("cta_levels=12", "cta_levels"), 12);
  /* a repeated key replaces its earlier word, in place */
  expect_settings("granularity=warp coarsening=1", "coarsening=4", "granularity=warp coarsening=4");
  expect_settings("", "kc=2 kc=3", "kc=3");
  expect_settings("kc=1 wboost=1 kc=2", "kc=5", "kc=5 wboost=1");
  expect_settings("lanes=8", "lanes=8", "lanes=8");
  expect_settings("  lanes=8\t wboost=1 ", "threshold=4", "  lanes=8\t wboost=1 ");
  expect_settings("lanes=8", "wboost=1", "lanes=8 wboost=1");
  /* lanes: 0 or a power of two up to 32 */
  for (int lanes = 0; lanes <= 32; lanes = lanes ? 2 * lanes : 1) {
    char text[32];
    snprintf(text, sizeof text, "lanes=%d", lanes);
    expect_settings("", text, text);
    cr_assert_eq(resolved_setting(text, "lanes"), lanes);
  }
  /* The words settings: their words in the order of their internal enums. */
  const char *grans[] = {"default", "warp", "block", "multi-block", "grid", "none"};
  const gn_granularity gran_values[] = {GN_GRAN_DEFAULT, GN_GRAN_WARP, GN_GRAN_BLOCK,
                                        GN_GRAN_MULTI_BLOCK, GN_GRAN_GRID, GN_GRAN_NONE};
  for (int i = 0; i < 6; ++i) {
    char text[64];
    snprintf(text, sizeof text, "granularity=%s", grans[i]);
    expect_settings("", text, text);
    cr_assert_eq(resolved_setting(text, "granularity"), (int32_t)gran_values[i], "%s", text);
    cr_assert_str_eq(gn_granularity_word(gran_values[i]), grans[i]);
  }
  cr_assert_str_eq(gn_granularity_word((gn_granularity)(GN_GRAN_NONE + 1)), "?");
  const char *modes[] = {"auto", "t1", "t2", "t3", "t4"};
  const gn_freelaunch_mode mode_values[] = {GN_FL_AUTO, GN_FL_T1, GN_FL_T2, GN_FL_T3, GN_FL_T4};
  for (int i = 0; i < 5; ++i) {
    char text[64];
    snprintf(text, sizeof text, "freelaunch_mode=%s", modes[i]);
    cr_assert_eq(resolved_setting(text, "freelaunch_mode"), (int32_t)mode_values[i], "%s", text);
  }
  /* Fields and settings in one text. */
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(&o, "threshold=4 granularity=warp schedule=static wboost=1"),
               GNEST_OK);
  cr_assert_eq(o.threshold, 4);
  cr_assert_eq(o.schedule, GNEST_SCHEDULE_STATIC);
  cr_assert_str_eq(o.settings, "granularity=warp wboost=1");
}

/* Every setting at its longest value fits the settings text at once: the registry's settings
 * can all be given together. */
Test(sched_options, every_setting_fits_at_once) {
  gnest_options o;
  gnest_options_init(&o);
  for (int k = 0; k < gn_setting_count(); ++k) {
    const gn_setting_entry *e = gn_setting_at(k);
    char longest[64] = "", word[64], text[160];
    const int32_t max = gn_setting_max(e);
    for (int32_t v = e->min;; v = e->kind == GN_SETTING_WORDS ? v + 1 : max) { /* words: each */
      gn_setting_word(e, v, word, sizeof word);
      if (strlen(word) > strlen(longest)) snprintf(longest, sizeof longest, "%s", word);
      if (v == max) break;
    }
    snprintf(text, sizeof text, "%s=%s", e->key, longest);
    cr_assert_eq(gnest_options_parse(&o, text), GNEST_OK, "%s: %s", text,
                 gnest_last_error_string(NULL));
  }
  cr_assert_lt(strlen(o.settings), sizeof o.settings);
  gn_opts r;
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK, "%s", o.settings);
}

/* Refused with GNEST_ERR_INVALID_ARGUMENT from gnest_options_parse, opts unchanged, the message
 * naming the word (and the reason where given). */
static void expect_parse_error(const char *text, const char *names1, const char *names2) {
  gnest_options o = odd_options(), before = o;
  cr_assert_eq(gnest_options_parse(&o, text), GNEST_ERR_INVALID_ARGUMENT, "\"%s\" accepted", text);
  cr_assert_eq(memcmp(&o, &before, sizeof o), 0, "\"%s\": options changed on failure", text);
  const gnest_error *e = gnest_last_error(NULL);
  cr_assert_eq(e->status, GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(e->source, "gnest_options_parse", "\"%s\"", text);
  cr_assert(strstr(e->message, names1), "\"%s\": message \"%s\" does not name \"%s\"", text,
            e->message, names1);
  if (names2)
    cr_assert(strstr(e->message, names2), "\"%s\": message \"%s\" does not name \"%s\"", text,
              e->message, names2);
}

Test(sched_options, parse_bad_words) {
  /* Unknown key, bad value, missing '=': the message quotes the word. */
  expect_parse_error("speed=3", "'speed=3'", "unknown option 'speed'");
  expect_parse_error("threshold=abc", "'threshold=abc'", "bad value for threshold");
  expect_parse_error("tree_method=contraction", "'tree_method=contraction'",
                     "bad value for tree_method");
  expect_parse_error("tree_method=2", "'tree_method=2'", "bad value for tree_method");
  expect_parse_error("bfs_direction=bottom-up", "'bfs_direction=bottom-up'",
                     "bad value for bfs_direction");
  expect_parse_error("bfs_direction=1", "'bfs_direction=1'", "bad value for bfs_direction");
  expect_parse_error("color_method=jp", "'color_method=jp'", "bad value for color_method");
  expect_parse_error("color_method=2", "'color_method=2'", "bad value for color_method");
  expect_parse_error("tc_method=bitmap", "'tc_method=bitmap'", "bad value for tc_method");
  expect_parse_error("tc_method=1", "'tc_method=1'", "bad value for tc_method");
  expect_parse_error("threshold=", "'threshold='", "bad value");
  expect_parse_error("threshold=5x", "'threshold=5x'", NULL);
  expect_parse_error("threshold=99999999999", "'threshold=99999999999'", NULL);
  expect_parse_error("block_size=big", "'block_size=big'", NULL);
  expect_parse_error("granularity=huge", "'granularity=huge'", "bad value for granularity");
  expect_parse_error("granularity=1", "'granularity=1'", "expected default, warp, block, "
                     "multi-block, grid or none");
  expect_parse_error("schedule=fast", "'schedule=fast'", NULL);
  expect_parse_error("wboost=yes", "'wboost=yes'", "bad value for wboost");
  expect_parse_error("backend=bogus", "'backend=bogus'", NULL);
  expect_parse_error("backend=CPU", "'backend=CPU'", NULL);
  expect_parse_error("threshold", "'threshold'", "expected key=value");
  expect_parse_error("=5", "'=5'", "expected key=value");
  expect_parse_error("coarsening", "'coarsening'", "expected key=value");
  /* Out of range: the message names the option, the value and what is expected. */
  expect_parse_error("block_size=33", "block_size", "33");
  expect_parse_error("block_size=2048", "block_size", "2048");
  expect_parse_error("block_size=16", "block_size", "16");
  expect_parse_error("threshold=-1", "threshold", "-1");
  expect_parse_error("wboost=2", "wboost = 2 is out of range", "expected 0..1");
  expect_parse_error("coarsening=-3", "coarsening = -3", "expected an integer >= 0");
  expect_parse_error("kc=-1", "'kc=-1': kc = -1", "the backend's default");
  expect_parse_error("launch_limit=-1", "launch_limit = -1", NULL);
  expect_parse_error("group_size=-2", "group_size = -2", NULL);
  expect_parse_error("agg_threshold=-1", "agg_threshold = -1", "default 2");
  expect_parse_error("host_threads=65", "host_threads = 65", "expected 0..64");
  expect_parse_error("host_threads=-1", "host_threads", "-1");
  expect_parse_error("host_share=101", "host_share = 101", "expected 0..100");
  expect_parse_error("host_share=-5", "host_share", "-5");
  expect_parse_error("host_share=half", "'host_share=half'", "bad value for host_share");
  expect_parse_error("cta_levels=-2", "cta_levels = -2", "off (or -1) or an integer >= 0");
  expect_parse_error("cta_levels=on", "'cta_levels=on'", "bad value for cta_levels");
  expect_parse_error("cta_levels=OFF", "'cta_levels=OFF'", "bad value for cta_levels");
  expect_parse_error("lanes=3", "lanes = 3", "expected 0, 1, 2, 4, 8, 16 or 32");
  expect_parse_error("lanes=64", "lanes", "64");
  expect_parse_error("lanes=-1", "lanes", "-1");
  expect_parse_error("lanes=warp", "'lanes=warp'", "bad value for lanes");
  expect_parse_error("group_size=many", "'group_size=many'", "bad value for group_size");
  expect_parse_error("granularity=thread", "'granularity=thread'", NULL);
  expect_parse_error("freelaunch_mode=t5", "'freelaunch_mode=t5'", "auto, t1, t2, t3 or t4");
  /* the unknown-key message lists every key: the fields', then every setting's */
  expect_parse_error("speed=3", "block_size", "tree_method");
  for (int k = 0; k < gn_setting_count(); ++k)
    expect_parse_error("speed=3", "or a backend's setting: ", gn_setting_at(k)->key);
  /* A bad word after good ones: nothing is applied. */
  expect_parse_error("threshold=9 block_size=33", "block_size", "33");
  expect_parse_error("threshold=9 wboost=1 bogus", "'bogus'", NULL);
  expect_parse_error("granularity=warp speed=3", "'speed=3'", NULL);
  expect_parse_error("kc=4 lanes=3", "lanes", NULL);
  gnest_options o;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(NULL, "threshold=1"), GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_eq(gnest_options_parse(&o, NULL), GNEST_ERR_INVALID_ARGUMENT);
  /* settings that would not fit their bytes: refused, unchanged */
  memset(o.settings, 0, sizeof o.settings);
  for (size_t i = 0; i + 8 < sizeof o.settings; i += 8) memcpy(o.settings + i, "default ", 8);
  gnest_options before = o;
  cr_assert_eq(gnest_options_parse(&o, "host_threads=12"), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "'host_threads=12': the settings would not fit");
  cr_assert_eq(memcmp(&o, &before, sizeof o), 0);
  /* settings that are not a C string */
  memset(o.settings, 'x', sizeof o.settings);
  cr_assert_eq(gnest_options_parse(&o, "threshold=1"), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(NULL)->message, "not NUL-terminated");
}

/* cta_levels resolved for flat's one-CTA stretches: 0 = one round of the CTA (block_size / lanes
 * items), negative = off (0 items), a count as given up to 2^24 items. */
Test(sched_options, cta_levels_bound) {
  cr_assert_eq(gn_cta_levels_bound(0, 256, 1), 256);
  cr_assert_eq(gn_cta_levels_bound(0, 1024, 1), 1024);
  cr_assert_eq(gn_cta_levels_bound(0, 32, 1), 32);
  cr_assert_eq(gn_cta_levels_bound(0, 0, 1), (int64_t)GN_CTA_LEVELS_BLOCKS * 256); /* unresolved */
  cr_assert_eq(gn_cta_levels_bound(-1, 256, 1), 0);
  cr_assert_eq(gn_cta_levels_bound(-1, 1024, 1), 0);
  cr_assert_eq(gn_cta_levels_bound(1, 256, 1), 1);
  cr_assert_eq(gn_cta_levels_bound(4096, 64, 1), 4096);
  cr_assert_eq(gn_cta_levels_bound(1 << 24, 256, 1), 1 << 24);
  cr_assert_eq(gn_cta_levels_bound(INT32_MAX, 256, 1), 1 << 24); /* capped */
  cr_assert_eq(gn_cta_levels_bound(0, 256, 4), 64, "4 lanes: 64 items a round");
  cr_assert_eq(gn_cta_levels_bound(0, 32, 32), 1, "a warp per item in a warp-sized CTA");
  cr_assert_eq(gn_cta_levels_bound(0, 256, 0), 256, "lanes unresolved: 1");
  cr_assert_eq(gn_cta_levels_bound(100, 256, 32), 100, "a count is taken as given");
  /* the default through the options, as the backend resolves it */
  gnest_options o;
  gn_opts r;
  gnest_options_init(&o);
  cr_assert_eq(gnest_options_parse(&o, "block_size=128"), GNEST_OK);
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
  cr_assert_eq(gn_cta_levels_bound(r.cta_levels, r.block_size, 1), 128);
  cr_assert_eq(gnest_options_parse(&o, "cta_levels=off"), GNEST_OK);
  cr_assert_eq(gn_opts_resolve(NULL, "test", &o, &r), GNEST_OK);
  cr_assert_eq(gn_cta_levels_bound(r.cta_levels, r.block_size, 1), 0);
}

/* ---------------------------------------------------------------------------------------------
 * The call frame and the selector
 * ------------------------------------------------------------------------------------------- */

static gnest_status begin_with(gnest_ctx *ctx, const gnest_graph *g, const gnest_options *o,
                               gn_call *call) {
  return gn_call_begin(call, ctx, ROW(GNEST_ALGO_BFS), "gnest_bfs", g, NULL, o, NULL);
}

Test(sched_options, validation) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 3);
  gn_call call;
  gnest_options o;
#define EXPECT_BAD(field, value, text)                                              \
  do {                                                                              \
    gnest_options_init(&o);                                                         \
    o.backend = GNEST_BACKEND_CPU;                                                  \
    o.field = value;                                                                \
    cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_ERR_INVALID_ARGUMENT, #field); \
    assert_contains(gnest_last_error(ctx)->message, text);                          \
    cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_bfs");                   \
  } while (0)
  EXPECT_BAD(threshold, -1, "options.threshold = -1");
  EXPECT_BAD(block_size, 48, "options.block_size = 48");
  EXPECT_BAD(block_size, 16, "options.block_size = 16");
  EXPECT_BAD(block_size, 2048, "options.block_size = 2048");
  EXPECT_BAD(block_size, -32, "options.block_size = -32");
  EXPECT_BAD(schedule, (gnest_schedule)5, "options.schedule = 5");
  EXPECT_BAD(backend, (gnest_backend)99, "options.backend = 99");
  EXPECT_BAD(tree_method, (gnest_tree_method)3, "options.tree_method = 3");
  EXPECT_BAD(tree_method, (gnest_tree_method)-1, "options.tree_method = -1");
  EXPECT_BAD(bfs_direction, (gnest_bfs_direction)3, "options.bfs_direction = 3");
  EXPECT_BAD(bfs_direction, (gnest_bfs_direction)-1, "options.bfs_direction = -1");
  EXPECT_BAD(color_method, (gnest_color_method)3,
             "options.color_method = 3 is not a gnest_color_method value (0 auto, 1 rounds, 2 "
             "async)");
  EXPECT_BAD(color_method, (gnest_color_method)-1, "options.color_method = -1");
  EXPECT_BAD(tc_method, (gnest_tc_method)3,
             "options.tc_method = 3 is not a gnest_tc_method value (0 auto, 1 search, 2 hash)");
  EXPECT_BAD(tc_method, (gnest_tc_method)-1, "options.tc_method = -1");
#undef EXPECT_BAD
  /* The settings text, written into the struct directly, is checked word by word. */
  const char *bad[][2] = {
      {"coarsening=-4", "options.settings: 'coarsening=-4': coarsening = -4 is out of range"},
      {"kc=-1", "options.settings: 'kc=-1': kc = -1 is out of range"},
      {"granularity=9", "options.settings: 'granularity=9': bad value for granularity"},
      {"lanes=3", "'lanes=3': lanes = 3 is out of range: expected 0, 1, 2, 4, 8, 16 or 32"},
      {"host_threads=1000", "host_threads = 1000 is out of range: expected 0..64"},
      {"host_share=200", "host_share = 200 is out of range: expected 0..100"},
      {"cta_levels=-2", "cta_levels = -2 is out of range"},
      {"wboost=2", "wboost = 2 is out of range"},
      {"freelaunch_mode=t9", "'freelaunch_mode=t9': bad value for freelaunch_mode"},
      {"group_size=-1 agg_threshold=-5", "'group_size=-1': group_size = -1"},
      {"kc=4 speed=3", "options.settings: 'speed=3': unknown setting (expected key=value, the "
                       "key one of: cta_levels, lanes"},
      {"threshold=8", "'threshold=8': unknown setting"}, /* a field, not a setting */
      {"lanes", "'lanes': not a key=value word"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    gnest_options_init(&o);
    o.backend = GNEST_BACKEND_CPU;
    snprintf(o.settings, sizeof o.settings, "%s", bad[i][0]);
    cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_ERR_INVALID_ARGUMENT, "%s", bad[i][0]);
    assert_contains(gnest_last_error(ctx)->message, bad[i][1]);
    cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_bfs");
  }
  gnest_options_init(&o);
  memset(o.settings, 'x', sizeof o.settings);
  cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "options.settings is not NUL-terminated");
  /* good ones: resolved into the call's options, any blanks, a later word of a key winning */
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  snprintf(o.settings, sizeof o.settings,
           " granularity=none\tcoarsening=16 default cta_levels=off lanes=4 kc=2 kc=6 ");
  cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_OK, "%s", gnest_last_error_string(ctx));
  cr_assert_eq(call.opts.granularity, GN_GRAN_NONE);
  cr_assert_eq(call.opts.coarsening, 16);
  cr_assert_eq(call.opts.cta_levels, -1);
  cr_assert_eq(call.opts.lanes, 4);
  cr_assert_eq(call.opts.kc, 6);
  cr_assert_eq(call.opts.wboost, 0, "not named: its default");
  cr_assert_eq(call.opts.freelaunch_mode, GN_FL_AUTO);
  int good[] = {32, 64, 1024};
  for (int i = 0; i < 3; ++i) {
    gnest_options_init(&o);
    o.block_size = good[i];
    cr_assert_eq(begin_with(ctx, g, &o, &call), GNEST_OK);
    cr_assert_eq(call.opts.block_size, good[i]);
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* Through the public API: an algorithm refuses options whose settings text is bad, whatever
 * backend runs (the cpu reads no setting), and runs with good ones. */
Test(sched_options, algorithms_refuse_bad_settings) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 3);
  int32_t levels[4];
  gnest_options o;
  gnest_options_init(&o);
  snprintf(o.settings, sizeof o.settings, "granularity=warp lanes=5");
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "'lanes=5'");
  cr_assert_str_eq(gnest_last_error(ctx)->source, "gnest_bfs");
  o.backend = GNEST_BACKEND_CPU;
  double dist[4];
  cr_assert_eq(gnest_sssp(ctx, g, 0, dist, &o, NULL), GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "'lanes=5'");
  snprintf(o.settings, sizeof o.settings, "granularity=warp lanes=4 host_share=50");
  cr_assert_eq(gnest_bfs(ctx, g, 0, levels, &o, NULL), GNEST_OK, "%s",
               gnest_last_error_string(ctx));
  cr_assert_eq(levels[0], 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}


Test(sched_call, auto_on_cpu_and_defaults) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 5);
  gn_call call;
  cr_assert_eq(begin_with(ctx, g, NULL, &call), GNEST_OK);
  cr_assert_eq(call.backend, GNEST_BACKEND_CPU);
  cr_assert_str_eq(call.reason, "selector: no CUDA device: cpu");
  cr_assert_eq(call.opts.threshold, 32);
  cr_assert_eq(call.threshold_asked, 0, "the default is not the caller's (agg's rule picks)");
  cr_assert_eq(call.opts.block_size, 256);
  cr_assert_eq(call.ctx, ctx);
  cr_assert_str_eq(call.fn, "gnest_bfs");

  gnest_options o;
  gnest_options_init(&o);
  o.backend = GNEST_BACKEND_CPU;
  o.threshold = 7;
  gnest_info info;
  cr_assert_eq(gn_call_begin(&call, ctx, ROW(GNEST_ALGO_SSSP), "gnest_sssp", g, NULL, &o, &info),
               GNEST_OK);
  cr_assert_str_eq(call.reason, "forced by caller");
  cr_assert_eq(call.opts.threshold, 7);
  cr_assert_eq(call.threshold_asked, 7);
  call.edges_visited = 10;
  call.iterations = 3;
  call.launches = 0;
  cr_assert_eq(gn_call_end(&call, GNEST_OK), GNEST_OK);
  cr_assert_eq(info.backend, GNEST_BACKEND_CPU);
  cr_assert_str_eq(info.backend_name, "cpu");
  cr_assert_str_eq(info.reason, "forced by caller");
  cr_assert_eq(info.edges_visited, 10);
  cr_assert_eq(info.iterations, 3);
  cr_assert_eq(info.kernel_launches, 0);
  cr_assert(info.time_ms >= 0.0);

  /* A device-measured time is reported as is. */
  cr_assert_eq(gn_call_begin(&call, ctx, ROW(GNEST_ALGO_BFS), "gnest_bfs", g, NULL, &o, &info),
               GNEST_OK);
  call.time_ms = 1.25;
  gn_call_end(&call, GNEST_OK);
  cr_assert_eq(info.time_ms, 1.25);

  /* On error info is left untouched. */
  memset(&info, 0x7b, sizeof info);
  gnest_info copy = info;
  cr_assert_eq(gn_call_begin(&call, ctx, ROW(GNEST_ALGO_BFS), "gnest_bfs", g, NULL, &o, &info),
               GNEST_OK);
  cr_assert_eq(gn_call_end(&call, GNEST_ERR_OUT_OF_RANGE), GNEST_ERR_OUT_OF_RANGE);
  cr_assert_eq(memcmp(&info, &copy, sizeof info), 0);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

/* Forcing each backend on a context without a device: host backends and auto run, device
 * backends need a device, planned ones are not available (the message lists what is). */
Test(sched_call, forced_backends_on_cpu_context) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 5);
  gn_call call;
  gnest_options o;
  gnest_options_init(&o);
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    const gn_backend_entry *e = entry_of(b);
    o.backend = (gnest_backend)b;
    gnest_status st = begin_with(ctx, g, &o, &call);
    const char *msg = gnest_last_error(ctx)->message;
    char text[512];
    if (e->where == GN_WHERE_SELECTOR) {
      cr_assert_eq(st, GNEST_OK, "%s: %s", e->name, msg);
      cr_assert_eq(call.backend, GNEST_BACKEND_CPU, "auto without a device runs cpu");
      assert_contains(call.reason, "selector: ");
    } else if (e->where == GN_WHERE_HOST) {
      gnest_status want = gn_backend_applies((gnest_backend)b, GNEST_ALGO_BFS, NULL)
                              ? GNEST_OK : GNEST_ERR_BACKEND_NOT_APPLICABLE;
      cr_assert_eq(st, want, "%s: %s", e->name, msg);
      if (st == GNEST_OK) {
        cr_assert_eq(call.backend, b);
        cr_assert_eq(call.on_host, 1, "%s", e->name);
        cr_assert_str_eq(call.reason, "forced by caller");
      }
    } else if (where_device(e->where)) {
      cr_assert_eq(st, GNEST_ERR_NO_DEVICE, "%s: %s", e->name, gnest_strerror(st));
      snprintf(text, sizeof text, "backend '%s' needs a CUDA device", e->name);
      assert_contains(msg, text);
    } else {
      cr_assert_eq(st, GNEST_ERR_BACKEND_UNAVAILABLE, "planned %s: %s", e->name,
                   gnest_strerror(st));
      snprintf(text, sizeof text, "backend '%s' is not available in this build (available: %s)",
               e->name, gn_backends_built_text());
      assert_contains(msg, text);
    }
  }
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

Test(sched_call, argument_checks) {
  gnest_ctx *ctx = cpu_ctx();
  gnest_graph *g = star(ctx, 3);
  int32_t parent[] = {-1, 0};
  gnest_tree *t = NULL;
  cr_assert_eq(gnest_tree_from_parents(ctx, 2, parent, &t), GNEST_OK);
  gn_call call;
  cr_assert_eq(gn_call_begin(&call, NULL, ROW(GNEST_ALGO_BFS), "gnest_bfs", g, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(NULL), "gnest_bfs: ctx is NULL");
  cr_assert_eq(gn_call_begin(&call, ctx, ROW(GNEST_ALGO_BFS), "gnest_bfs", NULL, NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(ctx), "gnest_bfs: graph is NULL");
  cr_assert_eq(gn_call_begin(&call, ctx, ROW(GNEST_ALGO_TREE_HEIGHTS), "gnest_tree_heights", NULL,
                             NULL, NULL, NULL),
               GNEST_ERR_INVALID_ARGUMENT);
  cr_assert_str_eq(gnest_last_error_string(ctx), "gnest_tree_heights: tree is NULL");
  cr_assert_eq(gn_call_begin(&call, ctx, ROW(GNEST_ALGO_TREE_HEIGHTS), "gnest_tree_heights", NULL,
                             t, NULL, NULL),
               GNEST_OK);
  cr_assert_eq(call.backend, GNEST_BACKEND_CPU);
  /* A handle that belongs to no context. */
  gnest_graph orphan;
  memset(&orphan, 0, sizeof orphan);
  cr_assert_eq(
      gn_call_begin(&call, ctx, ROW(GNEST_ALGO_BFS), "gnest_bfs", &orphan, NULL, NULL, NULL),
      GNEST_ERR_INVALID_ARGUMENT);
  assert_contains(gnest_last_error(ctx)->message, "belongs to no context");
  gnest_tree_free(t);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
}

static gnest_degree_stats stats_with(double edges_above_32, int64_t max) {
  gnest_degree_stats s;
  memset(&s, 0, sizeof s);
  s.n = 1000;
  s.m = 10000;
  s.max = max;
  s.edges_above_32 = edges_above_32;
  return s;
}

/* The selector picked the backend the registry gives the role, and named it last in its reason. */
static void expect_pick(gnest_backend got, gn_role role, const char *reason) {
  const gnest_backend want = gn_backend_for_role(role);
  cr_assert_neq(want, GNEST_BACKEND_AUTO, "no built backend has role %d", (int)role);
  cr_assert_eq(got, want, "picked %s, the registry gives role %d to %s (reason: %s)",
               gnest_backend_name(got), (int)role, gnest_backend_name(want), reason);
  char tail[64];
  snprintf(tail, sizeof tail, ": %s", gnest_backend_name(want));
  assert_ends_with(reason, tail);
}

/* Every class the selector sorts inputs into has a built backend (the first built entry with
 * that role); deep narrow trees and device-less contexts go to a host backend. */
Test(sched_selector, roles_come_from_the_registry) {
  const gn_role roles[] = {GN_ROLE_UNIFORM, GN_ROLE_SKEWED, GN_ROLE_SKEWED_IN_GRID,
                           GN_ROLE_SEQUENTIAL};
  for (size_t i = 0; i < sizeof roles / sizeof roles[0]; ++i) {
    gnest_backend b = gn_backend_for_role(roles[i]);
    cr_assert_neq(b, GNEST_BACKEND_AUTO, "no built backend has role %d", (int)roles[i]);
    cr_assert_eq(entry_of(b)->role, roles[i]);
    cr_assert(where_built(entry_of(b)->where), "role %d goes to %s, not built", (int)roles[i],
              entry_of(b)->name);
    for (int c = 0; c < (int)b; ++c)
      cr_assert(!(entry_of(c)->role == roles[i] && where_built(entry_of(c)->where)),
                "role %d: %s comes first", (int)roles[i], entry_of(c)->name);
  }
  cr_assert(gn_backend_on_host(gn_backend_for_role(GN_ROLE_SEQUENTIAL)),
            "the sequential role runs without a device: it must be a host backend");
}

Test(sched_selector, graph_rules) {
  gnest_ctx dev = fake_device_ctx();
  char reason[256];
  gnest_degree_stats s = stats_with(0.5, 5000);
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_BFS), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "0.500 of the arcs leave vertices of degree > 32");
  assert_contains(reason, "> 0.20");
  assert_contains(reason, "a traversal");
  /* Hubs of at most 4096 arcs: the traversals (BC too) take a warp per item, in the uniform
   * class; the others stay skewed. */
  s = stats_with(0.5, 4096);
  const gnest_algorithm traversals[] = {GNEST_ALGO_BFS, GNEST_ALGO_SSSP, GNEST_ALGO_BC};
  for (size_t i = 0; i < sizeof traversals / sizeof traversals[0]; i++) {
    expect_pick(gn_select_backend(&dev, ROW(traversals[i]), &s, NULL, reason, sizeof reason),
                GN_ROLE_UNIFORM, reason);
    assert_contains(reason, "largest item has 4096 <= 4096 arcs: a warp per item");
  }
  s = stats_with(0.5, 4097);
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_SSSP), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  /* SCC's frontiers, whatever the largest item: the level's grid; CC's passes: skewed. */
  const struct { gnest_algorithm algo; int32_t max; gn_role role; } components[] = {
      {GNEST_ALGO_SCC, 4097, GN_ROLE_SKEWED_IN_GRID},
      {GNEST_ALGO_SCC, 2000, GN_ROLE_SKEWED_IN_GRID},
      {GNEST_ALGO_CC, 2000, GN_ROLE_SKEWED}};
  for (size_t i = 0; i < sizeof components / sizeof components[0]; i++) {
    s = stats_with(0.5, components[i].max);
    expect_pick(gn_select_backend(&dev, ROW(components[i].algo), &s, NULL, reason, sizeof reason),
                components[i].role, reason);
  }
  s = stats_with(0.5, 2000);
  /* The same input for the algorithms that are not frontier traversals: the skewed class. */
  const gnest_algorithm others[] = {GNEST_ALGO_COLOR, GNEST_ALGO_MST, GNEST_ALGO_TC};
  for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
    expect_pick(gn_select_backend(&dev, ROW(others[i]), &s, NULL, reason, sizeof reason),
                GN_ROLE_SKEWED, reason);
    cr_assert_null(strstr(reason, "traversal"), "%s", reason);
  }

  /* Triangle counting: the pass's own grid once hubs (degree > 1024) hold >= 0.10 of >= 6 M arcs
   * (the rmat20 and cnr-2000 of the suite); below either limit, the skewed class. */
  s = stats_with(0.9, 64624);
  s.m = 31401382;
  s.edges_above_1024 = 0.425;
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_TC), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "; hubs (> 1024) hold 0.425 >= 0.10 of 31401382 >= 6000000 arcs");
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_BC), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  s.m = 5565380; /* cnr-2000, symmetrized: hubs hold 0.212 of its arcs */
  s.edges_above_1024 = 0.212;
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_TC), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  cr_assert_null(strstr(reason, "hubs ("), "%s", reason);
  s.m = 6000000;
  s.edges_above_1024 = 0.0999;
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_TC), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  s.edges_above_1024 = 0.10; /* both exactly at the limits: in the grid */
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_TC), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);

  s = stats_with(0.05, 5000);
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_SSSP), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED_IN_GRID, reason);
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_MST), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  assert_contains(reason, "max degree 5000 > 1024");

  /* Even degrees (an Erdos-Renyi graph of mean degree 48): uniform, however many arcs leave
   * vertices of degree > 32; one step past either limit: skewed again. */
  s = stats_with(0.95, 128);
  s.cv = 0.5;
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_BC), &s, NULL, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "even degrees: cv 0.50 <= 0.50 and max degree 128 <= 128");
  s.max = 129;
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_COLOR), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);
  s.max = 128;
  s.cv = 0.51;
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_MST), &s, NULL, reason, sizeof reason),
              GN_ROLE_SKEWED, reason);

  s = stats_with(0.2, 1024); /* both exactly at the limits: uniform */
  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_TC), &s, NULL, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "0.200 of the arcs");
  assert_contains(reason, "max degree 1024 <= 1024");

  expect_pick(gn_select_backend(&dev, ROW(GNEST_ALGO_BFS), NULL, NULL, reason, sizeof reason),
              GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "no degree statistics");

  gnest_ctx *cpu = cpu_ctx();
  s = stats_with(0.9, 100000);
  expect_pick(gn_select_backend(cpu, ROW(GNEST_ALGO_BFS), &s, NULL, reason, sizeof reason),
              GN_ROLE_SEQUENTIAL, reason);
  assert_contains(reason, "no CUDA device");
  cr_assert_eq(gn_select_backend(NULL, ROW(GNEST_ALGO_BFS), &s, NULL, NULL, 0),
               gn_backend_for_role(GN_ROLE_SEQUENTIAL));
  gnest_ctx_free(cpu);
}

/* A tiny reason buffer of `size` bytes is never overrun: the reason is cut to size - 1. */
static void expect_short_reason(const gnest_ctx *dev, const gnest_tree *t, size_t size) {
  char tiny[16];
  memset(tiny, 'x', sizeof tiny);
  gn_select_backend(dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, t, tiny, size);
  cr_assert_eq(strlen(tiny), size - 1);
  cr_assert_eq(tiny[size], 'x');
}

Test(sched_selector, tree_rules) {
  gnest_ctx dev = fake_device_ctx();
  char reason[256];
  gnest_tree t;
  memset(&t, 0, sizeof t);
  t.max_out_degree = 64;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_DESCENDANTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "tree max out-degree 64 > 32");
  t.max_out_degree = 32;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "tree max out-degree 32 <= 32");
  /* Deep and narrow and small: the host wins. */
  t.n = 60000;
  t.depth = 60000;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_SEQUENTIAL, reason);
  assert_contains(reason, "deep, narrow tree");
  assert_contains(reason, "60000 nodes < 65536");
  t.depth = 0;
  expect_short_reason(&dev, &t, 4);
}

/* Deep, narrow trees of 65,536 nodes and more go to the GPU (the Euler tour), backend by the
 * out-degree rule as other trees; smaller ones, and wide ones, as before. */
Test(sched_selector, deep_trees_go_to_the_gpu_from_65536_nodes) {
  gnest_ctx dev = fake_device_ctx();
  char reason[256];
  gnest_tree t;
  memset(&t, 0, sizeof t);
  t.n = 65535; /* a chain: one child per node */
  t.depth = t.n;
  t.max_out_degree = 1;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_DESCENDANTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_SEQUENTIAL, reason);
  t.n = t.depth = 65536;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_DESCENDANTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_UNIFORM, reason);
  assert_contains(reason, "deep, narrow tree of 65536 nodes >= 65536 (1.0 nodes per level): "
                          "GPU, euler tour; tree max out-degree 1 <= 32");
  /* A 10^7-node broom: half handle, half bristles on its last node. */
  t.n = 10000000;
  t.depth = 5000001;
  t.max_out_degree = 5000000;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_SKEWED_IN_GRID, reason);
  assert_contains(reason, "euler tour; tree max out-degree 5000000 > 32");
  /* 1,024 nodes per level on average is not narrow: the out-degree rule alone. */
  t.n = 1024 * 1000;
  t.depth = 1000;
  t.max_out_degree = 2;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_UNIFORM, reason);
  cr_assert_null(strstr(reason, "euler"), "%s", reason);
  /* Above the tour's limit a deep, narrow tree stays on the host. */
  t.n = GN_EULER_MAX_NODES + 1;
  t.depth = t.n;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_SEQUENTIAL, reason);
  assert_contains(reason, "1073741824 nodes > 1073741823, more than the GPU's euler tour takes");
  t.n = GN_EULER_MAX_NODES;
  expect_pick(
      gn_select_backend(&dev, ROW(GNEST_ALGO_TREE_HEIGHTS), NULL, &t, reason, sizeof reason),
      GN_ROLE_UNIFORM, reason);
  t.n = t.depth = 1024 * 1000; /* the new path's reason */
  expect_short_reason(&dev, &t, 5);
}

/* The traversals' threshold when none is given (run.c): the power of two nearest the mean degree
 * (the switch at the geometric mean of two neighbours), within 8 .. 32. */
Test(sched_call, traversal_threshold_from_the_mean_degree) {
  cr_assert_eq(gn_traversal_threshold(0, 0), 32, "no vertex");
  cr_assert_eq(gn_traversal_threshold(100, 0), 8, "no arc");
  cr_assert_eq(gn_traversal_threshold(325557, 3216152), 8, "cnr-2000: mean 9.9");
  cr_assert_eq(gn_traversal_threshold(1000, 11313), 8, "mean 11.313, just below 8 sqrt 2");
  cr_assert_eq(gn_traversal_threshold(1000, 11314), 16, "mean 11.314, just above 8 sqrt 2");
  cr_assert_eq(gn_traversal_threshold(1048576, 31401382), 32, "rmat20: mean 29.9");
  cr_assert_eq(gn_traversal_threshold(10, 100000), 32, "mean 10000: at most 32");
}

/* base.h's bit width, which io's digit widths and MST's key layout share. */
Test(sched_call, bit_width) {
  cr_assert_eq(gn_bit_width(0), 0);
  cr_assert_eq(gn_bit_width(1), 1);
  cr_assert_eq(gn_bit_width(2), 2);
  cr_assert_eq(gn_bit_width(3), 2);
  cr_assert_eq(gn_bit_width(64), 7, "the suite's largest weight");
  cr_assert_eq(gn_bit_width(1070375), 21, "USA-road-FLA's largest vertex id");
  cr_assert_eq(gn_bit_width(INT32_MAX), 31);
  cr_assert_eq(gn_bit_width(UINT32_MAX), 32);
  cr_assert_eq(gn_bit_width((uint64_t)1 << 40), 41);
  cr_assert_eq(gn_bit_width(UINT64_MAX), 64);
}

/* The traversals' lanes per item on flat when none are given (run.c): the smallest power of two
 * at least the arcs' mean degree mean (1 + cv^2), 1 .. 32. */
Test(sched_call, traversal_lanes_from_the_degrees) {
  cr_assert_eq(gn_traversal_lanes(0.0, 0.0), 1, "no arc");
  cr_assert_eq(gn_traversal_lanes(1.0, 0.0), 1, "a cycle: 1 arc each");
  cr_assert_eq(gn_traversal_lanes(1.0, 0.1), 2, "arcs' mean 1.01");
  cr_assert_eq(gn_traversal_lanes(2.511, 0.38), 4, "USA-road-FLA: arcs' mean 2.9");
  cr_assert_eq(gn_traversal_lanes(4.0, 0.0), 4, "a 2-d grid's interior: exactly 4");
  cr_assert_eq(gn_traversal_lanes(9.879, 2.079), 32, "cnr-2000: arcs' mean 52.6");
  cr_assert_eq(gn_traversal_lanes(29.9, 8.58), 32, "rmat20: at most 32");
}

/* The reason is never cut unmarked: an addition that does not fit keeps itself whole and cuts
 * the text before it with "..."; one longer than the whole reason keeps its start, ending in "...".
 */
Test(sched_call, reason_additions_are_never_cut_unmarked) {
  gn_call call;
  memset(&call, 0, sizeof call);
  const size_t cap = sizeof call.reason;
  snprintf(call.reason, cap, "forced by caller");
  gn_reason_appendf(&call, "; threshold %d (mean degree %.1f)", 8, 2.5);
  cr_assert_str_eq(call.reason, "forced by caller; threshold 8 (mean degree 2.5)");
  char tail[sizeof call.reason - 60]; /* fits beside the 47 bytes above, with 13 to spare */
  memset(tail, 'x', sizeof tail - 1);
  tail[0] = ';';
  tail[sizeof tail - 1] = '\0';
  const size_t before = strlen(call.reason);
  gn_reason_appendf(&call, "%s", tail);
  cr_assert_eq(strlen(call.reason), before + strlen(tail));
  gn_reason_appendf(&call, "; freelaunch T2: the end"); /* does not fit */
  const size_t len = strlen(call.reason);
  cr_assert_eq(len, cap - 1, "%zu", len);
  const char *end = "...; freelaunch T2: the end";
  cr_assert_str_eq(call.reason + len - strlen(end), end, "%s", call.reason);
  cr_assert(strncmp(call.reason, "forced by caller", 16) == 0, "%s", call.reason);
  char huge[sizeof call.reason + 100];
  memset(huge, 'y', sizeof huge - 1);
  huge[sizeof huge - 1] = '\0';
  gn_reason_appendf(&call, "%s", huge);
  cr_assert_eq(strlen(call.reason), cap - 1);
  cr_assert_eq(call.reason[0], 'y');
  cr_assert_str_eq(call.reason + cap - 4, "...", "%s", call.reason);
}

/* The method words the reason says are the ones gnest_options_parse reads, by enum value; the
 * reason's method note has one form for coloring and TC. */
Test(sched_call, method_words_and_note) {
  for (int m = 0; m <= 2; m++) { /* both enums: auto, then the two methods */
    char words[96];
    snprintf(words, sizeof words, "color_method=%s tc_method=%s",
             gn_color_method_word((gnest_color_method)m), gn_tc_method_word((gnest_tc_method)m));
    gnest_options o;
    gnest_options_init(&o);
    cr_assert_eq(gnest_options_parse(&o, words), GNEST_OK, "%s", words);
    cr_assert(o.color_method == (gnest_color_method)m && o.tc_method == (gnest_tc_method)m, "%s",
              words);
  }
  cr_assert_str_eq(gn_tc_method_word((gnest_tc_method)3), "?");
  cr_assert_str_eq(gn_color_method_word((gnest_color_method)-1), "?");
  gn_call call;
  memset(&call, 0, sizeof call);
  snprintf(call.reason, sizeof call.reason, "selector: flat");
  gn_note_method(&call, "tc_method", "auto", "search", "no vertex has more than 8 arcs");
  cr_assert_str_eq(
      call.reason,
      "selector: flat; method: search (tc_method=auto): no vertex has more than 8 arcs");
  snprintf(call.reason, sizeof call.reason, "forced by caller");
  gn_note_method(&call, "color_method", "rounds", "rounds", NULL);
  cr_assert_str_eq(call.reason, "forced by caller; method: rounds (color_method=rounds)");
}
