/*
 * qr.js - a QR code of a text, made here (ISO/IEC 18004): byte mode,
 * error correction level M, versions 1 to 10 (up to 213 bytes), the
 * mask of least penalty. qrMatrix(text) gives the modules (rows of
 * booleans, true dark); qrSVG(text, label) draws them with the quiet
 * zone. No libraries.
 */
'use strict';

const QR = (() => {
	/* Per version: total codewords, EC codewords per block, blocks
	 * (level M), alignment pattern centres. */
	const TOTAL = [0, 26, 44, 70, 100, 134, 172, 196, 242, 292, 346];
	const EC = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
	const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
	const ALIGN = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
		[6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

	/* GF(256) with the polynomial 0x11d. */
	const EXP = new Array(512), LOG = new Array(256);
	for (let i = 0, x = 1; i < 255; i++) {
		EXP[i] = x; LOG[x] = i;
		x <<= 1; if (x & 0x100) x ^= 0x11d;
	}
	for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
	const mul = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

	function ecBytes(data, n) {
		let gen = [1];
		for (let i = 0; i < n; i++) {
			const next = new Array(gen.length + 1).fill(0);
			gen.forEach((g, j) => { next[j] ^= g; next[j + 1] ^= mul(g, EXP[i]); });
			gen = next;
		}
		const rem = new Array(n).fill(0);
		for (const d of data) {
			const f = d ^ rem.shift();
			rem.push(0);
			for (let j = 0; j < n; j++) rem[j] ^= mul(gen[j + 1], f);
		}
		return rem;
	}

	function utf8(text) { return Array.from(new TextEncoder().encode(text)); }

	/* The data codewords of `bytes` at `version`, padded. */
	function dataCodewords(bytes, version) {
		const cap = TOTAL[version] - EC[version] * BLOCKS[version];
		const bits = [];
		const put = (v, n) => { for (let i = n - 1; i >= 0; i--) bits.push((v >> i) & 1); };
		put(4, 4);
		put(bytes.length, version < 10 ? 8 : 16);
		bytes.forEach(b => put(b, 8));
		put(0, Math.min(4, cap * 8 - bits.length));
		while (bits.length % 8) bits.push(0);
		const out = [];
		for (let i = 0; i < bits.length; i += 8)
			out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
		for (let pad = 0xec; out.length < cap; pad ^= 0xec ^ 0x11) out.push(pad);
		return out;
	}

	/* Blocks, their EC, interleaved. */
	function codewords(data, version) {
		const nb = BLOCKS[version], ec = EC[version];
		const short = Math.floor(data.length / nb), longs = data.length % nb;
		const blocks = [], ecs = [];
		for (let b = 0, at = 0; b < nb; b++) {
			const len = short + (b >= nb - longs ? 1 : 0);
			blocks.push(data.slice(at, at + len));
			ecs.push(ecBytes(data.slice(at, at + len), ec));
			at += len;
		}
		const out = [];
		for (let i = 0; i <= short; i++) for (const b of blocks) if (i < b.length) out.push(b[i]);
		for (let i = 0; i < ec; i++) for (const e of ecs) out.push(e[i]);
		return out;
	}

	function bch(value, poly, bits) {
		let v = value << bits;
		const top = 31 - Math.clz32(poly);
		while (31 - Math.clz32(v) >= top && v) v ^= poly << (31 - Math.clz32(v) - top);
		return (value << bits) | v;
	}

	/* The modules that are not data: finders, timing, alignment,
	 * format and version areas; `fixed` marks them. */
	function skeleton(version) {
		const n = 17 + 4 * version;
		const m = Array.from({ length: n }, () => new Array(n).fill(false));
		const fixed = Array.from({ length: n }, () => new Array(n).fill(false));
		const set = (r, c, dark) => { m[r][c] = dark; fixed[r][c] = true; };
		for (const [r0, c0] of [[0, 0], [0, n - 7], [n - 7, 0]])
			for (let r = -1; r <= 7; r++) for (let c = -1; c <= 7; c++) {
				const rr = r0 + r, cc = c0 + c;
				if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
				const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
				set(rr, cc, ring !== 2 && ring !== 4);
			}
		for (let i = 8; i < n - 8; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
		const al = ALIGN[version];
		const last = al.length - 1;
		al.forEach((r, i) => al.forEach((c, j) => {
			if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
			for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++)
				set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
		}));
		for (let i = 0; i < 9; i++) { fixed[8][i] = fixed[i][8] = true; }
		for (let i = 0; i < 8; i++) { fixed[8][n - 1 - i] = fixed[n - 1 - i][8] = true; }
		set(n - 8, 8, true);
		if (version >= 7) {
			const v = bch(version, 0x1f25, 12);
			for (let i = 0; i < 18; i++) {
				const dark = ((v >> i) & 1) === 1, a = Math.floor(i / 3), b = n - 11 + (i % 3);
				set(a, b, dark); set(b, a, dark);
			}
		}
		return { n, m, fixed };
	}

	function place(sk, bytes) {
		const { n, m, fixed } = sk;
		let bit = 0;
		const total = bytes.length * 8;
		for (let right = n - 1, up = true; right > 0; right -= 2, up = !up) {
			if (right === 6) right = 5;
			for (let k = 0; k < n; k++) {
				const r = up ? n - 1 - k : k;
				for (const c of [right, right - 1]) {
					if (fixed[r][c]) continue;
					m[r][c] = bit < total && ((bytes[bit >> 3] >> (7 - (bit & 7))) & 1) === 1;
					bit++;
				}
			}
		}
	}

	const MASKS = [
		(r, c) => (r + c) % 2 === 0, (r) => r % 2 === 0, (r, c) => c % 3 === 0,
		(r, c) => (r + c) % 3 === 0, (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
		(r, c) => ((r * c) % 2) + ((r * c) % 3) === 0, (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
		(r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
	];

	/* Format bits: level M is 00. */
	function format(sk, mask) {
		const { n, m } = sk;
		const f = bch(mask, 0x537, 10) ^ 0x5412;
		const bitAt = i => ((f >> i) & 1) === 1;
		for (let i = 0; i < 6; i++) m[i][8] = bitAt(i);
		m[7][8] = bitAt(6); m[8][8] = bitAt(7); m[8][7] = bitAt(8);
		for (let i = 9; i < 15; i++) m[8][14 - i] = bitAt(i);
		for (let i = 0; i < 8; i++) m[8][n - 1 - i] = bitAt(i);
		for (let i = 8; i < 15; i++) m[n - 15 + i][8] = bitAt(i);
		m[n - 8][8] = true;
	}

	function penalty(m) {
		const n = m.length;
		let p = 0, dark = 0;
		const runs = line => {
			for (let i = 0, len = 1; i < n; i++, len++) {
				if (i + 1 < n && line(i + 1) === line(i)) continue;
				if (len >= 5) p += len - 2;
				len = 0;
			}
		};
		for (let i = 0; i < n; i++) { runs(j => m[i][j]); runs(j => m[j][i]); }
		for (let r = 0; r + 1 < n; r++) for (let c = 0; c + 1 < n; c++) {
			const v = m[r][c];
			if (v === m[r + 1][c] && v === m[r][c + 1] && v === m[r + 1][c + 1]) p += 3;
		}
		const pat = [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], rev = pat.slice().reverse();
		const fits = (get, at, pt) => pt.every((b, k) => get(at + k) === (b === 1));
		for (let i = 0; i < n; i++) for (let j = 0; j + 11 <= n; j++) {
			const row = k => m[i][k], col = k => m[k][i];
			if (fits(row, j, pat) || fits(row, j, rev)) p += 40;
			if (fits(col, j, pat) || fits(col, j, rev)) p += 40;
		}
		for (const row of m) for (const v of row) if (v) dark++;
		p += Math.floor(Math.abs(dark * 20 - n * n * 10) / (n * n)) * 10;
		return p;
	}

	/* The matrix of `text`; `mask` (0..7) forces a mask. */
	function matrix(text, mask) {
		const bytes = utf8(text);
		let version = 1;
		while (version <= 10 &&
		       (TOTAL[version] - EC[version] * BLOCKS[version]) * 8 < 4 + (version < 10 ? 8 : 16) + 8 * bytes.length)
			version++;
		if (version > 10) throw new Error('text too long for a QR code');
		const all = codewords(dataCodewords(bytes, version), version);
		let best = null;
		for (let k = 0; k < 8; k++) {
			if (mask !== undefined && mask !== k) continue;
			const sk = skeleton(version);
			place(sk, all);
			for (let r = 0; r < sk.n; r++) for (let c = 0; c < sk.n; c++)
				if (!sk.fixed[r][c] && MASKS[k](r, c)) sk.m[r][c] = !sk.m[r][c];
			format(sk, k);
			const score = penalty(sk.m);
			if (best === null || score < best.score) best = { score, m: sk.m, mask: k, version };
		}
		return best;
	}

	return { matrix };
})();

function qrMatrix(text, mask) { return QR.matrix(text, mask).m; }

/* An SVG of the QR code of `text`, with its quiet zone. */
function qrSVG(text, label) {
	const m = qrMatrix(text), n = m.length, q = 4;
	let d = '';
	m.forEach((row, r) => row.forEach((dark, c) => { if (dark) d += `M${c + q} ${r + q}h1v1h-1z`; }));
	const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
	svg.setAttribute('viewBox', `0 0 ${n + 2 * q} ${n + 2 * q}`);
	svg.setAttribute('class', 'qr');
	svg.setAttribute('role', 'img');
	svg.setAttribute('aria-label', label || `QR code of ${text}`);
	svg.setAttribute('shape-rendering', 'crispEdges');
	const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
	bg.setAttribute('width', n + 2 * q); bg.setAttribute('height', n + 2 * q); bg.setAttribute('fill', '#fff');
	const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
	path.setAttribute('d', d); path.setAttribute('fill', '#000');
	svg.append(bg, path);
	return svg;
}

if (typeof module !== 'undefined') module.exports = { qrMatrix, QR };
