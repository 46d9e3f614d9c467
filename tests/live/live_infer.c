#define _GNU_SOURCE
/*
 * live: which routine this kernel runs on this CPU, from its version and
 * the CPU flags it reports, by the era table src/runtime/eras.tsv (compiled
 * in as build/gen/eras.h). The version is the kernel's own: uname -r, except
 * where a distribution hides the stable patch level in it (Debian's
 * "6.1.0-57-amd64" is 6.1.192): then /proc/version's "Debian x.y.z".
 */
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include "live.h"

struct live_era {
	const char *path;
	long since, until;
	const char *needs, *lacks, *row, *why;
};
static const struct live_era eras[] = {
#include "eras.h"
};

static void read_file(const char *path, char *buf, size_t n)
{
	FILE *fp = fopen(path, "r");
	size_t got = fp ? fread(buf, 1, n - 1, fp) : 0;
	buf[got] = 0;
	if (fp)
		fclose(fp);
}

static void read_flags(struct live_kernel *kv)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[8192];
	strcpy(kv->flags, " ");
	while (fp && fgets(line, sizeof line, fp))
		if (!strncmp(line, "flags", 5)) {
			char *c = strchr(line, ':');
			if (c) {
				snprintf(kv->flags, sizeof kv->flags, "%s ", c + 1);
				for (char *q = kv->flags; *q; q++)
					if (*q == '\n') *q = ' ';
			}
			break;
		}
	if (fp)
		fclose(fp);
}

void read_kernel(struct live_kernel *kv)
{
	struct utsname u;
	uname(&u);
	snprintf(kv->release, sizeof kv->release, "%s", u.release);
	snprintf(kv->version, sizeof kv->version, "%s", u.version);
	int a = 0, b = 0, c = 0;
	sscanf(u.release, "%d.%d.%d", &a, &b, &c);
	char pv[1024];
	read_file("/proc/version", pv, sizeof pv);
	/* the first "Debian x.y.z" with the release's x.y (the compiler's comes first) */
	for (const char *deb = pv; c == 0 && (deb = strstr(deb, "Debian ")); deb += 7) {
		int da, db, dc;
		if (sscanf(deb + 7, "%d.%d.%d", &da, &db, &dc) == 3 && da == a && db == b)
			c = dc;
	}
	snprintf(kv->label, sizeof kv->label, "%d.%d.%d", a, b, c);
	kv->vcode = a * 1000000L + b * 1000L + c;
	read_flags(kv);
}

int has_flag(const struct live_kernel *kv, const char *f)
{
	char pat[64];
	snprintf(pat, sizeof pat, " %s ", f);
	return strstr(kv->flags, pat) != NULL;
}

/* all: every flag of the comma list present; else: any of them present */
static int flags_match(const struct live_kernel *kv, const char *list, int all)
{
	char buf[128], *save = NULL;
	if (!*list)
		return all;
	snprintf(buf, sizeof buf, "%s", list);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (has_flag(kv, t) != all)
			return !all;
	return all;
}

const char *infer_row(const struct live_kernel *kv, const char *path, const char **why)
{
	for (size_t i = 0; i < sizeof eras / sizeof eras[0]; i++) {
		const struct live_era *e = &eras[i];
		if (strcmp(e->path, path) || kv->vcode < e->since || kv->vcode > e->until)
			continue;
		if (!flags_match(kv, e->needs, 1) || flags_match(kv, e->lacks, 0))
			continue;
		*why = e->why;
		return e->row;
	}
	*why = "no era of src/runtime/eras.tsv matches";
	return NULL;
}
