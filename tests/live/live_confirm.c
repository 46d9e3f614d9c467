#define _GNU_SOURCE
/*
 * live: what the kernel itself shows of the routine it runs, to confirm
 * (or contradict) the row inferred from version and flags.
 *   kcore     the call sites as patched by alternatives: the bytes of a
 *             caller (_copy_to_user, _copy_from_user, read_zero) read from
 *             /proc/kcore, searched for a call (e8 rel32) to one of the
 *             routines, or for an inline rep movsb / rep stosb; for
 *             rep_movs_alternative also its own large-copy alternative
 *             (rep movsb patched in with ERMS, else the rep movsq path).
 *   kallsyms  without kcore (or addresses): only which routines exist,
 *             which tells the era, not the alternative chosen.
 *   inferred  neither: version and flags only.
 * A byte search is not a disassembly: a pattern inside another instruction
 * could match; the routines' call targets are exact addresses, the rep
 * patterns only decide between rows the call left open.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "live.h"

/* A routine the kernel may call, and the rows it stands for. */
struct target { const char *sym; enum routine r; const char *rows; };
static const struct target targets[] = {
	{ "rep_movs_alternative", R_TO, " movs_alt movs_alt_unrolled movs_alt_movsq movs_alt_word " },
	{ "copy_user_enhanced_fast_string", R_TO, " erms_short_reptail erms_fsrm_reptail erms_short erms " },
	{ "copy_user_generic_string", R_TO, " string_reptail string " },
	{ "copy_user_generic_unrolled", R_TO, " unrolled_reptail unrolled " },
	{ "clear_user_original", R_CLEAR, " clear_original " },
	{ "clear_user_rep_good", R_CLEAR, " clear_rep_good " },
	{ "clear_user_erms", R_CLEAR, " clear_erms " },
	{ "rep_stos_alternative", R_CLEAR, " stos_alt " },
};
#define NT (sizeof targets / sizeof targets[0])
static const char *const callers[NROUTINES] = { "_copy_to_user", "_copy_from_user", "read_zero" };

struct sym { unsigned long addr, end; int seen; };
static struct sym tsym[NT], csym[NROUTINES];

/* One pass over /proc/kallsyms (generating it is slow under emulation):
 * the wanted symbols, and where each ends, the next listed address (the
 * kernel's own symbols come sorted by address). Returns 0 when there is no
 * kallsyms. */
static int read_kallsyms(void)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	if (!fp)
		return 0;
	while (fgets(line, sizeof line, fp)) {
		char *p, *name;
		unsigned long a = strtoul(line, &p, 16);
		if (*p != ' ' || !p[1] || p[2] != ' ')
			continue;
		name = p + 3;
		name[strcspn(name, " \t\n")] = 0;
		for (size_t i = 0; i < NT + NROUTINES; i++) {
			struct sym *s = i < NT ? &tsym[i] : &csym[i - NT];
			const char *nm = i < NT ? targets[i].sym : callers[i - NT];
			if (s->seen && !s->end && a > s->addr)
				s->end = a;
			else if (!s->seen && !strcmp(name, nm))
				s->seen = 1, s->addr = a;
		}
	}
	fclose(fp);
	return 1;
}

/* n bytes of kernel memory at va through /proc/kcore's PT_LOAD segments */
static int kcore_read(unsigned long va, uint8_t *buf, size_t n)
{
	int fd = open("/proc/kcore", O_RDONLY);
	Elf64_Ehdr eh;
	int ok = 0;
	if (fd < 0)
		return 0;
	if (pread(fd, &eh, sizeof eh, 0) == (ssize_t)sizeof eh && !memcmp(eh.e_ident, ELFMAG, SELFMAG))
		for (int i = 0; i < eh.e_phnum && !ok; i++) {
			Elf64_Phdr ph;
			if (pread(fd, &ph, sizeof ph, (off_t)(eh.e_phoff + (size_t)i * sizeof ph)) != (ssize_t)sizeof ph)
				break;
			if (ph.p_type == PT_LOAD && va >= ph.p_vaddr && va + n <= ph.p_vaddr + ph.p_memsz)
				ok = pread(fd, buf, n, (off_t)(ph.p_offset + (va - ph.p_vaddr))) == (ssize_t)n;
		}
	close(fd);
	return ok;
}

static int has_bytes(const uint8_t *b, size_t n, const char *pat, size_t m)
{
	for (size_t i = 0; i + m <= n; i++)
		if (!memcmp(b + i, pat, m))
			return 1;
	return 0;
}

