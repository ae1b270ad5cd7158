/*
 * read_lamp.h - a lamp's added light on the bare board. A lamp's glare
 * adds light that does not scale with the frame's brightness: where the
 * empty board was photographed with light A added (white, A at most its
 * darkest channel), a frame whose light is the empty board's times g
 * shows g e + (1 - g) A there, not g e. So a frame brighter or dimmer
 * than the empty board differs from it over the glare though nothing
 * lies there.
 *
 * The empty board's added light is found pixel by pixel from its colour:
 * the bare board is one colour (its median) times a brightness, plus
 * white; the white is the lamp's. A frame's pixel that differs is then
 * taken again with one amount of added light, the same in every channel
 * and no more than the empty board's there (a little noise allowed):
 * what that explains is the lamp, not something over the board. A hand
 * is not: its colour is not the board's plus white, and it lies mostly
 * where the empty board had no glare at all.
 */
#ifndef PITBOSS_CAMERA_READ_LAMP_H
#define PITBOSS_CAMERA_READ_LAMP_H

#include "camera/image.h"

/* The empty board's added light at each of the `nbare` pixels `bare`
 * that lie within `box` (x0, y0, x1, y1: the board, not the cloth
 * around it, whose colour is not the board's), in levels, 0 elsewhere:
 * a w x h array to free, NULL when out of memory. */
unsigned char *cam_lamp_learn(const struct cam_image *empty, const int *bare,
			      int nbare, const int *box);
/*
 * The frame's pixel `p` (over the empty board's `e`, whose added light
 * was `lamp`) under the gains `g`, with the added light that fits it
 * best taken out: v[k] is what the empty board would show, comparable
 * with e[k]. Where the gains are all near 1 the lamp changes nothing and
 * v is p over g.
 */
void cam_lamp_remove(const unsigned char *p, const unsigned char *e, int lamp,
		     const double *g, double *v);

#endif
