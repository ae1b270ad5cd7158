/*
 * still.c - the board still for the settle time (see still.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "camera/still.h"

void cam_still_init(struct cam_still *s, uint64_t settle_us, double threshold)
{
	memset(s, 0, sizeof(*s));
	s->settle_us = settle_us;
	s->threshold = threshold;
}

/* The frame as a small grey image, box-averaged. */
static void shrink(const struct cam_image *img, unsigned char *out, int *w,
		   int *h)
{
	int bw = (img->w + CAM_STILL_SIDE - 1) / CAM_STILL_SIDE;

	*w = img->w / bw;
	*h = img->h / bw;
	if (*h > CAM_STILL_SIDE)
		*h = CAM_STILL_SIDE;
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			unsigned sum = 0;

			for (int v = 0; v < bw; v++)
				for (int u = 0; u < bw; u++) {
					const unsigned char *p =
						cam_px(img, x * bw + u, y * bw + v);

					sum += p[0] + p[1] + p[2];
				}
			out[y * *w + x] = (unsigned char)(sum / (3u * (unsigned)(bw * bw)));
		}
}

int cam_still_feed(struct cam_still *s, const struct cam_image *img,
		   uint64_t now_us)
{
	unsigned char small[CAM_STILL_SIDE * CAM_STILL_SIDE];
	int w, h;
	double diff = 0;

	shrink(img, small, &w, &h);
	if (!s->have_prev || w != s->w || h != s->h) {
		diff = 1e9;
	} else {
		for (int i = 0; i < w * h; i++)
			diff += abs(small[i] - s->prev[i]);
		diff /= w * h;
	}
	memcpy(s->prev, small, (size_t)(w * h));
	s->w = w;
	s->h = h;
	s->have_prev = 1;
	s->last_diff = diff;
	if (diff > s->threshold) {
		s->since = 0;
		s->read = 0;
		return 0;
	}
	if (s->since == 0)
		s->since = now_us ? now_us : 1;
	if (s->read || now_us - s->since < s->settle_us)
		return 0;
	s->read = 1;
	return 1;
}

void cam_still_decline(struct cam_still *s)
{
	s->read = 0;
	s->since = 0;
}
