/*
 * The sandbox around code under review (docs/review.md, "The sandbox").
 *
 * A process that runs a routine under review calls sandbox_enter() once
 * it has set up everything it needs (the lab's mappings, signal handlers,
 * lag trampolines and case timer; its output files). From then on a
 * seccomp filter admits only the system calls the tool itself makes in
 * its loop; any other one is not run: the kernel raises SIGSYS instead.
 * During a lab case that ends the case as a failure of kind [syscall]
 * (the call's number and name, and the case in words, in the lab's line);
 * outside a case the process says which call it refused and exits 1.
 * Resource limits (address space, CPU time, open files, processes) are
 * set too, with a line on stderr when one is hit.
 *
 * UCOPY_SANDBOX=0 in the environment turns it off (for measuring its
 * cost, or for debugging with tools that trace system calls).
 */
#ifndef UCOPY_SANDBOX_H
#define UCOPY_SANDBOX_H

enum sandbox_mode {
	/*
	 * The lab's loop only (sweep workers, replay): no file, process,
	 * socket or memory-map call at all.
	 */
	SANDBOX_LAB,
	/*
	 * A tool with a runtime of its own (libFuzzer, the benchmark's
	 * output): calls made from inside the C library are admitted too,
	 * calls from anywhere else (the executable's code, the routine under
	 * review) are held to the lab's list.
	 */
	SANDBOX_TOOL,
};

/* Enters the sandbox: 0, or -1 with a line on stderr. Once per process;
 * a later call is a no-op. `who` names the tool in messages. */
int sandbox_enter(enum sandbox_mode mode, const char *who);

/* A system call's name ("openat"), or NULL when it has none here. */
const char *sandbox_syscall_name(long nr);

#endif
