/* gnest-cli: the commands and their usage texts (flags are listed from the table in args.c). */

#include "cli.h"
#include "common/wrap.h"

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
  [CMD_BACKENDS] = {"backends", "[NAME]", "the backends of this build: where they run, what they read, their tests",
                    "One line per backend, from the library's registry: its name (for --backend), built or\n"
                    "planned, where it runs (host, device, device launches; the selector picks one of the\n"
                    "others), the --options keys it reads, the option configurations its tests cover (each\n"
                    "one runnable as --backend NAME --options \"CONFIGURATION\") and what it does.\n"
                    "With NAME: that backend alone, and each of its own settings (--options KEY=VALUE):\n"
                    "the values it takes, its default and what it does."},
};

void cli_print_usage(FILE *f) {
  fprintf(f,
          "gnest-cli %s: graph and tree analytics on NVIDIA GPUs (CPU fallback without one)\n\n"
          "usage: gnest-cli COMMAND FILE [options]\n"
          "       gnest-cli COMMAND --help    every flag of COMMAND\n"
          "       gnest-cli backends [NAME] [--json]\n"
          "       gnest-cli --version\n\ncommands:\n",
          GNEST_VERSION_STRING);
  for (int c = 0; c < CMD_COUNT; ++c)
    fprintf(f, "  %-17s %s\n", cli_commands[c].name, cli_commands[c].summary);
  fputs("\nInputs: Matrix Market (.mtx), DIMACS (.gr), edge lists (.txt .el .csv .tsv .edges), tree\n"
        "files (.tree), binary cache (.gnest); .gz and .xz are read directly. Vertex ids are 0-based.\n"
        "Exit status: 0 success, 1 failure (one line on stderr), 2 usage error, 3 --compare found a\n"
        "backend that disagrees with the CPU reference.\n",
        f);
}

void cli_print_command_usage(FILE *f, cli_cmd cmd) {
  const cli_command *c = &cli_commands[cmd];
  fprintf(f, "gnest-cli %s: %s\n\nusage: gnest-cli %s %s%s[options]\n\noptions:\n", c->name,
          c->summary, c->name, c->operands, c->operands[0] ? " " : "");
  for (int i = 0; i < cli_flag_count; ++i) {
    const cli_flag *fl = &cli_flags[i];
    if (!(fl->commands & CLI_BIT(cmd))) continue;
    char left[40];
    snprintf(left, sizeof left, "%s%s%s", fl->name, fl->arg ? " " : "", fl->arg ? fl->arg : "");
    char help[1024];
    fprintf(f, "  %-20s ", left);
    gn_print_wrapped(f, cli_flag_help(fl, help, sizeof help), 23, 100);
  }
  if (c->notes) fprintf(f, "\n%s\n", c->notes);
}
