/*
 * ucopy: the hardware primitives, specified once. Every model reaches
 * memory only through these. Their contracts are the hardware assumptions
 * of the project (spec/spec.md, "Trusted base"); src/hw/hw.c gives each a
 * byte-level body that WP proves against the contract, which shows the
 * contracts are consistent, not that the CPU obeys them.
 *
 * Where the buffers fault and how a rep movs reports a fault is hardware
 * state. A routine cannot see it, so a model cannot: it is ghost, read only
 * by the contracts below. A model that names it does not compile (gcc:
 * undeclared) and is rejected by Frama-C (ghost state in non-ghost code).
 * Offsets are from the start of the copy.
 */
#ifndef UCOPY_HW_H
#define UCOPY_HW_H

#include "ucopy_spec.h"

/*
 * The ghost hardware state:
 *   hw_area   the copy's area, the len bytes the caller handed over; no
 *             access may leave it (uaccess.h: nothing outside is fetched)
 *   hw_fs     first faulting source offset (>= the area: no fault)
 *   hw_fd     first faulting destination offset
 *   hw_exact  nonzero on hardware whose rep movs reports a fault's progress
 *             exactly (the reading measured here); zero allows the SDM's
 *             delayed reading, each rep instruction lagging by its own amount
 */
/*@ ghost extern size_t hw_area; */
/*@ ghost extern size_t hw_fs; */
/*@ ghost extern size_t hw_fd; */
/*@ ghost extern int hw_exact; */

/*
 * src/hw/hw.c, which gives the primitives bodies over the compiled oracle's
 * fault map, proves them assuming that map says what the ghost state says
 * (and, a hypothesis WP adds and checks at every call, that it lies apart
 * from the buffers). Nowhere else does this clause exist.
 */
#ifdef UCOPY_HW_BODIES
#include "oracle.h"
/*@ predicate oracle_is_ghost{L} =
      ucopy_hw.area == hw_area && ucopy_hw.fs == hw_fs && ucopy_hw.fd == hw_fd &&
      (hw_exact != 0 ==>
         \forall integer k; 0 <= k < UCOPY_REPS_MAX ==> ucopy_hw.lag[k] == 0);
*/
#define HW_ORACLE requires oracle: oracle_is_ghost;
#else
#define HW_ORACLE
#endif

/*@
  // rep movsb of cnt bytes from off: the bytes before the first faulting
  // one, the iterations the CPU really carries out.
  logic integer movsb_done(integer off, integer cnt, integer fs, integer fd) =
    clamp(fault_at(fs, fd) - off, 0, cnt);

  // rep movsq of cnt quadwords from off: whole quadwords before the first
  // one that touches a faulting byte.
  logic integer movsq_done(integer off, integer cnt, integer fs, integer fd) =
    clamp((fault_at(fs, fd) - off) / 8, 0, cnt);

  // What the count register may say was done (rep = cnt - register) when
  // `done` iterations of cnt really were: all of them when the string ran
  // to the end or the hardware reports exactly, otherwise any number up to
  // done (the SDM: a fast-string fault is precise, but may be delayed).
  predicate reports(integer rep, integer done, integer cnt, int exact) =
    0 <= rep <= done &&
    (done == cnt ==> rep == cnt) &&
    (exact != 0 ==> rep == done);
*/

/*
 * All or nothing: an n-byte access at off that stays below limit does its
 * part (behavior done, ensuring what) and returns 1; one that touches a
 * byte at or past limit writes nothing and returns 0. What a single mov
 * does (the SDM: a store that faults has not modified memory).
 */
#define HW_ALL_OR_NOTHING(done, limit, what) \
	assigns dst[off .. off + n - 1]; \
	behavior done: \
	  assumes off + n <= limit; \
	  ensures ok: \result == 1; \
	  ensures what; \
	behavior faulted: \
	  assumes off + n > limit; \
	  ensures failed: \result == 0; \
	  ensures untouched: unchanged{Pre, Post}(dst, off, off + n); \
	complete behaviors; \
	disjoint behaviors;

/*
 * An n-byte load at off (n = 1, 2, 4 or 8): succeeds when no byte of it
 * faults. Loads change no memory, so it only answers whether it faulted.
 */
