/* Case numbering for the sweep (see plan.h). */
#include <stdlib.h>
#include <string.h>
#include "plan.h"

static size_t cases_for_len(const struct plan *p, size_t len)
{
	return (len + 1) * p->dalign_n + (len + 1) * p->salign_n +
	       (size_t)p->salign_n * p->dalign_n;
}

/*
 * The fault offsets of a long base case: 0..2, len-3..len-1 and those
 * with (f + len) % stride == 0. Returns how many there are; with want <
 * that number, stores the want-th in *f.
 */
static size_t long_offsets(const struct plan *p, size_t len, size_t *f, size_t want)
{
	size_t n = 0;

	for (size_t x = 0; x < len; x++)
		if (x < 3 || x + 3 >= len || (x + len) % p->lag_stride == 0) {
			if (n == want && f) {
				*f = x;
				return n + 1;
			}
			n++;
		}
	return n;
}

int plan_init(struct plan *p)
{
	size_t n = 0;

	if (p->max_len > LAB_LEN_MAX || p->random_max_len > LAB_LEN_MAX ||
	    !p->salign_n || !p->dalign_n || p->salign_n > LAB_ALIGN_MOD ||
	    p->dalign_n > LAB_ALIGN_MOD)
		return -1;
	p->len_start = malloc((p->max_len + 2) * sizeof *p->len_start);
	if (!p->len_start)
		return -1;
	for (size_t len = 0; len <= p->max_len; len++) {
		p->len_start[len] = n;
		n += cases_for_len(p, len);
	}
	p->len_start[p->max_len + 1] = n;
	p->nexhaustive = n;

	/* the delayed part */
	if (p->lag_short_len > p->max_len)
		p->lag_short_len = p->max_len;
	if (!p->lag_aligns)
		p->lag_aligns = 1;
	if (!p->lag_stride)
		p->lag_stride = 1;
	p->nlag_short = p->lag_short_len * (p->lag_short_len + 1) * p->lag_aligns;
	p->lag_long_start = malloc((p->max_len + 2) * sizeof *p->lag_long_start);
	if (!p->lag_long_start)
		return -1;
	n = 0;
	for (size_t len = 0; len <= p->max_len; len++) {
		p->lag_long_start[len] = n;
		if (len > p->lag_short_len)
			n += 2 * long_offsets(p, len, NULL, (size_t)-1);
	}
	p->lag_long_start[p->max_len + 1] = n;
	p->nlag_long = n;
	if (p->trace_max_len > p->max_len)
		p->trace_max_len = p->max_len;
	return 0;
}

size_t plan_count(const struct plan *p)
{
	return p->nexhaustive + p->nrandom;
}

static uint64_t mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A fault offset in [0, len]: anywhere, or within 72 bytes of a page
 * multiple of the copy (where the bulk loops change pages). */
static size_t pick_fault(uint64_t r, size_t len)
{
	size_t f;

	if (r & 1)
		return (r >> 1) % (len + 1);
	f = ((r >> 1) % (len / 4096 + 1)) * 4096 + (r >> 20) % 145;
	f = f < 72 ? 0 : f - 72;
	return f > len ? len : f;
}

static void random_case(const struct plan *p, size_t k, struct lab_case *c)
{
	uint64_t r1 = mix(p->seed ^ mix(k)), r2 = mix(r1), r3 = mix(r2);
	size_t max = p->random_max_len;

	switch (r1 & 3) {
	case 0:		/* short */
		c->len = (r1 >> 2) % (max < 512 ? max + 1 : 513);
		break;
	case 1:		/* about a page multiple */
		c->len = ((r1 >> 2) % (max / 4096 + 1)) * 4096 + (r1 >> 20) % 129;
		c->len = c->len < 64 ? 0 : c->len - 64;
		break;
	default:
		c->len = (r1 >> 2) % (max + 1);
	}
	if (c->len > max)
		c->len = max;
	c->src_align = (unsigned)(r2 % LAB_ALIGN_MOD);
	c->dst_align = (unsigned)((r2 >> 8) % LAB_ALIGN_MOD);
	c->fs = c->fd = LAB_NOFAULT;
	switch ((r2 >> 16) & 3) {
	case 0:
		c->fs = pick_fault(r3, c->len);
		break;
	case 1:
		c->fd = pick_fault(r3, c->len);
		break;
	case 2:
		c->fs = pick_fault(r3, c->len);
		c->fd = pick_fault(mix(r3), c->len);
		break;
	}
	c->seed = r3;
}

