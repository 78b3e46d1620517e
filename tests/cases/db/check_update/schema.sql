CREATE TABLE acct (id INT PRIMARY KEY, balance INT NOT NULL CHECK (balance >= 0));
