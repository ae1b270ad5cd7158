/*
 * still.h - whether the board is still: a frame is read only after the
 * frames have differed by less than a threshold for the settle time (no
 * hand over the board, no seed rolling). Frames are compared small and
 * grey, so that sensor noise does not count as movement.
 */
#ifndef PITBOSS_CAMERA_STILL_H
#define PITBOSS_CAMERA_STILL_H

#include <stdint.h>

#include "camera/image.h"

#define CAM_STILL_SIDE 64		/* the small frame's width */

struct cam_still {
	uint64_t settle_us;		/* how long still before reading */
	double threshold;		/* mean grey difference, levels */
	int w, h;
	unsigned char prev[CAM_STILL_SIDE * CAM_STILL_SIDE];
	int have_prev;
	uint64_t since;			/* still since, 0: moving */
	int read;			/* this still spell was read */
	double last_diff;
};

void cam_still_init(struct cam_still *s, uint64_t settle_us,
		    double threshold);
/*
 * A frame at time `now_us`: 1 when the board has been still for the
 * settle time and this still spell has not been read yet (the frame is
 * then to be read), else 0. A frame that moved starts the wait again.
 */
int cam_still_feed(struct cam_still *s, const struct cam_image *img,
		   uint64_t now_us);
/* The frame to be read was declined (a hand in view): read again the
 * next time the board is still. */
void cam_still_decline(struct cam_still *s);

#endif
