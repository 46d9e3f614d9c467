/*
 * tail_rep_mc_left: the rep movsb tail from v5.17 (3376136300a0, "x86/mce:
 * Reduce number of machine checks taken during recovery") to v6.3: the
 * fix-ups hand it the trap number in eax, and a machine check (trap 18)
 * skips the retry and returns edx, the bytes left, so the caller is not
 * told the poisoned bytes were copied. On a page fault it is tail_rep:
 * EXACT on exact hardware, WEAK when the report lags
 * (body: src/rows/tail_rep_mc_left.c).
 */
#ifndef UCOPY_TAIL_REP_MC_LEFT_H
#define UCOPY_TAIL_REP_MC_LEFT_H

#include "tail_rep.h"

/*@ UCOPY_TAIL_REP_CONTRACT
*/
size_t model_tail_rep_mc_left(uint8_t *dst, const uint8_t *src, size_t off, size_t rem);

#endif
