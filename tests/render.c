/*
 * render.c - synthetic board photos (see render.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tests/render.h"

struct rng {
	unsigned long long s;
};

static double uniform(struct rng *r)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (double)(r->s >> 11) / 9007199254740992.0;
}

static double gauss(struct rng *r)
{
	double u = uniform(r) + 1e-12, v = uniform(r);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

struct canvas {
	int w, h;
	float *p;			/* RGB */
};

static float *at(struct canvas *c, int x, int y)
{
	return c->p + ((size_t)y * (size_t)c->w + (size_t)x) * 3;
}

/* The geometry of the board, in pixels of the frame. */
struct layout {
	double bx0, by0, bx1, by1;	/* the board */
	double px[2][16], py[2];	/* pit centres per row */
	double r;			/* pit radius */
	double step;			/* between pit centres */
	double sx[2], sy, srx, sry;	/* stores: right (first), left */
};

static void layout(const struct render_scene *s, struct layout *l)
{
	double k = s->scale > 0 ? s->scale : 1;
	double w = s->w * k, h = s->h * k, step, ox = s->w / 2.0 - w / 2,
	       oy = s->h / 2.0 - h / 2;

	l->bx0 = ox + 0.05 * w;
	l->bx1 = ox + 0.95 * w;
	l->by0 = oy + 0.24 * h;
	l->by1 = oy + 0.76 * h;
	l->srx = 0.04 * w;
	l->sry = 0.2 * h;
	l->sx[0] = l->bx1 - 0.065 * w;
	l->sx[1] = l->bx0 + 0.065 * w;
	l->sy = oy + 0.5 * h;
	step = (l->sx[0] - l->sx[1] - 2 * l->srx) / (s->pits + 0.4);
	l->r = 0.36 * step;
	l->step = step;
	if (l->r > 0.1 * h)
		l->r = 0.1 * h;
	l->py[0] = oy + 0.5 * h + 0.115 * h;
	l->py[1] = oy + 0.5 * h - 0.115 * h;
	for (int i = 0; i < s->pits; i++) {
		double x = l->sx[1] + l->srx + step * (0.7 + i);

		l->px[0][i] = x;			/* first row: left to right */
		l->px[1][s->pits - 1 - i] = x;		/* second: right to left */
	}
}

void render_places(const struct render_scene *s, const char *const *names,
		   struct cam_calib *c)
{
	struct layout l;
	int n = s->pits;

	layout(s, &l);
	c->w = s->w;
	c->h = s->h;
	c->nplaces = 2 * n + 2;
	for (int i = 0; i < 2 * n + 2; i++) {
		struct cam_place *p = &c->place[i];
		int row = i / n;

		strncpy(p->name, names[i], sizeof(p->name) - 1);
		if (i < 2 * n) {
			p->store = 0;
			p->x = l.px[row][i % n];
			p->y = l.py[row];
			p->rx = p->ry = l.r;
		} else {
			p->store = 1;
			p->x = l.sx[i - 2 * n];
			p->y = l.sy;
			p->rx = l.srx;
			p->ry = l.sry;
		}
	}
}

/* --------------------------------------------------------- the board */

static void paint_board(const struct layout *l,
			struct canvas *c, struct rng *r)
{
	double ph = uniform(r) * 6.28, freq = 0.02 + 0.02 * uniform(r);
	double wood[3] = { 165 + 25 * uniform(r), 110 + 20 * uniform(r),
			   60 + 20 * uniform(r) };
	double cloth[3] = { 40 + 40 * uniform(r), 60 + 40 * uniform(r),
			    50 + 40 * uniform(r) };

	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++) {
			float *p = at(c, x, y);
			int on = x > l->bx0 && x < l->bx1 && y > l->by0 &&
				 y < l->by1;
			double grain = 1 + 0.07 * sin(y * freq + 3 *
				sin(x * 0.004 + ph)) + 0.03 * sin(y * 0.31 + x * 0.01);

			for (int k = 0; k < 3; k++)
				p[k] = (float)(on ? wood[k] * grain :
					       cloth[k] * (1 + 0.05 * sin(x * 0.5) *
							   sin(y * 0.5)));
		}
}

/* A hollow: darker towards its wall away from the light (top left),
 * with a lit rim on the far side. `d` is the place's distance (1 at
 * the rim), (u, v) the direction from its centre. */
