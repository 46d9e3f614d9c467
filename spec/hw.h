/*
 * ucopy: the hardware primitives, specified once. Every model reaches
 * memory only through these. Their contracts are the hardware assumptions
 * of the project (spec/spec.md, "Trusted base"); src/hw.c gives each a
 * byte-level body that WP proves against the contract, which shows the
 * contracts are consistent, not that the CPU obeys them.
 *
 * Offsets are from the start of the copy; fs and fd are the first faulting
 * source and destination offsets (spec/ucopy_spec.h).
 */
#ifndef UCOPY_HW_H
#define UCOPY_HW_H

#include "ucopy_spec.h"

/*@
  logic integer min2(integer a, integer b) = a < b ? a : b;

  // rep movsb of cnt bytes from off: the bytes stored before the first
  // faulting one.
  logic integer movsb_done(integer off, integer cnt, integer fs, integer fd) =
    clamp(fault_at(fs, fd) - off, 0, cnt);

  // rep movsq of cnt quadwords from off: whole quadwords stored before the
  // first one that touches a faulting byte.
  logic integer movsq_done(integer off, integer cnt, integer fs, integer fd) =
    clamp((fault_at(fs, fd) - off) / 8, 0, cnt);

  // What the count register says was done, given the iterations really
  // done of cnt and the reporting lag (0: exact reporting, as measured
  // here; > 0: the SDM's "delayed" reading, which may report fewer after a
  // fault). A string that ran to the end reports all of it.
  logic integer reported(integer done, integer cnt, integer lag) =
    done == cnt ? done : done - min2(done, lag);
*/

/*
 * An n-byte load at off (n = 1, 2, 4 or 8): succeeds when no byte of it
 * faults. Loads change no memory, so it only answers whether it faulted.
 */
/*@ requires n == 1 || n == 2 || n == 4 || n == 8;
    requires off + n <= UCOPY_LEN_MAX + 64;
    assigns \nothing;
    ensures \result == (off + n <= fs ? 1 : 0);
*/
int hw_load_ok(size_t off, size_t n, size_t fs);

/*
 * An n-byte store at off of the value loaded from the same source offset.
 * The source is not written between a load and its store (the buffers are
 * disjoint), so storing src[off .. off+n) is storing the register. All or
 * nothing: a store touching a byte at or past fd writes nothing.
 */
/*@ requires n == 1 || n == 2 || n == 4 || n == 8;
    requires off + n <= UCOPY_LEN_MAX + 64;
    requires \valid(dst + (off .. off + n - 1));
    requires \valid_read(src + (off .. off + n - 1));
    requires \separated(dst + (off .. off + n - 1), src + (off .. off + n - 1));
    assigns dst[off .. off + n - 1];
    behavior stored:
      assumes off + n <= fd;
      ensures \result == 1;
      ensures copied{Post}(dst, (uint8_t *)src, off, off + n);
    behavior faulted:
      assumes off + n > fd;
      ensures \result == 0;
      ensures unchanged{Pre, Post}(dst, off, off + n);
    complete behaviors;
    disjoint behaviors;
*/
int hw_store(uint8_t *dst, const uint8_t *src, size_t off, size_t n, size_t fd);

/*
 * A load followed by the store of the same register: movb/movq pairs.
 */
/*@ requires n == 1 || n == 2 || n == 4 || n == 8;
    requires off + n <= UCOPY_LEN_MAX + 64;
    requires \valid(dst + (off .. off + n - 1));
    requires \valid_read(src + (off .. off + n - 1));
    requires \separated(dst + (off .. off + n - 1), src + (off .. off + n - 1));
    assigns dst[off .. off + n - 1];
    behavior moved:
      assumes off + n <= fault_at(fs, fd);
      ensures \result == 1;
      ensures copied{Post}(dst, (uint8_t *)src, off, off + n);
    behavior faulted:
      assumes off + n > fault_at(fs, fd);
      ensures \result == 0;
      ensures unchanged{Pre, Post}(dst, off, off + n);
    complete behaviors;
    disjoint behaviors;
*/
int hw_move(uint8_t *dst, const uint8_t *src, size_t off, size_t n,
            size_t fs, size_t fd);

/*
 * rep movsb, count cnt, from offset off. Stores every byte before the first
 * faulting one and stops there. Returns the count register afterwards:
 * cnt less the bytes it reports done, which lag by up to `lag`.
 */
/*@ requires off + cnt <= UCOPY_LEN_MAX;
    requires \valid(dst + (off .. off + cnt - 1));
    requires \valid_read(src + (off .. off + cnt - 1));
    requires \separated(dst + (off .. off + cnt - 1), src + (off .. off + cnt - 1));
    assigns dst[off .. off + cnt - 1];
    ensures copied{Post}(dst, (uint8_t *)src, off, off + movsb_done(off, cnt, fs, fd));
    ensures unchanged{Pre, Post}(dst, off + movsb_done(off, cnt, fs, fd), off + cnt);
    ensures \result == cnt - reported(movsb_done(off, cnt, fs, fd), cnt, lag);
*/
size_t hw_rep_movsb(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt,
                    size_t fs, size_t fd, size_t lag);

/*
 * rep movsq, count cnt quadwords, from offset off. Stores every quadword
 * before the first one touching a faulting byte. Returns the count register
 * (quadwords) afterwards, the report lagging by up to `lag` quadwords.
 */
/*@ requires off + 8 * cnt <= UCOPY_LEN_MAX;
    requires \valid(dst + (off .. off + 8 * cnt - 1));
    requires \valid_read(src + (off .. off + 8 * cnt - 1));
    requires \separated(dst + (off .. off + 8 * cnt - 1), src + (off .. off + 8 * cnt - 1));
    assigns dst[off .. off + 8 * cnt - 1];
    ensures copied{Post}(dst, (uint8_t *)src, off, off + 8 * movsq_done(off, cnt, fs, fd));
    ensures unchanged{Pre, Post}(dst, off + 8 * movsq_done(off, cnt, fs, fd), off + 8 * cnt);
    ensures \result == cnt - reported(movsq_done(off, cnt, fs, fd), cnt, lag);
*/
size_t hw_rep_movsq(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt,
                    size_t fs, size_t fd, size_t lag);

#endif
