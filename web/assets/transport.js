/*
 * transport.js - the dashboard's Transport board: the squares, each
 * side's pieces in their strata (under water below, the surface in the
 * middle, the air above) with their pointing, the reserves and the
 * pieces destroyed, drawn from the position text of pitboss-rules(7);
 * and, where the page lets a move be entered, a move composed by
 * tapping: a piece (or a launcher's reserve), a square, a pointing.
 * Registered in app.js's renderers; uses its el().
 */
'use strict';

const TP_DIRS = ['nw', 'n', 'ne', 'w', '', 'e', 'sw', 's', 'se'];
const TP_STEP = { n: [0, 1], ne: [1, 1], e: [1, 0], se: [1, -1], s: [0, -1], sw: [-1, -1], w: [-1, 0], nw: [-1, 1] };
const TP_NAME = { U: 'submarine', C: 'carrier', T: 'transport', B: 'battleship', D: 'destroyer',
	P: 'plane', H: 'shell', O: 'torpedo' };
const TP_STRATUM = { U: 0, C: 1, T: 1, B: 1, D: 1, O: 1, P: 2, H: 2 };
/* What each launcher puts out, and the reserve it draws on (an armed
 * transport's shells, an option, are entered as typed text: T*). */
const TP_LAUNCH = { C: 'P', B: 'H', D: 'O', U: 'O' };
const TP_PIECE = /^([UCTBDPHO])((?:[a-o]\d{1,2}){1,2})(!)?(?::(n|ne|e|se|s|sw|w|nw))?$/;

function tpSquare(s) {
	return { f: s.charCodeAt(0) - 97, r: Number(s.slice(1)) - 1 };
}

/* The position text's fields: both fleets, reserves, turn, quiet. */
function tpParse(text) {
	if (!text) return null;
	const fields = text.split('/').map(f => f.trim());
	if (fields.length < 4) return null;
	const pos = { sides: {}, turn: fields[2], quiet: fields[3] };
	for (const [i, seat] of [[0, 'S'], [1, 'N']]) {
		const words = fields[i].replace(/^[SN]:\s*/, '').split(/\s+/).filter(Boolean);
		const side = { pieces: [], reserve: { P: 0, H: 0, O: 0 } };
		let inReserve = false;
		for (const w of words) {
			if (w === 'reserve') { inReserve = true; continue; }
			if (inReserve) {
				const m = w.match(/^([PHO])(\d+)$/);
				if (!m) return null;
				side.reserve[m[1]] = Number(m[2]);
				continue;
			}
			const m = w.match(TP_PIECE);
			if (!m) return null;
			const squares = m[2].match(/[a-o]\d{1,2}/g);
			side.pieces.push({ seat, k: m[1], squares, first: !!m[3], point: m[4] || null, text: w });
		}
		pos.sides[seat] = side;
	}
	return pos;
}

/* The board's size: the furthest square of the start position. */
function tpSize(start, pos) {
	let n = 0;
	for (const p of [tpParse(start), pos]) {
		if (!p) continue;
		for (const s of Object.values(p.sides)) for (const pc of s.pieces)
			for (const sq of pc.squares) { const q = tpSquare(sq); n = Math.max(n, q.f + 1, q.r + 1); }
	}
	return n;
}

/* What is gone since the start: ships by letter, planes by count. */
function tpLost(start, pos) {
	const lost = { S: [], N: [] };
	if (!start) return lost;
	for (const seat of ['S', 'N']) {
		const a = start.sides[seat], b = pos.sides[seat];
		for (const pc of a.pieces) if ('UCTBD'.includes(pc.k) && !b.pieces.some(q => q.k === pc.k))
			lost[seat].push(TP_NAME[pc.k]);
		const planes = s => s.reserve.P + s.pieces.filter(q => q.k === 'P').length;
		const gone = planes(a) - planes(b);
		if (gone > 0) lost[seat].push(tpCount(gone, 'plane'));
	}
	return lost;
}

/* Per tapped piece: the compose state of each table, kept across the
 * page's redraws while the position stays the same. */
const tpCompose = {};

function transportBoard(position, board, opts) {
	const pos = tpParse(position);
	if (!pos) return el('pre', { class: 'board-text', text: position || 'no position' });
	const start = board && board.start ? tpParse(board.start) : null;
	const n = tpSize(board && board.start, pos);
	if (n < 2 || n > 15) return el('pre', { class: 'board-text', text: position });
	const key = opts.key || 'board';
	let st = tpCompose[key];
	if (!st || st.position !== position) st = tpCompose[key] = { position, sel: null, to: null };
	const toMove = /^[SN]$/.test(pos.turn) ? pos.turn : null;
	const box = el('div', { class: 'tp-board', 'data-game': 'transport' });
	const redraw = () => box.replaceWith(transportBoard(position, board, opts));
	box.append(tpSvg(pos, n, opts, st, toMove, redraw));
	box.append(tpSides(pos, start, opts));
	if (opts.enter && toMove) box.append(tpComposer(pos, st, toMove, opts, redraw));
	return box;
}

