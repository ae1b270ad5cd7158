/*
 * bench/camera.c - how well the camera referees: Kalah games played at
 * random, each position rendered as a photo (tests/render.c: lighting
 * that changes between frames, shadows, camera shifts, JPEG noise, three
 * palettes of seeds, a hand over the board now and then), read by the
 * camera and judged by the referee among the legal successors. Reports
 * moves identified right, held, wrong; per true count, how often a pit
 * was read exactly and how often the range missed it; frames with a hand
 * read as a board (must be 0); each frame read again once the referee is
 * on its true position, as a still board that did not change, taken as
 * a move (must be 0); time per frame. Prints figures, asserts none.
 *
 *   bench/camera [GAMES [SEED [hard|heldout|calib]]]     (default 12 games)
 *
 * `hard` gives each game a session of its own: a board of another size
 * and wood, calibrated and learned afresh, a lamp's glare, vignetting,
 * defocus, wider changes of light, colour and pose between frames, and
 * the palettes cycled with the one near the pit floor's colour;
 * `heldout` adds a palette kept out of the others, for a set measured
 * only once. `calib` only calibrates: GAMES empty boards of hard
 * sessions, each under light of its own (its level, gradient and
 * cast drawn as for a frame), and says how many had their places found
 * and how far from the truth.
 *
 * BENCH_CAMERA_FRAMES=DIR keeps the rendered frames in DIR (numbered
 * in the order they are shot) and reads them back on the next run of
 * the same games, so the reading alone can be measured again quickly.
 * BENCH_CAMERA_GAME=N plays game N alone of a hard set (its games
 * are drawn each from a seed of its own, so it is the same game).
 * BENCH_CAMERA_FAILED=DIR keeps there the empty boards whose places
 * were not found (empty-NN.jpg, NN the game).
 * BENCH_CAMERA_VERBOSE=1 prints every move not identified, with the
 * referee's words, the frame's number (its name in the frame cache),
 * the reading place by place, and every board the mover could leave
 * (chains of extra turns included, the true one marked) with its
 * distance to the reading's ranges and its estimates' cost.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include <unistd.h>

#include "camera/view.h"
#include "referee/referee.h"
#include "referee/snapshot_text.h"
#include "rules/rules.h"
#include "tests/render.h"

#define PLACES 14

struct tally {
	unsigned long shots;		/* frames shot, for the frame cache */
	unsigned long moves, right, held, wrong, unread, fouled;
	unsigned long hands, hands_read, sessions, uncalibrated;
	unsigned long unread_places;	/* pits not read: glare */
	unsigned long still_taken, still_held;	/* frames of a board
					   that did not change: a move taken,
					   held (or a foul) */
	double hand_least;		/* least bare board changed with a hand */
	unsigned long exact[14], within[14], missed[14];
	double est_sum[14], est_sq[14], est_lo[14], est_hi[14];
	double read_s, frames;
	const struct verdict *last;
	int taken, holds, fouls;
	double changed;			/* the last frame's bare board changed */
	unsigned long by_changed[5];	/* frames read, by it: under 0.5,
					   1, 1.5, 2 %, more */
};

static unsigned long long rng = 88172645463325252ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

static double span(double lo, double hi)
{
	return lo + (hi - lo) * uniform();
}

/* The camera and board of a game (all zero: the usual, shared). */
struct session {
	int hard, game;
	unsigned long long rng;		/* the set's seed */
	int palettes;
	double scale, blur, vignette, glare, glare_x, glare_y;
	unsigned board;
	int lit;			/* the empty board under its own light */
	double gain, grad_x, grad_y, cast[3];
};

static struct session sess;

static void session_apply(struct render_scene *s)
{
	if (!sess.hard)
		return;
	s->scale = sess.scale;
	s->board = sess.board;
	s->blur = sess.blur;
	s->vignette = sess.vignette;
	s->glare = sess.glare;
	s->glare_x = sess.glare_x;
	s->glare_y = sess.glare_y;
	if (!sess.lit)
		return;
	s->gain = sess.gain;
	s->grad_x = sess.grad_x;
	s->grad_y = sess.grad_y;
	memcpy(s->cast, sess.cast, sizeof(s->cast));
}

