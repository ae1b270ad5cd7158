/*
 * fuzz_trace.c - trace files: the reader, then a replay of what it
 * accepts through the referee.
 */
#include "config.h"

#include <stdio.h>
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
	NULL
};

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
