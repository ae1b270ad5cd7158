/*
 * lept_lib.c - leptonica, opened at the camera's first image
 * (util/lazy.h): a process without a camera maps neither it nor the
 * image libraries it brings. The functions camera/ uses, by their own
 * names; the ones an image starts from (pixCreate, pixRead) give NULL
 * when the library cannot be opened.
 */
#include "config.h"

#include <stddef.h>
#include <leptonica/allheaders.h>

#include "util/lazy.h"

/* The functions used, in their order in fn[]. */
#define FUNCS(X) \
	X(boxaDestroy) \
	X(boxaGetBoxGeometry) \
	X(boxaGetCount) \
	X(pixCloseBrick) \
	X(pixCloseGray) \
	X(pixConnComp) \
	X(pixConvertTo32) \
	X(pixCountPixels) \
	X(pixCreate) \
	X(pixDestroy) \
	X(pixGetHeight) \
	X(pixGetPixel) \
	X(pixGetRGBPixel) \
	X(pixGetWidth) \
	X(pixHolesByFilling) \
	X(pixOpenBrick) \
	X(pixOr) \
	X(pixRead) \
	X(pixSetPixel) \
	X(pixSetRGBPixel) \
	X(pixWrite) \
	X(pixaDestroy) \
	X(pixaGetPix) \
	X(setLeptDebugOK) \
	X(setMsgSeverity)
LAZY_LIB(LEPT_SONAME);

void boxaDestroy(BOXA **pboxa)
{
	if (lazy_open(&lib) < 0)
		return;
	FN(boxaDestroy)(pboxa);
}

l_ok boxaGetBoxGeometry(BOXA *boxa, l_int32 index, l_int32 *px, l_int32 *py,
			l_int32 *pw, l_int32 *ph)
{
	return FN(boxaGetBoxGeometry)(boxa, index, px, py, pw, ph);
}

l_int32 boxaGetCount(BOXA *boxa)
{
	return FN(boxaGetCount)(boxa);
}

PIX *pixCloseBrick(PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize)
{
	return FN(pixCloseBrick)(pixd, pixs, hsize, vsize);
}

PIX *pixCloseGray(PIX *pixs, l_int32 hsize, l_int32 vsize)
{
	return FN(pixCloseGray)(pixs, hsize, vsize);
}

BOXA *pixConnComp(PIX *pixs, PIXA **ppixa, l_int32 connectivity)
{
	return FN(pixConnComp)(pixs, ppixa, connectivity);
}

PIX *pixConvertTo32(PIX *pixs)
{
	return FN(pixConvertTo32)(pixs);
}

l_ok pixCountPixels(PIX *pixs, l_int32 *pcount, l_int32 *tab8)
{
	return FN(pixCountPixels)(pixs, pcount, tab8);
}

PIX *pixCreate(l_int32 width, l_int32 height, l_int32 depth)
{
	if (lazy_open(&lib) < 0)
		return NULL;
	return FN(pixCreate)(width, height, depth);
}

void pixDestroy(PIX **ppix)
{
	if (lazy_open(&lib) < 0)
		return;
	FN(pixDestroy)(ppix);
}

l_int32 pixGetHeight(const PIX *pix)
{
	return FN(pixGetHeight)(pix);
}

l_ok pixGetPixel(PIX *pix, l_int32 x, l_int32 y, l_uint32 *pval)
{
	return FN(pixGetPixel)(pix, x, y, pval);
}

l_ok pixGetRGBPixel(PIX *pix, l_int32 x, l_int32 y, l_int32 *prval,
		    l_int32 *pgval, l_int32 *pbval)
{
	return FN(pixGetRGBPixel)(pix, x, y, prval, pgval, pbval);
}

l_int32 pixGetWidth(const PIX *pix)
{
	return FN(pixGetWidth)(pix);
}

PIX *pixHolesByFilling(PIX *pixs, l_int32 connectivity)
{
	return FN(pixHolesByFilling)(pixs, connectivity);
}

PIX *pixOpenBrick(PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize)
{
	return FN(pixOpenBrick)(pixd, pixs, hsize, vsize);
}

PIX *pixOr(PIX *pixd, PIX *pixs1, PIX *pixs2)
{
	return FN(pixOr)(pixd, pixs1, pixs2);
}

PIX *pixRead(const char *filename)
{
	if (lazy_open(&lib) < 0)
		return NULL;
	return FN(pixRead)(filename);
}

l_ok pixSetPixel(PIX *pix, l_int32 x, l_int32 y, l_uint32 val)
{
	return FN(pixSetPixel)(pix, x, y, val);
}

l_ok pixSetRGBPixel(PIX *pix, l_int32 x, l_int32 y, l_int32 rval,
		    l_int32 gval, l_int32 bval)
{
	return FN(pixSetRGBPixel)(pix, x, y, rval, gval, bval);
}

l_ok pixWrite(const char *fname, PIX *pix, l_int32 format)
{
	return FN(pixWrite)(fname, pix, format);
}

void pixaDestroy(PIXA **ppixa)
{
	if (lazy_open(&lib) < 0)
		return;
	FN(pixaDestroy)(ppixa);
}

PIX *pixaGetPix(PIXA *pixa, l_int32 index, l_int32 accesstype)
{
	return FN(pixaGetPix)(pixa, index, accesstype);
}

void setLeptDebugOK(l_int32 allow)
{
	if (lazy_open(&lib) < 0)
		return;
	FN(setLeptDebugOK)(allow);
}

l_int32 setMsgSeverity(l_int32 newsev)
{
	if (lazy_open(&lib) < 0)
		return 0;
	return FN(setMsgSeverity)(newsev);
}
