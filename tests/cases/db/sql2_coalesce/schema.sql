CREATE TABLE customer (id INT PRIMARY KEY, city VARCHAR(8), discount INT);
