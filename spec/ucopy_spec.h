/*
 * ucopy: the logic every model shares (ACSL, read by Frama-C; invisible to gcc).
 *
 * Fault model (spec/spec.md): a copy of len bytes from src to dst. Source
 * bytes are readable at offsets below fs, destination bytes writable at
 * offsets below fd; any access touching a byte at or past that offset faults
 * as a whole. f = min(fs, fd) is the first faulting offset. fs and fd are
 * hardware state, ghost in the models' proofs (spec/hw.h): the predicates
 * take them as arguments, the contracts pass the ghost values.
 *
 * Contract levels, strongest first: EXACT => RAW => WEAK (lemmas below,
 * proven by the provers). ZEROPAD is what the copy_from_user wrapper adds,
 * stated here and proven where the wrapper is. ZEROTAIL (at the end) is
 * the zeroing tail's, outside that chain.
 *
 * Every assumption this logic and the primitives encode is listed in
 * spec/spec.md ("Trusted base").
 */
#ifndef UCOPY_SPEC_H
#define UCOPY_SPEC_H

#include <stddef.h>
#include <stdint.h>

/* The classic ABI's count is edx: its routines copy less than 4 GiB. */
#define UCOPY_LEN_MAX 0xffffffffUL
/*
 * The rep ABI's count is rcx: a copy is bounded only by the user address
 * space, below TASK_SIZE_MAX = 2^56 - 4096 with 5-level paging.
 */
#define UCOPY_REP_LEN_MAX 0xfffffffffff000UL

