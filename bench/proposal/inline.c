/*
 * One call against the inline rep movsb (docs/proposal.md, "What the bench
 * does not show"). With FSRM the kernel's copy_user_generic() emits a bare
 * rep movsb in the caller, rdi/rsi/rcx bound to the arguments; without it,
 * the same place holds a call to rep_movs_alternative (the ALTERNATIVE in
 * arch/x86/include/asm/uaccess_64.h, stac/clac around both, left out here:
 * they are privileged and the same on both sides). This times both forms
 * as the compiler sees them, each call inline asm with the rep ABI's
 * constraints, the file built with -mno-red-zone as the kernel is.
 *
 *   inline [--reps N] [--batch N] [--lengths a,b,...]   CSV on stdout:
 *   form,len,median_ticks,min_ticks
 * Forms: empty (the timing floor: lfence only), inline_rep_movsb,
 * call_movs_fast, call_movs_alt. Ticks per copy, the floor included, as in
 * the bench's tables.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ucopy_movs_fast(void);
void ucopy_movs_alt(void);

#define FORMS 4
static const char *const form_name[FORMS] = {
	"empty", "inline_rep_movsb", "call_movs_fast", "call_movs_alt",
};

static inline uint64_t tsc(void)
{
	uint32_t lo, hi;

	asm volatile("lfence; rdtsc; lfence" : "=a"(lo), "=d"(hi) :: "memory");
	return ((uint64_t)hi << 32) | lo;
}

/* One copy of len bytes in the given form; each after an lfence, so that
 * copies do not overlap in the pipeline (as the bench times them). */
static inline void one(int form, void *dst, const void *src, size_t len)
{
	void *d = dst;
	const void *s = src;
	size_t n = len;

	switch (form) {
	case 0:
		asm volatile("lfence" ::: "memory");
		break;
	case 1:
		asm volatile("lfence; rep movsb" : "+D"(d), "+S"(s), "+c"(n) :: "memory");
		break;
	case 2:
		asm volatile("lfence; call ucopy_movs_fast"
			     : "+D"(d), "+S"(s), "+c"(n) :: "rax", "memory", "cc");
		break;
	default:
		asm volatile("lfence; call ucopy_movs_alt"
			     : "+D"(d), "+S"(s), "+c"(n) :: "rax", "memory", "cc");
		break;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void usage(void)
{
	fprintf(stderr, "usage: inline [--reps N] [--batch N] [--lengths a,b,...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned reps = 2000, batch = 64;
	const char *lengths = "0,1,2,4,7,8,15,16,31,32,63,64,128,256,512,1024,2048,4096";
	static uint8_t src[8192] __attribute__((aligned(4096)));
	static uint8_t dst[8192] __attribute__((aligned(4096)));

	for (int i = 1; i < argc; i++) {
		char *end;

		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--reps")) {
			reps = strtoul(argv[++i], &end, 10);
			if (*end || !reps || reps > 1000000)
				usage();
		} else if (!strcmp(argv[i], "--batch")) {
			batch = strtoul(argv[++i], &end, 10);
			if (*end || !batch || batch > 4096)
				usage();
		} else if (!strcmp(argv[i], "--lengths")) {
			lengths = argv[++i];
		} else {
			usage();
		}
	}
	uint64_t *t = malloc(reps * sizeof(*t));
	if (!t)
		return 1;
	memset(src, 0x5a, sizeof(src));
	printf("form,len,median_ticks,min_ticks\n");
	char *list = strdup(lengths);
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		char *end;
		unsigned long len = strtoul(tok, &end, 10);

		if (*end || len > 4096) {
			fprintf(stderr, "inline: bad length '%s' (0..4096)\n", tok);
			return 2;
		}
		for (int f = 0; f < FORMS; f++) {
			for (unsigned w = 0; w < 64; w++)	/* warm up */
				one(f, dst, src, len);
			for (unsigned r = 0; r < reps; r++) {
				uint64_t t0 = tsc();

				for (unsigned b = 0; b < batch; b++)
					one(f, dst, src, len);
				t[r] = tsc() - t0;
			}
			qsort(t, reps, sizeof(*t), cmp_u64);
			printf("%s,%lu,%.2f,%.2f\n", form_name[f], len,
			       (double)t[reps / 2] / batch, (double)t[0] / batch);
		}
	}
	free(list);
	free(t);
	return 0;
}
