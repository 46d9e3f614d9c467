/*
 * The fault lab: runs one asm copy routine on one case with real page
 * faults, the way the kernel would see them, and checks everything
 * observable against the routine's C model (src/) and its contract.
 *
 * A case puts the source and/or destination against a PROT_NONE guard
 * page so that the first faulting byte is at offset fs of the source /
 * fd of the destination. The SIGSEGV handler looks the faulting
 * instruction up in the exception table (__ex_table, built by the
 * _ASM_EXTABLE macros of asm/kshim/asm/asm.h) and resumes at its fix-up,
 * as the kernel's fixup_exception does. Anything else is reported as a
 * failure of that case and the lab carries on.
 *
 * Used by the sweep (tests/sweep/), the replay tool, the fuzz harnesses,
 * `make levels` (the contract check alone) and `make review`. The files
 * (tests/lab/, docs/lab.md "Layout"): extable.c, rep_sites.c (lags),
 * trace.c (fences), faults.c (signal handlers, fix-ups), buffers.c,
 * syntax.c (case syntax), symbols.c, targets.c, contract.c (the one
 * contract check and level order), run.c and outcome.c (one case).
 */
#ifndef UCOPY_LAB_H
#define UCOPY_LAB_H

#include <stddef.h>
#include <stdint.h>
#include "ucopy.h"

/* No guard page on that side (any value > len means the same). */
#define LAB_NOFAULT SIZE_MAX
/* Longest copy a case may ask for. */
#define LAB_LEN_MAX (4 * 4096)
/* Alignments are the buffer address modulo this. */
#define LAB_ALIGN_MOD 64
/* Independent lags for this many faulting rep instructions of one call
 * (the oracle's UCOPY_REPS_MAX); later ones take the last. */
#define LAB_REPS_MAX 4
/* A lag that exceeds any count: the rep reports none of what it did. */
#define LAB_LAG_ALL SIZE_MAX

/* What is run: an entry point, its ABI, and what it is checked against. */
struct lab_target {
	char name[64];            /* in reports: strategy or entry symbol */
	char model_name[32];      /* strategy whose model is the oracle */
	void (*entry)(void);
	enum ucopy_abi abi;
	ucopy_model_fn *model;    /* NULL: contract check only */
	ucopy_bare_fn *bare;      /* the model without arming (lagged cases) */
	enum ucopy_level level;   /* contract on exact hw (no rep lagged) */
	enum ucopy_level level_delayed; /* ... when a rep reported late */
	unsigned keeps;           /* registers it must keep: bit n = x86 GPR n
	                             (0 rax, 1 rcx, 2 rdx, 3 rbx, 5 rbp, 6 rsi,
	                             7 rdi, 8-15 r8-r15); rsp and DF always */
	enum ucopy_kind kind;     /* CLEAR: a clear_user routine, run as a copy
	                             from a zero source that never faults (fs
	                             ignored; docs/clear.md) */
	int zero_tail;            /* its C tail is the zeroing one (tail_c_zero):
	                             the model's result with zeros from its
	                             report up to fd is what is expected */
};

/* One case. */
struct lab_case {
	size_t len;
	unsigned src_align;       /* address % 64; set by fs when fs <= len */
	unsigned dst_align;       /* address % 64; set by fd when fd <= len */
	size_t fs, fd;            /* first faulting offset, or LAB_NOFAULT */
	uint64_t seed;            /* buffer contents */
	/*
	 * Delayed fault reporting: nlag = 0 is exact hardware. Otherwise the
	 * k-th rep movs that faults in this call (k < LAB_REPS_MAX; later
	 * ones take lag[nlag - 1]) reports min(lag[k], done) elements fewer
	 * than it did: rcx, rsi and rdi are wound back by that many, the
	 * stores stay. Compared with the model under the same lags.
	 */
	unsigned nlag;
	size_t lag[LAB_REPS_MAX];
	/* Single-step the call (trap flag) and check that every
	 * non-temporal store is fenced before the routine returns. */
	int trace;
};

