-- The finding realcode/nullsplit for the other getters: nullable INT, BIGINT, BOOLEAN and DATE
-- columns read with getInt, getLong, getBoolean, getDate and getObject(.., Integer.class).
CREATE TABLE m (id INT PRIMARY KEY, qty INT, total BIGINT, paid BOOLEAN, seen DATE, score INT);