static double hollow(double d, double u, double v)
{
	double wall = d > 0.7 ? (d - 0.7) / 0.3 : 0;
	double facing = -(u * -0.6 + v * -0.8);	/* towards the light */

	return 0.62 - 0.18 * wall * (1 - facing) + 0.12 * wall * facing;
}

static void paint_places(const struct render_scene *s, const struct layout *l,
			 struct canvas *c)
{
	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++) {
			double best = 9, u = 0, v = 0;

			/* The nearest pit of each row: the one whose column
			 * is nearest (the first row runs left to right). */
			int col = (int)lround((x - l->px[0][0]) / l->step);

			col = col < 0 ? 0 : col >= s->pits ? s->pits - 1 : col;
			for (int row = 0; row < 2; row++) {
				int i = row == 0 ? col : s->pits - 1 - col;
				double a = (x - l->px[row][i]) / l->r;
				double b = (y - l->py[row]) / l->r;
				double d = sqrt(a * a + b * b);

				if (d < best) {
					best = d;
					u = a / (d + 1e-9);
					v = b / (d + 1e-9);
				}
			}
			for (int k = 0; k < 2; k++) {
				double a = (x - l->sx[k]) / l->srx;
				double b = (y - l->sy) / l->sry;
				double d = sqrt(sqrt(a * a * a * a + b * b * b * b));

				if (d < best) {
					best = d;
					u = a / (d + 1e-9);
					v = b / (d + 1e-9);
				}
			}
			if (best < 1) {
				float *p = at(c, x, y);
				double f = hollow(best, u, v);

				for (int k = 0; k < 3; k++)
					p[k] *= (float)f;
			} else if (best < 1.06) {
				float *p = at(c, x, y);

				for (int k = 0; k < 3; k++)
					p[k] *= 0.85f;
			}
		}
}

/* --------------------------------------------------------- the seeds */

static const float palettes[RENDER_PALETTES_ALL][6][3] = {
	[RENDER_GLASS] = { { 200, 40, 45 }, { 40, 80, 200 }, { 40, 160, 80 },
			   { 230, 200, 50 }, { 235, 235, 225 }, { 150, 60, 170 } },
	[RENDER_PEBBLES] = { { 225, 222, 215 }, { 160, 160, 155 },
			     { 120, 118, 115 }, { 200, 195, 185 },
			     { 90, 90, 92 }, { 240, 238, 232 } },
	[RENDER_BEANS] = { { 120, 30, 30 }, { 70, 40, 30 }, { 40, 28, 25 },
			   { 150, 50, 40 }, { 95, 55, 35 }, { 30, 30, 30 } },
	[RENDER_CLAY] = { { 175, 125, 80 }, { 140, 100, 62 }, { 195, 150, 100 },
			  { 110, 75, 45 }, { 160, 120, 85 }, { 125, 95, 70 } },
	[RENDER_SHELLS] = { { 240, 225, 195 }, { 225, 170, 160 },
			    { 210, 140, 60 }, { 245, 240, 230 },
			    { 185, 120, 100 }, { 200, 185, 150 } },
};

struct seed {
	double x, y, rx, ry, ang, lift;
	float col[3];
};

static void paint_shadow(struct canvas *c, const struct seed *s)
{
	double ox = s->x + 0.35 * s->rx, oy = s->y + 0.45 * s->ry;
	double R = 1.15 * s->rx;

	for (int y = (int)(oy - R) - 1; y <= (int)(oy + R) + 1; y++)
		for (int x = (int)(ox - R) - 1; x <= (int)(ox + R) + 1; x++) {
			double d;

			if (x < 0 || y < 0 || x >= c->w || y >= c->h)
				continue;
			d = hypot(x - ox, y - oy) / R;
			if (d < 1) {
				float *p = at(c, x, y);
				double f = 1 - 0.45 * (1 - d * d);

				for (int k = 0; k < 3; k++)
					p[k] *= (float)f;
			}
		}
}

