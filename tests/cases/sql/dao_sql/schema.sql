CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL, city VARCHAR(20), vip BOOLEAN);
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT REFERENCES customer (id), amount INT NOT NULL, status VARCHAR(10));
