/*
 * queries.c - the text of every statement the records store runs, in
 * one table indexed by `enum query` (db_impl.h). Each is prepared once
 * per connection and only ever bound, never assembled from text.
 */
#include "config.h"

#include "db/db_impl.h"

#define PLAYER_COLUMNS "SELECT id, name, created, retired FROM players "
/* A game as db_game_get() reads it (game_row() in db_games.c), and one
 * member of one of its sides (side_row()). */
#define GAME_COLUMNS \
	"SELECT g.id, g.kind, g.options, g.board_id, b.name, g.series_id," \
	" g.game_no, s.tournament_id, g.seats, g.first_seat, g.first_how," \
	" g.started, g.ended, g.status, g.result, g.winner_seat, g.plies," \
	" g.position "
#define GAME_JOINS \
	" LEFT JOIN boards b ON b.id = g.board_id" \
	" LEFT JOIN series s ON s.id = g.series_id "
#define SIDE_COLUMNS \
	" gp.seat, gp.member, gp.player_id, p.name, gs.score, gs.points "
/* The filters of a history on its game g: ?1 the player ("me" his
 * seat), ?2 an opponent, ?3 a tournament, ?4 a series, ?5 a table,
 * ?6/?7 the first and last day, ?8 the result. */
#define HISTORY_FILTERS \
	" AND (?2 IS NULL OR EXISTS (SELECT 1 FROM game_players o" \
	"  WHERE o.game_id = g.id AND o.player_id = ?2 AND o.seat NOT IN" \
	"  (SELECT seat FROM game_players me" \
	"   WHERE me.game_id = g.id AND me.player_id = ?1)))" \
	" AND (?3 IS NULL OR g.series_id IN" \
	"  (SELECT id FROM series WHERE tournament_id = ?3))" \
	" AND (?4 IS NULL OR g.series_id = ?4)" \
	" AND (?5 IS NULL OR g.board_id = ?5)" \
	" AND (?6 IS NULL OR substr(g.started, 1, 10) >= ?6)" \
	" AND (?7 IS NULL OR substr(g.started, 1, 10) <= ?7)" \
	/* A voided game is void, whatever it was before. */ \
	" AND (?8 IS NULL" \
	"  OR (?8 = 'void' AND (g.result = 'void' OR g.status = 'void'))" \
	"  OR (?8 = 'draw' AND g.result = 'draw' AND g.status <> 'void')" \
	"  OR (?8 IN ('win', 'loss') AND g.result = 'win' AND g.status <> 'void'" \
	"   AND (g.winner_seat IN (SELECT seat FROM game_players me" \
	"    WHERE me.game_id = g.id AND me.player_id = ?1)) = (?8 = 'win')))"
/* The rows of the games h chose, in h's order: h the outer loop (a
 * CROSS JOIN keeps it there), each game's members by game_players'
 * key (game, seat, member), so nothing is sorted again (test_db
 * checks the plan). */
#define HISTORY_ROWS \
	GAME_COLUMNS "," SIDE_COLUMNS \
	"FROM h CROSS JOIN games g ON g.id = h.id" GAME_JOINS \
	"LEFT JOIN game_players gp ON gp.game_id = g.id" \
	" LEFT JOIN players p ON p.id = gp.player_id" \
	" LEFT JOIN game_sides gs ON gs.game_id = gp.game_id" \
	"  AND gs.seat = gp.seat"
#define TABLE_COLUMNS "SELECT id, name, location, created FROM boards "
#define SERIES_COLUMNS \
	"SELECT s.id, s.tournament_id, s.match, s.kind, s.options, s.target," \
	" s.player_a, s.player_b, a.name, b.name, s.first, s.first_how," \
	" s.lot_seed, s.status, s.decided_by, s.winner, s.total_a, s.total_b," \
	" s.games, s.started, s.ended, s.board_id, bd.name FROM series s" \
	" JOIN players a ON a.id = s.player_a" \
	" JOIN players b ON b.id = s.player_b" \
	" LEFT JOIN boards bd ON bd.id = s.board_id "
#define TOURNAMENT_COLUMNS \
	"SELECT t.id, t.name, t.kind, t.options, t.target, t.third_place," \
	" t.status, t.random, t.random_seed, t.created, t.champion_id, p.name," \
	" CASE WHEN t.status = 'entry' THEN" \
	"  (SELECT count(*) FROM entries e" \
	"   WHERE e.tournament_id = t.id AND e.status = 'in')" \
	" ELSE (SELECT count(*) FROM bracket_slots b" \
	"   WHERE b.tournament_id = t.id AND b.player_id IS NOT NULL) END," \
	" t.auto_call, t.format FROM tournaments t LEFT JOIN players p ON p.id = t.champion_id "

