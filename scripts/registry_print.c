/*
 * Prints the registry (src/runtime/registry.def) as TSV, one row per line, for the
 * scripts and makefiles: the one way anything outside C reads the table.
 *   name kind abi level_exact_hw level_delayed_hw keeps kernels commits origin
 * With --header, a first line naming the columns.
 */
#include <stdio.h>
#include <string.h>

#define UCOPY_ROW(name, kind, abi, lx, ld, keeps, kernels, commits, origin) \
	{ #name, #kind, #abi, #lx, #ld, keeps, kernels, commits, origin },
static const char *const rows[][9] = {
#include "registry.def"
};
#undef UCOPY_ROW

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "--header"))) {
		fprintf(stderr, "usage: %s [--header]\n", argv[0]);
		return 2;
	}
	if (argc == 2)
		puts("name\tkind\tabi\tlevel_exact_hw\tlevel_delayed_hw\tkeeps\tkernels\tcommits\torigin");
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		for (int c = 0; c < 9; c++) {
			const char *v = rows[r][c];
			/* kinds and ABIs in lower case, as the make settings spell them */
			if (c == 1 || c == 2) {
				for (const char *p = v; *p; p++)
					putchar(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
			} else {
				fputs(v, stdout);
			}
			putchar(c == 8 ? '\n' : '\t');
		}
	return 0;
}
