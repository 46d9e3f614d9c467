/*
 * The CPU side of the benchmark: pinning, the header that names the CPU
 * (/proc/cpuinfo and CPUID), whether RDTSCP works, the TSC's rate.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include "bench.h"

int cpu_pin(int cpu, char *err, size_t errlen)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		snprintf(err, errlen, "CPU %d out of range 0..%d", cpu,
			 CPU_SETSIZE - 1);
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		snprintf(err, errlen, "cannot pin to CPU %d: %s (the "
			 "highest CPU allowed here is %d)", cpu, strerror(errno),
			 cpu_default());
		return -1;
	}
	return 0;
}

/* The highest-numbered CPU this process may run on. */
int cpu_default(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, &set))
			return cpu;
	return 0;
}

static sigjmp_buf probe_jmp;

static void probe_sigill(int sig)
{
	(void)sig;
	siglongjmp(probe_jmp, 1);
}

/* Some hypervisors hide RDTSCP in CPUID yet let it run: try it. */
static int rdtscp_works(void)
{
	struct sigaction sa, old;
	volatile int ok = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = probe_sigill;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old);
	if (!sigsetjmp(probe_jmp, 1)) {
		unsigned lo, hi, aux;
		__asm__ volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
		ok = 1;
	}
	sigaction(SIGILL, &old, NULL);
	return ok;
}

