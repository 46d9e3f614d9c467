/*
 * --json FILE: the sweep's results as data (docs/lab.md, "JSON"): the plan,
 * per target and per phase the counts and the lag histogram, the failures
 * shown, each in words (what, line) and as fields (the case, the failure
 * kinds, the results), and the totals. Written from the same structs the
 * summary is printed from.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sweep.h"

static void str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

/* An offset that may be "none": null. */
static void off(FILE *f, size_t v, size_t len)
{
	if (v > len)
		fputs("null", f);
	else
		fprintf(f, "%zu", v);
}

static void json_case(FILE *f, const struct lab_case *c)
{
	fprintf(f, "{\"len\": %zu, \"src_align\": %u, \"dst_align\": %u, \"fs\": ",
		c->len, c->src_align, c->dst_align);
	off(f, c->fs, c->len);
	fputs(", \"fd\": ", f);
	off(f, c->fd, c->len);
	fputs(", \"lags\": [", f);
	for (unsigned i = 0; i < c->nlag && i < LAB_REPS_MAX; i++) {
		fputs(i ? ", " : "", f);
		if (c->lag[i] == LAB_LAG_ALL)
			fputs("\"all\"", f);
		else
			fprintf(f, "%zu", c->lag[i]);
	}
	fprintf(f, "], \"traced\": %s}", c->trace ? "true" : "false");
}

static void json_failure(FILE *f, const struct failure *x)
{
	static const char *const kinds[] = { "case", "crash", "gave-up" };
	char names[256], *save = NULL;
	int first = 1;

	fprintf(f, "{\"phase\": \"%s\", \"kind\": \"%s\", \"case\": ", phase_opt[x->phase],
		kinds[x->kind]);
	json_case(f, &x->c);
	fputs(", \"failures\": [", f);
	lab_fail_str(x->fail, names, sizeof names);
	for (char *t = strtok_r(names, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		fputs(first ? "" : ", ", f);
		str(f, t);
		first = 0;
	}
	fprintf(f, "], \"ret\": %zu, \"model_ret\": %zu, \"expect_ret\": %zu, \"what\": ",
		x->ret, x->model_ret, x->expect_ret);
	str(f, x->what);
	fputs(", \"line\": ", f);
	str(f, x->line);
	fputc('}', f);
}

static void json_tally(FILE *f, int ph, const struct tally *t)
{
	fprintf(f, "{\"phase\": \"%s\", \"label\": \"%s\", \"cases\": %zu, \"passed\": %zu, "
		"\"failed\": %zu, \"crashes\": %zu, \"seconds\": %.3f, \"digest\": \"%016" PRIx64 "\"",
		phase_opt[ph], phase_label[ph], t->passed + t->failed, t->passed, t->failed,
		t->crashes, t->secs, t->digest);
	if (ph == PH_DELAYED) {
		fputs(", \"lag_histogram\": {", f);
		for (int b = 0; b < NHB; b++)
			fprintf(f, "%s\"%s\": %zu", b ? ", " : "", hist_key[b], t->hist[b]);
		fputc('}', f);
	}
	/* failing runs per kind (a run may fail in several ways), every
	 * failure counted, shown or not: what the shown ones cannot say */
	fputs(", \"failed_by_tag\": {", f);
	for (int k = 0, first = 1; k < LAB_NKINDS; k++)
		if (t->by_kind[k]) {
			fprintf(f, "%s\"%s\": %zu", first ? "" : ", ", lab_fail_name(k), t->by_kind[k]);
			first = 0;
		}
	fputs("}}", f);
}

static void json_target(FILE *f, const struct target_result *t, size_t *passed, size_t *failed)
{
	size_t p = 0, x = 0;
	int first = 1;

	fputs("    {\"name\": ", f);
	str(f, t->name);
	if (t->model[0]) {
		fputs(", \"model\": ", f);
		str(f, t->model);
	}
	fputs(", \"phases\": [", f);
	for (int ph = 0; ph < NPHASES; ph++) {
		if (!t->ty[ph].ran)
			continue;
		fputs(first ? "\n      " : ",\n      ", f);
		json_tally(f, ph, &t->ty[ph]);
		p += t->ty[ph].passed;
		x += t->ty[ph].failed;
		first = 0;
	}
	fputs("],\n      \"failures_shown\": [", f);
	for (size_t i = 0; i < t->nshown; i++) {
		fputs(i ? ",\n        " : "\n        ", f);
		json_failure(f, &t->shown[i]);
	}
	/* every failure counted but not shown (the summary line says how
	 * many lines were held back, which a worker's own limit caps) */
	fprintf(f, "],\n      \"failures_not_shown\": %zu, \"passed\": %zu, \"failed\": %zu}",
		x > t->nshown ? x - t->nshown : 0, p, x);
	*passed += p;
	*failed += x;
}

int json_write(const char *path, const struct opts *o, const struct results *r)
{
	FILE *f = fopen(path, "w");
	size_t passed = 0, failed = 0;

	if (!f) {
		fprintf(stderr, "sweep: --json %s: cannot write it\n", path);
		return -1;
	}
	fprintf(f, "{\n  \"tool\": \"sweep\",\n  \"seed\": %" PRIu64 ",\n  \"quick\": %s,\n"
		"  \"shards_merged\": %d,\n  \"phases\": [", o->plan.seed,
		o->quick ? "true" : "false", o->nmerge);
	for (int ph = 0, k = 0; ph < NPHASES; ph++)
		if (o->phases & 1u << ph)
			fprintf(f, "%s\"%s\"", k++ ? ", " : "", phase_opt[ph]);
	fputs("],\n  \"targets\": [\n", f);
	for (int i = 0; i < r->n; i++) {
		json_target(f, &r->t[i], &passed, &failed);
		fputs(i + 1 < r->n ? ",\n" : "\n", f);
	}
	fprintf(f, "  ],\n  \"wall_seconds\": %.1f,\n  \"passed\": %zu,\n  \"failed\": %zu\n}\n",
		r->wall, passed, failed);
	if (fclose(f)) {
		fprintf(stderr, "sweep: --json %s: cannot write it\n", path);
		return -1;
	}
	return 0;
}
