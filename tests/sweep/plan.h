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
 *
 * Delayed part (plan_lag_case): the base cases the sweep runs under lags,
 * numbered 0 .. plan_lag_count() - 1, each with a fault:
 *   every lag  len 1 .. lag_short_len, either side, every fault offset
 *              0 .. len-1, lag_aligns alignments of the other side
 *              (rotating with len and the offset)
 *   a spread   len lag_short_len+1 .. max_len, either side, fault offsets
 *              0..2, len-3..len-1 and every lag_stride-th in between (by
 *              f + len, so every residue mod 8 comes up), one alignment;
 *              then the random part's cases
 * The sweep decides the lags of each from what the routine's rep
 * instructions did (tests/sweep/items.c).
 *
 * Traced part (plan_trace_case): ntrace cases spread over the exhaustive
 * part up to trace_max_len, single-stepped.
 */
#ifndef UCOPY_PLAN_H
#define UCOPY_PLAN_H

#include "lab/lab.h"

struct plan {
	size_t max_len;
	unsigned salign_n, dalign_n;
	size_t nrandom, random_max_len;
	uint64_t seed;
	size_t lag_short_len, lag_stride;
	unsigned lag_aligns;
	size_t ntrace, trace_max_len;
	/* filled by plan_init */
	size_t nexhaustive;
	size_t *len_start;	/* first case number of each len */
	size_t nlag_short, nlag_long;
	size_t *lag_long_start;	/* first long base case of each len */
};

int plan_init(struct plan *p);
size_t plan_count(const struct plan *p);
void plan_case(const struct plan *p, size_t index, struct lab_case *c);

/* Base cases of the delayed part; *every: run every lag (else a spread). */
size_t plan_lag_count(const struct plan *p);
void plan_lag_case(const struct plan *p, size_t index, struct lab_case *c,
		   int *every);

/* The traced sample (c->trace set). */
size_t plan_trace_count(const struct plan *p);
void plan_trace_case(const struct plan *p, size_t index, struct lab_case *c);

#endif
