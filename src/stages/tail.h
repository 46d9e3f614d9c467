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
/*
 * A whole routine of the copy_user_64.S eras written once for both tails,
 * <name>_copy(kind, ...): kind is tail_c up to v5.1 (the row <name>), the
 * rep movsb tail from v5.2 (the row <name>_reptail).
 */
#define UCOPY_COPY_BY_TAIL \
	UCOPY_TAIL_KIND \
	UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX) \
	UCOPY_BY_TAIL
#define UCOPY_STAGE(end) \
	requires before_fault: off <= fault_at(hw_fs, hw_fd); \
	UCOPY_PART_CONTRACT(end) \
	UCOPY_BY_TAIL_FROM(end)

/*@ UCOPY_TAIL_KIND
    UCOPY_PART_CONTRACT(off + rem)
    UCOPY_BY_TAIL_FROM(off + rem)
*/
size_t run_tail(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		size_t off, size_t rem);

#endif
