/*
 * The sweep's cases, numbered 0 .. plan_count() - 1, so that a case can be
 * regenerated from its number alone (worker shares, crash reports).
 *
 * Exhaustive part, for each len 0 .. max_len:
 *   source side   fs = 0 .. len, dst alignment 0 .. dalign_n - 1
 *                 (the source's alignment is set by fs: src + fs is the
 *                 guard page)
 *   dest side     fd = 0 .. len, src alignment 0 .. salign_n - 1
 *   no fault      every (src, dst) alignment pair
 * fs = len / fd = len are the "buffer ends at the guard" cases: nothing
 * may fault, and any access past the end is caught.
 *
 * Random part: nrandom cases from the seed, lengths up to random_max_len,
 * faults on either side, both or neither, mostly near page multiples of
 * the copy, alignments 0..63.
 */
#ifndef UCOPY_PLAN_H
#define UCOPY_PLAN_H

#include "lab.h"

struct plan {
	size_t max_len;
	unsigned salign_n, dalign_n;
	size_t nrandom, random_max_len;
	uint64_t seed;
	/* filled by plan_init */
	size_t nexhaustive;
	size_t *len_start;	/* first case number of each len */
};

int plan_init(struct plan *p);
size_t plan_count(const struct plan *p);
void plan_case(const struct plan *p, size_t index, struct lab_case *c);

#endif
