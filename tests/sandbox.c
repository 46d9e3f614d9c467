/*
 * The seccomp sandbox around code under review (tests/sandbox.h). A
 * classic BPF program, built here without libseccomp:
 *
 *   1. a call that is not x86-64 (int $0x80, sysenter: the i386 table) or
 *      is in the x32 range: refused;
 *   2. (SANDBOX_TOOL) a call made from inside the C library: admitted;
 *   3. the lab's own calls (lab_calls below): admitted; kill and tgkill
 *      only at this process itself (the libFuzzer and abort() paths);
 *   4. anything else: SECCOMP_RET_TRAP, the call is not run and SIGSYS
 *      tells us its number.
 *
 * The filter cannot be lifted (PR_SET_NO_NEW_PRIVS, and seccomp and
 * prctl are not on the list), is inherited across fork/clone (which are
 * refused anyway) and, unlike any flag in memory, cannot be changed by
 * the routine: whatever it writes, the kernel decides on the call's
 * number, arguments and address only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "lab/lab.h"
#include "sandbox.h"

/* The lab's hooks: weak, for tools that run a routine without the lab
 * (the benchmark). */
#pragma weak lab_abort_syscall
#pragma weak lab_prepare_sandbox

#define X32_BIT 0x40000000u

/*
 * What the lab's loop itself calls once set up: write (its lines to the
 * sweep's pipe, stdout, stderr), the signal return of its fault, trap and
 * timer handlers, the mask it restores after leaving a handler by
 * siglongjmp, the clock (vDSO, but the fallback is a call) and exit.
 */
static const int lab_calls[] = {
	__NR_write, __NR_rt_sigreturn, __NR_rt_sigprocmask, __NR_exit,
	__NR_exit_group, __NR_clock_gettime, __NR_gettimeofday, __NR_getpid,
	__NR_gettid, __NR_sched_yield, __NR_fstat, __NR_newfstatat,
	__NR_getrusage,
};

/* Names for messages: the calls a routine might plausibly make. */
#define N(x) [__NR_##x] = #x
static const char *const names[] = {
	N(read), N(write), N(open), N(close), N(stat), N(fstat), N(lstat),
	N(poll), N(lseek), N(mmap), N(mprotect), N(munmap), N(brk),
	N(rt_sigaction), N(rt_sigprocmask), N(rt_sigreturn), N(ioctl),
	N(pread64), N(pwrite64), N(readv), N(writev), N(access), N(pipe),
	N(select), N(sched_yield), N(mremap), N(msync), N(madvise),
	N(dup), N(dup2), N(pause), N(nanosleep), N(getitimer), N(alarm),
	N(setitimer), N(getpid), N(sendfile), N(socket), N(connect),
	N(accept), N(sendto), N(recvfrom), N(sendmsg), N(recvmsg),
	N(shutdown), N(bind), N(listen), N(socketpair), N(clone), N(fork),
	N(vfork), N(execve), N(exit), N(wait4), N(kill), N(uname),
	N(fcntl), N(flock), N(fsync), N(truncate), N(ftruncate),
	N(getdents), N(getcwd), N(chdir), N(fchdir), N(rename), N(mkdir),
	N(rmdir), N(creat), N(link), N(unlink), N(symlink), N(readlink),
	N(chmod), N(fchmod), N(chown), N(fchown), N(umask),
	N(gettimeofday), N(getrlimit), N(getrusage), N(ptrace), N(getuid),
	N(getgid), N(setuid), N(setgid), N(geteuid), N(getppid),
	N(setsid), N(sigaltstack), N(mknod), N(personality), N(prctl),
	N(arch_prctl), N(setrlimit), N(chroot), N(mount), N(umount2),
	N(reboot), N(gettid), N(tkill), N(futex), N(getdents64),
	N(clock_gettime), N(clock_nanosleep), N(exit_group), N(tgkill),
	N(openat), N(mkdirat), N(newfstatat), N(unlinkat), N(renameat),
	N(linkat), N(symlinkat), N(fchmodat), N(pselect6), N(ppoll),
	N(splice), N(memfd_create), N(execveat), N(seccomp), N(bpf),
	N(renameat2), N(process_vm_readv), N(process_vm_writev),
	N(pidfd_open), N(clone3), N(openat2), N(io_uring_setup),
	N(io_uring_enter),
};
#undef N

