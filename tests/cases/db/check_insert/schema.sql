CREATE TABLE acct (id INT PRIMARY KEY, balance INT NOT NULL, kind VARCHAR(4) CHECK (kind IN ('a', 'b') OR kind LIKE 'x%'));
