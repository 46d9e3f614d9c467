/*
 * The fuzz record: one fault-lab case (tests/lab/lab.h) in a fixed-size run of
 * bytes, so that every input of that size a fuzzer makes is a valid case
 * and the fuzzers (tests/fuzz.c, libFuzzer and AFL++) and the replay tool
 * (tests/replay.c) read it the same way. Input of any other size is not a
 * record and is skipped.
 *
 * Layout, little-endian (FUZZ_RECORD_SIZE = 26 bytes):
 *   0      strategy  index into the target list (registry order), modulo
 *                    its size; ignored when a run is pinned to one target
 *   1      side      bits 0-1: which side faults (0 none, 1 source,
 *                    2 destination, 3 both); bit 2: traced (single-
 *                    stepped, the fence check) when len <= FUZZ_TRACE_MAX;
 *                    bit 3: lagged (the lags below apply; clear: exact
 *                    hardware); bits 4-7 ignored
 *   2..3   len       modulo LAB_LEN_MAX + 1 (0 .. 16384: up to four pages)
 *   4      salign    source address % 64, modulo 64 (a source fault sets it)
 *   5      dalign    destination address % 64 (a destination fault sets it)
 *   6..7   fs        first faulting source byte, modulo len + 1
 *   8..9   fd        first faulting destination byte, modulo len + 1
 *   10..17 seed      buffer contents (lab_case.seed)
 *   18..25 lags      with bit 3 of byte 1, four 16-bit lags, the k-th for
 *                    the k-th rep movs that faults in the call (later ones
 *                    take the fourth): how many elements it under-reports
 *                    (0xffff: all it did) (lab_case.lag)
 *
 * fs = len (or fd = len) is a buffer that ends right at its guard page:
 * nothing may fault, and any access past the end does.
 */
#ifndef UCOPY_FUZZCASE_H
#define UCOPY_FUZZCASE_H

#include <stddef.h>
#include <stdint.h>
#include "lab/lab.h"

#define FUZZ_RECORD_SIZE 26
/* Longest copy the trace bit single-steps (cost: ~10 us a step). */
#define FUZZ_TRACE_MAX 512
#define FUZZ_MAX_TARGETS 64

enum { FUZZ_SIDE_NONE, FUZZ_SIDE_SRC, FUZZ_SIDE_DST, FUZZ_SIDE_BOTH };

/* Decodes a record. 0, or -1 when size is not FUZZ_RECORD_SIZE. */
int fuzz_decode(const uint8_t *rec, size_t size, struct lab_case *c,
		unsigned *strategy_byte);

/* The record for a case (lab_case_parse's fields, a seed, lags, traced):
 * decodes back to the same case. -1 when the case does not fit a record. */
int fuzz_encode(const struct lab_case *c, unsigned strategy_byte,
		uint8_t rec[FUZZ_RECORD_SIZE]);

/* "none", "source", "destination" or "both". */
const char *fuzz_side_name(const struct lab_case *c);

/* The record as lower-case hex (2 * FUZZ_RECORD_SIZE + 1 bytes) and back
 * (0 or -1). */
void fuzz_hex(const uint8_t rec[FUZZ_RECORD_SIZE], char *buf);
int fuzz_unhex(const char *s, uint8_t rec[FUZZ_RECORD_SIZE]);

/*
 * What a run fuzzes: one pinned target, or every registry strategy (the
 * record's first byte picks one).
 */
struct fuzz_targets {
	struct lab_target t[FUZZ_MAX_TARGETS];
	int n;
	int pinned;
	/* how to name the pinned target on a replay command line */
	char how[200];
};

/*
 * Pinned to entry (with model and abi, as lab_target_entry) when entry is
 * set, else to the registry strategy named strategy when set, else every
 * registry strategy. 0, or -1 with the reason in err.
 */
int fuzz_targets_init(struct fuzz_targets *ft, const char *strategy,
		      const char *entry, const char *model, const char *abi,
		      char *err, size_t errlen);

/* The pinned target with the zeroing C tail behind it (lab_target_zero_tail);
 * replay commands then say --zero-tail. 0, or -1 with the reason in err. */
int fuzz_targets_zero_tail(struct fuzz_targets *ft, char *err, size_t errlen);

/* The target a record's strategy byte picks. */
const struct lab_target *fuzz_pick(const struct fuzz_targets *ft,
				   unsigned strategy_byte);

/* A command line that replays the record against target t. */
void fuzz_replay_cmd(const struct fuzz_targets *ft, const struct lab_target *t,
		     const uint8_t rec[FUZZ_RECORD_SIZE], char *buf, size_t n);

#endif
