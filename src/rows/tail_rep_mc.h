/*
 * tail_rep_mc: the rep movsb tail as v5.10 shipped it (a2f73400e4df, with
 * 278b917f8cb9's _ASM_EXTABLE_CPY): the fix-ups hand it the trap number
 * in eax, and a machine check (trap 18) skips the retry and returns 0,
 * leaving the SIGBUS to the machine-check handler. On a page fault it is
 * tail_rep: EXACT on exact hardware, WEAK when the report lags
 * (body: src/rows/tail_rep_mc.c).
 */
#ifndef UCOPY_TAIL_REP_MC_H
#define UCOPY_TAIL_REP_MC_H

#include "tail_rep.h"

/*@ UCOPY_TAIL_REP_CONTRACT
*/
size_t model_tail_rep_mc(uint8_t *dst, const uint8_t *src, size_t off, size_t rem);

#endif
