/*
 * The buffers: for the source and for the destination a run of read-write
 * pages between two PROT_NONE guard pages, so that a buffer placed against
 * the high guard faults at exactly the case's offset; and the random byte
 * runs their contents are taken from.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"

struct region lab_src_region, lab_dst_region;
/*
 * The source of an MC row (copy_mc: kernel memory that may hold poison):
 * its high guard is a page of a file mapped past the file's end, so a load
 * there raises SIGBUS, which the lab delivers as a machine check (trap 18)
 * to the routine's exception table.
 */
struct region lab_poison_region;

/*
 * Contents come from random byte runs, each stored twice over so that a
 * run starting anywhere in the first copy is contiguous. A copy reads
 * copy_source_bytes and writes over copy_dest_bytes (the same run with
 * every byte changed); a clear "reads" zeros and writes over
 * clear_dest_bytes (no zero byte in it).
 */
#define POOL (1 << 16)
static uint8_t copy_source_bytes[2 * POOL], copy_dest_bytes[2 * POOL];
static uint8_t zeros[2 * POOL], clear_dest_bytes[2 * POOL];

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

/* The poisoned region: the high guard a page of an empty file, mapped
 * read-only. */
static int map_poison_region(void)
{
	int fd = memfd_create("ucopy-lab-poison", MFD_CLOEXEC);
	void *p;

	if (fd < 0 || map_region(&lab_poison_region)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	p = mmap(lab_poison_region.hi_guard, PAGE, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0);
	close(fd);
	return p == MAP_FAILED ? -1 : 0;
}

uint64_t lab_splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int lab_buffers_init(void)
{
	uint64_t s = 0x75636f7079ull;   /* fixed: contents vary by case seed */

	if (map_region(&lab_src_region) || map_region(&lab_dst_region) ||
	    map_poison_region())
		return -1;
	for (size_t i = 0; i < POOL; i++) {
		uint64_t v = lab_splitmix(&s);
		copy_source_bytes[i] = copy_source_bytes[i + POOL] = (uint8_t)v;
		copy_dest_bytes[i] = copy_dest_bytes[i + POOL] =
			(uint8_t)v ^ (uint8_t)((v >> 8) | 1);
		clear_dest_bytes[i] = clear_dest_bytes[i + POOL] = copy_dest_bytes[i] | 1;
	}
	return 0;
}

void lab_buffer_contents(int clear, uint64_t *seed, const uint8_t **s, const uint8_t **d)
{
	uint64_t k = lab_splitmix(seed) % POOL;

	*s = (clear ? zeros : copy_source_bytes) + WINDOW + k;
	*d = (clear ? clear_dest_bytes : copy_dest_bytes) + WINDOW + k;
}

/* Buffer start: against the guard when the fault offset is <= len. */
uintptr_t lab_place_buffer(const struct region *r, size_t len, size_t f, unsigned align)
{
	uintptr_t g = (uintptr_t)r->hi_guard;

	if (f != LAB_NOFAULT)
		return g - f;
	return ((g - len - WINDOW - LAB_ALIGN_MOD) & ~(uintptr_t)(LAB_ALIGN_MOD - 1)) + align;
}

/* The part [lo, hi) of a buffer's surroundings the lab fills and checks:
 * WINDOW bytes either side, clipped to the read-write pages. */
void lab_buffer_window(const struct region *r, uint8_t *buf, size_t len,
		   uint8_t **lo, uint8_t **hi)
{
	*lo = buf - WINDOW < r->rw ? r->rw : buf - WINDOW;
	*hi = buf + len + WINDOW > r->hi_guard ? r->hi_guard : buf + len + WINDOW;
	if (*hi < *lo)
		*hi = *lo;
}

/* First offset in [a, b) where buf differs from want (relative to base). */
ptrdiff_t lab_first_diff(const uint8_t *buf, const uint8_t *want, ptrdiff_t a, ptrdiff_t b)
{
	if (a >= b || !memcmp(buf + a, want + a, (size_t)(b - a)))
		return PTRDIFF_MAX;
	while (buf[a] == want[a])
		a++;
	return a;
}
