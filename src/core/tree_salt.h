/* The splitter salt of a tree for the Euler-tour method of src/algos/tree_euler.h: a hash of the
 * tree's node count and parent array, computed by core once when it builds a tree handle
 * (gnest_tree.euler_salt), so that it lives with the handle like the tree's other derived
 * arrays. Plain C11, host only. */
#ifndef GNEST_CORE_TREE_SALT_H
#define GNEST_CORE_TREE_SALT_H

#include <stdint.h>

/* One step of a salt lane: the word folded in through a bijective mixer, fed forward onto the
 * rotated state (so a step cannot be undone by inverting the mixer: no meeting in the middle
 * from a wanted salt). */
static inline uint64_t gn_salt_step(uint64_t h, uint64_t w) {
  uint64_t x = (h ^ w) * 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 32)) * 0xd6e8feb86659fd93ULL;
  x ^= x >> 29;
  return ((h << 27) | (h >> 37)) + x;
}

/* The salt of the tree with these n nodes and parent array (which fix its children CSR, so its
 * tour): a 64-bit hash of all of it, computed once per tree on the host (gn_tree_build keeps it
 * in the handle; the tests call this on the same parent array). A fixed
 * function of the tree, so the splitters, the pass count and the timings of a call repeat on
 * the same tree; but every parent entry moves it, so a numbering crafted against one salt gets
 * another one. Sampling a few entries would not do: a crafted numbering keeps those and is
 * crafted against the salt they give. Not a cryptographic hash: it makes defeating the
 * splitters a search against a 64-bit feed-forward hash rather than a read of the source.
 * Four lanes over pairs of entries, about 1.5 ns a node. */
static inline uint64_t gn_euler_salt(int32_t n, const int32_t *parent) {
  uint64_t lane[4] = {0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL, 0xa4093822299f31d0ULL,
                      0x082efa98ec4e6c89ULL};
  const int64_t whole = n > 0 ? (int64_t)n / 8 : 0, rest = n > 0 ? (int64_t)n % 8 : 0;
  const int32_t *p = parent;
  for (int64_t b = 0; b < whole; ++b, p += 8)
    for (int l = 0; l < 4; ++l)
      lane[l] = gn_salt_step(lane[l], (uint64_t)(uint32_t)p[2 * l] |
                                          (uint64_t)(uint32_t)p[2 * l + 1] << 32);
  for (int64_t k = 0; k < rest; ++k) lane[0] = gn_salt_step(lane[0], (uint64_t)(uint32_t)p[k]);
  uint64_t h = gn_salt_step(0x452821e638d01377ULL, (uint64_t)(uint32_t)n);
  for (int l = 0; l < 4; ++l) h = gn_salt_step(h, lane[l]);
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

#endif
