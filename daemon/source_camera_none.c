/*
 * source_camera.c - a camera over the board, giving count snapshots.
 * Not in this build: the entry stands in the registry so that a table
 * with 'source = camera' is refused with the reason, at its line of the
 * configuration and when opened. The driver, its keys and its check
 * replace the entry here when it is written.
 */
#include "config.h"

#include "daemon/source.h"

const struct source_ops source_camera_ops = SOURCE_NOT_COMPILED_IN(
	"camera", "count snapshots from a camera over the board");
