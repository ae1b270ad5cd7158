/*
 * mqtt_pub.h - the table side of the MQTT link (docs/mqtt.md): the
 * tables' outbox published in order at QoS 1, each row marked sent
 * once the broker acknowledged it; everything unacknowledged sent again
 * after a reconnection or a restart; a resync request answered by
 * publishing its range again; the retained status of each table
 * (online, offline by the will); commands from the hub put through the
 * commands door, their answers coming back as events.
 */
#ifndef PITBOSS_MQTT_PUB_H
#define PITBOSS_MQTT_PUB_H

#include "daemon/conf.h"
#include "daemon/door.h"
#include "daemon/loop.h"
#include "daemon/table.h"
#include "db/db.h"

struct mqtt_pub;

/*
 * The publisher of `ntables` open tables (which outlive it) whose
 * settings are in `conf`, through the broker of conf's mqtt.* keys.
 * NULL with the reason in `err`.
 */
struct mqtt_pub *mqtt_pub_open(struct loop *loop, struct db *db,
			       const struct conf *conf,
			       struct table *const *tables, int ntables,
			       struct door *door, char *err, size_t errlen);
/* Records were committed: their events are published soon. */
void mqtt_pub_kick(struct mqtt_pub *pub);
/* Each table said offline, the link closed; NULL is fine. */
void mqtt_pub_close(struct mqtt_pub *pub);

#endif
