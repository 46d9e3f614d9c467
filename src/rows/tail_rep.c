/* tail_rep: the v5.2-v6.3 rep movsb tail, and the dispatch to either tail (tail.h). */
#include "tail.h"

size_t model_tail_rep(uint8_t *dst, const uint8_t *src, size_t off, size_t rem)
{
	return hw_rep_movsb(dst, src, off, rem);
}

size_t run_tail(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		size_t off, size_t rem)
{
	if (kind == TAIL_C)
		return model_tail_c(dst, src, off, rem);
	return model_tail_rep(dst, src, off, rem);
}
