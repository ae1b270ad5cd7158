// The club's pages in the dashboard, run by dashboard.test.mjs after its
// own groups, against the same daemons: at 390x844 and 1920x1080 no
// sideways scrolling and results naming their winners; a complete
// bracket (byes, a forfeit, the third-place match, the champion, match
// numbers as pitboss prints them), the indexes, the club room's screen,
// QR codes, plain words, the arbiter's console and its confirmations; a
// club's evening kept at the club's daemon; a game voided from the
// console; the evening's ratings page and a player's rating chart.
//   t: { browser, group, ok, note, ms, shot, settled, watch, until, json,
//        env: { DEMO, LIVE, PASSWORD, CLI, LIVE_DB, CLUB, CLUB_DB } }
import { execFileSync } from 'node:child_process';

export async function clubTests(t) {
	const { browser, group, ok, note, ms, shot, settled, watch, until, json, get } = t;
	const { DEMO, LIVE, PASSWORD, CLI, LIVE_DB, CLUB, CLUB_DB } = t.env;

	/* The club's pages: what a phone and the club room's screen show. */
	const SIZES = [[390, 844, 'phone'], [1920, 1080, 'screen']];
	await group('club pages', async () => {
		for (const [width, height, tag] of SIZES) {
			const context = await browser.newContext({ viewport: { width, height } });
			for (const [base, path] of [[DEMO, '/'], [DEMO, '/tv'], [DEMO, '/tournaments'], [DEMO, '/tournaments/1'],
				[DEMO, '/players'], [DEMO, '/players/1'], [DEMO, '/games/1'], [DEMO, '/series/1'],
				[LIVE, '/tournaments/1'], [LIVE, '/series/2'], [LIVE, '/tables/2']]) {
				const page = await context.newPage();
				const w = watch(page);
				await page.goto(base + path);
				const st = await settled(page);
				const m = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth,
					cw: document.documentElement.clientWidth,
					bare: [...document.querySelectorAll('td, .result, .how')].filter(e => /^wins?$/i.test(e.textContent.trim())).length }));
				await shot(page, `${tag}${base === LIVE ? '-live' : ''}${path.replace(/\//g, '_')}`);
				w.stop();
				ok(st.text === '' && m.sw <= m.cw && m.bare === 0 && w.problems.length === 0,
					`${path} at ${width}x${height}: no sideways scrolling, no bare "win", no errors`,
					JSON.stringify(m), st.text, ...w.problems);
				await page.close();
			}
			await context.close();
		}
	});

	await group('bracket', async () => {
		const api = await json(`${LIVE}/api/tournaments/1/bracket`);
		const t = await json(`${LIVE}/api/tournaments/1`);
		const shown = CLI ? execFileSync(CLI, ['tournament', 'show', '1'], { env: { ...process.env, PITBOSS_DB: LIVE_DB } }).toString() : '';
		const cliNumbers = shown.split('\n').filter(l => /^\d+ /.test(l)).map(l => {
			const f = l.split(/\s{2,}/);
			return `${f[0]} ${f[2].replace(/ \(\d+\)$/, '')}`;
		});
		for (const [width, height, tag] of SIZES) {
			const context = await browser.newContext({ viewport: { width, height } });
			const page = await context.newPage();
			await page.goto(`${LIVE}/tournaments/1`);
			await settled(page);
			const b = await page.evaluate(() => {
				const matches = [...document.querySelectorAll('.match')];
				return {
					numbers: matches.map(m => `${m.dataset.match} ${m.querySelector('.side .name').textContent.trim()}`),
					rounds: [...document.querySelectorAll('.bracket .round h3')].map(h => h.textContent),
					third: document.querySelector('#third-place .match') ? document.querySelector('#third-place .match').dataset.match : null,
					champion: document.getElementById('champion') ? document.getElementById('champion').textContent : '',
					winners: Object.fromEntries(matches.map(m => [m.dataset.match,
						[...m.querySelectorAll('.side.winner .name')].map(n => n.textContent.trim())])),
					hows: Object.fromEntries(matches.map(m => [m.dataset.match, m.querySelector('.how').textContent])),
					totals: Object.fromEntries(matches.map(m => [m.dataset.match,
						[...m.querySelectorAll('.total')].map(x => x.textContent).join('-')])),
					font: Math.min(...matches.map(m => parseFloat(getComputedStyle(m.querySelector('.side')).fontSize))),
					lines: [...document.querySelectorAll('.bracket .pair')].filter(p => getComputedStyle(p, '::after').content !== 'none').length,
					standings: [...document.querySelectorAll('#content table.list tr')].slice(1).map(r => [...r.cells].slice(1, 3).map(c => c.textContent).join(': ')),
				};
			});
			note(`${tag}: ${JSON.stringify(b)}`);
			ok(b.numbers.length === api.length && b.rounds.join(',') === 'Round 1,Semi-finals,Final' && b.third === '8',
				`${tag}: every match of the bracket is shown, the third-place match apart`, JSON.stringify(b.numbers), b.rounds, b.third);
			ok(cliNumbers.length === api.length &&
				JSON.stringify(cliNumbers.slice().sort()) === JSON.stringify(b.numbers.slice().sort()),
				`${tag}: match numbers and first players as pitboss tournament show prints them`,
				JSON.stringify(cliNumbers), JSON.stringify(b.numbers));
			ok(t.status === 'finished' && b.champion === `Champion: ${t.champion}`, `${tag}: the champion is named: "${b.champion}"`);
			const named = api.every(m => {
				const w = m.players.find(p => p.id && p.id === m.winner);
				const shownWinners = b.winners[String(m.match + 1)] || [];
				return w ? shownWinners.length === 1 && shownWinners[0] === w.name : shownWinners.length === 0;
			});
			ok(named, `${tag}: each match marks its winner, by name`, JSON.stringify(b.winners));
			const f = api.find(m => m.how === 'forfeit'), forfeit = f ? String(f.match + 1) : '';
			ok(f && /forfeited/.test(b.hows[forfeit]) && b.totals[forfeit] === '-',
				`${tag}: the forfeit says so, with no 0–0: "${b.hows[forfeit]}" "${b.totals[forfeit]}"`);
			const hows = Object.values(b.hows);
			ok(hows.filter(h => / has a bye$/.test(h)).length === api.filter(m => m.how === 'bye').length,
				`${tag}: byes are shown as byes`);
			ok(hows.every(h => !/^(played|win)$/.test(h)) && hows.filter(h => / wins /.test(h)).length >= 4,
				`${tag}: results name their winners`, JSON.stringify(b.hows));
			ok(b.font >= 14, `${tag}: bracket text is readable (${b.font} px)`);
			ok(tag === 'phone' || b.lines >= 3, `${tag}: connector lines join the rounds (${b.lines})`);
			ok(b.standings[0] === `${t.champion}: champion` && /third place$/.test(b.standings[2]) &&
				b.standings[b.standings.length - 1] === 'Eve: out in round 1 to Cleo (forfeited)',
				`${tag}: standings: champion first, third place, the forfeiter last, out "to" whom`, JSON.stringify(b.standings));
			await shot(page, `${tag}-bracket`);
			await context.close();
		}
	});

	await group('indexes and results', async () => {
		const list = await json(`${DEMO}/api/tournaments`);
		ok(list.length === 1 && list[0].name === 'Demo Cup' && list[0].status === 'playing',
			`/api/tournaments lists the demo's, playing once its games are on: ${JSON.stringify(list.map(t => [t.name, t.status]))}`);
		const some = await json(`${LIVE}/api/players?name=A&limit=2`);
		ok(some.players.length === 2 && some.total >= 3 && some.players.every(p => /a/i.test(p.name)),
			`/api/players filters by name, a page at a time: ${JSON.stringify(some)}`);
		const next = await json(`${LIVE}/api/players?name=A&limit=2&offset=2`);
		ok(next.offset === 2 && next.players.length >= 1 && !next.players.some(p => some.players.some(q => q.id === p.id)),
			'the next page holds the next players');
		const html = await get(`${LIVE}/no/such/page`);
		const body = await html.text();
		ok(html.status === 404 && /text\/html/.test(html.headers.get('content-type')) && /No such page/.test(body),
			`an unknown page answers an HTML 404 (${html.status} ${html.headers.get('content-type')})`);
		const api = await get(`${LIVE}/api/no/such`);
		ok(api.status === 404 && /json/.test(api.headers.get('content-type')) && (await api.json()).status === 404,
			'an unknown API address answers a JSON 404');

		const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
		const page = await context.newPage();
		const w = watch(page);
		await page.goto(`${LIVE}/players`);
		await settled(page);
		await page.fill('#player-name', 'an');
		await page.click('#player-filter button[type=submit]');
		await page.waitForFunction(() => [...document.querySelectorAll('#player-list a')].length > 0 &&
			[...document.querySelectorAll('#player-list a')].every(a => /an/i.test(a.textContent)), null, { timeout: 5000 }).catch(() => null);
		const found = await page.$$eval('#player-list a', as => as.map(a => a.textContent));
		ok(found.length >= 2 && found.every(n => /an/i.test(n)), `/players finds players by a part of the name: ${found}`);

		const cleo = (await json(`${LIVE}/api/players?name=Cleo`)).players[0];
		const games = await json(`${LIVE}/api/players/${cleo.id}/history`);
		const g = games.find(x => x.status === 'finished' && x.result === 'win' && x.tournament === 1);
		const rival = g.sides.find(x => x.player !== cleo.id).name;
		const against = games.filter(x => x.sides.some(y => y.name === rival));
		await page.goto(`${LIVE}/players/${cleo.id}`);
		await settled(page);
		await page.fill('#filters input[name=opponent]', rival.toLowerCase());
		await page.click('#filters button[type=submit]');
		await page.waitForFunction(k => document.querySelectorAll('#history tr').length === k + 1, against.length,
			{ timeout: 5000 }).catch(() => null);
		const rows = await page.$$eval('#history tr', rs => rs.slice(1).map(r => [...r.cells].map(c => c.textContent)));
		ok(rows.length === against.length && rows.every(r => r[2].includes(rival) && /^\S+ wins \d+–\d+$|^draw /.test(r[3])),
			`Cleo's history filtered by the opponent's name (${rival}), results naming winners: ${JSON.stringify(rows)}`);

		await page.goto(`${LIVE}/games/${g.id}`);
		await settled(page);
		const result = await page.textContent('#result');
		const winner = g.sides[g.winner].name;
		ok(new RegExp(`^${winner} wins \\d+–\\d+$`).test(result), `a game's page names its winner: "${result}"`);
		ok(await page.$(`#content a[href="/tournaments/1"]`) !== null, 'and links its tournament');
		// The value bar of a finished game: every position's value from
		// the solver, the last one the final margin, exact.
		const values = await until(async () => {
			const v = await json(`${LIVE}/api/games/${g.id}/values`);
			return v.complete ? v : null;
		}, 60000);
		const full = await json(`${LIVE}/api/games/${g.id}`);
		const last = values && values.values[values.values.length - 1];
		ok(values !== null && values.values.length === full.moves.length + 1 && last.exact &&
			last.value === full.sides[0].score - full.sides[1].score,
			'a finished game has a solver\'s value for every position, the last its final margin',
			JSON.stringify(last), JSON.stringify(full.sides));
		await page.goto(`${LIVE}/games/${g.id}`);
		await settled(page);
		const bar = await page.waitForSelector('#value-bar #value-label', { timeout: 20000 }).catch(() => null);
		const barText = bar ? await bar.textContent() : '';
		const margin = full.sides[0].score - full.sides[1].score;
		const expectText = margin === 0 ? 'even with perfect play' :
			`${margin > 0 ? 'S' : 'N'} +${Math.abs(margin)} with perfect play`;
		ok(barText === expectText, `the replay shows the value bar: "${barText}"`, expectText);
		await page.$eval('#replay', s => { s.value = '0'; s.dispatchEvent(new Event('input')); });
		const startText = await page.$eval('#value-label', e => e.textContent).catch(() => '');
		ok(/^(S \+\d+|N \+\d+|even)( with perfect play| \(estimate, not solved\)) · best [a-f]$/.test(startText),
			`and at the start a value with a best move, said to be exact or an estimate: "${startText}"`);
		w.stop();
		ok(w.problems.length === 0, 'no console errors or failed requests', ...w.problems);
		await context.close();
	});

	await group('club room and QR codes', async () => {
		const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
		const page = await context.newPage();
		const w = watch(page);
		await page.goto(`${DEMO}/tv`);
		await settled(page);
		await page.waitForSelector('#tv .card svg.board');
		const tv = await page.evaluate(() => ({
			cards: [...document.querySelectorAll('#tv .card')].map(c => { const r = c.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }),
			board: Math.min(...[...document.querySelectorAll('#tv svg.board')].map(b => b.getBoundingClientRect().height)),
			sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth,
		}));
		const tables = await json(`${DEMO}/api/tables`);
		ok(tv.cards.length === tables.length && tv.cards.every(c => c[0] >= 0 && c[0] + c[2] <= 1920 && c[1] + c[3] <= 1080) &&
			tv.sw <= 1920 && tv.board >= 250,
			`the club room's screen shows every table large, side by side, in 1920x1080`, JSON.stringify(tv));
		await shot(page, 'screen-tv');
		await page.goto(`${LIVE}/tournaments/1`);
		await settled(page);
		const known = ["11111110011010011111101111111","10000010100000011011001000001","10111010000100101000101011101","10111010000101011011101011101","10111010110111111001101011101","10000010000100111111001000001","11111110101010101010101111111","00000000011000001101000000000","10101010010000011101000010010","11111100001001000000011001001","10111011011000100100110000111","10100101111111100111010011010","00111011011010100100011001011","01010001011000101110011101101","10001010010101001000110000011","01100101010000011111001101010","11111011001110000101011000011","01010000110011001110011000101","10111010100100101110101111011","01100101000111101100001001010","10110111010000111101111110000","00000000111010101000100010111","11111110011111000101101011011","10000010011000011101100010000","10111010111110001100111110011","10111010010110001101000011011","10111010100100000011000111001","10000010010101011111110100010","11111110111000011101111100011"];
		const qr = await page.evaluate(() => ({
			matrix: qrMatrix('http://club.local:8080/tournaments/12').map(r => r.map(d => d ? '1' : '0').join('')),
			svg: document.querySelector('#qr svg.qr') !== null,
			label: document.querySelector('#qr svg.qr') ? document.querySelector('#qr svg.qr').getAttribute('aria-label') : '',
		}));
		ok(JSON.stringify(qr.matrix) === JSON.stringify(known),
			'the QR encoder gives the reference matrix of a fixed address (version 3, level M, mask 0)');
		ok(qr.svg && qr.label === `QR code of ${LIVE}/tournaments/1`, `the tournament page carries its QR code: ${qr.label}`);
		await page.goto(`${LIVE}/tables/1`);
		await settled(page);
		ok(await page.$('#qr svg.qr') !== null, 'and a table page its own');
		w.stop();
		ok(w.problems.length === 0, 'no console errors or failed requests', ...w.problems);
		await context.close();
	});

	/* Verdicts carry their cause; the public pages phrase them by it. */
	await group('plain words', async () => {
		const t4 = await until(async () => {
			const t = await json(`${LIVE}/api/tables/4`);
			return t.live && t.live.held ? t : null;
		}, 15000);
		if (!ok(t4 !== null, 'table 4 holds a move for the arbiter')) return;
		const last = t4.live.last;
		ok(last.kind === 'hold' && /^(ambiguous|held-fault)$/.test(last.cause) && Array.isArray(last.places),
			`the table's last verdict carries its cause and places: ${JSON.stringify(last)}`);
		/* The kept events, from the start. */
		const ac = new AbortController();
		const r = await fetch(`${LIVE}/api/events`, { headers: { 'Last-Event-ID': '0' }, signal: ac.signal });
		const reader = r.body.getReader();
		const utf8 = new TextDecoder();
		let text = '';
		const stop = Date.now() + 10000;
		while (!/"kind":"hold"[^\n]*\n/.test(text) && Date.now() < stop) {
			const { value, done } = await Promise.race([reader.read(),
				new Promise(res => setTimeout(() => res({ done: true }), 3000))]);
			if (done) break;
			text += utf8.decode(value, { stream: true });
		}
		ac.abort();
		/* Whole lines only: the last read may end inside one. */
		const events = text.slice(0, text.lastIndexOf('\n') + 1).split('\n')
			.filter(l => l.startsWith('data: ')).map(l => JSON.parse(l.slice(6)));
		const hold = events.find(e => e.table === 4 && e.kind === 'hold');
		/* A stream catches up on the newest verdicts only (32 KiB): on a
		 * busy evening table 4's hold may be older than that. */
		ok(events.length > 0 && events.every(e => typeof e.cause === 'string' && Array.isArray(e.places)) &&
			(!hold || hold.cause === last.cause),
			`every verdict event carries "cause" and "places" (${events.length} events; table 4's hold: ${hold ? hold.cause : 'older than the catch-up'})`);
		const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
		const page = await context.newPage();
		await page.goto(`${LIVE}/tables/4`);
		await settled(page);
		const said = await page.evaluate(l => ({ banner: document.querySelector('.banner[data-verdict]') ?
			document.querySelector('.banner[data-verdict]').textContent : '', plain: plainPart(l.text) }), last);
		const details = last.text.slice(said.plain.length).replace(/^[;:,]?\s*/, '');
		ok(/^Gus plays \S+(\? Waiting|: waiting) for the arbiter\.$/.test(said.banner) && (!details || !said.banner.includes(details)),
			`a spectator reads the held move plainly: "${said.banner}" (the referee said "${last.text}")`);
		await context.close();
	});

	await group('console', async () => {
		const t4 = await until(async () => {
			const t = await json(`${LIVE}/api/tables/4`);
			return t.live && t.live.held ? t : null;
		}, 15000);
		if (!ok(t4 !== null, 'table 4 holds a move for the arbiter')) return;
		for (const [width, height, tag] of SIZES) {
			const context = await browser.newContext({ viewport: { width, height } });
			const page = await context.newPage();
			const w = watch(page);
			await page.goto(`${LIVE}/admin`);
			await settled(page);
			await page.fill('#password', PASSWORD);
			await page.click('#login button[type=submit]');
			await page.waitForSelector('#issues li[data-table="4"]', { timeout: 8000 }).catch(() => null);
			const issue = await page.evaluate(() => {
				const li = document.querySelector('#issues li[data-table="4"]');
				return li ? { kind: li.dataset.kind, text: li.textContent,
					actions: [...li.querySelectorAll('[data-action]')].map(b => b.dataset.action).join(' '),
					danger: [...li.querySelectorAll('button.danger')].map(b => b.dataset.action).join(' '),
					sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth } : null;
			});
			ok(issue && issue.kind === 'hold' && /Gus plays/.test(issue.text) && issue.actions === 'confirm reject correct' &&
				issue.danger === 'reject' && issue.sw <= issue.cw,
				`${tag}: the console lists table 4's held move with its actions, reject marked apart`, JSON.stringify(issue));
			await page.click('#issues li[data-table="4"] button[data-action=reject]');
			const ask = await page.textContent('#issues li[data-table="4"] .ask').catch(() => '');
			ok(/Really reject\?/.test(ask), `${tag}: reject asks first: "${ask}"`);
			await shot(page, `${tag}-console`);
			await page.click('#issues li[data-table="4"] .ask button.secondary');
			ok(await page.$('#issues li[data-table="4"] .ask') === null && (await json(`${LIVE}/api/tables/4`)).live.held,
				`${tag}: cancelled, nothing was sent`);
			/* A move being typed when the list is drawn anew (another
			 * table's issue came or went): its field keeps its focus,
			 * its text and its caret. */
			const field = '#issues li[data-table="4"] input[name=correct]';
			await page.fill(field, 'abcd');
			await page.evaluate(f => document.querySelector(f).setSelectionRange(1, 3), field);
			await page.evaluate(() => {
				document.getElementById('issues').dataset.keys = 'drawn anew';
				window.pitbossEvents.dispatchEvent(new MessageEvent('verdict', { data: '{}' }));
			});
			await page.waitForFunction(() => document.getElementById('issues').dataset.keys !== 'drawn anew', null,
				{ timeout: 8000 }).catch(() => null);
			const kept = await page.evaluate(f => {
				const a = document.activeElement;
				return { redrawn: document.getElementById('issues').dataset.keys !== 'drawn anew',
					focused: a === document.querySelector(f), value: a && a.value,
					caret: a && [a.selectionStart, a.selectionEnd] };
			}, field);
			ok(kept.redrawn && kept.focused && kept.value === 'abcd' && (kept.caret || []).join() === '1,3',
				`${tag}: a move typed on the console keeps its focus, text and caret when the rows are drawn anew`,
				JSON.stringify(kept));
			await page.fill(field, '');
			await page.goto(`${LIVE}/tables/4`);
			await settled(page);
			await page.click('#admin form[data-kind=start] button[type=submit]');
			const over = await page.textContent('#admin .ask').catch(() => '');
			ok(/under way/.test(over) && /voids it/.test(over), `${tag}: starting a game over one under way says so: "${over}"`);
			await page.click('#admin .ask button.secondary');
			const classes = await page.$$eval('#admin [data-kind]', els => els.map(e => `${e.dataset.kind}:${(e.tagName === 'FORM' ? e.querySelector('button') : e).className}`).join(' '));
			ok(/confirm:confirm/.test(classes) && /reject:danger/.test(classes) && /undo:danger/.test(classes) && /end:danger/.test(classes) &&
				/start:danger/.test(classes), `${tag}: destructive commands look different from confirm: ${classes}`);
			if (tag === 'screen') {
				await page.goto(`${LIVE}/admin`);
				await settled(page);
				await page.waitForSelector('#issues li[data-table="4"] button[data-action=confirm]');
				await page.click('#issues li[data-table="4"] button[data-action=confirm]');
				const gone = await until(async () => !(await json(`${LIVE}/api/tables/4`)).live.held, 10000);
				ok(gone, 'confirm from the console: the move is taken');
				await page.waitForFunction(() => !document.querySelector('#issues li[data-table="4"][data-kind=hold]'), null,
					{ timeout: 10000 }).catch(() => null);
				ok(await page.$('#issues li[data-table="4"][data-kind=hold]') === null, 'and leaves the console');
			}
			w.stop();
			ok(w.problems.length === 0, `${tag}: no console errors or failed requests`, ...w.problems);
			await context.close();
		}
	});

	/* A club's evening as a new organiser keeps it: the players and
	 * the draw with pitboss, the two tables called by the arbiter on
	 * the console until the champion; a round robin another night. */
	await group('evening', async () => {
		if (!ok(CLUB && CLUB_DB && CLI, 'the club\'s daemon and pitboss are given')) return;
		const steps = [];
		const pb = (...args) => { steps.push(args.join(' '));
			return execFileSync(CLI, args, { env: { ...process.env, PITBOSS_DB: CLUB_DB } }).toString(); };
		const setup0 = performance.now();
		for (const p of ['Ada', 'Bram', 'Cleo', 'Dev', 'Edda', 'Finn', 'Gus', 'Hana']) pb('player', 'add', p);
		pb('tournament', 'create', 'Club Cup', '--target', '6', '--third-place');
		pb('tournament', 'enter', 'Club Cup', 'Ada', 'Bram', 'Cleo', 'Dev', 'Edda', 'Finn', 'Gus', 'Hana');
		pb('tournament', 'withdraw', 'Club Cup', 'Hana');	/* absent: a bye */
		pb('tournament', 'seed', 'Club Cup', 'Ada', '1');
		pb('tournament', 'draw', 'Club Cup', '--seed', '2026');
		pb('tournament', 'forfeit', 'Club Cup', 'Gus');	/* does not come */
		const cup = (await json(`${CLUB}/api/tournaments`)).find(t => t.name === 'Club Cup');
		if (!ok(cup && cup.status === 'drawn', `the organiser's set-up: ${steps.length} pitboss commands (${ms(performance.now() - setup0)})`,
			JSON.stringify(cup))) return;

		const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
		const page = await context.newPage();
		const w = watch(page, { fastTables: true });
		await page.goto(`${CLUB}/admin`);
		await settled(page);
		await page.fill('#password', PASSWORD);
		await page.click('#login button[type=submit]');
		await page.waitForSelector('#logout', { timeout: 8000 });
		/* The arbiter calls a due series to each free table, as often
		 * as one is free, until the tournament is over. */
		const play = async (id, timeoutMs) => {
			const called = new Set();
			const end = Date.now() + timeoutMs;
			let t;
			for (;;) {
				t = await json(`${CLUB}/api/tournaments/${id}`);
				if (t.status === 'finished' || Date.now() > end) break;
				const form = await page.$('.table-links form.call');
				if (form) {
					const series = await form.$eval('select', s => s.value);
					await form.$eval('button', b => b.click());
					await page.waitForFunction(f => { const o = f.querySelector('.outcome');
						return !f.isConnected || (o && o.textContent !== '' && o.textContent !== '…'); },
						form, { timeout: 10000 }).catch(() => null);
					called.add(series);
				}
				await page.waitForTimeout(250);
			}
			return { t, called };
		};
		const play0 = performance.now();
		const { t: done, called } = await play(cup.id, 120000);
		const bracket = await json(`${CLUB}/api/tournaments/${cup.id}/bracket`);
		const series = bracket.filter(m => m.series && m.how === 'played').map(m => String(m.series));
		ok(done.status === 'finished' && done.champion, `the tables play the knockout to its champion, ${done.champion} (${ms(performance.now() - play0)})`,
			JSON.stringify(done), JSON.stringify(bracket.map(m => [m.match + 1, m.how])));
		ok(series.length >= 5 && series.every(s => called.has(s)),
			`every series played was called to a table by the arbiter on the console (${called.size} calls, ${series.length} series played)`,
			JSON.stringify([...called]), JSON.stringify(series));
		ok(bracket.some(m => m.how === 'bye') && bracket.some(m => m.how === 'forfeit') && bracket.every(m => m.how !== 'pending'),
			'the bracket is complete: a bye, a forfeit, nothing pending', JSON.stringify(bracket.map(m => m.how)));
		w.stop();
		ok(w.problems.length === 0, 'no console errors or failed requests on the console', ...w.problems);

		/* Another night: a round robin of five, called the same way. */
		const rr0 = steps.length;
		pb('tournament', 'create', 'Thursday', '--format', 'round-robin', '--target', '6');
		pb('tournament', 'enter', 'Thursday', 'Ada', 'Bram', 'Cleo', 'Dev', 'Edda');
		pb('tournament', 'draw', 'Thursday', '--seed', '5');
		note(`the round robin's set-up: ${steps.length - rr0} pitboss commands`);
		const thu = (await json(`${CLUB}/api/tournaments`)).find(t => t.name === 'Thursday');
		const rr0t = performance.now();
		const rr = await play(thu.id, 180000);
		const rrStand = await json(`${CLUB}/api/tournaments/${thu.id}/standings`);
		ok(rr.t.status === 'finished' && rrStand.length === 5 && rrStand[0].name === rr.t.champion,
			`the round robin of five is played at the tables to its end, ${rr.t.champion} first (${rr.called.size} calls, ${ms(performance.now() - rr0t)})`,
			JSON.stringify(rr.t), JSON.stringify(rrStand.map(s => [s.name, s.points])));
		await context.close();

		for (const [width, height, tag] of SIZES) {
			const ctx = await browser.newContext({ viewport: { width, height } });
			for (const path of ['/', '/tv', '/tournaments', `/tournaments/${cup.id}`, `/tournaments/${thu.id}`,
				'/players', `/players/${done.champion_id}`, `/series/${series[series.length - 1]}`]) {
				const p = await ctx.newPage();
				const pw = watch(p, { fastTables: true });
				await p.goto(CLUB + path);
				const st = await settled(p);
				const m = await p.evaluate(() => ({ sw: document.documentElement.scrollWidth,
					cw: document.documentElement.clientWidth,
					bare: [...document.querySelectorAll('td, .result, .how')].filter(e => /^wins?$/i.test(e.textContent.trim())).length,
					pending: [...document.querySelectorAll('.match.how-pending')].length,
					champion: document.getElementById('champion') ? document.getElementById('champion').textContent : '',
					winners: [...document.querySelectorAll('.how')].filter(e => / wins /.test(e.textContent)).length,
					seeds: [...new Set([...document.querySelectorAll('.match .seed')].map(s =>
						`${s.parentElement.querySelector('.name').textContent}${s.textContent}`))].join(','),
					text: document.body.innerText }));
				await shot(p, `evening-${tag}${path.replace(/\//g, '_')}`);
				pw.stop();
				const cupPage = path === `/tournaments/${cup.id}`;
				ok(st.text === '' && m.sw <= m.cw && m.bare === 0 && pw.problems.length === 0 &&
					(!cupPage || (m.pending === 0 && m.champion === `Champion: ${done.champion}` && m.winners >= 5 &&
						m.seeds === 'Ada seed 1')) &&
					(path !== `/tournaments/${thu.id}` || m.text.includes(rr.t.champion)),
					`evening ${path} at ${width}x${height}: no sideways scrolling, winners named${cupPage ?
						', the bracket complete with its champion, a seed only for the seeded player' : ''}`,
					JSON.stringify({ ...m, text: undefined }), st.text, ...pw.problems);
				await p.close();
			}
			await ctx.close();
		}
		note(`the evening: ${steps.length} pitboss commands in all, a configuration of two tables, a login and ${called.size + rr.called.size} calls on the console`);
	});
	/* A game entered by hand voided from the console: the final of the
	 * club night kept with pitboss opens again, and the public pages
	 * show the game struck through, with who voided it and why. */
	await group('void from the console', async () => {
		const bracket = await json(`${LIVE}/api/tournaments/1/bracket`);
		const final = bracket.filter(m => !m.third_place).sort((a, b) => b.round - a.round)[0];
		const s = final && final.series ? await json(`${LIVE}/api/series/${final.series}`) : null;
		const g = s ? s.game_list.filter(x => x.status === 'finished').pop() : null;
		if (!ok(g && (await json(`${LIVE}/api/tournaments/1`)).status === 'finished',
			'the club night\'s final has a game entered by hand', JSON.stringify(final))) return;
		const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
		const page = await context.newPage();
		const w = watch(page);
		await page.goto(`${LIVE}/admin`);
		await settled(page);
		await page.fill('#password', PASSWORD);
		await page.click('#login button[type=submit]');
		const row = `#hand-games li[data-game="${g.id}"]`;
		await page.waitForSelector(`${row} button[data-action=void]`, { timeout: 8000 }).catch(() => null);
		const offered = await page.evaluate(r => {
			const li = document.querySelector(r);
			return li ? [...li.querySelectorAll('button[data-action]')].map(b => `${b.dataset.action}:${b.className}`).join(' ') : '';
		}, row);
		ok(offered === 'void:danger correct:danger', `the console offers void and correct for game ${g.id}, entered by hand: "${offered}"`);
		await page.click(`${row} button[data-action=void]`);
		const unsaid = await page.textContent(`${row} .outcome`).catch(() => '');
		ok(/why/i.test(unsaid) && await page.$(`${row} .ask`) === null, `a void needs a reason first: "${unsaid}"`);
		await page.fill(`${row} input[name=reason]`, 'the final was played with the wrong seeds');
		await page.click(`${row} button[data-action=void]`);
		const ask = await page.textContent(`${row} .ask`).catch(() => '');
		ok(/no longer count/.test(ask) && /Really void\?/.test(ask), `void asks first: "${ask}"`);
		await shot(page, 'console-void');
		await page.click(`${row} .ask button.yes`);
		const voided = await until(async () => (await json(`${LIVE}/api/games/${g.id}`)).status === 'void', 20000);
		await page.waitForFunction(r => /voided/.test((document.querySelector(`${r} .outcome`) || {}).textContent || ''),
			row, { timeout: 20000 }).catch(() => null);
		const outcome = await page.textContent(`${row} .outcome`).catch(() => '');
		ok(voided && /game \d+ voided; series \d+ open again/.test(outcome), `voided from the console: "${outcome}"`);
		const t = await json(`${LIVE}/api/tournaments/1`);
		const again = (await json(`${LIVE}/api/tournaments/1/bracket`)).find(m => m.match === final.match);
		ok(t.status !== 'finished' && !t.champion && again.how === 'pending',
			`the final is open again, the tournament has no champion: ${t.status}, ${again.how}`);
		const api = await json(`${LIVE}/api/games/${g.id}`);
		ok(api.audit.length === 1 && api.audit[0].by === 'arbiter@dashboard' && api.audit[0].action === 'void' &&
			api.audit[0].reason === 'the final was played with the wrong seeds', 'the API keeps who voided it and why',
			JSON.stringify(api.audit));
		const shown = execFileSync(CLI, ['game', 'show', String(g.id), '--db', LIVE_DB]).toString();
		ok(/status: +void/.test(shown) && /voided by arbiter@dashboard/.test(shown), 'and pitboss game show says the same',
			shown.split('\n').filter(l => /status|changes/.test(l)).join(' | '));
		const pub = await browser.newContext({ viewport: { width: 390, height: 844 } });
		const pp = await pub.newPage();
		const pw = watch(pp);
		await pp.goto(`${LIVE}/games/${g.id}`);
		await settled(pp);
		const struck = await pp.evaluate(() => {
			const r = document.getElementById('result');
			const s = r && r.querySelector('s');
			return { text: r ? r.textContent : '', struck: s ? getComputedStyle(s).textDecorationLine : '',
				label: r && r.querySelector('.void-label') ? r.querySelector('.void-label').textContent : '',
				audit: document.getElementById('audit') ? document.getElementById('audit').textContent : '',
				sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth };
		});
		await shot(pp, 'phone-voided-game');
		ok(struck.struck === 'line-through' && struck.label === 'void' && / wins /.test(struck.text) &&
			/wrong seeds/.test(struck.audit) && /arbiter@dashboard/.test(struck.audit) && struck.sw <= struck.cw,
			'the public game page strikes the result through, labels it void and says who and why', JSON.stringify(struck));
		await pp.goto(`${LIVE}/series/${final.series}`);
		await settled(pp);
		const listed = await pp.$$eval('#content table.list tr', rs => rs.slice(1).map(r => r.textContent));
		ok(listed.some(r => r.startsWith(String(g.id)) && /void/.test(r)),
			`the series page lists it as void: ${JSON.stringify(listed)}`);
		pw.stop();
		w.stop();
		ok(w.problems.length === 0 && pw.problems.length === 0, 'no console errors or failed requests',
			...w.problems, ...pw.problems);
		await pub.close();
		await context.close();
	});

	/* The evening's games rated: the ratings page and a player's chart,
	 * as pitboss rating lists them, on a phone and the room's screen. */
	/* The tables play on (their own players, at 1000 times real time),
	 * so the numbers compared are those of players whose last game is
	 * the same in both answers; `top`, the best of those the evening
	 * is over for (no game for 5 s), holds still while looked at. */
	if (CLUB) await group('ratings', async () => {
		const r = await json(`${CLUB}/api/ratings`);
		const list = r.lists[0];
		ok(!r.stale && list && list.ratings.length >= 4 &&
			list.ratings.every((x, i, a) => x.rank === i + 1 && (i === 0 || a[i - 1].rating >= x.rating)),
			`/api/ratings: the evening's games rated, best first (${list ? list.key : 'no list'})`, JSON.stringify(r).slice(0, 400));
		const cli = CLI ? JSON.parse(execFileSync(CLI, ['rating', 'list', '--json'],
			{ env: { ...process.env, PITBOSS_DB: CLUB_DB } }).toString()) : [];
		const api = r.lists.flatMap(l => l.ratings.map(x => ({ ...x, list: l.key })));
		const same = cli.filter(c => api.some(x => x.list === c.list && x.player === c.player && x.last_played === c.last_played));
		ok(cli.length === api.length && same.length >= 4 &&
			same.every(c => api.some(x => x.list === c.list && x.player === c.player && x.rating === c.rating &&
				x.rd === c.rd && x.games === c.games)),
			`the API gives the numbers pitboss rating list prints (${same.length} players compared)`,
			JSON.stringify(cli).slice(0, 400));
		const still = Date.now() - 5000;
		const top = list.ratings.find(x => Date.parse(x.last_played) < still);
		const mine = await json(`${CLUB}/api/players/${top.player}/ratings`);
		const games = mine.history.filter(h => h.list === list.key);
		ok(games.length === top.games && games[games.length - 1].rating === top.rating,
			`/api/players/${top.player}/ratings: a step per rated game, ending at the rating listed (${games.length})`);
		for (const [width, height, tag] of SIZES) {
			const ctx = await browser.newContext({ viewport: { width, height } });
			const p = await ctx.newPage();
			/* The club's tables may still be playing at speed. */
			const pw = watch(p, { fastTables: true });
			await p.goto(`${CLUB}/`);
			await settled(p);
			await p.click('nav a[href="/ratings"]');
			await settled(p);
			const lp = await p.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth,
				rows: [...document.querySelectorAll('section.rating-list tr')].slice(1).map(tr => [...tr.cells].map(c => c.textContent)) }));
			await shot(p, `ratings-${tag}`);
			const shown = lp.rows.map(row => parseInt(row[2], 10));
			const mineRow = lp.rows.find(row => row[1] === top.name);
			ok(lp.sw <= lp.cw && lp.rows.length === list.ratings.length &&
				lp.rows.every((row, i) => row[0] === String(i + 1) && (i === 0 || shown[i - 1] >= shown[i])) &&
				mineRow && mineRow[2] === `${Math.round(top.rating)}${top.provisional ? '?' : ''}`,
				`/ratings at ${width}x${height}: reached from the menu, the list best first, no sideways scrolling`, JSON.stringify(lp));
			await p.click(`section.rating-list a[href="/players/${top.player}"]`);
			await settled(p);
			await p.waitForSelector('svg.rating-chart', { timeout: 8000 });
			const cp = await p.evaluate(() => {
				const svg = document.querySelector('svg.rating-chart'), b = svg.getBoundingClientRect();
				return { sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth,
					dots: svg.querySelectorAll('circle.dot').length, x: b.x, w: b.width, h: b.height,
					label: svg.getAttribute('aria-label'), heading: document.querySelector('.player-rating b').textContent };
			});
			await shot(p, `rating-chart-${tag}`);
			pw.stop();
			ok(cp.dots === top.games && cp.x >= 0 && cp.x + cp.w <= width && cp.w >= Math.min(300, width * 0.7) &&
				cp.h >= 100 && cp.sw <= cp.cw && cp.heading.startsWith(String(Math.round(top.rating))),
				`the player's page at ${width}x${height}: a rating chart with a dot per game, within the screen`, JSON.stringify(cp));
			ok(pw.problems.length === 0, `ratings at ${width}x${height}: no console errors or failed requests`, ...pw.problems);
			await ctx.close();
		}
		/* One list asked for by its key; a key no one is rated in. */
		const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
		const p = await ctx.newPage();
		await p.goto(`${CLUB}/ratings?list=${encodeURIComponent(list.key)}`);
		await settled(p);
		const one = await p.$$eval('section.rating-list', ss => ss.map(x => [x.dataset.list, x.querySelectorAll('tr').length - 1]));
		await p.goto(`${CLUB}/ratings?list=nothing`);
		await settled(p);
		const none = await p.$$eval('section.rating-list', ss => ss.length);
		ok(one.length === 1 && one[0][0] === list.key && one[0][1] === list.ratings.length && none === 0,
			'/ratings?list=KEY shows that list alone', JSON.stringify(one), none);
		await ctx.close();
	});
}
