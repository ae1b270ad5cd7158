// Transport in the dashboard, run by dashboard.test.mjs as one group
// against a pitbossd whose table 1 ("Bay") is a Transport table on the
// 8x8 board without sensors (source = manual), and whose tournament 1 is
// a round robin of Transport kept with pitboss (series 1 played out).
// The arbiter composes moves on the table page by tapping: a launch and
// its pointing, a plane's move and its new pointing, a destroyer's move;
// the board redraws live after each; table 2 ("Cove") replays an
// occupancy board that leaves a launch held, which the arbiter completes
// by tapping; the game is replayed on its page;
// the pages fit a phone (390x844) and a screen (1920x1080).
//   t: { browser, url, password, ok, note, shot, settled, watch, until, json }

const square = (page, sq) => page.click(`#content svg.tp-svg rect[data-square="${sq}"]`);

/* The pieces drawn on the table page, as their position text words. */
const drawn = page => page.$$eval('#content svg.tp-svg .tp-piece', gs => gs.map(g => g.dataset.piece).sort().join(' '));

async function login(page, t) {
	await page.goto(`${t.url}/admin`);
	await t.settled(page);
	await page.fill('#password', t.password);
	await page.click('#login button[type=submit]');
	return page.waitForSelector('#logout', { timeout: 5000 }).then(() => true, () => false);
}

/* Waits for the table's live position to be `want` (a RegExp). */
async function livePosition(t, want) {
	return t.until(async () => {
		const tb = await t.json(`${t.url}/api/tables/1`);
		const p = tb.live && tb.live.position;
		return p && want.test(p) ? p : null;
	}, 15000);
}