static void session_draw(void)
{
	sess.scale = span(0.72, 1.0);
	sess.board = (unsigned)(uniform() * 1e9) + 1;
	sess.blur = uniform() < 0.5 ? 0 : uniform() < 0.6 ? 1 : 2;
	sess.vignette = span(0, 0.35);
	sess.glare = uniform() < 0.5 ? span(0.15, 0.6) : 0;
	sess.glare_x = span(0.2, 0.8);
	sess.glare_y = span(0.3, 0.7);
}

static void on_verdict(void *ctx, const struct verdict *v)
{
	struct tally *t = ctx;

	/* A warning about no move (the board seen disagrees) takes
	 * nothing. */
	if (v->kind == VERDICT_ACCEPT ||
	    (v->kind == VERDICT_WARN && v->move[0] != '\0'))
		t->taken++;
	if (v->kind == VERDICT_HOLD)
		t->holds++;
	if (v->kind == VERDICT_FOUL)
		t->fouls++;
	if (v->kind != VERDICT_ACCEPT && getenv("BENCH_CAMERA_VERBOSE"))
		fprintf(stderr, "camera:   verdict: %s\n", v->text);
}

/* A scene of the position `counts` under changing light and pose. */
static void scene(struct render_scene *s, const int *counts, int palette,
		  unsigned seed)
{
	render_defaults(s, counts);
	s->seed = seed;
	s->palette = (enum render_palette)palette;
	s->gain = span(0.75, 1.25);
	s->grad_x = span(-0.3, 0.3);
	s->grad_y = span(-0.3, 0.3);
	for (int k = 0; k < 3; k++)
		s->cast[k] = span(0.95, 1.05);
	s->shadow = uniform() < 0.3 ? span(0.1, 0.4) : 0;
	s->dx = span(-3, 3);
	s->dy = span(-3, 3);
	s->turn = span(-0.003, 0.003);
	s->noise = span(2, 5);
	s->quality = (int)span(70, 92);
	if (!sess.hard)
		return;
	session_apply(s);
	s->gain = span(0.7, 1.3);
	s->grad_x = span(-0.35, 0.35);
	s->grad_y = span(-0.35, 0.35);
	for (int k = 0; k < 3; k++)
		s->cast[k] = span(0.9, 1.1);
	s->dx = span(-4, 4);
	s->dy = span(-4, 4);
	s->turn = span(-0.005, 0.005);
	s->noise = span(2, 7);
	s->quality = (int)span(60, 92);
	s->glare *= span(0.9, 1.1);
}

/* The processor time this thread has used: a frame's cost on one core,
 * whatever else the machine runs. */
static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The scene as a JPEG: rendered, or read back from the frame cache. */
static int picture(const struct render_scene *s, struct tally *t,
		   unsigned char **jpeg, size_t *n)
{
	const char *dir = getenv("BENCH_CAMERA_FRAMES");
	char path[4096];
	FILE *f;
	long len;

	if (dir == NULL)
		return render_jpeg(s, jpeg, n);
	if (sess.hard)	/* each game its own: a game not calibrated
			   leaves the others' frames where they were */
		snprintf(path, sizeof(path), "%s/%02d-%06lu.jpg", dir,
			 sess.game, t->shots++);
	else
		snprintf(path, sizeof(path), "%s/%06lu.jpg", dir, t->shots++);
	f = fopen(path, "rb");
	if (f != NULL && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (*jpeg = malloc((size_t)len)) &&
	    fread(*jpeg, 1, (size_t)len, f) == (size_t)len) {
		*n = (size_t)len;
		fclose(f);
		return 0;
	}
	if (f != NULL)
		fclose(f);
	if (render_jpeg(s, jpeg, n) < 0)
		return -1;
	f = fopen(path, "wb");
	if (f != NULL) {
		fwrite(*jpeg, 1, *n, f);
		fclose(f);
	}
	return 0;
}

/* Renders and reads one frame: 0 readable, 1 not, -1 error. */
static int shoot(struct cam_view *v, const struct render_scene *s,
		 struct cam_reading *rd, char *snap, size_t len,
		 struct tally *t)
{
	unsigned char *jpeg;
	size_t n;
	struct cam_image img;
	char err[256];
	double t0;
	int rc;

