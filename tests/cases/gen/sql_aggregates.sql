CREATE TABLE orders (
  id INT PRIMARY KEY,
  customer_id INT NOT NULL,
  amount INT NOT NULL,
  weight DOUBLE
);
