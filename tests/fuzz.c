/*
 * The differential fuzz harness, one source built two ways (tests/fuzz.mk):
 * with libFuzzer (clang -fsanitize=fuzzer) and with AFL++ (afl-clang-fast,
 * whose driver supplies main and persistent mode). Each input of
 * FUZZ_RECORD_SIZE bytes is a fault-lab case (tests/fuzzcase.h) that
 * lab_run() runs exactly as the sweep does: the asm routine with real
 * guard-page faults against its model and contract, with the record's lag
 * for each rep movs that faults (delayed reporting; the model under the
 * same lags) and single-stepped when its trace bit is set. Inputs of any other
 * size are skipped. A failing case aborts after one line on stderr that
 * states the case and the command that replays it; the fuzzer saves the
 * input.
 *
 * The C code (models, lab, harness) is instrumented for coverage, the asm
 * is not: the models mirror the routines' loops and fix-ups branch for
 * branch, so covering the model's paths steers the fuzzer to the routine's.
 *
 * What is fuzzed, from the environment:
 *   UCOPY_FUZZ_STRATEGY=name   only this registry strategy
 *   UCOPY_FUZZ_ENTRY=symbol    only this entry symbol (linked in: a mutant,
 *   UCOPY_FUZZ_MODEL=name        a patch under review), against this model
 *   UCOPY_FUZZ_ABI=classic|rep   (a registry name or none), this ABI
 *   UCOPY_FUZZ_ZERO_TAIL=1       ... with the zeroing C tail behind it
 *                                (expect ZEROTAIL: the sweep's --zero-tail)
 *   neither: every registry strategy, the record's first byte picks one;
 *   built with -DUCOPY_FUZZ_PIN=\"name\" (the OSS-Fuzz targets): that one.
 *   UCOPY_FUZZ_SELFTEST_SEGV=1 faults outside the lab on every input (the
 *   smoke test's check that the fuzzer still sees such a crash).
 *
 * Signals. libFuzzer installs its crash handlers before the first input and
 * AFL++'s forkserver forks after its init; the lab's handlers (SIGSEGV and
 * SIGBUS with the exception-table fix-up, SIGILL/SIGFPE/SIGTRAP, the SIGPROF
 * case timer) are therefore installed on the first input in each process
 * (again after a fork: timers are not inherited), over the fuzzer's. A
 * wrapper passes a fault the lab disowns (one outside a case: the harness's
 * or a model's own bug) on to the fuzzer's handler, so it is still reported
 * and its input saved.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fuzzcase.h"
#include "sandbox.h"

static struct fuzz_targets targets;
static int targets_ready, selftest_segv;
static unsigned long cases_run;	/* records run by this process */
static pid_t lab_pid;

#define NSIGS 5
static const int lab_sigs[NSIGS] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP };
static struct sigaction lab_sa[NSIGS], fuzzer_sa[NSIGS];

static _Noreturn void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "ucopy-fuzz: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	exit(2);
}

static void setup_targets(void)
{
	char err[400];
	const char *strategy = getenv("UCOPY_FUZZ_STRATEGY");

	if (targets_ready)
		return;
#ifdef UCOPY_FUZZ_PIN
	/* a target built for one row (tests/oss-fuzz/build.sh) */
	if (!strategy && !getenv("UCOPY_FUZZ_ENTRY"))
		strategy = UCOPY_FUZZ_PIN;
#endif
	if (fuzz_targets_init(&targets, strategy,
			      getenv("UCOPY_FUZZ_ENTRY"), getenv("UCOPY_FUZZ_MODEL"),
			      getenv("UCOPY_FUZZ_ABI"), err, sizeof err))
		die("%s", err);
	if (getenv("UCOPY_FUZZ_ZERO_TAIL") && fuzz_targets_zero_tail(&targets, err, sizeof err))
		die("UCOPY_FUZZ_ZERO_TAIL: %s", err);
	/* For the smoke test: a fault outside any case must still reach the
	 * fuzzer's crash handler. */
	selftest_segv = getenv("UCOPY_FUZZ_SELFTEST_SEGV") != NULL;
	targets_ready = 1;
}

/* The lab's handler first; if it disowned the signal (set SIG_DFL and
 * returned), the fuzzer's. */
