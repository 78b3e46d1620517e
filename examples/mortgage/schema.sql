-- Customers of a bank and their mortgages, for statistics on the bank's exposure (the scenario
-- of Pan, Wu and Xie). A customer may hold several mortgages, numbered from 1.

CREATE TABLE customer (
    id       INTEGER PRIMARY KEY,
    name     VARCHAR(30) NOT NULL,
    gender   CHAR(1) NOT NULL CHECK (gender IN ('F', 'M')),
    zipcode  INTEGER NOT NULL CHECK (zipcode BETWEEN 1 AND 99999),
    age      SMALLINT NOT NULL CHECK (age BETWEEN 18 AND 120),
    income   INTEGER NOT NULL DEFAULT 0 CHECK (income >= 0)
);

CREATE TABLE mortgage (
    customer_id  INTEGER NOT NULL,
    loan_no      SMALLINT NOT NULL CHECK (loan_no > 0),
    "year"       INTEGER NOT NULL CHECK ("year" IN (10, 15, 30)),
    balance      INTEGER NOT NULL CHECK (balance >= 2000),
    status       VARCHAR(6) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    PRIMARY KEY (customer_id, loan_no),
    CONSTRAINT fk_mortgage_customer FOREIGN KEY (customer_id) REFERENCES customer (id)
);
