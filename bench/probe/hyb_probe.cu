/* hyb_probe: lazynp-cpu's per-level pattern in isolation (not built by default; see README.md
 * beside it). Build: nvcc -O2 -arch=sm_90 -o hyb_probe bench/probe/hyb_probe.cu
 *
 * One "level" of gnest's lazynp-cpu BFS on a path, reproduced with nothing else around it:
 *   - the algorithm's arrays, n ints each (levels, two frontier halves, per-level counts) and a
 *     CSR of the path (offsets int64, cols), as managed memory (cudaMallocManaged, attached
 *     globally, each in its own 64 KiB-aligned units as gn_managed_alloc does) or device memory;
 *     the CSR optionally advised read-mostly, as gn_in_scratch does;
 *   - per level k: ONE parent kernel whose grid is either the resident grid (the occupancy API's
 *     blocks per SM x SMs, what gn_pass_grid gives a swap-mode frontier whose count lives on the
 *     device) or one CTA (what a grid sized to the level's single item is). Every thread reads
 *     the level's count with a volatile load of counts[k]; CTAs take chunks from a device-memory
 *     counter, and the last CTA resets it (gn_chunk_loop, gn_last_cta_resets). The one item claims
 *     its neighbour (CAS on levels[]), pushes it to the other half (atomicAdd on counts[k + 1]);
 *   - then a 4-byte copy of a device-memory "saved count" to the host and a stream
 *     synchronization (lazynp-cpu's gn_to_host);
 *   - every `batch` levels a copy of the batch's counts back (the engine's swap loop).
 * Host time is taken around the launch call and around copy + sync, per level, and reported as
 * mean / median / p99 in microseconds, so that a launch that blocks is told apart from a kernel
 * (or a wait for the GPU) that is slow.
 *
 * Variants, to tell the hypotheses apart (README.md lists what each outcome means):
 *   --mem managed|device      where the arrays live
 *   --grid resident|one       the parent kernel's grid
 *   --advise                  the CSR advised read-mostly (managed only)
 *   --host-touch              the host reads counts[k + 1] directly each level (lazynp-cross's
 *                             read; the pre-c7d2b48 hybrids' host reads of managed counters)
 *   --place P                 where the counts array (the one the host touches) lives, to find
 *                             a placement without the page ping-pong (README.md: "placements"):
 *                               none      as the other arrays (--mem)
 *                               dev-acc   managed, preferred location the device, accessed by
 *                                         the host (the host maps the GPU's copy if it can)
 *                               host-acc  managed, preferred location the host, accessed by the
 *                                         device (the GPU reads and writes it over the link)
 *                               mapped    pinned host memory (cudaHostAlloc, mapped), the kernel
 *                                         given cudaHostGetDevicePointer's pointer
 *   --hog                     another process keeps the GPU busy meanwhile (back-to-back kernels
 *                             of --hog-us microseconds in its own context): a shared GPU
 *   --cpu-hog T               T host threads spin meanwhile (an oversubscribed host)
 *   --sweep                   the default table: n in {1000, 4000, 20000, 50000, 1000000} x
 *                             {device, managed, managed + advise} x {resident, one}, alone, then
 *                             the host-touch rows of every placement (and the placements
 *                             without the touch: what they cost the GPU side), then a few rows
 *                             with --hog and with --cpu-hog
 * Options: --n N, --levels L (default min(n - 1, 4000)), --batch B (64), --block T (256). */
#include <cuda_runtime.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* Every CUDA call is checked: a failure ends the probe with the call and its error. */
#define CK(call)                                                                            \
  do {                                                                                      \
    cudaError_t ck_ = (call);                                                               \
    if (ck_ != cudaSuccess) {                                                               \
      fprintf(stderr, "hyb_probe: %s failed: %s (%s:%d)\n", #call, cudaGetErrorString(ck_), \
              __FILE__, __LINE__);                                                          \
      exit(2);                                                                              \
    }                                                                                       \
  } while (0)

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

/* ---- the pattern's kernel ----------------------------------------------------------------- */

struct probe_arrays {
  int32_t *level;   /* [n], -1 = unvisited */
  int32_t *items;   /* [2 n]: the two frontier halves */
  int32_t *counts;  /* [n + 2]: level k's size */
  int64_t *offsets; /* [n + 1]: the path's CSR (vertex i -> i + 1) */
  int32_t *cols;    /* [n] */
  unsigned int *chunk, *done; /* device memory always, as the engine's pass counters */
  int32_t *saved;   /* device memory always: the saved-context count lazynp-cpu copies back */
};