	if (picture(s, t, &jpeg, &n) < 0)
		return -1;
	t0 = now_s();
	rc = cam_view_decode(v, jpeg, n, &img, err, sizeof(err));
	free(jpeg);
	if (rc < 0 || cam_view_read(v, &img, rd, snap, len) < 0) {
		cam_image_free(&img);
		return -1;
	}
	t->read_s += now_s() - t0;
	t->frames++;
	t->changed = rd->changed;
	if (rd->status == CAM_READ_OK)
		t->by_changed[rd->changed < 0.005 ? 0 : rd->changed < 0.01 ? 1 :
			      rd->changed < 0.015 ? 2 : rd->changed < 0.02 ?
			      3 : 4]++;
	cam_image_free(&img);
	return rd->status == CAM_READ_OK ? 0 : 1;
}

static void tally_counts(const struct cam_view *v, const struct cam_reading *rd,
			 const int *truth, struct tally *t)
{
	for (int i = 0; i < 12; i++) {
		int k = v->order[i], c = truth[i] > 13 ? 13 : truth[i];

		double x = rd->seeds[k];

		if (x < 0) {	/* not read: washed out by glare */
			t->unread_places++;
			continue;
		}
		if (t->exact[c] + t->within[c] + t->missed[c] == 0 ||
		    x < t->est_lo[c])
			t->est_lo[c] = x;
		if (t->exact[c] + t->within[c] + t->missed[c] == 0 ||
		    x > t->est_hi[c])
			t->est_hi[c] = x;
		t->est_sum[c] += x;
		t->est_sq[c] += x * x;
		if (rd->lo[k] == truth[i] && rd->hi[k] == truth[i])
			t->exact[c]++;
		else if (rd->lo[k] <= truth[i] && truth[i] <= rd->hi[k])
			t->within[c]++;
		else
			t->missed[c]++;
	}
}

static void feed(struct referee *ref, enum obs_kind kind, const char *text,
		 uint64_t t_us)
{
	struct observation o = { .t_us = t_us, .table = 1, .kind = kind };

	snprintf(o.text, sizeof(o.text), "%s", text);
	referee_feed(ref, &o);
}

struct game {
	const struct rules *ops;
	const struct sensing *sense;
	struct rules_game *g;
	unsigned char pos[512];
	int counts[PLACES];
	char before[OBS_TEXT_MAX];	/* the position before the move */
	unsigned char prev[512];	/* ... as the rules keep it */
};

/* One move at random; 0 when the game is over. */
static int play(struct game *gm)
{
	struct rules_move moves[64];
	struct rules_outcome out;
	size_t n;

	if (gm->ops->to_move(gm->g, gm->pos).seat < 0)
		return 0;
	n = gm->ops->legal_moves(gm->g, gm->pos, moves, 64);
	if (n == 0)
		return 0;
	gm->ops->position_format(gm->g, gm->pos, RULES_TEXT_FULL, gm->before,
				 sizeof(gm->before));
	memcpy(gm->prev, gm->pos, sizeof(gm->prev));
	if (gm->ops->apply(gm->g, gm->pos, &moves[(size_t)(uniform() * n)],
			   &out, NULL, 0) < 0)
		return 0;
	gm->sense->counts(gm->g, gm->pos, gm->counts);
	return 1;
}


/* A snapshot's places: lower and upper ends, estimates in tenths. */
static int snap_places(const struct game *gm, const char *snap, int *lo,
		       int *hi, int *est)
{
	char ends[OBS_TEXT_MAX], err[128];

	snap_range_ends(snap, 0, ends, sizeof(ends));
	if (gm->sense->snapshot_parse(gm->g, ends, lo, err, sizeof(err)) < 0)
		return -1;
	snap_range_ends(snap, 1, ends, sizeof(ends));
	if (gm->sense->snapshot_parse(gm->g, ends, hi, err, sizeof(err)) < 0)
		return -1;
	snap_estimate_text(snap, ends, sizeof(ends));
	return gm->sense->snapshot_parse(gm->g, ends, est, err, sizeof(err));
}

