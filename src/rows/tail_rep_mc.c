/*
 * tail_rep_mc: the v5.10-v5.15 rep movsb tail (contract in tail_rep_mc.h).
 *
 * What the model cannot hold: the machine-check exit. A fault the ghost
 * state describes is a page fault (trap 14, what _ASM_EXTABLE_CPY puts in
 * eax for it), so the test for trap 18 never succeeds here and the model
 * is tail_rep's rep movsb. On a machine check the routine returns 0, "all
 * copied", though the bytes from the poisoned one on were not: an
 * over-report that no level allows, which the kernel makes safe with the
 * SIGBUS its machine-check handler sends (docs/kernel-history.md).
 */
#include "tail_rep_mc.h"

size_t model_tail_rep_mc(uint8_t *dst, const uint8_t *src, size_t off,
			 size_t rem)
{
	return model_tail_rep(dst, src, off, rem);	/* eax != X86_TRAP_MC */
}
