/*
 * club.js - the club's pages (loaded after app.js, whose helpers it
 * uses): a tournament with its bracket and standings, the tournament and
 * player indexes, the club room's screen, the arbiter's login and
 * console, and the hidden-code game's part of a player's page.
 */
'use strict';

/* ------------------------------------------------------- tournaments */

/* A round's name counted from the final, as pitboss tournament show
 * names it. */
function roundName(round, rounds) {
	if (rounds === 0) return `Round ${round}`;	/* all play all */
	if (round === rounds) return 'Final';
	if (round === rounds - 1) return 'Semi-finals';
	return `Round ${round}`;
}

/* A bracket side's name: the player, a bye, or where he comes from. */
function sideName(p, from) {
	if (p.id) return link(`/players/${p.id}`, p.name);
	if (p.name === '(bye)') return el('span', { class: 'muted', text: 'bye' });
	return el('span', { class: 'muted', text: from || 'to be decided' });
}

/* How a match was decided, in words. */
function matchText(m) {
	const [a, b] = m.players;
	const w = m.winner ? m.players.find(p => p.id === m.winner) : null;
	const l = w ? m.players.find(p => p !== w) : null;
	switch (m.how) {
	case 'played': return w ? `${w.name} wins ${w.total}–${l.total}` : 'played';
	case 'forfeit': return w ? `${w.name} wins: ${l.name || 'the opponent'} forfeited` : 'forfeit';
	case 'withdrawal': return w ? `${w.name} goes through: ${l.name || 'the opponent'} withdrew` : 'withdrawal';
	case 'bye': return w ? `${w.name} has a bye` : 'bye';
	default:
		if (m.series) return a.total === b.total ? `playing: level ${a.total}–${b.total}` :
			`playing: ${(a.total > b.total ? a : b).name} leads ${Math.max(a.total, b.total)}–${Math.min(a.total, b.total)}`;
		return a.id && b.id ? 'waiting for a table' : 'waiting';
	}
}

/* Totals are shown for a series played, not for a bye or a forfeit
 * before any game. */
function showTotals(m) {
	if (!m.series || m.how === 'bye') return false;
	return m.how === 'played' || m.how === 'pending' || m.players.some(p => p.total > 0);
}

function matchBox(m, from) {
	const box = el('div', { class: `match how-${m.how}`, 'data-match': String(m.match + 1), id: `match-${m.match + 1}` });
	box.append(el('div', { class: 'match-no' }, m.series ? link(`/series/${m.series}`, `Match ${m.match + 1}`) :
		`Match ${m.match + 1}`));
	m.players.forEach((p, k) => {
		const won = m.winner && p.id === m.winner;
		/* A seed only for a player the arbiter seeded: the place in
		 * the draw is no seed. */
		const seed = p.seeded && p.seed ? el('span', { class: 'seed', text: ` seed ${p.seed}` }) : null;
		box.append(el('div', { class: won ? 'side winner' : m.winner && p.id ? 'side loser' : 'side' },
			el('span', { class: 'who' }, el('span', { class: 'name' }, sideName(p, from[k])), seed),
			el('span', { class: 'total', text: showTotals(m) ? String(p.total) : '' })));
	});
	box.append(el('div', { class: 'how', text: matchText(m) }));
	return box;
}

/* The bracket as boxes: rounds in columns joined by lines on a wide
 * screen, one under the other on a phone; the third-place match and
 * the champion apart. */
function bracketView(matches, champion, allPlayAll) {
	const main = matches.filter(m => !m.third_place);
	const third = matches.find(m => m.third_place);
	const rounds = Math.max(0, ...main.map(m => m.round));
	const named = allPlayAll ? 0 : rounds;
	const byRound = r => main.filter(m => m.round === r).sort((a, b) => a.index - b.index);
	const from = (m, k) => {
		if (m.round === 1 || allPlayAll) return '';
		const feeder = byRound(m.round - 1)[2 * m.index + k];
		return feeder ? `winner of match ${feeder.match + 1}` : '';
	};
	const box = el('div', { class: allPlayAll ? 'bracket all-play-all' : 'bracket', id: 'bracket' });
	for (let r = 1; r <= rounds; r++) {
		const list = byRound(r);
		const col = el('section', { class: 'round', 'data-round': String(r) },
			el('h3', { text: roundName(r, named) }));
		const slots = el('div', { class: 'slots' });
		for (let i = 0; i < list.length; i += 2) {
			const pair = el('div', { class: list.length > 1 ? 'pair' : 'pair single' });
			for (const m of list.slice(i, i + 2))
				pair.append(el('div', { class: 'slot' }, matchBox(m, [from(m, 0), from(m, 1)])));
			slots.append(pair);
		}
		col.append(slots);
		box.append(col);
	}
	const parts = [];
	if (champion) parts.push(el('p', { class: 'champion', id: 'champion' }, 'Champion: ', champion));
	parts.push(box);
	if (third) {
		const semis = byRound(rounds - 1);
		const lost = k => semis[k] ? `loser of match ${semis[k].match + 1}` : '';
		parts.push(el('section', { class: 'third', id: 'third-place' }, el('h3', { text: 'Third place' }),
			matchBox(third, [lost(0), lost(1)])));
	}
	return parts;
}

