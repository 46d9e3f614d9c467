/*
 * live: the running kernel's own user-copy routines against the models,
 * through system calls (issue 15; docs/live.md).
 *
 * A user buffer is placed so that it runs into a PROT_NONE page at offset f
 * (or not at all). Then the kernel copies into it or out of it:
 *   pread     memfd (tmpfs) -> buffer        copy_to_user   (copy_page_to_iter)
 *   pwrite    buffer -> memfd                copy_from_user (generic_perform_write)
 *   vm_readv  process_vm_readv, self -> buffer    copy_to_user
 *   vm_writev process_vm_writev, buffer -> self   copy_from_user
 *   zero      read(/dev/zero) -> buffer      clear_user (its row: docs/clear.md)
 * Each path's result (the count or -EFAULT, and every byte user space can
 * see: the buffer and the sentinels around it, the file, the remote buffer)
 * is predicted by running a registry model through that path's kernel
 * chunking and retry rules, and compared. The model of the strategy
 * inferred from uname and /proc/cpuinfo decides pass/fail; every row is
 * also scored, at lag 0 (exact rep reporting) and lag 1 (delayed), for the
 * identification table.
 *
 *   live [--quick] [--max-len N] [--verbose] [--row NAME] [--lag K]
 *   live --case PATH,LEN,SOFF,F,DALIGN   one case, described (F: -1 = none)
 * --row/--lag: predict with that row and lag instead of the inference.
 * Last line: "N passed, M failed" (a path the kernel forbids is skipped).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ucopy.h"

#define PG 4096
#define NONE ((size_t)-1)
#define MAXL 512
#define PRE 64		/* sentinel bytes before the buffer */
#define MAXROWS 64

enum path { P_PREAD, P_PWRITE, P_VMR, P_VMW, P_ZERO, NPATHS };
static const char *pname[NPATHS] = { "pread", "pwrite", "vm_readv", "vm_writev", "zero" };
static const char *pdir[NPATHS] = { "copy_to_user", "copy_from_user", "copy_to_user",
				    "copy_from_user", "clear_user" };
static const char *skip_why[NPATHS];

/* the source data the kernel copies from (file contents, remote buffer) */
static uint8_t data[3 * PG] __attribute__((aligned(PG)));
static int mfd = -1, zfd = -1;
static uint8_t *area;		/* 2 RW pages, then the PROT_NONE page */
static uint8_t *guard;		/* = area + 2 * PG */
static uint8_t *remote;		/* 3 RW pages: process_vm_* remote side */

struct kase { enum path p; size_t len, soff, f, dalign; };

/* What user space sees after the call. */
struct seen {
	long ret;			/* count, or -errno */
	uint8_t win[PRE + MAXL + 64];	/* the user window [p-PRE, p+len+64) clipped at guard */
	size_t winlen;
	uint8_t far[MAXL + 128];	/* file / remote bytes [soff-64, soff+len+64) */
	size_t farlen;
};

static uint8_t sent_byte(size_t i) { return (uint8_t)(0xA5 ^ (i * 7)); }
static uint8_t data_byte(size_t i) { return (uint8_t)(i * 13 + 1 + (i >> 8)); }

/* The user buffer: runs into the guard at f, or (no fault) ends 64 bytes
 * before it at alignment dalign. */
static uint8_t *ubuf(const struct kase *k)
{
	if (k->f != NONE)
		return guard - k->f;
	return (uint8_t *)(((uintptr_t)guard - 64 - k->len) & ~(uintptr_t)7) + k->dalign - 8;
}

static size_t win_len(const struct kase *k, uint8_t *p)
{
	return (size_t)(guard - (p - PRE)) < PRE + k->len + 64 ?
	       (size_t)(guard - (p - PRE)) : PRE + k->len + 64;
}

/* ---- the kernel side: run the case for real ---- */

static void reset_far(const struct kase *k)
{
	if (k->p == P_PWRITE) {
		if (pwrite(mfd, data, sizeof data, 0) != (ssize_t)sizeof data) {
			perror("live: pwrite reset");
			exit(2);
		}
	} else if (k->p == P_VMW) {
		for (size_t i = 0; i < 3 * PG; i++)
			remote[i] = sent_byte(i + 3);
	}
}

