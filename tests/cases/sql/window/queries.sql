-- LIMIT, OFFSET and FETCH: literals, parameters and holes
SELECT id FROM orders WHERE customer = ? ORDER BY created DESC LIMIT 1
SELECT id FROM orders ORDER BY id LIMIT ? OFFSET ?
SELECT id FROM orders LIMIT {1} OFFSET {2}
SELECT id FROM orders OFFSET 2
SELECT id FROM orders OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY
SELECT id FROM orders FETCH FIRST ROW ONLY
SELECT id FROM orders FETCH FIRST ? ROWS ONLY
SELECT id FROM orders LIMIT -1
SELECT COUNT(*) FROM orders LIMIT 1
-- a join needs ORDER BY under a window
SELECT o.id FROM orders o JOIN customer c ON o.customer = c.id LIMIT 1
SELECT o.id FROM orders o JOIN customer c ON o.customer = c.id ORDER BY o.created LIMIT 1
-- rejected
SELECT id FROM orders LIMIT 'a'
SELECT id FROM orders LIMIT id
SELECT id FROM orders LIMIT 1, 2
SELECT id FROM orders FETCH FIRST 10 PERCENT ROWS ONLY
SELECT id FROM orders ORDER BY created FETCH FIRST 1 ROWS WITH TIES
SELECT id FROM orders LIMIT 1 FETCH FIRST 1 ROWS ONLY
-- DISTINCT
SELECT DISTINCT city FROM customer
SELECT DISTINCT city, id FROM customer ORDER BY city DESC LIMIT 2
SELECT DISTINCT COUNT(*) FROM customer
SELECT DISTINCT city FROM customer ORDER BY id
SELECT DISTINCT city FROM customer LIMIT 2
SELECT DISTINCT ON (city) id FROM customer
-- GROUP BY one expression
SELECT customer, COUNT(*), SUM(created), MIN(note), MAX(id) FROM orders GROUP BY customer
SELECT COUNT(*) FROM orders GROUP BY customer ORDER BY customer DESC LIMIT 1
SELECT customer, note FROM orders GROUP BY customer
SELECT customer FROM orders GROUP BY customer ORDER BY id
SELECT customer FROM orders GROUP BY customer, note
SELECT COUNT(*) FROM orders GROUP BY customer LIMIT 1
-- COUNT(DISTINCT ...)
SELECT COUNT(DISTINCT city) FROM customer
SELECT customer, COUNT(DISTINCT note) FROM orders GROUP BY customer
SELECT SUM(DISTINCT id) FROM customer