/* Where each player finished, in words, from the bracket; in the
 * standings' order, which pitboss keeps (the champion, the runner-up,
 * third and fourth by their match, then by the round reached, one who
 * never played a game after those who did). */
function finishes(matches, standings) {
	const main = matches.filter(m => !m.third_place);
	const rounds = Math.max(0, ...main.map(m => m.round));
	const final = main.find(m => m.round === rounds);
	const third = matches.find(m => m.third_place);
	const info = {};
	for (const s of standings) info[s.player] = { s, text: 'still in' };
	for (const m of main) for (const p of m.players) if (p.id && info[p.id]) {
		const i = info[p.id];
		const other = m.players.find(q => q !== p);
		if (m.winner && m.winner !== p.id && m.how !== 'pending') {
			const how = m.how === 'forfeit' ? ' (forfeited)' : m.how === 'withdrawal' ? ' (withdrew)' : '';
			i.text = m.round === rounds ? `runner-up: lost the final to ${other.name}${how}` :
				`out in ${roundName(m.round, rounds).toLowerCase().replace(/s$/, '')} to ${other.name || 'a bye'}${how}`;
		}
	}
	if (final && final.winner && info[final.winner]) info[final.winner].text = 'champion';
	if (third && third.winner && third.how !== 'pending') for (const p of third.players) if (p.id && info[p.id]) {
		info[p.id].text = p.id === third.winner ? 'third place' : `fourth: lost the third-place match to ${third.players.find(q => q !== p).name}`;
	}
	const placed = new Set([final, third].filter(m => m && m.winner && m.how !== 'pending').flatMap(m => m.players.map(p => p.id)));
	for (const s of standings) if (s.status === 'withdrawn' && !placed.has(s.player)) info[s.player].text = 'withdrew';
	return standings.map(s => info[s.player]);
}

async function pageTournament() {
	const id = pageId();
	/* A format without a bracket (all play all) has none to show. */
	const [t, bracket, standings] = await Promise.all([api(`/api/tournaments/${id}`),
		api(`/api/tournaments/${id}/bracket`).catch(() => []), api(`/api/tournaments/${id}/standings`)]);
	$('title').textContent = t.name;
	const champion = t.champion ? (t.champion_id ? link(`/players/${t.champion_id}`, t.champion) : t.champion) : null;
	const parts = [el('p', { class: 'muted', id: 'summary', text:
		`${t.game}${t.options ? ` ${t.options}` : ''} · series to ${t.target} · ${t.entrants} entrants · ${t.status}` })];
	/* All play all: its pairings by rounds, the standings as given. */
	const rr = t.format === 'round-robin';
	if (Array.isArray(bracket) && bracket.length)
		parts.push(el('h2', { text: rr ? 'Rounds' : 'Bracket' }), ...bracketView(bracket, champion, rr));
	else if (champion)
		parts.push(el('p', { class: 'champion', id: 'champion' }, 'Champion: ', champion));
	parts.push(el('h2', { text: 'Standings' }));
	const rows = !rr && Array.isArray(bracket) && bracket.length ? finishes(bracket, standings) :
		standings.map(s => ({ s, text: s.points !== undefined ? `${s.points} points` : s.status === 'alive' ? 'in play' : s.status || '' }));
	parts.push(listTable(['#', 'player', 'result', 'series W-L', 'games W-L-D', 'points'],
		rows.map((f, i) => [String(i + 1), link(`/players/${f.s.player}`, f.s.name), f.text,
			`${f.s.series_won}-${f.s.series_lost}`, `${f.s.games_won}-${f.s.games_lost}-${f.s.games_drawn}`,
			`${f.s.points_for}–${f.s.points_against}`])));
	const session = await api('/api/session').catch(() => ({ admin: false }));
	if (session.admin && t.status !== 'finished') parts.push(...forfeitForm(id, standings, session));
	parts.push(qrPanel(`this tournament: ${location.origin}${location.pathname}`));
	$('content').replaceChildren(...parts);
	status('');
	if (!window.pitbossEvents) follow(v => { if (v.kind === 'over') pageTournament(); });
}

function forfeitForm(id, standings, session) {
	const who = el('select', { name: 'player', id: 'forfeit-player', 'aria-label': 'player' },
		...standings.filter(s => s.status === 'alive').map(s => el('option', { value: s.player, text: s.name })));
	const out = el('span', { class: 'muted', id: 'forfeit-outcome' });
	const button = el('button', { type: 'submit', class: 'danger', text: 'Forfeit' });
	const form = el('form', { class: 'inline', id: 'forfeit' }, el('span', { text: 'Record a forfeit by' }), who,
		button, out);
	form.addEventListener('submit', e => {
		e.preventDefault();
		askFirst(button, 'Record the forfeit', async () => {
			try {
				await act(`/api/tournaments/${id}/forfeit`, { player: who.value },
					{ 'X-CSRF-Token': session.csrf });
				pageTournament();
			} catch (err) { out.textContent = err.message; }
		}, () => `${who.selectedOptions[0] ? who.selectedOptions[0].text : 'The player'} loses the match.`);
	});
	return [el('h2', { text: 'Arbiter' }), form];
}

