/*
 * ucopy-replay: runs fuzz records (tests/fuzzcase.h) through the fault lab
 * and shows each decoded case with the asm routine's and the model's
 * outcome side by side. Also writes records (--encode), for the seed
 * corpus. Run with --help for the options.
 *
 * Exit status: 0 every case passed, 1 a case failed, 2 a malformed record,
 * an unknown strategy or a usage error.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzcase.h"
#include "sandbox.h"

static void usage(FILE *f)
{
	fprintf(f,
"usage: ucopy-replay [target] [--quiet] FILE...   replay record files ('-': stdin)\n"
"       ucopy-replay [target] [--quiet] --hex HEX  replay a record given in hex\n"
"       ucopy-replay --encode BYTE CASE OUT        write a record file\n"
"       ucopy-replay --list                        the targets a record's first\n"
"                                                  byte picks from\n"
"  target (default: the one the record's first byte picks, modulo the\n"
"  number of registry rows):\n"
"    --strategy NAME      this registry row\n"
"    --all                every registry row, one after another\n"
"    --entry SYM --model NAME [--abi classic|rep] [--zero-tail]\n"
"                         an entry symbol against a model (a registry name\n"
"                         or none), as the sweep's --entry (and --zero-tail)\n"
"  --quiet                print only failures and the summary\n"
"  CASE: len,src_align,dst_align,fs,fd[,seed][,lag=K1:K2..][,traced]\n"
"        (fs/fd '-' for no fault; K 'all' or a number of elements, per\n"
"        faulting rep movs; traced: single-stepped, len <= %d);\n"
"  BYTE: the record's strategy byte (0..255)\n"
"  Last line: \"N passed, M failed\". Exit 0 all passed, 1 a case failed,\n"
"  2 a malformed record, unknown strategy or usage error.\n"
"  A record is %d bytes: see tests/fuzzcase.h.\n", FUZZ_TRACE_MAX, FUZZ_RECORD_SIZE);
}

static int quiet;
static size_t passed, failed, malformed;

static const char *level_str(enum ucopy_level l)
{
	return l == UCOPY_NONE ? "none" : ucopy_level_name(l);
}

static void code_at(uintptr_t pc, char *buf, size_t n)
{
	Dl_info di;

	if (dladdr((void *)pc, &di) && di.dli_sname)
		snprintf(buf, n, "%s+%#lx", di.dli_sname,
			 (unsigned long)(pc - (uintptr_t)di.dli_saddr));
	else
		snprintf(buf, n, "%#lx", (unsigned long)pc);
}

static void data_at(const struct lab_outcome *o, uintptr_t a, char *buf, size_t n)
{
	if (a - o->src < LAB_LEN_MAX + 4096)
		snprintf(buf, n, "src+%lu", (unsigned long)(a - o->src));
	else if (a - o->dst < LAB_LEN_MAX + 4096)
		snprintf(buf, n, "dst+%lu", (unsigned long)(a - o->dst));
	else
		snprintf(buf, n, "%#lx", (unsigned long)a);
}

static void describe(const char *label, const uint8_t *rec, const struct lab_case *c,
		     unsigned sb, const struct fuzz_targets *ft, const struct lab_target *t)
{
	char hex[2 * FUZZ_RECORD_SIZE + 1], fs[24] = "-", fd[24] = "-";

	fuzz_hex(rec, hex);
	if (c->fs <= c->len)
		snprintf(fs, sizeof fs, "%zu", c->fs);
	if (c->fd <= c->len)
		snprintf(fd, sizeof fd, "%zu", c->fd);
	printf("case %s (record %s)\n", label, hex);
	if (ft->pinned)
		printf("  target     %s (strategy byte %u not used: target given)\n", t->name, sb);
	else
		printf("  target     %s (strategy byte %u = index %u of %d)\n", t->name, sb,
		       sb % (unsigned)ft->n, ft->n);
	printf("             asm %s, model %s, %s ABI, checked for %s\n",
	       t->name, t->model ? t->model_name : "none",
	       t->abi == UCOPY_ABI_REP ? "rep" : "classic", level_str(t->level));
	printf("  copy       len %zu, src %% 64 = %u, dst %% 64 = %u (as asked; a fault "
	       "offset sets its side's)\n", c->len, c->src_align, c->dst_align);
	printf("  faults     %s: fs=%s fd=%s (first faulting byte of source / destination)\n",
	       fuzz_side_name(c), fs, fd);
	printf("  contents   seed %#llx\n", (unsigned long long)c->seed);
	if (c->nlag) {
		printf("  lags       ");
		for (unsigned i = 0; i < c->nlag; i++) {
			if (c->lag[i] == LAB_LAG_ALL)
				printf("%sall", i ? ", " : "");
			else
				printf("%s%zu", i ? ", " : "", c->lag[i]);
		}
		printf(" (elements the 1st, 2nd, ... faulting rep movs under-reports; "
		       "checked for %s)\n", level_str(t->level_delayed));
	} else {
		printf("  lags       none (exact hardware)\n");
	}
	if (c->trace)
		printf("  traced     single-stepped: every non-temporal store fenced before the return\n");
	fflush(stdout);		/* shown even if the run takes the process down */
}

