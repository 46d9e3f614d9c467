#define _GNU_SOURCE
/*
 * mkinitramfs: an uncompressed initramfs (the kernel's "newc" cpio format,
 * Documentation/driver-api/early-userspace/buffer-format.rst) from the
 * project's own files, so that make live-vm needs no cpio tool or busybox.
 *
 *   mkinitramfs OUT ENTRY...
 *     dir/                 a directory (mode 0755)
 *     name=path            a file, copied from path (mode 0755)
 *     name@c:MAJOR:MINOR   a character device node (mode 0600)
 * Exit 2 with a one-line reason on a bad entry or an unreadable file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static FILE *out;
static unsigned long ino = 1000, written;

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "mkinitramfs: %s: %s\n", what, arg);
	exit(2);
}

static void pad4(void)
{
	while (written % 4) {
		fputc(0, out);
		written++;
	}
}

/* one header, the name, the data */
static void entry(const char *name, unsigned mode, const char *buf, size_t n,
		  unsigned rmaj, unsigned rmin)
{
	size_t nl = strlen(name) + 1;
	written += (size_t)fprintf(out, "070701%08lX%08X%08X%08X%08X%08X%08lX%08X%08X%08X%08X%08lX%08X",
				   ino++, mode, 0u, 0u, 1u, 0u, (unsigned long)n, 0u, 0u, rmaj, rmin,
				   (unsigned long)nl, 0u);
	fwrite(name, 1, nl, out);
	written += nl;
	pad4();
	if (n)
		fwrite(buf, 1, n, out);
	written += n;
	pad4();
}

static char *slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		die("cannot read", path);
	fseek(fp, 0, SEEK_END);
	long sz = ftell(fp);
	rewind(fp);
	char *b = malloc(sz > 0 ? (size_t)sz : 1);
	if (!b || sz < 0 || fread(b, 1, (size_t)sz, fp) != (size_t)sz)
		die("cannot read", path);
	fclose(fp);
	*n = (size_t)sz;
	return b;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		die("usage", "mkinitramfs OUT dir/ | name=path | name@c:MAJOR:MINOR ...");
	out = fopen(argv[1], "wb");
	if (!out)
		die("cannot write", argv[1]);
	for (int i = 2; i < argc; i++) {
		char name[256], *a = argv[i], *eq = strchr(a, '='), *at = strchr(a, '@');
		size_t l = strlen(a);
		unsigned maj, min;
		if (eq && (size_t)(eq - a) < sizeof name) {
			size_t n;
			snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
			char *b = slurp(eq + 1, &n);
			entry(name, S_IFREG | 0755, b, n, 0, 0);
			free(b);
		} else if (at && (size_t)(at - a) < sizeof name && sscanf(at, "@c:%u:%u", &maj, &min) == 2) {
			snprintf(name, sizeof name, "%.*s", (int)(at - a), a);
			entry(name, S_IFCHR | 0600, NULL, 0, maj, min);
		} else if (l > 1 && l < sizeof name && a[l - 1] == '/') {
			snprintf(name, sizeof name, "%.*s", (int)(l - 1), a);
			entry(name, S_IFDIR | 0755, NULL, 0, 0, 0);
		} else {
			die("bad entry", a);
		}
	}
	entry("TRAILER!!!", 0, NULL, 0, 0, 0);
	if (fclose(out))
		die("cannot write", argv[1]);
	return 0;
}
