#define _GNU_SOURCE
/*
 * live: the running kernel's own user-copy routines against the models,
 * through system calls (issues 15 and 23; docs/live.md).
 *
 * Each path's result (the count or -EFAULT, and every byte user space can
 * see: the buffer and the sentinels around it, the file, the remote buffer)
 * is predicted by running a registry model through that path's kernel
 * chunking and retry rules, and compared. The row inferred from the kernel
 * version and CPU flags (src/runtime/eras.tsv) decides pass/fail; each case
 * is also compared with the EXACT contract (a difference where the row is
 * not EXACT is a finding, not a failure) and every copy row is scored, at
 * lag 0 (exact rep reporting) and lag 1 (delayed), for the identification
 * table.
 *
 *   live [--quick] [--max-len N] [--verbose] [--row NAME] [--clear-row NAME]
 *        [--lag K] [--no-ident | --ident] [--json]
 *   live --case PATH,LEN,SOFF,F,DALIGN   one case, described (F: -1 = none)
 * --row/--clear-row/--lag: predict with that row and lag instead of the
 * inference. --json: also one line "UCOPY-LIVE-JSON {...}" (make live-vm).
 * Last line: "N passed, M failed" (a path the kernel forbids is skipped).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "live.h"

static void usage(void)
{
	fprintf(stderr, "usage: live [--quick] [--max-len N] [--verbose] [--row NAME] [--lag K] "
		"[--clear-row NAME] [--no-ident | --ident] [--json] [--case PATH,LEN,SOFF,F,DALIGN]\n");
	exit(2);
}

static const char *parse_args(struct live_run *lr, int argc, char **argv)
{
	const char *one = NULL;
	lr->maxlen = 128;
	lr->ident = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--quick")) lr->quick = 1, lr->maxlen = 40;
		else if (!strcmp(a, "--verbose")) lr->verbose = 1;
		else if (!strcmp(a, "--no-ident")) lr->ident = 0;
		else if (!strcmp(a, "--ident")) lr->ident = 1;	/* the last one wins */
		else if (!strcmp(a, "--json")) lr->json = 1;
		else if (!v) usage();
		else if (!strcmp(a, "--max-len")) lr->maxlen = strtoul(v, NULL, 0), i++;
		else if (!strcmp(a, "--case")) one = v, i++;
		else if (!strcmp(a, "--row")) lr->force = v, i++;
		else if (!strcmp(a, "--clear-row")) lr->force_clear = v, i++;
		else if (!strcmp(a, "--lag")) lr->lag = strtoul(v, NULL, 0), i++;
		else usage();
	}
	if (lr->maxlen > MAXL)
		lr->maxlen = MAXL;
	return one;
}

/* A row by name, of the wanted kinds (copy rows: copy or tail; clear rows) */
static const struct ucopy_strategy *find_row(const char *name, int clear)
{
	const struct ucopy_strategy *st = name ? ucopy_find(name) : NULL;
	if (!st)
		return NULL;
	int is_clear = st->kind == UCOPY_KIND_CLEAR;
	int is_copy = st->kind == UCOPY_KIND_COPY || st->kind == UCOPY_KIND_TAIL;
	return (clear ? is_clear : is_copy) ? st : NULL;
}

/* The rows to check against: inferred, or given; exit 2 on an unknown name. */
static void choose_rows(struct live_run *lr)
{
	const char *inf[NROUTINES], *cwhy;
	inf[R_TO] = inf[R_FROM] = infer_row(&lr->kv, "copy", &lr->why[R_TO]);
	lr->why[R_FROM] = lr->why[R_TO];
	inf[R_CLEAR] = infer_row(&lr->kv, "clear", &cwhy);
	lr->why[R_CLEAR] = cwhy;
	live_confirm(&lr->kv, inf, &lr->conf);
	for (int r = 0; r < NROUTINES; r++) {
		const char *given = r == R_CLEAR ? lr->force_clear : lr->force;
		if (given && !find_row(given, r == R_CLEAR)) {
			fprintf(stderr, "live: no %s row named %s (build/registry.tsv lists them)\n",
				r == R_CLEAR ? "clear" : "copy", given);
			exit(2);
		}
		lr->row[r] = find_row(given ? given : inf[r], r == R_CLEAR);
		if (given) {
			lr->why[r] = "given on the command line";
			lr->conf.source[r] = "given";
		}
	}
	for (size_t i = 0; i < ucopy_nstrategies && lr->nrows < MAXROWS; i++)
		if (find_row(ucopy_strategies[i].name, 0))
			lr->rows[lr->nrows++] = &ucopy_strategies[i];
}

/* The copy rows scored on a copy case, at both readings */
static void score_rows(struct live_run *lr, const struct live_case *k, const struct seen *kern)
{
	struct seen q;
	lr->idcases++;
	for (size_t r = 0; r < lr->nrows; r++)
		for (size_t lag = 0; lag < 2; lag++) {
			int sp = predict(k, lr->rows[r], lag, &q);
			lr->spins[r][lag] += sp;
			lr->agree[r][lag] += !sp && same(kern, &q);
		}
}

