/*
 * The lifted routines in the fault lab: each row proven at machine-code
 * level (build/gen/asm/<row>.c, compiled with model_<row> renamed
 * lifted_<row>) takes the model's place as the lab's oracle, and the native
 * routine (asm/<row>.S) runs against it with real guard pages: the same
 * return and the same destination bytes in every case, and the row's
 * contract. That checks the lifter and the semantics against the CPU on
 * whole routines, fault paths included.
 *
 * Cases: every length 0..max (default 80), every first faulting offset of
 * the source and of the destination up to len + 1 (one side at a time, and
 * none), two alignments, and lengths 511, 512 and 520 the same way; for a routine with a rep instruction also lags 1
 * and "all" on each faulting case.
 *
 *   build/lab/asmlab [max-len]
 * Last line: N passed, M failed (one per row).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lab/lab.h"
#include "oracle.h"

/* build/gen/asm/rows.h: ASMLAB_ROW(name, kind) per lifted row */
#define ASMLAB_ROW_COPY(n) size_t lifted_##n(uint8_t *, const uint8_t *, size_t, size_t);
#define ASMLAB_ROW_CLEAR(n) size_t lifted_##n(uint8_t *, size_t, size_t);
#define ASMLAB_ROW(n, kind) ASMLAB_ROW_##kind(n)
#include "rows.h"
#undef ASMLAB_ROW

#define CALL_COPY(n, d, s, l, a) lifted_##n(d, s, l, a)
#define CALL_CLEAR(n, d, s, l, a) ((void)(s), lifted_##n(d, l, a))
#define ASMLAB_ROW(n, kind)							\
static size_t bare_##n(uint8_t *d, const uint8_t *s, size_t l, size_t a)	\
{ return CALL_##kind(n, d, s, l, a); }						\
static size_t oracle_##n(uint8_t *d, const uint8_t *s, size_t l, size_t a,	\
			 size_t fs, size_t fd, size_t lag)			\
{ ucopy_hw_arm(l, fs, fd, lag); return bare_##n(d, s, l, a); }
#include "rows.h"
#undef ASMLAB_ROW

struct lifted { const char *name; ucopy_model_fn *model; ucopy_bare_fn *bare; };
static const struct lifted rows[] = {
#define ASMLAB_ROW(n, kind) { #n, oracle_##n, bare_##n },
#include "rows.h"
#undef ASMLAB_ROW
};

static int one(struct lab_target *t, struct lab_case *c, long *ncases, long *nbad)
{
	struct lab_outcome out;
	if (lab_run(t, c, &out) < 0) { printf("  invalid case: %s\n", out.what); (*nbad)++; return 0; }
	(*ncases)++;
	if (!out.pass) { if ((*nbad)++ < 5) printf("  %s\n", out.line); }
	return out.lagged;
}

int main(int argc, char **argv)
{
	size_t max = 80;
	if (argc > 2) { fprintf(stderr, "usage: asmlab [max-len]\n"); return 2; }
	if (argc == 2) { char *e; max = strtoul(argv[1], &e, 10);
		if (*e || max > LAB_LEN_MAX - 2) { fprintf(stderr, "asmlab: bad max-len '%s'\n", argv[1]); return 2; } }
	if (lab_init()) return 2;
	int passed = 0, failed = 0;
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		const struct ucopy_strategy *s = ucopy_find(rows[r].name);
		if (!s) { printf("FAIL %s: not a registry row\n", rows[r].name); failed++; continue; }
		struct lab_target t;
		lab_target_strategy(&t, s);
		t.model = rows[r].model;	/* the lifted machine code is the oracle */
		t.bare = rows[r].bare;
		snprintf(t.model_name, sizeof t.model_name, "lifted");
		long ncases = 0, nbad = 0, nlagged = 0;
		/* 0..max, then around the 512 bytes where movs_fast turns to rep movsb */
		static const size_t big[] = { 511, 512, 520 };
		for (size_t li = 0; li <= max + 3; li++) {
		size_t len = li <= max ? li : big[li - max - 1];
		for (unsigned al = 0; al < 2; al++)
		for (size_t side = 0; side < 3; side++)
		for (size_t f = 0; f <= (side ? len + 1 : 0); f++) {
			struct lab_case c = { .len = len, .src_align = al ? 7 : 0, .dst_align = al ? 3 : 0,
					      .fs = LAB_NOFAULT, .fd = LAB_NOFAULT, .seed = len * 131 + f };
			if (side == 1) { if (s->kind == UCOPY_KIND_CLEAR) continue; c.fs = f; }
			if (side == 2) c.fd = f;
			one(&t, &c, &ncases, &nbad);
			if (side && f < len && lab_rep_sites()) {
				size_t lags[2] = { 1, LAB_LAG_ALL };
				for (int k = 0; k < 2; k++) {
					c.nlag = 1; c.lag[0] = lags[k];
					nlagged += one(&t, &c, &ncases, &nbad);
				}
			}
		}
		}
		if (nbad) { printf("FAIL %s: %ld of %ld cases differ from the lifted code\n", s->name, nbad, ncases); failed++; }
		else { printf("PASS %s: native == lifted in %ld cases (%ld with a lagged rep)\n", s->name, ncases, nlagged); passed++; }
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