async function pageTournaments() {
	const list = await api('/api/tournaments');
	$('content').replaceChildren(list.length ? el('ul', { class: 'index', id: 'tournament-list' }, ...list.map(t =>
		el('li', {}, link(`/tournaments/${t.id}`, t.name),
			el('span', { class: 'muted', text: ` · ${t.game} · ${t.entrants} entrants · ${t.status}` }),
			t.champion ? el('span', {}, ' · champion ', link(`/players/${t.champion_id}`, t.champion)) : null))) :
		el('p', { class: 'muted', text: 'No tournaments yet.' }));
	status('');
}

/* ------------------------------------------------------------ players */

async function pagePlayers() {
	const PAGE = 30;
	let offset = 0;
	const name = el('input', { name: 'name', id: 'player-name', type: 'search', size: 14,
		'aria-label': 'name', placeholder: 'part of a name' });
	const form = el('form', { class: 'inline', id: 'player-filter' }, el('label', {}, 'Name ', name),
		el('button', { type: 'submit', text: 'Find' }));
	const list = el('div', { id: 'player-list' });
	const pager = el('p', { class: 'pager', id: 'pager' });
	const load = async () => {
		const q = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
		if (name.value) q.set('name', name.value);
		try {
			const r = await api(`/api/players?${q}`);
			list.replaceChildren(r.players.length ? listTable(['player', ''], r.players.map(p =>
				[link(`/players/${p.id}`, p.name), p.retired ? 'retired' : ''])) :
				el('p', { class: 'muted', text: 'No player has such a name.' }));
			pager.replaceChildren(
				offset > 0 ? el('button', { type: 'button', class: 'secondary', id: 'previous', text: '← previous',
					on: { click: () => { offset = Math.max(0, offset - PAGE); load(); } } }) : '',
				el('span', { class: 'muted', text: r.total ? ` ${offset + 1}–${offset + r.players.length} of ${r.total} ` : '' }),
				offset + PAGE < r.total ? el('button', { type: 'button', class: 'secondary', id: 'next', text: 'next →',
					on: { click: () => { offset += PAGE; load(); } } }) : '');
			status('');
		} catch (e) { status(e.message, 'foul'); }
	};
	form.addEventListener('submit', e => { e.preventDefault(); offset = 0; load(); });
	$('content').replaceChildren(form, list, pager);
	await load();
}

/* ------------------------------------------------------------ ratings */

