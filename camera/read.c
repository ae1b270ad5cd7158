/*
 * read.c - a still frame read place by place (see read.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <leptonica/allheaders.h>

#include "camera/read_impl.h"
#include "camera/read_lamp.h"

#define HAND_SHARE 0.02		/* bare board changed: something over it */
#define MOVED_SHARE 0.40	/* ... so much, still: moved or covered */
#define MOVED_RINGS 0.7	/* ... around most places: moved */
#define SEED_AREA_MIN 25	/* photo pixels: a quarter of the least seed (10 by 10) */

/* Every pixel's place (with a margin) and the rings of bare board. */
static int map_places(struct cam_reader *r)
{
	const struct cam_calib *c = r->c;
	double s = c->shrink;

	for (int i = 0; i < c->nplaces; i++) {
		const struct cam_place *p = &c->place[i];
		struct zone *z = &r->zone[i];
		int x0 = (int)((p->x - 1.4 * p->rx) / s), x1 = (int)((p->x + 1.4 * p->rx) / s) + 1;
		int y0 = (int)((p->y - 1.4 * p->ry) / s), y1 = (int)((p->y + 1.4 * p->ry) / s) + 1;

		x0 = x0 < 0 ? 0 : x0;
		y0 = y0 < 0 ? 0 : y0;
		x1 = x1 > r->w ? r->w : x1;
		y1 = y1 > r->h ? r->h : y1;
		z->ring = malloc(sizeof(int) * (size_t)((x1 - x0) * (y1 - y0) + 1));
		z->band = malloc(sizeof(int) * (size_t)((x1 - x0) * (y1 - y0) + 1));
		if (z->ring == NULL || z->band == NULL)
			return -1;
		z->x0 = r->w;
		z->y0 = r->h;
		z->x1 = z->y1 = 0;
		for (int y = y0; y < y1; y++)
			for (int x = x0; x < x1; x++) {
				double d = cam_place_distance(p, (x + 0.5) * s, (y + 0.5) * s);

				if (d <= 1.12)
					r->owner[y * r->w + x] = (unsigned char)(i + 1);
				if (d > 0.94)
					continue;
				z->floor++;
				z->x0 = x < z->x0 ? x : z->x0;
				z->y0 = y < z->y0 ? y : z->y0;
				z->x1 = x + 1 > z->x1 ? x + 1 : z->x1;
				z->y1 = y + 1 > z->y1 ? y + 1 : z->y1;
			}
	}
	for (int i = 0; i < c->nplaces; i++) {
		const struct cam_place *p = &c->place[i];
		struct zone *z = &r->zone[i];
		int x0 = (int)((p->x - 1.4 * p->rx) / s), x1 = (int)((p->x + 1.4 * p->rx) / s) + 1;
		int y0 = (int)((p->y - 1.4 * p->ry) / s), y1 = (int)((p->y + 1.4 * p->ry) / s) + 1;

		z->first = -1;
		for (int y = y0 < 0 ? 0 : y0; y < y1 && y < r->h; y++)
			for (int x = x0 < 0 ? 0 : x0; x < x1 && x < r->w; x++) {
				double d = cam_place_distance(p, (x + 0.5) * s, (y + 0.5) * s);

				if (d > 1.15 && d < 1.38 && r->owner[y * r->w + x] == 0)
					z->ring[z->nring++] = y * r->w + x;
				if (z->first < 0)
					z->first = y * r->w + x;
				z->last = y * r->w + x;
				if (d > 0.8 && d < 1.3 && (x + y) % 2 == 0 &&
				    (r->owner[y * r->w + x] == 0 ||
				     r->owner[y * r->w + x] == i + 1))
					z->band[z->nband++] = y * r->w + x;
			}
	}
	return 0;
}

/* The box around the places' floors: the board. */
static const int *places_box(const struct cam_reader *r, int *box)
{
	box[0] = r->w;
	box[1] = r->h;
	box[2] = box[3] = 0;
	for (int i = 0; i < r->c->nplaces; i++) {
		const struct zone *z = &r->zone[i];

		box[0] = z->x0 < box[0] ? z->x0 : box[0];
		box[1] = z->y0 < box[1] ? z->y0 : box[1];
		box[2] = z->x1 > box[2] ? z->x1 : box[2];
		box[3] = z->y1 > box[3] ? z->y1 : box[3];
	}
	return box;
}

