-- Users and their orders: nullable columns with CHECK and UNIQUE constraints, a DEFAULT,
-- and a foreign key (the shape of many application schemas).

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  email VARCHAR(80) UNIQUE,
  age INTEGER CHECK (age >= 0),
  active BOOLEAN DEFAULT TRUE
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  status VARCHAR(10) NOT NULL
);
