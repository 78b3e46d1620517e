-- Correlated subqueries in a SELECT's WHERE: outer_col(Alias, Column) is the value of the
-- query around it, run per tuple (correlated(...)).
SELECT o.name FROM owner o WHERE EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id)
SELECT o.name FROM owner o WHERE o.city = ? AND NOT EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id AND p.age > ?)
SELECT p.id FROM pet p WHERE ? IN (SELECT v.cost FROM visit v WHERE v.pet_id = p.id)
SELECT o.id FROM owner o WHERE (SELECT COUNT(*) FROM pet p WHERE p.owner_id = o.id) > ? ORDER BY o.id
SELECT COUNT(*) FROM owner o WHERE o.id > 3 OR NOT EXISTS (SELECT 1 FROM pet WHERE owner_id = o.id)
SELECT o.name FROM owner o WHERE EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id AND EXISTS (SELECT 1 FROM visit v WHERE v.pet_id = p.id AND v.cost > o.id))
SELECT o.id FROM owner o LEFT JOIN pet p ON p.owner_id = o.id WHERE NOT EXISTS (SELECT 1 FROM visit v WHERE v.pet_id = p.id)
-- An unqualified name is the subquery's own column first, as in H2.
SELECT o.name FROM owner o WHERE EXISTS (SELECT 1 FROM pet WHERE owner_id = id)
SELECT o.name FROM owner o WHERE EXISTS (SELECT 1 FROM pet WHERE age > 3 AND name = 'x')
-- Reported: a correlated subquery elsewhere, or a name two queries around it could mean.
SELECT o.name, (SELECT COUNT(*) FROM pet p WHERE p.owner_id = o.id) FROM owner o
SELECT o.id, COUNT(*) FROM owner o GROUP BY o.id HAVING EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id)
DELETE FROM owner WHERE NOT EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = owner.id)
UPDATE pet SET age = 0 WHERE EXISTS (SELECT 1 FROM visit v WHERE v.pet_id = pet.id)
SELECT o.id FROM owner o WHERE EXISTS (SELECT 1 FROM pet p, owner o2 WHERE EXISTS (SELECT 1 FROM visit v WHERE v.cost = LENGTH(name)))
SELECT o.id FROM owner o WHERE EXISTS (SELECT 1 FROM pet o WHERE EXISTS (SELECT 1 FROM visit v WHERE v.cost = o.id))
SELECT o.id FROM owner o WHERE EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.nope)
SELECT o.id FROM owner o WHERE EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = q.id)
