/*
 * ucopy: bodies of spec/x86.h's register operations, for running lifted
 * routines natively and for tests/x86sem.c, which compares each with the
 * CPU on random registers and flags. Unsigned arithmetic wraps in C as it
 * does on the CPU; the contracts of spec/x86.h state the same with
 * integers and explicit wrapping. The memory operations' bodies are the
 * primitives of src/hw/hw.c at the translated offsets.
 */
#include "x86.h"

static uint64_t mask(int w) { return w == 8 ? ~0ULL : (1ULL << (8 * w)) - 1; }
/* r (already reduced to w bytes) written into old at width w */
static uint64_t put(uint64_t old, uint64_t r, int w)
{
	return w >= 4 ? r : (old & ~mask(w)) | r;
}

uint64_t x86_mov(uint64_t old, uint64_t v, int w) { return put(old, v & mask(w), w); }
uint64_t x86_add(uint64_t a, uint64_t b, int w) { return put(a, (a + b) & mask(w), w); }
uint64_t x86_sub(uint64_t a, uint64_t b, int w) { return put(a, (a - b) & mask(w), w); }
uint64_t x86_and(uint64_t a, uint64_t b, int w) { return put(a, a & b & mask(w), w); }
uint64_t x86_or(uint64_t a, uint64_t b, int w) { return put(a, (a | b) & mask(w), w); }
uint64_t x86_xor(uint64_t a, uint64_t b, int w) { return put(a, (a ^ b) & mask(w), w); }
uint64_t x86_shr(uint64_t a, int k, int w) { return put(a, (a & mask(w)) >> k, w); }

int x86_cf_add(uint64_t a, uint64_t b, int w)
{
	a &= mask(w); b &= mask(w);
	return w == 8 ? a + b < a : (a + b) > mask(w);
}
int x86_cf_sub(uint64_t a, uint64_t b, int w) { return (a & mask(w)) < (b & mask(w)); }
int x86_cf_shr(uint64_t a, int k, int w) { return (int)(((a & mask(w)) >> (k - 1)) & 1); }
int x86_zf(uint64_t r, int w) { return (r & mask(w)) == 0; }

uint64_t x86_ea(uint64_t base, uint64_t index, int scale, int64_t disp)
{
	return base + index * (uint64_t)scale + (uint64_t)disp;
}
uint64_t x86_off(uint64_t addr, uint64_t base) { return addr - base; }

/* Memory: the primitives of src/hw/hw.c at the translated offsets. */
int x86_load(size_t off, int n) { return hw_load_ok(off, (size_t)n); }
int x86_store_copy(uint8_t *dst, const uint8_t *src, size_t off, int n,
		   uint64_t tag, uint64_t tagn)
{
	(void)tag; (void)tagn;	/* proof bookkeeping: the proof shows tag == off */
	return hw_store(dst, src, off, (size_t)n);
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
