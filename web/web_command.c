/*
 * web_command.c - a command from the dashboard (an arbiter's, a
 * player's move or secret, a forfeit, a game voided or corrected):
 * queued in the commands table once (a request sent again with its
 * Idempotency-Key finds the first), the door's bell rung, and the
 * request suspended until the daemon has answered it, at most
 * COMMAND_WAIT_MS: it holds none of libmicrohttpd's few threads
 * meanwhile. The answer is then made by the route's own function.
 */
#include "config.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "daemon/log.h"
#include "db/commands.h"
#include "web/web_impl.h"

#define COMMAND_WAIT_MS 5000
#define COMMAND_RETRY_S 1	/* a 202's Retry-After, with a key */

void web_commands_wake_all(struct web *web)
{
	web_park_wake_all(&web->waiting);
}

/* Whether parked request `p` waits for command *arg. Commands are not
 * answered in the order queued (a remote table's waits for it). */
static int waits_for(const struct web_parked *p, void *arg)
{
	const struct web_request *r = (const struct web_request *)
		((const char *)p - offsetof(struct web_request, park));

	return r->cmd_id == *(const int64_t *)arg;
}

void web_command_answered(struct web *web, int64_t id)
{
	pthread_mutex_lock(&web->lock);
	web->answers++;
	pthread_cond_broadcast(&web->changed);
	web_park_wake_if(&web->waiting, waits_for, &id);
	pthread_mutex_unlock(&web->lock);
}

void web_commands_tick(struct web *web)
{
	uint64_t now = web_now_ms();

	pthread_mutex_lock(&web->lock);
	web_park_wake_gone(&web->waiting);
	web_park_wake_due(&web->waiting, now);
	pthread_mutex_unlock(&web->lock);
}

/*
 * The request's Idempotency-Key (NULL: none); -1 after answering 400
 * for a key that cannot be one.
 */
static int request_key(struct web_request *r, const char **key)
{
	*key = MHD_lookup_connection_value(r->con, MHD_HEADER_KIND,
					   "Idempotency-Key");
	if (*key != NULL && !db_request_key_valid(*key)) {
		web_error(r, 400, "Idempotency-Key: 1 to %d letters, digits "
			  "or -_.:", DB_REQUEST_KEY_MAX);
		return -1;
	}
	return 0;
}

/*
 * Command `id`, queued before with the request's key, read into `cmd`
 * (web->writer_lock held): 0 the same command, -1 after answering 422 when the
 * key was another request's (db_command_same()).
 */
static int same_command(struct web_request *r, int64_t id, int64_t board,
			const char *kind, const char *text,
			struct db_command *cmd)
{
	const char *key = MHD_lookup_connection_value(r->con, MHD_HEADER_KIND,
						      "Idempotency-Key");

	if (db_command_get(r->web->writer, id, cmd) != DB_OK) {
		web_error(r, 500, "%s", db_error(r->web->writer));
		return -1;
	}
	if (!db_command_same(cmd, board, kind, text)) {
		explicit_bzero(cmd, sizeof(*cmd));
		web_error(r, 422, "Idempotency-Key %s was another request's",
			  key);
		return -1;
	}
	explicit_bzero(cmd->text, sizeof(cmd->text));
	log_info("dashboard: command %" PRId64 " sent again (Idempotency-Key "
		 "%s): answered with its first outcome, not carried out again",
		 id, key);
	return 0;
}

/* Queues the command, or finds it queued with the request's key, into
 * *id (web->writer_lock held; not web->lock: the writer may wait for
 * the database's write lock for seconds): 0, 1 when that command is
 * answered already, or -1 after answering an error. */
static int queue_once(struct web_request *r, int64_t board, const char *kind,
		      const char *text, int64_t *id)
{
	struct web *web = r->web;
	struct db_command cmd;
	const char *key;
	int known = 0, rc;

	if (request_key(r, &key) < 0)
		return -1;
	rc = db_command_add_keyed(web->writer, board, kind, text, key, id,
				  &known);
	if (rc != DB_OK) {
		web_error(r, rc == DB_REFUSED ? 404 : 500, "%s",
			  db_error(web->writer));
		return -1;
	}
	if (known)
		return same_command(r, *id, board, kind, text, &cmd) < 0 ? -1 :
		       cmd.done[0] != '\0';
	if (web->door_bell != NULL)
		web->door_bell(web->door_ctx);
	return 0;
}

