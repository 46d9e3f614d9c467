/*
 * A worker's side of the sweep: the items of a phase (plan.h numbers
 * them; a shard takes every Nth), each run through the lab and counted in
 * the worker's shared slot; a failure to show goes to the parent down the
 * worker's pipe as a struct failure. The delayed phase picks each base
 * case's lags from what its rep instructions did.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"
#include "sweep.h"

_Static_assert(sizeof(struct failure) <= PIPE_BUF, "a failure is one atomic pipe write");

static size_t phase_items(const struct opts *o, int ph)
{
	switch (ph) {
	case PH_EXACT: return plan_count(&o->plan);
	case PH_DELAYED: return plan_lag_count(&o->plan);
	default: return plan_trace_count(&o->plan);
	}
}

/* A shard's items of a phase: the j-th is the phase's item j * N + I - 1
 * (interleaved, so every shard gets short and long copies alike). */
size_t shard_items(const struct opts *o, int ph)
{
	size_t n = phase_items(o, ph), i = o->shard_i - 1;

	if (!o->shard_n)
		return n;
	return n > i ? (n - i + o->shard_n - 1) / o->shard_n : 0;
}

size_t shard_item(const struct opts *o, size_t j)
{
	return o->shard_n ? j * o->shard_n + o->shard_i - 1 : j;
}


struct ctx {
	const struct opts *o;
	const struct lab_target *t;
	struct slot *s;
	int fd, shown, ph;
	size_t base_failed;	/* failures of earlier phases of this target */
	size_t item;		/* the phase's item being run (its number) */
	unsigned sub;		/* runs of it so far */
};

/*
 * A run's hash for the digest: phase, item, the run's place in the item,
 * the case with its lags, and the outcome. The digest is the sum, so it
 * does not depend on which worker or which shard ran what.
 */
static uint64_t run_hash(struct ctx *x, const struct lab_case *c,
			 const struct lab_outcome *out, int refused)
{
	uint64_t v[] = { (uint64_t)x->ph, x->item, x->sub++, c->len, c->src_align,
			 c->dst_align, c->fs, c->fd, c->nlag, c->lag[0], c->lag[1],
			 c->lag[2], c->lag[3], c->trace, (uint64_t)refused,
			 refused ? 0 : (uint64_t)out->pass, refused ? 0 : out->ret,
			 refused ? 0 : out->model_ret, refused ? 0 : (uint64_t)out->fail };
	uint64_t h = 0x7563;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		h = mix64(h ^ v[i]);
	return h;
}

static size_t failures(const struct ctx *x)
{
	size_t f = x->base_failed;

	for (int j = 0; j < x->o->jobs; j++)
		f += slots[j].failed;
	return f;
}

/* A lagged run in the histogram: the largest k it applied. */
static void count_lags(struct ctx *x, const struct lab_outcome *out)
{
	size_t kmax = 0;
	int all = out->reps > 0;

	for (unsigned i = 0; i < out->reps && i < LAB_REPS_MAX; i++) {
		if (out->rep_k[i] > kmax)
			kmax = out->rep_k[i];
		if (out->rep_k[i] != out->rep_done[i] || !out->rep_done[i])
			all = 0;
	}
	x->s->hist[kmax == 0 ? HB_NONE : kmax == 1 ? HB_1 : kmax == 2 ? HB_2 :
		   kmax < 8 ? HB_3_7 : kmax == 8 ? HB_8 : HB_MORE]++;
	if (all && kmax)
		x->s->hist[HB_ALLDONE]++;
}

/* A failure to show, to the parent: its fields and its line, one write. */
static void send_failure(struct ctx *x, const struct lab_case *c,
			 const struct lab_outcome *out)
{
	struct failure f;

	memset(&f, 0, sizeof f);
	f.phase = x->ph;
	f.kind = FK_CASE;
	f.c = *c;
	/* the alignments the placement really gave, as the line says */
	f.c.src_align = (unsigned)(out->src % LAB_ALIGN_MOD);
	f.c.dst_align = (unsigned)(out->dst % LAB_ALIGN_MOD);
	f.fail = out->fail;
	f.ret = out->ret;
	f.model_ret = out->model_ret;
	f.expect_ret = out->expect_ret;
	snprintf(f.what, sizeof f.what, "%s", out->what);
	snprintf(f.line, sizeof f.line, "%s", out->line);
	if (write(x->fd, &f, sizeof f) != (ssize_t)sizeof f)
		_exit(4);
}

/* One run, counted; returns its outcome. */
static void run(struct ctx *x, struct lab_case *c, struct lab_outcome *out)
{
	if (x->t->kind == UCOPY_KIND_CLEAR && c->fs <= c->len) {
		/* a clear has no source: a source fault is no case of it */
		memset(out, 0, sizeof *out);
		out->pass = 1;
		return;
	}
	x->s->c = *c;
	if (lab_run(x->t, c, out)) {
		out->pass = 0;
		out->line[0] = 0;
		x->s->failed++;
		x->s->digest += run_hash(x, c, out, 1);
		return;
	}
	x->s->digest += run_hash(x, c, out, 0);
	if (c->nlag)
		count_lags(x, out);
	if (out->pass) {
		x->s->passed++;
		return;
	}
	x->s->failed++;
	for (int k = 0; k < LAB_NKINDS; k++)
		if (out->fail & 1u << k)
			x->s->by_kind[k]++;
	if (x->shown++ < x->o->show)
		send_failure(x, c, out);
}

