/*
 * conf_util.h - what the tests of pitboss.conf(5) (test_conf.c,
 * test_conf_errors.c) share: a config made afresh for each test, a
 * complete gpio board, and a file parsed or refused with its exact
 * message, the config left as it was.
 */
#ifndef PITBOSS_TESTS_CONF_UTIL_H
#define PITBOSS_TESTS_CONF_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/conf.h"
#include "daemon/source.h"
#include "gpio/gpio.h"
#include "referee/match.h"
#include "referee/sim.h"

/* Whole hashes of "pw" by every method, as crypt(3) made them. */
#define YESCRYPT "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$U4SOHmDd8SvW5vCUKSMR6N835VPwFAtgYNhQ9mFFeL5"

/* The sources a table may name, after gpio, replay and sim; how the
 * example's camera table is refused. */
#ifdef PB_CAMERA
#define CAMERA_REFUSED "key 'calibration': "
#define SOURCES_TAIL ", camera or manual)"
#else
#define CAMERA_REFUSED "is not compiled in"
#define SOURCES_TAIL " or manual)"
#endif

/* A gpio table with every key a board can have. */
#define BOARD \
	"[table 1]\n"			/* 1 */ \
	"game = kalah\n"		/* 2 */ \
	"options = pits=4 seeds=3\n"	/* 3 */ \
	"source = gpio\n"		/* 4 */ \
	"line.a = GPIO4\n"		/* 5 */ \
	"line.b = GPIO5\n"		/* 6 */ \
	"line.c = GPIO6\n"		/* 7 */ \
	"line.d = GPIO7\n"		/* 8 */ \
	"line.A = EXP0\n"		/* 9 */ \
	"line.B = EXP1\n"		/* 10 */ \
	"line.C = EXP2\n"		/* 11 */ \
	"line.D = EXP3\n"		/* 12 */ \
	"line.S = GPIO8\n"		/* 13 */ \
	"line.N = GPIO9\n"		/* 14 */ \
	"lift.b = GPIO10\n"		/* 15 */ \
	"button.N = GPIO11\n"		/* 16 */ \
	"button.S = GPIO12\n"		/* 17 */ \
	"led.S = GPIO13\n"		/* 18 */ \
	"led.N = GPIO16\n"		/* 19 */ \
	"led.foul = GPIO17\n"		/* 20 */

/* A board of three pits a side, lines P1..P8: 9 lines. */
#define SMALL(p) \
	"options = pits=3\n" \
	"line.a = " p "1\nline.b = " p "2\nline.c = " p "3\n" \
	"line.A = " p "4\nline.B = " p "5\nline.C = " p "6\n" \
	"line.S = " p "7\nline.N = " p "8\n"

static struct conf *conf;

static inline int setup(void **state)
{
	(void)state;
	conf = malloc(sizeof(*conf));
	assert_non_null(conf);
	conf_default(conf);
	return 0;
}

static inline int teardown(void **state)
{
	(void)state;
	conf_free(conf);
	free(conf);
	return 0;
}

/* The blocks of the sources, as their files describe them: the gpio
 * source's starts with its board's config, the simulator's is its
 * struct sim_config, the replay's starts with the trace's path. */
static inline const struct gpio_table_config *gpio_of(const struct table_config *t)
{
	assert_ptr_equal(t->source, source_find("gpio"));
	return t->source_conf;
}

static inline const struct sim_config *sim_of(const struct table_config *t)
{
	assert_ptr_equal(t->source, source_find("sim"));
	return t->source_conf;
}

static inline const char *trace_of(const struct table_config *t)
{
	assert_ptr_equal(t->source, source_find("replay"));
	return t->source_conf;
}

static inline void parse_ok(const char *text)
{
	char err[CONF_ERR_MAX] = "";

	if (conf_parse(conf, "test.conf", text, err, sizeof(err)) < 0)
		fail_msg("conf_parse: %s", err);
}

/* Parses `text`, wants exactly `want`, and the config left as it was. */
static inline void parse_fails(const char *text, const char *want)
{
	char err[CONF_ERR_MAX] = "";
	struct conf *before = malloc(sizeof(*before));

	assert_non_null(before);
	/* Something that is not a default, to see it survive. */
	parse_ok("web.port = 9999\n[table 7]\nsource = sim\n");
	memcpy(before, conf, sizeof(*conf));
	assert_int_equal(conf_parse(conf, "test.conf", text, err,
				    sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_memory_equal(before, conf, sizeof(*conf));
	free(before);
}

#endif
