-- hub_records.sql - a database's games, players, sides, moves,
-- incidents, series and ratings as text, ids replaced by names, so that
-- a hub's records and the tables' compare row by row (a series' end is
-- stamped with its last game's end at the hub, the clock's at a table).
.mode list
.headers off
SELECT 'game', b.name, g.series_id, g.game_no, g.kind, g.options,
  g.first_seat, g.first_how, g.started, g.ended, g.status, g.result,
  g.winner_seat, g.plies, g.position
FROM games g JOIN boards b ON b.id = g.board_id ORDER BY 2, 3, 4;
SELECT 'seat', b.name, g.series_id, g.game_no, gp.seat, gp.member, p.name
FROM game_players gp JOIN games g ON g.id = gp.game_id
JOIN boards b ON b.id = g.board_id JOIN players p ON p.id = gp.player_id
ORDER BY 2, 3, 4, 5, 6;
SELECT 'side', b.name, g.series_id, g.game_no, s.seat, s.score, s.points
FROM game_sides s JOIN games g ON g.id = s.game_id
JOIN boards b ON b.id = g.board_id ORDER BY 2, 3, 4, 5;
SELECT 'move', b.name, g.series_id, g.game_no, m.ply, m.seat, m.member,
  p.name, m.notation, m.position, m.at, m.source, m.evidence
FROM moves m JOIN games g ON g.id = m.game_id
JOIN boards b ON b.id = g.board_id LEFT JOIN players p ON p.id = m.player_id
ORDER BY 2, 3, 4, 5;
SELECT 'incident', b.name, g.series_id, g.game_no, i.ply, i.kind, p.name,
  i.text, i.at, i.cause, i.evidence
FROM incidents i JOIN games g ON g.id = i.game_id
JOIN boards b ON b.id = g.board_id LEFT JOIN players p ON p.id = i.player_id
ORDER BY 2, 3, 4, 5, 9;
SELECT 'series', s.id, pa.name, pb.name, s.first, s.status, s.decided_by,
  s.winner, s.total_a, s.total_b, s.games, s.won_a, s.won_b, s.drawn
FROM series s JOIN players pa ON pa.id = s.player_a
JOIN players pb ON pb.id = s.player_b ORDER BY s.id;
SELECT 'rating', r.kind_key, p.name, printf('%.6f %.6f %.6f', r.rating,
  r.rd, r.volatility), r.games, r.wins, r.losses, r.draws, r.last_played
FROM ratings r JOIN players p ON p.id = r.player_id ORDER BY 2, 3;
