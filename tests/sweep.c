/*
 * sweep: runs the fault lab over every case of a plan (tests/plan.h) for
 * every target: each registry row (its asm routine against its model),
 * or one entry symbol against a chosen model. Work is split over forked workers; a worker that dies is
 * reported as a failure of the case it was running and replaced, so the
 * sweep always finishes. Last line: "N passed, M failed".
 *
 * Run with --help for the options.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lab.h"
#include "plan.h"

#define MAX_TARGETS 64
#define MAX_JOBS 16
#define CHUNK 64		/* consecutive cases a worker takes at a time */
#define MAX_RESPAWNS 50		/* per worker share and target */

struct opts {
	struct plan plan;
	int quick, jobs, show, list, seed_set;
	size_t stop_after;	/* stop a target after this many failures */
	const char *entry, *model, *abi, *one_case;
	const char *only[MAX_TARGETS];
	int nonly;
};

/* One worker share's progress, in memory shared with the parent. */
struct slot {
	volatile size_t next;	/* case being run (or to run) */
	volatile size_t passed, failed;
	volatile int done;
};

static struct slot *slots;	/* MAX_JOBS of them, shared */

static void usage(FILE *f)
{
	fprintf(f,
"usage: sweep [options]\n"
"  --quick              the fixed subset `make test` runs (lengths 0..80,\n"
"                       dst alignments 0..7, 1000 random cases)\n"
"  --max-len N          exhaustive lengths 0..N (default 256)\n"
"  --aligns N           alignments 0..N-1 swept on the free side (default 8)\n"
"  --random N           random cases per target (default 4000)\n"
"  --random-max-len N   longest random copy (default 12288, at most %d)\n"
"  --seed N             seed for the random cases and contents\n"
"                       (default: from the clock; printed either way)\n"
"  --jobs N             worker processes (default 2)\n"
"  --strategy NAME      only this registry row (repeatable; default: every\n"
"                       row, each routine against its own model)\n"
"  --entry SYMBOL       run this entry symbol (linked into this binary)\n"
"  --model NAME         ... against this model: a registry name or none\n"
"  --abi classic|rep    ... with this ABI (default: the model row's)\n"
"  --case L,SA,DA,FS,FD run one case (FS/FD '-' for no fault), print it\n"
"  --show N             failures printed per target (default 10)\n"
"  --stop-after N       stop a target after N failures (default: never)\n"
"  --list               list the targets and exit\n"
"  -h, --help           this text\n", LAB_LEN_MAX);
}

/* A number option's value, within [lo, hi]; -1 with a message if not. */
static int num(const char *opt, const char *s, size_t lo, size_t hi, size_t *v)
{
	char *end;

	errno = 0;
	if (*s >= '0' && *s <= '9') {
		*v = strtoull(s, &end, 0);
		if (!*end && !errno && *v >= lo && *v <= hi)
			return 0;
	}
	fprintf(stderr, "sweep: --%s takes a number %zu..%zu, not '%s'\n", opt, lo, hi, s);
	return -1;
}

