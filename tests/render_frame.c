/*
 * tests/render_frame.c - one synthetic board photo to a JPEG file, for
 * the shell tests and by hand (tests/render.h):
 *
 *   tests/render_frame OUT.jpg [--empty] [--hand] [--seed N]
 *       [--palette 0|1|2] [--gain X] [--shadow X] [--shift DX,DY]
 *       [--quality Q] ["COUNTS"]
 *
 * OUT.png: written as PNG after the JPEG round trip.
 * COUNTS are the 14 places in the game's order (South a..f, North A..F,
 * stores S N), blanks or '/' between: "4 4 4 4 4 4/4 4 4 4 4 4/0 0".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/render.h"

static int parse_counts(const char *text, int *counts)
{
	int n = 0;

	for (const char *p = text; *p != '\0' && n < 14; ) {
		char *end;
		long v;

		while (*p == ' ' || *p == '/')
			p++;
		if (*p == '\0')
			break;
		v = strtol(p, &end, 10);
		if (end == p || v < 0 || v > 200)
			return -1;
		counts[n++] = (int)v;
		p = end;
	}
	return n == 14 ? 0 : -1;
}

int main(int argc, char **argv)
{
	int counts[14] = { 0 };
	struct render_scene s;
	unsigned char *jpeg;
	size_t len;
	FILE *f;

	render_defaults(&s, counts);
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--empty") == 0)
			s.empty = 1;
		else if (strcmp(argv[i], "--hand") == 0)
			s.hand = 1;
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			s.seed = (unsigned)atoi(argv[++i]);
		else if (strcmp(argv[i], "--palette") == 0 && i + 1 < argc)
			s.palette = (enum render_palette)(atoi(argv[++i]) % RENDER_PALETTES);
		else if (strcmp(argv[i], "--gain") == 0 && i + 1 < argc)
			s.gain = atof(argv[++i]);
		else if (strcmp(argv[i], "--shadow") == 0 && i + 1 < argc)
			s.shadow = atof(argv[++i]);
		else if (strcmp(argv[i], "--quality") == 0 && i + 1 < argc)
			s.quality = atoi(argv[++i]);
		else if (strcmp(argv[i], "--shift") == 0 && i + 1 < argc)
			sscanf(argv[++i], "%lf,%lf", &s.dx, &s.dy);
		else if (parse_counts(argv[i], counts) < 0) {
			fprintf(stderr, "render_frame: bad argument '%s'\n", argv[i]);
			return 2;
		}
	}
	if (argc < 2 || render_jpeg(&s, &jpeg, &len) < 0)
		return 1;
	if (strlen(argv[1]) > 4 && strcmp(argv[1] + strlen(argv[1]) - 4, ".png") == 0) {
		struct cam_image img;
		char err[200];
		int rc = cam_image_decode(jpeg, len, 1, &img, err, sizeof(err));

		free(jpeg);
		if (rc == 0)
			rc = cam_image_save_png(&img, argv[1], err, sizeof(err));
		cam_image_free(&img);
		if (rc < 0)
			fprintf(stderr, "render_frame: %s\n", err);
		return rc < 0;
	}
	f = fopen(argv[1], "wb");
	if (f == NULL || fwrite(jpeg, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "render_frame: cannot write %s\n", argv[1]);
		return 1;
	}
	free(jpeg);
	return 0;
}