/* Failure kinds, a bit each; several may be set. */
enum {
	LAB_F_NOEXTABLE = 1u << 0,  /* fault at an instruction with no entry */
	LAB_F_TIMEOUT   = 1u << 1,  /* ran past the time limit */
	LAB_F_FAULTLOOP = 1u << 2,  /* fix-ups kept faulting */
	LAB_F_CALLEE    = 1u << 3,  /* rbx/rbp/r12-r15 changed */
	LAB_F_RSP       = 1u << 4,  /* rsp not restored */
	LAB_F_DF        = 1u << 5,  /* direction flag left set */
	LAB_F_OOB       = 1u << 6,  /* access outside the buffers/fault offset */
	LAB_F_OVERWRITE = 1u << 7,  /* wrote outside [dst, dst + len) */
	LAB_F_SRCWRITE  = 1u << 8,  /* changed the source */
	LAB_F_RET       = 1u << 9,  /* result differs from the model's */
	LAB_F_DATA      = 1u << 10, /* dst bytes differ from the model's */
	LAB_F_CONTRACT  = 1u << 11, /* breaks the claimed contract level */
	LAB_F_MODEL     = 1u << 12, /* the model itself misbehaved */
	LAB_F_SIGNAL    = 1u << 13, /* SIGILL, SIGFPE or SIGTRAP */
	LAB_F_CLOBBER   = 1u << 14, /* a register the ABI keeps changed */
	LAB_F_NTFENCE   = 1u << 15, /* returned with a movnti not fenced */
	LAB_F_LAGSETUP  = 1u << 16, /* lag emulation unavailable here */
	LAB_F_NOTMCE    = 1u << 17, /* machine check at an entry not MCE-safe */
	LAB_F_SYSCALL   = 1u << 18, /* a system call the sandbox refused */
};
#define LAB_NKINDS 19	/* the LAB_F_* bits above */

struct lab_outcome {
	int pass;                 /* 1: no failure */
	unsigned fail;            /* LAB_F_* bits */
	size_t ret, model_ret, expect_ret;  /* expect_ret: the EXACT result */
	unsigned faults;          /* faults resumed at a fix-up */
	uintptr_t fault_rip, fault_addr;    /* last fault */
	size_t src, dst;          /* where the buffers were */
	/* rep movs seen (lagged cases): executions, and per faulting one
	 * (first LAB_REPS_MAX) elements done, elements wound back (k) and
	 * the element size */
	unsigned rep_runs, reps;
	size_t rep_done[LAB_REPS_MAX], rep_k[LAB_REPS_MAX];
	unsigned rep_size[LAB_REPS_MAX];
	int lagged;               /* some rep reported late (k > 0) */
	unsigned long steps;      /* traced cases: instructions stepped */
	int trace_cut;            /* traced past the step budget: unchecked */
	char what[320];           /* what went wrong ("" when it passed) */
	char line[800];           /* one line: target, case, what (filled on
	                             failure, or by lab_outcome_line) */
};

/*
 * Sets up the buffers, the signal handlers (on an alternate stack), the
 * per-case timer and the exception-table index. Once per process, and
 * again in a child after fork (timers are not inherited). 0 or -1 with a
 * message on stderr.
 */
int lab_init(void);

/* Runs one case. 0, or -1 when the case itself is invalid (out->what). */
int lab_run(const struct lab_target *t, const struct lab_case *c,
	    struct lab_outcome *out);

/* Fills out->line for a case lab_run has run (it does so itself only on
 * failure). */
void lab_outcome_line(const struct lab_target *t, const struct lab_case *c,
		      struct lab_outcome *out);

/* The target for a registry row. */
void lab_target_strategy(struct lab_target *t, const struct ucopy_strategy *s);

/*
 * A target for any entry symbol (looked up with dlsym: link with -rdynamic)
 * run against a model: model_name is a registry name (a tail row runs as a
 * whole copy) or "none". abi is
 * "classic", "rep", "classic_clear", "stos" or NULL for the model
 * strategy's ABI. 0, or -1 with
 * the reason in err.
 */
int lab_target_entry(struct lab_target *t, const char *symbol,
		     const char *model_name, const char *abi,
		     char *err, size_t errlen);

/*
 * The zeroing C tail (tail_c_zero) behind t: its model's result with zeros
 * from the report up to fd is expected, at level ZEROTAIL. The model must
 * be a copy row proven EXACT under both readings (a C-tail row). 0, or -1
 * with the reason in err.
 */
int lab_target_zero_tail(struct lab_target *t, char *err, size_t errlen);

/*
 * The options the lab's tools (sweep, ucopy-replay) name what they run
 * with, spelt once: LAB_TARGET_OPTIONS goes into a tool's getopt_long
 * table (struct option), getopt_long returns these codes for them.
 */
enum { LAB_OPT_STRATEGY = 0x1000, LAB_OPT_ENTRY, LAB_OPT_MODEL, LAB_OPT_ABI,
       LAB_OPT_ZERO_TAIL, LAB_OPT_LIST };
