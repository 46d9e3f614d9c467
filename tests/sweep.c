/*
 * sweep: runs the fault lab over every case of a plan (tests/plan.h) for
 * every target: each registry row (its asm routine against its model),
 * or one entry symbol against a chosen model. Work is split over forked workers; a worker that dies is
 * reported as a failure of the case it was running and replaced, so the
 * sweep always finishes. Last line: "N passed, M failed".
 *
 * --shard I/N runs every Nth item of each phase, from item I-1; --merge
 * adds the shards' outputs up into the unsharded output, checked by a
 * per-case digest (docs/scale.md).
 *
 * Run with --help for the options.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lab.h"
#include "plan.h"
#include "sandbox.h"

#define MAX_TARGETS 64
#define MAX_JOBS 16
#define CHUNK 64		/* consecutive items a worker takes at a time */
#define MAX_RESPAWNS 50		/* per worker and target */
#define PROGRESS_S 20		/* a progress line after this long quiet */

/*
 * The phases, each a row of the output per target:
 *   exact hw    the plan's cases at lag 0 (rep movs reports exactly)
 *   delayed hw  the delayed part's base cases under lags (tests/plan.h):
 *               every lag for short copies, a spread for long ones
 *   traced      a sample single-stepped: every non-temporal store fenced
 *               before the routine returns
 */
enum phase { PH_EXACT, PH_DELAYED, PH_TRACE, NPHASES };
static const char *const phase_label[NPHASES] = { "exact hw", "delayed hw", "traced" };
static const char *const phase_opt[NPHASES] = { "exact", "delayed", "trace" };

/* Lag histogram buckets: the largest k a run applied. */
enum { HB_NONE, HB_1, HB_2, HB_3_7, HB_8, HB_MORE, HB_ALLDONE, NHB };

struct opts {
	struct plan plan;
	int quick, jobs, show, list, seed_set;
	unsigned phases;	/* bit per phase */
	size_t stop_after;	/* stop a target after this many failures */
	const char *entry, *model, *abi, *one_case, *lags, *keeps;
	int trace_one, zero_tail;
	const char *only[MAX_TARGETS];
	int nonly;
	size_t shard_i, shard_n;	/* --shard I/N (1-based); 0/0: all */
	int tally;			/* print the sweep-plan/-tally lines */
	char **merge;			/* --merge FILE...: merge shard outputs */
	int nmerge;
};

/* One worker's progress, in memory shared with the parent. */
struct slot {
	volatile size_t next, hi;	/* item being run; end of its chunk */
	volatile size_t items;		/* items finished */
	volatile size_t passed, failed;	/* runs */
	volatile size_t hist[NHB];
	volatile uint64_t digest;	/* sum of the runs' hashes (--tally) */
	volatile int done;
	struct lab_case c;		/* the run under way (crash reports) */
};

static struct slot *slots;	/* MAX_JOBS of them, shared */
static volatile size_t *next_chunk;	/* shared: the next chunk to take */

static void usage(FILE *f)
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

static int parse_phases(const char *s, unsigned *mask)
{
	char buf[64], *save = NULL;

	*mask = 0;
	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int ph;
		for (ph = 0; ph < NPHASES && strcmp(t, phase_opt[ph]); ph++)
			;
		if (ph == NPHASES)
			return -1;
		*mask |= 1u << ph;
	}
	return *mask ? 0 : -1;
}

