/* Help texts of gnest-cli and gnest-bench: words wrapped to a width, lists of choices. */
#ifndef GNEST_TOOLS_WRAP_H
#define GNEST_TOOLS_WRAP_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Prints text (words separated by spaces) and a newline, wrapped before column width; the first
 * line continues the caller's, which stands at column indent; later lines are indented by indent
 * spaces. A word longer than a line stands alone on its line. */
void gn_print_wrapped(FILE *f, const char *text, int indent, int width);

/* "auto, levels or euler" from the space-separated words "auto levels euler", into buf (cut at
 * size). Returns buf. */
const char *gn_words_as_choices(const char *words, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
