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

async function api(path, options) {
	const res = await fetch(path, Object.assign({ credentials: 'same-origin' }, options || {}));
	let body = null;
	try { body = await res.json(); } catch (e) { body = null; }
	if (!res.ok && res.status !== 202)
		throw new Error(body && body.error ? body.error : `${res.status} ${res.statusText}`);
	return body;
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
 * the claims, and the secrets once the game is over ("?" before). */
const PEG = { R: '#c62828', O: '#ef6c00', Y: '#f9a825', G: '#2e7d32', B: '#1565c0', P: '#6a1b9a' };

function codeBoard(position) {
	const field = name => {
		const f = (position || '').split('|').map(x => x.trim()).find(x => x.startsWith(name + ' '));
		return f ? f.slice(name.length + 1).trim() : 'none';
	};
	const rows = field('rows') === 'none' ? [] : field('rows').split(/\s+/);
	const claims = field('claims') === 'none' ? [] : field('claims').split(/\s+/);
	const secrets = field('secrets').split(/\s+/);
	const h = 34 * (rows.length + claims.length + 1) + 20, w = 430;
	const svg = el('svg:svg', { class: 'board code', viewBox: `0 0 ${w} ${h}`, role: 'img',
		'aria-label': `hidden-code game ${position}` });
	svg.append(el('svg:rect', { class: 'wood', x: 0, y: 0, width: w, height: h, rx: 16 }));
	const pegs = (code, y) => [...code].forEach((c, i) => svg.append(el('svg:circle', {
		cx: 70 + 30 * i, cy: y, r: 11, fill: PEG[c] || '#5d4037', stroke: '#3e2723' })));
	const label = (text, x, y) => svg.append(el('svg:text', { class: 'label', x, y: y + 4, text }));
	let y = 28;
	label('code', 25, y);
	secrets.forEach((sec, i) => label(sec === '?' ? `${i + 1}: ?` : `${i + 1}: ${sec}`, 250 + 45 * i, y));
	for (const row of rows) {
		y += 34;
		const [who, rest] = row.split(':');
		const [code, marks] = (rest || '').split('/');
		label(`${who}`, 25, y);
		pegs(code || '', y);
		[...(marks || '')].forEach((m, i) => svg.append(el('svg:circle', { cx: 250 + 20 * i, cy: y, r: 6,
			fill: m === 'b' ? '#111' : m === 'w' ? '#fff' : 'none',
			stroke: m === 'x' ? 'none' : '#f8ecd6' })));
	}
	for (const claim of claims) {
		y += 34;
		const [who, rest] = claim.split(':');
		label(`${who} claims`, 30, y);
		pegs((rest || '').split('/')[0], y);
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
	codegame: { draw: codeBoard },
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

function verdictBanner(v) {
	if (!v) return null;
	const kind = v.kind === 'foul' ? 'foul' : v.kind === 'warn' || v.kind === 'hold' ? 'warn' : 'ok';
	return el('div', { class: `banner ${kind}`, text: `${v.kind}${v.move ? ` ${v.move}` : ''}: ${v.text}` });
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
		{ last: lastVerdict[t.id] && lastVerdict[t.id].move }));
	const banner = verdictBanner(lastVerdict[t.id]);
	if (banner) card.append(banner);
	if (live && live.sensors !== 'online') card.append(el('div', { class: 'banner foul', text: 'sensors offline' }));
	if (t.series) {
		const s = t.series;
		card.append(el('div', { class: 'muted' }, link(`/series/${s.id}`, `series ${s.id}`), ` to ${s.target}`));
		for (const p of s.players)
			card.append(el('div', {}, el('span', { class: 'muted', text: `${p.name} ${p.total}` }), beads(p.total, s.target)));
	}
	if (!game) card.append(el('p', { class: 'muted', text: 'no game under way' }));
	return card;
}

async function pageIndex() {
	const content = $('content');
	const cards = el('div', { class: 'cards', id: 'cards' });
	content.replaceChildren(cards);
	const load = async () => {
		const tables = await api('/api/tables');
		cards.replaceChildren(...tables.map(tableCard));
		status(tables.length ? '' : 'No tables yet.');
	};
	await load();
	follow(async v => {
		lastVerdict[v.board] = v;
		const card = document.getElementById(`table-${v.board}`);
		if (!card) return load();
		const t = await api(`/api/tables/${v.board}`);
		t.game = t.game ? Object.assign({}, t.game) : null;
		card.replaceWith(tableCard(t));
	});
}

async function pageTable() {
	const id = pageId();
	const content = $('content');
	let session = await api('/api/session').catch(() => ({ admin: false }));
	/* The last command's outcome outlives the redraw its verdict causes. */
	let outcome = '';
	let controls = null;
	const render = t => {
		$('title').textContent = t.name;
		const live = t.live, game = t.game;
		if (!lastVerdict[t.id] && live && live.last) lastVerdict[t.id] = live.last;
		const view = tableView(t);
		const parts = [];
		parts.push(playersLine(view.kind, game, live ? live.to_move : null));
		parts.push(gameBoard(view.kind, view.position, view.board,
			{ last: lastVerdict[t.id] && lastVerdict[t.id].move }));
		const banner = verdictBanner(lastVerdict[t.id]);
		if (banner) parts.push(banner);
		if (live && live.held) parts.push(el('div', { class: 'banner hold', text: 'a move awaits the arbiter' }));
		if (live && live.restoring) parts.push(el('div', { class: 'banner foul', text: 'foul: the board is being put back' }));
		/* The controls are made once: a redraw keeps what the
		 * arbiter is typing. */
		if (session.admin) parts.push(controls || (controls = adminControls(t.id)));
		if (game) {
			parts.push(el('h2', {}, link(`/games/${game.id}`, `Game ${game.id}`), game.series ? ' · ' : '',
				game.series ? link(`/series/${game.series}`, `series ${game.series}`) : null));
			// The analysis column: at tables that show it while played.
			const an = Array.isArray(game.analysis) ? game.analysis : null;
			parts.push(listTable(['#', 'side', 'move', 'position after', 'source'].concat(an ? ['analysis'] : []),
				(game.moves || []).map((m, i) => [String(m.ply), m.seat, m.move, m.position, m.source]
					.concat(an ? [an[i] || ''] : [])).reverse()));
			parts.push(el('h2', { text: 'Incidents' }));
			parts.push(listTable(['#', 'kind', 'what'],
				(game.incidents || []).slice().reverse().map(i => [String(i.ply), i.kind, i.text])));
		} else {
			parts.push(el('p', { class: 'muted', text: 'no game under way' }));
		}
		if (live && live.lines && live.lines.length) {
			parts.push(el('h2', { text: 'Sensor health' }));
			parts.push(listTable(['line', 'pulses', 'bounces', 'misses', 'extras', 'state'],
				live.lines.map(l => [l.line, String(l.pulses), String(l.bounces), String(l.misses),
					String(l.extras), el('span', { class: `state-${l.state}`, text: l.state })])));
		}
		content.replaceChildren(...parts);
	};
	const load = async () => { render(await api(`/api/tables/${id}`)); status(''); };
	await load();
	follow(v => {
		if (String(v.board) !== String(id)) return;
		lastVerdict[v.board] = v;
		load();
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
				const r = await api(`/api/tables/${tid}/commands`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf },
					body: JSON.stringify({ kind, text: text || '' }) });
				show(r.outcome || 'queued; pitbossd has not answered yet');
			} catch (e) { show(e.message); }
		};
		const form = (kind, label, size, placeholder) => {
			const input = el('input', { name: kind, 'aria-label': label, size, placeholder: placeholder || '' });
			return el('form', { class: 'inline', 'data-kind': kind,
				on: { submit: e => { e.preventDefault(); send(kind, input.value); } } },
				el('span', { text: label }), input, el('button', { type: 'submit', text: 'Send' }));
		};
		// A new game: the table's options, and any typed here laid over them.
		box.append(form('start', 'Start a game', 24, 'options (optional)'), ' ');
		for (const [kind, label] of [['confirm', 'Confirm'],
			['reject', 'Reject'], ['undo', 'Undo'], ['end', 'End game']])
			box.append(el('button', { type: 'button', 'data-kind': kind, text: label,
				on: { click: () => send(kind) } }), ' ');
		for (const [kind, label] of [['correct', 'Correct last move to'], ['entry', 'Enter move'],
			['position', 'Set position']]) {
			box.append(form(kind, label, kind === 'position' ? 30 : 4));
		}
		box.append(out);
		return box;
	}
}

