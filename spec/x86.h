/*
 * ucopy: the x86-64 subset the routines of asm/ use, as C over a register
 * file of locals (docs/proofs.md, "Machine code"). proofs/asm/lift.sh turns
 * an assembled object into C that calls only these functions and the
 * primitives of spec/hw.h; WP proves that C against the row's contract.
 *
 * Trusted: that each contract here says what the CPU does. Checked in two
 * steps: tests/x86sem.c runs each instruction form with random registers
 * and flags natively and through the bodies of spec/x86.c and compares
 * them; WP proves those bodies against these contracts (make prove-asm,
 * unit x86).
 *
 * Registers are uint64_t; a w-byte operation (w = 1, 2, 4, 8) reads the low
 * w bytes and writes its result as the CPU does: a 4-byte result is zero
 * extended, a 1- or 2-byte one merged into the old value. Flags are ints
 * (0/1); only CF and ZF are modelled, the lifter refuses any jump that
 * reads another flag.
 *
 * Memory. An address is translated to an offset of the copy's area by
 * subtracting the base the routine was entered with (rdi for the
 * destination, rsi for the source, mod 2^64). Loads must fall in the
 * source, stores in the destination, inside the area: a routine that
 * reaches elsewhere is not proven (hw.h: nothing outside the area is
 * fetched). A loaded register carries a tag, the source offset and width
 * it was loaded from, reset by any other write to it; a store of a copy
 * routine must store a register tagged with the same offset and width:
 * so storing it is hw_store of src[off .. off+n), with no data modelled.
 * A clear routine's store must store a register whose low n bytes are 0.
 */
#ifndef UCOPY_X86_H
#define UCOPY_X86_H

#include "hw.h"

/*@
  logic integer x86_mod(integer w) =
    w == 1 ? 0x100 : (w == 2 ? 0x10000 : (w == 4 ? 0x100000000 : 0x10000000000000000));
  // the low w bytes of a register value x (0 <= x < 2^64); at w = 8 all
  // of it, and below 2^8w x itself (written so, the provers need no modulo
  // where the value is known to fit: CVC4 times out on nested ones)
  logic integer x86_lo(integer x, integer w) =
    w == 8 ? x : (x < x86_mod(w) ? x : x % x86_mod(w));
  // r (0 <= r < 2^8w) written at width w into a register holding old
  logic integer x86_put(integer old, integer r, integer w) =
    (w >= 4) ? r : old - x86_lo(old, w) + r;
  // x wrapped to w bytes, for x in (-2^64, 2^65); at w = 8 by one
  // addition or subtraction of 2^64, below it x itself when it fits
  logic integer x86_wrap(integer x, integer w) =
    w == 8 ? (x < 0 ? x + 0x10000000000000000 :
              (x >= 0x10000000000000000 ? x - 0x10000000000000000 : x))
           : (0 <= x < x86_mod(w) ? x : (x + 0x10000000000000000) % x86_mod(w));
  predicate x86_w(integer w) = w == 1 || w == 2 || w == 4 || w == 8;
*/

/* A value nothing is known of: a register's content at entry, loaded data. */
/*@ assigns \nothing; */
uint64_t x86_any(void);

/*@ assigns \nothing;
    ensures \result == 0 || \result == 1; */
int x86_any_flag(void);

/* mov of w bytes (register, immediate or loaded value) into old. */
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == x86_put(old, x86_lo(v, w), w); */
uint64_t x86_mov(uint64_t old, uint64_t v, int w);

/* add / sub / and / or / xor at width w: the result, then its flags. */
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == x86_put(a, x86_wrap(x86_lo(a, w) + x86_lo(b, w), w), w); */
uint64_t x86_add(uint64_t a, uint64_t b, int w);
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == x86_put(a, x86_wrap(x86_lo(a, w) - x86_lo(b, w), w), w); */
uint64_t x86_sub(uint64_t a, uint64_t b, int w);
/*@ requires x86_w(w);
    assigns \nothing;
    // the masks the routines use, `and $7` and `andq $-8`, stated as the
    // remainders they compute (the provers cannot derive that from the
    // bits; tests/x86sem.c runs both on the CPU)
    // (a % 8 is the low 3 bits of a's low w bytes too: 8 divides 2^8w)
    ensures low_bits: x86_lo(b, w) == 7 ==> \result == x86_put(a, a % 8, w);
    ensures align8: w == 8 && b == 0xfffffffffffffff8 ==> \result == a - a % 8;
    ensures x86_lo(b, w) != 7 && !(w == 8 && b == 0xfffffffffffffff8) ==>
            \result == x86_put(a, x86_lo(x86_lo(a, w) & x86_lo(b, w), w), w); */
