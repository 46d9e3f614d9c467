/*
 * nocache_reptail: __copy_user_nocache from v5.2 (3693ca81151e) to v6.3: the
 * same movnti blocks, 8- and 4-byte steps and fix-ups as nocache, but every
 * fix-up (after its sfence), ALIGN_DESTINATION's included, jumps to the asm
 * rep movsb tail (tail_rep). EXACT when rep movsb reports faults exactly;
 * WEAK otherwise.
 */
#include "nocache_reptail.h"
#include "nocache.h"

size_t model_nocache_reptail(uint8_t *dst, const uint8_t *src, size_t len,
			size_t daddr)
{
	return nocache_copy(TAIL_REP, dst, src, len, daddr);
}
