/*
 * ucopy: bodies of spec/x86.h's operations. They serve three purposes:
 * - running lifted routines natively (the fault lab's asmlab);
 * - tests/x86sem.c, which compares each one with the CPU on random
 *   registers and flags;
 * - proofs/asm/prove-asm.sh's unit x86, where WP proves each body against
 *   its contract in spec/x86.h.
 * So a contract is checked against the CPU through its body, and every
 * contract is implementable: no call to it can be dead code.
 *
 * The arithmetic is written so that WP can follow it (-warn-unsigned-
 * overflow holds here too). Nothing wraps in C: a 64-bit wrap is an
 * explicit subtraction of 2^64, and "low w bytes" is a remainder, not a
 * mask. The memory operations are the primitives of spec/hw.h at the
 * translated offsets.
 */
#include "x86.h"

/* 2^8w below w = 8 */
/*@ requires w == 1 || w == 2 || w == 4;
    assigns \nothing;
    ensures \result == x86_mod(w); */
static uint64_t modulus(int w)
{
	if (w == 1) return 0x100;
	if (w == 2) return 0x10000;
	return 0x100000000ULL;
}

/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == x86_lo(x, w);
    ensures fits: \result < x86_mod(w); */
static uint64_t lo(uint64_t x, int w)
{
	if (w == 8) return x;
	return x % modulus(w);
}

/* r (already reduced to w bytes) written into old at width w */
/*@ requires x86_w(w) && r < x86_mod(w);
    assigns \nothing;
    ensures \result == x86_put(old, r, w); */
static uint64_t put(uint64_t old, uint64_t r, int w)
{
	if (w >= 4) return r;
	return old - lo(old, w) + r;
}

/* a + b and a - b mod 2^64, with no C overflow */
/*@ assigns \nothing;
    ensures \result == x86_wrap(a + b, 8); */
static uint64_t add64(uint64_t a, uint64_t b)
{
	if (a <= UINT64_MAX - b) return a + b;
	return a - (UINT64_MAX - b) - 1;
}
/*@ assigns \nothing;
    ensures \result == x86_wrap(a - b, 8); */
static uint64_t sub64(uint64_t a, uint64_t b)
{
	if (a >= b) return a - b;
	return UINT64_MAX - (b - a) + 1;
}

uint64_t x86_mov(uint64_t old, uint64_t v, int w) { return put(old, lo(v, w), w); }

uint64_t x86_add(uint64_t a, uint64_t b, int w)
{
	uint64_t s = lo(a, w), t = lo(b, w);
	if (w == 8) return add64(s, t);
	return put(a, lo(s + t, w), w);
}
uint64_t x86_sub(uint64_t a, uint64_t b, int w)
{
	uint64_t s = lo(a, w), t = lo(b, w);
	if (w == 8) return sub64(s, t);
	if (s >= t) return put(a, s - t, w);
	return put(a, modulus(w) - (t - s), w);
}
uint64_t x86_and(uint64_t a, uint64_t b, int w)
{
	uint64_t s = lo(a, w), t = lo(b, w);
	if (t == 7) return put(a, a % 8, w);	/* = s % 8: 8 divides 2^8w */
	if (w == 8 && b == 0xfffffffffffffff8ULL) return a - a % 8;
	return put(a, lo(s & t, w), w);
}
uint64_t x86_or(uint64_t a, uint64_t b, int w) { return put(a, lo(lo(a, w) | lo(b, w), w), w); }
uint64_t x86_xor(uint64_t a, uint64_t b, int w) { return put(a, lo(lo(a, w) ^ lo(b, w), w), w); }
uint64_t x86_shr(uint64_t a, int k, uint64_t d, int w)
{
	(void)k;	/* the proof shows d == 2^k */
	return put(a, lo(a, w) / d, w);
}

int x86_cf_add(uint64_t a, uint64_t b, int w)
{
	uint64_t s = lo(a, w), t = lo(b, w);
	if (w == 8) return s > UINT64_MAX - t;
	return s + t >= modulus(w);
}
int x86_cf_sub(uint64_t a, uint64_t b, int w) { return lo(a, w) < lo(b, w); }
int x86_cf_shr(uint64_t a, int k, uint64_t d, int w)
{
	(void)k;	/* the proof shows d == 2^(k-1) */
	return (int)(lo(a, w) / d % 2);
}
int x86_zf(uint64_t r, int w) { return lo(r, w) == 0; }

uint64_t x86_ea(uint64_t base, uint64_t index, int scale, int64_t disp)
{
	uint64_t x = index;
	if (scale >= 2) x = add64(x, x);
	if (scale >= 4) x = add64(x, x);
	if (scale == 8) x = add64(x, x);
	/* disp mod 2^64 */
	uint64_t d = disp >= 0 ? (uint64_t)disp : UINT64_MAX - (uint64_t)(-(disp + 1));
	return add64(add64(base, x), d);
}
uint64_t x86_off(uint64_t addr, uint64_t base) { return sub64(addr, base); }
uint64_t x86_off_disp(uint64_t addr, int64_t disp, uint64_t base)
{
	return x86_off(x86_ea(addr, 0, 1, disp), base);
}

/* Memory: the primitives of spec/hw.h at the translated offsets. */
int x86_load(size_t off, int n) { return hw_load_ok(off, (size_t)n); }
int x86_store_copy(uint8_t *dst, const uint8_t *src, uint64_t addr, int64_t disp,
		   uint64_t base, int n, uint64_t off, uint64_t tagn)
{
	(void)off; (void)tagn;	/* proof bookkeeping: the proof shows the operand is at off */
	/* at the operand's own offset: a lift run natively stores where the
	 * routine does */
	return hw_store(dst, src, x86_off_disp(addr, disp, base), (size_t)n);
}
int x86_store_zero(uint8_t *dst, size_t off, int n, uint64_t v)
{
	(void)v;		/* the proof shows its low n bytes are 0 */
	return hw_store_zero(dst, off, (size_t)n);
}
uint64_t x86_rep_movsb(uint8_t *dst, const uint8_t *src, size_t doff, size_t soff, size_t cnt)
{
	(void)soff;
	return hw_rep_movsb(dst, src, doff, cnt);
}
uint64_t x86_rep_movsq(uint8_t *dst, const uint8_t *src, size_t doff, size_t soff, size_t cnt)
{
	(void)soff;
	return hw_rep_movsq(dst, src, doff, cnt);
}
uint64_t x86_rep_stosb(uint8_t *dst, size_t doff, size_t cnt, uint64_t rax)
{
	(void)rax;
	return hw_rep_stosb(dst, doff, cnt);
}
uint64_t x86_rep_stosq(uint8_t *dst, size_t doff, size_t cnt, uint64_t rax)
{
	(void)rax;
	return hw_rep_stosq(dst, doff, cnt);
}

/* What nothing is known of: a fixed pattern natively (the proofs assume any). */
uint64_t x86_any(void) { return 0x5a5a5a5a5a5a5a5aULL; }
int x86_any_flag(void) { return 0; }