async function pageTournament() {
	const id = pageId();
	const [t, bracket, standings] = await Promise.all([api(`/api/tournaments/${id}`),
		api(`/api/tournaments/${id}/bracket`), api(`/api/tournaments/${id}/standings`)]);
	$('title').textContent = t.name;
	const parts = [el('p', { class: 'muted', text:
		`${t.game} ${t.options || ''} · series to ${t.target} · ${t.entrants} entrants · ${t.status}` +
		(t.champion ? ` · champion ${t.champion}` : '') })];
	parts.push(el('h2', { text: 'Bracket' }), bracketSVG(bracket));
	parts.push(el('h2', { text: 'Standings' }));
	parts.push(listTable(['#', 'player', 'round', 'status', 'series', 'games W-L-D', 'points'],
		standings.map(s => [String(s.place), link(`/players/${s.player}`, s.name), String(s.round_reached),
			s.status, `${s.series_won}-${s.series_lost}`, `${s.games_won}-${s.games_lost}-${s.games_drawn}`,
			`${s.points_for}-${s.points_against}`])));
	const upcoming = bracket.filter(m => m.how === 'pending' && m.series);
	parts.push(el('h2', { text: 'Series under way' }));
	parts.push(listTable(['match', 'players', 'score'], upcoming.map(m => [String(m.match),
		link(`/series/${m.series}`, `${m.players[0].name} v ${m.players[1].name}`),
		`${m.players[0].total}-${m.players[1].total}`])));
	const session = await api('/api/session').catch(() => ({ admin: false }));
	if (session.admin && t.status !== 'finished') {
		const who = el('select', { name: 'player', id: 'forfeit-player' },
			...standings.filter(s => s.status !== 'out').map(s => el('option', { value: s.player, text: s.name })));
		const out = el('span', { class: 'muted', id: 'forfeit-outcome' });
		const form = el('form', { class: 'inline', id: 'forfeit' }, el('span', { text: 'Record a forfeit by' }), who,
			el('button', { type: 'submit', text: 'Forfeit' }), out);
		form.addEventListener('submit', async e => {
			e.preventDefault();
			try {
				await api(`/api/tournaments/${id}/forfeit`, { method: 'POST',
					headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf },
					body: JSON.stringify({ player: who.value }) });
				pageTournament();
			} catch (err) { out.textContent = err.message; }
		});
		parts.push(el('h2', { text: 'Arbiter' }), form);
	}
	$('content').replaceChildren(...parts);
	status('');
	if (!window.pitbossEvents) follow(v => { if (v.kind === 'over') pageTournament(); });
}

