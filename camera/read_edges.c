/*
 * read_edges.c - seeds shown by their outlines (see read_edges.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "camera/read_edges.h"

/* A pixel is an outline where its gradient over its brightness is over
 * EDGE_GAIN times the empty board's strongest near it, and EDGE_ABS
 * more: about three times what sensor noise and JPEG make on a bare
 * floor, a third of what a seed's own shading makes. */
#define EDGE_GAIN 1.5
#define EDGE_ABS 0.05
/* The least brightness (sum of the channels) gradients are measured
 * against. */
#define EDGE_DARK 150.0

struct cam_edges {
	int w, h;
	float level;		/* the empty board's usual brightness */
	float *most;		/* the empty board's relative gradient,
				   the most of it within two pixels */
};

static int by_value(const void *a, const void *b)
{
	float d = *(const float *)a - *(const float *)b;

	return (d > 0) - (d < 0);
}

/* The median brightness of `s` (n pixels, sampled), EDGE_DARK at
 * least: the scale of the gradients. */
static float level(const float *s, size_t n)
{
	size_t k = 0, step = n / 4096 + 1;
	float *v = malloc(sizeof(float) * (n / step + 1)), m;

	if (v == NULL)
		return (float)EDGE_DARK;
	for (size_t i = 0; i < n; i += step)
		v[k++] = s[i];
	qsort(v, k, sizeof(*v), by_value);
	m = v[k / 2];
	free(v);
	return m > EDGE_DARK ? m : (float)EDGE_DARK;
}

/* The 3x3 mean of the brightness `v` (w x h) at (x, y), clamped. */
static float mean3(const float *v, int w, int h, int x, int y)
{
	float s = 0;

	for (int b = -1; b <= 1; b++)
		for (int a = -1; a <= 1; a++) {
			int u = x + a < 0 ? 0 : x + a >= w ? w - 1 : x + a;
			int t = y + b < 0 ? 0 : y + b >= h ? h - 1 : y + b;

			s += v[t * w + u];
		}
	return s / 9;
}

/* The gradient of the smoothed brightness `s` (w x h) at each pixel,
 * over the board's usual brightness `level` (a lamp's glare, which adds
 * light, does not hide the seeds' outlines then), into `out` (the
 * border's left 0). */
static void gradient(const float *s, int w, int h, float level, float *out)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			const float *p = s + y * w + x;
			float gx, gy;

			if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
				out[y * w + x] = 0;
				continue;
			}
			gx = (p[-w + 1] + 2 * p[1] + p[w + 1] - p[-w - 1] -
			      2 * p[-1] - p[w - 1]) / 8;
			gy = (p[w - 1] + 2 * p[w] + p[w + 1] - p[-w - 1] -
			      2 * p[-w] - p[-w + 1]) / 8;
			out[y * w + x] = sqrtf(gx * gx + gy * gy) / level;
		}
}

/* The brightness of `rgb` smoothed: each pixel the 3x3 mean. */
static int smooth(const float *v, int w, int h, float *out)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			out[y * w + x] = mean3(v, w, h, x, y);
	return 0;
}

/* The most of `v` within `r` pixels of each pixel, into `out`. */
static void most_near(const float *v, int w, int h, int r, float *out)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			float m = 0;

			for (int b = -r; b <= r; b++)
				for (int a = -r; a <= r; a++) {
					int u = x + a, t = y + b;

					if (u >= 0 && t >= 0 && u < w && t < h &&
					    v[t * w + u] > m)
						m = v[t * w + u];
				}
			out[y * w + x] = m;
		}
}

struct cam_edges *cam_edges_open(const struct cam_image *empty)
{
	struct cam_edges *e = calloc(1, sizeof(*e));
	size_t n = (size_t)empty->w * (size_t)empty->h;
	float *v = calloc(n, sizeof(float)), *s = malloc(sizeof(float) * n);

