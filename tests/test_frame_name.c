/*
 * test_frame_name.c - the names of a camera table's kept frames: the
 * daemon's spelling read back, and every near miss refused (other
 * extensions, text after, leading zeros, short or signed numbers, other
 * tags, paths), so the numbering after a restart and the frame the web
 * serves go by the exact name only.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "util/frame_name.h"

static void test_spelled(void **state)
{
	char buf[FRAME_NAME_MAX];
	unsigned table;
	unsigned long seq;
	const char *tag;

	(void)state;
	frame_name(buf, sizeof(buf), 1, 42, "read");
	assert_string_equal(buf, "table1-00000042-read.jpg");
	assert_int_equal(frame_name_parse(buf, &table, &seq, &tag), 0);
	assert_int_equal(table, 1);
	assert_int_equal(seq, 42);
	assert_string_equal(tag, "read");
	assert_int_equal(frame_name_parse("table12-00000007-moved.jpg", &table,
					  &seq, &tag), 0);
	assert_int_equal(table, 12);
	assert_int_equal(seq, 7);
	assert_string_equal(tag, "moved");
}

/* Past 99999999 frames the number takes a ninth digit, as %08lu does. */
static void test_nine_digits(void **state)
{
	unsigned table;
	unsigned long seq;
	const char *tag;

	(void)state;
	assert_int_equal(frame_name_parse("table3-100000000-read.jpg", &table,
					  &seq, &tag), 0);
	assert_int_equal(seq, 100000000ul);
	assert_int_equal(frame_name_parse("table3-123456789-moved.jpg", &table,
					  &seq, &tag), 0);
	assert_int_equal(seq, 123456789ul);
}

static void test_near_misses(void **state)
{
	static const char *const bad[] = {
		"table1-00000050-read.jpg.bak", "table1-00000050-read.png",
		"table1-00000050-read.jpgx", "table1-00000050-read.",
		"table01-00000050-read.jpg", "table1-0000050-read.jpg",
		"table1-000000050-read.jpg", "table1-50-read.jpg",
		"table1-00000050-seen.jpg", "table1-00000050-reads.jpg",
		"table1-00000050-READ.jpg", "table1-00000050.jpg",
		"table-00000050-read.jpg", "table+1-00000050-read.jpg",
		"table 1-00000050-read.jpg", "table1- 0000050-read.jpg",
		"table1--0000050-read.jpg", "table1-+0000050-read.jpg",
		"Table1-00000050-read.jpg", "table1-last.png",
		"../table1-00000050-read.jpg", "x/table1-00000050-read.jpg",
		"table1-00000050-read.jpg/", "table99999999999-00000050-read.jpg",
		"table1-99999999999999999999999-read.jpg", "",
	};
	unsigned table = 77;
	unsigned long seq = 77;
	const char *tag = NULL;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (frame_name_parse(bad[i], &table, &seq, &tag) == 0)
			fail_msg("'%s' taken for a kept frame's name", bad[i]);
	}
	assert_int_equal(table, 77);
	assert_int_equal(seq, 77);
	assert_null(tag);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spelled),
		cmocka_unit_test(test_nine_digits),
		cmocka_unit_test(test_near_misses),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
