/*
 * unrolled_reptail: copy_user_generic_unrolled from v5.2 (3693ca81151e) to v6.3:
 * the same loops and fix-up arithmetic as unrolled, ALIGN_DESTINATION's
 * included, but every fix-up jumps to the asm rep movsb tail (tail_rep),
 * whose count register is the result. EXACT when rep movsb reports faults
 * exactly; under the delayed reading only WEAK, like erms_short_reptail.
 */
#include "unrolled_reptail.h"
#include "unrolled.h"

size_t model_unrolled_reptail(uint8_t *dst, const uint8_t *src, size_t len,
			 size_t daddr)
{
	return unrolled_copy(TAIL_REP, dst, src, len, daddr);
}
