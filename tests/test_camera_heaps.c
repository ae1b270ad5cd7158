/*
 * test_camera_heaps.c - heaps of 3 to 12 seeds under a lamp's glare,
 * through JPEG, read by a camera whose light falls as it is (the glare
 * added to the scene) and by one with a tone curve (a filmic S-curve
 * whose shoulder squeezes the highlights, so that a seed's contrast
 * under the glare shrinks before the frame clips): every place's range
 * holds its true count, whether the glare washes the heap's pit out
 * (its centre on the pit's centre or on its rim) or only lights it,
 * for dark seeds and for pale ones. A range whose top fell below the
 * count could let a wrong move's board fit the frame best.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "camera/view.h"
#include "tests/render.h"

#include "tests/camera_fixture.h"

/* Pit e: the heap, under the glare. */
enum { HEAP = 4 };

/* The camera and lamp of a test: its tone curve (0: none, 1: full),
 * the glare's strength and its centre off the pit's by this share of
 * the pit's radius, the seeds' palette, and whether the glare washes
 * the pit out in the empty board (else it only lights it). */
static const struct lamp {
	double tone, strength, off;
	enum render_palette palette;
	int washed;
} lamps[] = {
	{ 0, 0.5, 0, RENDER_BEANS, 1 },		/* washed out */
	{ 1, 0.5, 0, RENDER_BEANS, 1 },		/* ... under a tone curve */
	{ 1, 0.5, 0, RENDER_PEBBLES, 1 },	/* ... pale seeds */
	{ 0, 0.35, 0.9, RENDER_BEANS, 1 },	/* washed out at the rim */
	{ 1, 0.35, 0.9, RENDER_PEBBLES, 1 },
	{ 1, 0.12, 0, RENDER_BEANS, 0 },	/* lit, under a tone curve */
	{ 1, 0.12, 0, RENDER_PEBBLES, 0 },
};
static const struct lamp *lamp;

static void session(struct render_scene *s, const int *counts)
{
	struct cam_calib truth;
	const struct cam_place *p;

	render_defaults(s, counts);
	s->palette = lamp->palette;
	s->tone = lamp->tone;
	render_places(s, names, &truth);
	p = &truth.place[HEAP];
	s->glare = lamp->strength;
	s->glare_x = (p->x + lamp->off * p->rx) / s->w;
	s->glare_y = p->y / s->h;
}

static int setup(void **state)
{
	lamp = *state;
	return camera_setup("/tmp/pitboss-test-heaps-XXXXXX", session,
			    camera_shoot);
}

/* Place k of reading `rd` (counts in the game's order) out of its
 * range: a message, else NULL. */
static const char *out_of_range(const struct cam_reading *rd,
				const int *counts, const char *snap)
{
	static char msg[700];

	for (int k = 0; k < 14; k++) {
		int i = view.order[k];

		if (rd->lo[i] <= counts[k] && rd->hi[i] >= counts[k])
			continue;
		snprintf(msg, sizeof(msg), "tone %.0f, glare %.2f, %.1f off: "
			 "place %s: %d read as %d-%d (%s)", lamp->tone,
			 lamp->strength, lamp->off, names[k], counts[k],
			 rd->lo[i], rd->hi[i], snap);
		return msg;
	}
	return NULL;
}

/* Heaps of 3 to 12 in the glared pit (and none to two: an empty or
 * near empty pit's range), the rest of the board as at the start: each
 * place's range holds its count. */
static void test_heaps_under_glare_read_within_range(void **state)
{
	double washed[CAM_PLACES_MAX], touched[CAM_PLACES_MAX];
	int q = view.order[HEAP];

	(void)state;
	/* the glare as meant: washing the pit out, or lighting it only */
	cam_calib_washed(&view.calib, washed, touched);
	if (lamp->washed)
		assert_true(washed[q] > CAM_WASHED);
	else
		assert_true(touched[q] > CAM_TOUCHED &&
			    washed[q] <= CAM_WASHED);
	for (int n = 0; n <= 12; n++) {
		int counts[14] = { 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 0, 0 };
		struct render_scene s;
		struct cam_reading rd;
		const char *bad;
		char snap[512];

		counts[HEAP] = n;
		counts[13] = 4 + 12 - n;
		session(&s, counts);
		s.seed = 300 + 11 * (unsigned)n;
		camera_shoot_snap(&s, &rd, snap, sizeof(snap));
		assert_int_equal(rd.status, CAM_READ_OK);
		if (getenv("PROBE"))
			fprintf(stderr, "%2d: %d-%d ~%.1f | %s\n", n,
				rd.lo[q], rd.hi[q], rd.seeds[q], snap);
		bad = out_of_range(&rd, counts, snap);
		if (bad != NULL)
			fail_msg("%s", bad);
	}
}

#define HEAPS(k) \
	cmocka_unit_test_prestate_setup_teardown( \
		test_heaps_under_glare_read_within_range, setup, \
		teardown_view, (void *)&lamps[k])

int main(void)
{
	const struct CMUnitTest tests[] = {
		HEAPS(0), HEAPS(1), HEAPS(2), HEAPS(3), HEAPS(4), HEAPS(5),
		HEAPS(6),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
