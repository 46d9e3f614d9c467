/* erms: the contract of copy_user_enhanced_fast_string's model, which
 * short64 calls for copies over 64 bytes. */
#ifndef UCOPY_ERMS_H
#define UCOPY_ERMS_H

#include "tail.h"

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_erms(uint8_t *dst, const uint8_t *src, size_t len,
		  size_t daddr, size_t fs, size_t fd, size_t lag);

#endif
