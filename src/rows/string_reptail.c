/*
 * string_reptail: copy_user_generic_string from v5.2 (3693ca81151e) to v6.3: the
 * same rep movsq / rep movsb and fix-up arithmetic as string, but every
 * fix-up, ALIGN_DESTINATION's included, jumps to the asm rep movsb tail
 * (tail_rep). EXACT when rep movs reports faults exactly; WEAK otherwise.
 */
#include "string_reptail.h"
#include "string.h"

size_t model_string_reptail(uint8_t *dst, const uint8_t *src, size_t len,
		       size_t daddr)
{
	return string_copy(TAIL_REP, dst, src, len, daddr);
}
