/* Where output goes: the one home for every writer of a user's path (the library's graph and tree
 * writers through gn_writer, the tools through gnest_output_*).
 * - A regular file, or a path that does not exist yet: written to a temporary of its own next to
 *   it, fsync'd, given the old file's mode (and owner when allowed), then renamed over the path;
 *   a failure removes the temporary and leaves the old file as it was. Each writer's temporary is
 *   unique, so concurrent writers of one path leave one complete result, never a mix.
 * - A symbolic link: the same for the file it points to, so the link stays a link.
 * - "-" (standard output), a device, a FIFO, a socket, or a descriptor's name (/dev/stdout,
 *   /proc/self/fd/N): written in place as a stream, never created, truncated or replaced
 *   (renaming over /dev/null would replace the device node by a regular file).
 * - A directory, or a path whose directory does not exist: refused, saying which. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/io_internal.h"

enum { kMaxLinks = 40, kTempAttempts = 100 };

static gnest_status io_error(gnest_ctx *ctx, const char *path, const char *what, int err) {
  return gn_error(ctx, GNEST_ERR_IO, path, 0, "%s: %s", what, strerror(err));
}

static char *join(const char *dir, const char *name) {
  size_t len = strlen(dir) + strlen(name) + 2;
  char *out = malloc(len);
  if (out) snprintf(out, len, "%s/%s", dir, name);
  return out;
}

/* The directory part of path ("." when it has none), malloc'd. */
static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return strdup(".");
  if (slash == path) return strdup("/");
  return strndup(path, (size_t)(slash - path));
}

/* The link at cur names what it points to, read from its real directory (so a relative link
 * resolves from there). *descriptor is set when the link lives in /proc (a descriptor's name such
 * as /dev/stdout -> /proc/self/fd/1, whose "target" may be "pipe:[123]", not a path). */
static gnest_status read_link(gnest_ctx *ctx, const char *path, const char *cur, char **next,
                              int *descriptor) {
  char *dir = dir_of(cur), *real_dir = dir ? realpath(dir, NULL) : NULL;
  int err = errno;
  free(dir);
  if (!real_dir) return io_error(ctx, path, "cannot resolve the symbolic link", err);
  char target[PATH_MAX];
  ssize_t len = readlink(cur, target, sizeof target - 1);
  if (len < 0) err = errno;
  if (strncmp(real_dir, "/proc/", 6) == 0) {
    *descriptor = 1;
  } else if (len >= 0) {
    target[len] = '\0';
    *next = target[0] == '/' ? strdup(target) : join(real_dir, target);
    if (!*next) err = ENOMEM, len = -1;
  }
  free(real_dir);
  return len < 0 && !*descriptor ? io_error(ctx, path, "cannot read the symbolic link", err)
                                 : GNEST_OK;
}

/* Follows path through its symbolic links: *final (malloc'd) is the file they end at, *exists
 * says whether it exists (then *st describes it); *descriptor as in read_link. */
static gnest_status follow_links(gnest_ctx *ctx, const char *path, char **final, struct stat *st,
                                 int *exists, int *descriptor) {
  char *cur = strdup(path);
  *exists = *descriptor = 0;
  for (int hops = 0;; hops++) {
    if (!cur) return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "out of memory resolving the path");
    int err = lstat(cur, st) != 0 ? errno : 0;
    if (err == 0 && S_ISLNK(st->st_mode) && hops == kMaxLinks) err = ELOOP;
    if (err != 0 && err != ENOENT) {
      free(cur);
      return io_error(ctx, path, "cannot write there", err);
    }
    if (err == ENOENT || !S_ISLNK(st->st_mode)) {
      *exists = err == 0;
      *final = cur;
      return GNEST_OK;
    }
    char *next = NULL;
    gnest_status rc = read_link(ctx, path, cur, &next, descriptor);
    if (rc == GNEST_OK && *descriptor) {
      *final = cur;
      return GNEST_OK;
    }
    free(cur);
    if (rc != GNEST_OK) return rc;
    cur = next;
  }
}

