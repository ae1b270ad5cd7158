/*
 * hub.h - pitbossd as a club's hub (mqtt.role = hub, pitbossd --hub):
 * every table's events taken in from the MQTT broker into this
 * daemon's records (db/db_hub.h), exactly once and in order; a gap
 * asked for again on the table's resync topic; each table's link state
 * and lag kept; the arbiter's commands to a remote table sent on its
 * command topic (docs/mqtt.md).
 */
#ifndef PITBOSS_HUB_H
#define PITBOSS_HUB_H

#include <stddef.h>

#include "daemon/conf.h"
#include "daemon/door.h"
#include "daemon/loop.h"
#include "db/db.h"
#include "web/web.h"

#define HUB_CLIENT_ID "pitboss-hub"

struct hub;

/* Connects (the answer comes later; the link retries by itself). NULL
 * with the reason in `err`. `web` may be NULL. */
struct hub *hub_open(struct loop *loop, struct db *db, const struct conf *conf,
		     struct web *web, char *err, size_t errlen);
/* Says offline on the hub's status topic, disconnects and frees. */
void hub_close(struct hub *hub);

/* The door's remote (door_set_remote()): a command for a remote
 * table's board published on its command topic. */
int hub_send_command(void *hub, const struct db_command *c);
/* The door rung when the records queue a command (a series called to a
 * remote table by auto call). */
void hub_set_door(struct hub *hub, struct door *door);

#endif
