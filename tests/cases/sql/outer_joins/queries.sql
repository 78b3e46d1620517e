-- Outer joins: the joined table's rows satisfying ON, or a row of NULLs.
SELECT o.name, p.age FROM owner o LEFT JOIN pet p ON p.owner_id = o.id WHERE o.id = ?
SELECT o.id FROM owner o LEFT OUTER JOIN pet p ON p.owner_id = o.id AND p.age > ? WHERE p.id IS NULL ORDER BY o.id
SELECT * FROM pet p RIGHT JOIN owner o ON p.owner_id = o.id ORDER BY o.id
SELECT o.id, COUNT(p.id) FROM owner o LEFT JOIN pet p ON p.owner_id = o.id GROUP BY o.id ORDER BY o.id
SELECT o.id, v.cost FROM owner o JOIN pet p ON p.owner_id = o.id LEFT JOIN visit v ON v.pet_id = p.id ORDER BY o.id, p.id
SELECT o.id FROM owner o LEFT JOIN pet p USING (id)
-- Reported: outer joins H2 plans otherwise, or without ON.
SELECT o.id FROM owner o FULL JOIN pet p ON p.owner_id = o.id
SELECT o.id FROM owner o JOIN pet p ON p.owner_id = o.id RIGHT JOIN visit v ON v.pet_id = p.id
SELECT o.id FROM owner o LEFT JOIN pet p
