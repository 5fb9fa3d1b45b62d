/* File-name helpers shared by gnest-cli, gnest-gen and gnest-bench. */
#ifndef GNEST_TOOLS_PATHS_H
#define GNEST_TOOLS_PATHS_H

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when path ends with suffix, ASCII case-insensitive (as the library's loaders match names:
 * "G.MTX.GZ" is a gzip-compressed Matrix Market file), else 0. */
int gn_has_suffix(const char *path, const char *suffix);

/* 1 when path names a tree file: .tree, .tree.gz or .tree.xz (any case). */
int gn_is_tree_path(const char *path);

#ifdef __cplusplus
}
#endif
#endif