static void side_by_side(const struct lab_target *t, const struct lab_case *c,
			 const struct lab_outcome *o)
{
	char at[96], addr[64], kinds[160];
	int died = (o->fail & (LAB_F_NOEXTABLE | LAB_F_TIMEOUT | LAB_F_FAULTLOOP |
			       LAB_F_OOB | LAB_F_SIGNAL)) != 0;

	printf("  placed     src %% 64 = %zu, dst %% 64 = %zu\n",
	       o->src % LAB_ALIGN_MOD, o->dst % LAB_ALIGN_MOD);
	printf("  %-10s %-22s %-22s %s\n", "", "asm", t->model ? "model" : "(no model)",
	       "exact");
	if (died)
		printf("  %-10s %-22s %-22s %zu\n", "returned", "- (did not return)", "-",
		       o->expect_ret);
	else if (t->model)
		printf("  %-10s %-22zu %-22zu %zu\n", "returned", o->ret, o->model_ret,
		       o->expect_ret);
	else
		printf("  %-10s %-22zu %-22s %zu\n", "returned", o->ret, "-", o->expect_ret);
	if (!died && t->model)
		printf("  %-10s %-22zu %-22zu %zu\n", "len - ret", c->len - o->ret,
		       c->len - o->model_ret, c->len - o->expect_ret);
	if (o->faults || o->fault_rip) {
		code_at(o->fault_rip, at, sizeof at);
		data_at(o, o->fault_addr, addr, sizeof addr);
		printf("  faults     %u fixed up; last at %s, address %s\n", o->faults, at, addr);
	} else {
		printf("  faults     none taken\n");
	}
	if (c->nlag || o->rep_runs) {
		printf("  rep movs   %u executed, %u faulted", o->rep_runs, o->reps);
		for (unsigned i = 0; i < o->reps && i < LAB_REPS_MAX; i++)
			printf("; #%u did %zu, reported %zu", i + 1, o->rep_done[i],
			       o->rep_done[i] - o->rep_k[i]);
		printf("\n");
	}
	if (c->trace)
		printf("  traced     %lu instructions%s\n", o->steps,
		       o->trace_cut ? " (step budget reached: not checked)" : "");
	if (o->pass) {
		printf("  verdict    ok: asm and model agree, contract %s met\n",
		       level_str(o->lagged ? t->level_delayed : t->level));
	} else {
		lab_fail_str(o->fail, kinds, sizeof kinds);
		printf("  verdict    FAIL [%s] %s\n", kinds, o->what);
	}
}

