/*
 * replay.js - a game replayed move by move with its value bar and the
 * moves that threw a won game away, and a series' page (loaded after
 * app.js, whose helpers it uses; the table page draws its live value
 * bar with valueBar()).
 */
'use strict';

/* The value bar: the first side's perfect-play margin (or a bounded
 * search's estimate, said so), the first side's share of the bar. */
function valueBar(v, seats) {
	const bar = el('div', { class: 'value-bar', id: 'value-bar', role: 'img' });
	if (!v) {
		bar.append(el('span', { class: 'value-text', text: 'value: not yet analysed' }));
		return bar;
	}
	const share = 50 + 50 * v.value / (Math.abs(v.value) + 6);
	const who = v.value > 0 ? seats[0] : v.value < 0 ? seats[1] : null;
	const text = (who ? `${who} +${Math.abs(v.value)}` : 'even') +
		(v.exact ? ' with perfect play' : ' (estimate, not solved)') +
		(v.best ? ` · best ${v.best}` : '');
	bar.setAttribute('aria-label', text);
	const fill = el('div', { class: 'value-fill' });
	fill.style.width = `${share.toFixed(1)}%`;	/* CSSOM: no inline style */
	bar.append(fill, el('span', { class: 'value-text', id: 'value-label', text }));
	return bar;
}

/* Whether move i (0-based) threw away a won game: the mover could win
 * with perfect play before it and can no longer after it. */
function threwWin(values, moves, seats, i) {
	const before = values[i], after = values[i + 1];
	if (!before || !after || !before.exact || !after.exact) return false;
	const sign = moves[i].seat === seats[0] ? 1 : -1;
	return sign * before.value > 0 && sign * after.value <= 0;
}

async function pageGame() {
	const id = pageId();
	const g = await api(`/api/games/${id}`);
	const session = await api('/api/session').catch(() => ({ admin: false }));
	$('title').textContent = `Game ${g.id}: ${g.sides.map(s => s.name).join(' v ')}`;
	const board = { game: g.game, start: g.start, geometry: g.geometry };
	const positions = [g.start].concat(g.moves.map(m => m.position));
	const seats = g.sides.map(s => s.seat);
	let values = null;
	const view = el('div', { id: 'replay-board' });
	const barSlot = el('div', { id: 'value-slot' });
	const label = el('p', { class: 'muted', id: 'replay-label' });
	const slider = el('input', { type: 'range', class: 'slider', id: 'replay', min: 0,
		max: g.moves.length, value: g.moves.length, 'aria-label': 'move' });
	const moveRows = el('div', { id: 'moves' });
	const show = () => {
		const i = Number(slider.value);
		view.replaceChildren(gameBoard(g.game, positions[i], board, { last: i ? g.moves[i - 1].move : '', names: seatNames(g) }));
		barSlot.replaceChildren(values ? valueBar(values[i], seats) : '');
		label.textContent = (i ? `after move ${i}: ${g.moves[i - 1].player || g.moves[i - 1].seat} plays ${g.moves[i - 1].move}` : 'start') +
			(i && g.analysis && g.analysis[i - 1] ? ` — ${g.analysis[i - 1]}` : '') +
			(i && values && threwWin(values, g.moves, seats, i - 1) ? ' — threw away a won game' : '');
	};
	const listMoves = () => moveRows.replaceChildren(
		listTable(['#', 'player', 'move'].concat(g.analysis ? ['analysis'] : []).concat(values ? ['perfect play'] : []),
			g.moves.map((m, i) => [String(m.ply), m.player || m.seat, m.move]
				.concat(g.analysis ? [g.analysis[i] || ''] : [])
				.concat(values ? [threwWin(values, g.moves, seats, i) ?
					el('span', { class: 'blunder', text: '?? threw away a won game' }) : ''] : []))));
	slider.addEventListener('input', show);
	show();
	listMoves();
	$('content').replaceChildren(
		el('p', { class: `result${g.status === 'void' ? ' void' : ''}`, id: 'result' }, resultCell(g)),
		...auditList(g),
		el('p', { class: 'muted' }, `${g.game} ${g.options || ''}`, g.series ? ' · ' : '',
			g.series ? link(`/series/${g.series}`, `series ${g.series}`) : null,
			g.tournament ? ' · ' : '', tournamentLink(g.tournament)),
		barSlot, view, slider, label,
		el('h2', { text: 'Moves' }), moveRows,
		el('h2', { text: 'Incidents' }),
		/* The arbiter's: what each rested on, the camera's frame linked. */
		session.admin ?
			listTable(['#', 'kind', 'what', 'evidence'], g.incidents.map(i =>
				[String(i.ply), i.kind, i.text, evidenceCell(i.evidence, g.table_id)])) :
			listTable(['#', 'what'], g.incidents.map(i => [String(i.ply), incidentText(i, g)])));
	status('');
	/* The values come as the server solves them, the newest position
	 * first; asked again each second until every position has one. */
	for (let round = 0; round < 180; round++) {
		if (round) await pause(1000);
		let v;
		try { v = await api(`/api/games/${id}/values`); } catch (e) { return; }
		if (!v.values) return;
		values = v.values;
		show();
		listMoves();
		if (v.complete) return;
	}
}

async function pageSeries() {
	const id = pageId();
	const s = await api(`/api/series/${id}`);
	$('title').textContent = `${s.tournament ? `Match ${s.match + 1}` : `Series ${s.id}`}: ${s.players.map(p => p.name).join(' v ')}`;
	const parts = [el('p', { class: 'result', id: 'result', text: seriesText(s) }),
		el('p', { class: 'muted' }, `to ${s.target} · ${s.games} games`,
			s.tournament ? ` · round ${s.round} · ` : '', tournamentLink(s.tournament))];
	for (const p of s.players)
		parts.push(el('div', {}, link(`/players/${p.id}`, p.name), ` ${p.total}`, beads(p.total, s.target)));
	parts.push(el('h2', { text: 'Games' }));
	parts.push(listTable(['game', 'players', 'result', 'points'],
		s.game_list.map(g => [link(`/games/${g.id}`, String(g.id)), `${g.sides[0].name} v ${g.sides[1].name}`,
			resultCell(g), `${g.sides[0].points}–${g.sides[1].points}`])));
	$('content').replaceChildren(...parts);
	status('');
}

Object.assign(pages, { game: pageGame, series: pageSeries });
