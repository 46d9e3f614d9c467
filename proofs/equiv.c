/*
 * Equivalence to bytewise, one harness per copy row proven EXACT, and to
 * clear_bytewise, one per clear row proven EXACT (proofs/equiv-harness.h,
 * instantiated by build/proofs/equiv-rows.h, which proofs/prove.sh writes
 * from the registry).
 *
 * It states nothing new: both the model and bytewise are proven EXACT, and
 * EXACT fixes the result and every byte of the destination as functions of
 * len and the fault state, so two EXACT copies from the same start agree.
 * WP checks that this follows from the two contracts, for every len up to
 * the row's bound, every fault state, every destination address and, for a
 * row EXACT under both readings, either hardware reading.
 */
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#include "bytewise.h"
#include "clear_bytewise.h"
#include "equiv-rows.h"
