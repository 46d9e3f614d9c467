/*
 * What the sweep prints: for people, the phase headers, a row per target
 * and phase, the lag histograms, the failures and the summary; for
 * --merge, with --tally, records (docs/scale.md): "sweep-plan:",
 * "sweep-tally:", "sweep-failure:" and "sweep-shard:" lines, each written
 * and read back by the pair of functions here, and nothing else of the
 * output is ever read back.
 */
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

const char *const phase_label[NPHASES] = { "exact hw", "delayed hw", "traced" };
const char *const phase_opt[NPHASES] = { "exact", "delayed", "trace" };
const char *const hist_key[NHB] = { "none", "k1", "k2", "k3_7", "k8", "k_more", "all_done" };

void print_row(const char *name, const char *label, const struct tally *ty)
{
	size_t c = ty->passed + ty->failed;

	printf("%-20s %-10s %9zu cases %9zu passed %7zu failed %7.2f s %10.0f cases/s%s\n",
	       name, label, c, ty->passed, ty->failed, ty->secs,
	       c / (ty->secs > 0 ? ty->secs : 1e-9), ty->crashes ? "  (worker crashes)" : "");
}

void print_hist(const struct tally *ty)
{
	printf("%-20s %-10s lag k=1: %zu, k=2: %zu, k=3-7: %zu, k=8: %zu, k>8: %zu; "
	       "all done (nothing reported): %zu; no rep lagged: %zu\n", "", "",
	       ty->hist[HB_1], ty->hist[HB_2], ty->hist[HB_3_7], ty->hist[HB_8],
	       ty->hist[HB_MORE], ty->hist[HB_ALLDONE], ty->hist[HB_NONE]);
}

void phase_header(const struct opts *o, int ph, int n)
{
	const struct plan *p = &o->plan;

	switch (ph) {
	case PH_EXACT:
		printf("sweep: exact hw (rep movs reports exactly, lag 0): %d targets x %zu cases "
		       "(%zu exhaustive: len 0..%zu x every fault offset x %u alignments; %zu random, "
		       "len <= %zu)\n", n, plan_count(p), p->nexhaustive, p->max_len, p->dalign_n,
		       p->nrandom, p->random_max_len);
		break;
	case PH_DELAYED:
		printf("sweep: delayed hw (rep movs under-reports by k): %d targets x %zu base cases: "
		       "every k for len 1..%zu (%u alignments, %zu cases), k = 1,2,7,8,all,random "
		       "for len %zu..%zu (fault offsets 0-2, last 3, every %zuth: %zu) and the %zu "
		       "random; each rep that faults lagged alone too when there are two\n",
		       n, plan_lag_count(p), p->lag_short_len, p->lag_aligns, p->nlag_short,
		       p->lag_short_len + 1, p->max_len, p->lag_stride, p->nlag_long, p->nrandom);
		break;
	default:
		printf("sweep: traced (single-stepped; every non-temporal store fenced before the "
		       "return): %d targets x %zu cases of len <= %zu\n", n, plan_trace_count(p),
		       p->trace_max_len);
	}
	fflush(stdout);
}

/* ---- shards: the machine-readable lines and the merge ---- */

/* The plan as one line: shards of one sweep print it alike (bar shard=). */
void plan_line(const struct opts *o, char *buf, size_t n)
{
	const struct plan *p = &o->plan;

	snprintf(buf, n, "sweep-plan: seed=%llu max_len=%zu aligns=%u/%u random=%zu "
		 "random_max_len=%zu lag_len=%zu lag_aligns=%u lag_stride=%zu trace=%zu "
		 "trace_max_len=%zu phases=%u stop_after=%zu show=%d",
		 (unsigned long long)p->seed, p->max_len, p->salign_n, p->dalign_n, p->nrandom,
		 p->random_max_len, p->lag_short_len, p->lag_aligns, p->lag_stride, p->ntrace,
		 p->trace_max_len, o->phases, o->stop_after, o->show);
}

int plan_parse(const char *line, struct opts *o)
{
	unsigned long long seed;

	memset(o, 0, sizeof *o);
	if (sscanf(line, "sweep-plan: seed=%llu max_len=%zu aligns=%u/%u random=%zu "
		   "random_max_len=%zu lag_len=%zu lag_aligns=%u lag_stride=%zu trace=%zu "
		   "trace_max_len=%zu phases=%u stop_after=%zu show=%d", &seed,
		   &o->plan.max_len, &o->plan.salign_n, &o->plan.dalign_n, &o->plan.nrandom,
		   &o->plan.random_max_len, &o->plan.lag_short_len, &o->plan.lag_aligns,
		   &o->plan.lag_stride, &o->plan.ntrace, &o->plan.trace_max_len, &o->phases,
		   &o->stop_after, &o->show) != 14)
		return -1;
	o->plan.seed = seed;
	return 0;
}

void print_tally(const char *name, int ph, const struct tally *ty)
{
	printf("sweep-tally: %s %s %zu %zu %zu", name, phase_opt[ph], ty->passed, ty->failed,
	       ty->crashes);
	for (int b = 0; b < NHB; b++)
		printf(" %zu", ty->hist[b]);
	printf(" %.3f %016llx ", ty->secs, (unsigned long long)ty->digest);
	for (int k = 0; k < LAB_NKINDS; k++)	/* failing runs per kind, by bit */
		printf("%s%zu", k ? "," : "", ty->by_kind[k]);
	putchar('\n');
}