static void run_kernel(const struct kase *k, struct seen *s)
{
	uint8_t *p = ubuf(k);
	int from_user = k->p == P_PWRITE || k->p == P_VMW;
	/* the window: sentinels, or for copy_from_user the source data */
	for (uint8_t *q = p - PRE; q < guard; q++)
		*q = sent_byte((size_t)(q - area));
	if (from_user)
		for (size_t i = 0; i < k->len && p + i < guard; i++)
			p[i] = data_byte(i + 1000);
	reset_far(k);
	ssize_t r = 0;
	struct iovec l = { p, k->len }, rm;
	errno = 0;
	switch (k->p) {
	case P_PREAD: r = pread(mfd, p, k->len, (off_t)k->soff); break;
	case P_PWRITE: r = pwrite(mfd, p, k->len, (off_t)k->soff); break;
	case P_VMR:
		rm.iov_base = data + k->soff; rm.iov_len = k->len;
		r = process_vm_readv(getpid(), &l, 1, &rm, 1, 0);
		break;
	case P_VMW:
		rm.iov_base = remote + k->soff; rm.iov_len = k->len;
		r = process_vm_writev(getpid(), &l, 1, &rm, 1, 0);
		break;
	case P_ZERO: r = read(zfd, p, k->len); break;
	default: break;
	}
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

/* ---- the prediction: a model through the path's chunking and retries ---- */

/*
 * One kernel copy of n bytes at kernel address kaddr (its page offset
 * matters: page cache or pinned pages are page aligned) to or from the user
 * at offset uoff of the buffer: the routine's model, fault at f - uoff on
 * the user side.
 */
static size_t one_copy(const struct ucopy_strategy *st, size_t lag, int from_user,
		       uint8_t *dst, const uint8_t *src, size_t n, size_t uaddr,
		       size_t kaddr, size_t uf)
{
	if (!st) {	/* the EXACT contract */
		size_t c = uf < n ? uf : n;
		memcpy(dst, src, c);
		return n - c;
	}
	if (from_user)
		return st->model(dst, src, n, kaddr, uf, NONE, lag);
	return st->model(dst, src, n, uaddr, NONE, uf, lag);
}

/*
 * Predict: the result and the same views as struct seen. st NULL: the EXACT
 * contract. Returns 0, or 1 when the path would not return (pwrite
 * spinning on a zero-progress copy of readable bytes).
 */
static const struct ucopy_strategy *clear_row;	/* P_ZERO's model, or NULL */

static int predict(const struct kase *k, const struct ucopy_strategy *st, size_t lag,
		   struct seen *s)
{
	uint8_t *p = ubuf(k);
	uintptr_t up = (uintptr_t)p;
	int from_user = k->p == P_PWRITE || k->p == P_VMW;
	size_t lo = k->soff >= 64 ? k->soff - 64 : 0;
	uint8_t win[PRE + MAXL + 64], far[3 * PG], usrc[MAXL];
	size_t winlen = win_len(k, p);
	for (size_t i = 0; i < winlen; i++)
		win[i] = sent_byte((size_t)(p - PRE + i - area));
	for (size_t i = 0; i < k->len; i++)
		usrc[i] = data_byte(i + 1000);
	if (from_user) {
		for (size_t i = 0; i < k->len && i < winlen - PRE; i++)
			win[PRE + i] = usrc[i];
		for (size_t i = lo; i < k->soff + k->len + 64; i++)
			far[i] = k->p == P_PWRITE ? data[i] : sent_byte(i + 3);
	}
	size_t uf = k->f;	/* user-side fault offset */
	size_t done = 0;
	int livelock = 0;
	if (k->p == P_ZERO) {
		/* read_zero: clear_user per page-sized chunk; a short one ends it */
		while (done < k->len) {
			size_t n = k->len - done < PG ? k->len - done : PG;
			size_t c = uf == NONE || uf - done >= n ? n : uf - done;
			if (clear_row)	/* the row's model: a clear from a zero source */
				c = n - clear_row->model(win + PRE + done, win, n, up + done, NONE,
							 uf == NONE ? NONE : uf - done, lag);
			else
				memset(win + PRE + done, 0, c);
			done += c;
			if (c < n)
				break;
		}
	} else {
		/* page chunks on the kernel side; in each, copy_page_{to,from}_iter
		 * (and pwrite's fault-in loop) retries while a copy makes progress */
		while (done < k->len) {
			size_t pos = k->soff + done;
			size_t n = PG - pos % PG;
			if (n > k->len - done)
				n = k->len - done;
			size_t got = 0;
			for (;;) {
				size_t at = done + got, m = n - got;
				size_t f1 = uf == NONE ? NONE : (uf > at ? uf - at : 0);
				size_t r;
				if (from_user)
					r = one_copy(st, lag, 1, far + pos + got, usrc + at, m,
						     up + at, pos + got, f1);
				else
					r = one_copy(st, lag, 0, win + PRE + at, data + pos + got, m,
						     up + at, pos + got, f1);
				got += m - r;
				if (r == 0 || r == m)
					break;
			}
			done += got;
			if (got < n) {
				/* pwrite: generic_perform_write faults the rest in again; if
				 * readable bytes remain after a zero-progress copy it spins */
				if (k->p == P_PWRITE && uf != NONE && uf > done)
					livelock = 1;
				break;
			}
		}
	}
	s->ret = k->len == 0 ? 0 : done ? (long)done : -EFAULT;
	s->winlen = winlen;
	memcpy(s->win, win, winlen);
	if (from_user) {
		s->farlen = k->soff + k->len + 64 - lo;
		memcpy(s->far, far + lo, s->farlen);
	} else {
		s->farlen = 0;
	}
	return livelock;
}

static int same(const struct seen *a, const struct seen *b)
{
	return a->ret == b->ret && a->winlen == b->winlen &&
	       !memcmp(a->win, b->win, a->winlen) && a->farlen == b->farlen &&
	       !memcmp(a->far, b->far, a->farlen);
}

/* ---- which routine runs here ---- */

static char flags[4096];
static int has_flag(const char *f)
{
	char pat[64];
	snprintf(pat, sizeof pat, " %s ", f);
	return strstr(flags, pat) != NULL;
}

static int kmaj, kmin;
static const char *infer_copy(char *why, size_t n)
{
	int v = kmaj * 100 + kmin;
	int erms = has_flag("erms"), fsrm = has_flag("fsrm"), rep = has_flag("rep_good");
	const char *r = NULL;
	if (v >= 604) {
		if (fsrm) r = "fsrm", snprintf(why, n, "v6.4+ with FSRM: inline rep movsb (577e6a7fd50d)");
		else if (erms) r = "movs_alt", snprintf(why, n, "v6.4+ with ERMS, no FSRM: rep_movs_alternative, rep movsb from 64 bytes");
		else if (v < 606) r = "movs_alt_unrolled", snprintf(why, n, "v6.4-v6.5 without ERMS: rep_movs_alternative, unrolled loop");
		else if (v < 615) r = "movs_alt_movsq", snprintf(why, n, "v6.6-v6.14 without ERMS: rep_movs_alternative, rep movsq");
		else r = "movs_alt_word", snprintf(why, n, "v6.15+ without ERMS: rep_movs_alternative, first word then rep movsq");
	} else if (v >= 502) {
		if (erms && fsrm && v >= 517) r = "erms_fsrm_reptail", snprintf(why, n, "v5.17-v6.3 ERMS+FSRM: no short path (244122b4d2e5)");
		else if (erms) r = "erms_short_reptail", snprintf(why, n, "v5.2-v6.3 with ERMS");
		else if (rep) r = "string_reptail", snprintf(why, n, "v5.2-v6.3 with REP_GOOD");
		else r = "unrolled_reptail", snprintf(why, n, "v5.2-v6.3 without REP_GOOD");
	} else if (v >= 413) {
		r = erms ? "erms_short" : rep ? "string" : "unrolled";
		snprintf(why, n, "v4.13-v5.1 (%s)", erms ? "ERMS" : rep ? "REP_GOOD" : "neither");
	} else if (v >= 302) {
		r = erms ? "erms" : rep ? "string" : "unrolled";
		snprintf(why, n, "v3.2-v4.12 (%s)", erms ? "ERMS" : rep ? "REP_GOOD" : "neither");
	} else {
		r = rep ? "string" : "unrolled";
		snprintf(why, n, "before v3.2");
	}
	return r;
}

/* clear_user's routine for this kernel and CPU: a clear row (docs/clear.md). */
static const char *infer_clear(char *why, size_t n)
{
	int v = kmaj * 100 + kmin;
	const char *r;
	if (v >= 604) {
		r = has_flag("fsrs") ? "fsrs" : "stos_alt";
		snprintf(why, n, "v6.4+ %s FSRS", has_flag("fsrs") ? "with" : "without");
	} else if (v >= 601) {	/* ALTERNATIVE_3: the last matching one wins */
		r = !has_flag("rep_good") ? "clear_original" : !has_flag("erms") ? "clear_rep_good" :
		    !has_flag("fsrm") ? "clear_erms" : "fsrs";
		snprintf(why, n, "v6.1-v6.3 (REP_GOOD, ERMS, FSRM as flagged)");
	} else {
		r = "clear_loop";
		snprintf(why, n, "before v6.1: __clear_user's inline loops");
	}
	return r;
}

static void read_flags(void)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[8192];
	flags[0] = ' ';
	flags[1] = 0;
	while (fp && fgets(line, sizeof line, fp))
		if (!strncmp(line, "flags", 5)) {
			char *c = strchr(line, ':');
			if (c) {
				snprintf(flags, sizeof flags, "%s ", c + 1);
				for (char *q = flags; *q; q++)
					if (*q == '\n') *q = ' ';
			}
			break;
		}
	if (fp)
		fclose(fp);
}

