/*
 * The tail a routine's fix-ups jump to: the C byte retry up to v5.1
 * (tail_c) or the asm rep movsb tail after it (tail_rep). Stages shared
 * by routines of both eras take the kind and dispatch here
 * (body: src/rows/tail_rep.c).
 */
#ifndef UCOPY_TAIL_H
#define UCOPY_TAIL_H

#include "tail_c.h"
#include "tail_rep.h"

enum tail_kind { TAIL_C, TAIL_REP };

/*
 * What a copy, or a stage finishing [off, end) of one, promises when its
 * fix-ups jump to kind's tail: WEAK, and EXACT with the C tail or on
 * exact hardware. UCOPY_STAGE(end) is a stage's whole contract but for
 * its own requires, which come first.
 */
#define UCOPY_TAIL_KIND requires kind: kind == TAIL_C || kind == TAIL_REP;
#define UCOPY_BY_TAIL \
	ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result); \
	behavior exact: \
	  assumes kind == TAIL_C || hw_exact != 0; \
	  UCOPY_EXACT
#define UCOPY_BY_TAIL_FROM(end) \
	ensures weak: weak_from{Pre, Post}(dst, (uint8_t *)src, off, end, hw_fs, hw_fd, \result); \
	behavior exact: \
	  assumes kind == TAIL_C || hw_exact != 0; \
	  ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, end, hw_fs, hw_fd, \result);
#define UCOPY_STAGE(end) \
	requires before_fault: off <= fault_at(hw_fs, hw_fd); \
	requires buffers: span(dst, (uint8_t *)src, off, end, hw_area); \
	assigns dst[off .. end - 1]; \
	UCOPY_BY_TAIL_FROM(end)

/*@ UCOPY_TAIL_KIND
    requires buffers: span(dst, (uint8_t *)src, off, off + rem, hw_area);
    assigns dst[off .. off + rem - 1];
    UCOPY_BY_TAIL_FROM(off + rem)
*/
size_t run_tail(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		size_t off, size_t rem);

#endif
