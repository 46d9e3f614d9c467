/*
 * live: the report. Cases in words, the header (kernel, flags, rows and how
 * each was confirmed), the per-path table, the identification table, and
 * the JSON line that make live-vm collects from a guest's console.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "live.h"

void describe(const struct live_case *k, FILE *o)
{
	fprintf(o, "%s (%s): len %zu, %s offset %zu (&7 = %zu), ", pname[k->p], rname[path_routine(k->p)],
		k->len, k->p == P_PREAD || k->p == P_PWRITE ? "file" :
		k->p == P_ZERO ? "(no source)" : "remote", k->soff, k->soff & 7);
	if (k->f == NONE)
		fprintf(o, "no fault, user buffer &7 = %zu", k->dalign);
	else
		fprintf(o, "user buffer faults at offset %zu (&7 = %zu)", k->f,
			(size_t)((uintptr_t)ubuf(k) & 7));
}

void show_diff(const char *what, const struct seen *kern, const struct seen *pred, FILE *o)
{
	fprintf(o, "    kernel returned %ld%s, %s predicts %ld%s\n", kern->ret,
		kern->ret == -EFAULT ? " (-EFAULT)" : "", what, pred->ret,
		pred->ret == -EFAULT ? " (-EFAULT)" : "");
	for (size_t i = 0; i < kern->winlen && i < pred->winlen; i++)
		if (kern->win[i] != pred->win[i]) {
			fprintf(o, "    user buffer byte %ld: kernel left 0x%02x, predicted 0x%02x\n",
				(long)i - PRE, kern->win[i], pred->win[i]);
			break;
		}
	for (size_t i = 0; i < kern->farlen && i < pred->farlen; i++)
		if (kern->far[i] != pred->far[i]) {
			fprintf(o, "    destination byte %zu (file/remote, from soff-64): kernel 0x%02x, predicted 0x%02x\n",
				i, kern->far[i], pred->far[i]);
			break;
		}
}

int parse_case(const char *arg, struct live_case *k)
{
	char nm[32];
	long f;
	if (sscanf(arg, "%31[^,],%zu,%zu,%ld,%zu", nm, &k->len, &k->soff, &f, &k->dalign) != 5)
		return -1;
	k->f = f < 0 ? NONE : (size_t)f;
	for (int i = 0; i < NPATHS; i++)
		if (!strcmp(nm, pname[i])) {
			k->p = (enum path)i;
			return k->len <= MAXL && k->soff < 2 * PG && k->dalign < 8 &&
			       (k->f == NONE || k->f < k->len) ? 0 : -1;
		}
	return -1;
}

/* A case that differs from EXACT: kept in words, the first of each kind
 * (nothing reported though bytes were cleared or copied; a short count; a
 * length of 64 or more, where the rep string paths start) */
void note_exact_diff(struct live_run *lr, const struct live_case *k, const struct seen *kern,
		     const struct seen *exact, const struct seen *pred)
{
	enum routine rt = path_routine(k->p);
	int slot = kern->ret < 0 ? 0 : k->len < 64 ? 1 : 2;
	lr->rdiffex[rt]++;
	if (lr->ex[rt][slot][0])
		return;
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	if (!o)
		return;
	describe(k, o);
	fprintf(o, ": kernel %ld, EXACT %ld, %s %ld", kern->ret, exact->ret,
		lr->row[rt] ? lr->row[rt]->name : "EXACT", pred->ret);
	fclose(o);
	snprintf(lr->ex[rt][slot], sizeof lr->ex[rt][slot], "%s", buf);
	free(buf);
}

static const char *const shown_flags[] = { "erms", "fsrm", "fsrs", "fzrm", "rep_good", "smap" };
#define NSHOWN (sizeof shown_flags / sizeof shown_flags[0])

void print_header(const struct live_run *lr)
{
	printf("# live: the running kernel's user copies against the models\n\n");
	printf("kernel: Linux %s (%s), version %s\n", lr->kv.release, lr->kv.version, lr->kv.label);
	printf("cpu flags:");
	for (size_t i = 0; i < NSHOWN; i++)
		printf(" %s=%s", shown_flags[i], has_flag(&lr->kv, shown_flags[i]) ? "yes" : "no");
	printf("\n");
	for (int r = 0; r < NROUTINES; r++) {
		if (r == R_FROM)
			continue;	/* the same row as copy_to_user */
		printf("%s: %s (%s)\n", r == R_TO ? "copy_to_user / copy_from_user" : rname[r],
		       lr->row[r] ? lr->row[r]->name : "none: EXACT contract", lr->why[r]);
		printf("  confirmed: %s (%s)\n", lr->conf.source[r], lr->conf.how[r]);
	}
}

