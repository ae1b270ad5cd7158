/*
 * fuzz_position.c - every game's position and move text: parse, and
 * what parses is formatted, parsed again and must come back the same.
 * The first byte picks the game and whether a move follows ('a': the
 * hidden-code game with secrets still to be entered, the move line then
 * entered as seat 2's secret; 't': Transport).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "tests/fuzz/fuzz.h"

const char *const fuzz_seeds[] = {
	"k4 4 4 4 4 4/4 4 4 4 4 4/0 0/S",
	"k0 0 0 0 0 1/0 0 0 0 2 1/20 24/N",
	"K4 4 0 5 5 5/4 4 4 4 4 4/1 0/S\nc",
	"csecrets R3 G1 | rows 1:RG---/xw | claims none | passed none",
	"Csecrets ? ? | rows 1:RG---/x. | claims none | passed none\n2:white",
	"csecrets R3 G1 | rows none | claims 2:G-R--/.x | passed none",
	"asecrets R3 ? ? | rows none | claims none | passed none\nG1",
	"Asecrets ? ? ? | rows none | claims none | passed none\n1:RG---",
	"tS: Ua1! Cc1c2 Tf1 Bi1i2 Dk1! reserve P2 H5 O4 / N: Uk11! Ci11i10 Tf11 Bc11c10 Da11! reserve P2 H5 O4 / S / 0",
	"TS: Ue5! Cc4c5 Tf3 Bf5g6 De4! Pe6:ne Pd7:s He7:n Of6:e reserve P0 H4 O3 / N: Ug7 Ce8f8 Tf9 Bh6h7 Dg5 Pf7:s Hd6:e Og4:w reserve P1 H4 O3 / S / 3\nPe6-g8:s",
	"TS: Ta1 De5 reserve P0 H0 O4 / N: Tk11 Bf7f8 reserve P0 H0 O0 / S / 0\nD*f6:n",
	NULL
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int pick = size ? data[0] | 0x20 : 0;
	const char *name = pick == 'c' || pick == 'a' ? "codegame" :
			   pick == 't' ? "transport" : "kalah";
	const char *options = pick == 'c' ? "players=2 secrets=R3/G1" :
			      pick == 'a' ? "players=3 secrets=R3/?/?" : "";
	const struct rules *ops = rules_find(name);
	struct rules_game *game;
	char text[4096], again[4096], err[RULES_ERR_MAX], *move;
	void *pos, *back;
	size_t len = size > 1 ? size - 1 : 0;

	if (ops == NULL || len >= sizeof(text))
		return 0;
	memcpy(text, data + 1, len);
	text[len] = '\0';
	move = strchr(text, '\n');
	if (move != NULL)
		*move++ = '\0';
	game = rules_game_new(ops, options, err, sizeof(err));
	pos = calloc(2, rules_position_size(game));
	back = (char *)pos + rules_position_size(game);
	if (ops->position_parse(game, text, pos, err, sizeof(err)) == 0) {
		/* What parses formats, and reads back the same. */
		if (ops->position_format(game, pos, RULES_TEXT_FULL, again,
					 sizeof(again)) < 0 ||
		    ops->position_parse(game, again, back, err,
					sizeof(err)) < 0 ||
		    memcmp(pos, back, rules_position_size(game)) != 0)
			abort();
		/* A secret entered gives options the game takes. */
		if (move != NULL && ops->seat_enter != NULL) {
			char entered[512];
			struct rules_game *after;

			if (ops->seat_enter(game, 1, move, entered,
					    sizeof(entered), err,
					    sizeof(err)) == 0) {
				after = rules_game_new(ops, entered, err,
						       sizeof(err));
				if (after == NULL)
					abort();
				rules_game_free(after);
			}
		}
		if (move != NULL && (data[0] & 0x20) == 0) {
			struct rules_move m;
			struct rules_outcome out;

			if (ops->move_parse(game, pos, move, &m, err,
					    sizeof(err)) == 0)
				ops->apply(game, pos, &m, &out, err,
					   sizeof(err));
		}
	}
	free(pos);
	rules_game_free(game);
	return 0;
}
