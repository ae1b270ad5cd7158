/*
 * render.h - synthetic photos of a mancala board seen from above, with
 * known counts, for the camera's tests and benchmark: a wooden board on
 * a cloth, round pits and two long stores shaded as hollows, seeds as
 * shaded ellipses of several palettes with their shadows, lying where
 * they fall (touching, and heaped in full pits and stores, the upper
 * ones hiding the lower), a lighting gradient and colour cast, a soft
 * shadow, a hand and arm, sensor noise, JPEG compression, and small
 * shifts and turns of the camera; for harder sets, boards of other
 * sizes and woods, seeds close to the pit floor's colour, a lamp's
 * glare on the board, vignetting, defocus blur, a camera's tone curve.
 *
 * Limits: flat shading without perspective, no translucency, seeds as
 * ellipses (no irregular stones), one light.
 */
#ifndef PITBOSS_TESTS_RENDER_H
#define PITBOSS_TESTS_RENDER_H

#include <stddef.h>

#include "camera/calib.h"
#include "camera/image.h"

enum render_palette {
	RENDER_GLASS,		/* glass beads of bright colours */
	RENDER_PEBBLES,		/* white and grey stones */
	RENDER_BEANS,		/* dark red and brown beans */
	RENDER_PALETTES,	/* the palettes above: the usual sets */
	/* Harder ones, not in the usual sets. */
	RENDER_CLAY = RENDER_PALETTES,	/* tan and brown, near the floor */
	RENDER_SHELLS,		/* cream, pink and amber, kept for a
				   held-out set */
	RENDER_PALETTES_ALL
};

struct render_scene {
	int w, h;			/* 1280 x 720 */
	int pits;			/* per row */
	const int *counts;		/* 2 * pits + 2, the game's order */
	unsigned seed;			/* where the seeds lie, the noise */
	enum render_palette palette;
	double gain;			/* overall light, 1 */
	double grad_x, grad_y;		/* light across the frame, 0 */
	double cast[3];			/* colour cast per channel, 1 */
	double shadow;			/* a soft shadow's depth, 0..0.6 */
	int hand;			/* a hand over the board */
	double dx, dy, turn;		/* camera shift (px), turn (rad) */
	double noise;			/* sensor noise, levels */
	int quality;			/* JPEG quality */
	int empty;			/* no seeds at all */
	/* The camera and the board of a session (0: the usual). */
	double scale;			/* the board's size in the frame, 1 */
	unsigned board;			/* its wood and cloth, 0: the usual */
	double blur;			/* defocus, a box's radius in px */
	double vignette;		/* corners darker by this, 0..0.5 */
	double glare, glare_x, glare_y;	/* a lamp's highlight: strength
					   0..1, where (share of w, h) */
	double glare_r;			/* its size (share of w), 0: 0.07 */
	double glare_dim[3];		/* the glare dimmer in a channel by
					   this share, 0 (a tinted lamp) */
	double white[3];		/* a channel's clipping level, 0: 255
					   (a limited-range camera) */
	double tone;			/* a camera's tone curve, 0: none (the
					   light as it falls); 1: a filmic
					   S-curve whose shoulder squeezes the
					   highlights to a quarter of their
					   contrast and clips what the glare
					   lifts over white */
};

/* Defaults: a clean scene of a 6-pit board. */
void render_defaults(struct render_scene *s, const int *counts);
/* The scene as a JPEG in memory (free() it). 0, or -1. */
int render_jpeg(const struct render_scene *s, unsigned char **jpeg,
		size_t *len);
/* The places' true geometry (the calibration a perfect finder gives),
 * named `names` (2 * pits + 2). */
void render_places(const struct render_scene *s, const char *const *names,
		   struct cam_calib *c);

#endif
