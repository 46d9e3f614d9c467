/*
 * What a fault in copy_to_user costs here (docs/proposal.md, "What the bench
 * does not show"), measured on the running kernel: pread() from a memfd
 * into a buffer whose page after `copied` bytes is PROT_NONE, against the
 * same pread() of exactly `copied` bytes, which does not fault. shmem's
 * read path copies a page piece by piece and, after a short copy, tries
 * the rest once more (mm/shmem.c, lib/iov_iter.c: docs/live.md), so a
 * faulting read takes the routine's faults and then one more, at once.
 *
 *   fault [--reps N] [--lengths a,b,...]   CSV on stdout:
 *   len,copied,fault_ticks,nofault_ticks,extra_ticks
 * A case copies len bytes with the guard page after len / 2; ticks are
 * medians of N reads; extra = fault - nofault.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static inline uint64_t tsc(void)
{
	uint32_t lo, hi;

	asm volatile("lfence; rdtsc; lfence" : "=a"(lo), "=d"(hi) :: "memory");
	return ((uint64_t)hi << 32) | lo;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t median_pread(int fd, uint8_t *dst, size_t len, unsigned reps,
			     uint64_t *t, ssize_t want)
{
	for (unsigned r = 0; r < reps + 16; r++) {
		uint64_t t0 = tsc();
		ssize_t got = pread(fd, dst, len, 0);
		uint64_t t1 = tsc();

		if (got != want) {
			fprintf(stderr, "fault: pread of %zu returned %zd, not %zd\n", len, got, want);
			exit(1);
		}
		if (r >= 16)		/* the first ones warm up */
			t[r - 16] = t1 - t0;
	}
	qsort(t, reps, sizeof(*t), cmp_u64);
	return t[reps / 2];
}

int main(int argc, char **argv)
{
	unsigned reps = 2000;
	const char *lengths = "8,16,64,256,1024,4096";
	long pg = sysconf(_SC_PAGESIZE);

	for (int i = 1; i < argc; i++) {
		char *end;

		if (i + 1 >= argc)
			goto usage;
		if (!strcmp(argv[i], "--reps")) {
			reps = strtoul(argv[++i], &end, 10);
			if (*end || !reps || reps > 1000000)
				goto usage;
		} else if (!strcmp(argv[i], "--lengths")) {
			lengths = argv[++i];
		} else {
			goto usage;
		}
	}
	int fd = memfd_create("ucopy-fault", 0);
	uint8_t *buf = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t *t = malloc(reps * sizeof(*t));
	static uint8_t data[8192];

	if (fd < 0 || buf == MAP_FAILED || !t) {
		perror("fault: memfd_create, mmap or malloc");
		return 1;
	}
	memset(data, 0x5a, sizeof(data));
	if (write(fd, data, sizeof(data)) != (ssize_t)sizeof(data) ||
	    mprotect(buf + 3 * pg, pg, PROT_NONE)) {
		perror("fault: filling the memfd or the guard page");
		return 1;
	}
	memset(buf, 0, 3 * pg);		/* no first-touch faults in the timing */
	printf("len,copied,fault_ticks,nofault_ticks,extra_ticks\n");
	char *list = strdup(lengths);
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		char *end;
		unsigned long len = strtoul(tok, &end, 10);

		if (*end || len < 2 || len > 8192) {
			fprintf(stderr, "fault: bad length '%s' (2..8192)\n", tok);
			return 2;
		}
		size_t copied = len / 2;
		uint8_t *dst = buf + 3 * pg - copied;
		uint64_t f = median_pread(fd, dst, len, reps, t, copied);
		uint64_t n = median_pread(fd, dst, copied, reps, t, copied);

		printf("%lu,%zu,%llu,%llu,%lld\n", len, copied, (unsigned long long)f,
		       (unsigned long long)n, (long long)f - (long long)n);
	}
	free(list);
	free(t);
	return 0;
usage:
	fprintf(stderr, "usage: fault [--reps N] [--lengths a,b,...]\n");
	return 2;
}
