-- A DOUBLE meets parameters, integer literals and binary fractions in units of 2^-8.
SELECT id, price FROM item WHERE price > ? AND price <= 10 AND weight = 1.5
SELECT SUM(price), MAX(weight) FROM item
SELECT id FROM item WHERE price IN (1, 2.5, ?) AND weight NOT BETWEEN ? AND 4
INSERT INTO item (id, price, weight, amount) VALUES (?, ?, ?, ?)
INSERT INTO item (id, price, amount) VALUES (1, 2.25, 3)
UPDATE item SET weight = ? WHERE price BETWEEN ? AND 4
-- Reported: a literal the JVM's double does not hold, arithmetic, AVG, a DOUBLE against a DECIMAL column.
SELECT id FROM item WHERE price = 0.1
UPDATE item SET price = price + 1
SELECT AVG(price) FROM item
SELECT id FROM item WHERE price = amount
