/*
 * Delayed fault reporting (docs/lab.md, "Lags"). Every rep movs (or rep
 * stos) that has an exception-table entry is a rep site. For a lagged case
 * the lab patches an int3 over each site's first byte: at the trap
 * (faults.c) it records the count the instruction starts with and resumes
 * at the site's trampoline, a copy of the instruction followed by a jump
 * back. So the instruction runs natively, and a fault in it shows how many
 * elements it did (start count - rcx); the fault handler winds rcx, rsi
 * and rdi back by the case's lag for that rep (at most what it did) before
 * the exception table is applied at the site's address.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"

#define TRAMP_SLOT 32
static struct rep_site *rep_sites;  /* sorted by at */
static size_t rep_nsites;
static uint8_t *tramp_area;
static size_t tramp_bytes;
static int reps_patched;            /* 1 patched, -1 unavailable */
static int reps_writable;           /* the sites' pages left writable */
static char reps_why[200];

/*
 * Is p a rep movs or rep stos (f3 [prefixes] [rex] op, op = a4/a5 or
 * aa/ab: the byte form, then the word form)? Its length and element size.
 */
#define OP_MOVSB 0xa4
#define OP_STOSB 0xaa
static int decode_rep_string(const uint8_t *p, uint8_t op_byte, unsigned *len, unsigned *size)
{
	int rep = 0, opsize = 0, rexw = 0;
	unsigned i = 0;

	for (; i < 14; i++) {
		uint8_t b = p[i];
		if (b == 0xf3)
			rep = 1;
		else if (b == 0x66)
			opsize = 1;
		else if (b == 0x26 || b == 0x2e || b == 0x36 || b == 0x3e ||
			 b == 0x64 || b == 0x65)
			continue;
		else
			break;
	}
	if ((p[i] & 0xf0) == 0x40) {
		rexw = (p[i] & 8) != 0;
		i++;
	}
	if (!rep || (p[i] != op_byte && p[i] != op_byte + 1))
		return 0;
	*size = p[i] == op_byte ? 1 : rexw ? 8 : opsize ? 2 : 4;
	*len = i + 1;
	return 1;
}

void lab_rep_sites_find(void)
{
	rep_sites = calloc(lab_extable_count ? lab_extable_count : 1, sizeof *rep_sites);
	if (!rep_sites)
		return;
	for (size_t i = 0; i < lab_extable_count; i++) {
		unsigned len, size;

		if (i && lab_extable_index[i].insn == lab_extable_index[i - 1].insn)
			continue;
		rep_sites[rep_nsites].stos = 0;
		if (!decode_rep_string((const uint8_t *)lab_extable_index[i].insn, OP_MOVSB, &len, &size)) {
			if (!decode_rep_string((const uint8_t *)lab_extable_index[i].insn, OP_STOSB, &len, &size))
				continue;
			rep_sites[rep_nsites].stos = 1;
		}
		rep_sites[rep_nsites].at = lab_extable_index[i].insn;
		rep_sites[rep_nsites].len = len;
		rep_sites[rep_nsites].size = size;
		rep_sites[rep_nsites].first = *(const uint8_t *)lab_extable_index[i].insn;
		rep_nsites++;
	}
}

size_t lab_rep_sites(void)
{
	return rep_nsites;
}

struct rep_site *lab_rep_site_at(uintptr_t at)
{
	return lab_addr_find(rep_sites, rep_nsites, sizeof *rep_sites, at);
}

/* The site whose trampoline holds pc, or NULL. */
struct rep_site *lab_rep_site_of_trampoline(uintptr_t pc)
{
	size_t k;

	if (!tramp_area || pc < (uintptr_t)tramp_area || pc >= (uintptr_t)tramp_area + tramp_bytes)
		return NULL;
	k = (pc - (uintptr_t)tramp_area) / TRAMP_SLOT;
	return k < rep_nsites ? &rep_sites[k] : NULL;
}