static void print_ident(const struct live_run *lr)
{
	const struct ucopy_strategy *inferred = lr->row[R_TO];
	printf("\nidentification over the %lu copy cases (count, user buffer with its sentinels, "
	       "file / remote bytes all equal):\n\n| row | kernels | agrees, lag 0 (exact hw) | agrees, lag 1 (delayed hw) |\n|---|---|---|---|\n",
	       lr->idcases);
	for (size_t r = 0; r < lr->nrows; r++) {
		printf("| `%s`%s | %s | %lu | %lu", lr->rows[r]->name,
		       lr->rows[r] == inferred ? " (checked)" : "", lr->rows[r]->kernels,
		       lr->agree[r][0], lr->agree[r][1]);
		if (lr->spins[r][1])
			printf(" (%lu: pwrite would spin)", lr->spins[r][1]);
		printf(" |\n");
	}
	printf("\nEvery row EXACT on exact hardware (README level table; all but");
	for (size_t r = 0; r < lr->nrows; r++)
		if (lr->rows[r]->level_exact_hw != UCOPY_EXACT)
			printf(" `%s`", lr->rows[r]->name);
	printf(": fix-ups that return early, or a tail that zeroes) predicts the same count and bytes at "
	       "lag 0: what these cases show is that the kernel meets EXACT on every copy path, not which row "
	       "it runs. Indistinguishable from the kernel at both readings:");
	for (size_t r = 0; r < lr->nrows; r++)
		if (lr->agree[r][0] == lr->idcases && lr->agree[r][1] == lr->idcases)
			printf(" `%s`", lr->rows[r]->name);
	printf(". The others would differ only where a rep movs reports late, so their lag-1 column tells "
	       "whether this CPU does");
	for (size_t r = 0; r < lr->nrows; r++)
		if (lr->rows[r] == inferred && lr->agree[r][0] == lr->idcases && lr->agree[r][1] < lr->idcases)
			printf(": the kernel matches `%s` at lag 0 and not at lag 1, so its rep movsb "
			       "reports faults exactly here (what make hw-facts measures)", inferred->name);
	printf(".\n");
}

void print_tables(const struct live_run *lr)
{
	printf("\n| path | routine | cases | passed | predicted by |\n|---|---|---|---|---|\n");
	for (int pi = 0; pi < NPATHS; pi++) {
		enum routine rt = path_routine((enum path)pi);
		if (skip_why[pi]) {
			printf("| %s | %s | skipped | - | %s |\n", pname[pi], rname[rt], skip_why[pi]);
			continue;
		}
		printf("| %s | %s | %lu | %lu | %s |\n", pname[pi], rname[rt], lr->cases[pi], lr->pass[pi],
		       lr->row[rt] ? lr->row[rt]->name : "EXACT contract");
	}
	for (int r = 0; r < NROUTINES; r++)
		if (lr->rcases[r])
			printf("%s: %lu cases, %lu agree with %s, %lu differ from EXACT%s\n", rname[r],
			       lr->rcases[r], lr->ragree[r], lr->row[r] ? lr->row[r]->name : "EXACT",
			       lr->rdiffex[r], lr->rdiffex[r] ? ", e.g.:" : "");
	for (int r = 0; r < NROUTINES; r++)
		for (int i = 0; i < NEX; i++)
			if (lr->ex[r][i][0])
				printf("  %s\n", lr->ex[r][i]);
	printf("\nlengths 0..%zu, every fault offset inside the buffer and 8 no-fault user alignments, "
	       "source offsets %s; %.1f s\n", lr->maxlen, lr->quick ? "0, 3, 4093" : "0..7, 4090, 4093", lr->secs);
	if (lr->idcases)
		print_ident(lr);
}

/* s as a JSON string (the words here hold no control characters) */
static void json_str(const char *s)
{
	putchar('"');
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		putchar(*s >= ' ' ? *s : ' ');
	}
	putchar('"');
}

void print_json(const struct live_run *lr)
{
	printf("UCOPY-LIVE-JSON {\"kernel\":");
	json_str(lr->kv.label);
	printf(",\"release\":");
	json_str(lr->kv.release);
	printf(",\"flags\":[");
	int first = 1;
	for (size_t i = 0; i < NSHOWN; i++)
		if (has_flag(&lr->kv, shown_flags[i])) {
			printf("%s", first ? "" : ",");
			json_str(shown_flags[i]);
			first = 0;
		}
	printf("],\"seconds\":%.1f,\"paths\":[", lr->secs);
	for (int r = 0; r < NROUTINES; r++) {
		printf("%s{\"path\":", r ? "," : "");
		json_str(rname[r]);
		printf(",\"row\":");
		json_str(lr->row[r] ? lr->row[r]->name : "EXACT");
		printf(",\"level\":\"%s\",\"why\":",
		       lr->row[r] ? ucopy_level_name(lr->row[r]->level_exact_hw) : "EXACT");
		json_str(lr->why[r]);
		printf(",\"confirmed\":");
		json_str(lr->conf.source[r]);
		printf(",\"how\":");
		json_str(lr->conf.how[r]);
		printf(",\"cases\":%lu,\"agree\":%lu,\"differ_exact\":%lu,\"examples\":[",
		       lr->rcases[r], lr->ragree[r], lr->rdiffex[r]);
		for (int i = 0, n = 0; i < NEX; i++)
			if (lr->ex[r][i][0]) {
				printf("%s", n++ ? "," : "");
				json_str(lr->ex[r][i]);
			}
		printf("]}");
	}
	printf("],\"skipped\":[");
	first = 1;
	for (int pi = 0; pi < NPATHS; pi++)
		if (skip_why[pi]) {
			printf("%s{\"path\":\"%s\",\"why\":", first ? "" : ",", pname[pi]);
			json_str(skip_why[pi]);
			printf("}");
			first = 0;
		}
	printf("]}\n");
}
