/* nocache: __copy_user_nocache, EXACT under both readings (body: src/rows/nocache.c). */
#ifndef UCOPY_NOCACHE_H
#define UCOPY_NOCACHE_H

#include "tail.h"

/*
 * The whole routine, its fix-ups jumping to the given tail: tail_c up to
 * v5.1 (model_nocache), the rep movsb tail from v5.2 (nocache_reptail).
 */
/*@ UCOPY_TAIL_KIND
    UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_BY_TAIL
*/
size_t nocache_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		    size_t len, size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_nocache(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
