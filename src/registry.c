/* The registry table, built from registry.def (not proven: no logic here). */
#include <string.h>
#include "ucopy.h"

const struct ucopy_strategy ucopy_strategies[] = {
#define UCOPY_STRATEGY(n, abi, lx, ld, origin) \
	{ #n, UCOPY_ABI_##abi, UCOPY_##lx, UCOPY_##ld, origin, model_##n, ucopy_##n },
#include "registry.def"
#undef UCOPY_STRATEGY
};

const size_t ucopy_nstrategies =
	sizeof(ucopy_strategies) / sizeof(ucopy_strategies[0]);

const struct ucopy_strategy *ucopy_find(const char *name)
{
	for (size_t i = 0; i < ucopy_nstrategies; i++)
		if (!strcmp(ucopy_strategies[i].name, name))
			return &ucopy_strategies[i];
	return NULL;
}

ucopy_model_fn *ucopy_raw_model = model_bytewise;

size_t raw_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			  size_t daddr, size_t fs, size_t fd, size_t lag)
{
	return ucopy_raw_model(dst, src, len, daddr, fs, fd, lag);
}

const char *ucopy_level_name(enum ucopy_level level)
{
	static const char *const names[] = { "NONE", "WEAK", "RAW", "EXACT" };
	return names[level];
}