/* The empty board's 3x3 extremes, and the bare pixels to sample. */
static int map_board(struct cam_reader *r)
{
	const struct cam_image *e = &r->c->empty;
	int n = r->w * r->h, box[4];

	r->lo = malloc((size_t)n * 3);
	r->hi = malloc((size_t)n * 3);
	r->edges = malloc(sizeof(int) * (size_t)n / 4 + 1);
	r->bare = malloc(sizeof(int) * (size_t)n / 4 + 1);
	if (r->lo == NULL || r->hi == NULL || r->edges == NULL || r->bare == NULL)
		return -1;
	for (int y = 0; y < r->h; y++)
		for (int x = 0; x < r->w; x++)
			for (int k = 0; k < 3; k++) {
				int mn = 255, mx = 0;

				for (int v = y > 0 ? -1 : 0; v <= 1 && y + v < r->h; v++)
					for (int u = x > 0 ? -1 : 0; u <= 1 && x + u < r->w; u++) {
						int q = cam_px(e, x + u, y + v)[k];

						mn = q < mn ? q : mn;
						mx = q > mx ? q : mx;
					}
				r->lo[(y * r->w + x) * 3 + k] = (unsigned char)mn;
				r->hi[(y * r->w + x) * 3 + k] = (unsigned char)mx;
			}
	for (int y = SHIFT_MAX + 1; y < r->h - SHIFT_MAX - 1; y += 2)
		for (int x = SHIFT_MAX + 1; x < r->w - SHIFT_MAX - 1; x += 2) {
			int i = y * r->w + x;

			if (r->owner[i] == 0)
				r->bare[r->nbare++] = i;
		}
	read_pick_edges(r);
	r->lamp = cam_lamp_learn(e, r->bare, r->nbare, places_box(r, box));
	return r->lamp != NULL ? 0 : -1;
}

void cam_reader_close(struct cam_reader *r)
{
	if (r == NULL)
		return;
	for (int i = 0; i < CAM_PLACES_MAX; i++) {
		free(r->zone[i].ring);
		free(r->zone[i].band);
	}
	free(r->owner);
	free(r->edges);
	free(r->bare);
	free(r->lo);
	free(r->hi);
	free(r->lamp);
	free(r->glare);
	cam_edges_close(r->outline);
	free(r);
}

struct cam_reader *cam_reader_open(const struct cam_calib *calib)
{
	struct cam_reader *r = calloc(1, sizeof(*r));

	if (r == NULL)
		return NULL;
	r->c = calib;
	r->w = calib->empty.w;
	r->h = calib->empty.h;
	r->owner = calloc((size_t)r->w * (size_t)r->h, 1);
	r->outline = cam_edges_open(&calib->empty);
	r->glare = malloc((size_t)r->w * (size_t)r->h);
	if (r->owner == NULL || r->outline == NULL || r->glare == NULL ||
	    map_places(r) < 0 || map_board(r) < 0) {
		cam_reader_close(r);
		return NULL;
	}
	cam_calib_washed(calib, r->washed, r->touched);
	read_map_glare(r);
	return r;
}

/* ------------------------------------------------------------ places */

static int by_value(const void *a, const void *b)
{
	double d = *(const double *)a - *(const double *)b;

	return (d > 0) - (d < 0);
}

/* The gains at place i: the ring of bare board around it, where enough
 * of it is bare and near the plane; else the plane's. */
