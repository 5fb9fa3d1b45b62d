/* gnest-cli backends: the library's backend registry (gnest_backend_describe), one line or one
 * JSON object per backend, in registry order. Needs no input and no context. */
#include <string.h>

#include "common/backends.h"
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
  cli_json_key(j, "summary"); cli_json_str(j, d->summary);
  cli_json_close(j, '}');
}

int cli_cmd_backends(const cli_args *a) {
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
