/*
 * calib_find.c - the places of a board found in a photo of it empty,
 * and the overlay that shows them back. Pits and stores are hollows,
 * darker than the board around them: pixels darker than the mean of a
 * wide window around them (which follows a lighting gradient), cleaned
 * and parted into connected components by leptonica; round ones of one
 * size are the pits, the two long ones the stores.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <leptonica/allheaders.h>

#include "camera/calib.h"
#include "camera/calib_layout.h"

/* Sum of grey over the rectangle [x0,x1) x [y0,y1) from the integral. */
static double box_sum(const double *ii, int w, int x0, int y0, int x1,
		      int y1)
{
	size_t W = (size_t)w + 1;

	return ii[(size_t)y1 * W + (size_t)x1] - ii[(size_t)y0 * W + (size_t)x1] -
	       ii[(size_t)y1 * W + (size_t)x0] + ii[(size_t)y0 * W + (size_t)x0];
}

/* Integral images: of grey, and of grey and count over the pixels at
 * or above a threshold `lit` (NULL: all). */
static void integrate(const struct cam_image *img, const float *lit,
		      double *ii, double *nn)
{
	int w = img->w, h = img->h;
	size_t W = (size_t)w + 1;

	for (int y = 0; y < h; y++) {
		double row = 0, cnt = 0;

		for (int x = 0; x < w; x++) {
			const unsigned char *p = cam_px(img, x, y);
			double g = p[0] + p[1] + p[2];
			size_t at = (size_t)(y + 1) * W + (size_t)x + 1;

			if (lit == NULL || g >= lit[(size_t)y * w + x]) {
				row += g;
				cnt += 1;
			}
			ii[at] = ii[at - W] + row;
			if (nn != NULL)
				nn[at] = nn[at - W] + cnt;
		}
	}
}

/* The mean over the window of radius r around (x, y). */
static double window(const double *ii, const double *nn, int w, int h,
		     int x, int y, int r)
{
	int x0 = x - r < 0 ? 0 : x - r, x1 = x + r + 1 > w ? w : x + r + 1;
	int y0 = y - r < 0 ? 0 : y - r, y1 = y + r + 1 > h ? h : y + r + 1;
	double n = nn != NULL ? box_sum(nn, w, x0, y0, x1, y1) :
		   (double)(x1 - x0) * (y1 - y0);

	return n > 0 ? box_sum(ii, w, x0, y0, x1, y1) / n : 0;
}

/* The image's grey closed by a square wider than a place: the board's
 * top with its hollows filled in (8 bpp), or NULL. */
static PIX *closed_grey(const struct cam_image *img)
{
	PIX *g = pixCreate(img->w, img->h, 8), *c;
	int side = (img->w / 9) | 1;

	if (g == NULL)
		return NULL;
	for (int y = 0; y < img->h; y++)
		for (int x = 0; x < img->w; x++) {
			const unsigned char *p = cam_px(img, x, y);

			pixSetPixel(g, x, y, (l_uint32)((p[0] + p[1] + p[2]) / 3));
		}
	c = pixCloseGray(g, side, side);
	pixDestroy(&g);
	return c;
}

/*
 * 1 bpp: the pixels darker than the lit surface around them: the mean
 * of a wide window's pixels that are at or above the window's own mean
 * (the board's top, not the dark cloth or the hollows beside it, so that
 * a board small in the view, or a dark cloth, does not hide its pits);
 * with `glare`, instead, those darker by a sixth than the board's top
 * closed over them, which follows a lamp's glare where the wide window
 * does not (the glare's halo would read as darker than its peak).
 */
static PIX *hollows(const struct cam_image *img, int glare)
{
	int w = img->w, h = img->h, r = w / 8;
	size_t W = (size_t)w + 1, N = W * ((size_t)h + 1);
	double *ii = calloc(N, sizeof(*ii)), *lt = calloc(N, sizeof(*lt));
	double *nn = calloc(N, sizeof(*nn));
	float *mean = calloc((size_t)w * (size_t)h, sizeof(float));
	PIX *pix = pixCreate(w, h, 1), *top = glare ? closed_grey(img) : NULL;

	if (ii == NULL || lt == NULL || nn == NULL || mean == NULL ||
	    pix == NULL || (glare && top == NULL)) {
		pixDestroy(&pix);
		goto out;
	}
	integrate(img, NULL, ii, NULL);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			mean[(size_t)y * w + x] =
				(float)window(ii, NULL, w, h, x, y, r);
	integrate(img, mean, lt, nn);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			double lit = window(lt, nn, w, h, x, y, r);
			double here = window(ii, NULL, w, h, x, y, 2);
			l_uint32 c = 0;

			if (top != NULL)
				pixGetPixel(top, x, y, &c);
			if (top != NULL ? here < 0.83 * 3.0 * c : here < 0.8 * lit)
				pixSetPixel(pix, x, y, 1);
		}
