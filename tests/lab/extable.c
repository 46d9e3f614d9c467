/*
 * The exception table as the shim's _ASM_EXTABLE macros lay it out (two
 * self-relative offsets and a type word: asm/kshim/asm/asm.h), turned at
 * start-up into absolute addresses sorted by instruction, the way the
 * kernel's search_exception_tables finds an entry.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

struct ex_entry {
	int32_t insn, fixup;
	uint32_t type;
};
extern const struct ex_entry __start___ex_table[] __attribute__((weak));
extern const struct ex_entry __stop___ex_table[] __attribute__((weak));

struct ex_fix *lab_extable_index;  /* sorted by insn */
size_t lab_extable_count;

void *lab_addr_find(const void *base, size_t n, size_t size, uintptr_t addr)
{
	const char *p = base;
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (*(const uintptr_t *)(p + mid * size) < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && *(const uintptr_t *)(p + lo * size) == addr ? (void *)(p + lo * size) : NULL;
}

const struct ex_fix *lab_extable_find(uintptr_t rip)
{
	return lab_addr_find(lab_extable_index, lab_extable_count, sizeof *lab_extable_index, rip);
}

static int ex_cmp(const void *a, const void *b)
{
	uintptr_t x = ((const struct ex_fix *)a)->insn;
	uintptr_t y = ((const struct ex_fix *)b)->insn;
	return x < y ? -1 : x > y;
}

int lab_extable_build(void)
{
	const struct ex_entry *start = __start___ex_table, *stop = __stop___ex_table;
	const struct ex_entry *e;

	if (!start || stop <= start) {
		fprintf(stderr, "lab: no __ex_table linked in\n");
		return -1;
	}
	lab_extable_count = (size_t)(stop - start);
	lab_extable_index = calloc(lab_extable_count, sizeof *lab_extable_index);
	if (!lab_extable_index)
		return -1;
	for (e = start; e < stop; e++) {
		struct ex_fix *f = &lab_extable_index[e - start];
		f->insn = (uintptr_t)&e->insn + (intptr_t)e->insn;
		f->fixup = (uintptr_t)&e->fixup + (intptr_t)e->fixup;
		f->type = e->type;
	}
	qsort(lab_extable_index, lab_extable_count, sizeof *lab_extable_index, ex_cmp);
	return 0;
}

size_t lab_extable_size(void)
{
	return lab_extable_count;
}