static int parse(int argc, char **argv, struct opts *o)
{
	enum { O_QUICK = 256, O_MAXLEN, O_ALIGNS, O_RANDOM, O_RANDMAX, O_SEED, O_JOBS,
	       O_STRATEGY, O_ENTRY, O_MODEL, O_ABI, O_CASE, O_SHOW, O_STOP, O_LIST,
	       O_LAGLEN, O_LAGALIGNS, O_LAGSTRIDE, O_TRACE, O_TRACEMAX, O_PHASE,
	       O_LAG, O_TRACED, O_KEEPS, O_SHARD, O_TALLY, O_MERGE, O_ZEROTAIL };
	static const struct option opts[] = {
		{ "quick", 0, 0, O_QUICK }, { "max-len", 1, 0, O_MAXLEN },
		{ "aligns", 1, 0, O_ALIGNS }, { "random", 1, 0, O_RANDOM },
		{ "random-max-len", 1, 0, O_RANDMAX }, { "seed", 1, 0, O_SEED },
		{ "jobs", 1, 0, O_JOBS }, { "strategy", 1, 0, O_STRATEGY },
		{ "entry", 1, 0, O_ENTRY }, { "model", 1, 0, O_MODEL },
		{ "abi", 1, 0, O_ABI }, { "case", 1, 0, O_CASE },
		{ "show", 1, 0, O_SHOW }, { "stop-after", 1, 0, O_STOP },
		{ "list", 0, 0, O_LIST }, { "lag-len", 1, 0, O_LAGLEN },
		{ "lag-aligns", 1, 0, O_LAGALIGNS }, { "lag-stride", 1, 0, O_LAGSTRIDE },
		{ "trace", 1, 0, O_TRACE }, { "trace-max-len", 1, 0, O_TRACEMAX },
		{ "phase", 1, 0, O_PHASE }, { "lag", 1, 0, O_LAG },
		{ "traced", 0, 0, O_TRACED }, { "keeps", 1, 0, O_KEEPS },
		{ "shard", 1, 0, O_SHARD }, { "tally", 0, 0, O_TALLY },
		{ "merge", 0, 0, O_MERGE }, { "zero-tail", 0, 0, O_ZEROTAIL },
		{ "help", 0, 0, 'h' }, { 0, 0, 0, 0 }
	};
	size_t v, max_len = 256, nrandom = 4000, lag_len = 48, ntrace = 400, trace_max = 256;
	int o_max_len = 0, o_random = 0, o_lag_len = 0, o_trace = 0, o_trace_max = 0, c;

	memset(o, 0, sizeof *o);
	o->plan.salign_n = o->plan.dalign_n = 8;
	o->plan.random_max_len = 3 * 4096;
	o->plan.lag_aligns = 2;
	o->plan.lag_stride = 9;
	o->phases = (1u << NPHASES) - 1;
	o->jobs = 2;
	o->show = 10;
	o->stop_after = (size_t)-1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			exit(0);
		case O_QUICK: o->quick = 1; break;
		case O_LIST: o->list = 1; break;
		case O_ENTRY: o->entry = optarg; break;
		case O_MODEL: o->model = optarg; break;
		case O_ABI: o->abi = optarg; break;
		case O_KEEPS: o->keeps = optarg; break;
		case O_CASE: o->one_case = optarg; break;
		case O_LAG: o->lags = optarg; break;
		case O_TRACED: o->trace_one = 1; break;
		case O_TALLY: o->tally = 1; break;
		case O_ZEROTAIL: o->zero_tail = 1; break;
		case O_MERGE: o->nmerge = -1; break;
		case O_SHARD: {
			char *end;
			unsigned long long i, n;

			errno = 0;
			i = strtoull(optarg, &end, 10);
			if (*end == '/' && end > optarg)
				n = strtoull(end + 1, &end, 10);
			else
				n = 0, end = optarg;
			if (errno || *end || n < 1 || n > 1000000 || i < 1 || i > n) {
				fprintf(stderr, "sweep: --shard takes I/N with 1 <= I <= N, not '%s'\n", optarg);
				return -1;
			}
			o->shard_i = i, o->shard_n = n, o->tally = 1;
			break;
		}
		case O_STRATEGY:
			if (o->nonly == MAX_TARGETS)
				return -1;
			o->only[o->nonly++] = optarg;
			break;
		case O_MAXLEN:
			if (num("max-len", optarg, 0, LAB_LEN_MAX, &max_len))
				return -1;
			o_max_len = 1;
			break;
		case O_ALIGNS:
			if (num("aligns", optarg, 1, LAB_ALIGN_MOD, &v))
				return -1;
			o->plan.salign_n = o->plan.dalign_n = (unsigned)v;
			break;
		case O_RANDOM:
			if (num("random", optarg, 0, (size_t)-1, &nrandom))
				return -1;
			o_random = 1;
			break;
		case O_RANDMAX:
			if (num("random-max-len", optarg, 0, LAB_LEN_MAX, &o->plan.random_max_len))
				return -1;
			break;
		case O_LAGLEN:
			if (num("lag-len", optarg, 0, LAB_LEN_MAX, &lag_len))
				return -1;
			o_lag_len = 1;
			break;
		case O_LAGALIGNS:
			if (num("lag-aligns", optarg, 1, 16, &v))
				return -1;
			o->plan.lag_aligns = (unsigned)v;
			break;
		case O_LAGSTRIDE:
			if (num("lag-stride", optarg, 1, LAB_LEN_MAX, &o->plan.lag_stride))
				return -1;
			break;
		case O_TRACE:
			if (num("trace", optarg, 0, (size_t)-1, &ntrace))
				return -1;
			o_trace = 1;
			break;
		case O_TRACEMAX:
			if (num("trace-max-len", optarg, 0, LAB_LEN_MAX, &trace_max))
				return -1;
			o_trace_max = 1;
			break;
		case O_PHASE:
			if (parse_phases(optarg, &o->phases)) {
				fprintf(stderr, "sweep: --phase takes exact, delayed and/or trace, "
					"comma-separated, not '%s'\n", optarg);
				return -1;
			}
			break;
		case O_SEED:
			if (num("seed", optarg, 0, (size_t)-1, &v))
				return -1;
			o->plan.seed = v, o->seed_set = 1;
			break;
		case O_JOBS:
			if (num("jobs", optarg, 1, MAX_JOBS, &v))
				return -1;
			o->jobs = (int)v;
			break;
		case O_SHOW:
			if (num("show", optarg, 0, (size_t)-1, &v))
				return -1;
			o->show = v > 100000 ? 100000 : (int)v;
			break;
		case O_STOP:
			if (num("stop-after", optarg, 0, (size_t)-1, &o->stop_after))
				return -1;
			break;
		default:
			fprintf(stderr, "sweep: %s %s\n", argv[optind - 1],
				optopt ? "needs a value" : "is not an option");
			return -1;
		}
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
	if (o->shard_n && !o->seed_set) {
		fprintf(stderr, "sweep: --shard needs --seed (every shard must sweep the same cases)\n");
		return -1;
	}
	/* --quick sets the subset's sizes; options given with it override them */
	o->plan.max_len = o_max_len || !o->quick ? max_len : 80;
	o->plan.nrandom = o_random || !o->quick ? nrandom : 1000;
	o->plan.lag_short_len = o_lag_len || !o->quick ? lag_len : 24;
	o->plan.ntrace = o_trace || !o->quick ? ntrace : 300;
	o->plan.trace_max_len = o_trace_max || !o->quick ? trace_max : 80;
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

/* The destination after the case, one character a byte: C copied, . as
 * it was, ? anything else; | where the reported prefix ends. */
