/*
 * read_lamp.c - a lamp's added light on the bare board (see read_lamp.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "camera/read_lamp.h"

#define LAMP_NOISE 8		/* levels of added light noise may fake */
#define LAMP_GAIN 0.03		/* gains nearer 1: no lamp to take out */

/* The median of each channel over the bare pixels within `box`: the
 * board's colour. */
static int board_colour(const struct cam_image *e, const int *bare, int nbare,
			const int *box, double *c)
{
	unsigned hist[3][256], m = 0;

	memset(hist, 0, sizeof(hist));
	for (int j = 0; j < nbare; j++) {
		int x = bare[j] % e->w, y = bare[j] / e->w;

		if (x < box[0] || x > box[2] || y < box[1] || y > box[3])
			continue;
		m++;
		for (int k = 0; k < 3; k++)
			hist[k][e->rgb[(size_t)bare[j] * 3 + k]]++;
	}
	for (int k = 0; k < 3; k++) {
		unsigned n = 0;
		int v = 0;

		while (v < 255 && (n += hist[k][v]) * 2 < m)
			v++;
		c[k] = v;
	}
	return m > 0 ? 0 : -1;
}

/* e = t c + a, fitted over the three channels: a, the white added, kept
 * within 0 and the darkest channel. */
static int added(const unsigned char *e, const double *c)
{
	double scc = 0, sc = 0, sce = 0, se = 0, det, a;
	int least = 255;

	for (int k = 0; k < 3; k++) {
		scc += c[k] * c[k];
		sc += c[k];
		sce += c[k] * e[k];
		se += e[k];
		least = e[k] < least ? e[k] : least;
	}
	det = 3 * scc - sc * sc;
	if (det < 3 * 30 * 30)	/* a grey board: white is not told apart */
		return 0;
	a = (scc * se - sc * sce) / det;
	return a < 0 ? 0 : a > least ? least : (int)a;
}

unsigned char *cam_lamp_learn(const struct cam_image *empty, const int *bare,
			      int nbare, const int *box)
{
	unsigned char *lamp = calloc((size_t)empty->w * (size_t)empty->h, 1);
	double c[3];

	if (lamp == NULL || board_colour(empty, bare, nbare, box, c) < 0)
		return lamp;
	for (int j = 0; j < nbare; j++) {
		int x = bare[j] % empty->w, y = bare[j] / empty->w;

		if (x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3])
			lamp[bare[j]] = (unsigned char)added(empty->rgb +
							     (size_t)bare[j] * 3, c);
	}
	return lamp;
}

void cam_lamp_remove(const unsigned char *p, const unsigned char *e, int lamp,
		     const double *g, double *v)
{
	double num = 0, den = 0, a = 0;

	for (int k = 0; k < 3; k++) {
		num += (1 - g[k]) * (p[k] - g[k] * e[k]);
		den += (1 - g[k]) * (1 - g[k]);
	}
	if (den > 3 * LAMP_GAIN * LAMP_GAIN) {
		a = num / den;
		a = a < 0 ? 0 : a > lamp + LAMP_NOISE ? lamp + LAMP_NOISE : a;
	}
	for (int k = 0; k < 3; k++)
		v[k] = (p[k] - (1 - g[k]) * a) / g[k];
}
