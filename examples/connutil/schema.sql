-- A shop's products and their stock, reached through a static connection utility.
CREATE TABLE product (
  id INTEGER PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0)
);
