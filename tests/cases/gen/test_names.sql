CREATE TABLE stock (
  item INTEGER PRIMARY KEY,
  quantity INTEGER NOT NULL CHECK (quantity >= 0)
);
CREATE TABLE transfer (
  reference VARCHAR(8) PRIMARY KEY,
  item INTEGER NOT NULL REFERENCES stock(item)
);
