/*
 * table_trace.c - a table's trace file (pitboss-trace(5)): with the
 * table's `traces` folder set, every observation handed to its referee
 * (a source's, its check's or an arbiter's command) is written there as
 * it is fed, so that `pitboss replay` gives the same verdicts after.
 *
 * One file per start of pitbossd and table, TABLEn-YYYYMMDD-HHMMSS.trace
 * (local time), never overwritten; each line flushed as written, so a
 * power cut loses at most the line under way. A write that fails (a
 * full disk) is logged once with the file and why, and the table goes
 * on without its trace, the file cut back to its last whole line.
 *
 * A game with secrets (what one seat alone may know) is not traced:
 * its secrets would be in the file (the options or entries that make
 * them), and without them it cannot be replayed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "daemon/log.h"
#include "daemon/table_impl.h"
#include "referee/trace.h"

/* The trace ends: told once, the file closed as far as it goes. */
static void trace_stop(struct table *t, int err)
{
	log_err("table %u: trace %s: %s; no more of this table is traced",
		t->cfg.id, t->trace_path, strerror(err));
	if (t->trace != NULL)
		fclose(t->trace);
	t->trace = NULL;
}

/* A new file of the table's in the folder (made if missing); one of
 * an earlier start in the same second is kept: "-2", "-3"... after. */
static FILE *trace_create(struct table *t)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	FILE *f;
	int fd = -1;

	if (mkdir(t->cfg.traces, 0755) < 0 && errno != EEXIST)
		return NULL;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	for (int n = 1; fd < 0 && n < 100; n++) {
		if (n == 1)
			snprintf(t->trace_path, sizeof(t->trace_path),
				 "%s/table%u-%s.trace", t->cfg.traces,
				 t->cfg.id, stamp);
		else
			snprintf(t->trace_path, sizeof(t->trace_path),
				 "%s/table%u-%s-%d.trace", t->cfg.traces,
				 t->cfg.id, stamp, n);
		fd = open(t->trace_path, O_WRONLY | O_CREAT | O_EXCL |
			  O_CLOEXEC, 0644);
		if (fd < 0 && errno != EEXIST)
			return NULL;
	}
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (f == NULL) {
		int e = errno;

		close(fd);
		errno = e;
	}
	return f;
}

/* Played time (a replay or a simulation under --speed) runs faster
 * than the referee's clock: the trace is written in played time, with
 * the table's settings as they are in pitboss.conf(5). */
static double played(const struct table *t)
{
	return t->cfg.speed > 0 ? t->cfg.speed : 1.0;
}

static unsigned long long ms(uint64_t us, double k)
{
	return (unsigned long long)((double)us * k / 1000.0 + 0.5);
}

/* The header: the table's game as `pitboss replay` reads it, then, as
 * comments, the table and the settings to replay it with. */
static void trace_header(struct table *t)
{
	struct trace_table tt;
	const struct referee_config *rc = &t->cfg.referee;
	double k = played(t);
	char pos[256];

	memset(&tt, 0, sizeof(tt));
	tt.id = t->cfg.id;
	snprintf(tt.game, sizeof(tt.game), "%.*s", (int)sizeof(tt.game) - 1,
		 t->cfg.game);
	rules_public_options(referee_game(t->ref), tt.options,
			     sizeof(tt.options));
	trace_write_header(t->trace, &tt, 1);
	fprintf(t->trace, "# pitbossd table %u \"%s\": quiet-ms=%llu "
		"settle-ms=%llu snapshot-tolerance=%d snapshot-confirm=%s "
		"strict=%s\n", t->cfg.id, t->cfg.name,
		ms(rc->quiet_us, k), ms(rc->settle_us, k),
		rc->snapshot_tolerance, rc->snapshot_confirm ? "yes" : "no",
		rc->accept_cost == 0 ? "yes" : "no");
	fprintf(t->trace, "# replay: pitboss replay --quiet %llu "
		"--tolerance %d%s%s FILE\n", ms(rc->quiet_us, k),
		rc->snapshot_tolerance,
		rc->snapshot_confirm ? " --confirm-snapshots" : "",
		rc->accept_cost == 0 ? " --strict" : "");
	if (referee_in_game(t->ref))
		fprintf(t->trace, "# resumed: game %lld under way at ply %d, "
			"position %s; its earlier moves are not in this "
			"file\n", (long long)t->game_id, referee_plies(t->ref),
			referee_public_position(t->ref, pos, sizeof(pos)));
}

void table_trace_open(struct table *t)
{
	t->trace = NULL;
	t->trace_frame[0] = '\0';
	t->trace_last_us = 0;
	if (t->cfg.traces[0] == '\0')
		return;
	if (referee_game(t->ref)->ops->seat_view != NULL) {
		log_info("table %u: not traced: %s is a game with secrets, "
			 "which its trace would hold", t->cfg.id, t->cfg.game);
		return;
	}
	t->trace = trace_create(t);
	if (t->trace == NULL) {
		int e = errno;

		if (t->trace_path[0] == '\0')
			snprintf(t->trace_path, sizeof(t->trace_path), "%s",
				 t->cfg.traces);
		trace_stop(t, e);
		return;
	}
	trace_header(t);
	if (fflush(t->trace) != 0 || ferror(t->trace)) {
		trace_stop(t, errno != 0 ? errno : EIO);
		return;
	}
	log_info("table %u: tracing to %s", t->cfg.id, t->trace_path);
}

/* Whether a text holds a character no trace line may: a line break or
 * another control character (the referee refuses such a command; it
 * would end the line and begin another). */
static int unprintable(const char *text)
{
	for (const unsigned char *c = (const unsigned char *)text; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return 1;
	return 0;
}

/* A write failed: the file cut back to its last whole line, so that
 * every line before replays. */
static void trace_fail(struct table *t, off_t whole)
{
	int e = errno != 0 ? errno : EIO;

	if (whole >= 0)
		(void)!ftruncate(fileno(t->trace), whole);
	trace_stop(t, e);
}

void table_trace_obs(struct table *t, const struct observation *obs,
		     const char *frame)
{
	struct observation o;
	const char *base;
	off_t whole;

	if (t->trace == NULL || unprintable(obs->text))
		return;
	o = *obs;
	if (played(t) != 1.0)
		o.t_us = (uint64_t)((double)o.t_us * played(t) + 0.5);
	/* An arbiter's command is timed when it is handled, a source's
	 * observation when it was due: a trace's times never go back. */
	if (o.t_us < t->trace_last_us)
		o.t_us = t->trace_last_us;
	t->trace_last_us = o.t_us;
	whole = ftello(t->trace);
	errno = 0;
	/* A snapshot's frame, kept in the camera's frames folder: named
	 * once, before the first snapshot read from it. */
	if (frame != NULL && frame[0] != '\0' &&
	    strcmp(frame, t->trace_frame) != 0) {
		base = strrchr(frame, '/');
		fprintf(t->trace, "# frame %s\n", base != NULL ? base + 1 :
			frame);
		snprintf(t->trace_frame, sizeof(t->trace_frame), "%s", frame);
	}
	trace_write_obs(t->trace, &o);
	if (fflush(t->trace) != 0 || ferror(t->trace))
		trace_fail(t, whole);
}

void table_trace_close(struct table *t)
{
	if (t->trace == NULL)
		return;
	if (fclose(t->trace) != 0)
		log_err("table %u: trace %s: %s", t->cfg.id, t->trace_path,
			strerror(errno));
	t->trace = NULL;
}