/* The TEXT of an outcome "KIND PLY MOVE: TEXT", for a message. */
const char *web_outcome_text(const struct db_command *cmd)
{
	char head[64];
	int n = snprintf(head, sizeof(head), "%s %d %s: ", cmd->outcome_kind,
			 cmd->outcome_ply, cmd->outcome_move[0] ?
			 cmd->outcome_move : "-");

	return n > 0 && strncmp(cmd->outcome, head, (size_t)n) == 0 ?
	       cmd->outcome + n : cmd->outcome;
}


/* Command `id` read: 0 answered (`cmd`), 1 not (`cmd` has its id only). */
static int read_command(struct web *web, int64_t id, struct db_command *cmd)
{
	struct db *db = web_db_acquire(web);
	int rc = db_command_get(db, id, cmd);

	web_db_release(web, db);
	if (rc == DB_OK && cmd->done[0] != '\0')
		return 0;
	memset(cmd, 0, sizeof(*cmd));
	cmd->id = id;
	return 1;
}

/*
 * Whether request `r` is to wait (web->lock held): no command has been
 * answered since r->cmd_seen, its time is not up, and no stop.
 */
static int to_wait(const struct web_request *r)
{
	return !r->web->closing && r->web->answers == r->cmd_seen &&
	       web_now_ms() < r->cmd_until;
}

/*
 * The command of request `r` answered, or its time up: its answer made
 * by r->cmd_done; else the request parked until the daemon answers it
 * (web_command_answered()) or COMMAND_WAIT_MS is up (the watchdog's
 * web_commands_tick()). The records are read only when some command
 * was answered since they were last read (web->answers): an answer
 * that came between the read and the park is read again.
 */
void web_command_check(struct web_request *r)
{
	struct web *web = r->web;
	struct db_command cmd;
	uint64_t seen;
	int rc, closing;

	for (;;) {
		pthread_mutex_lock(&web->lock);
		if (to_wait(r)) {
			web_park(&web->waiting, &r->park, r->con, r->cmd_until);
			r->held = 1;
			pthread_mutex_unlock(&web->lock);
			return;
		}
		seen = web->answers;
		closing = web->closing;
		pthread_mutex_unlock(&web->lock);
		rc = read_command(web, r->cmd_id, &cmd);
		if (rc == 0 || closing || web_now_ms() >= r->cmd_until)
			break;
		r->cmd_seen = seen;
	}
	r->cmd_id = 0;
	r->cmd_done(r, rc, &cmd);
	/* Not answered in time (202): a request with a key may be sent
	 * again with it, and waits for the same command's outcome. */
	if (rc == 1 && r->status == 202 &&
	    MHD_lookup_connection_value(r->con, MHD_HEADER_KIND,
					"Idempotency-Key") != NULL)
		r->retry_after = COMMAND_RETRY_S;
}

void web_queue_then(struct web_request *r, int64_t board, const char *kind,
		    const char *text, web_command_done_fn done)
{
	struct web *web = r->web;
	int64_t id = 0;
	int rc;

	/* The answers counted before it is queued: the door answers it
	 * only once it is. */
	pthread_mutex_lock(&web->lock);
	r->cmd_seen = web->answers;
	pthread_mutex_unlock(&web->lock);
	pthread_mutex_lock(&web->writer_lock);
	rc = queue_once(r, board, kind, text, &id);
	pthread_mutex_unlock(&web->writer_lock);
	if (rc < 0)
		return;
	r->cmd_id = id;
	r->cmd_until = rc == 1 ? 0 : web_now_ms() + COMMAND_WAIT_MS;
	r->cmd_done = done;
	web_command_check(r);
}

static void run_done(struct web_request *r, int rc,
		     const struct db_command *cmd)
{
	struct jbuf b = { 0 };

	jbuf_printf(&b, "{\"command\":%" PRId64 ",\"kind\":", cmd->id);
	jbuf_str(&b, rc == 0 ? cmd->outcome_kind : NULL);
	jbuf_printf(&b, ",\"cause\":");
	jbuf_str(&b, rc == 0 ? cmd->outcome_cause : NULL);
	jbuf_printf(&b, ",\"ply\":%d,\"move\":", cmd->outcome_ply);
	jbuf_str(&b, cmd->outcome_move[0] ? cmd->outcome_move : NULL);
	jbuf_printf(&b, ",\"outcome\":");
	jbuf_str(&b, rc == 0 ? cmd->outcome : NULL);
	jbuf_printf(&b, "}");
	web_json(r, &b);
	if (rc == 1)
		r->status = 202;	/* queued; the daemon has not answered */
}

void web_run_command(struct web_request *r, const char *kind,
		     const char *text)
{
	web_queue_then(r, r->param[0], kind, text, run_done);
}