static void place_gain(const struct cam_reader *r, const struct cam_image *f,
		       int i, int shift, const struct light *l, double *g)
{
	const struct cam_place *p = &r->c->place[i];
	const struct zone *z = &r->zone[i];
	const struct cam_image *e = &r->c->empty;
	double X = p->x / r->c->w, Y = p->y / r->c->h;
	double *v = malloc(sizeof(double) * (size_t)(z->nring + 1));

	for (int k = 0; k < 3; k++) {
		int n = 0;

		g[k] = read_gain(l, k, X, Y);
		for (int j = 0; v != NULL && j < z->nring; j++) {
			int q = z->ring[j];
			double ratio = (f->rgb[(q + shift) * 3 + k] + 1.0) /
				       (e->rgb[q * 3 + k] + 1.0);

			if (fabs(ratio / g[k] - 1) < 0.5)
				v[n++] = ratio;
		}
		if (n > z->nring / 2 && n >= 8) {
			qsort(v, (size_t)n, sizeof(*v), by_value);
			g[k] = v[n / 2];
		}
	}
	free(v);
}

#define LOCAL_MAX 2	/* pixels a place may lie off the board's shift */
#define LOCAL_CAP 90	/* a pixel's mismatch counts up to this much */

/*
 * The shift that fits place i best, within LOCAL_MAX pixels of the
 * board's `shift` (fitted to the bare board's edges, which a turn of
 * the camera, defocus or glare leave off the pits by a pixel or more):
 * a pit matched three pixels off shows its wall as a crescent along its
 * floor's edge, of about a seed's area, read as a seed. The wall and rim around the floor are matched against the
 * empty board's, each pixel's mismatch capped so that the seeds lying
 * against the wall weigh little.
 */
static int place_shift(const struct cam_reader *r, const struct cam_image *f,
		       int i, int shift, const struct light *l)
{
	const struct cam_place *p = &r->c->place[i];
	const struct zone *z = &r->zone[i];
	const struct cam_image *e = &r->c->empty;
	double X = p->x / r->c->w, Y = p->y / r->c->h, best = -1;
	double g[3] = { read_gain(l, 0, X, Y), read_gain(l, 1, X, Y),
			read_gain(l, 2, X, Y) };
	long n = (long)r->w * r->h;
	int out = shift;

	for (int v = -LOCAL_MAX; v <= LOCAL_MAX; v++)
		for (int u = -LOCAL_MAX; u <= LOCAL_MAX; u++) {
			int s = shift + v * r->w + u;
			double cost = 0;

			if (z->first + s < 0 || z->last + s >= n)
				continue;
			for (int j = 0; j < z->nband; j++) {
				long q = z->band[j], k = q + s;
				const unsigned char *a, *b = e->rgb + q * 3;
				double d = 0;

				k = k < 0 ? 0 : k >= n ? n - 1 : k;
				a = f->rgb + k * 3;
				for (int c = 0; c < 3; c++)
					d += fabs(a[c] / g[c] - b[c]);
				cost += d < LOCAL_CAP ? d : LOCAL_CAP;
			}
			cost *= 1 + 0.02 * (abs(u) + abs(v));
			if (best < 0 || cost < best) {
				best = cost;
				out = s;
			}
		}
	return out;
}

/* Place i's seed pixels, cleaned, as a 1 bpp image of its box; the
 * pixels that differ before the cleaning into *raw, and those the
 * cleaning took away into *shed. */
static PIX *seed_mask(const struct cam_reader *r, const struct cam_image *f,
		      int i, int shift, const double *g, int open,
		      l_int32 *raw, l_int32 *shed)
{
	const struct zone *z = &r->zone[i];
	PIX *pix = pixCreate(z->x1 - z->x0, z->y1 - z->y0, 1), *clean;
	const struct cam_place *p = &r->c->place[i];
	double s = r->c->shrink;

	if (pix == NULL)
		return NULL;
	for (int y = z->y0; y < z->y1; y++)
		for (int x = z->x0; x < z->x1; x++)
			if (cam_place_distance(p, (x + 0.5) * s, (y + 0.5) * s) <= 0.94 &&
			    read_differs(r, f, y * r->w + x, shift, g))
				pixSetPixel(pix, x - z->x0, y - z->y0, 1);
	pixCountPixels(pix, raw, NULL);
	clean = open ? pixOpenBrick(NULL, pix, 3, 3) : pix;
	*shed = 0;
	if (open && clean != NULL) {
		l_int32 kept = 0;

		pixCountPixels(clean, &kept, NULL);
		*shed = *raw - kept;
	}
	if (open)
		pixDestroy(&pix);
	/* What the outlines enclose, cleaned on their own: specks of
	 * colour noise are not joined into a seed by them. */
	if (clean == NULL ||
	    cam_edges_add(r->outline, f, shift, g, p, s, z->x0, z->y0,
			  clean) < 0) {
		pixDestroy(&clean);
		return NULL;
	}
	return clean;
}