static int parse(int argc, char **argv, struct opts *o)
{
	enum { O_QUICK = 256, O_MAXLEN, O_ALIGNS, O_RANDOM, O_RANDMAX, O_SEED, O_JOBS,
	       O_STRATEGY, O_ENTRY, O_MODEL, O_ABI, O_CASE, O_SHOW, O_STOP, O_LIST };
	static const struct option opts[] = {
		{ "quick", 0, 0, O_QUICK }, { "max-len", 1, 0, O_MAXLEN },
		{ "aligns", 1, 0, O_ALIGNS }, { "random", 1, 0, O_RANDOM },
		{ "random-max-len", 1, 0, O_RANDMAX }, { "seed", 1, 0, O_SEED },
		{ "jobs", 1, 0, O_JOBS }, { "strategy", 1, 0, O_STRATEGY },
		{ "entry", 1, 0, O_ENTRY }, { "model", 1, 0, O_MODEL },
		{ "abi", 1, 0, O_ABI }, { "case", 1, 0, O_CASE },
		{ "show", 1, 0, O_SHOW }, { "stop-after", 1, 0, O_STOP },
		{ "list", 0, 0, O_LIST }, { "help", 0, 0, 'h' }, { 0, 0, 0, 0 }
	};
	size_t v, max_len = 256, nrandom = 4000;
	int o_max_len = 0, o_random = 0, c;

	memset(o, 0, sizeof *o);
	o->plan.salign_n = o->plan.dalign_n = 8;
	o->plan.random_max_len = 3 * 4096;
	o->jobs = 2;
	o->show = 10;
	o->stop_after = (size_t)-1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			exit(0);
		case O_QUICK: o->quick = 1; break;
		case O_LIST: o->list = 1; break;
		case O_ENTRY: o->entry = optarg; break;
		case O_MODEL: o->model = optarg; break;
		case O_ABI: o->abi = optarg; break;
		case O_CASE: o->one_case = optarg; break;
		case O_STRATEGY:
			if (o->nonly == MAX_TARGETS)
				return -1;
			o->only[o->nonly++] = optarg;
			break;
		case O_MAXLEN:
			if (num("max-len", optarg, 0, LAB_LEN_MAX, &max_len))
				return -1;
			o_max_len = 1;
			break;
		case O_ALIGNS:
			if (num("aligns", optarg, 1, LAB_ALIGN_MOD, &v))
				return -1;
			o->plan.salign_n = o->plan.dalign_n = (unsigned)v;
			break;
		case O_RANDOM:
			if (num("random", optarg, 0, (size_t)-1, &nrandom))
				return -1;
			o_random = 1;
			break;
		case O_RANDMAX:
			if (num("random-max-len", optarg, 0, LAB_LEN_MAX, &o->plan.random_max_len))
				return -1;
			break;
		case O_SEED:
			if (num("seed", optarg, 0, (size_t)-1, &v))
				return -1;
			o->plan.seed = v, o->seed_set = 1;
			break;
		case O_JOBS:
			if (num("jobs", optarg, 1, MAX_JOBS, &v))
				return -1;
			o->jobs = (int)v;
			break;
		case O_SHOW:
			if (num("show", optarg, 0, (size_t)-1, &v))
				return -1;
			o->show = v > 100000 ? 100000 : (int)v;
			break;
		case O_STOP:
			if (num("stop-after", optarg, 0, (size_t)-1, &o->stop_after))
				return -1;
			break;
		default:
			fprintf(stderr, "sweep: %s %s\n", argv[optind - 1],
				optopt ? "needs a value" : "is not an option");
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "sweep: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	/* --quick sets the subset's sizes; options given with it override them */
	o->plan.max_len = o_max_len || !o->quick ? max_len : 80;
	o->plan.nrandom = o_random || !o->quick ? nrandom : 1000;
	if (!!o->entry != !!o->model) {
		fprintf(stderr, "sweep: --entry and --model go together\n");
		return -1;
	}
	if (o->abi && !o->entry) {
		fprintf(stderr, "sweep: --abi needs --entry\n");
		return -1;
	}
	if (!o->seed_set)
		o->plan.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	return 0;
}

/* Targets: --entry, --strategy ones, or every registry row. */
static int targets(const struct opts *o, struct lab_target *t, int *n)
{
	char err[160];

	*n = 0;
	if (o->entry) {
		if (lab_target_entry(&t[(*n)++], o->entry, o->model, o->abi, err, sizeof err)) {
			fprintf(stderr, "sweep: %s\n", err);
			return -1;
		}
	}
	for (int i = 0; i < o->nonly && *n < MAX_TARGETS; i++) {
		const struct ucopy_strategy *s = ucopy_find(o->only[i]);

		if (!s) {
			fprintf(stderr, "sweep: unknown strategy '%s' (--list shows them)\n", o->only[i]);
			return -1;
		}
		lab_target_strategy(&t[(*n)++], s);
	}
	if (o->entry || o->nonly)
		return 0;
	for (size_t i = 0; i < ucopy_nstrategies && *n < MAX_TARGETS; i++)
		lab_target_strategy(&t[(*n)++], &ucopy_strategies[i]);
	return 0;
}

