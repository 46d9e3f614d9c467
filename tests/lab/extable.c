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

struct ex_fix *ex_index;  /* sorted by insn */
size_t ex_count;

const struct ex_fix *ex_find(uintptr_t rip)
{
	size_t lo = 0, hi = ex_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ex_index[mid].insn < rip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ex_count && ex_index[lo].insn == rip ? &ex_index[lo] : NULL;
}

static int ex_cmp(const void *a, const void *b)
{
	uintptr_t x = ((const struct ex_fix *)a)->insn;
	uintptr_t y = ((const struct ex_fix *)b)->insn;
	return x < y ? -1 : x > y;
}

int ex_build(void)
{
	const struct ex_entry *start = __start___ex_table, *stop = __stop___ex_table;
	const struct ex_entry *e;

	if (!start || stop <= start) {
		fprintf(stderr, "lab: no __ex_table linked in\n");
		return -1;
	}
	ex_count = (size_t)(stop - start);
	ex_index = calloc(ex_count, sizeof *ex_index);
	if (!ex_index)
		return -1;
	for (e = start; e < stop; e++) {
		struct ex_fix *f = &ex_index[e - start];
		f->insn = (uintptr_t)&e->insn + (intptr_t)e->insn;
		f->fixup = (uintptr_t)&e->fixup + (intptr_t)e->fixup;
		f->type = e->type;
	}
	qsort(ex_index, ex_count, sizeof *ex_index, ex_cmp);
	return 0;
}

size_t lab_extable_size(void)
{
	return ex_count;
}
