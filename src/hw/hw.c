/*
 * Byte-level bodies for the hardware primitives of spec/hw.h: the compiled
 * oracle's memory accesses. In place of the ghost fault state they read the
 * fault map ucopy_hw, which the oracle entries arm (src/runtime/oracle.c). WP
 * proves each body against its contract, assuming only that the map says
 * what the ghost state says (oracle_is_ghost) and lies apart from the
 * buffers (spec/hw.h: HW_ORACLE); no model sees either.
 */
#define UCOPY_HW_BODIES
#include "hw.h"

int hw_load_ok(size_t off, size_t n)
{
	return off + n <= ucopy_hw.fs;
}

int hw_store(uint8_t *dst, const uint8_t *src, size_t off, size_t n)
{
	if (off + n > ucopy_hw.fd)
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

int hw_move(uint8_t *dst, const uint8_t *src, size_t off, size_t n)
{
	if (!hw_load_ok(off, n))
		return 0;
	return hw_store(dst, src, off, n);
}

/*
 * The count register after a fault that stopped a string after `done`
 * of its elements: the lag the map gives this call's faulting rep
 * instructions in turn. Counting them is bookkeeping of the test run, not
 * of the copy, so it is left out of the proof (__FRAMAC__), which holds
 * for whichever entry of the lag table is picked.
 */
/*@ requires oracle: oracle_is_ghost;
    requires stopped: done < cnt;
    assigns \nothing;
    ensures count: reports(cnt - \result, done, cnt, hw_exact);
*/
static size_t report_fault(size_t done, size_t cnt)
{
	size_t k = ucopy_hw.reps < UCOPY_REPS_MAX ? ucopy_hw.reps : UCOPY_REPS_MAX - 1;
	size_t lag = ucopy_hw.lag[k];

#ifndef __FRAMAC__
	ucopy_hw.reps++;
#endif
	return cnt - (done - (lag < done ? lag : done));
}

size_t hw_rep_movsb(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt)
{
	size_t done = 0;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + done <= fault_at(hw_fs, hw_fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, off, off + done);
	    loop invariant unchanged{Pre, Here}(dst, off + done, off + cnt);
	    loop assigns done, dst[off .. off + cnt - 1];
	    loop variant cnt - done;
	*/
	while (done < cnt) {
		if (!hw_move(dst, src, off + done, 1))
			break;
		done++;
	}
	if (done == cnt)
		return 0;
	return report_fault(done, cnt);
}

size_t hw_rep_movsq(uint8_t *dst, const uint8_t *src, size_t off, size_t cnt)
{
	size_t done = 0;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + 8 * done <= fault_at(hw_fs, hw_fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, off, off + 8 * done);
	    loop invariant unchanged{Pre, Here}(dst, off + 8 * done, off + 8 * cnt);
	    loop assigns done, dst[off .. off + 8 * cnt - 1];
	    loop variant cnt - done;
	*/
	while (done < cnt) {
		if (!hw_move(dst, src, off + 8 * done, 8))
			break;
		done++;
	}
	if (done == cnt)
		return 0;
	return report_fault(done, cnt);
}

/* The clear family's primitives (spec/hw.h): stores of zero. */
int hw_store_zero(uint8_t *dst, size_t off, size_t n)
{
	if (off + n > ucopy_hw.fd)
		return 0;
	/*@ loop invariant 0 <= i <= n;
	    loop invariant zeroed{Here}(dst, off, off + i);
	    loop assigns i, dst[off .. off + n - 1];
	    loop variant n - i;
	*/
	for (size_t i = 0; i < n; i++)
		dst[off + i] = 0;
	return 1;
}

size_t hw_rep_stosb(uint8_t *dst, size_t off, size_t cnt)
{
	size_t done = 0;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + done <= hw_fd;
	    loop invariant zeroed{Here}(dst, off, off + done);
	    loop invariant unchanged{Pre, Here}(dst, off + done, off + cnt);
	    loop assigns done, dst[off .. off + cnt - 1];
	    loop variant cnt - done;
	*/
	while (done < cnt) {
		if (!hw_store_zero(dst, off + done, 1))
			break;
		done++;
	}
	if (done == cnt)
		return 0;
	return report_fault(done, cnt);
}

size_t hw_rep_stosq(uint8_t *dst, size_t off, size_t cnt)
{
	size_t done = 0;

	/*@ loop invariant 0 <= done <= cnt;
	    loop invariant done == 0 || off + 8 * done <= hw_fd;
	    loop invariant zeroed{Here}(dst, off, off + 8 * done);
	    loop invariant unchanged{Pre, Here}(dst, off + 8 * done, off + 8 * cnt);
	    loop assigns done, dst[off .. off + 8 * cnt - 1];
	    loop variant cnt - done;
	*/
	while (done < cnt) {
		if (!hw_store_zero(dst, off + 8 * done, 8))
			break;
		done++;
	}
	if (done == cnt)
		return 0;
	return report_fault(done, cnt);
}