static void run_case(const char *label, const uint8_t *rec, size_t size,
		     const struct fuzz_targets *ft, int all)
{
	struct lab_case c;
	unsigned sb;

	if (fuzz_decode(rec, size, &c, &sb)) {
		fprintf(stderr, "ucopy-replay: %s: not a fuzz record: %zu bytes, a record "
			"is exactly %d\n", label, size, FUZZ_RECORD_SIZE);
		malformed++;
		failed++;
		return;
	}
	for (int i = 0; i < (all ? ft->n : 1); i++) {
		const struct lab_target *t = all ? &ft->t[i] : fuzz_pick(ft, sb);
		struct lab_outcome o;

		if (!quiet)
			describe(label, rec, &c, sb, ft, t);
		if (lab_run(t, &c, &o)) {
			fprintf(stderr, "ucopy-replay: %s: the lab refused the case: %s\n",
				label, o.what);
			failed++;
			continue;
		}
		if (!quiet)
			side_by_side(t, &c, &o);
		else if (!o.pass)
			printf("%s: %s\n", label, o.line);
		if (o.pass)
			passed++;
		else
			failed++;
	}
}

static void run_file(const char *path, const struct fuzz_targets *ft, int all)
{
	uint8_t buf[FUZZ_RECORD_SIZE + 1];
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t n;

	if (!f) {
		fprintf(stderr, "ucopy-replay: %s: %s\n", path, strerror(errno));
		malformed++;
		failed++;
		return;
	}
	n = fread(buf, 1, sizeof buf, f);
	if (n == sizeof buf) {		/* longer than a record: say how long */
		while (fgetc(f) != EOF)
			n++;
	}
	if (f != stdin)
		fclose(f);
	run_case(path, buf, n, ft, all);
}

