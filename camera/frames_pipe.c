/*
 * frames_pipe.c - frames from a command's MJPEG output: rpicam-vid for
 * the Raspberry Pi camera (libcamera's own tool: libcamera is C++ and
 * not linked), or any command that writes an MJPEG stream.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "camera/frames.h"

extern char **environ;

#define ARGS_MAX 32
#define FRAME_ROOM (4u << 20)		/* the largest frame taken */

struct cam_frames {
	pid_t pid;
	int fd;
	struct cam_mjpeg m;
	char words[ARGS_MAX][64];
	char *argv[ARGS_MAX + 1];
	int argc;
	char *command;
};

static void add(struct cam_frames *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add(struct cam_frames *f, const char *fmt, ...)
{
	va_list ap;

	if (f->argc >= ARGS_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(f->words[f->argc], sizeof(f->words[0]), fmt, ap);
	va_end(ap);
	f->argv[f->argc] = f->words[f->argc];
	f->argc++;
	f->argv[f->argc] = NULL;
}

/* rpicam-vid writing MJPEG to its standard output, the light fixed
 * where the options say so. */
static void rpicam_args(struct cam_frames *f, const struct cam_frames_opts *o)
{
	add(f, "rpicam-vid");
	add(f, "--codec");
	add(f, "mjpeg");
	add(f, "-t");
	add(f, "0");
	add(f, "-n");
	add(f, "--width");
	add(f, "%d", o->width);
	add(f, "--height");
	add(f, "%d", o->height);
	add(f, "--framerate");
	add(f, "%d", o->fps);
	if (o->shutter_us > 0) {
		add(f, "--shutter");
		add(f, "%d", o->shutter_us);
	}
	if (o->gain > 0) {
		add(f, "--gain");
		add(f, "%g", o->gain);
	}
	if (o->awb_red > 0 && o->awb_blue > 0) {
		add(f, "--awbgains");
		add(f, "%g,%g", o->awb_red, o->awb_blue);
	}
	add(f, "-o");
	add(f, "-");
}

static void pipe_close(struct cam_frames *f)
{
	if (f == NULL)
		return;
	if (f->fd >= 0)
		close(f->fd);
	if (f->pid > 0) {
		kill(f->pid, SIGTERM);
		waitpid(f->pid, NULL, 0);
	}
	cam_mjpeg_free(&f->m);
	free(f->command);
	free(f);
}

static int spawn(struct cam_frames *f, char *err, size_t errlen)
{
	posix_spawn_file_actions_t fa;
	int p[2], rc;

	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
	rc = posix_spawnp(&f->pid, f->argv[0], &fa, NULL, f->argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	if (rc != 0) {
		close(p[0]);
		f->pid = 0;
		snprintf(err, errlen, "%s: %s", f->argv[0], strerror(rc));
		return -1;
	}
	f->fd = p[0];
	fcntl(f->fd, F_SETFL, fcntl(f->fd, F_GETFL) | O_NONBLOCK);
	return 0;
}

static struct cam_frames *pipe_open(const char *spec,
				    const struct cam_frames_opts *o,
				    char *err, size_t errlen)
{
	struct cam_frames *f = calloc(1, sizeof(*f));

	(void)spec;
	if (f == NULL || cam_mjpeg_init(&f->m, FRAME_ROOM) < 0) {
		snprintf(err, errlen, "out of memory");
		free(f);
		return NULL;
	}
	f->fd = -1;
	if (o->command != NULL) {	/* sh -c COMMAND */
		add(f, "sh");
		add(f, "-c");
		f->command = strdup(o->command);
		f->argv[f->argc++] = f->command;
		f->argv[f->argc] = NULL;
	} else {
		rpicam_args(f, o);
	}
	if ((o->command != NULL && f->command == NULL) ||
	    spawn(f, err, errlen) < 0) {
		pipe_close(f);
		return NULL;
	}
	return f;
}

static int pipe_fd(const struct cam_frames *f)
{
	return f->fd;
}

static int pipe_next(struct cam_frames *f, const unsigned char **jpeg,
		     size_t *len, char *err, size_t errlen)
{
	for (;;) {
		size_t room;
		unsigned char *at;
		ssize_t n;

		if (cam_mjpeg_take(&f->m, jpeg, len))
			return 1;
		at = cam_mjpeg_room(&f->m, &room);
		n = read(f->fd, at, room);
		if (n > 0) {
			cam_mjpeg_added(&f->m, (size_t)n);
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return 0;
		snprintf(err, errlen, "%s: %s", f->argv[0] == f->words[0] &&
			 f->command == NULL ? "rpicam-vid" : "the camera command",
			 n == 0 ? "its output ended" : strerror(errno));
		return -1;
	}
}

const struct cam_frames_ops cam_frames_pipe = {
	.name = "pipe",
	.open = pipe_open,
	.fd = pipe_fd,
	.next = pipe_next,
	.close = pipe_close,
};