/* ---- setup, with skips ---- */

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
	if (c == 0) {
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
	int st = 0;
	if (waitpid(c, &st, 0) != c)
		return NULL;
	if (WIFSIGNALED(st))
		snprintf(why[p], sizeof why[p], "the probe was killed by signal %d (a seccomp filter?)", WTERMSIG(st));
	else if (WEXITSTATUS(st))
		snprintf(why[p], sizeof why[p], "%s failed: %s", p == P_VMR || p == P_VMW ? "process_vm_readv/writev on self" :
			 p == P_ZERO ? "read of /dev/zero" : "memfd_create (or an O_TMPFILE in /dev/shm) with pread/pwrite",
			 strerror(WEXITSTATUS(st) - 10));
	else
		return NULL;
	return why[p];
}

static void setup(void)
{
	for (int p = 0; p < NPATHS; p++)
		skip_why[p] = probe((enum path)p);
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = data_byte(i);
	area = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	remote = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED || remote == MAP_FAILED || mprotect(area + 2 * PG, PG, PROT_NONE)) {
		perror("live: mmap");
		exit(2);
	}
	guard = area + 2 * PG;
	mfd = memfd_create("ucopy-live", 0);
	if (mfd < 0) {
		static char why[128];
		snprintf(why, sizeof why, "memfd_create: %s", strerror(errno));
		mfd = open("/dev/shm", O_TMPFILE | O_RDWR, 0600);
		if (mfd < 0 && !skip_why[P_PREAD])
			skip_why[P_PREAD] = skip_why[P_PWRITE] = why;
	}
	if (!skip_why[P_PREAD] && mfd >= 0 && pwrite(mfd, data, sizeof data, 0) != (ssize_t)sizeof data)
		skip_why[P_PREAD] = skip_why[P_PWRITE] = "cannot fill the memfd";
	uint8_t b[8];
	struct iovec l = { b, 8 }, r = { data, 8 };
	if (!skip_why[P_VMR] && process_vm_readv(getpid(), &l, 1, &r, 1, 0) != 8) {
		static char why[128];
		snprintf(why, sizeof why, "process_vm_readv on self: %s", strerror(errno));
		skip_why[P_VMR] = skip_why[P_VMW] = why;
	}
	zfd = open("/dev/zero", O_RDONLY);
	if (zfd < 0 && !skip_why[P_ZERO])
		skip_why[P_ZERO] = "cannot open /dev/zero";
}

