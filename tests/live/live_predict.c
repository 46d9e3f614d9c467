/*
 * live: the prediction of a case, a row's model run through the path's
 * kernel-side chunking and retry rules (docs/live.md, "What it runs").
 */
#include <errno.h>
#include <string.h>
#include "live.h"

/*
 * One kernel copy of n bytes at kernel address kaddr (its page offset
 * matters: page cache or pinned pages are page aligned) to or from the user
 * address uaddr: the routine's model, fault at uf on the user side.
 */
static size_t one_copy(const struct ucopy_strategy *st, size_t lag, int from_user,
		       uint8_t *dst, const uint8_t *src, size_t n, size_t uaddr,
		       size_t kaddr, size_t uf)
{
	if (!st) {	/* the EXACT contract */
		size_t c = uf < n ? uf : n;
		memcpy(dst, src, c);
		return n - c;
	}
	if (from_user)
		return st->model(dst, src, n, kaddr, uf, NONE, lag);
	return st->model(dst, src, n, uaddr, NONE, uf, lag);
}

/* read_zero: clear_user per page-sized chunk; a short one ends the read.
 * Returns the bytes cleared. */
static size_t predict_zero(const struct live_case *k, const struct ucopy_strategy *st,
			   size_t lag, uint8_t *win, uintptr_t up)
{
	size_t uf = k->f, done = 0;
	while (done < k->len) {
		size_t n = k->len - done < PG ? k->len - done : PG;
		size_t c = uf == NONE || uf - done >= n ? n : uf - done;
		if (st)	/* the clear row's model (its source argument unused) */
			c = n - st->model(win + PRE + done, win, n, up + done, NONE,
					  uf == NONE ? NONE : uf - done, lag);
		else
			memset(win + PRE + done, 0, c);
		done += c;
		if (c < n)
			break;
	}
	return done;
}

/* The copy paths: page chunks on the kernel side; in each,
 * copy_page_{to,from}_iter (and pwrite's fault-in loop) retries while a
 * copy makes progress. Returns the bytes copied; *spin: pwrite would spin. */
static size_t predict_copy(const struct live_case *k, const struct ucopy_strategy *st,
			   size_t lag, uint8_t *win, uint8_t *far, const uint8_t *usrc,
			   uintptr_t up, int *spin)
{
	int from_user = k->p == P_PWRITE || k->p == P_VMW;
	size_t uf = k->f, done = 0;
	while (done < k->len) {
		size_t pos = k->soff + done;
		size_t n = PG - pos % PG;
		if (n > k->len - done)
			n = k->len - done;
		size_t got = 0;
		for (;;) {
			size_t at = done + got, m = n - got;
			size_t f1 = uf == NONE ? NONE : (uf > at ? uf - at : 0);
			size_t r;
			if (from_user)
				r = one_copy(st, lag, 1, far + pos + got, usrc + at, m,
					     up + at, pos + got, f1);
			else
				r = one_copy(st, lag, 0, win + PRE + at, live_data + pos + got, m,
					     up + at, pos + got, f1);
			got += m - r;
			if (r == 0 || r == m)
				break;
		}
		done += got;
		if (got < n) {
			/* pwrite: generic_perform_write faults the rest in again; if
			 * readable bytes remain after a zero-progress copy it spins */
			if (k->p == P_PWRITE && uf != NONE && uf > done)
				*spin = 1;
			break;
		}
	}
	return done;
}

int predict(const struct live_case *k, const struct ucopy_strategy *st, size_t lag,
	    struct seen *s)
{
	uint8_t *p = ubuf(k);
	int from_user = k->p == P_PWRITE || k->p == P_VMW;
	size_t lo = k->soff >= 64 ? k->soff - 64 : 0;
	uint8_t win[PRE + MAXL + 64], far[3 * PG], usrc[MAXL];
	size_t winlen = win_len(k, p);
	for (size_t i = 0; i < winlen; i++)
		win[i] = sent_byte((size_t)(p - PRE + i - live_area));
	for (size_t i = 0; i < k->len; i++)
		usrc[i] = data_byte(i + 1000);
	if (from_user) {
		for (size_t i = 0; i < k->len && i < winlen - PRE; i++)
			win[PRE + i] = usrc[i];
		for (size_t i = lo; i < k->soff + k->len + 64; i++)
			far[i] = k->p == P_PWRITE ? live_data[i] : sent_byte(i + 3);
	}
	int spin = 0;
	size_t done = k->p == P_ZERO ? predict_zero(k, st, lag, win, (uintptr_t)p) :
		      predict_copy(k, st, lag, win, far, usrc, (uintptr_t)p, &spin);
	s->ret = k->len == 0 ? 0 : done ? (long)done : -EFAULT;
	s->winlen = winlen;
	memcpy(s->win, win, winlen);
	if (from_user) {
		s->farlen = k->soff + k->len + 64 - lo;
		memcpy(s->far, far + lo, s->farlen);
	} else {
		s->farlen = 0;
	}
	return spin;
}

int same(const struct seen *a, const struct seen *b)
{
	return a->ret == b->ret && a->winlen == b->winlen &&
	       !memcmp(a->win, b->win, a->winlen) && a->farlen == b->farlen &&
	       !memcmp(a->far, b->far, a->farlen);
}