out:
	pixDestroy(&top);
	free(ii);
	free(lt);
	free(nn);
	free(mean);
	return pix;
}

/* The components of `mask` large enough to be a place. */
static int blobs(PIX *mask, struct cam_blob *out, int cap)
{
	PIX *clean = pixOpenBrick(NULL, mask, 5, 5), *closed;
	BOXA *boxa;
	PIXA *pixa = NULL;
	int n = 0, w = (int)pixGetWidth(mask), h = (int)pixGetHeight(mask);

	if (clean == NULL)
		return 0;
	closed = pixCloseBrick(NULL, clean, 5, 5);
	pixDestroy(&clean);
	if (closed == NULL)
		return 0;
	boxa = pixConnComp(closed, &pixa, 8);
	for (int i = 0; boxa != NULL && i < boxaGetCount(boxa) && n < cap; i++) {
		l_int32 x, y, bw, bh, count;
		PIX *p = pixaGetPix(pixa, i, L_CLONE);

		boxaGetBoxGeometry(boxa, i, &x, &y, &bw, &bh);
		pixCountPixels(p, &count, NULL);
		pixDestroy(&p);
		/* a place fills most of its box (a round pit, a long
		 * store); the shade along a board's edge does not */
		if ((double)count < (double)w * h / 3000 || x <= 0 || y <= 0 ||
		    x + bw >= w || y + bh >= h || count < 0.55 * bw * bh)
			continue;
		out[n++] = (struct cam_blob){ x + bw / 2.0, y + bh / 2.0, bw,
					      bh, count, 0 };
	}
	boxaDestroy(&boxa);
	pixaDestroy(&pixa);
	pixDestroy(&closed);
	return n;
}

static int by_area(const void *a, const void *b)
{
	const struct cam_blob *p = a, *q = b;
	double d = q->w * q->h - p->w * p->h;

	return (d > 0) - (d < 0);
}

static int by_x(const void *a, const void *b)
{
	double d = ((const struct cam_blob *)a)->x - ((const struct cam_blob *)b)->x;

	return (d > 0) - (d < 0);
}

static void set_place(struct cam_calib *c, int at, const char *name,
		      const struct cam_blob *b, int store, double s)
{
	struct cam_place *p = &c->place[at];

	snprintf(p->name, sizeof(p->name), "%s", name);
	p->store = store;
	p->x = (b->x + 0.5) * s;
	p->y = (b->y + 0.5) * s;
	p->rx = b->w / 2 * s;
	p->ry = b->h / 2 * s;
	if (!store)
		p->rx = p->ry = (b->w + b->h) / 4 * s;
}

/* The pits (of one size, at most 2 * pits, into *npits) and the long
 * blobs that may be stores among the blobs: how many of the latter. */
static int sort_out(const struct cam_blob *b, int n, int pits,
		    struct cam_blob *pit, int *npits, struct cam_blob *store)
{
	int np = 0, ns = 0;
	double median;

	for (int i = 0; i < n; i++) {
		double lo = b[i].w < b[i].h ? b[i].w : b[i].h;
		double hi = b[i].w < b[i].h ? b[i].h : b[i].w;

		if (hi / lo < 1.35 && np < 4 * pits)
			pit[np++] = b[i];
		else if (hi / lo >= 1.6 && ns < 2 * pits)
			store[ns++] = b[i];
	}
	qsort(pit, (size_t)np, sizeof(*pit), by_area);
	qsort(store, (size_t)ns, sizeof(*store), by_area);
	/* One size: their boxes (a hollow's shading may leave part of
	 * its floor out of the blob, never its rim). */
	median = np > 0 ? pit[np / 2].w * pit[np / 2].h : 0;
	n = 0;
	for (int i = 0; i < np; i++) {
		double box = pit[i].w * pit[i].h;

		if (box > 0.6 * median && box < 1.6 * median)
			pit[n++] = pit[i];
	}
	if (n > 2 * pits)	/* the roundest of one size first */
		n = 2 * pits;
	*npits = n;
	return ns;
}

/* The mean grey over the ring of radii [r0, r1) around (x, y). */
static double ring_mean(const struct cam_image *img, double x, double y,
			double r0, double r1)
{
	double sum = 0;
	int n = 0;

	for (int v = (int)(y - r1); v <= (int)(y + r1) + 1; v++)
		for (int u = (int)(x - r1); u <= (int)(x + r1) + 1; u++) {
			double d = hypot(u + 0.5 - x, v + 0.5 - y);

			if (d < r0 || d >= r1 || u < 0 || v < 0 || u >= img->w ||
			    v >= img->h)
				continue;
			const unsigned char *p = cam_px(img, u, v);

			sum += p[0] + p[1] + p[2];
			n++;
		}
	return n ? sum / n : 0;
}