/* The last i in [lo, hi) with start[i] <= k (start ascending, start[lo] <= k). */
static size_t last_at_most(const size_t *start, size_t lo, size_t hi, size_t k)
{
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (start[mid] <= k)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The k-th of a length's (len + 1) * n cases with a fault on one side: the
 * fault at k / n, the other side's alignment k % n (one of n), the faulting
 * side's the one that puts the fault on its page boundary. 1; or 0 with k
 * made the index past those cases.
 */
static int fault_on_one_side(size_t *k, size_t len, size_t n, size_t *fault,
			     unsigned *fault_align, unsigned *other_align)
{
	if (*k >= (len + 1) * n) {
		*k -= (len + 1) * n;
		return 0;
	}
	*fault = *k / n;
	*other_align = (unsigned)(*k % n);
	*fault_align = (unsigned)(-*fault % LAB_ALIGN_MOD);
	return 1;
}

void plan_case(const struct plan *p, size_t index, struct lab_case *c)
{
	size_t lo = 0, hi = p->max_len + 1, len, k, da = p->dalign_n, sa = p->salign_n;

	memset(c, 0, sizeof *c);
	c->seed = mix(p->seed ^ (index * 0x100000001b3ull));
	if (index >= p->nexhaustive) {
		random_case(p, index - p->nexhaustive, c);
		return;
	}
	len = last_at_most(p->len_start, lo, hi, index);
	k = index - p->len_start[len];
	c->len = len;
	c->fs = c->fd = LAB_NOFAULT;
	if (fault_on_one_side(&k, len, da, &c->fs, &c->src_align, &c->dst_align) ||
	    fault_on_one_side(&k, len, sa, &c->fd, &c->dst_align, &c->src_align))
		return;
	c->src_align = (unsigned)(k / da);
	c->dst_align = (unsigned)(k % da);
}

size_t plan_lag_count(const struct plan *p)
{
	return p->nlag_short + p->nlag_long + p->nrandom;
}

/* One side faults at f; the other side's alignment is a. */
static void one_side(struct lab_case *c, size_t len, int dst_side, size_t f, unsigned a)
{
	c->len = len;
	c->fs = c->fd = LAB_NOFAULT;
	if (dst_side) {
		c->fd = f;
		c->src_align = a % LAB_ALIGN_MOD;
		c->dst_align = (unsigned)(-f % LAB_ALIGN_MOD);
	} else {
		c->fs = f;
		c->dst_align = a % LAB_ALIGN_MOD;
		c->src_align = (unsigned)(-f % LAB_ALIGN_MOD);
	}
}

void plan_lag_case(const struct plan *p, size_t index, struct lab_case *c, int *every)
{
	size_t k = index, len, per;

	memset(c, 0, sizeof *c);
	c->seed = mix(p->seed ^ 0x6c6167ull ^ (index * 0x100000001b3ull));
	*every = 0;
	if (k < p->nlag_short) {
		/* len 1..S: 2 * len * A cases each, starting at A * len * (len - 1) */
		size_t A = p->lag_aligns, f, a;
		int side;

		for (len = 1; k >= 2 * len * A; len++)
			k -= 2 * len * A;
		side = (int)(k / (len * A));
		k %= len * A;
		f = k / A;
		a = k % A;
		one_side(c, len, side, f, (unsigned)((a * 4 + len + f) % 8 + 8 * (a / 2)));
		*every = 1;
		return;
	}
	k -= p->nlag_short;
	if (k < p->nlag_long) {
		size_t lo = p->lag_short_len + 1, hi = p->max_len + 1, f = 0;
		int side;

		len = last_at_most(p->lag_long_start, lo, hi, k);
		k -= p->lag_long_start[len];
		per = long_offsets(p, len, NULL, (size_t)-1);
		side = k >= per;
		long_offsets(p, len, &f, k % per);
		one_side(c, len, side, f, (unsigned)((len * 3 + f) % 8));
		return;
	}
	k -= p->nlag_long;
	plan_case(p, p->nexhaustive + k, c);
}

size_t plan_trace_count(const struct plan *p)
{
	return p->ntrace;
}

void plan_trace_case(const struct plan *p, size_t index, struct lab_case *c)
{
	size_t n = p->len_start[p->trace_max_len + 1];

	/* a multiplicative spread over the exhaustive cases up to the length */
	plan_case(p, n ? (size_t)((index * 2654435761ull + p->seed) % n) : 0, c);
	c->trace = 1;
}