function bracketSVG(matches) {
	const rounds = {};
	for (const m of matches) if (!m.third_place) (rounds[m.round] = rounds[m.round] || []).push(m);
	const keys = Object.keys(rounds).map(Number).sort((a, b) => a - b);
	const first = keys.length ? rounds[keys[0]].length : 1;
	const bw = 170, bh = 44, gap = 40, h = Math.max(first * (bh + 16), 80), w = keys.length * (bw + gap);
	const svg = el('svg:svg', { class: 'bracket', viewBox: `0 0 ${Math.max(w, 200)} ${h}`, role: 'img',
		'aria-label': 'bracket' });
	keys.forEach((r, col) => {
		const list = rounds[r].sort((a, b) => a.index - b.index);
		const slot = h / list.length;
		list.forEach((m, i) => {
			const x = col * (bw + gap), y = slot * i + (slot - bh) / 2;
			svg.append(el('svg:rect', { x, y, width: bw, height: bh, rx: 5,
				class: m.winner ? 'won' : null }));
			m.players.forEach((p, k) => svg.append(el('svg:text', { x: x + 6, y: y + 17 + k * 19,
				text: `${p.name || '?'}${p.seed ? ` (${p.seed})` : ''}  ${m.series ? p.total : ''}` })));
			if (col + 1 < keys.length)
				svg.append(el('svg:path', { d: `M${x + bw} ${y + bh / 2} h${gap / 2}` }));
		});
	});
	return svg;
}