/* The squares of the last move's notation, to be marked. */
function tpLastSquares(last) {
	return new Set((last || '').match(/[a-o]\d{1,2}/g) || []);
}

function tpSvg(pos, n, opts, st, toMove, redraw) {
	const C = 40, W = n * C;
	const svg = el('svg:svg', { viewBox: `0 0 ${W} ${W}`, class: 'tp-svg', role: 'img',
		'aria-label': `Transport board ${pos.turn}` });
	const xy = sq => { const q = tpSquare(sq); return [q.f * C, (n - 1 - q.r) * C]; };
	const last = tpLastSquares(opts.last);
	for (let r = 0; r < n; r++) for (let f = 0; f < n; f++) {
		const sq = String.fromCharCode(97 + f) + (r + 1);
		const cls = ['tp-sq', (f + r) % 2 === 0 ? 'dark' : 'light'];
		if (last.has(sq)) cls.push('last');
		if (st.sel && st.sel.square === sq) cls.push('sel');
		if (st.to === sq) cls.push('to');
		const rect = el('svg:rect', { x: f * C, y: (n - 1 - r) * C, width: C, height: C,
			class: cls.join(' '), 'data-square': sq });
		if (opts.enter && toMove) rect.addEventListener('click', () => { tpTap(pos, st, sq, toMove); redraw(); });
		svg.append(rect);
	}
	/* Two-square ships first, as a hull under their letters. */
	const bySquare = {};
	for (const seat of ['S', 'N']) for (const pc of pos.sides[seat].pieces) {
		if (pc.squares.length === 2) {
			const [a, b] = pc.squares.map(xy);
			svg.append(el('svg:line', { x1: a[0] + C / 2, y1: a[1] + C / 2, x2: b[0] + C / 2, y2: b[1] + C / 2,
				class: `tp-hull tp-${seat}`, 'stroke-width': C * 0.55 }));
			svg.append(el('svg:circle', { cx: b[0] + C / 2, cy: b[1] + C / 2, r: C * 0.08, class: 'tp-bow' }));
		}
		(bySquare[pc.squares[0]] = bySquare[pc.squares[0]] || []).push(pc);
	}
	for (const [sq, pieces] of Object.entries(bySquare)) {
		const [x, y] = xy(sq);
		pieces.sort((a, b) => TP_STRATUM[b.k] - TP_STRATUM[a.k]);
		pieces.forEach((pc, i) => svg.append(tpToken(pc, x, y, C, i, pieces)));
	}
	return svg;
}

/* A piece: a disc in its stratum's band of the square, its letter, an
 * arrow for its pointing. */
function tpToken(pc, x, y, C, i, all) {
	const band = TP_STRATUM[pc.k];
	const same = all.filter(q => TP_STRATUM[q.k] === band);
	const j = same.indexOf(pc);
	const alone = all.length === 1;
	const rad = alone ? C * 0.34 : C * 0.2;
	const cx = x + (same.length > 1 ? C * (0.3 + 0.4 * j) : C / 2);
	const cy = y + (alone ? C / 2 : C * [0.76, 0.5, 0.24][band]);
	const g = el('svg:g', { class: `tp-piece tp-${pc.seat} stratum-${band}`, 'data-piece': pc.text });
	g.append(el('svg:title', { text: `${pc.seat} ${TP_NAME[pc.k]} ${pc.text}` }));
	g.append(el('svg:circle', { cx, cy, r: rad }));
	if (pc.point) {
		const [dx, dy] = TP_STEP[pc.point];
		const len = Math.hypot(dx, dy);
		g.append(el('svg:line', { x1: cx + dx / len * rad, y1: cy - dy / len * rad,
			x2: cx + dx / len * rad * 1.6, y2: cy - dy / len * rad * 1.6,
			class: 'tp-point' }));
	}
	g.append(el('svg:text', { x: cx, y: cy + rad * 0.38, 'font-size': rad * 1.1, 'text-anchor': 'middle',
		text: pc.k + (pc.first ? '!' : '') }));
	return g;
}

function tpCount(n, what) { return `${n} ${what}${n === 1 ? '' : what.endsWith('o') ? 'es' : 's'}`; }

/* Each side's reserve and losses, and the result once over. */
function tpSides(pos, start, opts) {
	const lost = tpLost(start, pos);
	const names = opts.names || {};
	const box = el('div', { class: 'tp-sides' });
	for (const seat of ['N', 'S']) {
		const r = pos.sides[seat].reserve;
		box.append(el('div', { class: `tp-side tp-${seat}`, 'data-seat': seat },
			el('strong', { text: `${seat}${names[seat] ? ' ' + names[seat] : ''}` }),
			` reserve: ${tpCount(r.P, 'plane')}, ${tpCount(r.H, 'shell')}, ${tpCount(r.O, 'torpedo')}`,
			lost[seat].length ? ` · destroyed: ${lost[seat].join(', ')}` : ''));
	}
	const over = pos.turn.match(/^(S-won|N-won|drawn):?(.*)$/);
	box.append(el('div', { class: 'tp-turn', text: over ?
		`${over[1] === 'drawn' ? 'drawn' : over[1].replace('-', ' ')}${over[2] ? ' (' + over[2] + ')' : ''}` :
		`${pos.turn} to move · ${pos.quiet} quiet plies` }));
	return box;
}

