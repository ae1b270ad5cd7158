/*
 * notify.h - telling systemd about readiness, status and liveness
 * (sd_notify's protocol: one datagram to $NOTIFY_SOCKET), without a
 * dependency on libsystemd. Does nothing when not run by systemd.
 */
#ifndef PITBOSS_NOTIFY_H
#define PITBOSS_NOTIFY_H

#include <stdint.h>

/* Sends "READY=1", "STATUS=...", "WATCHDOG=1", "STOPPING=1"... */
int notify_send(const char *state);
/* The watchdog interval systemd asked for, in microseconds; 0: none. */
uint64_t notify_watchdog_usec(void);

#endif