#define PARTS_MAX 48

/* Seed area and the components' areas (the largest PARTS_MAX). */
static void measure(PIX *mask, double *area, double *parts, int *nparts)
{
	PIXA *pixa = NULL;
	BOXA *boxa = pixConnComp(mask, &pixa, 8);
	l_int32 total = 0;

	pixCountPixels(mask, &total, NULL);
	*area = total;
	*nparts = 0;
	for (int k = 0; boxa != NULL && k < boxaGetCount(boxa); k++) {
		PIX *c = pixaGetPix(pixa, k, L_CLONE);
		l_int32 n = 0;

		pixCountPixels(c, &n, NULL);
		pixDestroy(&c);
		if (*nparts < PARTS_MAX)
			parts[(*nparts)++] = n;
	}
	boxaDestroy(&boxa);
	pixaDestroy(&pixa);
}

/*
 * The seeds a place may hold, from its seed area in seeds `x` and its
 * components: none below a tenth of a seed; else at least the
 * components and three quarters of the area, at most a third more than
 * the area and a seed, more where piles hide seeds (over three and a
 * half seeds' area in a pit, and in a store, whose seeds lie in heaps),
 * and no bound once the seeds cover half the floor (`fill`).
 */
static void count_range(double x, int parts, int store, double fill,
			int *lo, int *hi)
{
	if (x < 0.1 && parts == 0) {
		*lo = *hi = 0;
		return;
	}
	if (x < 0.6 && parts <= 1) {
		*lo = 0;
		*hi = 1;
		return;
	}
	*lo = (int)floor(0.75 * x);
	if (*lo < parts)
		*lo = parts;
	if (*lo < 1)
		*lo = 1;
	*hi = (int)ceil(1.3 * x + 0.5);
	/* From about four seeds' area, a seed may lie on others and hide
	 * them, or rest in the shade of the wall: a heap of nine can show
	 * under five seeds' area. */
	if (x > 3.5)
		*hi = (int)ceil(2.2 * x + 2);
	if (store)
		*hi = (int)ceil(2.2 * x + 2);
	/* Seeds over half the floor: a heap, whose hidden seeds no area
	 * tells; the candidate boards will. */
	if (fill > 0.5)
		*hi = CAM_COUNT_MAX;
	if (*hi < *lo)
		*hi = *lo;
}

/* Seeds lying apart: up to four components, each of one seed's area,
 * and nothing else of note (no piece of a seed). A few seeds in a pit settle side by side;
 * then the count is exact. Not where the cleaning shed SHED of a seed's
 * area or more (read_places): a seed the floor's colour, or in the
 * wall's shade, shows only in thin pieces, which the cleaning takes
 * away, and may lie there besides the seeds counted. */
#define SHED 0.3
static int apart(const double *parts, int n, double u, double area)
{
	int k = 0;
	double sum = 0;

	for (int i = 0; i < n; i++) {
		/* a piece of a seed: one whose colour is the floor's, partly
		 * seen; its seeds are not told apart */
		if (parts[i] >= 0.05 * u && parts[i] < 0.45 * u)
			return 0;
		if (parts[i] < 0.3 * u)
			continue;
		/* two seeds touching make a component of 1.4 seeds or
		 * more: not apart */
		if (parts[i] < 0.6 * u || parts[i] > 1.3 * u)
			return 0;
		k++;
		sum += parts[i];
	}
	return k >= 1 && k <= 4 && sum > 0.9 * area &&
	       fabs(area / u - k) < 0.3 * k;
}

