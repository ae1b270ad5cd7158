/*
 * image.c - decoding and writing frames: libturbojpeg for JPEG,
 * leptonica for PNG and the other formats it reads.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <leptonica/allheaders.h>
#include <turbojpeg.h>

#include "camera/image.h"

int cam_image_alloc(struct cam_image *img, int w, int h)
{
	img->w = w;
	img->h = h;
	img->rgb = calloc((size_t)w * (size_t)h, 3);
	return img->rgb != NULL ? 0 : -1;
}

void cam_image_free(struct cam_image *img)
{
	free(img->rgb);
	img->rgb = NULL;
	img->w = img->h = 0;
}

int cam_image_decode(const void *jpeg, size_t len, int shrink,
		     struct cam_image *img, char *err, size_t errlen)
{
	tjhandle tj = tjInitDecompress();
	int w, h, sub, space, rc = -1;

	img->rgb = NULL;
	if (tj == NULL) {
		snprintf(err, errlen, "libturbojpeg: %s", tjGetErrorStr());
		return -1;
	}
	if (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8)
		shrink = 1;
	if (tjDecompressHeader3(tj, jpeg, (unsigned long)len, &w, &h, &sub,
				&space) < 0) {
		snprintf(err, errlen, "not a JPEG: %s", tjGetErrorStr2(tj));
		goto out;
	}
	w = (w + shrink - 1) / shrink;
	h = (h + shrink - 1) / shrink;
	if (cam_image_alloc(img, w, h) < 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (tjDecompress2(tj, jpeg, (unsigned long)len, img->rgb, w, 0, h,
			  TJPF_RGB, TJFLAG_FASTDCT) < 0 &&
	    tjGetErrorCode(tj) == TJERR_FATAL) {
		snprintf(err, errlen, "bad JPEG: %s", tjGetErrorStr2(tj));
		cam_image_free(img);
		goto out;
	}
	rc = 0;
out:
	tjDestroy(tj);
	return rc;
}

static unsigned char *slurp(const char *path, size_t *len, char *err,
			    size_t errlen)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) < 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) < 0 || (buf = malloc((size_t)n + 1)) == NULL ||
	    fread(buf, 1, (size_t)n, f) != (size_t)n) {
		snprintf(err, errlen, "%s: cannot read", path);
		free(buf);
		if (f != NULL)
			fclose(f);
		return NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Any other image leptonica reads (PNG, PNM), at full size. */
static int load_lept(const char *path, struct cam_image *img, char *err,
		     size_t errlen)
{
	PIX *pix = pixRead(path), *p32;
	int w, h;

	if (pix == NULL) {
		snprintf(err, errlen, "%s: not an image this build reads", path);
		return -1;
	}
	p32 = pixConvertTo32(pix);
	pixDestroy(&pix);
	if (p32 == NULL) {
		snprintf(err, errlen, "%s: cannot convert", path);
		return -1;
	}
	w = (int)pixGetWidth(p32);
	h = (int)pixGetHeight(p32);
	if (cam_image_alloc(img, w, h) < 0) {
		pixDestroy(&p32);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			l_int32 r, g, b;
			unsigned char *p = cam_px(img, x, y);

			pixGetRGBPixel(p32, x, y, &r, &g, &b);
			p[0] = (unsigned char)r;
			p[1] = (unsigned char)g;
			p[2] = (unsigned char)b;
		}
	pixDestroy(&p32);
	return 0;
}

int cam_image_load(const char *path, int shrink, struct cam_image *img,
		   char *err, size_t errlen)
{
	size_t len;
	unsigned char *buf = slurp(path, &len, err, errlen);
	int rc;

	img->rgb = NULL;
	if (buf == NULL)
		return -1;
	if (len > 2 && buf[0] == 0xff && buf[1] == 0xd8) {
		char why[200];

		rc = cam_image_decode(buf, len, shrink, img, why, sizeof(why));
		if (rc < 0)
			snprintf(err, errlen, "%s: %s", path, why);
		free(buf);
		return rc;
	}
	free(buf);
	setLeptDebugOK(0);
	/* A file it cannot read is said in `err`, not on stderr. */
	setMsgSeverity(L_SEVERITY_NONE);
	if (load_lept(path, img, err, errlen) < 0)
		return -1;
	if (shrink > 1) {
		struct cam_image small;

		if (cam_image_alloc(&small, img->w / shrink, img->h / shrink) < 0) {
			cam_image_free(img);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		for (int y = 0; y < small.h; y++)
			for (int x = 0; x < small.w; x++)
				memcpy(cam_px(&small, x, y),
				       cam_px(img, x * shrink, y * shrink), 3);
		cam_image_free(img);
		*img = small;
	}
	return 0;
}

int cam_image_encode(const struct cam_image *img, int quality,
		     unsigned char **jpeg, size_t *len, char *err,
		     size_t errlen)
{
	tjhandle tj = tjInitCompress();
	unsigned char *out = NULL;
	unsigned long size = 0;
	int rc;

	if (tj == NULL) {
		snprintf(err, errlen, "libturbojpeg: %s", tjGetErrorStr());
		return -1;
	}
	rc = tjCompress2(tj, img->rgb, img->w, 0, img->h, TJPF_RGB, &out,
			 &size, TJSAMP_420, quality, TJFLAG_FASTDCT);
	if (rc < 0) {
		snprintf(err, errlen, "JPEG: %s", tjGetErrorStr2(tj));
		tjFree(out);
		tjDestroy(tj);
		return -1;
	}
	tjDestroy(tj);
	*jpeg = malloc(size);
	if (*jpeg == NULL) {
		tjFree(out);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(*jpeg, out, size);
	tjFree(out);
	*len = size;
	return 0;
}

int cam_image_save_jpeg(const struct cam_image *img, const char *path,
			int quality, char *err, size_t errlen)
{
	unsigned char *jpeg;
	size_t len;
	FILE *f;
	int rc = 0;

	if (cam_image_encode(img, quality, &jpeg, &len, err, errlen) < 0)
		return -1;
	f = fopen(path, "wb");
	if (f == NULL || fwrite(jpeg, 1, len, f) != len)
		rc = -1;
	if (f != NULL && fclose(f) != 0)
		rc = -1;
	free(jpeg);
	if (rc < 0)
		snprintf(err, errlen, "%s: cannot write", path);
	return rc;
}

int cam_image_save_png(const struct cam_image *img, const char *path,
		       char *err, size_t errlen)
{
	PIX *pix = pixCreate(img->w, img->h, 32);
	int rc;

	if (pix == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int y = 0; y < img->h; y++)
		for (int x = 0; x < img->w; x++) {
			const unsigned char *p = cam_px(img, x, y);

			pixSetRGBPixel(pix, x, y, p[0], p[1], p[2]);
		}
	setLeptDebugOK(0);
	rc = pixWrite(path, pix, IFF_PNG) == 0 ? 0 : -1;
	pixDestroy(&pix);
	if (rc < 0)
		snprintf(err, errlen, "%s: cannot write PNG", path);
	return rc;
}