static int run_one(const struct lab_target *t, const char *spec)
{
	struct lab_case c;
	struct lab_outcome out;

	if (lab_case_parse(spec, &c)) {
		fprintf(stderr, "sweep: --case wants len,src_align,dst_align,fs,fd (fs/fd may be '-'), got '%s'\n", spec);
		return 2;
	}
	c.seed = 1;
	if (lab_run(t, &c, &out)) {
		fprintf(stderr, "sweep: %s\n", out.what);
		return 2;
	}
	lab_outcome_line(t, &c, &out);
	printf("%s\n", out.line);
	printf("  src=%#zx dst=%#zx ret=%zu model=%zu exact=%zu faults=%u\n",
	       out.src, out.dst, out.ret, out.model_ret, out.expect_ret, out.faults);
	return out.pass ? 0 : 1;
}

/* A worker: its share of the cases from slot->next on. */
static _Noreturn void worker(const struct opts *o, const struct lab_target *t,
			     int w, int fd)
{
	struct slot *s = &slots[w];
	size_t n = plan_count(&o->plan);
	int shown = 0;

	if (lab_init())
		_exit(3);
	for (size_t i = s->next; i < n; i++) {
		struct lab_case c;
		struct lab_outcome out;
		size_t failed = 0;

		if ((i / CHUNK) % (size_t)o->jobs != (size_t)w)
			continue;
		for (int j = 0; j < o->jobs; j++)
			failed += slots[j].failed;
		if (failed >= o->stop_after)
			break;
		s->next = i;
		plan_case(&o->plan, i, &c);
		if (lab_run(t, &c, &out)) {
			s->failed++;
			continue;
		}
		if (out.pass) {
			s->passed++;
			continue;
		}
		s->failed++;
		if (shown++ < o->show) {
			char line[sizeof out.line + 2];
			int k = snprintf(line, sizeof line, "%s\n", out.line);
			if (write(fd, line, (size_t)k) < 0)
				_exit(4);
		}
	}
	s->next = n;
	s->done = 1;
	_exit(0);
}

static pid_t spawn(const struct opts *o, const struct lab_target *t, int w, int *rfd)
{
	int p[2];
	pid_t pid;

	if (pipe(p))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		worker(o, t, w, p[1]);
	}
	close(p[1]);
	*rfd = p[0];
	return pid;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Runs one target over the plan; adds its counts to *passed / *failed. */
