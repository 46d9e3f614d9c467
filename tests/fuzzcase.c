/* The fuzz record and the fuzz target list (see fuzzcase.h). */
#include <stdio.h>
#include <string.h>
#include "fuzzcase.h"

static unsigned get16(const uint8_t *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

int fuzz_decode(const uint8_t *rec, size_t size, struct lab_case *c,
		unsigned *strategy_byte)
{
	unsigned side;

	if (!rec || size != FUZZ_RECORD_SIZE)
		return -1;
	memset(c, 0, sizeof *c);
	*strategy_byte = rec[0];
	side = rec[1] & 3;
	c->len = get16(rec + 2) % (LAB_LEN_MAX + 1);
	c->src_align = rec[4] % LAB_ALIGN_MOD;
	c->dst_align = rec[5] % LAB_ALIGN_MOD;
	c->fs = side & FUZZ_SIDE_SRC ? get16(rec + 6) % (c->len + 1) : LAB_NOFAULT;
	c->fd = side & FUZZ_SIDE_DST ? get16(rec + 8) % (c->len + 1) : LAB_NOFAULT;
	c->seed = 0;
	for (int i = 7; i >= 0; i--)
		c->seed = c->seed << 8 | rec[10 + i];
	c->trace = (rec[1] & 4) && c->len <= FUZZ_TRACE_MAX;
	c->nlag = rec[1] & 8 ? LAB_REPS_MAX : 0;
	for (unsigned i = 0; i < c->nlag; i++) {
		unsigned v = get16(rec + 18 + 2 * i);
		c->lag[i] = v == 0xffff ? LAB_LAG_ALL : v;
	}
	return 0;
}

int fuzz_encode(const struct lab_case *c, unsigned strategy_byte,
		uint8_t rec[FUZZ_RECORD_SIZE])
{
	unsigned side = (c->fs <= c->len ? FUZZ_SIDE_SRC : 0) |
			(c->fd <= c->len ? FUZZ_SIDE_DST : 0);

	if (c->len > LAB_LEN_MAX || c->src_align >= LAB_ALIGN_MOD ||
	    c->dst_align >= LAB_ALIGN_MOD || strategy_byte > 255 ||
	    c->nlag > LAB_REPS_MAX || (c->trace && c->len > FUZZ_TRACE_MAX))
		return -1;
	memset(rec, 0, FUZZ_RECORD_SIZE);
	rec[0] = (uint8_t)strategy_byte;
	rec[1] = (uint8_t)side;
	put16(rec + 2, (unsigned)c->len);
	rec[4] = (uint8_t)c->src_align;
	rec[5] = (uint8_t)c->dst_align;
	put16(rec + 6, side & FUZZ_SIDE_SRC ? (unsigned)c->fs : 0);
	put16(rec + 8, side & FUZZ_SIDE_DST ? (unsigned)c->fd : 0);
	for (int i = 0; i < 8; i++)
		rec[10 + i] = (uint8_t)(c->seed >> (8 * i));
	if (c->trace)
		rec[1] |= 4;
	if (c->nlag)
		rec[1] |= 8;
	for (unsigned i = 0; c->nlag && i < LAB_REPS_MAX; i++) {
		size_t v = c->lag[i < c->nlag ? i : c->nlag - 1];
		put16(rec + 18 + 2 * i, v >= 0xffff ? 0xffff : (unsigned)v);
	}
	return 0;
}

const char *fuzz_side_name(const struct lab_case *c)
{
	static const char *const names[] = { "none", "source", "destination", "both" };

	return names[(c->fs <= c->len ? 1 : 0) | (c->fd <= c->len ? 2 : 0)];
}

void fuzz_hex(const uint8_t rec[FUZZ_RECORD_SIZE], char *buf)
{
	for (int i = 0; i < FUZZ_RECORD_SIZE; i++)
		sprintf(buf + 2 * i, "%02x", rec[i]);
}

static int nibble(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int fuzz_unhex(const char *s, uint8_t rec[FUZZ_RECORD_SIZE])
{
	if (strlen(s) != 2 * FUZZ_RECORD_SIZE)
		return -1;
	for (int i = 0; i < FUZZ_RECORD_SIZE; i++) {
		int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		rec[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

int fuzz_targets_init(struct fuzz_targets *ft, const char *strategy,
		      const char *entry, const char *model, const char *abi,
		      char *err, size_t errlen)
{
	memset(ft, 0, sizeof *ft);
	if (entry && *entry) {
		if (!model || !*model) {
			snprintf(err, errlen, "an entry symbol needs a model (a registry name or none)");
			return -1;
		}
		if (lab_target_entry(&ft->t[0], entry, model, abi && *abi ? abi : NULL,
				     err, errlen))
			return -1;
		ft->n = 1;
		ft->pinned = 1;
		snprintf(ft->how, sizeof ft->how, "--entry %s --model %s --abi %s", entry,
			 model, ucopy_abi_name(ft->t[0].abi));
		return 0;
	}
	if (strategy && *strategy) {
		const struct ucopy_strategy *s = ucopy_find(strategy);
		size_t k;

		if (!s) {
			k = (size_t)snprintf(err, errlen, "unknown strategy '%s' (the registry has:", strategy);
			for (size_t i = 0; i < ucopy_nstrategies && k < errlen; i++)
				k += (size_t)snprintf(err + k, errlen - k, " %s", ucopy_strategies[i].name);
			if (k < errlen)
				snprintf(err + k, errlen - k, ")");
			return -1;
		}
		lab_target_strategy(&ft->t[0], s);
		ft->n = 1;
		ft->pinned = 1;
		snprintf(ft->how, sizeof ft->how, "--strategy %s", s->name);
		return 0;
	}
	for (size_t i = 0; i < ucopy_nstrategies && ft->n < FUZZ_MAX_TARGETS; i++)
		lab_target_strategy(&ft->t[ft->n++], &ucopy_strategies[i]);
	if (!ft->n) {
		snprintf(err, errlen, "the registry is empty");
		return -1;
	}
	return 0;
}

int fuzz_targets_zero_tail(struct fuzz_targets *ft, char *err, size_t errlen)
{
	size_t k = strlen(ft->how);

	if (!ft->pinned || ft->n != 1 || ft->t[0].model_name[0] == 0) {
		snprintf(err, errlen, "the zeroing tail needs one pinned entry and its model");
		return -1;
	}
	if (lab_target_zero_tail(&ft->t[0], err, errlen))
		return -1;
	snprintf(ft->how + k, sizeof ft->how - k, " --zero-tail");
	return 0;
}

const struct lab_target *fuzz_pick(const struct fuzz_targets *ft,
				   unsigned strategy_byte)
{
	return &ft->t[ft->pinned ? 0 : strategy_byte % (unsigned)ft->n];
}

void fuzz_replay_cmd(const struct fuzz_targets *ft, const struct lab_target *t,
		     const uint8_t rec[FUZZ_RECORD_SIZE], char *buf, size_t n)
{
	char hex[2 * FUZZ_RECORD_SIZE + 1];

	fuzz_hex(rec, hex);
	if (ft->pinned)
		snprintf(buf, n, "build/fuzz/ucopy-replay %s --hex %s", ft->how, hex);
	else
		snprintf(buf, n, "build/fuzz/ucopy-replay --strategy %s --hex %s", t->name, hex);
}