const char *sandbox_syscall_name(long nr)
{
	if (nr < 0 || (size_t)nr >= sizeof names / sizeof names[0])
		return NULL;
	return names[nr];
}

static const char *tool = "ucopy";
static int entered;
static enum sandbox_mode mode_now;
static volatile sig_atomic_t said;

/* Writes without stdio (from a signal handler). */
static void say(const char *s)
{
	ssize_t r = write(2, s, strlen(s));
	(void)r;
}

static void num(char *buf, unsigned long v, int base)
{
	char t[24];
	int n = 0;

	do
		t[n++] = "0123456789abcdef"[v % (unsigned)base];
	while (v /= (unsigned)base);
	while (n)
		*buf++ = t[--n];
	*buf = 0;
}

static void on_sigsys(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	uintptr_t rip = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	long nr = si->si_syscall;
	const char *name = sandbox_syscall_name(nr);
	char n[24], at[24];

	(void)sig;
	if (si->si_arch != AUDIT_ARCH_X86_64)
		name = "i386 call (int $0x80)";
	else if ((unsigned long)nr & X32_BIT)
		name = "x32 call";
	/* A call from the routine during a case: the lab ends the case
	 * ([syscall]) and does not return here. */
	if (lab_abort_syscall)
		lab_abort_syscall(nr, name, rip);
	/* Outside any case: the tool's own call, or a routine run outside
	 * the lab (the benchmark). Either way it was not run. In the lab's
	 * loop that is a bug of the lab: stop. A tool (a sanitizer runtime's
	 * own calls on a crash path, a routine under the benchmark) sees the
	 * call fail with EPERM, said once. */
	if (mode_now == SANDBOX_TOOL && said++)
		goto fail_call;
	num(n, (unsigned long)nr, 10);
	num(at, rip, 16);
	say(tool);
	say(": [syscall] the sandbox refused system call ");
	say(n);
	say(" (");
	say(name ? name : "unnamed");
	say(") at 0x");
	say(at);
	say(mode_now == SANDBOX_TOOL ? ", outside a lab case: not run, it fails with EPERM "
	    "(docs/review.md, \"The sandbox\"; said once)\n"
	    : ", outside a lab case; it was not run (docs/review.md, \"The sandbox\")\n");
	if (mode_now != SANDBOX_TOOL)
		_exit(1);
fail_call:
	uc->uc_mcontext.gregs[REG_RAX] = -EPERM;
}

static void on_limit(int sig)
{
	say(tool);
	say(sig == SIGXCPU ? ": the sandbox's CPU-time limit (RLIMIT_CPU) was hit\n"
			   : ": the sandbox's file-size limit (RLIMIT_FSIZE) was hit\n");
	_exit(1);
}

/* Soft and hard limits to v unless they are lower already. */
static int lower(int res, rlim_t v, const char *what)
{
	struct rlimit r;

	if (getrlimit(res, &r))
		return -1;
	if (r.rlim_max != RLIM_INFINITY && r.rlim_max < v)
		v = r.rlim_max;
	r.rlim_cur = r.rlim_max = v;
	if (setrlimit(res, &r)) {
		fprintf(stderr, "%s: sandbox: cannot limit %s: %s\n", tool, what, strerror(errno));
		return -1;
	}
	return 0;
}