/* One level k of a top-down BFS over the path, lazynp's parent pass stripped to what a path
 * needs: dynamic chunks of blockDim items; the last CTA resets the chunk counter. */
__global__ void probe_level(probe_arrays a, int32_t n, int32_t k) {
  __shared__ unsigned int chunk;
  const int32_t count_raw = *(volatile const int32_t *)&a.counts[k];
  const int32_t count = count_raw < n ? count_raw : n;
  const int32_t *in = a.items + (size_t)(k & 1) * n;
  int32_t *out = a.items + (size_t)((k + 1) & 1) * n;
  for (;;) {
    if (threadIdx.x == 0) chunk = atomicAdd(a.chunk, 1u);
    __syncthreads();
    const int64_t start = (int64_t)chunk * blockDim.x;
    __syncthreads();
    if (start >= count) break;
    const int64_t pos = start + threadIdx.x;
    if (pos < count) {
      const int32_t v = in[pos];
      for (int64_t e = a.offsets[v]; e < a.offsets[v + 1]; ++e) {
        const int32_t w = a.cols[e];
        if (atomicCAS(&a.level[w], -1, k + 1) == -1) out[atomicAdd(&a.counts[k + 1], 1)] = w;
      }
    }
  }
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(a.done, 1u) == gridDim.x - 1) {
      *a.chunk = 0;
      *a.done = 0;
      __threadfence();
    }
  }
}