static void paint_seed(struct canvas *c, const struct seed *s, double shine)
{
	double ca = cos(s->ang), sa = sin(s->ang), R = s->rx > s->ry ? s->rx : s->ry;

	for (int y = (int)(s->y - R) - 1; y <= (int)(s->y + R) + 1; y++)
		for (int x = (int)(s->x - R) - 1; x <= (int)(s->x + R) + 1; x++) {
			double u, v, a, b, q, z, diff, spec, edge;
			float *p;

			if (x < 0 || y < 0 || x >= c->w || y >= c->h)
				continue;
			u = x - s->x;
			v = y - s->y;
			a = (u * ca + v * sa) / s->rx;
			b = (-u * sa + v * ca) / s->ry;
			q = a * a + b * b;
			if (q >= 1)
				continue;
			z = sqrt(1 - q);
			diff = (-0.45 * a - 0.55 * b + 0.7 * z);
			diff = diff < 0 ? 0 : diff;
			spec = pow(diff, 30) * shine;
			edge = q > 0.85 ? (1 - q) / 0.15 : 1;	/* antialias */
			p = at(c, x, y);
			for (int k = 0; k < 3; k++) {
				double v2 = s->col[k] * (0.3 + 0.8 * diff) *
					    (1 + 0.08 * s->lift) + 255 * spec;

				p[k] = (float)(edge * v2 + (1 - edge) * p[k]);
			}
		}
}

/* The seeds of one place: a layer, then a heap on it. */
static void paint_heap(const struct render_scene *sc, struct canvas *c,
		       struct rng *r, double cx, double cy, double ax, double ay,
		       int n, double rs)
{
	struct seed seeds[128];
	double shine = sc->palette == RENDER_GLASS ? 0.9 :
		       sc->palette == RENDER_PEBBLES ? 0.3 :
		       sc->palette == RENDER_CLAY ? 0.15 : 0.5;

	n = n > 128 ? 128 : n;
	for (int i = 0; i < n; i++) {
		struct seed *s = &seeds[i];
		int tries = 0, ok;
		const float *base = palettes[sc->palette][(int)(uniform(r) * 6)];

		do {
			double t = 2 * M_PI * uniform(r), d = sqrt(uniform(r));

			s->x = cx + cos(t) * d * (ax - 0.9 * rs);
			s->y = cy + sin(t) * d * (ay - 0.9 * rs);
			ok = 1;
			for (int j = 0; j < i && ok; j++)
				if (hypot(seeds[j].x - s->x, seeds[j].y - s->y) <
				    1.7 * rs)
					ok = 0;
		} while (!ok && ++tries < 60);
		s->lift = ok ? 0 : 1;
		s->rx = rs * (0.9 + 0.2 * uniform(r)) * (ok ? 1 : 1.06);
		s->ry = s->rx * (0.75 + 0.2 * uniform(r));
		s->ang = M_PI * uniform(r);
		for (int k = 0; k < 3; k++)
			s->col[k] = (float)(base[k] * (0.88 + 0.24 * uniform(r)));
	}
	for (int i = 0; i < n; i++) {
		paint_shadow(c, &seeds[i]);
		paint_seed(c, &seeds[i], shine);
	}
}

static void paint_seeds(const struct render_scene *s, const struct layout *l,
			struct canvas *c, struct rng *r)
{
	double rs = 0.3 * l->r;

	for (int i = 0; i < 2 * s->pits; i++) {
		int row = i / s->pits;

		paint_heap(s, c, r, l->px[row][i % s->pits], l->py[row], l->r,
			   l->r, s->counts[i], rs);
	}
	for (int k = 0; k < 2; k++)
		paint_heap(s, c, r, l->sx[k], l->sy, l->srx, l->sry * 0.95,
			   s->counts[2 * s->pits + k], rs);
}

/* ------------------------------------------------- hand, light, pose */

/* Distance from (x, y) to the segment (ax, ay)-(bx, by). */
static double to_segment(double x, double y, double ax, double ay, double bx,
			 double by)
{
	double vx = bx - ax, vy = by - ay, t;

	t = ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy + 1e-9);
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(x - ax - t * vx, y - ay - t * vy);
}

struct limb {
	double ax, ay, bx, by, r;
};

