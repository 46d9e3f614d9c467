/*
 * The compiled oracle's fault map (src/runtime/oracle.c): what the primitives' bodies
 * (src/hw/hw.c) read in place of the proofs' ghost state. Only the oracle entries
 * (src/runtime/registry.c) and the tests include this; no model does.
 */
#ifndef UCOPY_ORACLE_H
#define UCOPY_ORACLE_H

#include <stddef.h>

/* Independent lags for this many faulting rep instructions of one call;
 * later ones take the last. */
#define UCOPY_REPS_MAX 4

struct ucopy_hw_state {
	size_t area;                  /* bytes the caller handed over */
	size_t fs, fd;                /* first faulting source / dest offset */
	size_t lag[UCOPY_REPS_MAX];   /* under-report of the k-th faulting rep */
	size_t reps;                  /* faulting rep instructions so far */
};

extern struct ucopy_hw_state ucopy_hw;

/* Arms the fault map for one call: every faulting rep lags by lag. */
void ucopy_hw_arm(size_t area, size_t fs, size_t fd, size_t lag);
/* The same with a lag per faulting rep instruction (n <= UCOPY_REPS_MAX). */
void ucopy_hw_arm_lags(size_t area, size_t fs, size_t fd,
		       const size_t *lags, size_t n);

#endif
