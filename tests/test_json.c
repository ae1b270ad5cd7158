/*
 * test_json.c - the one JSON string escaper: what it escapes, NULL as
 * null, cutting like snprintf, and the stream writer agreeing with it;
 * the dashboard's buffer writing numbers and text without a format.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/json.h"
#include "web/jbuf.h"

static void test_escapes(void **state)
{
	char buf[128];
	size_t n;

	(void)state;
	n = json_quote(buf, sizeof(buf), "a\"b\\c\nd\te\x01</script>");
	assert_string_equal(buf,
			    "\"a\\\"b\\\\c\\nd\\te\\u0001\\u003c/script>\"");
	assert_int_equal(n, strlen(buf));
	n = json_quote(buf, sizeof(buf), NULL);
	assert_string_equal(buf, "null");
	assert_int_equal(n, 4);
	n = json_quote(buf, sizeof(buf), "");
	assert_string_equal(buf, "\"\"");
	/* Bytes above ASCII (UTF-8) go as they are. */
	json_quote(buf, sizeof(buf), "Zo\xc3\xab");
	assert_string_equal(buf, "\"Zo\xc3\xab\"");
}

static void test_cut_like_snprintf(void **state)
{
	char buf[6];
	size_t n;

	(void)state;
	assert_int_equal(json_quote(NULL, 0, "a<b"), 10);
	memset(buf, 'x', sizeof(buf));
	n = json_quote(buf, sizeof(buf), "a<b");
	assert_int_equal(n, 10);
	assert_string_equal(buf, "\"a\\u0");
	n = json_quote(buf, 1, "abc");
	assert_string_equal(buf, "");
	assert_int_equal(n, 5);
	/* Plain text, cut too. */
	n = json_quote(buf, 4, "abcdef");
	assert_string_equal(buf, "\"ab");
	assert_int_equal(n, 8);
}

static void test_jbuf_without_format(void **state)
{
	static const int64_t numbers[] = {
		0, 7, -5, 1234567890123, INT64_MAX, INT64_MIN
	};
	struct jbuf b = { 0 }, want = { 0 };
	char *got, *expect;

	(void)state;
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		jbuf_raw(&b, i ? "," : "[");
		jbuf_int(&b, numbers[i]);
		jbuf_printf(&want, "%s%" PRId64, i ? "," : "[", numbers[i]);
	}
	/* Past the first allocation: the buffer grows. */
	for (int i = 0; i < 300; i++) {
		jbuf_raw(&b, ",\"key\":");
		jbuf_printf(&want, ",\"key\":");
	}
	jbuf_raw(&b, "]");
	jbuf_printf(&want, "]");
	got = jbuf_take(&b, NULL);
	expect = jbuf_take(&want, NULL);
	assert_non_null(got);
	assert_string_equal(got, expect);
	assert_non_null(strstr(got, "[0,7,-5,1234567890123,"
				    "9223372036854775807,"
				    "-9223372036854775808,"));
	free(got);
	free(expect);
}

static void test_stream_agrees(void **state)
{
	static const char *const texts[] = {
		"plain", "tab\there", "quote\"back\\slash", "\x1f<>", NULL
	};
	char want[64], *got;
	size_t len;
	FILE *f;

	(void)state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		f = open_memstream(&got, &len);
		assert_non_null(f);
		json_fputs(f, texts[i]);
		fclose(f);
		json_quote(want, sizeof(want), texts[i]);
		assert_string_equal(got, want);
		free(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_cut_like_snprintf),
		cmocka_unit_test(test_stream_agrees),
		cmocka_unit_test(test_jbuf_without_format),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
