/*
 * sweep --case: one case run and described (docs/lab.md "One case"): the
 * outcome line, the rep movs under lags, the destination byte by byte and
 * the levels the case meets.
 */
#include <stdio.h>
#include <string.h>

#include "sweep.h"

/* The destination after the case, one character a byte: C copied, . as
 * it was, ? anything else; | where the reported prefix ends. */
static void dst_map(const struct lab_case *c, size_t ret, char *buf, size_t n)
{
	const uint8_t *dst, *s, *d;
	size_t len = c->len, show = len < 64 ? len : 64, k = 0;
	size_t wlim = c->fd < len ? c->fd : len, done = ret <= len ? len - ret : 0;

	lab_last_bytes(&dst, &s, &d);
	for (size_t i = 0; i <= show && k + 2 < n; i++) {
		if (i == done && ret <= len)
			buf[k++] = '|';
		if (i == show)
			break;
		buf[k++] = i >= wlim ? '-' : dst[i] == s[i] ? 'C' : dst[i] == d[i] ? '.' : '?';
	}
	buf[k] = 0;
}

/* The chain's levels this case meets, strongest first (and ZEROTAIL when
 * the target claims it), in the lab's one order. */
static void print_levels(const struct lab_target *t, const struct lab_case *c,
			 const struct lab_outcome *out)
{
	const char *sep = "";
	char why[320];

	printf("  levels this case meets:");
	for (int i = 0; i < LAB_NLEVELS; i++) {
		enum ucopy_level l = lab_levels[i];
		int m;

		if (!lab_level_on_chain(l) && t->level != l && t->level_delayed != l)
			continue;
		m = lab_meets(c, l, out->ret, why, sizeof why);
		printf("%s %s %s%s%s%s", sep, lab_level_name(l), m == 1 ? "yes" : "NO",
		       m == 1 ? "" : " (", m == 1 ? "" : why, m == 1 ? "" : ")");
		sep = ",";
	}
}

int run_one(const struct lab_target *t, const struct opts *o)
{
	struct lab_case c;
	struct lab_outcome out;
	char map[80];
	size_t written = 0;
	const uint8_t *dst, *s, *d;

	if (lab_case_parse(o->one_case, &c)) {
		fprintf(stderr, "sweep: --case wants len,src_align,dst_align,fs,fd (fs/fd may be '-'), got '%s'\n", o->one_case);
		return 2;
	}
	if (o->lags && lab_lags_parse(o->lags, &c)) {
		fprintf(stderr, "sweep: --lag wants up to %d lags, numbers or 'all', comma-separated, got '%s'\n",
			LAB_REPS_MAX, o->lags);
		return 2;
	}
	c.trace = o->trace_one;
	c.seed = 1;
	if (lab_run(t, &c, &out)) {
		fprintf(stderr, "sweep: %s\n", out.what);
		return 2;
	}
	lab_outcome_line(t, &c, &out);
	printf("%s\n", out.line);
	printf("  src=%#zx dst=%#zx ret=%zu model=%zu exact=%zu faults=%u\n",
	       out.src, out.dst, out.ret, out.model_ret, out.expect_ret, out.faults);
	if (c.nlag || out.rep_runs) {
		printf("  rep movs: %u executed, %u faulted", out.rep_runs, out.reps);
		for (unsigned i = 0; i < out.reps && i < LAB_REPS_MAX; i++)
			printf("; #%u did %zu %s, reported %zu (wound back %zu)", i + 1,
			       out.rep_done[i], out.rep_size[i] == 1 ? "bytes" : "elements",
			       out.rep_done[i] - out.rep_k[i], out.rep_k[i]);
		printf("\n");
	}
	if (c.trace)
		printf("  traced: %lu instructions stepped%s\n", out.steps,
		       out.trace_cut ? " (budget reached: not checked)" : "");
	if (out.fail & (LAB_F_NOEXTABLE | LAB_F_TIMEOUT | LAB_F_FAULTLOOP | LAB_F_OOB |
			LAB_F_SIGNAL | LAB_F_LAGSETUP))
		return 1;
	lab_last_bytes(&dst, &s, &d);
	for (size_t i = 0; i < c.len && i < (c.fd < c.len ? c.fd : c.len); i++)
		written += dst[i] != d[i];
	dst_map(&c, out.ret, map, sizeof map);
	printf("  dst %s (C copied, . unchanged, ? other, - past fd; | end of the reported %zu)\n",
	       map, out.ret <= c.len ? c.len - out.ret : 0);
	printf("  returned %zu: %zu byte%s reported copied, %zu written\n", out.ret,
	       out.ret <= c.len ? c.len - out.ret : 0, out.ret <= c.len && c.len - out.ret == 1 ? "" : "s",
	       written);
	print_levels(t, &c, &out);
	printf("\n");
	return out.pass ? 0 : 1;
}