/* The body of a function (at most 4 KiB), or 0 bytes. */
static size_t body(const struct sym *s, uint8_t *buf)
{
	if (!s->seen || !s->addr || !s->end || s->end <= s->addr)
		return 0;
	size_t n = s->end - s->addr > PG ? PG : s->end - s->addr;
	return kcore_read(s->addr, buf, n) ? n : 0;
}

/* kcore: the rows the caller of routine r shows, in words; NULL if unseen */
static const char *from_kcore(enum routine r, char *how, size_t hn)
{
	uint8_t b[PG], t[PG];
	size_t n = body(&csym[r], b);
	if (!n)
		return NULL;
	for (size_t i = 0; i + 5 <= n; i++) {
		if (b[i] != 0xe8)
			continue;
		int32_t rel;
		memcpy(&rel, b + i + 1, 4);
		unsigned long to = csym[r].addr + i + 5 + (unsigned long)(long)rel;
		for (size_t k = 0; k < NT; k++) {
			if (!tsym[k].seen || tsym[k].addr != to)
				continue;
			snprintf(how, hn, "kcore: %s calls %s", callers[r], targets[k].sym);
			if (strcmp(targets[k].sym, "rep_movs_alternative"))
				return targets[k].rows;
			size_t m = body(&tsym[k], t);	/* its ERMS alternative */
			if (m && has_bytes(t, m, "\xf3\xa4", 2)) {
				snprintf(how + strlen(how), hn - strlen(how), ", whose large path is rep movsb (ERMS)");
				return " movs_alt ";
			}
			if (m)
				snprintf(how + strlen(how), hn - strlen(how), ", whose large path has no rep movsb (no ERMS)");
			return m ? " movs_alt_unrolled movs_alt_movsq movs_alt_word " : targets[k].rows;
		}
	}
	if (has_bytes(b, n, r == R_CLEAR ? "\xf3\xaa" : "\xf3\xa4", 2)) {
		snprintf(how, hn, "kcore: %s has an inline %s and calls no routine", callers[r],
			 r == R_CLEAR ? "rep stosb" : "rep movsb");
		return r == R_CLEAR ? " fsrs " : " fsrm erms_fsrm_reptail ";
	}
	return NULL;
}

/* kallsyms: the rows of the routines that exist for r (the era) */
static const char *from_kallsyms(enum routine r, char *how, size_t hn, char *rows, size_t rn)
{
	enum routine want = r == R_CLEAR ? R_CLEAR : R_TO;
	rows[0] = 0;
	snprintf(how, hn, "kallsyms:");
	for (size_t k = 0; k < NT; k++)
		if (targets[k].r == want && tsym[k].seen) {
			snprintf(how + strlen(how), hn - strlen(how), " %s", targets[k].sym);
			snprintf(rows + strlen(rows), rn - strlen(rows), "%s", targets[k].rows);
		}
	if (!rows[0])
		return NULL;
	/* inline rep movsb / stosb are possible in every era that has these */
	snprintf(rows + strlen(rows), rn - strlen(rows), "%s", want == R_CLEAR ? " fsrs " : " fsrm erms_fsrm_reptail ");
	snprintf(how + strlen(how), hn - strlen(how), " present (the era, not the alternative)");
	return rows;
}

void live_confirm(const struct live_kernel *kv, const char *const inferred[NROUTINES],
		  struct live_confirm *c)
{
	(void)kv;
	int ks = read_kallsyms();
	static char rows[NROUTINES][512];
	for (int r = 0; r < NROUTINES; r++) {
		const char *set = ks ? from_kcore((enum routine)r, c->how[r], sizeof c->how[r]) : NULL;
		c->source[r] = "kcore";
		if (!set && ks) {
			set = from_kallsyms((enum routine)r, c->how[r], sizeof c->how[r], rows[r], sizeof rows[r]);
			c->source[r] = "kallsyms";
		}
		char pat[80];
		snprintf(pat, sizeof pat, " %s ", inferred[r] ? inferred[r] : "?");
		if (!set) {
			c->source[r] = "inferred";
			c->row[r] = inferred[r];
			snprintf(c->how[r], sizeof c->how[r], "version and flags only (no /proc/kallsyms or routine found)");
		} else if (strstr(set, pat)) {
			c->row[r] = inferred[r];
		} else {
			c->source[r] = "contradicted";
			c->row[r] = NULL;
			snprintf(c->how[r] + strlen(c->how[r]), sizeof c->how[r] - strlen(c->how[r]),
				 ": rows%s, not %s", set, inferred[r] ? inferred[r] : "none");
		}
	}
}
