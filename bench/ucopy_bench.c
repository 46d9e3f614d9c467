/*
 * ucopy-bench: times every copy routine of the registry (and two peers,
 * glibc memcpy and an empty call) per length, pinned to one CPU, and writes
 * the 2017 review's "len base new delta" table for a pair, a CSV of every
 * strategy, a summary and plots. With --entry it times any linked-in
 * routine against a registry row instead (the review's benchmark). See docs/bench.md.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"
#include "sandbox.h"

static int mkdirs(const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; ; p++) {
		if (*p == '/' || !*p) {
			char c = *p;
			*p = 0;
			if (mkdir(buf, 0777) && errno != EEXIST)
				return -1;
			*p = c;
			if (!c)
				return 0;
		}
	}
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* v: ticks per sample of batch calls each; c: ticks per call. */
static void stats(uint32_t *v, uint32_t n, unsigned long batch,
		  struct cell *c)
{
	qsort(v, n, sizeof(*v), cmp_u32);
	c->samples = n;
	c->min = (double)v[0] / batch;
	c->p10 = (double)v[(uint64_t)(n - 1) * 10 / 100] / batch;
	c->median = (double)v[(n - 1) / 2] / batch;
	c->p90 = (double)v[(uint64_t)(n - 1) * 90 / 100] / batch;
	c->max = (double)v[n - 1] / batch;
}

/* The thunk for a subject's ABI. */
static bench_call_fn *thunk(enum ucopy_abi abi, int rdtscp)
{
	switch (abi) {
	case UCOPY_ABI_REP:
		return rdtscp ? bench_call_rep_rdtscp : bench_call_rep_lfence;
	case UCOPY_ABI_STOS:
		return rdtscp ? bench_call_stos_rdtscp : bench_call_stos_lfence;
	case UCOPY_ABI_CLASSIC_CLEAR:
		return rdtscp ? bench_call_classic_clear_rdtscp :
				bench_call_classic_clear_lfence;
	default:
		return rdtscp ? bench_call_classic_rdtscp : bench_call_classic_lfence;
	}
}

/* One untimed call per cell first: the routine must copy (a clear: zero;
 * src is then a zero page) and return 0. */
static void check_copy(bench_call_fn *call, const struct subject *s,
		       uint8_t *dst, const uint8_t *src, size_t len,
		       const char *variant)
{
	uint64_t res;

	if (s->kind == SUBJECT_EMPTY)
		return;
	/* a copy's source has no zero byte, a clear's is all zeros: either
	 * way the fill differs from what a working routine leaves */
	memset(dst, src[0] ? 0 : 0xa5, len);
	call(s->fn, dst, src, len, &res, 1);
	if ((s->kind != SUBJECT_MEMCPY && res != 0) || memcmp(dst, src, len)) {
		fprintf(stderr, "ucopy-bench: %s, len %zu, variant %s: "
			"returned %llu, copy %s; not timing a broken routine\n",
			s->name, len, variant, (unsigned long long)res,
			memcmp(dst, src, len) ? "wrong" : "right");
		exit(1);
	}
}

/* What a run of this family times: its rows, then the peers (memcpy only
 * beside copies). */
static void list_strategies(int clear)
{
	for (size_t i = 0; i < ucopy_nstrategies; i++)
		if ((ucopy_strategies[i].kind == UCOPY_KIND_CLEAR) == clear)
			printf("%-17s %-13s %s\n", ucopy_strategies[i].name,
			       ucopy_abi_name(ucopy_strategies[i].abi),
			       ucopy_strategies[i].origin);
	if (!clear)
		printf("%-17s %-13s %s\n", "memcpy", "sysv",
		       "peer: glibc memcpy (not fault-safe; a speed reference)");
	printf("%-17s %-13s %s\n", "empty", "none",
	       "peer: an empty routine (the floor)");
}

/*
 * Every cell (variant, strategy, length) gets its samples spread over the
 * rounds; within a round variants, lengths and strategies take turns
 * (strategies in a rotating order), so a change of machine load mid-run
 * touches every cell alike rather than a few.
 */
static void measure(const struct bench_config *c, struct results *res,
		    const struct cpu_desc *d, uint8_t *src, uint8_t *dst_page,
		    uint32_t *samples)
{
	size_t ns = c->nsubjects, nl = c->nlens;
	int progress = isatty(2);
	uint64_t r;

	for (size_t v = 0; v < c->nvariants; v++)
		for (size_t s = 0; s < ns; s++)
			for (size_t l = 0; l < nl; l++)
				check_copy(thunk(c->subjects[s].abi, d->rdtscp_works),
					   &c->subjects[s], dst_page +
					   c->variants[v].dst_page_off, src,
					   c->lens[l], c->variants[v].name);
	for (unsigned long round = 0; round < c->rounds; round++) {
		unsigned long from = c->reps * round / c->rounds;
		unsigned long to = c->reps * (round + 1) / c->rounds;

		if (progress)
			fprintf(stderr, "\rucopy-bench: round %lu/%lu ",
				round + 1, c->rounds);
		for (size_t v = 0; v < c->nvariants; v++) {
			uint8_t *dst = dst_page + c->variants[v].dst_page_off;
			for (size_t l = 0; l < nl; l++)
				for (size_t k = 0; k < ns; k++) {
					size_t s = (k + round) % ns;
					const struct subject *sub = &c->subjects[s];
					bench_call_fn *call =
						thunk(sub->abi, d->rdtscp_works);
					uint32_t *out = samples +
						((v * ns + s) * nl + l) * c->reps;

					for (unsigned long w = 0; w < c->warmup; w++)
						call(sub->fn, dst, src, c->lens[l],
						     &r, 1);
					for (unsigned long i = from; i < to; i++) {
						uint64_t t = call(sub->fn, dst, src,
								  c->lens[l], &r,
								  c->batch);
						out[i] = t > UINT32_MAX ?
							UINT32_MAX : (uint32_t)t;
					}
				}
		}
	}
	if (progress)
		fprintf(stderr, "\n");
	for (size_t v = 0; v < c->nvariants; v++)
		for (size_t s = 0; s < ns; s++)
			for (size_t l = 0; l < nl; l++)
				stats(samples + ((v * ns + s) * nl + l) * c->reps,
				      c->reps, c->batch, cell_at(res, v, s, l));
}

