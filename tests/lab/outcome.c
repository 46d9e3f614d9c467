/*
 * A case's outcome in words: each failure as it is found (add_what), why a
 * case ended early (describe_abort), and the one line a tool prints.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

void lab_add_what(struct lab_outcome *o, unsigned kind, const char *fmt, ...)
{
	size_t n = strlen(o->what);
	va_list ap;

	o->fail |= kind;
	if (n + 4 >= sizeof o->what)
		return;
	if (n)
		n += (size_t)snprintf(o->what + n, sizeof o->what - n, "; ");
	va_start(ap, fmt);
	vsnprintf(o->what + n, sizeof o->what - n, fmt, ap);
	va_end(ap);
}

/* Why the case ended early, from what the handlers recorded. */
void lab_describe_abort(struct lab_outcome *o)
{
	char at[64], addr[64];

	lab_where(lab_cur.rip, at, sizeof at);
	lab_place(lab_cur.addr, addr, sizeof addr);
	switch (lab_cur.abort_kind) {
	case LAB_F_NOEXTABLE:
		if (lab_cur.bad_type)
			lab_add_what(o, LAB_F_NOEXTABLE, "fault at %s (access %s): its exception-table "
				 "entry has type word %#x, which the lab does not apply",
				 at, addr, (unsigned)lab_cur.bad_type);
		else
			lab_add_what(o, LAB_F_NOEXTABLE, "fault at %s (access %s) has no exception-table entry",
				 at, addr);
		break;
	case LAB_F_OOB:
		if (lab_cur.trapno == X86_TRAP_PF)
			lab_add_what(o, LAB_F_OOB, "%s at %s: %s is outside the bytes the case lets it touch",
				 lab_cur.err & PF_WRITE ? "write" : "read", at, addr);
		else
			lab_add_what(o, LAB_F_OOB, "general protection fault (trap %lu) at %s",
				 lab_cur.trapno, at);
		break;
	case LAB_F_NOTMCE:
		lab_add_what(o, LAB_F_NOTMCE, "machine check at %s (poisoned source, %s): its exception-table "
			 "entry has type word %#x, not an MCE-safe one: the kernel would panic",
			 at, addr, (unsigned)lab_cur.bad_type);
		break;
	case LAB_F_FAULTLOOP:
		lab_add_what(o, LAB_F_FAULTLOOP, "more than %d faults (last at %s, %s): fix-up loop",
			 MAX_FAULTS, at, addr);
		break;
	case LAB_F_TIMEOUT:
		lab_add_what(o, LAB_F_TIMEOUT, "still running after %d ms of CPU (at %s)",
			 lab_cur.timeout_ticks * TICK_US / 1000, at);
		break;
	case LAB_F_SYSCALL:
		lab_add_what(o, LAB_F_SYSCALL, "system call %ld (%s) at %s, refused by the sandbox: "
			 "not run", lab_refused.nr, lab_refused.name ? lab_refused.name : "unnamed", at);
		break;
	default:
		lab_add_what(o, LAB_F_SIGNAL, "signal %d (%s) at %s", lab_cur.abort_sig,
			 strsignal(lab_cur.abort_sig), at);
	}
}

void lab_outcome_line(const struct lab_target *t, const struct lab_case *c,
		      struct lab_outcome *o)
{
	struct lab_case shown = *c;
	char buf[96], kinds[128];

	/* The alignments the placement really gave. */
	shown.src_align = (unsigned)(o->src % LAB_ALIGN_MOD);
	shown.dst_align = (unsigned)(o->dst % LAB_ALIGN_MOD);
	lab_case_str(&shown, buf, sizeof buf);
	lab_fail_str(o->fail, kinds, sizeof kinds);
	if (o->pass)
		snprintf(o->line, sizeof o->line, "ok %s (model %s) %s: passed",
			 t->name, t->model_name, buf);
	else
		snprintf(o->line, sizeof o->line, "FAIL %s (model %s) %s: [%s] %s",
			 t->name, t->model_name, buf, kinds, o->what);
}