/*@ HW_ORACLE
    requires size: n == 1 || n == 2 || n == 4 || n == 8;
    requires inside: off + n <= hw_area;
    assigns \nothing;
    ensures loaded: \result == (off + n <= hw_fs ? 1 : 0);
*/
int hw_load_ok(size_t off, size_t n);

/*
 * An n-byte store at off of the value a load took from the same source
 * offset: the load must have succeeded. The source is not written between
 * a load and its store (the buffers are disjoint), so storing
 * src[off .. off+n) is storing the register. All or nothing: a store
 * touching a byte at or past fd writes nothing.
 */
/*@ HW_ORACLE
    requires size: n == 1 || n == 2 || n == 4 || n == 8;
    requires loaded: off + n <= hw_fs;
    requires span: span(dst, (uint8_t *)src, off, off + n, hw_area);
    HW_ALL_OR_NOTHING(stored, hw_fd, copied: copied{Post}(dst, (uint8_t *)src, off, off + n))
*/
int hw_store(uint8_t *dst, const uint8_t *src, size_t off, size_t n);

/*
 * A load followed by the store of the same register: movb/movq pairs.
 */
/*@ HW_ORACLE
    requires size: n == 1 || n == 2 || n == 4 || n == 8;
    requires span: span(dst, (uint8_t *)src, off, off + n, hw_area);
    HW_ALL_OR_NOTHING(moved, fault_at(hw_fs, hw_fd), copied: copied{Post}(dst, (uint8_t *)src, off, off + n))
*/
int hw_move(uint8_t *dst, const uint8_t *src, size_t off, size_t n);

/*
 * rep movsb, count cnt, from offset off. Returns the count register
 * afterwards. It stops at the first faulting byte; what it reports done is
 * copied; between the reported point and the fault a byte may or may not
 * have been stored (fast strings store out of order); from the fault on
 * nothing is written.
 */
/*@ HW_ORACLE
    requires span: span(dst, (uint8_t *)src, off, off + cnt, hw_area);
    assigns dst[off .. off + cnt - 1];
    ensures count: reports(cnt - \result, movsb_done(off, cnt, hw_fs, hw_fd), cnt, hw_exact);
    ensures copied: copied{Post}(dst, (uint8_t *)src, off, off + cnt - \result);
    ensures maybe_stored: src_or_old{Pre, Post}(dst, (uint8_t *)src, off + cnt - \result,
                                                off + movsb_done(off, cnt, hw_fs, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, off + movsb_done(off, cnt, hw_fs, hw_fd), off + cnt);
*/
size_t hw_rep_movsb(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt);

/*
 * rep movsq, count cnt quadwords, from offset off: the same in units of 8
 * bytes. A quadword touching a faulting byte is not stored at all.
 */
/*@ HW_ORACLE
    requires span: span(dst, (uint8_t *)src, off, off + 8 * cnt, hw_area);
    assigns dst[off .. off + 8 * cnt - 1];
    ensures count: reports(cnt - \result, movsq_done(off, cnt, hw_fs, hw_fd), cnt, hw_exact);
    ensures copied: copied{Post}(dst, (uint8_t *)src, off, off + 8 * (cnt - \result));
    ensures maybe_stored: src_or_old{Pre, Post}(dst, (uint8_t *)src, off + 8 * (cnt - \result),
                                                off + 8 * movsq_done(off, cnt, hw_fs, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, off + 8 * movsq_done(off, cnt, hw_fs, hw_fd),
                                            off + 8 * cnt);
*/
size_t hw_rep_movsq(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt);

/*
 * What every whole-copy model requires: a count its ABI allows (max), the
 * area the caller handed over, valid disjoint buffers; and all it writes.
 * Written once here; each model's contract (src/rows/<name>.h) starts with it.
 */
#define UCOPY_COPY_CONTRACT(max) \
	requires no_wrap: len <= max; \
	requires area: len == hw_area; \
	requires buffers: span(dst, (uint8_t *)src, 0, len, hw_area); \
	assigns dst[0 .. len - 1];

/*
 * What a stage or a tail that finishes [off, end) of a copy requires and
 * all it writes: valid disjoint buffers there, inside the area.
 */
#define UCOPY_PART_CONTRACT(end) \
	requires buffers: span(dst, (uint8_t *)src, off, end, hw_area); \
	assigns dst[off .. end - 1];

