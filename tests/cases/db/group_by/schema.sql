CREATE TABLE orders (id INT PRIMARY KEY, customer INT, amount INT NOT NULL);