static int write_outputs(const struct bench_config *c,
			 const struct results *res, const struct cpu_desc *d)
{
	FILE *tf = fopen(c->table, "w");
	int plot_rc;

	if (!tf) {
		fprintf(stderr, "ucopy-bench: cannot write %s: %s\n", c->table,
			strerror(errno));
		return 1;
	}
	report_table(stdout, res, d, c);
	report_table(tf, res, d, c);
	if (fclose(tf) || report_csv(res, d, c) ||
	    report_summary(stdout, res, c)) {
		fprintf(stderr, "ucopy-bench: cannot write %s or %s\n", c->csv,
			c->summary);
		return 1;
	}
	report_spread(stdout, res);
	plot_rc = c->plot ? report_plot(res, d, c) : 1;
	if (plot_rc < 0) {
		fprintf(stderr, "ucopy-bench: gnuplot failed\n");
		return 1;
	}
	printf("wrote: %s %s %s", c->table, c->csv, c->summary);
	if (!plot_rc)
		for (size_t v = 0; v < c->nvariants; v++)
			printf(" %s-%s.png", c->plot_prefix, c->variants[v].name);
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	static struct bench_config c;
	struct cpu_desc desc;
	char err[256];

	options_parse(argc, argv, &c);
	if (c.list) {
		list_strategies(c.clear);
		return 0;
	}
	if (mkdirs(c.out_dir)) {
		fprintf(stderr, "ucopy-bench: cannot create %s: %s\n",
			c.out_dir, strerror(errno));
		return 2;
	}

	/* Pin, then describe the CPU we are on; the batch follows its TSC. */
	if (c.cpu < 0)
		c.cpu = cpu_default();
	if (cpu_pin(c.cpu, err, sizeof(err))) {
		fprintf(stderr, "ucopy-bench: %s\n", err);
		return 2;
	}
	cpu_describe(&desc, c.cpu);
	if (!c.batch)
		for (c.batch = 1; desc.tsc_step > 1 &&
		     c.batch < 2 * desc.tsc_step;)
			c.batch *= 2;

	/* Buffers: src page-aligned; dst pages further on, at the variant's
	 * offset within its page, never overlapping src. */
	size_t maxlen = c.lens[c.nlens - 1];
	size_t span = (maxlen + 4095) / 4096 * 4096 + 8192;
	uint8_t *region = mmap(NULL, 2 * span + 8192, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (region == MAP_FAILED) {
		perror("ucopy-bench: mmap");
		return 1;
	}
	for (size_t i = 0; i < span; i++)	/* a clear's source: zeros */
		region[i] = c.clear ? 0 : (uint8_t)(i % 251 + 1);

	/* The cells are shared with the measuring child (below). */
	size_t cells_size = c.nvariants * c.nsubjects * c.nlens * sizeof(struct cell);
	void *cells = mmap(NULL, cells_size ? cells_size : 1, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct results res = {
		c.subjects, c.nsubjects, c.variants, c.nvariants, c.lens,
		c.nlens, cells == MAP_FAILED ? NULL : cells, SIZE_MAX
	};
	for (size_t s = 0; s < c.nsubjects; s++)
		if (c.subjects[s].kind == SUBJECT_EMPTY)
			res.empty_index = s;
	uint32_t *samples = malloc(c.nvariants * c.nsubjects * c.nlens *
				   c.reps * sizeof(*samples));
	if (!res.cells || !samples) {
		fprintf(stderr, "ucopy-bench: out of memory\n");
		return 1;
	}
	/* The routines (a reviewed entry among them) run in a child that
	 * enters the sandbox first; the parent, which runs none, writes the
	 * outputs and runs gnuplot (which the filter would refuse). */
	fflush(NULL);
	pid_t child = fork();
	if (child < 0) {
		perror("ucopy-bench: fork");
		return 1;
	}
	if (child == 0) {
		if (sandbox_enter(SANDBOX_TOOL, "ucopy-bench"))
			_exit(2);
		measure(&c, &res, &desc, region, region + span + 4096, samples);
		fflush(NULL);
		_exit(0);
	}
	int status;
	while (waitpid(child, &status, 0) < 0)
		if (errno != EINTR) {
			perror("ucopy-bench: waitpid");
			return 1;
		}
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "ucopy-bench: the measuring process was killed by signal %d (%s)\n",
			WTERMSIG(status), strsignal(WTERMSIG(status)));
		return 1;
	}
	if (WEXITSTATUS(status))
		return WEXITSTATUS(status);
	return write_outputs(&c, &res, &desc);
}
