// The dashboard in headless Chromium against two running pitbossd:
// every page loads without console errors or failed requests; boards are
// drawn from the API's start positions and geometries by a renderer per
// game; a table page follows a replayed trace live; the arbiter logs in
// and corrects a move through the page; a phone-sized screen shows the
// board whole. The club's pages (club.test.mjs), Transport
// (transport.test.mjs) and a hub's remote table (hub.test.mjs) are run
// from here as groups of their own.
// Prints TAP. tests/web_browser.sh starts the daemons and passes:
//   PITBOSS_DEMO_URL  a pitbossd --demo (tournament 1, its series, games)
//   PITBOSS_LIVE_URL  a pitbossd with a password; table 1 replays a long
//                     trace, table 2 a short one that stops after move 1,
//                     table 3 starts a hidden-code game (secrets=ask,
//                     seat 1's PIN 1111)
//                     table 4 holds a move for the arbiter; tournament 1
//                     there is a finished knockout of 5 (byes, a forfeit,
//                     a third-place match)
//   PITBOSS_PASSWORD  the arbiter's password there (and at the club's)
//   PITBOSS_CLUB_URL, PITBOSS_CLUB_DB  a pitbossd on an empty database
//                     with two simulated tables (Front, Back) at a high
//                     --speed: the test keeps a club's evening there
//   PITBOSS_CLI, PITBOSS_LIVE_DB  pitboss and the live daemon's database
//   PITBOSS_TRANSPORT_URL  a pitbossd with a manual Transport table and
//                     a Transport round robin (transport.test.mjs)
//   PITBOSS_HUB_URL, PITBOSS_HUB_BROKER  optional: a pitbossd --hub and
//                     its broker's port, a remote table "t1" online with
//                     a game under way (hub.test.mjs); the group is
//                     skipped without them
//   PITBOSS_SHOTS     optional: a folder the screenshots are saved in
//   CHROMIUM          the browser (default /usr/bin/chromium)
import { chromium } from 'playwright-core';
import { clubTests } from './club.test.mjs';
import { transportTests } from './transport.test.mjs';
import { hubTests } from './hub.test.mjs';

const DEMO = process.env.PITBOSS_DEMO_URL;
const LIVE = process.env.PITBOSS_LIVE_URL;
const PASSWORD = process.env.PITBOSS_PASSWORD;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CLI = process.env.PITBOSS_CLI;		/* pitboss, for tournament show */
const LIVE_DB = process.env.PITBOSS_LIVE_DB;	/* the live daemon's database */
const CLUB = process.env.PITBOSS_CLUB_URL;	/* the club's evening */
const CLUB_DB = process.env.PITBOSS_CLUB_DB;
const TRANSPORT = process.env.PITBOSS_TRANSPORT_URL;	/* a Transport table */
const HUB = process.env.PITBOSS_HUB_URL;	/* a hub, a remote table */
const HUB_BROKER = process.env.PITBOSS_HUB_BROKER;
const SHOTS = process.env.PITBOSS_SHOTS;	/* a folder for screenshots, or unset */

/* ------------------------------------------------------------ TAP */
let n = 0, failed = 0;
function ok(cond, name, ...diag) {
	n++;
	if (cond) {
		console.log(`ok ${n} - ${name}`);
	} else {
		failed++;
		console.log(`not ok ${n} - ${name}`);
		for (const d of diag) for (const line of String(d).split('\n')) console.log(`# ${line}`);
	}
	return cond;
}
function note(text) { console.log(`# ${text}`); }
const ms = t => `${Math.round(t)} ms`;
/* A screenshot into $PITBOSS_SHOTS, to be looked at; none without it. */
const shot = async (page, name) => {
	if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/* Runs one group; an exception is one failure, and the run goes on. */
async function group(name, fn) {
	const t0 = performance.now();
	try {
		await fn();
	} catch (e) {
		ok(false, `${name}: ran to the end`, e && e.stack ? e.stack : e);
	}
	note(`${name}: ${ms(performance.now() - t0)}`);
}

async function waitForServer(base, timeoutMs) {
	const until = Date.now() + timeoutMs;
	let last = 'no answer';
	for (;;) {
		try {
			const r = await fetch(`${base}/api/tables`);
			if (r.ok) return r.json();
			last = `HTTP ${r.status}`;
		} catch (e) { last = e.message; /* not listening yet */ }
		if (Date.now() > until) throw new Error(`${base} did not answer in ${timeoutMs} ms: ${last}`);
		await new Promise(r => setTimeout(r, 100));
	}
}

/* fn() until it returns something, every 200 ms; null after timeoutMs. */
async function until(fn, timeoutMs) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) return null;
		await new Promise(r => setTimeout(r, 200));
	}
}

