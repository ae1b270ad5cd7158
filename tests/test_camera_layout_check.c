/*
 * test_camera_layout_check.c - the stores found checked against the
 * rows of pits (a store off the rows' line put opposite the other, a
 * pair off along the rows refused); and an empty place a faint lamp's
 * glare lights in part (tests/render.c) read as 0, or 0-1 where a seed
 * may hide in the glare: never a seed over.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "camera/calib_layout.h"
#include "camera/view.h"
#include "tests/render.h"

#include "tests/camera_fixture.h"

enum { PITS = 6 };

/* Two rows of six pits 64 px apart, the stores beyond their ends,
 * level with the rows' centre (325). */
static void board(struct cam_blob row[2][CAM_ROW_MAX], struct cam_blob st[2])
{
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < PITS; i++)
			row[r][i] = (struct cam_blob){ .x = 300 + 64 * i,
						       .y = r ? 280 : 370,
						       .w = 50, .h = 50,
						       .area = 1960 };
	st[0] = (struct cam_blob){ .x = 220, .y = 325, .w = 45, .h = 150,
				   .area = 6000 };
	st[1] = st[0];
	st[1].x = 700;
}

static void test_stores_opposite_are_kept(void **state)
{
	struct cam_blob row[2][CAM_ROW_MAX], st[2];
	char err[300];

	(void)state;
	board(row, st);
	st[1].y += 8;		/* a little off: a photo's slant */
	assert_int_equal(cam_layout_stores_check(row, PITS, st, err,
						 sizeof(err)), 0);
	assert_int_equal(st[0].placed, 0);
	assert_int_equal(st[1].placed, 0);
	assert_true(fabs(st[1].y - 333) < 1e-9);
}

static void test_store_off_the_rows_is_put_opposite(void **state)
{
	struct cam_blob row[2][CAM_ROW_MAX], st[2], pit[2 * PITS];
	struct cam_blob fitted[2][CAM_ROW_MAX], stores[2];
	char err[300];

	(void)state;
	board(row, st);
	st[1].y += 36;		/* a hollow under the rows taken for S */
	assert_int_equal(cam_layout_stores_check(row, PITS, st, err,
						 sizeof(err)), 0);
	assert_int_equal(st[0].placed, 0);
	assert_int_equal(st[1].placed, 1);
	assert_true(fabs(st[1].x - 700) < 1e-9);
	assert_true(fabs(st[1].y - 325) < 1e-9);

	/* The same through the rows' fit: the store 36 px low put back. */
	board(row, st);
	st[1].y += 36;
	for (int i = 0; i < 2 * PITS; i++)
		pit[i] = row[i / PITS][i % PITS];
	assert_int_equal(cam_layout_fit(pit, 2 * PITS, st, 2, PITS, fitted,
					 stores, err, sizeof(err)), 0);
	assert_int_equal(cam_layout_stores_check(fitted, PITS, stores, err,
						 sizeof(err)), 0);
	assert_true(fabs(stores[0].y - 325) < 1 && fabs(stores[1].y - 325) < 1);
}

static void test_stores_off_along_the_rows_are_refused(void **state)
{
	struct cam_blob row[2][CAM_ROW_MAX], st[2];
	char err[300] = "";

	(void)state;
	board(row, st);
	st[1].x += 40;		/* both level, one too far out */
	assert_int_equal(cam_layout_stores_check(row, PITS, st, err,
						 sizeof(err)), -1);
	assert_non_null(strstr(err, "stores are not opposite"));

	board(row, st);
	st[0].y -= 40;		/* both off the rows' line */
	st[1].y += 40;
	st[1].x += 40;
	assert_int_equal(cam_layout_stores_check(row, PITS, st, err,
						 sizeof(err)), -1);
}

/* ------------------------------------------------- glare over a place */

/* A faint lamp's glare amid pits b, c, D and E, lighting them in part
 * (none washed out); a little smaller board. */
static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;

	render_defaults(s, counts);
	s->palette = RENDER_PEBBLES;
	s->scale = 0.85;
	render_places(s, names, &truth);
	s->glare = 0.3;
	s->glare_x = (truth.place[1].x + truth.place[2].x) / 2 / s->w;
	s->glare_y = (truth.place[1].y + truth.place[10].y) / 2 / s->h;
}

static int setup_view(void **state)
{
	(void)state;
	return camera_setup("/tmp/pitboss-test-layout-XXXXXX", session,
			    camera_shoot);
}

static void test_empty_place_lit_in_part_reads_at_most_one(void **state)
{
	double washed[CAM_PLACES_MAX], touched[CAM_PLACES_MAX];
	int counts[14], lit = 0;
	struct render_scene s;
	struct cam_reading rd;

	(void)state;
	cam_calib_washed(&view.calib, washed, touched);
	memcpy(counts, start, sizeof(counts));
	for (int i = 0; i < 14; i++) {
		int q = view.order[i];

		if (touched[q] > CAM_TOUCHED && washed[q] <= CAM_WASHED)
			counts[i] = 0;
	}
	session(&s, counts);
	s.seed = 17;
	camera_shoot(&s, &rd);
	assert_int_equal(rd.status, CAM_READ_OK);
	for (int i = 0; i < 12; i++) {
		int q = view.order[i];

		if (touched[q] <= CAM_TOUCHED || washed[q] > CAM_WASHED)
			continue;
		lit++;
		/* 0, or 0-1 where a seed may hide in the glare: the
		 * range holds the truth, and no more than a seed over */
		if (rd.lo[q] != 0 || rd.hi[q] > 1)
			fail_msg("%s, lit in part (%.2f) and empty, read %d-%d",
				 names[i], touched[q], rd.lo[q], rd.hi[q]);
	}
	assert_true(lit > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stores_opposite_are_kept),
		cmocka_unit_test(test_store_off_the_rows_is_put_opposite),
		cmocka_unit_test(test_stores_off_along_the_rows_are_refused),
		cmocka_unit_test(test_empty_place_lit_in_part_reads_at_most_one),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup_view, teardown_view);
}
