/*
 * The tail handlers and the destination-alignment prologue the v4.x
 * strategies share. A tail finishes a copy after a fault fix-up: the
 * routine has copied [0, off) and hands over the remaining count.
 */
#ifndef UCOPY_TAIL_H
#define UCOPY_TAIL_H

#include "hw.h"

/*
 * tail_c: copy_user_handle_tail as of v4.12 (arch/x86/lib/usercopy_64.c):
 * retries the remaining rem bytes one at a time, stops at the first fault,
 * returns the bytes left. The kernel gets advanced pointers and the count;
 * the model gets the offset the pointers stand at.
 */
/*@ requires off + rem <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, off, off + rem);
    assigns dst[off .. off + rem - 1];
    ensures exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, fs, fd, \result);
*/
size_t model_tail_c(uint8_t *dst, const uint8_t *src, size_t off, size_t rem,
		    size_t fs, size_t fd);

/*
 * tail_rep: the 2019 form (commit 3693ca81151e, v5.x .Lcopy_user_handle_tail):
 * one rep movsb over the remainder, its count register returned as it is.
 * Exact when rep movsb reports faults exactly; when the report lags, bytes
 * past it may be stored and the report may even say nothing was copied.
 */
/*@ requires off + rem <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, off, off + rem);
    assigns dst[off .. off + rem - 1];
    ensures weak_from{Post}(dst, (uint8_t *)src, off, off + rem, fs, fd, \result);
    behavior exact_hw:
      assumes lag == 0;
      ensures exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, fs, fd, \result);
*/
size_t model_tail_rep(uint8_t *dst, const uint8_t *src, size_t off, size_t rem,
		      size_t fs, size_t fd, size_t lag);

/* Which tail a routine's fix-ups jump to (the v4.x C one or the v5.x asm one). */
enum tail_kind { TAIL_C, TAIL_REP };

/*@ requires kind == TAIL_C || kind == TAIL_REP;
    requires off + rem <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, off, off + rem);
    assigns dst[off .. off + rem - 1];
    ensures weak_from{Post}(dst, (uint8_t *)src, off, off + rem, fs, fd, \result);
    behavior exact:
      assumes kind == TAIL_C || lag == 0;
      ensures exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, fs, fd, \result);
*/
size_t run_tail(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		size_t off, size_t rem, size_t fs, size_t fd, size_t lag);

/* Returned by align_destination when the copy goes on (no tail was run). */
#define UCOPY_GO_ON SIZE_MAX

/*@ logic integer align_bytes(integer daddr) = (8 - daddr % 8) % 8; */

/*
 * ALIGN_DESTINATION (v4.x copy_user_64.S): for a copy of len >= 8 whose
 * destination is not 8-aligned, copy the 8 - (daddr & 7) bytes up to the
 * boundary one at a time. A fault there leaves "count still to align plus
 * the rest" (edx + ecx) for tail_c, whose result is returned; otherwise
 * UCOPY_GO_ON, with align_bytes(daddr) bytes copied.
 */
/*@ requires 8 <= len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    behavior aligned:
      assumes align_bytes(daddr) <= fault_at(fs, fd);
      ensures \result == UCOPY_GO_ON;
      ensures copied{Post}(dst, (uint8_t *)src, 0, align_bytes(daddr));
      ensures unchanged{Pre, Post}(dst, align_bytes(daddr), len);
    behavior faulted:
      assumes align_bytes(daddr) > fault_at(fs, fd);
      ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
    complete behaviors;
    disjoint behaviors;
*/
size_t align_destination(uint8_t *dst, const uint8_t *src, size_t len,
			 size_t daddr, size_t fs, size_t fd);

#endif