/* The hog: spins for `cycles` clock cycles on every CTA (another tenant's long kernel). */
__global__ void probe_hog(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

/* ---- allocation as gnest does it ------------------------------------------------------------ */

static const size_t kUnit = (size_t)64 << 10; /* gn_managed_alloc's unit */

struct probe_mem {
  void *base[8];
  bool pinned[8]; /* cudaHostAlloc'd: freed with cudaFreeHost */
  int len;
};

/* Where the counts array lives (--place). */
enum probe_place { PLACE_NONE, PLACE_DEV_ACC, PLACE_HOST_ACC, PLACE_MAPPED };
static const char *const kPlaceNames[] = {"none", "dev-acc", "host-acc", "mapped"};

/* Managed-memory advice for [p, p + bytes) toward the host or the device. CUDA 13 has only the
 * cudaMemLocation form (the device-ordinal form, cudaCpuDeviceId for the host, was removed);
 * 12.2-12.9 name that form cudaMemAdvise_v2; older toolkits have only the ordinal one. */
static void probe_advise(const void *p, size_t bytes, cudaMemoryAdvise advice, bool host) {
  int dev = 0;
  CK(cudaGetDevice(&dev));
#if CUDART_VERSION >= 12020
  cudaMemLocation loc;
  loc.type = host ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  loc.id = host ? 0 : dev; /* ignored for the host */
#if CUDART_VERSION >= 13000
  CK(cudaMemAdvise(p, bytes, advice, loc));
#else
  CK(cudaMemAdvise_v2(p, bytes, advice, loc));
#endif
#else
  CK(cudaMemAdvise(p, bytes, advice, host ? cudaCpuDeviceId : dev));
#endif
}

/* A buffer of `bytes`: managed (whole 64 KiB units plus one, started on a unit, as
 * gn_managed_alloc) or device memory. */
static void *probe_alloc(probe_mem *m, size_t bytes, bool managed) {
  void *base = NULL;
  if (managed) {
    const size_t size = (bytes / kUnit + (bytes % kUnit != 0) + 1) * kUnit;
    CK(cudaMallocManaged(&base, size, cudaMemAttachGlobal));
    m->pinned[m->len] = false;
    m->base[m->len++] = base;
    return (void *)(((uintptr_t)base + kUnit - 1) & ~(uintptr_t)(kUnit - 1));
  }
  CK(cudaMalloc(&base, bytes));
  m->pinned[m->len] = false;
  m->base[m->len++] = base;
  return base;
}

/* The counts array placed as --place says; *host gets the pointer the host reads it through
 * (NULL where the host cannot: device memory). */
static int32_t *probe_alloc_counts(probe_mem *m, size_t bytes, bool managed, probe_place place,
                                   int32_t **host) {
  if (place == PLACE_MAPPED) {
    void *h = NULL, *d = NULL;
    CK(cudaHostAlloc(&h, bytes, cudaHostAllocMapped));
    m->pinned[m->len] = true;
    m->base[m->len++] = h;
    /* With unified addressing the two pointers are equal; the kernel is given the device one
     * all the same, as a build without it would need. */
    CK(cudaHostGetDevicePointer(&d, h, 0));
    *host = (int32_t *)h;
    return (int32_t *)d;
  }
  if (place == PLACE_NONE) {
    int32_t *p = (int32_t *)probe_alloc(m, bytes, managed);
    *host = managed ? p : NULL;
    return p;
  }
  /* dev-acc / host-acc: managed whatever --mem says, advised before the first touch so that the
   * pages are first placed where they are preferred. */
  int32_t *p = (int32_t *)probe_alloc(m, bytes, true);
  const bool on_host = place == PLACE_HOST_ACC;
  probe_advise(p, bytes, cudaMemAdviseSetPreferredLocation, on_host);
  probe_advise(p, bytes, cudaMemAdviseSetAccessedBy, !on_host);
  *host = p;
  return p;
}

static void probe_free(probe_mem *m) {
  for (int i = 0; i < m->len; ++i) {
    if (m->pinned[i]) CK(cudaFreeHost(m->base[i]));
    else CK(cudaFree(m->base[i]));
  }
  m->len = 0;
}

/* ---- one configuration ---------------------------------------------------------------------- */

struct probe_cfg {
  int32_t n, levels, batch, block;
  bool managed, advise, resident, host_touch;
  probe_place place; /* the counts array's placement */
};

static int cmp_double(const void *x, const void *y) {
  const double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}

/* mean, median and p99 of v[0..len) (sorts v). */
static void stats(double *v, int len, double out[3]) {
  double sum = 0;
  for (int i = 0; i < len; ++i) sum += v[i];
  qsort(v, (size_t)len, sizeof *v, cmp_double);
  out[0] = len ? sum / len : 0;
  out[1] = len ? v[len / 2] : 0;
  out[2] = len ? v[(int)((len - 1) * 0.99)] : 0;
}

static void run_cfg(const probe_cfg &c, cudaStream_t stream, int sms, const char *tag) {
  const int32_t n = c.n;
  probe_mem m = {{0}, {false}, 0};
  probe_arrays a;
  a.level = (int32_t *)probe_alloc(&m, sizeof(int32_t) * (size_t)n, c.managed);
  a.items = (int32_t *)probe_alloc(&m, sizeof(int32_t) * 2 * (size_t)n, c.managed);
  int32_t *host_counts = NULL; /* the host's view of a.counts (--host-touch reads it) */
  a.counts = probe_alloc_counts(&m, sizeof(int32_t) * ((size_t)n + 2), c.managed, c.place,
                                &host_counts);
  a.offsets = (int64_t *)probe_alloc(&m, sizeof(int64_t) * ((size_t)n + 1), c.managed);
  a.cols = (int32_t *)probe_alloc(&m, sizeof(int32_t) * (size_t)n, c.managed);
  a.chunk = (unsigned int *)probe_alloc(&m, 2 * sizeof(unsigned int), false);
  a.done = a.chunk + 1;
  a.saved = (int32_t *)probe_alloc(&m, sizeof(int32_t), false);

  /* The path's CSR on the host, copied in as gnest copies its input (advice first, then a
   * host-to-device copy into the buffer). */
  int64_t *h_off = (int64_t *)malloc(sizeof(int64_t) * ((size_t)n + 1));
  int32_t *h_cols = (int32_t *)malloc(sizeof(int32_t) * (size_t)n);
  int32_t *h_level = (int32_t *)malloc(sizeof(int32_t) * (size_t)n);
  if (!h_off || !h_cols || !h_level) {
    fprintf(stderr, "hyb_probe: out of host memory\n");
    exit(2);
  }
  for (int32_t i = 0; i < n; ++i) {
    h_off[i] = i;
    h_cols[i] = i + 1 < n ? i + 1 : i;
    h_level[i] = i == 0 ? 0 : -1;
  }
  h_off[n] = n;
  if (c.managed && c.advise) {
    probe_advise(a.offsets, sizeof(int64_t) * ((size_t)n + 1), cudaMemAdviseSetReadMostly, false);
    probe_advise(a.cols, sizeof(int32_t) * (size_t)n, cudaMemAdviseSetReadMostly, false);
  }
  CK(cudaMemcpyAsync(a.offsets, h_off, sizeof(int64_t) * ((size_t)n + 1), cudaMemcpyHostToDevice, stream));
  CK(cudaMemcpyAsync(a.cols, h_cols, sizeof(int32_t) * (size_t)n, cudaMemcpyHostToDevice, stream));
  CK(cudaMemcpyAsync(a.level, h_level, sizeof(int32_t) * (size_t)n, cudaMemcpyHostToDevice, stream));
  CK(cudaMemsetAsync(a.counts, 0, sizeof(int32_t) * ((size_t)n + 2), stream));
  CK(cudaMemsetAsync(a.chunk, 0, 2 * sizeof(unsigned int), stream));
  CK(cudaMemsetAsync(a.saved, 0, sizeof(int32_t), stream));
  const int32_t one = 1, zero = 0;
  CK(cudaMemcpyAsync(a.items, &zero, sizeof zero, cudaMemcpyHostToDevice, stream));
  /* cudaMemcpyDefault where counts may be pinned host memory (--place mapped): the runtime
   * tells the direction from the pointers. */
  CK(cudaMemcpyAsync(a.counts, &one, sizeof one, cudaMemcpyDefault, stream));
  CK(cudaStreamSynchronize(stream));

  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, probe_level, c.block, 0));
  const int grid = c.resident ? (per_sm > 0 ? per_sm : 1) * sms : 1;

  int levels = c.levels;
  if (levels > n - 1) levels = n - 1;
  double *t_launch = (double *)malloc(sizeof(double) * (size_t)levels);
  double *t_wait = (double *)malloc(sizeof(double) * (size_t)levels);
  int32_t *sizes = (int32_t *)malloc(sizeof(int32_t) * (size_t)c.batch);
  if (!t_launch || !t_wait || !sizes) {
    fprintf(stderr, "hyb_probe: out of host memory\n");
    exit(2);
  }
  cudaEvent_t ev0, ev1;
  CK(cudaEventCreate(&ev0));
  CK(cudaEventCreate(&ev1));
  CK(cudaEventRecord(ev0, stream));
  const double t0 = now_us();
  int bad = 0;
  int32_t batch_start = 0;
  for (int32_t k = 0; k < levels; ++k) {
    const double a0 = now_us();
    probe_level<<<grid, c.block, 0, stream>>>(a, n, k);
    const double a1 = now_us();
    CK(cudaGetLastError());
    int32_t saved = 0; /* lazynp-cpu's gn_to_host of the saved count: copy, then wait */
    CK(cudaMemcpyAsync(&saved, a.saved, sizeof saved, cudaMemcpyDeviceToHost, stream));
    CK(cudaStreamSynchronize(stream));
    const double a2 = now_us();
    if (c.host_touch && *(volatile int32_t *)&host_counts[k + 1] != 1) ++bad;
    t_launch[k] = a1 - a0;
    t_wait[k] = a2 - a1;
    if (k + 1 - batch_start == c.batch || k + 1 == levels) {
      /* The swap loop's read-back: the sizes levels batch_start..k pushed. */
      const int32_t len = k + 1 - batch_start;
      CK(cudaMemcpyAsync(sizes, &a.counts[batch_start + 1], sizeof(int32_t) * (size_t)len,
                         cudaMemcpyDefault, stream));
      CK(cudaStreamSynchronize(stream));
      for (int32_t j = 0; j < len; ++j) bad += sizes[j] != 1;
      batch_start = k + 1;
    }
  }
  CK(cudaEventRecord(ev1, stream));
  CK(cudaEventSynchronize(ev1));
  const double total = now_us() - t0;
  float gpu_ms = 0; /* stream time from the first launch to the last copy */
  CK(cudaEventElapsedTime(&gpu_ms, ev0, ev1));
  double sl[3], sw[3];
  stats(t_launch, levels, sl);
  stats(t_wait, levels, sw);
  printf("%-8s n=%-8d %-7s %-6s grid=%-5d %-10s %-8s levels=%-5d  us/level %8.1f | launch mean %7.1f "
         "med %6.1f p99 %7.1f | copy+sync mean %7.1f med %6.1f p99 %7.1f | stream %.1f ms%s\n",
         tag, n, c.managed ? "managed" : "device", c.advise && c.managed ? "+rm" : "", grid,
         c.host_touch ? "host-touch" : "", c.place == PLACE_NONE ? "" : kPlaceNames[c.place], levels, total / levels, sl[0], sl[1], sl[2], sw[0],
         sw[1], sw[2], gpu_ms, bad ? "  WRONG COUNTS" : "");
  fflush(stdout);
  CK(cudaEventDestroy(ev0));
  CK(cudaEventDestroy(ev1));
  free(t_launch);
  free(t_wait);
  free(sizes);
  free(h_off);
  free(h_cols);
  free(h_level);
  probe_free(&m);
}

