/*
 * Fault handling: the user-space fixup_exception. SIGSEGV and SIGBUS
 * (a guard page hit, or the poisoned source's machine check) are looked up
 * in the exception table and resumed at the entry's fix-up, with the
 * entry type's register effects applied; a fault in a rep site is first
 * wound back by the case's lag. SIGTRAP is a rep site's int3 or a traced
 * step; SIGPROF is the per-case CPU timer. Anything else ends the case
 * with a failure (siglongjmp back to run.c).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "internal.h"

struct lab_current lab_cur;
sigset_t lab_normal_mask;

static _Noreturn void abort_case(unsigned kind)
{
	lab_cur.abort_kind = kind;
	lab_cur.armed = 0;
	siglongjmp(lab_cur.jb, 1);
}

struct lab_refused lab_refused;

/* From the sandbox's SIGSYS handler (tests/sandbox.c). */
void lab_abort_syscall(long nr, const char *name, uintptr_t rip)
{
	if (!lab_cur.armed)
		return;
	lab_refused.nr = nr;
	lab_refused.name = name;
	lab_cur.rip = lab_code_addr(rip);
	abort_case(LAB_F_SYSCALL);
}

/* What the lab would do lazily with calls the sandbox refuses: the rep
 * sites' trampolines and writable pages (else the int3s put in at once; a
 * failure stays recorded: lag-setup). */
void lab_prepare_sandbox(void)
{
	const char *why;

	if (lab_rep_sites_prepare(&why))
		(void)lab_rep_sites_patch(&why);
}

/*
 * Is a fault at addr one the case intends: in the guard page after the
 * source (a read) or the destination (a write), at an offset the copy may
 * touch (< len)? The guard sits exactly at offset fs / fd, so any address
 * in it is at or past the first faulting byte.
 */
static int fault_expected(uintptr_t addr, unsigned long err)
{
	uintptr_t sg = lab_cur.src_guard;
	uintptr_t dg = (uintptr_t)lab_dst_region.hi_guard;

	if (lab_cur.trapno != X86_TRAP_PF)
		return 0;
	if (addr >= sg && addr < sg + PAGE)
		return lab_cur.fs != LAB_NOFAULT && addr - lab_cur.src < lab_cur.len &&
		       !(err & PF_WRITE);
	if (addr >= dg && addr < dg + PAGE)
		return lab_cur.fd != LAB_NOFAULT && addr - lab_cur.dst < lab_cur.len &&
		       (err & PF_WRITE);
	return 0;
}

/*
 * What the kernel's fixup_exception (arch/x86/mm/extable.c) does for an
 * entry's type word (asm/kshim/asm/extable_fixup_types.h: type in bits
 * 0-7, register 8-11, flags 12-15, signed immediate 16-31), on the
 * signal context. 0, or -1 for a type the lab does not apply (the kernel
 * would BUG() on most of them); lab_cur.bad_type then says which.
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
		g[REG_RAX] = (greg_t)lab_cur.trapno;
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
		lab_cur.bad_type = fix->type;
		return -1;
	}
	g[REG_RIP] = (greg_t)fix->fixup;
	return 0;
}

/* SIGSEGV/SIGBUS: the user-space fixup_exception. */
/* A fault in a rep site's trampoline: the rep did start_rcx - rcx
 * elements; it reports min(lag, done) fewer (the stores stay). */
static void lag_rep_fault(struct rep_site *site, greg_t *g)
{
	unsigned idx = lab_cur.reps++, li = idx < LAB_REPS_MAX ? idx : LAB_REPS_MAX - 1;
	size_t done = (size_t)(site->start_rcx - (uint64_t)g[REG_RCX]);
	size_t lag = lab_cur.nlag ? lab_cur.lag[li < lab_cur.nlag ? li : lab_cur.nlag - 1] : 0;
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
		lab_cur.lagged = 1;
	}
	if (idx < LAB_REPS_MAX) {
		lab_cur.rep_done[idx] = done;
		lab_cur.rep_k[idx] = k;
		lab_cur.rep_size[idx] = site->size;
	}
	lab_cur.rip = site->at;
}

