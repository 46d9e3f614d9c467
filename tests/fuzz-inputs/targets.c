/*
 * libFuzzer targets for the tools' input parsers (docs/review.md, "Fuzzing
 * the inputs"): one source, one target per -DTARGET_* (fuzz-inputs.mk).
 * Each feeds the bytes to one parser as the tool would and checks that it
 * returns (0 or -1: no crash, hang, sanitizer report), plus a round trip
 * where the parser has a printer.
 *
 *   case    lab_case_parse ("len,salign,dalign,fs,fd": --case)
 *   lags    lab_lags_parse (--lag lists)
 *   keeps   lab_keeps_parse and lab_keeps_str (--keeps lists)
 *   record  fuzz_decode of a record, fuzz_unhex of --hex text
 *   sweep   the sweep's command line (NUL-separated arguments)
 *   merge   sweep --merge over up to 3 shard outputs (split at 0x01)
 *   bench   the benchmark's command line (bench/options.c)
 *
 * The two command-line parsers' sources are included here with exit()
 * turned into a return to the harness (a usage error's exit(2) is an
 * answer, not a crash); the merge is linked (tests/sweep/merge.c).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static jmp_buf exit_jb;
static int exit_armed;
static __attribute__((unused)) void harness_exit(int code)
{
	if (exit_armed)
		longjmp(exit_jb, code + 1);
	_exit(code);
}

#if defined(TARGET_sweep)
#define exit(c) harness_exit(c)
#include "../sweep/options.c"
#undef exit
#elif defined(TARGET_merge)
#include "sweep/sweep.h"	/* merge() and what it calls: linked (fuzz-inputs.mk) */
#elif defined(TARGET_bench)
#define exit(c) harness_exit(c)
#include "../../bench/options.c"
#undef exit
#else
#include "lab/lab.h"
#include "fuzzcase.h"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where the parsers' messages go (opened once). */
static FILE *devnull(void)
{
	static FILE *f;

	if (!f && !(f = fopen("/dev/null", "w")))
		abort();
	return f;
}

/* The input as a C string (NULs end it early, as argv would). */
static char *cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

#if defined(TARGET_sweep) || defined(TARGET_bench)
/* NUL-separated arguments after a program name; at most 32. */
static int split_args(char *buf, size_t size, char **argv)
{
	int argc = 0;
	size_t i = 0;

	argv[argc++] = (char *)"tool";
	while (i < size && argc < 32) {
		argv[argc++] = buf + i;
		i += strlen(buf + i) + 1;
	}
	argv[argc] = NULL;
	return argc;
}
#endif

#if defined(TARGET_merge)
/* sweep --merge over up to 3 shard outputs (split at 0x01). */
static void fuzz_merge(const uint8_t *data, size_t size)
{
	static char names[3][64];
	struct opts mo;
	char *files[3];
	int fds[3], n = 0;
	size_t at = 0;
	FILE *keep = stdout;

	while (n < 3 && at <= size) {
		const uint8_t *e = memchr(data + at, 1, size - at);
		size_t len = e ? (size_t)(e - data) - at : size - at;

		fds[n] = memfd_create("shard", 0);
		if (fds[n] < 0 || write(fds[n], data + at, len) != (ssize_t)len)
			abort();
		snprintf(names[n], sizeof names[n], "/proc/self/fd/%d", fds[n]);
		files[n] = names[n];
		n++;
		if (!e)
			break;
		at += len + 1;
	}
	memset(&mo, 0, sizeof mo);
	mo.merge = files;
	mo.nmerge = n;
	stdout = devnull();
	exit_armed = 1;
	if (setjmp(exit_jb) == 0)
		(void)merge(&mo);
	exit_armed = 0;
	stdout = keep;
	/* The tool exits after a merge, so its error returns leave the shard
	 * open; close what it left (the fds past ours). */
	for (int fd = fds[0]; fd < fds[0] + 64; fd++)
		close(fd);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
#if defined(TARGET_case)
	char *s = cstr(data, size), back[160];
	struct lab_case c, d;

	memset(&c, 0, sizeof c);
	if (lab_case_parse(s, &c) == 0) {
		/* what it accepted prints and parses back to the same case */
		snprintf(back, sizeof back, "%zu,%u,%u,", c.len, c.src_align, c.dst_align);
		if (c.fs == LAB_NOFAULT)
			strcat(back, "-,");
		else
			snprintf(back + strlen(back), sizeof back - strlen(back), "%zu,", c.fs);
		if (c.fd == LAB_NOFAULT)
			strcat(back, "-");
		else
			snprintf(back + strlen(back), sizeof back - strlen(back), "%zu", c.fd);
		memset(&d, 0, sizeof d);
		if (lab_case_parse(back, &d) || d.len != c.len || d.fs != c.fs || d.fd != c.fd ||
		    d.src_align != c.src_align || d.dst_align != c.dst_align)
			abort();
		lab_case_str(&c, back, sizeof back);
	}
	free(s);
#elif defined(TARGET_lags)
	char *s = cstr(data, size);
	struct lab_case c;

	memset(&c, 0, sizeof c);
	if (lab_lags_parse(s, &c) == 0 && c.nlag > LAB_REPS_MAX)
		abort();
	free(s);
#elif defined(TARGET_keeps)
	char *s = cstr(data, size), back[256];
	unsigned m = 0, m2 = 0;

	if (lab_keeps_parse(s, &m) == 0) {
		lab_keeps_str(m, back, sizeof back);
		if (lab_keeps_parse(back, &m2) || m2 != m)
			abort();
	}
	free(s);
#elif defined(TARGET_record)
	struct lab_case c;
	unsigned sb;
	uint8_t rec[FUZZ_RECORD_SIZE], rec2[FUZZ_RECORD_SIZE];
	char hex[2 * FUZZ_RECORD_SIZE + 1], *s;

	if (fuzz_decode(data, size, &c, &sb) == 0 && fuzz_encode(&c, sb, rec) == 0) {
		struct lab_case c2;
		unsigned sb2;

		if (fuzz_decode(rec, sizeof rec, &c2, &sb2) || c2.len != c.len || sb2 != sb)
			abort();
		fuzz_hex(rec, hex);
		if (fuzz_unhex(hex, rec2) || memcmp(rec, rec2, sizeof rec))
			abort();
	}
	s = cstr(data, size);
	(void)fuzz_unhex(s, rec);
	free(s);
#elif defined(TARGET_sweep)
	char *buf = cstr(data, size), *argv[33];
	int argc = split_args(buf, size, argv);
	static struct opts o;
	FILE *keep = stdout;

	stdout = devnull();
	optind = 0;
	exit_armed = 1;
	if (setjmp(exit_jb) == 0)
		(void)parse(argc, argv, &o);
	exit_armed = 0;
	stdout = keep;
	free(buf);
#elif defined(TARGET_merge)
	fuzz_merge(data, size);
#elif defined(TARGET_bench)
	char *buf = cstr(data, size), *argv[33];
	int argc = split_args(buf, size, argv);
	static struct bench_config c;
	FILE *keep = stdout, *keep2 = stderr;

	stdout = stderr = devnull();
	memset(&c, 0, sizeof c);
	optind = 0;
	exit_armed = 1;
	if (setjmp(exit_jb) == 0)
		options_parse(argc, argv, &c);
	exit_armed = 0;
	stdout = keep;
	stderr = keep2;
	free(buf);
#else
#error "build with -DTARGET_case, _lags, _keeps, _record, _sweep, _merge or _bench"
#endif
	return 0;
}
