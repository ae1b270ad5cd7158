/*
 * app.js - the pitboss dashboard: each page fetches the JSON API
 * (docs/api.md), draws boards, bead counters and brackets as SVG, and
 * follows the referee's verdicts live through server-sent events.
 * Plain JavaScript, no libraries; text always goes in as text.
 */
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';

function $(id) { return document.getElementById(id); }

function el(tag, attrs, ...children) {
	const e = tag.startsWith('svg:') ?
		document.createElementNS(SVGNS, tag.slice(4)) :
		document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (v === null || v === undefined || v === false) continue;
		if (k === 'text') e.textContent = v;
		else if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
		else e.setAttribute(k, v);
	}
	for (const c of children) if (c !== null && c !== undefined)
		e.append(c instanceof Node ? c : document.createTextNode(String(c)));
	return e;
}

/* A request's answer and its JSON body; an error thrown for a failure
 * (202, a command queued and not answered yet, is none). */
async function request(path, options) {
	const res = await fetch(path, Object.assign({ credentials: 'same-origin' }, options || {}));
	let body = null;
	try { body = await res.json(); } catch (e) { body = null; }
	if (!res.ok && res.status !== 202)
		throw new Error(body && body.error ? body.error : `${res.status} ${res.statusText}`);
	return { res, body };
}

async function api(path, options) {
	return (await request(path, options)).body;
}

const ACT_WAITS = 11;	/* 202s sent again: a minute of waiting */

/*
 * A request that changes the records, with an Idempotency-Key made once
 * (docs/api.md): sent again with it when the connection fails before an
 * answer, it is carried out once and each try answered alike. A command
 * the daemon has not answered within the server's wait (202 with
 * Retry-After) is asked for again with its key, which waits for its
 * outcome again without queuing it twice.
 */
async function act(path, body, headers) {
	const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), x => x.toString(16).padStart(2, '0')).join('');
	const options = { method: 'POST', body: JSON.stringify(body),
		headers: Object.assign({ 'Content-Type': 'application/json', 'Idempotency-Key': key }, headers || {}) };
	for (let tries = 1, waits = 0; ; tries++) {
		let r;
		try { r = await request(path, options); } catch (e) {
			if (!(e instanceof TypeError) || tries >= 3) throw e;
			await new Promise(ok => setTimeout(ok, 200 * tries));
			continue;
		}
		const after = r.res.status === 202 ? Number(r.res.headers.get('Retry-After')) : 0;
		if (!(after > 0) || ++waits > ACT_WAITS) return r.body;
		tries = 0;
		await new Promise(ok => setTimeout(ok, 1000 * after));
	}
}

/* `redraw` may take the field being typed in out of the page and put it
 * back: its focus and selection are given back (else what is typed next
 * is lost, and Enter sends the field's old text again). */
function keepingFocus(redraw) {
	const a = document.activeElement;
	const sel = a && typeof a.selectionStart === 'number' ? [a.selectionStart, a.selectionEnd, a.selectionDirection] : null;
	redraw();
	if (!a || a === document.body || !a.isConnected || document.activeElement === a) return;
	a.focus({ preventScroll: true });
	if (sel) a.setSelectionRange(...sel);
}

function status(text, kind) {
	const s = $('status');
	s.textContent = text || '';
	s.className = kind ? `banner ${kind}` : 'muted';
}

function pageId() {
	const m = location.pathname.match(/\/(\d+)$/);
	return m ? m[1] : null;
}

/*
 * Boards. The API describes each game's board (docs/api.md): its start
 * position and its geometry, the sensed places in order and how they
 * are grouped. A renderer draws a position of its game from those;
 * nothing here computes a game's positions. A game without a renderer
 * is shown as its position text.
 */

/* Kalah: South's pits left to right below, North's right to left
 * above, store N on the left, store S on the right. The geometry's
 * groups are South's pits, North's pits and the stores, and the
 * position lists their counts in the same groups. */
function kalahBoard(position, board, opts) {
	const geo = board && board.geometry;
	const fields = (position || '').split('/');
	if (!position) return el('p', { class: 'muted', text: 'no position' });
	if (!geo || geo.groups.length < 3 || fields.length < 3) return textBoard(position);
	const counts = geo.groups.map((size, i) => fields[i].trim().split(/\s+/).map(Number));
	if (counts.some((c, i) => c.length !== geo.groups[i] || c.some(isNaN))) return textBoard(position);
	const n = geo.groups[0], names = geo.places;
	const w = 70 * n + 160, h = 190;
	const svg = el('svg:svg', { class: 'board', viewBox: `0 0 ${w} ${h}`,
		role: 'img', 'aria-label': `Kalah board ${position}` });
	svg.append(el('svg:rect', { class: 'wood', x: 0, y: 0, width: w, height: h, rx: 24 }));
	const hole = (x, y, rx, ry, count, label, last) => {
		svg.append(el('svg:ellipse', { class: last ? 'hole last' : 'hole', cx: x, cy: y, rx, ry }));
		svg.append(el('svg:text', { class: 'count', x, y: y + 5, text: String(count) }));
		svg.append(el('svg:text', { class: 'label', x, y: y + ry + 12, text: label }));
	};
	const last = opts.last || '';
	for (let i = 0; i < n; i++) {
		hole(110 + 70 * i, 128, 28, 26, counts[0][i], names[i], last === names[i]);
		hole(110 + 70 * (n - 1 - i), 52, 28, 26, counts[1][i], names[n + i], last === names[n + i]);
	}
	hole(w - 45, 90, 30, 62, counts[2][0], names[2 * n], false);
	hole(45, 90, 30, 62, counts[2][1], names[2 * n + 1], false);
	return svg;
}

