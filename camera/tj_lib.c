/*
 * tj_lib.c - libturbojpeg, opened at the first frame read or written
 * (util/lazy.h). The functions camera/ uses, by their own names; a
 * handle is NULL when the library cannot be opened, and the error
 * text then says why.
 */
#include "config.h"

#include <stddef.h>
#include <turbojpeg.h>

#include "util/lazy.h"

/* The functions used, in their order in fn[]. */
#define FUNCS(X) \
	X(tjCompress2) \
	X(tjDecompress2) \
	X(tjDecompressHeader3) \
	X(tjDestroy) \
	X(tjFree) \
	X(tjGetErrorCode) \
	X(tjGetErrorStr) \
	X(tjGetErrorStr2) \
	X(tjInitCompress) \
	X(tjInitDecompress)
LAZY_LIB(TURBOJPEG_SONAME);

int tjCompress2(tjhandle handle, const unsigned char *srcBuf, int width,
		int pitch, int height, int pixelFormat,
		unsigned char **jpegBuf, unsigned long *jpegSize,
		int jpegSubsamp, int jpegQual, int flags)
{
	return FN(tjCompress2)(handle, srcBuf, width, pitch, height,
			       pixelFormat, jpegBuf, jpegSize, jpegSubsamp,
			       jpegQual, flags);
}

int tjDecompress2(tjhandle handle, const unsigned char *jpegBuf,
		  unsigned long jpegSize, unsigned char *dstBuf, int width,
		  int pitch, int height, int pixelFormat, int flags)
{
	return FN(tjDecompress2)(handle, jpegBuf, jpegSize, dstBuf, width,
				 pitch, height, pixelFormat, flags);
}

int tjDecompressHeader3(tjhandle handle, const unsigned char *jpegBuf,
			unsigned long jpegSize, int *width, int *height,
			int *jpegSubsamp, int *jpegColorspace)
{
	return FN(tjDecompressHeader3)(handle, jpegBuf, jpegSize, width, height,
				       jpegSubsamp, jpegColorspace);
}

int tjDestroy(tjhandle handle)
{
	return FN(tjDestroy)(handle);
}

void tjFree(unsigned char *buffer)
{
	FN(tjFree)(buffer);
}

int tjGetErrorCode(tjhandle handle)
{
	return FN(tjGetErrorCode)(handle);
}

char *tjGetErrorStr(void)
{
	if (lazy_open(&lib) < 0)
		return lib.why;
	return FN(tjGetErrorStr)();
}

char *tjGetErrorStr2(tjhandle handle)
{
	if (lazy_open(&lib) < 0)
		return lib.why;
	return FN(tjGetErrorStr2)(handle);
}

tjhandle tjInitCompress(void)
{
	if (lazy_open(&lib) < 0)
		return NULL;
	return FN(tjInitCompress)();
}

tjhandle tjInitDecompress(void)
{
	if (lazy_open(&lib) < 0)
		return NULL;
	return FN(tjInitDecompress)();
}
