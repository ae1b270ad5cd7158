/*
 * frames_v4l2.c - a USB webcam's MJPEG frames through plain V4L2 ioctls
 * (memory-mapped buffers). Exposure and white balance are set through
 * the camera's controls when given; else left automatic for the first
 * frames and then locked where they settled, so that a change of light
 * during the game is not taken for a move.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/videodev2.h>

#include "camera/frames.h"

#define BUFFERS 4
#define LOCK_AFTER 15			/* frames of automatic light */

struct cam_frames {
	int fd;
	void *map[BUFFERS];
	size_t size[BUFFERS];
	unsigned nbuf;
	unsigned char *frame;
	size_t cap;
	int frames, locked;
	struct cam_frames_opts o;
};

static int xioctl(int fd, unsigned long req, void *arg)
{
	int rc;

	do
		rc = ioctl(fd, req, arg);
	while (rc < 0 && errno == EINTR);
	return rc;
}

/* A control set; a camera without it is left as it is. */
static void control(int fd, unsigned id, int value)
{
	struct v4l2_control c = { .id = id, .value = value };

	(void)xioctl(fd, VIDIOC_S_CTRL, &c);
}

/* The light: as given, or locked where the automatic settled. */
static void set_light(struct cam_frames *f, int lock)
{
	if (f->o.shutter_us > 0) {
		control(f->fd, V4L2_CID_EXPOSURE_AUTO, V4L2_EXPOSURE_MANUAL);
		/* in units of 100 µs */
		control(f->fd, V4L2_CID_EXPOSURE_ABSOLUTE, f->o.shutter_us / 100);
	} else if (lock) {
		control(f->fd, V4L2_CID_EXPOSURE_AUTO, V4L2_EXPOSURE_MANUAL);
	}
	if (f->o.awb_kelvin > 0) {
		control(f->fd, V4L2_CID_AUTO_WHITE_BALANCE, 0);
		control(f->fd, V4L2_CID_WHITE_BALANCE_TEMPERATURE, f->o.awb_kelvin);
	} else if (lock) {
		control(f->fd, V4L2_CID_AUTO_WHITE_BALANCE, 0);
	}
}

static int set_format(struct cam_frames *f, const char *dev, char *err,
		      size_t errlen)
{
	struct v4l2_capability cap;
	struct v4l2_format fmt = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_streamparm parm = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };

	if (xioctl(f->fd, VIDIOC_QUERYCAP, &cap) < 0 ||
	    !(cap.capabilities & V4L2_CAP_VIDEO_CAPTURE) ||
	    !(cap.capabilities & V4L2_CAP_STREAMING)) {
		snprintf(err, errlen, "%s: not a video capture device", dev);
		return -1;
	}
	fmt.fmt.pix.width = (unsigned)f->o.width;
	fmt.fmt.pix.height = (unsigned)f->o.height;
	fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_MJPEG;
	fmt.fmt.pix.field = V4L2_FIELD_ANY;
	if (xioctl(f->fd, VIDIOC_S_FMT, &fmt) < 0 ||
	    fmt.fmt.pix.pixelformat != V4L2_PIX_FMT_MJPEG) {
		snprintf(err, errlen, "%s: no MJPEG at %dx%d", dev, f->o.width,
			 f->o.height);
		return -1;
	}
	parm.parm.capture.timeperframe.numerator = 1;
	parm.parm.capture.timeperframe.denominator = (unsigned)f->o.fps;
	(void)xioctl(f->fd, VIDIOC_S_PARM, &parm);
	return 0;
}

static int start(struct cam_frames *f, const char *dev, char *err,
		 size_t errlen)
{
	struct v4l2_requestbuffers req = { .count = BUFFERS,
		.type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP };
	enum v4l2_buf_type type = V4L2_BUF_TYPE_VIDEO_CAPTURE;

	if (xioctl(f->fd, VIDIOC_REQBUFS, &req) < 0 || req.count < 2) {
		snprintf(err, errlen, "%s: no buffers: %s", dev, strerror(errno));
		return -1;
	}
	for (f->nbuf = 0; f->nbuf < req.count && f->nbuf < BUFFERS; f->nbuf++) {
		struct v4l2_buffer b = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
			.memory = V4L2_MEMORY_MMAP, .index = f->nbuf };

		if (xioctl(f->fd, VIDIOC_QUERYBUF, &b) < 0)
			break;
		f->size[f->nbuf] = b.length;
		f->map[f->nbuf] = mmap(NULL, b.length, PROT_READ | PROT_WRITE,
				       MAP_SHARED, f->fd, b.m.offset);
		if (f->map[f->nbuf] == MAP_FAILED ||
		    xioctl(f->fd, VIDIOC_QBUF, &b) < 0) {
			f->map[f->nbuf] = NULL;
			break;
		}
	}
	if (f->nbuf < 2 || xioctl(f->fd, VIDIOC_STREAMON, &type) < 0) {
		snprintf(err, errlen, "%s: cannot stream: %s", dev,
			 strerror(errno));
		return -1;
	}
	return 0;
}

static void v4l2_close(struct cam_frames *f)
{
	enum v4l2_buf_type type = V4L2_BUF_TYPE_VIDEO_CAPTURE;

	if (f == NULL)
		return;
	if (f->fd >= 0) {
		(void)xioctl(f->fd, VIDIOC_STREAMOFF, &type);
		for (unsigned i = 0; i < BUFFERS; i++)
			if (f->map[i] != NULL)
				munmap(f->map[i], f->size[i]);
		close(f->fd);
	}
	free(f->frame);
	free(f);
}

static struct cam_frames *v4l2_open(const char *spec,
				    const struct cam_frames_opts *o,
				    char *err, size_t errlen)
{
	struct cam_frames *f = calloc(1, sizeof(*f));

	if (f == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	f->o = *o;
	f->o.command = NULL;
	f->fd = open(spec, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (f->fd < 0) {
		snprintf(err, errlen, "%s: %s", spec, strerror(errno));
		v4l2_close(f);
		return NULL;
	}
	if (set_format(f, spec, err, errlen) < 0 ||
	    start(f, spec, err, errlen) < 0) {
		v4l2_close(f);
		return NULL;
	}
	set_light(f, 0);
	return f;
}

static int v4l2_fd(const struct cam_frames *f)
{
	return f->fd;
}

static int v4l2_next(struct cam_frames *f, const unsigned char **jpeg,
		     size_t *len, char *err, size_t errlen)
{
	struct v4l2_buffer b = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
				 .memory = V4L2_MEMORY_MMAP };

	if (xioctl(f->fd, VIDIOC_DQBUF, &b) < 0) {
		if (errno == EAGAIN)
			return 0;
		snprintf(err, errlen, "the webcam: %s", strerror(errno));
		return -1;
	}
	if (b.bytesused > f->cap) {
		free(f->frame);
		f->cap = b.bytesused;
		f->frame = malloc(f->cap);
	}
	if (f->frame != NULL && b.index < f->nbuf)
		memcpy(f->frame, f->map[b.index], b.bytesused);
	(void)xioctl(f->fd, VIDIOC_QBUF, &b);
	if (f->frame == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!f->locked && ++f->frames >= LOCK_AFTER) {
		set_light(f, 1);
		f->locked = 1;
	}
	*jpeg = f->frame;
	*len = b.bytesused;
	return 1;
}

const struct cam_frames_ops cam_frames_v4l2 = {
	.name = "v4l2",
	.open = v4l2_open,
	.fd = v4l2_fd,
	.next = v4l2_next,
	.close = v4l2_close,
};
