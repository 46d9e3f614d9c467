/*
 * unrolled: copy_user_generic_unrolled with the C tail, EXACT under both
 * readings; and its short path, which erms_short and erms_short_reptail enter
 * directly (in the kernel they jump to its label .L_copy_short_string)
 * (body: src/rows/unrolled.c).
 */
#ifndef UCOPY_UNROLLED_H
#define UCOPY_UNROLLED_H

#include "tail.h"

/*
 * The short path: whole quadwords, then single bytes, from off; no
 * destination alignment. Its fix-ups jump to the given tail.
 */
/*@ UCOPY_TAIL_KIND
    UCOPY_STAGE(off + edx)
*/
size_t unrolled_short(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		      size_t off, uint32_t edx);

/* The whole routine, for both tails (tail.h). */
/*@ UCOPY_COPY_BY_TAIL */
size_t unrolled_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		     size_t len, size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_unrolled(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