/*@
  logic integer fault_at(integer fs, integer fd) = fs < fd ? fs : fd;

  // Bytes an exact copy transfers: up to the first fault, at most len.
  logic integer reach(integer len, integer fs, integer fd) =
    len < fault_at(fs, fd) ? len : fault_at(fs, fd);

  // Bytes an access of [a, b) may touch before the fault: the part of [a, b)
  // below f (0 when a is already at or past f).
  logic integer clamp(integer x, integer lo, integer hi) =
    x < lo ? lo : (x > hi ? hi : x);

  predicate copied{L}(uint8_t *d, uint8_t *s, integer a, integer b) =
    \forall integer i; a <= i < b ==> \at(d[i], L) == \at(s[i], L);

  predicate unchanged{K, L}(uint8_t *d, integer a, integer b) =
    \forall integer i; a <= i < b ==> \at(d[i], K) == \at(d[i], L);

  // Each byte of [a, b) either kept its old value or holds its source
  // byte: all that a store may leave past a point the routine reported.
  predicate src_or_old{K, L}(uint8_t *d, uint8_t *s, integer a, integer b) =
    \forall integer i; a <= i < b ==>
      \at(d[i], L) == \at(d[i], K) || \at(d[i], L) == \at(s[i], L);

  // EXACT: report exactly the bytes not copied; copy the prefix; touch
  // nothing after it.
  predicate EXACT{K, L}(uint8_t *d, uint8_t *s, integer len,
                        integer fs, integer fd, integer ret) =
    ret == len - reach(len, fs, fd) &&
    copied{L}(d, s, 0, len - ret) &&
    unchanged{K, L}(d, len - ret, len);

  // RAW: include/linux/uaccess.h's contract for raw_copy_{from,to}_user.
  // Under-reporting is allowed, but only with the bytes past the report
  // left alone, and "nothing copied" only when nothing could be.
  predicate RAW{K, L}(uint8_t *d, uint8_t *s, integer len,
                      integer fs, integer fd, integer ret) =
    0 <= ret <= len &&
    len - ret <= fault_at(fs, fd) &&
    copied{L}(d, s, 0, len - ret) &&
    unchanged{K, L}(d, len - ret, len) &&
    (ret == len && len > 0 ==> fault_at(fs, fd) == 0);

  // WEAK: never over-report; the claimed prefix really is copied. Past the
  // report a byte may have been stored, but only with its source value,
  // and a zero-progress return is tolerated.
  predicate WEAK{K, L}(uint8_t *d, uint8_t *s, integer len,
                       integer fs, integer fd, integer ret) =
    0 <= ret <= len &&
    len - ret <= fault_at(fs, fd) &&
    copied{L}(d, s, 0, len - ret) &&
    src_or_old{K, L}(d, s, len - ret, len);

  // ZEROPAD: copy_from_user's promise (lib/usercopy.c): after a short copy
  // the bytes not copied are zeroed, so no stale kernel bytes survive.
  predicate ZEROPAD{L}(uint8_t *d, uint8_t *s, integer len,
                       integer fs, integer fd, integer ret) =
    0 <= ret <= len &&
    len - ret <= fault_at(fs, fd) &&
    copied{L}(d, s, 0, len - ret) &&
    (\forall integer i; len - ret <= i < len ==> \at(d[i], L) == 0);

  lemma zeropad_leaves_no_stale_byte{L}:
    \forall uint8_t *d, uint8_t *s, integer len, fs, fd, ret;
      ZEROPAD{L}(d, s, len, fs, fd, ret) ==>
      \forall integer i; 0 <= i < len ==>
        \at(d[i], L) == \at(s[i], L) || \at(d[i], L) == 0;

  lemma exact_is_raw{K, L}:
    \forall uint8_t *d, uint8_t *s, integer len, fs, fd, ret;
      len >= 0 && fs >= 0 && fd >= 0 &&
      EXACT{K, L}(d, s, len, fs, fd, ret) ==> RAW{K, L}(d, s, len, fs, fd, ret);

  lemma raw_is_weak{K, L}:
    \forall uint8_t *d, uint8_t *s, integer len, fs, fd, ret;
      RAW{K, L}(d, s, len, fs, fd, ret) ==> WEAK{K, L}(d, s, len, fs, fd, ret);

  // Exact on the part [off, end) of a copy: what a stage that starts with
  // [0, off) already copied (and off <= f) must deliver. With off = 0 it is
  // EXACT; tails and fix-ups are specified with it.
  predicate exact_from{K, L}(uint8_t *d, uint8_t *s, integer off, integer end,
                             integer fs, integer fd, integer ret) =
    ret == end - clamp(fault_at(fs, fd), off, end) &&
    copied{L}(d, s, off, end - ret) &&
    unchanged{K, L}(d, end - ret, end);

  // WEAK on the part [off, end): the report never claims a byte at or past
  // the fault, what it claims is copied, and past it a byte is old or
  // from the source.
  predicate weak_from{K, L}(uint8_t *d, uint8_t *s, integer off, integer end,
                            integer fs, integer fd, integer ret) =
    0 <= ret <= end - off &&
    end - ret <= clamp(fault_at(fs, fd), off, end) &&
    copied{L}(d, s, off, end - ret) &&
    src_or_old{K, L}(d, s, end - ret, end);

  // A copy loop's progress: it started at `start`, stands at `off`, short
  // of the first fault, with [start, off) copied and [off, end) untouched
  // since K. The stride loops of unrolled, nocache and the shared stages
  // keep it as their invariant.
  predicate progress{K, L}(uint8_t *d, uint8_t *s, integer start, integer off,
                           integer end, integer fs, integer fd) =
    start <= off <= fault_at(fs, fd) &&
    copied{L}(d, s, start, off) &&
    unchanged{K, L}(d, off, end);

  // What a model may assume of its buffers over [a, b) of an area of
  // `area` bytes: inside the area, valid, and disjoint (a kernel copy
  // never overlaps user and kernel memory).
  predicate span(uint8_t *d, uint8_t *s, integer a, integer b, integer area) =
    0 <= a && b <= area &&
    \valid(d + (a .. b - 1)) && \valid_read(s + (a .. b - 1)) &&
    \separated(d + (a .. b - 1), s + (a .. b - 1));
*/

/*
 * The clear family (docs/clear.md): a clear of len bytes at dst, which is
 * writable below fd, returns the bytes not cleared. There is no source, so
 * only fd is fault state; the levels are the copy levels with the source
 * read as all zeros.
 */
