/* gnest-cli: a minimal streaming JSON writer (commas, escaping, non-finite numbers as null). */
#include <inttypes.h>
#include <math.h>

#include "cli.h"
#include "common/result.h"

void cli_json_init(cli_json *j, FILE *f) {
  j->f = f;
  j->depth = 0;
  j->first[0] = 1;
  j->after_key = 0;
}

/* Separator before a value or a key: none right after a key or at the start of a container. */
static void before_item(cli_json *j) {
  if (j->after_key) {
    j->after_key = 0;
    return;
  }
  if (!j->first[j->depth]) fputc(',', j->f);
  j->first[j->depth] = 0;
}

void cli_json_open(cli_json *j, char bracket) {
  before_item(j);
  fputc(bracket, j->f);
  if (j->depth + 1 < (int)(sizeof j->first / sizeof j->first[0])) j->depth++;
  j->first[j->depth] = 1;
}

void cli_json_close(cli_json *j, char bracket) {
  fputc(bracket, j->f);
  if (j->depth > 0) j->depth--;
  if (j->depth == 0) fputc('\n', j->f);
}

static void write_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; ++p) {
    switch (*p) {
      case '"': fputs("\\\"", f); break;
      case '\\': fputs("\\\\", f); break;
      case '\n': fputs("\\n", f); break;
      case '\r': fputs("\\r", f); break;
      case '\t': fputs("\\t", f); break;
      default:
        if (*p < 0x20) fprintf(f, "\\u%04x", *p);
        else fputc(*p, f);
    }
  }
  fputc('"', f);
}

void cli_json_key(cli_json *j, const char *key) {
  before_item(j);
  write_string(j->f, key);
  fputc(':', j->f);
  j->after_key = 1;
}

void cli_json_str(cli_json *j, const char *s) {
  before_item(j);
  write_string(j->f, s);
}

void cli_json_i64(cli_json *j, int64_t v) {
  before_item(j);
  fprintf(j->f, "%" PRId64, v);
}

void cli_json_u64(cli_json *j, uint64_t v) {
  before_item(j);
  fprintf(j->f, "%" PRIu64, v);
}

void cli_json_f64(cli_json *j, double v) {
  before_item(j);
  char digits[40];
  if (isfinite(v)) fputs(gn_result_number(digits, sizeof digits, v), j->f); /* exact, shortest */
  else fputs("null", j->f);
}

void cli_json_bool(cli_json *j, int v) {
  before_item(j);
  fputs(v ? "true" : "false", j->f);
}

void cli_json_null(cli_json *j) {
  before_item(j);
  fputs("null", j->f);
}

void cli_json_number(cli_json *j, const char *digits) {
  before_item(j);
  fputs(digits, j->f);
}