uint64_t x86_and(uint64_t a, uint64_t b, int w);
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == x86_put(a, x86_lo(x86_lo(a, w) | x86_lo(b, w), w), w); */
uint64_t x86_or(uint64_t a, uint64_t b, int w);
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == x86_put(a, x86_lo(x86_lo(a, w) ^ x86_lo(b, w), w), w); */
uint64_t x86_xor(uint64_t a, uint64_t b, int w);
/* shr by an immediate 1 <= k < 8w; the lifter passes d = 2^k as well, so
 * that neither the body nor the proofs shift */
/*@ requires x86_w(w) && 1 <= k < 8 * w && d == (1 << k) && 1 <= d;
    assigns \nothing;
    ensures \result == x86_put(a, x86_lo(a, w) / d, w); */
uint64_t x86_shr(uint64_t a, int k, uint64_t d, int w);

/* CF of add (carry out), of sub/cmp (borrow), of shr (last bit out). */
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == (x86_lo(a, w) + x86_lo(b, w) >= x86_mod(w) ? 1 : 0); */
int x86_cf_add(uint64_t a, uint64_t b, int w);
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == (x86_lo(a, w) < x86_lo(b, w) ? 1 : 0); */
int x86_cf_sub(uint64_t a, uint64_t b, int w);
/* (d = 2^(k-1)) */
/*@ requires x86_w(w) && 1 <= k < 8 * w && d == (1 << (k - 1)) && 1 <= d;
    assigns \nothing;
    ensures \result == (x86_lo(a, w) / d) % 2; */
int x86_cf_shr(uint64_t a, int k, uint64_t d, int w);
/* ZF of a result: its low w bytes are zero. */
/*@ requires x86_w(w);
    assigns \nothing;
    ensures \result == (x86_lo(r, w) == 0 ? 1 : 0); */
int x86_zf(uint64_t r, int w);

/* The effective address base + index * scale + disp, mod 2^64 (lea and
 * every memory operand); lea at width 4 is x86_mov(old, ea, 4). */
/*@ requires scale == 1 || scale == 2 || scale == 4 || scale == 8;
    assigns \nothing;
    ensures \result == (base + index * scale + disp) % 0x10000000000000000 +
                       (base + index * scale + disp < 0 ? 0x10000000000000000 : 0);
    ensures near: -0x10000000000000000 < base + index * scale + disp < 0x20000000000000000 ==>
                  \result == x86_wrap(base + index * scale + disp, 8); */
uint64_t x86_ea(uint64_t base, uint64_t index, int scale, int64_t disp);

/* The offset of addr in a buffer entered at base (mod 2^64). */
/*@ assigns \nothing;
    ensures \result == x86_wrap(addr - base, 8); */
uint64_t x86_off(uint64_t addr, uint64_t base);
/* The offset of the memory operand disp(addr) in a buffer entered at base:
 * x86_off(x86_ea(addr, 0, 1, disp), base) in one call (the lifter's form
 * for a base register with a displacement; each call costs every path
 * through it goals of its own, docs/proofs.md "One call per operand"). */
/*@ assigns \nothing;
    ensures \result == x86_wrap(x86_wrap(addr + disp, 8) - base, 8); */
uint64_t x86_off_disp(uint64_t addr, int64_t disp, uint64_t base);

/* An n-byte load at source offset off: whether it faulted. */
/*@ requires size: x86_w(n);
    requires inside: off + n <= hw_area;
    assigns \nothing;
    ensures loaded: \result == (off + n <= hw_fs ? 1 : 0); */
int x86_load(size_t off, int n);

/* An n-byte store, at the memory operand disp(addr) of the buffer entered
 * at base, of a register tagged as loaded from source offset off with
 * width tagn. A copy stores at the offset it loaded from, so the operand
 * must be at off, and the rest is stated at off: the operand's offset
 * appears once, in a requires, and costs no call of its own (an indexed
 * operand comes as its x86_ea with disp 0; docs/proofs.md "One call per
 * store"). */
/*@ requires size: x86_w(n);
    requires tagged: tagn == n && off == x86_wrap(x86_wrap(addr + disp, 8) - base, 8);
    requires loaded: off + n <= hw_fs;
    requires span: span(dst, (uint8_t *)src, off, off + n, hw_area);
    HW_ALL_OR_NOTHING(stored, hw_fd, copied: copied{Post}(dst, (uint8_t *)src, off, off + n))
*/
int x86_store_copy(uint8_t *dst, const uint8_t *src, uint64_t addr, int64_t disp,
		   uint64_t base, int n, uint64_t off, uint64_t tagn);

