/*
 * The sweep's command line: the options, their defaults (and --quick's),
 * and the checks that they go together. Bad input: a one-line reason and
 * usage on stderr, exit 2 (main.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"

void usage(FILE *f)
{
	fprintf(f,
"usage: sweep [options]\n"
"  --quick              the fixed subset `make test` runs (lengths 0..80,\n"
"                       1000 random cases; every lag up to 24 bytes; 300 traced)\n"
"  --max-len N          exhaustive lengths 0..N (default 256)\n"
"  --aligns N           alignments 0..N-1 swept on the free side (default 8)\n"
"  --random N           random cases per target (default 4000)\n"
"  --random-max-len N   longest random copy (default 12288, at most %d)\n"
"  --lag-len N          delayed hw: every lag for lengths 1..N (default 48)\n"
"  --lag-aligns N       ... at N alignments of the free side (default 2)\n"
"  --lag-stride N       ... longer: every Nth fault offset (default 9)\n"
"  --trace N            traced: N cases single-stepped (default 400)\n"
"  --trace-max-len N    ... of lengths up to N (default 256)\n"
"  --phase LIST         exact,delayed,trace (default: all three)\n"
"  --seed N             seed for the random cases and contents\n"
"                       (default: from the clock; printed either way)\n"
"  --jobs N             worker processes (default 2)\n"
"  --strategy NAME      only this registry row (repeatable; default: every\n"
"                       row, each routine against its own model)\n"
"  --entry SYMBOL       run this entry symbol (linked into this binary)\n"
"  --model NAME         ... against this model: a registry name or none\n"
"  --abi classic|rep|classic_clear|stos  ... with this ABI (default: the\n"
"                       model row's; a clear ABI runs it as a clear)\n"
"  --zero-tail          ... whose C tail is the zeroing one (tail_c_zero):\n"
"                       expect the model's result with zeros from its report\n"
"                       up to the first unwritable byte; level ZEROTAIL\n"
"  --keeps 'REGS'       ... checking that it keeps these registers (default:\n"
"                       the model row's keeps; rsp and DF always)\n"
"  --case L,SA,DA,FS,FD run one case (FS/FD '-' for no fault), print it\n"
"  --lag K[,K2..]       ... with these lags per faulting rep ('all': all)\n"
"  --traced             ... single-stepped\n"
"  --show N             failures printed per target (default 10)\n"
"  --stop-after N       stop a target after N failures (default: never)\n"
"  --list               list the targets and exit\n"
"  --shard I/N          run only the I-th of N slices of every phase (items\n"
"                       I-1, I-1+N, ...; needs --seed); prints --tally lines\n"
"  --tally              print machine-readable sweep-plan/sweep-tally lines\n"
"                       (counts and a per-case digest) for --merge\n"
"  --merge FILE...      merge the outputs of shards 1..N of one sweep into\n"
"                       the unsharded sweep's summary (exit 2 if inconsistent)\n"
"  --json FILE          also write the results as JSON (docs/lab.md)\n"
"  -h, --help           this text\n", LAB_LEN_MAX);
}

/* A number option's value, within [lo, hi]; -1 with a message if not. */
static int num(const char *opt, const char *s, size_t lo, size_t hi, size_t *v)
{
	char *end;

	errno = 0;
	if (*s >= '0' && *s <= '9') {
		*v = strtoull(s, &end, 0);
		if (!*end && !errno && *v >= lo && *v <= hi)
			return 0;
	}
	fprintf(stderr, "sweep: --%s takes a number %zu..%zu, not '%s'\n", opt, lo, hi, s);
	return -1;
}

/* "exact,trace": a mask of phases, at least one. */
static int parse_phases(const char *s, unsigned *mask)
{
	return lab_mask_parse(s, ",", phase_opt, NPHASES, mask) || !*mask ? -1 : 0;
}

enum { O_QUICK = 256, O_MAXLEN, O_ALIGNS, O_RANDOM, O_RANDMAX, O_SEED, O_JOBS,
       O_CASE, O_SHOW, O_STOP, O_LAGLEN, O_LAGALIGNS, O_LAGSTRIDE, O_TRACE,
       O_TRACEMAX, O_PHASE, O_LAG, O_TRACED, O_KEEPS, O_SHARD, O_TALLY, O_MERGE,
       O_JSON };
