/* gnest-cli: the usage texts, from the command table (commands.c) and the flag table (args.c). */

#include "cli.h"
#include "common/wrap.h"

void cli_print_usage(FILE *f) {
  fprintf(f,
          "gnest-cli %s: graph and tree analytics on NVIDIA GPUs (CPU fallback without one)\n\n"
          "usage: gnest-cli COMMAND FILE [options]\n"
          "       gnest-cli COMMAND --help    every flag of COMMAND\n"
          "       gnest-cli backends [NAME] [--json]\n"
          "       gnest-cli --version\n\ncommands:\n",
          GNEST_VERSION_STRING);
  for (int c = 0; c < CMD_COUNT; ++c)
    fprintf(f, "  %-17s %s\n", cli_command_of((cli_cmd)c)->name,
            cli_command_of((cli_cmd)c)->summary);
  fputs("\nInputs: Matrix Market (.mtx), DIMACS (.gr), edge lists (.txt .el .csv .tsv .edges), tree\n"
        "files (.tree), binary cache (.gnest); .gz and .xz are read directly. Vertex ids are 0-based.\n"
        "Exit status: 0 success, 1 failure (one line on stderr), 2 usage error, 3 --compare found a\n"
        "backend that disagrees with the CPU reference. A flag that sets one value is given once,\n"
        "and flags that contradict each other (--symmetrize --no-symmetrize) are usage errors.\n",
        f);
}

void cli_print_command_usage(FILE *f, cli_cmd cmd) {
  const cli_command *c = cli_command_of(cmd);
  fprintf(f, "gnest-cli %s: %s\n\nusage: gnest-cli %s %s%s[options]\n\noptions:\n", c->name,
          c->summary, c->name, c->operands, c->operands[0] ? " " : "");
  for (int i = 0; i < cli_flag_count; ++i) {
    const cli_flag *fl = &cli_flags[i];
    char name_buf[40];
    const char *name = cli_flag_name(fl, cmd, name_buf, sizeof name_buf);
    if (!(fl->commands & cli_command_classes(cmd)) || !name) continue;
    char left[48], arg_buf[8];
    const char *arg = cli_flag_arg(fl, cmd, arg_buf, sizeof arg_buf);
    snprintf(left, sizeof left, "%s%s%s", name, arg ? " " : "", arg ? arg : "");
    char help[1024];
    fprintf(f, "  %-20s ", left);
    gn_print_wrapped(f, cli_flag_help(fl, cmd, help, sizeof help), 23, 100);
  }
  if (!c->notes) return;
  fputc('\n', f);
  if (cli_is_algorithm(cmd)) gn_print_wrapped(f, c->notes, 0, 100);
  else fprintf(f, "%s\n", c->notes);
}
