/* gnest-cli: the command table, what the parser (args.c), the input loading and the usage texts
 * (usage.c) read of each command: the algorithm commands from the library's algorithm registry,
 * then the tool's own. */
#include <stdio.h>

#include "cli.h"

/* The input paragraph of an algorithm command, by what its registry row says of its input. */
#define UNDIRECTED_INPUT                                                                        \
  "The input is taken as undirected (symmetrized while loading; --no-symmetrize keeps it as "   \
  "stored, and then it must be symmetric)."
#define TREE_INPUT                                                                              \
  "FILE is a tree file (*.tree, .gz/.xz allowed: node count, then the parent of each node, -1 " \
  "for the root), or any graph file with --root N whose edges, taken as undirected, form a "    \
  "spanning tree."
/* --source, --sources and --samples: the sources of a GNEST_SOURCES_SET algorithm. */
#define SOURCE_SET_INPUT                                                                        \
  "Sources: all vertices by default (O(n m): slow on large graphs), or --source, --sources or " \
  "--samples."

/* The tool's own commands, after the algorithms' (cli_cmd order). */
static const cli_command tool_commands[CMD_COUNT - CMD_STATS] = {
    [CMD_STATS - CMD_STATS] =
        {"stats", "FILE",
         "out-degree statistics of a graph; depth and per-level profile of a tree",
         "Tree statistics are printed for tree files, and with --tree for a graph rooted at "
         "--root\n(default 0)."},
    [CMD_CONVERT - CMD_STATS] =
        {"convert", "IN OUT", "convert a graph file: OUT's name picks the format",
         "OUT ending .gnest: binary CSR cache (loads at disk speed); .mtx: Matrix Market\n"
         "coordinate, general; any other name: edge list 'u v [w]', 0-based. The load flags apply\n"
         "to IN (e.g. --symmetrize, --drop-self-loops). A tree file (*.tree) converts to a .tree "
         "file."},
    [CMD_BACKENDS - CMD_STATS] =
        {"backends", "[NAME]",
         "the backends of this build: where they run, what they read, their tests",
         "One line per backend, from the library's registry: its name (for --backend), built or\n"
         "planned, where it runs (host, device, device launches; the selector picks one of the\n"
         "others), the --options keys it reads, the option configurations its tests cover (each\n"
         "one runnable as --backend NAME --options \"CONFIGURATION\") and what it does.\n"
         "With NAME: that backend alone, and each of its own settings (--options KEY=VALUE):\n"
         "the values it takes, its default and what it does."},
};

/* What --output writes, by the result's kind (value: the registry's name of the result). */
static void output_text(const gnest_algorithm_desc *d, char *buf, size_t size) {
  switch (d->result) {
    case GNEST_RESULT_LEVELS:
      snprintf(buf, size, "one %s per line, -1 when unreachable (with --predecessors: '%s PRED')",
               d->value_name, d->value_name);
      break;
    case GNEST_RESULT_DISTANCES:
      snprintf(buf, size, "one %s per line (exact: the shortest digits that read back as it), "
               "inf when unreachable (with --predecessors: '%s PRED')", d->value_name,
               d->value_name);
      break;
    case GNEST_RESULT_SCORES: snprintf(buf, size, "one value per line (%%.17g)"); break;
    case GNEST_RESULT_COLORING: snprintf(buf, size, "one color per line"); break;
    case GNEST_RESULT_FOREST:
      snprintf(buf, size, "one forest edge 'u v weight' per line (u < v)");
      break;
    case GNEST_RESULT_COUNTS:
      snprintf(buf, size, "the total on the first line, then the %s of each vertex, one per line",
               d->value_name);
      break;
    case GNEST_RESULT_COMPONENTS:
      snprintf(buf, size, "one component per line: its smallest vertex id");
      break;
    default: snprintf(buf, size, "one value per line"); break;
  }
}

/* An algorithm command's notes: its sources, the registry's notes, its input, its --output. */
static void algorithm_notes(const gnest_algorithm_desc *d, char *buf, size_t size) {
  char output[160];
  output_text(d, output, sizeof output);
  const char *input = d->input == GNEST_INPUT_TREE ? TREE_INPUT
                      : d->undirected              ? UNDIRECTED_INPUT
                                                   : "";
  const char *parts[] = {d->sources == GNEST_SOURCES_SET ? SOURCE_SET_INPUT : "", d->notes, input};
  size_t len = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; ++i)
    if (parts[i][0] && len < size)
      len += (size_t)snprintf(buf + len, size - len, "%s ", parts[i]);
  if (len < size) snprintf(buf + len, size - len, "--output: %s.", output);
}

const cli_command *cli_command_of(cli_cmd c) {
  static cli_command algorithms[GNEST_ALGO_COUNT];
  static char notes[GNEST_ALGO_COUNT][1024];
  if (!cli_is_algorithm(c)) return &tool_commands[c - CMD_STATS];
  cli_command *e = &algorithms[c];
  gnest_algorithm_desc d;
  if (e->name == NULL && gnest_algorithm_describe((gnest_algorithm)c, &d) == GNEST_OK) {
    algorithm_notes(&d, notes[c], sizeof notes[c]);
    *e = (cli_command){d.name, "FILE", d.summary, notes[c]};
  }
  return e;
}
