/*
 * review-bench: ticks per call of a routine under review next to the
 * project's own asm routine for the same strategy, at a few lengths, the
 * way bench/ucopy-bench times the registry (README.md, "Benchmark"): same
 * thunks (bench/thunks.S), same pinning and CPU header (bench/cpu.c), same
 * batches on a coarse TSC, samples spread over rounds with the two
 * routines taking turns. Both symbols are looked up with dlsym in this
 * -rdynamic binary, which links the lab's objects plus the file under
 * review.
 *
 *   review-bench --entry SYM --abi classic|rep --base SYM --base-abi ABI
 *                [--lengths 8,32,64,256,4096] [--reps N] [--cpu N]
 *
 * Prints the CPU header as "# " lines, then one line per length:
 *   len <n> base <median> entry <median> floor <median>
 * (TSC ticks per call, medians). Before timing, each routine must copy
 * correctly and return 0 at every length; one that does not is reported
 * as "entry broken: ..." and not timed (exit 1). Exit 2 on bad usage.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "bench.h"

#define MAX_LENS 32
#define ROUNDS 8

struct subj {
	const char *name;
	void (*fn)(void);
	bench_call_fn *call;
};

static _Noreturn void usage(const char *why)
{
	fprintf(stderr, "review-bench: %s\nusage: review-bench --entry SYM --abi classic|rep "
		"--base SYM --base-abi classic|rep [--lengths L,...] [--reps N] [--cpu N]\n", why);
	exit(2);
}

static bench_call_fn *thunk(const char *abi, int rdtscp)
{
	if (!strcmp(abi, "classic"))
		return rdtscp ? bench_call_classic_rdtscp : bench_call_classic_lfence;
	if (!strcmp(abi, "rep"))
		return rdtscp ? bench_call_rep_rdtscp : bench_call_rep_lfence;
	usage("the ABI is classic or rep");
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* 0 when s copies len bytes correctly and returns 0. */
static int check(const struct subj *s, uint8_t *dst, const uint8_t *src, size_t len)
{
	uint64_t res = 1;

	memset(dst, 0, len);
	s->call(s->fn, dst, src, len, &res, 1);
	if (res != 0 || memcmp(dst, src, len)) {
		printf("%s broken: len %zu returned %llu, copy %s\n", s->name, len,
		       (unsigned long long)res, memcmp(dst, src, len) ? "wrong" : "right");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *entry = NULL, *abi = NULL, *base = NULL, *base_abi = NULL;
	const char *lengths = "8,32,64,256,4096";
	unsigned long reps = 400;
	int cpu = -1;
	size_t lens[MAX_LENS], nlens = 0, maxlen = 0;
	struct cpu_desc d;
	char err[256];

	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v)
			usage("every option takes a value");
		if (!strcmp(argv[i], "--entry"))
			entry = v;
		else if (!strcmp(argv[i], "--abi"))
			abi = v;
		else if (!strcmp(argv[i], "--base"))
			base = v;
		else if (!strcmp(argv[i], "--base-abi"))
			base_abi = v;
		else if (!strcmp(argv[i], "--lengths"))
			lengths = v;
		else if (!strcmp(argv[i], "--reps"))
			reps = strtoul(v, NULL, 10);
		else if (!strcmp(argv[i], "--cpu"))
			cpu = atoi(v);
		else
			usage("unknown option");
		i++;
	}
	if (!entry || !abi || !base || !base_abi || reps < ROUNDS)
		usage("--entry, --abi, --base and --base-abi are needed (--reps >= 8)");
	for (char *s = strdup(lengths), *t = strtok(s, ","); t; t = strtok(NULL, ",")) {
		if (nlens == MAX_LENS)
			usage("too many lengths");
		lens[nlens] = strtoul(t, NULL, 10);
		if (lens[nlens] > (1u << 20))
			usage("lengths go up to 1 MiB");
		if (lens[nlens] > maxlen)
			maxlen = lens[nlens];
		nlens++;
	}

	if (cpu < 0)
		cpu = cpu_default();
	if (cpu_pin(cpu, err, sizeof err))
		fprintf(stderr, "review-bench: %s (not pinned)\n", err);
	cpu_describe(&d, cpu);
	cpu_print_header(stdout, &d, "# ");
	unsigned long batch = 1;
	while (d.tsc_step > 1 && batch < 2 * d.tsc_step)
		batch *= 2;
	printf("# calls per sample %lu, %lu samples per cell over %d rounds; medians\n",
	       batch, reps, ROUNDS);

	struct subj s[3] = {
		{ "base", (void (*)(void))dlsym(RTLD_DEFAULT, base), thunk(base_abi, d.rdtscp_works) },
		{ "entry", (void (*)(void))dlsym(RTLD_DEFAULT, entry), thunk(abi, d.rdtscp_works) },
		{ "floor", bench_empty, thunk("classic", d.rdtscp_works) },
	};
	if (!s[0].fn || !s[1].fn)
		usage("symbol not found in this binary");

	/* src page-aligned; dst 64-byte aligned, (dst - src) mod 4096 = 2048,
	 * as the benchmark's "aligned" variant. */
	size_t span = (maxlen + 4095) / 4096 * 4096 + 8192;
	uint8_t *region = mmap(NULL, 2 * span + 8192, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (region == MAP_FAILED) {
		perror("review-bench: mmap");
		return 2;
	}
	uint8_t *src = region, *dst = region + span + 4096 + 2048;
	for (size_t i = 0; i < span; i++)
		src[i] = (uint8_t)(i % 251 + 1);
	for (size_t l = 0; l < nlens; l++)
		for (int k = 0; k < 2; k++)
			if (check(&s[k], dst, src, lens[l]))
				return 1;

	uint64_t *samples = calloc(3 * nlens * reps, sizeof *samples), r;
	if (!samples)
		return 2;
	for (int round = 0; round < ROUNDS; round++) {
		unsigned long from = reps * round / ROUNDS, to = reps * (round + 1) / ROUNDS;

		for (size_t l = 0; l < nlens; l++)
			for (int k = 0; k < 3; k++) {
				const struct subj *x = &s[(k + round) % 3];
				uint64_t *out = samples + ((size_t)((k + round) % 3) * nlens + l) * reps;

				for (int w = 0; w < 64; w++)
					x->call(x->fn, dst, src, lens[l], &r, 1);
				for (unsigned long i = from; i < to; i++)
					out[i] = x->call(x->fn, dst, src, lens[l], &r, batch);
			}
	}
	for (size_t l = 0; l < nlens; l++) {
		double med[3];

		for (int k = 0; k < 3; k++) {
			uint64_t *v = samples + ((size_t)k * nlens + l) * reps;
			qsort(v, reps, sizeof *v, cmp_u64);
			med[k] = (double)v[(reps - 1) / 2] / (double)batch;
		}
		printf("len %zu base %.1f entry %.1f floor %.1f\n", lens[l], med[0], med[1], med[2]);
	}
	return 0;
}
