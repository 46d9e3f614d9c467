/*
 * The fault lab (see lab.h): guard-page buffers, the exception-table fault
 * handler, the per-case timer, and the checks of one case.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#include "lab.h"
#include "oracle.h"

_Static_assert(LAB_REPS_MAX == UCOPY_REPS_MAX, "one lag per faulting rep, as the oracle");

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
#define X86_TRAP_MC 18	/* machine check: the lab's poisoned source (mc_region) */
#define PF_WRITE 2

/* The block tests/call.S reads and fills (offsets are fixed there):
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

static const char *const reg_names[NREGS] = {
	"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
};

/*
 * The exception table as the shim's _ASM_EXTABLE macros lay it out: two
 * self-relative offsets and a type word (asm/kshim/asm/asm.h).
 */
struct ex_entry {
	int32_t insn, fixup;
	uint32_t type;
};
extern const struct ex_entry __start___ex_table[] __attribute__((weak));
extern const struct ex_entry __stop___ex_table[] __attribute__((weak));

struct ex_fix {
	uintptr_t insn, fixup;
	uint32_t type;
};
static struct ex_fix *ex_index;  /* sorted by insn */
static size_t ex_count;

/*
 * Delayed fault reporting (docs/lab.md, "Lags"). Every rep movs that has
 * an exception-table entry is a rep site. For a lagged case the lab
 * patches an int3 over each site's first byte: at the trap it records
 * the count the instruction starts with and resumes at the site's
 * trampoline, a copy of the instruction followed by a jump back. So the
 * instruction runs natively, and a fault in it shows how many elements
 * it did (start count - rcx); the fault handler winds rcx, rsi and rdi
 * back by the case's lag for that rep (at most what it did) before the
 * exception table is applied at the site's address.
 */
#define TRAMP_SLOT 32
struct rep_site {
	uintptr_t at;                 /* the instruction (its first prefix) */
	uint8_t *tramp;               /* its copy, then jmp *0(%rip); at+len */
	unsigned len, size;           /* instruction and element bytes */
	int stos;                     /* rep stos: only rdi moves */
	uint8_t first;                /* the byte the int3 replaces */
	volatile uint64_t start_rcx;  /* count when this execution began */
};
static struct rep_site *rep_sites;  /* sorted by at */
static size_t rep_nsites;
static uint8_t *tramp_area;
static size_t tramp_bytes;
static int reps_patched;            /* 1 patched, -1 unavailable */
static char reps_why[200];

/* One buffer: a read-write run of pages between two PROT_NONE pages. */
struct region {
	uint8_t *lo_guard, *rw, *hi_guard;
};
static struct region src_region, dst_region;
/*
 * The source of an MC row (copy_mc: kernel memory that may hold poison):
 * its high guard is a page of a file mapped past the file's end, so a load
 * there raises SIGBUS, which the lab delivers as a machine check (trap 18)
 * to the routine's exception table.
 */
static struct region mc_region;

/*
 * Contents come from two random pools: spool for sources, dpool (spool
 * with every byte changed) for destinations. Each is stored twice over so
 * that a run starting anywhere in the first copy is contiguous.
 */
#define POOL (1 << 16)
static uint8_t spool[2 * POOL], dpool[2 * POOL];
/* Clears: the source is zpool (zeros), the destination cpool (no zero). */
static uint8_t zpool[2 * POOL], cpool[2 * POOL];
static uint8_t model_src[LAB_LEN_MAX], model_dst[LAB_LEN_MAX];

static const char *const fail_names[] = {
	"no-extable", "timeout", "fault-loop", "callee-saved", "rsp", "DF",
	"out-of-bounds", "overwrite", "source-written", "result", "data",
	"contract", "model", "signal", "clobbered", "sfence", "lag-setup",
	"not-mce-safe", "syscall",
};

/* What the signal handlers need to know about the case under way. */
static struct {
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
} cur;
static sigset_t normal_mask;
static int initialised;
static const uint8_t *lab_last_dst, *lab_last_s, *lab_last_d;

static const struct ex_fix *ex_find(uintptr_t rip)
{
	size_t lo = 0, hi = ex_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ex_index[mid].insn < rip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ex_count && ex_index[lo].insn == rip ? &ex_index[lo] : NULL;
}

static int ex_cmp(const void *a, const void *b)
{
	uintptr_t x = ((const struct ex_fix *)a)->insn;
	uintptr_t y = ((const struct ex_fix *)b)->insn;
	return x < y ? -1 : x > y;
}

static int ex_build(void)
{
	const struct ex_entry *start = __start___ex_table, *stop = __stop___ex_table;
	const struct ex_entry *e;

	if (!start || stop <= start) {
		fprintf(stderr, "lab: no __ex_table linked in\n");
		return -1;
	}
	ex_count = (size_t)(stop - start);
	ex_index = calloc(ex_count, sizeof *ex_index);
	if (!ex_index)
		return -1;
	for (e = start; e < stop; e++) {
		struct ex_fix *f = &ex_index[e - start];
		f->insn = (uintptr_t)&e->insn + (intptr_t)e->insn;
		f->fixup = (uintptr_t)&e->fixup + (intptr_t)e->fixup;
		f->type = e->type;
	}
	qsort(ex_index, ex_count, sizeof *ex_index, ex_cmp);
	return 0;
}

size_t lab_extable_size(void)
{
	return ex_count;
}

/* ---- rep sites: the instructions a lag applies to ---- */

/*
 * Is p a rep movs (f3 [prefixes] [rex] a4/a5)? Its length and element size.
 */
static int decode_rep_movs(const uint8_t *p, unsigned *len, unsigned *size)
{
	int rep = 0, opsize = 0, rexw = 0;
	unsigned i = 0;

	for (; i < 14; i++) {
		uint8_t b = p[i];
		if (b == 0xf3)
			rep = 1;
		else if (b == 0x66)
			opsize = 1;
		else if (b == 0x26 || b == 0x2e || b == 0x36 || b == 0x3e ||
			 b == 0x64 || b == 0x65)
			continue;
		else
			break;
	}
	if ((p[i] & 0xf0) == 0x40) {
		rexw = (p[i] & 8) != 0;
		i++;
	}
	if (!rep || (p[i] != 0xa4 && p[i] != 0xa5))
		return 0;
	*size = p[i] == 0xa4 ? 1 : rexw ? 8 : opsize ? 2 : 4;
	*len = i + 1;
	return 1;
}