/* The hidden-code game: every row of guesses with each player's mark,
 * the claims, and the secrets once the game is over ("?" before).
 * Pegs carry their letter (for colour-blind players); a blank place is
 * drawn hollow, not as a colour; a mark "none" (a dash) differs from a
 * mark not given yet (a dotted ring). opts.names: seat -> name. */
const PEG = { R: '#c62828', O: '#ef6c00', Y: '#f9a825', G: '#2e7d32', B: '#1565c0', P: '#6a1b9a' };
const PEG_NAME = { R: 'red', O: 'orange', Y: 'yellow', G: 'green', B: 'blue', P: 'purple', '-': 'blank' };

/* The position's fields: secrets, rows (who, code, marks), claims. */
function codeState(position) {
	const field = name => {
		const f = (position || '').split('|').map(x => x.trim()).find(x => x.startsWith(name + ' '));
		return f ? f.slice(name.length + 1).trim() : 'none';
	};
	const list = name => field(name) === 'none' ? [] : field(name).split(/\s+/);
	const rows = list('rows').map(r => {
		const [who, rest] = r.split(':');
		const [code, marks] = (rest || '').split('/');
		return { who, code: code || '', marks: marks || '' };
	});
	const claims = list('claims').map(c => {
		const [who, rest] = c.split(':');
		return { who, code: (rest || '').split('/')[0] };
	});
	return { secrets: field('secrets').split(/\s+/), rows, claims };
}

function pegSVG(svg, c, x, y, r) {
	const blank = !PEG[c];
	svg.append(el('svg:circle', { class: blank ? 'peg blank' : 'peg', cx: x, cy: y, r,
		fill: blank ? 'none' : PEG[c], stroke: blank ? '#f8ecd6' : '#3e2723',
		'stroke-dasharray': blank ? '3 2' : null }));
	svg.append(el('svg:text', { class: 'peg-letter', x, y: y + 4, fill: c === 'Y' ? '#111' : '#fff',
		text: blank ? '' : c }));
}

function markSVG(svg, m, x, y) {
	const looks = { b: ['#111', '#111', 'B'], w: ['#fff', '#3e2723', 'W'], '-': ['none', '#f8ecd6', '–'],
		'.': ['none', '#f8ecd6', '?'] }[m];
	if (!looks) return;
	svg.append(el('svg:circle', { class: `mark mark-${m === '.' ? 'pending' : m === '-' ? 'none' : m}`, cx: x, cy: y, r: 9,
		fill: looks[0], stroke: looks[1], 'stroke-dasharray': m === '.' ? '2 2' : null }));
	svg.append(el('svg:text', { class: 'peg-letter', x, y: y + 4, fill: m === 'w' ? '#111' : '#f8ecd6', text: looks[2] }));
}

function codeBoard(position, board, opts) {
	const st = codeState(position);
	const name = seat => (opts && opts.names && opts.names[seat]) || seat;
	const h = 34 * (st.rows.length + st.claims.length + 1) + 20, w = 470;
	const svg = el('svg:svg', { class: 'board code', viewBox: `0 0 ${w} ${h}`, role: 'img',
		'aria-label': `hidden-code game ${position}` });
	svg.append(el('svg:rect', { class: 'wood', x: 0, y: 0, width: w, height: h, rx: 16 }));
	const label = (text, x, y, cls) => svg.append(el('svg:text', { class: cls || 'label', x, y: y + 4, text }));
	let y = 28;
	label('secrets', 12, y, 'label who');
	st.secrets.forEach((sec, i) => label(`${name(String(i + 1))}: ${sec === '?' ? '?' : sec === '*' ? 'entered' : sec}`,
		120 + 90 * i, y, 'label who'));
	for (const row of st.rows) {
		y += 34;
		label(name(row.who), 12, y, 'label who');
		[...row.code].forEach((c, i) => pegSVG(svg, c, 130 + 30 * i, y, 12));
		[...row.marks].forEach((m, i) => markSVG(svg, m, 300 + 24 * i, y));
	}
	for (const claim of st.claims) {
		y += 34;
		label(`${name(claim.who)} claims`, 12, y, 'label who');
		[...claim.code].forEach((c, i) => pegSVG(svg, c, 130 + 30 * i, y, 12));
	}
	return svg;
}

/* A position as text, for a game without a renderer. */
function textBoard(position) {
	return el('pre', { class: 'board-text', text: position || 'no position' });
}

/* The renderer of each game, and the order its seats are shown in
 * (Kalah: N above S, as on its board; by default the game's own). */
