/*
 * calib_layout.h - a board's layout fitted as a whole to the hollows
 * found in a photo of it: two rows of evenly spaced pits, opposite one
 * another, and a store beyond each end of the rows. Where a lamp's glare
 * hides some pits (or a store), the fit places them.
 */
#ifndef PITBOSS_CAMERA_CALIB_LAYOUT_H
#define PITBOSS_CAMERA_CALIB_LAYOUT_H

#include <stddef.h>

#define CAM_ROW_MAX 64

/* A hollow found: its box's centre and sides, its pixels. */
struct cam_blob {
	double x, y, w, h, area;
	int placed;		/* put there by the fit, not seen */
};

/*
 * The rows of `pits` pits each (row[0] the one nearer the bottom of the
 * frame, row[1] the other, both left to right) and the stores (store[0]
 * left, store[1] right) from `np` round hollows of one size `pit` and
 * `ns` long ones `longs`, largest first: the pits' places as a grid
 * (an origin, a step along the rows, a step across them) fitted by least
 * squares to the hollows seen, the columns the glare hid placed on the
 * grid, where the stores say they are; a store hidden placed opposite
 * the other across the rows' centre. 0, or -1 with why.
 */
int cam_layout_fit(const struct cam_blob *pit, int np,
		   const struct cam_blob *longs, int ns, int pits,
		   struct cam_blob row[2][CAM_ROW_MAX], struct cam_blob store[2],
		   char *err, size_t errlen);

/*
 * The stores `store` (store[0] left, store[1] right) checked against
 * the rows: their midpoint within a quarter of the pits' spacing of the
 * rows' centre, along the rows and across them. A store off the rows'
 * line (the other on it) is put opposite the other across the centre;
 * 0, or -1 with why when neither fits.
 */
int cam_layout_stores_check(struct cam_blob row[2][CAM_ROW_MAX], int pits,
			    struct cam_blob store[2], char *err,
			    size_t errlen);

#endif
