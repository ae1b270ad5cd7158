/*
 * snapshot_text.h - a snapshot's text as a camera writes it: places as
 * counts, ranges "LO-HI" where a pile hides pieces, and a range's
 * estimate "LO-HI~X.X" (the pieces its visible area alone makes), and
 * how unlikely a board makes those estimates.
 */
#ifndef PITBOSS_REFEREE_SNAPSHOT_TEXT_H
#define PITBOSS_REFEREE_SNAPSHOT_TEXT_H

#include <stddef.h>

#define SNAP_EST_NONE 9999	/* a place with no estimate */

/* The text with every range "A-B" as its lower end A (`end` 0) or its
 * upper end B (1), into `out`, estimates left out; how many ranges and
 * estimates it has. */
int snap_range_ends(const char *text, int end, char *out, size_t len);
/* The text with every place as its estimate in tenths: "~X.X" where it
 * has one, a count ten times, SNAP_EST_NONE for a range without one. */
void snap_estimate_text(const char *text, char *out, size_t len);
/* How unlikely v pieces in a place make its estimate of x pieces, in
 * nats up to a constant. */
double snap_estimate_place(double x, int v);
/* How unlikely the board `values` makes the estimates `est` (tenths,
 * per place of `n`), in nats up to a constant. */
double snap_estimate_cost(const int *est, const int *values, int n);

#endif
