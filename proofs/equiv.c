/*
 * Equivalence harness: built with -DSTRATEGY=<name> for every strategy whose
 * model is proven EXACT. It runs the model and bytewise on two destination
 * buffers with identical contents and proves identical results and bytes,
 * for every len < 2^32, fs, fd, daddr and (unless -DEXACT_HW_ONLY, for models
 * EXACT only when rep movs reports exactly) every hardware lag.
 */
#include "hw.h"
#include "ucopy.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define MODEL CAT(model_, STRATEGY)
#define EQUIV CAT(equiv_, STRATEGY)

#ifdef EXACT_HW_ONLY
#define LAG_ASSUMPTION lag == 0
#else
#define LAG_ASSUMPTION \true
#endif

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(d1, (uint8_t *)src, 0, len);
    requires span(d2, (uint8_t *)src, 0, len);
    requires \separated(d1 + (0 .. len - 1), d2 + (0 .. len - 1));
    requires same_start: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
    requires LAG_ASSUMPTION;
    assigns d1[0 .. len - 1], d2[0 .. len - 1];
    ensures same_result: \result == 1;
    ensures same_bytes: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
*/
int EQUIV(uint8_t *d1, uint8_t *d2, const uint8_t *src, size_t len,
	  size_t daddr, size_t fs, size_t fd, size_t lag)
{
	size_t r1 = MODEL(d1, src, len, daddr, fs, fd, lag);
	size_t r2 = model_bytewise(d2, src, len, daddr, fs, fd, lag);

	return r1 == r2;
}
