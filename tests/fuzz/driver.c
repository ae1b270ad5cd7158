/*
 * driver.c - runs a fuzz target without libFuzzer (see fuzz.h):
 *
 *   fuzz_X FILE...       each file once
 *   fuzz_X [-n COUNT]    COUNT inputs mutated from the seeds (4000)
 *
 * Prints TAP: one line for the run; a crash is a sanitizer's report or
 * a signal, which the test harness sees.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* One mutation: flip, insert, delete, duplicate or splice bytes. */
static size_t mutate(uint8_t *buf, size_t len, size_t cap)
{
	static const char interesting[] = "\n\r\t #/:=,.-?0123456789ABZabz\xff";
	size_t at = len ? next() % len : 0;

	switch (next() % 6) {
	case 0:
		if (len)
			buf[at] ^= (uint8_t)(1u << (next() % 8));
		break;
	case 1:
		if (len < cap) {
			memmove(buf + at + 1, buf + at, len - at);
			buf[at] = (uint8_t)interesting[next() %
						       (sizeof(interesting) - 1)];
			len++;
		}
		break;
	case 2:
		if (len) {
			memmove(buf + at, buf + at + 1, len - at - 1);
			len--;
		}
		break;
	case 3: {
		size_t n = len - at < 16 ? len - at : 16;

		if (len + n <= cap) {
			memmove(buf + at + n, buf + at, len - at);
			len += n;
		}
		break;
	}
	case 4:
		if (len)
			buf[at] = (uint8_t)(next() & 0xff);
		break;
	default:
		len = at;	/* cut short */
		break;
	}
	return len;
}

int main(int argc, char **argv)
{
	enum { CAP = 8192 };
	static uint8_t buf[CAP];
	long count = 4000;
	size_t nseeds = 0;

	if (argc > 1 && strcmp(argv[1], "-n") != 0) {
		for (int i = 1; i < argc; i++) {
			FILE *f = fopen(argv[i], "rb");
			size_t len;

			if (f == NULL) {
				perror(argv[i]);
				return 2;
			}
			len = fread(buf, 1, CAP, f);
			fclose(f);
			LLVMFuzzerTestOneInput(buf, len);
		}
		printf("1..1\nok 1 - %d input files\n", argc - 1);
		return 0;
	}
	if (argc > 2)
		count = strtol(argv[2], NULL, 10);
	while (fuzz_seeds[nseeds] != NULL)
		nseeds++;
	for (long i = 0; i < count; i++) {
		const char *seed = fuzz_seeds[next() % nseeds];
		size_t len = strlen(seed);
		int rounds = 1 + (int)(next() % 8);

		memcpy(buf, seed, len);
		while (rounds-- > 0)
			len = mutate(buf, len, CAP);
		LLVMFuzzerTestOneInput(buf, len);
	}
	printf("1..1\nok 1 - %ld mutated inputs from %zu seeds\n", count,
	       nseeds);
	return 0;
}
