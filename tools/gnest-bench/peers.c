/* gnest-bench's peer table: the best peer time per (input, algorithm), with who the peer is, its
 * timer, device, date and source. One tab-separated text format (bench/README.md, "The peer
 * table"), read by one parser: from bench/peers.tsv as the Makefile compiled it into the tool, or
 * from the file given with --peers. A malformed line is an error naming the file and the line. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* Written by the Makefile from bench/peers.tsv (build/gen/bench_peers.c). */
extern const char bench_peers_compiled_path[];
extern const char bench_peers_compiled_text[];

#define PEERS_MAX_BYTES (1 << 20)

/* The columns, in order; the last one (note) may be left out. */
enum { COL_INPUT, COL_ALGO, COL_MS, COL_PEER, COL_TIMER, COL_DEVICE, COL_DATE, COL_SOURCE, COL_NOTE,
       COL_COUNT };
static const char *const columns[COL_COUNT] = {"input", "algorithm", "ms", "peer", "timer",
                                               "device", "date", "source", "note"};

/* Where an error is written: "PATH:LINE: what was expected". */
typedef struct peers_error {
  const char *path;
  int line;
  char *text;
  size_t size;
} peers_error;

static int fail(const peers_error *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(const peers_error *e, const char *fmt, ...) {
  int used = snprintf(e->text, e->size, "%s:%d: ", e->path, e->line);
  if (used < 0 || (size_t)used >= e->size) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->text + used, e->size - (size_t)used, fmt, ap);
  va_end(ap);
  return -1;
}

static char *trim(char *s) {
  while (*s == ' ') s++;
  size_t len = strlen(s);
  while (len > 0 && s[len - 1] == ' ') s[--len] = '\0';
  return s;
}

static int count_fields(const char *line) {
  int n = 1;
  for (; *line; line++) n += *line == '\t';
  return n;
}

static int check_field_count(const peers_error *e, const char *line) {
  int n = count_fields(line);
  if (n >= COL_COUNT - 1 && n <= COL_COUNT) return 0;
  return fail(e, "expected %d or %d tab-separated fields (input, algorithm, ms, peer, timer, "
                 "device, date, source[, note]), found %d%s",
              COL_COUNT - 1, COL_COUNT, n,
              n == 1 && strchr(line, ' ') ? " (are the fields separated by spaces instead of tabs?)" : "");
}

/* Splits a line of COL_COUNT - 1 or COL_COUNT fields at its tabs, trimming each; returns the count. */
static int split_fields(char *line, char *fields[COL_COUNT]) {
  int n = 0;
  for (char *p = line, *tab; n < COL_COUNT; p = tab + 1) {
    tab = strchr(p, '\t');
    if (tab) *tab = '\0';
    fields[n++] = trim(p);
    if (!tab) break;
  }
  return n;
}

static int check_header(const peers_error *e, char **fields, int n) {
  for (int i = 0; i < n; i++)
    if (strcmp(fields[i], columns[i]) != 0)
      return fail(e, "column %d of the header is '%.40s', expected '%s' (the header names the "
                     "columns input, algorithm, ms, peer, timer, device, date, source, note)",
                  i + 1, fields[i], columns[i]);
  return 0;
}

static int check_date(const peers_error *e, const char *s) {
  int ok = strlen(s) == 10 && s[4] == '-' && s[7] == '-';
  for (int i = 0; ok && i < 10; i++)
    if (i != 4 && i != 7) ok = s[i] >= '0' && s[i] <= '9';
  if (ok) {
    int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
    ok = month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }
  return ok ? 0 : fail(e, "field 7 (date): expected a date YYYY-MM-DD, found '%.40s'", s);
}

static int check_algorithm(const peers_error *e, const char *name, gnest_algorithm *algo) {
  if (gnest_algorithm_from_name(name, algo) == GNEST_OK) return 0;
  char names[256] = "";
  for (int a = 0; a < GNEST_ALGO_COUNT; a++) {
    size_t used = strlen(names);
    snprintf(names + used, sizeof names - used, "%s%s", a ? ", " : "",
             gnest_algorithm_name((gnest_algorithm)a));
  }
  return fail(e, "field 2 (algorithm): unknown algorithm '%.40s' (one of: %s)", name, names);
}

static int check_ms(const peers_error *e, const char *text, double *ms) {
  char *end = NULL;
  errno = 0;
  double v = strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !isfinite(v) || v <= 0)
    return fail(e, "field 3 (ms): expected a positive number of milliseconds, found '%.40s'", text);
  *ms = v;
  return 0;
}

/* Every field but the note must say something; the input name must fit gnest-bench's names. */
static int check_texts(const peers_error *e, char **fields) {
  for (int c = 0; c < COL_NOTE; c++)
    if (fields[c][0] == '\0') return fail(e, "field %d (%s) is empty", c + 1, columns[c]);
  if (strlen(fields[COL_INPUT]) >= BENCH_NAME_MAX)
    return fail(e, "field 1 (input) is longer than %d characters", BENCH_NAME_MAX - 1);
  return 0;
}

