/*
 * read_bare.c - the light over a frame and its bare board against the
 * empty board's (see read_impl.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "camera/read_impl.h"
#include "camera/read_lamp.h"

#define TOL_GAIN 0.16		/* a pixel's light may be off by this */
#define TOL_ABS 10		/* and by this many levels */
#define BLOCK 4			/* colour judged on blocks this wide */
#define BLOCK_NOISE 1.5		/* levels of noise left in a block's mean */
#define CHROMA_TOL 0.20		/* its colour's shares may be off by this */
#define SMOOTH_MAX 16		/* where the empty board is this even */

#define EDGE_STRONG 60	/* grey levels across two pixels: an edge */
#define EDGE_LEAST 150	/* edges kept each way, however soft the photo */
#define EDGE_MOST 400	/* ... and at most */

/* The empty board's grey gradient at pixel i, across x and across y. */
static void gradient(const struct cam_reader *r, int i, int *gx, int *gy)
{
	const struct cam_image *e = &r->c->empty;

	*gx = abs(read_grey(e, i + 1) - read_grey(e, i - 1));
	*gy = abs(read_grey(e, i + r->w) - read_grey(e, i - r->w));
}

/* Of the bare pixels whose gradient runs across x (or y: `across_x` 0),
 * the strongest into r->edges from r->nedges on: every one over
 * EDGE_STRONG, or the EDGE_LEAST strongest where a blurred photo has
 * fewer, spread evenly when there are more than EDGE_MOST. */
static void pick_edges(struct cam_reader *r, int across_x)
{
	int hist[2 * 766] = { 0 }, n = 0, least = EDGE_STRONG, step;

	for (int j = 0; j < r->nbare; j++) {
		int gx, gy;

		gradient(r, r->bare[j], &gx, &gy);
		if ((gx > gy) == across_x)
			hist[across_x ? gx : gy]++;
	}
	for (int v = 2 * 766 - 1; v > EDGE_STRONG / 3; v--) {
		n += hist[v];
		if (v <= EDGE_STRONG && n >= EDGE_LEAST) {
			least = v;
			break;
		}
		least = v;
	}
	n = 0;
	for (int v = least; v < 2 * 766; v++)
		n += hist[v];
	step = n > EDGE_MOST ? (n + EDGE_MOST - 1) / EDGE_MOST : 1;
	n = 0;
	for (int j = 0; j < r->nbare; j++) {
		int gx, gy, g;

		gradient(r, r->bare[j], &gx, &gy);
		g = across_x ? gx : gy;
		if ((gx > gy) == across_x && g >= least && n++ % step == 0)
			r->edges[r->nedges++] = r->bare[j];
	}
}

void read_pick_edges(struct cam_reader *r)
{
	r->nedges = 0;
	pick_edges(r, 1);
	r->nedges_x = r->nedges;
	pick_edges(r, 0);
}

/* The contrast across pixel i of `img` between its neighbours i - d and
 * i + d: the same under any light that changes slowly across the frame
 * (brighter, dimmer, a shadow's edge far off). */
static double contrast(const struct cam_image *img, int i, int d)
{
	double a = read_grey(img, i - d), b = read_grey(img, i + d);

	return (b - a) / (a + b + 6);
}

/* The shift (u, v) against the empty board: the mean gap in contrast at
 * the edges across x and at those across y, weighed alike so that each
 * direction is fitted by the edges that see it (a board's grain runs
 * one way), the frame's contrast taken where its board lies. */
static double align_cost(const struct cam_reader *r, const struct cam_image *f,
			 int u, int v)
{
	const struct cam_image *e = &r->c->empty;
	int at = v * r->w + u, nx = r->nedges_x, ny = r->nedges - nx;
	double cx = 0, cy = 0;

	for (int j = 0; j < r->nedges; j++) {
		int i = r->edges[j], d = j < nx ? 1 : r->w;
		double gap = fabs(contrast(f, i + at, d) - contrast(e, i, d));

		if (j < nx)
			cx += gap;
		else
			cy += gap;
	}
	return (cx / (nx > 0 ? nx : 1) + cy / (ny > 0 ? ny : 1)) *
	       (1 + 0.01 * (abs(u) + abs(v)));
}

/* The shift of the frame against the empty board that fits best. */
void read_align(const struct cam_reader *r, const struct cam_image *f,
		int *dx, int *dy)
{
	double best = HUGE_VAL;

	*dx = *dy = 0;
	if (r->nedges < 20)
		return;
	for (int v = -SHIFT_MAX; v <= SHIFT_MAX; v++)
		for (int u = -SHIFT_MAX; u <= SHIFT_MAX; u++) {
			double cost = align_cost(r, f, u, v);

			if (cost < best) {
				best = cost;
				*dx = u;
				*dy = v;
			}
		}
}

