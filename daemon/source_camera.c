/*
 * source_camera.c - a camera over the board (camera/): its frames are
 * read when the board is still, and each reading that changed is a
 * count snapshot for the table's referee (ranges where a pile hides
 * seeds). Frames with a hand in view are declined; a board that moved
 * since its calibration is refused, with the overlay written to look
 * at. Every frame a snapshot came from is kept, with the places drawn,
 * in a bounded folder.
 *
 * The camera: `rpicam` (rpicam-vid's MJPEG on a pipe), `/dev/videoN`
 * (V4L2 MJPEG), `pipe` (camera-command's MJPEG output), or a folder or
 * file of JPEG frames, one read every frame-interval.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "camera/frames.h"
#include "camera/still.h"
#include "camera/view.h"
#include "daemon/log.h"
#include "daemon/source.h"
#include "rules/rules.h"
#include "util/frame_name.h"

struct camera_conf {
	char camera[CONF_PATH_MAX];
	char calibration[CONF_PATH_MAX];
	unsigned width, height, fps;
	uint64_t interval_us;
	unsigned still;			/* grey levels */
	unsigned shutter_us;
	char gain[32], awb[32];
	char command[CONF_PATH_MAX];
	char frames[CONF_PATH_MAX];
	unsigned keep;
	unsigned camera_line;		/* where 'camera' is (the check) */
};

#define B(field) CONF_AT(struct camera_conf, field)

static const char *camera_value(const char *v, char *buf, size_t len)
{
	if (strcmp(v, "rpicam") == 0 || strcmp(v, "pipe") == 0 || v[0] == '/')
		return NULL;
	snprintf(buf, len, "'%s' is not rpicam, pipe, /dev/videoN or an "
		 "absolute path of a folder of frames", v);
	return buf;
}

static const struct conf_item camera_items[] = {
	{ "camera", CONF_REQUIRED, CONF_TEXT, NULL,
	  "rpicam, /dev/videoN, pipe, or a folder of JPEG frames",
	  B(camera), 0, 0, NULL, camera_value },
	{ "calibration", CONF_REQUIRED, CONF_PATH, NULL,
	  "the board's calibration (pitboss camera calibrate)",
	  B(calibration), 0, 0, NULL, NULL },
	{ "camera-width", 0, CONF_UINT, "1280", "frame width asked of the camera",
	  B(width), 160, 4096, NULL, NULL },
	{ "camera-height", 0, CONF_UINT, "720", "frame height asked of the camera",
	  B(height), 120, 4096, NULL, NULL },
	{ "camera-fps", 0, CONF_UINT, "5", "frames a second asked of the camera",
	  B(fps), 1, 60, NULL, NULL },
	{ "still-threshold", 0, CONF_UINT, "3",
	  "frames closer than this (mean grey levels) are still",
	  B(still), 1, 50, NULL, NULL },
	{ "frame-interval-ms", 0, CONF_MS, "1000",
	  "a folder of frames: one read this often", B(interval_us), 1,
	  60000, NULL, NULL },
	{ "shutter-us", 0, CONF_UINT, "0",
	  "exposure in microseconds; 0: automatic, then locked",
	  B(shutter_us), 0, 1000000, NULL, NULL },
	{ "gain", 0, CONF_TEXT, "", "rpicam analogue gain; empty: automatic",
	  B(gain), 0, 0, NULL, NULL },
	{ "white-balance", 0, CONF_TEXT, "",
	  "rpicam red,blue gains or a webcam's kelvin; empty: automatic, "
	  "then locked", B(awb), 0, 0, NULL, NULL },
	{ "camera-command", 0, CONF_TEXT, "",
	  "camera = pipe: a command writing MJPEG on its output",
	  B(command), 0, 0, NULL, NULL },
	{ "frames", 0, CONF_TEXT, "",
	  "folder where the frames read are kept; empty: none kept",
	  B(frames), 0, 0, NULL, NULL },
	{ "frames-keep", 0, CONF_UINT, "500", "frames kept in that folder",
	  B(keep), 1, 1000000, NULL, NULL },
};

