/*
 * bench/scan.c - the cost of one scan of a switch board (gpio/scan.c):
 * a chain of 16 74HC165s (an 11x11 board, 128 bits, 387 line accesses
 * per scan) on a fake chain in memory, which is the scanner's own cost,
 * and on a fake that makes one system call per line access, as each of
 * libgpiod's get and set value calls makes an ioctl. Run by `make
 * bench`; prints figures, asserts none. Also the scanner's own cost on
 * an 11x11 diode matrix.
 *
 *   bench/scan [SCANS]     (default 20000)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "gpio/scan.h"

struct fake {
	uint8_t in[SCAN_BITS_MAX];
	unsigned registers, pos;
	int syscalls;
	int clock;
};

static int fake_set(void *ctx, unsigned line, int level)
{
	struct fake *f = ctx;

	if (f->syscalls)
		syscall(SYS_getppid);
	if (line == SCAN_LINE_LOAD && level == 0)
		f->pos = 0;
	else if (line == SCAN_LINE_CLOCK && level == 1 && f->clock == 0)
		f->pos++;
	if (line == SCAN_LINE_CLOCK)
		f->clock = level;
	return 0;
}

static int fake_get(void *ctx, unsigned line)
{
	struct fake *f = ctx;
	unsigned p = f->pos;

	(void)line;
	if (f->syscalls)
		syscall(SYS_getppid);
	if (p >= 8 * f->registers)
		return 1;
	return f->in[p - p % 8 + 7 - p % 8];
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run(const char *what, int syscalls, unsigned long scans)
{
	struct fake f = { .registers = 16, .syscalls = syscalls };
	struct scan_config c = {
		.kind = SCAN_SHIFT_REGISTER, .registers = 16,
		.order = SCAN_MSB_FIRST, .squares = 121, .active_low = 1,
		.debounce = 3, .stuck_scans = 100,
	};
	struct scan_pins pins = { fake_set, fake_get, &f };
	char err[128];
	struct scan *s = scan_new(&c, &pins, err, sizeof(err));
	unsigned long changes = 0;
	double start, us;

	if (s == NULL) {
		fprintf(stderr, "scan: %s\n", err);
		return -1;
	}
	memset(f.in, 1, sizeof(f.in));
	start = now();
	for (unsigned long k = 0; k < scans; k++) {
		/* A piece moves every 50 scans, so the debounce works. */
		if (k % 50 == 0)
			f.in[(k / 50) % 121] ^= 1;
		if (scan_once(s) & SCAN_CHANGED)
			changes++;
	}
	us = (now() - start) * 1e6 / (double)scans;
	printf("scan: 16 x 74HC165 (128 bits), %-34s %8.2f us/scan "
	       "(%lu scans, %lu changes; 20 Hz uses %.3f%% of a core)\n",
	       what, us, scans, changes, us * 20 / 1e4);
	scan_free(s);
	return 0;
}

/* An 11x11 diode matrix, rows driven low: every column reads open. */
static int matrix_set(void *ctx, unsigned line, int level)
{
	(void)ctx;
	(void)line;
	(void)level;
	return 0;
}

static int matrix_get(void *ctx, unsigned line)
{
	(void)ctx;
	(void)line;
	return 1;
}

static int run_matrix(unsigned long scans)
{
	struct scan_config c = {
		.kind = SCAN_MATRIX, .rows = 11, .cols = 11, .squares = 121,
		.active_low = 1, .debounce = 3, .stuck_scans = 100,
	};
	struct scan_pins pins = { matrix_set, matrix_get, NULL };
	char err[128];
	struct scan *s = scan_new(&c, &pins, err, sizeof(err));
	double start, us;

	if (s == NULL) {
		fprintf(stderr, "scan: %s\n", err);
		return -1;
	}
	start = now();
	for (unsigned long k = 0; k < scans; k++)
		scan_once(s);
	us = (now() - start) * 1e6 / (double)scans;
	printf("scan: 11x11 diode matrix (22 lines, 154 accesses), scanner "
	       "alone %8.2f us/scan (%lu scans)\n", us, scans);
	scan_free(s);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long scans = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000;

	if (scans == 0)
		scans = 1;
	if (run("scanner alone (fake in memory)", 0, scans) < 0 ||
	    run("one syscall per line access", 1, scans / 10 + 1) < 0 ||
	    run_matrix(scans) < 0)
		return 1;
	return 0;
}
