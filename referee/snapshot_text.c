/*
 * snapshot_text.c - a camera's snapshot text, ranges and estimates (see
 * snapshot_text.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "referee/snapshot_text.h"

/* Past an estimate "~X.X" at `p`, if one is there. */
static const char *skip_estimate(const char *p)
{
	if (*p != '~')
		return p;
	for (p++; isdigit((unsigned char)*p) || *p == '.'; p++)
		;
	return p;
}

/* The snapshot's text with every range "A-B" as its lower end A (`end`
 * 0) or its upper end B (1), into `out`, estimates left out; how many
 * ranges and estimates it has. */
int snap_range_ends(const char *text, int end, char *out, size_t len)
{
	int ranges = 0;
	size_t o = 0;

	for (const char *p = text; *p != '\0' && o + 1 < len; ) {
		const char *q = p;

		if (*p == '~') {
			p = skip_estimate(p);
			ranges++;
			continue;
		}
		while (isdigit((unsigned char)*q))
			q++;
		if (q > p && *q == '-' && isdigit((unsigned char)q[1])) {
			const char *r = q + 1, *from = end ? r : p;

			while (isdigit((unsigned char)*r))
				r++;
			for (const char *c = from;
			     c < (end ? r : q) && o + 1 < len; c++)
				out[o++] = *c;
			ranges++;
			p = r;
		} else {
			if (q == p)
				q++;
			while (p < q && o + 1 < len)
				out[o++] = *p++;
		}
	}
	out[o] = '\0';
	return ranges;
}

/* The text with every place as its estimate in tenths: "~X.X" where it
 * has one, a count ten times, SNAP_EST_NONE for a range without one. */
void snap_estimate_text(const char *text, char *out, size_t len)
{
	size_t o = 0;

	for (const char *p = text; *p != '\0' && o + 8 < len; ) {
		const char *q = p;
		long v;

		if (!isdigit((unsigned char)*p)) {
			out[o++] = *p++;
			continue;
		}
		v = strtol(p, (char **)&q, 10) * 10;
		if (*q == '-' && isdigit((unsigned char)q[1])) {
			strtol(q + 1, (char **)&q, 10);
			v = SNAP_EST_NONE;
		}
		if (*q == '~') {
			double x = strtod(q + 1, NULL);

			v = x < 0 ? 0 : x > 999 ? 9990 : (long)(10 * x + 0.5);
			q = skip_estimate(q);
		}
		o += (size_t)snprintf(out + o, len - o, "%ld", v);
		p = q;
	}
	out[o] = '\0';
}

/*
 * How unlikely the board `values` makes the camera's estimates (the
 * pieces each place's visible area alone makes): per place, the squared
 * gap between its count and the estimate over a spread that grows with
 * the count, and grows faster for pieces the area leaves out beyond a
 * few (pieces heaped hide one another; nothing shows pieces that are
 * not there). Nats, up to a constant.
 */
double snap_estimate_place(double x, int v)
{
	double d = v - x, sd = 0.2 + 0.1 * v;

	if (d > 0 && v > 4)
		sd += 0.25 * (v - 4);
	return 0.5 * (d / sd) * (d / sd);
}

double snap_estimate_cost(const int *est, const int *values, int n)
{
	double cost = 0;

	for (int h = 0; h < n; h++)
		if (est[h] != SNAP_EST_NONE)
			cost += snap_estimate_place(est[h] / 10.0, values[h]);
	return cost;
}