struct source {
	struct loop *loop;
	source_emit_fn emit;
	void *ctx;
	const struct table_config *table;
	const struct camera_conf *cc;
	struct cam_view view;
	struct cam_frames_opts fo;
	const struct cam_frames_ops *fops;
	struct cam_frames *frames;
	int fd, timer, folder;
	struct cam_still still;
	int known[CAM_PLACES_MAX];	/* the counts at open, to learn from */
	int learned, moved;
	int unlearned;			/* said: a seed's size not learned */
	int playing;			/* a game is on at the table */
	int opening;			/* in open(): nothing emitted yet */
	char last[OBS_TEXT_MAX];	/* the snapshot sent last */
	char kept[CONF_PATH_MAX + 64];	/* its frame, kept; "" if not */
	char image[CONF_PATH_MAX + 64];	/* the arbiter's image; "" if none */
	char status[1600];
	unsigned long seq;
};

/* The game's places and the counts of `resume` (or its start). */
static int game_places(const struct table_config *t, const char *resume,
		       const char **names, int *counts, char *err,
		       size_t errlen)
{
	const struct rules *ops = rules_find(t->game);
	const struct sensing *sense = sensing_find(t->game);
	struct rules_game *g;
	void *pos;
	int n = -1;

	if (ops == NULL || sense == NULL || sense->counts == NULL) {
		snprintf(err, errlen, "%s has no count board for a camera",
			 t->game);
		return -1;
	}
	g = rules_game_new(ops, t->options, err, errlen);
	if (g == NULL)
		return -1;
	pos = calloc(1, rules_position_size(g));
	if (pos != NULL) {
		ops->start(g, pos);
		if (resume != NULL && resume[0] != '\0')
			(void)ops->position_parse(g, resume, pos, err, errlen);
		n = sense->holes(g, names);
		if (n <= CAM_PLACES_MAX)
			sense->counts(g, pos, counts);
		else
			n = -1;
	}
	if (n < 0)
		snprintf(err, errlen, "the board is too large for the camera");
	free(pos);
	rules_game_free(g);
	return n;
}

/* The frame with its places drawn as the arbiter's image, replaced
 * whole (the dashboard may be reading the old one). */
static void show_frame(struct source *s, const struct cam_image *img)
{
	char tmp[CONF_PATH_MAX + 80], err[300];

	if (s->cc->frames[0] == '\0')
		return;
	snprintf(tmp, sizeof(tmp), "%s.new", s->image);
	if (cam_image_save_png(img, tmp, err, sizeof(err)) < 0) {
		log_warn("table %u: %s", s->table->id, err);
	} else if (rename(tmp, s->image) < 0) {
		log_warn("table %u: %s: %s", s->table->id, s->image,
			 strerror(errno));
		(void)unlink(tmp);
	}
}

/* The frame, the places drawn, kept in the frames folder (the oldest
 * beyond frames-keep removed) and shown to the arbiter; its path in
 * `path`. */
static void keep_frame(struct source *s, struct cam_image *img,
		       const struct cam_reading *rd, const char *tag,
		       char *path, size_t len)
{
	int doubt[CAM_PLACES_MAX] = { 0 };
	char err[300], name[FRAME_NAME_MAX];

	path[0] = '\0';
	if (s->cc->frames[0] == '\0')
		return;
	for (int i = 0; rd != NULL && i < s->view.calib.nplaces; i++)
		doubt[i] = rd->lo[i] != rd->hi[i];
	cam_calib_draw(&s->view.calib, img, rd != NULL ? doubt : NULL);
	show_frame(s, img);
	frame_name(name, sizeof(name), s->table->id, ++s->seq, tag);
	snprintf(path, len, "%s/%s", s->cc->frames, name);
	if (cam_image_save_jpeg(img, path, 85, err, sizeof(err)) < 0) {
		log_warn("table %u: %s", s->table->id, err);
		path[0] = '\0';
	}
	if (s->seq > s->cc->keep) {
		char old[CONF_PATH_MAX + 64];
		static const char *const tags[] = { "read", "moved" };

		for (size_t k = 0; k < 2; k++) {
			frame_name(name, sizeof(name), s->table->id,
				   s->seq - s->cc->keep, tags[k]);
			snprintf(old, sizeof(old), "%s/%s", s->cc->frames,
				 name);
			(void)unlink(old);
		}
	}
}

