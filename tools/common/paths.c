/* File-name helpers shared by the tools (see paths.h). */
#include <string.h>
#include <strings.h>

#include "paths.h"

int gn_has_suffix(const char *path, const char *suffix) {
  size_t lp = strlen(path), ls = strlen(suffix);
  return lp >= ls && strcasecmp(path + lp - ls, suffix) == 0;
}

int gn_is_tree_path(const char *path) {
  return gn_has_suffix(path, ".tree") || gn_has_suffix(path, ".tree.gz") ||
         gn_has_suffix(path, ".tree.xz");
}