/* Components of a seed's area `u` or more: as many seeds at least.
 * Where the seeds show whole (`whole`), so does a component of 0.45 of
 * a seed; where they break into pieces (part the floor's colour, or in
 * the shade), two such count as one seed. */
static int count_parts(const double *parts, int n, double u, int whole)
{
	int k = 0, half = 0;

	for (int i = 0; i < n; i++) {
		k += parts[i] >= 0.6 * u;
		half += parts[i] >= 0.45 * u && parts[i] < 0.6 * u;
	}
	return k + (whole ? half : half / 2);
}

/* Whether the pits' seeds show whole in this frame: few of their
 * components are pieces of a seed (under 0.45 of one). */
static int seeds_whole(const struct cam_reader *r, double parts[][PARTS_MAX],
		       const int *nparts, double u)
{
	int whole = 0, pieces = 0;

	for (int i = 0; i < r->c->nplaces; i++)
		for (int k = 0; !r->c->place[i].store && k < nparts[i]; k++) {
			pieces += parts[i][k] >= 0.05 * u && parts[i][k] < 0.45 * u;
			whole += parts[i][k] >= 0.45 * u;
		}
	return pieces <= 0.2 * (whole + pieces);
}

/* One seed's area: learned, or else guessed from the frame: the
 * median area of the pits' components (a fair guess where most seeds
 * lie apart). */
static double unit_area(const struct cam_reader *r,
			double parts[][PARTS_MAX], const int *nparts)
{
	double s = r->c->shrink, u = r->c->seed_area / (s * s);
	double *a = malloc(sizeof(double) * CAM_PLACES_MAX * PARTS_MAX);
	int n = 0;

	if (u > 0 || a == NULL) {
		free(a);
		return u > 0 ? u : 1e9;
	}
	for (int i = 0; i < r->c->nplaces; i++)
		for (int k = 0; !r->c->place[i].store && k < nparts[i]; k++)
			if (parts[i][k] >= 12)
				a[n++] = parts[i][k];
	if (n > 0) {
		qsort(a, (size_t)n, sizeof(*a), by_value);
		u = a[n / 2];
	}
	free(a);
	return n > 0 ? u : 1e9;
}

/* One piece of a seed alone in a place (a seed the floor's colour seen
 * in part: nothing else is that large once cleaned): at least that
 * seed, and most likely it alone. */
static void lone_piece(struct cam_reading *out, int i, const double *parts,
		       int n, double u)
{
	int piece = 0;

	for (int k = 0; k < n; k++) {
		if (parts[k] >= 0.4 * u && parts[k] < 0.6 * u)
			piece++;
		else if (parts[k] >= 0.05 * u)
			return;
	}
	if (piece != 1)
		return;
	out->lo[i] = 1;
	out->hi[i] = out->hi[i] > 2 ? out->hi[i] : 2;
	out->seeds[i] = 1;
}

/* A place read as empty whose pixels, before the cleaning, differ over
 * `raw` seeds' area, TRACE of a seed or more: a trace of a seed the
 * floor's colour, seen only at its edges (against the wall, in its
 * shade, no more than an eighth of its area may show), or of noise. Not
 * empty for sure: 0 or 1, weighed as half a seed, so that it settles
 * nothing alone. */
#define TRACE 0.12
static void trace(struct cam_reading *out, int i, double raw)
{
	if (out->hi[i] != 0 || raw < TRACE)
		return;
	out->hi[i] = 1;
	out->seeds[i] = 0.5;
}

/*
 * A place the glare lights in part (over CAM_TOUCHED of its floor): the
 * glare adds light, towards white, over its patch alone, so it can only
 * make seeds there (where its light changed since the empty board) or
 * hide them there, or dim their colour against the floor's. Where seed
 * pixels of at least GHOST of a seed lie in the patch, the seeds there
 * are read a seed either way (a ghost of the glare, or seeds seen in
 * part and so joined or split). Elsewhere a seed more only when a whole
 * seed could lie there unseen: the patch could hold one (read_patch_hides(): a
 * seed lying partly in the patch shows the rest of itself, as it does
 * elsewhere, and is read), and the frame is blind (saturated) over
 * HIDDEN of a seed's area there (`blind`): light added to a seed and
 * the floor around it alike leaves the seed's outline and shade as they
 * were, so a whole seed hides only where the sensor saturates.
 * `inpatch`: the seed pixels in the patch, `u` one seed's area.
 */