static void chain(int sig, siginfo_t *si, void *uc)
{
	struct sigaction now;
	int i;

	for (i = 0; i < NSIGS && lab_sigs[i] != sig; i++)
		;
	if (i == NSIGS)
		return;
	lab_sa[i].sa_sigaction(sig, si, uc);	/* may not return */
	sigaction(sig, NULL, &now);
	if (now.sa_handler != SIG_DFL)
		return;				/* fixed up: resume */
	sigaction(sig, &fuzzer_sa[i], NULL);
	if ((fuzzer_sa[i].sa_flags & SA_SIGINFO) && fuzzer_sa[i].sa_sigaction)
		fuzzer_sa[i].sa_sigaction(sig, si, uc);
	else if (fuzzer_sa[i].sa_handler != SIG_DFL && fuzzer_sa[i].sa_handler != SIG_IGN)
		fuzzer_sa[i].sa_handler(sig);
	else {
		signal(sig, SIG_DFL);
		raise(sig);		/* blocked here: delivered on return, fatal */
	}
}

static void setup_lab(void)
{
	if (lab_pid == getpid())
		return;
	for (int i = 0; i < NSIGS; i++)
		sigaction(lab_sigs[i], NULL, &fuzzer_sa[i]);
	if (lab_init())
		die("%s", "lab_init failed");
	for (int i = 0; i < NSIGS; i++) {
		struct sigaction sa;

		sigaction(lab_sigs[i], NULL, &lab_sa[i]);
		if (!(lab_sa[i].sa_flags & SA_SIGINFO) || !lab_sa[i].sa_sigaction)
			die("%s", "the lab installed no SA_SIGINFO handler");
		sa = lab_sa[i];
		sa.sa_sigaction = chain;
		sigaction(lab_sigs[i], &sa, NULL);
	}
	lab_pid = getpid();
	/* libFuzzer's own calls go through libc: TOOL */
	if (sandbox_enter(SANDBOX_TOOL, "ucopy-fuzz"))
		die("%s", "cannot enter the sandbox");
	/* A sanitizer may swallow the sigaction (ASan with
	 * allow_user_segv_handler=0): then every case that faults would be
	 * reported as a crash. Ask the kernel, past any interceptor. */
	{
		struct { void *handler; unsigned long flags; void *restorer; uint64_t mask; } k;

		if (syscall(SYS_rt_sigaction, SIGSEGV, NULL, &k, sizeof k.mask) == 0 &&
		    k.handler != (void *)chain)
			die("%s", "the lab's SIGSEGV handler is not in force (a sanitizer "
			    "refused it?): run with ASAN_OPTIONS=allow_user_segv_handler=1");
	}
}

/* The lab resumes faulting routines from its own SIGSEGV handler; ASan's
 * default, kept here unless ASAN_OPTIONS says otherwise. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allow_user_segv_handler=1";
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef UCOPY_FUZZ_LIBFUZZER
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed);

/*
 * libFuzzer's own mutations, kept to the record size: no run is spent on
 * an input that is not a record, and an empty corpus starts at once. (AFL++
 * has no such hook; its inputs of other sizes are skipped.)
 */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed)
{
	if (max_size < FUZZ_RECORD_SIZE)
		return LLVMFuzzerMutate(data, size, max_size);
	size = LLVMFuzzerMutate(data, size, FUZZ_RECORD_SIZE);
	for (; size < FUZZ_RECORD_SIZE; size++) {
		seed = seed * 1103515245u + 12345u;
		data[size] = (uint8_t)(seed >> 16);
	}
	return FUZZ_RECORD_SIZE;
}
#endif

/* Only checks the environment: handlers come with the first input. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setup_targets();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct lab_target *t;
	struct lab_outcome out;
	struct lab_case c;
	unsigned sb;
	char cmd[300];

	if (fuzz_decode(data, size, &c, &sb))
		return -1;		/* not a record: skipped, kept out of the corpus */
	setup_targets();
	setup_lab();
	if (selftest_segv)
		*(volatile int *)(uintptr_t)16 = 0;
	t = fuzz_pick(&targets, sb);
	cases_run++;
	if (lab_run(t, &c, &out) == 0 && out.pass)
		return 0;
	fuzz_replay_cmd(&targets, t, data, cmd, sizeof cmd);
	if (out.line[0])
		fprintf(stderr, "ucopy-fuzz: %s; seed %#llx; case %lu of this process; "
			"replay: %s\n", out.line, (unsigned long long)c.seed, cases_run, cmd);
	else {
		char cs[120];

		lab_case_str(&c, cs, sizeof cs);
		fprintf(stderr, "ucopy-fuzz: FAIL %s: lab refused %s: %s; case %lu of this "
			"process; replay: %s\n", t->name, cs, out.what, cases_run, cmd);
	}
	fflush(stderr);
	abort();
}
