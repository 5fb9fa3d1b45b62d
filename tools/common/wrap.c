/* Words wrapped to a width, lists of choices (wrap.h). */
#include "wrap.h"

#include <string.h>

void gn_print_wrapped(FILE *f, const char *text, int indent, int width) {
  int col = indent;
  while (*text == ' ') ++text;
  while (*text) {
    int word = (int)strcspn(text, " ");
    if (col > indent && col + 1 + word > width) {
      fprintf(f, "\n%*s", indent, "");
      col = indent;
    } else if (col > indent) {
      fputc(' ', f);
      col++;
    }
    fprintf(f, "%.*s", word, text);
    col += word;
    text += word;
    while (*text == ' ') ++text;
  }
  fputc('\n', f);
}

const char *gn_words_as_choices(const char *words, char *buf, size_t size) {
  size_t len = 0;
  if (size == 0) return buf;
  buf[0] = '\0';
  while (*words == ' ') ++words;
  while (*words && len < size) {
    const int word = (int)strcspn(words, " ");
    const char *rest = words + word;
    while (*rest == ' ') ++rest;
    const char *sep = len == 0 ? "" : *rest ? ", " : " or ";
    const int w = snprintf(buf + len, size - len, "%s%.*s", sep, word, words);
    if (w < 0) break;
    len += (size_t)w;
    words = rest;
  }
  return buf;
}
