/*
 * The benchmark's command line: which strategies, lengths, variants, how
 * many samples, where the outputs go. Bad input exits 2 with a message.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

static const struct variant all_variants[BENCH_NVARIANTS] = {
	{ "aligned", 2048, "dst and src 64-byte aligned, (dst - src) mod 4096 = 2048" },
	{ "dst+1", 2049, "dst 1 byte past a 64-byte boundary, src aligned" },
	{ "dst+15", 2063, "dst 15 bytes past a 64-byte boundary, src aligned" },
	{ "alias", 0, "(dst - src) mod 4096 small: see --alias-dist" },
};

static void usage(FILE *f)
{
	fputs(
"usage: ucopy-bench [options]\n"
"Times each copy routine per length in TSC ticks, pinned to one CPU.\n"
"  --strategies LIST  comma list of registry names, 'memcpy' (glibc, not\n"
"                     fault-safe: a speed reference) or 'all' (default: all\n"
"                     strategies and memcpy); the empty call is always timed\n"
"  --base NAME        the table's base column (default erms)\n"
"  --new NAME         the table's new column (default erms_short)\n"
"  --entry SYM        time the routine SYM (any symbol linked in, e.g. by\n"
"                     `make review`) as the new column against --base (a\n"
"                     registry name or its routine's symbol); only the two\n"
"                     and the empty call unless --strategies adds more\n"
"  --abi classic|rep  the entry's calling convention (default: its registry\n"
"                     row's, else classic)\n"
"  --lengths LIST     comma list of N, A-B or A-B/STEP; default 0-64 and\n"
"                     65, 96, 128, 192, ... 4096 (powers of two, midpoints)\n"
"  --variants LIST    aligned,dst+1,dst+15,alias or 'all' (default all;\n"
"                     --quick: aligned)\n"
"  --alias-dist N     (dst - src) mod 4096 of the alias variant (default 16)\n"
"  --reps N           samples per (variant, strategy, length)\n"
"                     (default 2000; --quick 1000)\n"
"  --batch N|auto     calls per sample, each after an lfence (default auto:\n"
"                     1 where the TSC counts every tick, else a power of\n"
"                     two >= 2 TSC steps, e.g. 64 for 21-tick steps)\n"
"  --rounds N         rounds the samples are spread over, every cell taking\n"
"                     its turn in each (default 10)\n"
"  --warmup N         untimed calls before a cell's samples in each round\n"
"                     (default 64)\n"
"  --cpu N            CPU to pin to (default: the last one allowed)\n"
"  --table-stat S     median (default) or min in the table\n"
"  --out-dir DIR      where outputs go (default bench/out)\n"
"  --table PATH       table file (default DIR/table.txt)\n"
"  --csv PATH         CSV of every cell (default DIR/results.csv)\n"
"  --summary PATH     len 8/32/64/256/4096 summary (default DIR/summary.csv)\n"
"  --plot-prefix P    plots P-<variant>.png and script P.gp (default DIR/ticks)\n"
"  --no-plot          skip gnuplot\n"
"  --quick            short run: aligned only, 1000 samples per cell\n"
"  --clear            the clear family instead (docs/clear.md): its rows,\n"
"                     default pair clear_original / stos_alt, outputs\n"
"                     DIR/clear-table.txt, clear-results.csv, ...\n"
"  --list             list the strategies a run times (with --clear: the\n"
"                     clear family's) and exit\n"
"  -h, --help         this text\n", f);
}

static void __attribute__((format(printf, 1, 2), noreturn))
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "ucopy-bench: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n(try --help)\n");
	va_end(ap);
	exit(2);
}

static unsigned long parse_num(const char *s, const char *what,
			       unsigned long min, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < min || v > max) {
		fprintf(stderr, "ucopy-bench: bad %s '%s' (want %lu..%lu)\n",
			what, s, min, max);
		exit(2);
	}
	return v;
}

static size_t default_lengths(size_t *lens)
{
	size_t n = 0;

	for (size_t l = 0; l <= 64; l++)
		lens[n++] = l;
	lens[n++] = 65;
	for (size_t p = 64; p < 4096; p *= 2) {
		if (p > 64)
			lens[n++] = p;
		lens[n++] = p + p / 2;
	}
	lens[n++] = 4096;
	return n;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* "0-64,128-1024/64,4096": sorted, duplicates dropped. */
