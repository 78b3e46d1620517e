-- One statement per line; {N} is Hole(N), a Java value spliced in with `+`.
-- SELECT: columns, *, t.*, aliases
SELECT title, "year" FROM book
select TITLE as name, b.Price AS "cost" FROM Book AS b
SELECT * FROM shelf
SELECT b.*, s.name FROM book b, shelf s WHERE b.shelf_id = s.id
SELECT 1, 'one', TRUE, NULL
-- joins both ways
SELECT b.title, s.name FROM book b, shelf s WHERE b.shelf_id = s.id AND s.capacity > 5
SELECT b.title, s.name FROM book b INNER JOIN shelf s ON b.shelf_id = s.id WHERE s.capacity > 5
SELECT title FROM book JOIN shelf ON shelf.id = book.shelf_id JOIN "user" u ON u.id = book.id
-- WHERE: AND/OR/NOT, comparisons, arithmetic, IN, BETWEEN, LIKE, IS NULL
SELECT id FROM book WHERE price * 2 + 1 >= "year" - 10 / 3 % 2 OR NOT (id <> 3 AND id <= -price)
SELECT id FROM book WHERE id IN (1, 2, 3) AND "year" NOT IN (2000) AND price BETWEEN 1 AND 10 AND price NOT BETWEEN 4 AND 5
SELECT id FROM book WHERE title LIKE 'The %' AND title NOT LIKE '%_x'
SELECT id FROM book WHERE shelf_id IS NULL OR "year" IS NOT NULL
SELECT id FROM book WHERE available AND NOT available = FALSE AND TRUE
-- aggregates and ORDER BY
SELECT COUNT(*) FROM book
SELECT COUNT(shelf_id), SUM(price), MIN("year"), max(b.price) AS top FROM book b WHERE available
SELECT title, price FROM book ORDER BY price DESC, title ASC, "year"
-- holes and JDBC parameters
SELECT id FROM book WHERE title LIKE '%{1}%'
SELECT id FROM book WHERE title LIKE {1} AND "year" = {2}
SELECT id FROM book WHERE title = 'it''s {3} and {4}''s' OR title = '{5}'
SELECT id FROM book WHERE id = ? AND title LIKE ? AND title <> '?'
SELECT id FROM book WHERE id = ? AND price > {7} AND "year" < ?
-- keywords as names
SELECT u."value", u.login FROM "user" u WHERE "value" > 3
SELECT "user".id FROM "user"
SELECT year, value FROM book, "user" WHERE year = value
-- a hole in value position, and where a name belongs
SELECT {1} FROM book
SELECT * FROM {1}
-- INSERT
INSERT INTO shelf VALUES (1, 'fiction', 20)
INSERT INTO book (title, "year", shelf_id) VALUES ('Dune', 1965, ?)
INSERT INTO book (title) VALUES ({1})
INSERT INTO "user" (login, id) VALUES ('a''b', -7)
-- UPDATE
UPDATE book SET price = price + 1
UPDATE book b SET price = b.price * 2, title = ? WHERE b.id = {1}
UPDATE "user" SET "value" = NULL WHERE login LIKE 'adm%'
-- DELETE
DELETE FROM book
DELETE FROM book WHERE price < 5 AND title NOT LIKE '%{2}'
-- errors: names
SELECT titel FROM book
SELECT * FROM shelfs
SELECT id FROM book, shelf
SELECT name FROM book, "user"
SELECT x.id FROM book b
SELECT book.id FROM book b
SELECT b.id FROM book b, shelf b
INSERT INTO book (titel) VALUES ('x')
INSERT INTO book (title, title) VALUES ('x', 'y')
UPDATE book SET titel = 'x'
UPDATE book SET price = 1, price = 2
DELETE FROM shelfs WHERE id = 1
SELECT b.title FROM book b JOIN shelf s ON s.id = u.id JOIN "user" u ON u.id = b.id
-- errors: INSERT arity
INSERT INTO shelf VALUES (1, 'x')
INSERT INTO shelf (id, name) VALUES (1, 'x', 3)
INSERT INTO shelf VALUES (id, 'x', 3)
-- errors: types
SELECT id FROM book WHERE title = 3
SELECT id FROM book WHERE "year" = 'nineteen'
SELECT id FROM book WHERE price IN (1, 'two')
SELECT id FROM book WHERE price BETWEEN 'a' AND 3
SELECT id FROM book WHERE price LIKE '1%'
SELECT id FROM book WHERE title + 1 > 2
SELECT id FROM book WHERE price
SELECT SUM(title) FROM book
INSERT INTO shelf VALUES ('one', 'x', 3)
UPDATE book SET available = 3
-- errors: unsupported constructs
SELECT shelf_id, COUNT(*) FROM book GROUP BY shelf_id
SELECT COUNT(*) FROM book HAVING COUNT(*) > 1
SELECT DISTINCT title FROM book
SELECT title FROM book LIMIT 10
SELECT title FROM book WHERE id IN (SELECT shelf_id FROM book)
SELECT title FROM (SELECT title FROM book) t
SELECT title FROM book WHERE EXISTS (SELECT 1 FROM shelf)
SELECT title FROM book UNION SELECT name FROM shelf
SELECT b.title FROM book b LEFT JOIN shelf s ON s.id = b.shelf_id
SELECT title FROM book JOIN shelf USING (id)
SELECT title FROM book CROSS JOIN shelf
SELECT title, COUNT(*) FROM book
SELECT UPPER(title) FROM book
SELECT COUNT(DISTINCT title) FROM book
SELECT title FROM book WHERE COUNT(*) > 1
SELECT title FROM book ORDER BY 1
SELECT title FROM book WHERE title ILIKE 'a%'
SELECT title FROM book WHERE price > 1.5
SELECT title || 'x' FROM book
INSERT INTO shelf VALUES (1, 'a', 2), (2, 'b', 3)
INSERT INTO shelf SELECT * FROM shelf
UPDATE book SET price = 1 FROM shelf
DELETE FROM book RETURNING id
CREATE TABLE t (id INT)
-- errors: syntax
SELECT * FRM book
SELECT title FROM book WHERE
SELECT 'unterminated FROM book
SELECT * FROM book; DELETE FROM book
