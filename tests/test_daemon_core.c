/*
 * test_daemon_core.c - the daemon's plumbing: the poll loop's timers and
 * descriptors, systemd notification, sources playing streams in real
 * time, and a referee taking up a game after a restart.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <cmocka.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "daemon/notify.h"
#include "referee/referee.h"
#include "daemon/source.h"

/* ---------------------------------------------------------------- loop */

struct order {
	struct loop *loop;
	int seen[8];
	int n;
};

static void mark(struct order *o, int what)
{
	if (o->n < 8)
		o->seen[o->n++] = what;
}

static void t1(void *ctx) { mark(ctx, 1); }
static void t2(void *ctx) { mark(ctx, 2); }
static void t3(void *ctx) { mark(ctx, 3); }
static void stop(void *ctx)
{
	struct order *o = ctx;

	mark(o, 9);
	loop_stop(o->loop);
}

static void test_timers_fire_in_time_order(void **state)
{
	struct order o = { loop_new(), { 0 }, 0 };
	uint64_t now = loop_now(), t0;
	int cancelled;

	(void)state;
	assert_non_null(o.loop);
	loop_at(o.loop, now + 30000, t3, &o);
	loop_at(o.loop, now + 10000, t1, &o);
	cancelled = loop_at(o.loop, now + 15000, t2, &o);
	loop_at(o.loop, now + 20000, t2, &o);
	loop_at(o.loop, now + 40000, stop, &o);
	loop_cancel(o.loop, cancelled);
	t0 = loop_now();
	assert_int_equal(loop_run(o.loop), 0);
	assert_int_equal(o.n, 4);
	assert_int_equal(o.seen[0], 1);
	assert_int_equal(o.seen[1], 2);
	assert_int_equal(o.seen[2], 3);
	assert_int_equal(o.seen[3], 9);
	/* It slept rather than spun: about 40 ms passed. */
	assert_true(loop_now() - t0 >= 35000);
	loop_free(o.loop);
}

struct pipe_ctx {
	struct loop *loop;
	char got[16];
};

static void on_readable(void *ctx, int fd, short revents)
{
	struct pipe_ctx *p = ctx;
	ssize_t n;

	assert_true(revents & POLLIN);
	n = read(fd, p->got, sizeof(p->got) - 1);
	assert_true(n > 0);
	p->got[n] = '\0';
	loop_stop(p->loop);
}

static void test_descriptor_handlers(void **state)
{
	struct pipe_ctx p = { loop_new(), "" };
	int fds[2];

	(void)state;
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(loop_add_fd(p.loop, fds[0], POLLIN, on_readable, &p), 0);
	assert_int_equal(write(fds[1], "drop", 4), 4);
	assert_int_equal(loop_run(p.loop), 0);
	assert_string_equal(p.got, "drop");
	loop_remove_fd(p.loop, fds[0]);
	close(fds[0]);
	close(fds[1]);
	loop_free(p.loop);
}

/* -------------------------------------------------------------- notify */

static void test_notify_datagram(void **state)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char path[64], buf[64];
	int fd;
	ssize_t n;

	(void)state;
	unsetenv("NOTIFY_SOCKET");
	assert_int_equal(notify_send("READY=1"), 0);	/* not under systemd */
	snprintf(path, sizeof(path), "/tmp/pitboss-notify-%d", (int)getpid());
	unlink(path);
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", path);
	fd = socket(AF_UNIX, SOCK_DGRAM, 0);
	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	setenv("NOTIFY_SOCKET", path, 1);
	assert_int_equal(notify_send("READY=1\nSTATUS=2 tables"), 0);
	n = recv(fd, buf, sizeof(buf) - 1, 0);
	assert_true(n > 0);
	buf[n] = '\0';
	assert_string_equal(buf, "READY=1\nSTATUS=2 tables");
	setenv("NOTIFY_SOCKET", "relative/path", 1);
	assert_int_equal(notify_send("READY=1"), -1);
	unsetenv("NOTIFY_SOCKET");
	setenv("WATCHDOG_USEC", "5000000", 1);
	unsetenv("WATCHDOG_PID");
	assert_true(notify_watchdog_usec() == 5000000);
	setenv("WATCHDOG_PID", "1", 1);		/* meant for another process */
	assert_true(notify_watchdog_usec() == 0);
	unsetenv("WATCHDOG_USEC");
	unsetenv("WATCHDOG_PID");
	close(fd);
	unlink(path);
}