static int encode(const char *byte, const char *spec, const char *out)
{
	char lab[128], *seedp, *end;
	struct lab_case c;
	uint8_t rec[FUZZ_RECORD_SIZE];
	unsigned long sb;
	uint64_t seed = 1;
	FILE *f;

	errno = 0;
	sb = strtoul(byte, &end, 0);
	if (*byte < '0' || *byte > '9' || *end || errno || sb > 255) {
		fprintf(stderr, "ucopy-replay: strategy byte '%s' is not 0..255\n", byte);
		return 2;
	}
	if (strlen(spec) >= sizeof lab) {
		fprintf(stderr, "ucopy-replay: case too long\n");
		return 2;
	}
	strcpy(lab, spec);
	/* fields after the fifth: the seed, lag=K1:K2.., traced */
	seedp = lab;
	for (int i = 0; i < 5 && seedp; i++)
		seedp = strchr(seedp + (i > 0), ',');
	if (seedp)
		*seedp++ = 0;
	if (lab_case_parse(lab, &c)) {
		fprintf(stderr, "ucopy-replay: case '%s' is not len,src_align,dst_align,fs,fd[,seed][,lag=K:K..][,traced]\n", spec);
		return 2;
	}
	while (seedp && *seedp) {
		char *next = strchr(seedp, ',');

		if (next)
			*next++ = 0;
		if (!strcmp(seedp, "traced")) {
			c.trace = 1;
		} else if (!strncmp(seedp, "lag=", 4)) {
			for (char *q = seedp + 4; *q; q++)
				if (*q == ':')
					*q = ',';
			if (lab_lags_parse(seedp + 4, &c)) {
				fprintf(stderr, "ucopy-replay: '%s': up to %d lags, numbers or all, "
					"colon-separated\n", seedp, LAB_REPS_MAX);
				return 2;
			}
		} else {
			errno = 0;
			seed = strtoull(seedp, &end, 0);
			if (*seedp < '0' || *seedp > '9' || *end || errno) {
				fprintf(stderr, "ucopy-replay: seed '%s' is not a number\n", seedp);
				return 2;
			}
		}
		seedp = next;
	}
	c.seed = seed;
	if ((c.fs != LAB_NOFAULT && c.fs > c.len) || (c.fd != LAB_NOFAULT && c.fd > c.len) ||
	    fuzz_encode(&c, (unsigned)sb, rec)) {
		fprintf(stderr, "ucopy-replay: case '%s' does not fit a record (len <= %d, "
			"alignments < %d, fs/fd <= len, traced only up to len %d)\n", spec,
			LAB_LEN_MAX, LAB_ALIGN_MOD, FUZZ_TRACE_MAX);
		return 2;
	}
	f = fopen(out, "wb");
	if (!f || fwrite(rec, 1, sizeof rec, f) != sizeof rec || fclose(f)) {
		fprintf(stderr, "ucopy-replay: %s: %s\n", out, strerror(errno));
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	enum { O_ALL = 256, O_HEX, O_QUIET, O_ENCODE };
	static const struct option opts[] = {
		LAB_TARGET_OPTIONS, { "all", 0, 0, O_ALL }, { "hex", 1, 0, O_HEX },
		{ "quiet", 0, 0, O_QUIET }, { "encode", 0, 0, O_ENCODE },
		{ "help", 0, 0, 'h' }, { 0, 0, 0, 0 }
	};
	const char *strategy = NULL, *entry = NULL, *model = NULL, *abi = NULL;
	const char *hex[64];
	int nhex = 0, all = 0, list = 0, enc = 0, zero_tail = 0, c;
	struct fuzz_targets ft;
	char err[400];

	setvbuf(stdout, NULL, _IOLBF, 0);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 0;
		case LAB_OPT_STRATEGY: strategy = optarg; break;
		case O_ALL: all = 1; break;
		case LAB_OPT_ENTRY: entry = optarg; break;
		case LAB_OPT_MODEL: model = optarg; break;
		case LAB_OPT_ABI: abi = optarg; break;
		case O_QUIET: quiet = 1; break;
		case LAB_OPT_LIST: list = 1; break;
		case O_ENCODE: enc = 1; break;
		case LAB_OPT_ZERO_TAIL: zero_tail = 1; break;
		case O_HEX:
			if (nhex == 64) {
				fprintf(stderr, "ucopy-replay: too many --hex\n");
				return 2;
			}
			hex[nhex++] = optarg;
			break;
		default:
			fprintf(stderr, "ucopy-replay: %s %s\n", argv[optind - 1],
				optopt ? "needs a value" : "is not an option");
			usage(stderr);
			return 2;
		}
	}
	if (enc) {
		if (argc - optind != 3) {
			usage(stderr);
			return 2;
		}
		return encode(argv[optind], argv[optind + 1], argv[optind + 2]);
	}
	if (all && (strategy || entry)) {
		fprintf(stderr, "ucopy-replay: --all and a target do not go together\n");
		return 2;
	}
	if ((model || abi || zero_tail) && !entry) {
		fprintf(stderr, "ucopy-replay: --model, --abi and --zero-tail go with --entry\n");
		return 2;
	}
	if (fuzz_targets_init(&ft, strategy, entry, model, abi, err, sizeof err) ||
	    (zero_tail && fuzz_targets_zero_tail(&ft, err, sizeof err))) {
		fprintf(stderr, "ucopy-replay: %s\n", err);
		return 2;
	}
	if (list) {
		for (int i = 0; i < ft.n; i++)
			printf("%3d  %-16s model %-14s abi %-7s level %s\n", i, ft.t[i].name,
			       ft.t[i].model ? ft.t[i].model_name : "none",
			       ft.t[i].abi == UCOPY_ABI_REP ? "rep" : "classic",
			       level_str(ft.t[i].level));
		return 0;
	}
	if (!nhex && optind == argc) {
		usage(stderr);
		return 2;
	}
	/* TOOL: the record files are read after this, through libc */
	if (lab_init() || sandbox_enter(SANDBOX_TOOL, "ucopy-replay"))
		return 2;
	for (int i = 0; i < nhex; i++) {
		uint8_t rec[FUZZ_RECORD_SIZE];

		if (fuzz_unhex(hex[i], rec)) {
			fprintf(stderr, "ucopy-replay: --hex '%s': not a fuzz record (%d hex "
				"digits wanted)\n", hex[i], 2 * FUZZ_RECORD_SIZE);
			malformed++;
			failed++;
			continue;
		}
		run_case("--hex", rec, sizeof rec, &ft, all);
	}
	for (int i = optind; i < argc; i++)
		run_file(argv[i], &ft, all);
	printf("%zu passed, %zu failed\n", passed, failed);
	return malformed ? 2 : failed ? 1 : 0;
}
