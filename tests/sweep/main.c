/*
 * sweep: runs the fault lab over every case of a plan (plan.h) for every
 * target: each registry row (its asm routine against its model), or one
 * entry symbol against a chosen model. Work is split over forked workers
 * (pool.c); a worker that dies is reported as a failure of the case it
 * was running and replaced, so the sweep always finishes. Last line:
 * "N passed, M failed"; --json FILE writes the same results as data.
 *
 * --shard I/N runs every Nth item of each phase, from item I-1; --merge
 * adds the shards' records up into the unsharded output, checked by a
 * per-case digest (docs/scale.md).
 *
 * Run with --help for the options; sweep.h lists the files.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "sweep.h"

/* Targets: --entry, --strategy ones, or every registry row. */
static int targets(const struct opts *o, struct lab_target *t, int *n)
{
	char err[160];

	*n = 0;
	if (o->entry) {
		if (lab_target_entry(&t[(*n)++], o->entry, o->model, o->abi, err, sizeof err)) {
			fprintf(stderr, "sweep: %s\n", err);
			return -1;
		}
		if (o->zero_tail && lab_target_zero_tail(&t[0], err, sizeof err)) {
			fprintf(stderr, "sweep: --zero-tail: %s\n", err);
			return -1;
		}
		if (o->keeps && lab_keeps_parse(o->keeps, &t[0].keeps)) {
			fprintf(stderr, "sweep: --keeps '%s': not a list of register names "
				"(rax rcx rdx rbx rbp rsi rdi r8 .. r15)\n", o->keeps);
			return -1;
		}
	}
	for (int i = 0; i < o->nonly && *n < MAX_TARGETS; i++) {
		const struct ucopy_strategy *s = ucopy_find(o->only[i]);

		if (!s) {
			fprintf(stderr, "sweep: unknown strategy '%s' (--list shows them)\n", o->only[i]);
			return -1;
		}
		lab_target_strategy(&t[(*n)++], s);
	}
	if (o->entry || o->nonly)
		return 0;
	for (size_t i = 0; i < ucopy_nstrategies && *n < MAX_TARGETS; i++)
		lab_target_strategy(&t[(*n)++], &ucopy_strategies[i]);
	return 0;
}

static void list_targets(const struct lab_target *t, int n)
{
	for (int i = 0; i < n; i++) {
		char keeps[160];
		lab_keeps_str(t[i].keeps, keeps, sizeof keeps);
		printf("%-16s entry %p  model %-14s abi %-7s level %s/%s keeps %s\n", t[i].name,
		       (void *)t[i].entry, t[i].model_name, ucopy_abi_name(t[i].abi),
		       lab_level_name(t[i].level), lab_level_name(t[i].level_delayed), keeps);
	}
}

/* The opening lines: the seed, and with --tally the plan record. */
static void opening(const struct opts *o)
{
	printf("sweep: seed %llu (repeat with SEED=%llu), %d workers, phases:%s%s%s\n",
	       (unsigned long long)o->plan.seed, (unsigned long long)o->plan.seed, o->jobs,
	       o->phases & 1 << PH_EXACT ? " exact" : "", o->phases & 1 << PH_DELAYED ? " delayed" : "",
	       o->phases & 1 << PH_TRACE ? " traced" : "");
	if (o->tally) {
		char pl[RECORD_LINE];

		plan_line(o, pl, sizeof pl);
		printf("%s shard=%zu/%zu\n", pl, o->shard_n ? o->shard_i : 1, o->shard_n ? o->shard_n : 1);
		if (o->shard_n)
			printf("sweep: shard %zu of %zu: items %zu, %zu, %zu, ... of every phase\n",
			       o->shard_i, o->shard_n, o->shard_i - 1, o->shard_i - 1 + o->shard_n,
			       o->shard_i - 1 + 2 * o->shard_n);
	}
}

/* Every phase for every target, in that order. 0, or 2. */
static int run_phases(const struct opts *o, const struct lab_target *t, struct results *r)
{
	for (int ph = 0; ph < NPHASES; ph++) {
		if (!(o->phases & 1u << ph))
			continue;
		phase_header(o, ph, r->n);
		for (int i = 0; i < r->n; i++) {
			struct target_result *res = &r->t[i];
			size_t before = 0;

			for (int q = 0; q < ph; q++)
				before += res->ty[q].failed;
			if (before >= o->stop_after) {
				printf("%-20s %-10s not run: stopped after %zu failures\n",
				       t[i].name, phase_label[ph], before);
				continue;
			}
			if (sweep_phase(o, &t[i], ph, before, res))
				return 2;
			print_row(t[i].name, phase_label[ph], &res->ty[ph]);
			if (ph == PH_DELAYED)
				print_hist(&res->ty[ph]);
		}
	}
	return 0;
}

static int run_cases(const struct opts *o, const struct lab_target *t, int n)
{
	int rc = 0;

	if (lab_init())
		return 2;
	for (int i = 0; i < n; i++) {
		int r = run_one(&t[i], o);
		if (r > rc)
			rc = r;
	}
	return rc;
}

int main(int argc, char **argv)
{
	static struct opts o;
	static struct lab_target t[MAX_TARGETS];
	static struct results r;
	double t0;
	int n;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (parse(argc, argv, &o)) {
		usage(stderr);
		return 2;
	}
	if (o.nmerge)
		return merge(&o);
	if (targets(&o, t, &n))
		return 2;
	if (o.list) {
		list_targets(t, n);
		return 0;
	}
	if (o.one_case)
		return run_cases(&o, t, n);
	if (plan_init(&o.plan)) {
		fprintf(stderr, "sweep: bad plan\n");
		return 2;
	}
	slots = mmap(NULL, MAX_JOBS * sizeof *slots + 64, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (slots == MAP_FAILED) {
		perror("sweep: mmap");
		return 2;
	}
	next_chunk = (volatile size_t *)(slots + MAX_JOBS);
	signal(SIGPIPE, SIG_IGN);
	r.n = n;
	for (int i = 0; i < n; i++) {
		_Static_assert(sizeof r.t[i].name == sizeof t[i].name, "names alike");
		_Static_assert(sizeof r.t[i].model == sizeof t[i].model_name, "names alike");
		memcpy(r.t[i].name, t[i].name, sizeof r.t[i].name);
		memcpy(r.t[i].model, t[i].model_name, sizeof r.t[i].model);
	}
	opening(&o);
	t0 = now();
	if (run_phases(&o, t, &r))
		return 2;
	r.wall = now() - t0;
	if (o.json && json_write(o.json, &o, &r))
		return 2;
	return print_summary(&o, &r);
}
