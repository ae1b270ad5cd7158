/*
 * frames.c - the frame sources' common parts: choosing one, the MJPEG
 * stream parted into frames, and image files or a folder of them.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "camera/frames.h"

void cam_frames_opts_default(struct cam_frames_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->width = 1280;
	o->height = 720;
	o->fps = 5;
}

const struct cam_frames_ops *cam_frames_for(const char *spec,
					    const struct cam_frames_opts *o)
{
	if (strcmp(spec, "rpicam") == 0 ||
	    (strcmp(spec, "pipe") == 0 && o->command != NULL))
		return &cam_frames_pipe;
	if (strncmp(spec, "/dev/video", 10) == 0)
		return &cam_frames_v4l2;
	return &cam_frames_files;
}

/* ------------------------------------------------------------ mjpeg */

int cam_mjpeg_init(struct cam_mjpeg *m, size_t cap)
{
	memset(m, 0, sizeof(*m));
	m->buf = malloc(cap);
	m->cap = cap;
	return m->buf != NULL ? 0 : -1;
}

void cam_mjpeg_free(struct cam_mjpeg *m)
{
	free(m->buf);
	m->buf = NULL;
}

/* Drops the frame taken last. */
static void drop_taken(struct cam_mjpeg *m)
{
	if (m->frame_len == 0)
		return;
	memmove(m->buf, m->buf + m->frame_len, m->len - m->frame_len);
	m->len -= m->frame_len;
	m->frame_len = 0;
	m->scan = 0;
}

unsigned char *cam_mjpeg_room(struct cam_mjpeg *m, size_t *room)
{
	drop_taken(m);
	if (m->len == m->cap)		/* a frame too large: dropped */
		m->len = m->scan = 0;
	*room = m->cap - m->len;
	return m->buf + m->len;
}

void cam_mjpeg_added(struct cam_mjpeg *m, size_t n)
{
	m->len += n;
}

/* Where the frame starting at buf[0] (an SOI) ends, or 0 when not yet:
 * marker segments by their lengths up to the scan, then the entropy
 * coded data up to an EOI (stuffed FF 00 and restart markers skipped),
 * so that an EXIF thumbnail's own markers are passed over. */
static size_t frame_end(const unsigned char *b, size_t len)
{
	size_t i = 2;

	while (i + 4 <= len) {
		unsigned marker, seg;

		if (b[i] != 0xff)
			return (size_t)-1;		/* not a JPEG */
		marker = b[i + 1];
		if (marker == 0xff) {
			i++;
			continue;
		}
		if (marker == 0xd9)
			return i + 2;
		seg = (unsigned)b[i + 2] << 8 | b[i + 3];
		i += 2 + seg;
		if (marker != 0xda)
			continue;
		for (; i + 1 < len; i++)
			if (b[i] == 0xff && b[i + 1] == 0xd9)
				return i + 2;
		return 0;
	}
	return 0;
}

int cam_mjpeg_take(struct cam_mjpeg *m, const unsigned char **jpeg,
		   size_t *len)
{
	size_t start, end;

	drop_taken(m);
	for (;;) {
		for (start = 0; start + 1 < m->len; start++)
			if (m->buf[start] == 0xff && m->buf[start + 1] == 0xd8)
				break;
		if (start > 0) {		/* bytes between frames */
			memmove(m->buf, m->buf + start, m->len - start);
			m->len -= start;
		}
		if (m->len < 4)
			return 0;
		end = frame_end(m->buf, m->len);
		if (end == 0)
			return 0;
		if (end == (size_t)-1) {	/* a false start: past it */
			memmove(m->buf, m->buf + 2, m->len - 2);
			m->len -= 2;
			continue;
		}
		*jpeg = m->buf;
		*len = end;
		m->frame_len = end;
		return 1;
	}
}

/* ------------------------------------------------------------ files */

struct cam_frames {
	char **paths;
	size_t n, at;
	int loop;
	unsigned char *data;
};

static int is_image(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot != NULL && (strcasecmp(dot, ".jpg") == 0 ||
			       strcasecmp(dot, ".jpeg") == 0);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int list_folder(struct cam_frames *f, const char *dir, char *err,
		       size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	if (d == NULL) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		char **grown;

		if (!is_image(e->d_name))
			continue;
		if (f->n == cap) {
			cap = cap ? 2 * cap : 64;
			grown = realloc(f->paths, cap * sizeof(*grown));
			if (grown == NULL)
				break;
			f->paths = grown;
		}
		if (asprintf(&f->paths[f->n], "%s/%s", dir, e->d_name) < 0)
			break;
		f->n++;
	}
	closedir(d);
	qsort(f->paths, f->n, sizeof(*f->paths), by_name);
	if (f->n == 0) {
		snprintf(err, errlen, "%s: no JPEG frames (*.jpg)", dir);
		return -1;
	}
	return 0;
}

static void files_close(struct cam_frames *f)
{
	if (f == NULL)
		return;
	for (size_t i = 0; i < f->n; i++)
		free(f->paths[i]);
	free(f->paths);
	free(f->data);
	free(f);
}

static struct cam_frames *files_open(const char *spec,
				     const struct cam_frames_opts *o,
				     char *err, size_t errlen)
{
	struct cam_frames *f = calloc(1, sizeof(*f));
	struct stat st;

	if (f == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	f->loop = o->loop;
	if (stat(spec, &st) < 0) {
		snprintf(err, errlen, "%s: %s", spec, strerror(errno));
		files_close(f);
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		if (list_folder(f, spec, err, errlen) < 0) {
			files_close(f);
			return NULL;
		}
		return f;
	}
	f->paths = malloc(sizeof(*f->paths));
	if (f->paths == NULL || (f->paths[0] = strdup(spec)) == NULL) {
		snprintf(err, errlen, "out of memory");
		files_close(f);
		return NULL;
	}
	f->n = 1;
	return f;
}

static int files_fd(const struct cam_frames *f)
{
	(void)f;
	return -1;
}

static int files_next(struct cam_frames *f, const unsigned char **jpeg,
		      size_t *len, char *err, size_t errlen)
{
	FILE *in;
	long n;

	if (f->at == f->n && f->loop)
		f->at = 0;
	if (f->at == f->n) {
		snprintf(err, errlen, "no more frames");
		return -1;
	}
	free(f->data);
	f->data = NULL;
	in = fopen(f->paths[f->at], "rb");
	if (in == NULL || fseek(in, 0, SEEK_END) < 0 || (n = ftell(in)) <= 0 ||
	    fseek(in, 0, SEEK_SET) < 0 || (f->data = malloc((size_t)n)) == NULL ||
	    fread(f->data, 1, (size_t)n, in) != (size_t)n) {
		snprintf(err, errlen, "%s: cannot read", f->paths[f->at]);
		if (in != NULL)
			fclose(in);
		f->at++;
		return -1;
	}
	fclose(in);
	f->at++;
	*jpeg = f->data;
	*len = (size_t)n;
	return 1;
}

const struct cam_frames_ops cam_frames_files = {
	.name = "files",
	.open = files_open,
	.fd = files_fd,
	.next = files_next,
	.close = files_close,
};