/* Is p a rep stos (f3 [prefixes] [rex] aa/ab)? As decode_rep_movs. */
static int decode_rep_stos(const uint8_t *p, unsigned *len, unsigned *size)
{
	int rep = 0, opsize = 0, rexw = 0;
	unsigned i = 0;

	for (; i < 14 && (p[i] == 0xf3 || p[i] == 0x66); i++)
		p[i] == 0xf3 ? (rep = 1) : (opsize = 1);
	if ((p[i] & 0xf0) == 0x40) {
		rexw = (p[i] & 8) != 0;
		i++;
	}
	if (!rep || (p[i] != 0xaa && p[i] != 0xab))
		return 0;
	*size = p[i] == 0xaa ? 1 : rexw ? 8 : opsize ? 2 : 4;
	*len = i + 1;
	return 1;
}

static void find_rep_sites(void)
{
	rep_sites = calloc(ex_count ? ex_count : 1, sizeof *rep_sites);
	if (!rep_sites)
		return;
	for (size_t i = 0; i < ex_count; i++) {
		unsigned len, size;

		if (i && ex_index[i].insn == ex_index[i - 1].insn)
			continue;
		rep_sites[rep_nsites].stos = 0;
		if (!decode_rep_movs((const uint8_t *)ex_index[i].insn, &len, &size)) {
			if (!decode_rep_stos((const uint8_t *)ex_index[i].insn, &len, &size))
				continue;
			rep_sites[rep_nsites].stos = 1;
		}
		rep_sites[rep_nsites].at = ex_index[i].insn;
		rep_sites[rep_nsites].len = len;
		rep_sites[rep_nsites].size = size;
		rep_sites[rep_nsites].first = *(const uint8_t *)ex_index[i].insn;
		rep_nsites++;
	}
}

size_t lab_rep_sites(void)
{
	return rep_nsites;
}

static struct rep_site *site_at(uintptr_t at)
{
	size_t lo = 0, hi = rep_nsites;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rep_sites[mid].at < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < rep_nsites && rep_sites[lo].at == at ? &rep_sites[lo] : NULL;
}

/* The site whose trampoline holds pc, or NULL. */
static struct rep_site *site_of_tramp(uintptr_t pc)
{
	size_t k;

	if (!tramp_area || pc < (uintptr_t)tramp_area || pc >= (uintptr_t)tramp_area + tramp_bytes)
		return NULL;
	k = (pc - (uintptr_t)tramp_area) / TRAMP_SLOT;
	return k < rep_nsites ? &rep_sites[k] : NULL;
}

/* A code address as the routine's: a trampoline's is its site's. */
static uintptr_t code_addr(uintptr_t pc)
{
	struct rep_site *r = site_of_tramp(pc);

	return r ? r->at + (pc - (uintptr_t)r->tramp < r->len ? pc - (uintptr_t)r->tramp : 0) : pc;
}

static int poke(uintptr_t at, uint8_t v)
{
	uintptr_t page = at & ~(uintptr_t)(PAGE - 1);

	if (mprotect((void *)page, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC))
		return -1;
	*(volatile uint8_t *)at = v;
	return mprotect((void *)page, PAGE, PROT_READ | PROT_EXEC);
}

