-- club_records.sql - one table's games, seats, sides, moves and
-- incidents as text, keyed by the table's own game ids, so that a
-- table's database and the hub's compare row by row. The temporary
-- view gm(remote, gid) maps each game to compare (gid, this database's
-- id) to its id at the table (remote); the caller creates it first.
.mode list
.headers off
SELECT 'game', gm.remote, b.name, g.kind, g.options, g.first_seat,
  g.first_how, g.started, g.ended, g.status, g.result, g.winner_seat,
  g.plies, g.position
FROM gm JOIN games g ON g.id = gm.gid JOIN boards b ON b.id = g.board_id
ORDER BY 2;
SELECT 'seat', gm.remote, gp.seat, gp.member, p.name
FROM gm JOIN game_players gp ON gp.game_id = gm.gid
JOIN players p ON p.id = gp.player_id ORDER BY 2, 3, 4;
SELECT 'side', gm.remote, s.seat, s.score, s.points
FROM gm JOIN game_sides s ON s.game_id = gm.gid ORDER BY 2, 3;
SELECT 'move', gm.remote, m.ply, m.seat, m.member, p.name, m.notation,
  m.position, m.at, m.source, m.evidence
FROM gm JOIN moves m ON m.game_id = gm.gid
LEFT JOIN players p ON p.id = m.player_id ORDER BY 2, 3;
SELECT 'incident', gm.remote, i.ply, i.kind, p.name, i.text, i.at,
  i.cause, i.evidence
FROM gm JOIN incidents i ON i.game_id = gm.gid
LEFT JOIN players p ON p.id = i.player_id ORDER BY 2, 3, 7, 4, 6;