/*
 * A GET, sent again (up to twice) when its connection failed before any
 * answer, as browsers do: the daemon closes a kept-alive connection
 * left idle for 10 s, and Node may reuse it before it has seen that
 * close when its event loop was held meanwhile (a pitboss command run
 * synchronously on a busy machine). Each retry is noted.
 */
async function get(url, opts) {
	for (let attempt = 1; ; attempt++) {
		try {
			return await fetch(url, opts);
		} catch (e) {
			if (attempt === 3 || !(e instanceof TypeError)) throw e;
			note(`GET ${url}: ${e.message} (${e.cause && e.cause.code ? e.cause.code : e.cause}); sent again`);
		}
	}
}

async function json(url) {
	const r = await get(url);
	if (!r.ok) throw new Error(`${url}: ${r.status}`);
	return r.json();
}

/* Collects what goes wrong on a page: console errors, uncaught
 * exceptions, failed requests and HTTP errors. */
function watch(page, opts = {}) {
	const problems = [];
	/* A stream the daemon cut because the browser fell more than
	 * 64 KiB behind (tables at 1000 times real speed, a starved
	 * browser): by design, and EventSource resumes it. Only where the
	 * caller says so. */
	const cut = /ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_RESET/;
	const streamCut = (url, why) => opts.fastTables && /\/api\/events$/.test(url) && cut.test(why);
	const on = {
		console: m => {
			if (m.type() !== 'error' || streamCut((m.location() || {}).url || '', m.text())) return;
			problems.push(`console: ${m.text()}`);
		},
		pageerror: e => problems.push(`exception: ${e.message}`),
		/* Leaving a page cuts its live updates' stream and any
		 * request still under way (ERR_ABORTED): not a failure. */
		requestfailed: r => {
			const why = r.failure() && r.failure().errorText;
			if (why !== 'net::ERR_ABORTED' && !streamCut(r.url(), why))
				problems.push(`failed: ${r.url()} ${why}`);
		},
		response: r => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); },
	};
	for (const [ev, f] of Object.entries(on)) page.on(ev, f);
	return {
		problems,
		stop() { for (const [ev, f] of Object.entries(on)) page.off(ev, f); },
	};
}

/* The page has drawn: app.js empties #status when a page is done and
 * puts a 'banner foul' there when it failed. */
async function settled(page, timeout = 8000) {
	/* The status as it was when the page had drawn, read in the same
	 * look: a live stream resuming a moment later says so there. */
	const h = await page.waitForFunction(() => {
		const s = document.getElementById('status');
		return s && (s.textContent === '' || s.classList.contains('foul')) &&
			{ text: s.textContent, cls: s.className };
	}, null, { timeout });
	return h.jsonValue();
}

/* Chromium, started headless. A start that fails (a busy machine: the
 * browser did not answer in time, or its first process died) is tried
 * again twice, each failure noted, before it counts. */
async function launch() {
	for (let attempt = 1; ; attempt++) {
		try {
			return await chromium.launch({ executablePath: CHROMIUM, headless: true,
				args: ['--no-sandbox'], timeout: 120000 });
		} catch (e) {
			if (attempt === 3) throw e;
			note(`${CHROMIUM} did not start (attempt ${attempt}): ${String(e.message).split('\n')[0]}`);
			await new Promise(r => setTimeout(r, 2000));
		}
	}
}

/* ------------------------------------------------------------ run */
if (!DEMO || !LIVE || !PASSWORD) {
	console.log('1..0 # SKIP PITBOSS_DEMO_URL, PITBOSS_LIVE_URL and PITBOSS_PASSWORD are not set (run tests/web_browser.sh)');
	process.exit(0);
}

