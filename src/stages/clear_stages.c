/* clear_stages: the clear routines' shared loops (src/stages/clear_stages.h). */
#include "clear_stages.h"

size_t clear_qwords(uint8_t *dst, size_t off, size_t cnt)
{
	size_t done;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + 8 * done <= hw_fd;
	    loop invariant zeroed{Here}(dst, off, off + 8 * done);
	    loop invariant unchanged{Pre, Here}(dst, off + 8 * done, off + 8 * cnt);
	    loop assigns done, dst[off .. off + 8 * cnt - 1];
	    loop variant cnt - done;
	*/
	for (done = 0; done < cnt; done++)
		if (!hw_store_zero(dst, off + 8 * done, 8))
			break;
	return cnt - done;
}

size_t clear_bytes(uint8_t *dst, size_t off, size_t cnt)
{
	size_t done;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + done <= hw_fd;
	    loop invariant zeroed{Here}(dst, off, off + done);
	    loop invariant unchanged{Pre, Here}(dst, off + done, off + cnt);
	    loop assigns done, dst[off .. off + cnt - 1];
	    loop variant cnt - done;
	*/
	for (done = 0; done < cnt; done++)
		if (!hw_store_zero(dst, off + done, 1))
			break;
	return cnt - done;
}

int clear_block64(uint8_t *dst, size_t off)
{
	size_t j;

	/*@ loop invariant 0 <= j <= 8;
	    loop invariant off + 8 * j <= hw_fd || j == 0;
	    loop invariant zeroed{Here}(dst, off, off + 8 * j);
	    loop invariant unchanged{Pre, Here}(dst, off + 8 * j, off + 64);
	    loop assigns j, dst[off .. off + 63];
	    loop variant 8 - j;
	*/
	for (j = 0; j < 8; j++)
		if (!hw_store_zero(dst, off + 8 * j, 8))
			return 0;
	return 1;
}