static void dst_map(const struct lab_case *c, size_t ret, char *buf, size_t n)
{
	const uint8_t *dst, *s, *d;
	size_t len = c->len, show = len < 64 ? len : 64, k = 0;
	size_t wlim = c->fd < len ? c->fd : len, done = ret <= len ? len - ret : 0;

	lab_last_bytes(&dst, &s, &d);
	for (size_t i = 0; i <= show && k + 2 < n; i++) {
		if (i == done && ret <= len)
			buf[k++] = '|';
		if (i == show)
			break;
		buf[k++] = i >= wlim ? '-' : dst[i] == s[i] ? 'C' : dst[i] == d[i] ? '.' : '?';
	}
	buf[k] = 0;
}

static int run_one(const struct lab_target *t, const struct opts *o)
{
	static const enum ucopy_level lv[3] = { UCOPY_EXACT, UCOPY_RAW, UCOPY_WEAK };
	struct lab_case c;
	struct lab_outcome out;
	char map[80], why[320];
	size_t written = 0;
	const uint8_t *dst, *s, *d;

	if (lab_case_parse(o->one_case, &c)) {
		fprintf(stderr, "sweep: --case wants len,src_align,dst_align,fs,fd (fs/fd may be '-'), got '%s'\n", o->one_case);
		return 2;
	}
	if (o->lags && lab_lags_parse(o->lags, &c)) {
		fprintf(stderr, "sweep: --lag wants up to %d lags, numbers or 'all', comma-separated, got '%s'\n",
			LAB_REPS_MAX, o->lags);
		return 2;
	}
	c.trace = o->trace_one;
	c.seed = 1;
	if (lab_run(t, &c, &out)) {
		fprintf(stderr, "sweep: %s\n", out.what);
		return 2;
	}
	lab_outcome_line(t, &c, &out);
	printf("%s\n", out.line);
	printf("  src=%#zx dst=%#zx ret=%zu model=%zu exact=%zu faults=%u\n",
	       out.src, out.dst, out.ret, out.model_ret, out.expect_ret, out.faults);
	if (c.nlag || out.rep_runs) {
		printf("  rep movs: %u executed, %u faulted", out.rep_runs, out.reps);
		for (unsigned i = 0; i < out.reps && i < LAB_REPS_MAX; i++)
			printf("; #%u did %zu %s, reported %zu (wound back %zu)", i + 1,
			       out.rep_done[i], out.rep_size[i] == 1 ? "bytes" : "elements",
			       out.rep_done[i] - out.rep_k[i], out.rep_k[i]);
		printf("\n");
	}
	if (c.trace)
		printf("  traced: %lu instructions stepped%s\n", out.steps,
		       out.trace_cut ? " (budget reached: not checked)" : "");
	if (out.fail & (LAB_F_NOEXTABLE | LAB_F_TIMEOUT | LAB_F_FAULTLOOP | LAB_F_OOB |
			LAB_F_SIGNAL | LAB_F_LAGSETUP))
		return 1;
	lab_last_bytes(&dst, &s, &d);
	for (size_t i = 0; i < c.len && i < (c.fd < c.len ? c.fd : c.len); i++)
		written += dst[i] != d[i];
	dst_map(&c, out.ret, map, sizeof map);
	printf("  dst %s (C copied, . unchanged, ? other, - past fd; | end of the reported %zu)\n",
	       map, out.ret <= c.len ? c.len - out.ret : 0);
	printf("  returned %zu: %zu byte%s reported copied, %zu written\n", out.ret,
	       out.ret <= c.len ? c.len - out.ret : 0, out.ret <= c.len && c.len - out.ret == 1 ? "" : "s",
	       written);
	printf("  levels this case meets:");
	for (int i = 0; i < 3; i++) {
		int m = lab_meets(&c, lv[i], out.ret, why, sizeof why);
		printf(" %s %s%s%s%s", ucopy_level_name(lv[i]), m == 1 ? "yes" : "NO",
		       m == 1 ? "" : " (", m == 1 ? "" : why, m == 1 ? "" : ")");
		if (i < 2)
			printf(",");
	}
	printf("\n");
	return out.pass ? 0 : 1;
}

/* ---- the work of a phase, item by item ---- */

static size_t phase_items(const struct opts *o, int ph)
{
	switch (ph) {
	case PH_EXACT: return plan_count(&o->plan);
	case PH_DELAYED: return plan_lag_count(&o->plan);
	default: return plan_trace_count(&o->plan);
	}
}

/* A shard's items of a phase: the j-th is the phase's item j * N + I - 1
 * (interleaved, so every shard gets short and long copies alike). */
static size_t shard_items(const struct opts *o, int ph)
{
	size_t n = phase_items(o, ph), i = o->shard_i - 1;

	if (!o->shard_n)
		return n;
	return n > i ? (n - i + o->shard_n - 1) / o->shard_n : 0;
}

static size_t shard_item(const struct opts *o, size_t j)
{
	return o->shard_n ? j * o->shard_n + o->shard_i - 1 : j;
}

static uint64_t mix64(uint64_t z);

struct ctx {
	const struct opts *o;
	const struct lab_target *t;
	struct slot *s;
	int fd, shown, ph;
	size_t base_failed;	/* failures of earlier phases of this target */
	size_t item;		/* the phase's item being run (its number) */
	unsigned sub;		/* runs of it so far */
};