/* A code address as the routine's: a trampoline's is its site's. */
uintptr_t lab_code_addr(uintptr_t pc)
{
	struct rep_site *r = lab_rep_site_of_trampoline(pc);

	return r ? r->at + (pc - (uintptr_t)r->tramp < r->len ? pc - (uintptr_t)r->tramp : 0) : pc;
}

static int poke(uintptr_t at, uint8_t v)
{
	uintptr_t page = at & ~(uintptr_t)(PAGE - 1);

	if (reps_writable) {
		*(volatile uint8_t *)at = v;
		return 0;
	}
	if (mprotect((void *)page, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC))
		return -1;
	*(volatile uint8_t *)at = v;
	return mprotect((void *)page, PAGE, PROT_READ | PROT_EXEC);
}

/* The trampolines (once per process). 0, or -1 with reps_why set. */
static int tramps_build(void)
{
	if (tramp_area)
		return 0;
	tramp_bytes = (rep_nsites * TRAMP_SLOT + PAGE - 1) & ~(size_t)(PAGE - 1);
	tramp_area = mmap(NULL, tramp_bytes, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (tramp_area == MAP_FAILED) {
		tramp_area = NULL;
		snprintf(reps_why, sizeof reps_why, "mmap: %s", strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < rep_nsites; i++) {
		struct rep_site *r = &rep_sites[i];
		uint8_t *t = tramp_area + i * TRAMP_SLOT;
		uint64_t back = r->at + r->len;

		r->tramp = t;
		memcpy(t, (const void *)r->at, r->len);
		t += r->len;
		*t++ = 0xff;		/* jmp *0(%rip) */
		*t++ = 0x25;
		memset(t, 0, 4);
		memcpy(t + 4, &back, 8);
	}
	if (mprotect(tramp_area, tramp_bytes, PROT_READ | PROT_EXEC)) {
		snprintf(reps_why, sizeof reps_why, "mprotect: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Puts the int3s in (once per process). 0, or -1 with reps_why set. */
static int reps_patch(void)
{
	if (reps_patched)
		return reps_patched > 0 ? 0 : -1;
	reps_patched = -1;
	if (!rep_nsites) {
		reps_patched = 1;
		return 0;
	}
	if (tramps_build())
		return -1;
	for (size_t i = 0; i < rep_nsites; i++)
		if (poke(rep_sites[i].at, 0xcc)) {
			snprintf(reps_why, sizeof reps_why, "cannot patch the code (mprotect "
				 "read-write-execute: %s)", strerror(errno));
			while (i--)
				poke(rep_sites[i].at, rep_sites[i].first);
			return -1;
		}
	reps_patched = 1;
	return 0;
}

/*
 * Before the sandbox (which refuses mprotect): the trampolines built and
 * the sites' pages made writable, so that the int3s still go in only when
 * the first lagged case runs, as without the sandbox, rather than making
 * every rep of the exact phase trap (about 20 % more signals in the quick
 * sweep). Writable code does not widen the sandbox: the filter judges
 * system calls, whatever code makes them. 0, or -1 with *why set.
 */
int lab_rep_sites_prepare(const char **why)
{
	*why = reps_why;
	if (reps_patched || !rep_nsites)
		return 0;
	if (tramps_build())
		return -1;
	for (size_t i = 0; i < rep_nsites; i++) {
		uintptr_t page = rep_sites[i].at & ~(uintptr_t)(PAGE - 1);

		if (mprotect((void *)page, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC)) {
			snprintf(reps_why, sizeof reps_why, "cannot make the code writable "
				 "(mprotect read-write-execute: %s)", strerror(errno));
			return -1;
		}
	}
	reps_writable = 1;
	return 0;
}

int lab_rep_sites_patch(const char **why)
{
	int r = reps_patch();

	*why = reps_why;
	return r;
}

int lab_rep_sites_patched(void)
{
	return reps_patched > 0;
}
