/*
 * referee_fixture.h - what the referee's tests on hand-made observation
 * streams share: a referee of Kalah fed observations at given times,
 * its verdicts kept and asserted on (kind, cause, places, text), and a
 * board whose lines of b c d e have sensed every seed so far.
 */
#ifndef PITBOSS_TESTS_REFEREE_FIXTURE_H
#define PITBOSS_TESTS_REFEREE_FIXTURE_H

#define VERDICTS_MAX 512

struct fix {
	struct referee *ref;
	struct verdict v[VERDICTS_MAX];
	int n;
	unsigned table;
};

static inline void on_verdict(void *ctx, const struct verdict *v)
{
	struct fix *f = ctx;

	if (f->n < VERDICTS_MAX)
		f->v[f->n++] = *v;
}

static inline struct fix *fix_open(const char *options,
			    const struct referee_config *cfg)
{
	struct fix *f = calloc(1, sizeof(*f));
	char err[256] = "";

	assert_non_null(f);
	f->table = 3;
	f->ref = referee_new(f->table, "kalah", options, cfg, on_verdict, f,
			     err, sizeof(err));
	if (f->ref == NULL)
		fail_msg("referee_new: %s", err);
	return f;
}

static inline void fix_close(struct fix *f)
{
	referee_free(f->ref);
	free(f);
}

static inline uint64_t ms(double t)
{
	return (uint64_t)(t * 1000.0 + 0.5) * 1000;
}

static inline void feed(struct fix *f, double t, enum obs_kind kind, const char *arg)
{
	struct observation o;

	memset(&o, 0, sizeof(o));
	o.t_us = ms(t);
	o.table = f->table;
	o.kind = kind;
	if (arg != NULL && (kind == OBS_DROP || kind == OBS_LIFT ||
			    kind == OBS_BUTTON))
		snprintf(o.where, sizeof(o.where), "%s", arg);
	else if (arg != NULL)
		snprintf(o.text, sizeof(o.text), "%s", arg);
	referee_feed(f->ref, &o);
}

/* Drops into the holes named in `holes`, `step` seconds apart. */
static inline double sow(struct fix *f, double t, double step, const char *holes)
{
	char copy[256], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", holes);
	for (char *h = strtok_r(copy, " ", &save); h != NULL;
	     h = strtok_r(NULL, " ", &save), t += step)
		feed(f, t, OBS_DROP, h);
	return t - step;
}

static inline void tick(struct fix *f, double t)
{
	referee_tick(f->ref, ms(t));
}

static inline int count(const struct fix *f, enum verdict_kind kind)
{
	int n = 0;

	for (int i = 0; i < f->n; i++)
		n += f->v[i].kind == kind;
	return n;
}

static inline const struct verdict *last(const struct fix *f, enum verdict_kind kind)
{
	for (int i = f->n - 1; i >= 0; i--)
		if (f->v[i].kind == kind)
			return &f->v[i];
	for (int i = 0; i < f->n; i++) {
		char line[512];

		verdict_format(&f->v[i], line, sizeof(line));
		print_message("  %s\n", line);
	}
	fail_msg("no '%s' verdict among %d", verdict_kind_name(kind), f->n);
	return &f->v[VERDICTS_MAX - 1];
}

static inline void dump(const struct fix *f)
{
	for (int i = 0; i < f->n; i++) {
		char line[VERDICT_LINE_MAX];

		verdict_format(&f->v[i], line, sizeof(line));
		print_message("  %s\n", line);
	}
}

/* The verdicts about moves (taken or held), in order. */
static inline int moves(const struct fix *f, const struct verdict **out,
			int max)
{
	int n = 0;

	for (int i = 0; i < f->n && n < max; i++)
		if ((f->v[i].kind == VERDICT_ACCEPT ||
		     f->v[i].kind == VERDICT_WARN ||
		     f->v[i].kind == VERDICT_HOLD) && f->v[i].move[0])
			out[n++] = &f->v[i];
	return n;
}

static inline void assert_says(const struct verdict *v, const char *part)
{
	if (strstr(v->text, part) == NULL)
		fail_msg("verdict '%s' does not say '%s'", v->text, part);
}

