/*
 * calib_layout.c - a board's layout fitted as a whole to the hollows
 * seen (see calib_layout.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camera/calib_layout.h"

/* The pits' grid: pit k of row r (0 the lower) at o + k a + r b. */
struct grid {
	double o[2], a[2], b[2];
	double step, size;		/* the pits' spacing and diameter */
};

/* A hollow seen, on the grid. */
struct seen {
	struct cam_blob b;
	int row, col;
};

static int by_y(const void *p, const void *q)
{
	double d = ((const struct seen *)p)->b.y - ((const struct seen *)q)->b.y;

	return (d > 0) - (d < 0);
}

static int by_x(const void *p, const void *q)
{
	double d = ((const struct seen *)p)->b.x - ((const struct seen *)q)->b.x;

	return (d > 0) - (d < 0);
}

static int by_value(const void *p, const void *q)
{
	double d = *(const double *)p - *(const double *)q;

	return (d > 0) - (d < 0);
}

static double det3(const double m[3][3])
{
	return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
	       m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
	       m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/* Solves m x = v; -1 when m is singular. */
static int solve3(const double m[3][3], const double v[3], double x[3])
{
	double d = det3(m);

	if (fabs(d) < 1e-9)
		return -1;
	for (int j = 0; j < 3; j++) {
		double t[3][3];

		memcpy(t, m, sizeof(t));
		for (int i = 0; i < 3; i++)
			t[i][j] = v[i];
		x[j] = det3(t) / d;
	}
	return 0;
}

static void at(const struct grid *g, double col, double row, double *x,
	       double *y)
{
	*x = g->o[0] + col * g->a[0] + row * g->b[0];
	*y = g->o[1] + col * g->a[1] + row * g->b[1];
}

/* The rows: parted at the widest gap between the hollows' heights. */
static int part_rows(struct seen *s, int n, double size)
{
	int cut = -1;
	double gap = 0.5 * size;

	qsort(s, (size_t)n, sizeof(*s), by_y);
	for (int i = 1; i < n; i++)
		if (s[i].b.y - s[i - 1].b.y > gap) {
			gap = s[i].b.y - s[i - 1].b.y;
			cut = i;
		}
	if (cut < 0)
		return -1;
	for (int i = 0; i < n; i++)
		s[i].row = i >= cut ? 0 : 1;
	return 0;
}

/* The spacing of the pits along the rows: the least gap between
 * neighbours in a row that is wider than a pit, every other gap a
 * whole number of it; then each hollow's column. */
static int columns(struct seen *s, int n, double size, double *step)
{
	double least = 0, sum = 0, steps = 0, x0 = s[0].b.x;

	qsort(s, (size_t)n, sizeof(*s), by_x);
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				double d = s[j].b.x - s[i].b.x, q;

				if (s[j].row != s[i].row)
					continue;
				if (pass == 0) {
					if (d > 0.8 * size && (least == 0 || d < least))
						least = d;
					break;
				}
				q = floor(d / least + 0.5);
				if (q >= 1 && fabs(d / least - q) <= 0.2) {
					sum += d;	/* else one is off */
					steps += q;
				}
				break;
			}
		if (least == 0)
			return -1;
	}
	if (steps == 0)
		return -1;
	*step = sum / steps;
	for (int i = 0; i < n; i++)
		x0 = s[i].b.x < x0 ? s[i].b.x : x0;
	for (int i = 0; i < n; i++)
		s[i].col = (int)floor((s[i].b.x - x0) / *step + 0.5);
	return *step < 3.5 * size ? 0 : -1;
}

/* Leaves out the hollow farthest off the grid `g` (a pit the glare
 * left in part, so that its blob's centre is off its own); -1 when
 * none is, or when too few would be left. */
static int drop_worst(struct seen *s, int *n, const struct grid *g,
		      int least)
{
	int worst = -1;
	double far = 0.2 * g->step;

	for (int i = 0; i < *n; i++) {
		double x, y, d;

		at(g, s[i].col, s[i].row, &x, &y);
		d = hypot(x - s[i].b.x, y - s[i].b.y);
		if (d > far) {
			far = d;
			worst = i;
		}
	}
	if (worst < 0 || *n - 1 < least)
		return -1;
	s[worst] = s[--*n];
	return 0;
}

/* Two hollows at one place of the grid: not a board's layout. */
static int clash(const struct seen *s, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			if (s[j].col == s[i].col && s[j].row == s[i].row)
				return 1;
	return 0;
}

