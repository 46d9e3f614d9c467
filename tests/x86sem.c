/*
 * The semantics checked against the CPU (the method of s2n-bignum's
 * x86/proofs/simulator.c): every register instruction form the lifter
 * emits (proofs/asm/lift.awk) runs natively, by inline asm, on random
 * registers and flags, and through spec/x86.c composed exactly as the
 * lifter composes it; the result register, CF and ZF must agree (and CF
 * must survive inc/dec, which the lifter leaves unwritten), and so must a
 * memory operand's offset in its buffer (x86_off_disp). The memory
 * forms are the primitives of spec/hw.h, checked by the fault lab.
 *
 *   build/tests/x86sem [cases] [seed]     default 20000 cases per form, seed 1
 * Last line: N passed, M failed (one per form).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "x86.h"

static uint64_t rng;
static uint64_t next(void)
{	/* xorshift64*, with edge values mixed in */
	rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
	uint64_t r = rng * 0x2545f4914f6cdd1dULL;
	switch (r % 8) {
	case 0: return r % 130;			/* small counts */
	case 1: return ~(r % 130);		/* near 2^64 */
	case 2: return (r % 130) + 0xfffffff0ULL;	/* near 2^32 */
	case 3: return 0x80 + (r % 3) - 1;	/* sign edges */
	default: return r;
	}
}

struct st { uint64_t r; int cf, zf; };
static int passed, failed;
static void report(const char *form, long bad, long n, uint64_t a, uint64_t b,
		   struct st nat, struct st sem)
{
	if (!bad) { printf("PASS %-16s %ld cases\n", form, n); passed++; return; }
	printf("FAIL %-16s %ld of %ld cases differ; first: a=%#llx b=%#llx cpu r=%#llx cf=%d zf=%d,"
	       " semantics r=%#llx cf=%d zf=%d\n", form, bad, n, (unsigned long long)a,
	       (unsigned long long)b, (unsigned long long)nat.r, nat.cf, nat.zf,
	       (unsigned long long)sem.r, sem.cf, sem.zf);
	failed++;
}

