/*
 * read_glare.c - the glare's patch over the places: which pixels of a
 * place's floor it lights, whether a seed could lie lost in it, and
 * where the frame is too near white for a seed to show; and a place the
 * glare washes out, read with the glare's added light taken out: the
 * frame minus the empty board (over the light's gains) is fitted, over
 * the place's floor and its wall and rim, by a smooth offset per
 * channel (a quadratic over the place, the pixels far off it left out
 * and the fit made again, so that seeds, which differ, do not pull it);
 * what still differs from it by more than a seed's contrast is a seed.
 * Saturated pixels are left out on both sides: a seed may hide there,
 * which the caller bounds.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <leptonica/allheaders.h>

#include "camera/read_impl.h"

#define GL_TERMS 6
#define GL_BLIND 240	/* every channel at least this: saturated */
#define GL_DIFF 36	/* a seed against the floor: summed levels */
#define GL_KEEP 2.5	/* pixels kept in the refit: within this many
			   deviations */

/* ------------------------------------------------------ the patch */

/* Whether pixel (x, y) lies on place i's floor, and the glare lights
 * it. */
static int on_floor(const struct cam_reader *r, int i, int x, int y, int *lit)
{
	double s = r->c->shrink;

	*lit = r->glare[y * r->w + x] != 0;
	return cam_place_distance(&r->c->place[i], (x + 0.5) * s,
				  (y + 0.5) * s) <= 0.94;
}

/* Whether a seed of area `u` may lie on place i's floor lost in the
 * glare's patch: a disc of that area within the pit's rim whose pixels
 * on its unlit floor are under UNSEEN of a seed (what a place shows of a
 * seed at least, cleaned or not: a trace), while the patch takes over a
 * tenth of it. */
int read_patch_hides(const struct cam_reader *r, int i, double u)
{
	const struct zone *z = &r->zone[i];
	const struct cam_place *p = &r->c->place[i];
	double s = r->c->shrink;
	int rad = (int)ceil(sqrt(u / M_PI)), lit;

	for (int y = z->y0; y < z->y1; y++)
		for (int x = z->x0; x < z->x1; x++) {
			int seen = 0, hid = 0, out = 0;

			if (!on_floor(r, i, x, y, &lit))
				continue;
			for (int v = y - rad; v <= y + rad; v++)
				for (int w = x - rad; w <= x + rad; w++) {
					if ((w - x) * (w - x) + (v - y) * (v - y) >
					    u / M_PI)
						continue;
					if (cam_place_distance(p, (w + 0.5) * s,
							       (v + 0.5) * s) > 1)
						out = 1;
					if (v < z->y0 || v >= z->y1 ||
					    w < z->x0 || w >= z->x1 ||
					    !on_floor(r, i, w, v, &lit))
						continue;
					seen += !lit;
					hid += lit;
				}
			if (!out && seen < UNSEEN * u && hid > 0.1 * u)
				return 1;
		}
	return 0;
}

/* The glare's patch, and how much of each place's floor it lights. */
void read_map_glare(struct cam_reader *r)
{
	cam_calib_glare(r->c, r->glare);
	for (int i = 0; i < r->c->nplaces; i++) {
		struct zone *z = &r->zone[i];
		int lit;

		if (r->touched[i] <= CAM_TOUCHED)
			continue;
		for (int y = z->y0; y < z->y1; y++)
			for (int x = z->x0; x < z->x1; x++)
				z->lit += on_floor(r, i, x, y, &lit) && lit;
	}
}

/* Near white: a channel at least this (calibration's own level for a
 * washed-out pixel; JPEG's ringing, a limited-range camera's white at
 * 235, or one channel clipping before the others all reach it). */
#define BLIND 235

/* Pixels of place i's floor in the glare's patch where a seed may not
 * show: near white in any channel in the frame `f` (shifted by
 * `shift`), and, with `marked`, washed out in the empty board already
 * (calibration's mark): there neither a seed's colour nor its outline
 * can be trusted to show. Elsewhere the glare's light, added to a
 * seed's and the floor's alike, leaves the seed's rim and shade as they
 * are. A place washed out is read in levels (read_glare.c), where only
 * what the frame clips is lost. */