/* A new file needs its directory. */
static gnest_status check_directory(gnest_ctx *ctx, const char *path, const char *final) {
  char *dir = dir_of(final);
  if (!dir) return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "out of memory resolving the path");
  struct stat st;
  gnest_status rc = GNEST_OK;
  if (final[0] && final[strlen(final) - 1] == '/')
    rc = gn_error(ctx, GNEST_ERR_IO, path, 0, "names a directory that does not exist, not a file");
  else if (stat(dir, &st) != 0)
    rc = gn_error(ctx, GNEST_ERR_IO, path, 0, "the directory %s does not exist", dir);
  else if (!S_ISDIR(st.st_mode))
    rc = gn_error(ctx, GNEST_ERR_IO, path, 0, "%s is not a directory", dir);
  free(dir);
  return rc;
}

/* A name of its own next to the final file, made like mkstemp's (O_CREAT | O_EXCL retried on a
 * clash, so no two writers ever share it) but created with mode 0666 so that a new file gets the
 * umask's permissions, as any new file would; mkstemp's is always 0600. */
static gnest_status create_temporary(gnest_ctx *ctx, gn_target *t) {
  static unsigned counter;
  size_t len = strlen(t->final) + 64;
  if (!(t->tmp = malloc(len)))
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, t->path, 0, "out of memory naming the temporary");
  for (int attempt = 0; attempt < kTempAttempts && t->fd < 0; attempt++) {
    snprintf(t->tmp, len, "%s.tmp-%ld-%u", t->final, (long)getpid(),
             __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
    t->fd = open(t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (t->fd < 0 && errno != EEXIST) break;
  }
  if (t->fd >= 0) return GNEST_OK;
  int err = errno;
  free(t->tmp);
  t->tmp = NULL;
  char what[PATH_MAX + 64];
  char *dir = dir_of(t->final);
  snprintf(what, sizeof what, "cannot create a temporary file in %s", dir ? dir : "its directory");
  free(dir);
  return io_error(ctx, t->path, what, err);
}

/* Opens an existing non-regular file (or a descriptor's name) in place. */
static gnest_status open_stream(gnest_ctx *ctx, gn_target *t, const char *name) {
  t->fd = open(name, O_WRONLY | O_CLOEXEC | O_NOCTTY);
  return t->fd < 0 ? io_error(ctx, t->path, "cannot open for writing", errno) : GNEST_OK;
}

static gnest_status open_resolved(gnest_ctx *ctx, gn_target *t) {
  struct stat st;
  int exists, descriptor;
  char *final = NULL;
  gnest_status rc = follow_links(ctx, t->path, &final, &st, &exists, &descriptor);
  if (rc != GNEST_OK) return rc;
  if (descriptor || (exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))) {
    rc = open_stream(ctx, t, descriptor ? t->path : final);
    free(final);
    return rc;
  }
  t->final = final;
  if (exists && S_ISDIR(st.st_mode))
    return gn_error(ctx, GNEST_ERR_IO, t->path, 0, "is a directory, not a file");
  if (!exists && (rc = check_directory(ctx, t->path, final)) != GNEST_OK) return rc;
  t->keep_old = exists;
  t->old_mode = st.st_mode & 07777;
  t->old_uid = st.st_uid;
  t->old_gid = st.st_gid;
  return create_temporary(ctx, t);
}

gnest_status gn_target_open(gnest_ctx *ctx, const char *path, gn_target *t) {
  memset(t, 0, sizeof *t);
  t->fd = -1;
  if (!path || !*path)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "output", 0, "empty output path");
  if (!(t->path = strdup(path)))
    return gn_error(ctx, GNEST_ERR_OUT_OF_MEMORY, path, 0, "out of memory opening the output");
  gnest_status rc;
  if (strcmp(path, "-") == 0) {
    fflush(stdout); /* what the program printed before comes first */
    t->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
    rc = t->fd < 0 ? io_error(ctx, path, "cannot write to standard output", errno) : GNEST_OK;
  } else {
    rc = open_resolved(ctx, t);
  }
  if (rc != GNEST_OK) gn_target_close(ctx, t, 0);
  return rc;
}

