/* gnest-cli: the command table, what the parser (args.c), the input loading and the usage texts
 * (usage.c) read of each command. */
#include "cli.h"

/* Usage text shared by the commands that take their input as undirected / as a tree. */
#define UNDIRECTED_INPUT                                                                     \
  "The input is taken as undirected (symmetrized while loading; --no-symmetrize keeps it as\n" \
  "stored, and then it must be symmetric). "
#define TREE_INPUT                                                                          \
  "FILE is a tree file (*.tree, .gz/.xz allowed: node count, then the parent of each\n"      \
  "node, -1 for the root), or any graph file with --root N whose edges, taken as\n"          \
  "undirected, form a spanning tree. --output: one value per line."

const cli_command cli_commands[CMD_COUNT] = {
  [CMD_BFS] = {"bfs", "FILE", "breadth-first search: level of every vertex from a source",
               "Arcs are followed as stored (directed). --output: one level per line, -1 when unreachable."},
  [CMD_SSSP] = {"sssp", "FILE", "single-source shortest paths (float weights; unweighted graphs use weight 1)",
                "A negative weight is an error. --output: one distance per line (%.9g), inf when unreachable."},
  [CMD_BC] = {"bc", "FILE", "betweenness centrality (Brandes, unweighted, arcs as stored)",
              "Sources: all vertices by default (O(n m): slow on large graphs), or --source, --sources or\n"
              "--samples. An undirected graph stored both ways gives twice the undirected value.\n"
              "--output: one value per line (%.17g)."},
  [CMD_COLOR] = {"color", "FILE", "greedy vertex coloring, largest degree first",
                 UNDIRECTED_INPUT "--output: one color per line."},
  [CMD_MST] = {"mst", "FILE", "minimum spanning forest (unweighted graphs use weight 1)",
               UNDIRECTED_INPUT "--output: one forest edge 'u v weight' per line (u < v)."},
  [CMD_TC] = {"tc", "FILE", "triangle counting, each triangle once",
              UNDIRECTED_INPUT "--output: the total on the first line, then the\n"
              "triangles of each vertex, one per line."},
  [CMD_TREE_DESCENDANTS] = {"tree-descendants", "FILE", "subtree size of every node (itself included)",
                            TREE_INPUT},
  [CMD_TREE_HEIGHTS] = {"tree-heights", "FILE", "height of every node's subtree (a leaf has height 1)",
                        TREE_INPUT},
  [CMD_STATS] = {"stats", "FILE", "out-degree statistics of a graph; depth and per-level profile of a tree",
                 "Tree statistics are printed for tree files, and with --tree for a graph rooted at --root\n"
                 "(default 0)."},
  [CMD_CONVERT] = {"convert", "IN OUT", "convert a graph file: OUT's name picks the format",
                   "OUT ending .gnest: binary CSR cache (loads at disk speed); .mtx: Matrix Market\n"
                   "coordinate, general; any other name: edge list 'u v [w]', 0-based. The load flags apply\n"
                   "to IN (e.g. --symmetrize, --drop-self-loops). A tree file (*.tree) converts to a .tree file."},
  [CMD_BACKENDS] = {"backends", "", "the backends of this build: where they run, what they read, their tests",
                    "One line per backend, from the library's registry: its name (for --backend), built or\n"
                    "planned, where it runs (host, device, device launches; the selector picks one of the\n"
                    "others), the --options keys it reads, the option configurations its tests cover (each\n"
                    "one runnable as --backend NAME --options \"CONFIGURATION\") and what it does."},
};