int read_blind_pixels(const struct cam_reader *r, const struct cam_image *f,
		      int i, int shift, int marked)
{
	const struct zone *z = &r->zone[i];
	long n = (long)r->w * r->h;
	int blind = 0, lit;

	for (int y = z->y0; y < z->y1; y++)
		for (int x = z->x0; x < z->x1; x++) {
			long k = (long)y * r->w + x + shift;
			const unsigned char *p;

			if (k < 0 || k >= n || !on_floor(r, i, x, y, &lit) ||
			    !lit)
				continue;
			p = f->rgb + k * 3;
			blind += (marked && r->glare[y * r->w + x] == 2) ||
				 p[0] >= BLIND || p[1] >= BLIND ||
				 p[2] >= BLIND;
		}
	return blind;
}

/* Seed pixels of place i's mask (of its box) that lie in the glare's
 * patch. */
int read_in_glare(const struct cam_reader *r, int i, PIX *mask)
{
	const struct zone *z = &r->zone[i];
	int n = 0;

	for (int y = z->y0; y < z->y1; y++)
		for (int x = z->x0; x < z->x1; x++) {
			l_uint32 v = 0;

			if (r->glare[y * r->w + x] &&
			    pixGetPixel(mask, x - z->x0, y - z->y0, &v) == 0)
				n += v != 0;
		}
	return n;
}

/* ------------------------------------------------ a place washed out */

static void terms(double x, double y, double *t)
{
	t[0] = 1;
	t[1] = x;
	t[2] = y;
	t[3] = x * x;
	t[4] = x * y;
	t[5] = y * y;
}

/* Solves the GL_TERMS normal equations a c = b in place; -1 when
 * singular. */
static int solve(double a[GL_TERMS][GL_TERMS], double *b, double *c)
{
	for (int k = 0; k < GL_TERMS; k++) {
		int m = k;

		for (int i = k + 1; i < GL_TERMS; i++)
			if (fabs(a[i][k]) > fabs(a[m][k]))
				m = i;
		if (fabs(a[m][k]) < 1e-9)
			return -1;
		for (int j = 0; j < GL_TERMS; j++) {
			double t = a[k][j];

			a[k][j] = a[m][j];
			a[m][j] = t;
		}
		double t = b[k];

		b[k] = b[m];
		b[m] = t;
		for (int i = k + 1; i < GL_TERMS; i++) {
			double f = a[i][k] / a[k][k];

			for (int j = k; j < GL_TERMS; j++)
				a[i][j] -= f * a[k][j];
			b[i] -= f * b[k];
		}
	}
	for (int k = GL_TERMS - 1; k >= 0; k--) {
		double s = b[k];

		for (int j = k + 1; j < GL_TERMS; j++)
			s -= a[k][j] * c[j];
		c[k] = s / a[k][k];
	}
	return 0;
}

struct gl_px {
	int q;			/* pixel of the empty board */
	double x, y;		/* about the place's centre, in radii */
	double d[3];		/* frame over gains minus empty board */
};

static double value(const double *c, const struct gl_px *p)
{
	double t[GL_TERMS], v = 0;

	terms(p->x, p->y, t);
	for (int j = 0; j < GL_TERMS; j++)
		v += c[j] * t[j];
	return v;
}

/* Fits channel k's offset over the pixels whose weight w[] is set. */
static int fit(const struct gl_px *px, int n, const char *w, int k, double *c)
{
	double a[GL_TERMS][GL_TERMS] = { { 0 } }, b[GL_TERMS] = { 0 };

	for (int i = 0; i < n; i++) {
		double t[GL_TERMS];

		if (!w[i])
			continue;
		terms(px[i].x, px[i].y, t);
		for (int r = 0; r < GL_TERMS; r++) {
			for (int s = 0; s < GL_TERMS; s++)
				a[r][s] += t[r] * t[s];
			b[r] += t[r] * px[i].d[k];
		}
	}
	return solve(a, b, c);
}

static int sum_off(const struct gl_px *p, double c[3][GL_TERMS])
{
	double s = 0;

	for (int k = 0; k < 3; k++)
		s += fabs(p->d[k] - value(c[k], p));
	return (int)s;
}