const renderers = {
	kalah: { draw: kalahBoard, seats: ['N', 'S'] },
	codegame: { draw: codeBoard },	/* club.js adds play */
};

/* The board of a game of `kind` at `position`; `board` is the API's
 * description of the game's board (start, geometry), or null. */
function gameBoard(kind, position, board, opts) {
	const r = renderers[kind];
	return r ? r.draw(position, board, opts || {}) : textBoard(position);
}

/* A series total as the patent's counters: beads in groups of five. */
function beads(total, target) {
	target = target || 40;
	const box = el('div', { class: 'beads', title: `${total} of ${target}`,
		'aria-label': `${total} of ${target} points` });
	for (let g = 0; g < target; g += 5) {
		const group = el('span', { class: 'group' });
		for (let i = g; i < g + 5 && i < target; i++)
			group.append(el('span', { class: i < total ? 'bead on' : 'bead' }));
		box.append(group);
	}
	if (total > target) box.append(el('span', { class: 'muted', text: ` +${total - target}` }));
	return box;
}

/* Seat -> player's name of a game, or null. */
function seatNames(game) {
	return game && game.sides ? Object.fromEntries(game.sides.map(x => [x.seat, x.name])) : null;
}

/* The name of who sits at `seat` in `game`, or null. */
function seatPlayer(game, seat) {
	const side = game && game.sides ? game.sides.find(s => s.seat === seat) : null;
	return side && side.name ? side.name : null;
}

/* A verdict in plain words: the game's own sentence (the API's) with
 * the players' names for their seats, and "moves again" when the one
 * who moved is to move again. Spectators (`full` false) read a held
 * move or a foul without the sensors' details, which are the arbiter's. */
function verdictSentence(v, game, toMove, full) {
	let text = v.text || '', again = false;
	const sides = game && game.sides ? game.sides : [];
	for (const side of sides)
		if (side.name && text.startsWith(`${side.seat} `)) {
			text = side.name + text.slice(side.seat.length);
			again = v.kind === 'accept' && toMove === side.seat && !!v.move;
			break;
		}
	if (!full) return publicSentence(v, plainPart(text) + (again ? ' and moves again' : ''));
	if (again && !/again/.test(text)) text += ' and moves again';
	const lead = { foul: 'Foul: ', hold: 'Waiting for the arbiter: ', warn: 'Note: ' }[v.kind] || '';
	return lead + text;
}

/* What spectators read of a verdict, by its cause (the verdict's
 * structured reason), with the game's own words: the sentence's first
 * part. Sensor details stay in the arbiter's view. */
const held = w => /\?$/.test(w) ? `${w} Waiting for the arbiter.` : `${w}: waiting for the arbiter.`;
const PUBLIC_CAUSES = {
	ambiguous: held,
	'held-fault': held,
	'earlier-misread': held,
	kept: () => 'Waiting for the arbiter.',
	'no-fit': () => 'Foul: the board is being put back.',
	'snapshot-far': () => 'Foul: the board is being put back.',
	'snapshot-bad': () => 'The board could not be read: waiting for the arbiter.',
	illegal: w => `Foul: ${w}; the board is being put back.`,
	'foul-upheld': () => 'Foul upheld: the board is being put back.',
	restored: () => 'The board is back as it was: play on.',
	rejected: () => 'The arbiter refused the move: the board goes back.',
	'taken-back': () => 'The arbiter took the last move back.',
	'position-set': () => 'The arbiter set the position.',
	ended: () => 'The arbiter ended the game.',
	abandoned: () => 'A new game replaces this one.',
	'button-alone': () => 'The button was pressed, but no move was seen.',
	'unknown-place': () => 'A sensor reported a place the board does not have: the arbiter checks.',
	'sensor-dead': () => 'A sensor needs the arbiter.',
	'sensor-stuck': () => 'A sensor needs the arbiter.',
	'sensor-back': () => 'The sensors work again.',
	'no-memory': () => 'The referee needs the arbiter.',
};

function publicSentence(v, words) {
	const f = PUBLIC_CAUSES[v.cause];
	if (f) return f(words);
	/* Without a cause (an incident recorded before): by its kind. */
	if (v.kind === 'hold') return held(words);
	if (v.kind === 'foul') return 'Foul: the board is being put back.';
	return words;
}