/* One candidate board against the snapshot, printed. */
static void dump_board(const struct game *gm, const void *pos,
		       const char *moves, const int *lo, const int *hi,
		       const int *est)
{
	int c[PLACES], d = 0;

	gm->sense->counts(gm->g, pos, c);
	for (int h = 0; h < PLACES; h++)
		d += c[h] < lo[h] ? lo[h] - c[h] : c[h] > hi[h] ?
		     c[h] - hi[h] : 0;
	fprintf(stderr, "camera:     %-10s %s dist %d cost %6.2f:", moves,
		memcmp(pos, gm->pos, sizeof(gm->prev)) == 0 ? "TRUE" : "    ",
		d, snap_estimate_cost(est, c, PLACES));
	for (int h = 0; h < PLACES; h++)
		fprintf(stderr, " %d", c[h]);
	fprintf(stderr, "\n");
}

/* The boards the mover can leave this turn (chains of extra turns). */
static void dump_chains(const struct game *gm, const unsigned char *from,
			const char *moves, int depth, const int *lo,
			const int *hi, const int *est)
{
	struct rules_move m[64];
	int seat = gm->ops->to_move(gm->g, from).seat;
	size_t n = gm->ops->legal_moves(gm->g, from, m, 64);

	for (size_t i = 0; i < n && depth < 6; i++) {
		unsigned char to[512];
		struct rules_outcome out;
		char text[64], chain[128];

		memcpy(to, from, sizeof(to));
		gm->ops->move_format(gm->g, from, &m[i], text, sizeof(text));
		if (gm->ops->apply(gm->g, to, &m[i], &out, NULL, 0) < 0)
			continue;
		snprintf(chain, sizeof(chain), "%s%s%s", moves,
			 moves[0] ? "," : "", text);
		dump_board(gm, to, chain, lo, hi, est);
		if ((out.flags & RULES_EXTRA_TURN) &&
		    !(out.flags & RULES_GAME_OVER) &&
		    gm->ops->to_move(gm->g, to).seat == seat)
			dump_chains(gm, to, chain, depth + 1, lo, hi, est);
	}
}

static void dump_candidates(const struct game *gm, const char *snap)
{
	int lo[PLACES], hi[PLACES], est[PLACES];

	if (snap == NULL || snap_places(gm, snap, lo, hi, est) < 0)
		return;
	fprintf(stderr, "camera:     est:");
	for (int h = 0; h < PLACES; h++)
		fprintf(stderr, " %d-%d~%.1f", lo[h], hi[h], est[h] / 10.0);
	fprintf(stderr, "\n");
	dump_board(gm, gm->prev, "(as was)", lo, hi, est);
	dump_chains(gm, gm->prev, "", 0, lo, hi, est);
}

/* The frame after the move read again, the referee on its true
 * position: a frame of a board that did not change, which must be no
 * move (the camera reads the board whenever it is still). */
static void still(struct referee *ref, const char *want, const char *snap,
		  uint64_t t_us, struct tally *t)
{
	char got[OBS_TEXT_MAX];

	t->taken = t->holds = t->fouls = 0;
	feed(ref, OBS_SNAPSHOT, snap, t_us);
	referee_position(ref, got, sizeof(got));
	if (t->taken == 0 && t->holds == 0 && t->fouls == 0 &&
	    strcmp(got, want) == 0)
		return;
	if (t->taken > 0 || strcmp(got, want) != 0)
		t->still_taken++;
	else
		t->still_held++;
	if (getenv("BENCH_CAMERA_VERBOSE") != NULL)
		fprintf(stderr, "camera: still frame %s: read %s, truly %s\n",
			t->taken > 0 ? "taken as a move" : "held", snap, want);
	if (referee_held(ref))
		feed(ref, OBS_REJECT, "", t_us + 1);
	feed(ref, OBS_POSITION, want, t_us + 2);
}

/* The frame after a move: right, held or wrong; the referee is put
 * back on the true position when it did not take it. */