/* ---- reporting ---- */

static void describe(const struct kase *k, FILE *o)
{
	fprintf(o, "%s (%s): len %zu, %s offset %zu (&7 = %zu), ", pname[k->p], pdir[k->p],
		k->len, k->p == P_PREAD || k->p == P_PWRITE ? "file" :
		k->p == P_ZERO ? "(no source)" : "remote", k->soff, k->soff & 7);
	if (k->f == NONE)
		fprintf(o, "no fault, user buffer &7 = %zu", k->dalign);
	else
		fprintf(o, "user buffer faults at offset %zu (&7 = %zu)", k->f,
			(size_t)((uintptr_t)ubuf(k) & 7));
}

static void show_diff(const char *what, const struct seen *kern, const struct seen *pred, FILE *o)
{
	fprintf(o, "    kernel returned %ld%s, %s predicts %ld%s\n", kern->ret,
		kern->ret == -EFAULT ? " (-EFAULT)" : "", what, pred->ret,
		pred->ret == -EFAULT ? " (-EFAULT)" : "");
	for (size_t i = 0; i < kern->winlen && i < pred->winlen; i++)
		if (kern->win[i] != pred->win[i]) {
			fprintf(o, "    user buffer byte %ld: kernel left 0x%02x, predicted 0x%02x\n",
				(long)i - PRE, kern->win[i], pred->win[i]);
			break;
		}
	for (size_t i = 0; i < kern->farlen && i < pred->farlen; i++)
		if (kern->far[i] != pred->far[i]) {
			fprintf(o, "    destination byte %zu (file/remote, from soff-64): kernel 0x%02x, predicted 0x%02x\n",
				i, kern->far[i], pred->far[i]);
			break;
		}
}

