/*
 * The one contract check: the levels of spec/ucopy_spec.h evaluated on a
 * concrete result (what the lab observes after a call, what `make levels`
 * gets from a model), and the one order of those levels. Nothing here
 * touches the rest of the lab, so tests/levels.c links this file alone.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"

/* Strongest first: the chain, then ZEROTAIL beside it. */
const enum ucopy_level lab_levels[LAB_NLEVELS] = {
	UCOPY_EXACT, UCOPY_RAW, UCOPY_WEAK, UCOPY_ZEROTAIL,
};

int lab_level_on_chain(enum ucopy_level l)
{
	return l == UCOPY_WEAK || l == UCOPY_RAW || l == UCOPY_EXACT;
}

int lab_level_implies(enum ucopy_level claimed, enum ucopy_level l)
{
	if (claimed == l || l == UCOPY_NONE)
		return 1;
	/* ZEROTAIL keeps EXACT's count and prefix but writes zeros past it:
	 * of the chain it meets WEAK's prefix only when nothing is past it,
	 * so it implies none of them in general (spec/ucopy_spec.h). */
	if (!lab_level_on_chain(claimed) || !lab_level_on_chain(l))
		return 0;
	return claimed >= l;	/* the chain's enum order: WEAK < RAW < EXACT */
}

const char *lab_level_name(enum ucopy_level l)
{
	return l == UCOPY_NONE ? "NONE" : ucopy_level_name(l);
}

/* One break, appended to why ("; " between them). */
static void broke(int *n, char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void broke(int *n, char *why, size_t len, const char *fmt, ...)
{
	size_t k = strlen(why);
	va_list ap;

	++*n;
	if (k + 4 >= len)
		return;
	if (k)
		k += (size_t)snprintf(why + k, len - k, "; ");
	va_start(ap, fmt);
	vsnprintf(why + k, len - k, fmt, ap);
	va_end(ap);
}

/* First offset in [a, b) where x differs from y, or b. */
static size_t differs(const uint8_t *x, const uint8_t *y, size_t a, size_t b)
{
	while (a < b && x[a] == y[a])
		a++;
	return a;
}

/* Past the reported prefix [done, visible): what each level allows there. */
static void check_past_report(enum ucopy_level level, const struct lab_result *r,
			      size_t done, int *n, char *why, size_t len)
{
	size_t zlim = r->fd < r->len ? r->fd : r->len, z;

	if (level == UCOPY_WEAK) {	/* old or source bytes */
		for (z = done; z < r->visible; z++)
			if (r->dst[z] != r->init[z] && r->dst[z] != r->src[z]) {
				broke(n, why, len, "not WEAK: dst[%zu] is neither its old nor its source byte", z);
				return;
			}
		return;
	}
	if (level == UCOPY_ZEROTAIL) {	/* zeros up to the first refused byte */
		for (z = done; z < zlim && z < r->visible; z++)
			if (r->dst[z]) {
				broke(n, why, len, "not ZEROTAIL: dst[%zu] not zeroed after the reported %zu bytes",
				      z, done);
				return;
			}
		done = zlim > done ? zlim : done;	/* then unchanged */
	}
	if ((z = differs(r->dst, r->init, done, r->visible)) < r->visible)
		broke(n, why, len, "not %s: dst[%zu] written past the reported %zu bytes",
		      lab_level_name(level), z, r->len - r->ret);
}

int lab_contract_check(enum ucopy_level level, const struct lab_result *r,
		       char *why, size_t len)
{
	size_t f = r->fs < r->fd ? r->fs : r->fd, done, z;
	int n = 0;

	why[0] = 0;
	if (f > r->len)
		f = r->len;
	if (level == UCOPY_NONE)
		return 0;
	if (r->ret > r->len || r->len - r->ret > f) {
		broke(&n, why, len, "not %s: returned %zu, exact %zu%s", lab_level_name(level),
		      r->ret, r->len - f, r->ret > r->len ? " (> len)" : " (claims bytes past the fault)");
		return n;
	}
	done = r->len - r->ret;
	if ((level == UCOPY_EXACT || level == UCOPY_ZEROTAIL) && r->ret != r->len - f)
		broke(&n, why, len, "not %s: returned %zu, exact %zu", lab_level_name(level),
		      r->ret, r->len - f);
	if (level == UCOPY_RAW && r->ret == r->len && r->len > 0 && f > 0)
		broke(&n, why, len, "not RAW: copied nothing though %zu bytes could be", f);
	if ((z = differs(r->dst, r->src, 0, done)) < done) {
		broke(&n, why, len, "not %s: dst[%zu] not copied though reported",
		      lab_level_name(level), z);
		return n;
	}
	check_past_report(level, r, done, &n, why, len);
	return n;
}

int lab_zeropad_holds(const struct lab_result *r)
{
	size_t f = r->fs < r->fd ? r->fs : r->fd, done;

	/* WEAK's prefix (never over-report, the claimed bytes copied) ... */
	if (r->ret > r->len || r->len - r->ret > f)
		return 0;
	done = r->len - r->ret;
	if (differs(r->dst, r->src, 0, done) < done)
		return 0;
	/* ... and zeros after it */
	for (size_t i = done; i < r->len; i++)
		if (r->dst[i])
			return 0;
	return 1;
}
