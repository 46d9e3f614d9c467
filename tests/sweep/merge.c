/*
 * --merge: shard outputs (of sweep --shard I/N, every I once, one plan)
 * into the unsharded sweep's output: the phase headers, a row per target
 * and phase with the counts summed (seconds summed: the time one machine
 * would take), the lag histograms, up to --show failures per target, the
 * per-target summary and "N passed, M failed". With the tally lines,
 * whose digests equal the unsharded run's (sweep --tally) case for case.
 * Only the shards' records are read (report.c), never the lines people
 * read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* What one shard file says of itself. */
struct shard {
	char plan[RECORD_LINE];		/* its plan line, less " shard=" */
	size_t i, n;			/* shard i of n */
	int ntargets, done;
	double wall;
};

/* Adds a shard's tally to the results (targets in the first file's order). */
static int add_tally(const char *file, const char *line, struct results *r,
		     int first, struct shard *sh)
{
	char name[64];
	struct tally t;
	int ph, i;

	if (tally_parse(line, name, &ph, &t))
		return -1;
	for (i = 0; i < sh->ntargets && strcmp(r->t[i].name, name); i++)
		;
	if (i == sh->ntargets) {
		if (!first && (i >= r->n || strcmp(r->t[i].name, name))) {
			fprintf(stderr, "sweep: --merge: %s sweeps target %s, the first file does not\n",
				file, name);
			return -2;
		}
		if (i == MAX_TARGETS)
			return -1;
		snprintf(r->t[i].name, sizeof r->t[i].name, "%s", name);
		sh->ntargets++;
	}
	struct tally *ty = &r->t[i].ty[ph];
	ty->passed += t.passed;
	ty->failed += t.failed;
	ty->crashes += t.crashes;
	for (int b = 0; b < NHB; b++)
		ty->hist[b] += t.hist[b];
	for (int k = 0; k < LAB_NKINDS; k++)
		ty->by_kind[k] += t.by_kind[k];
	ty->secs += t.secs;
	ty->digest += t.digest;
	ty->ran = 1;
	return 0;
}

/* One shard file's plan, tallies and end. 0, or 2 with the reason said. */
static int read_shard(const char *file, struct results *r, int first, struct shard *sh)
{
	FILE *in = fopen(file, "r");
	char line[RECORD_LINE];
	int rc;

	memset(sh, 0, sizeof *sh);
	if (!in) {
		fprintf(stderr, "sweep: --merge: %s: %s\n", file, strerror(errno));
		return 2;
	}
	while (fgets(line, sizeof line, in)) {
		line[strcspn(line, "\n")] = 0;
		rc = 0;
		if (!strncmp(line, "sweep-plan: ", 12)) {
			char *s = strstr(line, " shard=");
			if (!s || sscanf(s, " shard=%zu/%zu", &sh->i, &sh->n) != 2 ||
			    sh->n < 1 || sh->n > 1000000 || sh->i < 1 || sh->i > sh->n) {
				fprintf(stderr, "sweep: --merge: %s: a plan line without shard=I/N "
					"(1 <= I <= N <= 1000000)\n", file);
				fclose(in);
				return 2;
			}
			*s = 0;
			snprintf(sh->plan, sizeof sh->plan, "%s", line);
		} else if (!strncmp(line, "sweep-tally: ", 13)) {
			rc = add_tally(file, line, r, first, sh);
		} else if (!strncmp(line, "sweep-shard: ", 13)) {
			rc = sscanf(line, "sweep-shard: %*u/%*u done in %lf", &sh->wall) == 1 ? 0 : -1;
			sh->done = 1;
		}
		if (rc) {
			if (rc == -1)
				fprintf(stderr, "sweep: --merge: %s: malformed line '%s'\n", file, line);
			fclose(in);
			return 2;
		}
	}
	fclose(in);
	if (!sh->plan[0] || !sh->done) {
		fprintf(stderr, "sweep: --merge: %s: %s\n", file, !sh->plan[0] ?
			"not the output of sweep --shard (no sweep-plan line)" :
			"the shard did not finish (no sweep-shard line)");
		return 2;
	}
	return 0;
}