/*
 * A run's hash for the digest: phase, item, the run's place in the item,
 * the case with its lags, and the outcome. The digest is the sum, so it
 * does not depend on which worker or which shard ran what.
 */
static uint64_t run_hash(struct ctx *x, const struct lab_case *c,
			 const struct lab_outcome *out, int refused)
{
	uint64_t v[] = { (uint64_t)x->ph, x->item, x->sub++, c->len, c->src_align,
			 c->dst_align, c->fs, c->fd, c->nlag, c->lag[0], c->lag[1],
			 c->lag[2], c->lag[3], c->trace, (uint64_t)refused,
			 refused ? 0 : (uint64_t)out->pass, refused ? 0 : out->ret,
			 refused ? 0 : out->model_ret, refused ? 0 : (uint64_t)out->fail };
	uint64_t h = 0x7563;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		h = mix64(h ^ v[i]);
	return h;
}

static size_t failures(const struct ctx *x)
{
	size_t f = x->base_failed;

	for (int j = 0; j < x->o->jobs; j++)
		f += slots[j].failed;
	return f;
}

/* One run, counted; returns its outcome. */
static void run(struct ctx *x, struct lab_case *c, struct lab_outcome *out)
{
	if (x->t->kind == UCOPY_KIND_CLEAR && c->fs <= c->len) {
		/* a clear has no source: a source fault is no case of it */
		memset(out, 0, sizeof *out);
		out->pass = 1;
		return;
	}
	x->s->c = *c;
	if (lab_run(x->t, c, out)) {
		out->pass = 0;
		out->line[0] = 0;
		x->s->failed++;
		x->s->digest += run_hash(x, c, out, 1);
		return;
	}
	x->s->digest += run_hash(x, c, out, 0);
	if (c->nlag) {
		size_t kmax = 0;
		int all = out->reps > 0;

		for (unsigned i = 0; i < out->reps && i < LAB_REPS_MAX; i++) {
			if (out->rep_k[i] > kmax)
				kmax = out->rep_k[i];
			if (out->rep_k[i] != out->rep_done[i] || !out->rep_done[i])
				all = 0;
		}
		x->s->hist[kmax == 0 ? HB_NONE : kmax == 1 ? HB_1 : kmax == 2 ? HB_2 :
			   kmax < 8 ? HB_3_7 : kmax == 8 ? HB_8 : HB_MORE]++;
		if (all && kmax)
			x->s->hist[HB_ALLDONE]++;
	}
	if (out->pass) {
		x->s->passed++;
		return;
	}
	x->s->failed++;
	if (x->shown++ < x->o->show) {
		char line[sizeof out->line + 2];
		int k = snprintf(line, sizeof line, "%s\n", out->line);
		if (write(x->fd, line, (size_t)k) < 0)
			_exit(4);
	}
}

static size_t max_done(const struct lab_outcome *out)
{
	size_t m = 0;

	for (unsigned i = 0; i < out->reps && i < LAB_REPS_MAX; i++)
		if (out->rep_done[i] > m)
			m = out->rep_done[i];
	return m;
}

