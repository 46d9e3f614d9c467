/*
 * Running one case: place and fill the buffers, load the registers, call
 * the routine with the handlers armed, then check what it did: the
 * registers its ABI keeps, the bytes around the buffers, the result and
 * bytes against its model, and the contract level it claims.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "oracle.h"

_Static_assert(LAB_REPS_MAX == UCOPY_REPS_MAX, "one lag per faulting rep, as the oracle");

static int initialised;
static uint8_t model_src[LAB_LEN_MAX], model_dst[LAB_LEN_MAX];
/* The last case's bytes (lab_last_bytes) and its result as the contract
 * sees it (lab_meets). */
static const uint8_t *last_dst, *last_s, *last_d;

/* One case under way: where everything is. */
struct run {
	const struct lab_target *t;
	const struct lab_case *c;
	size_t len, fs, fd, f, wlim;  /* f: first fault (<= len); wlim: writable */
	uint64_t seed;
	int clear;
	const struct region *srcr;
	uint8_t *src, *dst;
	const uint8_t *s, *d;         /* source bytes, destination's initial ones */
	struct lab_call call;
};

int lab_init(void)
{
	if (!initialised) {
		if (lab_extable_build() || lab_buffers_init()) {
			perror("lab: set-up");
			return -1;
		}
		lab_rep_sites_find();
		initialised = 1;
	}
	return lab_faults_install();
}

/* Fault offsets as the case means them: a clear reads nothing. */
static void sides(struct run *r)
{
	size_t len = r->len;

	r->fs = r->c->fs <= len && !r->clear ? r->c->fs : LAB_NOFAULT;
	r->fd = r->c->fd <= len ? r->c->fd : LAB_NOFAULT;
	r->f = r->fs < r->fd ? r->fs : r->fd;
	if (r->f > len)
		r->f = len;
	r->wlim = r->fd < len ? r->fd : len;   /* writable destination bytes */
}

/*
 * Contents: s[i] is the source byte at offset i, d[i] the destination's
 * initial byte, never equal to s[i] (so a missed byte, an extra byte or a
 * byte from the wrong offset always shows). Both are valid for i in
 * [-WINDOW, len + WINDOW].
 */
static void fill_buffers(struct run *r)
{
	uint8_t *lo, *hi;

	r->srcr = r->t->kind == UCOPY_KIND_MC ? &lab_poison_region : &lab_src_region;
	r->src = (uint8_t *)lab_place_buffer(r->srcr, r->len, r->fs, r->c->src_align);
	r->dst = (uint8_t *)lab_place_buffer(&lab_dst_region, r->len, r->fd, r->c->dst_align);
	lab_buffer_contents(r->clear, &r->seed, &r->s, &r->d);
	lab_buffer_window(r->srcr, r->src, r->len, &lo, &hi);
	memcpy(lo, r->s + (lo - r->src), (size_t)(hi - lo));
	lab_buffer_window(&lab_dst_region, r->dst, r->len, &lo, &hi);
	memcpy(lo, r->d + (lo - r->dst), (size_t)(hi - lo));
	memcpy(model_src, r->s, r->len);
	memcpy(model_dst, r->d, r->len);
}

/*
 * Registers: the arguments, and a distinct value in every other one
 * (seed-dependent, so that a routine cannot get them right by luck);
 * afterwards the ones the target's ABI keeps must hold them.
 */
static void load_registers(struct run *r)
{
	struct lab_call *call = &r->call;
	uint64_t mark = r->seed & 0xffffffffffull;

	memset(call, 0, sizeof *call);
	call->entry = r->t->entry;
	call->trace = r->c->trace != 0;
	for (size_t i = 0; i < NREGS; i++)
		call->in[i] = 0x5e47000000000000ull + ((uint64_t)i << 40) + mark;
	call->in[R_DI] = (uint64_t)r->dst;
	call->in[R_SI] = (uint64_t)r->src;
	if (r->t->abi == UCOPY_ABI_REP) {
		call->in[R_CX] = r->len;
	} else if (r->t->abi == UCOPY_ABI_STOS) {
		call->in[R_CX] = r->len;          /* rep stos: rdi, rcx, and al */
		call->in[R_AX] = 0;
		call->in[R_SI] = 0x5e47000000000000ull + ((uint64_t)R_SI << 40) + mark;
	} else if (r->t->abi == UCOPY_ABI_CLASSIC_CLEAR) {
		call->in[R_SI] = r->len;          /* __clear_user(addr, size) */
	} else {
		call->in[R_DX] = (call->in[R_DX] & ~0xffffffffull) | (uint32_t)r->len;
	}
}

