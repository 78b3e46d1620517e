-- A JOIN without ON is H2's CROSS JOIN (every mode); the WHERE joins.
SELECT c.name, o.amount FROM customer c INNER JOIN orders o WHERE c.id = o.customer_id
SELECT c.name FROM customer c JOIN orders o
SELECT c.name FROM customer c CROSS JOIN orders o WHERE o.amount > 3
SELECT c.name FROM customer c LEFT JOIN orders o ON c.id = o.customer_id
-- Functions
SELECT UPPER(name), LOWER(city), LENGTH(name), CHAR_LENGTH(city), TRIM(name) FROM customer
SELECT id FROM customer WHERE UPPER(name) = ? AND LENGTH(TRIM(city)) > 2
SELECT CONCAT(name, ' from ', city), name || '!' FROM customer
SELECT COALESCE(city, 'nowhere'), IFNULL(status, ?) FROM customer, orders WHERE customer.id = orders.customer_id
SELECT ABS(amount - 10) FROM orders WHERE ABS(amount) < ?
SELECT CASE WHEN amount > 100 THEN 'big' WHEN amount > 10 THEN 'medium' ELSE 'small' END FROM orders
SELECT id FROM orders WHERE CASE status WHEN 'open' THEN 1 ELSE 0 END = 1
SELECT CASE WHEN vip THEN 1 END FROM customer
-- Errors and what stays unsupported
SELECT UPPER(id) FROM customer
SELECT ABS(name) FROM customer
SELECT COALESCE(city, 3) FROM customer
SELECT CASE WHEN vip THEN 'yes' ELSE 0 END FROM customer
SELECT LENGTH(name, city) FROM customer
SELECT SUBSTRING(name, 1, 2) FROM customer
SELECT TRIM(LEADING 'x' FROM name) FROM customer
SELECT AVG(amount) FROM orders
-- Grouping
SELECT customer_id, status, COUNT(*), SUM(amount) FROM orders GROUP BY customer_id, status
SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id HAVING COUNT(*) > 1
SELECT customer_id, SUM(amount) FROM orders GROUP BY customer_id HAVING SUM(amount) > ? AND customer_id IS NOT NULL ORDER BY customer_id DESC
SELECT customer_id, status FROM orders GROUP BY customer_id, status ORDER BY customer_id, status
SELECT customer_id, MAX(amount) FROM orders GROUP BY customer_id HAVING MIN(amount) < MAX(amount) - 5
SELECT customer_id, status FROM orders GROUP BY customer_id, status ORDER BY status, customer_id
SELECT customer_id, status FROM orders GROUP BY customer_id, status ORDER BY customer_id
SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id HAVING amount > 1
SELECT COUNT(*) FROM orders HAVING COUNT(*) > 1
SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id ORDER BY COUNT(*)
SELECT DISTINCT status FROM orders
SELECT COUNT(DISTINCT status) FROM orders
-- Subqueries: uncorrelated ones; a correlated one stays unsupported
SELECT id FROM customer WHERE id IN (SELECT customer_id FROM orders)
SELECT id FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)
SELECT id, (SELECT COUNT(*) FROM orders) FROM customer
SELECT id FROM customer WHERE id NOT IN (SELECT customer_id FROM orders WHERE amount > ?) AND NOT EXISTS (SELECT 1 FROM orders WHERE status = 'x')
SELECT id, (SELECT MAX(amount) FROM orders) FROM customer WHERE (SELECT COUNT(*) FROM orders o) > 1
SELECT id FROM customer WHERE id IN (SELECT customer_id, amount FROM orders)
SELECT id FROM customer WHERE name IN (SELECT amount FROM orders)
SELECT id FROM customer WHERE id = (SELECT nothing FROM orders)
SELECT SUBSTR(name, ?) FROM customer WHERE SUBSTRING(city FROM -2 FOR 1) = 'a'
SELECT id, amount * 2 AS twice FROM orders ORDER BY twice DESC, id
SELECT id FROM orders WHERE NOW() > ? OR CURRENT_DATE = ?
SELECT CURRENT_TIMESTAMP FROM orders
SELECT id FROM orders WHERE amount > NOW()