/* A hub's event: its envelope, NULLs unless it is JSON. */
#define HUB_HEADER "SELECT json_extract(?1, '$.v'), json_extract(?1, '$.table')," \
	" json_extract(?1, '$.seq'), json_type(?1, '$.seq')," \
	" json_extract(?1, '$.kind'), json_extract(?1, '$.at')," \
	" json_type(?1, '$.payload'), json_extract(?1, '$.instance')" \
	" WHERE json_valid(?1)"

/* A hub's remote tables as db_hub_tables() reads them. */
#define HUB_TABLE_COLUMNS "SELECT t.table_key, coalesce(t.state, '')," \
	" t.last_seq, coalesce(t.table_seq, -1)," \
	" (SELECT count(*) FROM hub_events e WHERE e.table_key =" \
	"  t.table_key AND e.seq > t.last_seq)," \
	" (SELECT min(e.seq) FROM hub_events e WHERE e.table_key =" \
	"  t.table_key AND e.seq > t.last_seq)," \
	" t.duplicates," \
	" (SELECT count(*) FROM hub_events e WHERE e.table_key =" \
	"  t.table_key AND e.error IS NOT NULL)," \
	" coalesce(t.seen, ''), coalesce(t.lag_ms, -1)," \
	" coalesce(t.board_id, 0), coalesce(b.name, '')," \
	" coalesce(t.instance, ''), coalesce(t.foreign_instance, '')," \
	" t.foreign_events, coalesce(t.foreign_seen, ''), t.lost" \
	" FROM hub_tables t LEFT JOIN boards b ON b.id = t.board_id "


