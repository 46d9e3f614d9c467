/*
 * unrolled: copy_user_generic_unrolled with the C tail, EXACT under both
 * readings; and its short path, which erms_short and erms_short_v5 enter
 * directly (in the kernel they jump to its label .L_copy_short_string)
 * (body: src/unrolled.c).
 */
#ifndef UCOPY_UNROLLED_H
#define UCOPY_UNROLLED_H

#include "tail.h"

/*
 * The short path: whole quadwords, then single bytes, from off; no
 * destination alignment. Its fix-ups jump to the given tail.
 */
/*@ requires kind: kind == TAIL_C || kind == TAIL_REP;
    requires before_fault: off <= fault_at(hw_fs, hw_fd);
    requires buffers: span(dst, (uint8_t *)src, off, off + edx, hw_area);
    assigns dst[off .. off + edx - 1];
    ensures weak: weak_from{Pre, Post}(dst, (uint8_t *)src, off, off + edx, hw_fs, hw_fd, \result);
    behavior exact:
      assumes kind == TAIL_C || hw_exact != 0;
      ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + edx, hw_fs, hw_fd, \result);
*/
size_t unrolled_short(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		      size_t off, uint32_t edx);

/*
 * The whole routine, its fix-ups jumping to the given tail: tail_c up to
 * v5.1 (model_unrolled), the rep movsb tail from v5.2 (unrolled_v5).
 */
/*@ requires kind: kind == TAIL_C || kind == TAIL_REP;
    UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
    behavior exact:
      assumes kind == TAIL_C || hw_exact != 0;
      ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t unrolled_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		     size_t len, size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_unrolled(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
