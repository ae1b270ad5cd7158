/*
 * machine.h - this machine's identity, as a digest: what the database's
 * instance is bound to (db_instance_bind()), so that a database copied
 * to another machine is told from its original.
 */
#ifndef PITBOSS_MACHINE_H
#define PITBOSS_MACHINE_H

#include <stddef.h>

/* A digest (hex) of the first identity found: $PITBOSS_MACHINE_ID, the
 * board's serial number in the device tree (a Raspberry Pi's), then
 * systemd's machine id. The identity itself is never kept nor shown.
 * Returns where it was read ("" in `buf` and NULL when none is). */
const char *machine_digest(char *buf, size_t len);

#endif