/* What the handlers need, then the call itself, armed. */
static void call_armed(struct run *r)
{
	const struct lab_case *c = r->c;

	lab_cur.src = (uintptr_t)r->src;
	lab_cur.dst = (uintptr_t)r->dst;
	lab_cur.src_guard = (uintptr_t)r->srcr->hi_guard;
	lab_cur.len = r->len;
	lab_cur.fs = r->fs;
	lab_cur.fd = r->fd;
	lab_cur.faults = 0;
	lab_cur.abort_kind = 0;
	lab_cur.bad_type = 0;
	lab_cur.nlag = c->nlag;
	memcpy(lab_cur.lag, c->lag, sizeof lab_cur.lag);
	lab_cur.rep_runs = lab_cur.reps = 0;
	lab_cur.lagged = 0;
	lab_cur.tracing = c->trace != 0;
	lab_cur.trace_cut = lab_cur.nt_pending = lab_cur.nt_unfenced = 0;
	lab_cur.fault_fences = lab_fault_fences(r->t->model_name);
	lab_cur.prev_kind = K_OTHER;
	lab_cur.steps = 0;
	lab_cur.timeout_ticks = c->trace ? TRACE_TIMEOUT_TICKS : TIMEOUT_TICKS;
	lab_cur.seq++;
	if (sigsetjmp(lab_cur.jb, 0) == 0) {
		lab_cur.armed = 1;
		lab_call(&r->call);
		lab_cur.armed = 0;
	} else {
		/* Left a handler by siglongjmp: its signal is still blocked. */
		sigprocmask(SIG_SETMASK, &lab_normal_mask, NULL);
	}
	lab_cur.tracing = 0;
}

/* What the handlers saw, into the outcome. */
static void record(struct lab_outcome *o)
{
	o->faults = lab_cur.faults;
	o->fault_rip = lab_cur.rip;
	o->fault_addr = lab_cur.addr;
	o->rep_runs = lab_cur.rep_runs;
	o->reps = lab_cur.reps;
	for (size_t i = 0; i < LAB_REPS_MAX; i++) {
		o->rep_done[i] = lab_cur.rep_done[i];
		o->rep_k[i] = lab_cur.rep_k[i];
		o->rep_size[i] = lab_cur.rep_size[i];
	}
	o->lagged = lab_cur.lagged;
	o->steps = lab_cur.steps;
	o->trace_cut = lab_cur.trace_cut;
}

/* A call that returned: the registers its ABI keeps, rsp, DF, the fence
 * of its non-temporal stores, and its result. */
static void check_return(const struct run *r, struct lab_outcome *o)
{
	const struct lab_call *call = &r->call;
	enum ucopy_abi abi = r->t->abi;

	for (size_t i = 0; i < NREGS; i++)
		if ((r->t->keeps & (1u << i)) && call->out[i] != call->in[i])
			lab_add_what(o, i == R_BX || i == R_BP || i >= R_12 ? LAB_F_CALLEE : LAB_F_CLOBBER,
				 "%s clobbered (%#lx, was %#lx; the %s ABI keeps it)", lab_reg_names[i],
				 (unsigned long)call->out[i], (unsigned long)call->in[i],
				 ucopy_abi_name(abi));
	if (call->out[R_SP] != call->rsp_before)
		lab_add_what(o, LAB_F_RSP, "rsp off by %ld", (long)(call->out[R_SP] - call->rsp_before));
	if (call->rflags & EFL_DF)
		lab_add_what(o, LAB_F_DF, "returned with DF set");
	if (lab_cur.nt_unfenced) {
		char nt[64];
		lab_where(lab_cur.nt_rip, nt, sizeof nt);
		lab_add_what(o, LAB_F_NTFENCE, "returned with the non-temporal store at %s "
			 "not followed by sfence/mfence on this path", nt);
	}
	o->ret = abi == UCOPY_ABI_REP || abi == UCOPY_ABI_STOS ? call->out[R_CX] :
		 abi == UCOPY_ABI_CLASSIC_CLEAR ? call->out[R_AX] : (uint32_t)call->out[R_AX];
}

/* The source must be as it was, and the destination outside
 * [dst, dst + len). */
static void check_surroundings(const struct run *r, struct lab_outcome *o)
{
	uint8_t *lo, *hi;
	ptrdiff_t at;

	lab_buffer_window(r->srcr, r->src, r->len, &lo, &hi);
	at = lab_first_diff(r->src, r->s, lo - r->src, hi - r->src);
	if (at != PTRDIFF_MAX)
		lab_add_what(o, LAB_F_SRCWRITE, "source changed at src%+td", at);
	lab_buffer_window(&lab_dst_region, r->dst, r->len, &lo, &hi);
	at = lab_first_diff(r->dst, r->d, lo - r->dst, 0);
	if (at == PTRDIFF_MAX)
		at = lab_first_diff(r->dst, r->d, (ptrdiff_t)r->len, hi - r->dst);
	if (at != PTRDIFF_MAX)
		lab_add_what(o, LAB_F_OVERWRITE, "wrote dst%+td, outside [dst, dst+%zu)", at, r->len);
}

/* The model on the same case (under the same lags), and the routine's
 * result and bytes against it. */
