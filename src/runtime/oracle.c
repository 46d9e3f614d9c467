/*
 * The compiled oracle's fault map (src/runtime/oracle.h), armed before each call of
 * a model (not proven: it only fills in the map the primitives read).
 */
#include "oracle.h"

struct ucopy_hw_state ucopy_hw;

void ucopy_hw_arm_lags(size_t area, size_t fs, size_t fd,
		       const size_t *lags, size_t n)
{
	ucopy_hw.area = area;
	ucopy_hw.fs = fs;
	ucopy_hw.fd = fd;
	for (size_t k = 0; k < UCOPY_REPS_MAX; k++)
		ucopy_hw.lag[k] = n ? lags[k < n ? k : n - 1] : 0;
	ucopy_hw.reps = 0;
}

void ucopy_hw_arm(size_t area, size_t fs, size_t fd, size_t lag)
{
	ucopy_hw_arm_lags(area, fs, fd, &lag, 1);
}
