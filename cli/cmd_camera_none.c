/*
 * cmd_camera_none.c - `pitboss camera` in a build without the camera
 * (libturbojpeg and leptonica not found by configure).
 */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: %s camera calibrate|count|follow ...\n"
		"The camera is not compiled in this build (it needs libturbojpeg\n"
		"and leptonica: Debian packages libturbojpeg0-dev and\n"
		"libleptonica-dev).\n", cli_progname);
}

static int run_camera(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("camera: not compiled in (needs libturbojpeg and leptonica)");
	return EXIT_REFUSED;
}

const struct cli_group cli_camera_group = {
	.name = "camera",
	.summary = "calibrate a camera over the board, read photos with it",
	.run = run_camera,
	.usage = usage,
};