/* ---- the hogs --------------------------------------------------------------------------------- */

/* The GPU hog, in its own process (its own CUDA context, as another test or bench process on the
 * same GPU): back-to-back kernels of hog_us microseconds on every SM until killed. */
static int hog_main(int hog_us) {
  int dev = 0, khz = 0, sms = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  const long long cycles = (long long)khz * hog_us / 1000;
  for (;;) {
    for (int i = 0; i < 16; ++i) probe_hog<<<sms, 128>>>(cycles);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
  }
  return 0;
}

static pid_t start_hog(const char *self, int hog_us) {
  char us[32];
  snprintf(us, sizeof us, "%d", hog_us);
  char *argv[] = {(char *)self, (char *)"--hog-child", us, NULL};
  pid_t pid = 0;
  const int err = posix_spawn(&pid, self, NULL, NULL, argv, environ);
  if (err) {
    fprintf(stderr, "hyb_probe: cannot start the hog: %s\n", strerror(err));
    exit(2);
  }
  usleep(1500 * 1000); /* its context is up and its kernels are running */
  return pid;
}

static void stop_hog(pid_t pid) {
  if (pid <= 0) return;
  kill(pid, SIGKILL); /* only the child this probe started */
  waitpid(pid, NULL, 0);
}

static volatile int g_cpu_hog_stop;
static void *cpu_spin(void *) {
  volatile unsigned long x = 0;
  while (!g_cpu_hog_stop) ++x;
  return NULL;
}

