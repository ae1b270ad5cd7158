-- hub_events.sql - a club's records as the tables would have published
-- them (docs/mqtt.md): one event per line, "TABLE<tab>JSON", every
-- game, move, incident and game's end of each board, numbered per
-- table in the order the table wrote them. Run by sqlite3 on a
-- database of played games; the table of board N is "tN".
.mode tabs
.headers off
WITH ev (board, game, k, kind, at, payload) AS (
  SELECT g.board_id, g.id, 0, 'game-start', g.started, json_object(
    'game', g.id, 'kind', g.kind, 'options', g.options, 'board', b.name,
    'seats', g.seats, 'first_seat', g.first_seat,
    'first_how', g.first_how, 'started', g.started, 'position', 'start',
    'series', g.series_id, 'hub_series', g.series_id,
    'game_no', g.game_no, 'players', (
      SELECT json_group_array(json_object('seat', gp.seat,
        'member', gp.member, 'name', p.name))
      FROM game_players gp JOIN players p ON p.id = gp.player_id
      WHERE gp.game_id = g.id))
  FROM games g JOIN boards b ON b.id = g.board_id
  UNION ALL
  SELECT g.board_id, g.id, 2 * m.ply, 'move', m.at, json_object(
    'game', g.id, 'ply', m.ply, 'seat', m.seat, 'member', m.member,
    'player', p.name, 'notation', m.notation, 'position', m.position,
    'at', m.at, 'source', m.source, 'evidence', m.evidence)
  FROM moves m JOIN games g ON g.id = m.game_id
  LEFT JOIN players p ON p.id = m.player_id
  UNION ALL
  SELECT g.board_id, g.id, 2 * i.ply + 1, 'incident', i.at, json_object(
    'game', g.id, 'ply', i.ply, 'kind', i.kind, 'player', p.name,
    'text', i.text, 'at', i.at, 'cause', i.cause,
    'evidence', i.evidence)
  FROM incidents i JOIN games g ON g.id = i.game_id
  LEFT JOIN players p ON p.id = i.player_id
  UNION ALL
  SELECT g.board_id, g.id, 1000000, 'game-over', g.ended, json_object(
    'game', g.id, 'ended', g.ended, 'status', g.status,
    'result', g.result, 'winner_seat', g.winner_seat, 'plies', g.plies,
    'position', g.position, 'sides', (
      SELECT json_group_array(json_object('seat', s.seat,
        'score', s.score, 'points', s.points))
      FROM game_sides s WHERE s.game_id = g.id))
  FROM games g WHERE g.status = 'finished'
)
SELECT 't' || board, json_object('v', 1, 'table', 't' || board,
  'seq', row_number() OVER (PARTITION BY board ORDER BY game, k),
  'kind', kind, 'at', at, 'payload', json(payload))
FROM ev ORDER BY board, game, k;
