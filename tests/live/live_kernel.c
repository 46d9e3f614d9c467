/*
 * live: each case run for real. A user buffer is placed so that it runs
 * into a PROT_NONE page at offset f (or not at all), then the kernel copies
 * into it or out of it:
 *   pread     memfd (tmpfs) -> buffer        copy_to_user   (copy_page_to_iter)
 *   pwrite    buffer -> memfd                copy_from_user (generic_perform_write)
 *   vm_readv  process_vm_readv, self -> buffer    copy_to_user
 *   vm_writev process_vm_writev, buffer -> self   copy_from_user
 *   zero      read(/dev/zero) -> buffer      clear_user
 * and everything user space can see is recorded (struct seen).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "live.h"

const char *const pname[NPATHS] = { "pread", "pwrite", "vm_readv", "vm_writev", "zero" };
const char *const rname[NROUTINES] = { "copy_to_user", "copy_from_user", "clear_user" };
const char *skip_why[NPATHS];

enum routine path_routine(enum path p)
{
	return p == P_PREAD || p == P_VMR ? R_TO : p == P_ZERO ? R_CLEAR : R_FROM;
}

/* the source data the kernel copies from (file contents, remote buffer) */
uint8_t live_data[3 * PG] __attribute__((aligned(PG)));
uint8_t *live_area;		/* 2 RW pages, then the PROT_NONE page */
uint8_t *live_guard;		/* = live_area + 2 * PG */
static uint8_t *remote;		/* 3 RW pages: process_vm_* remote side */
static int mfd = -1, zfd = -1;

uint8_t sent_byte(size_t i) { return (uint8_t)(0xA5 ^ (i * 7)); }
uint8_t data_byte(size_t i) { return (uint8_t)(i * 13 + 1 + (i >> 8)); }

/* The user buffer: runs into the guard at f, or (no fault) ends 64 bytes
 * before it at alignment dalign. */
uint8_t *ubuf(const struct live_case *k)
{
	if (k->f != NONE)
		return live_guard - k->f;
	return (uint8_t *)(((uintptr_t)live_guard - 64 - k->len) & ~(uintptr_t)7) + k->dalign - 8;
}

size_t win_len(const struct live_case *k, uint8_t *p)
{
	size_t to_guard = (size_t)(live_guard - (p - PRE));
	return to_guard < PRE + k->len + 64 ? to_guard : PRE + k->len + 64;
}

/* The far side back to its known contents: only the window a case can
 * change and compares ([soff-64, soff+len+64), see run_kernel). */
static void reset_far(const struct live_case *k)
{
	size_t lo = k->soff >= 64 ? k->soff - 64 : 0, hi = k->soff + k->len + 64;
	if (k->p == P_PWRITE) {
		if (pwrite(mfd, live_data + lo, hi - lo, (off_t)lo) != (ssize_t)(hi - lo)) {
			perror("live: pwrite reset");
			exit(2);
		}
	} else if (k->p == P_VMW) {
		for (size_t i = lo; i < hi; i++)
			remote[i] = sent_byte(i + 3);
	}
}

static ssize_t the_call(const struct live_case *k, uint8_t *p)
{
	struct iovec l = { p, k->len }, rm;
	switch (k->p) {
	case P_PREAD: return pread(mfd, p, k->len, (off_t)k->soff);
	case P_PWRITE: return pwrite(mfd, p, k->len, (off_t)k->soff);
	case P_VMR:
		rm.iov_base = live_data + k->soff; rm.iov_len = k->len;
		return process_vm_readv(getpid(), &l, 1, &rm, 1, 0);
	case P_VMW:
		rm.iov_base = remote + k->soff; rm.iov_len = k->len;
		return process_vm_writev(getpid(), &l, 1, &rm, 1, 0);
	case P_ZERO: return read(zfd, p, k->len);
	default: return 0;
	}
}

void run_kernel(const struct live_case *k, struct seen *s)
{
	uint8_t *p = ubuf(k);
	int from_user = k->p == P_PWRITE || k->p == P_VMW;
	/* the window: sentinels, or for copy_from_user the source data */
	for (uint8_t *q = p - PRE; q < live_guard; q++)
		*q = sent_byte((size_t)(q - live_area));
	if (from_user)
		for (size_t i = 0; i < k->len && p + i < live_guard; i++)
			p[i] = data_byte(i + 1000);
	reset_far(k);
	errno = 0;
	ssize_t r = the_call(k, p);
	s->ret = r < 0 ? -errno : r;
	s->winlen = win_len(k, p);
	memcpy(s->win, p - PRE, s->winlen);
	size_t lo = k->soff >= 64 ? k->soff - 64 : 0;
	s->farlen = k->soff + k->len + 64 - lo;
	if (k->p == P_PWRITE) {
		if (pread(mfd, s->far, s->farlen, (off_t)lo) != (ssize_t)s->farlen) {
			perror("live: pread back");
			exit(2);
		}
	} else if (k->p == P_VMW) {
		memcpy(s->far, remote + lo, s->farlen);
	} else {
		s->farlen = 0;
	}
}

