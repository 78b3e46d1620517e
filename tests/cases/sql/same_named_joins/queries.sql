-- NATURAL JOIN and JOIN ... USING: the inner (or left) join on the same-named columns.
SELECT player_id FROM player NATURAL JOIN team WHERE team_name = ? ORDER BY player_id
SELECT * FROM player p JOIN team t USING (team_id)
SELECT * FROM team NATURAL JOIN score
SELECT p.team_id, t.team_id, name FROM player p INNER JOIN team t USING (team_id) WHERE t.team_id > ?
SELECT * FROM player LEFT JOIN team USING (team_id) ORDER BY player_id
SELECT COUNT(*) FROM player NATURAL JOIN score WHERE points > {0}
SELECT p.name FROM player p JOIN score s USING (player_id, team_id) JOIN team t ON t.team_id = s.team_id ORDER BY p.name
-- Reported: what H2 rejects or plans otherwise.
SELECT team_id FROM player NATURAL JOIN team
SELECT name FROM player JOIN team USING (team_id) WHERE team_id = ?
SELECT name FROM player JOIN team USING (points)
SELECT name FROM player p JOIN team t ON p.team_id = t.team_id NATURAL JOIN score
SELECT name FROM player RIGHT JOIN team USING (team_id)
SELECT name FROM player JOIN label USING (team_id)
