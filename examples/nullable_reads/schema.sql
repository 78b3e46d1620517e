-- Nullable columns of every type a getter reads: the code copies them or branches on them.
CREATE TABLE m (id INT PRIMARY KEY, qty INT, total BIGINT, paid BOOLEAN, seen DATE, score INT);
