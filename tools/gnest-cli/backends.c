/* gnest-cli backends [NAME]: the library's backend registry (gnest_backend_describe), one line or
 * one JSON object per backend, in registry order; with NAME that backend alone, its settings
 * (gnest_backend_setting) in full. Needs no input and no context. */
#include <string.h>

#include "common/backends.h"
#include "common/wrap.h"
#include "cli.h"

/* The k-th test configuration's label of b ("" when the registry has none). */
static const char *config_label(gnest_backend b, int k, char *buf, size_t size) {
  gnest_options o;
  if (gnest_backend_config(b, k, &o, buf, size) != GNEST_OK) buf[0] = '\0';
  return buf;
}

static const char *status_text(gn_backend_kind k) { return k == GN_KIND_PLANNED ? "planned" : "built"; }

static void print_line(FILE *f, const gnest_backend_desc *d) {
  gn_backend_kind k = gn_backend_kind_of(d->backend);
  fprintf(f, "%-12s %-7s %-15s options: %s  configs:", d->name, status_text(k),
          k == GN_KIND_PLANNED ? "-" : gn_backend_kind_text(k), d->options[0] ? d->options : "-");
  for (int c = 0; c < d->num_configs; ++c) {
    char label[256];
    fprintf(f, " \"%s\"", config_label(d->backend, c, label, sizeof label));
  }
  fprintf(f, "%s  summary: %s\n", d->num_configs ? "" : " -", d->summary);
}

/* The space-separated words of text as a JSON array of strings. */
static void json_words(cli_json *j, const char *text) {
  cli_json_open(j, '[');
  while (*text) {
    size_t len = strcspn(text, " ");
    char word[64];
    if (len > 0 && len < sizeof word) {
      memcpy(word, text, len);
      word[len] = '\0';
      cli_json_str(j, word);
    }
    text += len;
    text += strspn(text, " ");
  }
  cli_json_close(j, ']');
}

static void json_setting(cli_json *j, const gnest_setting_desc *s) {
  cli_json_open(j, '{');
  cli_json_key(j, "key"); cli_json_str(j, s->key);
  cli_json_key(j, "type"); cli_json_str(j, s->type);
  cli_json_key(j, "min"); cli_json_i64(j, s->min);
  cli_json_key(j, "max"); cli_json_i64(j, s->max);
  if (s->words[0]) { cli_json_key(j, "words"); json_words(j, s->words); }
  cli_json_key(j, "values"); cli_json_str(j, s->values);
  cli_json_key(j, "default"); cli_json_str(j, s->default_value);
  cli_json_key(j, "help"); cli_json_str(j, s->help);
  cli_json_close(j, '}');
}

static void json_backend(cli_json *j, const gnest_backend_desc *d) {
  gn_backend_kind k = gn_backend_kind_of(d->backend);
  cli_json_open(j, '{');
  cli_json_key(j, "backend"); cli_json_str(j, d->name);
  cli_json_key(j, "status"); cli_json_str(j, status_text(k));
  cli_json_key(j, "runs_on");
  if (k == GN_KIND_PLANNED) cli_json_null(j); else cli_json_str(j, gn_backend_kind_text(k));
  cli_json_key(j, "needs_device"); cli_json_bool(j, d->needs_device);
  cli_json_key(j, "device_launches"); cli_json_bool(j, d->device_launches);
  cli_json_key(j, "options"); json_words(j, d->options);
  cli_json_key(j, "configs");
  cli_json_open(j, '[');
  for (int c = 0; c < d->num_configs; ++c) {
    char label[256];
    cli_json_str(j, config_label(d->backend, c, label, sizeof label));
  }
  cli_json_close(j, ']');
  cli_json_key(j, "settings");
  cli_json_open(j, '[');
  for (int k = 0; k < d->num_settings; ++k) {
    gnest_setting_desc sd;
    if (gnest_backend_setting(d->backend, k, &sd) == GNEST_OK) json_setting(j, &sd);
  }
  cli_json_close(j, ']');
  cli_json_key(j, "summary"); cli_json_str(j, d->summary);
  cli_json_close(j, '}');
}

/* One backend in full: what it is, the keys it reads, each of its settings, its configurations. */
static void print_backend(FILE *f, const gnest_backend_desc *d) {
  gn_backend_kind k = gn_backend_kind_of(d->backend);
  fprintf(f, "%s: %s, %s\n  ", d->name, status_text(k),
          k == GN_KIND_PLANNED ? "not built yet" : gn_backend_kind_text(k));
  gn_print_wrapped(f, d->summary, 2, 100);
  fprintf(f, "options: %s\n", d->options[0] ? d->options : "-");
  if (d->num_settings > 0)
    fputs("settings (--options KEY=VALUE; a backend ignores the settings it does not read):\n", f);
  for (int s = 0; s < d->num_settings; ++s) {
    gnest_setting_desc sd;
    if (gnest_backend_setting(d->backend, s, &sd) != GNEST_OK) continue;
    char head[160];
    snprintf(head, sizeof head, "%s: %s (default: %s)", sd.key, sd.values, sd.default_value);
    fputs("  ", f);
    gn_print_wrapped(f, head, 2, 100);
    fputs("      ", f);
    gn_print_wrapped(f, sd.help, 6, 100);
  }
  if (d->num_configs > 0)
    fprintf(f, "test configurations (--backend %s --options \"CONFIGURATION\"):\n", d->name);
  for (int c = 0; c < d->num_configs; ++c) {
    char label[256];
    fprintf(f, "  %s\n", config_label(d->backend, c, label, sizeof label));
  }
}

/* gnest-cli backends NAME. */
static int describe_one(const cli_args *a) {
  gnest_backend b;
  gnest_backend_desc d;
  if (gnest_backend_from_name(a->input, &b) != GNEST_OK) {
    char names[512];
    return cli_usage_error("backends: unknown backend '%s' (one of: %s)", a->input,
                           gn_backend_choices(names, sizeof names));
  }
  gnest_status st = gnest_backend_describe(b, &d);
  if (st != GNEST_OK) return cli_fail(a, NULL, st);
  if (a->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    json_backend(&j, &d);
  } else {
    print_backend(stdout, &d);
  }
  return CLI_EXIT_OK;
}

int cli_cmd_backends(const cli_args *a) {
  if (a->input) return describe_one(a);
  cli_json j;
  cli_json_init(&j, stdout);
  if (a->json) cli_json_open(&j, '[');
  for (int b = 0; b < GNEST_BACKEND_COUNT; ++b) {
    gnest_backend_desc d;
    gnest_status st = gnest_backend_describe((gnest_backend)b, &d);
    if (st != GNEST_OK) return cli_fail(a, NULL, st);
    if (a->json) json_backend(&j, &d);
    else print_line(stdout, &d);
  }
  if (a->json) cli_json_close(&j, ']');
  return CLI_EXIT_OK;
}
