/*
 * read_edges.h - what the outlines in a place show, whatever the seeds'
 * colour: evidence of seeds that does not rest on colour, for seeds the
 * colour of the pit floor.
 *
 * The empty board's floor is smooth but for its walls and grain; a seed
 * is a round blob with a rim, lit on one side and in shade on the
 * other, casting a shadow. So the frame's gradient (of its brightness,
 * over the brightness, so that the light's level does not matter) is
 * compared with the empty board's around the same point: where it is
 * much stronger, something lies there. Those pixels, closed and their
 * holes filled (leptonica), are the blobs the outlines enclose; they are
 * added to the seed pixels colour found, so that a seed seen only at its
 * rim and its shaded side still counts its whole area.
 */
#ifndef PITBOSS_CAMERA_READ_EDGES_H
#define PITBOSS_CAMERA_READ_EDGES_H

#include <leptonica/allheaders.h>

#include "camera/calib.h"

struct cam_edges;

/* The empty board's gradients (`empty`, at the working scale). NULL
 * when out of memory. */
struct cam_edges *cam_edges_open(const struct cam_image *empty);
void cam_edges_close(struct cam_edges *e);

/*
 * Adds to `mask`, the 1 bpp image of the box at (x0, y0) of the working
 * frame, the blobs whose outlines the frame `f` (shifted by `shift`
 * pixels against the empty board, its channels' gains `g`) shows inside
 * place `p` (of the calibration's frame size, `shrink` times the
 * working one). Returns how many pixels it added, or -1 when out of
 * memory.
 */
int cam_edges_add(const struct cam_edges *e, const struct cam_image *f,
		  int shift, const double *g, const struct cam_place *p,
		  double shrink, int x0, int y0, PIX *mask);

#endif