static uint64_t mix64(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/*
 * The lags of one delayed base case, from what its rep instructions do.
 * First lag 1 on every faulting rep: that shows how many faulted and how
 * much each did (D: the most). Then, uniform over the reps, every lag up
 * to D ("every") or the spread 2, 7, 8, all, and a random one in 1..D;
 * lags past what a rep did are the same run as "all" and are skipped.
 * When two or more reps faulted, each one is lagged alone too (every lag
 * up to what it did, or 1 and all), the others exact.
 */
static void delayed_item(struct ctx *x, size_t i)
{
	struct lab_case c;
	struct lab_outcome out;
	int every;
	size_t D, n;

	plan_lag_case(&x->o->plan, i, &c, &every);
	if (c.fs >= c.len && c.fd >= c.len)
		return;				/* nothing faults: no rep can lag */
	c.nlag = 1;
	c.lag[0] = 1;
	run(x, &c, &out);
	n = out.reps < LAB_REPS_MAX ? out.reps : LAB_REPS_MAX;
	D = max_done(&out);
	if (!n || D < 2) {
		if (n < 2)
			return;
	} else if (every) {
		for (size_t L = 2; L <= D && failures(x) < x->o->stop_after; L++) {
			c.lag[0] = L;
			run(x, &c, &out);
			if (max_done(&out) > D)
				D = max_done(&out);
		}
	} else {
		size_t spread[5] = { 2, 7, 8, LAB_LAG_ALL, 1 + mix64(c.seed) % D };
		for (int k = 0; k < 5 && failures(x) < x->o->stop_after; k++) {
			if (spread[k] != LAB_LAG_ALL && spread[k] >= D)
				continue;
			if (k == 4 && (spread[k] <= 2 || spread[k] == 7 || spread[k] == 8))
				continue;
			c.lag[0] = spread[k];
			run(x, &c, &out);
		}
	}
	if (n < 2)
		return;
	/* each faulting rep lagged alone */
	for (unsigned r = 0; r < n && failures(x) < x->o->stop_after; r++) {
		c.nlag = LAB_REPS_MAX;
		memset(c.lag, 0, sizeof c.lag);
		if (!every) {
			c.lag[r] = 1;
			run(x, &c, &out);
			c.lag[r] = LAB_LAG_ALL;
			run(x, &c, &out);
			continue;
		}
		for (size_t L = 1, d = 1; L <= d && failures(x) < x->o->stop_after; L++) {
			c.lag[r] = L;
			run(x, &c, &out);
			d = r < out.reps ? out.rep_done[r] : 0;
		}
	}
}

static void run_item(struct ctx *x, int ph, size_t i)
{
	struct lab_case c;
	struct lab_outcome out;

	x->item = i;
	x->sub = 0;
	switch (ph) {
	case PH_EXACT:
		plan_case(&x->o->plan, i, &c);
		run(x, &c, &out);
		break;
	case PH_DELAYED:
		delayed_item(x, i);
		break;
	default:
		plan_trace_case(&x->o->plan, i, &c);
		run(x, &c, &out);
	}
}

/* A worker: the rest of its chunk, then chunks from the shared counter. */
static _Noreturn void worker(const struct opts *o, const struct lab_target *t,
			     int ph, size_t base_failed, int w, int fd)
{
	struct ctx x = { .o = o, .t = t, .s = &slots[w], .fd = fd, .ph = ph,
			 .base_failed = base_failed };
	size_t n = shard_items(o, ph);

	if (lab_init() || sandbox_enter(SANDBOX_LAB, "sweep"))
		_exit(3);
	for (;;) {
		size_t i;

		if (x.s->next >= x.s->hi) {
			size_t k = __atomic_fetch_add(next_chunk, 1, __ATOMIC_SEQ_CST);
			if (k * CHUNK >= n)
				break;
			x.s->next = k * CHUNK;
			x.s->hi = (k + 1) * CHUNK < n ? (k + 1) * CHUNK : n;
		}
		if (failures(&x) >= o->stop_after)
			break;
		i = x.s->next;
		run_item(&x, ph, shard_item(o, i));
		x.s->items++;
		x.s->next = i + 1;
	}
	x.s->done = 1;
	_exit(0);
}

static pid_t spawn(const struct opts *o, const struct lab_target *t, int ph,
		   size_t base_failed, int w, int *rfd)
{
	int p[2];
	pid_t pid;

	if (pipe(p))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		worker(o, t, ph, base_failed, w, p[1]);
	}
	close(p[1]);
	*rfd = p[0];
	return pid;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A phase's result for one target. */
struct tally {
	size_t passed, failed, crashes;
	size_t hist[NHB];
	double secs;
	uint64_t digest;
	int ran;
};

/* Runs one phase for one target. */
static int sweep_phase(const struct opts *o, const struct lab_target *t, int ph,
		       size_t base_failed, int *printed, size_t *suppressed,
		       struct tally *ty)
{
	pid_t pid[MAX_JOBS];
	int rfd[MAX_JOBS], respawns[MAX_JOBS] = { 0 }, alive = 0;
	char buf[MAX_JOBS][4096];
	size_t have[MAX_JOBS] = { 0 }, n = shard_items(o, ph);
	double t0 = now(), last = t0;

	memset(ty, 0, sizeof *ty);
	*next_chunk = 0;
	for (int w = 0; w < o->jobs; w++) {
		memset(&slots[w], 0, sizeof slots[w]);
		pid[w] = spawn(o, t, ph, base_failed, w, &rfd[w]);
		if (pid[w] < 0) {
			perror("sweep: fork");
			return -1;
		}
		alive++;
	}
	while (alive) {
		struct pollfd pf[MAX_JOBS];
		int np = 0, map[MAX_JOBS], r0;

		for (int w = 0; w < o->jobs; w++)
			if (rfd[w] >= 0) {
				pf[np].fd = rfd[w];
				pf[np].events = POLLIN;
				map[np++] = w;
			}
		r0 = poll(pf, (nfds_t)np, 1000);
		if (r0 < 0) {
			if (errno == EINTR)
				continue;
			perror("sweep: poll");
			return -1;
		}
		if (now() - last >= PROGRESS_S) {
			size_t items = 0, runs = 0, f = 0;
			for (int w = 0; w < o->jobs; w++) {
				items += slots[w].items;
				runs += slots[w].passed + slots[w].failed;
				f += slots[w].failed;
			}
			printf("  ... %s %s: %zu of %zu items (%.0f%%), %zu cases, %zu failed, %.0f s\n",
			       t->name, phase_label[ph], items, n, n ? 100.0 * items / n : 100.0,
			       runs, f, now() - t0);
			last = now();
		}
		for (int k = 0; k < np; k++) {
			int w = map[k], status;
			ssize_t r;
			char *nl;

			if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = read(rfd[w], buf[w] + have[w], sizeof buf[w] - 1 - have[w]);
			if (r > 0) {
				have[w] += (size_t)r;
				buf[w][have[w]] = 0;
				while ((nl = strchr(buf[w], '\n'))) {
					*nl = 0;
					if (*printed < o->show) {
						printf("%s\n", buf[w]);
						(*printed)++;
					} else {
						(*suppressed)++;
					}
					have[w] -= (size_t)(nl + 1 - buf[w]);
					memmove(buf[w], nl + 1, have[w] + 1);
				}
				last = now();
				continue;
			}
			/* EOF: the worker is gone; see how it went. */
			close(rfd[w]);
			rfd[w] = -1;
			have[w] = 0;
			waitpid(pid[w], &status, 0);
			if (slots[w].done || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
				alive--;
				continue;
			}
			{
				char cs[160], line[300];
				struct lab_case c = slots[w].c;

				lab_case_str(&c, cs, sizeof cs);
				if (WIFSIGNALED(status))
					snprintf(line, sizeof line, "worker died of signal %d (%s)",
						 WTERMSIG(status), strsignal(WTERMSIG(status)));
				else
					snprintf(line, sizeof line, "worker exited with status %d",
						 WEXITSTATUS(status));
				if ((*printed)++ < o->show)
					printf("FAIL %s (model %s) %s: [crash] %s\n",
					       t->name, t->model_name, cs, line);
				slots[w].failed++;
				slots[w].digest += mix64(0x637261736800ull ^ mix64(
					(uint64_t)ph << 56 ^ shard_item(o, slots[w].next)));
				ty->crashes++;
				if (++respawns[w] > MAX_RESPAWNS) {
					printf("FAIL %s: giving up on worker %d after %d crashes in %s; "
					       "the items it had not taken are run by the others\n",
					       t->name, w, respawns[w], phase_label[ph]);
					slots[w].failed++;
					alive--;
					continue;
				}
				slots[w].next++;	/* past the item that killed it */
				slots[w].items++;
				pid[w] = spawn(o, t, ph, base_failed, w, &rfd[w]);
				if (pid[w] < 0) {
					perror("sweep: fork");
					return -1;
				}
			}
		}
	}
	for (int w = 0; w < o->jobs; w++) {
		ty->passed += slots[w].passed;
		ty->failed += slots[w].failed;
		for (int b = 0; b < NHB; b++)
			ty->hist[b] += slots[w].hist[b];
		ty->digest += slots[w].digest;
	}
	ty->secs = now() - t0;
	ty->ran = 1;
	return 0;
}

static void print_row(const char *name, const char *label, const struct tally *ty)
{
	size_t c = ty->passed + ty->failed;

	printf("%-20s %-10s %9zu cases %9zu passed %7zu failed %7.2f s %10.0f cases/s%s\n",
	       name, label, c, ty->passed, ty->failed, ty->secs,
	       c / (ty->secs > 0 ? ty->secs : 1e-9), ty->crashes ? "  (worker crashes)" : "");
}

static void print_hist(const struct tally *ty)
{
	printf("%-20s %-10s lag k=1: %zu, k=2: %zu, k=3-7: %zu, k=8: %zu, k>8: %zu; "
	       "all done (nothing reported): %zu; no rep lagged: %zu\n", "", "",
	       ty->hist[HB_1], ty->hist[HB_2], ty->hist[HB_3_7], ty->hist[HB_8],
	       ty->hist[HB_MORE], ty->hist[HB_ALLDONE], ty->hist[HB_NONE]);
}

static void phase_header(const struct opts *o, int ph, int n)
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
static void plan_line(const struct opts *o, char *buf, size_t n)
{
	const struct plan *p = &o->plan;

	snprintf(buf, n, "sweep-plan: seed=%llu max_len=%zu aligns=%u/%u random=%zu "
		 "random_max_len=%zu lag_len=%zu lag_aligns=%u lag_stride=%zu trace=%zu "
		 "trace_max_len=%zu phases=%u stop_after=%zu show=%d",
		 (unsigned long long)p->seed, p->max_len, p->salign_n, p->dalign_n, p->nrandom,
		 p->random_max_len, p->lag_short_len, p->lag_aligns, p->lag_stride, p->ntrace,
		 p->trace_max_len, o->phases, o->stop_after, o->show);
}

static int plan_parse(const char *line, struct opts *o)
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

static void print_tally(const char *name, int ph, const struct tally *ty)
{
	printf("sweep-tally: %s %s %zu %zu %zu", name, phase_opt[ph], ty->passed, ty->failed,
	       ty->crashes);
	for (int b = 0; b < NHB; b++)
		printf(" %zu", ty->hist[b]);
	printf(" %.3f %016llx\n", ty->secs, (unsigned long long)ty->digest);
}

/* The summary after the phases: per target, all phases; the totals. */
static int print_summary(const struct opts *o, int n, char names[][64],
			 struct tally ty[][NPHASES], const size_t *suppressed, double wall,
			 double longest)
{
	size_t passed = 0, failed = 0;

	printf("sweep: per target, all phases\n");
	for (int i = 0; i < n; i++) {
		struct tally all;

		memset(&all, 0, sizeof all);
		for (int ph = 0; ph < NPHASES; ph++) {
			all.passed += ty[i][ph].passed;
			all.failed += ty[i][ph].failed;
			all.crashes += ty[i][ph].crashes;
			all.secs += ty[i][ph].secs;
		}
		if (suppressed[i])
			printf("  ... and %zu more failures of %s not shown\n", suppressed[i], names[i]);
		printf("%-20s %9zu cases %9zu passed %7zu failed %7.2f s %10.0f cases/s%s\n",
		       names[i], all.passed + all.failed, all.passed, all.failed, all.secs,
		       (all.passed + all.failed) / (all.secs > 0 ? all.secs : 1e-9),
		       all.crashes ? "  (worker crashes)" : "");
		passed += all.passed;
		failed += all.failed;
	}
	if (o->tally)
		for (int i = 0; i < n; i++)
			for (int ph = 0; ph < NPHASES; ph++)
				if (ty[i][ph].ran)
					print_tally(names[i], ph, &ty[i][ph]);
	if (o->nmerge)
		printf("sweep: %d targets, %d shards merged: %.1f s of shard time, the longest "
		       "shard %.1f s wall\n", n, o->nmerge, wall, longest);
	else
		printf("sweep: %d targets in %.1f s wall\n", n, wall);
	if (!o->nmerge)
		printf("sweep-shard: %zu/%zu done in %.1f s wall\n",
		       o->shard_n ? o->shard_i : 1, o->shard_n ? o->shard_n : 1, wall);
	printf("%zu passed, %zu failed\n", passed, failed);
	return failed ? 1 : 0;
}

#define MERGE_LINE 1024

/*
 * --merge: shard outputs (of sweep --shard I/N, every I once, one plan)
 * into the unsharded sweep's output: the phase headers, a row per target
 * and phase with the counts summed (seconds summed: the time one machine
 * would take), the lag histograms, up to --show failure lines per target,
 * the per-target summary and "N passed, M failed". With the tally lines,
 * whose digests equal the unsharded run's (sweep --tally) case for case.
 */
static int merge(const struct opts *mo)
{
	static char names[MAX_TARGETS][64];
	static struct tally ty[MAX_TARGETS][NPHASES];
	static char plan0[MERGE_LINE];
	size_t suppressed[MAX_TARGETS] = { 0 }, N = 0, *seen = NULL, shown[MAX_TARGETS] = { 0 };
	int n = -1, rc = 0;
	double shard_time = 0, longest = 0;
	struct opts o;
	char line[MERGE_LINE];

	memset(&o, 0, sizeof o);
	for (int f = 0; f < mo->nmerge; f++) {
		FILE *in = fopen(mo->merge[f], "r");
		char plan[MERGE_LINE] = "";
		size_t si = 0, sn = 0;
		int nt = 0, done = 0;
		double wall = 0;

		if (!in) {
			fprintf(stderr, "sweep: --merge: %s: %s\n", mo->merge[f], strerror(errno));
			return 2;
		}
		while (fgets(line, sizeof line, in)) {
			char name[64], phs[16];
			struct tally t;
			unsigned long long dg;
			int ph, i;

			line[strcspn(line, "\n")] = 0;
			if (!strncmp(line, "sweep-plan: ", 12)) {
				char *sh = strstr(line, " shard=");
				if (!sh || sscanf(sh, " shard=%zu/%zu", &si, &sn) != 2 ||
				    sn < 1 || sn > 1000000 || si < 1 || si > sn) {
					fprintf(stderr, "sweep: --merge: %s: a plan line without shard=I/N "
						"(1 <= I <= N <= 1000000)\n",
						mo->merge[f]);
					return 2;
				}
				*sh = 0;
				snprintf(plan, sizeof plan, "%s", line);
			} else if (!strncmp(line, "sweep-tally: ", 13)) {
				memset(&t, 0, sizeof t);
				if (sscanf(line, "sweep-tally: %63s %15s %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %lf %llx",
					   name, phs, &t.passed, &t.failed, &t.crashes, &t.hist[0], &t.hist[1],
					   &t.hist[2], &t.hist[3], &t.hist[4], &t.hist[5], &t.hist[6],
					   &t.secs, &dg) != 14)
					goto bad;
				for (ph = 0; ph < NPHASES && strcmp(phs, phase_opt[ph]); ph++)
					;
				if (ph == NPHASES)
					goto bad;
				/* targets in the order of the first file's tally lines */
				for (i = 0; i < nt && strcmp(names[i], name); i++)
					;
				if (i == nt) {
					if (n >= 0 && (i >= n || strcmp(names[i], name))) {
						fprintf(stderr, "sweep: --merge: %s sweeps target %s, the first "
							"file does not\n", mo->merge[f], name);
						return 2;
					}
					if (i == MAX_TARGETS)
						goto bad;
					snprintf(names[i], sizeof names[i], "%s", name);
					nt++;
				}
				ty[i][ph].passed += t.passed;
				ty[i][ph].failed += t.failed;
				ty[i][ph].crashes += t.crashes;
				for (int b = 0; b < NHB; b++)
					ty[i][ph].hist[b] += t.hist[b];
				ty[i][ph].secs += t.secs;
				ty[i][ph].digest += dg;
				ty[i][ph].ran = 1;
			} else if (!strncmp(line, "sweep-shard: ", 13)) {
				if (sscanf(line, "sweep-shard: %*u/%*u done in %lf", &wall) != 1)
					goto bad;
				done = 1;
			}
			continue;
bad:
			fprintf(stderr, "sweep: --merge: %s: malformed line '%s'\n", mo->merge[f], line);
			return 2;
		}
		fclose(in);
		if (!plan[0] || !done) {
			fprintf(stderr, "sweep: --merge: %s: %s\n", mo->merge[f], !plan[0] ?
				"not the output of sweep --shard (no sweep-plan line)" :
				"the shard did not finish (no sweep-shard line)");
			return 2;
		}
		if (f == 0) {
			snprintf(plan0, sizeof plan0, "%s", plan);
			N = sn;
			n = nt;
			seen = calloc(N + 1, sizeof *seen);
			if (!seen || plan_parse(plan0, &o))
				return 2;
		} else if (strcmp(plan, plan0) || sn != N || nt != n) {
			fprintf(stderr, "sweep: --merge: %s is a shard of another sweep:\n  %s shard=%zu/%zu "
				"(%d targets)\nwhere %s has\n  %s shard=?/%zu (%d targets)\n", mo->merge[f],
				plan, si, sn, nt, mo->merge[0], plan0, N, n);
			return 2;
		}
		if (seen[si]++) {
			fprintf(stderr, "sweep: --merge: shard %zu/%zu given twice (%s)\n", si, N,
				mo->merge[f]);
			return 2;
		}
		shard_time += wall;
		if (wall > longest)
			longest = wall;
	}
	for (size_t i = 1; i <= N; i++)
		if (!seen[i]) {
			fprintf(stderr, "sweep: --merge: shard %zu/%zu is missing\n", i, N);
			rc = 2;
		}
	free(seen);
	if (rc)
		return rc;
	o.tally = 1;
	o.nmerge = mo->nmerge;
	if (plan_init(&o.plan)) {
		fprintf(stderr, "sweep: --merge: bad plan '%s'\n", plan0);
		return 2;
	}
	printf("sweep: seed %llu (repeat with SEED=%llu), %zu shards merged, phases:%s%s%s\n",
	       (unsigned long long)o.plan.seed, (unsigned long long)o.plan.seed, N,
	       o.phases & 1 << PH_EXACT ? " exact" : "", o.phases & 1 << PH_DELAYED ? " delayed" : "",
	       o.phases & 1 << PH_TRACE ? " traced" : "");
	/* the failure lines, as many per target as one sweep shows */
	for (int f = 0; f < mo->nmerge; f++) {
		FILE *in = fopen(mo->merge[f], "r");

		while (in && fgets(line, sizeof line, in)) {
			char name[64];
			int i;

			if (strncmp(line, "FAIL ", 5) || sscanf(line + 5, "%63s", name) != 1)
				continue;
			if (name[0] && name[strlen(name) - 1] == ':')
				name[strlen(name) - 1] = 0;
			for (i = 0; i < n && strcmp(names[i], name); i++)
				;
			if (i < n && shown[i]++ < (size_t)o.show)
				fputs(line, stdout);
		}
		if (in)
			fclose(in);
	}
	for (int ph = 0; ph < NPHASES; ph++) {
		if (!(o.phases & 1u << ph))
			continue;
		phase_header(&o, ph, n);
		for (int i = 0; i < n; i++) {
			if (!ty[i][ph].ran)
				continue;
			print_row(names[i], phase_label[ph], &ty[i][ph]);
			if (ph == PH_DELAYED)
				print_hist(&ty[i][ph]);
		}
	}
	for (int i = 0; i < n; i++) {
		size_t failed = 0;
		for (int ph = 0; ph < NPHASES; ph++)
			failed += ty[i][ph].failed;
		if (failed > (size_t)o.show)
			suppressed[i] = failed - (size_t)o.show;
	}
	return print_summary(&o, n, names, ty, suppressed, shard_time, longest);
}

int main(int argc, char **argv)
{
	struct opts o;
	static struct lab_target t[MAX_TARGETS];
	static struct tally ty[MAX_TARGETS][NPHASES];
	static char names[MAX_TARGETS][64];
	int n, printed[MAX_TARGETS] = { 0 };
	size_t suppressed[MAX_TARGETS] = { 0 };
	double t0;

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
		for (int i = 0; i < n; i++) {
			char keeps[160];
			lab_keeps_str(t[i].keeps, keeps, sizeof keeps);
			printf("%-16s entry %p  model %-14s abi %-7s level %s/%s keeps %s\n", t[i].name,
			       (void *)t[i].entry, t[i].model_name,
			       ucopy_abi_name(t[i].abi),
			       t[i].level == UCOPY_NONE ? "NONE" : ucopy_level_name(t[i].level),
			       t[i].level_delayed == UCOPY_NONE ? "NONE" : ucopy_level_name(t[i].level_delayed),
			       keeps);
		}
		return 0;
	}
	if (o.one_case) {
		int rc = 0;
		if (lab_init())
			return 2;
		for (int i = 0; i < n; i++) {
			int r = run_one(&t[i], &o);
			if (r > rc)
				rc = r;
		}
		return rc;
	}
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
	printf("sweep: seed %llu (repeat with SEED=%llu), %d workers, phases:%s%s%s\n",
	       (unsigned long long)o.plan.seed, (unsigned long long)o.plan.seed, o.jobs,
	       o.phases & 1 << PH_EXACT ? " exact" : "", o.phases & 1 << PH_DELAYED ? " delayed" : "",
	       o.phases & 1 << PH_TRACE ? " traced" : "");
	if (o.tally) {
		char pl[MERGE_LINE];

		plan_line(&o, pl, sizeof pl);
		printf("%s shard=%zu/%zu\n", pl, o.shard_n ? o.shard_i : 1, o.shard_n ? o.shard_n : 1);
		if (o.shard_n)
			printf("sweep: shard %zu of %zu: items %zu, %zu, %zu, ... of every phase\n",
			       o.shard_i, o.shard_n, o.shard_i - 1, o.shard_i - 1 + o.shard_n,
			       o.shard_i - 1 + 2 * o.shard_n);
	}
	t0 = now();
	for (int ph = 0; ph < NPHASES; ph++) {
		if (!(o.phases & 1u << ph))
			continue;
		phase_header(&o, ph, n);
		for (int i = 0; i < n; i++) {
			size_t before = 0;
			for (int q = 0; q < ph; q++)
				before += ty[i][q].failed;
			if (before >= o.stop_after) {
				printf("%-20s %-10s not run: stopped after %zu failures\n",
				       t[i].name, phase_label[ph], before);
				continue;
			}
			if (sweep_phase(&o, &t[i], ph, before, &printed[i], &suppressed[i], &ty[i][ph]))
				return 2;
			print_row(t[i].name, phase_label[ph], &ty[i][ph]);
			if (ph == PH_DELAYED)
				print_hist(&ty[i][ph]);
		}
	}
	for (int i = 0; i < n; i++)
		snprintf(names[i], sizeof names[i], "%s", t[i].name);
	return print_summary(&o, n, names, ty, suppressed, now() - t0, 0);
}
