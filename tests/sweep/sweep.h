/*
 * sweep: the fault lab over every case of a plan (plan.h) for every target.
 * The files: main.c (the command: targets, --list, the phases in order),
 * options.c (the command line), one_case.c (--case), items.c (a worker's
 * work, item by item), pool.c (forked workers over shared memory),
 * report.c (the lines people read and the records --merge reads), merge.c
 * (--merge), json.c (--json). Results pass between them as the structs
 * below, never as printed text.
 */
#ifndef UCOPY_SWEEP_H
#define UCOPY_SWEEP_H

#include <stdio.h>

#include "lab/lab.h"
#include "plan.h"

#define MAX_TARGETS 64
#define MAX_JOBS 16
#define CHUNK 64		/* consecutive items a worker takes at a time */
#define MAX_RESPAWNS 50		/* per worker and target */
#define PROGRESS_S 20		/* a progress line after this long quiet */
#define RECORD_LINE 2048	/* longest line --merge reads */

/*
 * The phases, each a row of the output per target:
 *   exact hw    the plan's cases at lag 0 (rep movs reports exactly)
 *   delayed hw  the delayed part's base cases under lags (plan.h):
 *               every lag for short copies, a spread for long ones
 *   traced      a sample single-stepped: every non-temporal store fenced
 *               before the routine returns
 */
enum phase { PH_EXACT, PH_DELAYED, PH_TRACE, NPHASES };
extern const char *const phase_label[NPHASES];	/* "exact hw", ... */
extern const char *const phase_opt[NPHASES];	/* "exact", ... (--phase) */

/* Lag histogram buckets: the largest k a run applied. */
enum { HB_NONE, HB_1, HB_2, HB_3_7, HB_8, HB_MORE, HB_ALLDONE, NHB };
extern const char *const hist_key[NHB];		/* their JSON names */

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
	const char *json;		/* --json FILE */
};

/* One worker's progress, in memory shared with the parent. */
struct slot {
	volatile size_t next, hi;	/* item being run; end of its chunk */
	volatile size_t items;		/* items finished */
	volatile size_t passed, failed;	/* runs */
	volatile size_t hist[NHB];
	volatile size_t by_kind[LAB_NKINDS];	/* failing runs with each LAB_F_* bit */
	volatile uint64_t digest;	/* sum of the runs' hashes (--tally) */
	volatile int done;
	struct lab_case c;		/* the run under way (crash reports) */
};
extern struct slot *slots;		/* MAX_JOBS of them, shared */
extern volatile size_t *next_chunk;	/* shared: the next chunk to take */

/* A failure shown: what a worker sends the parent down its pipe (one
 * write, shorter than PIPE_BUF), what --json writes and a record carries
 * to --merge. */
enum failure_kind { FK_CASE, FK_CRASH, FK_GAVE_UP };
struct failure {
	int phase;
	enum failure_kind kind;
	struct lab_case c;		/* as placed (FK_GAVE_UP: none) */
	unsigned fail;			/* LAB_F_* bits */
	size_t ret, model_ret, expect_ret;
	char what[320];			/* in words */
	char line[900];			/* the FAIL line people read */
};

/* A phase's result for one target. */
struct tally {
	size_t passed, failed, crashes;
	size_t hist[NHB];
	size_t by_kind[LAB_NKINDS];	/* failing runs of each kind (a run may have several) */
	double secs;
	uint64_t digest;
	int ran;
};

/* One target's results: its phases and the failures shown. */
struct target_result {
	char name[64], model[32];
	struct tally ty[NPHASES];
	struct failure *shown;		/* up to --show */
	size_t nshown, suppressed;	/* suppressed: failures not shown */
	int printed;			/* FAIL lines printed so far */
};
struct results {
	int n;
	struct target_result t[MAX_TARGETS];
	double wall, longest;		/* merged: shard time and the longest */
};

/* options.c */
void usage(FILE *f);
int parse(int argc, char **argv, struct opts *o);
/* one_case.c */
int run_one(const struct lab_target *t, const struct opts *o);
/* items.c: a worker's side */
size_t shard_items(const struct opts *o, int ph);
size_t shard_item(const struct opts *o, size_t j);
uint64_t mix64(uint64_t z);
_Noreturn void worker(const struct opts *o, const struct lab_target *t,
		      int ph, size_t base_failed, int w, int fd);
/* pool.c: the parent's */
double now(void);
int sweep_phase(const struct opts *o, const struct lab_target *t, int ph,
		size_t base_failed, struct target_result *res);
/* report.c */
void phase_header(const struct opts *o, int ph, int n);
void print_row(const char *name, const char *label, const struct tally *ty);
void print_hist(const struct tally *ty);
void plan_line(const struct opts *o, char *buf, size_t n);
int plan_parse(const char *line, struct opts *o);
void print_tally(const char *name, int ph, const struct tally *ty);
int tally_parse(const char *line, char name[64], int *ph, struct tally *ty);
void show_failure(const struct opts *o, struct target_result *res, const struct failure *f);
void print_failure_record(const char *name, const struct failure *f);
int failure_record_parse(const char *line, char name[64], struct failure *f);
int print_summary(const struct opts *o, const struct results *r);
/* merge.c */
int merge(const struct opts *mo);
/* json.c */
int json_write(const char *path, const struct opts *o, const struct results *r);

#endif
