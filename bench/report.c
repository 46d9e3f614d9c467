/*
 * What the benchmark writes: the review-style table for a pair, the CSV of
 * every cell, the short summary the report step reads, and the plots.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

static const size_t summary_lens[] = { 8, 32, 64, 256, 4096 };

static size_t subject_index(const struct results *r, const char *name)
{
	for (size_t s = 0; s < r->nsubjects; s++)
		if (!strcmp(r->subjects[s].name, name))
			return s;
	return SIZE_MAX;
}

static const char *kind_name(enum subject_kind k)
{
	return k == SUBJECT_STRATEGY ? "strategy" : k == SUBJECT_ENTRY ? "entry" : "peer";
}

static const char *abi_name(const struct subject *s)
{
	if (s->kind == SUBJECT_MEMCPY)
		return "sysv";
	if (s->kind == SUBJECT_EMPTY)
		return "none";
	return ucopy_abi_name(s->abi);
}

/* The 2017 review's layout: len, base, new, delta = base - new and its
 * share of base, truncated like the review's (58 -> 26: "32(55%)"). */
int report_table(FILE *f, const struct results *r, const struct cpu_desc *d,
		 const struct bench_config *o)
{
	size_t b = subject_index(r, o->base), n = subject_index(r, o->newer);
	const char *stat = o->table_stat_min ? "minimum" : "median";

	if (b == SIZE_MAX || n == SIZE_MAX)
		return -1;
	for (size_t v = 0; v < r->nvariants; v++) {
		const struct variant *var = &r->variants[v];

		fprintf(f, "# ucopy-bench: %s (base) vs %s (new), variant %s "
			"(%s)\n", o->base, o->newer, var->name, var->what);
		cpu_print_header(f, d, "# ");
		fprintf(f, "# timer: lfence; rdtsc ... %s around %lu call%s%s\n",
			d->rdtscp_works ? "rdtscp; lfence" :
			"lfence; rdtsc; lfence (no RDTSCP here)", o->batch,
			o->batch == 1 ? "" : "s", o->batch == 1 ? "" :
			", each further call after an lfence");
		fprintf(f, "# each number: ticks per call, the %s of %lu "
			"samples over %lu rounds (%lu warm-up calls per cell "
			"and round), hot caches\n", stat, o->reps, o->rounds,
			o->warmup);
		if (r->empty_index != SIZE_MAX) {
			const struct cell *e = cell_at(r, v, r->empty_index, 0);
			fprintf(f, "# empty call (the floor, included in every "
				"number, not subtracted): median %.1f, min %.1f "
				"ticks\n", e->median, e->min);
		}
		fprintf(f, "string len\t%s\t%s\tdelta\n", o->base, o->newer);
		fprintf(f, "bytes\tticks\tticks\ttick(%%)\n\n");
		for (size_t l = 0; l < r->nlens; l++) {
			if (r->lens[l] > 64)
				continue;
			const struct cell *cb = cell_at(r, v, b, l);
			const struct cell *cn = cell_at(r, v, n, l);
			long tb = lround(o->table_stat_min ? cb->min : cb->median);
			long tn = lround(o->table_stat_min ? cn->min : cn->median);
			long delta = tb - tn;
			long pct = tb ? delta * 100 / tb : 0;
			fprintf(f, "%zu\t%ld\t%ld\t%ld(%ld%%)\n", r->lens[l],
				tb, tn, delta, pct);
		}
		fprintf(f, "\n");
	}
	return 0;
}

static void csv_safe(char *out, size_t n, const char *in)
{
	snprintf(out, n, "%s", in);
	for (char *p = out; *p; p++)
		if (*p == ',' || *p == '"' || *p == '\n')
			*p = ' ';
}

int report_csv(const struct results *r, const struct cpu_desc *d,
	       const struct bench_config *c)
{
	char cpu[sizeof(d->model)];
	FILE *f = fopen(c->csv, "w");

	if (!f)
		return -1;
	csv_safe(cpu, sizeof(cpu), d->model);
	fprintf(f, "cpu,variant,dst_minus_src_mod_4096,strategy,kind,abi,len,"
		"samples,calls_per_sample,min,p10,median,p90,max,empty_min,"
		"empty_median\n");
	for (size_t v = 0; v < r->nvariants; v++) {
		const struct cell *e = cell_at(r, v, r->empty_index, 0);
		for (size_t s = 0; s < r->nsubjects; s++) {
			const struct subject *sub = &r->subjects[s];
			for (size_t l = 0; l < r->nlens; l++) {
				const struct cell *x = cell_at(r, v, s, l);
				fprintf(f, "%s,%s,%zu,%s,%s,%s,%zu,%u,%lu,"
					"%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\n",
					cpu, r->variants[v].name,
					r->variants[v].dst_page_off, sub->name,
					kind_name(sub->kind), abi_name(sub),
					r->lens[l], x->samples, c->batch,
					x->min, x->p10, x->median, x->p90,
					x->max, e->min, e->median);
			}
		}
	}
	return fclose(f);
}

