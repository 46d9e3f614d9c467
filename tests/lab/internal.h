/*
 * What the fault lab's files share among themselves (never included by a
 * tool: tools see lab.h). One section per file of tests/lab/; the state of
 * the case under way (struct lab_current) is written by run.c and read by
 * the signal handlers of faults.c.
 */
#ifndef UCOPY_LAB_INTERNAL_H
#define UCOPY_LAB_INTERNAL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

#include "lab.h"

#define PAGE 4096
/* Read-write pages per buffer: the longest copy plus room to align. */
#define RW_PAGES (LAB_LEN_MAX / PAGE + 2)
/* Bytes checked (and filled) on each side of the buffers. */
#define WINDOW 256
/* Faults one case may take before the lab calls it a loop. */
#define MAX_FAULTS 32
/* Timer period and the ticks of CPU time one case may use. */
#define TICK_US 10000
#define TIMEOUT_TICKS 20
/* Traced cases: instructions stepped at most, and their CPU allowance. */
#define TRACE_MAX_STEPS 40000
#define TRACE_TIMEOUT_TICKS 300
#define EFL_TF 0x100ul
#define EFL_DF 0x400ul

#define X86_TRAP_PF 14
#define X86_TRAP_MC 18	/* machine check: the lab's poisoned source (buffers.c) */
#define PF_WRITE 2

/* ---- call.S: the block it reads and fills (offsets are fixed there):
 * registers in x86 numbering, rax rcx rdx rbx rsp rbp rsi rdi r8..r15. */
enum { R_AX, R_CX, R_DX, R_BX, R_SP, R_BP, R_SI, R_DI, R_8, R_9, R_10, R_11,
       R_12, R_13, R_14, R_15, NREGS };
struct lab_call {
	void (*entry)(void);
	uint64_t trace;               /* single-step the call */
	uint64_t in[NREGS];           /* loaded before the call */
	uint64_t out[NREGS];          /* found after it (rsp: as left) */
	uint64_t rsp_before, rflags;
};
_Static_assert(offsetof(struct lab_call, in) == 16, "call.S layout");
_Static_assert(offsetof(struct lab_call, out) == 144, "call.S layout");
_Static_assert(offsetof(struct lab_call, rflags) == 280, "call.S layout");
void lab_call(struct lab_call *c);
extern const char lab_call_return[];
/* syntax.c: "rax", "rcx", ... by x86 number */
extern const char *const lab_reg_names[NREGS];

/* ---- extable.c: the exception table, indexed at start-up ---- */
/*
 * The first of n elements (size bytes each, sorted by the code address
 * each starts with: struct ex_fix, struct rep_site) at addr, or NULL.
 */
void *lab_addr_find(const void *base, size_t n, size_t size, uintptr_t addr);
struct ex_fix {
	uintptr_t insn, fixup;
	uint32_t type;
};
_Static_assert(offsetof(struct ex_fix, insn) == 0, "lab_addr_find");
int lab_extable_build(void);
const struct ex_fix *lab_extable_find(uintptr_t rip);
/* The index, sorted by insn (rep_sites.c walks it). */
extern struct ex_fix *lab_extable_index;
extern size_t lab_extable_count;

/* ---- rep_sites.c: the rep movs/stos a lag applies to (int3-patched) ---- */
struct rep_site {
	uintptr_t at;                 /* the instruction (its first prefix) */
	uint8_t *tramp;               /* its copy, then jmp *0(%rip); at+len */
	unsigned len, size;           /* instruction and element bytes */
	int stos;                     /* rep stos: only rdi moves */
	uint8_t first;                /* the byte the int3 replaces */
	volatile uint64_t start_rcx;  /* count when this execution began */
};
_Static_assert(offsetof(struct rep_site, at) == 0, "lab_addr_find");
void lab_rep_sites_find(void);
/* Puts the int3s in (once per process). 0, or -1 with *why set. */
int lab_rep_sites_patch(const char **why);
int lab_rep_sites_prepare(const char **why);
int lab_rep_sites_patched(void);
struct rep_site *lab_rep_site_at(uintptr_t at);
struct rep_site *lab_rep_site_of_trampoline(uintptr_t pc);
/* A code address as the routine's: a trampoline's is its site's. */
uintptr_t lab_code_addr(uintptr_t pc);

/* ---- trace.c: single-stepping a traced case for the fence check ---- */
enum { K_OTHER, K_NT, K_FENCE };
int lab_fault_fences(const char *model_name);
void lab_trace_step(greg_t *g);

/* ---- buffers.c: guard-page regions and their contents ---- */
/* One buffer: a read-write run of pages between two PROT_NONE pages. */
struct region {
	uint8_t *lo_guard, *rw, *hi_guard;
};
extern struct region lab_src_region, lab_dst_region, lab_poison_region;
int lab_buffers_init(void);
uint64_t lab_splitmix(uint64_t *s);
uintptr_t lab_place_buffer(const struct region *r, size_t len, size_t f, unsigned align);
void lab_buffer_window(const struct region *r, uint8_t *buf, size_t len,
		   uint8_t **lo, uint8_t **hi);
ptrdiff_t lab_first_diff(const uint8_t *buf, const uint8_t *want, ptrdiff_t a, ptrdiff_t b);
/* A case's source bytes s[-WINDOW .. len+WINDOW] and destination's initial
 * bytes d[...] (never equal to s[i]), from a position picked by seed. */
void lab_buffer_contents(int clear, uint64_t *seed, const uint8_t **s, const uint8_t **d);

/* ---- faults.c: the signal handlers ---- */
/* What the signal handlers need to know about the case under way. */
struct lab_current {
	volatile sig_atomic_t armed;
	volatile unsigned long seq, tick_seq;
	volatile int ticks;
	sigjmp_buf jb;
	uintptr_t src, dst;
	size_t len, fs, fd;           /* fs/fd: LAB_NOFAULT or <= len */
	uintptr_t src_guard;          /* the source region's high guard */
	volatile unsigned faults;
	volatile unsigned abort_kind; /* LAB_F_* that ended the case early */
	volatile int abort_sig;
	volatile uintptr_t rip, addr;
	volatile unsigned long err, trapno;
	volatile uint32_t bad_type;   /* entry type apply_fixup refused, or 0 */
	volatile int timeout_ticks;
	/* lags */
	unsigned nlag;
	size_t lag[LAB_REPS_MAX];
	volatile unsigned rep_runs, reps;
	volatile size_t rep_done[LAB_REPS_MAX], rep_k[LAB_REPS_MAX];
	volatile unsigned rep_size[LAB_REPS_MAX];
	volatile int lagged;
	/* tracing */
	volatile int tracing, trace_cut, nt_pending, nt_unfenced, fault_fences;
	volatile int prev_kind;
	volatile uintptr_t prev_rip, nt_rip;
	volatile unsigned long steps;
};
extern struct lab_current lab_cur;
/* The system call the sandbox refused (LAB_F_SYSCALL). */
extern struct lab_refused {
	long nr;
	const char *name;
} lab_refused;
extern sigset_t lab_normal_mask;
int lab_faults_install(void);

/* ---- symbols.c: where a code or data address is, in words ---- */
void lab_where(uintptr_t pc, char *buf, size_t n);
void lab_place(uintptr_t a, char *buf, size_t n);

/* ---- outcome.c ---- */
void lab_add_what(struct lab_outcome *o, unsigned kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void lab_describe_abort(struct lab_outcome *o);

#endif