/* Each pit moved and sized to where its rim is sharpest: the board
 * just outside brightest against the hollow just inside. A blob may
 * have lost part of a shaded floor; its rim is where the light
 * changes. */
static void refine_pits(struct cam_calib *c, int npits)
{
	double s = c->shrink, rmed = 0;

	for (int i = 0; i < npits; i++)
		rmed += c->place[i].rx / s / npits;
	for (int i = 0; i < npits; i++) {
		struct cam_place *p = &c->place[i];
		double bx = p->x / s, by = p->y / s, br = rmed, best = -1e9;
		double x0 = bx, y0 = by;

		for (double r = 0.85 * rmed; r <= 1.15 * rmed; r += 0.5)
			for (double dy = -5; dy <= 5; dy += 1)
				for (double dx = -5; dx <= 5; dx += 1) {
					double out = ring_mean(&c->empty, x0 + dx, y0 + dy, r, r + 3);
					double in = ring_mean(&c->empty, x0 + dx, y0 + dy, r - 3, r);

					if (out - in > best) {
						best = out - in;
						bx = x0 + dx;
						by = y0 + dy;
						br = r;
					}
				}
		p->x = bx * s;
		p->y = by * s;
		p->rx = p->ry = br * s;
	}
}

/* The stores: the largest long hollow beyond each end of the rows,
 * level with them (not the shade along the board's edges), into
 * store[0] (left) and store[1]. -1 with why when one is missing. */
static int pick_stores(struct cam_blob *store, int ns,
		       struct cam_blob row[2][CAM_ROW_MAX],
		       int pits, char *err, size_t errlen)
{
	double top = row[1][0].y - row[1][0].h, bot = row[0][0].y + row[0][0].h;
	double left = row[0][0].x < row[1][0].x ? row[0][0].x : row[1][0].x;
	double right = row[0][pits - 1].x > row[1][pits - 1].x ?
		       row[0][pits - 1].x : row[1][pits - 1].x;
	struct cam_blob pick[2];
	int got[2] = { 0, 0 };

	for (int i = 0; i < ns; i++) {	/* largest first */
		const struct cam_blob *b = &store[i];
		int side = b->x < left ? 0 : b->x > right ? 1 : -1;

		if (side < 0 || got[side] || b->y < top || b->y > bot ||
		    b->h < b->w)
			continue;
		pick[side] = *b;
		got[side] = 1;
	}
	if (!got[0] || !got[1]) {
		snprintf(err, errlen, "found no store %s of the pits: check "
			 "the lighting and the view, or give the places in a "
			 "file (--places)", got[0] ? "right" : "left");
		return -1;
	}
	store[0] = pick[0];
	store[1] = pick[1];
	return 0;
}

/* The rows of a board whose every pit was seen: parted at their mean
 * height, and its stores. */
static int rows_seen(struct cam_blob *pit, int np, struct cam_blob *store,
		     int ns, int pits, struct cam_blob row[2][CAM_ROW_MAX],
		     char *err, size_t errlen)
{
	double ymid = 0;
	int nr[2] = { 0, 0 };

	if (np != 2 * pits || ns < 2) {
		snprintf(err, errlen, "found %d pits and %d stores, expected "
			 "%d and 2: check the lighting and the view, or give "
			 "the places in a file (--places)", np, ns > 2 ? 2 : ns,
			 2 * pits);
		return -1;
	}
	for (int i = 0; i < 2 * pits; i++)
		ymid += pit[i].y / (2 * pits);
	for (int i = 0; i < 2 * pits; i++) {
		int r = pit[i].y > ymid ? 0 : 1;

		row[r][nr[r]++] = pit[i];
	}
	if (nr[0] != pits || nr[1] != pits) {
		snprintf(err, errlen, "the pits are not in two rows of %d "
			 "(%d below, %d above)", pits, nr[0], nr[1]);
		return -1;
	}
	qsort(row[0], (size_t)pits, sizeof(**row), by_x);
	qsort(row[1], (size_t)pits, sizeof(**row), by_x);
	return pick_stores(store, ns, row, pits, err, errlen);
}

/* The stores of one size: one much shorter than the other (a lamp's
 * glare over its end) is put opposite the other across the rows'
 * centre, its size the other's. */
static void even_stores(struct cam_blob row[2][CAM_ROW_MAX], int pits,
			struct cam_blob ends[2])
{
	double cy = 0;
	int k = ends[0].h < ends[1].h ? 0 : 1;
	const struct cam_blob *o = &ends[1 - k];