/* Puts the int3s in (once per process). 0, or -1 with reps_why set. */
static int reps_patch(void)
{
	if (reps_patched)
		return reps_patched > 0 ? 0 : -1;
	reps_patched = -1;
	if (!rep_nsites) {
		reps_patched = 1;
		return 0;
	}
	tramp_bytes = (rep_nsites * TRAMP_SLOT + PAGE - 1) & ~(size_t)(PAGE - 1);
	tramp_area = mmap(NULL, tramp_bytes, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (tramp_area == MAP_FAILED) {
		tramp_area = NULL;
		snprintf(reps_why, sizeof reps_why, "mmap: %s", strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < rep_nsites; i++) {
		struct rep_site *r = &rep_sites[i];
		uint8_t *t = tramp_area + i * TRAMP_SLOT;
		uint64_t back = r->at + r->len;

		r->tramp = t;
		memcpy(t, (const void *)r->at, r->len);
		t += r->len;
		*t++ = 0xff;		/* jmp *0(%rip) */
		*t++ = 0x25;
		memset(t, 0, 4);
		memcpy(t + 4, &back, 8);
	}
	if (mprotect(tramp_area, tramp_bytes, PROT_READ | PROT_EXEC)) {
		snprintf(reps_why, sizeof reps_why, "mprotect: %s", strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < rep_nsites; i++)
		if (poke(rep_sites[i].at, 0xcc)) {
			snprintf(reps_why, sizeof reps_why, "cannot patch the code (mprotect "
				 "read-write-execute: %s)", strerror(errno));
			while (i--)
				poke(rep_sites[i].at, rep_sites[i].first);
			return -1;
		}
	reps_patched = 1;
	return 0;
}

/* ---- traced cases: what an instruction is, for the fence check ---- */

enum { K_OTHER, K_NT, K_FENCE };

static int insn_kind(const uint8_t *p)
{
	unsigned i = 0;
	int lock = 0;

	for (; i < 14; i++) {
		uint8_t b = p[i];
		if (b == 0xf0)
			lock = 1;
		else if (b == 0x66 || b == 0xf2 || b == 0xf3 || b == 0x26 || b == 0x2e ||
			 b == 0x36 || b == 0x3e || b == 0x64 || b == 0x65 || b == 0x67)
			continue;
		else
			break;
	}
	if (lock)
		return K_FENCE;			/* a locked instruction orders them too */
	if (p[i] == 0xc5 || p[i] == 0xc4) {	/* VEX: vmovntdq/ps/pd */
		uint8_t op = p[i] == 0xc5 ? p[i + 2] : p[i + 3];
		unsigned map = p[i] == 0xc5 ? 1 : (p[i + 1] & 0x1f);
		return map == 1 && (op == 0x2b || op == 0xe7) ? K_NT : K_OTHER;
	}
	if ((p[i] & 0xf0) == 0x40)
		i++;
	if (p[i] == 0x86 || p[i] == 0x87)	/* xchg: locked when on memory */
		return (p[i + 1] & 0xc0) != 0xc0 ? K_FENCE : K_OTHER;
	if (p[i] != 0x0f)
		return K_OTHER;
	switch (p[i + 1]) {
	case 0xc3:				/* movnti */
	case 0xe7:				/* movntq, movntdq */
	case 0x2b:				/* movntps, movntpd */
		return K_NT;
	case 0xae:				/* sfence f8, mfence f0 */
		return p[i + 2] == 0xf8 || p[i + 2] == 0xf0 ? K_FENCE : K_OTHER;
	case 0xa2:				/* cpuid: serializing */
		return K_FENCE;
	}
	return K_OTHER;
}

/*
 * Whether a fault counts as the fence for the movnti stores before it, by
 * the convention of the model's era. The v6.4 rewrite of
 * __copy_user_nocache (034ff37d3407) returns from its fix-ups with no
 * sfence, relying on the exception: the kernel's fix-up runs after an
 * iret, a serializing instruction (the SDM also lists an interrupt among
 * the events that drain write combining). The routines before it fence
 * their fault paths, and the lab holds them (and a patch reviewed against
 * them) to that.
 */
static int fault_fences(const char *model_name)
{
	return !strcmp(model_name, "uncached");
}

/* One single-step trap: account for the instruction just done, look at
 * the next; at the return, the verdict. */
static void trace_step(greg_t *g)
{
	uintptr_t rip = (uintptr_t)g[REG_RIP];

	if (cur.prev_kind == K_NT) {
		cur.nt_pending = 1;
		cur.nt_rip = cur.prev_rip;
	} else if (cur.prev_kind == K_FENCE) {
		cur.nt_pending = 0;
	}
	cur.prev_kind = K_OTHER;
	if (rip == (uintptr_t)lab_call_return) {
		g[REG_EFL] &= ~(greg_t)EFL_TF;
		cur.tracing = 0;
		cur.nt_unfenced = cur.nt_pending;
		return;
	}
	if (++cur.steps > TRACE_MAX_STEPS) {
		g[REG_EFL] &= ~(greg_t)EFL_TF;
		cur.tracing = 0;
		cur.trace_cut = 1;
		return;
	}
	cur.prev_rip = code_addr(rip);
	cur.prev_kind = insn_kind((const uint8_t *)rip);
}

static _Noreturn void abort_case(unsigned kind)
{
	cur.abort_kind = kind;
	cur.armed = 0;
	siglongjmp(cur.jb, 1);
}

static struct { long nr; const char *name; } refused;

void lab_abort_syscall(long nr, const char *name, uintptr_t rip)
{
	if (!cur.armed)
		return;
	refused.nr = nr;
	refused.name = name;
	cur.rip = code_addr(rip);
	abort_case(LAB_F_SYSCALL);
}

void lab_prepare_sandbox(void)
{
	(void)reps_patch();	/* a failure stays recorded: lag-setup */
}

/*
 * Is a fault at addr one the case intends: in the guard page after the
 * source (a read) or the destination (a write), at an offset the copy may
 * touch (< len)? The guard sits exactly at offset fs / fd, so any address
 * in it is at or past the first faulting byte.
 */
static int fault_expected(uintptr_t addr, unsigned long err)
{
	uintptr_t sg = cur.src_guard;
	uintptr_t dg = (uintptr_t)dst_region.hi_guard;

	if (cur.trapno != X86_TRAP_PF)
		return 0;
	if (addr >= sg && addr < sg + PAGE)
		return cur.fs != LAB_NOFAULT && addr - cur.src < cur.len &&
		       !(err & PF_WRITE);
	if (addr >= dg && addr < dg + PAGE)
		return cur.fd != LAB_NOFAULT && addr - cur.dst < cur.len &&
		       (err & PF_WRITE);
	return 0;
}

/*
 * What the kernel's fixup_exception (arch/x86/mm/extable.c) does for an
 * entry's type word (asm/kshim/asm/extable_fixup_types.h: type in bits
 * 0-7, register 8-11, flags 12-15, signed immediate 16-31), on the
 * signal context. 0, or -1 for a type the lab does not apply (the kernel
 * would BUG() on most of them); cur.bad_type then says which.
 */
static int apply_fixup(const struct ex_fix *fix, greg_t *g)
{
	static const int gpr[16] = {
		REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI,
		REG_RDI, REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13,
		REG_R14, REG_R15,
	};
	unsigned type = fix->type & 0xff, flags = (fix->type >> 12) & 0xf;
	int reg = gpr[(fix->type >> 8) & 0xf];
	long imm = (int32_t)fix->type >> 16;

	switch (type) {
	case 1: case 3: case 14:	/* DEFAULT, UACCESS, DEFAULT_MCE_SAFE */
		if (flags & 1)
			g[REG_RAX] = 0;
		if (flags & 2)
			g[REG_RDX] = 0;
		break;
	case 2: case 4: case 15:	/* FAULT, COPY, FAULT_MCE_SAFE: ax = trap */
		g[REG_RAX] = (greg_t)cur.trapno;
		break;
	case 16:			/* POP_REG: sp += 8, then IMM_REG */
		g[REG_RSP] += 8;
		g[reg] = imm;
		break;
	case 17:			/* IMM_REG: reg = imm */
		g[reg] = imm;
		break;
	case 19:			/* UCOPY_LEN: cx = imm * cx + reg */
		g[REG_RCX] = (greg_t)((unsigned long)imm * (unsigned long)g[REG_RCX] +
				      (unsigned long)g[reg]);
		break;
	default:
		cur.bad_type = fix->type;
		return -1;
	}
	g[REG_RIP] = (greg_t)fix->fixup;
	return 0;
}

/* SIGSEGV/SIGBUS: the user-space fixup_exception. */
static void on_fault(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *g = uc->uc_mcontext.gregs;
	const struct ex_fix *fix;
	struct rep_site *site;

	if (!cur.armed) {
		/* The lab's own bug: die of it, visibly. */
		signal(sig, SIG_DFL);
		return;
	}
	cur.rip = (uintptr_t)g[REG_RIP];
	cur.addr = (uintptr_t)si->si_addr;
	cur.err = (unsigned long)g[REG_ERR];
	cur.trapno = (unsigned long)g[REG_TRAPNO];
	cur.abort_sig = sig;
	cur.prev_kind = K_OTHER;	/* the faulting instruction did not complete */
	if (cur.fault_fences)
		cur.nt_pending = 0;
	if ((site = site_of_tramp(cur.rip))) {
		/* A fault in a rep movs: it did start_rcx - rcx elements; it
		 * reports min(lag, done) fewer (the stores stay). */
		unsigned idx = cur.reps++, li = idx < LAB_REPS_MAX ? idx : LAB_REPS_MAX - 1;
		size_t done = (size_t)(site->start_rcx - (uint64_t)g[REG_RCX]);
		size_t lag = cur.nlag ? cur.lag[li < cur.nlag ? li : cur.nlag - 1] : 0;
		size_t k = lag < done ? lag : done;

		if (k) {
			greg_t step = (greg_t)(k * site->size);
			g[REG_RCX] += (greg_t)k;
			if (g[REG_EFL] & (greg_t)EFL_DF) {
				g[REG_RSI] += site->stos ? 0 : step;
				g[REG_RDI] += step;
			} else {
				g[REG_RSI] -= site->stos ? 0 : step;
				g[REG_RDI] -= step;
			}
			cur.lagged = 1;
		}
		if (idx < LAB_REPS_MAX) {
			cur.rep_done[idx] = done;
			cur.rep_k[idx] = k;
			cur.rep_size[idx] = site->size;
		}
		cur.rip = site->at;
	}
	fix = ex_find(cur.rip);
	if (!fix)
		abort_case(LAB_F_NOEXTABLE);
	if (!fault_expected(cur.addr, cur.err))
		abort_case(LAB_F_OOB);
	if (sig == SIGBUS && cur.src_guard == (uintptr_t)mc_region.hi_guard) {
		/* Poison: a machine check. Only the MCE-safe entry types
		 * recover from one (the kernel panics on any other). */
		unsigned type = fix->type & 0xff;

		cur.trapno = X86_TRAP_MC;
		g[REG_TRAPNO] = X86_TRAP_MC;
		if (type != 14 && type != 15) {	/* DEFAULT_MCE_SAFE, FAULT_MCE_SAFE */
			cur.bad_type = fix->type;
			abort_case(LAB_F_NOTMCE);
		}
	}
	if (++cur.faults > MAX_FAULTS)
		abort_case(LAB_F_FAULTLOOP);
	if (apply_fixup(fix, g))
		abort_case(LAB_F_NOEXTABLE);
}

/*
 * SIGTRAP: the int3 at a rep site (record the count it starts with, run
 * the instruction in its trampoline) or a single step of a traced case;
 * anything else is a routine's own trap, as SIGILL and SIGFPE.
 */
static void on_trap(int sig, siginfo_t *si, void *ucv);

/* SIGILL, SIGFPE, SIGTRAP: no copy routine should raise them. */
static void on_other(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	if (sig == SIGTRAP) {
		on_trap(sig, si, ucv);
		return;
	}
	if (!cur.armed) {
		signal(sig, SIG_DFL);
		return;
	}
	cur.rip = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	cur.addr = (uintptr_t)si->si_addr;
	cur.abort_sig = sig;
	abort_case(LAB_F_SIGNAL);
}

static void on_trap(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *g = uc->uc_mcontext.gregs;
	uintptr_t rip = (uintptr_t)g[REG_RIP];
	struct rep_site *r;

	if (reps_patched > 0 && (r = site_at(rip - 1)) && *(const uint8_t *)(rip - 1) == 0xcc) {
		r->start_rcx = (uint64_t)g[REG_RCX];
		g[REG_RIP] = (greg_t)r->tramp;
		cur.rep_runs++;
		return;
	}
	if (cur.armed && cur.tracing) {
		trace_step(g);
		return;
	}
	if (!cur.armed) {
		signal(sig, SIG_DFL);
		return;
	}
	cur.rip = code_addr(rip);
	cur.addr = (uintptr_t)si->si_addr;
	cur.abort_sig = sig;
	abort_case(LAB_F_SIGNAL);
}

/*
 * SIGPROF every TICK_US of CPU time: a case that is still the one running
 * after TIMEOUT_TICKS ticks has hung. No timer calls per case.
 */
static void on_tick(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	(void)si;
	if (!cur.armed)
		return;
	if (cur.tick_seq != cur.seq) {
		cur.tick_seq = cur.seq;
		cur.ticks = 1;
		return;
	}
	if (++cur.ticks >= cur.timeout_ticks) {
		cur.rip = code_addr((uintptr_t)((ucontext_t *)ucv)->uc_mcontext.gregs[REG_RIP]);
		abort_case(LAB_F_TIMEOUT);
	}
}

static int map_region(struct region *r)
{
	size_t total = (RW_PAGES + 2) * PAGE;
	uint8_t *p = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			  -1, 0);

	if (p == MAP_FAILED)
		return -1;
	r->lo_guard = p;
	r->rw = p + PAGE;
	r->hi_guard = p + PAGE + RW_PAGES * PAGE;
	return mprotect(r->rw, RW_PAGES * PAGE, PROT_READ | PROT_WRITE);
}

/* mc_region: the high guard a page of an empty file, mapped read-only. */
static int map_mc_region(void)
{
	int fd = memfd_create("ucopy-lab-poison", MFD_CLOEXEC);
	void *p;

	if (fd < 0 || map_region(&mc_region)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	p = mmap(mc_region.hi_guard, PAGE, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0);
	close(fd);
	return p == MAP_FAILED ? -1 : 0;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int lab_init(void)
{
	static uint8_t altstack[1 << 16];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack };
	struct sigaction sa;
	struct itimerval it = { { 0, TICK_US }, { 0, TICK_US } };
	uint64_t s = 0x75636f7079ull;   /* fixed: contents vary by case seed */

	if (!initialised) {
		if (ex_build() || map_region(&src_region) || map_region(&dst_region) ||
		    map_mc_region()) {
			perror("lab: set-up");
			return -1;
		}
		find_rep_sites();
		for (size_t i = 0; i < POOL; i++) {
			uint64_t v = splitmix(&s);
			spool[i] = spool[i + POOL] = (uint8_t)v;
			dpool[i] = dpool[i + POOL] = (uint8_t)v ^ (uint8_t)((v >> 8) | 1);
			cpool[i] = cpool[i + POOL] = dpool[i] | 1;
		}
		initialised = 1;
	}
	if (sigaltstack(&ss, NULL)) {
		perror("lab: sigaltstack");
		return -1;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGPROF);
	sa.sa_sigaction = on_fault;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sa.sa_sigaction = on_other;
	sigaction(SIGILL, &sa, NULL);
	sigaction(SIGFPE, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
	sa.sa_sigaction = on_tick;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	sigprocmask(SIG_SETMASK, NULL, &normal_mask);
	if (setitimer(ITIMER_PROF, &it, NULL)) {
		perror("lab: setitimer");
		return -1;
	}
	return 0;
}

/* ---- reporting helpers ---- */

static void add_what(struct lab_outcome *o, unsigned kind, const char *fmt, ...)
{
	size_t n = strlen(o->what);
	va_list ap;

	o->fail |= kind;
	if (n + 4 >= sizeof o->what)
		return;
	if (n)
		n += (size_t)snprintf(o->what + n, sizeof o->what - n, "; ");
	va_start(ap, fmt);
	vsnprintf(o->what + n, sizeof o->what - n, fmt, ap);
	va_end(ap);
}

/* "sym+0x12" or "binary+0x1234" (addr2line -e binary 0x1234). */
static void where(uintptr_t pc, char *buf, size_t n)
{
	Dl_info di;

	if (dladdr((void *)pc, &di) && di.dli_sname)
		snprintf(buf, n, "%s+%#lx", di.dli_sname,
			 (unsigned long)(pc - (uintptr_t)di.dli_saddr));
	else if (dladdr((void *)pc, &di) && di.dli_fname)
		snprintf(buf, n, "%s+%#lx", strrchr(di.dli_fname, '/') ?
			 strrchr(di.dli_fname, '/') + 1 : di.dli_fname,
			 (unsigned long)(pc - (uintptr_t)di.dli_fbase));
	else
		snprintf(buf, n, "%#lx", (unsigned long)pc);
}

/* Where an address is, relative to the case's buffers. */
static void place(uintptr_t a, char *buf, size_t n)
{
	uintptr_t s0 = cur.src_guard - (RW_PAGES + 1) * PAGE;	/* its lo_guard */
	uintptr_t d0 = (uintptr_t)dst_region.lo_guard;
	size_t span = (RW_PAGES + 2) * PAGE;

	if (a - s0 < span)
		snprintf(buf, n, "src%+ld", (long)(a - cur.src));
	else if (a - d0 < span)
		snprintf(buf, n, "dst%+ld", (long)(a - cur.dst));
	else
		snprintf(buf, n, "%#lx (outside both buffers)", (unsigned long)a);
}

static void lags_str(const struct lab_case *c, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < c->nlag && k + 2 < n; i++) {
		if (c->lag[i] == LAB_LAG_ALL)
			k += (size_t)snprintf(buf + k, n - k, "%sall", i ? "," : "");
		else
			k += (size_t)snprintf(buf + k, n - k, "%s%zu", i ? "," : "", c->lag[i]);
	}
}

void lab_case_str(const struct lab_case *c, char *buf, size_t n)
{
	char fs[24] = "-", fd[24] = "-", lags[80];
	int k;

	if (c->fs <= c->len)
		snprintf(fs, sizeof fs, "%zu", c->fs);
	if (c->fd <= c->len)
		snprintf(fd, sizeof fd, "%zu", c->fd);
	k = snprintf(buf, n, "len=%zu src%%64=%u dst%%64=%u fs=%s fd=%s",
		     c->len, c->src_align, c->dst_align, fs, fd);
	if (c->nlag && k > 0 && (size_t)k < n) {
		lags_str(c, lags, sizeof lags);
		k += snprintf(buf + k, n - (size_t)k, " lag=%s", lags);
	}
	if (c->trace && k > 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, " traced");
}

int lab_lags_parse(const char *s, struct lab_case *c)
{
	char buf[128], *save = NULL, *end;

	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	c->nlag = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (c->nlag == LAB_REPS_MAX)
			return -1;
		if (!strcmp(t, "all")) {
			c->lag[c->nlag++] = LAB_LAG_ALL;
			continue;
		}
		if (*t < '0' || *t > '9')
			return -1;
		c->lag[c->nlag++] = strtoul(t, &end, 10);
		if (*end)
			return -1;
	}
	return c->nlag ? 0 : -1;
}

int lab_keeps_parse(const char *list, unsigned *mask)
{
	char buf[256], *save = NULL;

	*mask = 0;
	if (strlen(list) >= sizeof buf)
		return -1;
	strcpy(buf, list);
	for (char *t = strtok_r(buf, " ,\t", &save); t; t = strtok_r(NULL, " ,\t", &save)) {
		int r;

		for (r = 0; r < NREGS && strcmp(reg_names[r], t); r++)
			;
		if (r == NREGS)
			return -1;
		if (r != R_SP)		/* rsp is always checked, on its own */
			*mask |= 1u << r;
	}
	return 0;
}

void lab_keeps_str(unsigned mask, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = 0;
	for (int r = 0; r < NREGS; r++)
		if ((mask & (1u << r)) && k + 2 < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "", reg_names[r]);
}

void lab_fail_str(unsigned fail, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < sizeof fail_names / sizeof *fail_names; i++)
		if ((fail & (1u << i)) && k + 2 < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s",
					      k ? "," : "", fail_names[i]);
}

static int parse_off(const char *s, size_t *v)
{
	char *end;

	if (!strcmp(s, "-")) {
		*v = LAB_NOFAULT;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	*v = strtoul(s, &end, 10);
	return *end ? -1 : 0;
}

int lab_case_parse(const char *s, struct lab_case *c)
{
	char buf[128], *f[5], *save = NULL;
	size_t v[3];
	int n = 0;

	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (n == 5)
			return -1;
		f[n++] = t;
	}
	if (n != 5)
		return -1;
	for (int i = 0; i < 3; i++)
		if (parse_off(f[i], &v[i]) || v[i] == LAB_NOFAULT)
			return -1;
	memset(c, 0, sizeof *c);
	c->len = v[0];
	c->src_align = (unsigned)v[1];
	c->dst_align = (unsigned)v[2];
	if (v[1] != c->src_align || v[2] != c->dst_align)
		return -1;
	return parse_off(f[3], &c->fs) || parse_off(f[4], &c->fd) ? -1 : 0;
}

/* ---- targets ---- */

void lab_target_strategy(struct lab_target *t, const struct ucopy_strategy *s)
{
	memset(t, 0, sizeof *t);
	snprintf(t->name, sizeof t->name, "%s", s->name);
	snprintf(t->model_name, sizeof t->model_name, "%s", s->name);
	t->entry = s->routine;
	t->abi = s->abi;
	t->model = s->model;
	t->bare = s->bare;
	t->level = s->level_exact_hw;
	t->level_delayed = s->level_delayed_hw;
	t->kind = s->kind;
	if (lab_keeps_parse(s->keeps, &t->keeps))
		lab_keeps_parse("rbx rbp r12 r13 r14 r15", &t->keeps);
}

int lab_target_zero_tail(struct lab_target *t, char *err, size_t errlen)
{
	const struct ucopy_strategy *m = ucopy_find(t->model_name);

	if (!m || m->kind == UCOPY_KIND_CLEAR || m->level_exact_hw != UCOPY_EXACT ||
	    m->level_delayed_hw != UCOPY_EXACT) {
		snprintf(err, errlen, "the zeroing tail goes behind a copy row proven EXACT "
			 "under both readings (a C-tail row), not '%s'", t->model_name);
		return -1;
	}
	t->zero_tail = 1;
	t->level = t->level_delayed = UCOPY_ZEROTAIL;
	return 0;
}

int lab_target_entry(struct lab_target *t, const char *symbol,
		     const char *model_name, const char *abi,
		     char *err, size_t errlen)
{
	const struct ucopy_strategy *s = NULL;
	void *p;

	memset(t, 0, sizeof *t);
	if (strlen(symbol) >= sizeof t->name || strlen(model_name) >= sizeof t->model_name) {
		snprintf(err, errlen, "name too long");
		return -1;
	}
	p = dlsym(RTLD_DEFAULT, symbol);
	if (!p) {
		snprintf(err, errlen, "no symbol '%s' in this binary (linked in, and -rdynamic?)", symbol);
		return -1;
	}
	snprintf(t->name, sizeof t->name, "%s", symbol);
	snprintf(t->model_name, sizeof t->model_name, "%s", model_name);
	t->entry = (void (*)(void))p;
	if (!strcmp(model_name, "none")) {
		t->model = NULL;
		t->bare = NULL;
		t->abi = UCOPY_ABI_CLASSIC;
		t->level = t->level_delayed = UCOPY_NONE;
		lab_keeps_parse("rbx rbp r12 r13 r14 r15", &t->keeps);
	} else if ((s = ucopy_find(model_name))) {
		t->model = s->model;
		t->bare = s->bare;
		t->abi = s->abi;
		t->level = s->level_exact_hw;
		t->level_delayed = s->level_delayed_hw;
		t->kind = s->kind;
		if (lab_keeps_parse(s->keeps, &t->keeps))
			lab_keeps_parse("rbx rbp r12 r13 r14 r15", &t->keeps);
	} else {
		snprintf(err, errlen, "unknown model '%s' (a registry name or none)", model_name);
		return -1;
	}
	if (abi) {
		if (!strcmp(abi, "classic"))
			t->abi = UCOPY_ABI_CLASSIC;
		else if (!strcmp(abi, "rep"))
			t->abi = UCOPY_ABI_REP;
		else if (!strcmp(abi, "classic_clear"))
			t->abi = UCOPY_ABI_CLASSIC_CLEAR;
		else if (!strcmp(abi, "stos"))
			t->abi = UCOPY_ABI_STOS;
		else {
			snprintf(err, errlen, "unknown ABI '%s' (classic, rep, classic_clear or stos)", abi);
			return -1;
		}
		/* a clear ABI runs the target as a clear, whatever the model */
		if (t->abi == UCOPY_ABI_CLASSIC_CLEAR || t->abi == UCOPY_ABI_STOS)
			t->kind = UCOPY_KIND_CLEAR;
	}
	return 0;
}

/* ---- one case ---- */

/* Buffer start: against the guard when the fault offset is <= len. */
static uintptr_t place_buffer(const struct region *r, size_t len, size_t f,
			      unsigned align)
{
	uintptr_t g = (uintptr_t)r->hi_guard;

	if (f != LAB_NOFAULT)
		return g - f;
	return ((g - len - WINDOW - LAB_ALIGN_MOD) & ~(uintptr_t)(LAB_ALIGN_MOD - 1)) + align;
}

/* The part [lo, hi) of a buffer's surroundings the lab fills and checks:
 * WINDOW bytes either side, clipped to the read-write pages. */
static void window(const struct region *r, uint8_t *buf, size_t len,
		   uint8_t **lo, uint8_t **hi)
{
	*lo = buf - WINDOW < r->rw ? r->rw : buf - WINDOW;
	*hi = buf + len + WINDOW > r->hi_guard ? r->hi_guard : buf + len + WINDOW;
	if (*hi < *lo)
		*hi = *lo;
}

/* First offset in [a, b) where buf differs from want (relative to base). */
static ptrdiff_t first_diff(const uint8_t *buf, const uint8_t *want,
			    ptrdiff_t a, ptrdiff_t b)
{
	if (a >= b || !memcmp(buf + a, want + a, (size_t)(b - a)))
		return PTRDIFF_MAX;
	while (buf[a] == want[a])
		a++;
	return a;
}

static const char *level_name(enum ucopy_level l)
{
	return l == UCOPY_NONE ? "NONE" : ucopy_level_name(l);
}

/*
 * Checks the result against a contract level (spec/ucopy_spec.h): s and d
 * are the source contents and the destination's initial contents.
 */
static void check_contract(struct lab_outcome *o, enum ucopy_level level,
			   const uint8_t *dst, const uint8_t *s, const uint8_t *d,
			   size_t len, size_t f, size_t wlim, size_t ret)
{
	size_t done;
	ptrdiff_t i;

	if (level == UCOPY_NONE)
		return;
	if (ret > len || len - ret > f) {
		add_what(o, LAB_F_CONTRACT, "not %s: returned %zu, exact %zu%s",
			 level_name(level), ret, len - f,
			 ret > len ? " (> len)" : " (claims bytes past the fault)");
		return;
	}
	done = len - ret;
	if ((level == UCOPY_EXACT || level == UCOPY_ZEROTAIL) && ret != len - f)
		add_what(o, LAB_F_CONTRACT, "not %s: returned %zu, exact %zu",
			 level_name(level), ret, len - f);
	if (level == UCOPY_RAW && ret == len && len > 0 && f > 0)
		add_what(o, LAB_F_CONTRACT, "not RAW: copied nothing though %zu bytes could be", f);
	if ((i = first_diff(dst, s, 0, (ptrdiff_t)done)) != PTRDIFF_MAX) {
		add_what(o, LAB_F_CONTRACT, "not %s: dst[%td] not copied though reported",
			 level_name(level), i);
		return;
	}
	if (level == UCOPY_WEAK) {	/* past the report: old or source bytes */
		for (size_t z = done; z < wlim; z++)
			if (dst[z] != d[z] && dst[z] != s[z]) {
				add_what(o, LAB_F_CONTRACT, "not WEAK: dst[%zu] is neither its old nor its source byte",
					 z);
				return;
			}
		return;
	}
	if (level == UCOPY_ZEROTAIL) {	/* zeros up to the first refused byte */
		for (size_t z = done; z < wlim; z++)
			if (dst[z]) {
				add_what(o, LAB_F_CONTRACT, "not ZEROTAIL: dst[%zu] not zeroed after the reported %zu bytes",
					 z, done);
				return;
			}
		return;
	}
	if ((i = first_diff(dst, d, (ptrdiff_t)done, (ptrdiff_t)wlim)) != PTRDIFF_MAX)
		add_what(o, LAB_F_CONTRACT, "not %s: dst[%td] written past the reported %zu bytes",
			 level_name(level), i, done);
}

/* Why the case ended early, from what the handlers recorded. */
static void describe_abort(struct lab_outcome *o)
{
	char at[64], addr[64];

	where(cur.rip, at, sizeof at);
	place(cur.addr, addr, sizeof addr);
	switch (cur.abort_kind) {
	case LAB_F_NOEXTABLE:
		if (cur.bad_type)
			add_what(o, LAB_F_NOEXTABLE, "fault at %s (access %s): its exception-table "
				 "entry has type word %#x, which the lab does not apply",
				 at, addr, (unsigned)cur.bad_type);
		else
			add_what(o, LAB_F_NOEXTABLE, "fault at %s (access %s) has no exception-table entry",
				 at, addr);
		break;
	case LAB_F_OOB:
		if (cur.trapno == X86_TRAP_PF)
			add_what(o, LAB_F_OOB, "%s at %s: %s is outside the bytes the case lets it touch",
				 cur.err & PF_WRITE ? "write" : "read", at, addr);
		else
			add_what(o, LAB_F_OOB, "general protection fault (trap %lu) at %s",
				 cur.trapno, at);
		break;
	case LAB_F_NOTMCE:
		add_what(o, LAB_F_NOTMCE, "machine check at %s (poisoned source, %s): its exception-table "
			 "entry has type word %#x, not an MCE-safe one: the kernel would panic",
			 at, addr, (unsigned)cur.bad_type);
		break;
	case LAB_F_FAULTLOOP:
		add_what(o, LAB_F_FAULTLOOP, "more than %d faults (last at %s, %s): fix-up loop",
			 MAX_FAULTS, at, addr);
		break;
	case LAB_F_TIMEOUT:
		add_what(o, LAB_F_TIMEOUT, "still running after %d ms of CPU (at %s)",
			 cur.timeout_ticks * TICK_US / 1000, at);
		break;
	case LAB_F_SYSCALL:
		add_what(o, LAB_F_SYSCALL, "system call %ld (%s) at %s, refused by the sandbox: "
			 "not run", refused.nr, refused.name ? refused.name : "unnamed", at);
		break;
	default:
		add_what(o, LAB_F_SIGNAL, "signal %d (%s) at %s", cur.abort_sig,
			 strsignal(cur.abort_sig), at);
	}
}

void lab_outcome_line(const struct lab_target *t, const struct lab_case *c,
		      struct lab_outcome *o)
{
	struct lab_case shown = *c;
	char buf[96], kinds[128];

	/* The alignments the placement really gave. */
	shown.src_align = (unsigned)(o->src % LAB_ALIGN_MOD);
	shown.dst_align = (unsigned)(o->dst % LAB_ALIGN_MOD);
	lab_case_str(&shown, buf, sizeof buf);
	lab_fail_str(o->fail, kinds, sizeof kinds);
	if (o->pass)
		snprintf(o->line, sizeof o->line, "ok %s (model %s) %s: passed",
			 t->name, t->model_name, buf);
	else
		snprintf(o->line, sizeof o->line, "FAIL %s (model %s) %s: [%s] %s",
			 t->name, t->model_name, buf, kinds, o->what);
}

int lab_run(const struct lab_target *t, const struct lab_case *c,
	    struct lab_outcome *o)
{
	size_t len = c->len, fs, fd, f, wlim, i, maddr;
	uint64_t seed = c->seed, k;
	uint8_t *src, *dst, *lo, *hi;
	const struct region *srcr;
	const uint8_t *s, *d;
	struct lab_call call;
	enum ucopy_level level;
	ptrdiff_t at;
	int clear;

	memset(o, 0, sizeof *o);
	if (!initialised) {
		snprintf(o->what, sizeof o->what, "lab_init() was not called");
		return -1;
	}
	if (!t->entry || len > LAB_LEN_MAX || c->src_align >= LAB_ALIGN_MOD ||
	    c->dst_align >= LAB_ALIGN_MOD || c->nlag > LAB_REPS_MAX) {
		snprintf(o->what, sizeof o->what,
			 "bad case: need an entry, len <= %d, alignments < %d, at most %d lags",
			 LAB_LEN_MAX, LAB_ALIGN_MOD, LAB_REPS_MAX);
		return -1;
	}
	if (c->nlag && reps_patch()) {
		add_what(o, LAB_F_LAGSETUP, "lags cannot be emulated here: %s", reps_why);
		lab_outcome_line(t, c, o);
		return 0;
	}
	clear = t->kind == UCOPY_KIND_CLEAR;
	fs = c->fs <= len && !clear ? c->fs : LAB_NOFAULT;   /* a clear reads nothing */
	fd = c->fd <= len ? c->fd : LAB_NOFAULT;
	f = fs < fd ? fs : fd;
	if (f > len)
		f = len;
	wlim = fd < len ? fd : len;   /* writable destination bytes */

	srcr = t->kind == UCOPY_KIND_MC ? &mc_region : &src_region;
	src = (uint8_t *)place_buffer(srcr, len, fs, c->src_align);
	dst = (uint8_t *)place_buffer(&dst_region, len, fd, c->dst_align);
	o->src = (size_t)src;
	o->dst = (size_t)dst;

	/*
	 * Contents: s[i] is the source byte at offset i, d[i] the destination's
	 * initial byte, never equal to s[i] (so a missed byte, an extra byte or
	 * a byte from the wrong offset always shows). Both are runs of the
	 * pools, valid for i in [-WINDOW, len + WINDOW].
	 */
	k = splitmix(&seed) % POOL;
	s = (clear ? zpool : spool) + WINDOW + k;
	d = (clear ? cpool : dpool) + WINDOW + k;
	window(srcr, src, len, &lo, &hi);
	memcpy(lo, s + (lo - src), (size_t)(hi - lo));
	window(&dst_region, dst, len, &lo, &hi);
	memcpy(lo, d + (lo - dst), (size_t)(hi - lo));
	memcpy(model_src, s, len);
	memcpy(model_dst, d, len);

	/*
	 * Registers: the arguments, and a distinct value in every other one
	 * (seed-dependent, so that a routine cannot get them right by luck);
	 * afterwards the ones the target's ABI keeps must hold them.
	 */
	memset(&call, 0, sizeof call);
	call.entry = t->entry;
	call.trace = c->trace != 0;
	for (i = 0; i < NREGS; i++)
		call.in[i] = 0x5e47000000000000ull + ((uint64_t)i << 40) + (seed & 0xffffffffffull);
	call.in[R_DI] = (uint64_t)dst;
	call.in[R_SI] = (uint64_t)src;
	if (t->abi == UCOPY_ABI_REP) {
		call.in[R_CX] = len;
	} else if (t->abi == UCOPY_ABI_STOS) {
		call.in[R_CX] = len;          /* rep stos: rdi, rcx, and al */
		call.in[R_AX] = 0;
		call.in[R_SI] = 0x5e47000000000000ull + ((uint64_t)R_SI << 40) + (seed & 0xffffffffffull);
	} else if (t->abi == UCOPY_ABI_CLASSIC_CLEAR) {
		call.in[R_SI] = len;          /* __clear_user(addr, size) */
	} else {
		call.in[R_DX] = (call.in[R_DX] & ~0xffffffffull) | (uint32_t)len;
	}

	cur.src = (uintptr_t)src;
	cur.dst = (uintptr_t)dst;
	cur.src_guard = (uintptr_t)srcr->hi_guard;
	cur.len = len;
	cur.fs = fs;
	cur.fd = fd;
	cur.faults = 0;
	cur.abort_kind = 0;
	cur.bad_type = 0;
	cur.nlag = c->nlag;
	memcpy(cur.lag, c->lag, sizeof cur.lag);
	cur.rep_runs = cur.reps = 0;
	cur.lagged = 0;
	cur.tracing = c->trace != 0;
	cur.trace_cut = cur.nt_pending = cur.nt_unfenced = 0;
	cur.fault_fences = fault_fences(t->model_name);
	cur.prev_kind = K_OTHER;
	cur.steps = 0;
	cur.timeout_ticks = c->trace ? TRACE_TIMEOUT_TICKS : TIMEOUT_TICKS;
	cur.seq++;
	if (sigsetjmp(cur.jb, 0) == 0) {
		cur.armed = 1;
		lab_call(&call);
		cur.armed = 0;
	} else {
		/* Left a handler by siglongjmp: its signal is still blocked. */
		sigprocmask(SIG_SETMASK, &normal_mask, NULL);
	}
	cur.tracing = 0;
	o->faults = cur.faults;
	o->fault_rip = cur.rip;
	o->fault_addr = cur.addr;
	o->rep_runs = cur.rep_runs;
	o->reps = cur.reps;
	for (i = 0; i < LAB_REPS_MAX; i++) {
		o->rep_done[i] = cur.rep_done[i];
		o->rep_k[i] = cur.rep_k[i];
		o->rep_size[i] = cur.rep_size[i];
	}
	o->lagged = cur.lagged;
	o->steps = cur.steps;
	o->trace_cut = cur.trace_cut;

	if (cur.abort_kind) {
		describe_abort(o);
	} else {
		for (i = 0; i < NREGS; i++)
			if ((t->keeps & (1u << i)) && call.out[i] != call.in[i])
				add_what(o, i == R_BX || i == R_BP || i >= R_12 ? LAB_F_CALLEE : LAB_F_CLOBBER,
					 "%s clobbered (%#lx, was %#lx; the %s ABI keeps it)", reg_names[i],
					 (unsigned long)call.out[i], (unsigned long)call.in[i],
					 ucopy_abi_name(t->abi));
		if (call.out[R_SP] != call.rsp_before)
			add_what(o, LAB_F_RSP, "rsp off by %ld", (long)(call.out[R_SP] - call.rsp_before));
		if (call.rflags & EFL_DF)
			add_what(o, LAB_F_DF, "returned with DF set");
		if (cur.nt_unfenced) {
			char nt[64];
			where(cur.nt_rip, nt, sizeof nt);
			add_what(o, LAB_F_NTFENCE, "returned with the non-temporal store at %s "
				 "not followed by sfence/mfence on this path", nt);
		}
		o->ret = t->abi == UCOPY_ABI_REP || t->abi == UCOPY_ABI_STOS ? call.out[R_CX] :
			 t->abi == UCOPY_ABI_CLASSIC_CLEAR ? call.out[R_AX] : (uint32_t)call.out[R_AX];
	}

	/* The source must be as it was, and the destination outside
	 * [dst, dst + len). */
	window(srcr, src, len, &lo, &hi);
	at = first_diff(src, s, lo - src, hi - src);
	if (at != PTRDIFF_MAX)
		add_what(o, LAB_F_SRCWRITE, "source changed at src%+td", at);
	window(&dst_region, dst, len, &lo, &hi);
	at = first_diff(dst, d, lo - dst, 0);
	if (at == PTRDIFF_MAX)
		at = first_diff(dst, d, (ptrdiff_t)len, hi - dst);
	if (at != PTRDIFF_MAX)
		add_what(o, LAB_F_OVERWRITE, "wrote dst%+td, outside [dst, dst+%zu)", at, len);

	o->expect_ret = len - f;
	/* the address the model aligns by: the source's for an MC row */
	maddr = (size_t)(t->kind == UCOPY_KIND_MC ? src : dst);
	if (!cur.abort_kind && t->model) {
		if (c->nlag && t->bare) {
			ucopy_hw_arm_lags(len, fs, fd, c->lag, c->nlag);
			o->model_ret = t->bare(model_dst, model_src, len, maddr);
		} else {
			o->model_ret = t->model(model_dst, model_src, len, maddr, fs, fd, 0);
		}
		/* The model's tail is the byte retry; the zeroing tail goes on
		 * from where it stops, storing zeros until fd. */
		if (t->zero_tail && o->model_ret <= len)
			for (i = len - o->model_ret; i < wlim; i++)
				model_dst[i] = 0;
		at = first_diff(model_dst, d, (ptrdiff_t)wlim, (ptrdiff_t)len);
		if (at != PTRDIFF_MAX)
			add_what(o, LAB_F_MODEL, "model %s wrote dst[%td], at/after fd",
				 t->model_name, at);
		if (o->ret != o->model_ret)
			add_what(o, LAB_F_RET, "returned %zu, model %s %zu (exact %zu)",
				 o->ret, t->model_name, o->model_ret, o->expect_ret);
		at = first_diff(dst, model_dst, 0, (ptrdiff_t)wlim);
		if (at != PTRDIFF_MAX)
			add_what(o, LAB_F_DATA, "dst[%td] = %#x, model %#x (%s)", at,
				 dst[at], model_dst[at],
				 dst[at] == d[at] ? "not written" :
				 dst[at] == s[at] ? "copied" : "wrong byte");
	}
	/* A rep that reported late: the contract the registry states for
	 * delayed hardware. */
	level = o->lagged ? t->level_delayed : t->level;
	if (!cur.abort_kind)
		check_contract(o, level, dst, s, d, len, f, wlim, o->ret);
	lab_last_dst = dst;
	lab_last_s = s;
	lab_last_d = d;

	o->pass = o->fail == 0;
	if (!o->pass)
		lab_outcome_line(t, c, o);
	return 0;
}

/* The last case's destination, source and initial destination bytes
 * (valid until the next lab_run). */
void lab_last_bytes(const uint8_t **dst, const uint8_t **src, const uint8_t **init)
{
	*dst = lab_last_dst;
	*src = lab_last_s;
	*init = lab_last_d;
}

int lab_meets(const struct lab_case *c, enum ucopy_level level, size_t ret,
	      char *why, size_t n)
{
	struct lab_outcome o;
	size_t len = c->len, fs, fd, f, wlim;

	memset(&o, 0, sizeof o);
	fs = c->fs <= len ? c->fs : LAB_NOFAULT;
	fd = c->fd <= len ? c->fd : LAB_NOFAULT;
	f = fs < fd ? fs : fd;
	if (f > len)
		f = len;
	wlim = fd < len ? fd : len;
	if (!lab_last_dst)
		return -1;
	check_contract(&o, level, lab_last_dst, lab_last_s, lab_last_d, len, f, wlim, ret);
	snprintf(why, n, "%s", o.what);
	return o.fail == 0;
}
