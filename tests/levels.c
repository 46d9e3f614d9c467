/*
 * levels: the contract-level table, checked on the compiled models.
 *
 * For every registry row and both hardware readings of rep movs fault
 * reporting (exact: lag 0; delayed: lag 1..), it runs the model over small
 * lengths, destination alignments, fault offsets on either side and lags,
 * and evaluates EXACT, RAW and WEAK (spec/ucopy_spec.h) on each result
 * (ZEROTAIL on a row that claims it).
 *   - a level the registry claims (and WP proved) must hold in every case;
 *   - each stronger level is "refuted": a concrete case breaking it must be
 *     found, and is printed (the counterexamples of the level table).
 * The same is done for the copy_from_user wrapper over every strategy with
 * ZEROPAD. Last line: "N passed, M failed".
 */
#include <stdio.h>
#include <string.h>
#include "lab/lab.h"

#define MAXLEN 136	/* past the 64-byte thresholds and two 64-byte blocks */
#define NOFAULT LAB_NOFAULT

struct outcome {
	size_t len, daddr, fs, fd, lag, ret;
	uint8_t before[MAXLEN], after[MAXLEN];
};

/* The source the checks compare with: copy_src, or for a clear row
 * (which the table runs as a copy from zeros) zero_src. */
static uint8_t copy_src[MAXLEN], zero_src[MAXLEN];
static const uint8_t *src = copy_src;
static int clear_row;
/* An MC row's source poison starts on an 8-byte boundary of the source
 * (whole cache lines, its contract's poison_aligned); daddr is then the
 * source's address. */
static int mc_row;

static size_t fault_at(size_t fs, size_t fd) { return fs < fd ? fs : fd; }

/* The result as the lab's contract check sees it: the whole destination
 * is memory here, so every byte of it is looked at. */
static struct lab_result result(const struct outcome *o)
{
	struct lab_result r = {
		.dst = o->after, .src = src, .init = o->before, .len = o->len,
		.fs = o->fs, .fd = o->fd, .visible = o->len, .ret = o->ret,
	};
	return r;
}

/* Whether o meets level (tests/lab/contract.c, the lab's own check). */
static int meets(enum ucopy_level level, const struct outcome *o)
{
	struct lab_result r = result(o);
	char why[8];

	return lab_contract_check(level, &r, why, sizeof why) == 0;
}

static int zeropad(const struct outcome *o)
{
	struct lab_result r = result(o);

	return lab_zeropad_holds(&r);
}

static void describe(const char *what, const struct outcome *o)
{
	size_t n = o->len - o->ret, f = fault_at(o->fs, o->fd);
	size_t stored = 0;

	for (size_t i = 0; i < o->len; i++)
		if (o->after[i] != o->before[i])
			stored = i + 1;
	if (clear_row) {	/* no source: the fault is fd's */
		printf("    counterexample (%s): len %zu, daddr&7 %zu, fd %s%zu, "
		       "lag %zu -> returns %zu (claims %zu cleared, first fault at %zu), "
		       "bytes changed up to offset %zu\n", what, o->len, o->daddr,
		       o->fd == NOFAULT ? "none/" : "", o->fd == NOFAULT ? 0 : o->fd,
		       o->lag, o->ret, n, f > o->len ? o->len : f, stored);
		return;
	}
	printf("    counterexample (%s): len %zu, daddr&7 %zu, fs %s%zu, fd %s%zu, "
	       "lag %zu -> returns %zu (claims %zu copied, first fault at %zu), "
	       "bytes changed up to offset %zu\n", what, o->len, o->daddr,
	       o->fs == NOFAULT ? "none/" : "", o->fs == NOFAULT ? 0 : o->fs,
	       o->fd == NOFAULT ? "none/" : "", o->fd == NOFAULT ? 0 : o->fd,
	       o->lag, o->ret, n, f > o->len ? o->len : f, stored);
}

