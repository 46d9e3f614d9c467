/*
 * ucopy: the C side of every strategy. Each model is plain C that WP proves
 * (src/<name>.c) and that the tests call as the oracle.
 *
 * A model copies len bytes from src to dst and returns the bytes not copied.
 *   daddr  the destination's address (only its low bits matter: they steer
 *          destination alignment exactly as in the asm routine);
 *   fs/fd  first faulting source / destination offset (no fault: >= len);
 *   lag    how many iterations a faulting rep movs under-reports
 *          (0 = exact reporting, the behaviour measured on real CPUs).
 */
#ifndef UCOPY_H
#define UCOPY_H

#include <stddef.h>
#include <stdint.h>

typedef size_t ucopy_model_fn(uint8_t *dst, const uint8_t *src, size_t len,
			      size_t daddr, size_t fs, size_t fd, size_t lag);

enum ucopy_abi { UCOPY_ABI_CLASSIC, UCOPY_ABI_REP };
enum ucopy_level { UCOPY_NONE, UCOPY_WEAK, UCOPY_RAW, UCOPY_EXACT };

struct ucopy_strategy {
	const char *name;
	enum ucopy_abi abi;
	enum ucopy_level level_exact_hw;   /* proven level, exact rep reporting */
	enum ucopy_level level_delayed_hw; /* proven level, delayed reporting */
	const char *origin;
	ucopy_model_fn *model;
	void (*routine)(void);             /* asm/<name>.S: ucopy_<name> */
};

#define UCOPY_STRATEGY(name, abi, lx, ld, origin) \
	ucopy_model_fn model_##name; void ucopy_##name(void);
#include "registry.def"
#undef UCOPY_STRATEGY

extern const struct ucopy_strategy ucopy_strategies[];
extern const size_t ucopy_nstrategies;

/*
 * copy_from_user (src/copy_from_user.c) over raw_copy_from_user, which calls
 * ucopy_raw_model: set it to the strategy under test (default bytewise).
 */
ucopy_model_fn model_copy_from_user;
ucopy_model_fn raw_copy_from_user;
extern ucopy_model_fn *ucopy_raw_model;

/* NULL when no strategy has that name. */
const struct ucopy_strategy *ucopy_find(const char *name);
const char *ucopy_level_name(enum ucopy_level level);

#endif
