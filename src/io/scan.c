/* Text cursor helpers shared by the parsers: line skipping, numbers, error messages. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "io/io_internal.h"

void gn_skip_line(gn_scan *s) {
  const char *nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
  if (nl) {
    s->p = nl + 1;
    s->line++;
  } else {
    s->p = s->end;
  }
}

int gn_skip_to_data(gn_scan *s, const char *comment_chars) {
  for (;;) {
    gn_skip_blanks(s);
    if (s->p >= s->end) return 0;
    char c = *s->p;
    if (c == '\n') {
      s->p++;
      s->line++;
    } else if (c != '\0' && strchr(comment_chars, c)) {
      gn_skip_line(s);
    } else {
      return 1;
    }
  }
}

int gn_scan_int(gn_scan *s, int64_t *value) {
  const char *start = s->p;
  int negative = 0;
  if (*s->p == '-' || *s->p == '+') {
    negative = *s->p == '-';
    s->p++;
  }
  uint64_t mag;
  if (!gn_scan_uint(s, &mag)) {
    s->p = start;
    return 0;
  }
  if (mag > (uint64_t)INT64_MAX) mag = (uint64_t)INT64_MAX;
  *value = negative ? -(int64_t)mag : (int64_t)mag;
  return 1;
}

/* Powers of ten exactly representable in a double. */
static const double kPow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Decimal grammar check and fast conversion. Returns the token end, or NULL when the text is not
 * a decimal number. *exact is 1 when *out is the correctly rounded double (Clinger's fast path: a
 * mantissa of at most 53 bits scaled by an exact power of ten is one correctly rounded step). */
static const char *parse_decimal(const gn_scan *s, const char *q, double *out, int *exact) {
  int negative = 0;
  if (*q == '-' || *q == '+') negative = *q++ == '-';
  uint64_t mant = 0;
  int sig_digits = 0, any_digit = 0;
  int64_t exp10 = 0;
  for (; gn_is_digit(*q); q++) {
    any_digit = 1;
    if (mant == 0 && *q == '0') continue; /* leading zeros are not significant */
    if (sig_digits < 19) mant = mant * 10u + (uint64_t)(*q - '0');
    else exp10++;
    sig_digits++;
  }
  if (*q == '.') {
    for (q++; gn_is_digit(*q); q++) {
      any_digit = 1;
      if (mant == 0 && *q == '0') { exp10--; continue; }
      if (sig_digits < 19) { mant = mant * 10u + (uint64_t)(*q - '0'); exp10--; }
      sig_digits++;
    }
  }
  if (!any_digit) return NULL;
  if (*q == 'e' || *q == 'E') {
    q++;
    int exp_negative = 0;
    if (*q == '-' || *q == '+') exp_negative = *q++ == '-';
    if (!gn_is_digit(*q)) return NULL;
    int64_t e = 0;
    for (; gn_is_digit(*q); q++)
      if (e < 100000) e = e * 10 + (*q - '0');
    exp10 += exp_negative ? -e : e;
  }
  if (!gn_is_token_end(s, q)) return NULL;
  *exact = 0;
  if (sig_digits <= 19 && mant <= (1ull << 53) && exp10 >= -22 && exp10 <= 22) {
    double d = (double)mant; /* exact */
    d = exp10 >= 0 ? d * kPow10[exp10] : d / kPow10[-exp10]; /* one correctly rounded step */
    *out = negative ? -d : d;
    *exact = 1;
  }
  return q;
}

/* The token at s->p spells an infinity or a NaN as strtod would read it ("inf", "-Infinity",
 * "nan"). */
static int is_nonfinite_word(const gn_scan *s) {
  const char *q = s->p;
  if (*q == '-' || *q == '+') q++;
  static const char *const words[] = {"infinity", "inf", "nan"};
  for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
    const size_t len = strlen(words[k]);
    if (strncasecmp(q, words[k], len) == 0 && gn_is_token_end(s, q + len)) return 1;
  }
  return 0;
}

gnest_status gn_scan_weight(gn_scan *s, double *value, const char *what) {
  double v = 0.0;
  int exact = 0;
  const char *q = parse_decimal(s, s->p, &v, &exact);
  char tok[48];
  if (!q) {
    if (!is_nonfinite_word(s)) return gn_scan_expected(s, what);
    return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                    "weight '%s' is not a finite number", gn_token_text(s, tok, sizeof tok));
  }
  if (!exact) { /* rare: long mantissa or large exponent */
    char *endp = NULL;
    v = strtod(s->p, &endp);
    if (endp != q) return gn_scan_expected(s, what);
    if (!isfinite(v))
      return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line,
                      "weight '%s' is beyond the range of double (magnitude at most %.17g)",
                      gn_token_text(s, tok, sizeof tok), DBL_MAX);
  }
  *value = v;
  s->p = q;
  return GNEST_OK;
}

/* Copies the text from start up to the end of the token that begins at last (at most size-1
 * characters, non-printables but TAB as '?', "..." where cut). */
static const char *text_through_token(const gn_scan *s, const char *start, const char *last,
                                      char *buf, size_t size) {
  size_t k = 0;
  const char *q = start;
  while (k + 1 < size && (q < last || !gn_is_token_end(s, q))) {
    unsigned char c = (unsigned char)*q++;
    buf[k++] = (c >= 0x20 && c < 0x7f) || c == '\t' ? (char)c : '?';
  }
  buf[k] = '\0';
  const int cut = q < last || !gn_is_token_end(s, q);
  if (cut && k >= 3) memcpy(buf + k - 3, "...", 3); /* show it */
  return buf;
}

const char *gn_token_text(const gn_scan *s, char *buf, size_t size) {
  return text_through_token(s, s->p, s->p, buf, size);
}

gnest_status gn_negative_weight(gn_scan *s, const char *entry, const char *u, const char *v,
                                const char *w) {
  char tu[32], tv[32], tw[48], line[96];
  return gn_error(s->ctx, GNEST_ERR_INVALID_INPUT, s->path, s->line,
                  "arc %s -> %s has weight %s (as written: '%s'); refuse_negative_weights asks "
                  "for weights >= 0",
                  text_through_token(s, u, u, tu, sizeof tu),
                  text_through_token(s, v, v, tv, sizeof tv),
                  text_through_token(s, w, w, tw, sizeof tw),
                  text_through_token(s, entry, w, line, sizeof line));
}

gnest_status gn_scan_expected(gn_scan *s, const char *what) {
  if (s->p >= s->end) return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "%s, found end of file", what);
  if (*s->p == '\n') return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "%s, found end of line", what);
  char tok[48];
  return gn_error(s->ctx, GNEST_ERR_PARSE, s->path, s->line, "%s, found '%s'", what,
                  gn_token_text(s, tok, sizeof tok));
}