/* Every shard read, each once, all of one sweep; o gets the plan. 0 or 2. */
static int read_shards(const struct opts *mo, struct results *r, struct opts *o)
{
	struct shard first, sh;
	size_t *seen = NULL;
	int rc = 0;

	for (int f = 0; f < mo->nmerge && !rc; f++) {
		struct shard *s = f ? &sh : &first;

		if ((rc = read_shard(mo->merge[f], r, f == 0, s)))
			break;
		if (f == 0) {
			r->n = first.ntargets;
			seen = calloc(first.n + 1, sizeof *seen);
			if (!seen || plan_parse(first.plan, o))
				rc = 2;
		} else if (strcmp(sh.plan, first.plan) || sh.n != first.n ||
			   sh.ntargets != first.ntargets) {
			fprintf(stderr, "sweep: --merge: %s is a shard of another sweep:\n  %s shard=%zu/%zu "
				"(%d targets)\nwhere %s has\n  %s shard=?/%zu (%d targets)\n", mo->merge[f],
				sh.plan, sh.i, sh.n, sh.ntargets, mo->merge[0], first.plan, first.n, r->n);
			rc = 2;
		}
		if (!rc && seen[s->i]++) {
			fprintf(stderr, "sweep: --merge: shard %zu/%zu given twice (%s)\n", s->i,
				first.n, mo->merge[f]);
			rc = 2;
		}
		r->wall += s->wall;
		if (s->wall > r->longest)
			r->longest = s->wall;
	}
	if (!rc)	/* every missing shard said */
		for (size_t i = 1; i <= first.n; i++)
			if (!seen[i]) {
				fprintf(stderr, "sweep: --merge: shard %zu/%zu is missing\n", i, first.n);
				rc = 2;
			}
	free(seen);
	if (!rc && plan_init(&o->plan)) {
		fprintf(stderr, "sweep: --merge: bad plan '%s'\n", first.plan);
		rc = 2;
	}
	return rc;
}

/* The failures recorded, as many per target as one sweep shows. */
static void merge_failures(const struct opts *mo, const struct opts *o, struct results *r)
{
	char line[RECORD_LINE], name[64];
	struct failure f;

	for (int k = 0; k < mo->nmerge; k++) {
		FILE *in = fopen(mo->merge[k], "r");

		while (in && fgets(line, sizeof line, in)) {
			int i;

			line[strcspn(line, "\n")] = 0;
			if (strncmp(line, "sweep-failure: ", 15) || failure_record_parse(line, name, &f))
				continue;
			for (i = 0; i < r->n && strcmp(r->t[i].name, name); i++)
				;
			if (i < r->n && r->t[i].printed++ < o->show)
				show_failure(o, &r->t[i], &f);
		}
		if (in)
			fclose(in);
	}
}

int merge(const struct opts *mo)
{
	static struct results r;
	struct opts o;
	int rc;

	memset(&o, 0, sizeof o);
	if ((rc = read_shards(mo, &r, &o)))
		return rc;
	o.tally = 1;
	o.nmerge = mo->nmerge;
	printf("sweep: seed %llu (repeat with SEED=%llu), %d shards merged, phases:%s%s%s\n",
	       (unsigned long long)o.plan.seed, (unsigned long long)o.plan.seed, mo->nmerge,
	       o.phases & 1 << PH_EXACT ? " exact" : "", o.phases & 1 << PH_DELAYED ? " delayed" : "",
	       o.phases & 1 << PH_TRACE ? " traced" : "");
	merge_failures(mo, &o, &r);
	for (int ph = 0; ph < NPHASES; ph++) {
		if (!(o.phases & 1u << ph))
			continue;
		phase_header(&o, ph, r.n);
		for (int i = 0; i < r.n; i++) {
			if (!r.t[i].ty[ph].ran)
				continue;
			print_row(r.t[i].name, phase_label[ph], &r.t[i].ty[ph]);
			if (ph == PH_DELAYED)
				print_hist(&r.t[i].ty[ph]);
		}
	}
	for (int i = 0; i < r.n; i++) {
		size_t failed = 0;
		for (int ph = 0; ph < NPHASES; ph++)
			failed += r.t[i].ty[ph].failed;
		if (failed > (size_t)o.show)
			r.t[i].suppressed = failed - (size_t)o.show;
	}
	if (mo->json && json_write(mo->json, &o, &r))
		return 2;
	return print_summary(&o, &r);
}