static void judge(struct referee *ref, struct game *gm, const char *snap,
		  uint64_t t_us, struct tally *t)
{
	char want[OBS_TEXT_MAX], got[OBS_TEXT_MAX];

	gm->ops->position_format(gm->g, gm->pos, RULES_TEXT_FULL, want,
				 sizeof(want));
	t->taken = t->holds = t->fouls = 0;
	if (snap != NULL)
		feed(ref, OBS_SNAPSHOT, snap, t_us);
	referee_position(ref, got, sizeof(got));
	t->moves++;
	if (strcmp(got, want) == 0 && t->taken > 0 && !referee_held(ref)) {
		t->right++;
		still(ref, want, snap, t_us + 3, t);
		return;
	}
	if (strcmp(got, want) != 0 && t->taken > 0 && !referee_held(ref))
		t->wrong++;
	else if (t->fouls > 0)
		t->fouled++;
	else
		t->held++;
	if (getenv("BENCH_CAMERA_VERBOSE") != NULL)
		fprintf(stderr, "camera: %s (frame %lu): read %s, truly %s, "
			"from %s; bare board changed %.2f%%\n",
			t->taken ? "wrong" : t->fouls ? "foul" : "held",
			sess.game * 1000000 + t->shots - 1, snap ? snap : "-",
			want, gm->before, 100 * t->changed);
	if (getenv("BENCH_CAMERA_VERBOSE") != NULL)
		dump_candidates(gm, snap);
	if (referee_held(ref))
		feed(ref, OBS_REJECT, "", t_us + 1);
	feed(ref, OBS_POSITION, want, t_us + 2);
	if (snap != NULL)
		still(ref, want, snap, t_us + 3, t);
}

static int one_game(struct cam_view *v, struct game *gm, int palette,
		    struct tally *t)
{
	struct referee_config cfg;
	struct render_scene s;
	struct cam_reading rd;
	struct referee *ref;
	char snap[OBS_TEXT_MAX], err[256];
	uint64_t t_us = 1000000;

	gm->ops->start(gm->g, gm->pos);
	gm->sense->counts(gm->g, gm->pos, gm->counts);
	referee_config_default(&cfg);
	cfg.snapshot_tolerance = 1;	/* as pitboss-camera(7) advises */
	cfg.snapshot_confirm = 1;
	ref = referee_new(1, "kalah", "", &cfg, on_verdict, t, err, sizeof(err));
	if (ref == NULL)
		return -1;
	feed(ref, OBS_START, "", t_us);
	while (play(gm)) {
		t_us += 5000000;
		scene(&s, gm->counts, palette, (unsigned)(uniform() * 1e9));
		if (uniform() < 0.2) {
			s.hand = 1;
			t->hands++;
			rd.changed = 1;
			if (shoot(v, &s, &rd, snap, sizeof(snap), t) == 0) {
				t->hands_read++;
				feed(ref, OBS_SNAPSHOT, snap, t_us - 1000);
			}
			if (t->hands == 1 || rd.changed < t->hand_least)
				t->hand_least = rd.changed;
			s.hand = 0;
			s.seed++;
		}
		if (shoot(v, &s, &rd, snap, sizeof(snap), t) != 0) {
			t->unread++;
			judge(ref, gm, NULL, t_us, t);
			continue;
		}
		tally_counts(v, &rd, gm->counts, t);
		judge(ref, gm, snap, t_us, t);
	}
	referee_free(ref);
	return 0;
}

/* The view calibrated from a rendered empty board, its places found;
 * how far they are from the true ones, in pixels. */
