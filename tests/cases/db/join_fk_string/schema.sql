CREATE TABLE product (
  sku VARCHAR(12) PRIMARY KEY,
  title VARCHAR(100) NOT NULL,
  price_cents INT NOT NULL CHECK (price_cents >= 0),
  stock INT NOT NULL DEFAULT 0
);
CREATE TABLE cart_item (
  customer_id INTEGER NOT NULL,
  sku VARCHAR(12) NOT NULL REFERENCES product(sku),
  qty INT NOT NULL CHECK (qty > 0),
  PRIMARY KEY (customer_id, sku)
);