static void refuse_moved(struct source *s, struct cam_image *img,
			 const struct cam_reading *rd)
{
	char path[CONF_PATH_MAX + 64];

	if (s->moved)
		return;
	s->moved = 1;
	keep_frame(s, img, NULL, "moved", path, sizeof(path));
	snprintf(s->status, sizeof(s->status), "offline: %s; put it back or "
		 "calibrate again%s%s", rd->why, path[0] ? ", see " : "", path);
	if (!s->opening)	/* else the table's refusal says it */
		log_err("table %u: camera: %s", s->table->id, s->status + 9);
}

static void emit_snapshot(struct source *s, const char *snap)
{
	struct observation o = { .t_us = loop_now(), .table = s->table->id,
				 .kind = OBS_SNAPSHOT };

	if (s->opening)		/* the position the table opens at */
		return;
	snprintf(o.text, sizeof(o.text), "%s", snap);
	s->emit(s->ctx, &o);
}

/* A reading of a still frame: refused, declined, or a snapshot. */
static void use_reading(struct source *s, struct cam_image *img,
			struct cam_reading *rd, char *snap, size_t len)
{
	char path[CONF_PATH_MAX + 64];

	if (rd->status == CAM_READ_MOVED || rd->status == CAM_READ_BAD) {
		refuse_moved(s, img, rd);
		return;
	}
	if (rd->status == CAM_READ_HAND) {
		log_debug("table %u: camera: frame declined: %s", s->table->id,
			  rd->why);
		cam_still_decline(&s->still);
		return;
	}
	if (s->moved)
		log_info("table %u: camera: the board is in place again",
			 s->table->id);
	s->moved = 0;
	snprintf(s->status, sizeof(s->status), "online");
	if (!s->learned && s->view.calib.seed_area <= 0) {
		if (cam_view_learn(&s->view, rd, s->known) < 0) {
			if (!s->unlearned++)
				log_warn("table %u: camera: too few seeds show "
					 "against the empty board to learn their "
					 "size from; waiting for a frame of the "
					 "start position (is the calibration's "
					 "photo of the empty board?)",
					 s->table->id);
			return;
		}
		if (cam_view_read(&s->view, img, rd, snap, len) < 0 ||
		    rd->status != CAM_READ_OK)
			return;
	}
	s->learned = 1;
	if (strcmp(snap, s->last) == 0)
		return;
	snprintf(s->last, sizeof(s->last), "%s", snap);
	keep_frame(s, img, rd, "read", path, sizeof(path));
	snprintf(s->kept, sizeof(s->kept), "%s", path);
	log_debug("table %u: camera: %s%s%s", s->table->id, snap,
		  path[0] ? " in " : "", path);
	emit_snapshot(s, snap);
}

static void take_frame(struct source *s, const unsigned char *jpeg,
		       size_t len)
{
	struct cam_reading rd;
	struct cam_image img;
	char err[300], snap[OBS_TEXT_MAX];

	if (cam_view_decode(&s->view, jpeg, len, &img, err, sizeof(err)) < 0) {
		log_warn("table %u: camera: %s", s->table->id, err);
		return;
	}
	if ((s->folder || s->table->referee.settle_us == 0 ||
	     cam_still_feed(&s->still, &img, loop_now())) &&
	    cam_view_read(&s->view, &img, &rd, snap, sizeof(snap)) == 0)
		use_reading(s, &img, &rd, snap, sizeof(snap));
	cam_image_free(&img);
}

static void gone(struct source *s, const char *why)
{
	snprintf(s->status, sizeof(s->status), "offline: %s", why);
	log_err("table %u: camera: %s", s->table->id, why);
	if (s->fd >= 0)
		loop_remove_fd(s->loop, s->fd);
	s->fd = -1;
}

static void on_readable(void *ctx, int fd, short revents)
{
	struct source *s = ctx;
	const unsigned char *jpeg;
	size_t len;
	char err[300];
	int rc;

	(void)fd;
	(void)revents;
	while ((rc = s->fops->next(s->frames, &jpeg, &len, err,
				   sizeof(err))) == 1)
		take_frame(s, jpeg, len);
	if (rc < 0)
		gone(s, err);
}

