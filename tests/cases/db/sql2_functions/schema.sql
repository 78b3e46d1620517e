CREATE TABLE person (id INT PRIMARY KEY, name VARCHAR(6), score INT);
