/*
 * Targets: what a case runs (an entry point, its ABI, the model it is
 * checked against and the contract levels it claims), from a registry row
 * or from any entry symbol looked up with dlsym.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* What a caller relies on when the row names nothing else: the SysV ABI. */
#define SYSV_CALLEE_SAVED "rbx rbp r12 r13 r14 r15"

/* What a registry row says of the routine checked against it. */
static void target_take_row(struct lab_target *t, const struct ucopy_strategy *s)
{
	t->abi = s->abi;
	t->model = s->model;
	t->bare = s->bare;
	t->level = s->level_exact_hw;
	t->level_delayed = s->level_delayed_hw;
	t->kind = s->kind;
	if (lab_keeps_parse(s->keeps, &t->keeps))
		lab_keeps_parse(SYSV_CALLEE_SAVED, &t->keeps);
}

void lab_target_strategy(struct lab_target *t, const struct ucopy_strategy *s)
{
	memset(t, 0, sizeof *t);
	snprintf(t->name, sizeof t->name, "%s", s->name);
	snprintf(t->model_name, sizeof t->model_name, "%s", s->name);
	t->entry = s->routine;
	target_take_row(t, s);
}

int lab_target_zero_tail(struct lab_target *t, char *err, size_t errlen)
{
	const struct ucopy_strategy *m = ucopy_find(t->model_name);

	if (!m || m->kind == UCOPY_KIND_CLEAR || m->level_exact_hw != UCOPY_EXACT ||
	    m->level_delayed_hw != UCOPY_EXACT) {
		snprintf(err, errlen, "the zeroing tail goes behind a copy row proven EXACT "
			 "under both readings (a C-tail row), not '%s'", t->model_name);
		return -1;
	}
	t->zero_tail = 1;
	t->level = t->level_delayed = UCOPY_ZEROTAIL;
	return 0;
}

int lab_target_entry(struct lab_target *t, const char *symbol,
		     const char *model_name, const char *abi,
		     char *err, size_t errlen)
{
	const struct ucopy_strategy *s = NULL;
	void *p;

	memset(t, 0, sizeof *t);
	if (strlen(symbol) >= sizeof t->name || strlen(model_name) >= sizeof t->model_name) {
		snprintf(err, errlen, "name too long");
		return -1;
	}
	p = dlsym(RTLD_DEFAULT, symbol);
	if (!p) {
		snprintf(err, errlen, "no symbol '%s' in this binary (linked in, and -rdynamic?)", symbol);
		return -1;
	}
	snprintf(t->name, sizeof t->name, "%s", symbol);
	snprintf(t->model_name, sizeof t->model_name, "%s", model_name);
	t->entry = (void (*)(void))p;
	if (!strcmp(model_name, "none")) {
		t->model = NULL;
		t->bare = NULL;
		t->abi = UCOPY_ABI_CLASSIC;
		t->level = t->level_delayed = UCOPY_NONE;
		lab_keeps_parse(SYSV_CALLEE_SAVED, &t->keeps);
	} else if ((s = ucopy_find(model_name))) {
		target_take_row(t, s);
	} else {
		snprintf(err, errlen, "unknown model '%s' (a registry name or none)", model_name);
		return -1;
	}
	if (abi) {
		if (!strcmp(abi, "classic"))
			t->abi = UCOPY_ABI_CLASSIC;
		else if (!strcmp(abi, "rep"))
			t->abi = UCOPY_ABI_REP;
		else if (!strcmp(abi, "classic_clear"))
			t->abi = UCOPY_ABI_CLASSIC_CLEAR;
		else if (!strcmp(abi, "stos"))
			t->abi = UCOPY_ABI_STOS;
		else {
			snprintf(err, errlen, "unknown ABI '%s' (classic, rep, classic_clear or stos)", abi);
			return -1;
		}
		/* a clear ABI runs the target as a clear, whatever the model */
		if (t->abi == UCOPY_ABI_CLASSIC_CLEAR || t->abi == UCOPY_ABI_STOS)
			t->kind = UCOPY_KIND_CLEAR;
	}
	return 0;
}