const t0 = performance.now();
let browser;
try {
	await Promise.all([waitForServer(DEMO, 60000), waitForServer(LIVE, 60000)]);
	note(`daemons answering after ${ms(performance.now() - t0)}`);
	browser = await launch();
	note(`${CHROMIUM} ${browser.version()} launched after ${ms(performance.now() - t0)}`);

	await group('pages', async () => {
		// A game and a series that exist: the demo's tables play them.
		const t = await until(async () => (await json(`${DEMO}/api/tables`)).find(x => x.game && x.game.series), 10000);
		if (!ok(t !== null, 'the demo plays a game of a series')) return;
		const gameId = t.game.id, seriesId = t.game.series;
		const pages = [
			[DEMO, '/', 'the tables', '#table-1 svg.board'],
			[DEMO, '/tables/1', 'a table', '#content svg.board'],
			[DEMO, '/tournaments/1', 'the tournament', '#content .bracket .match'],
			[DEMO, '/players/1', 'a player', '#history table.list'],
			[DEMO, `/games/${gameId}`, 'a game', '#replay-board svg.board'],
			[DEMO, `/series/${seriesId}`, 'a series', '#content .beads'],
			[LIVE, '/admin', 'the arbiter\'s login', 'form#login input#password'],
		];
		const context = await browser.newContext();
		for (const [base, path, what, selector] of pages) {
			const page = await context.newPage();
			const w = watch(page);
			const start = performance.now();
			await page.goto(base + path, { waitUntil: 'load' });
			const st = await settled(page);
			const drawn = await page.$(selector);
			const took = performance.now() - start;
			// Live pages keep an EventSource open: a moment for late errors.
			await page.waitForTimeout(300);
			w.stop();
			ok(st.text === '' && drawn !== null && w.problems.length === 0,
				`${path}: ${what} loads and draws ${selector}, no console errors or failed requests (${ms(took)})`,
				`status: '${st.text}' (${st.cls})`, `${selector}: ${drawn ? 'present' : 'missing'}`, ...w.problems);
			await page.close();
		}
		await context.close();
	});

	await group('boards', async () => {
		// Each board is drawn from the API's description of it: the
		// game's start position and its geometry (places, groups).
		const t = await until(async () => (await json(`${DEMO}/api/tables`)).find(x => x.game && x.board), 10000);
		if (!ok(t !== null, 'a demo table describes its board')) return;
		const g = await json(`${DEMO}/api/games/${t.game.id}`);
		ok(g.start === t.board.start && g.start === '4 4 4 4 4 4/4 4 4 4 4 4/0 0/S' &&
			g.geometry.places.join('') === 'abcdefABCDEFSN' && g.geometry.groups.join(' ') === '6 6 2',
			'the API gives the start position and the geometry', JSON.stringify([g.start, g.geometry]));
		const context = await browser.newContext();
		const page = await context.newPage();
		const w = watch(page);
		await page.goto(`${DEMO}/games/${t.game.id}`);
		await settled(page);
		await page.$eval('#replay', s => { s.value = '0'; s.dispatchEvent(new Event('input')); });
		const start = await page.$eval('#replay-board svg.board', b => b.getAttribute('aria-label'));
		ok(start === `Kalah board ${g.start}`, `the game page's first board is the API's start: "${start}"`);
		const kinds = await page.evaluate(() => Object.keys(renderers).join(' '));
		ok(kinds === 'kalah codegame transport', `renderers are picked per game from a registry: ${kinds}`);
		// Another geometry, drawn by the same renderer: labels and counts
		// come from the places and the position, not from the browser.
		const four = await page.evaluate(() => {
			const b = gameBoard('kalah', '1 2 3 4/5 6 7 8/9 10/S', { geometry: {
				places: ['p', 'q', 'r', 's', 'P', 'Q', 'R', 'S', 'x', 'y'], groups: [4, 4, 2] } }, { last: 'r' });
			return { labels: [...b.querySelectorAll('text.label')].map(e => e.textContent).join(' '),
				counts: [...b.querySelectorAll('text.count')].map(e => e.textContent).join(' '),
				last: b.querySelectorAll('.last').length };
		});
		ok(four.labels === 'p P q Q r R s S x y' && four.counts === '1 5 2 6 3 7 4 8 9 10' && four.last === 1,
			'the Kalah renderer draws the places the geometry names', JSON.stringify(four));
		const text = await page.evaluate(() => {
			const other = gameBoard('transport', 'A1 B2 | reserves 3', { geometry: { places: [], groups: [] } });
			const wrong = gameBoard('kalah', '1 2/3 4/0 0/S', { geometry: { places: ['a', 'b', 'c', 'A', 'B', 'C', 'S', 'N'],
				groups: [3, 3, 2] } });
			return [other.tagName, other.textContent, wrong.tagName].join('|');
		});
		ok(text === 'PRE|A1 B2 | reserves 3|PRE',
			'a game without a renderer, or a position its geometry does not fit, is shown as text', text);
		await page.goto(`${LIVE}/tables/3`);
		await settled(page);
		ok(await page.$('#content svg.board.code') !== null, 'the hidden-code game has its own renderer');
		w.stop();
		ok(w.problems.length === 0, 'no console errors or failed requests on the boards', ...w.problems);
		await context.close();
	});

	await group('live', async () => {
		const context = await browser.newContext();
		const page = await context.newPage();
		const w = watch(page);
		let navigations = 0;
		page.on('framenavigated', f => { if (f === page.mainFrame()) navigations++; });
		await page.goto(`${LIVE}/tables/1`, { waitUntil: 'load' });
		await settled(page);
		navigations = 0;
		// Note each verdict for board 1 as it arrives, and when the page
		// first shows its move at the top of the move list and its
		// position on the board.
		await page.evaluate(() => {
			window.seen = [];
			window.pitbossEvents.addEventListener('verdict', e => {
				const v = JSON.parse(e.data);
				if (v.board === 1 && v.kind === 'accept')
					window.seen.push({ ply: v.ply, move: v.move, position: v.state.position, at: performance.now() });
			});
			const look = () => {
				const row = document.querySelector('#content table.list tr:nth-child(2)');
				const board = document.querySelector('#content svg.board');
				const now = performance.now();
				for (const s of window.seen) {
					if (s.listed === undefined && row && row.cells[0].textContent === String(s.ply) &&
					    row.cells[2].textContent === s.move)
						s.listed = now;
					if (s.drawn === undefined && board &&
					    board.getAttribute('aria-label') === `Kalah board ${s.position}`)
						s.drawn = now;
				}
			};
			new MutationObserver(look).observe(document.getElementById('content'),
				{ childList: true, subtree: true, attributes: true });
		});
		const before = await page.$eval('#content svg.board', b => b.getAttribute('aria-label'));
		const want = 3;
		const start = performance.now();
		await page.waitForFunction(k => window.seen.filter(s => s.listed !== undefined && s.drawn !== undefined).length >= k,
			want, { timeout: 60000 }).catch(() => null);
		const seen = await page.evaluate(() => window.seen);
		const after = await page.$eval('#content svg.board', b => b.getAttribute('aria-label'));
		w.stop();
		const shown = seen.filter(s => s.listed !== undefined && s.drawn !== undefined);
		note(`verdicts received in ${ms(performance.now() - start)}: ${seen.map(s => `${s.ply} ${s.move}`).join(', ')}`);
		for (const s of shown)
			note(`ply ${s.ply} (${s.move}): listed ${ms(s.listed - s.at)}, board drawn ${ms(s.drawn - s.at)} after its event`);
		ok(shown.length >= want, `/tables/1 shows ${want} moves of the replay as they are played (${shown.length} of ${seen.length} verdicts shown)`,
			JSON.stringify(seen));
		const worst = Math.max(...shown.map(s => Math.max(s.listed, s.drawn) - s.at));
		// Drawn from the event, without a reload; a busy machine may be slow,
		// so the bound is wide: this is not where speed is measured.
		ok(shown.length > 0 && worst < 15000, `each shows within 15 s of its verdict (slowest ${ms(worst)})`);
		ok(before !== after, 'the board changed', `before: ${before}`, `after: ${after}`);
		ok(navigations === 0 && w.problems.length === 0, 'without a reload, console errors or failed requests',
			`navigations: ${navigations}`, ...w.problems);
		await context.close();
	});

	await group('live value bar', async () => {
		// Table 1 shows its analysis live (analysis = live): spectators see
		// the value of the position on the board, as the worker solves it,
		// each new move's in turn. Table 4 keeps it from the players while
		// its game is played (analysis = after): no values, no bar.
		const width = 390, height = 844;
		const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2,
			isMobile: true, hasTouch: true });
		const page = await context.newPage();
		const w = watch(page);
		await page.goto(`${LIVE}/tables/1`);
		await settled(page);
		const LABEL = /^(S \+\d+|N \+\d+|even)( with perfect play| \(estimate, not solved\))( · best [a-fA-F])?$/;
		/* The bar once it shows a value for a ply after `from`, with the
		 * game's ply as the page had it then. */
		const barAfter = from => page.waitForFunction(f => {
			const slot = document.getElementById('value-slot');
			const label = document.getElementById('value-label');
			const ply = slot && slot.dataset.ply !== '' ? Number(slot.dataset.ply) : -1;
			return label && ply > f && { ply, text: label.textContent,
				share: parseFloat(document.querySelector('#value-bar .value-fill').style.width) };
		}, from, { timeout: 60000 }).then(h => h.jsonValue()).catch(() => null);
		const first = await barAfter(-1);
		ok(first !== null && LABEL.test(first.text),
			`a spectator on a live-analysis table sees a value bar, exact or said to be an estimate: "${first && first.text}"`);
		const next = first && await barAfter(first.ply);
		ok(next !== null && next.ply > first.ply && LABEL.test(next.text),
			`and it follows the moves as they arrive: ply ${first && first.ply} "${first && first.text}", then ply ${next && next.ply} "${next && next.text}"`);
		const t = await json(`${LIVE}/api/tables/1`);
		const v = await json(`${LIVE}/api/games/${t.game.id}/values`);
		const at = next && v.values ? v.values[next.ply] : null;
		ok(at && (at.exact ? next.text.includes(' with perfect play') : next.text.includes('(estimate, not solved)')) &&
			(at.value === 0 ? next.text.startsWith('even') : next.text.startsWith(`${at.value > 0 ? 'S' : 'N'} +${Math.abs(at.value)}`)),
			'the bar says what the server solved for that position', JSON.stringify(at), next && next.text);
		/* Measured once the page is between redraws (the table plays
		 * on: a verdict redraws it, and the bar is filled anew): the
		 * box that fits, or after 10 s the last one seen. */
		let box = { x: NaN, w: NaN, h: NaN };
		const fits = b => b.x >= 0 && b.x + b.w <= width && b.h >= 20;
		await until(async () => {
			box = await page.evaluate(() => {
				const b = document.getElementById('value-bar');
				if (!b) return { x: NaN, w: NaN, h: NaN, missing: true };
				const r = b.getBoundingClientRect();
				return { x: r.x, w: r.width, h: r.height };
			});
			return fits(box);
		}, 10000);
		ok(fits(box), `the bar fits a phone's width (${Math.round(box.w)}x${Math.round(box.h)} at x=${Math.round(box.x)})`,
			JSON.stringify(box));
		await shot(page, 'phone-table-value-bar');
		await page.goto(`${LIVE}/tables/4`);
		await settled(page);
		const t4 = await json(`${LIVE}/api/tables/4`);
		const v4 = await json(`${LIVE}/api/games/${t4.game.id}/values`);
		await page.waitForFunction(() => document.getElementById('value-slot') &&
			document.getElementById('value-slot').dataset.ply !== undefined, null, { timeout: 10000 }).catch(() => null);
		ok(t4.game.status === 'playing' && v4.values === null && await page.$('#value-bar') === null,
			'a table without live analysis shows no value while its game is played', t4.game.status, JSON.stringify(v4));
		w.stop();
		ok(w.problems.length === 0, 'no console errors or failed requests', ...w.problems);
		await context.close();
	});

	await group('arbiter', async () => {
		const context = await browser.newContext();
		const page = await context.newPage();
		// Table 2's short trace has ended with S's move a; wait for it.
		const t2 = await until(async () => {
			const t = await json(`${LIVE}/api/tables/2`);
			return t.game && t.game.moves && t.game.moves.length === 1 && t.game.moves[0].move === 'a' ? t : null;
		}, 15000);
		if (!ok(t2 !== null, 'table 2 replayed its trace: S played a'))
			return;

		await page.goto(`${LIVE}/tables/2`);
		await settled(page);
		ok(await page.$('#admin') === null, 'before the login a table page has no arbiter controls');

		await page.goto(`${LIVE}/admin`);
		await settled(page);
		await page.fill('#password', 'not-the-password');
		await page.click('#login button[type=submit]');
		const refused = await page.waitForSelector('#status.foul', { timeout: 5000 }).then(() => true, () => false);
		ok(refused && await page.$('#logout') === null, 'a wrong password is refused: ' +
			await page.textContent('#status'));

		const w = watch(page);
		const loginStart = performance.now();
		await page.fill('#password', PASSWORD);
		await page.click('#login button[type=submit]');
		const loggedIn = await page.waitForSelector('#logout', { timeout: 5000 }).then(() => true, () => false);
		if (!ok(loggedIn, `the password logs in (${ms(performance.now() - loginStart)})`,
			`status: ${await page.textContent('#status')}`))
			return;

		await page.goto(`${LIVE}/tables/2`);
		await settled(page);
		const kinds = await page.$$eval('#admin [data-kind]', els => els.map(e => e.dataset.kind).join(' '));
		ok(kinds === 'start confirm reject undo end correct entry position',
			'the table page shows the arbiter\'s controls', `got: ${kinds}`);

		const sent = performance.now();
		await page.fill('#admin form[data-kind=correct] input', 'b');
		await page.press('#admin form[data-kind=correct] input', 'Enter');
		await page.waitForFunction(() => {
			const o = document.getElementById('command-outcome');
			return o && o.textContent !== '' && o.textContent !== '…';
		}, null, { timeout: 10000 }).catch(() => null);
		const outcome = await page.textContent('#command-outcome');
		const answered = performance.now() - sent;
		ok(/S plays b; replaces a/.test(outcome),
			`correct a to b: the page shows pitbossd's answer "${outcome}" (${ms(answered)})`);
		// The verdict comes back as an event and the move list redraws.
		await page.waitForFunction(() => {
			const row = document.querySelector('#content table.list tr:nth-child(2)');
			return row && row.cells[2].textContent === 'b';
		}, null, { timeout: 10000 }).catch(() => null);
		const top = await page.$eval('#content table.list tr:nth-child(2)', r => [...r.cells].map(c => c.textContent).join(' | '));
		ok(/^1 \| S \| b \| /.test(top), `the move list shows the correction (${ms(performance.now() - sent)}): ${top}`);
		/* The redraw put the field back with its focus and caret: what
		 * is typed next goes on into it, not into the page. */
		const kept = await page.evaluate(() => {
			const a = document.activeElement;
			return a ? `${a.tagName}:${a.name}:${a.selectionStart}-${a.selectionEnd}:${a.value}` : 'none';
		});
		ok(kept === 'INPUT:correct:1-1:b', 'the redraw keeps the field typed in focused, its caret in place', kept);
		const stored = (await json(`${LIVE}/api/games/${t2.game.id}`)).moves;
		ok(stored.length === 1 && stored[0].move === 'b' && stored[0].source !== 'sensor',
			`the record has it: ${JSON.stringify(stored.map(m => [m.move, m.source]))}`);
		/* The incidents, the latest ply first as the moves; those of one
		 * ply (the hold, the correction...) in the order they happened,
		 * which is the API's. */
		const byPly = list => [...list.reduce((m, [ply, what]) =>
			m.set(ply, (m.get(ply) || []).concat([what])), new Map())];
		const api = (await json(`${LIVE}/api/games/${t2.game.id}`)).incidents.map(i => [String(i.ply), i.text]);
		const shown = await until(async () => {
			const rows = await page.$$eval('#content h2', hs => {
				const h = hs.find(x => x.textContent === 'Incidents');
				const tb = h && h.nextElementSibling;
				return tb ? [...tb.querySelectorAll('tr')].slice(1).map(tr =>
					[tr.cells[0].textContent, tr.cells[2].textContent]) : [];
			});
			return rows.length === api.length ? rows : null;
		}, 10000) || [];
		ok(Math.max(0, ...byPly(api).map(([, v]) => v.length)) >= 2,
			'the held move\'s ply has incidents after one another', JSON.stringify(api));
		ok(JSON.stringify(byPly(shown)) === JSON.stringify(byPly(api).reverse()) &&
			shown.every(([p], k) => k === 0 || Number(shown[k - 1][0]) >= Number(p)),
			'the table page lists the incidents latest ply first, those of one ply in the order they happened',
			JSON.stringify(shown), JSON.stringify(api));
		w.stop();
		ok(w.problems.length === 0, 'no console errors or failed requests as the arbiter', ...w.problems);
		await context.close();
	});

	await group('hidden-code game', async () => {
		const context = await browser.newContext();
		const page = await context.newPage();
		const w = watch(page);
		await page.goto(`${LIVE}/play/3`);
		await settled(page);
		ok(await page.getAttribute('#enter', 'type') === 'password', 'the player page takes a secret like a password');
		await page.selectOption('#seat', '1');
		await page.fill('#pin', '1111');
		await page.fill('#enter', 'R3');
		const sent = performance.now();
		await page.click('#enter-secret button[type=submit]');
		await page.waitForFunction(() => /holds/.test(document.getElementById('secret').textContent),
			null, { timeout: 10000 }).catch(() => null);
		const outcome = await page.textContent('#play-outcome');
		ok(/seat 1 entered a secret; waiting for the others/.test(outcome),
			`a player enters his secret on his page: "${outcome}" (${ms(performance.now() - sent)})`);
		const view = await page.textContent('#secret');
		ok(view === 'seat 1 holds R at place 3', `then his page shows it to him alone: "${view}"`);
		ok(await page.inputValue('#enter') === '', 'and the field is emptied');
		// The room's view of the table: the board, the entry, no secret.
		const table = await context.newPage();
		const w2 = watch(table);
		await table.goto(`${LIVE}/tables/3`);
		await settled(table);
		const listed = await table.waitForFunction(() => /seat 1 entered a secret/.test(document.body.textContent),
			null, { timeout: 10000 }).then(() => true, () => false);
		const text = await table.textContent('body');
		ok(listed, 'the table page lists the entry', text.slice(0, 600));
		ok(!/R3|R at place/.test(text), 'and shows no secret', text.slice(0, 600));
		const seats = await table.textContent('#content .players');
		ok(seats === '1: Eve2: Fay', `the players by the game's own seats: "${seats}"`);

		// Fay enters hers on her own page; Eve's shows the game go on.
		const fay = await context.newPage();
		const w3 = watch(fay);
		await fay.goto(`${LIVE}/play/3`);
		await settled(fay);
		const choices = await fay.$$eval('#seat option', os => os.map(o => o.textContent).join(' '));
		ok(choices === 'Eve Fay', `a player picks his name, not a seat number: "${choices}"`);
		await fay.selectOption('#seat', '2');
		await fay.fill('#pin', '2222');
		await fay.fill('#enter', 'G1');
		await fay.click('#enter-secret button[type=submit]');
		const eveTurn = await page.waitForFunction(() => {
			const t = document.getElementById('turn');
			return t && t.textContent === 'Eve is to guess.' && document.getElementById('pegs');
		}, null, { timeout: 10000 }).then(() => true, () => false);
		ok(eveTurn, `Eve's page, live: whose turn and pegs to tap: "${await page.textContent('#turn').catch(() => '')}"`);
		await page.click('#pegs button[data-place="1"]');
		const peg = await page.textContent('#pegs button[data-place="1"]');
		ok(peg === 'R', `a tapped peg carries its letter: "${peg}"`);
		await page.click('#send-guess');
		const fayMarks = await fay.waitForFunction(() => {
			const t = document.getElementById('turn');
			return t && t.textContent === "Fay is to mark Eve's guess." && document.getElementById('mark-none');
		}, null, { timeout: 10000 }).then(() => true, () => false);
		ok(fayMarks, `Fay's page: "${await fay.textContent('#turn').catch(() => '')}" with the marks to tap`);
		const board = await fay.evaluate(() => {
			const svg = document.querySelector('#play-game svg.board.code');
			return svg ? {
				letters: [...svg.querySelectorAll('text.peg-letter')].map(t => t.textContent).join(''),
				blanks: [...svg.querySelectorAll('circle.peg.blank')].filter(c => c.getAttribute('fill') === 'none').length,
				pending: svg.querySelectorAll('circle.mark-pending').length,
				names: [...svg.querySelectorAll('text.who')].map(t => t.textContent).join(' '),
			} : null;
		});
		ok(board && /^R/.test(board.letters) && board.blanks === 4 && board.pending === 1 && /Eve/.test(board.names),
			'the board: pegs with letters, blanks hollow, a mark not yet given, names for seats', JSON.stringify(board));
		await fay.click('#mark-none');
		const none = await fay.waitForFunction(() => document.querySelectorAll('#play-game svg circle.mark-none').length === 1 &&
			document.querySelectorAll('#play-game svg circle.mark-pending').length === 0, null, { timeout: 10000 })
			.then(() => true, () => false);
		ok(none, 'Fay marks "none" by a tap, drawn unlike a mark not yet given');
		w3.stop();
		await shot(fay, 'phone-play');
		// Another player at Eve's phone with a wrong PIN: Eve's secret goes.
		w.stop();
		await page.selectOption('#seat', '2');
		await page.fill('#pin', '0000');
		await page.click('#who button[type=submit]');
		await page.waitForSelector('#status.foul', { timeout: 5000 }).catch(() => null);
		const gone = await page.evaluate(() => ({ text: document.getElementById('secret').textContent,
			hidden: document.getElementById('secret').classList.contains('hidden') }));
		ok(gone.text === '' && gone.hidden, 'a wrong PIN clears the previous player\'s secret', JSON.stringify(gone));
		ok(w3.problems.length === 0, 'no console errors or failed requests on Fay\'s page', ...w3.problems);
		w2.stop();
		ok(w.problems.length === 0 && w2.problems.length === 0,
			'no console errors or failed requests on the player\'s and the table\'s pages', ...w.problems, ...w2.problems);
		await context.close();
	});

	await group('phone', async () => {
		const width = 390, height = 844;
		const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 3,
			isMobile: true, hasTouch: true });
		for (const [base, path, selector] of [[DEMO, '/', '#table-1 svg.board'], [LIVE, '/tables/1', '#content svg.board']]) {
			const page = await context.newPage();
			const w = watch(page);
			await page.goto(base + path);
			await settled(page);
			await page.waitForSelector(selector);
			// One look: the home page redraws a card at each verdict.
			const m = await page.evaluate(sel => {
				const b = document.querySelector(sel);
				const r = b.getBoundingClientRect();
				return {
					box: { x: r.x, width: r.width, height: r.height },
					scrollWidth: document.documentElement.scrollWidth,
					clientWidth: document.documentElement.clientWidth,
					counts: b.querySelectorAll('text.count').length,
					hidden: [...b.querySelectorAll('text.count')].filter(t => {
						const r = t.getBoundingClientRect();
						return r.width === 0 || r.left < 0 || r.right > window.innerWidth;
					}).length,
				};
			}, selector);
			w.stop();
			const box = m.box;
			note(`${path} at ${width}x${height}: board ${Math.round(box.width)}x${Math.round(box.height)} at x=${Math.round(box.x)}; page ${m.scrollWidth} wide in ${m.clientWidth}`);
			ok(box.x >= 0 && box.x + box.width <= width && box.width >= width * 0.6 && box.height >= 80,
				`${path} on a phone: the board fits the screen's width and fills most of it`, JSON.stringify(box));
			ok(m.counts === 14 && m.hidden === 0, `${path} on a phone: all 14 counts on the board are visible`, JSON.stringify(m));
			ok(m.scrollWidth <= m.clientWidth, `${path} on a phone: no horizontal scrolling`, JSON.stringify(m));
			ok(w.problems.length === 0, `${path} on a phone: no console errors or failed requests`, ...w.problems);
			await page.close();
		}
		await context.close();
	});

	await clubTests({ browser, group, ok, note, ms, shot, settled, watch, until, json, get,
		env: { DEMO, LIVE, PASSWORD, CLI, LIVE_DB, CLUB, CLUB_DB } });
	if (TRANSPORT)
		await group('transport', () => transportTests({ browser, url: TRANSPORT, password: PASSWORD,
			ok, note, shot, settled, watch, until, json }));
	if (HUB && HUB_BROKER)
		await group('hub', () => hubTests({ browser, url: HUB, password: PASSWORD,
			broker: HUB_BROKER, ok, note, settled, watch, until, json }));
	else if (process.env.CI === 'true')
		ok(false, `a hub's remote table, which needs:${process.env.PITBOSS_HUB_MISSING || ' a broker'} (Debian: mosquitto mosquitto-clients libmosquitto-dev)`);
	else
		console.log(`ok ${++n} - # SKIP a hub's remote table: needs:${process.env.PITBOSS_HUB_MISSING || ' a broker'}`);
} catch (e) {
	/* The first line of what went wrong is in the test's name, which
	 * is what a summary of the run shows. */
	const why = String(e && e.message ? e.message : e).split('\n')[0].slice(0, 200);
	ok(false, `the browser tests ran (${why})`, e && e.stack ? e.stack : e);
} finally {
	if (browser) await browser.close();
}
note(`all: ${ms(performance.now() - t0)}`);
console.log(`1..${n}`);
process.exit(failed ? 1 : 0);
