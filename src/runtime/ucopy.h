/*
 * ucopy: the C side of every registry row, for the tests, the fuzzers and
 * the benchmark.
 *
 * A model (src/rows/<name>.c) is plain C that WP proves and that the tests run
 * as the oracle. It sees only what its routine sees:
 *   COPY   size_t model_<name>(dst, src, len, daddr)
 *   TAIL   size_t model_<name>(dst, src, off, rem)
 *   CLEAR  size_t model_<name>(dst, len, daddr): a clear, run by the table
 *          as a copy from a zero source (src and fs unused)
 *   MC     size_t model_<name>(dst, src, len, saddr): a copy_mc routine
 * daddr is the destination's address (its low bits steer alignment as in
 * the asm); an MC row aligns its source, and gets the source's address
 * instead (ucopy_model_addr). Where the buffers fault and how a rep movs reports a fault are
 * hardware state: ghost in the proofs (spec/hw.h), and in the compiled
 * oracle a fault map that only the primitives' bodies read (src/hw/hw.c).
 *
 * The tests call a row through its oracle entry, which arms that fault map
 * and runs the model:
 *   fs/fd  first faulting source / destination offset (no fault: >= len);
 *   lag    how many elements each faulting rep movs under-reports
 *          (0: exact reporting, as measured on real CPUs).
 */
#ifndef UCOPY_H
#define UCOPY_H

#include <stddef.h>
#include <stdint.h>

typedef size_t ucopy_model_fn(uint8_t *dst, const uint8_t *src, size_t len,
			      size_t daddr, size_t fs, size_t fd, size_t lag);
typedef size_t ucopy_bare_fn(uint8_t *dst, const uint8_t *src, size_t len,
			     size_t daddr);

/* MC: a copy_mc routine (copy from kernel memory that may hold poison:
 * a source fault is a machine check); its model takes the source's
 * address, which it aligns, where a copy's takes the destination's. */
enum ucopy_kind { UCOPY_KIND_COPY, UCOPY_KIND_TAIL, UCOPY_KIND_CLEAR,
		  UCOPY_KIND_MC };
enum ucopy_abi { UCOPY_ABI_CLASSIC, UCOPY_ABI_REP, UCOPY_ABI_CLASSIC_CLEAR,
		UCOPY_ABI_STOS };
/* NONE < WEAK < RAW < EXACT is a chain; ZEROTAIL (the zeroing tail's:
 * spec/ucopy_spec.h) stands outside it and is compared with nothing. */
enum ucopy_level { UCOPY_NONE, UCOPY_WEAK, UCOPY_RAW, UCOPY_EXACT,
		   UCOPY_ZEROTAIL };

struct ucopy_strategy {
	const char *name;
	enum ucopy_kind kind;
	enum ucopy_abi abi;
	enum ucopy_level level_exact_hw;   /* proven level, exact rep reporting */
	enum ucopy_level level_delayed_hw; /* proven level, delayed reporting */
	const char *keeps;                 /* registers its callers rely on */
	const char *kernels;               /* releases that shipped it */
	const char *commits;               /* brought in .. retired by, or "-" */
	const char *origin;
	ucopy_model_fn *model;             /* oracle entry: arms the fault map */
	ucopy_bare_fn *bare;               /* the model alone (fault map as armed) */
	void (*routine)(void);             /* asm/<name>.S: ucopy_<name> */
};

#define UCOPY_ROW(name, kind, abi, lx, ld, keeps, kernels, commits, origin) \
	void ucopy_##name(void);
#include "registry.def"
#undef UCOPY_ROW

extern const struct ucopy_strategy ucopy_strategies[];
extern const size_t ucopy_nstrategies;

/*
 * copy_from_user (src/wrappers/copy_from_user.c) over raw_copy_from_user, which calls
 * ucopy_raw_model: set it to the bare model under test (default bytewise).
 */
ucopy_model_fn oracle_copy_from_user;
extern ucopy_bare_fn *ucopy_raw_model;

/* The address a row's model is given: the source's for an MC row, the
 * destination's otherwise. */
static inline size_t ucopy_model_addr(const struct ucopy_strategy *s,
				      const void *dst, const void *src)
{
	return (size_t)(s->kind == UCOPY_KIND_MC ? src : dst);
}

/* NULL when no row has that name. */
const struct ucopy_strategy *ucopy_find(const char *name);
const char *ucopy_level_name(enum ucopy_level level);
const char *ucopy_kind_name(enum ucopy_kind kind);
const char *ucopy_abi_name(enum ucopy_abi abi);

#endif