static void on_timer(void *ctx)
{
	struct source *s = ctx;
	const unsigned char *jpeg;
	size_t len;
	char err[300];

	s->timer = -1;
	if (!s->playing) {		/* the frames wait for a game */
		s->timer = loop_at(s->loop, loop_now() + s->cc->interval_us,
				   on_timer, s);
		return;
	}
	if (s->fops->next(s->frames, &jpeg, &len, err, sizeof(err)) != 1) {
		snprintf(s->status, sizeof(s->status), "offline: %s", err);
		log_info("table %u: camera: %s", s->table->id, err);
		return;
	}
	take_frame(s, jpeg, len);
	s->timer = loop_at(s->loop, loop_now() + s->cc->interval_us, on_timer, s);
}

/* ------------------------------------------------------------ driver */

static void set_light(struct cam_frames_opts *o, const struct camera_conf *cc)
{
	cam_frames_opts_default(o);
	o->width = (int)cc->width;
	o->height = (int)cc->height;
	o->fps = (int)cc->fps;
	o->shutter_us = (int)cc->shutter_us;
	if (cc->gain[0] != '\0')
		o->gain = atof(cc->gain);
	if (strchr(cc->awb, ',') != NULL)
		sscanf(cc->awb, "%lf,%lf", &o->awb_red, &o->awb_blue);
	else if (cc->awb[0] != '\0')
		o->awb_kelvin = atoi(cc->awb);
	o->command = cc->command[0] != '\0' ? cc->command : NULL;
}

static void camera_close(struct source *s)
{
	if (s == NULL)
		return;
	if (s->timer >= 0)
		loop_cancel(s->loop, s->timer);
	if (s->fd >= 0)
		loop_remove_fd(s->loop, s->fd);
	if (s->frames != NULL)
		s->fops->close(s->frames);
	cam_view_close(&s->view);
	free(s);
}

/* A folder's first frame, read at once: a board that moved is refused
 * before the table opens. */
static int first_frame(struct source *s, char *err, size_t errlen)
{
	struct cam_reading rd;
	struct cam_image img;
	const unsigned char *jpeg;
	size_t len;
	char snap[OBS_TEXT_MAX];
	int rc = 0;

	if (s->fops->next(s->frames, &jpeg, &len, err, errlen) != 1 ||
	    cam_view_decode(&s->view, jpeg, len, &img, err, errlen) < 0)
		return -1;
	s->opening = 1;
	if (cam_view_read(&s->view, &img, &rd, snap, sizeof(snap)) == 0)
		use_reading(s, &img, &rd, snap, sizeof(snap));
	s->opening = 0;
	if (s->moved) {
		snprintf(err, errlen, "%s", s->status + 9);
		rc = -1;
	}
	cam_image_free(&img);
	return rc;
}

/* The highest sequence number of the table's frames already kept in
 * `dir` (0: none): the frames of an earlier run go on being named by
 * the records' evidence, so a new run numbers its own after them. */
static unsigned long last_kept(const char *dir, unsigned table)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned long last = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		unsigned id;
		unsigned long seq;
		const char *tag;

		/* The daemon's names only: not "...-read.jpg.bak", nor
		 * "table01-...", nor a ".png" of the same name. */
		if (frame_name_parse(e->d_name, &id, &seq, &tag) == 0 &&
		    id == table && seq > last)
			last = seq;
	}
	closedir(d);
	return last;
}