#define GHOST 0.3
#define HIDDEN (1 - UNSEEN)
static void glare_lit(struct cam_reader *r, struct cam_reading *out,
		      int i, double inpatch, double blind, double u)
{
	struct zone *z = &r->zone[i];

	if (r->touched[i] <= CAM_TOUCHED)
		return;
	if (u >= 1e9)		/* a seed's area not known: either */
		inpatch = z->lit, u = 0;
	if (inpatch >= GHOST * u)
		out->lo[i] = out->lo[i] > 0 ? out->lo[i] - 1 : 0;
	if (u > 0 && z->hides_u != u) {
		z->hides = read_patch_hides(r, i, u);
		z->hides_u = u;
	}
	if ((u == 0 || inpatch >= GHOST * u ||
	     (z->hides && blind >= HIDDEN * u)) && out->hi[i] < CAM_COUNT_MAX)
		out->hi[i]++;
}

/* A place the glare washes out in the empty board: its seeds may not
 * show, so its count has no top and no estimate (a move is decided by
 * the other places, or held); but the glare hides seeds and makes none,
 * so the seeds that still show there are as many at least as the same
 * area shows elsewhere (one from three fifths of a seed's area): that
 * tells a pit with seeds from an empty one. */
static void washed_out(struct cam_reader *r, struct cam_reading *out,
		       int i, double inpatch, double blind, double u)
{
	int seen = out->lo[i];

	glare_lit(r, out, i, inpatch, blind, u);
	if (r->washed[i] <= CAM_WASHED)
		return;
	out->lo[i] = seen;
	out->hi[i] = CAM_COUNT_MAX;
	out->seeds[i] = -1;
}

static int read_places(struct cam_reader *r, const struct cam_image *f,
		       const struct light *l, struct cam_reading *out)
{
	int shift = out->dy * r->w + out->dx, nparts[CAM_PLACES_MAX];
	l_int32 raw[CAM_PLACES_MAX], shed[CAM_PLACES_MAX];
	int whole, inpatch[CAM_PLACES_MAX], blind[CAM_PLACES_MAX];
	double s = r->c->shrink, u0 = r->c->seed_area / (s * s), u;
	double (*parts)[PARTS_MAX] = malloc(sizeof(*parts) * CAM_PLACES_MAX);
	int open = u0 <= 0 || u0 > 40;

	if (parts == NULL)
		return -1;
	for (int i = 0; i < r->c->nplaces; i++) {
		int at = place_shift(r, f, i, shift, l);
		double g[3];
		PIX *mask;

		place_gain(r, f, i, at, l, g);
		mask = seed_mask(r, f, i, at, g, open, &raw[i], &shed[i]);
		if (mask == NULL) {
			free(parts);
			return -1;
		}
		measure(mask, &out->area[i], parts[i], &nparts[i]);
		inpatch[i] = read_in_glare(r, i, mask);
		blind[i] = r->touched[i] > CAM_TOUCHED ?
			   read_blind_pixels(r, f, i, at) : 0;
		pixDestroy(&mask);
		if (r->washed[i] > CAM_WASHED)	/* no guide to a seed's area */
			nparts[i] = 0;
	}
	u = unit_area(r, parts, nparts);
	whole = seeds_whole(r, parts, nparts, u);
	for (int i = 0; i < r->c->nplaces; i++) {
		out->parts[i] = count_parts(parts[i], nparts[i], u, whole);
		out->seeds[i] = out->area[i] / u;
		count_range(out->area[i] / u, out->parts[i],
			    r->c->place[i].store,
			    out->area[i] / (r->zone[i].floor + 1),
			    &out->lo[i], &out->hi[i]);
		if (apart(parts[i], nparts[i], u, out->area[i]) &&
		    shed[i] < SHED * u)
			out->lo[i] = out->hi[i] = out->parts[i];
		lone_piece(out, i, parts[i], nparts[i], u);
		trace(out, i, raw[i] / u);
		washed_out(r, out, i, inpatch[i], blind[i], u);
	}
	free(parts);
	return 0;
}