/* ------------------------------------------------------------- sources */

struct collect {
	struct loop *loop;
	struct observation obs[4096];
	int n;
	int until;
};

static void collect(void *ctx, const struct observation *obs)
{
	struct collect *c = ctx;

	if (c->n < 4096)
		c->obs[c->n++] = *obs;
	if (c->n == c->until)
		loop_stop(c->loop);
}

static void give_up(void *ctx)
{
	loop_stop(((struct collect *)ctx)->loop);
}

/* A table of one source read from `text` as pitboss.conf(5) is. */
static const struct table_config *table_of(struct conf *conf,
					   const char *text)
{
	char err[CONF_ERR_MAX];

	if (conf_parse(conf, "test.conf", text, err, sizeof(err)) < 0)
		fail_msg("%s", err);
	return &conf->table[0];
}

static void test_replay_source_plays_in_time(void **state)
{
	static const char text[] =
		"# pitboss-trace 1\n# table 4 kalah\n"
		"10.000 4 start\n10.100 4 drop d\n10.300 4 drop e\n"
		"10.400 4 button S\n";
	const struct source_ops *replay = source_find("replay");
	char path[64], err[256], conf_text[128];
	struct conf *conf = malloc(sizeof(*conf));
	struct table_config t;
	struct collect *c = calloc(1, sizeof(*c));
	struct source *src;
	FILE *f;

	(void)state;
	assert_non_null(conf);
	conf_default(conf);
	snprintf(path, sizeof(path), "/tmp/pitboss-src-%d.trace", (int)getpid());
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	/* Table 2: a one-table trace plays at any table. */
	snprintf(conf_text, sizeof(conf_text),
		 "[table 2]\nsource = replay\ntrace = %s\n", path);
	t = *table_of(conf, conf_text);
	assert_ptr_equal(t.source, replay);
	t.speed = 4.0;
	c->loop = loop_new();
	c->until = 4;
	src = replay->open(c->loop, &t, "", collect, c, err, sizeof(err));
	if (src == NULL)
		fail_msg("%s", err);
	loop_at(c->loop, loop_now() + 2000000, give_up, c);
	loop_run(c->loop);
	assert_int_equal(c->n, 4);
	assert_int_equal(c->obs[1].kind, OBS_DROP);
	assert_string_equal(c->obs[2].where, "e");
	assert_int_equal(c->obs[3].table, 2);
	/* 0.4 s of trace at four times the speed: about 0.1 s. */
	assert_true(c->obs[3].t_us - c->obs[0].t_us >= 95000);
	assert_true(c->obs[3].t_us - c->obs[0].t_us < 400000);
	replay->close(src);

	snprintf(t.game, sizeof(t.game), "chess");
	assert_null(replay->open(c->loop, &t, "", collect, c, err,
				 sizeof(err)));
	assert_non_null(strstr(err, "plays kalah, not chess"));
	/* A trace gone since the file was checked (the replay's block
	 * starts with its path). */
	t = *table_of(conf, conf_text);
	snprintf((char *)t.source_conf, CONF_PATH_MAX, "/nonexistent.trace");
	assert_null(replay->open(c->loop, &t, "", collect, c, err,
				 sizeof(err)));
	assert_non_null(strstr(err, "No such file"));
	unlink(path);
	loop_free(c->loop);
	conf_free(conf);
	free(conf);
	free(c);
}