/* The grid fitted by least squares. */
static int fit_grid(const struct seen *s, int n, struct grid *g)
{
	double m[3][3] = { { 0 } }, v[2][3] = { { 0 } }, out[2][3];

	for (int i = 0; i < n; i++) {
		double row[3] = { 1, s[i].col, s[i].row };

		for (int a = 0; a < 3; a++) {
			for (int b = 0; b < 3; b++)
				m[a][b] += row[a] * row[b];
			v[0][a] += row[a] * s[i].b.x;
			v[1][a] += row[a] * s[i].b.y;
		}
	}
	if (solve3(m, v[0], out[0]) < 0 || solve3(m, v[1], out[1]) < 0)
		return -1;
	for (int k = 0; k < 2; k++) {
		g->o[k] = out[k][0];
		g->a[k] = out[k][1];
		g->b[k] = out[k][2];
	}
	return 0;
}

/* The grid fitted to the hollows, those far off it left out one by
 * one and the rest fitted again; -1 when it fits too few. */
static int fit_all(struct seen *s, int *n, struct grid *g, int least)
{
	for (;;) {
		if (fit_grid(s, *n, g) < 0)
			return -1;
		if (drop_worst(s, n, g, least) < 0)
			break;
	}
	for (int i = 0; i < *n; i++) {
		double x, y;

		at(g, s[i].col, s[i].row, &x, &y);
		if (hypot(x - s[i].b.x, y - s[i].b.y) > 0.2 * g->step)
			return -1;
	}
	return clash(s, *n) ? -1 : 0;
}

/* The largest long hollow level with the rows beyond column `col`
 * (side 0: left of it, 1: right), or -1. */
static int store_beyond(const struct grid *g, const struct cam_blob *l,
			int ns, double col, int side)
{
	double x, y, u, lo, hi;

	at(g, col + (side ? 0.5 : -0.5), 0.5, &x, &y);
	at(g, col, 0, &u, &hi);		/* the lower row's height */
	at(g, col, 1, &u, &lo);		/* the upper row's */
	for (int i = 0; i < ns; i++) {
		if (l[i].h < l[i].w || l[i].y < lo - g->size ||
		    l[i].y > hi + g->size)
			continue;
		if ((side == 0 && l[i].x < x) || (side == 1 && l[i].x > x))
			return i;
	}
	return -1;
}

/* The first column of the rows: where the columns seen leave no doubt,
 * theirs; else the one that puts the rows midway between the stores. */
static int first_column(const struct grid *g, const struct seen *s, int n,
			const struct cam_blob *l, int ns, int pits, int *first)
{
	int lo = s[0].col, hi = s[0].col;
	double best = -1;

	for (int i = 1; i < n; i++) {
		lo = s[i].col < lo ? s[i].col : lo;
		hi = s[i].col > hi ? s[i].col : hi;
	}
	if (hi - lo > pits - 1)
		return -1;
	*first = lo;
	if (hi - lo == pits - 1)
		return 0;
	for (int o = hi - (pits - 1); o <= lo; o++) {
		int a = store_beyond(g, l, ns, o, 0);
		int b = store_beyond(g, l, ns, o + pits - 1, 1);
		double mx, my, off;

		if (a < 0 || b < 0)
			continue;
		at(g, o + (pits - 1) / 2.0, 0.5, &mx, &my);
		off = fabs((l[a].x + l[b].x) / 2 - mx);
		if (off < 0.5 * g->step && (best < 0 || off < best)) {
			best = off;
			*first = o;
		}
	}
	return best < 0 ? -1 : 0;
}

/* The stores beyond the rows' ends, one hidden put opposite the other
 * across the rows' centre; -1 when neither is seen. */
static int place_stores(const struct grid *g, const struct cam_blob *longs,
			int ns, int first, int pits, struct cam_blob store[2])
{
	int got[2];

	got[0] = store_beyond(g, longs, ns, first, 0);
	got[1] = store_beyond(g, longs, ns, first + pits - 1, 1);
	if (got[0] < 0 && got[1] < 0)
		return -1;
	for (int k = 0; k < 2; k++) {
		double cx, cy;
		const struct cam_blob *o = &longs[got[1 - k]];

		if (got[k] >= 0) {
			store[k] = longs[got[k]];
			continue;
		}
		at(g, first + (pits - 1) / 2.0, 0.5, &cx, &cy);
		store[k] = *o;
		store[k].x = 2 * cx - o->x;
		store[k].y = 2 * cy - o->y;
		store[k].placed = 1;
	}
	return 0;
}

