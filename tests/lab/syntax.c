/*
 * The lab's case syntax, read and written: a case ("len,salign,dalign,fs,fd"
 * in, "len=.. src%64=.. ..." out), lags, register lists and failure kinds.
 * What `sweep --case`, the replay tool and every failure line use.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const char *const lab_reg_names[NREGS] = {
	"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
};

/* By bit number of the LAB_F_* kinds. */
static const char *const fail_names[] = {
	"no-extable", "timeout", "fault-loop", "callee-saved", "rsp", "DF",
	"out-of-bounds", "overwrite", "source-written", "result", "data",
	"contract", "model", "signal", "clobbered", "sfence", "lag-setup",
	"not-mce-safe", "syscall",
};
_Static_assert(sizeof fail_names / sizeof *fail_names == LAB_NKINDS, "a name per kind");
_Static_assert(LAB_F_SYSCALL == 1u << (LAB_NKINDS - 1), "LAB_NKINDS counts the kinds");

const char *lab_fail_name(int i)
{
	return i >= 0 && i < LAB_NKINDS ? fail_names[i] : "?";
}

static void lags_str(const struct lab_case *c, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < c->nlag && k + 2 < n; i++) {
		if (c->lag[i] == LAB_LAG_ALL)
			k += (size_t)snprintf(buf + k, n - k, "%sall", i ? "," : "");
		else
			k += (size_t)snprintf(buf + k, n - k, "%s%zu", i ? "," : "", c->lag[i]);
	}
}

void lab_case_str(const struct lab_case *c, char *buf, size_t n)
{
	char fs[24] = "-", fd[24] = "-", lags[80];
	int k;

	if (c->fs <= c->len)
		snprintf(fs, sizeof fs, "%zu", c->fs);
	if (c->fd <= c->len)
		snprintf(fd, sizeof fd, "%zu", c->fd);
	k = snprintf(buf, n, "len=%zu src%%64=%u dst%%64=%u fs=%s fd=%s",
		     c->len, c->src_align, c->dst_align, fs, fd);
	if (c->nlag && k > 0 && (size_t)k < n) {
		lags_str(c, lags, sizeof lags);
		k += snprintf(buf + k, n - (size_t)k, " lag=%s", lags);
	}
	if (c->trace && k > 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, " traced");
}

int lab_lags_parse(const char *s, struct lab_case *c)
{
	char buf[128], *save = NULL, *end;

	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	c->nlag = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (c->nlag == LAB_REPS_MAX)
			return -1;
		if (!strcmp(t, "all")) {
			c->lag[c->nlag++] = LAB_LAG_ALL;
			continue;
		}
		if (*t < '0' || *t > '9')
			return -1;
		c->lag[c->nlag++] = strtoul(t, &end, 10);
		if (*end)
			return -1;
	}
	return c->nlag ? 0 : -1;
}

int lab_mask_parse(const char *list, const char *seps, const char *const *names,
		   unsigned n, unsigned *mask)
{
	char buf[256], *save = NULL;

	*mask = 0;
	if (strlen(list) >= sizeof buf)
		return -1;
	strcpy(buf, list);
	for (char *t = strtok_r(buf, seps, &save); t; t = strtok_r(NULL, seps, &save)) {
		unsigned i;

		for (i = 0; i < n && strcmp(names[i], t); i++)
			;
		if (i == n)
			return -1;
		*mask |= 1u << i;
	}
	return 0;
}

int lab_keeps_parse(const char *list, unsigned *mask)
{
	if (lab_mask_parse(list, " ,\t", lab_reg_names, NREGS, mask))
		return -1;
	*mask &= ~(1u << R_SP);		/* rsp is always checked, on its own */
	return 0;
}

void lab_keeps_str(unsigned mask, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = 0;
	for (int r = 0; r < NREGS; r++)
		if ((mask & (1u << r)) && k + 2 < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "", lab_reg_names[r]);
}

void lab_fail_str(unsigned fail, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < sizeof fail_names / sizeof *fail_names; i++)
		if ((fail & (1u << i)) && k + 2 < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s",
					      k ? "," : "", fail_names[i]);
}

static int parse_off(const char *s, size_t *v)
{
	char *end;

	if (!strcmp(s, "-")) {
		*v = LAB_NOFAULT;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	*v = strtoul(s, &end, 10);
	return *end ? -1 : 0;
}

int lab_case_parse(const char *s, struct lab_case *c)
{
	char buf[128], *f[5], *save = NULL;
	size_t v[3];
	int n = 0;

	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (n == 5)
			return -1;
		f[n++] = t;
	}
	if (n != 5)
		return -1;
	for (int i = 0; i < 3; i++)
		if (parse_off(f[i], &v[i]) || v[i] == LAB_NOFAULT)
			return -1;
	memset(c, 0, sizeof *c);
	c->len = v[0];
	c->src_align = (unsigned)v[1];
	c->dst_align = (unsigned)v[2];
	if (v[1] != c->src_align || v[2] != c->dst_align)
		return -1;
	return parse_off(f[3], &c->fs) || parse_off(f[4], &c->fd) ? -1 : 0;
}