/* A sentence's first part, without the sensors' details after it. */
function plainPart(text) {
	const m = text.match(/^(.*?\?)(\s|$)/);
	return (m ? m[1] : text.split(/; | \(/)[0]).trim();
}

function verdictBanner(v, game, toMove, full) {
	if (!v) return null;
	const kind = v.kind === 'foul' ? 'foul' : v.kind === 'warn' || v.kind === 'hold' ? 'warn' : 'ok';
	return el('div', { class: `banner ${kind}`, 'data-verdict': v.kind, text: verdictSentence(v, game, toMove, full) });
}
/* A game's result naming its winner: "Dana wins 14–0", "draw 24–24". */
function resultText(g) {
	if (!g) return '';
	const sides = g.sides || [];
	const score = list => list.map(x => x.score).join('–');
	if (g.status === 'void') return `void (was: ${resultText({ ...g, status: 'finished' })})`;
	if (g.status !== 'finished') return g.status === 'playing' ? 'playing' : g.status || '';
	if (g.result === 'win' && sides[g.winner]) {
		const w = sides[g.winner], rest = sides.filter((x, i) => i !== g.winner);
		return `${w.name} wins ${score([w].concat(rest))}`;
	}
	if (g.result === 'draw') return `draw ${score(sides)}`;
	return g.result || 'finished';
}

/* A game's result as a page shows it: a voided game's struck through
 * and labelled, not as a result. */
function resultCell(g) {
	if (!g || g.status !== 'void') return resultText(g);
	return el('span', { class: 'voided', 'data-status': 'void' },
		el('s', { text: resultText({ ...g, status: 'finished' }) }), ' ', el('b', { class: 'void-label', text: 'void' }));
}

/* The corrections and voids of a game: who, when, why. */
function auditList(g) {
	const rows = (g.audit || []).map(a => [a.at.slice(0, 16).replace('T', ' '),
		`${a.action === 'void' ? 'voided' : 'corrected'} by ${a.by}`,
		a.action === 'void' ? a.reason : `${a.before} → ${a.after}: ${a.reason}`]);
	return rows.length ? [el('h2', { text: 'Changes' }), el('div', { id: 'audit' }, listTable(['when', 'what', 'why'], rows))] : [];
}

/* A series' standing in words: "Dana wins 40–12", "Dana leads 20–14". */
function seriesText(s) {
	const p = s.players || [];
	if (p.length < 2) return s.status || '';
	const [a, b] = p;
	const lead = a.total >= b.total ? [a, b] : [b, a];
	if (s.status === 'finished' && s.winner >= 0 && p[s.winner]) {
		const w = p[s.winner], l = p[1 - s.winner];
		const how = s.decided_by && s.decided_by !== 'play' ? ` by ${s.decided_by}` : '';
		return `${w.name} wins ${w.total}–${l.total}${how}`;
	}
	if (a.total === b.total) return `level ${a.total}–${b.total}`;
	return `${lead[0].name} leads ${lead[0].total}–${lead[1].total}`;
}

/* A link to the tournament `id` (a game's or a series'), or null. */
function tournamentLink(id) {
	return id ? link(`/tournaments/${id}`, `tournament ${id}`) : null;
}

/* A QR code of this page's address, for phones at the table. */
function qrPanel(label) {
	if (typeof qrSVG !== 'function') return null;
	const url = location.origin + location.pathname;
	return el('details', { class: 'qr-panel', id: 'qr' }, el('summary', { text: 'QR code for phones' }),
		qrSVG(url, `QR code of ${url}`), el('p', { class: 'muted', text: label || url }));
}

/* Who sits where, the side to move marked, in the order the game's
 * renderer shows its seats; the seats alone before a game. */
function playersLine(kind, game, turn) {
	const order = (renderers[kind] || {}).seats || [];
	const sides = game && game.sides && game.sides.length ? game.sides :
		order.map(seat => ({ seat, name: '—' }));
	const ordered = order.map(seat => sides.find(s => s.seat === seat)).filter(Boolean);
	return el('div', { class: 'players' }, ...(ordered.length === sides.length ? ordered : sides).map(s =>
		el('span', { class: turn === s.seat ? 'turn' : null, text: `${s.seat}: ${s.name}` })));
}

/* What a table shows: its game's kind, position and board description
 * (null when the board is of another game than the one live). */
function tableView(t) {
	const live = t.live, game = t.game;
	const kind = live ? live.game : game ? game.game : t.board ? t.board.game : null;
	return {
		kind,
		position: live ? live.position : game ? game.position : null,
		board: t.board && t.board.game === kind ? t.board : null,
	};
}

function listTable(headings, rows) {
	const t = el('table', { class: 'list' });
	t.append(el('tr', {}, ...headings.map(h => el('th', { text: h }))));
	for (const r of rows) t.append(el('tr', {}, ...r.map(c => el('td', {}, c))));
	return t;
}

function link(href, text) { return el('a', { href, text }); }

/* Verdicts as they are given; onVerdict(event data). */
function follow(onVerdict) {
	if (!window.EventSource) return;
	const es = new EventSource('/api/events');
	es.addEventListener('verdict', e => {
		try { onVerdict(JSON.parse(e.data)); } catch (err) { console.warn(err); }
	});
	es.onerror = () => status('reconnecting to live updates…');
	es.onopen = () => { if ($('status').textContent.startsWith('reconnecting')) status(''); };
	window.pitbossEvents = es;
}

/* Work keyed by what it refreshes, one at a time: verdicts that arrive
 * while a table is being fetched ask for one more fetch after it, not
 * one each, so a fast table cannot pile up requests in a slow phone. */
const running = new Map();
function latest(key, work) {
	if (running.has(key)) { running.set(key, true); return; }
	running.set(key, false);
	(async () => {
		do {
			running.set(key, false);
			try { await work(); } catch (e) { status(e.message, 'foul'); }
		} while (running.get(key));
		running.delete(key);
	})();
}

const pause = ms => new Promise(done => setTimeout(done, ms));

/* ------------------------------------------------------------ pages */

const lastVerdict = {};

function tableCard(t) {
	const live = t.live, game = t.game;
	if (!lastVerdict[t.id] && live && live.last) lastVerdict[t.id] = live.last;
	const view = tableView(t);
	const turn = live ? live.to_move : null;
	const card = el('section', { class: 'card', id: `table-${t.id}`, 'data-board': t.id });
	card.append(el('h2', {}, link(`/tables/${t.id}`, t.name)));
	card.append(playersLine(view.kind, game, turn));
	card.append(gameBoard(view.kind, view.position, view.board,
		{ last: lastVerdict[t.id] && lastVerdict[t.id].move, names: seatNames(game) }));
	const banner = verdictBanner(lastVerdict[t.id], game, turn);
	if (banner) card.append(banner);
	if (live && live.sensors !== 'online') card.append(el('div', { class: 'banner foul', text: 'sensors offline' }));
	if (live && live.store) card.append(el('div', { class: 'banner foul', text: live.store }));
	if (t.series) card.append(seriesLines(t.series));
	if (!game) card.append(el('p', { class: 'muted', text: 'no game under way' }));
	const next = nextLine(live);
	if (next) card.append(next);
	return card;
}

/* A series at a table: its match, the totals as beads, its tournament. */
function seriesLines(s) {
	const box = el('div', { class: 'series-lines' });
	box.append(el('div', { class: 'muted' }, link(`/series/${s.id}`,
		s.tournament ? `match ${s.match + 1}` : `series ${s.id}`), ` · to ${s.target}`,
		s.tournament ? ' · ' : '', tournamentLink(s.tournament)));
	for (const p of s.players)
		box.append(el('div', { class: 'bead-line' }, el('span', { text: `${p.name} ${p.total}` }), beads(p.total, s.target)));
	return box;
}

/* What the table plays next, when the daemon says: "next: Ada v Bob". */
function nextLine(live) {
	const n = live && live.next;
	if (!n) return null;
	const names = Array.isArray(n.players) ? n.players.map(p => (p && p.name) || p).join(' v ') : n.name || '';
	return names ? el('p', { class: 'muted next', text: `next here: ${names}` }) : null;
}

/* A lag in ms as people read it: "0.4 s", "3 min". */
function lagText(ms) {
	if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
	return ms < 3600000 ? `${Math.round(ms / 60000)} min` : `${Math.round(ms / 3600000)} h`;
}

/* What is wrong with a remote table's stream: another pitbossd giving
 * its id (its events refused), events it no longer had (lost). */
function remoteTrouble(r) {
	const said = [];
	if (r.foreign) said.push(`another pitbossd gives this id: ${r.foreign.events} of its records refused`);
	if (r.lost) said.push(`${r.lost} records lost at the table`);
	return said.join('; ');
}

/* A hub's remote tables (GET /api/hub): each one's link as its status
 * last said, its records taken in, a gap waiting, the lag of its newest
 * record; looked at again when a live event says a remote table's
 * records or link moved (and every minute, for the lag). Nothing on a
 * daemon that has never heard of one. Returns its loader. */
function remoteTables(box) {
	const load = async () => {
		const remote = await api('/api/hub').catch(() => []);
		box.replaceChildren(...(remote.length ? [el('h2', { text: 'Remote tables' }),
			listTable(['table', 'board', 'link', 'records', 'waiting', 'lag', 'trouble'], remote.map(r => [
				r.table, r.board || '', r.state || 'not heard from',
				r.table_seq !== null && r.table_seq > r.last_seq ? `${r.last_seq} of ${r.table_seq}` : String(r.last_seq),
				r.gap ? `${r.waiting} (asked for ${r.gap[0]}–${r.gap[1]})` : String(r.waiting),
				r.lag_ms === null ? '' : lagText(r.lag_ms), remoteTrouble(r)]))] : []));
	};
	load();
	setInterval(load, 60000);
	return load;
}

async function pageIndex() {
	const content = $('content');
	const cards = el('div', { class: 'cards', id: 'cards' });
	const remote = el('section', { id: 'remote-tables' });
	content.replaceChildren(cards, remote, el('p', { class: 'muted' }, link('/tv', 'Every table on one screen'),
		' (for the club room)'));
	const loadRemote = remoteTables(remote);
	const load = async () => {
		const tables = await api('/api/tables');
		cards.replaceChildren(...tables.map(tableCard));
		status(tables.length ? '' : 'No tables yet.');
	};
	await load();
	follow(v => {
		/* A remote table's record (as a verdict) or link. */
		if (v.remote) latest('remote', loadRemote);
		if (v.link) return;
		lastVerdict[v.board] = v;
		latest(v.board, async () => {
			const card = document.getElementById(`table-${v.board}`);
			if (!card) return load();
			const t = await api(`/api/tables/${v.board}`);
			t.game = t.game ? Object.assign({}, t.game) : null;
			card.replaceWith(tableCard(t));
		});
	});
}

/* An incident of a game as spectators read it, after the fact. */
function incidentText(i, game) {
	if (i.kind === 'foul') return 'Foul: the board was put back.';
	return verdictSentence({ kind: i.kind, cause: i.cause, text: i.text }, game, null);
}

/* A game's incidents, the latest ply first, as its moves are listed;
 * those of one ply in the order they happened (the API's order). */
function incidentsLatestFirst(game) {
	const runs = [];
	for (const i of game.incidents || []) {
		const run = runs[runs.length - 1];
		if (run && run[0].ply === i.ply) run.push(i);
		else runs.push([i]);
	}
	return runs.reverse().flat();
}

/* The moves as spectators read them: who played what. */
function publicMoves(game) {
	return [listTable(['#', 'player', 'move'], (game.moves || []).map(m =>
		[String(m.ply), m.player || m.seat, m.move]).reverse()),
	el('h2', { text: 'Incidents' }),
	listTable(['#', 'what'], incidentsLatestFirst(game).map(i =>
		[String(i.ply), incidentText(i, game)]))];
}

/* A judgement's evidence as the arbiter reads it: the camera's frame it
 * names (frame=tableN-SEQUENCE-read.jpg, kept in the table's frames
 * folder) linked to the frame itself, by its whole name: the server
 * serves that file or none (not another table's frame of that number). */
function evidenceCell(text, tableId) {
	const m = text && tableId ? text.match(/(?:^| )frame=(table\d+-0*(\d+)-[a-z]+\.jpg)(?= |$)/) : null;
	if (!m) return text || '';
	return el('span', {}, `${text} `, el('a', { class: 'frame-link',
		href: `/api/tables/${tableId}/frames/${m[2]}?name=${encodeURIComponent(m[1])}`,
		target: '_blank', text: 'see the frame' }));
}

/* The moves as the arbiter checks them: positions, sources, analysis,
 * and what each judgement of the board rested on. */
function arbiterMoves(game, tableId) {
	const an = Array.isArray(game.analysis) ? game.analysis : null;
	return [listTable(['#', 'side', 'move', 'position after', 'source'].concat(an ? ['analysis'] : [], ['evidence']),
		(game.moves || []).map((m, i) => [String(m.ply), m.seat, m.move, m.position, m.source]
			.concat(an ? [an[i] || ''] : [], [evidenceCell(m.evidence, tableId)])).reverse()),
	el('h2', { text: 'Incidents' }),
	listTable(['#', 'kind', 'what', 'evidence'], incidentsLatestFirst(game).map(i =>
		[String(i.ply), i.kind, i.text, evidenceCell(i.evidence, tableId)]))];
}

/* The moves a held move may be, from its hold's evidence: the word
 * `candidates=` (moves joined by commas); null when none is held. */
function heldCandidates(live, game) {
	if (!live || !live.held || !game) return null;
	const i = (game.incidents || []).slice().reverse().find(x => /(^| )candidates=\S/.test(x.evidence || ''));
	return i ? i.evidence.match(/(?:^| )candidates=(\S+)/)[1].split(',') : null;
}

/* Commands that undo or lose play: asked again before they are sent. */
const DESTRUCTIVE = { start: 'Start a new game', reject: 'Reject the move', undo: 'Undo the last move',
	end: 'End the game', position: 'Set the position' };

/* A button that asks "Really …?" in place before `act()`; `warning()`
 * says what will be lost (or ''). */
function confirmButton(label, kind, act, warning) {
	const b = el('button', { type: 'button', class: 'danger', 'data-kind': kind, text: label });
	b.addEventListener('click', () => askFirst(b, label, act, warning));
	return b;
}

function askFirst(anchor, label, act, warning) {
	const old = anchor.parentNode.querySelector('.ask');
	if (old) old.remove();
	const lost = warning ? warning() : '';
	const ask = el('span', { class: 'ask', role: 'alertdialog' },
		el('span', { text: `${lost ? lost + ' ' : ''}Really ${label.toLowerCase()}?` }), ' ');
	ask.append(el('button', { type: 'button', class: 'danger yes', text: `Yes, ${label.toLowerCase()}`,
		on: { click: () => { ask.remove(); act(); } } }), ' ',
	el('button', { type: 'button', class: 'secondary', text: 'Cancel', on: { click: () => ask.remove() } }));
	anchor.after(ask);
}

async function pageTable() {
	const id = pageId();
	const content = $('content');
	let session = await api('/api/session').catch(() => ({ admin: false }));
	/* The last command's outcome outlives the redraw its verdict causes. */
	let outcome = '';
	let controls = null;
	let enterMove = null;
	/* The value bar of the position on the board: made once, filled as
	 * the server's worker solves each position. */
	const valueSlot = el('div', { id: 'value-slot' });
	let shown = null;
	const render = t => {
		$('title').textContent = t.name;
		const live = t.live, game = t.game;
		if (!lastVerdict[t.id] && live && live.last) lastVerdict[t.id] = live.last;
		const view = tableView(t);
		const parts = [];
		if (session.admin) controls = controls || adminControls(t.id);
		parts.push(playersLine(view.kind, game, live ? live.to_move : null));
		shown = game ? { id: game.id, ply: (game.moves || []).length, seats: game.sides.map(s => s.seat) } : null;
		if (!game) valueSlot.replaceChildren();
		parts.push(valueSlot);
		/* A renderer that composes moves by tapping sends them as
		 * the arbiter's entered moves. */
		parts.push(gameBoard(view.kind, view.position, view.board,
			{ last: lastVerdict[t.id] && lastVerdict[t.id].move, names: seatNames(game),
				key: `table-${t.id}`, enter: session.admin && game ? enterMove : null,
				held: heldCandidates(live, game) }));
		const last = lastVerdict[t.id];
		const banner = verdictBanner(last, game, live ? live.to_move : null, session.admin);
		if (banner) parts.push(banner);
		if (live && live.held && !(last && last.kind === 'hold'))
			parts.push(el('div', { class: 'banner hold', text: 'a move awaits the arbiter' }));
		if (live && live.restoring && !(last && last.kind === 'foul'))
			parts.push(el('div', { class: 'banner foul', text: 'foul: the board is being put back' }));
		if (live && live.store)
			parts.push(el('div', { class: 'banner foul', text: live.store }));
		if (t.series) parts.push(seriesLines(t.series));
		const next = nextLine(live);
		if (next) parts.push(next);
		/* The controls are made once: a redraw keeps what the
		 * arbiter is typing. */
		if (session.admin) {
			controls.dataset.ply = game ? String(game.plies || (game.moves || []).length) : '';
			parts.push(controls);
		}
		if (game) {
			parts.push(el('h2', {}, link(`/games/${game.id}`, `Game ${game.id}`), game.series ? ' · ' : '',
				game.series ? link(`/series/${game.series}`, `series ${game.series}`) : null,
				game.tournament ? ' · ' : '', tournamentLink(game.tournament)));
			parts.push(...(session.admin ? arbiterMoves(game, id) : publicMoves(game)));
		} else {
			parts.push(el('p', { class: 'muted', text: 'no game under way' }));
		}
		/* Sensor tables are the arbiter's. */
		if (session.admin && live && live.lines && live.lines.length) {
			parts.push(el('h2', { text: 'Sensor health' }));
			parts.push(listTable(['line', 'pulses', 'bounces', 'misses', 'extras', 'state'],
				live.lines.map(l => [l.line, String(l.pulses), String(l.bounces), String(l.misses),
					String(l.extras), el('span', { class: `state-${l.state}`, text: l.state })])));
		}
		/* The camera's last frame, its places drawn (red where a
		 * count is a range): the arbiter's, to check what it read. */
		if (session.admin && live && live.camera) {
			parts.push(el('h2', { text: 'Camera' }));
			parts.push(el('img', { class: 'camera', id: 'camera-image', alt: 'the camera\u2019s last frame, its places drawn',
				src: `/api/tables/${id}/camera.png?plies=${live.plies}&at=${Date.now()}` }));
		}
		parts.push(qrPanel(`this table: ${location.origin}${location.pathname}`));
		keepingFocus(() => content.replaceChildren(...parts));
	};
	/* The server gives a game's values while it is played only at a
	 * table whose options show the analysis live (else the players at
	 * the table could read it): values null, no bar. A position not
	 * solved yet is asked for again until it is, or the game moves on. */
	const values = async () => {
		for (let round = 0; shown && round < 60; round++) {
			const want = shown;
			const v = await api(`/api/games/${want.id}/values`);
			if (shown !== want) return;
			const last = v.values ? v.values[v.values.length - 1] : null;
			if (!v.values) valueSlot.replaceChildren();
			else valueSlot.replaceChildren(valueBar(last, want.seats));
			valueSlot.dataset.ply = v.values ? String(v.values.length - 1) : '';
			if (!v.values || last || v.values.length - 1 !== want.ply) return;
			await pause(1000);
		}
	};
	const load = async () => {
		render(await api(`/api/tables/${id}`));
		status('');
		latest(`values-${id}`, values);
	};
	await load();
	follow(v => {
		if (String(v.board) !== String(id)) return;
		lastVerdict[v.board] = v;
		latest(v.board, load);
	});
	function adminControls(tid) {
		const box = el('div', { class: 'card', id: 'admin' });
		const out = el('p', { class: 'muted', id: 'command-outcome', text: outcome });
		const show = text => {
			outcome = text;
			const o = $('command-outcome');
			if (o) o.textContent = text;
		};
		const send = async (kind, text) => {
			show('…');
			try {
				const r = await act(`/api/tables/${tid}/commands`, { kind, text: text || '' },
					{ 'X-CSRF-Token': session.csrf });
				show(r.outcome || 'queued; pitbossd has not answered yet');
				return r;
			} catch (e) { show(e.message); return null; }
		};
		enterMove = text => send('entry', text);
		/* A move taken leaves the field: Enter never sends it again. */
		const sent = async (kind, input) => {
			const text = input.value, r = await send(kind, text);
			if (kind === 'entry' && r && r.kind && !['refused', 'foul'].includes(r.kind) && input.value === text)
				input.value = '';
		};
		const underway = () => box.dataset.ply ? `A game is under way (${box.dataset.ply} moves): ` +
			'starting a new one voids it.' : '';
		const form = (kind, label, size, placeholder) => {
			const input = el('input', { name: kind, 'aria-label': label, size, placeholder: placeholder || '' });
			const danger = DESTRUCTIVE[kind];
			const button = el('button', { type: 'submit', class: danger ? 'danger' : null,
				text: kind === 'start' ? 'Start' : 'Send' });
			const f = el('form', { class: 'inline', 'data-kind': kind,
				on: { submit: e => {
					e.preventDefault();
					if (!danger) return sent(kind, input);
					askFirst(button, danger, () => send(kind, input.value),
						kind === 'start' ? underway : null);
				} } }, el('span', { text: label }), input, button);
			return f;
		};
		// A new game: the table's options, and any typed here laid over them.
		box.append(form('start', 'Start a game', 24, 'options (optional)'), ' ');
		box.append(el('button', { type: 'button', 'data-kind': 'confirm', class: 'confirm', text: 'Confirm',
			on: { click: () => send('confirm') } }), ' ');
		for (const kind of ['reject', 'undo', 'end'])
			box.append(confirmButton({ reject: 'Reject', undo: 'Undo', end: 'End game' }[kind], kind,
				() => send(kind), null), ' ');
		for (const [kind, label] of [['correct', 'Correct last move to'], ['entry', 'Enter move'],
			['position', 'Set position']]) {
			box.append(form(kind, label, kind === 'position' ? 30 : 4));
		}
		box.append(out);
		return box;
	}
}

async function pagePlayer() {
	const id = pageId();
	const p = await api(`/api/players/${id}`);
	$('title').textContent = p.name;
	const PAGE = 20;
	let offset = 0;
	const form = el('form', { class: 'inline', id: 'filters' });
	const field = (name, label, type) => el('label', {}, `${label} `, el('input', { name, type: type || 'text', size: 10 }));
	const result = el('select', { name: 'result', 'aria-label': 'result' },
		...['', 'win', 'loss', 'draw', 'void'].map(r => el('option', { value: r, text: r ? `${r}s` : 'any result' })));
	const tournaments = el('select', { name: 'tournament', 'aria-label': 'tournament' }, el('option', { value: '', text: 'any tournament' }));
	api('/api/tournaments').then(list => tournaments.append(...list.map(t =>
		el('option', { value: String(t.id), text: t.name })))).catch(() => null);
	form.append(field('opponent', 'opponent (name)'), tournaments, result,
		field('from', 'from', 'date'), field('to', 'to', 'date'), el('button', { type: 'submit', text: 'Filter' }));
	const games = el('div', { id: 'history' });
	const pager = el('p', { class: 'pager', id: 'pager' });
	const load = async () => {
		const q = new URLSearchParams();
		for (const [k, v] of new FormData(form)) if (v) q.set(k, v);
		q.set('limit', String(PAGE + 1));
		q.set('offset', String(offset));
		try {
			const list = await api(`/api/players/${id}/history?${q}`);
			const more = list.length > PAGE;
			games.replaceChildren(listTable(['game', 'started', 'players', 'result', 'points'],
				list.slice(0, PAGE).map(g => [link(`/games/${g.id}`, String(g.id)), g.started.slice(0, 16).replace('T', ' '),
					`${g.sides[0].name} v ${g.sides[1].name}`, resultCell(g),
					`${g.sides[0].points}–${g.sides[1].points}`])));
			pager.replaceChildren(
				offset > 0 ? el('button', { type: 'button', class: 'secondary', id: 'newer', text: '← newer',
					on: { click: () => { offset = Math.max(0, offset - PAGE); load(); } } }) : '',
				el('span', { class: 'muted', text: list.length ? ` games ${offset + 1}–${offset + Math.min(PAGE, list.length)} ` : ' no games ' }),
				more ? el('button', { type: 'button', class: 'secondary', id: 'older', text: 'older →',
					on: { click: () => { offset += PAGE; load(); } } }) : '');
			status('');
		} catch (e) { status(e.message, 'foul'); }
	};
	form.addEventListener('submit', e => { e.preventDefault(); offset = 0; load(); });
	const ratings = el('div', { id: 'ratings' });
	$('content').replaceChildren(el('p', { text:
		`${p.games} games: ${p.won} won, ${p.lost} lost, ${p.drawn} drawn; points ${p.points_for}–${p.points_against}` }),
		el('h2', { text: 'Ratings' }), ratings, el('h2', { text: 'History' }), form, games, pager);
	if (typeof playerRatings === 'function')
		playerRatings(id).then(r => ratings.replaceWith(r)).catch(e => ratings.replaceChildren(
			el('p', { class: 'muted', text: e.message })));
	await load();
}

/* The pages; replay.js adds a game's replay and a series, club.js the
 * player's own page, the tournament, the
 * indexes, the club room, the arbiter's login and console. */
const pages = { index: pageIndex, table: pageTable, player: pagePlayer };

document.addEventListener('DOMContentLoaded', () => {
	const page = pages[document.body.dataset.page];
	if (page) page().catch(e => status(e.message, 'foul'));
});
