// A hub's remote table in the dashboard, run by dashboard.test.mjs as
// one group against a pitbossd --hub taking in, through a real
// mosquitto broker, the events of a remote table "t1" faked with
// mosquitto_pub (tests/web_browser.sh publishes its status and a game
// under way). The arbiter presses Confirm on its page; the table does not
// answer within the server's wait, so the command is answered 202 with
// Retry-After; the page asks again with its Idempotency-Key while the
// test has the table answer; the page then shows the table's outcome
// without a reload, having sent the same key each time.
//   t: { browser, url, password, broker, ok, note, settled, watch, until,
//        json }
import { execFile } from 'node:child_process';

/* The remote table's next event, published as the table would. */
function publish(t, seq, kind, payload) {
	const event = JSON.stringify({ v: 1, table: 't1', seq, kind,
		at: '2026-11-24T03:00:00.000Z', payload });
	return new Promise((ok, fail) => execFile('mosquitto_pub',
		['-p', String(t.broker), '-q', '1', '-t', 'pitboss/v1/t1/event', '-m', event],
		{ timeout: 60000 }, e => (e ? fail(e) : ok())));
}

export async function hubTests(t) {
	const { ok, note, browser } = t;
	const tb = await t.until(async () => (await t.json(`${t.url}/api/tables`))
		.find(x => x.game && x.name === 'Table 1'), 60000);
	if (!ok(tb !== null, 'the hub shows the remote table with its game'))
		return;
	const context = await browser.newContext();
	const page = await context.newPage();
	const w = t.watch(page);
	await page.goto(`${t.url}/admin`);
	await t.settled(page);
	await page.fill('#password', t.password);
	await page.click('#login button[type=submit]');
	if (!ok(await page.waitForSelector('#logout', { timeout: 10000 }).then(() => true, () => false),
		'the arbiter logs in at the hub'))
		return;
	await page.goto(`${t.url}/tables/${tb.id}`);
	await t.settled(page);
	/* Gone if the page were loaded again. */
	await page.evaluate(() => { window.sameLoad = true; });

	const answers = [];
	page.on('response', r => {
		if (/\/api\/tables\/\d+\/commands$/.test(r.url()))
			answers.push(r);
	});
	const asked = [];
	page.on('request', r => {
		if (/\/api\/tables\/\d+\/commands$/.test(r.url()))
			asked.push(r);
	});
	const first = page.waitForResponse(r => /\/commands$/.test(r.url()), { timeout: 60000 });
	await page.click('#admin button[data-kind=confirm]');
	const r202 = await first;
	const body = await r202.json().catch(() => null);
	ok(r202.status() === 202 && r202.headers()['retry-after'] === '1',
		'the remote table does not answer in time: 202 with Retry-After: 1',
		`${r202.status()} Retry-After: ${r202.headers()['retry-after']}`);
	const id = body && body.command;
	/* Read once the page has handled the 202: it asks again. */
	const again = await t.until(async () => asked.length >= 2, 30000);
	const waiting = await page.textContent('#command-outcome');
	ok(again, 'the page asks again after Retry-After', `${asked.length} asked`);
	ok(waiting === '…', `the page waits on, not showing "queued": "${waiting}"`);
	note(`command ${id} answered 202; the table answers it now`);
	await publish(t, 2, 'command-done', { hub_command: String(id), command: 9,
		outcome: 'refused: nothing is held', outcome_kind: 'refused',
		outcome_cause: 'nothing-held', outcome_ply: null, outcome_move: null });
	const shown = await page.waitForFunction(() => {
		const o = document.getElementById('command-outcome');
		return o && o.textContent !== '…' && o.textContent;
	}, null, { timeout: 90000 }).then(h => h.jsonValue(), () => null);
	ok(shown === 'refused: nothing is held',
		`the page then shows the table's outcome: "${shown}"`);
	const last = answers[answers.length - 1];
	const keys = new Set(answers.map(r => r.request().headers()['idempotency-key']));
	ok(answers.length >= 2 && last.status() === 200 && keys.size === 1,
		'asked again with the same key until it was answered 200',
		answers.map(r => `${r.status()} ${r.request().headers()['idempotency-key']}`).join(', '));
	ok(await page.evaluate(() => window.sameLoad === true), 'without a reload');
	w.stop();
	ok(w.problems.length === 0, 'no console errors or failed requests', ...w.problems);
	await context.close();
}