/* The temporary, complete, on disk with the old file's owner and mode, before the rename. */
static gnest_status seal_temporary(gnest_ctx *ctx, gn_target *t) {
  if (fsync(t->fd) != 0 && errno != EINVAL) return io_error(ctx, t->path, "cannot flush to disk", errno);
  if (!t->keep_old) return GNEST_OK;
  /* owner first: a change of owner clears set-id bits, which the mode then restores */
  if ((t->old_uid != geteuid() || t->old_gid != getegid()) &&
      fchown(t->fd, t->old_uid, t->old_gid) != 0 && errno != EPERM)
    return io_error(ctx, t->path, "cannot keep the file's owner", errno);
  if (fchmod(t->fd, t->old_mode) != 0) return io_error(ctx, t->path, "cannot keep the file's mode", errno);
  return GNEST_OK;
}

gnest_status gn_target_close(gnest_ctx *ctx, gn_target *t, int ok) {
  gnest_status st = GNEST_OK;
  if (ok && t->tmp) st = seal_temporary(ctx, t);
  if (t->fd >= 0 && close(t->fd) != 0 && ok && st == GNEST_OK)
    st = io_error(ctx, t->path, "write error on close", errno);
  if (t->tmp && ok && st == GNEST_OK && rename(t->tmp, t->final) != 0)
    st = io_error(ctx, t->path, "cannot rename the finished file into place", errno);
  if (t->tmp && (!ok || st != GNEST_OK)) unlink(t->tmp);
  free(t->tmp);
  free(t->final);
  free(t->path);
  memset(t, 0, sizeof *t);
  t->fd = -1;
  return st;
}

/* ---------------------------------------------------------------------------------------------
 * The public face: a stdio stream over a target.
 * ------------------------------------------------------------------------------------------- */
struct gnest_output {
  gnest_ctx *ctx;
  gn_target target;
  FILE *stream; /* over a duplicate of target.fd, so closing it leaves the target's fd open */
};

gnest_status gnest_output_open(gnest_ctx *ctx, const char *path, gnest_output **out,
                               FILE **stream) {
  if (!out || !stream)
    return gn_error(ctx, GNEST_ERR_INVALID_ARGUMENT, "gnest_output_open", 0, "NULL out or stream");
  *out = NULL;
  *stream = NULL;
  gnest_status rc = GNEST_OK;
  gnest_output *o = gn_alloc(ctx, 1, sizeof *o, "output", &rc);
  if (!o) return rc != GNEST_OK ? rc : GNEST_ERR_OUT_OF_MEMORY;
  o->ctx = ctx;
  if ((rc = gn_target_open(ctx, path, &o->target)) != GNEST_OK) {
    free(o);
    return rc;
  }
  int fd = fcntl(o->target.fd, F_DUPFD_CLOEXEC, 0);
  o->stream = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!o->stream) {
    rc = io_error(ctx, path, "cannot open a stream", errno);
    if (fd >= 0) close(fd);
    gn_target_close(ctx, &o->target, 0);
    free(o);
    return rc;
  }
  *out = o;
  *stream = o->stream;
  return GNEST_OK;
}

gnest_status gnest_output_commit(gnest_output *o) {
  if (!o) return gn_error(NULL, GNEST_ERR_INVALID_ARGUMENT, "gnest_output_commit", 0, "NULL output");
  /* a failed write leaves its bytes buffered: flushing again gives the reason (ENOSPC, EFBIG) */
  int err = fflush(o->stream) != 0 ? errno : ferror(o->stream) ? EIO : 0;
  if (fclose(o->stream) != 0 && !err) err = errno;
  gnest_status st = err ? io_error(o->ctx, o->target.path, "write error", err) : GNEST_OK;
  gnest_status closed = gn_target_close(o->ctx, &o->target, st == GNEST_OK);
  free(o);
  return st != GNEST_OK ? st : closed;
}

void gnest_output_abort(gnest_output *o) {
  if (!o) return;
  fclose(o->stream);
  gn_target_close(o->ctx, &o->target, 0);
  free(o);
}
