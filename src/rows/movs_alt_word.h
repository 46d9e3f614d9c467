/* movs_alt_word: rep_movs_alternative, rep movsq path with a first unaligned word: EXACT under both readings (body: src/rows/movs_alt_word.c). */
#ifndef UCOPY_MOVS_ALT_WORD_H
#define UCOPY_MOVS_ALT_WORD_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_movs_alt_word(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