/* Every case of one hardware reading; calls visit() on each outcome. */
static void each_case(ucopy_model_fn *model, int delayed,
		      void (*visit)(const struct outcome *, void *), void *ctx)
{
	static const size_t lags[] = { 1, 3, 8, 64 };
	static const size_t daddrs[] = { 0, 3 };
	struct outcome o;
	size_t nlag = delayed ? sizeof(lags) / sizeof(lags[0]) : 1;

	for (o.len = 0; o.len <= MAXLEN; o.len++)
	for (size_t a = 0; a < 2; a++)
	for (size_t side = 0; side < 3; side++)	/* none, source, destination */
	for (size_t f = 0; f <= (side ? o.len : 0) && !(clear_row && side == 1); f++)
	for (size_t l = 0; l < nlag; l++) {
		o.daddr = daddrs[a];
		if (mc_row && side == 1 && f < o.len && (o.daddr + f) % 8)
			continue;
		o.fs = side == 1 ? f : NOFAULT;
		o.fd = side == 2 ? f : NOFAULT;
		o.lag = delayed ? lags[l] : 0;
		for (size_t i = 0; i < o.len; i++)
			o.before[i] = o.after[i] = src[i] ^ 0x5a;
		o.ret = model(o.after, src, o.len, o.daddr, o.fs, o.fd, o.lag);
		visit(&o, ctx);
	}
}

struct tally {
	enum ucopy_level level;	/* UCOPY_NONE: ZEROPAD */
	size_t cases, broken;
	struct outcome first;
};

static void count(const struct outcome *o, void *ctx)
{
	struct tally *t = ctx;

	t->cases++;
	if (!(t->level == UCOPY_NONE ? zeropad(o) : meets(t->level, o)) && !t->broken++)
		t->first = *o;
}

static int passed, failed;

static void verdict(int ok, const char *fmt, const char *name, const char *hw,
		    const char *level)
{
	printf("  %s ", ok ? "PASS" : "FAIL");
	printf(fmt, name, hw, level);
	putchar('\n');
	ok ? passed++ : failed++;
}

/*
 * The claimed level holds everywhere; each stronger one on the chain is
 * refuted. A level beside the chain (ZEROTAIL) is compared with nothing
 * but itself: its row must refute WEAK, the bottom of the chain. Levels in
 * the lab's one order (lab_levels), weakest first.
 */
static void check_strategy(const char *name, ucopy_model_fn *model,
			   int delayed, enum ucopy_level claimed)
{
	const char *hw = delayed ? "delayed" : "exact";
	int beside = claimed != UCOPY_NONE && !lab_level_on_chain(claimed);

	for (int i = LAB_NLEVELS - 1; i >= 0; i--) {
		enum ucopy_level l = lab_levels[i];
		struct tally t = { .level = l };
		int holds = lab_level_implies(claimed, l);

		if (!holds && (beside ? l != UCOPY_WEAK : !lab_level_on_chain(l)))
			continue;
		each_case(model, delayed, count, &t);
		if (holds) {
			verdict(!t.broken, "%s on %s hw: %s holds", name, hw, lab_level_name(l));
			if (t.broken)
				describe("claimed level broken", &t.first);
		} else {
			verdict(t.broken > 0, "%s on %s hw: %s refuted", name, hw, lab_level_name(l));
			if (t.broken)
				describe(lab_level_name(l), &t.first);
		}
	}
}

int main(void)
{
	for (size_t i = 0; i < MAXLEN; i++)
		copy_src[i] = (uint8_t)(i * 37 + 11);

	for (size_t s = 0; s < ucopy_nstrategies; s++) {
		const struct ucopy_strategy *st = &ucopy_strategies[s];
		clear_row = st->kind == UCOPY_KIND_CLEAR;
		mc_row = st->kind == UCOPY_KIND_MC;
		src = clear_row ? zero_src : copy_src;
		printf("%s (%s)\n", st->name, st->origin);
		check_strategy(st->name, st->model, 0, st->level_exact_hw);
		check_strategy(st->name, st->model, 1, st->level_delayed_hw);
	}

	printf("copy_from_user over each strategy\n");
	clear_row = mc_row = 0;
	src = copy_src;
	/* copy_from_user runs copy_user rows; a clear or a copy_mc is not one */
	for (size_t s = 0; s < ucopy_nstrategies; s++)
		for (int delayed = 0; delayed < 2 && ucopy_strategies[s].kind != UCOPY_KIND_CLEAR &&
				     ucopy_strategies[s].kind != UCOPY_KIND_MC; delayed++) {
			struct tally t = { .level = UCOPY_NONE };
			ucopy_raw_model = ucopy_strategies[s].bare;
			each_case(oracle_copy_from_user, delayed, count, &t);
			verdict(!t.broken, "copy_from_user over %s on %s hw: %s holds",
				ucopy_strategies[s].name, delayed ? "delayed" : "exact",
				"ZEROPAD");
			if (t.broken)
				describe("ZEROPAD broken", &t.first);
		}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
