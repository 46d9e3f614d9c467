/*
 * tail_rep: the asm tail of 3693ca81151e (.Lcopy_user_handle_tail): one
 * rep movsb over the remainder, its count register returned as it is.
 * EXACT on exact hardware; when the report lags, bytes past it may be
 * stored and the report may even say nothing was copied: WEAK
 * (body: src/rows/tail_rep.c).
 */
#ifndef UCOPY_TAIL_REP_H
#define UCOPY_TAIL_REP_H

#include "hw.h"

/*
 * The contract of every rep movsb tail (tail_rep, tail_rep_mc,
 * tail_rep_mc_left): on [off, off + rem), WEAK, and EXACT when rep movsb
 * reports exactly.
 */
#define UCOPY_TAIL_REP_CONTRACT \
	UCOPY_PART_CONTRACT(off + rem) \
	ensures weak: weak_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, hw_fs, hw_fd, \result); \
	behavior exact_hw: \
	  assumes hw_exact != 0; \
	  ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, hw_fs, hw_fd, \result);

/*@ UCOPY_TAIL_REP_CONTRACT
*/
size_t model_tail_rep(uint8_t *dst, const uint8_t *src, size_t off, size_t rem);

#endif