static int check_unique(const peers_error *e, const bench_peers *t, const bench_peer *p) {
  const bench_peer *seen = bench_peers_find(t, p->input, p->algo);
  if (!seen) return 0;
  return fail(e, "%s %s is already given on line %d (one line per input and algorithm)", p->input,
              gnest_algorithm_name(p->algo), seen->line);
}

static int add_cell(const peers_error *e, bench_peers *t, char **fields, int n) {
  bench_peer p = {.input = fields[COL_INPUT], .peer = fields[COL_PEER], .timer = fields[COL_TIMER],
                  .device = fields[COL_DEVICE], .date = fields[COL_DATE], .source = fields[COL_SOURCE],
                  .note = n > COL_NOTE ? fields[COL_NOTE] : "", .line = e->line};
  if (check_texts(e, fields) || check_algorithm(e, fields[COL_ALGO], &p.algo) ||
      check_ms(e, fields[COL_MS], &p.ms) || check_date(e, p.date) || check_unique(e, t, &p))
    return -1;
  if (t->count == t->cap) {
    int cap = t->cap ? 2 * t->cap : 32;
    bench_peer *grown = realloc(t->cells, (size_t)cap * sizeof *grown);
    if (!grown) return fail(e, "out of host memory");
    t->cells = grown;
    t->cap = cap;
  }
  t->cells[t->count++] = p;
  return 0;
}

/* One line that is neither blank nor a comment: the header first, then cells. */
static int parse_line(const peers_error *e, bench_peers *t, char *line, int *header_seen) {
  if (check_field_count(e, line)) return -1;
  char *fields[COL_COUNT];
  int n = split_fields(line, fields);
  if (*header_seen) return add_cell(e, t, fields, n);
  *header_seen = 1;
  return check_header(e, fields, n);
}

static int is_blank_or_comment(const char *line) {
  line += strspn(line, " \t");
  return *line == '\0' || *line == '#';
}

/* Splits t->text (len bytes) in place into lines and fields. */
static int parse_text(bench_peers *t, size_t len, peers_error *e) {
  const char *nul = memchr(t->text, '\0', len);
  int header_seen = 0;
  char *line = t->text;
  for (e->line = 1; line; e->line++) {
    char *next = strchr(line, '\n');
    if (nul && (!next || nul < next)) return fail(e, "unexpected NUL byte: not a text file");
    if (next) *next++ = '\0';
    size_t line_len = strlen(line);
    if (line_len > 0 && line[line_len - 1] == '\r') line[line_len - 1] = '\0';
    if (!is_blank_or_comment(line) && parse_line(e, t, line, &header_seen)) return -1;
    line = next && (size_t)(next - t->text) < len ? next : NULL;
  }
  e->line--;
  if (!header_seen)
    return fail(e, "expected the header line (input, algorithm, ms, peer, timer, device, date, "
                   "source, note; tab-separated), found the end of the file");
  return 0;
}

/* The whole file into a new NUL-terminated buffer; *len gets its size. */
static char *read_text(const char *path, size_t *len, char *err, size_t size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, size, "cannot open %s: %s", path, strerror(errno));
    return NULL;
  }
  char *buf = malloc(PEERS_MAX_BYTES + 1);
  size_t got = buf ? fread(buf, 1, PEERS_MAX_BYTES + 1, f) : 0;
  int bad = !buf || ferror(f);
  fclose(f);
  if (bad || got > PEERS_MAX_BYTES) {
    if (!buf) snprintf(err, size, "%s: out of host memory", path);
    else if (got > PEERS_MAX_BYTES) snprintf(err, size, "%s: larger than %d bytes: not a peer table", path, PEERS_MAX_BYTES);
    else snprintf(err, size, "cannot read %s", path);
    free(buf);
    return NULL;
  }
  buf[got] = '\0';
  *len = got;
  return buf;
}

int bench_peers_load(bench_peers *t, const char *path, char *err, size_t size) {
  memset(t, 0, sizeof *t);
  size_t len = 0;
  if (path) {
    t->text = read_text(path, &len, err, size);
    snprintf(t->origin, sizeof t->origin, "%s", path);
  } else {
    len = strlen(bench_peers_compiled_text);
    t->text = malloc(len + 1);
    if (t->text) memcpy(t->text, bench_peers_compiled_text, len + 1);
    else snprintf(err, size, "out of host memory");
    snprintf(t->origin, sizeof t->origin, "%s (compiled in)", bench_peers_compiled_path);
  }
  if (!t->text) return -1;
  peers_error e = {path ? path : bench_peers_compiled_path, 0, err, size};
  if (parse_text(t, len, &e) != 0) {
    bench_peers_free(t);
    return -1;
  }
  return 0;
}

const bench_peer *bench_peers_find(const bench_peers *t, const char *input, gnest_algorithm a) {
  for (int i = 0; i < t->count; i++)
    if (t->cells[i].algo == a && strcmp(t->cells[i].input, input) == 0) return &t->cells[i];
  return NULL;
}

void bench_peers_free(bench_peers *t) {
  free(t->cells);
  free(t->text);
  memset(t, 0, sizeof *t);
}