async function pagePlayer() {
	const id = pageId();
	const p = await api(`/api/players/${id}`);
	$('title').textContent = p.name;
	const form = el('form', { class: 'inline', id: 'filters' });
	const field = (name, label, type) => el('label', {}, `${label} `, el('input', { name, type: type || 'text', size: 10 }));
	const result = el('select', { name: 'result' }, ...['', 'win', 'loss', 'draw', 'void'].map(r => el('option', { value: r, text: r || 'any result' })));
	form.append(field('opponent', 'opponent id'), field('tournament', 'tournament id'), result,
		field('from', 'from', 'date'), field('to', 'to', 'date'), el('button', { type: 'submit', text: 'Filter' }));
	const games = el('div', { id: 'history' });
	const load = async () => {
		const q = new URLSearchParams();
		for (const [k, v] of new FormData(form)) if (v) q.set(k, v);
		try {
			const list = await api(`/api/players/${id}/history?${q}`);
			games.replaceChildren(listTable(['game', 'started', 'players', 'result', 'points'],
				list.map(g => [link(`/games/${g.id}`, String(g.id)), g.started.slice(0, 16).replace('T', ' '),
					`${g.sides[0].name} v ${g.sides[1].name}`, g.result || g.status,
					`${g.sides[0].points}-${g.sides[1].points}`])));
			status('');
		} catch (e) { status(e.message, 'foul'); }
	};
	form.addEventListener('submit', e => { e.preventDefault(); load(); });
	$('content').replaceChildren(el('p', { text:
		`${p.games} games: ${p.won} won, ${p.lost} lost, ${p.drawn} drawn; points ${p.points_for}-${p.points_against}` }),
		el('h2', { text: 'History' }), form, games);
	await load();
}

async function pageGame() {
	const id = pageId();
	const g = await api(`/api/games/${id}`);
	$('title').textContent = `Game ${g.id}: ${g.sides.map(s => s.name).join(' v ')}`;
	const board = { game: g.game, start: g.start, geometry: g.geometry };
	const positions = [g.start].concat(g.moves.map(m => m.position));
	const view = el('div', { id: 'replay-board' });
	const label = el('p', { class: 'muted', id: 'replay-label' });
	const slider = el('input', { type: 'range', class: 'slider', id: 'replay', min: 0,
		max: g.moves.length, value: g.moves.length, 'aria-label': 'move' });
	const show = () => {
		const i = Number(slider.value);
		view.replaceChildren(gameBoard(g.game, positions[i], board, { last: i ? g.moves[i - 1].move : '' }));
		label.textContent = (i ? `after move ${i}: ${g.moves[i - 1].seat} plays ${g.moves[i - 1].move}` : 'start') +
			(i && g.analysis && g.analysis[i - 1] ? ` — ${g.analysis[i - 1]}` : '');
	};
	slider.addEventListener('input', show);
	show();
	$('content').replaceChildren(
		el('p', { class: 'muted', text: `${g.game} ${g.options || ''} · ${g.status}${g.result ? ` · ${g.result}` : ''}` +
			(g.series ? ` · series ${g.series}` : '') }),
		view, slider, label,
		el('h2', { text: 'Moves' }),
		listTable(['#', 'side', 'player', 'move', 'position after', 'source'].concat(g.analysis ? ['analysis'] : []),
			g.moves.map((m, i) => [String(m.ply), m.seat, m.player, m.move, m.position, m.source]
				.concat(g.analysis ? [g.analysis[i] || ''] : []))),
		el('h2', { text: 'Incidents' }),
		listTable(['#', 'kind', 'what'], g.incidents.map(i => [String(i.ply), i.kind, i.text])));
	status('');
}

async function pageSeries() {
	const id = pageId();
	const s = await api(`/api/series/${id}`);
	$('title').textContent = `Series ${s.id}: ${s.players.map(p => p.name).join(' v ')}`;
	const parts = [el('p', { class: 'muted', text: `to ${s.target} · ${s.games} games · ${s.status}` })];
	for (const p of s.players)
		parts.push(el('div', {}, link(`/players/${p.id}`, p.name), ` ${p.total}`, beads(p.total, s.target)));
	parts.push(el('h2', { text: 'Games' }));
	parts.push(listTable(['game', 'players', 'result', 'points'],
		s.game_list.map(g => [link(`/games/${g.id}`, String(g.id)), `${g.sides[0].name} v ${g.sides[1].name}`,
			g.result || g.status, `${g.sides[0].points}-${g.sides[1].points}`])));
	$('content').replaceChildren(...parts);
	status('');
}