/* Least squares of a plane a + b x + c y through (x, y, z). */
static void plane(const double m[3][4], double out[3])
{
	double a[3][4];

	memcpy(a, m, sizeof(a));
	for (int i = 0; i < 3; i++) {
		int p = i;

		for (int k = i + 1; k < 3; k++)
			if (fabs(a[k][i]) > fabs(a[p][i]))
				p = k;
		for (int k = 0; k < 4; k++) {
			double t = a[i][k];

			a[i][k] = a[p][k];
			a[p][k] = t;
		}
		if (fabs(a[i][i]) < 1e-12) {
			out[0] = 1;
			out[1] = out[2] = 0;
			return;
		}
		for (int k = 0; k < 3; k++) {
			double q = a[k][i] / a[i][i];

			if (k == i)
				continue;
			for (int j = i; j < 4; j++)
				a[k][j] -= q * a[i][j];
		}
	}
	for (int i = 0; i < 3; i++)
		out[i] = a[i][3] / a[i][i];
}

double read_gain(const struct light *l, int k, double x, double y)
{
	double g = l->g[k][0] + l->g[k][1] * x + l->g[k][2] * y;

	return g < 0.2 ? 0.2 : g > 5 ? 5 : g;
}

/* The light over the bare board as a plane of gain per channel, fitted
 * twice: the second time without what the first left far off. */
void read_light(const struct cam_reader *r, const struct cam_image *f,
		int dx, int dy, struct light *l)
{
	const struct cam_image *e = &r->c->empty;

	for (int k = 0; k < 3; k++) {
		l->g[k][0] = 1;
		l->g[k][1] = l->g[k][2] = 0;
	}
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < 3; k++) {
			double m[3][4] = { { 0 } }, out[3];

			for (int j = 0; j < r->nbare; j += 3) {
				int i = r->bare[j], x = i % r->w, y = i / r->w;
				double ev = e->rgb[i * 3 + k] + 1;
				double fv = f->rgb[(i + dy * r->w + dx) * 3 + k] + 1;
				double z = fv / ev, X = (double)x / r->w, Y = (double)y / r->h;
				double row[3] = { 1, X, Y };

				if (pass > 0 && fabs(z / read_gain(l, k, X, Y) - 1) > 0.3)
					continue;
				for (int a = 0; a < 3; a++) {
					for (int b = 0; b < 3; b++)
						m[a][b] += row[a] * row[b];
					m[a][3] += row[a] * z;
				}
			}
			plane(m, out);
			memcpy(l->g[k], out, sizeof(out));
		}
}

/* Values v (a pixel over its gains) against the empty board's around
 * pixel i: 1 when they differ. */
static int off_board(const struct cam_reader *r, int i, const double *v)
{
	for (int k = 0; k < 3; k++) {
		double lo = r->lo[i * 3 + k], hi = r->hi[i * 3 + k];

		if (v[k] < lo * (1 - TOL_GAIN) - TOL_ABS ||
		    v[k] > hi * (1 + TOL_GAIN) + TOL_ABS)
			return 1;
	}
	return 0;
}

/* Pixel i of the frame (shifted) against the empty board's around it,
 * with gains g: 1 when it differs. */
int read_differs(const struct cam_reader *r, const struct cam_image *f,
		 int i, int shift, const double *g)
{
	const unsigned char *p = f->rgb + (size_t)(i + shift) * 3;
	double v[3] = { p[0] / g[0], p[1] / g[1], p[2] / g[2] };

	return off_board(r, i, v);
}

/* Bare pixel i of the frame differs from the empty board's even with the
 * lamp's added light taken out (read_lamp.h). */
static int differs_lit(const struct cam_reader *r, const struct cam_image *f,
		       int i, int shift, const double *g)
{
	double v[3];

	if (!read_differs(r, f, i, shift, g))
		return 0;
	cam_lamp_remove(f->rgb + (size_t)(i + shift) * 3,
			r->c->empty.rgb + (size_t)i * 3, r->lamp[i], g, v);
	return off_board(r, i, v);
}

/* The mean colour over the bare pixels of the BLOCK x BLOCK square
 * around pixel i, of the frame (shifted, over its gains g) in f[] and of
 * the empty board in e[]: sensor noise, random pixel to pixel, mostly
 * averages out; a sleeve's colour, the same over the square, does not.
 * 0 when too few of its pixels are bare. */