/* native: op b, a (AT&T) at a width given by the operand modifier */
#define NAT2(fn, insn, mod)							\
static struct st fn(uint64_t a, uint64_t b, int cfin)				\
{										\
	uint8_t c, z;								\
	__asm__("bt $0, %[ci]\n\t" insn " %" mod "[b], %" mod "[a]\n\t"		\
		"setc %[c]\n\tsetz %[z]"					\
		: [a] "+r"(a), [c] "=q"(c), [z] "=q"(z)				\
		: [b] "r"(b), [ci] "r"((uint64_t)cfin) : "cc");			\
	return (struct st){ a, c, z };						\
}
/* native: op a (one operand) */
#define NAT1(fn, insn, arg, mod)						\
static struct st fn(uint64_t a, uint64_t b, int cfin)				\
{										\
	uint8_t c, z; (void)b;							\
	__asm__("bt $0, %[ci]\n\t" insn " " arg "%" mod "[a]\n\tsetc %[c]\n\tsetz %[z]"	\
		: [a] "+r"(a), [c] "=q"(c), [z] "=q"(z)				\
		: [ci] "r"((uint64_t)cfin) : "cc");				\
	return (struct st){ a, c, z };						\
}
#define WIDTHS2(name, insn)							\
	NAT2(n_##name##1, insn "b", "b") NAT2(n_##name##2, insn "w", "w")	\
	NAT2(n_##name##4, insn "l", "k") NAT2(n_##name##8, insn "q", "q")
#define WIDTHS1(name, insn, arg)						\
	NAT1(n_##name##1, insn "b", arg, "b") NAT1(n_##name##2, insn "w", arg, "w") \
	NAT1(n_##name##4, insn "l", arg, "k") NAT1(n_##name##8, insn "q", arg, "q")
WIDTHS2(mov, "mov") WIDTHS2(add, "add") WIDTHS2(sub, "sub") WIDTHS2(and, "and")
WIDTHS2(or, "or") WIDTHS2(xor, "xor") WIDTHS2(cmp, "cmp") WIDTHS2(test, "test")
WIDTHS1(inc, "inc", "") WIDTHS1(dec, "dec", "") WIDTHS1(shr1, "shr", "$1,")
WIDTHS1(shr3, "shr", "$3,") WIDTHS1(shr7, "shr", "$7,")
NAT1(n_neg4, "negl", "", "k") NAT1(n_neg8, "negq", "", "q")	/* the lifter's neg: 4 and 8 bytes */

/* lea forms of the objects: 8(b), (b,i,8) at 32 bits, -8(b,i,1), -2(b,i,1) */
static struct st n_lea_d8(uint64_t a, uint64_t b, int c)
{ (void)c; uint64_t d; __asm__("leaq 8(%1),%0" : "=r"(d) : "r"(a)); (void)b; return (struct st){ d, 0, 0 }; }
static struct st n_lea_bi8_32(uint64_t a, uint64_t b, int c)
{ (void)c; uint64_t d = 0x1234; __asm__("leal (%1,%2,8),%k0" : "+r"(d) : "r"(a), "r"(b)); return (struct st){ d, 0, 0 }; }
static struct st n_lea_bim8(uint64_t a, uint64_t b, int c)
{ (void)c; uint64_t d; __asm__("leaq -8(%1,%2,1),%0" : "=r"(d) : "r"(a), "r"(b)); return (struct st){ d, 0, 0 }; }
/* a memory operand's offset in its buffer, disp(b) - base, as the lifter
 * gives a load or store with a displacement (x86_off_disp) */
static struct st n_off_d38(uint64_t a, uint64_t b, int c)
{ (void)c; uint64_t d; __asm__("leaq 0x38(%1),%0\n\tsubq %2,%0" : "=&r"(d) : "r"(a), "r"(b) : "cc"); return (struct st){ d, 0, 0 }; }
static struct st n_off_dm8(uint64_t a, uint64_t b, int c)
{ (void)c; uint64_t d; __asm__("leaq -8(%1),%0\n\tsubq %2,%0" : "=&r"(d) : "r"(a), "r"(b) : "cc"); return (struct st){ d, 0, 0 }; }

/* the masks spec/x86.h also states as arithmetic (low_bits, align8) */
static struct st n_and7_32(uint64_t a, uint64_t b, int c)
{ (void)b; (void)c; __asm__("andl $7,%k0" : "+r"(a) : : "cc"); return (struct st){ a, 0, 0 }; }
static struct st n_andm8_64(uint64_t a, uint64_t b, int c)
{ (void)b; (void)c; __asm__("andq $-8,%0" : "+r"(a) : : "cc"); return (struct st){ a, 0, 0 }; }

/* the semantics, composed as proofs/asm/lift.awk emits each form */
enum form { MOV, ADD, SUB, LOGIC, CMP, TEST, INC, DEC, NEG, SHR };
static struct st sem(enum form f, uint64_t (*op)(uint64_t, uint64_t, int),
		     uint64_t a, uint64_t b, int w, int cfin, int k)
{
	struct st s = { a, cfin, 0 };
	switch (f) {
	case MOV: s.r = x86_mov(a, b, w); return s;	/* flags: unwritten */
	case ADD: s.cf = x86_cf_add(a, b, w); s.r = x86_add(a, b, w); break;
	case SUB: s.cf = x86_cf_sub(a, b, w); s.r = x86_sub(a, b, w); break;
	case LOGIC: s.r = op(a, b, w); s.cf = 0; break;
	case CMP: s.cf = x86_cf_sub(a, b, w); s.zf = x86_zf(x86_sub(a, b, w), w); return s;
	case TEST: s.cf = 0; s.zf = x86_zf(x86_and(a, b, w), w); return s;
	case INC: s.r = x86_add(a, 1, w); break;
	case DEC: s.r = x86_sub(a, 1, w); break;
	case NEG: s.cf = x86_cf_sub(0, a, w); s.r = x86_sub(0, a, w); break;
	case SHR: s.cf = x86_cf_shr(a, k, 1ULL << (k - 1), w); s.r = x86_shr(a, k, 1ULL << k, w); break;
	}
	s.zf = x86_zf(s.r, w);
	return s;
}

static long cases = 20000;
static void check(const char *form, struct st (*nat)(uint64_t, uint64_t, int),
		  enum form f, uint64_t (*op)(uint64_t, uint64_t, int), int w, int k,
		  int flags)
{
	long bad = 0; uint64_t fa = 0, fb = 0; struct st fn = {0}, fs = {0};
	for (long i = 0; i < cases; i++) {
		uint64_t a = next(), b = next(); int cfin = (int)(next() & 1);
		struct st n = nat(a, b, cfin), s = sem(f, op, a, b, w, cfin, k);
		if (f == CMP || f == TEST) n.r = a;	/* they write no register */
		if (!flags) { n.cf = s.cf; n.zf = s.zf; }
		if (n.r != s.r || n.cf != s.cf || n.zf != s.zf) {
			if (!bad++) { fa = a; fb = b; fn = n; fs = s; }
		}
	}
	report(form, bad, cases, fa, fb, fn, fs);
}
static struct st lea_sem(int which, uint64_t a, uint64_t b)
{
	switch (which) {
	case 0: return (struct st){ x86_mov(0, x86_ea(a, 0, 1, 8), 8), 0, 0 };
	case 1: return (struct st){ x86_mov(0x1234, x86_ea(a, b, 8, 0), 4), 0, 0 };
	case 2: return (struct st){ x86_mov(0, x86_ea(a, b, 1, -8), 8), 0, 0 };
	case 3: return (struct st){ x86_off_disp(a, 0x38, b), 0, 0 };
	default: return (struct st){ x86_off_disp(a, -8, b), 0, 0 };
	}
}

int main(int argc, char **argv)
{
	if (argc > 1) { char *e; cases = strtol(argv[1], &e, 10);
		if (*e || cases <= 0) { fprintf(stderr, "x86sem: bad case count '%s'\n", argv[1]); return 2; } }
	rng = 1; if (argc > 2) { char *e; rng = strtoull(argv[2], &e, 10);
		if (*e || !rng) { fprintf(stderr, "x86sem: bad seed '%s'\n", argv[2]); return 2; } }
	if (argc > 3) { fprintf(stderr, "usage: x86sem [cases] [seed]\n"); return 2; }
#define ALL4(name, f, op, k, flags)						\
	check(#name "b", n_##name##1, f, op, 1, k, flags); check(#name "w", n_##name##2, f, op, 2, k, flags); \
	check(#name "l", n_##name##4, f, op, 4, k, flags); check(#name "q", n_##name##8, f, op, 8, k, flags);
	ALL4(mov, MOV, NULL, 0, 0) ALL4(add, ADD, NULL, 0, 1) ALL4(sub, SUB, NULL, 0, 1)
	ALL4(and, LOGIC, x86_and, 0, 1) ALL4(or, LOGIC, x86_or, 0, 1) ALL4(xor, LOGIC, x86_xor, 0, 1)
	ALL4(cmp, CMP, NULL, 0, 1) ALL4(test, TEST, NULL, 0, 1)
	ALL4(inc, INC, NULL, 0, 1) ALL4(dec, DEC, NULL, 0, 1)
	ALL4(shr1, SHR, NULL, 1, 1) ALL4(shr3, SHR, NULL, 3, 1) ALL4(shr7, SHR, NULL, 7, 1)
	check("negl", n_neg4, NEG, NULL, 4, 0, 1); check("negq", n_neg8, NEG, NULL, 8, 0, 1);
	{	/* and $7 / andq $-8: the body, and the contract's arithmetic form */
		long bad = 0; uint64_t fa = 0; struct st fn = {0}, fs = {0};
		for (long i = 0; i < cases; i++) {
			uint64_t a = next();
			struct st n7 = n_and7_32(a, 0, 0), n8 = n_andm8_64(a, 0, 0);
			struct st s7 = { x86_and(a, 7, 4), 0, 0 }, s8 = { x86_and(a, ~7ULL, 8), 0, 0 };
			uint64_t c7 = a % 8, c8 = a - a % 8;	/* x86_put(a, a % 8, 4) */
			if ((n7.r != s7.r || n7.r != c7) && !bad++) { fa = a; fn = n7; fs = s7; }
			if ((n8.r != s8.r || n8.r != c8) && !bad++) { fa = a; fn = n8; fs = s8; }
		}
		report("and $7 / $-8", bad, cases, fa, 0, fn, fs);
	}
	const char *lname[] = { "lea 8(b)", "leal (b,i,8)", "lea -8(b,i,1)",
				"offset of 0x38(b) from base", "offset of -8(b) from base" };
	struct st (*lnat[])(uint64_t, uint64_t, int) = { n_lea_d8, n_lea_bi8_32, n_lea_bim8,
							 n_off_d38, n_off_dm8 };
	for (size_t j = 0; j < sizeof lnat / sizeof lnat[0]; j++) {
		long bad = 0; uint64_t fa = 0, fb = 0; struct st fn = {0}, fs = {0};
		for (long i = 0; i < cases; i++) {
			uint64_t a = next(), b = next();
			struct st n = lnat[j](a, b, 0), s = lea_sem(j, a, b);
			if (n.r != s.r && !bad++) { fa = a; fb = b; fn = n; fs = s; }
		}
		report(lname[j], bad, cases, fa, fb, fn, fs);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