static int calibrate(struct cam_view *v, const char *const *names,
		     double *off)
{
	static const int none[PLACES];
	char path[] = "/tmp/pitboss-bench-empty-XXXXXX";
	struct render_scene s;
	struct cam_calib truth;
	unsigned char *jpeg;
	size_t n;
	char err[300];
	int fd = mkstemp(path), rc;
	FILE *f;

	render_defaults(&s, none);
	session_apply(&s);
	s.empty = 1;
	if (fd < 0 || render_jpeg(&s, &jpeg, &n) < 0)
		return -1;
	f = fdopen(fd, "wb");
	fwrite(jpeg, 1, n, f);
	fclose(f);
	free(jpeg);
	rc = cam_view_open_empty(v, path, names, PLACES, err, sizeof(err));
	if (rc < 0 && getenv("BENCH_CAMERA_FAILED") != NULL) {
		char keep[4096];

		snprintf(keep, sizeof(keep), "%s/empty-%02d.jpg",
			 getenv("BENCH_CAMERA_FAILED"), sess.game);
		rename(path, keep);
	}
	unlink(path);
	if (rc < 0) {
		fprintf(stderr, "camera bench: %s\n", err);
		return -1;
	}
	render_places(&s, names, &truth);
	if (getenv("BENCH_CAMERA_VERBOSE") != NULL) {
		double w[CAM_PLACES_MAX], lit[CAM_PLACES_MAX];

		cam_calib_washed(&v->calib, w, lit);
		fprintf(stderr, "camera: game %d: washed out, lit by glare:",
			sess.game);
		for (int i = 0; i < PLACES; i++)
			fprintf(stderr, " %s %.2f %.2f", names[i],
				w[v->order[i]], lit[v->order[i]]);
		fprintf(stderr, "\n");
	}
	*off = 0;
	for (int i = 0; i < PLACES; i++) {
		const struct cam_place *a = &truth.place[i],
			*b = &v->calib.place[v->order[i]];
		double d = hypot(a->x - b->x, a->y - b->y);

		*off = d > *off ? d : *off;
	}
	return 0;
}

/* Learns a seed's area from the start position, in the first palette
 * (the usual sets) or the game's (a hard set). */
static int learn(struct cam_view *v, struct game *gm, int palette,
		 struct tally *t)
{
	struct render_scene s;
	struct cam_reading rd;
	char snap[OBS_TEXT_MAX];

	gm->ops->start(gm->g, gm->pos);
	gm->sense->counts(gm->g, gm->pos, gm->counts);
	render_defaults(&s, gm->counts);
	session_apply(&s);
	s.palette = (enum render_palette)palette;
	if (shoot(v, &s, &rd, snap, sizeof(snap), t) != 0 ||
	    cam_view_learn(v, &rd, gm->counts) < 0) {
		fprintf(stderr, "camera bench: the start frame: %s\n", rd.why);
		return -1;
	}
	return 0;
}

static void report(const struct tally *t, double off, double seed_area)
{
	printf("camera: places found within %.1f px of the truth; one seed "
	       "%.0f px\n", off, seed_area);
	printf("camera: %lu moves: %lu right (%.2f%%), %lu held, %lu called "
	       "a foul, %lu wrong; %lu frames unreadable\n", t->moves, t->right,
	       t->moves ? 100.0 * t->right / t->moves : 0, t->held, t->fouled,
	       t->wrong, t->unread);
	printf("camera: %lu frames with a hand, %lu read as a board; the "
	       "least of them differed in %.1f%% of the bare board; %lu "
	       "pits not read (washed out by glare)\n", t->hands,
	       t->hands_read, 100 * t->hand_least, t->unread_places);
	printf("camera: the same frames read again, the board unchanged: "
	       "%lu taken as a move, %lu held or called a foul\n",
	       t->still_taken, t->still_held);
	printf("camera: frames read by the bare board changed: under 0.5%% "
	       "%lu, 0.5-1%% %lu, 1-1.5%% %lu, 1.5-2%% %lu, over 2%% %lu\n",
	       t->by_changed[0], t->by_changed[1], t->by_changed[2],
	       t->by_changed[3], t->by_changed[4]);
	printf("camera: per true count: exact / in range / missed; seeds by "
	       "area: mean, deviation, least, most\n");
	for (int c = 0; c < 14; c++) {
		double n = t->exact[c] + t->within[c] + t->missed[c], m;

		if (n == 0)
			continue;
		m = t->est_sum[c] / n;
		printf("camera:   %2d%s %6lu %6lu %6lu   %5.2f %5.2f %5.2f "
		       "%5.2f\n", c, c == 13 ? "+" : " ", t->exact[c],
		       t->within[c], t->missed[c], m,
		       sqrt(fmax(0, t->est_sq[c] / n - m * m)), t->est_lo[c],
		       t->est_hi[c]);
	}
	printf("camera: %.1f ms of one core per 1280x720 frame (decode and "
	       "read)\n",
	       t->frames > 0 ? 1000 * t->read_s / t->frames : 0);
}