/* A rating as people read it: rounded, '?' while provisional. */
const ratingText = r => `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;

/* A list's key as a heading: the game's name, then the options that
 * make it a kind of its own ("kalah · pits=6 seeds=4"). */
function listTitle(key) {
	const [game, ...opts] = key.split(' ');
	return opts.length ? `${game} · ${opts.join(' ')}` : game;
}

async function pageRatings() {
	const want = new URLSearchParams(location.search).get('list');
	const r = await api('/api/ratings');
	const parts = [];
	if (r.stale) parts.push(el('p', { class: 'banner warn', text: 'Games finished before ratings were kept are not rated yet: the next game to finish rates them (or \u2018pitboss rating recompute\u2019).' }));
	if (!r.lists.length) parts.push(el('p', { class: 'muted', text: 'No rated games yet: a finished game that is won or drawn rates its players.' }));
	const lists = want ? r.lists.filter(l => l.key === want) : r.lists;
	if (want && r.lists.length && !lists.length) parts.push(el('p', { class: 'muted', text: `No one is rated in ${listTitle(want)}.` }));
	if (r.lists.length > 1) parts.push(el('p', { class: 'chips', id: 'list-choice' },
		el('a', { href: '/ratings', class: want ? '' : 'current', text: 'all' }),
		...r.lists.map(l => el('a', { href: `/ratings?list=${encodeURIComponent(l.key)}`,
			class: l.key === want ? 'current' : '', text: listTitle(l.key) }))));
	for (const l of lists) parts.push(el('section', { class: 'rating-list', 'data-list': l.key },
		el('h2', { text: listTitle(l.key) }), el('p', { class: 'muted', text: l.title }),
		listTable(['#', 'player', 'rating', '±', 'games', 'W-L-D'], l.ratings.map(x =>
			[String(x.rank), link(`/players/${x.player}`, x.name),
				el('span', { class: x.provisional ? 'provisional' : '', title: x.provisional ? 'provisional: RD 110 or more' : '', text: ratingText(x) }),
				String(Math.round(x.rd_now)), String(x.games), `${x.wins}-${x.losses}-${x.draws}`]))));
	parts.push(el('p', { class: 'muted', text: 'Glicko-2: every game a rating period; ± is the rating deviation (RD), which grows while a player is away; \u2018?\u2019: provisional while RD is 110 or more.' }));
	$('content').replaceChildren(...parts);
	status('');
}

/* A player's rating in one list over his games: the line, the band of
 * one RD either side, a dot per game (filled: won, hollow: lost, grey:
 * drawn).
 */
function ratingChart(key, steps) {
	/* As wide as it will be shown, so its text stays at its size. */
	const shown = $('content') ? $('content').clientWidth : 600;
	const W = Math.round(Math.max(300, Math.min(640, shown))), H = 220, L = 46, R = 12, T = 14, B = 30;
	const pts = [{ r: steps[0].rating_before, d: steps[0].rd_before, at: null }]
		.concat(steps.map(s => ({ r: s.rating, d: s.rd, at: s.ended, s })));
	let lo = Math.min(...pts.map(p => p.r - p.d)), hi = Math.max(...pts.map(p => p.r + p.d));
	const step = hi - lo > 600 ? 200 : hi - lo > 250 ? 100 : 50;
	lo = Math.floor(lo / step) * step; hi = Math.ceil(hi / step) * step;
	const x = i => L + (W - L - R) * (pts.length > 1 ? i / (pts.length - 1) : 0.5);
	const y = v => T + (H - T - B) * (hi - v) / (hi - lo);
	const svg = el('svg:svg', { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img',
		'aria-label': `${listTitle(key)}: rating from ${Math.round(pts[0].r)} to ${Math.round(pts[pts.length - 1].r)} over ${steps.length} games` });
	for (let v = lo; v <= hi; v += step) {
		svg.append(el('svg:line', { class: 'grid', x1: L, x2: W - R, y1: y(v), y2: y(v) }));
		svg.append(el('svg:text', { class: 'axis', x: L - 6, y: y(v) + 4, 'text-anchor': 'end', text: String(v) }));
	}
	const band = pts.map((p, i) => `${x(i)},${y(p.r + p.d)}`).concat(
		pts.map((p, i) => `${x(i)},${y(p.r - p.d)}`).reverse());
	svg.append(el('svg:polygon', { class: 'band', points: band.join(' ') }));
	svg.append(el('svg:polyline', { class: 'line', points: pts.map((p, i) => `${x(i)},${y(p.r)}`).join(' ') }));
	pts.forEach((p, i) => {
		if (!p.s) return;
		const won = p.s.score === p.s.opponents, lost = p.s.score === 0;
		const dot = el('svg:circle', { class: won ? 'dot won' : lost ? 'dot lost' : 'dot drawn',
			cx: x(i), cy: y(p.r), r: 4 });
		dot.append(el('svg:title', { text: `game ${p.s.game}, ${p.at.slice(0, 10)}: ${Math.round(p.r)} ± ${Math.round(p.d)}` }));
		svg.append(dot);
	});
	const day = p => (p.at || '').slice(0, 10);
	svg.append(el('svg:text', { class: 'axis', x: L, y: H - 8, text: day(pts[1]) }));
	svg.append(el('svg:text', { class: 'axis', x: W - R, y: H - 8, 'text-anchor': 'end', text: day(pts[pts.length - 1]) }));
	return svg;
}

/* The ratings part of a player's page: each list he is rated in, with
 * its chart. */
async function playerRatings(id) {
	const r = await api(`/api/players/${id}/ratings`);
	if (!r.ratings.length) return el('p', { class: 'muted', id: 'ratings', text: 'Not rated yet.' });
	const box = el('div', { id: 'ratings' });
	for (const x of r.ratings) {
		const steps = r.history.filter(s => s.list === x.list);
		box.append(el('section', { class: 'player-rating', 'data-list': x.list },
			el('h3', {}, link(`/ratings?list=${encodeURIComponent(x.list)}`, listTitle(x.list))),
			el('p', {}, el('b', { class: x.provisional ? 'provisional' : '', text: ratingText(x) }),
				` ± ${Math.round(x.rd_now)} · ${x.games} rated games (${x.wins}-${x.losses}-${x.draws})`),
			steps.length ? ratingChart(x.list, steps) : ''));
	}
	return box;
}

/* --------------------------------------------------------- club room */

/* Every table large on one screen: as many columns as suit the count. */
async function pageTv() {
	document.body.classList.add('tv');
	const grid = el('div', { class: 'tv-grid', id: 'tv' });
	$('content').replaceChildren(grid);
	const load = async () => {
		const [tables, next] = await Promise.all([api('/api/tables'), upNext()]);
		const n = Math.max(1, tables.length + (next ? 1 : 0));
		const cols = n === 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
		grid.style.setProperty('--cols', String(cols));
		grid.style.setProperty('--rows', String(Math.ceil(n / cols)));
		grid.replaceChildren(...tables.map(tableCard), ...(next ? [next] : []));
		status(tables.length ? '' : 'No tables yet.');
	};
	await load();
	follow(v => {
		if (v.link) return;	/* a remote table's link, no record */
		lastVerdict[v.board] = v;
		latest(v.kind === 'over' ? 'all' : v.board, async () => {
			const card = document.getElementById(`table-${v.board}`);
			if (!card || v.kind === 'over') return load();
			card.replaceWith(tableCard(await api(`/api/tables/${v.board}`)));
		});
	});
}

/* The matches of the tournaments under way whose players are known
 * and that no table plays yet: a card, or null when there are none. */
async function upNext() {
	const list = await api('/api/tournaments').catch(() => []);
	const waiting = [];
	for (const t of list.filter(x => x.status === 'drawn' || x.status === 'playing')) {
		const bracket = await api(`/api/tournaments/${t.id}/bracket`).catch(() => []);
		for (const m of bracket) if (m.how === 'pending' && !m.series && m.players.every(p => p.id))
			waiting.push(el('li', {}, `${t.name}, match ${m.match + 1}: ${m.players.map(p => p.name).join(' v ')}`));
	}
	return waiting.length ? el('section', { class: 'card', id: 'up-next' }, el('h2', { text: 'Up next' }),
		el('ul', {}, ...waiting)) : null;
}

/* --------------------------------------------------- arbiter's console */

const firstSeen = {};

/* What needs the arbiter at a table: a held move, a foul being put
 * right, sensors offline or a line gone bad. */
function tableIssues(t) {
	const live = t.live, out = [];
	if (!live) return out;
	const game = t.game;
	/* When it happened: the game's last incident (a held move and a
	 * foul are recorded as incidents), else when this page first saw it. */
	const recorded = game && game.incidents && game.incidents.length ?
		Date.parse(game.incidents[game.incidents.length - 1].at) : NaN;
	const at = key => firstSeen[key] || (firstSeen[key] = isNaN(recorded) ? Date.now() : recorded);
	const words = live.last ? verdictSentence(live.last, game, live.to_move, true) : '';
	if (live.held) out.push({ key: `${t.id}:held:${live.plies}`, kind: 'hold', what: words,
		actions: ['confirm', 'reject', 'correct'] });
	if (live.restoring) out.push({ key: `${t.id}:foul:${live.plies}`, kind: 'foul',
		what: `${words} (the board is being put back)`, actions: ['undo', 'position'] });
	else if (live.last && live.last.kind === 'foul' && !live.held)
		out.push({ key: `${t.id}:foul:${live.last.ply}`, kind: 'foul', what: words, actions: ['undo', 'correct'] });
	if (live.sensors !== 'online') out.push({ key: `${t.id}:offline`, kind: 'alarm', what: 'sensors offline', actions: [] });
	for (const l of live.lines || []) if (l.state === 'dead' || l.state === 'stuck')
		out.push({ key: `${t.id}:line:${l.line}:${l.state}`, kind: 'alarm', what: `sensor line ${l.line} is ${l.state}`,
			actions: [] });
	for (const o of out) { o.table = t; o.at = at(o.key); }
	return out;
}

const CONSOLE_ACTIONS = {
	confirm: { label: 'Confirm' }, reject: { label: 'Reject', danger: true }, undo: { label: 'Undo', danger: true },
	correct: { label: 'Correct to', input: 4 }, position: { label: 'Set position', input: 24, danger: true },
};

async function arbiterConsole(session, box) {
	const send = async (t, kind, text, out) => {
		out.textContent = '…';
		try {
			const r = await act(`/api/tables/${t.id}/commands`, { kind, text: text || '' },
				{ 'X-CSRF-Token': session.csrf });
			out.textContent = r.outcome || 'queued; pitbossd has not answered yet';
		} catch (e) { out.textContent = e.message; }
	};
	const item = it => {
		const out = el('span', { class: 'muted outcome' });
		const row = el('li', { class: `issue ${it.kind}`, 'data-table': String(it.table.id), 'data-kind': it.kind },
			el('span', { class: 'when', text: new Date(it.at).toLocaleTimeString() }), ' ',
			link(`/tables/${it.table.id}`, it.table.name), ': ', el('span', { class: 'what', text: it.what }));
		const acts = el('div', { class: 'actions' });
		for (const kind of it.actions) {
			const a = CONSOLE_ACTIONS[kind];
			if (a.input) {
				const input = el('input', { size: a.input, 'aria-label': a.label, name: kind });
				const b = el('button', { type: 'button', class: a.danger ? 'danger' : null, 'data-action': kind, text: 'Send' });
				b.addEventListener('click', () => a.danger ?
					askFirst(b, a.label, () => send(it.table, kind, input.value, out)) :
					send(it.table, kind, input.value, out));
				acts.append(el('label', { class: 'inline' }, a.label, ' ', input, b), ' ');
			} else if (a.danger) {
				const b = el('button', { type: 'button', class: 'danger', 'data-action': kind, text: a.label });
				b.addEventListener('click', () => askFirst(b, a.label, () => send(it.table, kind, '', out)));
				acts.append(b, ' ');
			} else {
				acts.append(el('button', { type: 'button', class: 'confirm', 'data-action': kind, text: a.label,
					on: { click: () => send(it.table, kind, '', out) } }), ' ');
			}
		}
		row.append(acts, out);
		return row;
	};
	const list = el('ol', { class: 'issues', id: 'issues' });
	const quiet = el('p', { class: 'muted', id: 'all-quiet', text: 'Nothing waits for the arbiter.' });
	const tablesList = el('ul', { class: 'table-links' });
	const handList = el('ol', { class: 'issues', id: 'hand-games' });
	box.replaceChildren(el('h2', { text: 'Waiting for the arbiter' }), list, quiet,
		el('h2', { text: 'Tables' }), tablesList,
		el('h2', { text: 'Games entered by hand' }),
		el('p', { class: 'muted', text: 'Void a game (it no longer counts) or correct its result; every change is kept with its reason.' }),
		handList);
	let handAt = 0;
	/* The rows drawn, by what they show: a row that stays is the same
	 * element (its field, its text and an answer being asked), and the
	 * field typed in keeps its focus and caret. */
	const drawn = { issues: new Map(), tables: new Map() };
	const redraw = (parent, rows, keyed, make) => {
		const next = new Map(keyed.map(([key, x]) => [key, rows.get(key) || make(x)]));
		keepingFocus(() => parent.replaceChildren(...next.values()));
		rows.clear();
		for (const [key, row] of next) rows.set(key, row);
	};
	const tableRow = (t, due) => el('li', { 'data-table': String(t.id) },
		link(`/tables/${t.id}`, t.name),
		el('span', { class: 'muted', text: t.series ? ` · ${seriesName(t.series)}` :
			t.game ? ` · ${t.game.sides.map(s => s.name).join(' v ')}` : ' · free' }),
		t.series || !due.length ? '' : callForm(t, due, send));
	const load = async () => {
		/* Tables with something to settle, with their incidents. */
		const tables = await Promise.all((await api('/api/tables')).map(t =>
			t.live && (t.live.held || t.live.restoring) ? api(`/api/tables/${t.id}`).catch(() => t) : t));
		const due = await dueSeries(tables);
		const issues = tables.flatMap(tableIssues).sort((a, b) => a.at - b.at || a.table.id - b.table.id);
		/* A row being answered stays as it is. */
		if (list.dataset.keys !== issues.map(i => i.key).join(' ')) {
			redraw(list, drawn.issues, issues.map(i => [i.key, i]), item);
			list.dataset.keys = issues.map(i => i.key).join(' ');
		}
		quiet.classList.toggle('hidden', issues.length > 0);
		/* A call-up being chosen stays as it is. */
		const calls = JSON.stringify([tables.map(t => [t.id, t.game && t.game.sides.map(s => s.name), t.series && t.series.id]),
			due.map(d => d.series)]);
		/* Games entered by hand change seldom: looked at every 10 s,
		 * and after a change made here. */
		if (Date.now() - handAt > 10000 || handList.dataset.stale) {
			handAt = Date.now();
			delete handList.dataset.stale;
			const hand = await api('/api/games?by_hand=1&limit=10').catch(() => []);
			const handKeys = hand.map(g => `${g.id}:${g.status}:${g.result}:${g.winner}`).join(' ');
			/* A game being voided or corrected stays as it is. */
			if (handList.dataset.keys !== handKeys && !handList.contains(document.activeElement) &&
				!handList.querySelector('.ask')) {
				handList.replaceChildren(...hand.map(g => handGame(g, session)));
				handList.dataset.keys = handKeys;
			}
		}
		if (tablesList.dataset.calls !== calls) {
			const dueKey = due.map(d => [d.series, d.text]);
			redraw(tablesList, drawn.tables, tables.map(t => [JSON.stringify([t.id, t.name,
				t.game && t.game.sides.map(s => s.name), t.series && t.series.id, t.series ? [] : dueKey]), t]),
			t => tableRow(t, due));
			tablesList.dataset.calls = calls;
		}
	};
	/* One load at a time: events that come during one ask for one
	 * more, however fast the tables play. */
	let loading = false, again = false, failed = false;
	const refresh = async () => {
		if (loading) { again = true; return; }
		loading = true;
		do {
			again = false;
			try {
				await load();
				if (failed) status('');
				failed = false;
			} catch (e) { failed = true; status(e.message, 'foul'); }
		} while (again);
		loading = false;
	};
	await refresh();
	follow(refresh);
}

/* A game entered by hand on the console: void it or correct it, each
 * asked first, through the commands void-game and correct-game. What
 * the daemon answered stays with the game when the list is drawn anew. */
const handSaid = {};

function handGame(g, session) {
	const out = el('span', { class: 'muted outcome', text: handSaid[g.id] || '' });
	const row = el('li', { class: 'hand-game', 'data-game': String(g.id) },
		link(`/games/${g.id}`, `game ${g.id}`), ': ', `${g.sides.map(s => s.name).join(' v ')} · `, resultCell(g));
	if (g.status !== 'finished') {
		row.append(' ', out);
		return row;
	}
	const post = async (what, body) => {
		out.textContent = '…';
		try {
			const r = await act(`/api/games/${g.id}/${what}`, body, { 'X-CSRF-Token': session.csrf });
			out.textContent = handSaid[g.id] = r.outcome || 'queued; pitbossd has not answered yet';
			if (row.parentNode) row.parentNode.dataset.stale = '1';
		} catch (e) { out.textContent = e.message; }
	};
	const reason = el('input', { name: 'reason', size: 18, 'aria-label': `why, for game ${g.id}`, placeholder: 'why' });
	const force = el('input', { type: 'checkbox', name: 'force' });
	const winner = el('select', { name: 'winner', 'aria-label': `result of game ${g.id}` },
		...g.sides.map((s, i) => el('option', { value: String(i + 1), text: `${s.name} wins` })),
		el('option', { value: 'draw', text: 'draw' }));
	if (g.result === 'win') winner.value = String(g.winner + 1);
	else if (g.result === 'draw') winner.value = 'draw';
	const points = el('input', { name: 'points', size: 6, 'aria-label': `points of game ${g.id}`,
		title: `points by seat, ${g.sides.map(s => s.seat).join(',')}`,
		value: g.sides.map(s => s.points).join(',') });
	const ask = () => { out.textContent = reason.value.trim() ? '' : 'Say why first.'; return !out.textContent; };
	const voidB = el('button', { type: 'button', class: 'danger', 'data-action': 'void', text: 'Void' });
	voidB.addEventListener('click', () => ask() && askFirst(voidB, 'Void', () =>
		post('void', { reason: reason.value, force: force.checked ? '1' : '' }),
		() => `Game ${g.id} will no longer count, and a series it decided opens again.`));
	const fixB = el('button', { type: 'button', class: 'danger', 'data-action': 'correct', text: 'Correct' });
	fixB.addEventListener('click', () => ask() && askFirst(fixB, 'Correct', () =>
		post('correct', { reason: reason.value, force: force.checked ? '1' : '',
			...(winner.value === 'draw' ? { draw: '1' } : { winner: winner.value, points: points.value }) })));
	row.append(el('div', { class: 'actions' }, reason, ' ', voidB, ' ', winner, ' ', points, ' ', fixB, ' ',
		el('label', { class: 'inline' }, force, ' also undo later matches')), out);
	return row;
}

/* The series that wait for a table: drawn, both players known, no
 * table playing them, neither player at a table now. */
async function dueSeries(tables) {
	const list = await api('/api/tournaments').catch(() => []);
	const busy = new Set(tables.filter(t => t.series).map(t => t.series.id));
	const seated = new Set(tables.filter(t => t.series).flatMap(t => t.series.players.map(p => p.id)));
	const due = [];
	for (const t of list.filter(x => x.status === 'drawn' || x.status === 'playing')) {
		const matches = await api(`/api/tournaments/${t.id}/bracket`).catch(() => []);
		for (const m of matches) if (m.how === 'pending' && m.series && !busy.has(m.series) &&
			m.players.every(p => p.id && !seated.has(p.id)))
			due.push({ series: m.series, text: `${t.name}, match ${m.match + 1}: ${m.players.map(p => p.name).join(' v ')}` });
	}
	return due;
}

function seriesName(s) {
	return `match ${s.match + 1}: ${s.players.map(p => `${p.name} ${p.total}`).join(' – ')}`;
}

/* Calls a due series to a free table: the command word assign. */
function callForm(t, due, send) {
	const which = el('select', { name: 'series', 'aria-label': `series for ${t.name}` },
		...due.map(d => el('option', { value: String(d.series), text: d.text })));
	const out = el('span', { class: 'muted outcome' });
	const form = el('form', { class: 'inline call', 'data-action': 'assign' }, which,
		el('button', { type: 'submit', class: 'confirm', text: 'Assign' }), out);
	form.addEventListener('submit', e => { e.preventDefault(); send(t, 'assign', which.value, out); });
	return form;
}

/* ----------------------------------------------- the hidden-code game */

/* The hidden-code game's part of a player's page: whose turn it is and
 * what to do, pegs to tap for a guess or a claim, the three marks. */
const CODE_COLOURS = ['-', 'R', 'O', 'Y', 'G', 'B', 'P'];

function codePlay(ctx) {
	const { live, seat, names, send } = ctx;	/* ctx.game: the game's summary */
	const st = codeState(live.position);
	const name = x => names[x] || `seat ${x}`;
	const last = st.rows[st.rows.length - 1];
	const turn = live.to_move;
	const marking = last && turn && last.marks[Number(turn) - 1] === '.';
	const box = el('div', { id: 'my-turn' });
	box.append(el('p', { class: 'turn-line', id: 'turn', text: !turn ? 'The game is over.' :
		marking ? `${name(turn)} is to mark ${name(last.who)}'s guess.` : `${name(turn)} is to guess.` }));
	if (live.last) box.append(verdictBanner(live.last, ctx.game, turn, false));
	if (!seat || String(seat) !== String(turn)) return box;
	if (marking) {
		box.append(el('p', { text: `Mark ${name(last.who)}'s guess against your secret:` }));
		const marks = el('div', { class: 'mark-buttons' });
		for (const [word, label, help] of [['black', 'Black', 'your colour at your place'],
			['white', 'White', 'your colour, another place'], ['none', 'None', 'your colour is not there']])
			marks.append(el('button', { type: 'button', class: `mark-${word}`, id: `mark-${word}`,
				on: { click: () => send(`${seat}:${word}`) } }, el('b', { text: label }), el('small', { text: ` ${help}` })));
		box.append(marks);
		return box;
	}
	const code = ctx.code || (ctx.code = ['-', '-', '-', '-', '-']);
	const pegs = el('div', { class: 'peg-row', id: 'pegs' });
	const draw = () => pegs.replaceChildren(...code.map((c, i) => el('button', { type: 'button',
		class: `peg-button peg-${c === '-' ? 'blank' : c}`, 'data-place': String(i + 1),
		'aria-label': `place ${i + 1}: ${PEG_NAME[c]}`, text: c === '-' ? '' : c,
		on: { click: () => { code[i] = CODE_COLOURS[(CODE_COLOURS.indexOf(code[i]) + 1) % CODE_COLOURS.length]; draw(); } } })));
	draw();
	box.append(el('p', { class: 'muted', text: 'Tap a place to change its colour (blank, R, O, Y, G, B, P).' }), pegs,
		el('div', { class: 'mark-buttons' },
			el('button', { type: 'button', id: 'send-guess', text: 'Guess', on: { click: () => send(`${seat}:${code.join('')}`) } }),
			el('button', { type: 'button', id: 'claim', class: 'secondary', text: 'Claim this code',
				on: { click: () => send(`${seat}:claim=${code.join('')}`) } }),
			el('button', { type: 'button', id: 'pass', class: 'secondary', text: 'Pass', on: { click: () => send(`${seat}:pass`) } })));
	return box;
}

