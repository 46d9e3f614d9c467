/*
 * Byte-level bodies for the hardware primitives of spec/hw.h. WP proves each
 * against its contract; the tests run them as the oracle's memory accesses.
 */
#include "hw.h"

int hw_load_ok(size_t off, size_t n, size_t fs)
{
	return off + n <= fs;
}

int hw_store(uint8_t *dst, const uint8_t *src, size_t off, size_t n, size_t fd)
{
	if (off + n > fd)
		return 0;
	/*@ loop invariant 0 <= i <= n;
	    loop invariant copied{Here}(dst, (uint8_t *)src, off, off + i);
	    loop assigns i, dst[off .. off + n - 1];
	    loop variant n - i;
	*/
	for (size_t i = 0; i < n; i++)
		dst[off + i] = src[off + i];
	return 1;
}

int hw_move(uint8_t *dst, const uint8_t *src, size_t off, size_t n,
            size_t fs, size_t fd)
{
	if (!hw_load_ok(off, n, fs))
		return 0;
	return hw_store(dst, src, off, n, fd);
}

size_t hw_rep_movsb(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt,
                    size_t fs, size_t fd, size_t lag)
{
	size_t done = 0;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + done <= fault_at(fs, fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, off, off + done);
	    loop invariant unchanged{Pre, Here}(dst, off + done, off + cnt);
	    loop assigns done, dst[off .. off + cnt - 1];
	    loop variant cnt - done;
	*/
	while (done < cnt) {
		if (!hw_move(dst, src, off + done, 1, fs, fd))
			break;
		done++;
	}
	if (done == cnt)
		return 0;
	return cnt - (done - (lag < done ? lag : done));
}

size_t hw_rep_movsq(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt,
                    size_t fs, size_t fd, size_t lag)
{
	size_t done = 0;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + 8 * done <= fault_at(fs, fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, off, off + 8 * done);
	    loop invariant unchanged{Pre, Here}(dst, off + 8 * done, off + 8 * cnt);
	    loop assigns done, dst[off .. off + 8 * cnt - 1];
	    loop variant cnt - done;
	*/
	while (done < cnt) {
		if (!hw_move(dst, src, off + 8 * done, 8, fs, fd))
			break;
		done++;
	}
	if (done == cnt)
		return 0;
	return cnt - (done - (lag < done ? lag : done));
}