/* ------------------------------------------------- composing a move */

/* The side's pieces on a square, in the order a tap cycles them. */
function tpOwnAt(pos, seat, sq) {
	return pos.sides[seat].pieces.filter(pc => pc.squares.includes(sq))
		.sort((a, b) => TP_STRATUM[a.k] - TP_STRATUM[b.k]);
}

/* A tap on a square: picks an own piece (again: the next one there), or
 * the square the chosen piece goes to or launches onto. */
function tpTap(pos, st, sq, seat) {
	const own = tpOwnAt(pos, seat, sq);
	if (st.sel && !st.sel.launch && st.sel.square === sq && own.length) {
		const i = own.findIndex(pc => pc.text === st.sel.piece.text);
		const next = own[(i + 1) % own.length];
		st.sel = { piece: next, square: sq };
		st.to = null;
		return;
	}
	if (st.sel && !st.to) { st.to = sq; return; }
	st.sel = own.length ? { piece: own[0], square: sq } : null;
	st.to = null;
}

/* The text of the move so far, and whether it is whole. */
function tpText(st, point) {
	if (!st.sel) return { text: '', whole: false };
	const s = st.sel;
	if (s.launch) {
		const t = `${s.piece.k}*${st.to || '?'}:${point || '?'}`;
		return { text: t, whole: !!(st.to && point) };
	}
	const aim = s.piece.k === 'P' && point ? `:${point}` : '';
	return { text: `${s.piece.k}${s.square}-${st.to || '?'}${aim}`, whole: !!st.to };
}

function tpComposer(pos, st, seat, opts, redraw) {
	const box = el('div', { class: 'tp-compose', id: 'compose' });
	const side = pos.sides[seat];
	const line = el('div', { class: 'tp-compose-line' });
	/* Launchers afloat with something in reserve to put out. */
	for (const pc of side.pieces) {
		const what = TP_LAUNCH[pc.k];
		if (!what || side.reserve[what] < 1) continue;
		const b = el('button', { type: 'button', class: 'secondary', 'data-launch': pc.k,
			text: `${pc.k}* launch ${TP_NAME[what]}`, on: { click: () => {
				st.sel = { piece: pc, square: pc.squares[0], launch: true };
				st.to = null;
				redraw();
			} } });
		line.append(b, ' ');
	}
	box.append(line);
	/* A move the referee holds: the moves that fit the board, one tap
	 * each, the part missing (a pointing) among them. */
	if (opts.held && opts.held.length)
		box.append(el('div', { class: 'banner hold', id: 'compose-held' }, 'Held: tap the move played ',
			...opts.held.map(mv => el('button', { type: 'button', 'data-move': mv, text: mv,
				on: { click: () => opts.enter(mv) } }))));
	const sel = st.sel;
	if (sel && !sel.launch && 'HO'.includes(sel.piece.k) && !st.to)
		box.append(el('button', { type: 'button', class: 'secondary', 'data-square': 'off', text: 'off the board',
			on: { click: () => { st.to = 'off'; redraw(); } } }));
	const needsPoint = sel && st.to && (sel.launch || sel.piece.k === 'P');
	const said = tpText(st, null);
	const text = el('code', { class: 'tp-move', id: 'compose-move', text: said.text || 'tap a piece or a launcher' });
	const send = t => { opts.enter(t); st.sel = null; st.to = null; redraw(); };
	if (needsPoint) {
		const rose = el('div', { class: 'tp-rose', role: 'group', 'aria-label': 'pointing' });
		for (const d of TP_DIRS) rose.append(d ? el('button', { type: 'button', 'data-dir': d, text: d,
			on: { click: () => send(tpText(st, d).text) } }) :
			el('button', { type: 'button', class: 'secondary', 'data-dir': 'keep', text: sel.launch ? '·' : 'keep',
				disabled: sel.launch ? 'disabled' : null, on: { click: () => send(tpText(st, null).text) } }));
		box.append(el('p', { class: 'muted', text: 'Pointing:' }), rose);
	}
	box.append(el('p', {}, 'Move: ', text, ' ',
		said.whole && !needsPoint ? el('button', { type: 'button', id: 'compose-send', text: 'Send',
			on: { click: () => send(said.text) } }) : null, ' ',
		sel ? el('button', { type: 'button', class: 'secondary', text: 'Clear',
			on: { click: () => { st.sel = null; st.to = null; redraw(); } } }) : null));
	return box;
}

renderers.transport = { draw: transportBoard, seats: ['N', 'S'] };
