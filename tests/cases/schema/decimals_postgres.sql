-- In PostgreSQL mode H2 makes a DECIMAL without precision a DECFLOAT, which keeps every number
-- of the model exactly (4 places); DOUBLE PRECISION and REAL are modelled.
CREATE TABLE loan (
    id SERIAL PRIMARY KEY,
    amount DECIMAL NOT NULL,
    rate NUMERIC,
    score DOUBLE PRECISION,
    ratio REAL,
    weight FLOAT(10),
    height FLOAT
);