static void check_model(const struct run *r, struct lab_outcome *o)
{
	const struct lab_target *t = r->t;
	const struct lab_case *c = r->c;
	/* the address the model aligns by: the source's for an MC row */
	size_t maddr = (size_t)(t->kind == UCOPY_KIND_MC ? r->src : r->dst);
	const uint8_t *dst = r->dst;
	ptrdiff_t at;

	if (c->nlag && t->bare) {
		ucopy_hw_arm_lags(r->len, r->fs, r->fd, c->lag, c->nlag);
		o->model_ret = t->bare(model_dst, model_src, r->len, maddr);
	} else {
		o->model_ret = t->model(model_dst, model_src, r->len, maddr, r->fs, r->fd, 0);
	}
	/* The model's tail is the byte retry; the zeroing tail goes on from
	 * where it stops, storing zeros until fd. */
	if (t->zero_tail && o->model_ret <= r->len)
		for (size_t i = r->len - o->model_ret; i < r->wlim; i++)
			model_dst[i] = 0;
	at = lab_first_diff(model_dst, r->d, (ptrdiff_t)r->wlim, (ptrdiff_t)r->len);
	if (at != PTRDIFF_MAX)
		lab_add_what(o, LAB_F_MODEL, "model %s wrote dst[%td], at/after fd", t->model_name, at);
	if (o->ret != o->model_ret)
		lab_add_what(o, LAB_F_RET, "returned %zu, model %s %zu (exact %zu)",
			 o->ret, t->model_name, o->model_ret, o->expect_ret);
	at = lab_first_diff(dst, model_dst, 0, (ptrdiff_t)r->wlim);
	if (at != PTRDIFF_MAX)
		lab_add_what(o, LAB_F_DATA, "dst[%td] = %#x, model %#x (%s)", at,
			 dst[at], model_dst[at],
			 dst[at] == r->d[at] ? "not written" :
			 dst[at] == r->s[at] ? "copied" : "wrong byte");
}

/* The claimed level on what the routine did (a rep that reported late:
 * the level the registry states for delayed hardware). */
static void check_level(const struct run *r, struct lab_outcome *o)
{
	enum ucopy_level level = o->lagged ? r->t->level_delayed : r->t->level;
	struct lab_result res = {
		.dst = r->dst, .src = r->s, .init = r->d, .len = r->len,
		.fs = r->fs, .fd = r->fd, .visible = r->wlim, .ret = o->ret,
	};
	char why[sizeof o->what];

	if (lab_contract_check(level, &res, why, sizeof why))
		lab_add_what(o, LAB_F_CONTRACT, "%s", why);
}

/* A case lab_run can run, or -1 with the reason in o->what. */
static int case_valid(const struct lab_target *t, const struct lab_case *c,
		      struct lab_outcome *o)
{
	if (!initialised) {
		snprintf(o->what, sizeof o->what, "lab_init() was not called");
		return -1;
	}
	if (!t->entry || c->len > LAB_LEN_MAX || c->src_align >= LAB_ALIGN_MOD ||
	    c->dst_align >= LAB_ALIGN_MOD || c->nlag > LAB_REPS_MAX) {
		snprintf(o->what, sizeof o->what,
			 "bad case: need an entry, len <= %d, alignments < %d, at most %d lags",
			 LAB_LEN_MAX, LAB_ALIGN_MOD, LAB_REPS_MAX);
		return -1;
	}
	return 0;
}

int lab_run(const struct lab_target *t, const struct lab_case *c,
	    struct lab_outcome *o)
{
	struct run r = { .t = t, .c = c, .len = c->len, .seed = c->seed };
	const char *why;

	memset(o, 0, sizeof *o);
	if (case_valid(t, c, o))
		return -1;
	if (c->nlag && lab_rep_sites_patch(&why)) {
		lab_add_what(o, LAB_F_LAGSETUP, "lags cannot be emulated here: %s", why);
		lab_outcome_line(t, c, o);
		return 0;
	}
	r.clear = t->kind == UCOPY_KIND_CLEAR;
	sides(&r);
	fill_buffers(&r);
	o->src = (size_t)r.src;
	o->dst = (size_t)r.dst;
	load_registers(&r);
	call_armed(&r);
	record(o);
	if (lab_cur.abort_kind)
		lab_describe_abort(o);
	else
		check_return(&r, o);
	check_surroundings(&r, o);
	o->expect_ret = r.len - r.f;
	if (!lab_cur.abort_kind && t->model)
		check_model(&r, o);
	if (!lab_cur.abort_kind)
		check_level(&r, o);
	last_dst = r.dst;
	last_s = r.s;
	last_d = r.d;
	o->pass = o->fail == 0;
	if (!o->pass)
		lab_outcome_line(t, c, o);
	return 0;
}

void lab_last_bytes(const uint8_t **dst, const uint8_t **src, const uint8_t **init)
{
	*dst = last_dst;
	*src = last_s;
	*init = last_d;
}

int lab_meets(const struct lab_case *c, enum ucopy_level level, size_t ret,
	      char *why, size_t n)
{
	size_t len = c->len;
	struct lab_result res = {
		.dst = last_dst, .src = last_s, .init = last_d, .len = len,
		.fs = c->fs <= len ? c->fs : LAB_NOFAULT,
		.fd = c->fd <= len ? c->fd : LAB_NOFAULT,
		.visible = c->fd < len ? c->fd : len, .ret = ret,
	};

	if (!last_dst)
		return -1;
	return lab_contract_check(level, &res, why, n) == 0;
}