/*@
  predicate zeroed{L}(uint8_t *d, integer a, integer b) =
    \forall integer i; a <= i < b ==> \at(d[i], L) == 0;

  // Past a clear's report a byte either kept its old value or is zero.
  predicate zero_or_old{K, L}(uint8_t *d, integer a, integer b) =
    \forall integer i; a <= i < b ==>
      \at(d[i], L) == \at(d[i], K) || \at(d[i], L) == 0;

  logic integer clear_reach(integer len, integer fd) = len < fd ? len : fd;

  // CLEAR_EXACT: report exactly the bytes not cleared; zero the prefix;
  // touch nothing after it (a byte-at-a-time clear).
  predicate CLEAR_EXACT{K, L}(uint8_t *d, integer len, integer fd, integer ret) =
    ret == len - clear_reach(len, fd) &&
    zeroed{L}(d, 0, len - ret) &&
    unchanged{K, L}(d, len - ret, len);

  // CLEAR_RAW: under-reporting allowed with the rest untouched; "nothing
  // cleared" only when nothing could be.
  predicate CLEAR_RAW{K, L}(uint8_t *d, integer len, integer fd, integer ret) =
    0 <= ret <= len &&
    len - ret <= fd &&
    zeroed{L}(d, 0, len - ret) &&
    unchanged{K, L}(d, len - ret, len) &&
    (ret == len && len > 0 ==> fd == 0);

  // CLEAR_WEAK: never over-report, the claimed prefix zeroed; past it a
  // byte is old or zero; a zero-progress return is tolerated.
  predicate CLEAR_WEAK{K, L}(uint8_t *d, integer len, integer fd, integer ret) =
    0 <= ret <= len &&
    len - ret <= fd &&
    zeroed{L}(d, 0, len - ret) &&
    zero_or_old{K, L}(d, len - ret, len);

  lemma clear_exact_is_raw{K, L}:
    \forall uint8_t *d, integer len, fd, ret;
      len >= 0 && fd >= 0 &&
      CLEAR_EXACT{K, L}(d, len, fd, ret) ==> CLEAR_RAW{K, L}(d, len, fd, ret);

  lemma clear_raw_is_weak{K, L}:
    \forall uint8_t *d, integer len, fd, ret;
      CLEAR_RAW{K, L}(d, len, fd, ret) ==> CLEAR_WEAK{K, L}(d, len, fd, ret);

  // A clear's buffer over [a, b) of an area of `area` bytes.
  predicate dspan(uint8_t *d, integer a, integer b, integer area) =
    0 <= a && b <= area && \valid(d + (a .. b - 1));
*/

/*
 * ZEROTAIL, the level of the zeroing C tail (copy_user_handle_tail with
 * its zerorest argument): EXACT's count and prefix, and then zeros from
 * the report up to the first byte the destination refuses (fd), the rest
 * unchanged. Outside the chain: the zeros are neither old nor source
 * bytes, so it does not imply WEAK; with a destination that never faults
 * it implies ZEROPAD (lemma below).
 */
/*@
  predicate zerotail_from{K, L}(uint8_t *d, uint8_t *s, integer off, integer end,
                                integer fs, integer fd, integer ret) =
    ret == end - clamp(fault_at(fs, fd), off, end) &&
    copied{L}(d, s, off, end - ret) &&
    zeroed{L}(d, end - ret, clamp(fd, end - ret, end)) &&
    unchanged{K, L}(d, clamp(fd, end - ret, end), end);

  predicate ZEROTAIL{K, L}(uint8_t *d, uint8_t *s, integer len,
                           integer fs, integer fd, integer ret) =
    zerotail_from{K, L}(d, s, 0, len, fs, fd, ret);

  lemma zerotail_is_zeropad{K, L}:
    \forall uint8_t *d, uint8_t *s, integer len, fs, fd, ret;
      len >= 0 && fs >= 0 && fd >= len &&
      ZEROTAIL{K, L}(d, s, len, fs, fd, ret) ==> ZEROPAD{L}(d, s, len, fs, fd, ret);
*/

#endif
