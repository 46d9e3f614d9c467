/*
 * Symbol lookup: code addresses as "symbol+offset" (or "binary+offset" for
 * addr2line), data addresses relative to the case's buffers.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* "sym+0x12" or "binary+0x1234" (addr2line -e binary 0x1234). */
void lab_where(uintptr_t pc, char *buf, size_t n)
{
	Dl_info di;

	if (dladdr((void *)pc, &di) && di.dli_sname)
		snprintf(buf, n, "%s+%#lx", di.dli_sname,
			 (unsigned long)(pc - (uintptr_t)di.dli_saddr));
	else if (dladdr((void *)pc, &di) && di.dli_fname)
		snprintf(buf, n, "%s+%#lx", strrchr(di.dli_fname, '/') ?
			 strrchr(di.dli_fname, '/') + 1 : di.dli_fname,
			 (unsigned long)(pc - (uintptr_t)di.dli_fbase));
	else
		snprintf(buf, n, "%#lx", (unsigned long)pc);
}

/* Where an address is, relative to the case's buffers. */
void lab_place(uintptr_t a, char *buf, size_t n)
{
	uintptr_t s0 = lab_cur.src_guard - (RW_PAGES + 1) * PAGE;	/* its lo_guard */
	uintptr_t d0 = (uintptr_t)lab_dst_region.lo_guard;
	size_t span = (RW_PAGES + 2) * PAGE;

	if (a - s0 < span)
		snprintf(buf, n, "src%+ld", (long)(a - lab_cur.src));
	else if (a - d0 < span)
		snprintf(buf, n, "dst%+ld", (long)(a - lab_cur.dst));
	else
		snprintf(buf, n, "%#lx (outside both buffers)", (unsigned long)a);
}