/* SIGSEGV/SIGBUS: the user-space fixup_exception. */
static void on_fault(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *g = uc->uc_mcontext.gregs;
	const struct ex_fix *fix;
	struct rep_site *site;

	if (!lab_cur.armed) {
		/* The lab's own bug: die of it, visibly. */
		signal(sig, SIG_DFL);
		return;
	}
	lab_cur.rip = (uintptr_t)g[REG_RIP];
	lab_cur.addr = (uintptr_t)si->si_addr;
	lab_cur.err = (unsigned long)g[REG_ERR];
	lab_cur.trapno = (unsigned long)g[REG_TRAPNO];
	lab_cur.abort_sig = sig;
	lab_cur.prev_kind = K_OTHER;	/* the faulting instruction did not complete */
	if (lab_cur.fault_fences)
		lab_cur.nt_pending = 0;
	if ((site = lab_rep_site_of_trampoline(lab_cur.rip)))
		lag_rep_fault(site, g);
	fix = lab_extable_find(lab_cur.rip);
	if (!fix)
		abort_case(LAB_F_NOEXTABLE);
	if (!fault_expected(lab_cur.addr, lab_cur.err))
		abort_case(LAB_F_OOB);
	if (sig == SIGBUS && lab_cur.src_guard == (uintptr_t)lab_poison_region.hi_guard) {
		/* Poison: a machine check. Only the MCE-safe entry types
		 * recover from one (the kernel panics on any other). */
		unsigned type = fix->type & 0xff;

		lab_cur.trapno = X86_TRAP_MC;
		g[REG_TRAPNO] = X86_TRAP_MC;
		if (type != 14 && type != 15) {	/* DEFAULT_MCE_SAFE, FAULT_MCE_SAFE */
			lab_cur.bad_type = fix->type;
			abort_case(LAB_F_NOTMCE);
		}
	}
	if (++lab_cur.faults > MAX_FAULTS)
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
	if (!lab_cur.armed) {
		signal(sig, SIG_DFL);
		return;
	}
	lab_cur.rip = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	lab_cur.addr = (uintptr_t)si->si_addr;
	lab_cur.abort_sig = sig;
	abort_case(LAB_F_SIGNAL);
}

static void on_trap(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *g = uc->uc_mcontext.gregs;
	uintptr_t rip = (uintptr_t)g[REG_RIP];
	struct rep_site *r;

	if (lab_rep_sites_patched() && (r = lab_rep_site_at(rip - 1)) && *(const uint8_t *)(rip - 1) == 0xcc) {
		r->start_rcx = (uint64_t)g[REG_RCX];
		g[REG_RIP] = (greg_t)r->tramp;
		lab_cur.rep_runs++;
		return;
	}
	if (lab_cur.armed && lab_cur.tracing) {
		lab_trace_step(g);
		return;
	}
	if (!lab_cur.armed) {
		signal(sig, SIG_DFL);
		return;
	}
	lab_cur.rip = lab_code_addr(rip);
	lab_cur.addr = (uintptr_t)si->si_addr;
	lab_cur.abort_sig = sig;
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
	if (!lab_cur.armed)
		return;
	if (lab_cur.tick_seq != lab_cur.seq) {
		lab_cur.tick_seq = lab_cur.seq;
		lab_cur.ticks = 1;
		return;
	}
	if (++lab_cur.ticks >= lab_cur.timeout_ticks) {
		lab_cur.rip = lab_code_addr((uintptr_t)((ucontext_t *)ucv)->uc_mcontext.gregs[REG_RIP]);
		abort_case(LAB_F_TIMEOUT);
	}
}

/* The handlers (on an alternate stack) and the CPU timer; in every process
 * (a child after fork again: timers are not inherited). 0 or -1. */
int lab_faults_install(void)
{
	static uint8_t altstack[1 << 16];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack };
	struct sigaction sa;
	struct itimerval it = { { 0, TICK_US }, { 0, TICK_US } };

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
	sigprocmask(SIG_SETMASK, NULL, &lab_normal_mask);
	if (setitimer(ITIMER_PROF, &it, NULL)) {
		perror("lab: setitimer");
		return -1;
	}
	return 0;
}
