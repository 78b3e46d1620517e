-- Orders of customers, read a page at a time: the shape of paging and "latest" queries.

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer INTEGER NOT NULL,
  created INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0)
);
