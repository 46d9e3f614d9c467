/*
 * ucopy-bench: ticks per call of every copy routine by length (see
 * docs/bench.md). Shared declarations of the bench/ files.
 */
#ifndef UCOPY_BENCH_H
#define UCOPY_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ucopy.h"

/* bench/thunks.S: count timed calls; returns TSC ticks for all of them,
 * *result = the last call's result. */
typedef uint64_t bench_call_fn(void (*fn)(void), void *to, const void *from,
			       uint64_t len, uint64_t *result, uint64_t count);
bench_call_fn bench_call_classic_rdtscp, bench_call_rep_rdtscp;
bench_call_fn bench_call_classic_lfence, bench_call_rep_lfence;
bench_call_fn bench_call_classic_clear_rdtscp, bench_call_classic_clear_lfence;
bench_call_fn bench_call_stos_rdtscp, bench_call_stos_lfence;
void bench_empty(void);

/* What is timed: a registry row, a routine named by --entry, or a peer
 * (glibc memcpy, the empty call). */
enum subject_kind { SUBJECT_STRATEGY, SUBJECT_ENTRY, SUBJECT_MEMCPY, SUBJECT_EMPTY };

struct subject {
	const char *name;
	enum subject_kind kind;
	enum ucopy_abi abi;
	void (*fn)(void);
};

/* Where the destination sits relative to the source. */
struct variant {
	const char *name;
	size_t dst_page_off;   /* (dst - src) mod 4096; src is page-aligned */
	const char *what;
};

/* Statistics of one (variant, subject, length) cell, in TSC ticks per
 * call, over its samples (each sample: a batch of calls, averaged). */
struct cell {
	double min, p10, median, p90, max;
	uint32_t samples;
};

struct results {
	const struct subject *subjects;
	size_t nsubjects;
	const struct variant *variants;
	size_t nvariants;
	const size_t *lens;
	size_t nlens;
	struct cell *cells;    /* [variant][subject][len] */
	size_t empty_index;    /* subject index of the empty call, or SIZE_MAX */
};

static inline struct cell *cell_at(const struct results *r, size_t v,
				   size_t s, size_t l)
{
	return &r->cells[(v * r->nsubjects + s) * r->nlens + l];
}

/* bench/cpu.c */
struct cpu_desc {
	char model[128], vendor[64], microcode[32], kernel[128];
	int family, model_no, stepping;
	int hypervisor;
	int rdtscp_cpuid, rdtscp_works;
	double tsc_mhz;        /* measured against CLOCK_MONOTONIC_RAW */
	unsigned tsc_step;     /* smallest TSC advance seen (1: fine-grained) */
	int pinned_cpu;
	char flags_line[256];  /* "erms: present (cpuid: yes) ..." */
};
int cpu_pin(int cpu, char *err, size_t errlen);
int cpu_default(void);
void cpu_describe(struct cpu_desc *d, int cpu);
void cpu_print_header(FILE *f, const struct cpu_desc *d, const char *prefix);

/* bench/options.c: everything the command line decides. */
#define BENCH_MAX_SUBJECTS 64
#define BENCH_NVARIANTS 4
#define BENCH_MAX_LEN (1u << 20)
struct bench_config {
	struct subject subjects[BENCH_MAX_SUBJECTS];
	size_t nsubjects;
	struct variant variants[BENCH_NVARIANTS];
	size_t nvariants;
	size_t *lens, nlens;        /* sorted, no duplicates */
	const char *base, *newer;   /* the table's pair */
	unsigned long reps, rounds, warmup;
	unsigned long batch;        /* calls per sample; 0: from the TSC step */
	int cpu;                    /* -1: the last CPU allowed */
	int plot, table_stat_min, list;
	int clear;                  /* --clear: the clear family's rows */
	const char *out_dir;
	char table[4096], csv[4096], summary[4096], plot_prefix[4096];
};
void options_parse(int argc, char **argv, struct bench_config *c);

/* bench/report.c */
int report_table(FILE *f, const struct results *r, const struct cpu_desc *d,
		 const struct bench_config *c);
int report_csv(const struct results *r, const struct cpu_desc *d,
	       const struct bench_config *c);
int report_summary(FILE *also, const struct results *r,
		   const struct bench_config *c);
void report_spread(FILE *f, const struct results *r);
int report_plot(const struct results *r, const struct cpu_desc *d,
		const struct bench_config *c);

#endif