static size_t parse_lengths(const char *arg, size_t **out)
{
	char *copy = strdup(arg), *save, *tok;
	size_t n = 0, cap = 64, *lens = malloc(cap * sizeof(*lens));

	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *dash = strchr(tok, '-'), *slash = strchr(tok, '/');
		size_t a, b, step = 1;
		if (slash) {
			*slash = 0;
			step = parse_num(slash + 1, "length step", 1, BENCH_MAX_LEN);
			if (!dash)
				die("bad length step in '%s'", arg);
		}
		if (dash) {
			*dash = 0;
			a = parse_num(tok, "length", 0, BENCH_MAX_LEN);
			b = parse_num(dash + 1, "length", 0, BENCH_MAX_LEN);
			if (b < a)
				die("bad length range in '%s'", arg);
		} else {
			a = b = parse_num(tok, "length", 0, BENCH_MAX_LEN);
		}
		for (size_t l = a; l <= b; l += step) {
			if (n == cap)
				lens = realloc(lens, (cap *= 2) * sizeof(*lens));
			lens[n++] = l;
		}
	}
	free(copy);
	if (!n)
		die("no lengths in '%s'", arg);
	qsort(lens, n, sizeof(*lens), cmp_size);
	size_t k = 1;
	for (size_t i = 1; i < n; i++)
		if (lens[i] != lens[k - 1])
			lens[k++] = lens[i];
	*out = lens;
	return k;
}

/* The registry row whose routine is at fn, or NULL. */
static const struct ucopy_strategy *row_of(void *fn)
{
	for (size_t i = 0; fn && i < ucopy_nstrategies; i++)
		if ((void *)ucopy_strategies[i].routine == fn)
			return &ucopy_strategies[i];
	return NULL;
}

/* --entry SYM [--abi A]: any routine linked into this binary (the review
 * links the file under review in); its ABI defaults to its registry row's
 * when it is one, else classic. */
static void add_entry(struct bench_config *c, const char *sym, const char *abi)
{
	void *fn = dlsym(RTLD_DEFAULT, sym);
	const struct ucopy_strategy *st = row_of(fn);
	enum ucopy_abi a = st ? st->abi : UCOPY_ABI_CLASSIC;

	if (!fn)
		die("no routine '%s' in this binary (linked in, and -rdynamic?)", sym);
	if (abi && !strcmp(abi, "rep"))
		a = UCOPY_ABI_REP;
	else if (abi && !strcmp(abi, "stos"))
		a = UCOPY_ABI_STOS;
	else if (abi && !strcmp(abi, "classic_clear"))
		a = UCOPY_ABI_CLASSIC_CLEAR;
	else if (abi && strcmp(abi, "classic"))
		die("--abi is classic, rep, classic_clear or stos, not '%s'", abi);
	if ((a == UCOPY_ABI_STOS || a == UCOPY_ABI_CLASSIC_CLEAR) != c->clear)
		die("--entry %s: a %s ABI %s --clear", sym, ucopy_abi_name(a),
		    c->clear ? "does not go with" : "needs");
	c->subjects[c->nsubjects++] = (struct subject){ sym, SUBJECT_ENTRY, a,
							(void (*)(void))fn };
}

static int add_subject(struct bench_config *c, const char *name)
{
	const struct ucopy_strategy *st;
	struct subject *subs = c->subjects;
	size_t *n = &c->nsubjects;

	for (size_t i = 0; i < *n; i++)
		if (!strcmp(subs[i].name, name))
			return 0;
	if (*n == BENCH_MAX_SUBJECTS)
		die("too many strategies (at %s)", name);
	if (!strcmp(name, "memcpy") && c->clear)
		die("memcpy is no peer of the clear family");
	if (!strcmp(name, "memcpy")) {
		subs[(*n)++] = (struct subject){ "memcpy", SUBJECT_MEMCPY,
			UCOPY_ABI_CLASSIC, (void (*)(void))memcpy };
		return 0;
	}
	if (!strcmp(name, "empty")) {
		subs[(*n)++] = (struct subject){ "empty", SUBJECT_EMPTY,
			UCOPY_ABI_CLASSIC, bench_empty };
		return 0;
	}
	st = ucopy_find(name);
	if (!st)
		st = row_of(dlsym(RTLD_DEFAULT, name));
	if (!st)
		return -1;
	if ((st->kind == UCOPY_KIND_CLEAR) != c->clear)
		die("'%s' is a %s row: %s", name, ucopy_kind_name(st->kind),
		    c->clear ? "--clear times the clear rows only" :
		    "clear rows are timed with --clear");
	subs[(*n)++] = (struct subject){ st->name, SUBJECT_STRATEGY, st->abi,
					 st->routine };
	return 0;
}