	if (ends[k].h > 0.85 * o->h)
		return;
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < pits; i++)
			cy += row[r][i].y / (2 * pits);
	ends[k].y = 2 * cy - o->y;
	ends[k].w = o->w;
	ends[k].h = o->h;
	ends[k].placed = 1;
}

/* The places from the hollows of the empty board: `glare`, a second
 * look for hollows a lamp lights as much as the board around them;
 * `fit`, the rows' layout fitted to the pits seen, those hidden placed
 * by it. */
static int find(struct cam_calib *c, int pits, const char *const *names,
		int glare, int fit, char *err, size_t errlen)
{
	struct cam_blob b[256], pit[256], store[128], row[2][CAM_ROW_MAX];
	struct cam_blob ends[2];
	double s = c->shrink;
	int n, ns, np, rc;
	PIX *mask;

	if (pits < 1 || 2 * pits + 2 > CAM_PLACES_MAX || pits > CAM_ROW_MAX ||
	    c->empty.rgb == NULL) {
		snprintf(err, errlen, "no empty board or no pits to find");
		return -1;
	}
	mask = hollows(&c->empty, glare);
	if (mask == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = blobs(mask, b, 256);
	pixDestroy(&mask);
	ns = sort_out(b, n, pits, pit, &np, store);
	if (fit)
		rc = cam_layout_fit(pit, np, store, ns, pits, row, ends, err,
				    errlen);
	else
		rc = rows_seen(pit, np, store, ns, pits, row, err, errlen);
	if (rc < 0)
		return -1;
	if (!fit)
		memcpy(ends, store, sizeof(ends));
	even_stores(row, pits, ends);
	if (cam_layout_stores_check(row, pits, ends, err, errlen) < 0)
		return -1;
	c->nplaces = 2 * pits + 2;
	for (int i = 0; i < pits; i++) {
		set_place(c, i, names[i], &row[0][i], 0, s);
		set_place(c, pits + i, names[pits + i], &row[1][pits - 1 - i],
			  0, s);
	}
	set_place(c, 2 * pits, names[2 * pits], &ends[1], 1, s);
	set_place(c, 2 * pits + 1, names[2 * pits + 1], &ends[0], 1, s);
	refine_pits(c, 2 * pits);
	return 0;
}

int cam_calib_find(struct cam_calib *c, int pits, const char *const *names,
		   char *err, size_t errlen)
{
	char first[300];

	/* A lamp's glare may hide a hollow from the first look: then a
	 * second, less exact one; then the rows' layout fitted to the
	 * pits either look found, placing those the glare hid. */
	if (find(c, pits, names, 0, 0, first, sizeof(first)) == 0 ||
	    find(c, pits, names, 1, 0, err, errlen) == 0 ||
	    find(c, pits, names, 0, 1, err, errlen) == 0 ||
	    find(c, pits, names, 1, 1, err, errlen) == 0)
		return 0;
	snprintf(err, errlen, "%s", first);
	return -1;
}

/* ------------------------------------------------------------ overlay */

static void dot(struct cam_image *img, int x, int y, int r,
		const unsigned char *col)
{
	for (int v = -r; v <= r; v++)
		for (int u = -r; u <= r; u++)
			if (u * u + v * v <= r * r && x + u >= 0 &&
			    y + v >= 0 && x + u < img->w && y + v < img->h)
				memcpy(cam_px(img, x + u, y + v), col, 3);
}

void cam_calib_draw(const struct cam_calib *c, struct cam_image *img,
		    const int *doubt)
{
	static const unsigned char green[3] = { 40, 230, 60 };
	static const unsigned char red[3] = { 250, 30, 30 };
	static const unsigned char orange[3] = { 255, 150, 0 };
	double k = c->w > 0 ? (double)img->w / c->w : 1, washed[CAM_PLACES_MAX];
	int t = img->w > 900 ? 2 : 1;

	cam_calib_washed(c, washed, NULL);
	for (int i = 0; i < c->nplaces; i++) {
		const struct cam_place *p = &c->place[i];
		const unsigned char *col = doubt != NULL && doubt[i] ? red :
					   washed[i] > CAM_WASHED ? orange : green;
		int steps = (int)(8 * (p->rx + p->ry) * k) + 16;

		for (int a = 0; a < steps; a++) {
			double th = 2 * M_PI * a / steps, u = cos(th), v = sin(th);

			if (p->store) {	/* the superellipse's outline */
				u = u < 0 ? -sqrt(-u) : sqrt(u);
				v = v < 0 ? -sqrt(-v) : sqrt(v);
			}
			dot(img, (int)lround((p->x + p->rx * u) * k),
			    (int)lround((p->y + p->ry * v) * k), t, col);
		}
		dot(img, (int)lround(p->x * k), (int)lround(p->y * k),
		    i == 0 ? 4 * t : t, col);
	}
}
