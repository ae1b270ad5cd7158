/*
 * web_camera.c - a camera table's image for the arbiter: the last frame
 * the camera read with the places drawn on it (red where a count is a
 * range), or before any the calibration's overlay, as the daemon names
 * its file; and a frame kept in the camera's frames folder, by the
 * number a verdict's evidence names (frame=tableN-SEQUENCE-read.jpg).
 * The arbiter's alone: a frame shows the board, and what lies around
 * it, in full.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/web_impl.h"

#define CAMERA_PNG_MAX (32u << 20)	/* bytes of an image served */

void web_table_camera(struct web *web, int64_t board_id, const char *png)
{
	char *copy = png != NULL && png[0] != '\0' ? strdup(png) : NULL;
	int i;

	pthread_mutex_lock(&web->lock);
	i = web_live_slot(web, board_id);
	if (i >= 0) {
		free(web->live[i].camera);
		web->live[i].camera = copy;
		copy = NULL;
	}
	pthread_mutex_unlock(&web->lock);
	free(copy);
}

/* The whole of file `path` into r->out; 0, or -1 with errno. */
static int slurp(struct web_request *r, const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	int rc = -1;

	if (f == NULL)
		return -1;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
	    (unsigned long)n <= CAMERA_PNG_MAX && fseek(f, 0, SEEK_SET) == 0) {
		free(r->out);
		r->out = malloc((size_t)n);
		if (r->out != NULL && fread(r->out, 1, (size_t)n, f) ==
		    (size_t)n) {
			r->out_len = (size_t)n;
			rc = 0;
		} else {
			errno = EIO;
		}
	} else {
		errno = EFBIG;
	}
	fclose(f);
	return rc;
}

void api_table_camera(struct web_request *r)
{
	struct web *web = r->web;
	char *path = NULL;

	if (!web_is_admin(r, 0)) {
		web_error(r, 403, "the camera's image needs the arbiter's login");
		return;
	}
	pthread_mutex_lock(&web->lock);
	for (int i = 0; i < web->nlive; i++)
		if (web->live[i].board == r->param[0] &&
		    web->live[i].camera != NULL)
			path = strdup(web->live[i].camera);
	pthread_mutex_unlock(&web->lock);
	if (path == NULL) {
		web_error(r, 404, "table %" PRId64 " has no camera image",
			  r->param[0]);
		return;
	}
	if (slurp(r, path) < 0) {
		web_error(r, 404, "no camera image yet (%s)", strerror(errno));
	} else {
		r->status = 200;
		r->content_type = "image/png";
	}
	free(path);
}

/* The path of kept frame `seq` (a read or a board that moved) beside
 * the last frame `last` (".../tableN-last.png"), or NULL: no frames
 * folder, or no such frame kept. */
static char *kept_frame(const char *last, int64_t seq)
{
	static const char *const tags[] = { "read", "moved" };
	const char *base = strrchr(last, '/');
	size_t len = strlen(last), cut;
	char *path;

	base = base != NULL ? base + 1 : last;
	if (strncmp(base, "table", 5) != 0 || len < 8 ||
	    strcmp(last + len - 8, "last.png") != 0)
		return NULL;
	cut = len - 8;
	path = malloc(cut + 40);
	for (size_t k = 0; path != NULL && k < 2; k++) {
		FILE *f;

		snprintf(path, cut + 40, "%.*s%08" PRId64 "-%s.jpg", (int)cut,
			 last, seq, tags[k]);
		f = fopen(path, "rb");
		if (f != NULL) {
			fclose(f);
			return path;
		}
	}
	free(path);
	return NULL;
}

void api_table_frame(struct web_request *r)
{
	struct web *web = r->web;
	char *path = NULL;

	if (!web_is_admin(r, 0)) {
		web_error(r, 403, "the camera's frames need the arbiter's login");
		return;
	}
	pthread_mutex_lock(&web->lock);
	for (int i = 0; i < web->nlive; i++)
		if (web->live[i].board == r->param[0] &&
		    web->live[i].camera != NULL && path == NULL)
			path = kept_frame(web->live[i].camera, r->param[1]);
	pthread_mutex_unlock(&web->lock);
	if (path == NULL || slurp(r, path) < 0) {
		web_error(r, 404, "table %" PRId64 " keeps no frame %" PRId64,
			  r->param[0], r->param[1]);
	} else {
		r->status = 200;
		r->content_type = "image/jpeg";
	}
	free(path);
}
