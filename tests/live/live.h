/*
 * live: the running kernel's own user-copy routines against the models,
 * through system calls (issue 15; docs/live.md). Shared declarations of the
 * parts: live_kernel.c (run a case for real), live_predict.c (a model
 * through the path's kernel chunking), live_infer.c (which row this kernel
 * and CPU run: src/runtime/eras.tsv), live_confirm.c (what the kernel shows
 * of it: /proc/kallsyms, /proc/kcore), live_report.c (words, tables, JSON),
 * live_main.c (options and the case loop).
 */
#ifndef UCOPY_LIVE_H
#define UCOPY_LIVE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ucopy.h"

#define PG 4096
#define NONE ((size_t)-1)
#define MAXL 512
#define PRE 64		/* sentinel bytes before the buffer */
#define MAXROWS 64

/* The system calls (paths) and the kernel routine each one reaches. */
enum path { P_PREAD, P_PWRITE, P_VMR, P_VMW, P_ZERO, NPATHS };
enum routine { R_TO, R_FROM, R_CLEAR, NROUTINES };
extern const char *const pname[NPATHS];
extern const char *const rname[NROUTINES];	/* copy_to_user, ... */
enum routine path_routine(enum path p);
extern const char *skip_why[NPATHS];

/* One case: path, length, source offset, user fault offset (NONE: no
 * fault) and, without a fault, the user buffer's alignment. */
struct live_case { enum path p; size_t len, soff, f, dalign; };

/* What user space sees after the call (or what a model predicts it sees). */
struct seen {
	long ret;			/* count, or -errno */
	uint8_t win[PRE + MAXL + 64];	/* the user window [p-PRE, p+len+64) clipped at guard */
	size_t winlen;
	uint8_t far[MAXL + 128];	/* file / remote bytes [soff-64, soff+len+64) */
	size_t farlen;
};

/* live_kernel.c: the buffers, the probes, and the case run for real */
extern uint8_t live_data[3 * PG];
extern uint8_t *live_area, *live_guard;
uint8_t sent_byte(size_t i);
uint8_t data_byte(size_t i);
uint8_t *ubuf(const struct live_case *k);
size_t win_len(const struct live_case *k, uint8_t *p);
void live_setup(void);
void run_kernel(const struct live_case *k, struct seen *s);

/* live_predict.c: st is the path's row (a copy row, or for P_ZERO a clear
 * row); NULL: the EXACT contract. Returns 1 when pwrite would spin. */
int predict(const struct live_case *k, const struct ucopy_strategy *st, size_t lag,
	    struct seen *s);
int same(const struct seen *a, const struct seen *b);

/* live_infer.c: the kernel's version and flags, and the rows they select */
struct live_kernel {
	char release[128], version[256];	/* uname -r, uname -v */
	char label[32];		/* "6.12.118" (Debian's 6.1.0-57: 6.1.192 from /proc/version) */
	long vcode;		/* major * 1000000 + minor * 1000 + patch */
	char flags[8192];	/* " flag flag ... " from /proc/cpuinfo */
};
void read_kernel(struct live_kernel *kv);
int has_flag(const struct live_kernel *kv, const char *f);
/* The row for "copy" or "clear" (eras.tsv: first matching line), or NULL;
 * why: the era's words. */
const char *infer_row(const struct live_kernel *kv, const char *path, const char **why);

/* live_confirm.c: which routine the kernel shows it runs, per routine */
struct live_confirm {
	const char *row[NROUTINES];	/* the row the kernel's code shows, or NULL */
	char how[NROUTINES][160];	/* in words: "kcore: _copy_to_user calls ..." */
	const char *source[NROUTINES];	/* "kcore", "kallsyms" or "inferred" */
};
void live_confirm(const struct live_kernel *kv, const char *const inferred[NROUTINES],
		  struct live_confirm *c);

/* The run's options and counts, shared by live_main.c and live_report.c */
#define NEX 3		/* cases kept in words per routine: one per kind */
struct live_run {
	int quick, verbose, ident, json;
	size_t maxlen, lag;
	const char *force, *force_clear;	/* --row, --clear-row */
	struct live_kernel kv;
	const struct ucopy_strategy *row[NROUTINES];	/* the row each routine is checked against */
	const char *why[NROUTINES];
	struct live_confirm conf;
	const struct ucopy_strategy *rows[MAXROWS];	/* the identification table's rows */
	size_t nrows;
	unsigned long cases[NPATHS], pass[NPATHS];
	unsigned long rcases[NROUTINES], ragree[NROUTINES], rdiffex[NROUTINES];
	char ex[NROUTINES][NEX][240];	/* cases that differ from EXACT, in words */
	unsigned long agree[MAXROWS][2], spins[MAXROWS][2], idcases, exact_agree;
	unsigned long failed;
	double secs;
};

/* live_report.c */
void print_header(const struct live_run *lr);
void print_tables(const struct live_run *lr);
void print_json(const struct live_run *lr);
void note_exact_diff(struct live_run *lr, const struct live_case *k, const struct seen *kern,
		     const struct seen *exact, const struct seen *pred);
void describe(const struct live_case *k, FILE *o);
void show_diff(const char *what, const struct seen *kern, const struct seen *pred, FILE *o);
int parse_case(const char *arg, struct live_case *k);
#endif