static int parse_case(const char *arg, struct kase *k)
{
	char nm[32];
	long f;
	if (sscanf(arg, "%31[^,],%zu,%zu,%ld,%zu", nm, &k->len, &k->soff, &f, &k->dalign) != 5)
		return -1;
	k->f = f < 0 ? NONE : (size_t)f;
	for (int i = 0; i < NPATHS; i++)
		if (!strcmp(nm, pname[i])) {
			k->p = (enum path)i;
			return k->len <= MAXL && k->soff < 2 * PG && k->dalign < 8 &&
			       (k->f == NONE || k->f < k->len) ? 0 : -1;
		}
	return -1;
}

int main(int argc, char **argv)
{
	int quick = 0, verbose = 0;
	size_t maxlen = 128;
	const char *one = NULL, *force = NULL, *force_clear = NULL;
	size_t plag = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick")) quick = 1, maxlen = 40;
		else if (!strcmp(argv[i], "--verbose")) verbose = 1;
		else if (!strcmp(argv[i], "--max-len") && i + 1 < argc) maxlen = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--case") && i + 1 < argc) one = argv[++i];
		else if (!strcmp(argv[i], "--row") && i + 1 < argc) force = argv[++i];
		else if (!strcmp(argv[i], "--clear-row") && i + 1 < argc) force_clear = argv[++i];
		else if (!strcmp(argv[i], "--lag") && i + 1 < argc) plag = strtoul(argv[++i], NULL, 0);
		else {
			fprintf(stderr, "usage: live [--quick] [--max-len N] [--verbose] [--row NAME] [--lag K] [--clear-row NAME] [--case PATH,LEN,SOFF,F,DALIGN]\n");
			return 2;
		}
	}
	if (maxlen > MAXL) maxlen = MAXL;

	struct utsname u;
	uname(&u);
	sscanf(u.release, "%d.%d", &kmaj, &kmin);
	read_flags();
	char why[160];
	const char *rowname = infer_copy(why, sizeof why);
	const struct ucopy_strategy *inferred = rowname ? ucopy_find(rowname) : NULL;
	if (force) {	/* a hypothesis instead of the inference */
		if (!(inferred = ucopy_find(force))) {
			fprintf(stderr, "live: no registry row %s\n", force);
			return 2;
		}
		rowname = force;
		snprintf(why, sizeof why, "--row %s given, lag %zu", force, plag);
	}
	setup();

	size_t nrows = 0;
	const struct ucopy_strategy *rows[MAXROWS];
	for (size_t i = 0; i < ucopy_nstrategies && nrows < MAXROWS; i++)
		if (ucopy_strategies[i].kind == UCOPY_KIND_COPY ||	/* copy_user rows only */
		    ucopy_strategies[i].kind == UCOPY_KIND_TAIL)
			rows[nrows++] = &ucopy_strategies[i];

	printf("# live: the running kernel's user copies against the models\n\n");
	printf("kernel: %s %s (%s)\n", u.sysname, u.release, u.version);
	printf("cpu flags:");
	const char *fl[] = { "erms", "fsrm", "fsrs", "fzrm", "rep_good", "smap" };
	for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
		printf(" %s=%s", fl[i], has_flag(fl[i]) ? "yes" : "no");
	printf("\ncopy_to_user / copy_from_user: %s (%s)\n", rowname ? rowname : "none: EXACT contract", why);
	char cwhy[96];
	const char *cname = infer_clear(cwhy, sizeof cwhy);
	if (force_clear)	/* a hypothesis for clear_user */
		cname = force_clear, snprintf(cwhy, sizeof cwhy, "--clear-row given");
	clear_row = ucopy_find(cname);
	if (!clear_row || clear_row->kind != UCOPY_KIND_CLEAR) {
		fprintf(stderr, "live: no clear row %s\n", cname);
		return 2;
	}
	printf("clear_user: %s (%s)\n", cname, cwhy);

	if (one) {
		struct kase k;
		if (parse_case(one, &k)) {
			fprintf(stderr, "live: bad --case %s\n", one);
			return 2;
		}
		if (skip_why[k.p]) {
			printf("skipped: %s\n0 passed, 0 failed\n", skip_why[k.p]);
			return 0;
		}
		struct seen kern, pred;
		run_kernel(&k, &kern);
		int ll = predict(&k, k.p == P_ZERO ? NULL : inferred, k.p == P_ZERO ? 0 : plag, &pred);
		describe(&k, stdout);
		printf("\n  kernel: %ld; %s: %ld%s\n", kern.ret, k.p == P_ZERO && clear_row ? clear_row->name :
		       k.p == P_ZERO || !inferred ? "EXACT" : inferred->name,
		       pred.ret, ll ? " (would spin)" : "");
		int ok = same(&kern, &pred);
		if (!ok) show_diff("the model", &kern, &pred, stdout);
		for (size_t r = 0; r < nrows && k.p != P_ZERO; r++)
			for (size_t lag = 0; lag < 2; lag++) {
				struct seen q;
				int l2 = predict(&k, rows[r], lag, &q);
				printf("    %-15s lag %zu: %ld%s%s\n", rows[r]->name, lag, q.ret,
				       l2 ? " (would spin)" : "", !l2 && same(&kern, &q) ? "" : "  <- differs");
			}
		printf("%d passed, %d failed\n", ok, !ok);
		return ok ? 0 : 1;
	}

	static const size_t soffs_full[] = { 0, 1, 2, 3, 4, 5, 6, 7, 4090, 4093 };
	static const size_t soffs_quick[] = { 0, 3, 4093 };
	const size_t *soffs = quick ? soffs_quick : soffs_full;
	size_t nsoff = quick ? 3 : 10;

	char flagstr[96] = "";
	if (force || plag)
		snprintf(flagstr, sizeof flagstr, "--row %s --lag %zu", rowname, plag);
	unsigned long cases[NPATHS] = { 0 }, pass[NPATHS] = { 0 };
	unsigned long agree[MAXROWS][2] = { { 0 } }, spins[MAXROWS][2] = { { 0 } };
	unsigned long idcases = 0, exact_agree = 0;
	unsigned long shown = 0, failed = 0;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int pi = 0; pi < NPATHS; pi++) {
		if (skip_why[pi]) {
			printf("path %s skipped: %s\n", pname[pi], skip_why[pi]);
			continue;
		}
		for (size_t len = 0; len <= maxlen; len++)
			for (size_t si = 0; si < (pi == P_ZERO ? 1 : nsoff); si++)
				for (size_t fi = 0; fi < len + 8; fi++) {
					struct kase k = { (enum path)pi, len, soffs[si],
							  fi < len ? fi : NONE, fi < len ? 0 : fi - len };
					struct seen kern, pred;
					run_kernel(&k, &kern);
					const struct ucopy_strategy *st = pi == P_ZERO ? NULL : inferred;
					predict(&k, st, pi == P_ZERO ? 0 : plag, &pred);
					int ok = same(&kern, &pred);
					cases[pi]++;
					pass[pi] += ok;
					if (!ok) {
						failed++;
						if (shown++ < 20 || verbose) {
							printf("MISMATCH ");
							describe(&k, stdout);
							printf("\n");
							show_diff(st ? st->name : pi == P_ZERO && clear_row ? clear_row->name :
								  "the EXACT contract", &kern, &pred, stdout);
							printf("    replay: make live-case CASE=%s,%zu,%zu,%ld,%zu%s%s%s\n",
							       pname[pi], len, k.soff, k.f == NONE ? -1L : (long)k.f, k.dalign,
							       force || plag ? " LIVE_FLAGS='" : "", force || plag ? flagstr : "",
							       force || plag ? "'" : "");
						}
					}
					if (pi == P_ZERO)
						continue;
					idcases++;
					struct seen q;
					predict(&k, NULL, 0, &q);
					exact_agree += same(&kern, &q);
					for (size_t r = 0; r < nrows; r++)
						for (size_t lag = 0; lag < 2; lag++) {
							int sp = predict(&k, rows[r], lag, &q);
							spins[r][lag] += sp;
							agree[r][lag] += !sp && same(&kern, &q);
						}
				}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

	unsigned long tc = 0, tp = 0;
	printf("\n| path | routine | cases | passed | predicted by |\n|---|---|---|---|---|\n");
	for (int pi = 0; pi < NPATHS; pi++) {
		if (skip_why[pi]) {
			printf("| %s | %s | skipped | - | %s |\n", pname[pi], pdir[pi], skip_why[pi]);
			continue;
		}
		printf("| %s | %s | %lu | %lu | %s |\n", pname[pi], pdir[pi], cases[pi], pass[pi],
		       pi == P_ZERO && clear_row ? clear_row->name :
		       pi == P_ZERO || !inferred ? "EXACT contract" : inferred->name);
		tc += cases[pi];
		tp += pass[pi];
	}
	printf("\nlengths 0..%zu, every fault offset inside the buffer and 8 no-fault user alignments, "
	       "source offsets %s; %.1f s\n", maxlen, quick ? "0, 3, 4093" : "0..7, 4090, 4093", secs);

	if (idcases) {
		printf("\nidentification over the %lu copy cases (count, user buffer with its sentinels, "
		       "file / remote bytes all equal):\n\n| row | kernels | agrees, lag 0 (exact hw) | agrees, lag 1 (delayed hw) |\n|---|---|---|---|\n",
		       idcases);
		printf("| EXACT contract | - | %lu | - |\n", exact_agree);
		for (size_t r = 0; r < nrows; r++) {
			printf("| `%s`%s | %s | %lu | %lu", rows[r]->name,
			       rows[r] == inferred ? " (inferred)" : "", rows[r]->kernels,
			       agree[r][0], agree[r][1]);
			if (spins[r][1])
				printf(" (%lu: pwrite would spin)", spins[r][1]);
			printf(" |\n");
		}
		printf("\nEvery row EXACT on exact hardware (README level table; all but");
		for (size_t r = 0; r < nrows; r++)
			if (rows[r]->level_exact_hw != UCOPY_EXACT)
				printf(" `%s`", rows[r]->name);
		printf(": fix-ups that return early, or a tail that zeroes) predicts the same count and bytes at lag 0: what "
		       "these cases show is that the kernel meets EXACT on every path, not which row it runs. "
		       "Indistinguishable from the kernel at both readings:");
		for (size_t r = 0; r < nrows; r++)
			if (agree[r][0] == idcases && agree[r][1] == idcases)
				printf(" `%s`", rows[r]->name);
		printf(" (they agree at lag 1 in every case run here). The others would differ only where a rep movs "
		       "reports late, so their lag-1 column tells whether this CPU does");
		if (inferred && agree[inferred - ucopy_strategies][0] == idcases &&
		    agree[inferred - ucopy_strategies][1] < idcases)
			printf(": the kernel matches the inferred `%s` at lag 0 and not at lag 1, so its rep movsb "
			       "reports faults exactly here (what make hw-facts measures)", inferred->name);
		printf(".\n");
	}
	if (failed)
		printf("\n%lu mismatches (the first 20 are shown; --verbose for all)\n", failed);
	if (!tc)
		printf("skipped: no path could run here (see above)\n");
	printf("%lu passed, %lu failed\n", tp, tc - tp);
	return tc == tp ? 0 : 1;
}
