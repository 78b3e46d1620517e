CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL, city VARCHAR(20), age SMALLINT);
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT REFERENCES customer (id), amount INT NOT NULL, qty INT, total BIGINT, price DECIMAL(8,2), weight DOUBLE);
