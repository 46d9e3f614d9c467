/*
 * tail_rep_mc_left: the v5.17-v6.3 rep movsb tail (contract in
 * tail_rep_mc_left.h). As for tail_rep_mc, the ghost state holds page
 * faults only, so the trap-18 test never succeeds here and the model is
 * tail_rep's rep movsb. On a machine check this form returns the count
 * it was given, bytes left from where the fix-up stood: no over-report,
 * unlike v5.10's 0.
 */
#include "tail_rep_mc_left.h"

size_t model_tail_rep_mc_left(uint8_t *dst, const uint8_t *src, size_t off,
			      size_t rem)
{
	return model_tail_rep(dst, src, off, rem);	/* eax != X86_TRAP_MC */
}
