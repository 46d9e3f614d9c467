/*
 * The parent's side of the sweep: a phase of one target run by forked
 * workers that take chunks of items from a shared counter and count in
 * shared slots. Failures come back down each worker's pipe as struct
 * failure; a worker that dies is reported as a failure of the case it was
 * running and replaced, so the sweep always finishes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"

struct slot *slots;
volatile size_t *next_chunk;

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static pid_t spawn(const struct opts *o, const struct lab_target *t, int ph,
		   size_t base_failed, int w, int *rfd)
{
	int p[2];
	pid_t pid;

	if (pipe(p))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		worker(o, t, ph, base_failed, w, p[1]);
	}
	close(p[1]);
	*rfd = p[0];
	return pid;
}

/* The workers of one phase, and what is under way. */
struct pool {
	const struct opts *o;
	const struct lab_target *t;
	int ph, alive;
	size_t base_failed, n;
	pid_t pid[MAX_JOBS];
	int rfd[MAX_JOBS], respawns[MAX_JOBS];
	struct failure buf[MAX_JOBS];	/* a failure being read */
	size_t have[MAX_JOBS];		/* its bytes read so far */
	struct target_result *res;
	struct tally *ty;
	double t0, last;
};

static void progress(struct pool *p)
{
	size_t items = 0, runs = 0, f = 0;

	for (int w = 0; w < p->o->jobs; w++) {
		items += slots[w].items;
		runs += slots[w].passed + slots[w].failed;
		f += slots[w].failed;
	}
	printf("  ... %s %s: %zu of %zu items (%.0f%%), %zu cases, %zu failed, %.0f s\n",
	       p->t->name, phase_label[p->ph], items, p->n, p->n ? 100.0 * items / p->n : 100.0,
	       runs, f, now() - p->t0);
	p->last = now();
}

/* A worker died: its case is a failure; it is replaced (up to
 * MAX_RESPAWNS times), past the item that killed it. 0, or -1. */
static int worker_died(struct pool *p, int w, int status)
{
	const struct lab_target *t = p->t;
	struct failure f;
	char cs[160], why[300];

	memset(&f, 0, sizeof f);
	f.phase = p->ph;
	f.kind = FK_CRASH;
	f.c = slots[w].c;
	lab_case_str(&f.c, cs, sizeof cs);
	if (WIFSIGNALED(status))
		snprintf(why, sizeof why, "worker died of signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(why, sizeof why, "worker exited with status %d", WEXITSTATUS(status));
	snprintf(f.what, sizeof f.what, "%s", why);
	snprintf(f.line, sizeof f.line, "FAIL %s (model %s) %s: [crash] %s",
		 t->name, t->model_name, cs, why);
	if (p->res->printed++ < p->o->show)
		show_failure(p->o, p->res, &f);
	slots[w].failed++;
	slots[w].digest += mix64(0x637261736800ull ^ mix64(
		(uint64_t)p->ph << 56 ^ shard_item(p->o, slots[w].next)));
	p->ty->crashes++;
	if (++p->respawns[w] > MAX_RESPAWNS) {
		f.kind = FK_GAVE_UP;
		memset(&f.c, 0, sizeof f.c);
		snprintf(f.what, sizeof f.what, "giving up on worker %d after %d crashes in %s; "
			 "the items it had not taken are run by the others", w, p->respawns[w],
			 phase_label[p->ph]);
		snprintf(f.line, sizeof f.line, "FAIL %s: %s", t->name, f.what);
		show_failure(p->o, p->res, &f);
		slots[w].failed++;
		p->alive--;
		return 0;
	}
	slots[w].next++;	/* past the item that killed it */
	slots[w].items++;
	p->pid[w] = spawn(p->o, t, p->ph, p->base_failed, w, &p->rfd[w]);
	if (p->pid[w] < 0) {
		perror("sweep: fork");
		return -1;
	}
	return 0;
}

/* Worker w's pipe is readable: a (part of a) failure, or its end. */
static int worker_readable(struct pool *p, int w)
{
	ssize_t r = read(p->rfd[w], (char *)&p->buf[w] + p->have[w],
			 sizeof p->buf[w] - p->have[w]);
	int status;

	if (r > 0) {
		p->have[w] += (size_t)r;
		if (p->have[w] == sizeof p->buf[w]) {
			p->have[w] = 0;
			if (p->res->printed < p->o->show) {
				p->res->printed++;
				show_failure(p->o, p->res, &p->buf[w]);
			} else {
				p->res->suppressed++;
			}
		}
		p->last = now();
		return 0;
	}
	/* EOF: the worker is gone; see how it went. */
	close(p->rfd[w]);
	p->rfd[w] = -1;
	p->have[w] = 0;
	waitpid(p->pid[w], &status, 0);
	if (slots[w].done || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		p->alive--;
		return 0;
	}
	return worker_died(p, w, status);
}

/* Until every worker is done. 0, or -1. */
static int serve(struct pool *p)
{
	while (p->alive) {
		struct pollfd pf[MAX_JOBS];
		int np = 0, map[MAX_JOBS];

		for (int w = 0; w < p->o->jobs; w++)
			if (p->rfd[w] >= 0) {
				pf[np].fd = p->rfd[w];
				pf[np].events = POLLIN;
				map[np++] = w;
			}
		if (poll(pf, (nfds_t)np, 1000) < 0) {
			if (errno == EINTR)
				continue;
			perror("sweep: poll");
			return -1;
		}
		if (now() - p->last >= PROGRESS_S)
			progress(p);
		for (int k = 0; k < np; k++)
			if ((pf[k].revents & (POLLIN | POLLHUP | POLLERR)) &&
			    worker_readable(p, map[k]))
				return -1;
	}
	return 0;
}

int sweep_phase(const struct opts *o, const struct lab_target *t, int ph,
		size_t base_failed, struct target_result *res)
{
	static struct pool p;
	struct tally *ty = &res->ty[ph];

	memset(&p, 0, sizeof p);
	p.o = o, p.t = t, p.ph = ph, p.base_failed = base_failed, p.res = res, p.ty = ty;
	p.n = shard_items(o, ph);
	p.t0 = p.last = now();
	memset(ty, 0, sizeof *ty);
	*next_chunk = 0;
	for (int w = 0; w < o->jobs; w++) {
		memset(&slots[w], 0, sizeof slots[w]);
		p.pid[w] = spawn(o, t, ph, base_failed, w, &p.rfd[w]);
		if (p.pid[w] < 0) {
			perror("sweep: fork");
			return -1;
		}
		p.alive++;
	}
	if (serve(&p))
		return -1;
	for (int w = 0; w < o->jobs; w++) {
		ty->passed += slots[w].passed;
		ty->failed += slots[w].failed;
		for (int b = 0; b < NHB; b++)
			ty->hist[b] += slots[w].hist[b];
		for (int k = 0; k < LAB_NKINDS; k++)
			ty->by_kind[k] += slots[w].by_kind[k];
		ty->digest += slots[w].digest;
	}
	ty->secs = now() - p.t0;
	ty->ran = 1;
	return 0;
}