/* Median and min at a few lengths, per strategy and variant. */
int report_summary(FILE *also, const struct results *r,
		   const struct bench_config *c)
{
	FILE *f = fopen(c->summary, "w");
	const size_t nsum = sizeof(summary_lens) / sizeof(summary_lens[0]);

	if (!f)
		return -1;
	fprintf(f, "strategy,variant,len,median,min\n");
	if (also)
		fprintf(also, "summary (%s):\nstrategy,variant,len,median,min\n",
			c->summary);
	for (size_t v = 0; v < r->nvariants; v++)
		for (size_t s = 0; s < r->nsubjects; s++)
			for (size_t l = 0; l < r->nlens; l++)
				for (size_t k = 0; k < nsum; k++) {
					const struct cell *x = cell_at(r, v, s, l);
					if (r->lens[l] != summary_lens[k])
						continue;
					fprintf(f, "%s,%s,%zu,%.1f,%.1f\n",
						r->subjects[s].name,
						r->variants[v].name, r->lens[l],
						x->median, x->min);
					if (also)
						fprintf(also, "%s,%s,%zu,%.1f,%.1f\n",
							r->subjects[s].name,
							r->variants[v].name,
							r->lens[l], x->median,
							x->min);
				}
	return fclose(f);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The benchmark's own spread: p90 - p10 over the lengths 0..64. */
void report_spread(FILE *f, const struct results *r)
{
	double w[65];

	fprintf(f, "spread (p90 - p10 of each length's samples, ticks; "
		"median / max over len 0..64):\n");
	for (size_t v = 0; v < r->nvariants; v++) {
		fprintf(f, "  %-8s", r->variants[v].name);
		for (size_t s = 0; s < r->nsubjects; s++) {
			size_t n = 0;
			for (size_t l = 0; l < r->nlens && n < 65; l++)
				if (r->lens[l] <= 64) {
					const struct cell *c = cell_at(r, v, s, l);
					w[n++] = c->p90 - c->p10;
				}
			if (!n)
				continue;
			qsort(w, n, sizeof(w[0]), cmp_double);
			fprintf(f, " %s %.1f/%.1f", r->subjects[s].name,
				w[(n - 1) / 2], w[n - 1]);
		}
		fprintf(f, "\n");
	}
}

/* Writes <prefix>.gp and runs gnuplot on it: one PNG per variant, medians
 * against length, 0..64 linear on the left, 64..max on log axes right. */
int report_plot(const struct results *r, const struct cpu_desc *d,
		const struct bench_config *o)
{
	char gp[4200], cmd[4300], cpu[sizeof(d->model)];
	FILE *f;
	int rc;

	if (system("command -v gnuplot >/dev/null 2>&1")) {
		fprintf(stderr, "ucopy-bench: gnuplot not found (Debian: "
			"apt-get install gnuplot-nox); no plot written\n");
		return 1;
	}
	csv_safe(cpu, sizeof(cpu), d->model);
	for (char *p = cpu; *p; p++)
		if (*p == '\'')
			*p = ' ';
	snprintf(gp, sizeof(gp), "%s.gp", o->plot_prefix);
	f = fopen(gp, "w");
	if (!f)
		return -1;
	fprintf(f, "# ucopy-bench plot: gnuplot %s (reads %s)\n", gp,
		o->csv);
	fprintf(f, "csv = '%s'\nprefix = '%s'\ncpu = '%s'\n", o->csv,
		o->plot_prefix, cpu);
	fprintf(f, "subjects = '");
	for (size_t s = 0; s < r->nsubjects; s++)
		fprintf(f, "%s%s", s ? " " : "", r->subjects[s].name);
	fprintf(f, "'\nvariants = '");
	for (size_t v = 0; v < r->nvariants; v++)
		fprintf(f, "%s%s", v ? " " : "", r->variants[v].name);
	fprintf(f, "'\nmaxlen = %zu\n", r->lens[r->nlens - 1]);
	fputs("colors = '#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b "
	      "#e377c2 #7f7f7f #bcbd22 #17becf #000000 #b8860b #00008b "
	      "#ff1493'\n"
	      "col(i) = word(colors, (i - 1) % words(colors) + 1)\n"
	      "set datafile separator ','\n"
	      "set terminal pngcairo size 1600,700 noenhanced font ',10'\n"
	      "set grid\n"
	      "set xlabel 'length (bytes)'\n"
	      "set ylabel 'median TSC ticks per call'\n"
	      "do for [v in variants] {\n"
	      "  set output sprintf('%s-%s.png', prefix, v)\n"
	      "  set multiplot layout 1,2 title sprintf('ucopy-bench, %s, "
	      "variant %s: TSC ticks (not core cycles), empty-call floor "
	      "included, not subtracted', cpu, v)\n"
	      "  unset logscale\n  unset key\n"
	      "  set xrange [0:64]\n  set xtics 8\n  set ytics auto\n"
	      "  set autoscale y\n"
	      "  plot for [i = 1:words(subjects)] csv using "
	      "(strcol(2) eq v && strcol(4) eq word(subjects, i) ? $7 : 1/0)"
	      ":11 with linespoints lc rgb col(i) "
	      "dt 1 + (i > words(colors)) pt (i % 13 + 1) ps 0.6 "
	      "title word(subjects, i)\n"
	      "  set key outside right top\n"
	      "  set logscale xy 2\n"
	      "  set xrange [60:maxlen * 1.1]\n"
	      "  set xtics ('64' 64, '128' 128, '256' 256, '512' 512, "
	      "'1K' 1024, '2K' 2048, '4K' 4096, '8K' 8192, '16K' 16384, "
	      "'32K' 32768, '64K' 65536)\n"
	      "  plot for [i = 1:words(subjects)] csv using "
	      "(strcol(2) eq v && strcol(4) eq word(subjects, i) && $7 >= 64 "
	      "? $7 : 1/0):11 with linespoints lc rgb col(i) "
	      "dt 1 + (i > words(colors)) pt (i % 13 + 1) ps 0.6 "
	      "title word(subjects, i)\n"
	      "  unset multiplot\n"
	      "}\n", f);
	if (fclose(f))
		return -1;
	snprintf(cmd, sizeof(cmd), "gnuplot '%s'", gp);
	rc = system(cmd);
	return rc ? -1 : 0;
}