int tally_parse(const char *line, char name[64], int *ph, struct tally *t)
{
	char phs[16];
	unsigned long long dg;
	int end = -1;
	const char *p;

	memset(t, 0, sizeof *t);
	if (sscanf(line, "sweep-tally: %63s %15s %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %lf %llx %n",
		   name, phs, &t->passed, &t->failed, &t->crashes, &t->hist[0], &t->hist[1],
		   &t->hist[2], &t->hist[3], &t->hist[4], &t->hist[5], &t->hist[6],
		   &t->secs, &dg, &end) != 14 || end < 0)
		return -1;
	p = line + end;
	for (int k = 0; k < LAB_NKINDS; k++) {
		char *e;

		if (*p < '0' || *p > '9')
			return -1;
		t->by_kind[k] = strtoull(p, &e, 10);
		p = e;
		if (*p != (k + 1 < LAB_NKINDS ? ',' : '\0') && !(k + 1 == LAB_NKINDS && *p == '\n'))
			return -1;
		p += k + 1 < LAB_NKINDS;
	}
	for (*ph = 0; *ph < NPHASES && strcmp(phs, phase_opt[*ph]); ++*ph)
		;
	t->digest = dg;
	t->ran = 1;
	return *ph == NPHASES ? -1 : 0;
}

/* "sweep-failure: TARGET PHASE KIND len salign dalign fs fd nlag lag0..3
 * trace fail ret model_ret expect_ret", then a tab, the failure in words,
 * a tab and the FAIL line (neither holds a tab). */
static const char *const kind_name[] = { "case", "crash", "gave-up" };

void print_failure_record(const char *name, const struct failure *f)
{
	const struct lab_case *c = &f->c;

	printf("sweep-failure: %s %s %s %zu %u %u %zu %zu %u %zu %zu %zu %zu %d %#x %zu %zu %zu\t%s\t%s\n",
	       name, phase_opt[f->phase], kind_name[f->kind], c->len, c->src_align, c->dst_align,
	       c->fs, c->fd, c->nlag, c->lag[0], c->lag[1], c->lag[2], c->lag[3], c->trace,
	       f->fail, f->ret, f->model_ret, f->expect_ret, f->what, f->line);
}

int failure_record_parse(const char *line, char name[64], struct failure *f)
{
	char phs[16], kind[16];
	const char *what, *fl;
	struct lab_case *c = &f->c;
	int k;

	memset(f, 0, sizeof *f);
	what = strchr(line, '\t');
	fl = what ? strchr(what + 1, '\t') : NULL;
	if (!fl || sscanf(line, "sweep-failure: %63s %15s %15s %zu %u %u %zu %zu %u %zu %zu %zu %zu %d %x %zu %zu %zu",
			  name, phs, kind, &c->len, &c->src_align, &c->dst_align, &c->fs, &c->fd,
			  &c->nlag, &c->lag[0], &c->lag[1], &c->lag[2], &c->lag[3], &c->trace,
			  &f->fail, &f->ret, &f->model_ret, &f->expect_ret) != 18 ||
	    c->nlag > LAB_REPS_MAX)
		return -1;
	for (f->phase = 0; f->phase < NPHASES && strcmp(phs, phase_opt[f->phase]); f->phase++)
		;
	for (k = 0; k < 3 && strcmp(kind, kind_name[k]); k++)
		;
	if (f->phase == NPHASES || k == 3)
		return -1;
	f->kind = (enum failure_kind)k;
	snprintf(f->what, sizeof f->what, "%.*s", (int)(fl - what - 1), what + 1);
	snprintf(f->line, sizeof f->line, "%s", fl + 1);
	return 0;
}

/* A failure shown: its line, its record (--tally), kept for --json. */
void show_failure(const struct opts *o, struct target_result *res, const struct failure *f)
{
	struct failure *more;

	printf("%s\n", f->line);
	if (o->tally)
		print_failure_record(res->name, f);
	more = realloc(res->shown, (res->nshown + 1) * sizeof *more);
	if (!more)
		return;
	res->shown = more;
	res->shown[res->nshown++] = *f;
}

/* The summary after the phases: per target, all phases; the totals. */
int print_summary(const struct opts *o, const struct results *r)
{
	size_t passed = 0, failed = 0;

	printf("sweep: per target, all phases\n");
	for (int i = 0; i < r->n; i++) {
		const struct target_result *t = &r->t[i];
		struct tally all;

		memset(&all, 0, sizeof all);
		for (int ph = 0; ph < NPHASES; ph++) {
			all.passed += t->ty[ph].passed;
			all.failed += t->ty[ph].failed;
			all.crashes += t->ty[ph].crashes;
			all.secs += t->ty[ph].secs;
		}
		if (t->suppressed)
			printf("  ... and %zu more failures of %s not shown\n", t->suppressed, t->name);
		printf("%-20s %9zu cases %9zu passed %7zu failed %7.2f s %10.0f cases/s%s\n",
		       t->name, all.passed + all.failed, all.passed, all.failed, all.secs,
		       (all.passed + all.failed) / (all.secs > 0 ? all.secs : 1e-9),
		       all.crashes ? "  (worker crashes)" : "");
		passed += all.passed;
		failed += all.failed;
	}
	if (o->tally)
		for (int i = 0; i < r->n; i++)
			for (int ph = 0; ph < NPHASES; ph++)
				if (r->t[i].ty[ph].ran)
					print_tally(r->t[i].name, ph, &r->t[i].ty[ph]);
	if (o->nmerge)
		printf("sweep: %d targets, %d shards merged: %.1f s of shard time, the longest "
		       "shard %.1f s wall\n", r->n, o->nmerge, r->wall, r->longest);
	else
		printf("sweep: %d targets in %.1f s wall\n", r->n, r->wall);
	if (!o->nmerge)
		printf("sweep-shard: %zu/%zu done in %.1f s wall\n",
		       o->shard_n ? o->shard_i : 1, o->shard_n ? o->shard_n : 1, r->wall);
	printf("%zu passed, %zu failed\n", passed, failed);
	return failed ? 1 : 0;
}