/* The verdict says `cause` about exactly the places in `places`, in any
 * order (-1 ends the list). */
static inline void assert_about(const struct verdict *v, enum verdict_cause cause,
			 const int *places)
{
	int n = 0;

	if (v->cause != cause)
		fail_msg("verdict '%s': cause %s, expected %s", v->text,
			 verdict_cause_name(v->cause), verdict_cause_name(cause));
	for (; places[n] >= 0; n++) {
		int found = 0;

		for (int i = 0; i < v->nplaces; i++)
			found |= v->places[i] == places[n];
		if (!found)
			fail_msg("verdict '%s' is not about place %d", v->text,
				 places[n]);
	}
	assert_int_equal(v->nplaces, n);
}

/* Kalah's places: a..f 0..5, A..F 6..11, S 12, N 13. */
enum { PIT_A = 0, PIT_B, PIT_C, PIT_D, PIT_E, PIT_F, STORE_S = 12,
       STORE_N = 13 };

static inline const char *position(const struct fix *f)
{
	static char buf[256];

	return referee_position(f->ref, buf, sizeof(buf));
}

static inline struct fix *started(const char *options)
{
	struct fix *f = fix_open(options, NULL);

	feed(f, 0, OBS_START, NULL);
	assert_int_equal(f->v[0].kind, VERDICT_START);
	return f;
}

/* A Kalah game started with the referee set as for a camera: a
 * snapshot within `tolerance` seeds of a board, not on it, is held for
 * the arbiter (snapshot-confirm). */
static inline struct fix *started_camera(int tolerance)
{
	struct referee_config cfg;
	struct fix *f;

	referee_config_default(&cfg);
	cfg.snapshot_tolerance = tolerance;
	cfg.snapshot_confirm = 1;
	f = fix_open("", &cfg);
	feed(f, 0, OBS_START, NULL);
	assert_int_equal(f->v[0].kind, VERDICT_START);
	return f;
}

/* Game after game of a sown cleanly: the lines of b c d e have sensed
 * every seed they were to sense. */
static inline double trusted_board(struct fix *f, int games)
{
	double t = 0;

	for (int g = 0; g < games; g++, t += 10) {
		feed(f, t + 0.5, OBS_START, NULL);
		sow(f, t + 1, 0.3, "b c d e");
		feed(f, t + 3, OBS_BUTTON, "S");
	}
	assert_int_equal(count(f, VERDICT_ACCEPT), games);
	assert_int_equal(referee_line(f->ref, PIT_E)->misses, 0);
	feed(f, t + 0.5, OBS_START, NULL);
	return t + 1;
}

/* A table with buttons whose board has made a stray pulse: N's D
 * (E F N a) taken, a pulse in pit c and N's button (set aside as a
 * stray), S's b (c d e f), a pulse in pit E and S's button (a stray
 * too), then the position given. Returns the time after. */
static inline double strays_shown(struct fix *f, const char *pos)
{
	const struct verdict *m[8];
	double t;

	feed(f, 0.2, OBS_BUTTON, "N");		/* the table has buttons */
	feed(f, 0.5, OBS_POSITION, "4 4 4 4 4 4/1 4 4 4 4 4/0 3/N");
	t = sow(f, 1.0, 0.4, "E F N a");	/* D */
	tick(f, t + 0.7);
	feed(f, t + 1.1, OBS_DROP, "c");
	feed(f, t + 1.6, OBS_BUTTON, "N");
	assert_int_equal(last(f, VERDICT_NOTE)->cause, CAUSE_STRAY);
	t = sow(f, t + 3.0, 0.4, "c d e f");	/* b */
	tick(f, t + 0.7);
	feed(f, t + 1.4, OBS_DROP, "E");
	feed(f, t + 1.8, OBS_BUTTON, "S");
	assert_int_equal(last(f, VERDICT_NOTE)->cause, CAUSE_STRAY);
	assert_int_equal(moves(f, m, 8), 2);
	feed(f, t + 2.0, OBS_POSITION, pos);
	return t + 3.0;
}

#endif