static struct source *camera_open(struct loop *loop,
				  const struct table_config *table,
				  const char *resume, source_emit_fn emit,
				  void *ctx, char *err, size_t errlen)
{
	const struct camera_conf *cc = table->source_conf;
	const char *names[CAM_PLACES_MAX];
	struct source *s = calloc(1, sizeof(*s));
	struct stat st;
	int n;

	if (s == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	*s = (struct source){ .loop = loop, .emit = emit, .ctx = ctx,
			      .table = table, .cc = cc, .fd = -1, .timer = -1,
			      .playing = resume[0] != '\0' };
	snprintf(s->status, sizeof(s->status), "online");
	snprintf(s->image, sizeof(s->image), "%s.png", cc->calibration);
	if (cc->frames[0] != '\0')
		snprintf(s->image, sizeof(s->image), "%s/table%u-last.png",
			 cc->frames, table->id);
	cam_still_init(&s->still, table->referee.settle_us, cc->still);
	set_light(&s->fo, cc);
	n = game_places(table, resume, names, s->known, err, errlen);
	if (n < 0 || cam_view_open(&s->view, cc->calibration, names, n, err,
				   errlen) < 0) {
		free(s);
		return NULL;
	}
	if (cc->frames[0] != '\0' && stat(cc->frames, &st) < 0 &&
	    mkdir(cc->frames, 0755) < 0 && errno != EEXIST)
		log_warn("table %u: %s: %s", table->id, cc->frames,
			 strerror(errno));
	if (cc->frames[0] != '\0')
		s->seq = last_kept(cc->frames, table->id);
	s->fops = cam_frames_for(cc->camera, &s->fo);
	s->folder = s->fops == &cam_frames_files;
	s->frames = s->fops->open(cc->camera, &s->fo, err, errlen);
	if (s->frames == NULL || (s->folder && first_frame(s, err, errlen) < 0)) {
		camera_close(s);
		return NULL;
	}
	s->fd = s->fops->fd(s->frames);
	if (s->fd >= 0)
		loop_add_fd(loop, s->fd, POLLIN, on_readable, s);
	else
		s->timer = loop_at(loop, loop_now() + cc->interval_us,
				   on_timer, s);
	return s;
}

static void camera_verdict(struct source *s, const struct verdict *v,
			   int mover)
{
	(void)v;
	s->playing = mover >= 0;
}

static const char *camera_status(const struct source *s)
{
	return s->status;
}

static const char *camera_frame(const struct source *s)
{
	return s->kept;
}

/* The last frame drawn on, in the frames folder; without one, the
 * calibration's overlay (pitboss camera calibrate writes it next to the
 * calibration). */
static const char *camera_image(const struct source *s)
{
	return s->image;
}

/* The calibration loads and names every place of the game. */
static int camera_check(const struct conf_check *c)
{
	struct camera_conf *cc = c->table->source_conf;
	const char *names[CAM_PLACES_MAX];
	int counts[CAM_PLACES_MAX];
	struct cam_view v;
	char why[CONF_ERR_MAX];
	int n = game_places(c->table, "", names, counts, why, sizeof(why));

	cc->camera_line = c->seen[0];
	if (n < 0)
		return conf_check_fail(c, c->source_line, "source", "%s", why);
	if (cam_view_open(&v, cc->calibration, names, n, why, sizeof(why)) < 0)
		return conf_check_fail(c, c->seen[1], "calibration", "%s", why);
	cam_view_close(&v);
	if (strcmp(cc->camera, "pipe") == 0 && cc->command[0] == '\0')
		return conf_check_fail(c, c->seen[0], "camera", "camera = pipe "
				       "needs camera-command");
	return 0;
}

/* A camera device is one table's. */
static size_t camera_claims(const void *block, struct conf_claim *out,
			    size_t cap)
{
	const struct camera_conf *cc = block;

	if (cap == 0 || (strcmp(cc->camera, "rpicam") != 0 &&
			 strncmp(cc->camera, "/dev/", 5) != 0))
		return 0;
	out[0].kind = "camera";
	out[0].name = cc->camera;
	out[0].line = cc->camera_line;
	snprintf(out[0].key, sizeof(out[0].key), "camera");
	return 1;
}

const struct source_ops source_camera_ops = {
	.name = "camera",
	.help = "count snapshots from a camera over the board",
	.flags = SOURCE_SETTLES | SOURCE_CHECKS,
	.conf = {
		.items = camera_items,
		.nitems = sizeof(camera_items) / sizeof(camera_items[0]),
		.size = sizeof(struct camera_conf),
		.check = camera_check,
		.claims = camera_claims,
	},
	.open = camera_open,
	.close = camera_close,
	.verdict = camera_verdict,
	.status = camera_status,
	.frame = camera_frame,
	.image = camera_image,
};
