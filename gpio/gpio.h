/*
 * gpio.h - a table's sensor board on GPIO lines: input lines (one drop
 * sensor per hole, optional hand-in-hole lift sensors, one end-of-turn
 * button per seat) turned into observations, and the output lines (a
 * turn LED per seat, a foul LED or buzzer) driven from the referee's
 * verdicts.
 *
 * Lines are found by their name ("GPIO17", "EXP_PIT_A"), never by chip
 * number or offset, so a board keeps working when the kernel numbers its
 * chips differently. One of two backends is compiled in, chosen by
 * configure: gpio_v1.c (libgpiod 1.6) or gpio_v2.c (libgpiod 2.x).
 *
 * Edges. Inputs are requested with both-edge events; `active-low`
 * decides which electrical level is "active". A drop, a lift and a
 * button press are the edge INTO the active level (the beam being
 * broken, the hand arriving, the button going down); the edge back is
 * counted but produces no observation. Times are the kernel's event
 * timestamps on CLOCK_MONOTONIC, in microseconds.
 *
 * Debounce. With libgpiod 1.6 it is done here: an active edge less than
 * `debounce_us` after the last accepted one on the same line is dropped
 * and counted as a bounce. With 2.x the kernel's debounce is used
 * instead (a level must hold `debounce_us` before an edge is reported,
 * so keep it below the shortest pulse); the kernel does not say how
 * many edges it swallowed, so bounces stay 0 there. It stamps an edge
 * when the level has held that long: the debounce period is taken off
 * again, so both backends give the time the level changed.
 *
 * A chip that goes away (an unplugged expander) does not stop the
 * caller: gpio_board_read() or gpio_board_set_output() returns -1, the
 * board is then GPIO_OFFLINE with a message in gpio_board_error(), its
 * lines are released and it has no fds until gpio_board_retry() finds
 * every line again.
 */
#ifndef PITBOSS_GPIO_H
#define PITBOSS_GPIO_H

#include <stddef.h>
#include <stdint.h>

#include "referee/observation.h"

#define GPIO_NAME_MAX 32	/* a line name, with its NUL */
#define GPIO_INPUTS_MAX 64	/* input lines of one table */
#define GPIO_CHIPS_MAX 16	/* chips one table's lines may sit on */

enum gpio_bias {
	GPIO_BIAS_AS_IS,	/* leave the line's bias as it is */
	GPIO_BIAS_DISABLE,
	GPIO_BIAS_PULL_UP,
	GPIO_BIAS_PULL_DOWN,
	GPIO_BIAS_COUNT
};

/* The config word of a bias ("pull-up"), and back (-1 if unknown). */
const char *gpio_bias_name(enum gpio_bias bias);
int gpio_bias_find(const char *name);

/* One input line and the observation its active edge makes. */
struct gpio_input {
	char line[GPIO_NAME_MAX];	/* line name */
	enum obs_kind kind;		/* OBS_DROP, OBS_LIFT or OBS_BUTTON */
	char where[OBS_WHERE_MAX];	/* hole ("a", "S") or seat ("N") */
};

enum gpio_output {
	GPIO_OUT_TURN_S,	/* South's turn LED */
	GPIO_OUT_TURN_N,	/* North's turn LED */
	GPIO_OUT_FOUL,		/* foul LED or buzzer */
	GPIO_OUTPUTS
};

/* What the config says about one table's board. */
struct gpio_table_config {
	unsigned table;			/* table id, from 1 */
	size_t ninputs;
	struct gpio_input input[GPIO_INPUTS_MAX];
	char output[GPIO_OUTPUTS][GPIO_NAME_MAX];	/* "" when absent */
	enum gpio_bias bias;		/* of the inputs */
	int active_low;			/* inputs: low level is active */
	int output_active_low;		/* outputs: low level is "on" */
	uint64_t debounce_us;		/* 0: no debounce */
	int scanned;			/* the table's board is a scanned one
					 * (scan.h) instead: none of the above
					 * but bias and active_low is used */
};

/* Patterns of the foul output. */
enum gpio_signal {
	GPIO_SIGNAL_NONE,	/* stop: output off */
	GPIO_SIGNAL_FOUL,	/* an illegal move: three long beeps */
	GPIO_SIGNAL_SENSOR,	/* a sensor problem: six short blips */
	GPIO_SIGNAL_COUNT
};