static int limits(void)
{
	struct sigaction sa;
	struct rlimit cur;
	rlim_t as = (rlim_t)8 << 30;		/* 8 GiB: ASan's shadow excepted */

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_limit;
	sigaction(SIGXCPU, &sa, NULL);
	sigaction(SIGXFSZ, &sa, NULL);
	/* ASan reserves terabytes of shadow: no address-space cap then. */
	if (getrlimit(RLIMIT_AS, &cur) == 0 && cur.rlim_cur != RLIM_INFINITY && cur.rlim_cur < as)
		as = cur.rlim_cur;
#if defined(__SANITIZE_ADDRESS__)
	as = RLIM_INFINITY;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	as = RLIM_INFINITY;
#endif
#endif
	if (as != RLIM_INFINITY && lower(RLIMIT_AS, as, "the address space (RLIMIT_AS)"))
		return -1;
	/* An hour of CPU: far past any review step (each has its timeout). */
	if (lower(RLIMIT_CPU, 3600, "CPU time (RLIMIT_CPU)"))
		return -1;
	/* The files the tool has open stay usable; no new ones (64 for a
	 * libFuzzer run's corpus). */
	if (lower(RLIMIT_NOFILE, 64, "open files (RLIMIT_NOFILE)"))
		return -1;
	/* No new processes in the lab (fork and clone are refused by the
	 * filter too; RLIMIT_NPROC counts the user's, and root is exempt
	 * from it). A tool keeps its own (the benchmark's gnuplot, run
	 * through libc's system()). */
	if (mode_now == SANDBOX_LAB && lower(RLIMIT_NPROC, 0, "processes (RLIMIT_NPROC)"))
		return -1;
	return 0;
}

/* The C library's code (its r-xp mapping), from /proc/self/maps. */
static int libc_text(uint64_t *lo, uint64_t *hi)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uintptr_t self = (uintptr_t)&write;	/* resolved to libc's write */
	int found = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long a, b;
		char perm[8];

		if (sscanf(line, "%lx-%lx %7s", &a, &b, perm) == 3 && perm[2] == 'x' &&
		    self >= a && self < b && strstr(line, "libc")) {
			*lo = a;
			*hi = b;
			found = 1;
			break;
		}
	}
	fclose(f);
	return found ? 0 : -1;
}

#define STMT(c, k) ((struct sock_filter)BPF_STMT(c, k))
#define JUMP(c, k, t, f) ((struct sock_filter)BPF_JUMP(c, k, t, f))
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i) (ARG_LO(i) + 4)
#define IP_LO offsetof(struct seccomp_data, instruction_pointer)
#define IP_HI (IP_LO + 4)
#define MAXPROG 128

/* Whether the sandbox stays off: UCOPY_SANDBOX=0, or the OSS-Fuzz build
 * (tests/oss-fuzz/build.sh), where the sanitizer runtime makes raw system
 * calls from the binary's own code, which the filter cannot tell from the
 * routine's; there the routines are the project's own and OSS-Fuzz's
 * container is the sandbox. */
static int off(const char *env)
{
#ifdef UCOPY_SANDBOX_OFF
	(void)env;
	return 1;
#else
	return env && !strcmp(env, "0");
#endif
}