/* The fit, made again over the pixels near the first: twice. */
static int fit_all(const struct gl_px *px, int n, char *w,
		   double c[3][GL_TERMS])
{
	for (int round = 0; round < 3; round++) {
		double dev = 0;
		int m = 0;

		for (int k = 0; k < 3; k++)
			if (fit(px, n, w, k, c[k]) < 0)
				return -1;
		for (int i = 0; i < n; i++)
			if (w[i]) {
				double o = sum_off(&px[i], c);

				dev += o * o;
				m++;
			}
		dev = sqrt(dev / (m > 0 ? m : 1)) * GL_KEEP;
		if (dev < 6)
			dev = 6;
		for (int i = 0; i < n; i++)
			w[i] = w[i] && sum_off(&px[i], c) <= dev;
	}
	return 0;
}

static int gather(const struct cam_reader *r, const struct cam_image *f,
		  int i, int shift, const double *g, struct gl_px *px,
		  char *floor, int *nfloor)
{
	const struct zone *z = &r->zone[i];
	const struct cam_place *p = &r->c->place[i];
	const unsigned char *e = r->c->empty.rgb;
	double s = r->c->shrink, rad = sqrt(z->floor / M_PI) + 1;
	double cx = (z->x0 + z->x1) / 2.0, cy = (z->y0 + z->y1) / 2.0;
	long npx = (long)r->w * r->h;
	int n = 0, pad = 3;

	*nfloor = 0;
	for (int y = z->y0 - pad; y < z->y1 + pad; y++)
		for (int x = z->x0 - pad; x < z->x1 + pad; x++) {
			long q = (long)y * r->w + x, k = q + shift;
			const unsigned char *a;
			double dist;

			if (x < 0 || y < 0 || x >= r->w || y >= r->h ||
			    k < 0 || k >= npx)
				continue;
			dist = cam_place_distance(p, (x + 0.5) * s,
						  (y + 0.5) * s);
			if (dist > 1.25)
				continue;
			a = f->rgb + k * 3;
			if (a[0] >= GL_BLIND && a[1] >= GL_BLIND &&
			    a[2] >= GL_BLIND)
				continue;
			px[n].q = (int)q;
			px[n].x = (x - cx) / rad;
			px[n].y = (y - cy) / rad;
			for (int c = 0; c < 3; c++)
				px[n].d[c] = a[c] / g[c] - e[q * 3 + c];
			floor[n] = dist <= 0.94;
			*nfloor += floor[n];
			n++;
		}
	return n;
}

double read_glare_area(const struct cam_reader *r, const struct cam_image *f,
		       int i, int shift, const double *g)
{
	const struct zone *z = &r->zone[i];
	int bw = z->x1 - z->x0 + 6, bh = z->y1 - z->y0 + 6, n, nfloor;
	struct gl_px *px = malloc(sizeof(*px) * (size_t)bw * (size_t)bh);
	char *fl = malloc((size_t)bw * (size_t)bh);
	char *w = malloc((size_t)bw * (size_t)bh);
	double c[3][GL_TERMS], area = -1;
	PIX *pix = NULL, *clean = NULL;

	if (px == NULL || fl == NULL || w == NULL)
		goto out;
	n = gather(r, f, i, shift, g, px, fl, &nfloor);
	if (n < 4 * GL_TERMS || nfloor < z->floor / 2)
		goto out;
	memset(w, 1, (size_t)n);
	if (fit_all(px, n, w, c) < 0)
		goto out;
	pix = pixCreate(z->x1 - z->x0, z->y1 - z->y0, 1);
	if (pix == NULL)
		goto out;
	for (int k = 0; k < n; k++) {
		int x = px[k].q % r->w - z->x0, y = px[k].q / r->w - z->y0;

		if (fl[k] && x >= 0 && y >= 0 && x < z->x1 - z->x0 &&
		    y < z->y1 - z->y0 && sum_off(&px[k], c) > GL_DIFF)
			pixSetPixel(pix, x, y, 1);
	}
	clean = pixOpenBrick(NULL, pix, 3, 3);
	if (clean != NULL) {
		l_int32 kept = 0;

		pixCountPixels(clean, &kept, NULL);
		area = kept;
	}
out:
	pixDestroy(&pix);
	pixDestroy(&clean);
	free(px);
	free(fl);
	free(w);
	return area;
}