static void paint_limbs(struct canvas *c, const struct limb *lb, int n,
			const double *skin, double ox, double oy, int shadow)
{
	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++) {
			double best = 1e9, depth = 0;

			for (int i = 0; i < n; i++) {
				double d = to_segment(x - ox, y - oy, lb[i].ax,
						      lb[i].ay, lb[i].bx,
						      lb[i].by) / lb[i].r;

				if (d < best) {
					best = d;
					depth = d;
				}
			}
			if (best >= 1)
				continue;
			float *p = at(c, x, y);

			for (int k = 0; k < 3; k++)
				p[k] = shadow ? p[k] * 0.55f :
				       (float)(skin[k] * (1.05 - 0.35 * depth * depth));
		}
}

static void paint_hand(const struct render_scene *s, const struct layout *l,
		       struct canvas *c, struct rng *r)
{
	int row = uniform(r) < 0.5 ? 0 : 1, pit = (int)(uniform(r) * s->pits);
	double tx = l->px[row][pit], ty = l->py[row];
	double from_y = row == 0 ? c->h + 40 : -40, dir = row == 0 ? -1 : 1;
	double skin[3] = { 200 + 30 * uniform(r), 140 + 30 * uniform(r),
			   110 + 30 * uniform(r) };
	double sl = s->w * 0.018;
	struct limb lb[6] = {
		{ tx + 60, from_y, tx + 10, ty - dir * 70, 0.05 * s->w },
		{ tx + 10, ty - dir * 70, tx, ty - dir * 20, 0.045 * s->w },
	};

	for (int f = 0; f < 4; f++)
		lb[2 + f] = (struct limb){ tx - 30 + 20 * f, ty - dir * 20,
			tx - 35 + 22 * f, ty + dir * (20 + 10 * (f == 1 || f == 2)),
			sl * 0.6 };
	paint_limbs(c, lb, 6, skin, 22, 30, 1);
	paint_limbs(c, lb, 6, skin, 0, 0, 0);
}

static void light(const struct render_scene *s, struct canvas *c, struct rng *r)
{
	double bx = c->w * uniform(r), by = c->h * uniform(r), br = 0.18 * c->w;

	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++) {
			float *p = at(c, x, y);
			double g = s->gain * (1 + s->grad_x * ((double)x / c->w - 0.5) +
					      s->grad_y * ((double)y / c->h - 0.5));
			double d = hypot(x - bx, y - by) / br;

			double cx = (double)x / c->w - 0.5, cy = (double)y / c->h - 0.5;
			double gl = 0;

			if (s->shadow > 0 && d < 1)
				g *= 1 - s->shadow * (1 - d * d) * (1 - d * d);
			g *= 1 - s->vignette * 2 * (cx * cx + cy * cy);
			if (s->glare > 0) {
				double gr = s->glare_r > 0 ? s->glare_r : 0.07;
				double gx = (x - s->glare_x * c->w) / (gr * c->w);
				double gy = (y - s->glare_y * c->h) /
					    (gr / 0.07 * 0.05 * c->w);

				gl = 255 * s->glare * exp(-(gx * gx + gy * gy));
			}
			for (int k = 0; k < 3; k++)
				p[k] = (float)(p[k] * g * s->cast[k] +
					       gl * (1 - s->glare_dim[k]));
		}
}

/* Defocus: a box blur of radius `b` twice over, row and column. */
static void blur(struct canvas *c, int b)
{
	int n = c->w > c->h ? c->w : c->h;
	float *line = malloc(sizeof(float) * 3 * (size_t)n);

	for (int pass = 0; line != NULL && b > 0 && pass < 4; pass++) {
		int rows = pass % 2 == 0, len = rows ? c->w : c->h;

		for (int a = 0; a < (rows ? c->h : c->w); a++) {
			for (int i = 0; i < len; i++)
				memcpy(line + 3 * i, rows ? at(c, i, a) : at(c, a, i),
				       sizeof(float) * 3);
			for (int i = 0; i < len; i++)
				for (int k = 0; k < 3; k++) {
					double sum = 0;
					int m = 0;

					for (int j = i - b; j <= i + b; j++)
						if (j >= 0 && j < len) {
							sum += line[3 * j + k];
							m++;
						}
					(rows ? at(c, i, a) : at(c, a, i))[k] =
						(float)(sum / m);
				}
		}
	}
	free(line);
}

/* The canvas seen by a camera shifted by (dx, dy) and turned. */
static void pose(const struct render_scene *s, const struct canvas *in,
		 struct canvas *out)
{
	double ca = cos(s->turn), sa = sin(s->turn), cx = in->w / 2.0,
	       cy = in->h / 2.0;

