# gnest — one Makefile. nvcc for .cu, cc (C11) for .c.
#   make            lib/libgnest.{a,so}, bin/gnest-cli, bin/gnest-gen, bin/gnest-bench, tests/bin/*
#   make test       the layer check (scripts/check-layers.sh), every test binary (GPU cases skip
#                   with a reason when no CUDA device is present), the docs check, the loaders'
#                   fuzz corpus replay, then the Python package's tests when numpy, scipy, networkx
#                   and pytest are there
#   make docs       the generated parts of README.md and docs/ (scripts/docs.py)
#   make test-gpu   the GPU test binaries only
#   make LINK=static  tools and tests with libgnest.a linked in (default: against lib/libgnest.so)
#   make plots [JSON=RUN.json] [OUT=DIR] [PEERS=TABLE.tsv]   PNGs of a gnest-bench run (matplotlib)
#   make install PREFIX=/usr/local [DESTDIR=staging]      make uninstall (same variables)
#   make fuzz       the loader fuzz targets in tests/fuzz/bin (libFuzzer with clang; tests/fuzz/README.md)
CUDA_ARCH ?= 90
PREFIX    ?= /usr/local
LIBDIR    ?= $(PREFIX)/lib
CC        ?= cc
NVCC      ?= nvcc
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(realpath $(shell command -v $(NVCC))))

# One include root per side: library code sees include/ and src/ (path-qualified includes,
# "sched/engine.cuh"); tools see include/ and tools/ only (the public API and tools/common: the
# compiler refuses anything else); tests see all three. scripts/check-layers.sh (make test)
# rejects an include against the layer order.
INCLUDES  := -Iinclude -Isrc
CFLAGS    ?= -O2 -g
CFLAGS    += -std=c11 -Wall -Wextra -fPIC -D_GNU_SOURCE
NVCCFLAGS ?= -O3 -g -lineinfo
NVCCFLAGS += -std=c++17 -arch=sm_$(CUDA_ARCH) -Xcompiler -fPIC,-Wall $(INCLUDES)
CUDA_LIBDIRS := -L$(CUDA_HOME)/lib64 -L$(CUDA_HOME)/targets/x86_64-linux/lib
LDLIBS    := $(CUDA_LIBDIRS) -lcudadevrt -lcudart_static -lz -llzma -lstdc++ -lm -lpthread -ldl -lrt