/* ------------------------------------------------------------ frame */

int cam_read(struct cam_reader *r, const struct cam_image *f,
	     struct cam_reading *out)
{
	struct light l;
	double rings = 0;

	memset(out, 0, sizeof(*out));
	if (f->w != r->w || f->h != r->h) {
		out->status = CAM_READ_BAD;
		snprintf(out->why, sizeof(out->why), "the frame is %dx%d, the "
			 "calibration's working size %dx%d", f->w, f->h, r->w,
			 r->h);
		return 0;
	}
	read_align(r, f, &out->dx, &out->dy);
	read_light(r, f, out->dx, out->dy, &l);
	out->changed = read_bare_changed(r, f, out->dy * r->w + out->dx, &l);
	if (out->changed >= HAND_SHARE)
		rings = read_rings_changed(r, f, out->dy * r->w + out->dx, &l);
	if (out->changed >= MOVED_SHARE || rings >= MOVED_RINGS) {
		out->status = CAM_READ_MOVED;
		snprintf(out->why, sizeof(out->why), "the board moved since "
			 "the calibration, or the view is blocked (%.0f%% of the "
			 "bare board and the rims of %.0f%% of the places "
			 "differ)", 100 * out->changed, 100 * rings);
		return 0;
	}
	if (out->changed >= HAND_SHARE) {
		out->status = CAM_READ_HAND;
		snprintf(out->why, sizeof(out->why), "something over the board "
			 "(%.1f%% of the bare board differs)", 100 * out->changed);
		return 0;
	}
	if (abs(out->dx) >= SHIFT_MAX || abs(out->dy) >= SHIFT_MAX) {
		out->status = CAM_READ_MOVED;
		snprintf(out->why, sizeof(out->why), "the board moved by %d,%d "
			 "pixels or more since the calibration", out->dx,
			 out->dy);
		return 0;
	}
	return read_places(r, f, &l, out);
}

int cam_reader_learn(struct cam_reader *r, struct cam_calib *calib,
		     const struct cam_reading *rd, const int *counts)
{
	double a[CAM_PLACES_MAX], s = calib->shrink;
	int n = 0;

	if (rd->status != CAM_READ_OK)
		return -1;
	for (int i = 0; i < calib->nplaces; i++)
		if (!calib->place[i].store && counts[i] >= 1 &&
		    counts[i] <= 6 && r->washed[i] <= CAM_WASHED)
			a[n++] = rd->area[i] / counts[i];
	if (n < 3)
		return -1;
	qsort(a, (size_t)n, sizeof(*a), by_value);
	/* Seeds that do not show against the empty board (the empty board
	 * itself, or the calibration's own photo, given as the start):
	 * nothing to learn, rather than a size of nothing. */
	if (a[n / 2] * s * s < SEED_AREA_MIN)
		return -1;
	calib->seed_area = a[n / 2] * s * s;
	return 0;
}

int cam_reading_format(const struct cam_reading *rd, const int *order,
		       int n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int k = 0; k < n; k++) {
		int i = order[k], m;

		if (rd->lo[i] == rd->hi[i])
			m = snprintf(buf + used, len - used, "%s%d",
				     k ? " " : "", rd->lo[i]);
		else if (rd->seeds[i] < 0)	/* not read: no estimate */
			m = snprintf(buf + used, len - used, "%s%d-%d",
				     k ? " " : "", rd->lo[i], rd->hi[i]);
		else
			m = snprintf(buf + used, len - used, "%s%d-%d~%.1f",
				     k ? " " : "", rd->lo[i], rd->hi[i],
				     rd->seeds[i] < 999 ? rd->seeds[i] : 999);
		if (m < 0 || (size_t)m >= len - used)
			return -1;
		used += (size_t)m;
	}
	return 0;
}
