/*
 * cmd_camera.c - `pitboss camera`: a camera over the board, checked
 * with photos (pitboss-camera(7)).
 *
 *   calibrate  places found in (or given for) a photo of the empty
 *              board, written with an overlay PNG to check them;
 *   count      the counts each photo shows, or why it is unreadable;
 *   follow     the frames of one game through the referee, one verdict
 *              line each, like `pitboss replay`.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camera/view.h"
#include "cli/cli.h"
#include "referee/referee.h"
#include "rules/rules.h"

/* The game the board is for: its places' names and start counts. */
struct cam_game {
	const char *name, *options;
	const char *names[CAM_PLACES_MAX];
	int n;
	int start[CAM_PLACES_MAX];
};

struct cam_args {
	struct cam_game game;
	const char *calib, *empty, *places, *overlay, *out, *start;
	int tolerance;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s camera calibrate [OPTIONS] --out FILE EMPTY.jpg\n"
		"       %s camera count (--calibration FILE | --empty IMAGE) "
		"[OPTIONS] IMAGE...\n"
		"       %s camera follow (--calibration FILE | --empty IMAGE) "
		"[OPTIONS] FRAME...\n"
		"\n"
		"calibrate: finds the pits and stores in a photo of the empty\n"
		"board (or takes them from --places FILE), writes the calibration\n"
		"and an overlay PNG to check them. count: the counts each image\n"
		"shows, a range where a pile hides seeds, or 'unreadable' and why.\n"
		"follow: the frames of one game in order, the first the start\n"
		"position; one verdict line per frame, as pitboss replay prints.\n"
		"\n"
		"  --game NAME          the game (kalah)\n"
		"  --options TEXT       its options\n"
		"  --places FILE        calibrate: the places, not found\n"
		"  --overlay FILE       calibrate: the overlay (FILE.png)\n"
		"  --start IMAGE        a photo of the start position: one seed's\n"
		"                       area learned from it\n"
		"  --tolerance N        follow: seeds a frame may be off and be\n"
		"                       held for the arbiter rather than called a\n"
		"                       foul (1)\n",
		cli_progname, cli_progname, cli_progname);
}

static int game_open(struct cam_game *g)
{
	const struct rules *ops = rules_find(g->name);
	const struct sensing *sense = sensing_find(g->name);
	struct rules_game *game;
	unsigned char *pos;
	char err[RULES_ERR_MAX];

	if (ops == NULL || sense == NULL || sense->counts == NULL) {
		cli_error("no camera for the game '%s': it has no count board",
			  g->name);
		return -1;
	}
	game = rules_game_new(ops, g->options, err, sizeof(err));
	if (game == NULL) {
		cli_error("%s", err);
		return -1;
	}
	g->n = sense->holes(game, g->names);
	pos = calloc(1, rules_position_size(game));
	if (pos != NULL && g->n <= CAM_PLACES_MAX) {
		ops->start(game, pos);
		sense->counts(game, pos, g->start);
	}
	free(pos);
	rules_game_free(game);
	if (pos == NULL || g->n > CAM_PLACES_MAX) {
		cli_error("the game's board is too large for the camera");
		return -1;
	}
	return 0;
}

static int view_open(struct cam_view *v, const struct cam_args *a)
{
	char err[600];
	int rc;

	if ((a->calib == NULL) == (a->empty == NULL)) {
		cli_error("give --calibration FILE or --empty IMAGE");
		return -1;
	}
	if (a->calib != NULL)
		rc = cam_view_open(v, a->calib, a->game.names, a->game.n, err,
				   sizeof(err));
	else
		rc = cam_view_open_empty(v, a->empty, a->game.names, a->game.n,
					 err, sizeof(err));
	if (rc < 0)
		cli_error("%s", err);
	return rc;
}

/* A photo read at the view's working scale. */
static int photo_read(struct cam_view *v, const char *path,
		      struct cam_reading *rd, char *snap, size_t len,
		      char *err, size_t errlen)
{
	struct cam_image img;
	int rc;

	if (cam_image_load(path, v->calib.shrink, &img, err, errlen) < 0)
		return -1;
	rc = cam_view_read(v, &img, rd, snap, len);
	cam_image_free(&img);
	if (rc < 0)
		snprintf(err, errlen, "out of memory");
	return rc;
}

