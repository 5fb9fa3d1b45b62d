/* The cost models of the references that one pass over the input bounds (algos.def, CPU_WORK).
 * A reference that needs its own sits beside it. */
#include <stdio.h>

#include "cpu/cpu.h"

double gn_cpu_work_one_pass(const gn_cpu_work_input *in, char *how, size_t size) {
  const double m = (double)in->graph->m;
  snprintf(how, size, "one pass over %.0f arcs", m);
  return m + (double)in->graph->n;
}

/* Brandes: a forward and a backward pass over the arcs per source. */
double gn_cpu_work_per_source(const gn_cpu_work_input *in, char *how, size_t size) {
  const double m = (double)in->graph->m;
  snprintf(how, size, "%lld sources x 2 passes x %.0f arcs", (long long)in->sources, m);
  return (double)in->sources * 2 * (m + (double)in->graph->n);
}

double gn_cpu_work_tree(const gn_cpu_work_input *in, char *how, size_t size) {
  snprintf(how, size, "%lld tree nodes", (long long)in->nodes);
  return (double)in->nodes;
}
