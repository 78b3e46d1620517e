CREATE TABLE orders (id INT PRIMARY KEY, amount INT);
