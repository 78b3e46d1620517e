-- DECIMAL and NUMERIC with a scale are modelled up to 4 places; more stay opaque. Without
-- precision they are H2's NUMERIC(100000, 0) outside PostgreSQL mode: integers.
CREATE TABLE price (
    id INT PRIMARY KEY,
    amount DECIMAL(10,2) NOT NULL CHECK (amount >= 0),
    rate NUMERIC(5,4) DEFAULT 0.25,
    fee DECIMAL(6,2) DEFAULT '1.50',
    fine DECIMAL(12,6),
    whole NUMERIC(9,0),
    plain DECIMAL NOT NULL,
    unbounded NUMERIC
);
