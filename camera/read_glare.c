/*
 * read_glare.c - the glare's patch over the places: which pixels of a
 * place's floor it lights, whether a seed could lie lost in it, and
 * where the frame is too near white for a seed to show.
 */
#include "config.h"

#include <math.h>

#include <leptonica/allheaders.h>

#include "camera/read_impl.h"

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
 * show: washed out in the empty board already (calibration's mark), or
 * near white in any channel in the frame `f` (shifted by `shift`),
 * where neither a seed's colour nor its outline can be trusted to show.
 * Elsewhere the glare's light, added to a seed's and the floor's alike,
 * leaves the seed's rim and shade as they are. */
int read_blind_pixels(const struct cam_reader *r, const struct cam_image *f,
		      int i, int shift)
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
			blind += r->glare[y * r->w + x] == 2 ||
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
