-- The clock stored by an INSERT or UPDATE: a reading the statement takes (now(timestamp)), or the start of its day (now(date)).
INSERT INTO note (id, body, created, day) VALUES (?, ?, NOW(), CURRENT_DATE)
INSERT INTO note (id, created, day) VALUES (?, CURRENT_TIMESTAMP, LOCALTIMESTAMP)
UPDATE note SET created = CURRENT_TIMESTAMP WHERE id = ?
UPDATE note SET day = CURRENT_DATE, created = NOW() WHERE created < NOW()
-- Stored elsewhere than in a DATE or TIMESTAMP column.
INSERT INTO note (id, at) VALUES (?, NOW())
UPDATE note SET n = NOW() WHERE id = ?
-- Anywhere else.
SELECT CURRENT_TIMESTAMP FROM note
UPDATE note SET created = NOW() + 1 WHERE id = ?
SELECT id FROM note WHERE NOW() = CURRENT_DATE