/* A player's own page at his table: his secret, the game as it goes,
 * his moves (tapped where the game's renderer offers it). A wrong PIN
 * clears what the page showed of the previous player. */
async function pagePlay() {
	const id = pageId();
	let t = await api(`/api/tables/${id}`);
	const names = seatNames(t.game) || {};
	const sides = t.game && t.game.sides ? t.game.sides : [];
	const seat = sides.length ? el('select', { name: 'seat', id: 'seat', 'aria-label': 'who you are' },
		...sides.map(x => el('option', { value: x.seat, text: x.name }))) :
		el('input', { name: 'seat', id: 'seat', size: 2, inputmode: 'numeric', 'aria-label': 'seat' });
	const pin = el('input', { name: 'pin', id: 'pin', type: 'password', size: 8, inputmode: 'numeric',
		autocomplete: 'off', 'aria-label': 'PIN' });
	const secret = el('p', { id: 'secret', class: 'banner ok hidden' });
	const move = el('input', { name: 'move', id: 'move', size: 14, 'aria-label': 'move' });
	const out = el('p', { id: 'play-outcome', class: 'muted' });
	const game = el('div', { id: 'play-game' });
	const me = { seat: null, ctx: {} };
	const forget = () => {
		me.seat = null;
		me.ctx = {};
		secret.textContent = '';
		secret.classList.add('hidden');
	};
	const post = async (what, fields) => {
		try {
			return await act(`/api/tables/${id}/${what}`,
				Object.assign({ seat: seat.value, pin: pin.value }, fields || {}));
		} catch (err) {
			if (/wrong seat or PIN|too many/.test(err.message)) { forget(); draw(); }
			throw err;
		}
	};
	const showSecret = async () => {
		const r = await post('secret');
		me.seat = seat.value;
		secret.textContent = r.view;
		secret.classList.remove('hidden');
	};
	const send = async text => {
		try {
			const r = await post('play', { move: text });
			out.textContent = r.outcome || 'queued; pitbossd has not answered yet';
			me.ctx = {};
		} catch (err) { out.textContent = err.message; }
	};
	const draw = () => {
		const live = t.live;
		const kind = live ? live.game : null;
		const r = renderers[kind] || {};
		const parts = [playersLine(kind, t.game, live ? live.to_move : null)];
		if (live) parts.push(gameBoard(kind, live.position, t.board, { names }));
		if (live && r.play) parts.push(r.play(Object.assign(me.ctx, { live, names, send, game: t.game,
			seat: me.seat === seat.value ? me.seat : null })));
		game.replaceChildren(...parts);
	};
	const who = el('form', { class: 'inline', id: 'who' }, el('label', {}, 'I am ', seat),
		el('label', {}, 'PIN ', pin), el('button', { type: 'submit', text: 'Show my secret' }));
	who.addEventListener('submit', async e => {
		e.preventDefault();
		forget();
		try { await showSecret(); status(''); } catch (err) { status(err.message, 'foul'); }
		draw();
	});
	seat.addEventListener('change', () => { forget(); draw(); });
	const mine = el('form', { class: 'inline', id: 'my-move' }, el('label', {}, 'Type a move ', move),
		el('button', { type: 'submit', text: 'Send' }));
	mine.addEventListener('submit', e => { e.preventDefault(); send(move.value); });
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
			await showSecret();
		} catch (err) { drawn.value = ''; out.textContent = err.message; }
		draw();
	});
	$('title').textContent = `At ${t.name}`;
	$('content').replaceChildren(
		el('p', { class: 'muted', text: 'Keep this screen to yourself: it shows what only you may know.' }),
		who, secret, enter, game, out, mine, el('p', {}, link(`/tables/${id}`, 'the table')));
	draw();
	status('');
	follow(v => {
		if (String(v.board) !== String(id)) return;
		latest(id, async () => { t = await api(`/api/tables/${id}`); draw(); });
	});
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
		content.replaceChildren(el('p', { class: 'muted', text: 'Logged in as the arbiter.' }), out,
			el('div', { id: 'console' }));
		status('');
		return arbiterConsole(session, $('console'));
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

renderers.codegame.play = codePlay;

Object.assign(pages, { admin: pageAdmin, play: pagePlay, tournament: pageTournament, tournaments: pageTournaments, players: pagePlayers, tv: pageTv,
	ratings: pageRatings });
