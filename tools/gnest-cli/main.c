/* gnest-cli: entry point. Parses the command line and dispatches to the command. */
#include <string.h>

#include "cli.h"

static int dispatch(const cli_args *a) {
  switch (a->cmd) {
    case CMD_STATS: return cli_cmd_stats(a);
    case CMD_CONVERT: return cli_cmd_convert(a);
    case CMD_BACKENDS: return cli_cmd_backends(a);
    default: return a->compare ? cli_cmd_compare(a) : cli_cmd_run(a);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    cli_print_usage(stderr);
    return CLI_EXIT_USAGE;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
    cli_print_usage(stdout);
    return CLI_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    const char *features = gnest_build_features();
    printf("gnest-cli %s (optional packages: %s)\n", GNEST_VERSION_STRING,
           features[0] ? features : "none; METIS is optional");
    return CLI_EXIT_OK;
  }
  cli_args a;
  int rc = cli_parse_args(argc, argv, &a);
  if (rc == CLI_EXIT_OK && a.help) cli_print_command_usage(stdout, a.cmd);
  else if (rc == CLI_EXIT_OK) rc = dispatch(&a);
  cli_args_free(&a);
  return rc;
}
