/*
 * unrolled: the contracts of copy_user_generic_unrolled's model and of its
 * short path, which erms_short and erms_short_v5 enter directly (in the
 * kernel they jump to its label .L_copy_short_string).
 */
#ifndef UCOPY_UNROLLED_H
#define UCOPY_UNROLLED_H

#include "tail.h"

/*
 * The short path: whole quadwords, then single bytes, from off; no
 * destination alignment. Its fix-ups jump to the given tail.
 */
/*@ requires kind == TAIL_C || kind == TAIL_REP;
    requires off + edx <= UCOPY_LEN_MAX;
    requires off <= fault_at(fs, fd);
    requires span(dst, (uint8_t *)src, off, off + edx);
    assigns dst[off .. off + edx - 1];
    ensures weak_from{Post}(dst, (uint8_t *)src, off, off + edx, fs, fd, \result);
    behavior exact:
      assumes kind == TAIL_C || lag == 0;
      ensures exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + edx, fs, fd, \result);
*/
size_t unrolled_short(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		      size_t off, uint32_t edx, size_t fs, size_t fd, size_t lag);

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_unrolled(uint8_t *dst, const uint8_t *src, size_t len,
		      size_t daddr, size_t fs, size_t fd, size_t lag);

#endif