/* A hard set: each game a session of its own, calibrated and learned
 * from its own empty board and start position. */
static int hard_games(struct game *gm, const char *const *names, int games,
		      struct tally *t, double *off)
{
	struct cam_view v;

	const char *only = getenv("BENCH_CAMERA_GAME");

	*off = 0;
	for (int i = 0; i < games; i++) {
		int palette = i % sess.palettes;
		double d;
		unsigned long frames = (unsigned long)t->frames;
		double read_s = t->read_s;

		if (only != NULL && atoi(only) != i)
			continue;
		sess.game = i;
		t->shots = 0;
		rng = sess.rng ^ (0x9e3779b97f4a7c15ull * (unsigned)(i + 1));
		session_draw();
		t->sessions++;
		if (calibrate(&v, names, &d) < 0) {
			t->uncalibrated++;
			continue;
		}
		*off = d > *off ? d : *off;
		if (learn(&v, gm, palette, t) < 0) {
			t->uncalibrated++;
			cam_view_close(&v);
			continue;
		}
		t->frames = frames;
		t->read_s = read_s;
		if (one_game(&v, gm, palette, t) < 0)
			return -1;
		cam_view_close(&v);
	}
	return 0;
}

/* Calibrations only: hard sessions' empty boards under light of their
 * own (level, gradient, cast); how many found, the worst offset. */
static int calib_only(const char *const *names, int sessions)
{
	int found = 0;
	double worst = 0;

	for (int i = 0; i < sessions; i++) {
		struct cam_view v;
		double d;

		rng = sess.rng ^ (0x9e3779b97f4a7c15ull * (unsigned)(i + 1));
		sess.game = i;
		session_draw();
		sess.gain = span(0.7, 1.3);
		sess.grad_x = span(-0.35, 0.35);
		sess.grad_y = span(-0.35, 0.35);
		for (int k = 0; k < 3; k++)
			sess.cast[k] = span(0.9, 1.1);
		if (calibrate(&v, names, &d) < 0)
			continue;
		found++;
		worst = d > worst ? d : worst;
		if (getenv("BENCH_CAMERA_VERBOSE") != NULL)
			fprintf(stderr, "camera: board %d: places within "
				"%.1f px\n", i, d);
		cam_view_close(&v);
	}
	printf("camera: %d of %d empty boards calibrated, places within "
	       "%.1f px of the truth\n", found, sessions, worst);
	return 0;
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 12;
	struct tally t = { 0 };
	struct cam_view v;
	struct game gm;
	const char *names[PLACES];
	char err[256];
	double off;

	if (argc > 2)
		rng ^= strtoull(argv[2], NULL, 10) * 2654435761ull;
	if (argc > 3) {
		sess.hard = 1;
		sess.rng = rng;
		sess.palettes = strcmp(argv[3], "heldout") == 0 ?
				RENDER_PALETTES_ALL : RENDER_PALETTES + 1;
	}
	gm.ops = rules_find("kalah");
	gm.sense = sensing_find("kalah");
	gm.g = rules_game_new(gm.ops, "", err, sizeof(err));
	if (gm.g == NULL || gm.sense->holes(gm.g, names) != PLACES)
		return 1;
	if (sess.hard && strcmp(argv[3], "calib") == 0) {
		sess.lit = 1;
		calib_only(names, games);
		rules_game_free(gm.g);
		return 0;
	}
	if (sess.hard) {
		if (hard_games(&gm, names, games, &t, &off) < 0)
			return 1;
		printf("camera: %lu sessions, %lu not calibrated or learned\n",
		       t.sessions, t.uncalibrated);
		report(&t, off, 0);
		rules_game_free(gm.g);
		return 0;
	}
	if (calibrate(&v, names, &off) < 0 || learn(&v, &gm, 0, &t) < 0)
		return 1;
	t.frames = t.read_s = 0;
	for (int i = 0; i < games; i++)
		if (one_game(&v, &gm, i % RENDER_PALETTES, &t) < 0)
			return 1;
	report(&t, off, v.calib.seed_area);
	cam_view_close(&v);
	rules_game_free(gm.g);
	return 0;
}