static void one_case(struct live_run *lr, const struct live_case *k)
{
	enum routine rt = path_routine(k->p);
	const struct ucopy_strategy *st = lr->row[rt];
	size_t lag = rt == R_CLEAR ? 0 : lr->lag;
	struct seen kern, pred, ex;
	run_kernel(k, &kern);
	predict(k, st, lag, &pred);
	predict(k, NULL, 0, &ex);
	int ok = same(&kern, &pred);
	lr->cases[k->p]++;
	lr->pass[k->p] += ok;
	lr->rcases[rt]++;
	lr->ragree[rt] += ok;
	if (!same(&kern, &ex))
		note_exact_diff(lr, k, &kern, &ex, &pred);
	if (!ok && (lr->failed++ < 20 || lr->verbose)) {
		printf("MISMATCH ");
		describe(k, stdout);
		printf("\n");
		show_diff(st ? st->name : "the EXACT contract", &kern, &pred, stdout);
		printf("    replay: make live-case CASE=%s,%zu,%zu,%ld,%zu%s%s%s%s\n", pname[k->p], k->len,
		       k->soff, k->f == NONE ? -1L : (long)k->f, k->dalign,
		       lr->force || lr->lag ? " LIVE_FLAGS='--row " : "",
		       lr->force || lr->lag ? (st ? st->name : "?") : "",
		       lr->force || lr->lag ? " --lag " : "", lr->force || lr->lag ? (lr->lag ? "1'" : "0'") : "");
	}
	if (lr->ident && rt != R_CLEAR)
		score_rows(lr, k, &kern);
}

/* --case: one case, with every row's view */
static int replay(struct live_run *lr, const char *arg)
{
	struct live_case k;
	if (parse_case(arg, &k)) {
		fprintf(stderr, "live: bad --case %s (PATH,LEN,SOFF,F,DALIGN)\n", arg);
		return 2;
	}
	if (skip_why[k.p]) {
		printf("skipped: %s\n0 passed, 0 failed\n", skip_why[k.p]);
		return 0;
	}
	enum routine rt = path_routine(k.p);
	struct seen kern, pred;
	run_kernel(&k, &kern);
	int ll = predict(&k, lr->row[rt], rt == R_CLEAR ? 0 : lr->lag, &pred);
	describe(&k, stdout);
	printf("\n  kernel: %ld; %s: %ld%s\n", kern.ret, lr->row[rt] ? lr->row[rt]->name : "EXACT",
	       pred.ret, ll ? " (would spin)" : "");
	int ok = same(&kern, &pred);
	if (!ok)
		show_diff("the model", &kern, &pred, stdout);
	for (size_t r = 0; r < lr->nrows && rt != R_CLEAR; r++)
		for (size_t lag = 0; lag < 2; lag++) {
			struct seen q;
			int l2 = predict(&k, lr->rows[r], lag, &q);
			printf("    %-18s lag %zu: %ld%s%s\n", lr->rows[r]->name, lag, q.ret,
			       l2 ? " (would spin)" : "", !l2 && same(&kern, &q) ? "" : "  <- differs");
		}
	printf("%d passed, %d failed\n", ok, !ok);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	static struct live_run lr;
	const char *one = parse_args(&lr, argc, argv);
	read_kernel(&lr.kv);
	choose_rows(&lr);
	live_setup();
	print_header(&lr);
	if (one)
		return replay(&lr, one);

	static const size_t soffs_full[] = { 0, 1, 2, 3, 4, 5, 6, 7, 4090, 4093 };
	static const size_t soffs_quick[] = { 0, 3, 4093 };
	const size_t *soffs = lr.quick ? soffs_quick : soffs_full;
	size_t nsoff = lr.quick ? 3 : 10;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int pi = 0; pi < NPATHS; pi++) {
		if (skip_why[pi]) {
			printf("path %s skipped: %s\n", pname[pi], skip_why[pi]);
			continue;
		}
		for (size_t len = 0; len <= lr.maxlen; len++)
			for (size_t si = 0; si < (pi == P_ZERO ? 1 : nsoff); si++)
				for (size_t fi = 0; fi < len + 8; fi++) {
					struct live_case k = { (enum path)pi, len, soffs[si],
							       fi < len ? fi : NONE, fi < len ? 0 : fi - len };
					one_case(&lr, &k);
				}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	lr.secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	print_tables(&lr);
	if (lr.json)
		print_json(&lr);
	unsigned long tc = 0, tp = 0;
	for (int pi = 0; pi < NPATHS; pi++)
		tc += lr.cases[pi], tp += lr.pass[pi];
	if (lr.failed)
		printf("\n%lu mismatches (the first 20 are shown; --verbose for all)\n", lr.failed);
	if (!tc)
		printf("skipped: no path could run here (see above)\n");
	printf("%lu passed, %lu failed\n", tp, tc - tp);
	return tc == tp ? 0 : 1;
}
