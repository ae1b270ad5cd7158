/*
 * image.h - a camera frame in memory: 8-bit RGB, row by row. Decoded
 * from JPEG with libturbojpeg (at full size or scaled down by a power of
 * two while decoding), written back as JPEG for the frames a table
 * keeps, or as PNG through leptonica for an overlay.
 */
#ifndef PITBOSS_CAMERA_IMAGE_H
#define PITBOSS_CAMERA_IMAGE_H

#include <stddef.h>

struct cam_image {
	int w, h;
	unsigned char *rgb;		/* w * h * 3 bytes */
};

/* Room for a w x h image; -1 when out of memory. */
int cam_image_alloc(struct cam_image *img, int w, int h);
void cam_image_free(struct cam_image *img);

/* A JPEG in memory, its sides divided by `shrink` (1, 2, 4 or 8) while
 * decoding. 0, or -1 with why in `err`. */
int cam_image_decode(const void *jpeg, size_t len, int shrink,
		     struct cam_image *img, char *err, size_t errlen);
/* A JPEG file (or, through leptonica, a PNG or PNM file). */
int cam_image_load(const char *path, int shrink, struct cam_image *img,
		   char *err, size_t errlen);
/* The image as a JPEG in memory (free() it), of quality 1..100. */
int cam_image_encode(const struct cam_image *img, int quality,
		     unsigned char **jpeg, size_t *len, char *err,
		     size_t errlen);
int cam_image_save_jpeg(const struct cam_image *img, const char *path,
			int quality, char *err, size_t errlen);
int cam_image_save_png(const struct cam_image *img, const char *path,
		       char *err, size_t errlen);

/* The pixel at (x, y), which must lie inside. */
static inline unsigned char *cam_px(const struct cam_image *img, int x, int y)
{
	return img->rgb + ((size_t)y * (size_t)img->w + (size_t)x) * 3;
}

#endif