static void unknown_strategy(const char *name)
{
	fprintf(stderr, "ucopy-bench: unknown strategy '%s'; known:", name);
	for (size_t i = 0; i < ucopy_nstrategies; i++)
		fprintf(stderr, " %s", ucopy_strategies[i].name);
	fprintf(stderr, " (peers: memcpy, empty)\n");
	exit(2);
}

/* The listed strategies, the pair, memcpy (with 'all'), and always the
 * empty call. */
static void pick_subjects(struct bench_config *c, const char *list)
{
	if (!strcmp(list, "all")) {
		for (size_t i = 0; i < ucopy_nstrategies; i++)
			if ((ucopy_strategies[i].kind == UCOPY_KIND_CLEAR) == c->clear)
				add_subject(c, ucopy_strategies[i].name);
		if (!c->clear)
			add_subject(c, "memcpy");
	} else {
		char *copy = strdup(list), *save, *tok;
		for (tok = strtok_r(copy, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save))
			if (add_subject(c, tok))
				unknown_strategy(tok);
		free(copy);
	}
	if (add_subject(c, c->base))
		unknown_strategy(c->base);
	if (add_subject(c, c->newer))
		unknown_strategy(c->newer);
	add_subject(c, "empty");
}

static void pick_variants(struct bench_config *c, const char *list,
			  unsigned long alias_dist)
{
	static char alias_what[96];
	char *copy = strdup(!strcmp(list, "all") ?
			    "aligned,dst+1,dst+15,alias" : list);
	char *save, *tok;

	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		size_t k;
		for (k = 0; k < BENCH_NVARIANTS; k++)
			if (!strcmp(tok, all_variants[k].name))
				break;
		if (k == BENCH_NVARIANTS)
			die("unknown variant '%s' (aligned, dst+1, dst+15, "
			    "alias, all)", tok);
		for (size_t j = 0; j < c->nvariants; j++)
			if (!strcmp(c->variants[j].name, tok))
				die("variant '%s' given twice", tok);
		c->variants[c->nvariants] = all_variants[k];
		if (!strcmp(tok, "alias")) {
			snprintf(alias_what, sizeof(alias_what), "(dst - src) "
				 "mod 4096 = %lu, src page-aligned", alias_dist);
			c->variants[c->nvariants].dst_page_off = alias_dist;
			c->variants[c->nvariants].what = alias_what;
		}
		c->nvariants++;
	}
	free(copy);
	if (!c->nvariants)
		die("no variants in '%s'", list);
}

static void out_path(char *dst, const char *given, const char *dir,
		     const char *name)
{
	if (given)
		snprintf(dst, 4096, "%s", given);
	else
		snprintf(dst, 4096, "%s/%s", dir, name);
}

