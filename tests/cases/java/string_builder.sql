CREATE TABLE account (
    id INT PRIMARY KEY,
    owner VARCHAR(20) NOT NULL,
    balance BIGINT NOT NULL CHECK (balance >= 0)
);