/* One seed's area from a photo of the start position. */
static int learn_start(struct cam_view *v, const struct cam_args *a,
		       const char *path)
{
	struct cam_reading rd;
	char snap[1024], err[600];

	if (photo_read(v, path, &rd, snap, sizeof(snap), err, sizeof(err)) < 0) {
		cli_error("%s", err);
		return -1;
	}
	if (rd.status != CAM_READ_OK) {
		cli_error("%s: unreadable: %s", path, rd.why);
		return -1;
	}
	if (cam_view_learn(v, &rd, a->game.start) < 0) {
		cli_error("%s: too few seeds show against the empty board to "
			  "learn their size from (a photo of the start "
			  "position, and a calibration made from the empty "
			  "board, are needed)", path);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ calibrate */

/* Names the places a lamp's glare washes out, whose counts are not
 * read. */
static void washed_say(const struct cam_calib *c)
{
	double washed[CAM_PLACES_MAX];
	int n = 0;

	cam_calib_washed(c, washed, NULL);
	for (int i = 0; i < c->nplaces; i++) {
		if (washed[i] <= CAM_WASHED)
			continue;
		printf("%s%s", n++ ? ", " : "glare washes out ",
		       c->place[i].name);
	}
	if (n > 0)
		printf(": %s not read (orange on the overlay); light the "
		       "board evenly and calibrate again\n",
		       n > 1 ? "their counts are" : "its count is");
}

static int calibrate(struct cam_args *a, const char *photo)
{
	struct cam_view v;
	struct cam_image img;
	char err[600], overlay[1100];
	int rc = EXIT_REFUSED;

	memset(&v, 0, sizeof(v));
	if (a->out == NULL) {
		cli_error("calibrate: --out FILE is needed");
		return EXIT_USAGE;
	}
	if (a->places != NULL) {
		if (cam_image_load(photo, 1, &img, err, sizeof(err)) < 0 ||
		    cam_calib_set_empty(&v.calib, &img, photo, err, sizeof(err)) < 0 ||
		    cam_calib_read(&v.calib, a->places, err, sizeof(err)) < 0) {
			cli_error("%s", err);
			cam_view_close(&v);
			return EXIT_REFUSED;
		}
		cam_image_free(&img);
		v.n = a->game.n;
		for (int i = 0; i < a->game.n; i++)
			if (cam_calib_place(&v.calib, a->game.names[i]) < 0) {
				cli_error("%s: no place '%s'", a->places,
					  a->game.names[i]);
				cam_view_close(&v);
				return EXIT_REFUSED;
			}
		v.reader = cam_reader_open(&v.calib);
	} else {
		a->empty = photo;
		if (view_open(&v, a) < 0)
			return EXIT_REFUSED;
	}
	if (v.reader == NULL || (a->start != NULL && learn_start(&v, a, a->start) < 0))
		goto out;
	if (cam_calib_save(&v.calib, a->out, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		goto out;
	}
	snprintf(overlay, sizeof(overlay), "%s", a->overlay != NULL ?
		 a->overlay : a->out);
	if (a->overlay == NULL)
		strncat(overlay, ".png", sizeof(overlay) - strlen(overlay) - 1);
	if (cam_image_load(photo, 1, &img, err, sizeof(err)) < 0)
		goto out;
	cam_calib_draw(&v.calib, &img, NULL);
	if (cam_image_save_png(&img, overlay, err, sizeof(err)) < 0)
		cli_error("%s", err);
	else
		rc = EXIT_OK;
	cam_image_free(&img);
	printf("%s: %d places; check them on %s\n", a->out, v.calib.nplaces,
	       overlay);
	washed_say(&v.calib);
out:
	cam_view_close(&v);
	return rc;
}

/* ------------------------------------------------------------ count */

static int count(struct cam_args *a, int n, char **images)
{
	struct cam_view v;
	int rc = EXIT_OK;

	if (view_open(&v, a) < 0)
		return EXIT_REFUSED;
	if (a->start != NULL && learn_start(&v, a, a->start) < 0) {
		cam_view_close(&v);
		return EXIT_REFUSED;
	}
	for (int i = 0; i < n; i++) {
		struct cam_reading rd;
		char snap[1024], err[600];

		if (photo_read(&v, images[i], &rd, snap, sizeof(snap), err,
			       sizeof(err)) < 0) {
			printf("%s: unreadable: %s\n", images[i], err);
			rc = EXIT_REFUSED;
		} else if (rd.status != CAM_READ_OK) {
			printf("%s: unreadable: %s\n", images[i], rd.why);
			rc = EXIT_REFUSED;
		} else {
			printf("%s: %s\n", images[i], snap);
		}
	}
	cam_view_close(&v);
	return rc;
}

/* ------------------------------------------------------------ follow */

struct follow {
	const char *frame;
	int said;
};

static void say_verdict(void *ctx, const struct verdict *v)
{
	struct follow *f = ctx;
	char line[VERDICT_LINE_MAX];

	verdict_format(v, line, sizeof(line));
	printf("%s: %s\n", f->frame, line);
	f->said++;
}

static void feed(struct referee *ref, enum obs_kind kind, const char *text,
		 uint64_t t_us)
{
	struct observation o = { .t_us = t_us, .table = 1, .kind = kind };

	snprintf(o.text, sizeof(o.text), "%s", text);
	referee_feed(ref, &o);
}

static int follow(struct cam_args *a, int n, char **frames)
{
	struct referee_config cfg;
	struct follow f = { .frame = frames[0] };
	struct referee *ref;
	struct cam_view v;
	char err[600];

	if (view_open(&v, a) < 0)
		return EXIT_REFUSED;
	if (learn_start(&v, a, a->start != NULL ? a->start : frames[0]) < 0) {
		cam_view_close(&v);
		return EXIT_REFUSED;
	}
	referee_config_default(&cfg);
	cfg.snapshot_tolerance = a->tolerance;
	cfg.snapshot_confirm = 1;	/* a near frame is held, never taken */
	ref = referee_new(1, a->game.name, a->game.options, &cfg, say_verdict,
			  &f, err, sizeof(err));
	if (ref == NULL) {
		cli_error("%s", err);
		cam_view_close(&v);
		return EXIT_REFUSED;
	}
	feed(ref, OBS_START, a->game.options, 0);
	for (int i = 1; i < n; i++) {
		struct cam_reading rd;
		char snap[1024];

		f.frame = frames[i];
		f.said = 0;
		if (photo_read(&v, frames[i], &rd, snap, sizeof(snap), err,
			       sizeof(err)) < 0 || rd.status != CAM_READ_OK) {
			printf("%s: unreadable: %s\n", frames[i],
			       rd.status != CAM_READ_OK ? rd.why : err);
			continue;
		}
		feed(ref, OBS_SNAPSHOT, snap, (uint64_t)i * 1000000);
		if (f.said == 0)
			printf("%s: nothing moved\n", frames[i]);
	}
	referee_free(ref);
	cam_view_close(&v);
	return EXIT_OK;
}

/* ------------------------------------------------------------ group */

static int parse_args(int argc, char **argv, struct cam_args *a)
{
	static const struct option longs[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "options", required_argument, NULL, 'o' },
		{ "calibration", required_argument, NULL, 'c' },
		{ "empty", required_argument, NULL, 'e' },
		{ "places", required_argument, NULL, 'p' },
		{ "overlay", required_argument, NULL, 'v' },
		{ "out", required_argument, NULL, 'w' },
		{ "start", required_argument, NULL, 's' },
		{ "tolerance", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
		switch (c) {
		case 'g': a->game.name = optarg; break;
		case 'o': a->game.options = optarg; break;
		case 'c': a->calib = optarg; break;
		case 'e': a->empty = optarg; break;
		case 'p': a->places = optarg; break;
		case 'v': a->overlay = optarg; break;
		case 'w': a->out = optarg; break;
		case 's': a->start = optarg; break;
		case 't': a->tolerance = atoi(optarg); break;
		case 'h': usage(stdout); return EXIT_OK + 100;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	return -1;
}

static int run_camera(int argc, char **argv)
{
	struct cam_args a = { .game = { .name = "kalah", .options = "" },
			      .tolerance = 1 };
	const char *cmd = argc > 1 ? argv[1] : "";
	int rc;

	if (strcmp(cmd, "calibrate") != 0 && strcmp(cmd, "count") != 0 &&
	    strcmp(cmd, "follow") != 0) {
		usage(stderr);
		return EXIT_USAGE;
	}
	optind = 1;
	rc = parse_args(argc - 1, argv + 1, &a);
	if (rc >= 0)
		return rc == EXIT_OK + 100 ? EXIT_OK : rc;
	if (optind >= argc - 1) {
		cli_error("camera %s: no image given", cmd);
		return EXIT_USAGE;
	}
	if (game_open(&a.game) < 0)
		return EXIT_REFUSED;
	if (strcmp(cmd, "calibrate") == 0)
		return calibrate(&a, argv[1 + optind]);
	if (strcmp(cmd, "count") == 0)
		return count(&a, argc - 1 - optind, argv + 1 + optind);
	return follow(&a, argc - 1 - optind, argv + 1 + optind);
}

const struct cli_group cli_camera_group = {
	.name = "camera",
	.summary = "calibrate a camera over the board, read photos with it",
	.run = run_camera,
	.usage = usage,
};
