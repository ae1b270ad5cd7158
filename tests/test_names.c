/*
 * test_names.c - player, table and tournament names: hostile input is
 * refused with a message that says why, and the case-folded key makes
 * names that differ only in case the same name.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "db/names.h"

static void refused(const char *name, const char *message)
{
	char err[256] = "";

	if (names_check("player name", name, err, sizeof(err)) == 0)
		fail_msg("'%s' was accepted", name);
	assert_string_equal(err, message);
}

static void accepted(const char *name)
{
	char err[256] = "";

	if (names_check("player name", name, err, sizeof(err)) != 0)
		fail_msg("'%s' refused: %s", name, err);
}

static void test_good_names(void **state)
{
	(void)state;
	accepted("Ada");
	accepted("O'Brien");
	accepted("'; DROP TABLE players; --");
	accepted("\"quoted\"");
	accepted("Zoë Çelik");
	accepted("Анна Петрова");
	accepted("李小龙");
	accepted("🎲 dice");
	accepted("x");
}

static void test_bad_names(void **state)
{
	char big[10241];

	(void)state;
	refused("", "player name is empty");
	refused("a\tb", "player name: character 2 is a control character (U+0009)");
	refused("line\nbreak", "player name: character 5 is a control character (U+000A)");
	refused("bell\a", "player name: character 5 is a control character (U+0007)");
	refused("del\x7f", "player name: character 4 is a control character (U+007F)");
	refused("c1\xc2\x85", "player name: character 3 is a control character (U+0085)");
	refused("\xff\xfe", "player name: byte 1 is not valid UTF-8");
	refused("ab\xc3", "player name: byte 3 is not valid UTF-8");
	refused("over\xc0\xaflong", "player name: byte 5 is not valid UTF-8");
	refused("\xed\xa0\x80", "player name: byte 1 is not valid UTF-8");
	refused("\xf4\x90\x80\x80", "player name: byte 1 is not valid UTF-8");
	refused(" lead", "player name begins with a blank");
	refused("trail ", "player name ends with a blank");
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	refused(big, "player name is too long: 10240 characters; at most 64");
}

static void same(const char *a, const char *b)
{
	char ka[NAMES_MAX_BYTES], kb[NAMES_MAX_BYTES];

	names_key(a, ka, sizeof(ka));
	names_key(b, kb, sizeof(kb));
	if (strcmp(ka, kb) != 0)
		fail_msg("'%s' and '%s' fold apart ('%s', '%s')", a, b, ka, kb);
}

static void different(const char *a, const char *b)
{
	char ka[NAMES_MAX_BYTES], kb[NAMES_MAX_BYTES];

	names_key(a, ka, sizeof(ka));
	names_key(b, kb, sizeof(kb));
	if (strcmp(ka, kb) == 0)
		fail_msg("'%s' and '%s' fold together", a, b);
}

static void test_case_folding(void **state)
{
	(void)state;
	same("Ada Lovelace", "ada LOVELACE");
	same("ZOË", "zoë");
	same("ÇELIK", "çelik");
	same("ŁUKASZ", "łukasz");
	same("ŽIŽEK", "žižek");
	same("ΣΩΚΡΑΤΗΣ", "σωκρατησ");
	same("АННА", "анна");
	same("ЁЖ", "ёж");
	different("Ada", "Adam");
	different("ß", "ss");
	different("e\xcc\x81", "é");	/* no normalisation */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_names),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_case_folding),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
