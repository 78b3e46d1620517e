CREATE TABLE item (
  id INT PRIMARY KEY,
  price DOUBLE NOT NULL,
  weight REAL,
  rating FLOAT(53)
);
