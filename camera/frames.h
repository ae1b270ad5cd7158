/*
 * frames.h - where a camera's JPEG frames come from, behind one small
 * interface:
 *
 *  - files: one image, or a folder of them taken in name order (tests,
 *    replays, bug reports): a frame each time one is asked for;
 *  - pipe: a command writing an MJPEG stream on its standard output,
 *    `rpicam-vid --codec mjpeg -o -` for the Raspberry Pi camera (its
 *    exposure and white balance fixed by its flags), parted into frames
 *    at the JPEG start and end markers;
 *  - v4l2: a USB webcam's MJPEG through plain V4L2 ioctls, exposure and
 *    white balance set by its controls, or left automatic for a moment
 *    and then locked where they settled.
 *
 * A source with a file descriptor is read when it is readable (poll);
 * one without (files) is asked on a timer.
 */
#ifndef PITBOSS_CAMERA_FRAMES_H
#define PITBOSS_CAMERA_FRAMES_H

#include <stddef.h>

struct cam_frames_opts {
	int width, height, fps;		/* asked of a camera */
	/* Exposure in µs and analogue gain, 0: automatic, then locked. */
	int shutter_us;
	double gain;
	/* White balance: red and blue gains (rpicam), or a colour
	 * temperature in kelvin (v4l2); 0: automatic, then locked. */
	double awb_red, awb_blue;
	int awb_kelvin;
	const char *command;		/* the pipe's command, NULL: rpicam-vid */
	int loop;			/* files: start again at the end */
};

void cam_frames_opts_default(struct cam_frames_opts *o);

struct cam_frames;

struct cam_frames_ops {
	const char *name;
	struct cam_frames *(*open)(const char *spec,
				   const struct cam_frames_opts *o, char *err,
				   size_t errlen);
	/* The descriptor to poll for reading, -1: ask on a timer. */
	int (*fd)(const struct cam_frames *f);
	/* The next frame: 1 with a JPEG in *jpeg (the source's, valid
	 * until the next call), 0 none yet, -1 at the end or on an error
	 * (why in `err`). */
	int (*next)(struct cam_frames *f, const unsigned char **jpeg,
		    size_t *len, char *err, size_t errlen);
	void (*close)(struct cam_frames *f);
};

extern const struct cam_frames_ops cam_frames_files, cam_frames_pipe,
	cam_frames_v4l2;

/* The source for `spec`: "rpicam", a command given in o->command
 * ("pipe"), "/dev/videoN", or an image file or folder. */
const struct cam_frames_ops *cam_frames_for(const char *spec,
					    const struct cam_frames_opts *o);

/*
 * An MJPEG stream parted into frames: bytes appended, whole JPEGs (from
 * a start-of-image marker to its end-of-image marker) taken out. Bytes
 * between frames are dropped; a frame larger than the room is too.
 */
struct cam_mjpeg {
	unsigned char *buf;
	size_t len, cap, scan;
	size_t frame_len;		/* the frame taken, at buf[0..) */
};

int cam_mjpeg_init(struct cam_mjpeg *m, size_t cap);
void cam_mjpeg_free(struct cam_mjpeg *m);
/* Room to append into: *room bytes at the returned pointer. */
unsigned char *cam_mjpeg_room(struct cam_mjpeg *m, size_t *room);
void cam_mjpeg_added(struct cam_mjpeg *m, size_t n);
/* The next whole frame: 1 (its bytes at *jpeg, until the next call),
 * 0 when none is whole yet. */
int cam_mjpeg_take(struct cam_mjpeg *m, const unsigned char **jpeg,
		   size_t *len);

#endif