/*
 * A row's levels, in the clause names proofs/prove.sh reads off WP's report:
 *   UCOPY_EXACT          EXACT under both readings
 *   UCOPY_WEAK_EXACT_HW  WEAK under both, EXACT on exact hardware only
 */
#define UCOPY_EXACT \
	ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
#define UCOPY_WEAK_EXACT_HW \
	ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result); \
	behavior exact_hw: \
	  assumes hw_exact != 0; \
	  UCOPY_EXACT

/*
 * The clear family's primitives (docs/clear.md): stores of zero. A clear
 * has no source, so only hw_fd decides; the readings of a rep stos fault
 * are those of rep movs: exact, or delayed with the bytes between the
 * report and the fault zero or old.
 */
/*@
  // rep stosb / rep stosq of cnt elements from off: those before the first
  // one touching a faulting byte.
  logic integer stosb_done(integer off, integer cnt, integer fd) =
    clamp(fd - off, 0, cnt);
  logic integer stosq_done(integer off, integer cnt, integer fd) =
    clamp((fd - off) / 8, 0, cnt);
*/

/*
 * An n-byte store of zero at off (movb/movq $0, or of a zeroed register):
 * all or nothing.
 */
/*@ HW_ORACLE
    requires size: n == 1 || n == 2 || n == 4 || n == 8;
    requires span: dspan(dst, off, off + n, hw_area);
    HW_ALL_OR_NOTHING(stored, hw_fd, zeroed: zeroed{Post}(dst, off, off + n))
*/
int hw_store_zero(uint8_t *dst, size_t off, size_t n);

/*
 * rep stosb with al = 0, count cnt, from offset off: returns the count
 * register afterwards. What it reports done is zeroed; between the report
 * and the fault a byte is zero or old; from the fault on nothing changes.
 */
/*@ HW_ORACLE
    requires span: dspan(dst, off, off + cnt, hw_area);
    assigns dst[off .. off + cnt - 1];
    ensures count: reports(cnt - \result, stosb_done(off, cnt, hw_fd), cnt, hw_exact);
    ensures zeroed: zeroed{Post}(dst, off, off + cnt - \result);
    ensures maybe_stored: zero_or_old{Pre, Post}(dst, off + cnt - \result,
                                                 off + stosb_done(off, cnt, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, off + stosb_done(off, cnt, hw_fd), off + cnt);
*/
size_t hw_rep_stosb(uint8_t *dst, size_t off, size_t cnt);

/*
 * rep stosq with rax = 0, count cnt quadwords: the same in units of 8
 * bytes; a quadword touching a faulting byte is not stored at all.
 */
/*@ HW_ORACLE
    requires span: dspan(dst, off, off + 8 * cnt, hw_area);
    assigns dst[off .. off + 8 * cnt - 1];
    ensures count: reports(cnt - \result, stosq_done(off, cnt, hw_fd), cnt, hw_exact);
    ensures zeroed: zeroed{Post}(dst, off, off + 8 * (cnt - \result));
    ensures maybe_stored: zero_or_old{Pre, Post}(dst, off + 8 * (cnt - \result),
                                                 off + 8 * stosq_done(off, cnt, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, off + 8 * stosq_done(off, cnt, hw_fd),
                                            off + 8 * cnt);
*/
size_t hw_rep_stosq(uint8_t *dst, size_t off, size_t cnt);

/*
 * What every whole-clear model requires and writes; and its levels, in the
 * clause names proofs/prove.sh reads (exact, weak; exact_hw behaviour).
 */
#define UCOPY_CLEAR_CONTRACT(max) \
	requires no_wrap: len <= max; \
	requires area: len == hw_area; \
	requires buffers: dspan(dst, 0, len, hw_area); \
	assigns dst[0 .. len - 1];
#define UCOPY_CLEAR_EXACT \
	ensures exact: CLEAR_EXACT{Pre, Post}(dst, len, hw_fd, \result);
#define UCOPY_CLEAR_WEAK \
	ensures weak: CLEAR_WEAK{Pre, Post}(dst, len, hw_fd, \result);
#define UCOPY_CLEAR_WEAK_EXACT_HW \
	UCOPY_CLEAR_WEAK \
	behavior exact_hw: \
	  assumes hw_exact != 0; \
	  UCOPY_CLEAR_EXACT

#endif