	for (int y = 0; y < out->h; y++)
		for (int x = 0; x < out->w; x++) {
			double u = x - cx - s->dx, v = y - cy - s->dy;
			double sx = ca * u + sa * v + cx, sy = -sa * u + ca * v + cy;
			int x0 = (int)floor(sx), y0 = (int)floor(sy);
			double fx = sx - x0, fy = sy - y0;
			float *p = at(out, x, y);

			if (x0 < 0)
				x0 = 0, fx = 0;
			if (y0 < 0)
				y0 = 0, fy = 0;
			if (x0 >= in->w - 1)
				x0 = in->w - 2, fx = 1;
			if (y0 >= in->h - 1)
				y0 = in->h - 2, fy = 1;
			for (int k = 0; k < 3; k++)
				p[k] = (float)((1 - fy) * ((1 - fx) * in->p[((size_t)y0 * in->w + x0) * 3 + k] +
						      fx * in->p[((size_t)y0 * in->w + x0 + 1) * 3 + k]) +
					fy * ((1 - fx) * in->p[((size_t)(y0 + 1) * in->w + x0) * 3 + k] +
					      fx * in->p[((size_t)(y0 + 1) * in->w + x0 + 1) * 3 + k]));
		}
}

void render_defaults(struct render_scene *s, const int *counts)
{
	memset(s, 0, sizeof(*s));
	s->w = 1280;
	s->h = 720;
	s->pits = 6;
	s->counts = counts;
	s->seed = 1;
	s->gain = 1;
	s->cast[0] = s->cast[1] = s->cast[2] = 1;
	s->noise = 3;
	s->quality = 85;
	s->scale = 1;
}

/*
 * A camera's tone curve over a level v (0..255 as the light falls,
 * more where the glare adds to it): (1 + m) x^a / (x^a + m) of x = v /
 * 255, an S whose toe darkens the shadows (a > 1) and whose shoulder
 * squeezes the highlights (its slope at white is a m / (1 + m), a
 * quarter at full strength) and reaches white where the light does, so
 * that the glare's light over white clips.
 */
static double tone_curve(double v, double t)
{
	double a = 1 + 0.4 * t, m, x = v > 0 ? v / 255 : 0;

	if (t <= 0)
		return v;
	m = 0.25 / t;
	return 255 * (1 + m) * pow(x, a) / (pow(x, a) + m);
}

int render_jpeg(const struct render_scene *s, unsigned char **jpeg,
		size_t *len)
{
	struct canvas a = { s->w, s->h, NULL }, b = { s->w, s->h, NULL };
	struct rng board = { 0x9e3779b97f4a7c15ull ^ (s->board * 0x2545f4914f6cdd1dull) }, r = { s->seed * 2654435761ull + 7 };
	struct cam_image img = { 0 };
	struct layout l;
	char err[200];
	int rc = -1;

	a.p = malloc(sizeof(float) * 3 * (size_t)s->w * (size_t)s->h);
	b.p = malloc(sizeof(float) * 3 * (size_t)s->w * (size_t)s->h);
	if (a.p == NULL || b.p == NULL || cam_image_alloc(&img, s->w, s->h) < 0)
		goto out;
	layout(s, &l);
	paint_board(&l, &a, &board);		/* the same board each time */
	paint_places(s, &l, &a);
	if (!s->empty)
		paint_seeds(s, &l, &a, &r);
	if (s->hand)
		paint_hand(s, &l, &a, &r);
	light(s, &a, &r);
	pose(s, &a, &b);
	blur(&b, (int)lround(s->blur));
	for (size_t i = 0; i < 3 * (size_t)s->w * (size_t)s->h; i++) {
		double v = tone_curve(b.p[i] + s->noise * gauss(&r), s->tone);
		double top = s->white[i % 3] > 0 ? s->white[i % 3] : 255;

		img.rgb[i] = (unsigned char)(v < 0 ? 0 : v > top ? top : lround(v));
	}
	rc = cam_image_encode(&img, s->quality, jpeg, len, err, sizeof(err));
out:
	free(a.p);
	free(b.p);
	cam_image_free(&img);
	return rc;
}