static size_t max_done(const struct lab_outcome *out)
{
	size_t m = 0;

	for (unsigned i = 0; i < out->reps && i < LAB_REPS_MAX; i++)
		if (out->rep_done[i] > m)
			m = out->rep_done[i];
	return m;
}

uint64_t mix64(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/*
 * The lags of one delayed base case, from what its rep instructions do.
 * First lag 1 on every faulting rep: that shows how many faulted and how
 * much each did (D: the most). Then, uniform over the reps, every lag up
 * to D ("every") or the spread 2, 7, 8, all, and a random one in 1..D;
 * lags past what a rep did are the same run as "all" and are skipped.
 * When two or more reps faulted, each one is lagged alone too (every lag
 * up to what it did, or 1 and all), the others exact.
 */
static void delayed_item(struct ctx *x, size_t i)
{
	struct lab_case c;
	struct lab_outcome out;
	int every;
	size_t D, n;

	plan_lag_case(&x->o->plan, i, &c, &every);
	if (c.fs >= c.len && c.fd >= c.len)
		return;				/* nothing faults: no rep can lag */
	c.nlag = 1;
	c.lag[0] = 1;
	run(x, &c, &out);
	n = out.reps < LAB_REPS_MAX ? out.reps : LAB_REPS_MAX;
	D = max_done(&out);
	if (!n || D < 2) {
		if (n < 2)
			return;
	} else if (every) {
		for (size_t L = 2; L <= D && failures(x) < x->o->stop_after; L++) {
			c.lag[0] = L;
			run(x, &c, &out);
			if (max_done(&out) > D)
				D = max_done(&out);
		}
	} else {
		size_t spread[5] = { 2, 7, 8, LAB_LAG_ALL, 1 + mix64(c.seed) % D };
		for (int k = 0; k < 5 && failures(x) < x->o->stop_after; k++) {
			if (spread[k] != LAB_LAG_ALL && spread[k] >= D)
				continue;
			if (k == 4 && (spread[k] <= 2 || spread[k] == 7 || spread[k] == 8))
				continue;
			c.lag[0] = spread[k];
			run(x, &c, &out);
		}
	}
	if (n < 2)
		return;
	/* each faulting rep lagged alone */
	for (unsigned r = 0; r < n && failures(x) < x->o->stop_after; r++) {
		c.nlag = LAB_REPS_MAX;
		memset(c.lag, 0, sizeof c.lag);
		if (!every) {
			c.lag[r] = 1;
			run(x, &c, &out);
			c.lag[r] = LAB_LAG_ALL;
			run(x, &c, &out);
			continue;
		}
		for (size_t L = 1, d = 1; L <= d && failures(x) < x->o->stop_after; L++) {
			c.lag[r] = L;
			run(x, &c, &out);
			d = r < out.reps ? out.rep_done[r] : 0;
		}
	}
}

static void run_item(struct ctx *x, int ph, size_t i)
{
	struct lab_case c;
	struct lab_outcome out;

	x->item = i;
	x->sub = 0;
	switch (ph) {
	case PH_EXACT:
		plan_case(&x->o->plan, i, &c);
		run(x, &c, &out);
		break;
	case PH_DELAYED:
		delayed_item(x, i);
		break;
	default:
		plan_trace_case(&x->o->plan, i, &c);
		run(x, &c, &out);
	}
}

/* A worker: the rest of its chunk, then chunks from the shared counter. */
_Noreturn void worker(const struct opts *o, const struct lab_target *t,
			     int ph, size_t base_failed, int w, int fd)
{
	struct ctx x = { .o = o, .t = t, .s = &slots[w], .fd = fd, .ph = ph,
			 .base_failed = base_failed };
	size_t n = shard_items(o, ph);

	if (lab_init() || sandbox_enter(SANDBOX_LAB, "sweep"))
		_exit(3);
	for (;;) {
		size_t i;

		if (x.s->next >= x.s->hi) {
			size_t k = __atomic_fetch_add(next_chunk, 1, __ATOMIC_SEQ_CST);
			if (k * CHUNK >= n)
				break;
			x.s->next = k * CHUNK;
			x.s->hi = (k + 1) * CHUNK < n ? (k + 1) * CHUNK : n;
		}
		if (failures(&x) >= o->stop_after)
			break;
		i = x.s->next;
		run_item(&x, ph, shard_item(o, i));
		x.s->items++;
		x.s->next = i + 1;
	}
	x.s->done = 1;
	_exit(0);
}
