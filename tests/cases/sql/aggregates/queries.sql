-- AVG of INTEGER and SMALLINT values is H2's DOUBLE: floating(...) labels, compared in units.
SELECT AVG(amount) FROM orders
SELECT AVG(amount) AS mean, COUNT(*) FROM orders WHERE customer_id = ?
SELECT customer_id, AVG(qty) FROM orders GROUP BY customer_id HAVING AVG(qty) > 2
SELECT AVG(age) FROM customer
SELECT AVG(amount * 2 + qty) FROM orders
SELECT id FROM orders WHERE amount > (SELECT AVG(amount) FROM orders)
-- ORDER BY an aggregate or its alias, with GROUP BY; mixed with grouped expressions; a window.
SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id ORDER BY COUNT(*) DESC
SELECT customer_id, SUM(amount) AS spent FROM orders GROUP BY customer_id ORDER BY spent DESC, customer_id
SELECT customer_id, AVG(amount) mean FROM orders GROUP BY customer_id ORDER BY mean LIMIT 3
SELECT c.city, COUNT(o.id) FROM customer c JOIN orders o ON o.customer_id = c.id GROUP BY c.city ORDER BY COUNT(o.id) DESC, c.city LIMIT ?
SELECT customer_id, amount FROM orders GROUP BY customer_id, amount ORDER BY amount DESC, customer_id
-- One row of aggregates: an ORDER BY of aggregates changes nothing.
SELECT COUNT(*), MAX(amount) FROM orders ORDER BY COUNT(*)
-- Reported: AVG of BIGINT, DECIMAL, DOUBLE; ORDER BY an aggregate in a plain query; a column outside GROUP BY.
SELECT AVG(total) FROM orders
SELECT AVG(price) FROM orders
SELECT AVG(weight) FROM orders
SELECT id FROM orders ORDER BY COUNT(*)
SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id ORDER BY amount
-- An INTEGER column compared with a DOUBLE: in the DOUBLE's units (H2 converts the int exactly).
SELECT id FROM orders WHERE weight >= qty AND amount < weight * 2
-- Reported: a BIGINT column compared with a DOUBLE (H2 rounds a long beyond 2^53).
SELECT id FROM orders WHERE total = weight
-- DOUBLE arithmetic: + and - with a DOUBLE, an integer or a parameter; * by an integer.
SELECT weight * qty AS load, weight + 1 FROM orders WHERE weight - ? > amount
UPDATE orders SET weight = weight + 0.5 WHERE id = ?
-- Reported: a product of DOUBLEs, a division.
SELECT weight * weight FROM orders
SELECT weight / 2 FROM orders
SELECT weight + 0.1 FROM orders