static const struct option long_opts[] = {
	LAB_TARGET_OPTIONS, { "keeps", 1, 0, O_KEEPS },
	{ "quick", 0, 0, O_QUICK }, { "max-len", 1, 0, O_MAXLEN },
	{ "aligns", 1, 0, O_ALIGNS }, { "random", 1, 0, O_RANDOM },
	{ "random-max-len", 1, 0, O_RANDMAX }, { "seed", 1, 0, O_SEED },
	{ "jobs", 1, 0, O_JOBS }, { "case", 1, 0, O_CASE },
	{ "show", 1, 0, O_SHOW }, { "stop-after", 1, 0, O_STOP },
	{ "lag-len", 1, 0, O_LAGLEN }, { "lag-aligns", 1, 0, O_LAGALIGNS },
	{ "lag-stride", 1, 0, O_LAGSTRIDE }, { "trace", 1, 0, O_TRACE },
	{ "trace-max-len", 1, 0, O_TRACEMAX }, { "phase", 1, 0, O_PHASE },
	{ "lag", 1, 0, O_LAG }, { "traced", 0, 0, O_TRACED },
	{ "shard", 1, 0, O_SHARD }, { "tally", 0, 0, O_TALLY },
	{ "merge", 0, 0, O_MERGE }, { "json", 1, 0, O_JSON },
	{ "help", 0, 0, 'h' }, { 0, 0, 0, 0 }
};

/* The plan's sizes as given (set: given, else the default or --quick's). */
struct sizes {
	size_t max_len, nrandom, lag_len, ntrace, trace_max;
	int max_len_set, nrandom_set, lag_len_set, ntrace_set, trace_max_set;
};

static int parse_shard(const char *arg, struct opts *o)
{
	char *end;
	unsigned long long i, n;

	errno = 0;
	i = strtoull(arg, &end, 10);
	if (*end == '/' && end > arg)
		n = strtoull(end + 1, &end, 10);
	else
		n = 0, end = (char *)arg;
	if (errno || *end || n < 1 || n > 1000000 || i < 1 || i > n) {
		fprintf(stderr, "sweep: --shard takes I/N with 1 <= I <= N, not '%s'\n", arg);
		return -1;
	}
	o->shard_i = i, o->shard_n = n, o->tally = 1;
	return 0;
}

/* The options that size the plan. 1: not one of them. */
static int parse_size(int c, const char *arg, struct opts *o, struct sizes *z)
{
	size_t v;

	switch (c) {
	case O_MAXLEN:
		z->max_len_set = 1;
		return num("max-len", arg, 0, LAB_LEN_MAX, &z->max_len);
	case O_ALIGNS:
		if (num("aligns", arg, 1, LAB_ALIGN_MOD, &v))
			return -1;
		o->plan.salign_n = o->plan.dalign_n = (unsigned)v;
		return 0;
	case O_RANDOM:
		z->nrandom_set = 1;
		return num("random", arg, 0, (size_t)-1, &z->nrandom);
	case O_RANDMAX:
		return num("random-max-len", arg, 0, LAB_LEN_MAX, &o->plan.random_max_len);
	case O_LAGLEN:
		z->lag_len_set = 1;
		return num("lag-len", arg, 0, LAB_LEN_MAX, &z->lag_len);
	case O_LAGALIGNS:
		if (num("lag-aligns", arg, 1, 16, &v))
			return -1;
		o->plan.lag_aligns = (unsigned)v;
		return 0;
	case O_LAGSTRIDE:
		return num("lag-stride", arg, 1, LAB_LEN_MAX, &o->plan.lag_stride);
	case O_TRACE:
		z->ntrace_set = 1;
		return num("trace", arg, 0, (size_t)-1, &z->ntrace);
	case O_TRACEMAX:
		z->trace_max_set = 1;
		return num("trace-max-len", arg, 0, LAB_LEN_MAX, &z->trace_max);
	case O_SEED:
		if (num("seed", arg, 0, (size_t)-1, &v))
			return -1;
		o->plan.seed = v, o->seed_set = 1;
		return 0;
	}
	return 1;
}

