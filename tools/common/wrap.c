/* Words wrapped to a width (wrap.h). */
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