int cam_layout_fit(const struct cam_blob *pit, int np,
		   const struct cam_blob *longs, int ns, int pits,
		   struct cam_blob row[2][CAM_ROW_MAX], struct cam_blob store[2],
		   char *err, size_t errlen)
{
	struct seen s[2 * CAM_ROW_MAX];
	double size[2 * CAM_ROW_MAX];
	struct grid g;
	int first;

	if (pits > CAM_ROW_MAX || np > 2 * pits || np < pits + 1) {
		snprintf(err, errlen, "found %d pits, too few to fit the rows "
			 "of %d to: check the lighting and the view, or give "
			 "the places in a file (--places)", np, pits);
		return -1;
	}
	for (int i = 0; i < np; i++) {
		s[i] = (struct seen){ .b = pit[i] };
		size[i] = (pit[i].w + pit[i].h) / 2;
	}
	qsort(size, (size_t)np, sizeof(*size), by_value);
	g.size = size[np / 2];
	if (part_rows(s, np, g.size) < 0 ||
	    columns(s, np, g.size, &g.step) < 0 ||
	    fit_all(s, &np, &g, pits + 1) < 0 ||
	    first_column(&g, s, np, longs, ns, pits, &first) < 0) {
		snprintf(err, errlen, "found %d of %d pits, not on two rows "
			 "of evenly spaced pits between two stores: check the "
			 "lighting and the view, or give the places in a file "
			 "(--places)", np, 2 * pits);
		return -1;
	}
	for (int r = 0; r < 2; r++)
		for (int k = 0; k < pits; k++) {
			struct cam_blob *b = &row[r][k];

			*b = (struct cam_blob){ .w = g.size, .h = g.size,
						.area = M_PI * g.size * g.size / 4,
						.placed = 1 };
			at(&g, first + k, r, &b->x, &b->y);
			for (int i = 0; i < np; i++)
				if (s[i].row == r && s[i].col == first + k)
					*b = s[i].b;
		}
	if (place_stores(&g, longs, ns, first, pits, store) < 0) {
		snprintf(err, errlen, "found no store beyond the pits: check "
			 "the lighting and the view, or give the places in a "
			 "file (--places)");
		return -1;
	}
	return 0;
}

/* The rows' centre into c, their direction (a unit vector) into u; the
 * pits' spacing. */
static double rows_frame(struct cam_blob row[2][CAM_ROW_MAX], int pits,
			 double c[2], double u[2])
{
	double len;

	c[0] = c[1] = 0;
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < pits; i++) {
			c[0] += row[r][i].x / (2 * pits);
			c[1] += row[r][i].y / (2 * pits);
		}
	u[0] = row[0][pits - 1].x - row[0][0].x + row[1][pits - 1].x -
	       row[1][0].x;
	u[1] = row[0][pits - 1].y - row[0][0].y + row[1][pits - 1].y -
	       row[1][0].y;
	len = hypot(u[0], u[1]);
	if (pits < 2 || len <= 0) {
		u[0] = 1;
		u[1] = 0;
		return row[0][0].w;
	}
	u[0] /= len;
	u[1] /= len;
	return len / (2 * (pits - 1));
}

/* How far the point (x, y) lies across the rows' line. */
static double across(const double c[2], const double u[2], double x,
		     double y)
{
	return fabs((x - c[0]) * u[1] - (y - c[1]) * u[0]);
}

int cam_layout_stores_check(struct cam_blob row[2][CAM_ROW_MAX], int pits,
			    struct cam_blob store[2], char *err,
			    size_t errlen)
{
	double c[2], u[2], step = rows_frame(row, pits, c, u);
	double mx = (store[0].x + store[1].x) / 2 - c[0];
	double my = (store[0].y + store[1].y) / 2 - c[1];
	double a0 = across(c, u, store[0].x, store[0].y);
	double a1 = across(c, u, store[1].x, store[1].y);
	int k;

	if (fabs(mx * u[0] + my * u[1]) < 0.25 * step &&
	    fabs(mx * u[1] - my * u[0]) < 0.25 * step)
		return 0;
	/* k: the store off the rows' line, the other on it */
	k = a0 > a1 ? 0 : 1;
	if ((k == 0 ? a1 : a0) >= 0.25 * step ||
	    (k == 0 ? a0 : a1) < 0.25 * step || store[1 - k].placed) {
		snprintf(err, errlen, "the stores are not opposite one another "
			 "across the pits (%.0f px off the rows' centre): "
			 "check the lighting and the view, or give the places "
			 "in a file (--places)", hypot(mx, my));
		return -1;
	}
	store[k] = store[1 - k];
	store[k].x = 2 * c[0] - store[1 - k].x;
	store[k].y = 2 * c[1] - store[1 - k].y;
	store[k].placed = 1;
	return 0;
}