static int sweep_target(const struct opts *o, const struct lab_target *t,
			size_t *passed, size_t *failed)
{
	pid_t pid[MAX_JOBS];
	int rfd[MAX_JOBS], respawns[MAX_JOBS] = { 0 }, alive = 0, printed = 0;
	size_t suppressed = 0, p = 0, f = 0, crashes = 0;
	char buf[MAX_JOBS][4096];
	size_t have[MAX_JOBS] = { 0 };
	double t0 = now(), dt;

	for (int w = 0; w < o->jobs; w++) {
		memset(&slots[w], 0, sizeof slots[w]);
		pid[w] = spawn(o, t, w, &rfd[w]);
		if (pid[w] < 0) {
			perror("sweep: fork");
			return -1;
		}
		alive++;
	}
	while (alive) {
		struct pollfd pf[MAX_JOBS];
		int np = 0, map[MAX_JOBS];

		for (int w = 0; w < o->jobs; w++)
			if (rfd[w] >= 0) {
				pf[np].fd = rfd[w];
				pf[np].events = POLLIN;
				map[np++] = w;
			}
		if (poll(pf, (nfds_t)np, -1) < 0) {
			if (errno == EINTR)
				continue;
			perror("sweep: poll");
			return -1;
		}
		for (int k = 0; k < np; k++) {
			int w = map[k], status;
			ssize_t r;
			char *nl;

			if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = read(rfd[w], buf[w] + have[w], sizeof buf[w] - 1 - have[w]);
			if (r > 0) {
				have[w] += (size_t)r;
				buf[w][have[w]] = 0;
				while ((nl = strchr(buf[w], '\n'))) {
					*nl = 0;
					if (printed < o->show) {
						printf("%s\n", buf[w]);
						printed++;
					} else {
						suppressed++;
					}
					have[w] -= (size_t)(nl + 1 - buf[w]);
					memmove(buf[w], nl + 1, have[w] + 1);
				}
				continue;
			}
			/* EOF: the worker is gone; see how it went. */
			close(rfd[w]);
			rfd[w] = -1;
			have[w] = 0;
			waitpid(pid[w], &status, 0);
			if (slots[w].done || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
				alive--;
				continue;
			}
			{
				struct lab_case c;
				char cs[96], line[300];

				plan_case(&o->plan, slots[w].next, &c);
				lab_case_str(&c, cs, sizeof cs);
				if (WIFSIGNALED(status))
					snprintf(line, sizeof line, "worker died of signal %d (%s)",
						 WTERMSIG(status), strsignal(WTERMSIG(status)));
				else
					snprintf(line, sizeof line, "worker exited with status %d",
						 WEXITSTATUS(status));
				if (printed++ < o->show)
					printf("FAIL %s (model %s) %s: [crash] %s\n",
					       t->name, t->model_name, cs, line);
				slots[w].failed++;
				crashes++;
				if (++respawns[w] > MAX_RESPAWNS || slots[w].next + 1 >= plan_count(&o->plan)) {
					size_t skipped = 0;
					for (size_t i = slots[w].next + 1; i < plan_count(&o->plan); i++)
						skipped += (i / CHUNK) % (size_t)o->jobs == (size_t)w;
					printf("FAIL %s: giving up on worker %d after %d crashes, "
					       "%zu of its cases not run\n", t->name, w, respawns[w], skipped);
					slots[w].failed++;
					alive--;
					continue;
				}
				slots[w].next++;
				pid[w] = spawn(o, t, w, &rfd[w]);
				if (pid[w] < 0) {
					perror("sweep: fork");
					return -1;
				}
			}
		}
	}
	for (int w = 0; w < o->jobs; w++) {
		p += slots[w].passed;
		f += slots[w].failed;
	}
	if (suppressed)
		printf("  ... and %zu more failures of %s not shown\n", suppressed, t->name);
	dt = now() - t0;
	printf("%-20s %9zu cases %9zu passed %7zu failed %7.2f s %10.0f cases/s%s\n",
	       t->name, p + f, p, f, dt, (p + f) / (dt > 0 ? dt : 1e-9),
	       crashes ? "  (worker crashes)" : "");
	fflush(stdout);
	*passed += p;
	*failed += f;
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct lab_target t[MAX_TARGETS];
	int n;
	size_t passed = 0, failed = 0;
	double t0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (parse(argc, argv, &o)) {
		usage(stderr);
		return 2;
	}
	if (targets(&o, t, &n))
		return 2;
	if (o.list) {
		for (int i = 0; i < n; i++)
			printf("%-16s entry %p  model %-14s abi %-7s level %s\n", t[i].name,
			       (void *)t[i].entry, t[i].model_name,
			       t[i].abi == UCOPY_ABI_REP ? "rep" : "classic",
			       t[i].level == UCOPY_NONE ? "NONE" : ucopy_level_name(t[i].level));
		return 0;
	}
	if (o.one_case) {
		int rc = 0;
		if (lab_init())
			return 2;
		for (int i = 0; i < n; i++) {
			int r = run_one(&t[i], o.one_case);
			if (r > rc)
				rc = r;
		}
		return rc;
	}
	if (plan_init(&o.plan)) {
		fprintf(stderr, "sweep: bad plan\n");
		return 2;
	}
	slots = mmap(NULL, MAX_JOBS * sizeof *slots, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (slots == MAP_FAILED) {
		perror("sweep: mmap");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	printf("sweep: seed %llu (repeat with SEED=%llu), %d workers, %zu exhaustive "
	       "cases (len 0..%zu, %u alignments) + %zu random (len <= %zu) per target\n",
	       (unsigned long long)o.plan.seed, (unsigned long long)o.plan.seed, o.jobs,
	       o.plan.nexhaustive, o.plan.max_len, o.plan.dalign_n, o.plan.nrandom,
	       o.plan.random_max_len);
	t0 = now();
	for (int i = 0; i < n; i++)
		if (sweep_target(&o, &t[i], &passed, &failed))
			return 2;
	printf("sweep: %d targets in %.1f s wall\n", n, now() - t0);
	printf("%zu passed, %zu failed\n", passed, failed);
	return failed ? 1 : 0;
}