/* ---- setup, with skips ---- */

/* The probe child: the path's calls once; exit 0, or 10 + errno. */
static void probe_child(enum path p)
{
	uint8_t b[8] = { 0 }, d[8] = { 1 };
	struct iovec l = { b, 8 }, r = { d, 8 };
	int fd;
	switch (p) {
	case P_PREAD: case P_PWRITE:
		fd = memfd_create("ucopy-probe", 0);
		if (fd < 0)
			fd = open("/dev/shm", O_TMPFILE | O_RDWR, 0600);
		_exit(fd >= 0 && pwrite(fd, d, 8, 0) == 8 && pread(fd, b, 8, 0) == 8 ? 0 : 10 + (errno & 63));
	case P_VMR: case P_VMW:
		_exit(process_vm_readv(getpid(), &l, 1, &r, 1, 0) == 8 &&
		      process_vm_writev(getpid(), &l, 1, &r, 1, 0) == 8 ? 0 : 10 + (errno & 63));
	default:
		fd = open("/dev/zero", O_RDONLY);
		_exit(fd >= 0 && read(fd, b, 8) == 8 ? 0 : 10 + (errno & 63));
	}
}

/*
 * A seccomp filter may kill the process instead of failing a call: try each
 * path's calls once in a child first. Returns NULL, or why the path is off.
 */
static const char *probe(enum path p)
{
	static char why[NPATHS][160];
	const char *deny = getenv("UCOPY_LIVE_DENY");	/* test hook: "file,vm,zero" */
	const char *tok = p == P_PREAD || p == P_PWRITE ? "file" : p == P_ZERO ? "zero" : "vm";
	if (deny && strstr(deny, tok)) {
		snprintf(why[p], sizeof why[p], "denied by UCOPY_LIVE_DENY=%s (simulated)", deny);
		return why[p];
	}
	fflush(stdout);
	pid_t c = fork();
	if (c < 0)
		return NULL;	/* cannot probe: try for real */
	if (c == 0)
		probe_child(p);
	int st = 0;
	if (waitpid(c, &st, 0) != c)
		return NULL;
	if (WIFSIGNALED(st))
		snprintf(why[p], sizeof why[p], "the probe was killed by signal %d (a seccomp filter?)", WTERMSIG(st));
	else if (WEXITSTATUS(st))
		snprintf(why[p], sizeof why[p], "%s failed: %s", p == P_VMR || p == P_VMW ? "process_vm_readv/writev on self" :
			 p == P_ZERO ? "read of /dev/zero (a kernel without devtmpfs?)" :
			 "memfd_create (or an O_TMPFILE in /dev/shm) with pread/pwrite",
			 strerror(WEXITSTATUS(st) - 10));
	else
		return NULL;
	return why[p];
}

void live_setup(void)
{
	for (int p = 0; p < NPATHS; p++)
		skip_why[p] = probe((enum path)p);
	for (size_t i = 0; i < sizeof live_data; i++)
		live_data[i] = data_byte(i);
	live_area = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	remote = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (live_area == MAP_FAILED || remote == MAP_FAILED || mprotect(live_area + 2 * PG, PG, PROT_NONE)) {
		perror("live: mmap");
		exit(2);
	}
	live_guard = live_area + 2 * PG;
	for (size_t i = 0; i < 3 * PG; i++)
		remote[i] = sent_byte(i + 3);
	mfd = memfd_create("ucopy-live", 0);
	if (mfd < 0) {
		static char why[128];
		snprintf(why, sizeof why, "memfd_create: %s", strerror(errno));
		mfd = open("/dev/shm", O_TMPFILE | O_RDWR, 0600);
		if (mfd < 0 && !skip_why[P_PREAD])
			skip_why[P_PREAD] = skip_why[P_PWRITE] = why;
	}
	if (!skip_why[P_PREAD] && mfd >= 0 && pwrite(mfd, live_data, sizeof live_data, 0) != (ssize_t)sizeof live_data)
		skip_why[P_PREAD] = skip_why[P_PWRITE] = "cannot fill the memfd";
	uint8_t b[8];
	struct iovec l = { b, 8 }, r = { live_data, 8 };
	if (!skip_why[P_VMR] && process_vm_readv(getpid(), &l, 1, &r, 1, 0) != 8) {
		static char why[128];
		snprintf(why, sizeof why, "process_vm_readv on self: %s", strerror(errno));
		skip_why[P_VMR] = skip_why[P_VMW] = why;
	}
	zfd = open("/dev/zero", O_RDONLY);
	if (zfd < 0 && !skip_why[P_ZERO])
		skip_why[P_ZERO] = "cannot open /dev/zero";
}
