/* Help texts of gnest-cli and gnest-bench: words wrapped to a width. */
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

#ifdef __cplusplus
}
#endif
#endif