# METIS, optional (gnest_graph_partition's metis method; gnest_build_features says whether it is
# in): used when its header is found, METIS=1 insists on it, METIS=0 leaves it out. A change of
# this choice needs `make clean` (make does not track flags).
METIS ?= auto
METIS_FOUND := $(shell printf '\043include <metis.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 && echo 1)
ifeq ($(METIS),1)
  ifneq ($(METIS_FOUND),1)
    $(error METIS=1 but metis.h is not found (Debian: apt-get install libmetis-dev))
  endif
endif
OPTIONAL_LIBS :=
ifneq ($(METIS),0)
  ifeq ($(METIS_FOUND),1)
    CFLAGS        += -DGNEST_WITH_METIS
    OPTIONAL_LIBS += -lmetis
  endif
endif
LDLIBS    += $(OPTIONAL_LIBS)

LIB_C     := $(sort $(wildcard src/base/*.c src/io/*.c src/core/*.c src/cpu/*.c src/sched/*.c src/algos/*.c))
LIB_CU    := $(sort $(wildcard src/core/*.cu src/sched/*.cu src/algos/*.cu))
# Files that launch kernels from the device say so with the marker "gnest-build: rdc": only they
# are compiled with relocatable device code, and one nvcc -dlink step links their device code
# into build/dlink.o, which goes into both libgnest.a and libgnest.so (so cc alone links a C
# program against either).
RDC_CU    := $(shell grep -l 'gnest-build: rdc' $(LIB_CU))
RDC_OBJ   := $(patsubst %.cu,build/%.o,$(RDC_CU))
DLINK_OBJ := $(if $(RDC_OBJ),build/dlink.o)
LIB_OBJ   := $(patsubst %.c,build/%.o,$(LIB_C)) $(patsubst %.cu,build/%.o,$(LIB_CU)) $(DLINK_OBJ)

# The shared library is versioned like a Debian library: the file libgnest.so.MAJOR.MINOR.PATCH,
# SONAME libgnest.so.MAJOR (what programs record and the loader looks for), and the links
# libgnest.so.MAJOR and libgnest.so (the development link -lgnest finds). While MAJOR is 0 a
# minor version may change the ABI, so the SONAME (and its link) carries it: libgnest.so.0.MINOR.
# The version comes from the GNEST_VERSION_* macros of include/gnest.h.
version_part = $(shell sed -n 's/^\#define GNEST_VERSION_$(1) \([0-9]*\)$$/\1/p' include/gnest.h)
VERSION   := $(call version_part,MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)
VERSION_MAJOR := $(call version_part,MAJOR)
SOVERSION := $(VERSION_MAJOR)$(if $(filter 0,$(VERSION_MAJOR)),.$(call version_part,MINOR))
SONAME    := libgnest.so.$(SOVERSION)
SHLIB     := libgnest.so.$(VERSION)

TOOLS     := gnest-cli gnest-gen gnest-bench
TOOL_BINS := $(addprefix bin/,$(TOOLS))
TEST_SRC  := $(sort $(wildcard tests/test_*.c))
TEST_BINS := $(patsubst tests/%.c,tests/bin/%,$(TEST_SRC))
TOOL_COMMON := $(patsubst %.c,build/%.o,$(wildcard tools/common/*.c))
TEST_COMMON := $(patsubst %.c,build/%.o,$(wildcard tests/common/*.c)) $(TOOL_COMMON)

.PHONY: all lib tools tests test test-cpu test-gpu test-python test-plots test-docs docs plots install uninstall clean fuzz fuzz-replay
all: lib tools tests

lib: lib/libgnest.a lib/libgnest.so
tools: $(TOOL_BINS) build/gen/bench_peers.checked
tests: $(TEST_BINS) tests/bin/example_bfs

# Per-file header dependencies (-MMD): editing one header rebuilds the files that include it.
build/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INCLUDES) -MMD -MP -c $< -o $@

build/tools/%.o: INCLUDES := -Iinclude -Itools
build/tests/%.o: INCLUDES := -Iinclude -Isrc -Itools

build/%.o: %.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(if $(filter $@,$(RDC_OBJ)),-rdc=true) -MMD -MP -MF $(@:.o=.d) -c $< -o $@

build/dlink.o: $(RDC_OBJ)
	$(NVCC) -arch=sm_$(CUDA_ARCH) -Xcompiler -fPIC -dlink $^ -o $@ $(CUDA_LIBDIRS) -lcudadevrt

-include $(shell find build -name '*.d' 2>/dev/null)

lib/libgnest.a: $(LIB_OBJ)
	@mkdir -p lib
	rm -f $@ && ar rcs $@ $^

lib/$(SHLIB): $(LIB_OBJ)
	@mkdir -p lib
	$(CC) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LDLIBS)

lib/libgnest.so: lib/$(SHLIB)
	ln -sf $(SHLIB) lib/$(SONAME)
	ln -sf $(SONAME) $@

# The tools and tests link lib/libgnest.so: one copy of the device code (about 30 MB) for all of
# them instead of one per binary. They find it through their run path (bin/ and tests/bin/
# relative to lib/; LD_LIBRARY_PATH, e.g. on the GPU machine, comes first). LINK=static links
# libgnest.a into each instead (binaries that run with no libgnest.so around). Switching relinks
# them (the stamp build/link-$(LINK)). `make install` links the installed tools again, against
# the same library with the run path $(LIBDIR), where it installs libgnest.so.
LINK ?= shared
ifeq ($(LINK),shared)
GNEST_LINK := -Llib -lgnest '-Wl,-rpath,$$ORIGIN/../lib:$$ORIGIN/../../lib'
GNEST_LINK_DEP := lib/libgnest.so
else ifeq ($(LINK),static)
GNEST_LINK := lib/libgnest.a
GNEST_LINK_DEP := lib/libgnest.a
else
$(error LINK=$(LINK): shared (the default) or static)
endif
# The stamp build/link-$(LINK) is made when the Makefile is read, on the first make after a
# switch, so it is newer than the binaries linked the other way. Not by a rule: under .SECONDARY,
# make does not make a missing prerequisite for a target that exists.
LINK_STAMP := build/link-$(LINK)
$(shell [ -f $(LINK_STAMP) ] || { mkdir -p build && rm -f build/link-* && touch $(LINK_STAMP); })
GNEST_LINK_DEP += $(LINK_STAMP)

.SECONDARY:
.SECONDEXPANSION:
tool_objs = $(patsubst %.c,build/%.o,$(wildcard tools/$(1)/*.c))
bin/%: $$(call tool_objs,$$*) $(TOOL_COMMON) $(GNEST_LINK_DEP)
	@mkdir -p bin
	$(CC) -o $@ $(filter %.o,$^) $(GNEST_LINK) $(LDLIBS)

# The peer table bench/peers.tsv is compiled into gnest-bench as its text (one C string), parsed
# at run time by the same code as `--peers FILE`; once linked, the tool checks the table, so a
# malformed line stops the build with "bench/peers.tsv:LINE: what was expected".
bin/gnest-bench: build/gen/bench_peers.o

build/gen/bench_peers.c: bench/peers.tsv
	@mkdir -p $(dir $@)
	{ echo '/* Generated by the Makefile from $<: edit that file, not this one. */'; \
	  echo 'const char bench_peers_compiled_path[] = "$<";'; \
	  echo 'const char bench_peers_compiled_text[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' \
	      -e 's/^/  "/' -e 's/$$/\\n"/' $<; \
	  echo '  "";'; } > $@.tmp && mv $@.tmp $@

build/gen/bench_peers.o: build/gen/bench_peers.c
	$(CC) $(CFLAGS) -c $< -o $@

build/gen/bench_peers.checked: bin/gnest-bench
	bin/gnest-bench --print-peers > /dev/null
	@touch $@

tests/bin/%: build/tests/%.o $(TEST_COMMON) $(GNEST_LINK_DEP)
	@mkdir -p tests/bin
	$(CC) -o $@ $< $(TEST_COMMON) $(GNEST_LINK) -lcriterion $(LDLIBS)

# The C example of README.md and docs/api.md (scripts/docs.py pastes docs/examples/bfs.c into
# both): built as a user's program is, so that a broken example stops the build.
tests/bin/example_bfs: build/docs/examples/bfs.o $(GNEST_LINK_DEP)
	@mkdir -p tests/bin
	$(CC) -o $@ $< $(GNEST_LINK) $(LDLIBS)

# Tests run from the repository root (they read ../shared/data when it exists, bin/ for CLI tests).
# Every skipped test shows its reason on one line (scripts/run-tests.sh).
test: all fuzz
	@scripts/check-layers.sh
	@scripts/run-tests.sh 2 $(TEST_BINS)
	@$(MAKE) --no-print-directory test-docs
	@echo "== tests/fuzz (corpus replay)"; FUZZ_BIN=$(FUZZ_BIN) tests/fuzz/run.sh replay
	@$(MAKE) --no-print-directory test-python
	@$(MAKE) --no-print-directory test-plots

# python/tests against this tree: its python/ sources and lib/libgnest.so (not an installed copy).
# The NetworkX backend tests also need the entry points of `pip install ./python` (they skip,
# saying so, without them).
PYTHON ?= python3
test-python: lib
	@if $(PYTHON) -c 'import numpy, scipy, networkx, pytest' 2>/dev/null; then \
	  echo "== python/tests ($(PYTHON))"; \
	  GNEST_LIBRARY=$(CURDIR)/lib/libgnest.so PYTHONPATH=$(CURDIR)/python \
	    $(PYTHON) -m pytest -q -p no:cacheprovider -rs python/tests; \
	else \
	  echo "== python/tests not run: $(PYTHON) lacks numpy, scipy, networkx or pytest" \
	       "(pip install numpy scipy networkx pytest ./python)"; \
	fi

# The docs: what scripts/docs.py would write must be what is committed (else: make docs), and
# the C example must run (on a generated 5-vertex path from vertex 0: every vertex reached).
test-docs: tools tests/bin/example_bfs
	@echo "== docs (scripts/docs.py --check, docs/examples/bfs.c)"
	@$(PYTHON) scripts/docs.py --check
	@mkdir -p build/docs && bin/gnest-gen path --n 5 -o build/docs/path5.mtx > /dev/null 2>&1
	@tests/bin/example_bfs build/docs/path5.mtx | grep '^reached 5 of 5 vertices'

docs: tools
	$(PYTHON) scripts/docs.py

# scripts/plot-bench.py on a fixture record and on a record this build's gnest-bench writes.
test-plots: tools
	@if $(PYTHON) -c 'import matplotlib, pytest' 2>/dev/null; then \
	  echo "== tests/plots ($(PYTHON))"; \
	  $(PYTHON) -m pytest -q -p no:cacheprovider -rs tests/plots; \
	else \
	  echo "== tests/plots not run: $(PYTHON) lacks matplotlib or pytest (pip install matplotlib pytest)"; \
	fi

# PNGs of one gnest-bench run: JSON= its --json record (default: the last bench/results/*.json by
# name), OUT= the directory (default docs/img, where docs/performance.md shows them), PEERS= a
# peer table to compare with instead of the run's own peers (read by bin/gnest-bench).
# bench/README.md shows what the plots hold.
OUT ?= docs/img
plots: $(if $(PEERS),bin/gnest-bench)
	$(PYTHON) scripts/plot-bench.py $(JSON) --out $(OUT) $(if $(PEERS),--peers $(PEERS))

fuzz-replay: fuzz
	FUZZ_BIN=$(FUZZ_BIN) tests/fuzz/run.sh replay

test-gpu: all
	@scripts/run-tests.sh 1 $(filter tests/bin/test_gpu%,$(TEST_BINS))

# DESTDIR stages the files (packaging); PREFIX and LIBDIR are where they will live, written into
# gnest.pc. uninstall removes exactly what install put there.
INSTALLED := $(LIBDIR)/libgnest.a $(LIBDIR)/$(SHLIB) $(LIBDIR)/$(SONAME) $(LIBDIR)/libgnest.so \
             $(LIBDIR)/pkgconfig/gnest.pc $(PREFIX)/include/gnest.h $(addprefix $(PREFIX)/bin/,$(TOOLS))

# The installed tools: bin/'s objects linked again, against lib/libgnest.so with the run path
# $(LIBDIR) alone (bin/'s names the build tree), so that they load the installed library wherever
# LIBDIR is; with LINK=static, libgnest.a linked in as in bin/'s. Linked at every install (the
# run path follows LIBDIR).
INSTALL_TOOL_BINS := $(addprefix build/install/bin/,$(TOOLS))
ifeq ($(LINK),shared)
INSTALL_LINK := -Llib -lgnest -Wl,-rpath,$(LIBDIR)
else
INSTALL_LINK := $(GNEST_LINK)
endif
.PHONY: FORCE
build/install/bin/%: $$(call tool_objs,$$*) $(TOOL_COMMON) $(GNEST_LINK_DEP) FORCE
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(filter %.o,$^) $(INSTALL_LINK) $(LDLIBS)
build/install/bin/gnest-bench: build/gen/bench_peers.o

install: lib tools $(INSTALL_TOOL_BINS)
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin
	install -m 644 lib/libgnest.a $(DESTDIR)$(LIBDIR)/
	install -m 755 lib/$(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libgnest.so
	install -m 644 include/gnest.h $(DESTDIR)$(PREFIX)/include/
	install -m 755 $(INSTALL_TOOL_BINS) $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@CUDA_LIBDIR@|$(CUDA_HOME)/lib64|' -e 's|@OPTIONAL_LIBS@|$(OPTIONAL_LIBS)|' \
	    gnest.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/gnest.pc
	@echo "installed gnest $(VERSION) under $(DESTDIR)$(PREFIX); programs linked with -lgnest find"
	@echo "$(SONAME) through ldconfig (system directories, as root), an rpath or LD_LIBRARY_PATH (README.md)"

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# Loader fuzz targets: io/ and src/base/ (no CUDA) compiled again with the fuzz harness. With
# clang: libFuzzer binaries under ASan+UBSan (any UBSan report aborts); without clang: the same
# harnesses with a plain replay main (tests/fuzz/replay_main.c), so `make test` replays the corpus
# either way and says which.
FUZZ_CLANG   ?= clang
HAVE_CLANG   := $(shell command -v $(FUZZ_CLANG) 2>/dev/null)
FUZZ_TARGETS := mtx dimacs edgelist tree binary gzip xz
FUZZ_FLAGS   := -g -O1 -std=c11 -Wall -Wextra -Wno-format-zero-length -D_GNU_SOURCE -Iinclude -Isrc -Itests/fuzz
ifneq ($(HAVE_CLANG),)
FUZZ_DIR     := build/fuzz
FUZZ_BIN     := tests/fuzz/bin
FUZZ_COMPILE := $(FUZZ_CLANG) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_LINK    := $(FUZZ_CLANG) -fsanitize=fuzzer,address,undefined
FUZZ_MAIN    :=
else
FUZZ_DIR     := build/fuzz-cc
FUZZ_BIN     := tests/fuzz/bin-cc
FUZZ_COMPILE := $(CC) $(FUZZ_FLAGS)
FUZZ_LINK    := $(CC)
FUZZ_MAIN    := $(FUZZ_DIR)/tests/fuzz/replay_main.o
endif
FUZZ_BINS    := $(addprefix $(FUZZ_BIN)/fuzz_,$(FUZZ_TARGETS))
FUZZ_LIB_OBJ := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(sort $(wildcard src/base/*.c src/io/*.c)) tests/fuzz/fuzz_common.c)

fuzz: $(FUZZ_BINS)

$(FUZZ_DIR)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_COMPILE) -MMD -MP -c $< -o $@

# gzip and xz: one harness, the file name's extension picks the decompressor.
FUZZ_SUFFIX_gzip := .gz
FUZZ_SUFFIX_xz   := .xz
$(FUZZ_DIR)/tests/fuzz/fuzz_gzip.o $(FUZZ_DIR)/tests/fuzz/fuzz_xz.o: $(FUZZ_DIR)/tests/fuzz/fuzz_%.o: tests/fuzz/fuzz_decompress.c
	@mkdir -p $(dir $@)
	$(FUZZ_COMPILE) -DFUZZ_SUFFIX='"$(FUZZ_SUFFIX_$*)"' -MMD -MP -c $< -o $@

$(FUZZ_BIN)/fuzz_%: $(FUZZ_DIR)/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ) $(FUZZ_MAIN)
	@mkdir -p $(FUZZ_BIN)
	$(FUZZ_LINK) -o $@ $^ -lz -llzma -lm -lpthread

clean:
	rm -rf build lib bin tests/bin tests/fuzz/bin tests/fuzz/bin-cc