#define LAB_TARGET_OPTIONS \
	{ "strategy", 1, 0, LAB_OPT_STRATEGY }, { "entry", 1, 0, LAB_OPT_ENTRY }, \
	{ "model", 1, 0, LAB_OPT_MODEL }, { "abi", 1, 0, LAB_OPT_ABI }, \
	{ "zero-tail", 0, 0, LAB_OPT_ZERO_TAIL }, { "list", 0, 0, LAB_OPT_LIST }

/* Parses a list of names (separated by any of seps) into the mask of their
 * indexes in names[0 .. n). 0, or -1 on an unknown name. */
int lab_mask_parse(const char *list, const char *seps, const char *const *names,
		   unsigned n, unsigned *mask);
/* Parses a keeps list ("rbx rbp r12 ...") into a lab_target mask. 0 or
 * -1 on an unknown name. */
int lab_keeps_parse(const char *list, unsigned *mask);
/* The mask back as names. */
void lab_keeps_str(unsigned mask, char *buf, size_t n);

/* Parses "1,0,2" (or "all" for an element) into c->lag / c->nlag. 0/-1. */
int lab_lags_parse(const char *s, struct lab_case *c);

/* "len=.. src%64=.. dst%64=.. fs=.. fd=.." (fs/fd "-" when none), then
 * " lag=a,b" when lagged and " traced" when traced. */
void lab_case_str(const struct lab_case *c, char *buf, size_t n);

/* Parses "len,salign,dalign,fs,fd" (fs/fd "-" for none). 0 or -1. */
int lab_case_parse(const char *s, struct lab_case *c);

/* Names of the failure bits, comma-separated. */
void lab_fail_str(unsigned fail, char *buf, size_t n);
/* the name of LAB_F_* bit i (0 <= i < LAB_NKINDS), as failure lines tag it */
const char *lab_fail_name(int i);

/* The sandbox (tests/sandbox.c): lab_prepare_sandbox does what the lab
 * would otherwise do lazily with calls the filter refuses; from its SIGSYS
 * handler, lab_abort_syscall ends the case under way as [syscall] (and
 * returns only when no case is). */
void lab_prepare_sandbox(void);
void lab_abort_syscall(long nr, const char *name, uintptr_t rip);

/* Exception-table entries found at start-up, and the rep movs among them
 * (the instructions a lag applies to). */
size_t lab_extable_size(void);
size_t lab_rep_sites(void);

/* After lab_run: the destination as the routine left it, the source bytes
 * and the destination's initial bytes (offsets 0 .. len-1 of each; valid
 * until the next lab_run). */
void lab_last_bytes(const uint8_t **dst, const uint8_t **src, const uint8_t **init);

/* Whether the last case run meets a contract level with result ret: 1
 * yes, 0 no (why says what breaks it), -1 no case run yet. */
int lab_meets(const struct lab_case *c, enum ucopy_level level, size_t ret,
	      char *why, size_t n);

/* ---- the contract levels (contract.c; needs nothing else of the lab) ---- */

/* The levels, strongest first: the chain EXACT > RAW > WEAK
 * (spec/ucopy_spec.h), then ZEROTAIL, which stands beside it. Every tool
 * that lists or compares levels takes them from here. */
#define LAB_NLEVELS 4
extern const enum ucopy_level lab_levels[LAB_NLEVELS];
/* EXACT, RAW or WEAK. */
int lab_level_on_chain(enum ucopy_level l);
/* Whether a result at level claimed is always one at level l (l weaker on
 * the chain, or the same; NONE is implied by all). */
int lab_level_implies(enum ucopy_level claimed, enum ucopy_level l);
/* "EXACT", ..., "NONE". */
const char *lab_level_name(enum ucopy_level l);

/* A copy's result as the contract sees it. */
struct lab_result {
	const uint8_t *dst;       /* the destination after the call */
	const uint8_t *src;       /* the source bytes (zeros for a clear) */
	const uint8_t *init;      /* the destination before the call */
	size_t len, fs, fd;       /* fs/fd: first faulting offset (> len: none) */
	size_t visible;           /* dst[0 .. visible-1] can be looked at (the
	                             lab: up to fd, past it is the guard page) */
	size_t ret;               /* bytes not copied, as returned */
};

/* Checks r against a level: the number of ways it breaks it (0: holds;
 * NONE always does), each in words in why, "; " between them. */
int lab_contract_check(enum ucopy_level level, const struct lab_result *r,
		       char *why, size_t n);
/* copy_from_user's ZEROPAD: WEAK's prefix, then zeros up to len. */
int lab_zeropad_holds(const struct lab_result *r);

#endif