static int block_mean(const struct cam_reader *r, const struct cam_image *img,
		      int i, int shift, const double *g, double *f, double *e)
{
	const unsigned char *em = r->c->empty.rgb;
	int x0 = i % r->w - BLOCK / 2 + 1, y0 = i / r->w - BLOCK / 2 + 1, n = 0;

	f[0] = f[1] = f[2] = e[0] = e[1] = e[2] = 0;
	for (int y = y0; y < y0 + BLOCK; y++)
		for (int x = x0; x < x0 + BLOCK; x++) {
			int j = y * r->w + x;

			if (x < 0 || y < 0 || x >= r->w || y >= r->h ||
			    r->owner[j] != 0 || j + shift < 0 ||
			    j + shift >= r->w * r->h)
				continue;
			for (int k = 0; k < 3; k++) {
				f[k] += img->rgb[(size_t)(j + shift) * 3 + k];
				e[k] += em[(size_t)j * 3 + k];
			}
			n++;
		}
	if (n < BLOCK * BLOCK / 2)
		return 0;
	for (int k = 0; k < 3; k++) {
		f[k] = (f[k] / n + 1) / g[k];
		e[k] = e[k] / n + 1;
	}
	return 1;
}

/* The block's colour against the empty board's: 1 when the shares of
 * red and blue against green differ by more than the light's fit and
 * the noise left in a block's mean allow (a neutral grey, navy or
 * reddish cloth over a brown board, even as bright as the board or only
 * a little darker). `q` receives each channel's frame over empty. */
static int chroma_off(const double *f, const double *e, double *q)
{
	for (int k = 0; k < 3; k++)
		q[k] = f[k] / e[k];
	for (int k = 0; k < 3; k += 2) {
		double n = BLOCK_NOISE / e[k] + BLOCK_NOISE / e[1];

		if (fabs(q[k] / q[1] - 1) > CHROMA_TOL + n)
			return 1;
	}
	return 0;
}

/* Whether bare pixel i of the frame differs from the empty board, judged
 * on its block: changed when the block's colour is off the board's;
 * shade (a cloud, a soft shadow) when only darker, every channel alike;
 * else as the pixel itself differs with the lamp's light taken out. */
static int bare_differs(const struct cam_reader *r, const struct cam_image *f,
			int i, int shift, const double *g)
{
	double fm[3], em[3], q[3];
	int smooth = 1;

	if (!block_mean(r, f, i, shift, g, fm, em))
		return differs_lit(r, f, i, shift, g);
	for (int k = 0; k < 3; k++)
		smooth &= r->hi[i * 3 + k] - r->lo[i * 3 + k] <= SMOOTH_MAX;
	if (smooth && r->lamp[i] == 0 && chroma_off(fm, em, q))
		return 1;
	if (!differs_lit(r, f, i, shift, g))
		return 0;
	chroma_off(fm, em, q);
	for (int k = 0; k < 3; k++)
		if (em[k] < 24 || q[k] < 0.45 || q[k] > 0.95)
			return 1;
	return fabs(q[0] - q[1]) >= 0.06 * q[1] + BLOCK_NOISE / em[0] +
				    BLOCK_NOISE / em[1] ||
	       fabs(q[2] - q[1]) >= 0.06 * q[1] + BLOCK_NOISE / em[2] +
				    BLOCK_NOISE / em[1];
}

/* The share of the bare board that differs from the empty board, shade
 * and the lamp's added light left out. */
double read_bare_changed(const struct cam_reader *r,
			 const struct cam_image *f, int shift,
			 const struct light *l)
{
	int n = 0, d = 0;

	for (int j = 0; j < r->nbare; j += 2) {
		int i = r->bare[j];
		double X = (double)(i % r->w) / r->w, Y = (double)(i / r->w) / r->h;
		double g[3] = { read_gain(l, 0, X, Y), read_gain(l, 1, X, Y),
				read_gain(l, 2, X, Y) };

		n++;
		d += bare_differs(r, f, i, shift, g);
	}
	return n > 0 ? (double)d / n : 1;
}

/* The share of places whose ring of bare board differs in a fifth of
 * its pixels or more: a hand covers a few, a moved board shifts them
 * all. */
double read_rings_changed(const struct cam_reader *r,
			  const struct cam_image *f, int shift,
			  const struct light *l)
{
	int hit = 0;

	for (int p = 0; p < r->c->nplaces; p++) {
		const struct zone *z = &r->zone[p];
		int d = 0;

		for (int j = 0; j < z->nring; j++) {
			int i = z->ring[j];
			double X = (double)(i % r->w) / r->w,
			       Y = (double)(i / r->w) / r->h;
			double g[3] = { read_gain(l, 0, X, Y), read_gain(l, 1, X, Y),
					read_gain(l, 2, X, Y) };

			d += read_differs(r, f, i, shift, g);
		}
		hit += z->nring > 0 && d > z->nring / 5;
	}
	return r->c->nplaces > 0 ? (double)hit / r->c->nplaces : 1;
}