const char *const db_query_sql[Q_COUNT] = {
	[Q_BEGIN] = "BEGIN IMMEDIATE",
	[Q_COMMIT] = "COMMIT",
	[Q_ROLLBACK] = "ROLLBACK",
	[Q_SAVEPOINT] = "SAVEPOINT part",
	[Q_RELEASE] = "RELEASE part",
	[Q_ROLLBACK_TO] = "ROLLBACK TO part",

	[Q_PLAYER_INSERT] =
	"INSERT INTO players (name, name_key, created) VALUES (?1, ?2, ?3)",
	[Q_PLAYER_BY_ID] = PLAYER_COLUMNS "WHERE id = ?1",
	[Q_PLAYER_BY_KEY] = PLAYER_COLUMNS "WHERE name_key = ?1",
	[Q_PLAYER_RENAME] =
	"UPDATE players SET name = ?1, name_key = ?2 WHERE id = ?3",
	[Q_PLAYER_NAME_HISTORY_ADD] =
	"INSERT INTO player_names (player_id, name, until) VALUES (?1, ?2, ?3)",
	[Q_PLAYER_RETIRE] = "UPDATE players SET retired = ?1 WHERE id = ?2",
	[Q_PLAYER_LIST] =
	PLAYER_COLUMNS "WHERE ?1 OR retired IS NULL ORDER BY id",
	[Q_PLAYER_FORMER_NAMES] =
	"SELECT name, until FROM player_names WHERE player_id = ?1"
	" ORDER BY rowid",

	[Q_TABLE_INSERT] =
	"INSERT INTO boards (name, name_key, location, created)"
	" VALUES (?1, ?2, ?3, ?4)",
	[Q_TABLE_BY_ID] = TABLE_COLUMNS "WHERE id = ?1",
	[Q_TABLE_BY_KEY] = TABLE_COLUMNS "WHERE name_key = ?1",
	[Q_TABLE_LIST] = TABLE_COLUMNS "ORDER BY id",

	[Q_GAME_INSERT] =
	"INSERT INTO games (kind, options, board_id, seats, first_seat,"
	" first_how, started, position, series_id, game_no)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
	[Q_GAME_PLAYER_INSERT] =
	"INSERT INTO game_players (game_id, seat, member, player_id, started)"
	" SELECT ?1, ?2, ?3, ?4, started FROM games WHERE id = ?1",
	[Q_GAME_STATE] =
	"SELECT status, plies, series_id, seats FROM games WHERE id = ?1",
	[Q_GAME_ADVANCE] =
	"UPDATE games SET plies = ?2, position = ?3 WHERE id = ?1",
	[Q_GAME_FINISH] =
	"UPDATE games SET status = 'finished', ended = ?2, result = ?3,"
	" winner_seat = ?4 WHERE id = ?1",
	[Q_GAME_SIDE_INSERT] =
	"INSERT INTO game_sides (game_id, seat, score, points)"
	" VALUES (?1, ?2, ?3, ?4)",
	[Q_GAME_GET] = GAME_COLUMNS "FROM games g" GAME_JOINS "WHERE g.id = ?1",
	[Q_GAME_SIDES] =
	"SELECT" SIDE_COLUMNS
	"FROM game_players gp JOIN players p ON p.id = gp.player_id"
	" LEFT JOIN game_sides gs ON gs.game_id = gp.game_id"
	"  AND gs.seat = gp.seat"
	" WHERE gp.game_id = ?1 ORDER BY gp.seat, gp.member",
	[Q_GAME_PLAYING_IN_SERIES] =
	"SELECT id FROM games WHERE series_id = ?1 AND status = 'playing'"
	" LIMIT 1",
	[Q_MOVE_INSERT] =
	"INSERT INTO moves (game_id, ply, seat, member, player_id, notation,"
	" position, at, source, evidence)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, coalesce(?10, ''))",
	[Q_MOVE_LIST] =
	"SELECT m.ply, m.seat, m.member, p.name, m.notation, m.position,"
	" m.source, m.at, m.evidence"
	" FROM moves m LEFT JOIN players p ON p.id = m.player_id"
	" WHERE m.game_id = ?1 ORDER BY m.ply",
	[Q_INCIDENT_INSERT] =
	"INSERT INTO incidents (game_id, ply, kind, player_id, text, at, cause,"
	" evidence) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, coalesce(?8, ''))",

	/* The games chosen, newest first, each as one row per member of
	 * each side (GAME_COLUMNS, then SIDE_COLUMNS). */
	[Q_HISTORY] =
	"WITH h(id, started) AS (SELECT g.id, g.started FROM games g"
	/* The games of the series, else of the table, else all of them:
	 * each found by its index. */
	" WHERE g.id IN (SELECT id FROM games WHERE series_id = ?4"
	"  UNION ALL SELECT id FROM games WHERE ?4 IS NULL AND board_id = ?5"
	"  UNION ALL SELECT id FROM games WHERE ?4 IS NULL AND ?5 IS NULL)"
	HISTORY_FILTERS
	" ORDER BY g.started DESC, g.id DESC LIMIT ?9) " HISTORY_ROWS,
	/* A player's: his games walked newest first on his index (one
	 * row per game however many places he holds in it), each game
	 * read only to test a filter given, up to the number asked. */
	[Q_HISTORY_PLAYER] =
	"WITH h(id, started) AS (SELECT gp0.game_id, gp0.started"
	" FROM game_players gp0 WHERE gp0.player_id = ?1"
	" AND (?2 IS NULL AND ?3 IS NULL AND ?4 IS NULL AND ?5 IS NULL"
	"  AND ?6 IS NULL AND ?7 IS NULL AND ?8 IS NULL"
	"  OR EXISTS (SELECT 1 FROM games g WHERE g.id = gp0.game_id"
	HISTORY_FILTERS "))"
	" GROUP BY gp0.started, gp0.game_id"
	" ORDER BY gp0.started DESC, gp0.game_id DESC LIMIT ?9) " HISTORY_ROWS,

	[Q_SERIES_INSERT] =
	"INSERT INTO series (tournament_id, match, kind, options, target,"
	" player_a, player_b, first, first_how, lot_seed, started)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
	[Q_SERIES_GET] = SERIES_COLUMNS "WHERE s.id = ?1",
	[Q_SERIES_OF_MATCH] =
	SERIES_COLUMNS "WHERE s.tournament_id = ?1 AND s.match = ?2",
	/* Per finished game in order: result, A's points, B's points. */
	[Q_SERIES_SCORE] =
	"SELECT g.result,"
	" COALESCE(SUM(CASE WHEN gp.player_id = ?2 THEN gs.points END), 0),"
	" COALESCE(SUM(CASE WHEN gp.player_id <> ?2 THEN gs.points END), 0)"
	" FROM games g"
	" JOIN game_players gp ON gp.game_id = g.id AND gp.member = 0"
	" JOIN game_sides gs ON gs.game_id = g.id AND gs.seat = gp.seat"
	" WHERE g.series_id = ?1 AND g.status = 'finished'"
	" GROUP BY g.id ORDER BY g.game_no, g.id",
	[Q_SERIES_FINISH] =
	"UPDATE series SET total_a = ?2, total_b = ?3, games = ?4,"
	" status = ?5, decided_by = ?6, winner = ?7, ended = ?8,"
	" won_a = ?9, won_b = ?10, drawn = ?11 WHERE id = ?1",

	[Q_TOURNAMENT_INSERT] =
	"INSERT INTO tournaments (name, name_key, kind, options, target,"
	" third_place, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
	[Q_TOURNAMENT_BY_ID] = TOURNAMENT_COLUMNS "WHERE t.id = ?1",
	[Q_TOURNAMENT_BY_KEY] = TOURNAMENT_COLUMNS "WHERE t.name_key = ?1",
	[Q_TOURNAMENT_LIST] = TOURNAMENT_COLUMNS "ORDER BY t.id",
	[Q_TOURNAMENT_DRAWN] =
	"UPDATE tournaments SET status = 'drawn', random = ?2,"
	" random_seed = ?3, drawn = ?4 WHERE id = ?1",
	[Q_TOURNAMENT_FINISHED] =
	"UPDATE tournaments SET status = 'finished', champion_id = ?2"
	" WHERE id = ?1",
	[Q_ENTRY_INSERT] =
	"INSERT INTO entries (tournament_id, player_id, entered)"
	" VALUES (?1, ?2, ?3)",
	[Q_ENTRY_GET] =
	"SELECT status, COALESCE(seed, 0) FROM entries"
	" WHERE tournament_id = ?1 AND player_id = ?2",
	[Q_ENTRY_SEED_TAKEN] =
	"SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id"
	" WHERE e.tournament_id = ?1 AND e.seed = ?2 AND e.player_id <> ?3"
	" AND e.status = 'in'",
	[Q_ENTRY_SET_SEED] =
	"UPDATE entries SET seed = ?3 WHERE tournament_id = ?1"
	" AND player_id = ?2",
	/* A seed given up before the draw; kept after it (the player was
	 * seeded). */
	[Q_ENTRY_WITHDRAW] =
	"UPDATE entries SET status = 'withdrawn', seed = CASE WHEN"
	" (SELECT status FROM tournaments WHERE id = ?1) = 'entry'"
	" THEN NULL ELSE seed END"
	" WHERE tournament_id = ?1 AND player_id = ?2",
	[Q_ENTRY_LIST] =
	"SELECT player_id, COALESCE(seed, 0) FROM entries"
	" WHERE tournament_id = ?1 AND status = 'in' ORDER BY entered, player_id",
	[Q_ENTRY_SEEDED] =
	"SELECT seed IS NOT NULL FROM entries"
	" WHERE tournament_id = ?1 AND player_id = ?2",
	[Q_ENTRY_WITHDRAWN] =
	"SELECT player_id FROM entries WHERE tournament_id = ?1"
	" AND status = 'withdrawn'",
	[Q_SLOT_INSERT] =
	"INSERT INTO bracket_slots (tournament_id, slot, seed, player_id)"
	" VALUES (?1, ?2, ?3, ?4)",
	[Q_SLOT_LIST] =
	"SELECT slot, seed, player_id FROM bracket_slots"
	" WHERE tournament_id = ?1 ORDER BY slot",
	[Q_RESULT_INSERT] =
	"INSERT INTO bracket_results (tournament_id, match, winner_seed, how,"
	" decided) VALUES (?1, ?2, ?3, ?4, ?5)",
	[Q_RESULT_LIST] =
	"SELECT match, winner_seed, how FROM bracket_results"
	" WHERE tournament_id = ?1 ORDER BY id",
	/* Per series: players, points and games won and drawn. */
	[Q_SERIES_TOTALS_OF_TOURNAMENT] =
	"SELECT player_a, player_b, total_a, total_b, won_a, won_b, drawn"
	" FROM series WHERE tournament_id = ?1",

	/* Live tables (db_live.c). */
	[Q_GAME_LAST_AT] =
	"SELECT id FROM games WHERE board_id = ?1"
	" ORDER BY started DESC, id DESC LIMIT 1",
	[Q_GAME_PLAYING_AT] =
	"SELECT id FROM games WHERE board_id = ?1 AND status = 'playing'"
	" ORDER BY id DESC LIMIT 1",
	[Q_MOVE_TRUNCATE] =
	"DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
	[Q_COMMAND_INSERT] =
	"INSERT INTO commands (board_id, kind, text, created, request_key)"
	" VALUES (?1, ?2, ?3, ?4, ?5)",
	[Q_COMMAND_BY_KEY] =
	"SELECT id FROM commands WHERE request_key = ?1",
	[Q_COMMAND_KEYS_PRUNE] =
	"UPDATE commands SET request_key = NULL WHERE request_key IS NOT NULL"
	" AND done < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)",
	[Q_COMMAND_NEXT] =
	"SELECT id, board_id, kind, text, created, done, outcome,"
	" outcome_kind, outcome_cause, outcome_ply, outcome_move, handed_on"
	" FROM commands WHERE done IS NULL AND id > ?1 ORDER BY id LIMIT 1",
	[Q_COMMAND_GET] =
	"SELECT id, board_id, kind, text, created, done, outcome,"
	" outcome_kind, outcome_cause, outcome_ply, outcome_move, handed_on"
	" FROM commands WHERE id = ?1",
	[Q_COMMAND_HANDED_ON] =
	"UPDATE commands SET handed_on = coalesce(handed_on, ?2) WHERE id = ?1",
	[Q_COMMAND_NEXT_HANDED_ON] =
	"SELECT id FROM commands WHERE handed_on IS NOT NULL AND done IS NULL"
	" AND id > ?1 ORDER BY id LIMIT 1",
	[Q_COMMAND_DONE] =
	/* A secret entered, or a start's options (which may hold secrets),
	 * are kept in the game, not in the queue. */
	"UPDATE commands SET done = ?2, outcome = ?3, outcome_kind = ?4,"
	" outcome_cause = ?5, outcome_ply = ?6, outcome_move = ?7,"
	" text = CASE WHEN kind IN ('secret', 'start') THEN '' ELSE text END"
	" WHERE id = ?1",
	[Q_INCIDENT_LIST] =
	"SELECT coalesce(i.ply, 0), i.kind, i.text, i.at, coalesce(p.name, ''),"
	" i.cause, i.evidence"
	" FROM incidents i LEFT JOIN players p ON p.id = i.player_id"
	" WHERE i.game_id = ?1 ORDER BY i.id",
	/* Before the first move only: a player's secret entered. */
	/* A hub's events of remote tables (db_hub.c, db_hub_apply.c). */
	[Q_HUB_APPLIED] =
	"UPDATE hub_events SET applied = ?3, error = ?4"
	" WHERE table_key = ?1 AND seq = ?2",
	[Q_HUB_LAST_SEQ] =
	"UPDATE hub_tables SET last_seq = ?2"
	" WHERE table_key = ?1",
	[Q_HUB_TABLE_ADD] =
	"INSERT OR IGNORE INTO hub_tables (table_key)"
	" VALUES (?1)",
	[Q_HUB_EVENT_ADD] =
	"INSERT OR IGNORE INTO hub_events (table_key,"
	" seq, kind, at, body, received)"
	" SELECT ?1, ?2, ?3, ?4, ?5, ?6 FROM hub_tables"
	" WHERE table_key = ?1 AND last_seq < ?2",
	[Q_HUB_DUPLICATE] =
	"UPDATE hub_tables SET seen = ?2,"
	" duplicates = duplicates + 1"
	" WHERE table_key = ?1",
	[Q_HUB_SEEN] =
	"UPDATE hub_tables SET seen = ?2, lag_ms = CAST(round("
	"(julianday(?2) - julianday(?3)) * 86400000) AS"
	" INTEGER) WHERE table_key = ?1",
	[Q_HUB_STATUS] =
	"UPDATE hub_tables SET state = ?2, seen = ?3,"
	" table_seq = CASE WHEN ?4 >= 0 THEN ?4 ELSE"
	" table_seq END WHERE table_key = ?1",
	[Q_HUB_NEXT] =
	"SELECT e.seq, e.kind, e.at, e.body"
	" FROM hub_tables t JOIN hub_events e"
	" ON e.table_key = t.table_key"
	" AND e.seq = t.last_seq + 1"
	" WHERE t.table_key = ?1",
	/* Whether the hub knows of a later event of the table than ?2:
	 * one kept (waiting) or one its last status gave. */
	[Q_HUB_NEWER] =
	"SELECT EXISTS (SELECT 1 FROM hub_events WHERE table_key = ?1"
	" AND seq > ?2) OR coalesce((SELECT table_seq FROM hub_tables"
	" WHERE table_key = ?1), -1) > ?2",
	[Q_HUB_PROGRESS] =
	"SELECT t.last_seq, (SELECT min(e.seq)"
	" FROM hub_events e WHERE e.table_key ="
	" t.table_key AND e.seq > t.last_seq),"
	" coalesce(t.lag_ms, -1)"
	" FROM hub_tables t WHERE t.table_key = ?1",
	/* A table's events applied, as the dashboard's live events: a
	 * verdict's fields (kind, ply, move, cause, text) for each. */
	[Q_HUB_LIVE] =
	"SELECT json_object('table', 0, 'board', t.board_id, 'remote',"
	" e.table_key, 'seq', e.seq, 'game', (SELECT game_id FROM hub_games"
	"  WHERE table_key = e.table_key AND remote_game ="
	"  json_extract(e.body, '$.payload.game')),"
	" 'kind', CASE e.kind WHEN 'game-start' THEN 'start'"
	"  WHEN 'move' THEN 'accept' WHEN 'game-over' THEN 'over'"
	"  WHEN 'incident' THEN CASE json_extract(e.body, '$.payload.kind')"
	"   WHEN 'foul' THEN 'foul' WHEN 'warning' THEN 'warn'"
	"   ELSE 'command' END ELSE 'command' END,"
	" 'ply', coalesce(json_extract(e.body, '$.payload.ply'), 0),"
	" 'move', json_extract(e.body, '$.payload.notation'),"
	" 'cause', coalesce(json_extract(e.body, '$.payload.cause'), 'none'),"
	" 'places', json('[]'),"
	" 'text', CASE e.kind"
	"  WHEN 'move' THEN coalesce(json_extract(e.body, '$.payload.player')"
	"   || ' plays ', 'plays ') || json_extract(e.body,"
	"   '$.payload.notation')"
	"  WHEN 'incident' THEN json_extract(e.body, '$.payload.text')"
	"  WHEN 'game-over' THEN 'game over: ' ||"
	"   json_extract(e.body, '$.payload.result')"
	"  WHEN 'game-fix' THEN 'game ' || json_extract(e.body,"
	"   '$.payload.action') || ': ' || json_extract(e.body,"
	"   '$.payload.reason')"
	"  WHEN 'command-done' THEN json_extract(e.body, '$.payload.outcome')"
	"  ELSE e.kind END, 'state', NULL)"
	" FROM hub_events e JOIN hub_tables t ON t.table_key = e.table_key"
	" WHERE e.table_key = ?1 AND e.seq BETWEEN ?2 AND ?3"
	" AND e.applied IS NOT NULL AND e.error IS NULL ORDER BY e.seq",
	[Q_HUB_TABLES] =
	HUB_TABLE_COLUMNS "ORDER BY t.table_key",
	[Q_HUB_TABLE] =
	HUB_TABLE_COLUMNS "WHERE t.table_key = ?1",
	[Q_HUB_TABLE_OF_BOARD] =
	"SELECT table_key FROM hub_tables"
	" WHERE board_id = ?1 ORDER BY seen DESC"
	" LIMIT 1",
	[Q_HUB_GAME] =
	"SELECT game_id FROM hub_games"
	" WHERE table_key = ?1 AND remote_game = ?2",
	[Q_HUB_HEADER] = HUB_HEADER,
	[Q_HUB_STATUS_READ] =
	"SELECT json_extract(?1, '$.table'), json_extract(?1, '$.state'),"
	" json_extract(?1, '$.seq'), json_extract(?1, '$.instance')"
	" WHERE json_valid(?1)",
	[Q_HUB_BOARD_OF] =
	"SELECT coalesce(board_id, 0) FROM hub_tables WHERE table_key = ?1",
	[Q_HUB_PIN] =
	"UPDATE hub_tables SET instance = ?2"
	" WHERE table_key = ?1 AND instance IS NULL",
	[Q_HUB_PINNED] =
	"SELECT coalesce(instance = ?2, 1), foreign_events FROM hub_tables"
	" WHERE table_key = ?1",
	[Q_HUB_FOREIGN] =
	"UPDATE hub_tables SET foreign_instance = ?2, foreign_seen = ?3,"
	" foreign_events = foreign_events + ?4 WHERE table_key = ?1",
	[Q_HUB_GONE_READ] =
	"SELECT json_extract(?1, '$.v'), json_extract(?1, '$.table'),"
	" json_extract(?1, '$.instance'), json_extract(?1, '$.from'),"
	" json_extract(?1, '$.to') WHERE json_valid(?1)",
	[Q_HUB_LOST] =
	"UPDATE hub_tables SET last_seq = ?2, lost = lost + ?3"
	" WHERE table_key = ?1 AND last_seq < ?2",
	[Q_HUB_PRUNE] =
	"DELETE FROM hub_events WHERE applied IS NOT NULL"
	" AND received < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)"
	" AND seq <= (SELECT t.last_seq FROM hub_tables t"
	" WHERE t.table_key = hub_events.table_key)",
	[Q_HUB_PLAYERS] =
	"SELECT json_extract(value, '$.seat'), json_extract(value, '$.member'),"
	" json_extract(value, '$.name')"
	" FROM json_each(?1, '$.payload.players')",
	[Q_HUB_SIDES] =
	"SELECT json_extract(value, '$.seat'), json_extract(value, '$.score'),"
	" json_extract(value, '$.points')"
	" FROM json_each(?1, '$.payload.sides')",
	[Q_HUB_GAME_MAP] =
	"INSERT INTO hub_games (table_key, remote_game, game_id)"
	" VALUES (?1, ?2, ?3)",
	[Q_HUB_GAME_BOARD] =
	"UPDATE hub_tables SET board_id = ?2 WHERE table_key = ?1",
	[Q_HUB_GAME_UNMAP] =
	"DELETE FROM hub_games WHERE game_id = ?1",
	/* An event's payload, the fields its kind's apply() reads. */
	[Q_HUB_START] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.kind'),"
	" json_extract(?1, '$.payload.options'),"
	" json_extract(?1, '$.payload.board'),"
	" json_extract(?1, '$.payload.seats'),"
	" json_extract(?1, '$.payload.first_seat'),"
	" json_extract(?1, '$.payload.first_how'),"
	" json_extract(?1, '$.payload.started'),"
	" json_extract(?1, '$.payload.position'),"
	" json_extract(?1, '$.payload.hub_series')",
	[Q_HUB_MOVE] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.ply'),"
	" json_extract(?1, '$.payload.seat'),"
	" json_extract(?1, '$.payload.member'),"
	" json_extract(?1, '$.payload.player'),"
	" json_extract(?1, '$.payload.notation'),"
	" json_extract(?1, '$.payload.position'),"
	" json_extract(?1, '$.payload.at'),"
	" json_extract(?1, '$.payload.source'),"
	" json_extract(?1, '$.payload.evidence'),"
	" json_extract(?1, '$.payload.keep')",
	[Q_HUB_TAKE_BACK] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.keep'),"
	" json_extract(?1, '$.payload.position')",
	[Q_HUB_OPTIONS] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.options')",
	[Q_HUB_INCIDENT] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.ply'),"
	" json_extract(?1, '$.payload.kind'),"
	" json_extract(?1, '$.payload.player'),"
	" json_extract(?1, '$.payload.text'),"
	" json_extract(?1, '$.payload.at'),"
	" json_extract(?1, '$.payload.cause'),"
	" json_extract(?1, '$.payload.evidence')",
	[Q_HUB_OVER] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.ended'),"
	" json_extract(?1, '$.payload.result'),"
	" json_extract(?1, '$.payload.winner_seat')",
	[Q_HUB_FIX] =
	"SELECT json_extract(?1, '$.payload.game'),"
	" json_extract(?1, '$.payload.action'),"
	" json_extract(?1, '$.payload.by'),"
	" json_extract(?1, '$.payload.reason'),"
	" json_extract(?1, '$.payload.result'),"
	" json_extract(?1, '$.payload.winner_seat')",
	[Q_HUB_COMMAND_DONE] =
	"SELECT CAST(json_extract(?1, '$.payload.hub_command') AS TEXT),"
	" json_extract(?1, '$.payload.outcome'),"
	" json_extract(?1, '$.payload.outcome_kind'),"
	" json_extract(?1, '$.payload.outcome_cause'),"
	" json_extract(?1, '$.payload.outcome_ply'),"
	" json_extract(?1, '$.payload.outcome_move')",
	[Q_GAME_SET_OPTIONS] =
	"UPDATE games SET options = ?2 WHERE id = ?1 AND status = 'playing'"
	" AND plies = 0",

	/* Call-ups: a series called to a table (NULL: called off). */
	[Q_SERIES_CALL] = "UPDATE series SET board_id = ?2 WHERE id = ?1",
	[Q_SERIES_CALLED_AT] =
	"SELECT id FROM series WHERE board_id = ?1 AND status = 'playing'"
	" ORDER BY id LIMIT 1",
	/* The next due series: a drawn tournament's (with auto call, when
	 * ?1; of game ?2 with options ?3 unless ?2 is NULL), not called,
	 * neither player at a table in another one;
	 * tournaments in order, then the match order (round by round). */
	[Q_SERIES_NEXT_DUE] =
	"SELECT s.id FROM series s JOIN tournaments t"
	" ON t.id = s.tournament_id"
	" WHERE s.status = 'playing' AND s.board_id IS NULL"
	" AND t.status = 'drawn' AND (?1 = 0 OR t.auto_call = 1)"
	" AND (?2 IS NULL OR (s.kind = ?2 AND s.options = ?3))"
	" AND NOT EXISTS (SELECT 1 FROM series o WHERE o.status = 'playing'"
	"  AND o.board_id IS NOT NULL AND o.id <> s.id"
	"  AND (o.player_a IN (s.player_a, s.player_b)"
	"   OR o.player_b IN (s.player_a, s.player_b)))"
	" ORDER BY t.id, s.match, s.id LIMIT 1",
	[Q_TOURNAMENT_FORMAT] =
	"UPDATE tournaments SET format = ?2 WHERE id = ?1 AND status = 'entry'",
	[Q_SERIES_OF_TOURNAMENT] =
	"SELECT id FROM series WHERE tournament_id = ?1 ORDER BY match",
	[Q_TOURNAMENT_AUTO_CALL] =
	"UPDATE tournaments SET auto_call = ?2 WHERE id = ?1",
	/* A game without a move given up for a series' game. */
	[Q_GAME_EMPTY_UNSEAT] =
	"DELETE FROM game_players WHERE game_id = ?1",
	[Q_GAME_EMPTY_INCIDENTS] =
	"DELETE FROM incidents WHERE game_id = ?1",
	/* Corrections and voids (db_fix.c). */
	[Q_GAME_VOID] =
	"UPDATE games SET status = 'void' WHERE id = ?1 AND status = 'finished'",
	[Q_GAME_RESULT_SET] =
	"UPDATE games SET result = ?2, winner_seat = ?3 WHERE id = ?1",
	[Q_GAME_SIDE_SET] =
	"UPDATE game_sides SET score = ?3, points = ?4"
	" WHERE game_id = ?1 AND seat = ?2",
	[Q_GAME_SENSED] =
	"SELECT count(*) FROM moves WHERE game_id = ?1 AND source = 'sensor'",
	[Q_AUDIT_INSERT] =
	"INSERT INTO game_audit (game_id, at, by, action, before, after,"
	" reason, undone) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	[Q_AUDIT_LIST] =
	"SELECT id, at, by, action, before, after, reason, undone"
	" FROM game_audit WHERE game_id = ?1 ORDER BY id",
	[Q_SERIES_GAMES] =
	"SELECT id, status, game_no FROM games WHERE series_id = ?1 ORDER BY id",
	[Q_GAME_DETACH] =
	"UPDATE games SET series_id = NULL, status = CASE status"
	" WHEN 'finished' THEN 'void' ELSE status END WHERE id = ?1",
	[Q_SERIES_DELETE] = "DELETE FROM series WHERE id = ?1",
	[Q_RESULT_DELETE] =
	"DELETE FROM bracket_results WHERE tournament_id = ?1 AND match = ?2",
	/* The newest finished or voided games with no move sensed. */
	[Q_GAMES_BY_HAND] =
	"SELECT g.id FROM games g WHERE g.status <> 'playing'"
	" AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id"
	"  AND m.source = 'sensor')"
	" ORDER BY g.started DESC, g.id DESC LIMIT ?1",
	[Q_TOURNAMENT_REOPEN] =
	"UPDATE tournaments SET status = 'drawn', champion_id = NULL"
	" WHERE id = ?1 AND status = 'finished'",
	[Q_GAME_EMPTY_DELETE] =
	"DELETE FROM games WHERE id = ?1 AND status = 'playing' AND plies = 0"
	" AND series_id IS NULL",

	/* Ratings (db_ratings.c): games in the order they are rated. */
	[Q_RATING_GAME] =
	"SELECT kind, options, status, result, winner_seat, ended, seats"
	" FROM games WHERE id = ?1",
	[Q_RATING_GAME_PLAYERS] =
	"SELECT seat, member, player_id FROM game_players WHERE game_id = ?1"
	" ORDER BY seat, member",
	[Q_RATING_GET] =
	"SELECT rating, rd, volatility, games, wins, losses, draws,"
	" last_played FROM ratings WHERE kind_key = ?1 AND player_id = ?2",
	[Q_RATING_PUT] =
	"INSERT OR REPLACE INTO ratings (kind_key, player_id, rating, rd,"
	" volatility, games, wins, losses, draws, last_game_id, last_played)"
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
	[Q_RATING_HISTORY_ADD] =
	"INSERT INTO rating_history (game_id, player_id, kind_key, ended,"
	" ended_day, rating_before, rd_before, rating, rd, volatility, score,"
	" opponents) VALUES (?1, ?2, ?3, ?4, julianday(?4), ?5, ?6, ?7, ?8,"
	" ?9, ?10, ?11)",
	[Q_RATING_LATER] =
	"SELECT 1 FROM rating_history WHERE kind_key = ?1"
	" AND (ended_day, game_id) > (julianday(?2), ?3) LIMIT 1",
	[Q_RATING_STALE] = "SELECT stale FROM rating_state",
	[Q_RATING_STALE_SET] = "UPDATE rating_state SET stale = ?1",
	[Q_RATING_CLEAR] =
	"DELETE FROM ratings WHERE ?1 IS NULL OR kind_key = ?1",
	[Q_RATING_HISTORY_CLEAR] =
	"DELETE FROM rating_history WHERE ?1 IS NULL OR kind_key = ?1",
	[Q_RATING_GAMES_IN_ORDER] =
	"SELECT id FROM games WHERE status = 'finished'"
	" AND result IN ('win', 'draw') ORDER BY julianday(ended), id",
	[Q_RATING_LIST] =
	"SELECT r.kind_key, r.player_id, p.name, r.rating, r.rd,"
	" r.volatility, r.games, r.wins, r.losses, r.draws, r.last_played"
	" FROM ratings r JOIN players p ON p.id = r.player_id"
	" WHERE (?1 IS NULL OR r.kind_key = ?1)"
	" AND (?2 IS NULL OR r.player_id = ?2)"
	" AND (?2 IS NOT NULL OR p.retired IS NULL)"
	" ORDER BY r.kind_key, r.rating DESC, p.name_key",
	[Q_RATING_HISTORY] =
	"SELECT game_id, kind_key, ended, rating_before, rd_before, rating,"
	" rd, volatility, score, opponents FROM rating_history"
	" WHERE player_id = ?1 AND (?2 IS NULL OR kind_key = ?2)"
	" ORDER BY kind_key, ended_day, game_id",
	/* A tournament's entrants without a seed who hold a rating, best
	 * first. */
	[Q_RATING_ENTRANTS] =
	"SELECT e.player_id FROM entries e JOIN ratings r"
	" ON r.kind_key = ?2 AND r.player_id = e.player_id"
	" WHERE e.tournament_id = ?1 AND e.status = 'in' AND e.seed IS NULL"
	" ORDER BY r.rating DESC, r.rd, e.entered, e.player_id",
	[Q_DATA_VERSION] = "PRAGMA data_version",
	[Q_BEGIN_READ] = "BEGIN",
};
