/*
 * One equivalence harness, included by build/proofs/equiv-rows.h once per
 * row with STRATEGY (its name), LEN_MAX (its ABI's bound) and READING
 * (\true, or hw_exact != 0 for a row EXACT on exact hardware only)
 * defined, and CLEAR for a clear row: a copy row against bytewise, a clear
 * row against clear_bytewise (it has no source). Two runs proven EXACT
 * (CLEAR_EXACT) from the same start agree on the result and every byte.
 * No include guard: it is meant to be read again for every row.
 */
#define MODEL CAT(model_, STRATEGY)
#define EQUIV CAT(equiv_, STRATEGY)
#ifdef CLEAR
#define REFERENCE model_clear_bytewise
#define SOURCE_PARAM
#define SOURCE_ARG
#define BUFFERS dspan(d1, 0, len, hw_area) && dspan(d2, 0, len, hw_area)
#else
#define REFERENCE model_bytewise
#define SOURCE_PARAM const uint8_t *src,
#define SOURCE_ARG src,
#define BUFFERS span(d1, (uint8_t *)src, 0, len, hw_area) && \
		span(d2, (uint8_t *)src, 0, len, hw_area)
#endif

/*@ requires no_wrap: len <= LEN_MAX;
    requires area: len == hw_area;
    requires buffers: BUFFERS;
    requires apart: \separated(d1 + (0 .. len - 1), d2 + (0 .. len - 1));
    requires same_start: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
    requires reading: READING;
    assigns d1[0 .. len - 1], d2[0 .. len - 1];
    ensures same_result: \result == 1;
    ensures same_bytes: \forall integer i; 0 <= i < len ==> d1[i] == d2[i];
*/
int EQUIV(uint8_t *d1, uint8_t *d2, SOURCE_PARAM size_t len, size_t daddr)
{
	size_t r1 = MODEL(d1, SOURCE_ARG len, daddr);
	size_t r2 = REFERENCE(d2, SOURCE_ARG len, daddr);

	return r1 == r2;
}

#undef MODEL
#undef EQUIV
#undef REFERENCE
#undef SOURCE_PARAM
#undef SOURCE_ARG
#undef BUFFERS