/* An n-byte store at destination offset off of v, whose low n bytes are 0. */
/*@ requires size: x86_w(n);
    requires zero: x86_lo(v, n) == 0;
    requires span: dspan(dst, off, off + n, hw_area);
    HW_ALL_OR_NOTHING(stored, hw_fd, zeroed: zeroed{Post}(dst, off, off + n))
*/
int x86_store_zero(uint8_t *dst, size_t off, int n, uint64_t v);

/* rep movsb / rep movsq with rdi at destination offset doff, rsi at source
 * offset soff, rcx = cnt: the model has one offset for both buffers, so
 * they must agree. Returns rcx afterwards (the lifter advances rdi and rsi
 * by what it says was done). hw.h's contract, restated at doff. */
/*@ requires same: doff == soff;
    requires span: span(dst, (uint8_t *)src, doff, doff + cnt, hw_area);
    assigns dst[doff .. doff + cnt - 1];
    ensures count: reports(cnt - \result, movsb_done(doff, cnt, hw_fs, hw_fd), cnt, hw_exact);
    ensures copied: copied{Post}(dst, (uint8_t *)src, doff, doff + cnt - \result);
    ensures maybe_stored: src_or_old{Pre, Post}(dst, (uint8_t *)src, doff + cnt - \result,
                                                doff + movsb_done(doff, cnt, hw_fs, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, doff + movsb_done(doff, cnt, hw_fs, hw_fd), doff + cnt);
*/
uint64_t x86_rep_movsb(uint8_t *dst, const uint8_t *src, size_t doff, size_t soff, size_t cnt);

/*@ requires same: doff == soff;
    requires span: span(dst, (uint8_t *)src, doff, doff + 8 * cnt, hw_area);
    assigns dst[doff .. doff + 8 * cnt - 1];
    ensures count: reports(cnt - \result, movsq_done(doff, cnt, hw_fs, hw_fd), cnt, hw_exact);
    ensures copied: copied{Post}(dst, (uint8_t *)src, doff, doff + 8 * (cnt - \result));
    ensures maybe_stored: src_or_old{Pre, Post}(dst, (uint8_t *)src, doff + 8 * (cnt - \result),
                                                doff + 8 * movsq_done(doff, cnt, hw_fs, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, doff + 8 * movsq_done(doff, cnt, hw_fs, hw_fd),
                                            doff + 8 * cnt);
*/
uint64_t x86_rep_movsq(uint8_t *dst, const uint8_t *src, size_t doff, size_t soff, size_t cnt);

/* rep stosb / rep stosq of rax, whose low byte / all 8 bytes are 0. */
/*@ requires zero: x86_lo(rax, 1) == 0;
    requires span: dspan(dst, doff, doff + cnt, hw_area);
    assigns dst[doff .. doff + cnt - 1];
    ensures count: reports(cnt - \result, stosb_done(doff, cnt, hw_fd), cnt, hw_exact);
    ensures zeroed: zeroed{Post}(dst, doff, doff + cnt - \result);
    ensures maybe_stored: zero_or_old{Pre, Post}(dst, doff + cnt - \result,
                                                 doff + stosb_done(doff, cnt, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, doff + stosb_done(doff, cnt, hw_fd), doff + cnt);
*/
uint64_t x86_rep_stosb(uint8_t *dst, size_t doff, size_t cnt, uint64_t rax);

/*@ requires zero: rax == 0;
    requires span: dspan(dst, doff, doff + 8 * cnt, hw_area);
    assigns dst[doff .. doff + 8 * cnt - 1];
    ensures count: reports(cnt - \result, stosq_done(doff, cnt, hw_fd), cnt, hw_exact);
    ensures zeroed: zeroed{Post}(dst, doff, doff + 8 * (cnt - \result));
    ensures maybe_stored: zero_or_old{Pre, Post}(dst, doff + 8 * (cnt - \result),
                                                 doff + 8 * stosq_done(doff, cnt, hw_fd));
    ensures untouched: unchanged{Pre, Post}(dst, doff + 8 * stosq_done(doff, cnt, hw_fd),
                                            doff + 8 * cnt);
*/
uint64_t x86_rep_stosq(uint8_t *dst, size_t doff, size_t cnt, uint64_t rax);

#endif
