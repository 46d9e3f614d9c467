/*
 * One clear equivalence harness, the clear family's counterpart of
 * proofs/equiv-harness.h: included by build/proofs/equiv-rows.h once per
 * clear row proven CLEAR_EXACT, with STRATEGY, LEN_MAX and READING defined
 * as there. Two clears proven CLEAR_EXACT from the same start agree on the
 * result and every byte, so the row equals clear_bytewise. No include
 * guard: it is meant to be read again for every row.
 */
#define MODEL CAT(model_, STRATEGY)
#define EQUIV CAT(equiv_, STRATEGY)

/*@ requires no_wrap: len <= LEN_MAX;
    requires area: len == hw_area;
    requires buffers: dspan(d1, 0, len, hw_area) && dspan(d2, 0, len, hw_area);
    requires apart: \separated(d1 + (0 .. len - 1), d2 + (0 .. len - 1));
    requires same_start: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
    requires reading: READING;
    assigns d1[0 .. len - 1], d2[0 .. len - 1];
    ensures same_result: \result == 1;
    ensures same_bytes: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
*/
int EQUIV(uint8_t *d1, uint8_t *d2, size_t len, size_t daddr)
{
	size_t r1 = MODEL(d1, len, daddr);
	size_t r2 = model_clear_bytewise(d2, len, daddr);

	return r1 == r2;
}

#undef MODEL
#undef EQUIV