void options_parse(int argc, char **argv, struct bench_config *c)
{
	const char *strategies = NULL, *lengths = NULL, *variants = NULL;
	const char *entry = NULL, *entry_abi = NULL;
	const char *table = NULL, *csv = NULL, *summary = NULL, *prefix = NULL;
	unsigned long alias_dist = 16;
	int quick = 0;
	enum { O_STRAT = 256, O_BASE, O_NEW, O_LENS, O_VARS, O_ALIAS, O_REPS,
	       O_BATCH, O_ROUNDS, O_WARM, O_CPU, O_STAT, O_OUT, O_TABLE, O_CSV,
	       O_SUM, O_PREFIX, O_NOPLOT, O_QUICK, O_LIST, O_ENTRY, O_ABI,
	       O_CLEAR };
	static const struct option opts[] = {
		{ "strategies", 1, 0, O_STRAT }, { "base", 1, 0, O_BASE },
		{ "new", 1, 0, O_NEW }, { "lengths", 1, 0, O_LENS },
		{ "variants", 1, 0, O_VARS }, { "alias-dist", 1, 0, O_ALIAS },
		{ "reps", 1, 0, O_REPS }, { "batch", 1, 0, O_BATCH },
		{ "rounds", 1, 0, O_ROUNDS }, { "warmup", 1, 0, O_WARM },
		{ "cpu", 1, 0, O_CPU }, { "table-stat", 1, 0, O_STAT },
		{ "out-dir", 1, 0, O_OUT }, { "table", 1, 0, O_TABLE },
		{ "csv", 1, 0, O_CSV }, { "summary", 1, 0, O_SUM },
		{ "plot-prefix", 1, 0, O_PREFIX }, { "no-plot", 0, 0, O_NOPLOT },
		{ "quick", 0, 0, O_QUICK }, { "list", 0, 0, O_LIST },
		{ "clear", 0, 0, O_CLEAR },
		{ "entry", 1, 0, O_ENTRY }, { "abi", 1, 0, O_ABI },
		{ "help", 0, 0, 'h' }, { 0, 0, 0, 0 }
	};
	int o;

	memset(c, 0, sizeof(*c));
	c->rounds = 10;
	c->warmup = 64;
	c->cpu = -1;
	c->plot = 1;
	c->out_dir = "bench/out";
	opterr = 0;
	while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (o) {
		case O_STRAT: strategies = optarg; break;
		case O_CLEAR: c->clear = 1; break;
		case O_BASE: c->base = optarg; break;
		case O_NEW: c->newer = optarg; break;
		case O_LENS: lengths = optarg; break;
		case O_VARS: variants = optarg; break;
		case O_ALIAS:
			alias_dist = parse_num(optarg, "--alias-dist", 0, 4095);
			break;
		case O_REPS:
			c->reps = parse_num(optarg, "--reps", 1, 10000000);
			break;
		case O_BATCH:
			c->batch = strcmp(optarg, "auto") ?
				parse_num(optarg, "--batch", 1, 1 << 16) : 0;
			break;
		case O_ROUNDS:
			c->rounds = parse_num(optarg, "--rounds", 1, 1000);
			break;
		case O_WARM:
			c->warmup = parse_num(optarg, "--warmup", 0, 1000000);
			break;
		case O_CPU:
			c->cpu = parse_num(optarg, "--cpu", 0, CPU_SETSIZE - 1);
			break;
		case O_STAT:
			if (!strcmp(optarg, "min"))
				c->table_stat_min = 1;
			else if (strcmp(optarg, "median"))
				die("bad --table-stat '%s' (median or min)",
				    optarg);
			break;
		case O_OUT: c->out_dir = optarg; break;
		case O_TABLE: table = optarg; break;
		case O_CSV: csv = optarg; break;
		case O_SUM: summary = optarg; break;
		case O_PREFIX: prefix = optarg; break;
		case O_NOPLOT: c->plot = 0; break;
		case O_QUICK: quick = 1; break;
		case O_LIST: c->list = 1; break;
		case O_ENTRY: entry = optarg; break;
		case O_ABI: entry_abi = optarg; break;
		case 'h': usage(stdout); exit(0);
		default: die("bad option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		die("unexpected argument '%s'", argv[optind]);
	if (c->list)
		return;
	if (!c->reps)
		c->reps = quick ? 1000 : 2000;
	if (c->rounds > c->reps)
		die("--rounds (%lu) must not exceed --reps (%lu)", c->rounds,
		    c->reps);

	if (entry) {
		/* The routine under review is the table's new column. */
		if (c->newer)
			die("--entry is the table's new column: no --new with it");
		if (!c->base)
			die("--entry needs --base: the registry row to compare with");
		add_entry(c, entry, entry_abi);
		c->newer = entry;
		if (!strategies)
			strategies = "";
	} else if (entry_abi) {
		die("--abi goes with --entry");
	}
	if (!c->base)
		c->base = c->clear ? "clear_original" : "erms";
	if (!c->newer)
		c->newer = c->clear ? "stos_alt" : "erms_short";

	pick_subjects(c, strategies ? strategies : "all");
	pick_variants(c, variants ? variants : quick ? "aligned" : "all",
		      alias_dist);
	if (lengths) {
		c->nlens = parse_lengths(lengths, &c->lens);
	} else {
		c->lens = malloc(128 * sizeof(*c->lens));
		c->nlens = default_lengths(c->lens);
	}
	out_path(c->table, table, c->out_dir, c->clear ? "clear-table.txt" : "table.txt");
	out_path(c->csv, csv, c->out_dir, c->clear ? "clear-results.csv" : "results.csv");
	out_path(c->summary, summary, c->out_dir, c->clear ? "clear-summary.csv" : "summary.csv");
	out_path(c->plot_prefix, prefix, c->out_dir, c->clear ? "clear-ticks" : "ticks");
}
