-- Written as a PostgreSQL application declares it: an amount of unbounded precision, which
-- H2 (in PostgreSQL mode) keeps exactly, as PostgreSQL does, and a fee in floating point.
CREATE TABLE account (
  id SERIAL PRIMARY KEY,
  owner VARCHAR(20) NOT NULL
);

CREATE TABLE payment (
  id SERIAL PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES account (id),
  amount DECIMAL NOT NULL,
  fee DOUBLE PRECISION NOT NULL DEFAULT 0
);
