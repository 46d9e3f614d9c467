/*
 * Traced cases: the call is single-stepped (trap flag) and every
 * instruction classified, so that a non-temporal store still unfenced when
 * the routine returns is caught (LAB_F_NTFENCE).
 */
#define _GNU_SOURCE
#include <string.h>

#include "internal.h"

static int insn_kind(const uint8_t *p)
{
	unsigned i = 0;
	int lock = 0;

	for (; i < 14; i++) {
		uint8_t b = p[i];
		if (b == 0xf0)
			lock = 1;
		else if (b == 0x66 || b == 0xf2 || b == 0xf3 || b == 0x26 || b == 0x2e ||
			 b == 0x36 || b == 0x3e || b == 0x64 || b == 0x65 || b == 0x67)
			continue;
		else
			break;
	}
	if (lock)
		return K_FENCE;			/* a locked instruction orders them too */
	if (p[i] == 0xc5 || p[i] == 0xc4) {	/* VEX: vmovntdq/ps/pd */
		uint8_t op = p[i] == 0xc5 ? p[i + 2] : p[i + 3];
		unsigned map = p[i] == 0xc5 ? 1 : (p[i + 1] & 0x1f);
		return map == 1 && (op == 0x2b || op == 0xe7) ? K_NT : K_OTHER;
	}
	if ((p[i] & 0xf0) == 0x40)
		i++;
	if (p[i] == 0x86 || p[i] == 0x87)	/* xchg: locked when on memory */
		return (p[i + 1] & 0xc0) != 0xc0 ? K_FENCE : K_OTHER;
	if (p[i] != 0x0f)
		return K_OTHER;
	switch (p[i + 1]) {
	case 0xc3:				/* movnti */
	case 0xe7:				/* movntq, movntdq */
	case 0x2b:				/* movntps, movntpd */
		return K_NT;
	case 0xae:				/* sfence f8, mfence f0 */
		return p[i + 2] == 0xf8 || p[i + 2] == 0xf0 ? K_FENCE : K_OTHER;
	case 0xa2:				/* cpuid: serializing */
		return K_FENCE;
	}
	return K_OTHER;
}

/*
 * Whether a fault counts as the fence for the movnti stores before it, by
 * the convention of the model's era. The v6.4 rewrite of
 * __copy_user_nocache (034ff37d3407) returns from its fix-ups with no
 * sfence, relying on the exception: the kernel's fix-up runs after an
 * iret, a serializing instruction (the SDM also lists an interrupt among
 * the events that drain write combining). The routines before it fence
 * their fault paths, and the lab holds them (and a patch reviewed against
 * them) to that.
 */
int lab_fault_fences(const char *model_name)
{
	return !strcmp(model_name, "uncached");
}

/* One single-step trap: account for the instruction just done, look at
 * the next; at the return, the verdict. */
void lab_trace_step(greg_t *g)
{
	uintptr_t rip = (uintptr_t)g[REG_RIP];

	if (lab_cur.prev_kind == K_NT) {
		lab_cur.nt_pending = 1;
		lab_cur.nt_rip = lab_cur.prev_rip;
	} else if (lab_cur.prev_kind == K_FENCE) {
		lab_cur.nt_pending = 0;
	}
	lab_cur.prev_kind = K_OTHER;
	if (rip == (uintptr_t)lab_call_return) {
		g[REG_EFL] &= ~(greg_t)EFL_TF;
		lab_cur.tracing = 0;
		lab_cur.nt_unfenced = lab_cur.nt_pending;
		return;
	}
	if (++lab_cur.steps > TRACE_MAX_STEPS) {
		g[REG_EFL] &= ~(greg_t)EFL_TF;
		lab_cur.tracing = 0;
		lab_cur.trace_cut = 1;
		return;
	}
	lab_cur.prev_rip = lab_code_addr(rip);
	lab_cur.prev_kind = insn_kind((const uint8_t *)rip);
}