int sandbox_enter(enum sandbox_mode mode, const char *who)
{
	struct sock_filter p[MAXPROG];
	struct sock_fprog prog;
	struct sigaction sa;
	const char *env = getenv("UCOPY_SANDBOX");
	uint32_t pid = (uint32_t)getpid();
	uint64_t lo = 0, hi = 0;
	size_t n = 0, trap, allow;

	if (who)
		tool = who;
	mode_now = mode;
	if (entered || off(env))
		return 0;
	/* What the lab would otherwise set up on the first lagged case
	 * (code patching needs mprotect, which the filter refuses). */
	if (lab_prepare_sandbox)
		lab_prepare_sandbox();
	if (mode == SANDBOX_TOOL && libc_text(&lo, &hi)) {
		fprintf(stderr, "%s: sandbox: cannot find the C library's code in /proc/self/maps\n", tool);
		return -1;
	}
	if (mode == SANDBOX_TOOL && (lo >> 32) != ((hi - 1) >> 32)) {
		fprintf(stderr, "%s: sandbox: the C library's code straddles a 4 GiB line\n", tool);
		return -1;
	}
	if (limits())
		return -1;

	memset(&sa, 0, sizeof sa);
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sa.sa_sigaction = on_sigsys;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGPROF);
	if (sigaction(SIGSYS, &sa, NULL)) {
		perror("sandbox: sigaction");
		return -1;
	}

	/* Jump offsets are filled in below, once the two ends are placed. */
	p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
	p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
	size_t to_trap1 = n;
	p[n++] = JUMP(BPF_JMP | BPF_JA, 0, 0, 0);
	p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
	size_t to_trap2 = n;
	p[n++] = JUMP(BPF_JMP | BPF_JGE | BPF_K, X32_BIT, 0, 0);	/* jt: trap */
	if (mode == SANDBOX_TOOL) {
		/* from inside libc: admitted (then the arch/nr checks above) */
		p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, IP_HI);
		p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)(lo >> 32), 0, 4);
		p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, IP_LO);
		p[n++] = JUMP(BPF_JMP | BPF_JGE | BPF_K, (uint32_t)lo, 0, 2);
		p[n++] = JUMP(BPF_JMP | BPF_JGE | BPF_K, (uint32_t)hi, 1, 0);
		p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
		p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
	}
	if (mode == SANDBOX_TOOL) {
		/* The sanitizer runtime's own memory calls are not libc's:
		 * mmap and mprotect admitted without PROT_EXEC, unmapping. */
		p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mmap, 1, 0);
		p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 0, 4);
		p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2));
		p[n++] = JUMP(BPF_JMP | BPF_JSET | BPF_K, 4 /* PROT_EXEC */, 0, 1);
		p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
		p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
		p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_munmap, 0, 1);
		p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
		p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_madvise, 0, 1);
		p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	}
	/* kill/tgkill at this process only: arg 0 must be our pid */
	p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 1, 0);
	p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 0, 6);	/* jf: the list */
	p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, ARG_HI(0));
	p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2);
	p[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0));
	p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, pid, 1, 0);
	size_t to_trap3 = n;
	p[n++] = JUMP(BPF_JMP | BPF_JA, 0, 0, 0);
	size_t first_allow_jump = n;
	size_t nl = sizeof lab_calls / sizeof lab_calls[0];
	p[n++] = JUMP(BPF_JMP | BPF_JA, 0, 0, 0);	/* our pid: allow */
	/* the list (A still holds nr: kill/tgkill never get here) */
	for (size_t i = 0; i < nl; i++)
		p[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)lab_calls[i], 0, 0);
	trap = n;
	p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
	allow = n;
	p[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	/* tie the jumps */
	p[to_trap1].k = (uint32_t)(trap - to_trap1 - 1);
	p[to_trap2].jt = (uint8_t)(trap - to_trap2 - 1);
	p[to_trap3].k = (uint32_t)(trap - to_trap3 - 1);
	p[first_allow_jump].k = (uint32_t)(allow - first_allow_jump - 1);
	for (size_t i = 0; i < nl; i++) {
		size_t at = first_allow_jump + 1 + i;
		p[at].jt = (uint8_t)(allow - at - 1);
	}
	prog.len = (unsigned short)n;
	prog.filter = p;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		perror("sandbox: PR_SET_NO_NEW_PRIVS");
		return -1;
	}
	/* SPEC_ALLOW: no speculative-store-bypass mitigation forced on with
	 * the filter (it would slow every copy down, and guards a process
	 * against code in it, which the routine already is). */
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_SPEC_ALLOW, &prog)) {
		fprintf(stderr, "%s: sandbox: seccomp: %s\n", tool, strerror(errno));
		return -1;
	}
	entered = 1;
	return 0;
}
