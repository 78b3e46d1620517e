-- Two fresh rows of one keyed table can stand for a and b either way round; only one of the
-- two mirror-image selections is a path.
CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL CHECK (balance >= 0));