/* The other options with a value. 1: not one of them. */
static int parse_run(int c, const char *arg, struct opts *o)
{
	size_t v;

	switch (c) {
	case O_PHASE:
		if (parse_phases(arg, &o->phases)) {
			fprintf(stderr, "sweep: --phase takes exact, delayed and/or trace, "
				"comma-separated, not '%s'\n", arg);
			return -1;
		}
		return 0;
	case O_JOBS:
		if (num("jobs", arg, 1, MAX_JOBS, &v))
			return -1;
		o->jobs = (int)v;
		return 0;
	case O_SHOW:
		if (num("show", arg, 0, (size_t)-1, &v))
			return -1;
		o->show = v > 100000 ? 100000 : (int)v;
		return 0;
	case O_STOP:
		return num("stop-after", arg, 0, (size_t)-1, &o->stop_after);
	case O_SHARD:
		return parse_shard(arg, o);
	case LAB_OPT_STRATEGY:
		if (o->nonly == MAX_TARGETS)
			return -1;
		o->only[o->nonly++] = arg;
		return 0;
	}
	return 1;
}

/* The flags and names. 1: not one of them. */
static int parse_flag(int c, const char *arg, struct opts *o)
{
	switch (c) {
	case O_QUICK: o->quick = 1; break;
	case LAB_OPT_LIST: o->list = 1; break;
	case LAB_OPT_ENTRY: o->entry = arg; break;
	case LAB_OPT_MODEL: o->model = arg; break;
	case LAB_OPT_ABI: o->abi = arg; break;
	case O_KEEPS: o->keeps = arg; break;
	case O_CASE: o->one_case = arg; break;
	case O_LAG: o->lags = arg; break;
	case O_TRACED: o->trace_one = 1; break;
	case O_TALLY: o->tally = 1; break;
	case LAB_OPT_ZERO_TAIL: o->zero_tail = 1; break;
	case O_MERGE: o->nmerge = -1; break;
	case O_JSON: o->json = arg; break;
	default: return 1;
	}
	return 0;
}

/* After the options: --quick's sizes, and what must go together. */
static int finish(struct opts *o, const struct sizes *z)
{
	if (o->shard_n && !o->seed_set) {
		fprintf(stderr, "sweep: --shard needs --seed (every shard must sweep the same cases)\n");
		return -1;
	}
	/* --quick sets the subset's sizes; options given with it override them */
	o->plan.max_len = z->max_len_set || !o->quick ? z->max_len : 80;
	o->plan.nrandom = z->nrandom_set || !o->quick ? z->nrandom : 1000;
	o->plan.lag_short_len = z->lag_len_set || !o->quick ? z->lag_len : 24;
	o->plan.ntrace = z->ntrace_set || !o->quick ? z->ntrace : 300;
	o->plan.trace_max_len = z->trace_max_set || !o->quick ? z->trace_max : 80;
	if (!!o->entry != !!o->model) {
		fprintf(stderr, "sweep: --entry and --model go together\n");
		return -1;
	}
	if ((o->abi || o->keeps || o->zero_tail) && !o->entry) {
		fprintf(stderr, "sweep: --abi, --keeps and --zero-tail need --entry\n");
		return -1;
	}
	if ((o->lags || o->trace_one) && !o->one_case) {
		fprintf(stderr, "sweep: --lag and --traced go with --case\n");
		return -1;
	}
	if (!o->seed_set)
		o->plan.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	return 0;
}

static void defaults(struct opts *o, struct sizes *z)
{
	memset(o, 0, sizeof *o);
	o->plan.salign_n = o->plan.dalign_n = 8;
	o->plan.random_max_len = 3 * 4096;
	o->plan.lag_aligns = 2;
	o->plan.lag_stride = 9;
	o->phases = (1u << NPHASES) - 1;
	o->jobs = 2;
	o->show = 10;
	o->stop_after = (size_t)-1;
	memset(z, 0, sizeof *z);
	z->max_len = 256;
	z->nrandom = 4000;
	z->lag_len = 48;
	z->ntrace = 400;
	z->trace_max = 256;
}

int parse(int argc, char **argv, struct opts *o)
{
	struct sizes z;
	int c, r;

	defaults(o, &z);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", long_opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			exit(0);
		}
		if ((r = parse_flag(c, optarg, o)) == 1 && (r = parse_size(c, optarg, o, &z)) == 1)
			r = parse_run(c, optarg, o);
		if (r == 1) {
			fprintf(stderr, "sweep: %s %s\n", argv[optind - 1],
				optopt ? "needs a value" : "is not an option");
			return -1;
		}
		if (r)
			return -1;
	}
	if (o->nmerge) {
		o->merge = argv + optind;
		o->nmerge = argc - optind;
		if (!o->nmerge) {
			fprintf(stderr, "sweep: --merge needs the shards' output files\n");
			return -1;
		}
		return 0;
	}
	if (optind < argc) {
		fprintf(stderr, "sweep: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	return finish(o, &z);
}
