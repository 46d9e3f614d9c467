/*
 * One equivalence harness, included by build/proofs/equiv-rows.h once per
 * row with STRATEGY (its name), LEN_MAX (its ABI's bound) and READING
 * (\true, or hw_exact != 0 for a row EXACT on exact hardware only) defined.
 * No include guard: it is meant to be read again for every row.
 */
#define MODEL CAT(model_, STRATEGY)
#define EQUIV CAT(equiv_, STRATEGY)

/*@ requires no_wrap: len <= LEN_MAX;
    requires area: len == hw_area;
    requires buffers: span(d1, (uint8_t *)src, 0, len, hw_area) &&
                      span(d2, (uint8_t *)src, 0, len, hw_area);
    requires apart: \separated(d1 + (0 .. len - 1), d2 + (0 .. len - 1));
    requires same_start: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
    requires reading: READING;
    assigns d1[0 .. len - 1], d2[0 .. len - 1];
    ensures same_result: \result == 1;
    ensures same_bytes: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
*/
int EQUIV(uint8_t *d1, uint8_t *d2, const uint8_t *src, size_t len,
	  size_t daddr)
{
	size_t r1 = MODEL(d1, src, len, daddr);
	size_t r2 = model_bytewise(d2, src, len, daddr);

	return r1 == r2;
}

#undef MODEL
#undef EQUIV
