/*
 * hwfacts: checks, on the machine at hand, the hardware behaviour the
 * models assume (spec/spec.md, "Trusted base") and the lab relies on, so
 * that a CPU that differs shows up here by name rather than as a puzzling
 * sweep failure:
 *   - an 8-byte (movq) or 4/8-byte movnti store that straddles into a
 *     PROT_NONE page faults and writes nothing;
 *   - a straddling load or store reports the first byte of the guard page
 *     as the fault address (the lab checks fault addresses against it);
 *   - rep movsb / rep movsq stop exactly at the first faulting byte /
 *     quadword: rcx = what is left, everything before it stored, nothing
 *     after ("exact" reporting, spec/hw.h with lag = 0).
 * Last line: "N passed, M failed".
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#define PAGE 4096

static volatile uintptr_t resume, fault_addr;
static volatile int faulted;
static uint8_t *page, *guard;
static int passed, failed;

static void on_segv(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	faulted = 1;
	fault_addr = (uintptr_t)si->si_addr;
	((ucontext_t *)ucv)->uc_mcontext.gregs[REG_RIP] = (greg_t)resume;
}

static void check(int ok, const char *fmt, int a, int b)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL ");
	printf(fmt, a, b);
	printf("\n");
}

/* Each probe sets resume to its own end label, so a fault skips the rest. */
static void store8(uint8_t *d)
{
	__asm__ volatile("leaq 1f(%%rip),%%rax; movq %%rax,%0\n\t"
			 "movq %1,(%2)\n1:"
			 : "=m"(resume) : "r"(0x1122334455667788ull), "r"(d)
			 : "rax", "memory");
}

static void movnti8(uint8_t *d)
{
	__asm__ volatile("leaq 1f(%%rip),%%rax; movq %%rax,%0\n\t"
			 "movnti %1,(%2); sfence\n1:"
			 : "=m"(resume) : "r"(0x1122334455667788ull), "r"(d)
			 : "rax", "memory");
}

static void load8(const uint8_t *s)
{
	uint64_t v;

	__asm__ volatile("leaq 1f(%%rip),%%rax; movq %%rax,%0\n\t"
			 "movq (%2),%1\n1:"
			 : "=m"(resume), "=r"(v) : "r"(s) : "rax", "memory");
}

static size_t rep_movs(uint8_t *d, const uint8_t *s, size_t n, int quad)
{
	if (quad)
		__asm__ volatile("leaq 1f(%%rip),%%rax; movq %%rax,%0\n\t"
				 "rep movsq\n1:"
				 : "=m"(resume), "+c"(n), "+D"(d), "+S"(s)
				 : : "rax", "memory");
	else
		__asm__ volatile("leaq 1f(%%rip),%%rax; movq %%rax,%0\n\t"
				 "rep movsb\n1:"
				 : "=m"(resume), "+c"(n), "+D"(d), "+S"(s)
				 : : "rax", "memory");
	return n;
}

static int count_eq(const uint8_t *p, int n, uint8_t v)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += p[i] == v;
	return k;
}

static void straddles(void)
{
	for (int k = 1; k < 8; k++) {
		uint8_t *d = guard - k;

		memset(page, 0xaa, PAGE);
		faulted = 0;
		store8(d);
		check(faulted && count_eq(d, k, 0xaa) == k,
		      "straddling movq store, %d bytes before the guard: wrote %d of them", k,
		      k - count_eq(d, k, 0xaa));
		check(fault_addr == (uintptr_t)guard,
		      "straddling movq store at guard-%d: fault address guard%+d", k,
		      (int)(fault_addr - (uintptr_t)guard));
		faulted = 0;
		movnti8(d);
		check(faulted && count_eq(d, k, 0xaa) == k,
		      "straddling movnti store, %d bytes before the guard: wrote %d of them", k,
		      k - count_eq(d, k, 0xaa));
		faulted = 0;
		load8(d);
		check(faulted && fault_addr == (uintptr_t)guard,
		      "straddling load at guard-%d: fault address guard%+d", k,
		      (int)(fault_addr - (uintptr_t)guard));
	}
}

/* rep movs towards the guard on the destination side, then the source. */
static void strings(void)
{
	static uint8_t buf[1024];

	memset(buf, 0x5a, sizeof buf);
	for (int quad = 0; quad < 2; quad++)
		for (int k = 0; k <= 300; k += quad ? 5 : 7) {
			int unit = quad ? 8 : 1, n = 512 / unit;
			int fits = k / unit;	/* whole units before the guard */
			uint8_t *d = guard - k;
			size_t left;

			memset(page, 0, PAGE);
			faulted = 0;
			left = rep_movs(d, buf, (size_t)n, quad);
			check(faulted && left == (size_t)(n - fits),
			      quad ? "rep movsq, guard %d bytes into the destination: rcx %d" :
				     "rep movsb, guard %d bytes into the destination: rcx %d",
			      k, (int)left);
			check(count_eq(d, k, 0x5a) == fits * unit,
			      quad ? "rep movsq, guard %d bytes into the destination: stored %d bytes" :
				     "rep movsb, guard %d bytes into the destination: stored %d bytes",
			      k, count_eq(d, k, 0x5a));

			memset(page, 0x5a, PAGE);
			memset(buf + 512, 0, 512);
			faulted = 0;
			left = rep_movs(buf + 512, guard - k, (size_t)n, quad);
			check(faulted && left == (size_t)(n - fits),
			      quad ? "rep movsq, guard %d bytes into the source: rcx %d" :
				     "rep movsb, guard %d bytes into the source: rcx %d",
			      k, (int)left);
			check(count_eq(buf + 512, 512, 0x5a) == fits * unit,
			      quad ? "rep movsq, guard %d bytes into the source: stored %d bytes" :
				     "rep movsb, guard %d bytes into the source: stored %d bytes",
			      k, count_eq(buf + 512, 512, 0x5a));
		}
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_flags = SA_SIGINFO;
	sa.sa_sigaction = on_segv;
	sigaction(SIGSEGV, &sa, NULL);
	page = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || mprotect(page + PAGE, PAGE, PROT_NONE)) {
		perror("hwfacts: mmap");
		printf("0 passed, 1 failed\n");
		return 1;
	}
	guard = page + PAGE;
	straddles();
	strings();
	printf("hwfacts: straddling stores write nothing, fault address = first guard byte,\n"
	       "         rep movsb/movsq report exactly: %s\n", failed ? "NO (see above)" : "yes");
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