static void test_sim_source_resumes_a_game(void **state)
{
	const struct source_ops *sim = source_find("sim");
	struct conf *conf = malloc(sizeof(*conf));
	struct table_config t;
	char err[256];
	struct collect *c = calloc(1, sizeof(*c));
	struct source *src;

	(void)state;
	assert_non_null(conf);
	conf_default(conf);
	t = *table_of(conf, "[table 1]\nsource = sim\n");
	t.speed = 200.0;
	c->loop = loop_new();
	c->until = 12;
	src = sim->open(c->loop, &t, "4 4 0 5 5 5/4 4 4 4 4 4/1 0/S", collect,
			c, err, sizeof(err));
	if (src == NULL)
		fail_msg("%s", err);
	loop_at(c->loop, loop_now() + 5000000, give_up, c);
	loop_run(c->loop);
	assert_int_equal(c->n, 12);
	/* No start, no position: the table is taken up already. */
	for (int i = 0; i < c->n; i++) {
		assert_int_not_equal(c->obs[i].kind, OBS_START);
		assert_int_not_equal(c->obs[i].kind, OBS_POSITION);
	}
	sim->close(src);
	loop_free(c->loop);
	conf_free(conf);
	free(conf);
	free(c);
}

/* A source this build lacks answers so when opened. */
static void test_missing_source_says_so(void **state)
{
#ifdef PB_CAMERA
	static const struct source_ops missing = SOURCE_NOT_COMPILED_IN(
		"camera", "count snapshots from a camera over the board");
	const struct source_ops *camera = &missing;

	assert_int_equal(source_find("camera")->flags & SOURCE_MISSING, 0);
#else
	const struct source_ops *camera = source_find("camera");
#endif
	struct table_config t;
	char err[256] = "";

	(void)state;
	assert_non_null(camera);
	assert_true(camera->flags & SOURCE_MISSING);
	memset(&t, 0, sizeof(t));
	t.id = 1;
	t.source = camera;
	assert_null(camera->open(NULL, &t, "", NULL, NULL, err, sizeof(err)));
	assert_string_equal(err, "source 'camera' is not compiled in");
	assert_null(source_find("usb"));
}

/* -------------------------------------------------------------- resume */

static int verdicts;

static void count_verdict(void *ctx, const struct verdict *v)
{
	(void)ctx;
	(void)v;
	verdicts++;
}

static void test_referee_resume(void **state)
{
	const char *moves[] = { "c", "f", "A" };
	const char *bad[] = { "c", "c" };
	char err[256], pos[256];
	struct referee *ref;
	struct observation o = { 0 };

	(void)state;
	verdicts = 0;
	ref = referee_new(1, "kalah", "", NULL, count_verdict, NULL, err,
			  sizeof(err));
	assert_non_null(ref);
	assert_int_equal(referee_resume(ref, moves, 3, NULL, err, sizeof(err)), 0);
	assert_int_equal(verdicts, 0);			/* silently */
	assert_int_equal(referee_plies(ref), 3);
	assert_true(referee_in_game(ref));
	assert_string_equal(referee_position(ref, pos, sizeof(pos)),
			    "4 4 0 5 5 0/0 6 6 6 5 5/2 0/S");
	/* The resumed game goes on, and its moves can be taken back. */
	o.kind = OBS_UNDO;
	o.table = 1;
	o.t_us = 1000000;
	referee_feed(ref, &o);
	assert_int_equal(referee_plies(ref), 2);
	assert_int_equal(referee_resume(ref, bad, 2, NULL, err, sizeof(err)), -1);
	assert_string_equal(err, "move 2 'c': pit c is empty");
	assert_int_equal(referee_resume(ref, moves, 1,
					"0 0 0 0 0 1/0 0 0 0 2 1/20 24/N",
					err, sizeof(err)), 0);
	assert_string_equal(referee_position(ref, pos, sizeof(pos)),
			    "0 0 0 0 0 1/0 0 0 0 2 1/20 24/N");
	referee_free(ref);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timers_fire_in_time_order),
		cmocka_unit_test(test_descriptor_handlers),
		cmocka_unit_test(test_notify_datagram),
		cmocka_unit_test(test_replay_source_plays_in_time),
		cmocka_unit_test(test_sim_source_resumes_a_game),
		cmocka_unit_test(test_missing_source_says_so),
		cmocka_unit_test(test_referee_resume),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