async function pageAdmin() {
	const session = await api('/api/session');
	const content = $('content');
	if (!session.login) {
		status('No admin password is set: add web.password-hash to pitboss.conf.', 'warn');
		return;
	}
	if (session.admin) {
		const out = el('button', { type: 'button', id: 'logout', text: 'Log out', on: { click: async () => {
			await api('/api/logout', { method: 'POST' }); pageAdmin(); } } });
		content.replaceChildren(el('p', { text: 'Logged in as the arbiter. Open a table to act on it.' }), out);
		status('');
		return;
	}
	const pw = el('input', { type: 'password', name: 'password', id: 'password', autocomplete: 'current-password' });
	const form = el('form', { class: 'inline', id: 'login' }, el('label', {}, 'Password ', pw),
		el('button', { type: 'submit', text: 'Log in' }));
	form.addEventListener('submit', async e => {
		e.preventDefault();
		try {
			await api('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ password: pw.value }) });
			pageAdmin();
		} catch (err) { status(err.message, 'foul'); }
	});
	content.replaceChildren(form);
	status('');
}

/* A player's own page at his table: his secret, his moves. */
async function pagePlay() {
	const id = pageId();
	const seat = el('input', { name: 'seat', id: 'seat', size: 2, inputmode: 'numeric', 'aria-label': 'seat' });
	const pin = el('input', { name: 'pin', id: 'pin', type: 'password', size: 8, inputmode: 'numeric',
		autocomplete: 'off', 'aria-label': 'PIN' });
	const secret = el('p', { id: 'secret', class: 'banner ok hidden' });
	const move = el('input', { name: 'move', id: 'move', size: 14, 'aria-label': 'move' });
	const out = el('p', { id: 'play-outcome', class: 'muted' });
	const post = (what, fields) => api(`/api/tables/${id}/${what}`, { method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(Object.assign({ seat: seat.value, pin: pin.value }, fields || {})) });
	const who = el('form', { class: 'inline', id: 'who' }, el('label', {}, 'Seat ', seat),
		el('label', {}, 'PIN ', pin), el('button', { type: 'submit', text: 'Show my secret' }));
	who.addEventListener('submit', async e => {
		e.preventDefault();
		try {
			const r = await post('secret');
			secret.textContent = r.view;
			secret.classList.remove('hidden');
			status('');
		} catch (err) { status(err.message, 'foul'); }
	});
	const mine = el('form', { class: 'inline', id: 'my-move' }, el('label', {}, 'My move ', move),
		el('button', { type: 'submit', text: 'Send' }));
	mine.addEventListener('submit', async e => {
		e.preventDefault();
		try {
			const r = await post('play', { move: move.value });
			out.textContent = r.outcome || 'queued; pitbossd has not answered yet';
		} catch (err) { out.textContent = err.message; }
	});
	// A game started with secrets=ask: each player enters the counters he
	// drew, before the first guess. Typed like a password, never shown.
	const drawn = el('input', { name: 'enter', id: 'enter', type: 'password', size: 4,
		autocomplete: 'off', autocapitalize: 'characters', 'aria-label': 'my secret' });
	const enter = el('form', { class: 'inline', id: 'enter-secret' },
		el('label', {}, 'My secret (colour and place, e.g. R3) ', drawn),
		el('button', { type: 'submit', text: 'Enter' }));
	enter.addEventListener('submit', async e => {
		e.preventDefault();
		try {
			const r = await post('secret', { enter: drawn.value });
			drawn.value = '';
			out.textContent = r.outcome || 'queued; pitbossd has not answered yet';
			const v = await post('secret');
			secret.textContent = v.view;
			secret.classList.remove('hidden');
		} catch (err) { out.textContent = err.message; }
	});
	$('title').textContent = `Player at table ${id}`;
	$('content').replaceChildren(
		el('p', { class: 'muted', text: 'Keep this screen to yourself: it shows what only you may know.' }),
		who, secret, enter, mine, out, el('p', {}, link(`/tables/${id}`, 'the table')));
	status('');
}

const pages = { play: pagePlay, index: pageIndex, table: pageTable, tournament: pageTournament, player: pagePlayer,
	game: pageGame, series: pageSeries, admin: pageAdmin };

document.addEventListener('DOMContentLoaded', () => {
	const page = pages[document.body.dataset.page];
	if (page) page().catch(e => status(e.message, 'foul'));
});
