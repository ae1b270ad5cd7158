/*
 * fuzz_trace.c - trace files: the reader, whose errors are printable
 * UTF-8 whatever the file holds, then a replay of what it accepts
 * through the referee.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/replay.h"
#include "tests/fuzz/fuzz.h"

const char *const fuzz_seeds[] = {
	"# pitboss-trace 1\n# table 1 kalah\n0.000 1 start\n1.204 1 drop e\n"
	"1.391 1 drop f\n1.577 1 drop S\n2.950 1 button S\n",
	"# pitboss-trace 1\n# table 1 kalah pits=4 seeds=3\n# table 2 kalah cross\n"
	"0.0 1 start\n0.1 2 start\n0.2 1 lift a\n0.3 1 drop b\n0.4 2 snapshot "
	"4 4 0 5 5 5/4 4 4 4 4 4/1 0\n0.5 1 entry a\n0.6 1 undo\n0.7 2 confirm\n"
	"0.8 1 position 0 4 4 4/3 3 3 3/1 0/N\n0.9 1 correct b\n1.0 1 end\n",
	"# pitboss-trace 1\n# table 1 codegame players=2 secrets=R3/G1\n"
	"0.000 1 start\n5.000 1 entry 1:RG---\n8.000 1 entry 2:white\n"
	"9.0 1 entry 2:claim=G-R--\n9.5 1 entry 1:accept\n",
	"# pitboss-trace 1\n# table 1 codegame players=3 secrets=ask\n"
	"0.000 1 start players=2 secrets=R3/G1\n1.0 1 entry 1:RG---\n"
	"2.0 1 start seeds=3\n3.0 1 start claims=verified\n",
	/* Bytes of no UTF-8 character, and UTF-8 of every length. */
	"# pitboss-trace 1\n# table 1 k\xe4lah\n0.0 1 dr\xc3\xb6p \xff\xfe\n"
	"0.1 1 entry \xe2\x82\xac \xf0\x9f\x8e\xb2 \xed\xa0\x80 \xc0\xaf\n",
	NULL
};

/* Whether `s` is UTF-8 of printable characters only: what an error
 * message must be, whatever bytes the file held. */
static int clean_text(const unsigned char *s)
{
	static const unsigned long least[] = { 0, 0x80, 0x800, 0x10000 };

	while (*s != '\0') {
		unsigned n = *s >= 0xf0 ? 3 : *s >= 0xe0 ? 2 : *s >= 0xc0 ? 1 : 0;
		unsigned long cp = *s & (0x7fu >> n);

		if (*s < 0x20 || *s == 0x7f || (*s >= 0x80 && n == 0) ||
		    *s > 0xf4)
			return 0;
		for (unsigned k = 1; k <= n; k++) {
			if ((s[k] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[k] & 0x3fu);
		}
		if (cp < least[n] || (cp >= 0xd800 && cp <= 0xdfff) ||
		    cp > 0x10ffff)
			return 0;
		s += n + 1;
	}
	return 1;
}

static void ignore(void *ctx, const struct verdict *v)
{
	(void)ctx;
	(void)v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace trace;
	struct replay rp;
	char err[512];
	FILE *in = fmemopen((void *)data, size ? size : 1, "r");

	if (in == NULL)
		return 0;
	if (size == 0 || trace_read(in, "fuzz", &trace, err, sizeof(err)) < 0) {
		fclose(in);
		if (size != 0 && !clean_text((const unsigned char *)err))
			abort();	/* the file's raw bytes in the message */
		return 0;
	}
	fclose(in);
	if (replay_open(&rp, &trace, NULL, ignore, NULL, err,
			sizeof(err)) == 0) {
		replay_run(&rp, &trace);
		replay_close(&rp);
	}
	trace_free(&trace);
	return 0;
}