static uint64_t rdtsc_now(void)
{
	unsigned lo, hi;
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

static double tsc_mhz(void)
{
	struct timespec a, b;
	uint64_t t0, t1;
	double ns;

	clock_gettime(CLOCK_MONOTONIC_RAW, &a);
	t0 = rdtsc_now();
	do {
		clock_gettime(CLOCK_MONOTONIC_RAW, &b);
		ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	} while (ns < 20e6);
	t1 = rdtsc_now();
	return (t1 - t0) / ns * 1e3;
}

/* The TSC's step: the greatest common divisor of the differences between
 * reads with varying work in between (1 where the TSC counts every tick;
 * 21 on the AMD EPYC this was written on, whose TSC moves in 10 ns steps). */
static unsigned tsc_step(void)
{
	uint64_t g = 0;

	for (unsigned i = 0; i < 4000 && g != 1; i++) {
		uint64_t a = rdtsc_now(), b;
		for (volatile unsigned spin = 0; spin < i % 61; spin++)
			;
		b = rdtsc_now() - a;
		while (b) {
			uint64_t t = g % b;
			g = b;
			b = t;
		}
	}
	return g && g < 1000 ? (unsigned)g : 1;
}

/* Copies src into dst[n], truncated if need be. */
static void set_str(char *dst, size_t n, const char *src)
{
	size_t k = strlen(src);

	if (k >= n)
		k = n - 1;
	memcpy(dst, src, k);
	dst[k] = 0;
}

/* Copies the value of "key : value" when line starts with key. */
static int field(const char *line, const char *key, char *out, size_t n)
{
	size_t k = strlen(key);
	const char *p;

	if (strncmp(line, key, k) || (line[k] != ' ' && line[k] != '\t' &&
				      line[k] != ':'))
		return 0;
	p = strchr(line, ':');
	if (!p)
		return 0;
	p++;
	while (*p == ' ' || *p == '\t')
		p++;
	set_str(out, n, p);
	out[strcspn(out, "\n")] = 0;
	return 1;
}

static int has_flag(const char *flags, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = flags; (p = strstr(p, name)); p += n)
		if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

void cpu_describe(struct cpu_desc *d, int cpu)
{
	static char flags[8192];
	char line[8192], val[256];
	unsigned a, b, c, dx, max;
	int in_block = 0, family = -1, model = -1, stepping = -1;
	struct utsname u;
	FILE *f;

	memset(d, 0, sizeof(*d));
	d->pinned_cpu = cpu;
	snprintf(d->model, sizeof(d->model), "unknown");
	snprintf(d->microcode, sizeof(d->microcode),
		 "not reported by /proc/cpuinfo");
	flags[0] = 0;
	f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(line, sizeof(line), f)) {
		if (field(line, "processor", val, sizeof(val)))
			in_block = atoi(val) == d->pinned_cpu;
		if (!in_block)
			continue;
		if (field(line, "model name", val, sizeof(val)))
			set_str(d->model, sizeof(d->model), val);
		else if (field(line, "vendor_id", val, sizeof(val)))
			set_str(d->vendor, sizeof(d->vendor), val);
		else if (field(line, "cpu family", val, sizeof(val)))
			family = atoi(val);
		else if (field(line, "model", val, sizeof(val)))
			model = atoi(val);
		else if (field(line, "stepping", val, sizeof(val)))
			stepping = atoi(val);
		else if (field(line, "microcode", val, sizeof(val)))
			set_str(d->microcode, sizeof(d->microcode), val);
		else
			field(line, "flags", flags, sizeof(flags));
	}
	if (f)
		fclose(f);

	/* CPUID: the processor's own answer (a kernel or hypervisor may mask). */
	__cpuid(1, a, b, c, dx);
	if (family < 0) {
		family = (a >> 8) & 0xf;
		model = (a >> 4) & 0xf;
		if (family == 0xf)
			family += (a >> 20) & 0xff;
		if (family >= 6)
			model |= ((a >> 16) & 0xf) << 4;
		stepping = a & 0xf;
	}
	d->hypervisor = (c >> 31) & 1;
	d->family = family;
	d->model_no = model;
	d->stepping = stepping;

	int id_erms = 0, id_fsrm = 0, id_fzrm = 0, id_fsrs = 0;
	max = __get_cpuid_max(0, NULL);
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, dx);
		id_erms = (b >> 9) & 1;
		id_fsrm = (dx >> 4) & 1;
		__cpuid_count(7, 1, a, b, c, dx);
		id_fzrm = (a >> 10) & 1;
		id_fsrs = (a >> 11) & 1;
	}
	if (__get_cpuid(0x80000001, &a, &b, &c, &dx))
		d->rdtscp_cpuid = (dx >> 27) & 1;
	d->rdtscp_works = d->rdtscp_cpuid || rdtscp_works();

	int n = 0;
	const char *names[] = { "erms", "fsrm", "fzrm", "fsrs", "rep_good" };
	const int ids[] = { id_erms, id_fsrm, id_fzrm, id_fsrs, -1 };
	for (int i = 0; i < 5; i++) {
		const char *cpuinfo = flags[0] ?
			(has_flag(flags, names[i]) ? "present" : "absent") :
			"?";
		n += snprintf(d->flags_line + n, sizeof(d->flags_line) - n,
			      "%s%s %s", i ? ", " : "", names[i], cpuinfo);
		if (ids[i] >= 0 && (ids[i] != has_flag(flags, names[i])))
			n += snprintf(d->flags_line + n,
				      sizeof(d->flags_line) - n,
				      " (CPUID says %s)",
				      ids[i] ? "present" : "absent");
	}

	if (!uname(&u))
		set_str(d->kernel, sizeof(d->kernel), u.release);
	d->tsc_mhz = tsc_mhz();
	d->tsc_step = tsc_step();
}

void cpu_print_header(FILE *f, const struct cpu_desc *d, const char *p)
{
	fprintf(f, "%scpu: %s (%s), family %d model %d stepping %d, "
		"microcode %s%s\n", p, d->model, d->vendor[0] ? d->vendor : "?",
		d->family, d->model_no, d->stepping, d->microcode,
		d->hypervisor ? ", under a hypervisor" : "");
	fprintf(f, "%sflags: %s\n", p, d->flags_line);
	fprintf(f, "%skernel: Linux %s; pinned to CPU %d\n", p, d->kernel,
		d->pinned_cpu);
	fprintf(f, "%sunit: TSC ticks (constant-rate time stamp counter, "
		"measured %.0f MHz), not core clock cycles; the TSC advances "
		"in steps of %u tick%s\n", p, d->tsc_mhz, d->tsc_step,
		d->tsc_step == 1 ? "" : "s");
	fprintf(f, "%suser space: STAC/CLAC (SMAP) are absent here; in the "
		"kernel each call adds their cost\n", p);
}
