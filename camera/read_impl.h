/*
 * read_impl.h - what the frame reader's parts share (read.c reads the
 * places, read_bare.c the light and the bare board around them).
 */
#ifndef PITBOSS_CAMERA_READ_IMPL_H
#define PITBOSS_CAMERA_READ_IMPL_H

#include "camera/read.h"
#include "camera/read_edges.h"

#define SHIFT_MAX 6		/* working pixels the board may shift */

/* A place's pixels: its floor (inside) and the bare ring around it. */
struct zone {
	int x0, y0, x1, y1;		/* bounding box of the floor */
	int *ring;			/* pixel indices */
	int nring;
	int *band;			/* its wall and rim: pixel indices */
	int nband;
	int first, last;		/* its pixels' least and most index */
	int floor;			/* pixels of its floor */
	int lit;			/* ... the glare lights in the empty
					   board */
	double hides_u;			/* the seed's area it was found for: */
	int hides;			/* a seed may lie there unseen */
};

struct cam_reader {
	const struct cam_calib *c;
	int w, h;
	struct zone zone[CAM_PLACES_MAX];
	unsigned char *owner;		/* per pixel: place + 1, 0: bare */
	int *edges, nedges;		/* bare pixels with contrast: */
	int nedges_x;			/* the first these across x */
	int *bare, nbare;		/* bare pixels, sampled */
	unsigned char *lo, *hi;		/* empty board's 3x3 min and max */
	unsigned char *lamp;		/* its added light, bare pixels */
	struct cam_edges *outline;	/* the empty board's gradients */
	double washed[CAM_PLACES_MAX];	/* its floor washed out by glare */
	double touched[CAM_PLACES_MAX];	/* ... lit by it at all */
	unsigned char *glare;		/* per pixel: the glare's patch
					   (cam_calib_glare) */
};

struct light {
	double g[3][3];		/* per channel: gain = a + b x + c y */
};

static inline int read_grey(const struct cam_image *img, int i)
{
	const unsigned char *p = img->rgb + (size_t)i * 3;

	return p[0] + p[1] + p[2];
}

/* The bare pixels with the most contrast on the empty board, those
 * across x and those across y, into r->edges. */
void read_pick_edges(struct cam_reader *r);
/* The shift of the frame against the empty board that fits best. */
void read_align(const struct cam_reader *r, const struct cam_image *f,
		int *dx, int *dy);
/* The light over the bare board as a plane of gain per channel. */
void read_light(const struct cam_reader *r, const struct cam_image *f,
		int dx, int dy, struct light *l);
/* Channel k's gain at (x, y), each a share of the frame's size. */
double read_gain(const struct light *l, int k, double x, double y);
/* Pixel i of the frame (shifted) against the empty board's around it,
 * with gains g: 1 when it differs. */
int read_differs(const struct cam_reader *r, const struct cam_image *f,
		 int i, int shift, const double *g);
/* The share of the bare board that differs from the empty board, shade
 * and the lamp's added light left out. */
double read_bare_changed(const struct cam_reader *r,
			 const struct cam_image *f, int shift,
			 const struct light *l);
/* The share of places whose ring of bare board differs. */
double read_rings_changed(const struct cam_reader *r,
			  const struct cam_image *f, int shift,
			  const struct light *l);

/* What a place shows of a seed at least, cleaned or not (a trace), in
 * seed areas. */
#define UNSEEN 0.3

/* The glare's patch, and how much of each place's floor it lights
 * (read_glare.c). */
void read_map_glare(struct cam_reader *r);
/* Whether a seed of area `u` may lie on place i's floor lost in the
 * glare's patch. */
int read_patch_hides(const struct cam_reader *r, int i, double u);
/* Pixels of place i's floor in the glare's patch where a seed may not
 * show: washed out in the empty board, or near white in the frame. */
int read_blind_pixels(const struct cam_reader *r, const struct cam_image *f,
		      int i, int shift);
/* Seed pixels of place i's mask (of its box) in the glare's patch. */
struct Pix;
int read_in_glare(const struct cam_reader *r, int i, struct Pix *mask);

#endif
