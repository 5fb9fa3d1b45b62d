/* Corpus replay without libFuzzer (no clang): runs LLVMFuzzerTestOneInput once on each file named
 * on the command line, as a libFuzzer binary does when given files. Built with cc, without
 * sanitizers: it catches the harness's broken promises and plain crashes, not silent overflows. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 1;
  }
  size_t cap = 1 << 16, size = 0, got;
  uint8_t *data = malloc(cap);
  while (data && (got = fread(data + size, 1, cap - size, f)) > 0) {
    size += got;
    if (size == cap) {
      uint8_t *bigger = realloc(data, cap *= 2);
      if (!bigger) free(data);
      data = bigger;
    }
  }
  int failed = !data || ferror(f);
  fclose(f);
  if (failed) {
    fprintf(stderr, "%s: cannot read\n", path);
    free(data);
    return 1;
  }
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 0;
}

int main(int argc, char **argv) {
  int failures = 0;
  for (int i = 1; i < argc; i++) failures += replay(argv[i]);
  printf("replayed %d inputs\n", argc - 1 - failures);
  return failures ? 1 : 0;
}