	if (e == NULL || v == NULL || s == NULL)
		goto fail;
	e->w = empty->w;
	e->h = empty->h;
	e->most = malloc(sizeof(float) * n);
	if (e->most == NULL)
		goto fail;
	for (size_t i = 0; i < n; i++)
		v[i] = (float)(empty->rgb[i * 3] + empty->rgb[i * 3 + 1] +
			       empty->rgb[i * 3 + 2]);
	smooth(v, e->w, e->h, s);
	e->level = level(s, n);
	gradient(s, e->w, e->h, e->level, v);
	most_near(v, e->w, e->h, 2, e->most);
	free(v);
	free(s);
	return e;
fail:
	free(v);
	free(s);
	cam_edges_close(e);
	return NULL;
}

void cam_edges_close(struct cam_edges *e)
{
	if (e == NULL)
		return;
	free(e->most);
	free(e);
}

/* The frame's brightness over the box (x0, y0, w, h) of the working
 * frame, shifted, with the gains taken out. */
static void brightness(const struct cam_edges *e, const struct cam_image *f,
		       int shift, const double *g, int x0, int y0, int w,
		       int h, float *out)
{
	long n = (long)e->w * e->h;

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			int u = x0 + x < 0 ? 0 : x0 + x >= e->w ? e->w - 1 : x0 + x;
			int t = y0 + y < 0 ? 0 : y0 + y >= e->h ? e->h - 1 : y0 + y;
			long i = (long)t * e->w + u + shift;
			const unsigned char *p;

			i = i < 0 ? 0 : i >= n ? n - 1 : i;
			p = f->rgb + i * 3;
			out[y * w + x] = (float)(p[0] / g[0] + p[1] / g[1] +
						 p[2] / g[2]);
		}
}

/* The outline pixels of place p in the box, as a 1 bpp image. */
static PIX *outlines(const struct cam_edges *e, const float *rel, int x0,
		     int y0, int w, int h, const struct cam_place *p,
		     double shrink)
{
	PIX *pix = pixCreate(w, h, 1);

	for (int y = 0; pix != NULL && y < h; y++)
		for (int x = 0; x < w; x++) {
			int u = x0 + x, t = y0 + y;
			float most;

			if (u < 0 || t < 0 || u >= e->w || t >= e->h ||
			    cam_place_distance(p, (u + 0.5) * shrink,
					       (t + 0.5) * shrink) > 0.94)
				continue;
			most = e->most[t * e->w + u];
			if (rel[(y + 2) * (w + 4) + x + 2] >
			    EDGE_GAIN * most + EDGE_ABS)
				pixSetPixel(pix, x, y, 1);
		}
	return pix;
}

/* The blobs the outlines enclose: closed, their holes filled, opened. */
static PIX *blobs(PIX *edges)
{
	PIX *closed = pixCloseBrick(NULL, edges, 3, 3), *holes, *out;

	if (closed == NULL)
		return NULL;
	holes = pixHolesByFilling(closed, 4);
	if (holes != NULL)
		pixOr(closed, closed, holes);
	pixDestroy(&holes);
	out = pixOpenBrick(NULL, closed, 3, 3);
	pixDestroy(&closed);
	return out;
}

int cam_edges_add(const struct cam_edges *e, const struct cam_image *f,
		  int shift, const double *g, const struct cam_place *p,
		  double shrink, int x0, int y0, PIX *mask)
{
	int w = pixGetWidth(mask), h = pixGetHeight(mask);
	size_t n = (size_t)(w + 4) * (size_t)(h + 4);
	float *v = malloc(sizeof(float) * n), *s = malloc(sizeof(float) * n);
	PIX *edges = NULL, *found = NULL;
	l_int32 before = 0, after = 0;

	if (v == NULL || s == NULL)
		goto fail;
	brightness(e, f, shift, g, x0 - 2, y0 - 2, w + 4, h + 4, v);
	smooth(v, w + 4, h + 4, s);
	gradient(s, w + 4, h + 4, e->level, v);
	edges = outlines(e, v, x0, y0, w, h, p, shrink);
	found = edges != NULL ? blobs(edges) : NULL;
	if (found == NULL)
		goto fail;
	pixCountPixels(mask, &before, NULL);
	pixOr(mask, mask, found);
	pixCountPixels(mask, &after, NULL);
	pixDestroy(&edges);
	pixDestroy(&found);
	free(v);
	free(s);
	return after - before;
fail:
	pixDestroy(&edges);
	pixDestroy(&found);
	free(v);
	free(s);
	return -1;
}