enum gpio_status { GPIO_ONLINE, GPIO_OFFLINE };

/* Per input line, since the board was opened. */
struct gpio_input_stats {
	unsigned long edges;	/* events read, both directions */
	unsigned long pulses;	/* active edges passed on */
	unsigned long bounces;	/* active edges dropped by the debounce */
	uint64_t last_us;	/* time of the last pulse; 0 if none */
};

struct gpio_board;

/* gpio_board_open() flags. */
#define GPIO_OPEN_ALLOW_OFFLINE 0x1u	/* lines missing: open offline */

/*
 * Finds every line of `config` by name and requests it. On failure
 * returns NULL with the reason in `err` ("table 2: line 'GPIO17' (drop
 * sensor a) not found on any GPIO chip"), unless GPIO_OPEN_ALLOW_OFFLINE
 * is given: then the board is returned GPIO_OFFLINE with the reason in
 * gpio_board_error(), to be retried. A config that cannot work (no
 * input, too many lines) always fails. Free with gpio_board_close().
 */
struct gpio_board *gpio_board_open(const struct gpio_table_config *config,
				   unsigned flags, char *err, size_t errlen);
/* Releases the lines (outputs are switched off first) and frees. */
void gpio_board_close(struct gpio_board *board);

/* The backend compiled in: "libgpiod 1.6" or "libgpiod 2". */
const char *gpio_backend(void);

enum gpio_status gpio_board_status(const struct gpio_board *board);
/* Why the board is offline, or the last problem; "" if none. */
const char *gpio_board_error(const struct gpio_board *board);

/*
 * The fds to poll for POLLIN, at most `cap` of them; returns how many
 * there are. None while offline. They change only when the status does
 * (a read or a write that fails, a retry that succeeds).
 */
size_t gpio_board_fds(const struct gpio_board *board, int *fds, size_t cap);

/*
 * Reads the events waiting on `fd` (call it when poll() reports POLLIN,
 * POLLERR or POLLHUP there) and writes at most `cap` observations into
 * `out`: returns how many, 0 if there was nothing (or the fd is not the
 * board's), -1 if the board has just gone offline. Never blocks. Events
 * beyond `cap` stay queued for the next call.
 */
int gpio_board_read(struct gpio_board *board, int fd, struct observation *out,
		    size_t cap);

/*
 * Offline: looks for every line again and requests them; outputs come
 * back at the levels last set. 0 when the board is online (again), -1
 * when it is still offline (gpio_board_error() says why).
 */
int gpio_board_retry(struct gpio_board *board);

/* Whether the config names this output. */
int gpio_board_has_output(const struct gpio_board *board,
			  enum gpio_output which);

/*
 * Switches an output on or off. An output the config does not name is
 * ignored (0). Offline, the level is remembered for the retry (0). -1
 * when the write fails: the board has gone offline.
 */
int gpio_board_set_output(struct gpio_board *board, enum gpio_output which,
			  int on);

/*
 * Starts a pattern on the foul output at `now_us` (monotonic), replacing
 * the one playing; GPIO_SIGNAL_NONE stops it. The pattern advances in
 * gpio_board_tick(). Returns as gpio_board_set_output().
 */
int gpio_board_signal(struct gpio_board *board, enum gpio_signal signal,
		      uint64_t now_us);
/* The signal playing, GPIO_SIGNAL_NONE when quiet. */
enum gpio_signal gpio_board_signal_playing(const struct gpio_board *board);
/* When gpio_board_tick() is next needed; 0 when no pattern plays. */
uint64_t gpio_board_deadline(const struct gpio_board *board);
/* Advances the pattern to `now_us`. Returns as gpio_board_set_output(). */
int gpio_board_tick(struct gpio_board *board, uint64_t now_us);

/* Counters of input `index` (config order), or NULL. */
const struct gpio_input_stats *gpio_board_stats(const struct gpio_board *board,
						size_t index);

/* What a line is for, for messages: "drop sensor a", "turn LED N". */
void gpio_input_describe(const struct gpio_input *input, char *buf,
			 size_t len);
const char *gpio_output_describe(enum gpio_output which);

#endif
