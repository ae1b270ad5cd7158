/*
 * web_camera.c - a camera table's image for the arbiter: the last frame
 * the camera read with the places drawn on it (red where a count is a
 * range), or before any the calibration's overlay, as the daemon names
 * its file; and a frame kept in the camera's frames folder, the very
 * file a verdict's evidence names (frame=tableN-SEQUENCE-read.jpg).
 * The arbiter's alone: a frame shows the board, and what lies around
 * it, in full.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/frame_name.h"
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

/* The whole of file `path` into r->out; 0, or -1 with errno (ENOENT:
 * no such file; anything else the server's fault). */
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
		if (r->out == NULL) {
			errno = ENOMEM;
		} else if (fread(r->out, 1, (size_t)n, f) == (size_t)n) {
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

/* The live camera image's path of board `board`, copied (NULL: none). */
static char *camera_path(struct web *web, int64_t board)
{
	char *path = NULL;

	pthread_mutex_lock(&web->lock);
	for (int i = 0; i < web->nlive && path == NULL; i++)
		if (web->live[i].board == board && web->live[i].camera != NULL)
			path = strdup(web->live[i].camera);
	pthread_mutex_unlock(&web->lock);
	return path;
}

void api_table_camera(struct web_request *r)
{
	char *path;

	if (!web_is_admin(r, 0)) {
		web_error(r, 403, "the camera's image needs the arbiter's login");
		return;
	}
	path = camera_path(r->web, r->param[0]);
	if (path == NULL) {
		web_error(r, 404, "table %" PRId64 " has no camera image",
			  r->param[0]);
		return;
	}
	if (slurp(r, path) < 0) {
		if (errno == ENOENT)
			web_error(r, 404, "no camera image yet");
		else
			web_error(r, 500, "the camera image cannot be read "
				  "(%s)", strerror(errno));
	} else {
		r->status = 200;
		r->content_type = "image/png";
	}
	free(path);
}

/* The path of kept frame `name` beside the last frame `last`
 * (".../tableN-last.png") when N is the frame's table `table`; or NULL
 * with errno: ENOENT, no frames folder, or the frame is another
 * table's (a table numbered anew since); ENOMEM. */
static char *kept_frame(const char *last, unsigned table, const char *name)
{
	char want[FRAME_NAME_MAX];
	const char *base = strrchr(last, '/');
	size_t cut;
	char *path;

	base = base != NULL ? base + 1 : last;
	if (snprintf(want, sizeof(want), "table%u-last.png", table) >=
	    (int)sizeof(want) || strcmp(base, want) != 0) {
		errno = ENOENT;
		return NULL;
	}
	cut = (size_t)(base - last);
	path = malloc(cut + strlen(name) + 1);
	if (path == NULL)
		errno = ENOMEM;
	else
		sprintf(path, "%.*s%s", (int)cut, last, name);
	return path;
}

/* GET /api/tables/{id}/frames/{n}?name=tableN-SEQUENCE-TAG.jpg: the
 * frame the evidence names, that file and no other: its number n, its
 * table N the one whose frames folder the table keeps now. */
void api_table_frame(struct web_request *r)
{
	const char *name = web_arg(r, "name");
	char *last = NULL, *path = NULL;
	unsigned table;
	unsigned long seq;
	const char *tag;

	if (!web_is_admin(r, 0)) {
		web_error(r, 403, "the camera's frames need the arbiter's login");
		return;
	}
	if (name == NULL || frame_name_parse(name, &table, &seq, &tag) < 0 ||
	    (int64_t)seq != r->param[1]) {
		web_error(r, 404, "table %" PRId64 " keeps no frame of that "
			  "name", r->param[0]);
		return;
	}
	last = camera_path(r->web, r->param[0]);
	errno = ENOENT;
	if (last != NULL)
		path = kept_frame(last, table, name);
	if (path == NULL || slurp(r, path) < 0) {
		if (errno != ENOENT)
			web_error(r, 500, "frame %" PRId64 " cannot be read "
				  "(%s)", r->param[1], strerror(errno));
		else
			web_error(r, 404, "table %" PRId64 " keeps no frame "
				  "%" PRId64, r->param[0], r->param[1]);
	} else {
		r->status = 200;
		r->content_type = "image/jpeg";
	}
	free(path);
	free(last);
}
