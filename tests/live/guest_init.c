/*
 * The /init of make live-vm's initramfs (tests/live-vm.sh): mounts /proc
 * and /dev, runs /live with the arguments given after "--" on the kernel
 * command line, prints "UCOPY-LIVE-EXIT <status>", and powers the machine
 * off (init must never return: the kernel would panic). What the kernel
 * lacks for the suite is said in words on the console.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

static void off(int code)
{
	printf("UCOPY-LIVE-EXIT %d\n", code);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	(void)argc;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("live-vm: guest /init up\n");
	mkdir("/proc", 0755);
	mkdir("/dev", 0755);
	if (mount("proc", "/proc", "proc", 0, NULL))
		printf("live-vm: cannot mount /proc (%s): the kernel cannot report its flags\n", strerror(errno));
	if (mount("devtmpfs", "/dev", "devtmpfs", 0, NULL)) {
		printf("live-vm: this kernel has no devtmpfs (%s): /dev/zero made by hand\n", strerror(errno));
		mknod("/dev/zero", S_IFCHR | 0666, makedev(1, 5));
	}
	fflush(stdout);
	pid_t c = fork();
	if (c < 0) {
		printf("live-vm: fork: %s\n", strerror(errno));
		off(2);
	}
	if (c == 0) {
		argv[0] = "/live";
		execv("/live", argv);
		printf("live-vm: cannot run /live: %s\n", strerror(errno));
		_exit(2);
	}
	int st = 0;
	while (waitpid(c, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFSIGNALED(st)) {
		printf("live-vm: /live killed by signal %d\n", WTERMSIG(st));
		off(3);
	}
	off(WEXITSTATUS(st));
	return 0;
}