/* ---- main ------------------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  probe_cfg c = {20000, 4000, 64, 256, true, false, true, false, PLACE_NONE};
  bool hog = false, sweep = false;
  int hog_us = 2000, cpu_hog = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const bool more = i + 1 < argc;
    if (!strcmp(a, "--hog-child") && more) return hog_main(atoi(argv[i + 1]));
    else if (!strcmp(a, "--n") && more) c.n = atoi(argv[++i]);
    else if (!strcmp(a, "--levels") && more) c.levels = atoi(argv[++i]);
    else if (!strcmp(a, "--batch") && more) c.batch = atoi(argv[++i]);
    else if (!strcmp(a, "--block") && more) c.block = atoi(argv[++i]);
    else if (!strcmp(a, "--mem") && more) c.managed = !strcmp(argv[++i], "managed");
    else if (!strcmp(a, "--grid") && more) c.resident = !strcmp(argv[++i], "resident");
    else if (!strcmp(a, "--advise")) c.advise = true;
    else if (!strcmp(a, "--host-touch")) c.host_touch = true;
    else if (!strcmp(a, "--place") && more) {
      const char *name = argv[++i];
      int p = 0;
      while (p < 4 && strcmp(name, kPlaceNames[p])) ++p;
      if (p == 4) {
        fprintf(stderr, "hyb_probe: --place none|dev-acc|host-acc|mapped, not %s\n", name);
        return 2;
      }
      c.place = (probe_place)p;
    }
    else if (!strcmp(a, "--hog")) hog = true;
    else if (!strcmp(a, "--hog-us") && more) hog_us = atoi(argv[++i]);
    else if (!strcmp(a, "--cpu-hog") && more) cpu_hog = atoi(argv[++i]);
    else if (!strcmp(a, "--sweep")) sweep = true;
    else {
      fprintf(stderr, "hyb_probe: unknown or incomplete option %s (see the file's comment)\n", a);
      return 2;
    }
  }
  if (c.host_touch && !c.managed && c.place == PLACE_NONE) {
    fprintf(stderr, "hyb_probe: --host-touch needs --mem managed or a --place other than none "
                    "(the host cannot read device memory)\n");
    return 2;
  }
  if (c.n < 2 || c.batch < 1 || c.block < 32 || c.levels < 1) {
    fprintf(stderr, "hyb_probe: need n >= 2, levels >= 1, batch >= 1, block >= 32\n");
    return 2;
  }
  int dev = 0, sms = 0, cma = 0, pma = 0, atomics = 0, direct = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CK(cudaDeviceGetAttribute(&cma, cudaDevAttrConcurrentManagedAccess, dev));
  /* What the placements can do here: whether the host's page tables serve the GPU (a coherent
   * link), whether the GPU's atomics on host memory are atomic for the host too, whether the
   * host can access managed memory on the device without migrating it. */
  CK(cudaDeviceGetAttribute(&pma, cudaDevAttrPageableMemoryAccessUsesHostPageTables, dev));
  CK(cudaDeviceGetAttribute(&atomics, cudaDevAttrHostNativeAtomicSupported, dev));
  CK(cudaDeviceGetAttribute(&direct, cudaDevAttrDirectManagedMemAccessFromHost, dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  /* gnest's stream: non-blocking, default scheduling (spin or yield while waiting). */
  cudaStream_t stream;
  CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  printf("device %s, %d SMs, concurrentManagedAccess=%d hostPageTables=%d hostNativeAtomics=%d "
         "directManagedAccessFromHost=%d\n",
         prop.name, sms, cma, pma, atomics, direct);

  pthread_t spin[64];
  const int spins = cpu_hog < 64 ? cpu_hog : 64;
  for (int i = 0; i < spins; ++i)
    if (pthread_create(&spin[i], NULL, cpu_spin, NULL)) {
      fprintf(stderr, "hyb_probe: cannot start a spinning thread\n");
      return 2;
    }
  const pid_t hog_pid = hog ? start_hog(argv[0], hog_us) : 0;
  const char *tag = hog ? (spins ? "gpu+cpu" : "gpu-hog") : (spins ? "cpu-hog" : "alone");

  if (!sweep) {
    run_cfg(c, stream, sms, tag);
  } else {
    const int32_t ns[] = {1000, 4000, 20000, 50000, 1000000};
    for (int32_t n : ns) {
      for (int mem = 0; mem < 3; ++mem) {
        for (int g = 0; g < 2; ++g) {
          probe_cfg s = c;
          s.n = n;
          s.managed = mem > 0;
          s.advise = mem == 2;
          s.resident = g == 0;
          s.levels = 2000;
          run_cfg(s, stream, sms, "alone");
        }
      }
    }
    probe_cfg t = c; /* the pre-c7d2b48 pattern: the host reads a managed count each level */
    t.n = 20000;
    t.levels = 2000;
    t.host_touch = true;
    run_cfg(t, stream, sms, "alone");
    /* The placements of the touched array that might avoid the ping-pong: with the touch (the
     * hybrids' level), then without it (what a placement costs the GPU's own reads and atomics,
     * against the plain managed row above). */
    for (int touch = 1; touch >= 0; --touch) {
      for (int p = PLACE_DEV_ACC; p <= PLACE_MAPPED; ++p) {
        probe_cfg s = t;
        s.host_touch = touch;
        s.place = (probe_place)p;
        s.levels = 1000;
        run_cfg(s, stream, sms, "alone");
      }
    }
    /* A shared GPU: the same rows while another process's kernels run. */
    const pid_t h = start_hog(argv[0], hog_us);
    for (int32_t n : {4000, 20000}) {
      for (int mem = 0; mem < 2; ++mem) {
        probe_cfg s = c;
        s.n = n;
        s.managed = mem == 1;
        s.levels = 300;
        run_cfg(s, stream, sms, "gpu-hog");
      }
    }
    stop_hog(h);
    /* An oversubscribed host: 2 spinning threads per core. */
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    g_cpu_hog_stop = 0;
    pthread_t sp[64];
    int started = 0;
    for (; started < 64 && started < 2 * cpus; ++started)
      if (pthread_create(&sp[started], NULL, cpu_spin, NULL)) break;
    probe_cfg s = c;
    s.n = 20000;
    s.levels = 1000;
    run_cfg(s, stream, sms, "cpu-hog");
    g_cpu_hog_stop = 1;
    for (int i = 0; i < started; ++i) pthread_join(sp[i], NULL);
  }
  stop_hog(hog_pid);
  g_cpu_hog_stop = 1;
  for (int i = 0; i < spins; ++i) pthread_join(spin[i], NULL);
  CK(cudaStreamDestroy(stream));
  return 0;
}