export async function transportTests(t) {
	const { ok, note, browser } = t;
	const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const page = await context.newPage();
	const w = t.watch(page);
	if (!ok(await login(page, t), 'the arbiter logs in at the Transport daemon'))
		return;
	/* A game started from the page's form. */
	await page.goto(`${t.url}/tables/1`);
	await t.settled(page);
	await page.fill('#admin form[data-kind=start] input', '');
	await page.click('#admin form[data-kind=start] button');
	await page.click('#admin .ask button.yes');
	const started = await livePosition(t, /^S: Ua1! Cb1b2 Td1 Bg1g2 Dh1! reserve P2 H5 O4 \/ N:.* \/ S \/ 0$/);
	ok(started !== null, 'a Transport game starts on the table', started);
	const tb = await t.json(`${t.url}/api/tables/1`);
	const gameId = tb.game && tb.game.id;
	note(`the game is ${gameId}`);
	await page.waitForSelector('#content svg.tp-svg .tp-piece[data-piece="Td1"]', { timeout: 10000 });
	const board = await page.$eval('#content svg.tp-svg', s => ({
		squares: s.querySelectorAll('rect.tp-sq').length, dark: s.querySelectorAll('rect.tp-sq.dark').length,
		a1: s.querySelector('rect[data-square="a1"]').getAttribute('class') }));
	ok(board.squares === 64 && board.dark === 32 && /dark/.test(board.a1),
		'the 8x8 board is drawn, a1 dark', JSON.stringify(board));
	ok((await drawn(page)) === 'Bb8b7 Bg1g2 Cb1b2 Cg8g7 Da8! Dh1! Td1 Te8 Ua1! Uh8!',
		'every ship is drawn where the position puts it', await drawn(page));
	const sides = await page.$$eval('#content .tp-side', ds => ds.map(d => d.textContent));
	ok(sides.length === 2 && sides.every(s => s.includes('2 planes, 5 shells, 4 torpedoes')),
		'each side\'s reserve is shown', JSON.stringify(sides));

	/* The carrier launches a plane onto c3, pointed north-east. */
	await page.click('#compose button[data-launch="C"]');
	await square(page, 'c3');
	ok((await page.textContent('#compose-move')) === 'C*c3:?', 'a launch asks for its pointing',
		await page.textContent('#compose-move'));
	await t.shot(page, 'transport-compose-390');
	await page.click('#compose .tp-rose button[data-dir="ne"]');
	ok(await livePosition(t, /Pc3:ne reserve P1 .* \/ N \/ 1$/) !== null,
		'the launch tapped on the page is played: C*c3:ne');
	const plane = await page.waitForSelector('#content svg.tp-svg .tp-piece[data-piece="Pc3:ne"]',
		{ timeout: 10000 }).then(() => true, () => false);
	ok(plane, 'the board redraws live: the plane on c3 pointing north-east', await drawn(page));

	/* North's destroyer: a piece tapped, then its square. */
	await square(page, 'a8');
	await square(page, 'a7');
	ok((await page.textContent('#compose-move')) === 'Da8-a7', 'tapping a piece and a square writes its move',
		await page.textContent('#compose-move'));
	await page.click('#compose-send');
	ok(await livePosition(t, /Da7 / ) !== null, 'the destroyer\'s move is played: Da8-a7');
	await page.waitForSelector('#content svg.tp-svg .tp-piece[data-piece="Da7"]', { timeout: 10000 });

	/* The plane two squares along its pointing, re-pointed north. */
	await square(page, 'c3');
	await square(page, 'e5');
	await page.click('#compose .tp-rose button[data-dir="n"]');
	ok(await livePosition(t, /Pe5:n /) !== null, 'a plane\'s move with its new pointing is played: Pc3-e5:n');
	await page.waitForSelector('#content svg.tp-svg .tp-piece[data-piece="Pe5:n"]', { timeout: 10000 });
	const last = await page.$$eval('#content svg.tp-svg rect.last', rs => rs.map(r => r.dataset.square).sort().join(' '));
	ok(last === 'c3 e5', 'the last move\'s squares are marked', last);
	const moves = await page.$$eval('#content table.list tr', trs => trs.map(tr => tr.textContent));
	ok(moves.some(m => m.includes('Pc3-e5:n')) && moves.some(m => m.includes('C*c3:ne')),
		'the move list shows the notation', JSON.stringify(moves.slice(0, 4)));
	const m = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth,
		cw: document.documentElement.clientWidth,
		board: document.querySelector('#content svg.tp-svg').getBoundingClientRect().toJSON() }));
	ok(m.sw <= m.cw && m.board.x >= 0 && m.board.x + m.board.width <= 390 && m.board.width >= 300,
		'the table page at 390x844: the board fits, no sideways scrolling', JSON.stringify(m));
	await t.shot(page, 'transport-table-390');

	/* The rest of the game, typed where the page has the field. */
	for (const mv of ['Da7-a6', 'Pe5-e7:n', 'Da6-a5', 'Pe7-e8']) {
		await page.fill('#admin form[data-kind=entry] input', mv);
		await page.press('#admin form[data-kind=entry] input', 'Enter');
		const re = new RegExp(mv === 'Pe7-e8' ? 'S-won' : mv.replace(/^.*-/, '').replace(/:.*/, ''));
		ok(await livePosition(t, re) !== null, `${mv} entered by hand is played`,
			await page.textContent('#command-outcome'));
	}
	const over = await livePosition(t, /S-won:sunk/);
	ok(over !== null, 'the plane sinks the transport: South wins', over);
	const left = await t.until(async () => (await page.inputValue('#admin form[data-kind=entry] input')) === '' || null, 5000);
	ok(left !== null, 'a move taken leaves the entry field: Enter never sends it again',
		await page.inputValue('#admin form[data-kind=entry] input'));

	w.stop();
	ok(w.problems.length === 0, 'the Transport table page: no console errors or failed requests', ...w.problems);

	/* Table 2's occupancy board (a replayed trace) leaves a launch held:
	 * c3 filled, its pointing unseen. The page offers the moves that fit;
	 * the arbiter taps the launcher, c3, then the direction, and the
	 * game records the move. */
	const hw = t.watch(page);
	await page.goto(`${t.url}/tables/2`);
	await t.settled(page);
	const hold = await t.until(async () => {
		const tb2 = await t.json(`${t.url}/api/tables/2`);
		return tb2.live && tb2.live.held && tb2.game ? tb2 : null;
	}, 20000);
	ok(hold !== null, 'the occupancy board leaves a Transport launch held for its direction');
	const offered = await page.waitForSelector('#compose-held button', { timeout: 10000 }).then(
		() => page.$$eval('#compose-held button', bs => bs.map(b => b.dataset.move).join(' ')), () => '');
	ok(offered === 'C*c3:n C*c3:ne C*c3:e C*c3:se C*c3:s C*c3:sw C*c3:w C*c3:nw',
		'the held launch\'s candidates are offered on the table page', offered);
	const hm = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth,
		cw: document.documentElement.clientWidth }));
	ok(hm.sw <= hm.cw, 'the held table page at 390x844: the hold\'s long list of moves wraps, no sideways scrolling',
		JSON.stringify(hm));
	await t.shot(page, 'transport-held-390');
	await page.click('#compose button[data-launch="C"]');
	await square(page, 'c3');
	ok((await page.textContent('#compose-move')) === 'C*c3:?', 'tapping the launcher and c3 asks for the pointing',
		await page.textContent('#compose-move'));
	await page.click('#compose .tp-rose button[data-dir="sw"]');
	const done = await t.until(async () => {
		const tb2 = await t.json(`${t.url}/api/tables/2`);
		return tb2.live && !tb2.live.held && / Pc3:sw .* \/ N \/ 1$/.test(tb2.live.position || '') ? tb2 : null;
	}, 15000);
	ok(done !== null, 'the direction tapped completes the held launch: C*c3:sw is played, the hold gone',
		done && done.live.position);
	const gid = done && done.game && done.game.id;
	const rec = gid ? await t.json(`${t.url}/api/games/${gid}`) : null;
	const recorded = rec ? JSON.stringify(rec.moves || rec.game && rec.game.moves || rec) : '';
	ok(/C\*c3:sw/.test(recorded) && !/C\*c3:n"/.test(recorded), 'the game records the move made, C*c3:sw',
		recorded.slice(0, 300));
	await page.waitForSelector('#content svg.tp-svg .tp-piece[data-piece="Pc3:sw"]', { timeout: 10000 });
	ok(await page.$('#compose-held') === null, 'the page redraws: the plane on c3 pointing south-west, nothing held');
	await t.shot(page, 'transport-held-done-390');
	hw.stop();
	ok(hw.problems.length === 0, 'the held Transport table page: no console errors or failed requests', ...hw.problems);

	/* The game page replays it, at both sizes. */
	for (const [width, height] of [[390, 844], [1920, 1080]]) {
		const ctx = await browser.newContext({ viewport: { width, height } });
		const p = await ctx.newPage();
		const pw = t.watch(p);
		await p.goto(`${t.url}/games/${gameId}`);
		await t.settled(p);
		const end = await p.$$eval('#replay-board .tp-piece', gs => gs.map(g => g.dataset.piece).join(' '));
		const result = await p.textContent('#replay-board .tp-turn');
		await p.fill('#replay', '1');
		await p.dispatchEvent('#replay', 'input');
		const one = await p.$$eval('#replay-board .tp-piece', gs => gs.map(g => g.dataset.piece).join(' '));
		const label = await p.textContent('#replay-label');
		ok(!end.includes('Te8') && end.includes('Pe8') && /S won/.test(result) &&
			one.includes('Pc3:ne') && /C\*c3:ne/.test(label),
			`the game page at ${width}x${height} replays the game: the transport sunk at the end, the plane launched after move 1`,
			end, result, one, label);
		await p.fill('#replay', await p.$eval('#replay', e => e.max));
		await p.dispatchEvent('#replay', 'input');
		const lost = await p.textContent('#replay-board .tp-side[data-seat="N"]');
		ok(/destroyed: transport/.test(lost), 'North\'s transport is listed destroyed', lost);
		const mm = await p.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth,
			board: document.querySelector('#replay-board svg').getBoundingClientRect().toJSON() }));
		ok(mm.sw <= mm.cw && mm.board.x + mm.board.width <= width && mm.board.height <= Math.max(height, 700),
			`the game page at ${width}x${height}: the board fits`, JSON.stringify(mm));
		await t.shot(p, `transport-game-${width}`);
		/* A move held for its pointing, offered as the moves that fit. */
		const held = await p.evaluate(() => {
			const b = { game: 'transport', start: null, geometry: null };
			const sent = [];
			const start = document.querySelector('#replay').min;
			const e = gameBoard('transport', 'S: Ua1! Cb1b2 Td1 Bg1g2 Dh1! reserve P2 H5 O4 / N: Uh8! Cg8g7 Te8 Bb8b7 Da8! reserve P2 H5 O4 / S / 0',
				b, { enter: mv => sent.push(mv), held: ['C*c3:n', 'C*c3:ne'], key: `held-${start}` });
			document.body.append(e);
			const offered = [...e.querySelectorAll('#compose-held button')].map(x => x.dataset.move).join(' ');
			e.querySelector('#compose-held button[data-move="C*c3:ne"]').click();
			e.remove();
			return { offered, sent: sent.join(' ') };
		});
		ok(held.offered === 'C*c3:n C*c3:ne' && held.sent === 'C*c3:ne',
			'a held move is offered as the moves that fit, one tap enters it', JSON.stringify(held));
		/* The tournament of Transport series, kept with pitboss. */
		await p.goto(`${t.url}/tournaments/1`);
		await t.settled(p);
		const tour = await p.textContent('#content');
		const rounds = await p.$$eval('#bracket .round h3', hs => hs.map(h => h.textContent).join(', '));
		ok(/transport/i.test(tour) && /Ada/.test(tour) && /Dan/.test(tour) && /in play/.test(tour) &&
			rounds === 'Round 1, Round 2, Round 3',
			`the Transport round robin's page at ${width}x${height}: its rounds (${rounds}), not a knockout's`, tour.slice(0, 300));
		await t.shot(p, `transport-tournament-${width}`);
		await p.goto(`${t.url}/series/1`);
		await t.settled(p);
		const series = await p.textContent('#content');
		ok(/Ada/.test(series) && /Dan/.test(series) && /to 2/.test(series),
			`a Transport series' page at ${width}x${height}: the players, the target of wins`, series.slice(0, 300));
		const ms = await p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
		ok(ms, `the tournament and series pages at ${width}x${height}: no sideways scrolling`);
		pw.stop();
		ok(pw.problems.length === 0, `Transport pages at ${width}x${height}: no console errors or failed requests`, ...pw.problems);
		await ctx.close();
	}
	await context.close();
}
