/*
 * The registry table, built from registry.def, and each row's oracle entry
 * (not proven: no logic here, only the fault map being armed).
 */
#include <string.h>
#include "ucopy.h"
#include "oracle.h"

#define UCOPY_DECL_COPY(name) ucopy_bare_fn model_##name;
#define UCOPY_DECL_TAIL(name) ucopy_bare_fn model_##name;
#define UCOPY_DECL_CLEAR(name) size_t model_##name(uint8_t *, size_t, size_t);
#define UCOPY_DECL_MC(name) ucopy_bare_fn model_##name;
#define UCOPY_ROW(name, kind, abi, lx, ld, keeps, kernels, commits, origin) \
	UCOPY_DECL_##kind(name)
#include "registry.def"
#undef UCOPY_ROW

/*
 * bare_<name>: the model as a whole copy of len bytes. A tail row runs as
 * one: entered at offset 0 with all of it; a clear row ignores src (the
 * tests pass zeros); an mc row's address argument is the source's
 * (ucopy_model_addr). oracle_<name>: the same after arming the fault map.
 */
#define UCOPY_CALL_COPY(name, dst, src, len, daddr) model_##name(dst, src, len, daddr)
#define UCOPY_CALL_TAIL(name, dst, src, len, daddr) \
	((void)(daddr), model_##name(dst, src, 0, len))
#define UCOPY_CALL_CLEAR(name, dst, src, len, daddr) \
	((void)(src), model_##name(dst, len, daddr))
#define UCOPY_CALL_MC(name, dst, src, len, saddr) model_##name(dst, src, len, saddr)
#define UCOPY_ROW(name, kind, abi, lx, ld, keeps, kernels, commits, origin)	\
static size_t bare_##name(uint8_t *dst, const uint8_t *src, size_t len,	\
			  size_t daddr)					\
{									\
	return UCOPY_CALL_##kind(name, dst, src, len, daddr);		\
}									\
static size_t oracle_##name(uint8_t *dst, const uint8_t *src, size_t len,	\
			    size_t daddr, size_t fs, size_t fd, size_t lag)	\
{									\
	ucopy_hw_arm(len, fs, fd, lag);					\
	return bare_##name(dst, src, len, daddr);			\
}
#include "registry.def"
#undef UCOPY_ROW

const struct ucopy_strategy ucopy_strategies[] = {
#define UCOPY_ROW(n, kind, abi, lx, ld, keeps, kernels, commits, origin)	\
	{ #n, UCOPY_KIND_##kind, UCOPY_ABI_##abi, UCOPY_##lx, UCOPY_##ld,	\
	  keeps, kernels, commits, origin, oracle_##n, bare_##n, ucopy_##n },
#include "registry.def"
#undef UCOPY_ROW
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

/* raw_copy_from_user, as copy_from_user's model calls it. */
ucopy_bare_fn *ucopy_raw_model = bare_bytewise;

size_t raw_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			  size_t daddr);
size_t raw_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			  size_t daddr)
{
	return ucopy_raw_model(dst, src, len, daddr);
}

size_t model_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			    size_t daddr);
size_t oracle_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			     size_t daddr, size_t fs, size_t fd, size_t lag)
{
	ucopy_hw_arm(len, fs, fd, lag);
	return model_copy_from_user(dst, src, len, daddr);
}

const char *ucopy_level_name(enum ucopy_level level)
{
	static const char *const names[] = { "NONE", "WEAK", "RAW", "EXACT", "ZEROTAIL" };
	return names[level];
}

const char *ucopy_kind_name(enum ucopy_kind kind)
{
	return kind == UCOPY_KIND_TAIL ? "tail" : kind == UCOPY_KIND_CLEAR ? "clear" :
	       kind == UCOPY_KIND_MC ? "mc" : "copy";
}

const char *ucopy_abi_name(enum ucopy_abi abi)
{
	static const char *const names[] = { "classic", "rep", "classic_clear", "stos" };
	return names[abi];
}
