/* BFS from vertex 0 of a graph file, on the GPU when there is one, else on the CPU. */
#include <gnest.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s GRAPH\n", argv[0]);
    return 2;
  }
  gnest_ctx *ctx = NULL;
  gnest_graph *g = NULL;
  int32_t *levels = NULL;
  gnest_info info;
  gnest_status st = gnest_ctx_create(&ctx, NULL); /* device 0, or the CPU */
  if (st == GNEST_OK) st = gnest_graph_load(ctx, argv[1], NULL, &g); /* format from the name */
  if (st == GNEST_OK) {
    levels = malloc(sizeof *levels * (size_t)gnest_graph_num_vertices(g));
    st = levels ? gnest_bfs(ctx, g, 0, levels, NULL, &info) /* NULL options: auto */
                : GNEST_ERR_OUT_OF_MEMORY;
  }
  if (st == GNEST_OK) {
    int32_t n = gnest_graph_num_vertices(g), reached = 0;
    for (int32_t v = 0; v < n; v++) reached += levels[v] >= 0;
    printf("reached %d of %d vertices on %s\n", reached, n, gnest_ctx_device_name(ctx));
    printf("backend %s (%s): %.3f ms\n", info.backend_name, info.reason, info.time_ms);
  } else {
    fprintf(stderr, "%s: %s\n", gnest_strerror(st), gnest_last_error_string(ctx));
  }
  free(levels);
  gnest_graph_free(g);
  gnest_ctx_free(ctx);
  return st == GNEST_OK ? 0 : 1;
}
